//! `boardsolve test`: a program run over a folder of cases like a judge.

use crate::common::{Folder, alive, boardsolve, c_program, have, outcome, run, words};
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
            // A shell takes about 0.3 s of CPU to hold 32 MiB: with a
            // smaller limit, a loaded machine may see the time run out
            // before the memory, and the 128 case would be TLE.
            "--time-limit",
            "1s",
            "--memory-limit",
            "32M",
        ],
        &program(),
    );
    assert_eq!(code, 1, "{out}{err}");
    // The table: the lines up to the failure views.
    let verdicts: Vec<(&str, &str)> = out
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.contains(".in"))
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
        // One schema: every field on every case, null when it has no value.
        assert!(c["message"].is_null(), "{c}");
        let fields: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
        // In serde_json's (sorted) order.
        assert_eq!(
            fields,
            [
                "answer_file",
                "cpu_ms",
                "expected",
                "failure",
                "message",
                "name",
                "peak_kib",
                "unused_answer_file",
                "verdict",
                "wall_ms"
            ]
        );
        assert!(c["unused_answer_file"].is_null(), "{c}");
    }
    assert!(cases[0]["answer_file"].as_str().unwrap().ends_with("a.out"));
    assert!(cases[1]["answer_file"].as_str().unwrap().ends_with("b.ans"));
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

#[test]
fn with_both_out_and_ans_the_report_says_which_was_used() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    case(d, "x", 2, true);
    std::fs::write(d.join("x.ans"), "4\n").unwrap();
    case(d, "y", 2, false);
    let (code, out, err) = test(&["2048", d.to_str().unwrap()], "echo 2");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("x.in  (expected: x.out, x.ans not used)"),
        "{out}"
    );
    assert!(
        out.contains("y.in  (expected: reference, no .out)"),
        "{out}"
    );
    let (code, out, err) = test(&["2048", d.to_str().unwrap(), "--json"], "echo 2");
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let x = &report["cases"][0];
    assert_eq!(x["answer_file"], d.join("x.out").display().to_string());
    assert_eq!(
        x["unused_answer_file"],
        d.join("x.ans").display().to_string()
    );
    let y = &report["cases"][1];
    assert_eq!(y["expected"], "reference");
    assert!(y["answer_file"].is_null() && y["unused_answer_file"].is_null());
    assert!(y["message"].is_null());
}

#[test]
fn an_out_that_is_no_file_is_an_error_not_a_fall_back() {
    use std::os::unix::fs::symlink;
    for (what, make) in [("a directory", 0), ("a FIFO", 1), ("a broken link", 2)] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        case(d, "x", 2, false);
        // A right .ans beside it: falling back to it would pass.
        std::fs::write(d.join("x.ans"), "2\n").unwrap();
        let out = d.join("x.out");
        match make {
            0 => std::fs::create_dir(&out).unwrap(),
            1 => assert!(
                std::process::Command::new("mkfifo")
                    .arg(&out)
                    .status()
                    .unwrap()
                    .success()
            ),
            _ => symlink("gone.out", &out).unwrap(),
        }
        let (code, stdout, err) = test(&["2048", d.to_str().unwrap()], "echo 2");
        assert_eq!((code, stdout.as_str()), (2, ""), "{what}: {err}");
        assert_eq!(
            err,
            format!(
                "boardsolve: {} is {what}, not an answer file (the expected output of {})\n",
                out.display(),
                d.join("x.in").display()
            )
        );
    }
}

#[test]
fn in_entries_that_are_no_files_are_named_on_stderr() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    case(d, "1", 2, true);
    std::fs::create_dir(d.join("2.in")).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(d.join("3.in"))
            .status()
            .unwrap()
            .success()
    );
    symlink("/dev/zero", d.join("4.in")).unwrap();
    symlink("5.in", d.join("5.in")).unwrap();
    let skipped = [
        ("2.in", "a directory"),
        ("3.in", "a FIFO"),
        ("4.in", "a link to a character device"),
        ("5.in", "a symlink loop"),
    ]
    .map(|(name, why)| format!("boardsolve: skipped: {} ({why})", d.join(name).display()));
    let (code, out, err) = test(&["2048", d.to_str().unwrap()], "echo 2");
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err.lines().collect::<Vec<_>>(), skipped, "{err}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    // Bulk solve scans directories the same way (replacing 1.out, asked).
    let (code, _, err) = run(&["solve", "2048", "--force", d.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().collect::<Vec<_>>(), skipped, "{err}");
    assert_eq!(std::fs::read_to_string(d.join("1.out")).unwrap(), "2\n");
}

