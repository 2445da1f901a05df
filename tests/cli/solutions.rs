//! `boardsolve audit --solutions`: a setter's own programs, filed in the
//! folders of the problem package format, run over a test set: the matrix
//! of verdicts, and exit 1 when a program does not do what its folder
//! requires.

use super::common::*;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// A script at `path`, executable.
fn script(path: &Path, body: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Three 1×1 boards of 12100 (the answer is the block) in a package's
/// data layout, with their answers.
fn cases(dir: &Path) {
    for (group, name, v) in [("sample", "1", 2), ("secret", "a", 4), ("secret", "b", 8)] {
        let folder = dir.join("data").join(group);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(format!("{name}.in")), format!("1\n{v}\n")).unwrap();
        std::fs::write(folder.join(format!("{name}.ans")), format!("{v}\n")).unwrap();
    }
}

const RIGHT: &str = "read n; read v; echo $v";
/// Right except on the block 8.
const WRONG: &str = "read n; read v; if [ $v = 8 ]; then echo 16; else echo $v; fi";

fn audit(dir: &Path, extra: &[&str]) -> (i32, String, String) {
    let root = dir.to_str().unwrap().to_string();
    let subs = dir.join("submissions");
    let mut args = vec![
        "audit",
        "12100",
        &root,
        "--solutions",
        subs.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args, b"")
}

#[test]
fn an_accepted_and_a_wrong_program_give_their_matrix_and_exit_0() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    script(&d.join("submissions/wrong_answer/wrong.sh"), WRONG);
    let (code, out, err) = audit(d, &["--time-limit", "5s"]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "time limit 5000 ms CPU (--time-limit), memory 512.0 MiB; 3 cases, 2 programs"
    );
    let verdicts: Vec<Vec<&str>> = lines[2..5]
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            vec![words[0], words[1], words[3]]
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ["sample/1.in", "AC", "AC"],
            ["secret/a.in", "AC", "AC"],
            ["secret/b.in", "AC", "WA"]
        ]
    );
    assert!(
        lines[5].starts_with("[1] accepted/right.sh: 3 AC; slowest ")
            && lines[5].ends_with("as accepted/ requires"),
        "{out}"
    );
    assert!(
        lines[6].starts_with("[2] wrong_answer/wrong.sh: 2 AC, 1 WA; slowest ")
            && lines[6].ends_with("as wrong_answer/ requires"),
        "{out}"
    );
    assert_eq!(lines[7], "2 of 2 programs as their folders require");

    // The JSON says the same, case by case.
    let (code, json, err) = audit(d, &["--time-limit", "5s", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["cases"][2], "secret/b.in");
    assert_eq!(v["programs"][1]["runs"][2]["verdict"], "WA");
    assert_eq!(v["programs"][1]["required"][0], "WA");
    assert_eq!(v["programs"][0]["broken"], serde_json::Value::Null);
    assert_eq!(v["as_required"], 2);
}

#[test]
fn a_wrong_program_in_accepted_and_a_right_one_in_wrong_answer_fail() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    script(&d.join("submissions/accepted/wrong.sh"), WRONG);
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with("time limit 1000 ms CPU (BOJ 12100's limit), memory 512.0 MiB;"),
        "{out}"
    );
    assert!(
        out.contains("[2] accepted/wrong.sh: 2 AC, 1 WA; slowest ")
            && out.contains(
                "NOT as accepted/ requires: WA on secret/b.in, but accepted/ permits only AC"
            ),
        "{out}"
    );
    assert!(
        out.ends_with("1 of 2 programs as their folders require\n"),
        "{out}"
    );

    // A right program filed as wrong passes everything: that fails too.
    std::fs::remove_file(d.join("submissions/accepted/wrong.sh")).unwrap();
    script(&d.join("submissions/wrong_answer/right.sh"), RIGHT);
    let (code, out, _) = audit(d, &[]);
    assert_eq!(code, 1, "{out}");
    assert_contains(
        &out,
        "NOT as wrong_answer/ requires: no case is WA, as wrong_answer/ requires of at least one",
    );
}

#[test]
fn the_time_limit_of_the_package_and_a_program_that_must_time_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    std::fs::write(d.join("problem.yaml"), "limits:\n  time_limit: 0.5\n").unwrap();
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    script(
        &d.join("submissions/time_limit_exceeded/spin.sh"),
        "read n; read v; if [ $v = 4 ]; then while :; do :; done; fi; echo $v",
    );
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("time limit 500 ms CPU ("), "{out}");
    assert_contains(&out, "problem.yaml's limits.time_limit)");
    assert_contains(&out, "[2] time_limit_exceeded/spin.sh: 2 AC, 1 TLE;");
}

