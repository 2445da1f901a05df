//! The reference oracle of mutation testing: the plain reference (making
//! no mistake) run on data sets whose answers are the fast solver's, so
//! that a mutant of the reference that answers one case differently fails.
//! Each judge's answers are compared as that judge compares them: token by
//! token with the `.ans` where the answer is unique, by the puzzle's
//! checker where any valid answer is accepted (a tiling of BOJ 14600 and
//! 14601 is judged on its own, whatever tiling the `.ans` holds; under
//! `tromino` the checker asks for the placement order).
//!
//! Skipped (passes with a note on stderr) unless `BOARDSOLVE_MUTATION_DATA`
//! names a folder of `JUDGE/SET/X.in` with `X.ans`, as
//! `scripts/mutation-data.sh` writes it: the references are exponential
//! and a data set takes seconds to minutes, too long for `cargo test`.
//!
//! Every data set is run, not only up to the first one that kills, so
//! that one build of a mutant gives its score on every set: with
//! `BOARDSOLVE_MUTATION_LOG` set, one line a data set is appended to that
//! file, `HASH JUDGE/SET killed|survived CASES SKIPPED FIRST-WRONG`, where
//! HASH identifies the reference's sources as compiled (so the mutant
//! cargo-mutants made of it; `scripts/mutation-score.py` matches it to
//! cargo-mutants' own list). `BOARDSOLVE_ORACLE_JUDGES` (comma-separated)
//! runs only those judges' folders.
//!
//! With `BOARDSOLVE_MUTATION_KEEP` naming a folder, the test binary copies
//! itself there as `HASH.bin`, HASH of the sources of the judges run (each
//! puzzle's sources once, in the order of [`JUDGES`]): for the judges of
//! one puzzle, the HASH of its log lines. A mutant's binary then runs on
//! more data sets later (`scripts/mutation-rerun.sh`) without building the
//! mutant again, which is most of a mutant's time.
//!
//! A case whose reference search is too long for a mutant's test (the 2048
//! reference searches all 4^K lines, with no memo past 8×8) is skipped and
//! counted: `BOARDSOLVE_ORACLE_MAX_WORK` bounds the cells moved per case.

use boardsolve_core::puzzles::game2048::Game2048;
use boardsolve_core::puzzles::{
    Accepts, BOJ_14600, BOJ_14601, BOJ_17825, CheckOptions, PROGRAMMERS_92345, Reference, TROMINO,
    find,
};
use boardsolve_core::text::{Verdict as Check, compare_tokens};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// One judge's plain reference: how to answer one input, and the sources
/// it was compiled from (to name the mutant under test).
struct Judge {
    /// The judge's name on the command line, and its folder of data sets.
    name: &'static str,
    /// The files cargo-mutants mutates for this reference, in the order
    /// `scripts/mutation-reference.sh` lists them: a mutant of any of them
    /// changes their hash.
    sources: &'static [&'static str],
    /// The answer to one input, or `None` when the case is over `max_work`.
    answer: fn(&str, u64) -> Option<String>,
}

/// 2048's reference and the decision points it calls, the cell formula
/// among them.
const GAME2048: &[&str] = &[
    include_str!("../src/puzzles/game2048/reference.rs"),
    include_str!("../src/puzzles/game2048/decisions.rs"),
];

const JUDGES: &[Judge] = &[
    Judge {
        name: "12100",
        sources: GAME2048,
        answer: |input, max_work| game2048_answer(input, 5, max_work),
    },
    Judge {
        name: "12094",
        sources: GAME2048,
        answer: |input, max_work| game2048_answer(input, 10, max_work),
    },
    Judge {
        name: "17825",
        sources: &[include_str!("../src/puzzles/yut/reference.rs")],
        // Memoised on the turn and the positions: the 1313 cases of the
        // 16 data sets take 0.6 s in the test profile, so none is skipped.
        answer: |input, _| Some(plain(&BOJ_17825.rules, input)),
    },
    Judge {
        name: "92345",
        sources: &[include_str!("../src/puzzles/footholds/reference.rs")],
        // Every line of play on at most 5×5 cells, each foothold gone once
        // left: the 496 cases of the 16 data sets take 0.14 s.
        answer: |input, _| Some(plain(&PROGRAMMERS_92345.rules, input)),
    },
    Judge {
        name: "14600",
        sources: &[include_str!("../src/puzzles/tromino/reference.rs")],
        answer: |input, _| Some(plain(&BOJ_14600.rules, input)),
    },
    Judge {
        name: "14601",
        sources: &[include_str!("../src/puzzles/tromino/reference.rs")],
        // A 128×128 board at most: one simulation of its 5461 trominoes.
        answer: |input, _| Some(plain(&BOJ_14601.rules, input)),
    },
    Judge {
        // No judge, but a contract: the tiling in placement order, which
        // tells apart the numberings that BOJ's special judge accepts.
        name: "tromino",
        sources: &[include_str!("../src/puzzles/tromino/reference.rs")],
        answer: |input, _| Some(plain(&TROMINO.rules, input)),
    },
];