/// `boardsolve test 12100 -- sh -c SCRIPT` in `dir`, with no path named.
fn test_here(dir: &Path, script: &str) -> (i32, String, String) {
    let out = boardsolve()
        .current_dir(dir)
        .args(["test", "12100", "--", "sh", "-c", script])
        .output()
        .unwrap();
    outcome(out)
}

/// [`test_here`], asserting that it passed on the one case it found in
/// `folder` (no path named); returns its standard output.
fn passes_from(dir: &Path, script: &str, folder: &str) -> String {
    let (code, out, err) = test_here(dir, script);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        err,
        format!(
            "boardsolve: cases from {folder}/ (no path named)\n\
             test 12100: 1 case, CPU time 1s, memory 512.0 MiB (BOJ 12100's limits)\n"
        )
    );
    out
}

#[test]
fn without_a_path_tests_then_test_as_online_judge_tools_lays_it_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (code, out, err) = test_here(d, "echo 2");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "boardsolve: no cases named, and neither tests/ nor test/ is a directory here; \
         `boardsolve samples 12100 --out-dir tests/` writes the statement's examples\n"
    );
    // online-judge-tools: test/sample-1.in, test/sample-1.out.
    std::fs::create_dir(d.join("test")).unwrap();
    std::fs::write(d.join("test/sample-1.in"), "1\n2\n").unwrap();
    std::fs::write(d.join("test/sample-1.out"), "2\n").unwrap();
    let out = passes_from(d, "echo 2", "test");
    assert!(
        out.contains("AC ") && out.contains("test/sample-1.in"),
        "{out}"
    );
    assert!(!out.contains("reference"), "{out}");
    // tests/ first when both are there.
    std::fs::create_dir(d.join("tests")).unwrap();
    case(&d.join("tests"), "1", 4, true);
    let out = passes_from(d, "echo 4", "tests");
    assert!(
        out.contains("tests/1.in") && !out.contains("sample"),
        "{out}"
    );
}

#[test]
fn a_board_the_checker_refuses_is_refused_before_the_program_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("1.in"), "8192 0 0\n").unwrap();
    let ran = d.join("ran");
    let (code, _, err) = test(
        &["tromino", d.to_str().unwrap()],
        &format!("touch {}; cat", ran.display()),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("check reads boards up to 4096×4096"), "{err}");
    assert!(!ran.exists(), "the program ran");
}

#[test]
fn answer_files_larger_than_memory_holds_are_compared_as_streams() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Past the 64 KiB held in memory: read from the files as streams,
    // with the same verdicts and places as a comparison in memory.
    let blank = " \n".repeat(100_000);
    std::fs::write(d.join("1.in"), "1\n2\n").unwrap();
    std::fs::write(d.join("1.out"), format!("{blank}2{blank}")).unwrap();
    std::fs::write(d.join("2.in"), "1\n4\n").unwrap();
    std::fs::write(d.join("2.out"), format!("{blank}5\n")).unwrap();
    // 100 000 blank lines before the answer: the output is past 64 KiB too.
    let script = "read n; read v; yes '' | head -n 100000; echo $v";
    let (code, out, err) = test(&["2048", d.to_str().unwrap()], script);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("1 passed, 1 failed"), "{out}");
    assert!(
        out.contains("wrong answer (100001:1: expected \"5\", found \"4\")"),
        "{out}"
    );
}

