//! `test`'s failure view: the first failing cases in full (input, expected
//! and received output with the first difference marked, standard error),
//! the failing cases named in a command that runs them alone, the same in
//! `--json`, and memory bounded whatever the program prints.

use crate::common::{Folder, have, words};

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// A folder to test in, with its own cache of builds and an empty
/// `tests/` for the cases.
fn here() -> Folder {
    let here = Folder::new();
    std::fs::create_dir(here.path("tests")).unwrap();
    here
}

/// An 8×8 board of 2s: 64 in five moves, 32 in four.
fn all_twos() -> String {
    let mut board = "8\n".to_string();
    for _ in 0..8 {
        board.push_str("2 2 2 2 2 2 2 2\n");
    }
    board
}

/// BOJ 12100's sample (passes in four moves too), then two boards that
/// need all five: the second and third cases fail a search one move short.
fn twelve_thousand_cases(here: &Folder) {
    here.write("tests/1.in", "3\n2 2 2\n4 4 4\n8 8 8\n");
    here.write("tests/1.out", "16\n");
    here.write("tests/2.in", &all_twos());
    here.write("tests/2.out", "64\n");
    here.write("tests/3.in", &all_twos().replacen("2 2", "4 2", 1));
}

#[test]
fn a_wrong_cpp_12100_solution_shows_its_input_outputs_and_stderr_and_the_cases_to_run_again() {
    if !have("g++") {
        return;
    }
    let here = here();
    twelve_thousand_cases(&here);
    here.copy_program("short_search_12100.cpp", "wrong.cpp");
    let (code, out, err) = here.run(&["test", "12100", "tests/", "--", "wrong.cpp"]);
    assert_eq!(code, 1, "{out}{err}");
    let view = out
        .split("=== tests/2.in: wrong answer (1:1: expected \"64\", found \"32\")\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no view of tests/2.in:\n{out}"));
    let expected_view = format!(
        "--- input ---\n{}--- expected | received ---\n> 1  64 | 32\n     ^    ^\n--- stderr (19 bytes) ---\ndebug: n=8 best=32\n",
        all_twos()
    );
    assert!(view.starts_with(&expected_view), "{out}");
    assert!(out.contains("=== tests/3.in: wrong answer"), "{out}");
    assert!(!out.contains("=== tests/1.in"), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert_eq!(lines[n - 3], "failing: tests/2.in tests/3.in", "{out}");
    let again = lines[n - 2]
        .strip_prefix("again, alone: ")
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        again,
        "boardsolve test 12100 tests/2.in tests/3.in -- wrong.cpp"
    );
    assert_eq!(lines[n - 1], "1 passed, 2 failed");
    // Pasted back, it runs the failing cases alone.
    let again_args: Vec<&str> = again.split(' ').skip(1).collect();
    let (code, out, err) = here.run(&again_args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("0 passed, 2 failed"), "{out}");
    // --show 1: the second is named, not shown.
    let (_, out, _) = here.run(&["test", "12100", "tests/", "--show", "1", "--", "wrong.cpp"]);
    assert_eq!(out.matches("\n=== ").count(), 1, "{out}");
    assert!(
        out.contains("failing: tests/2.in tests/3.in\n(1 of them not shown in full above; --show N shows more)\n"),
        "{out}"
    );
    // Colour only when asked for (or on a terminal).
    assert!(!out.contains('\x1b'), "{out}");
    let (_, out, _) = here.run(&words("--color always test 12100 tests/2.in -- wrong.cpp"));
    assert!(out.contains("32m64"), "{out:?}");
}

#[test]
fn the_json_report_carries_the_view_and_the_failing_cases() {
    if !have("g++") {
        return;
    }
    let here = here();
    twelve_thousand_cases(&here);
    here.copy_program("short_search_12100.cpp", "wrong.cpp");
    let (code, out, err) = here.run(&["test", "12100", "tests/", "--json", "--", "wrong.cpp"]);
    assert_eq!(code, 1, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["failing"],
        serde_json::json!(["tests/2.in", "tests/3.in"])
    );
    assert_eq!(
        report["failing_command"],
        "boardsolve test 12100 tests/2.in tests/3.in -- wrong.cpp"
    );
    let cases = report["cases"].as_array().unwrap();
    assert!(
        cases[0]["failure"].is_null(),
        "an accepted case has no view"
    );
    let f = &cases[1]["failure"];
    assert_eq!(f["input"]["first_line"], 1);
    assert_eq!(f["input"]["total_lines"], 9);
    assert_eq!(f["input"]["lines"][1]["text"], "2 2 2 2 2 2 2 2");
    assert_eq!(f["expected"]["lines"][0]["text"], "64");
    assert_eq!(f["received"]["lines"][0]["text"], "32");
    assert_eq!(f["received"]["total_bytes"], 3);
    assert_eq!(
        f["first_difference"],
        serde_json::json!({"line": 1, "column": 1, "expected_column": 1})
    );
    assert_eq!(f["any_valid_answer"], false);
    assert_eq!(f["stderr"]["head"][0]["text"], "debug: n=8 best=32");
    assert_eq!(f["stderr"]["total_bytes"], 19);
    assert_eq!(f["stderr"]["omitted_bytes"], 0);
}

