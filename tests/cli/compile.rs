//! Compiles contained like runs: a memory limit, a bound on the
//! compiler's messages, its temporary files in a folder of the build
//! that goes on every path, and Ctrl-C during a compile a clean stop.

use crate::common::{Folder, default_signals, have, outcome, program_source, words};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A folder with one 12100 case in `tests/`, the named programs of
/// `tests/programs/src/` copied in, a cache folder (`cache/`) and a
/// temporary folder (`tmp/`, boardsolve's `TMPDIR`) of its own.
fn folder_12100(programs: &[(&str, &str)]) -> Folder {
    let work = Folder::with_programs(programs).own_tmp();
    std::fs::create_dir(work.path("cache")).unwrap();
    work.write("tests/1.in", "3\n0 2 8\n4 2 2\n4 2 8\n");
    work
}

/// Everything left under `sub` of `work` (recursively), relative names.
fn left_in(work: &Folder, sub: &str) -> Vec<String> {
    let root = work.path(sub);
    let mut found = Vec::new();
    let mut pending = vec![root.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            found.push(path.strip_prefix(&root).unwrap().display().to_string());
            if path.is_dir() {
                pending.push(path);
            }
        }
    }
    found
}

/// The build folders left in the cache (`.build-*`): none once
/// boardsolve has ended, however it ended.
fn build_folders(work: &Folder) -> Vec<String> {
    left_in(work, "cache")
        .into_iter()
        .filter(|p| p.contains(".build-"))
        .collect()
}

#[test]
fn a_compile_that_includes_dev_zero_stops_at_the_memory_limit_as_a_compile_error() {
    // Before: cc1plus grew to 3.7 GB in 20 s, even under --memory-limit.
    if !have("g++") {
        return;
    }
    let work = folder_12100(&[("include_dev_zero.cpp", "zero.cpp")]);
    let (code, out, err, seconds) = work.run_timed(&["test", "12100", "tests/", "--", "zero.cpp"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with("CE ")
            && out.contains("g++ used more than the 2048 MiB of memory allowed for compiling"),
        "{out}"
    );
    assert!(seconds < 60.0, "{seconds} s");
    assert_eq!(left_in(&work, "tmp"), Vec::<String>::new());
    assert_eq!(build_folders(&work), Vec::<String>::new());
}

#[test]
fn a_flood_of_compiler_messages_is_stopped_at_its_bound() {
    // Before: 250 MB of messages, all read, in 13 s.
    if !have("gcc") {
        return;
    }
    let work = folder_12100(&[("message_flood.c", "flood.c")]);
    let (code, out, err) = work.run(&["test", "12100", "tests/", "--", "flood.c"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("gcc wrote more than allowed for compiling (16 MiB of messages"),
        "{out}"
    );
    // The start of the message is still shown.
    assert!(
        out.contains("flood.c:3:16: error: expected identifier"),
        "{out}"
    );
    assert_eq!(left_in(&work, "tmp"), Vec::<String>::new());
}

/// Starts `args` in `work`, waits until a compiler's temporary file
/// (`cc*`) exists anywhere under the work folder (the compile has begun),
/// sends SIGINT, and returns (status, stdout, stderr).
fn interrupt_when_compiling(work: &Folder, args: &[&str]) -> (i32, String, String) {
    let mut command = work.command(args);
    let child = default_signals(&mut command)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let compiling = || {
        left_in(work, "")
            .iter()
            .any(|p| p.rsplit('/').next().is_some_and(|n| n.starts_with("cc")))
    };
    while !compiling() {
        assert!(Instant::now() < deadline, "no compile seen");
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: kill only sends a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    outcome(child.wait_with_output().unwrap())
}

#[test]
fn ctrl_c_during_a_compile_exits_130_and_leaves_no_temporary_file() {
    // Before: 9 of 9 interrupted compiles left a ccXXXX.s in TMPDIR.
    if !have("g++") {
        return;
    }
    let work = folder_12100(&[("include_dev_zero.cpp", "zero.cpp")]);
    for _ in 0..3 {
        let (code, out, err) =
            interrupt_when_compiling(&work, &["test", "12100", "tests/", "--", "zero.cpp"]);
        assert_eq!(code, 130, "{out}{err}");
        assert_eq!(err.matches("interrupted").count(), 1, "{err}");
        assert!(!out.contains("CE"), "{out}");
        assert_eq!(left_in(&work, "tmp"), Vec::<String>::new());
        assert_eq!(build_folders(&work), Vec::<String>::new());
    }
}

/// The cache entries of `work` (hidden build folders aside), by name.
fn entries(work: &Folder) -> Vec<PathBuf> {
    let Ok(listing) = std::fs::read_dir(work.path("cache/boardsolve/build")) else {
        return Vec::new();
    };
    listing
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect()
}

/// The bytes of every file under `dir`.
fn size_of(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                size_of(&e.path())
            } else {
                meta.len()
            }
        })
        .sum()
}

