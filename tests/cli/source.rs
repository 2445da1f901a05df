//! Source files after `--` in `test` and `stress`: compiled as a judge
//! compiles them (and cached), a compile error as `CE`, a missing
//! compiler named with its Debian package, Programmers' `solution()`
//! files wrapped in a harness, and `test --watch`.

use crate::common::{Folder, default_signals, have, signalled};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// A 12100 case that a merge of an already merged block gets wrong (16,
/// not 32), and two ordinary ones.
const CASES_12100: &[(&str, &str)] = &[
    ("1.in", "3\n0 2 8\n4 2 2\n4 2 8\n"),
    ("2.in", "3\n2 2 2\n4 4 4\n8 8 8\n"),
    ("3.in", "4\n2 0 0 2\n0 4 4 0\n8 0 0 8\n16 16 0 0\n"),
];

/// A folder with `tests/` holding `cases`, the named programs of
/// `tests/programs/src/` copied in, and a cache folder of its own.
fn folder_with(cases: &[(&str, &str)], programs: &[(&str, &str)]) -> Folder {
    let work = Folder::with_programs(programs);
    std::fs::create_dir(work.path("tests")).unwrap();
    for (name, text) in cases {
        work.write(&format!("tests/{name}"), text);
    }
    work
}

/// Right passes, wrong (the same file built with `-DCHAIN_MERGE`) fails,
/// and the second run of the same source takes the cache.
fn right_wrong_and_cached(file: &str, saved_as: &str) {
    let work = folder_with(CASES_12100, &[(file, saved_as)]);
    let (code, out, err, first) = work.run_timed(&["test", "12100", "tests/", "--", saved_as]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("3 passed, 0 failed"), "{out}");
    let line = err.lines().next().unwrap();
    assert!(line.starts_with(&format!("{saved_as}: ")), "{err}");
    assert!(
        line.contains("-O2") && line.contains("-DONLINE_JUDGE"),
        "{line}"
    );
    assert!(line.contains("compiled in"), "{line}");
    let (code, out, err, second) = work.run_timed(&["test", "12100", "tests/", "--", saved_as]);
    assert_eq!(code, 0, "{out}{err}");
    // A hit took no compiling: no time is shown for it.
    assert!(
        err.contains("compiled before (cache);") || err.contains("compiled before (cache)\n"),
        "{err}"
    );
    eprintln!("{saved_as}: first run {first:.2} s (compiling), second {second:.2} s (cache)");
    assert!(
        second < first,
        "the cache saved nothing: {first} s then {second} s"
    );
    let (code, out, err) = work.run(&[
        "test",
        "12100",
        "tests/",
        "--compile-flags",
        "-DCHAIN_MERGE",
        "--",
        saved_as,
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("-DCHAIN_MERGE"), "{err}");
    assert!(
        err.contains("compiled in"),
        "other options, another build: {err}"
    );
    assert!(
        out.contains("expected \"16\", found \"32\"") && out.contains("2 passed, 1 failed"),
        "{out}"
    );
    let entries = std::fs::read_dir(work.path("cache/boardsolve/build"))
        .unwrap()
        .count();
    assert_eq!(entries, 2, "one entry each, nothing left half-written");
}

#[test]
fn c_right_passes_wrong_fails_and_the_second_run_takes_the_cache() {
    if have("gcc") {
        right_wrong_and_cached("max_block.c", "main.c");
    }
}

#[test]
fn cpp_right_passes_wrong_fails_and_the_second_run_takes_the_cache() {
    if have("g++") {
        right_wrong_and_cached("max_block.cpp", "main.cpp");
    }
}

#[test]
fn a_compile_error_is_ce_with_the_compilers_message_and_no_case_runs() {
    let work = folder_with(CASES_12100, &[]);
    let sources = [
        (
            "gcc",
            "bad.c",
            "int main(void) {\n    int x = ;\n    return 0;\n}\n",
            "bad.c:2:",
        ),
        (
            "g++",
            "bad.cpp",
            "int main() {\n    return 0\n}\n",
            "bad.cpp:2:",
        ),
        (
            "python3",
            "bad.py",
            "def f(:\n    pass\n",
            "bad.py\", line 1",
        ),
    ];
    for (tool, name, text, place) in sources {
        if !have(tool) {
            continue;
        }
        std::fs::write(work.path(name), text).unwrap();
        let (code, out, err) = work.run(&["test", "12100", "tests/", "--", name]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.starts_with("CE "), "{out}");
        assert!(
            out.contains("compile error") && out.contains(place),
            "{out}"
        );
        assert!(!out.contains("passed"), "no case runs: {out}");
        assert!(
            out.lines().count() <= 2 + 20,
            "20 lines of the message at most: {out}"
        );
        assert!(
            !err.contains("cache"),
            "a compile error is not cached: {err}"
        );
    }
    if have("gcc") {
        let (code, out, _) = work.run(&["test", "12100", "tests/", "--json", "--", "bad.c"]);
        assert_eq!(code, 1);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["verdict"], "CE");
        assert!(
            json["compiler_output"][0]
                .as_str()
                .unwrap()
                .contains("bad.c")
        );
        let (code, out, _) = work.run(&["stress", "12100", "--cases", "3", "--", "bad.c"]);
        assert_eq!(code, 1);
        assert!(out.starts_with("CE "), "{out}");
    }
}