/// Cells moved per case when `BOARDSOLVE_ORACLE_MAX_WORK` is unset: about
/// 1.5 s of CPU in the test profile (a 12×12 board at K = 10, just over
/// it, took 1.46 s), so that boards up to 11×11 are run at K = 10 and
/// every board at K = 5 (a 20×20 one is 546 000 cells).
const DEFAULT_MAX_WORK: u64 = 200_000_000;

/// The 2048 reference on judge text (N, then N rows of N blocks), as
/// `stress` runs it (`Reference::reference`, no mistake), or `None` when
/// it would move more than `max_work` cells: N² cells for each of the
/// 4 + 4² + … + 4^K boards searched (an upper bound; the reference
/// remembers positions on boards up to 8×8, and those are always run).
fn game2048_answer(input: &str, moves: u32, max_work: u64) -> Option<String> {
    let n: u64 = input
        .split_ascii_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .expect("the board size N first");
    let boards: u64 = (1..=moves).map(|k| 4u64.saturating_pow(k)).sum();
    if n > 8 && boards.saturating_mul(n * n) > max_work {
        return None;
    }
    Some(plain(&Game2048::new(moves), input))
}

/// The plain reference's answer to a valid input.
fn plain<R: Reference>(rules: &R, input: &str) -> String {
    let instance = rules
        .parse(input.as_bytes())
        .unwrap_or_else(|e| panic!("an input of the data set is invalid: {e}"));
    rules
        .reference(&instance, None)
        .unwrap_or_else(|e| panic!("the reference refused a case: {e}"))
}

/// Whether `judge` accepts `got` for `input`, as the judge's harness
/// decides it: the tokens of the expected answer when the answer is unique
/// (spacing and line ends do not matter), the puzzle's checker otherwise.
fn accepted(judge: &Judge, input: &str, expected: &str, got: &str) -> bool {
    let puzzle = find(judge.name).expect("every judge of the oracle is a puzzle's name");
    let check = if puzzle.contract().accepts == Accepts::Exact {
        compare_tokens(expected.as_bytes(), got.as_bytes())
    } else {
        puzzle
            .check(input.as_bytes(), got.as_bytes(), &CheckOptions::default())
            .unwrap_or_else(|e| panic!("the checker refused a case of the data set: {e}"))
    };
    check == Check::Correct
}

/// FNV-1a of the text: the mutant's name in the log.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What one data set says of the reference under test.
struct Verdict {
    cases: usize,
    skipped: usize,
    /// The first case answered wrong (or panicking), if any.
    wrong: Option<String>,
}