#[test]
fn named_paths_that_are_missing_or_not_cases_stop_the_run_and_a_fifo_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    case(d, "1", 2, true);
    let path = |name: &str| d.join(name).display().to_string();
    std::fs::write(d.join("typo"), "1\n2\n").unwrap();
    for (paths, says) in [
        (
            vec![path("1.in"), path("nonexist")],
            "nonexist does not exist",
        ),
        (vec![path("nonexist.in")], "nonexist.in does not exist"),
        (vec![path("1.in"), path("typo")], "typo is not a case"),
    ] {
        let mut args = vec!["2048"];
        args.extend(paths.iter().map(String::as_str));
        let (code, out, err) = test(&args, "cat >/dev/null; echo 2");
        assert_eq!((code, out.as_str()), (2, ""), "{paths:?}: {err}");
        assert!(err.contains(says), "{paths:?}: {err}");
    }
    // X.ans named beside its X.in is an answer, not a case.
    std::fs::write(d.join("1.ans"), "2\n").unwrap();
    let (code, _, err) = test(
        &["2048", &path("1.in"), &path("1.ans"), &path("1.out")],
        "cat >/dev/null; echo 2",
    );
    assert_eq!(code, 0, "{err}");
    // A FIFO case is read once: the writer below writes it once only.
    let fifo = d.join("f.in");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(&fifo, "1\n8\n"))
    };
    let (code, out, err) = test(&["2048", "--json", &path("f.in")], "cat >/dev/null; echo 8");
    writer.join().unwrap().unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"passed\": 1"), "{out}");
}

#[test]
fn a_reference_too_slow_for_a_case_without_answer_stops_the_run_with_the_option_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The dense seed-2 board at K = 16 takes the fast solver about a second.
    let board = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/2048-dense-seed2.in"),
    )
    .unwrap();
    std::fs::write(d.join("big.in"), board).unwrap();
    let (code, out, err) = test(
        &[
            "2048",
            "--moves",
            "16",
            "--reference-limit",
            "50ms",
            &d.display().to_string(),
        ],
        "cat >/dev/null; echo 2",
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("the reference answer took more than 50ms")
            && err.contains("big.in")
            && err.contains("--reference-limit"),
        "{err}"
    );
}

/// A problem package's data, as `bt run` reads it: sample/ and secret/
/// (with a nested group) with `.ans` answers, and validator tests in
/// invalid_input/ that are no cases.
fn package_data(root: &Path) -> std::path::PathBuf {
    let data = root.join("data");
    for group in ["sample", "secret", "secret/group", "invalid_input"] {
        std::fs::create_dir_all(data.join(group)).unwrap();
    }
    std::fs::write(data.join("sample/1.in"), "1\n2\n").unwrap();
    std::fs::write(data.join("sample/1.ans"), "2\n").unwrap();
    std::fs::write(data.join("secret/a.in"), "1\n4\n").unwrap();
    std::fs::write(data.join("secret/a.ans"), "4\n").unwrap();
    std::fs::write(data.join("secret/group/b.in"), "1\n8\n").unwrap();
    std::fs::write(data.join("secret/group/b.ans"), "8\n").unwrap();
    std::fs::write(data.join("invalid_input/bad.in"), "0\n").unwrap();
    data
}

#[test]
fn a_package_or_its_data_folder_is_a_suite_of_sample_then_secret() {
    let dir = tempfile::tempdir().unwrap();
    let data = package_data(dir.path());
    for path in [dir.path(), data.as_path()] {
        let shown = path.to_str().unwrap();
        let (code, out, err) = test(&["12100", shown], "read n; read v; echo $v");
        assert_eq!(code, 0, "{out}{err}");
        let cases: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("AC"))
            .map(|l| l.rsplit("data/").next().unwrap())
            .collect();
        assert_eq!(cases, ["sample/1.in", "secret/a.in", "secret/group/b.in"]);
        assert!(out.ends_with("3 passed, 0 failed\n"), "{out}");
        assert!(!err.contains("invalid_input"), "{err}");
    }
}