#[test]
fn a_missing_compiler_is_exit_2_naming_its_debian_package() {
    let work = folder_with(CASES_12100, &[]);
    let empty = work.path("no-tools");
    std::fs::create_dir(&empty).unwrap();
    for (name, tool, package) in [
        ("main.cpp", "g++", "g++"),
        ("main.c", "gcc", "gcc"),
        ("sol.py", "python3", "python3"),
        ("Main.java", "javac", "default-jdk-headless"),
        ("main.js", "node", "nodejs"),
    ] {
        std::fs::write(work.path(name), "").unwrap();
        let out = work
            .command(&["test", "12100", "tests/", "--", name])
            .env("PATH", &empty)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(&format!("{tool} is not installed")), "{err}");
        assert!(
            err.contains(&format!("apt-get install {package} ")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The statement's four examples and a few generated 92345 cases.
fn footholds_work(programs: &[(&str, &str)]) -> Folder {
    let work = folder_with(&[], programs);
    let samples = Command::new(BIN)
        .args(["samples", "92345", "--out-dir"])
        .arg(work.path("tests"))
        .args(["--force"])
        .output()
        .unwrap();
    assert!(samples.status.success());
    let generated = Command::new(BIN)
        .args(["gen", "92345", "--seed", "5", "--count", "4", "--out-dir"])
        .arg(work.path("tests"))
        .output()
        .unwrap();
    assert!(generated.status.success());
    work
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn programmers_solution_files_pass_from_solution_alone_in_python_and_cpp() {
    let work = footholds_work(&[
        ("footholds_solution.py", "solution.py"),
        ("footholds_solution.cpp", "solution.cpp"),
    ]);
    for (tool, file) in [("python3", "solution.py"), ("g++", "solution.cpp")] {
        if !have(tool) {
            continue;
        }
        let (code, out, err) = work.run(&["test", "92345", "tests/", "--", file]);
        assert_eq!(code, 0, "{file}: {out}{err}");
        assert!(out.contains("8 passed, 0 failed"), "{out}");
        assert!(
            err.contains("solution() called by the Programmers harness"),
            "{err}"
        );
    }
    if have("python3") {
        // Wrong: the winner takes the longest win.
        let text = std::fs::read_to_string(work.path("solution.py")).unwrap();
        let wrong = text.replace("min(wins)", "max(wins)");
        assert_ne!(text, wrong);
        std::fs::write(work.path("wrong.py"), wrong).unwrap();
        let (code, out, _) = work.run(&["test", "92345", "tests/", "--", "wrong.py"]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("WA"), "{out}");
        // Run without the harness, it prints its demo and no answer.
        let (code, _, err) = work.run(&["test", "92345", "tests/", "--", "python3", "solution.py"]);
        assert_eq!(code, 1);
        assert!(
            err.contains("solution.py looks like a solution() file")
                && err.contains("boardsolve test 92345 -- solution.py"),
            "{err}"
        );
        // A file that carries its own harness at module level (reading
        // standard input) is wrapped all the same: its harness finds no
        // input left.
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/harness_92345.py"),
            work.path("own_harness.py"),
        )
        .unwrap();
        let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "own_harness.py"]);
        assert_eq!(code, 0, "{out}{err}");
        let (code, out, err) = work.run(&["stress", "92345", "--cases", "8", "--", "solution.py"]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("all 8 cases passed"), "{out}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn java_any_class_name_package_and_euc_kr_comment_passes_and_wrong_or_broken_fails() {
    if !have("javac") || !have("java") {
        return;
    }
    let work = footholds_work(&[("FootholdsEucKr.java", "Footholds.java")]);
    assert!(std::str::from_utf8(&std::fs::read(work.path("Footholds.java")).unwrap()).is_err());
    let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "Footholds.java"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("8 passed, 0 failed"), "{out}");
    assert!(err.contains("-encoding MS949"), "{err}");
    let text = std::fs::read(work.path("Footholds.java")).unwrap();
    let swap = |from: &[u8], to: &[u8]| {
        let at = text.windows(from.len()).position(|w| w == from).unwrap();
        [&text[..at], to, &text[at + from.len()..]].concat()
    };
    std::fs::write(work.path("Wrong.java"), swap(b"Math.min", b"Math.max")).unwrap();
    std::fs::write(
        work.path("Broken.java"),
        swap(b"cells = board;", b"cells = board"),
    )
    .unwrap();
    let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "Wrong.java"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("WA"), "{out}");
    let (code, out, _) = work.run(&["test", "92345", "tests/", "--", "Broken.java"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("CE ") && out.contains("Demo.java:"),
        "{out}"
    );
}

#[test]
fn javascript_solution_files_pass_too() {
    if !have("node") {
        return;
    }
    let work = footholds_work(&[("footholds_solution.js", "solution.js")]);
    let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "solution.js"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("8 passed, 0 failed"), "{out}");
}

#[test]
fn a_runtime_error_shows_its_standard_error_under_the_table() {
    if !have("python3") {
        return;
    }
    let work = folder_with(CASES_12100, &[]);
    std::fs::write(
        work.path("crash.py"),
        "import sys\nprint('reading the board', file=sys.stderr)\nraise SystemExit('gave up on purpose')\n",
    )
    .unwrap();
    let (code, out, _) = work.run(&["test", "12100", "tests/", "--", "crash.py"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("RE "), "{out}");
    assert!(out.contains("--- stderr ("), "{out}");
    assert!(out.contains("\nreading the board\n"), "{out}");
    assert!(out.contains("gave up on purpose"), "{out}");
}

#[test]
fn watch_runs_again_when_the_source_changes_and_ctrl_c_ends_it() {
    if !have("gcc") {
        return;
    }
    let work = folder_with(CASES_12100, &[("max_block.c", "main.c")]);
    let mut command = work.command(&["test", "12100", "tests/", "--watch", "--", "main.c"]);
    let mut child = default_signals(&mut command)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines, seen) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let wait_for_table = |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match seen.recv_timeout(left) {
                Ok(line) if line.ends_with("passed, 0 failed") => return,
                Ok(_) => {}
                Err(e) => panic!("no {what} table: {e}"),
            }
        }
    };
    wait_for_table("first");
    // The watcher is set before the first run: a change now is seen.
    let mut text = std::fs::read_to_string(work.path("main.c")).unwrap();
    text.push_str("/* changed */\n");
    std::fs::write(work.path("main.c"), text).unwrap();
    wait_for_table("second");
    let (status, err) = signalled(&mut child, libc::SIGINT);
    assert_eq!(status, Some(130), "{err}");
    assert!(err.contains("round 2"), "{err}");
    assert!(err.contains("interrupted"), "{err}");
}

