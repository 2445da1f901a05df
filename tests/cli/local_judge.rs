//! `boardsolve test`: a program run over a folder of cases like a judge.

use crate::common::{alive, run};
use std::path::Path;

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// A case folder: `N.in` with the board `n` holding one block `v`, and
/// `N.out` with `v` unless `with_answer` is false.
fn case(dir: &Path, name: &str, v: u64, with_answer: bool) {
    std::fs::write(dir.join(format!("{name}.in")), format!("1\n{v}\n")).unwrap();
    if with_answer {
        std::fs::write(dir.join(format!("{name}.out")), format!("{v}\n")).unwrap();
    }
}

/// A program that answers by the case's block value: 2 right, 4 wrong,
/// 8 crashes, 16 spins, 32 sleeps, 64 prints without end, 128 takes
/// 64 MiB, 256 leaves an escaped process, anything else right.
fn program() -> String {
    format!(
        r#"read n; read v
case $v in
  4) echo 5 ;;
  8) exit 3 ;;
  16) while :; do :; done ;;
  32) sleep 60 ;;
  64) yes ;;
  128) x=$(head -c 67108864 /dev/zero | tr '\0' a); echo $v ;;
  256) setsid sleep 1000.{}777 & echo $v ;;
  *) echo $v ;;
esac"#,
        std::process::id()
    )
}

fn test(args: &[&str], script: &str) -> (i32, String, String) {
    let mut all = vec!["test"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", "sh", "-c", script]);
    run(&all, b"")
}

#[test]
fn every_verdict_in_natural_order_with_times_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, v) in [
        ("10", 2),
        ("2", 4),
        ("3", 8),
        ("4", 16),
        ("5", 32),
        ("6", 64),
        ("7", 128),
        ("8", 256),
    ] {
        case(d, name, v, true);
    }
    case(d, "9", 1024, false);
    let (code, out, err) = test(
        &[
            "2048",
            d.to_str().unwrap(),
            "--time-limit",
            "300ms",
            "--memory-limit",
            "32M",
        ],
        &program(),
    );
    assert_eq!(code, 1, "{out}{err}");
    let verdicts: Vec<(&str, &str)> = out
        .lines()
        .filter(|l| l.contains(".in") && !l.starts_with("slowest") && !l.starts_with("largest"))
        .filter_map(|l| {
            let verdict = l.split_whitespace().next()?;
            let name = l.split('/').next_back()?.split_whitespace().next()?;
            Some((verdict, name))
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("WA", "2.in"),
            ("RE", "3.in"),
            ("TLE", "4.in"),
            ("TLE", "5.in"),
            ("OLE", "6.in"),
            ("MLE", "7.in"),
            ("AC", "8.in"),
            ("AC", "9.in"),
            ("AC", "10.in"),
        ],
        "{out}"
    );
    assert!(
        out.contains("wrong answer (1:1: expected \"4\", found \"5\")"),
        "{out}"
    );
    assert!(out.contains("runtime error (exit status 3)"), "{out}");
    assert!(
        out.contains("9.in  (expected: reference, no .out)"),
        "{out}"
    );
    assert!(
        out.lines().last().unwrap().contains("3 passed, 6 failed"),
        "{out}"
    );
    assert!(
        out.contains("slowest: ") && out.contains("largest peak: "),
        "{out}"
    );
    let marker = format!("1000.{}777", std::process::id());
    assert_eq!(alive(&marker), 0, "the escaped process outlived the run");
}

#[test]
fn json_report_and_exit_0_when_all_pass() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    case(d, "a", 2, true);
    std::fs::write(d.join("b.in"), "1\n8\n").unwrap();
    std::fs::write(d.join("b.ans"), "8\n").unwrap();
    let (code, out, err) = test(
        &["2048", d.to_str().unwrap(), "--json"],
        &format!("exec {BIN} solve 2048"),
    );
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["passed"], 2);
    assert_eq!(report["failed"], 0);
    let cases = report["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 2);
    for c in cases {
        assert_eq!(c["verdict"], "AC");
        assert_eq!(c["expected"], "file");
        assert!(c["cpu_ms"].is_u64() && c["wall_ms"].is_u64() && c["peak_kib"].is_u64());
        assert!(c.get("message").is_none());
    }
    let (code, out, _) = test(&["2048", d.to_str().unwrap(), "--json"], "echo 0");
    assert_eq!(code, 1);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["failed"], 2);
    assert_eq!(report["cases"][0]["verdict"], "WA");
    assert!(
        report["cases"][0]["message"]
            .as_str()
            .unwrap()
            .contains("wrong answer")
    );
}

#[test]
fn tromino_is_judged_by_the_checker_and_usage_errors_are_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("1.in"), "4 1 1\n").unwrap();
    let (code, out, err) = test(
        &["tromino", d.to_str().unwrap(), "--order"],
        &format!("exec {BIN} solve tromino"),
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = test(&["tromino", d.to_str().unwrap(), "--order"], "cat");
    assert_eq!(code, 1, "{err}");
    let (code, _, err) = run(
        &["test", "2048", d.to_str().unwrap(), "--order", "--", "cat"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("2048 does not take --order"), "{err}");
    let empty = tempfile::tempdir().unwrap();
    let (code, _, err) = run(
        &["test", "2048", empty.path().to_str().unwrap(), "--", "cat"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("no *.in cases found"), "{err}");
    let (code, _, err) = run(
        &["test", "2048", d.to_str().unwrap(), "--", "/no/such"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("No such file"), "{err}");
}
