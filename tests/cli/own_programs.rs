//! `stress --generator` and `stress --reference`: a contestant's own
//! generator and brute force, run as the tested program is, distrusted
//! (the generator's cases validated, the brute force's answers judged by
//! the built-in reference), and their faults reported as theirs, exit 2.

use crate::common::{Folder, assert_contains, have, program, run, words};
use std::process::Command;

/// The 12100 folder: the sparse generator, the brute force, and a C++
/// solution that is wrong when built with `-DCHAIN_MERGE` (a merged
/// block merges again).
fn work_12100() -> Option<Folder> {
    if !have("python3") || !have("g++") {
        return None;
    }
    Some(Folder::with_programs(&[
        ("gen_2048.py", "gen.py"),
        ("brute_2048.py", "brute.py"),
        ("max_block.cpp", "wrong.cpp"),
    ]))
}

/// Runs `stress 12100 OPTIONS -- wrong.cpp` in `work`, asserting that
/// it stopped with exit 2 (a fault of the contestant's own programs or
/// options, not a failure of the tested one); returns (stdout, stderr).
fn own_fault(work: &Folder, options: &str) -> (String, String) {
    let (code, out, err) = work.run(&words(&format!("stress 12100 {options} -- wrong.cpp")));
    assert_eq!(code, 2, "{out}{err}");
    (out, err)
}

/// The text between `--- input ---` and the next `---` line.
fn input_block(report: &str) -> &str {
    let start = report.find("--- input ---\n").expect("an input block") + 14;
    let end = report[start..].find("---").expect("a block after it") + start;
    &report[start..end]
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_sparse_generator_finds_shrinks_and_diagnoses_a_wrong_cpp_solution() {
    let Some(work) = work_12100() else { return };
    let (code, out, err) = work.run(&words("stress 12100 --seed 5 --cases 30 --generator ./gen.py --diagnose --compile-flags -DCHAIN_MERGE -- wrong.cpp"));
    assert_eq!(code, 1, "{out}{err}");
    assert_contains(&err, "generator ./gen.py: Python 3");
    assert_contains(
        &err,
        "cases: made by ./gen.py SEED CASE, each held to the judge's input format",
    );
    // The built-in generator's sizes are not what made the cases.
    assert!(!err.contains("sizes:"), "{err}");
    assert!(out.starts_with("FAILED on case 6 of seed 5"), "{out}");
    assert_contains(&out, "\nshrunk in ");
    assert_contains(&out, "[merge-again]");
    // The line that makes the case again names the generator's own
    // arguments, and running it gives the case shown.
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("this case before shrinking: ./gen.py "))
        .unwrap_or_else(|| panic!("{out}"));
    let (arguments, note) = line.split_once("  ").unwrap();
    assert_eq!(note, "(your generator's case 6)");
    let arguments: Vec<&str> = arguments.split(' ').collect();
    assert_eq!(arguments.len(), 2, "{line}");
    assert_eq!(arguments[1], "6");
    let again = Command::new("python3")
        .arg(work.path("gen.py"))
        .args(&arguments)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), input_block(&out));
}

#[test]
fn a_generator_case_the_validator_refuses_stops_the_run_with_its_message() {
    let Some(work) = work_12100() else { return };
    let (out, err) = own_fault(&work, "--seed 1 --cases 10 --generator './gen.py invalid'");
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("boardsolve: the generator's case 3 (./gen.py invalid "),
        "{err}"
    );
    assert!(
        last.contains(" 3) is not a valid input: ")
            && last.ends_with(": unexpected extra input \"9\" after the board"),
        "{last}"
    );
    // What it printed, with the extra line the validator named.
    assert!(
        out.starts_with("--- the generator's output (./gen.py invalid "),
        "{out}"
    );
    assert_contains(&out, "\n9\n--- stderr: empty ---\n");
    assert!(!out.contains("FAILED"), "{out}");
}

/// How a contestant's own program that fails is reported: what its
/// fault says on standard error, and its own standard error shown.
struct Fault<'a> {
    said: &'a [&'a str],
    its_stderr: &'a str,
}

