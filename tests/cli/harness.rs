//! The harness that runs other people's programs, tried as a hostile user
//! would: escaping processes, signals, load, memory, output, its own
//! trouble, closed outputs, and files it must not damage.

use crate::common::{alive, run};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// A marker no other process has: a `sleep` argument unique to this test.
fn marker(tag: u32) -> String {
    format!("1000.{}{tag:03}", std::process::id())
}

fn stress(args: &[&str], script: &str) -> (i32, String, String) {
    let mut all = vec!["stress"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--", "sh", "-c", script]);
    run(&all, b"")
}

/// A correct 2048 solution: boardsolve itself.
fn solver() -> String {
    format!("exec {BIN} solve 2048")
}

#[test]
fn nothing_a_program_starts_outlives_stress_not_even_setsid_or_double_fork() {
    let (a, b) = (marker(1), marker(2));
    let script = format!("setsid sleep {a} & (sleep {b} &); {}", solver());
    let start = Instant::now();
    let (code, out, err) = stress(&["2048", "--cases", "12", "--seed", "1"], &script);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("all 12 cases passed"), "{out}");
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(alive(&a) + alive(&b), 0, "escaped processes were left");
}

#[test]
fn the_time_limit_holds_while_an_escaped_child_keeps_stdout_open() {
    let a = marker(3);
    let script = format!("setsid sleep {a} & while :; do :; done");
    let start = Instant::now();
    let (code, out, err) = stress(&["2048", "--cases", "1", "--time-limit", "300ms"], &script);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("time limit exceeded"), "{out}");
    // Two runs (the failure and its confirmation) and a short shrink.
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(alive(&a), 0);
}

#[test]
fn sigint_sigterm_and_sighup_kill_everything_started_then_exit_128_plus_n() {
    for (tag, signal, code) in [
        (4, libc::SIGINT, 130),
        (5, libc::SIGTERM, 143),
        (6, libc::SIGHUP, 129),
    ] {
        let (a, b) = (marker(tag), marker(tag + 10));
        // `b` is computed by the shell, so that only the program's own
        // `sleep`, not boardsolve's command line, shows it.
        let script = format!(
            "setsid sleep {a} & sleep 1000.$(({}))",
            b.trim_start_matches("1000.")
        );
        let mut child = Command::new(BIN)
            .args(["stress", "2048", "--cases", "4", "--time-limit", "100s"])
            .args(["--", "sh", "-c", &script])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while alive(&b) == 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(alive(&b) > 0, "the program never started");
        // SAFETY: kill only sends a signal to our own child.
        unsafe {
            libc::kill(child.id() as libc::pid_t, signal);
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code));
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(err.contains("interrupted"), "{err}");
        assert!(!err.contains("FAILED"), "{err}");
        assert_eq!(alive(&a) + alive(&b), 0, "signal {signal} left processes");
    }
}

#[test]
fn verdicts_count_cpu_time_so_they_do_not_depend_on_jobs_or_sleep() {
    // About 0.1 s of CPU each; sixteen at once on two cores would take
    // about a second of wall time each.
    let busy = format!(
        "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; {}",
        solver()
    );
    let (code, out, err) = stress(
        &[
            "2048",
            "--cases",
            "16",
            "--jobs",
            "16",
            "--time-limit",
            "1s",
        ],
        &busy,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("slowest passed case"), "{out}");
    // Sleeping is not CPU time (the wall-clock cap is 3 x 0.2 + 1 s).
    let sleepy = format!("sleep 0.4; {}", solver());
    let (code, out, err) = stress(&["2048", "--cases", "2", "--time-limit", "200ms"], &sleepy);
    assert_eq!(code, 0, "{out}{err}");
    // But sleeping for ever is stopped by the wall clock.
    let (code, out, _) = stress(
        &["2048", "--cases", "1", "--time-limit", "200ms"],
        "sleep 60",
    );
    assert_eq!(code, 1);
    assert!(out.contains("time limit exceeded (wall clock"), "{out}");
}

