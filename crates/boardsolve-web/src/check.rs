//! A program's output judged as `boardsolve check` judges it, and a wrong
//! one-number answer matched with the catalogue of classic mistakes.

use crate::request::CheckAsk;
use crate::solve::rules;
use crate::{Failure, json_text, one_number};
use boardsolve_core::puzzles::{CheckOptions, Puzzle, RuleOptions, SolveOptions};
use boardsolve_core::text::Verdict;
use serde::Serialize;

#[derive(Serialize)]
struct Checked {
    verdict: &'static str,
    message: String,
    /// The judge's answer, for a one-number question.
    expected: Option<String>,
    mistakes: Vec<Matched>,
}

/// A catalogued mistake whose answer on the instance is the output's.
#[derive(Serialize)]
struct Matched {
    id: &'static str,
    mistake: &'static str,
}

/// The verdict on `ask.output` under the name's contract.
pub(crate) fn check(puzzle: &dyn Puzzle, ask: &CheckAsk) -> Result<String, Failure> {
    let rules = if ask.order {
        RuleOptions::PlacementOrder
    } else {
        rules(ask.moves)
    };
    let input = ask.input.as_bytes();
    let options = CheckOptions {
        rules,
        ..CheckOptions::default()
    };
    let verdict = puzzle.check(input, ask.output.as_bytes(), &options)?;
    let expected = if one_number(puzzle) {
        let answer = puzzle.judge_answer(input, rules)?;
        Some(String::from_utf8_lossy(&answer).trim().to_string())
    } else {
        None
    };
    let (verdict, message, mistakes) = match verdict {
        Verdict::Correct => ("accepted", "correct".to_string(), Vec::new()),
        Verdict::Wrong(reason) => {
            let mistakes = match expected {
                Some(_) => matching(puzzle, input, rules, &ask.output),
                None => Vec::new(),
            };
            ("wrong", format!("wrong: {reason}"), mistakes)
        }
    };
    json_text(&Checked {
        verdict,
        message,
        expected,
        mistakes,
    })
}

/// The catalogued mistakes that answer `output`'s first token on `input`
/// (none when the output is not one token).
fn matching(puzzle: &dyn Puzzle, input: &[u8], rules: RuleOptions, output: &str) -> Vec<Matched> {
    let mut tokens = output.split_ascii_whitespace();
    let (Some(given), None) = (tokens.next(), tokens.next()) else {
        return Vec::new();
    };
    let opts = SolveOptions {
        rules,
        ..SolveOptions::default()
    };
    puzzle
        .variants()
        .into_iter()
        .filter(|v| (v.solve)(input, &opts).is_ok_and(|answer| answer.trim() == given))
        .map(|v| Matched {
            id: v.id,
            mistake: v.mistake,
        })
        .collect()
}

/// Every mistake of the catalogue: `[{"id", "mistake"}]`.
pub(crate) fn catalogue(puzzle: &dyn Puzzle) -> serde_json::Value {
    puzzle
        .variants()
        .iter()
        .map(|v| serde_json::json!({ "id": v.id, "mistake": v.mistake }))
        .collect()
}