#[test]
fn what_cannot_run_is_said_and_the_others_are_judged_all_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    std::fs::write(d.join("submissions/accepted/notes.txt"), "hi\n").unwrap();
    // A folder of several sources: a program boardsolve does not build.
    std::fs::create_dir_all(d.join("submissions/accepted/multi")).unwrap();
    std::fs::write(d.join("submissions/accepted/multi/a.py"), "print(1)\n").unwrap();
    std::fs::write(d.join("submissions/accepted/multi/b.py"), "print(2)\n").unwrap();
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert_contains(
        &out,
        "[1] accepted/multi: not judged: a folder of 2 files, which boardsolve does not build",
    );
    assert_contains(
        &out,
        "[2] accepted/notes.txt: not judged: neither executable nor a source",
    );
    assert!(
        out.contains("[3] accepted/right.sh: 3 AC; slowest ")
            && out.ends_with("1 of 3 programs as their folders require\n"),
        "{out}"
    );
    assert_contains(&err, "multi is a folder of 2 files");
    assert_contains(&err, "notes.txt is neither executable nor a source");
    assert!(
        err.ends_with("2 of 3 programs not judged (said above)\n"),
        "{err}"
    );
    std::fs::remove_file(d.join("submissions/accepted/notes.txt")).unwrap();
    std::fs::remove_dir_all(d.join("submissions/accepted/multi")).unwrap();
    std::fs::remove_file(d.join("submissions/accepted/right.sh")).unwrap();
    let (code, _, err) = audit(d, &[]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "holds no program");
}

#[test]
fn a_compile_error_is_judged_by_its_folders_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    // A folder that holds one program is that program.
    script(&d.join("submissions/accepted/folder/run.sh"), RIGHT);
    std::fs::create_dir_all(d.join("submissions/rejected")).unwrap();
    std::fs::write(d.join("submissions/rejected/broken.cpp"), "int main( {\n").unwrap();
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("[1] accepted/folder: 3 AC; slowest ")
            && out.contains("[3] rejected/broken.cpp: 3 CE; as rejected/ requires")
            && out.ends_with("3 of 3 programs as their folders require\n"),
        "{out}"
    );
    assert!(!err.contains("does not build"), "{err}");
    let (_, json, _) = audit(d, &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["programs"][2]["runs"][0]["outcome"], "CE");
    assert!(
        v["programs"][2]["runs"][0]["message"]
            .as_str()
            .unwrap()
            .contains("error")
    );
    // Anywhere else it breaks the rule, and the compiler's words are shown.
    std::fs::rename(
        d.join("submissions/rejected/broken.cpp"),
        d.join("submissions/accepted/broken.cpp"),
    )
    .unwrap();
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert_contains(
        &out,
        "[1] accepted/broken.cpp: 3 CE; NOT as accepted/ requires: CE on sample/1.in, but accepted/ permits only AC",
    );
    assert_contains(&err, "broken.cpp does not build: g++ -O2");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_packages_own_submissions_work_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("pkg");
    let shown = pkg.to_str().unwrap();
    let (code, _, err) = run(&["package", "17825", "--out-dir", shown], b"");
    assert_eq!(code, 0, "{err}");
    let subs = pkg.join("submissions");
    let (code, out, err) = run(
        &[
            "audit",
            "17825",
            shown,
            "--solutions",
            subs.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "[1] accepted/");
    assert_contains(&out, "as wrong_answer/ requires");
}

#[test]
fn a_measured_time_limit_waits_out_one_timeout_of_a_too_slow_submission_not_three() {
    use boardsolve::tools::{harness::Harness, package::timing};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(d);
    script(&d.join("submissions/accepted/right.sh"), RIGHT);
    // Each start leaves a line: the rule needs one case over the limit × 1.5,
    // and each such run spins the whole of it.
    let starts = d.join("starts");
    script(
        &d.join("submissions/time_limit_exceeded/spin.sh"),
        &format!("echo x >> '{}'; while :; do :; done", starts.display()),
    );
    let harness = Harness::with_keeper(env!("CARGO_BIN_EXE_boardsolve"));
    let puzzle = boardsolve::puzzles::find("12100").unwrap();
    let limit = timing::measure(&harness, puzzle, d, 2).unwrap();
    assert_eq!(limit.seconds, 1, "{:?}", limit.lines);
    assert!(limit.warning.is_none(), "{:?}", limit.warning);
    assert!(
        limit
            .lines
            .iter()
            .any(|l| l.starts_with("too slow: time_limit_exceeded/spin.sh, over 1.5 s")),
        "{:?}",
        limit.lines
    );
    assert_eq!(std::fs::read_to_string(&starts).unwrap(), "x\n");
}
