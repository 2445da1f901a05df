//! Arguments, help, version, exit codes shared by every puzzle.

use crate::common::{assert_refused, boardsolve, golden_solved, run, solved};

#[test]
fn version_and_help() {
    let short = solved(&["-V"], b"");
    assert_eq!(short, format!("boardsolve {}\n", env!("CARGO_PKG_VERSION")));
    let long = solved(&["--version"], b"");
    let lines: Vec<&str> = long.lines().collect();
    assert_eq!(lines.len(), 3, "{long}");
    assert_eq!(lines[0], short.trim_end());
    assert!(lines[1].starts_with("commit: "), "{long}");
    let commit = &lines[1]["commit: ".len()..];
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
        "{long}"
    );
    assert!(lines[2].starts_with("AVX-512: "), "{long}");
    // Turned off, the portable code is what runs, whatever the CPU.
    let off = boardsolve()
        .arg("--version")
        .env("BOARDSOLVE_SIMD", "off")
        .output()
        .unwrap();
    let off = String::from_utf8(off.stdout).unwrap();
    assert!(off.contains("the portable code runs"), "{off}");
    let out = solved(&["solve", "--help"], b"");
    assert!(out.contains("boardsolve solve 2048 examples/2048/sample.in"));
    assert!(out.contains("Limits"));
}

