//! What a problem setter must know about a test set: every input valid,
//! every expected answer right, and which classic wrong solutions of the
//! catalogue the set lets through. The wrong solutions are the plain
//! reference making each mistake, run in process.
//!
//! A mistake the set does not kill is looked for on generated cases
//! inside the judge's limits: found, it *survives* (and the case that
//! kills it is named); not found on any of them, it is listed apart as
//! not killable within the limits, since no test set could catch it there.

use super::generate;
use crate::puzzles::{CheckOptions, GenOptions, Puzzle, SolveOptions, Variant};
use crate::text::Verdict;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One case of a test set: its name, its input and its expected answer.
#[derive(Debug, Clone)]
pub struct Case {
    /// The name shown in reports (the input's path).
    pub name: String,
    /// The input, in judge format.
    pub input: Vec<u8>,
    /// The expected answer (`X.out` or `X.ans`), if there is one.
    pub expected: Option<Vec<u8>>,
}

/// A case with something wrong, and what.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// The case's name.
    pub name: String,
    /// What is wrong, in one line.
    pub message: String,
}

/// One mistake of the catalogue against the set.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MistakeReport {
    /// The mistake's stable id.
    pub id: &'static str,
    /// Completes "as if ...".
    #[serde(skip)]
    pub description: &'static str,
    /// The cases on which the mistaken solution's answer is wrong.
    pub killed_by: Vec<String>,
    /// Whether some case inside the judge's limits tells it apart (known
    /// when the set kills it, else looked for on generated cases).
    pub killable: bool,
    /// For a survivor: a generated case that kills it, as the `gen`
    /// command line that makes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub killer: Option<String>,
    /// For a mistake not killable within the limits: how many generated
    /// cases were tried, none of which kills it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched: Option<u64>,
}

/// Everything an audit found; serialized as `audit --json` prints it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AuditReport {
    /// How many cases were audited.
    pub cases: usize,
    /// Inputs not in the judge's strict format or past its limits.
    pub invalid: Vec<Problem>,
    /// Expected answers that are wrong (or missing).
    pub wrong_answers: Vec<Problem>,
    /// Each mistake of the catalogue, in catalogue order.
    pub mistakes: Vec<MistakeReport>,
    /// The ids of the killable mistakes no case kills.
    pub survivors: Vec<&'static str>,
    /// Whether a search for a killing case stopped at its time before its
    /// count: a mistake it did not find killable may still be.
    pub search_stopped: bool,
}

impl AuditReport {
    /// Whether the set passes: every input valid, every answer right, no
    /// killable mistake surviving.
    pub fn passed(&self) -> bool {
        self.invalid.is_empty() && self.wrong_answers.is_empty() && self.survivors.is_empty()
    }
}

/// How hard to look for a case that kills a mistake the set lets through.
#[derive(Debug, Clone, Copy)]
pub struct Search {
    /// The seed of the generated cases.
    pub seed: u64,
    /// How many generated cases to try at most (half in the hard shapes).
    pub cases: u64,
    /// How long to look, at most, for each mistake: the plain references
    /// are exponential (12094's tries 4^10 lines a case).
    pub time: Duration,
}

/// What a search for a killing case found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Generated case number `case` kills it (`hard`: made with `--hard`).
    Case {
        /// The case number, from 0.
        case: u64,
        /// Whether it was made in the hard shapes.
        hard: bool,
    },
    /// None of the first `tried` cases kills it.
    None {
        /// How many cases were tried before the count or the time ran out.
        tried: u64,
        /// Whether the time ran out before the count did.
        stopped: bool,
    },
}

/// Whether `output` is a right answer for `input` under the entry's
/// contract; `None` when the input itself is not valid.
fn right(puzzle: &dyn Puzzle, input: &[u8], output: &[u8]) -> Option<bool> {
    let options = CheckOptions {
        order: false,
        moves: None,
    };
    match puzzle.check(input, output, &options) {
        Ok(Verdict::Correct) => Some(true),
        Ok(Verdict::Wrong(_)) => Some(false),
        Err(_) => None,
    }
}