#[test]
fn a_solution_files_debug_print_shows_in_the_failure_view() {
    if !have("python3") {
        return;
    }
    let here = here();
    let (code, _, err) = here.run(&["samples", "92345", "--out-dir", "tests/", "--force"]);
    assert_eq!(code, 0, "{err}");
    here.copy_program("footholds_debug_wrong.py", "solution.py");
    let (code, out, err) = here.run(&["test", "92345", "--", "solution.py"]);
    assert_eq!(code, 1, "{out}{err}");
    let view = out
        .split("\n=== ")
        .nth(1)
        .unwrap_or_else(|| panic!("no failure view:\n{out}"));
    assert!(view.contains("--- stderr ("), "{out}");
    assert!(view.contains("debug: solution sees"), "{out}");
}

#[test]
fn whatever_a_program_prints_the_view_stays_small_and_only_the_first_failures_are_kept() {
    let here = here();
    for i in 1..=30 {
        here.write(&format!("tests/{i}.in"), "1\n16\n");
        here.write(&format!("tests/{i}.out"), "16\n");
    }
    // 3 MB of standard error and 100 000 lines of output, each case.
    let script = "yes debug-line | head -c 3000000 >&2; seq 1 100000";
    let (code, out, err) = here.run(&[
        "test", "2048", "tests/", "--jobs", "2", "--show", "2", "--", "sh", "-c", script,
    ]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.matches("\n=== ").count(), 2, "{out}");
    assert!(
        out.contains("=== tests/1.in: ") && out.contains("=== tests/2.in: "),
        "{out}"
    );
    assert!(
        out.contains("> 1  16 | 1\n     ^    ^\n  2     | 2\n"),
        "{out}"
    );
    assert!(
        out.contains("[after these: expected 0 more lines of 1 (3 bytes), received 99996 more of 100000 (588895 bytes)]"),
        "{out}"
    );
    assert!(
        out.contains("--- stderr (3000000 bytes) ---\ndebug-line\n"),
        "{out}"
    );
    assert!(out.contains(" bytes not shown ...]\n"), "{out}");
    assert!(out.contains("(28 of them not shown in full above"), "{out}");
    // The table, two views and the list: a few KB for 100 MB printed.
    assert!(out.len() < 8000, "{} bytes:\n{out}", out.len());
    let (_, out, _) = here.run(&[
        "test", "2048", "tests/", "--jobs", "2", "--show", "2", "--json", "--", "sh", "-c", script,
    ]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let shown: Vec<usize> = report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c["failure"].is_null())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(shown, [0, 1]);
    assert_eq!(report["failing"].as_array().unwrap().len(), 30);
    // The command names the first 50 at most; here all 30.
    let command = report["failing_command"].as_str().unwrap();
    assert!(
        command.ends_with(&format!("tests/30.in -- sh -c '{script}'")),
        "{command}"
    );
}

#[test]
fn a_tiling_judged_by_the_checker_says_whether_its_answer_is_one_of_many() {
    let here = here();
    here.write("tests/a.in", "8 1 1\n");
    // The placement order has one answer: its tokens stand against each
    // other, and the place the checker names is marked.
    let swapped = format!("{BIN} solve tromino | sed '3s/^\\([0-9]*\\) \\([0-9]*\\)/\\2 \\1/'");
    let (code, out, err) = here.run(&["test", "tromino", "tests/", "--", "sh", "-c", &swapped]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("(0-based; output 2:5)"), "{out}");
    assert!(out.contains("\n--- expected | received ---\n"), "{out}");
    let marked = out
        .lines()
        .position(|l| l.starts_with("> 2  "))
        .unwrap_or_else(|| panic!("line 2 is not marked:\n{out}"));
    let carets = out.lines().nth(marked + 1).unwrap();
    assert_eq!(
        carets.trim_start_matches(' ').matches('^').count(),
        2,
        "{out}"
    );
    assert_eq!(carets.trim_matches(['^', ' ']), "", "{out}");
    // 14600 accepts any tiling: the expected one is one of many, and no
    // token of it is marked.
    here.write("tests/a.in", "1\n1 2\n");
    let (code, out, err) = here.run(&words(
        "test 14600 tests/ -- sh -c 'echo 1 2 3; echo 4 5 6'",
    ));
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(
            "\n--- expected (one correct answer; any valid one is accepted) | received ---\n"
        ),
        "{out}"
    );
}