#[test]
fn stress_without_the_separator_shows_where_it_goes() {
    for (args, hint) in [
        (
            &["stress", "2048", "./a.out"][..],
            "boardsolve stress 2048 -- ./a.out",
        ),
        (
            &["stress", "2048", "--cases", "5", "python3", "sol.py"],
            "boardsolve stress 2048 --cases 5 -- python3 sol.py",
        ),
        (
            &["stress", "2048"],
            "boardsolve stress 2048 -- ./your-program",
        ),
    ] {
        assert_refused(args, b"", &format!("your program goes after `--`: {hint}"));
    }
    // A program name that is not UTF-8 gets the hint too, not a panic.
    use std::os::unix::ffi::OsStrExt;
    let out = boardsolve()
        .args(["stress", "2048"])
        .arg(std::ffi::OsStr::from_bytes(b"./\xff"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("your program goes after `--`"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn unknown_puzzle_is_a_usage_error() {
    let (code, out, err) = run(&["solve", "sudoku"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("unknown puzzle 'sudoku'"), "{err}");
    assert!(!err.contains("did you mean"), "{err}");
    // A likely typo gets the name it meant.
    for (typed, meant) in [
        ("2084", "2048"),
        ("12010", "12100"),
        ("fotholds", "footholds"),
    ] {
        let (code, _, err) = run(&["solve", typed], b"");
        assert_eq!(code, 2);
        assert!(err.contains(&format!("did you mean '{meant}'?")), "{err}");
    }
}

#[test]
fn a_dash_is_standard_input() {
    assert_eq!(
        crate::common::solved(&["solve", "2048", "-"], b"3\n2 2 2\n4 4 4\n8 8 8\n"),
        "16\n"
    );
}

#[test]
fn missing_file_is_reported() {
    assert_refused(
        &["solve", "2048", "/no/such/file.in"],
        b"",
        "cannot read /no/such/file.in",
    );
}

/// The answers of the bundled `examples/` files are shown in README.md and
/// docs/, whose examples `examples.rs` runs.
#[test]
fn golden_cases() {
    for (dir, names) in [
        ("2048", &["2048", "12100"][..]),
        ("yut", &["yut", "17825"]),
        ("tromino", &["tromino"]),
    ] {
        golden_solved(dir, names);
    }
}

#[test]
fn bash_completion_offers_subcommands_and_puzzle_names() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("boardsolve.bash");
    std::fs::write(&script, solved(&["completions", "bash"], b"")).unwrap();
    // Completes WORDS at position CWORD the way bash's `complete -F` would.
    let complete = |words: &str, cword: usize, current: &str, previous: &str| {
        let program = format!(
            "source {}; COMP_WORDS=({words}); COMP_CWORD={cword}; COMP_LINE='{words}'; \
             COMP_POINT=${{#COMP_LINE}}; _boardsolve boardsolve '{current}' '{previous}'; \
             echo \"${{COMPREPLY[@]}}\"",
            script.display()
        );
        let out = std::process::Command::new("bash")
            .args(["--norc", "-c", &program])
            .output()
            .expect("bash runs");
        String::from_utf8(out.stdout).unwrap()
    };
    let subcommands = complete("boardsolve s", 1, "s", "boardsolve");
    let mut subcommands: Vec<&str> = subcommands.split_whitespace().collect();
    subcommands.sort_unstable();
    assert_eq!(subcommands, ["samples", "solve", "stress"]);
    let puzzles = complete("boardsolve solve ''", 2, "", "solve");
    for p in boardsolve::puzzles::all() {
        assert!(
            puzzles.split_whitespace().any(|w| w == p.name()),
            "{}: {puzzles}",
            p.name()
        );
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        assert!(
            solved(&["completions", shell], b"").contains("boardsolve"),
            "{shell}"
        );
    }
}

#[test]
fn the_manual_page_renders_without_warnings() {
    let page = solved(&["man"], b"");
    assert!(
        page.starts_with(".ie") || page.contains(".TH boardsolve"),
        "{page}"
    );
    for sub in ["solve", "check", "gen", "stress", "completions"] {
        assert!(page.contains(sub), "{sub} missing from the page");
    }
    // `man` is a Debian package (man-db) that .ci/run installs; a machine
    // without it still checks the roff above.
    if std::process::Command::new("man")
        .arg("--version")
        .output()
        .is_err()
        && crate::common::skip_without("man (man-db)")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boardsolve.1");
    std::fs::write(&path, &page).unwrap();
    let out = std::process::Command::new("man")
        .args(["--warnings", "-l"])
        .arg(&path)
        .env("MANWIDTH", "80")
        .env("MAN_KEEP_FORMATTING", "0")
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(shown.contains("boardsolve"), "{shown}");
}

#[test]
fn every_page_the_manual_lists_is_there() {
    let page = solved(&["man"], b"");
    for sub in [
        "solve",
        "check",
        "gen",
        "stress",
        "test",
        "validate",
        "audit",
        "samples",
        "package",
        "completions",
        "man",
    ] {
        assert!(
            page.contains(&format!("boardsolve\\-{sub}(1)")),
            "{sub} not listed"
        );
        let own = solved(&["man", sub], b"");
        assert!(own.contains(&format!(".TH boardsolve-{sub} 1")), "{own}");
        assert!(own.contains(&format!("\\fBboardsolve {sub}\\fR")), "{own}");
    }
    let (code, out, err) = run(&["man", "tset"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("no command 'tset'; choose one of: solve"),
        "{err}"
    );
}

#[test]
fn colour_only_where_asked_and_never_in_judge_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.in");
    let wrong = dir.path().join("a.out");
    std::fs::write(&input, "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(&wrong, "8\n").unwrap();
    let (input, wrong) = (input.to_str().unwrap(), wrong.to_str().unwrap());
    let check = |color: &str, env: &[(&str, &str)]| {
        let mut cmd = boardsolve();
        cmd.args(["check", "2048", input, wrong, "--color", color]);
        cmd.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            cmd.env(k, v);
        }
        String::from_utf8(cmd.output().unwrap().stdout).unwrap()
    };
    let escape = |text: &str| text.contains('\u{1b}');
    assert!(escape(&check("always", &[])));
    assert!(!escape(&check("never", &[("CLICOLOR_FORCE", "1")])));
    // Not a terminal: plain, unless forced; NO_COLOR turns it off.
    assert!(!escape(&check("auto", &[])));
    assert!(escape(&check("auto", &[("CLICOLOR_FORCE", "1")])));
    assert!(!escape(&check("auto", &[("NO_COLOR", "1")])));
    assert!(check("never", &[]).starts_with("wrong: "));
    // Judge output stays plain even when colour is forced.
    let answer = boardsolve()
        .args(["solve", "2048", input, "--color", "always"])
        .output()
        .unwrap();
    assert_eq!(answer.stdout, b"16\n");
}

#[test]
fn usage_errors_are_one_line_and_the_help_into_a_full_device_fails() {
    for (args, says) in [
        (
            vec!["solve", "2048", "--foo"],
            "boardsolve: unexpected argument '--foo' found (tip: to pass '--foo' as a value, use '-- --foo'); usage: boardsolve solve <PUZZLE> [INPUTS]...\n",
        ),
        (
            vec!["frob"],
            "boardsolve: unrecognized subcommand 'frob'; usage: boardsolve [OPTIONS] <COMMAND>\n",
        ),
        (
            vec!["test", "2048", "--time-limit", "1e-10", "--", "true"],
            "boardsolve: invalid value '1e-10' for '--time-limit <DUR>': '1e-10' must be at least 1ms and at most one hour\n",
        ),
        (
            vec!["test", "2048", "--memory-limit", "1", "--", "true"],
            "boardsolve: invalid value '1' for '--memory-limit <SIZE>': '1' is below 1 KiB, the unit memory is measured in\n",
        ),
    ] {
        let (code, out, err) = run(&args, b"");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", says),
            "{args:?}"
        );
    }
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["help", "solve"],
        &["stress", "--help"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_boardsolve"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("boardsolve: cannot write the"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_json_run_that_fails_with_status_2_says_so_in_json_on_standard_output() {
    let (code, out, err) = run(
        &["test", "2048", "nonexist.in", "--json", "--", "true"],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(object["status"], 2);
    assert_eq!(object["error"], "nonexist.in does not exist");
    assert_eq!(err, "boardsolve: nonexist.in does not exist\n");
    let (code, out, err) = run(&["solve", "2048", "--json"], b"2\n2 x\n");
    assert_eq!(code, 2, "{err}");
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(object["error"].as_str(), Some(err.trim_end()));
    // Without --json, standard output stays empty.
    let (code, out, _) = run(&["test", "2048", "nonexist.in", "--", "true"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
}

#[test]
fn a_json_test_stopped_by_a_signal_says_so_in_json() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("1.in"), "1\n2\n").unwrap();
    // A `sleep` argument no other process has, made by the shell so that
    // only the program's own `sleep`, not boardsolve's command line,
    // shows it: it is seen once the run has started.
    let id = std::process::id().to_string();
    let marker = format!("60.{id}");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_boardsolve"));
    let child = crate::common::default_signals(&mut command)
        .args(["test", "2048", "--json", "--time-limit", "20s"])
        .arg(dir.path())
        .args(["--", "sh", "-c", "exec sleep 60.$1", "sh", &id])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The signal is taken from the start anyway; sent during the run, it
    // also stops a program.
    crate::common::wait_until("the run to start", || crate::common::alive(&marker) > 0);
    // SAFETY: kill only sends a signal to the child started above.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(143), "{stdout}");
    let object: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(object["error"], "interrupted");
    assert_eq!(object["status"], 143);
}

#[test]
fn a_judges_number_with_another_k_says_so_and_answers() {
    let (code, out, err) = run(&["solve", "12100", "--moves", "3"], b"2\n2 2\n2 2\n");
    assert_eq!((code, out.as_str()), (0, "8\n"), "{err}");
    assert!(
        err.contains("solve 12100: beyond BOJ 12100's limits"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "12100", "--moves", "5"], b"2\n2 2\n2 2\n");
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
    let (_, _, err) = run(&["solve", "2048", "--moves", "3"], b"2\n2 2\n2 2\n");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_picture_never_replaces_an_existing_file_unasked() {
    let dir = tempfile::tempdir().unwrap();
    for flag in ["--svg", "--html"] {
        let kept = dir.path().join(format!("keep{flag}"));
        std::fs::write(&kept, "mine").unwrap();
        let path = kept.to_str().unwrap();
        let (code, out, err) = run(&["solve", "2048", flag, path], b"2\n2 2\n2 2\n");
        assert_eq!(code, 2, "{err}");
        assert!(
            out.is_empty() && err.contains("exists (--force replaces it)"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "mine");
        let (code, out, err) = run(&["solve", "2048", flag, path, "--force"], b"2\n2 2\n2 2\n");
        assert_eq!((code, out.as_str()), (0, "8\n"), "{err}");
        assert_ne!(std::fs::read_to_string(&kept).unwrap(), "mine");
    }
}
