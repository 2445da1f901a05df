//! Each judge ID is a contract: its limits, the answers it accepts, the
//! options it takes; and exit statuses that say the verdict whatever
//! happens to the report.

use super::common::*;
use std::path::Path;

/// The first line of each `.in` in `dir`: the size, for tromino BOJ (K).
fn first_numbers(dir: &Path) -> Vec<u32> {
    let mut ks: Vec<u32> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            text.split_whitespace().next().unwrap().parse().unwrap()
        })
        .collect();
    ks.sort_unstable();
    ks
}

#[test]
fn gen_and_samples_stay_inside_each_judges_limits() {
    let dir = tempfile::tempdir().unwrap();
    for (name, most) in [("14600", 2), ("14601", 7)] {
        let out = dir.path().join(name);
        let out = out.to_str().unwrap();
        solved(
            &[
                "gen",
                name,
                "--seed",
                "1",
                "--count",
                "60",
                "--out-dir",
                out,
            ],
            b"",
        );
        let ks = first_numbers(Path::new(out));
        assert!(
            ks.iter().all(|&k| (1..=most).contains(&k)),
            "{name}: {ks:?}"
        );
        // The whole range is covered, not only the small end.
        assert_eq!(ks.last(), Some(&most), "{name}: {ks:?}");
        let samples = dir.path().join(format!("samples-{name}"));
        let samples = samples.to_str().unwrap();
        solved(&["samples", name, "--out-dir", samples], b"");
        let ks = first_numbers(Path::new(samples));
        assert!(
            !ks.is_empty() && ks.iter().all(|&k| k <= most),
            "{name}: {ks:?}"
        );
    }
    // 17825's ten dice, 92345's 5×5 and 12100's 20×20 with blocks to 1024.
    for seed in 0..20 {
        let seed = seed.to_string();
        let yut = solved(&["gen", "17825", "--seed", &seed], b"");
        assert_eq!(yut.split_whitespace().count(), 10, "{yut}");
        let board = solved(&["gen", "12100", "--seed", &seed, "--hard"], b"");
        let numbers: Vec<u64> = board
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(numbers[0] <= 20 && numbers[1..].iter().all(|&v| v <= 1024));
        assert!(numbers[1..].iter().any(|&v| v > 0), "{board}");
    }
}