#[test]
fn memory_is_limited_and_reported() {
    // A 64 MiB shell variable, then the right answer.
    let hog = format!(
        "x=$(head -c 67108864 /dev/zero | tr '\\0' a); [ ${{#x}} -gt 0 ] && {}",
        solver()
    );
    let (code, out, err) = stress(
        &[
            "2048",
            "--cases",
            "1",
            "--memory-limit",
            "32M",
            "--shrink-time",
            "1s",
        ],
        &hog,
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("memory limit exceeded"), "{out}");
    let (code, out, err) = stress(&["2048", "--cases", "1", "--memory-limit", "1G"], &hog);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("largest peak memory: case 1 ("), "{out}");
    assert!(out.contains(" MiB)"), "{out}");
    let (code, _, err) = run(
        &["stress", "2048", "--memory-limit", "12Q", "--", "cat"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("unknown unit"), "{err}");
}

#[test]
fn the_harness_own_trouble_is_exit_2_before_any_case_runs() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.sh");
    std::fs::write(&plain, "echo 16\n").unwrap();
    for (command, needle) in [
        ("/no/such/program", "No such file"),
        ("no-such-program-anywhere", "no such program in PATH"),
        (plain.to_str().unwrap(), "is not executable"),
        (dir.path().to_str().unwrap(), "is a directory"),
    ] {
        let (code, out, err) = run(&["stress", "2048", "--cases", "3", "--", command], b"");
        assert_eq!(code, 2, "{command}: {out}{err}");
        assert!(err.contains(needle), "{err}");
        assert!(!out.contains("FAILED"), "{out}");
    }
}

#[test]
fn jobs_are_lowered_to_what_the_open_file_limit_allows() {
    let script = format!(
        "ulimit -n 64 && exec {BIN} stress 2048 --cases 20 --jobs 64 --seed 1 -- {BIN} solve 2048"
    );
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("--jobs 64 lowered to 4"), "{err}");
    assert!(err.contains("4 jobs"), "{err}");
}

#[test]
fn a_failure_that_does_not_happen_again_is_reported_as_flaky_not_shrunk() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("ran-once");
    let script = format!(
        "if [ -e {m} ]; then {s}; else touch {m}; echo 0; fi",
        m = mark.display(),
        s = solver()
    );
    let (code, out, err) = stress(&["2048", "--cases", "1", "--seed", "7"], &script);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("FLAKY on case 1 of seed 7"), "{out}");
    assert!(out.contains("failed in 1 of 2 runs"), "{out}");
    assert!(!out.contains("shrunk in"), "{out}");
}

#[test]
fn a_correct_huge_answer_passes_and_runaway_output_is_stopped_with_a_short_report() {
    let (code, out, err) = run(
        &[
            "stress", "tromino", "--n", "4096", "--cases", "1", "--", BIN, "solve", "tromino",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = stress(&["2048", "--cases", "1", "--shrink-time", "2s"], "yes");
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("output limit exceeded"), "{out}");
    assert!(out.len() < 64 << 10, "the report is {} bytes", out.len());
}

#[test]
fn the_reference_runs_under_a_limit_and_says_so() {
    let (code, out, err) = run(
        &[
            "stress",
            "2048",
            "--moves",
            "30",
            "--n",
            "20",
            "--density",
            "1",
            "--seed",
            "2",
            "--cases",
            "1",
            "--reference-limit",
            "1s",
            "--",
            "cat",
        ],
        b"",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("the reference answer took more than 1s on case 1"),
        "{err}"
    );
}

#[test]
fn check_runs_its_reference_under_a_limit_too() {
    let dir = tempfile::tempdir().unwrap();
    let (code, board, _) = run(
        &["gen", "2048", "--seed", "2", "--n", "20", "--density", "1"],
        b"",
    );
    assert_eq!(code, 0);
    std::fs::write(dir.path().join("a.in"), board).unwrap();
    std::fs::write(dir.path().join("a.out"), "1\n").unwrap();
    let (code, _, err) = run(
        &[
            "check",
            "2048",
            dir.path().join("a.in").to_str().unwrap(),
            dir.path().join("a.out").to_str().unwrap(),
            "--moves",
            "30",
            "--reference-limit",
            "500ms",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("the reference answer took more than 500ms"),
        "{err}"
    );
}

#[test]
fn a_closed_stdout_is_an_error_and_a_closed_pipe_keeps_a_failure_exit_1() {
    let script = format!("exec {BIN} solve 2048 examples/2048/sample.in >&-");
    let status = Command::new("sh")
        .args(["-c", &script])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    // `| head -c 10` on a failing stress run.
    let mut child = Command::new(BIN)
        .args(["stress", "2048", "--cases", "5", "--", "sh", "-c", "echo 0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn bulk_solve_never_follows_a_symlink_nor_overwrites_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.in"), "1\n2\n").unwrap();
    std::fs::write(d.join("victim"), "precious").unwrap();
    std::os::unix::fs::symlink(d.join("victim"), d.join("a.out")).unwrap();
    let (code, _, err) = run(
        &["solve", "2048", "--bulk", d.join("a.in").to_str().unwrap()],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("victim")).unwrap(),
        "precious"
    );
    assert_eq!(std::fs::read_to_string(d.join("a.out")).unwrap(), "2\n");

    std::fs::write(d.join("case.out"), "1\n4\n").unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            "--bulk",
            d.join("case.out").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("would overwrite the input itself"), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("case.out")).unwrap(),
        "1\n4\n"
    );

    for sub in ["d1", "d2"] {
        std::fs::create_dir(d.join(sub)).unwrap();
        std::fs::write(d.join(sub).join("t.in"), "1\n8\n").unwrap();
    }
    let out = d.join("o");
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            "--out-dir",
            out.to_str().unwrap(),
            d.join("d1/t.in").to_str().unwrap(),
            d.join("d2/t.in").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("d1/t.in and ") && err.contains("would both write"),
        "{err}"
    );
    assert!(!out.join("t.out").exists());
}

