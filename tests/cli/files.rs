//! Files and case names: what bulk solve, gen and test write and read.

use crate::common::run;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

#[test]
fn dotted_case_names_keep_all_but_the_last_extension_in_solve_and_test() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = |name: &str| d.join(name).display().to_string();
    for (name, v) in [("case.v2", 2), ("a.b.c", 4), ("1.5", 8), ("1.10", 16)] {
        std::fs::write(d.join(format!("{name}.in")), format!("1\n{v}\n")).unwrap();
    }
    let (code, out, err) = run(&["solve", "2048", "--bulk", &path("case.v2.in")], b"");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("case.v2.out")).unwrap(),
        "2\n"
    );
    assert!(!d.join("case.out").exists());
    // 1.5 and 1.10 are two cases, not one answer twice.
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            &path("a.b.c.in"),
            &path("1.5.in"),
            &path("1.10.in"),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    for (name, v) in [("a.b.c", 4), ("1.5", 8), ("1.10", 16)] {
        let answer = std::fs::read_to_string(d.join(format!("{name}.out"))).unwrap();
        assert_eq!(answer, format!("{v}\n"), "{name}.out");
    }
    assert!(!d.join("a.b.out").exists() && !d.join("1.out").exists());
    // The same names into --out-dir.
    let o = d.join("o");
    let (code, _, err) = run(
        &["solve", "2048", "--out-dir", o.to_str().unwrap(), &path("")],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    for name in ["case.v2", "a.b.c", "1.5", "1.10"] {
        assert!(o.join(format!("{name}.out")).is_file(), "{name}.out");
    }
    // test finds every answer solve wrote: none falls back to the reference.
    let (code, out, err) = run(
        &[
            "test",
            "2048",
            &path(""),
            "--json",
            "--",
            BIN,
            "solve",
            "2048",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cases = report["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4, "{out}");
    for c in cases {
        assert_eq!(c["expected"], "file", "{c}");
    }
}

/// The `.boardsolve-*.tmp` files in `dir`, with their sizes.
fn temporaries(dir: &Path) -> Vec<(String, u64)> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().to_string_lossy().into_owned();
            let temp = name.starts_with(".boardsolve-") && name.ends_with(".tmp");
            temp.then(|| (name, e.metadata().map_or(0, |m| m.len())))
        })
        .collect()
}

const SIGNALS: [(libc::c_int, i32); 3] = [
    (libc::SIGINT, 130),
    (libc::SIGTERM, 143),
    (libc::SIGHUP, 129),
];