#[test]
fn the_cache_keeps_within_its_size_by_evicting_the_least_recently_used() {
    // Before: nothing was ever evicted (a 300 MB array left a 301 MB
    // entry for good).
    if !have("gcc") {
        return;
    }
    let work = folder_12100(&[]);
    let text = std::fs::read_to_string(program_source("max_block.c")).unwrap();
    for name in ["a", "b", "c"] {
        std::fs::write(
            work.path(&format!("{name}.c")),
            format!("{text}/* {name} */\n"),
        )
        .unwrap();
    }
    let test = |file: &str, size: &str| {
        let mut command = work.command(&["test", "12100", "tests/", "--", file]);
        command.env("BOARDSOLVE_CACHE_SIZE", size);
        let out = command.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{file}: {err}");
        err.contains("compiled before (cache)")
    };
    assert!(!test("a.c", "1G"));
    let one = size_of(&entries(&work)[0]);
    // Room for two entries, not three.
    let bound = (one * 5 / 2).to_string();
    assert!(!test("b.c", &bound));
    assert!(test("a.c", &bound), "a is used: now b is the least recent");
    assert!(!test("c.c", &bound));
    assert_eq!(entries(&work).len(), 2);
    assert!(test("a.c", &bound), "kept");
    assert!(test("c.c", &bound), "kept");
    assert!(!test("b.c", &bound), "evicted");
    // An entry larger than the bound is not stored; the program runs.
    let small = (one / 2).to_string();
    let before = entries(&work);
    std::fs::write(work.path("d.c"), format!("{text}/* d */\n")).unwrap();
    assert!(!test("d.c", &small));
    assert!(!test("d.c", &small));
    assert!(entries(&work).iter().all(|e| before.contains(e)));
    // 0 turns the cache off: nothing read, nothing stored.
    assert!(!test("a.c", "0"));
    assert_eq!(build_folders(&work), Vec::<String>::new());
}

#[test]
fn a_cache_size_that_is_no_size_is_refused_naming_the_variable() {
    if !have("gcc") {
        return;
    }
    let work = folder_12100(&[("max_block.c", "main.c")]);
    let mut command = work.command(&["test", "12100", "tests/", "--", "main.c"]);
    command.env("BOARDSOLVE_CACHE_SIZE", "lots");
    let out = command.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("BOARDSOLVE_CACHE_SIZE=lots: not a size (bytes, or a number with K, M or G"),
        "{err}"
    );
}

#[test]
fn ctrl_c_while_package_compiles_writes_no_package_and_exits_130() {
    // Before: the package was written anyway, "no time limit measured
    // (interrupted)", and the exit status was 0.
    if !have("g++") {
        return;
    }
    let work = folder_12100(&[]);
    let (code, out, err) =
        interrupt_when_compiling(&work, &["package", "12100", "--out-dir", "pkg"]);
    assert_eq!(code, 130, "{out}{err}");
    assert_eq!(err.matches("interrupted").count(), 1, "{err}");
    assert!(!err.contains("no time limit measured"), "{err}");
    assert!(!work.path("pkg").exists());
    let left: Vec<String> = left_in(&work, "")
        .into_iter()
        .filter(|p| p.contains(".boardsolve-") || p.contains(".build-"))
        .collect();
    assert_eq!(left, Vec::<String>::new());
    assert_eq!(left_in(&work, "tmp"), Vec::<String>::new());
}