/// Runs `stress 12100 OPTIONS FLAG 'PROGRAM crash'`, then the same with
/// `'PROGRAM slow'` under a 300 ms limit: each stops the run with exit 2,
/// the crash as `crash` says, and the slow one saying `slow`, with no
/// failure blamed on the tested program.
fn crash_then_slowness(work: &Folder, options: &str, own: &str, crash: Fault, slow: &str) {
    let (flag, program) = own.split_once(' ').unwrap();
    let (out, err) = own_fault(work, &format!("{options} {flag} '{program} crash'"));
    for said in crash.said {
        assert_contains(&err, said);
    }
    assert_contains(&out, &format!("--- stderr ---\n{}", crash.its_stderr));
    let limited = format!("{options} --time-limit 300ms {flag} '{program} slow'");
    let (out, err) = own_fault(work, &limited);
    assert_contains(&err, slow);
    assert!(!out.contains("FAILED"), "{out}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_generator_that_crashes_or_runs_out_of_time_is_its_own_failure_with_its_stderr() {
    let Some(work) = work_12100() else { return };
    let crash = Fault {
        said: &[
            "boardsolve: the generator failed on case 3 (./gen.py crash ",
            " 3): runtime error (exit status 3)",
        ],
        its_stderr: "gen_2048: no board for case 3\n",
    };
    // The judge's limits hold the generator too.
    let slow = " 3): time limit exceeded";
    crash_then_slowness(
        &work,
        "--seed 1 --cases 10",
        "--generator ./gen.py",
        crash,
        slow,
    );
}

#[test]
fn size_options_are_refused_with_a_generator_that_would_ignore_them() {
    let Some(work) = work_12100() else { return };
    let (_, err) = own_fault(&work, "--n 4 --hard --generator ./gen.py");
    assert_eq!(
        err.lines().last().unwrap(),
        "boardsolve: --n 4 --hard: the size options draw the built-in cases, and --generator makes every case itself"
    );
    let (_, err) = own_fault(&work, "--generator gen2.py");
    assert_contains(&err, "gen2.py: no such source file in ");
    assert_contains(
        &err,
        "(a Python 3 file given to --generator is compiled and run)",
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_brute_force_as_the_reference_judges_the_program() {
    let Some(work) = work_12100() else { return };
    let (code, out, err) = work.run(&words("stress 12100 --seed 5 --cases 12 --reference ./brute.py --compile-flags -DCHAIN_MERGE -- wrong.cpp"));
    assert_eq!(code, 1, "{out}{err}");
    assert_contains(&err, "reference ./brute.py: Python 3");
    assert_contains(
        &err,
        "answers: from ./brute.py, each judged first by the built-in reference",
    );
    assert!(out.starts_with("FAILED on case 2 of seed 5"), "{out}");
    assert_contains(&out, "\nshrunk in ");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_wrong_brute_force_is_reported_as_its_bug_with_the_case() {
    let Some(work) = work_12100() else { return };
    // The tested program is right: nothing may say it failed.
    let (out, err) = own_fault(&work, "--seed 5 --cases 20 --reference './brute.py short'");
    assert_contains(
        &err,
        "boardsolve: your reference ./brute.py short is wrong on case 9: the built-in reference judges its answer a wrong answer (1:1: expected \"64\", found \"32\"); a bug in the reference, not in the tested program",
    );
    assert!(
        out.starts_with("your reference ./brute.py short on case 9: wrong answer"),
        "{out}"
    );
    assert_contains(&out, "--- input ---\n6\n2 2 4 0 0 8\n");
    assert_contains(&out, "--- expected ---\n64\n--- received ---\n32\n");
    assert!(!out.contains("FAILED"), "{out}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_brute_force_that_crashes_or_runs_out_of_time_is_its_own_failure_with_its_stderr() {
    let Some(work) = work_12100() else { return };
    let crash = Fault {
        said: &[
            "boardsolve: your reference ./brute.py crash failed on case 1: runtime error (exit status 4)",
        ],
        its_stderr: "brute_2048: cannot search\n",
    };
    let slow = "your reference ./brute.py slow failed on case 1: time limit exceeded (case 1 is drawn at the largest size allowed; a brute force is given smaller cases by the size options or by --generator)";
    crash_then_slowness(&work, "--cases 5", "--reference ./brute.py", crash, slow);
}

#[test]
fn a_tiling_brute_force_is_checked_not_compared() {
    let tiler = program("boj_tiler");
    let tromino = program("wrong_tromino");
    // Another valid order than the built-in one: right at BOJ 14600.
    let stress = |reference: &str, program: &[&str]| {
        let mut args = words("stress 14600 --seed 3 --cases 30 --reference");
        args.extend_from_slice(&[reference, "--"]);
        args.extend_from_slice(program);
        run(&args, b"")
    };
    let other_order = format!("{tiler} 4");
    let (code, out, err) = stress(&other_order, &[&tromino, "correct", "boj"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("all 30 cases passed (seed 3)\n"), "{out}");
    // A tiling with the hole's row counted from the other edge is not one.
    let wrong = format!("{tromino} y-from-top boj");
    let (code, out, err) = stress(&wrong, &[&tiler, "4"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!("your reference {wrong} is wrong on case ")),
        "{err}"
    );
    assert_contains(&out, "--- input ---");
    assert!(!out.contains("FAILED"), "{out}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_programmers_generator_is_held_to_the_literal_form_and_a_solution_file_is_a_reference() {
    if !have("python3") {
        return;
    }
    let work = Folder::with_programs(&[
        ("gen_footholds.py", "gen.py"),
        ("footholds_solution.py", "brute.py"),
        ("footholds_solution.py", "solution.py"),
    ]);
    let (code, out, err) = work.run(&words(
        "stress 92345 --seed 1 --cases 8 --generator gen.py --reference brute.py -- solution.py",
    ));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("all 8 cases passed (seed 1)\n"), "{out}");
    // The brute force defines only solution(): wrapped like the program.
    assert!(
        err.lines()
            .any(|l| l.starts_with("reference brute.py: Python 3")
                && l.ends_with(
                    "solution() called by the Programmers harness (its prints go to standard error)"
                )),
        "{err}"
    );
    // The puzzle's plain form is a valid footholds case, but not 92345's.
    let (code, out, err) = work.run(&words(
        "stress 92345 --seed 1 --cases 8 --generator 'gen.py plain' -- solution.py",
    ));
    assert_eq!(code, 2, "{out}{err}");
    assert_contains(&err, "boardsolve: the generator's case 1 (gen.py plain ");
    assert_contains(&err, " 1) is not a valid input: 1:1: ");
    assert_contains(&err, "in the judge's format");
}

#[test]
fn a_generator_that_does_not_compile_is_exit_2_with_the_compilers_message() {
    let Some(work) = work_12100() else { return };
    std::fs::write(work.path("gen.cpp"), "int main( { return 0; }\n").unwrap();
    let (out, err) = own_fault(&work, "--generator gen.cpp");
    assert_contains(&err, "\ngenerator gen.cpp: C++17, g++ -O2");
    assert!(
        err.contains("    gen.cpp:1:"),
        "the compiler's message: {err}"
    );
    assert_eq!(
        err.lines().last().unwrap(),
        "boardsolve: --generator gen.cpp: compile error (g++ exited with status 1); nothing was run"
    );
    assert!(out.is_empty(), "{out}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_generator_fault_while_diagnosing_keeps_the_failure_found_and_is_exit_2() {
    let Some(work) = work_12100() else { return };
    let (out, err) = own_fault(
        &work,
        "--seed 5 --cases 30 --generator './gen.py crash-late' --diagnose --compile-flags -DCHAIN_MERGE",
    );
    // The failure was judged against a verified answer: it is reported,
    // shrunk, with the line that makes it again.
    assert!(out.starts_with("FAILED on case 6 of seed 5"), "{out}");
    assert_contains(&out, "\nshrunk in ");
    assert_contains(&out, "this case before shrinking: ./gen.py crash-late ");
    assert!(!out.contains("--- diagnosis ---"), "{out}");
    assert_contains(&out, "--- stderr ---\ngen_2048: no board for case 31\n");
    assert_contains(
        &err,
        "boardsolve: the generator failed on case 31 (./gen.py crash-late ",
    );
    assert_contains(&err, " 31): runtime error (exit status 3)");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_wrong_brute_force_met_while_shrinking_comes_after_the_failure_found() {
    let Some(work) = work_12100() else { return };
    // Case 1 fails the program (the brute force is right there), and the
    // shrinking finds smaller failing cases until it tries one that the
    // brute force gets wrong: what it found by then is kept.
    let (out, err) = own_fault(
        &work,
        "--seed 3 --cases 20 --reference './brute.py short' --compile-flags -DCHAIN_MERGE",
    );
    assert!(out.starts_with("FAILED on case 1 of seed 3"), "{out}");
    let fault = out
        .find("\nyour reference ./brute.py short on a smaller case: wrong answer")
        .unwrap_or_else(|| panic!("{out}"));
    let failure = &out[..fault];
    assert!(failure.contains("\nshrunk in "), "{out}");
    assert!(
        failure.contains("\nsmallest failing case: wrong answer"),
        "{out}"
    );
    assert!(failure.contains("this case before shrinking: "), "{out}");
    assert_contains(
        &err,
        "boardsolve: your reference ./brute.py short is wrong on a case made while shrinking or diagnosing a failure: the built-in reference judges its answer a wrong answer",
    );
}