#[test]
fn the_help_of_test_stress_and_package_says_what_a_contestant_needs() {
    for sub in ["test", "stress"] {
        let out = Command::new(BIN).args([sub, "--help"]).output().unwrap();
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("source file"), "{sub}: {help}");
        assert!(help.contains("solution(board"), "{sub}: {help}");
        assert!(help.contains("--compile-flags"), "{sub}: {help}");
    }
    let out = Command::new(BIN)
        .args(["stress", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("(see the list below)") && help.contains("--hard prefers shapes"),
        "{help}"
    );
    let out = Command::new(BIN)
        .args(["package", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("Refused (no judge, so no package): 2048, yut, tromino, footholds"),
        "{help}"
    );
}

/// The one cache entry of `work`'s cache folder, if exactly one.
fn only_entry(work: &Folder) -> PathBuf {
    let entries: Vec<PathBuf> = std::fs::read_dir(work.path("cache/boardsolve/build"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_str().unwrap().starts_with('.'))
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    entries[0].clone()
}

#[test]
fn the_cache_follows_the_headers_read_and_the_compilers_environment() {
    // Before: after answer.h changed from 16 to 8 the cached program (16)
    // was run again, AC; CPATH was not in the key either.
    if !have("gcc") {
        return;
    }
    let work = folder_with(
        &[("a.in", "1\n16\n"), ("a.out", "16\n")],
        &[("included_answer.c", "sol.c")],
    );
    std::fs::create_dir(work.path("inc")).unwrap();
    std::fs::write(work.path("inc/answer.h"), "#define ANSWER 16\n").unwrap();
    let include = format!("-I{}", work.path("inc").display());
    let test = |extra: &[&str]| {
        let mut args = vec!["test", "2048", "tests/", "--compile-flags", &include];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--", "sol.c"]);
        work.run(&args)
    };
    let (code, out, err) = test(&[]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = test(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("compiled before (cache"), "{err}");
    std::fs::write(work.path("inc/answer.h"), "#define ANSWER 8\n").unwrap();
    let (code, out, err) = test(&[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("compiled in"), "{err}");
    assert!(out.contains("found \"8\""), "{out}");
    // CPATH finds the header without -I: another key, another build.
    std::fs::write(work.path("inc/answer.h"), "#define ANSWER 16\n").unwrap();
    let mut command = work.command(&["test", "2048", "tests/", "--", "sol.c"]);
    command.env("CPATH", work.path("inc"));
    let out = command.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("compiled in"), "{err}");
}

#[test]
fn a_damaged_entry_is_rebuilt_and_a_build_without_a_program_is_not_stored() {
    // Before: a deleted main was exit 2 "No such file or directory" on
    // every later run, a 0-byte one "Exec format error", and
    // -fsyntax-only stored an entry with no program.
    if !have("gcc") {
        return;
    }
    let work = folder_with(
        &[("a.in", "1\n16\n"), ("a.out", "16\n")],
        &[("included_answer.c", "sol.c")],
    );
    std::fs::write(work.path("answer.h"), "#define ANSWER 16\n").unwrap();
    let include = format!("-I{}", work.dir.path().display());
    let test = |flags: &str| {
        work.run(&[
            "test",
            "2048",
            "tests/",
            "--compile-flags",
            flags,
            "--",
            "sol.c",
        ])
    };
    let (code, out, err) = test(&include);
    assert_eq!(code, 0, "{out}{err}");
    let entry = only_entry(&work);
    std::fs::remove_file(entry.join("main")).unwrap();
    let (code, out, err) = test(&include);
    assert_eq!(code, 0, "deleted: {out}{err}");
    assert!(err.contains("compiled in"), "{err}");
    std::fs::write(entry.join("main"), "").unwrap();
    let (code, out, err) = test(&include);
    assert_eq!(code, 0, "emptied: {out}{err}");
    assert!(err.contains("compiled in"), "{err}");
    let (code, _, err) = test(&include);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("compiled before (cache"), "{err}");
    // No program: the harness's trouble, and nothing stored.
    let (code, out, err) = test(&format!("{include} -fsyntax-only"));
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("left no program"), "{err}");
    assert_eq!(only_entry(&work), entry);
}

#[test]
fn a_full_cache_disk_is_the_harness_trouble_not_a_compile_error() {
    // Before: CE "/usr/bin/ld: final link failed: No space left on
    // device". A tmpfs of 64 KiB with 20 KiB free, mounted in a user and
    // mount namespace of its own (skipped where the kernel refuses one).
    if !have("gcc") || !have("unshare") {
        return;
    }
    let work = folder_with(
        &[("a.in", "1\n16\n"), ("a.out", "16\n")],
        &[("included_answer.c", "sol.c")],
    );
    std::fs::write(work.path("answer.h"), "#define ANSWER 16\n").unwrap();
    std::fs::create_dir(work.path("full")).unwrap();
    let script = format!(
        "mount -t tmpfs -o size=64k tmpfs full || exit 99; \
         head -c 45056 /dev/zero > full/fill; \
         XDG_CACHE_HOME=$PWD/full exec {BIN} test 2048 tests/ --compile-flags -I{} -- sol.c",
        work.dir.path().display()
    );
    let out = Command::new("unshare")
        .args(["-rm", "sh", "-c", &script])
        .current_dir(work.dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(99) || err.contains("unshare: ") {
        eprintln!("skipped: no user and mount namespace here ({err})");
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{stdout}{err}");
    assert!(err.contains("the disk is full"), "{err}");
    assert!(!stdout.contains("CE"), "{stdout}");
}

#[test]
fn python_runs_isolated_so_no_file_beside_the_source_shadows_a_module() {
    // Before: the syntax check imported the tokenize.py of the current
    // folder (a false CE), and a 92345 solution saved as json.py was the
    // harness's `import json` (RE).
    if !have("python3") {
        return;
    }
    let work = folder_with(
        &[("a.in", "1\n16\n"), ("a.out", "16\n")],
        &[
            ("echo_block.py", "sol.py"),
            ("shadow_tokenize.py", "tokenize.py"),
        ],
    );
    let (code, out, err) = work.run(&["test", "2048", "tests/", "--", "sol.py"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    assert!(!err.contains("was imported"), "{err}");
    assert!(err.contains("python3 -I"), "{err}");
    let work = footholds_work(&[
        ("footholds_solution.py", "json.py"),
        ("shadow_tokenize.py", "tokenize.py"),
    ]);
    let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "json.py"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("8 passed, 0 failed"), "{out}");
    assert!(
        err.contains("solution() called by the Programmers harness"),
        "{err}"
    );
}

#[test]
fn a_missing_source_file_is_named_as_one_and_no_cases_are_said_before_compiling() {
    let work = folder_with(CASES_12100, &[]);
    let (code, out, err) = work.run(&["test", "12100", "tests/", "--", "good.cpp"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("good.cpp: no such source file in "), "{err}");
    assert!(err.contains("file after -- is compiled and run"), "{err}");
    assert!(!err.contains("PATH"), "{err}");
    // No case folder: said before anything is compiled, with the way to
    // make one.
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(
        empty.path().join("main.c"),
        "int main(void) { return 0; }\n",
    )
    .unwrap();
    let out = crate::common::boardsolve()
        .current_dir(empty.path())
        .args(["test", "12100", "--", "main.c"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("compiled"), "{err}");
    assert!(
        err.contains("`boardsolve samples 12100 --out-dir tests/` writes the statement's examples"),
        "{err}"
    );
}