/// Whether `variant` answers `input` wrongly (a case that kills it). A
/// mistaken solution that fails outright is killed too.
pub fn kills(puzzle: &dyn Puzzle, variant: &Variant, input: &[u8]) -> bool {
    let opts = SolveOptions::default();
    match (variant.solve)(input, &opts) {
        Ok(answer) => right(puzzle, input, answer.as_bytes()) == Some(false),
        Err(_) => true,
    }
}

/// Case `case` of the search, inside the judge's limits: odd cases in the
/// hard shapes.
fn searched_case(puzzle: &dyn Puzzle, search: Search, case: u64) -> Option<String> {
    let opts = GenOptions {
        hard: case % 2 == 1,
        ..GenOptions::default()
    };
    generate::instance(puzzle, search.seed, case, &opts).ok()
}

/// The first generated case inside the judge's limits that kills
/// `variant`, looked for in order within `search`'s count and time.
pub fn find_killer(puzzle: &dyn Puzzle, variant: &Variant, search: Search) -> Found {
    let deadline = Instant::now() + search.time;
    let tried = AtomicU64::new(0);
    // In chunks, so that the time is looked at between them and the first
    // killer found is the first in order.
    let chunk = 16;
    let mut start = 0;
    while start < search.cases && Instant::now() < deadline {
        let end = (start + chunk).min(search.cases);
        let found = (start..end).into_par_iter().find_first(|&case| {
            tried.fetch_add(1, Ordering::Relaxed);
            searched_case(puzzle, search, case)
                .is_some_and(|input| kills(puzzle, variant, input.as_bytes()))
        });
        if let Some(case) = found {
            return Found::Case {
                case,
                hard: case % 2 == 1,
            };
        }
        start = end;
    }
    let tried = tried.load(Ordering::Relaxed);
    Found::None {
        tried,
        stopped: tried < search.cases,
    }
}

/// Audits `cases` for `puzzle` (see the module docs).
pub fn audit(puzzle: &dyn Puzzle, cases: &[Case], search: Search) -> AuditReport {
    let checked: Vec<(Option<Problem>, Option<Problem>)> = cases
        .par_iter()
        .map(|case| {
            if let Err(why) = puzzle.validate(&case.input) {
                let invalid = Problem {
                    name: case.name.clone(),
                    message: format!("{}:{why}", case.name),
                };
                return (Some(invalid), None);
            }
            let wrong = match &case.expected {
                None => Some("no expected answer (X.out or X.ans)".to_string()),
                Some(expected) => {
                    match puzzle.check(&case.input, expected, &CheckOptions::default()) {
                        Ok(Verdict::Correct) => None,
                        Ok(Verdict::Wrong(why)) => {
                            Some(format!("the expected answer is wrong: {why}"))
                        }
                        Err(e) => Some(format!("the expected answer cannot be checked: {e}")),
                    }
                }
            };
            let wrong = wrong.map(|message| Problem {
                name: case.name.clone(),
                message,
            });
            (None, wrong)
        })
        .collect();
    let mut invalid = Vec::new();
    let mut wrong_answers = Vec::new();
    for (bad_input, bad_answer) in checked {
        invalid.extend(bad_input);
        wrong_answers.extend(bad_answer);
    }
    let valid: Vec<&Case> = cases
        .iter()
        .filter(|c| !invalid.iter().any(|p| p.name == c.name))
        .collect();
    let mut mistakes = Vec::new();
    let mut survivors = Vec::new();
    let mut timed_out = false;
    for variant in puzzle.variants() {
        let killed_by: Vec<String> = valid
            .par_iter()
            .filter(|case| kills(puzzle, &variant, &case.input))
            .map(|case| case.name.clone())
            .collect();
        let (killable, killer, tried) = if killed_by.is_empty() {
            match find_killer(puzzle, &variant, search) {
                Found::Case { case, hard } => (
                    true,
                    Some(format!(
                        "boardsolve gen {}{} --seed {} --count {} --out-dir DIR (file {:03}.in)",
                        puzzle.name(),
                        if hard { " --hard" } else { "" },
                        search.seed,
                        case + 1,
                        case + 1
                    )),
                    None,
                ),
                Found::None { tried, stopped } => {
                    timed_out |= stopped;
                    (false, None, Some(tried))
                }
            }
        } else {
            (true, None, None)
        };
        if killable && killed_by.is_empty() {
            survivors.push(variant.id);
        }
        mistakes.push(MistakeReport {
            id: variant.id,
            description: variant.mistake,
            killed_by,
            killable,
            killer,
            searched: tried,
        });
    }
    AuditReport {
        cases: cases.len(),
        invalid,
        wrong_answers,
        mistakes,
        survivors,
        search_stopped: timed_out,
    }
}