#[test]
fn gen_refuses_to_overwrite_unless_forced_and_never_follows_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("victim"), "precious").unwrap();
    std::os::unix::fs::symlink(d.join("victim"), d.join("002.in")).unwrap();
    let generate = |force: bool| {
        let mut args = vec!["gen", "2048", "--seed", "1", "--count", "3", "--out-dir"];
        args.push(d.to_str().unwrap());
        if force {
            args.push("--force");
        }
        run(&args, b"")
    };
    let (code, _, err) = generate(false);
    assert_eq!(code, 2);
    assert!(
        err.contains("002.in already exists (--force overwrites)"),
        "{err}"
    );
    assert!(
        !d.join("001.in").exists(),
        "nothing is written when refused"
    );
    let (code, _, err) = generate(true);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("victim")).unwrap(),
        "precious"
    );
    assert!(
        !d.join("002.in")
            .symlink_metadata()
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn bulk_solve_streams_a_huge_answer_to_its_file() {
    use boardsolve::tools::run::{Ending, Limits, Program, run as run_program};
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big.in");
    std::fs::write(&input, "4096 1 1\n").unwrap();
    let out_dir = dir.path().join("o");
    let program = Program::new(&[
        BIN.into(),
        "solve".into(),
        "tromino".into(),
        "--out-dir".into(),
        out_dir.to_str().unwrap().into(),
        input.to_str().unwrap().into(),
    ])
    .unwrap();
    let limits = Limits::for_cpu(Duration::from_secs(60), None, 1 << 40);
    let r = run_program(&program, b"", &limits).unwrap();
    assert_eq!(
        r.ending,
        Ending::Exited(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let written = std::fs::metadata(out_dir.join("big.out")).unwrap().len();
    assert!(written > 120_000_000, "{written} bytes");
    // The answer is over 120 MB (n is kept at 4096 for the disks of CI
    // machines); streamed, the run needs a small fraction of that.
    assert!(
        r.usage.peak_kib < 48 * 1024,
        "peak {} KiB",
        r.usage.peak_kib
    );
    assert!(
        Path::new(&out_dir).read_dir().unwrap().count() == 1,
        "no temporary file left"
    );
}

#[test]
fn names_with_control_characters_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad\x1b[2J.in");
    std::fs::write(&bad, "x\n").unwrap();
    let (code, _, err) = run(&["solve", "2048", "--bulk", bad.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(err.contains("bad\\u{1b}[2J.in"), "{err}");
    assert!(!err.contains('\x1b'), "{err:?}");
}