#[test]
fn ctrl_c_while_audit_compiles_a_solution_says_interrupted_once_and_exits_130() {
    // Before: "interrupted" twice and exit 2.
    if !have("g++") {
        return;
    }
    let work = folder_12100(&[("max_block.cpp", "solutions/accepted/main.cpp")]);
    let (code, out, err) = interrupt_when_compiling(
        &work,
        &["audit", "12100", "tests/", "--solutions", "solutions"],
    );
    assert_eq!(code, 130, "{out}{err}");
    assert_eq!(err.matches("interrupted").count(), 1, "{err}");
    assert_eq!(build_folders(&work), Vec::<String>::new());
    assert_eq!(left_in(&work, "tmp"), Vec::<String>::new());
}

/// A work folder with the 92345 samples and four generated cases in
/// `tests/`.
fn footholds(programs: &[(&str, &str)]) -> Folder {
    let work = folder_12100(programs);
    std::fs::remove_file(work.path("tests/1.in")).unwrap();
    let tests = work.path("tests");
    let tests = tests.to_str().unwrap();
    for args in [
        &["samples", "92345", "--out-dir", tests, "--force"][..],
        &[
            "gen",
            "92345",
            "--seed",
            "5",
            "--count",
            "4",
            "--out-dir",
            tests,
        ],
    ] {
        let (code, out, err) = work.run(args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
    }
    work
}

/// `text` with `after` followed by `inserted`.
fn inserted(text: &str, after: &str, inserted: &str) -> String {
    assert!(text.contains(after), "{after}");
    text.replacen(after, &format!("{after}{inserted}"), 1)
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_write_to_descriptor_1_inside_solution_is_no_answer_in_any_language() {
    // Before: fs.writeSync(1, ...) in JavaScript and a FileOutputStream on
    // FileDescriptor.out in Java reached the answers: WA.
    let work = footholds(&[]);
    let read = |name: &str| std::fs::read_to_string(program_source(name)).unwrap();
    let head = "function solution(board, aloc, bloc) {\n";
    let files = [
        (
            "python3",
            "fd.py",
            inserted(
                &read("footholds_solution.py"),
                "def solution(board, aloc, bloc):\n",
                "    import os\n    os.write(1, b\"debug on fd 1\\n\")\n",
            ),
        ),
        (
            "g++",
            "fd.cpp",
            inserted(
                &format!("#include <unistd.h>\n{}", read("footholds_solution.cpp")),
                "vector<int> bloc) {\n",
                "    write(1, \"debug on fd 1\\n\", 14);\n",
            ),
        ),
        (
            "node",
            "fd.js",
            inserted(
                &read("footholds_solution.js"),
                head,
                "    require(\"fs\").writeSync(1, \"debug on fd 1\\n\");\n",
            ),
        ),
    ];
    for (tool, name, text) in files {
        if !have(tool) {
            continue;
        }
        std::fs::write(work.path(name), text).unwrap();
        let (code, out, err) = work.run(&["test", "92345", "tests/", "--", name]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(out.contains("passed, 0 failed"), "{name}: {out}");
        assert!(err.contains("Programmers harness"), "{name}: {err}");
    }
    if !have("javac") || !have("java") {
        return;
    }
    // A String solution in a class named like the harness's, writing to
    // descriptor 1; then the same returning a long.
    std::fs::copy(
        program_source("BoardsolveHarness.java"),
        work.path("BoardsolveHarness.java"),
    )
    .unwrap();
    let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "BoardsolveHarness.java"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("passed, 0 failed"), "{out}");
    let text = read("BoardsolveHarness.java")
        .replace("public String solution(", "public long solution(")
        .replace("return String.valueOf(moves);", "return moves;");
    std::fs::create_dir(work.path("long")).unwrap();
    std::fs::write(work.path("long/BoardsolveHarness.java"), text).unwrap();
    let (code, out, err) = work.run(&words("test 92345 tests/ -- long/BoardsolveHarness.java"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("passed, 0 failed"), "{out}");
}

#[test]
fn javacs_note_of_its_options_is_no_compiler_message() {
    // Before: the message of every Java CE began with "Picked up
    // JAVA_TOOL_OPTIONS".
    if !have("javac") {
        return;
    }
    let work = folder_12100(&[]);
    std::fs::write(
        work.path("Main.java"),
        "public class Main { public static void main(String[] a) { int x = \"no\"; } }\n",
    )
    .unwrap();
    let mut command = work.command(&["test", "12100", "tests/", "--", "Main.java"]);
    command.env("JAVA_TOOL_OPTIONS", "-Xss8m");
    let out = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("CE "), "{stdout}");
    assert!(!stdout.contains("Picked up"), "{stdout}");
    assert!(
        stdout.contains("Main.java:1: error: incompatible types"),
        "{stdout}"
    );
}

#[test]
fn file_names_with_a_quote_or_a_line_break_build_and_messages_name_the_users_file() {
    // Before: a Python file whose name holds a line break was RE, a 92345
    // C++ file named my"sol.cpp was CE, and a traceback named the cache.
    if have("python3") {
        let work = folder_12100(&[]);
        std::fs::remove_file(work.path("tests/1.in")).unwrap();
        std::fs::write(work.path("tests/2.in"), "1\n2\n").unwrap();
        let name = "new\nline.py";
        std::fs::write(
            work.path(name),
            "import sys\nsys.stdin.readline()\nprint(max(map(int, sys.stdin.read().split())))\n",
        )
        .unwrap();
        let (code, out, err) = work.run(&["test", "12100", "tests/", "--", name]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("1 passed, 0 failed"), "{out}");
        std::fs::write(
            work.path("crash.py"),
            "import sys\nraise ValueError('gave up on purpose')\n",
        )
        .unwrap();
        let (code, out, _) = work.run(&["test", "12100", "tests/", "--", "crash.py"]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("File \"crash.py\", line 2"), "{out}");
        assert!(!out.contains("boardsolve/build"), "{out}");
    }
    if have("g++") {
        let work = footholds(&[("footholds_solution.cpp", "my\"sol.cpp")]);
        let (code, out, err) = work.run(&["test", "92345", "tests/", "--", "my\"sol.cpp"]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("passed, 0 failed"), "{out}");
        let text = std::fs::read_to_string(work.path("my\"sol.cpp")).unwrap();
        std::fs::write(
            work.path("my\"sol.cpp"),
            text.replace("floor_cells = board;", "floor_cells = board"),
        )
        .unwrap();
        let (code, out, _) = work.run(&["test", "92345", "tests/", "--", "my\"sol.cpp"]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.starts_with("CE ") && out.contains("my\"sol.cpp:"),
            "{out}"
        );
        assert!(!out.contains("boardsolve_solution"), "{out}");
    }
}

#[test]
fn eviction_spares_an_entry_whose_program_another_boardsolve_runs() {
    if !have("gcc") {
        return;
    }
    let work = folder_12100(&[("waits_for_go.c", "wait.c"), ("max_block.c", "other.c")]);
    std::fs::write(work.path("tests/1.in"), "1\n2\n").unwrap();
    let (started, go) = (work.path("started"), work.path("go"));
    let args = [
        "test",
        "12100",
        "tests/",
        "--time-limit",
        "20s",
        "--",
        "wait.c",
        started.to_str().unwrap(),
        go.to_str().unwrap(),
    ];
    let running = work
        .command(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !started.exists() {
        assert!(Instant::now() < deadline, "the program never started");
        std::thread::sleep(Duration::from_millis(5));
    }
    let held = entries(&work);
    assert_eq!(held.len(), 1);
    // Room for one entry and a half: storing another must evict one, and
    // the one in use is not it.
    let bound = (size_of(&held[0]) * 3 / 2).to_string();
    let other = |file: &str| {
        let mut command = work.command(&["test", "12100", "tests/", "--", file]);
        command.env("BOARDSOLVE_CACHE_SIZE", &bound);
        let out = command.output().unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = other("other.c");
    assert!(err.contains("compiled in"), "{err}");
    assert!(held[0].exists(), "the entry in use was evicted");
    std::fs::write(&go, "").unwrap();
    let out = running.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    // No longer in use, and now the least recently used: it goes.
    std::fs::write(
        work.path("third.c"),
        "#include <stdio.h>\nint main(void) { puts(\"2\"); return 0; }\n",
    )
    .unwrap();
    let err = other("third.c");
    assert!(err.contains("compiled in"), "{err}");
    assert!(!held[0].exists(), "{:?}", entries(&work));
}
