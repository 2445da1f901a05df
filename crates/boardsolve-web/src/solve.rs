//! Instances made and solved: the statement's samples, `gen`'s seeded
//! cases, and one instance's answer with its optimal play.

use crate::request::SolveAsk;
use crate::{Failure, json_text};
use boardsolve_core::puzzles::{GenOptions, Puzzle, RuleOptions, SolveOptions, seeded};
use boardsolve_core::search::context::{RunContext, Watcher};
use serde::Serialize;
use serde_json::value::RawValue;
use std::time::Duration;

/// The statement's examples, each with its answer.
pub(crate) fn samples(puzzle: &dyn Puzzle) -> Result<String, Failure> {
    #[derive(Serialize)]
    struct Sample {
        input: String,
        answer: String,
    }
    let list: Vec<Sample> = puzzle
        .samples(None)?
        .into_iter()
        .map(|(input, answer)| Sample { input, answer })
        .collect();
    json_text(&list)
}

/// Case `case` of `gen PUZZLE --seed SEED [--hard]`, drawn from the same
/// stream as the command line's.
pub(crate) fn generate(
    puzzle: &dyn Puzzle,
    seed: u64,
    case: u64,
    hard: bool,
) -> Result<String, Failure> {
    let opts = GenOptions {
        hard,
        ..GenOptions::default()
    };
    let input = seeded::instance(puzzle, seed, case, &opts)?;
    json_text(&serde_json::json!({ "input": input }))
}

/// The options of a run with 2048's K if given.
pub(crate) fn rules(moves: Option<u32>) -> RuleOptions {
    moves.map_or(RuleOptions::Defaults, RuleOptions::Moves)
}

/// The answer, and unless only it was asked, the optimal play and its
/// explanation; a deadline stops the search with its bounds.
pub(crate) fn solve(
    puzzle: &dyn Puzzle,
    ask: &SolveAsk,
    watcher: Option<Watcher>,
) -> Result<String, Failure> {
    let context = RunContext::new();
    if let Some(ms) = ask.time_limit_ms {
        context.stop_after(Duration::from_millis(ms));
    }
    if let Some(watcher) = watcher {
        context.watch(watcher);
    }
    let opts = SolveOptions {
        rules: rules(ask.moves),
        context,
        ..SolveOptions::default()
    };
    let shown = puzzle.solve_shown(ask.input.as_bytes(), &opts, ask.play)?;
    #[derive(Serialize)]
    struct Solved {
        answer: String,
        play: Option<Box<RawValue>>,
        explain: Option<String>,
    }
    let play = shown
        .play
        .map(RawValue::from_string)
        .transpose()
        .map_err(|e| Failure::bug(format!("the play is not JSON: {e}")))?;
    json_text(&Solved {
        answer: String::from_utf8_lossy(&shown.answer).into_owned(),
        play,
        explain: shown.explain,
    })
}