/// Starts `boardsolve ARGS`, sends `signal` once `ready` says so (checked
/// every millisecond), and returns its exit status and stderr.
fn stopped(args: &[&str], signal: libc::c_int, ready: impl Fn() -> bool) -> (Option<i32>, String) {
    let mut child = crate::common::default_signals(&mut Command::new(BIN))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before the signal could be sent"
        );
        assert!(Instant::now() < deadline, "{args:?}: never ready");
        std::thread::sleep(Duration::from_millis(1));
    }
    // SAFETY: kill only sends a signal to the child started above.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_signal_during_bulk_solve_leaves_no_temporary_and_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    let c = cases.to_str().unwrap();
    // Tromino n = 4096: about 130 MB an answer, written as it is made.
    let make = ["gen", "tromino", "--seed", "1", "--n", "4096"];
    let (code, _, err) = run(
        &[&make[..], &["--count", "4", "--out-dir", c]].concat(),
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let full = dir.path().join("full");
    let first = cases.join("001.in");
    let (code, _, err) = run(
        &[
            "solve",
            "tromino",
            "--out-dir",
            full.to_str().unwrap(),
            first.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    // Every answer of this size has the same length (the same labels).
    let complete = std::fs::metadata(full.join("001.out")).unwrap().len();
    for (signal, status) in SIGNALS {
        for k in 1..=4 {
            let _ = std::fs::remove_file(cases.join(format!("{k:03}.out")));
        }
        // Sent while an answer is half written.
        let (code, err) = stopped(&["solve", "tromino", c], signal, || {
            temporaries(&cases).iter().any(|&(_, len)| len > 0)
        });
        assert_eq!(code, Some(status), "signal {signal}: {err}");
        assert!(err.contains("interrupted"), "{err}");
        assert_eq!(temporaries(&cases), [], "signal {signal} left them");
        for k in 1..=4 {
            if let Ok(m) = std::fs::metadata(cases.join(format!("{k:03}.out"))) {
                assert_eq!(m.len(), complete, "{k:03}.out is partial");
            }
        }
    }
}

#[test]
fn a_signal_during_gen_leaves_no_temporary_and_no_partial_file() {
    for (signal, status) in SIGNALS {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("set");
        let args = ["gen", "2048", "--seed", "3", "--count", "20000"];
        let out = ["--out-dir", d.to_str().unwrap()];
        let (code, err) = stopped(&[&args[..], &out].concat(), signal, || {
            std::fs::read_dir(&d).is_ok_and(|e| e.count() > 200)
        });
        assert_eq!(code, Some(status), "signal {signal}: {err}");
        assert_eq!(temporaries(&d), [], "signal {signal} left them");
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.ends_with('\n'), "{} is partial", path.display());
        }
        // Every file left is a whole instance.
        let answers = dir.path().join("answers");
        let (a, d) = (answers.to_str().unwrap(), d.to_str().unwrap());
        let (code, _, err) = run(&["solve", "2048", "--out-dir", a, d], b"");
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn a_signal_ignored_from_the_start_stays_ignored() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("set");
    let mut command = Command::new(BIN);
    crate::common::default_signals(&mut command)
        .args([
            "gen",
            "2048",
            "--seed",
            "3",
            "--count",
            "20000",
            "--out-dir",
        ])
        .arg(&d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: signal is async-signal-safe; as nohup does before exec.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !std::fs::read_dir(&d).is_ok_and(|e| e.count() > 50) {
        assert!(child.try_wait().unwrap().is_none() && Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(1));
    }
    let pid = child.id() as libc::pid_t;
    let written = || std::fs::read_dir(&d).map_or(0, Iterator::count);
    let at_hangup = written();
    // SAFETY: kill only sends a signal to the child started above.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGHUP) }, 0);
    // Proof that gen went on past the signal, however slowly a busy
    // machine runs it: a thousand more cases, while a stop would end it
    // at the case in hand.
    crate::common::wait_until("gen to go on after SIGHUP", || {
        assert!(
            child.try_wait().unwrap().is_none(),
            "an ignored SIGHUP stopped gen (nohup)"
        );
        written() > at_hangup + 1000
    });
    // SAFETY: as above.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    assert_eq!(child.wait().unwrap().code(), Some(143));
    assert_eq!(temporaries(&d), []);
}

#[test]
fn bulk_solve_never_replaces_a_file_unasked_and_keeps_json_and_prose_out_of_answers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = |name: &str| d.join(name).display().to_string();
    std::fs::write(d.join("1.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(d.join("1.out"), "precious\n").unwrap();
    let precious = || std::fs::read_to_string(d.join("1.out")).unwrap();
    // Named beside its answer, as a directory, and into --out-dir: refused,
    // exit 2, the file named and left as it was.
    for args in [
        vec!["solve", "2048", &path("1.in"), &path("1.out")],
        vec!["solve", "2048", &path("")],
        vec!["solve", "2048", "--bulk", &path("1.in")],
        vec!["solve", "2048", "--out-dir", &path(""), &path("1.in")],
    ] {
        let (code, out, err) = run(&args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(
            err.contains(&format!("{} exists already", path("1.out"))) && err.contains("--force"),
            "{args:?}: {err}"
        );
        assert_eq!(precious(), "precious\n", "{args:?}");
    }
    // --force replaces it.
    let (code, _, err) = run(&["solve", "2048", "--force", &path("")], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(precious(), "16\n");
    // --json and --explain never write X.out, which test would read as the
    // expected answer.
    let (code, _, err) = run(&["solve", "2048", "--json", &path("")], b"");
    assert_eq!(code, 0, "{err}");
    let json = std::fs::read_to_string(d.join("1.json")).unwrap();
    assert!(
        json.starts_with('{') && json.contains("\"max\":16"),
        "{json}"
    );
    let (code, _, err) = run(&["solve", "2048", "--explain", &path("")], b"");
    assert_eq!(code, 0, "{err}");
    assert!(d.join("1.explain").is_file());
    assert_eq!(precious(), "16\n");
    // A second --json run refuses the JSON file it made.
    let (code, _, err) = run(&["solve", "2048", "--json", &path("")], b"");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn validate_names_the_directory_entries_it_skips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("1.in"), "1\n2\n").unwrap();
    std::fs::write(d.join("1.out"), "2\n").unwrap();
    std::fs::write(d.join("2.txt"), "1\n2\n").unwrap();
    std::fs::create_dir(d.join("3.in")).unwrap();
    let (code, out, err) = run(&["validate", "12100", d.to_str().unwrap()], b"");
    assert_eq!((code, out.as_str()), (0, "all 1 valid\n"), "{err}");
    let shown = |name: &str| d.join(name).display().to_string();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!("boardsolve: skipped: {} (a directory)", shown("3.in")),
            format!("boardsolve: skipped {} (not *.in cases)", shown("2.txt")),
        ],
        "{err}"
    );
}

#[test]
fn gen_force_removes_the_answers_of_the_inputs_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("set");
    let s = d.to_str().unwrap();
    let gen_ = |seed: &str, force: bool| {
        let mut args = vec![
            "gen",
            "12100",
            "--seed",
            seed,
            "--count",
            "3",
            "--out-dir",
            s,
        ];
        if force {
            args.push("--force");
        }
        run(&args, b"")
    };
    let (code, _, err) = gen_("1", false);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["solve", "12100", s], b"");
    assert_eq!(code, 0, "{err}");
    std::fs::write(d.join("001.ans"), "1\n").unwrap();
    // Not beside a replaced input: kept.
    std::fs::write(d.join("009.out"), "1\n").unwrap();
    // Without --force nothing changes.
    let (code, _, err) = gen_("2", false);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("001.in already exists (--force overwrites)"),
        "{err}"
    );
    assert!(d.join("001.out").exists() && d.join("001.ans").exists());
    let (code, _, err) = gen_("2", true);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "removed 4 answers of the replaced inputs: 001.out, 001.ans, 002.out, 003.out\n"
        ),
        "{err}"
    );
    for gone in ["001.out", "001.ans", "002.out", "003.out"] {
        assert!(!d.join(gone).exists(), "{gone}");
    }
    assert!(d.join("009.out").exists() && d.join("003.in").exists());
    // The reference solver passes the new set.
    let me = env!("CARGO_BIN_EXE_boardsolve");
    let (code, out, err) = run(&["test", "12100", s, "--", me, "solve", "12100"], b"");
    assert_eq!(code, 0, "{out}{err}");
    // The killer set writes its own .out files: only a stale .ans goes.
    let k = dir.path().join("killers");
    let ks = k.to_str().unwrap();
    let killers = ["gen", "12100", "--seed", "1", "--killers", "--out-dir", ks];
    let (code, _, err) = run(&killers, b"");
    assert_eq!(code, 0, "{err}");
    std::fs::write(k.join("001.ans"), "0\n").unwrap();
    let (code, _, err) = run(&[&killers[..], &["--force"]].concat(), b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("removed 1 answer of the replaced inputs: 001.ans\n"),
        "{err}"
    );
    assert!(k.join("001.out").exists() && !k.join("001.ans").exists());
}

