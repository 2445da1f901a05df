//! `boardsolve audit --mutants`: the mutation score of a test set, each
//! mutant of `tests/programs/mutants/solution.c` (a flipped condition, an
//! equivalent change, one that does not build) run on the set's sound
//! cases until one kills it.

use super::common::*;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Two small 12100 cases with their answers, both killing the flipped
/// merge (no block ever merges).
fn cases(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for (name, input, answer) in [
        ("a", "2\n2 2\n0 0\n", "4"),
        ("b", "3\n2 2 4\n0 0 0\n8 0 0\n", "16"),
    ] {
        std::fs::write(dir.join(format!("{name}.in")), input).unwrap();
        std::fs::write(dir.join(format!("{name}.out")), format!("{answer}\n")).unwrap();
    }
}

/// `dir` holding the mutants `names` of [`mutants_12100`].
fn mutants(dir: &Path, names: &[&str]) {
    std::fs::create_dir_all(dir).unwrap();
    for (name, text) in mutants_12100() {
        if names.contains(&name) {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
}

/// An executable script at `path`.
fn script(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// `audit 12100 CASES --mutants MUTANTS --search 0 EXTRA...`: no search,
/// so that only the mutants decide the exit status.
fn audit(d: &Path, extra: &[&str]) -> (i32, String, String) {
    let cases = d.join("cases").display().to_string();
    let mutants = d.join("mutants").display().to_string();
    let mut args = vec!["audit", "12100", &cases, "--mutants", &mutants];
    args.extend_from_slice(&["--search", "0"]);
    args.extend_from_slice(extra);
    run(&args, b"")
}

#[test]
fn a_survivor_is_named_and_fails_the_audit_and_an_unviable_mutant_is_not_counted() {
    if !have("cc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(&d.join("cases"));
    mutants(
        &d.join("mutants"),
        &["flipped.c", "equivalent.c", "broken.c"],
    );
    script(&d.join("mutants/crash"), "exit 3");
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 1, "{out}{err}");
    let a = d.join("cases/a.in").display().to_string();
    let lines: Vec<&str> = out.lines().collect();
    let table = lines.iter().position(|l| l.starts_with("mutant ")).unwrap();
    let rows: Vec<Vec<&str>> = lines[table + 1..table + 5]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec![
                "broken",
                "unviable:",
                "does",
                "not",
                "build",
                "(not",
                "counted)"
            ],
            vec!["crash", "killed", "by", &a, "(runtime", "error)"],
            vec!["equivalent", "survives"],
            vec!["flipped", "killed", "by", &a, "(wrong", "answer)"],
        ],
        "{out}"
    );
    assert_eq!(
        lines[table + 5],
        "2 cases: 0 invalid, 0 wrong answers, 0 of 30 catalogued mistakes survive"
    );
    assert_eq!(
        lines[table + 6],
        "mutants: 2 of 3 viable killed, 1 survives: equivalent, 1 unviable (not built, not counted)"
    );
    assert_contains(
        &out,
        "a surviving mutant may be equivalent to the solution: look for an input on which its answer differs",
    );
}

#[test]
fn every_viable_mutant_killed_passes_the_audit() {
    if !have("cc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(&d.join("cases"));
    mutants(&d.join("mutants"), &["flipped.c", "broken.c"]);
    let (code, out, err) = audit(d, &["--jobs", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(
        &out,
        "mutants: 1 of 1 viable killed, 1 unviable (not built, not counted)\n",
    );
    assert!(!out.contains("equivalent to the solution"), "{out}");
    // A single mutant may be named as well as a folder of them.
    let flipped = d.join("mutants/flipped.c").display().to_string();
    let cases = d.join("cases").display().to_string();
    let audit_of = |named: &[&str]| {
        let mut args = vec!["audit", "12100", &cases, "--search", "0"];
        for path in named {
            args.extend_from_slice(&["--mutants", path]);
        }
        run(&args, b"")
    };
    let (code, out, err) = audit_of(&[&flipped]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "mutants: 1 of 1 viable killed\n");
    // Named twice, by its folder and by itself, it runs once.
    let folder = d.join("mutants").display().to_string();
    let (code, out, err) = audit_of(&[&folder, &flipped]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "mutants: 1 of 1 viable killed, 1 unviable");
}

#[test]
fn the_json_report_gains_the_mutants_and_unsound_cases_are_not_run() {
    if !have("cc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(&d.join("cases"));
    // A wrong answer in the set: run on it, the equivalent mutant would be
    // killed by the set's own mistake.
    std::fs::write(d.join("cases/c.in"), "1\n2\n").unwrap();
    std::fs::write(d.join("cases/c.out"), "4\n").unwrap();
    mutants(
        &d.join("mutants"),
        &["flipped.c", "equivalent.c", "broken.c"],
    );
    let (code, out, err) = audit(d, &["--json"]);
    assert_eq!(code, 1, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["wrong_answers"].as_array().unwrap().len(), 1);
    let m = &report["mutants"];
    assert_eq!(m["cases"], 2, "{m}");
    assert_eq!(
        (m["viable"].as_u64(), m["killed"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(m["survivors"], serde_json::json!(["equivalent"]));
    assert_eq!(
        (m["unviable"].as_u64(), m["not_judged"].as_u64()),
        (Some(1), Some(0))
    );
    let each = m["mutants"].as_array().unwrap();
    let names: Vec<&str> = each.iter().map(|x| x["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["broken", "equivalent", "flipped"]);
    assert_eq!(each[0]["status"], "unviable");
    assert!(each[0]["message"].as_str().unwrap().contains("bset"));
    assert_eq!(each[1]["status"], "survives");
    assert_eq!(each[1]["killed_by"], serde_json::Value::Null);
    assert_eq!(each[2]["status"], "killed");
    assert_eq!(
        each[2]["killed_by"].as_str().unwrap(),
        d.join("cases/a.in").display().to_string()
    );
    assert_eq!(each[2]["verdict"], "WA");
    // The table says on which cases they ran, and under which limits.
    let (_, out, err) = audit(d, &[]);
    assert_contains(
        &out,
        "1 survives: equivalent, 1 unviable (not built, not counted) (on the 2 of 3 cases valid with a right answer)",
    );
    assert_contains(
        &err,
        "mutants: 3 on 2 cases, CPU time 1s, memory 512.0 MiB (BOJ 12100's limits)",
    );
    // No sound case: no mutant runs, and no score is made up.
    for name in ["a", "b"] {
        std::fs::remove_file(d.join(format!("cases/{name}.in"))).unwrap();
    }
    let (code, out, err) = audit(d, &["--json"]);
    assert_eq!(code, 1, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["mutants"], serde_json::Value::Null);
    assert_contains(
        &err,
        "mutants not run: no case is valid with a right answer",
    );
}

#[test]
fn what_cannot_be_judged_is_exit_2_never_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cases(&d.join("cases"));
    std::fs::create_dir_all(d.join("mutants")).unwrap();
    // Right on both cases: a survivor.
    script(
        &d.join("mutants/right"),
        "read n; if [ $n = 2 ]; then echo 4; else echo 16; fi",
    );
    std::fs::write(d.join("mutants/notes.txt"), "not a program\n").unwrap();
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("notes ") && l.contains("not judged: ")),
        "{out}"
    );
    assert_contains(
        &out,
        "mutants: 0 of 1 viable killed, 1 survives: right, 1 not judged",
    );
    assert_contains(&err, "1 of 2 mutants not judged (said above)");
    // A program that cannot be started is the harness's trouble: exit 2,
    // and no mutant is reported killed by it.
    std::fs::remove_file(d.join("mutants/notes.txt")).unwrap();
    // (A file that keeps its mode: still executable.)
    std::fs::write(d.join("mutants/right"), "#!/nonexistent/interpreter\n").unwrap();
    let (code, out, err) = audit(d, &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(!out.contains("killed by"), "{out}");
    // A path that is not there is refused before any work.
    let cases = d.join("cases").display().to_string();
    let (code, _, err) = run(&["audit", "12100", &cases, "--mutants", "no-such-dir"], b"");
    assert_eq!(code, 2);
    assert_contains(&err, "--mutants no-such-dir does not exist");
}