#[test]
fn answers_in_another_folder_are_judged_against() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases = d.join("cases");
    let answers = d.join("answers");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::create_dir_all(&answers).unwrap();
    case(&cases, "1", 2, false);
    case(&cases, "2", 4, false);
    // The answers folder is wrong on purpose for case 2: it counts.
    std::fs::write(answers.join("1.out"), "2\n").unwrap();
    std::fs::write(answers.join("2.out"), "5\n").unwrap();
    let shown = |p: &Path| p.to_str().unwrap().to_string();
    let (code, out, err) = test(
        &["12100", &shown(&cases), "--answers", &shown(&answers)],
        "read n; read v; echo $v",
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("WA"), "{out}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
    assert!(!out.contains("reference"), "{out}");
    // Two cases of one name would share an answer: refused, not guessed.
    let data = package_data(&d.join("pkg"));
    std::fs::write(data.join("secret/1.in"), "1\n2\n").unwrap();
    let (code, _, err) = test(
        &["12100", &shown(&data), "--answers", &shown(&answers)],
        "read n; read v; echo $v",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("would share one answer"), "{err}");
    let (code, _, err) = test(
        &[
            "12100",
            &shown(&cases),
            "--answers",
            &shown(&d.join("none")),
        ],
        "read n; read v; echo $v",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a directory"), "{err}");
}

#[test]
fn a_runtime_error_shows_the_stderr_of_its_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in ["1", "2", "3", "4"] {
        case(d, name, 8, true);
    }
    let runs = d.join("runs");
    // Each run leaves a line in `runs` and dies saying which input it read.
    let script = format!(
        "read n; read v; echo run >> '{}'; echo \"crashed on $v\" >&2; exit 3",
        runs.display()
    );
    let (code, out, err) = test(&["2048", d.to_str().unwrap(), "--jobs", "2"], &script);
    assert_eq!(code, 1, "{out}{err}");
    // Three shown in full (the default --show), the fourth only named.
    assert_eq!(out.matches("--- stderr (13 bytes) ---").count(), 3, "{out}");
    assert_eq!(out.matches("\ncrashed on 8\n").count(), 3, "{out}");
    let count = std::fs::read_to_string(&runs).unwrap().lines().count();
    assert_eq!(count, 4, "each case runs once, none again for its stderr");
}

#[test]
fn a_judges_number_brings_its_published_limits_and_the_flags_override_them() {
    // Before: `test 12100` had no memory limit (an endless allocation ran
    // to 3.47 GiB and was TLE) and a generic 2 s CPU limit.
    let work = Folder::new();
    let Some(exe) = c_program("endless_alloc.c", &[], work.dir.path()) else {
        return;
    };
    let exe = exe.to_str().unwrap();
    std::fs::create_dir(work.path("cases")).unwrap();
    case(&work.path("cases"), "a", 16, true);
    let (code, out, err) = work.run(&["test", "12100", "cases", "--", exe]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("CPU time 1s, memory 512.0 MiB (BOJ 12100's limits)"),
        "{err}"
    );
    assert!(out.contains("MLE "), "{out}");
    // The flags override the judge's figures, and say so.
    let limit = ["--memory-limit", "64M"];
    let (code, out, err) = work.run(&["test", "12100", "cases", limit[0], limit[1], "--", exe]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("memory 64.0 MiB (BOJ 12100's limits, --memory-limit given)"),
        "{err}"
    );
    assert!(out.contains("MLE "), "{out}");
    // A puzzle's own name keeps boardsolve's defaults (2 s, no memory
    // limit), unsaid. (Not run with the endless allocation: without a
    // memory limit it takes gigabytes before its CPU time runs out.)
    let (code, out, err) = work.run(&words("test 2048 cases -- sh -c 'echo 16'"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.is_empty(), "{err}");
    // stress shows the same limits on its header line.
    let (code, out, err) = work.run(&words("stress 14600 --cases 1 -- sh -c 'exit 3'"));
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("CPU time 2s, memory 128.0 MiB (BOJ 14600's limits)"),
        "{err}"
    );
}

#[test]
fn each_run_has_an_empty_working_directory_and_a_session_of_its_own() {
    // Before: runs shared boardsolve's directory (a scratch file gave
    // 2 WA of 4 with --jobs 2) and its session (a program could take
    // the terminal with tcsetpgrp).
    let work = Folder::new();
    let Some(exe) = c_program("own_dir.c", &[], work.dir.path()) else {
        return;
    };
    let cases = work.path("cases");
    std::fs::create_dir(&cases).unwrap();
    for (name, v) in [("1", 2), ("2", 4), ("3", 8), ("4", 16)] {
        case(&cases, name, v, true);
    }
    let (code, out, err) = work.run(&[
        "test",
        "2048",
        "cases",
        "--jobs",
        "2",
        "--",
        exe.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("4 passed, 0 failed"), "{out}");
    // Nothing is left where boardsolve runs, nor of the run's folders.
    assert!(!work.path("scratch.txt").exists());
    // A script named by a relative path still runs, and imports the
    // module beside it.
    if have("python3") {
        for name in ["uses_helper.py", "helper.py"] {
            work.copy_program(name, name);
        }
        let (code, out, err) = work.run(&words("test 2048 cases -- python3 uses_helper.py"));
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("4 passed, 0 failed"), "{out}");
    }
}