#[test]
fn bulk_solve_makes_its_out_dir_only_for_answers_and_leaves_none_when_refused() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    for input in ["a/1.in", "b/1.in"] {
        std::fs::create_dir_all(dir.path().join(input).parent().unwrap()).unwrap();
        std::fs::write(dir.path().join(input), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    }
    std::fs::write(dir.path().join("bad.in"), "junk\n").unwrap();
    let deep = at("s2/new/deep");
    // Refused before anything is solved: two answers for one file.
    let (code, _, err) = run(
        &[
            "solve",
            "12100",
            &at("a/1.in"),
            &at("b/1.in"),
            "--out-dir",
            &deep,
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("would both write"), "{err}");
    assert!(!dir.path().join("s2").exists(), "a refused run made s2/");
    // Every file failed: nothing to keep the folders for.
    let (code, _, err) = run(&["solve", "12100", &at("bad.in"), "--out-dir", &deep], b"");
    assert_eq!(code, 2, "{err}");
    assert!(
        !dir.path().join("s2").exists(),
        "a run that wrote nothing made s2/"
    );
    // Made as `mkdir -p` makes them when an answer goes there, and kept
    // with it even when another file failed.
    let (code, _, err) = run(
        &[
            "solve",
            "12100",
            &at("bad.in"),
            &at("a/1.in"),
            "--out-dir",
            &deep,
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("s2/new/deep/1.out")).unwrap(),
        "16\n"
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
    assert_eq!(code, 2, "not replaced unasked: {err}");
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            "--bulk",
            "--force",
            d.join("a.in").to_str().unwrap(),
        ],
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
    // This test binary is not boardsolve: the keeper is.
    let harness = boardsolve::tools::harness::Harness::with_keeper(BIN);
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
    let r = run_program(&harness, &program, b"", &limits).unwrap();
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