#[test]
fn going_past_a_judges_limits_takes_a_size_option_and_is_said() {
    let (code, out, err) = run(&["gen", "14600", "--seed", "1", "--n", "8"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("3\n"), "{out}");
    assert!(err.contains("beyond BOJ 14600's limits (K ≤ 2)"), "{err}");
    // Within the limits, nothing is said.
    let (_, _, err) = run(&["gen", "14600", "--seed", "1", "--n", "4"], b"");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_correct_tiler_in_its_own_order_passes_14600_and_14601_everywhere() {
    let tiler = program("boj_tiler");
    // Sized for BOJ 14600 (a 4×4 array): inside the contract it is right.
    let (code, _, err) = run(
        &[
            "stress", "14600", "--cases", "100", "--seed", "1", "--", &tiler, "4",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("cases within BOJ 14600's limits (K ≤ 2); any valid tiling is accepted"),
        "{err}"
    );
    let (code, _, err) = run(
        &[
            "stress", "14601", "--cases", "40", "--seed", "2", "--", &tiler, "128",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    // --order asks for the placement order, which this tiler does not use.
    let (code, out, _) = run(
        &[
            "stress", "14601", "--order", "--cases", "40", "--seed", "2", "--", &tiler, "128",
        ],
        b"",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED"), "{out}");
    // test and check judge its output the same way.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.in"), "2\n1 1\n").unwrap();
    let cases = d.to_str().unwrap();
    let (code, out, err) = run(&["test", "14600", cases, "--", &tiler, "4"], b"");
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, _) = run(&["test", "14600", cases, "--order", "--", &tiler, "4"], b"");
    assert_eq!(code, 1, "{out}");
    let output = std::process::Command::new(&tiler)
        .arg("4")
        .stdin(std::fs::File::open(d.join("a.in")).unwrap())
        .output()
        .unwrap();
    std::fs::write(d.join("a.txt"), &output.stdout).unwrap();
    let input = d.join("a.in");
    let answer = d.join("a.txt");
    let (input, answer) = (input.to_str().unwrap(), answer.to_str().unwrap());
    let (code, out, _) = run(&["check", "14600", input, answer], b"");
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    let (code, out, _) = run(&["check", "14600", "--order", input, answer], b"");
    assert_eq!(code, 1, "{out}");
}

#[test]
fn tromino_asks_for_the_placement_order_in_check_too() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.in"), "4 3 0\n").unwrap();
    // A valid tiling numbered clockwise, not in placement order.
    std::fs::write(d.join("a.out"), "2 2 3 3\n2 1 1 3\n5 5 1 4\n0 5 4 4\n").unwrap();
    let input = d.join("a.in");
    let output = d.join("a.out");
    let (code, out, _) = run(
        &[
            "check",
            "tromino",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("placement order"), "{out}");
}

#[test]
fn options_a_puzzle_does_not_take_are_refused_alike_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // No case file exists and the program is missing: the refusal comes
    // first and names neither.
    for args in [
        &["test", "yut", d, "--moves", "5", "--", "/no/such/program"][..],
        &[
            "test",
            "footholds",
            d,
            "--moves",
            "5",
            "--",
            "/no/such/program",
        ],
        &[
            "test",
            "tromino",
            d,
            "--moves",
            "5",
            "--",
            "/no/such/program",
        ],
        &["stress", "yut", "--moves", "5", "--", "/no/such/program"],
        &["stress", "2048", "--order", "--", "/no/such/program"],
        &[
            "check",
            "yut",
            "--moves",
            "5",
            "/no/such.in",
            "/no/such.out",
        ],
        &["check", "2048", "--order", "/no/such.in", "/no/such.out"],
        &["solve", "yut", "--time-limit", "1s", "/no/such.in"],
    ] {
        let (code, out, err) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        let flag = args
            .iter()
            .find(|a| a.starts_with("--") && a.len() > 2)
            .unwrap();
        assert!(
            err.contains(&format!("{} does not take {flag}", args[1])),
            "{args:?}: {err}"
        );
        assert!(!err.contains("no/such"), "{args:?}: {err}");
    }
    assert_refused(
        &["stress", "14601", "--any-tiling", "--", "true"],
        b"",
        "--order asks for the placement order",
    );
}

#[test]
fn size_options_are_refused_before_the_first_line_and_the_k_in_force_is_shown() {
    let (code, out, err) = run(&["stress", "yut", "--dice", "0", "--", "true"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "boardsolve: --dice must be from 1 to 1000000, found 0"
    );
    let solver = env!("CARGO_BIN_EXE_boardsolve");
    let (code, _, err) = run(
        &[
            "stress", "12094", "--moves", "3", "--cases", "3", "--seed", "1", "--", solver,
            "solve", "2048", "--moves", "3",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let mut lines = err.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("stress 12094 (K = 3): 3 cases"),
        "{err}"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .contains("beyond BOJ 12094's limits (N ≤ 20, blocks ≤ 1024, K = 10)"),
        "{err}"
    );
    // The sizes drawn, and that the first two cases are at the largest.
    let sizes = lines.next().unwrap();
    assert!(
        sizes.starts_with("sizes: ")
            && sizes
                .ends_with("cases 1 and 2 at the largest size allowed (case 2 in the hard shapes)"),
        "{err}"
    );
    let (_, _, err) = run(
        &[
            "stress", "12094", "--cases", "1", "--seed", "1", "--", solver, "solve", "12094",
        ],
        b"",
    );
    assert!(err.starts_with("stress 12094 (K = 10): 1 case"), "{err}");
    assert!(
        err.contains("; case 1 at the largest size allowed\n")
            || err.contains("sizes: case 1 at the largest size allowed\n"),
        "{err}"
    );
}

#[test]
fn a_wrong_answer_exits_1_even_when_the_verdict_cannot_be_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.in"), "2\n2 2\n2 2\n").unwrap();
    std::fs::write(d.join("wrong.out"), "4\n").unwrap();
    std::fs::write(d.join("right.out"), "8\n").unwrap();
    let path = |name: &str| d.join(name).display().to_string();
    let script = |out: &str, redirect: &str| {
        format!(
            "{} check 2048 {} {} {redirect}; echo ${{PIPESTATUS[0]}}",
            env!("CARGO_BIN_EXE_boardsolve"),
            path("a.in"),
            path(out)
        )
    };
    let status = |out: &str, redirect: &str| -> String {
        let o = std::process::Command::new("bash")
            .args(["-c", &script(out, redirect)])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).trim().to_string()
    };
    assert_eq!(status("wrong.out", "| true"), "1");
    assert_eq!(status("wrong.out", "| head -c0"), "1");
    assert_eq!(status("wrong.out", "> /dev/full"), "1");
    assert_eq!(status("right.out", "| true"), "0");
    assert_eq!(status("right.out", "> /dev/full"), "2");
}

#[test]
fn help_and_version_end_quietly_on_a_closed_output_and_fail_on_a_full_device() {
    for args in ["--help", "--version", "help", "solve --help", "help stress"] {
        for (redirect, status) in [(">&-", 0), ("| true", 0), ("> /dev/full", 2)] {
            let o = std::process::Command::new("bash")
                .args([
                    "-c",
                    &format!(
                        "set -o pipefail; {} {args} {redirect}",
                        env!("CARGO_BIN_EXE_boardsolve")
                    ),
                ])
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(status), "{args} {redirect}");
        }
    }
}

#[test]
fn test_without_the_separator_shows_the_command_line_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("a.out");
    std::fs::copy(env!("CARGO_BIN_EXE_boardsolve"), &exe).unwrap();
    let (code, _, err) = boardsolve_in(dir.path(), &["test", "12100", "./a.out"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "boardsolve: your program goes after `--`: boardsolve test 12100 -- ./a.out"
    );
}

fn boardsolve_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = boardsolve().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_contract_is_stated_on_its_puzzles_docs_page_and_matches_its_rules() {
    use boardsolve::puzzles::{Accepts, RuleOptions, all};
    for puzzle in all() {
        let canonical = puzzle.alias_of().unwrap_or(puzzle.name());
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(format!("{canonical}.md"));
        let page = std::fs::read_to_string(&page).unwrap();
        let contract = puzzle.contract();
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", puzzle.name())))
            .unwrap_or_else(|| {
                panic!(
                    "no contract row for {} in docs/{canonical}.md",
                    puzzle.name()
                )
            });
        let limits = contract
            .judge
            .map_or("the solver's own".to_string(), |j| j.limits.describe());
        assert!(row.contains(&limits), "{row} should state {limits}");
        assert!(row.contains(contract.accepts.describe()), "{row}");
        if let Some(judge) = contract.judge {
            assert!(row.contains(judge.problem), "{row}");
            // The judge's K is the K its name plays to.
            assert_eq!(
                puzzle.moves_in_force(RuleOptions::Defaults),
                judge.limits.moves()
            );
        }
        assert_eq!(
            contract.accepts == Accepts::Exact,
            !matches!(canonical, "tromino"),
            "{}",
            puzzle.name()
        );
    }
}

/// Writes `text` to `dir/name`, returning the path as a string.
fn write_case(dir: &Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    dir.join(name).display().to_string()
}

#[test]
fn validate_holds_test_data_to_the_judges_layout_and_limits() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| write_case(dir.path(), name, text);
    let good = write("good.in", "2\n2 2\n2 4\n");
    let spaces = write("spaces.in", "2\n2  2\n2 4\n");
    let crlf = write("crlf.in", "2\r\n2 2\r\n2 4\r\n");
    let no_end = write("noend.in", "2\n2 2\n2 4");
    let big = write("big.in", "1\n2048\n");
    // solve stays lenient: all of these are read.
    for file in [&good, &spaces, &crlf, &no_end, &big] {
        solved(&["solve", "2048", file], b"");
    }
    let (code, out, _) = run(&["validate", "12100", &good], b"");
    assert_eq!((code, out.as_str()), (0, "all 1 valid\n"));
    let (code, out, _) = run(
        &["validate", "12100", &good, &spaces, &crlf, &no_end, &big],
        b"",
    );
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].ends_with("spaces.in:2:3: two spaces where the judge's format has one"));
    assert!(lines[1].ends_with(
        "crlf.in:1:2: a carriage return (CRLF line end); the judge's files end lines with LF only"
    ));
    assert!(lines[2].ends_with("noend.in:3:4: the last line does not end with a newline"));
    // A limit is placed where it is passed: the block, not the first line.
    assert!(lines[3].contains("big.in:2:1: a block of 2048: beyond BOJ 12100's limits"));
    assert_eq!(lines[4], "4 of 5 invalid");
    // The canonical name has the solver's limits, not the judge's.
    let (code, _, _) = run(&["validate", "2048", &big], b"");
    assert_eq!(code, 0);
    assert_refused(
        &["validate", "yut", "/no/such.in"],
        b"",
        "cannot read /no/such.in",
    );
}