fn run_set(judge: &Judge, set: &Path, max_work: u64) -> Verdict {
    let mut inputs: Vec<PathBuf> = fs::read_dir(set)
        .unwrap_or_else(|e| panic!("{}: {e}", set.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    let mut verdict = Verdict {
        cases: 0,
        skipped: 0,
        wrong: None,
    };
    for input in inputs {
        let answer = input.with_extension("ans");
        let (Ok(text), Ok(expected)) = (fs::read_to_string(&input), fs::read_to_string(&answer))
        else {
            panic!("{} and its .ans must both be readable", input.display());
        };
        let got = catch_unwind(AssertUnwindSafe(|| (judge.answer)(&text, max_work)));
        let name = input.file_name().unwrap_or_default().to_string_lossy();
        match got {
            Ok(None) => verdict.skipped += 1,
            Ok(Some(got)) if accepted(judge, &text, &expected, &got) => verdict.cases += 1,
            _ => {
                verdict.cases += 1;
                verdict.wrong = Some(name.into_owned());
                // One wrong case kills the mutant for this set.
                break;
            }
        }
    }
    verdict
}

/// Copies this test binary to `keep/HASH.bin` (HASH of the sources of the
/// judges run, each puzzle's once, so that a mutant of any of them has its
/// own), through a temporary name so that a copy cut short is never taken
/// for a binary.
fn keep_binary(keep: &Path, judges: &[&Judge]) {
    let mut sources: Vec<&[&str]> = Vec::new();
    for judge in judges {
        if !sources.contains(&judge.sources) {
            sources.push(judge.sources);
        }
    }
    let hash = fnv1a(&sources.concat().concat());
    let dest = keep.join(format!("{hash:016x}.bin"));
    if dest.exists() {
        return;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let tmp = keep.join(format!("{hash:016x}.bin.{}", std::process::id()));
    fs::create_dir_all(keep).expect("the folder of kept binaries");
    fs::copy(&exe, &tmp).expect("a copy of the test binary");
    fs::rename(&tmp, &dest).expect("the kept binary renamed into place");
}

/// The judges `BOARDSOLVE_ORACLE_JUDGES` names (comma-separated), all of
/// them when it is unset.
fn judges_run() -> Vec<&'static Judge> {
    let only = std::env::var("BOARDSOLVE_ORACLE_JUDGES").ok();
    JUDGES
        .iter()
        .filter(|judge| {
            only.as_deref()
                .is_none_or(|only| only.split(',').any(|j| j == judge.name))
        })
        .collect()
}

#[test]
fn the_plain_references_give_the_fast_solvers_answers() {
    let Some(root) = std::env::var_os("BOARDSOLVE_MUTATION_DATA") else {
        eprintln!("reference oracle skipped: BOARDSOLVE_MUTATION_DATA is not set");
        return;
    };
    let root = PathBuf::from(root);
    let judges = judges_run();
    let max_work = std::env::var("BOARDSOLVE_ORACLE_MAX_WORK").map_or(DEFAULT_MAX_WORK, |w| {
        w.parse().expect("BOARDSOLVE_ORACLE_MAX_WORK: a number")
    });
    let mut log = std::env::var_os("BOARDSOLVE_MUTATION_LOG").map(|path| {
        fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", Path::new(&path).display()))
    });
    if let Some(keep) = std::env::var_os("BOARDSOLVE_MUTATION_KEEP") {
        keep_binary(Path::new(&keep), &judges);
    }
    let mut failures = String::new();
    let mut sets_run = 0;
    for judge in judges {
        let Ok(entries) = fs::read_dir(root.join(judge.name)) else {
            continue;
        };
        let mut sets: Vec<PathBuf> = entries
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.is_dir())
            .collect();
        sets.sort();
        let hash = fnv1a(&judge.sources.concat());
        for set in sets {
            let label = format!(
                "{}/{}",
                judge.name,
                set.file_name().unwrap_or_default().to_string_lossy()
            );
            let verdict = run_set(judge, &set, max_work);
            sets_run += 1;
            if let Some(log) = log.as_mut() {
                // One write a line, so a mutant stopped by a timeout leaves
                // the sets it finished.
                let line = format!(
                    "{hash:016x}\t{label}\t{}\t{}\t{}\t{}\n",
                    if verdict.wrong.is_some() {
                        "killed"
                    } else {
                        "survived"
                    },
                    verdict.cases,
                    verdict.skipped,
                    verdict.wrong.as_deref().unwrap_or("-"),
                );
                log.write_all(line.as_bytes()).expect("the mutation log");
            }
            if let Some(wrong) = verdict.wrong {
                let _ = writeln!(
                    failures,
                    "{label}/{wrong}: the reference answers differently"
                );
            }
        }
    }
    assert!(sets_run > 0, "no data set under {}", root.display());
    assert!(failures.is_empty(), "{failures}");
}

/// The oracle's own verdicts on a folder it writes: a right answer
/// passes, a wrong one kills, and a case over the work bound is skipped
/// and counted, not run.
#[test]
fn a_set_kills_on_a_wrong_answer_and_counts_skipped_cases() {
    let set = std::env::temp_dir().join(format!("reference-oracle-{}", std::process::id()));
    fs::create_dir_all(&set).expect("a temporary folder");
    let case = |name: &str, input: &str, answer: &str| {
        fs::write(set.join(format!("{name}.in")), input).expect("an input");
        fs::write(set.join(format!("{name}.ans")), answer).expect("an answer");
    };
    // 2 2 / 4 0 at K = 5: 2 2 merge to 4, then 4 and 4 to 8.
    case("1", "2\n2 2\n4 0\n", "8\n");
    // 12×12 at K = 5: 144 cells for each of 1364 boards, over 100 000.
    let big = format!("12\n{}", "2 ".repeat(144));
    case("2", &big, "0\n");
    let judge = &JUDGES[0];
    let verdict = run_set(judge, &set, 100_000);
    assert_eq!((verdict.cases, verdict.skipped), (1, 1));
    assert_eq!(verdict.wrong, None);
    case("0", "2\n2 2\n4 0\n", "16\n");
    let verdict = run_set(judge, &set, 100_000);
    assert_eq!(verdict.wrong.as_deref(), Some("0.in"));
    fs::remove_dir_all(&set).expect("the temporary folder removed");
}

/// Answers are compared as the judge compares them: a unique answer token
/// by token (spacing does not matter), a tiling by the checker (another
/// valid tiling than the `.ans` passes, a broken one kills).
#[test]
fn answers_are_compared_as_the_judge_compares_them() {
    let yut = JUDGES
        .iter()
        .find(|j| j.name == "17825")
        .expect("yut's judge");
    assert!(accepted(yut, "1 2 3 4 1 2 3 4 1 2\n", "190\n", " 190"));
    assert!(!accepted(yut, "1 2 3 4 1 2 3 4 1 2\n", "190\n", "190 0\n"));
    let tromino = JUDGES
        .iter()
        .find(|j| j.name == "14600")
        .expect("tromino's judge");
    // K = 1, the hole at x = 1, y = 2 (the top left): the only tiling of
    // the other three cells, whatever its number.
    let input = "1\n1 2\n";
    assert!(accepted(tromino, input, "-1 1\n1 1\n", "-1 7\n7 7\n"));
    assert!(!accepted(tromino, input, "-1 1\n1 1\n", "-1 1\n1 2\n"));
    assert!(!accepted(tromino, input, "-1 1\n1 1\n", "1 1\n1 -1\n"));
    // Under `tromino` (the hole 0 at row 0, column 0) only the placement
    // order passes: the same tiling numbered 7 does not.
    let order = JUDGES
        .iter()
        .find(|j| j.name == "tromino")
        .expect("the placement order");
    assert!(accepted(order, "2 0 0\n", "0 1\n1 1\n", "0 1\n1 1\n"));
    assert!(!accepted(order, "2 0 0\n", "0 1\n1 1\n", "0 7\n7 7\n"));
}

/// A kept binary is named by its puzzle's reference once, however many of
/// its judges run: the HASH of their log lines, which
/// `scripts/mutation-score.py` looks the binary up by.
#[test]
fn a_kept_binary_is_named_by_the_hash_of_the_reference_it_runs() {
    let keep = std::env::temp_dir().join(format!("reference-oracle-keep-{}", std::process::id()));
    let game2048: Vec<&Judge> = JUDGES
        .iter()
        .filter(|j| j.name == "12100" || j.name == "12094")
        .collect();
    assert_eq!(game2048.len(), 2);
    keep_binary(&keep, &game2048);
    let kept: Vec<String> = fs::read_dir(&keep)
        .expect("the folder of kept binaries")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        kept,
        [format!("{:016x}.bin", fnv1a(&game2048[0].sources.concat()))]
    );
    fs::remove_dir_all(&keep).expect("the temporary folder removed");
}

/// 2048's mutants are named by the cell formula's file too: a mutant of
/// `cell` (in `decisions.rs`) has a HASH of its own, not the unmutated
/// reference's, so its log lines are its own.
#[test]
fn the_2048_hash_covers_the_cell_formula() {
    for judge in JUDGES
        .iter()
        .filter(|j| j.name == "12100" || j.name == "12094")
    {
        let sources = judge.sources.concat();
        assert!(sources.contains("pub(super) fn cell(n: usize, dir: usize, i: usize, k: usize)"));
        assert!(sources.contains("fn move_line("));
    }
}