/// One case of a killer set: the input and the mistakes it kills.
#[derive(Debug, Clone)]
pub struct Killer {
    /// The input, in judge format, shrunk.
    pub input: String,
    /// The ids of the mistakes it was kept for (those no earlier case kills).
    pub kills: Vec<&'static str>,
}

/// The fewest small cases found, inside the judge's limits, such that
/// every mistake of the catalogue that some generated case kills fails at
/// least one of them: generated cases are tried in order (half in the hard
/// shapes), one is kept only when it kills a mistake not yet killed, and
/// it is shrunk first while it still kills that mistake. Returns the set
/// what none of the cases tried kills, and how the search ended.
pub fn killers(puzzle: &dyn Puzzle, search: Search) -> KillerSet {
    let variants = puzzle.variants();
    let mut alive: Vec<&Variant> = variants.iter().collect();
    let mut set = Vec::new();
    let deadline = Instant::now() + search.time;
    let mut tried = 0;
    let mut cut_short = false;
    for case in 0..search.cases {
        if alive.is_empty() {
            break;
        }
        if Instant::now() >= deadline {
            cut_short = true;
            break;
        }
        tried = case + 1;
        let Some(input) = searched_case(puzzle, search, case) else {
            continue;
        };
        let Some(target) = alive
            .par_iter()
            .find_first(|v| kills(puzzle, v, input.as_bytes()))
            .copied()
        else {
            continue;
        };
        let shrink_until = deadline.min(Instant::now() + search.time / 6);
        let (input, shrink_cut) = shrunk(puzzle, target, input.into_bytes(), shrink_until);
        cut_short |= shrink_cut;
        let (killed, left): (Vec<&Variant>, Vec<&Variant>) =
            alive.iter().partition(|v| kills(puzzle, v, &input));
        alive = left;
        set.push(Killer {
            input: String::from_utf8_lossy(&input).into_owned(),
            kills: killed.iter().map(|v| v.id).collect(),
        });
    }
    KillerSet {
        set,
        unkilled: alive.iter().map(|v| v.id).collect(),
        tried,
        cut_short,
    }
}

/// What [`killers`] found.
#[derive(Debug)]
pub struct KillerSet {
    /// The cases, in the order found.
    pub set: Vec<Killer>,
    /// The ids of the mistakes none of the cases tried kills.
    pub unkilled: Vec<&'static str>,
    /// How many generated cases were tried.
    pub tried: u64,
    /// Whether the time ran out, in the search for cases or in a shrink:
    /// only then can the set depend on the machine's speed (otherwise the
    /// same seed gives the same set everywhere).
    pub cut_short: bool,
}

/// `input` made as small as the puzzle's shrinker can while it still kills
/// `variant`, until `until` (each step the boldest cut that works); and
/// whether `until` came before the shrinker had nothing smaller.
fn shrunk(
    puzzle: &dyn Puzzle,
    variant: &Variant,
    mut input: Vec<u8>,
    until: Instant,
) -> (Vec<u8>, bool) {
    loop {
        if Instant::now() >= until {
            return (input, true);
        }
        let mut smaller = None;
        puzzle.shrink(&input, &mut |candidate| {
            if kills(puzzle, variant, &candidate) {
                smaller = Some(candidate);
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
        match smaller {
            Some(next) => input = next,
            None => return (input, false),
        }
    }
}