#[test]
fn validate_names_the_place_of_each_judges_limit() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| write_case(dir.path(), name, text);
    // Tromino: 14600 allows K ≤ 2, 14601 K ≤ 7.
    let k3 = write("k3.in", "3\n1 1\n");
    assert_eq!(run(&["validate", "14601", &k3], b"").0, 0);
    let (code, out, _) = run(&["validate", "14600", &k3], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("k3.in:1:1: K = 3: beyond BOJ 14600's limits"),
        "{out}"
    );
    // Each limit at its own place: the largest block where it first
    // stands, the die one too many or the end of a short line, the first
    // cell past five rows or columns.
    let row = vec!["2"; 21].join(" ");
    let board_21 = format!("21\n{}", format!("{row}\n").repeat(21));
    let block_4096 = "3\n2 0 0\n0 0 4096\n0 4096 2\n";
    let (wide, tall) = (
        "[[1, 1, 1, 1, 1, 1]] [0, 0] [0, 1]\n",
        "[[1], [1], [1], [1], [1], [1]] [0, 0] [1, 0]\n",
    );
    let placed = [
        ("12094", block_4096, "3:5: a block of 4096"),
        ("12100", board_21.as_str(), "1:1: N = 21"),
        ("17825", "1 2 3 4 5 1 2 3 4 5 1\n", "1:21: 11 dice"),
        ("17825", "1 2 3\n", "1:6: 3 dice"),
        ("92345", wide, "1:18: a 1×6 board"),
        ("92345", tall, "1:28: a 6×1 board"),
    ];
    for (judge, text, expected) in placed {
        let file = write("placed.in", text);
        let (code, out, _) = run(&["validate", judge, &file], b"");
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains(&format!("placed.in:{expected}")),
            "{judge}: {out}"
        );
    }
}

