//! `samples` (the statement's examples with their answers) and the
//! Programmers literal form end to end: `gen` → a harness reading the
//! literal line → `stress` and `check`.

use crate::common::program;
use crate::common::{assert_refused, run, solved};
use boardsolve::puzzles;
use std::path::Path;

/// Runs `samples NAME --out-dir DIR` and returns the (input, answer) pairs
/// it wrote, in order.
fn written(name: &str, dir: &Path, extra: &[&str]) -> Vec<(String, String)> {
    let d = dir.to_str().unwrap();
    let mut args = vec!["samples", name, "--out-dir", d];
    args.extend_from_slice(extra);
    solved(&args, b"");
    let mut pairs = Vec::new();
    for k in 1.. {
        let input = dir.join(format!("{k}.in"));
        if !input.exists() {
            break;
        }
        let answer = std::fs::read_to_string(dir.join(format!("{k}.out"))).unwrap();
        pairs.push((std::fs::read_to_string(input).unwrap(), answer));
    }
    pairs
}

fn owned(data: &[(&str, &str)]) -> Vec<(String, String)> {
    data.iter()
        .map(|(i, o)| (i.to_string(), o.to_string()))
        .collect()
}

#[test]
fn statement_examples_come_with_the_solvers_answers() {
    let dir = tempfile::tempdir().unwrap();
    // The answers written are the solvers'; the data holds the statements'.
    for (name, statement) in [
        ("12100", puzzles::game2048::samples::STATEMENT),
        ("2048", puzzles::game2048::samples::STATEMENT),
        ("17825", puzzles::yut::samples::STATEMENT),
        ("yut", puzzles::yut::samples::STATEMENT),
        ("92345", puzzles::footholds::samples::STATEMENT),
        ("tromino", puzzles::tromino::samples::STATEMENT),
    ] {
        let got = written(name, &dir.path().join(name), &[]);
        assert_eq!(got, owned(statement), "{name}");
    }
    // Every entry: each example solves and checks to its written answer.
    for p in puzzles::all() {
        let sub = dir.path().join(format!("all-{}", p.name()));
        let pairs = written(p.name(), &sub, &[]);
        assert!(!pairs.is_empty(), "{}", p.name());
        for (k, (input, answer)) in pairs.iter().enumerate() {
            assert_eq!(&solved(&["solve", p.name()], input.as_bytes()), answer);
            let i = sub.join(format!("{}.in", k + 1));
            let o = sub.join(format!("{}.out", k + 1));
            let (code, out, err) = run(
                &["check", p.name(), i.to_str().unwrap(), o.to_str().unwrap()],
                b"",
            );
            assert_eq!((code, out.as_str()), (0, "correct\n"), "{err}");
        }
    }
}

#[test]
fn other_names_get_their_puzzles_examples_in_their_own_rules_and_form() {
    let dir = tempfile::tempdir().unwrap();
    // K = 10 on BOJ 12100's board.
    let hard = written("12094", &dir.path().join("12094"), &[]);
    assert_eq!(hard[0].0, puzzles::game2048::samples::STATEMENT[0].0);
    // Footholds: plain text by default, JSON or literal when asked.
    let plain = written("footholds", &dir.path().join("plain"), &[]);
    assert_eq!(plain[1].0, "3 3\n1 1 1\n1 0 1\n1 1 1\n1 0 1 2\n");
    assert_eq!(plain[1].1, "4\n");
    let json = written("footholds", &dir.path().join("json"), &["--format", "json"]);
    assert_eq!(
        json[2].0,
        "{\"board\": [[1, 1, 1, 1, 1]], \"aloc\": [0, 0], \"bloc\": [0, 4]}\n"
    );
    let literal = written(
        "footholds",
        &dir.path().join("lit"),
        &["--format", "literal"],
    );
    assert_eq!(literal, owned(puzzles::footholds::samples::STATEMENT));
    // BOJ 14601: K, then x y from the bottom left; the hole printed -1.
    let boj = written("14601", &dir.path().join("14601"), &[]);
    assert_eq!(boj[1].0, "2\n1 4\n");
    assert!(boj[1].1.starts_with("-1 2 3 3\n"), "{}", boj[1].1);
}

#[test]
fn samples_refuse_to_overwrite_unless_forced_and_refuse_unknown_forms() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    std::fs::write(dir.path().join("3.out"), "mine\n").unwrap();
    assert_refused(
        &["samples", "17825", "--out-dir", d],
        b"",
        "3.out already exists (--force overwrites)",
    );
    // All or nothing: nothing was written before the refusal.
    assert!(!dir.path().join("1.in").exists());
    solved(&["samples", "17825", "--out-dir", d, "--force"], b"");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("3.out")).unwrap(),
        "214\n"
    );
    assert_refused(
        &["samples", "yut", "--out-dir", d, "--format", "literal"],
        b"",
        "yut has one text form and does not take --format literal",
    );
    assert_refused(
        &["gen", "2048", "--seed", "1", "--format", "json"],
        b"",
        "2048 has one text form and does not take --format json",
    );
}

/// The README's harnesses: `gen 92345` writes the literal line, the
/// harness parses it and calls solution(), `stress` and `check` agree.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_literal_form_round_trips_through_the_python_and_cpp_harnesses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let python = root.join("harness_92345.py");
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("harness");
    let compiled = std::process::Command::new("c++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(root.join("harness_92345.cpp"))
        .status()
        .expect("a C++ compiler (c++) runs");
    assert!(compiled.success());
    let line = solved(&["gen", "92345", "--seed", "3"], b"");
    assert!(
        line.starts_with("[[") && line.lines().count() == 1,
        "{line}"
    );
    let harnesses: [Vec<&str>; 2] = [
        vec!["python3", python.to_str().unwrap()],
        vec![exe.to_str().unwrap()],
    ];
    for harness in &harnesses {
        let mut args = vec!["stress", "92345", "--cases", "150", "--seed", "6"];
        args.push("--");
        args.extend(harness.iter().copied());
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 0, "{harness:?}: {out}{err}");
        // gen → harness → check, on the statement's examples too.
        let cases = dir.path().join("cases");
        let d = cases.to_str().unwrap();
        solved(&["samples", "92345", "--out-dir", d, "--force"], b"");
        for k in 1..=4 {
            let input = std::fs::read(cases.join(format!("{k}.in"))).unwrap();
            let output = std::process::Command::new(harness[0])
                .args(&harness[1..])
                .stdin(std::fs::File::open(cases.join(format!("{k}.in"))).unwrap())
                .output()
                .unwrap();
            let mine = cases.join(format!("{k}.mine"));
            std::fs::write(&mine, &output.stdout).unwrap();
            let i = cases.join(format!("{k}.in"));
            let (code, verdict, _) = run(
                &[
                    "check",
                    "92345",
                    i.to_str().unwrap(),
                    mine.to_str().unwrap(),
                ],
                b"",
            );
            assert_eq!((code, verdict.as_str()), (0, "correct\n"), "{input:?}");
        }
    }
    // The plain-text program reads footholds' default form, not 92345's.
    let plain = program("wrong_footholds");
    let (code, out, _) = run(
        &[
            "stress",
            "footholds",
            "--cases",
            "100",
            "--seed",
            "6",
            "--",
            &plain,
            "correct",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
}