#[test]
fn validate_accepts_every_generated_case_and_sample() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Every generated case and every sample is valid for its judge.
    for name in ["12100", "12094", "17825", "14600", "14601", "92345"] {
        let cases = d.join(format!("gen-{name}"));
        let cases = cases.to_str().unwrap();
        solved(
            &[
                "gen",
                name,
                "--seed",
                "4",
                "--count",
                "30",
                "--out-dir",
                cases,
            ],
            b"",
        );
        solved(&["samples", name, "--out-dir", cases], b"");
        let (code, out, _) = run(&["validate", name, cases], b"");
        assert_eq!(code, 0, "{name}: {out}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn audit_and_killers_for_a_setter() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = |name: &str| d.join(name).display().to_string();
    // The statement's four examples let a classic mistake through.
    solved(&["samples", "17825", "--out-dir", &path("samples")], b"");
    let (code, out, _) = run(
        &["audit", "17825", &path("samples"), "--search", "300"],
        b"",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("[thirty-one-cell]") && out.contains("SURVIVES"),
        "{out}"
    );
    // The killer set kills every mistake that can be killed.
    let (code, _, err) = run(
        &[
            "gen",
            "17825",
            "--seed",
            "1",
            "--killers",
            "--out-dir",
            &path("killers"),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = run(&["audit", "17825", &path("killers"), "--json"], b"");
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["survivors"], serde_json::json!([]));
    assert!(report["mistakes"].as_array().unwrap().len() >= 5);
    // ... and so every wrong program of tests/programs fails on it.
    let exe = program("wrong_yut");
    for mode in [
        "blue-when-passing",
        "thirty-one-cell",
        "forty-shared",
        "stack-allowed",
        "finish-piece-moves",
        "first-arrival-wins",
        "no-blue",
    ] {
        let (code, out, _) = run(&["test", "17825", &path("killers"), "--", &exe, mode], b"");
        assert_eq!(code, 1, "{mode} passed the killer set: {out}");
    }
    let (code, out, _) = run(
        &["test", "17825", &path("killers"), "--", &exe, "correct"],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    // One corrupted answer and one invalid input are named.
    std::fs::write(d.join("killers/001.out"), "1\n").unwrap();
    std::fs::write(d.join("killers/900.in"), "1 2 3\n").unwrap();
    std::fs::write(d.join("killers/900.out"), "6\n").unwrap();
    let (code, out, _) = run(&["audit", "17825", &path("killers"), "--json"], b"");
    assert_eq!(code, 1, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["wrong_answers"][0]["name"].as_str().unwrap(),
        path("killers/001.in")
    );
    let invalid = report["invalid"][0]["message"].as_str().unwrap();
    assert!(
        invalid.contains("900.in:1:6: 3 dice: beyond BOJ 17825's limits"),
        "{invalid}"
    );
}

#[test]
fn test_names_the_cases_past_the_judges_limits_and_judges_them_all_the_same() {
    let tiler = program("boj_tiler");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.in"), "2\n1 1\n").unwrap();
    std::fs::write(d.join("b.in"), "3\n1 1\n").unwrap();
    let cases = d.to_str().unwrap();
    let (code, out, err) = run(&["test", "14600", cases, "--", &tiler, "8"], b"");
    assert_eq!(code, 0, "{out}{err}");
    let b = d.join("b.in").display().to_string();
    assert!(
        err.contains(&format!(
            "1 case is beyond BOJ 14600's limits (K ≤ 2), judged all the same: {b}"
        )),
        "{err}"
    );
    // Under 14601's limits the same case says nothing.
    let (_, _, err) = run(&["test", "14601", cases, "--", &tiler, "8"], b"");
    assert!(!err.contains("beyond"), "{err}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn each_judges_samples_and_killer_sets_under_audit_and_the_wrong_programs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = |name: &str| d.join(name).display().to_string();
    let audit = |name: &str, set: &str| {
        let (code, out, _) = run(
            &["audit", name, &path(set), "--search", "300", "--json"],
            b"",
        );
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        (code, report)
    };
    let ids = |report: &serde_json::Value, key: &str| -> Vec<String> {
        report[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    // The statements' examples: 12100's lets 24 of the 30 mistakes through
    // (and merge-again-across-gap, which none of the audit's 300 generated
    // cases kills, so it is not counted as killable there),
    // 92345's let b-moves-first through (all four are symmetric) and
    // no-step-up (in none of them does a step up change the answer), and
    // under 14601's special judge the tromino mistakes of the numbering
    // order are not killable at all (those of its rules are, and the
    // examples kill them).
    for (name, survivors) in [("12100", 24), ("92345", 2), ("14601", 0)] {
        let set = format!("samples-{name}");
        solved(&["samples", name, "--out-dir", &path(&set)], b"");
        let (code, report) = audit(name, &set);
        assert_eq!(
            ids(&report, "survivors").len(),
            survivors,
            "{name}: {report}"
        );
        assert_eq!(code, i32::from(survivors > 0), "{name}");
    }
    let (_, report) = audit("14601", "samples-14601");
    for mistake in report["mistakes"].as_array().unwrap() {
        let order =
            ["clockwise-quadrants", "centre-last"].contains(&mistake["id"].as_str().unwrap());
        assert_eq!(mistake["killable"], !order, "{mistake}");
    }
    // Every killer set leaves no survivor, and every wrong program of
    // tests/programs making one of its killable mistakes (each catalogued
    // id is a mode of the puzzle's program) fails on it.
    let wrong = [
        ("12100", "wrong2048"),
        ("17825", "wrong_yut"),
        ("footholds", "wrong_footholds"),
        ("tromino", "wrong_tromino"),
        ("92345", ""),
    ];
    for (name, exe) in wrong {
        let set = format!("killers-{name}");
        let (code, _, err) = run(
            &[
                "gen",
                name,
                "--seed",
                "1",
                "--killers",
                "--out-dir",
                &path(&set),
            ],
            b"",
        );
        assert_eq!(code, 0, "{name}: {err}");
        let (code, report) = audit(name, &set);
        assert_eq!(code, 0, "{name}: {report}");
        assert!(ids(&report, "survivors").is_empty(), "{name}: {report}");
        if exe.is_empty() {
            continue;
        }
        let exe = program(exe);
        let modes: Vec<&str> = report["mistakes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["killable"] == true)
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        assert!(!modes.is_empty(), "{name}: {report}");
        for mode in modes {
            let (code, out, _) = run(&["test", name, &path(&set), "--", &exe, mode], b"");
            assert_eq!(code, 1, "{name} {mode} passed the killer set: {out}");
        }
        let (code, out, _) = run(&["test", name, &path(&set), "--", &exe, "correct"], b"");
        assert_eq!(code, 0, "{name}: {out}");
    }
}
