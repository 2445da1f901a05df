//! End-to-end tests of the `boardsolve` binary, one module per topic.

mod common {
    use assert_cmd::Command;
    use std::path::{Path, PathBuf};
    use std::sync::OnceLock;

    /// `command` with SIGINT, SIGTERM and SIGHUP back to their default
    /// action in the child, for tests that send them: a test run started
    /// with them ignored (under `nohup`, from a background shell) would
    /// otherwise hand the ignoring on, and boardsolve keeps an ignored
    /// signal ignored, as nohup asks.
    pub fn default_signals(command: &mut std::process::Command) -> &mut std::process::Command {
        use std::os::unix::process::CommandExt;
        // SAFETY: signal is async-signal-safe, called between fork and exec.
        unsafe {
            command.pre_exec(|| {
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                Ok(())
            })
        }
    }

    /// Whether a test may skip for want of `tool` (a program it needs and
    /// found missing): never in CI (the `CI` variable set, as `.ci/run`
    /// runs), where `.ci/run` installs every tool and a missing one must
    /// fail the test rather than pass it silently; elsewhere the skip is
    /// said on standard error.
    pub fn skip_without(tool: &str) -> bool {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is not installed, and CI must run this test (.ci/run installs it)"
        );
        eprintln!("skipped: {tool} is not installed");
        true
    }

    /// The binary under test.
    pub fn boardsolve() -> Command {
        Command::cargo_bin("boardsolve").expect("binary built")
    }

    /// Runs `boardsolve ARGS` with `stdin`, returning (status, stdout, stderr).
    pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
        let out = boardsolve().args(args).write_stdin(stdin).output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Runs `boardsolve ARGS` with `stdin`, asserts success and returns
    /// its standard output.
    pub fn solved(args: &[&str], stdin: &[u8]) -> String {
        let (code, out, err) = run(args, stdin);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    }

    /// Asserts a bad-input refusal: status 2, one stderr line containing
    /// `needle`, nothing on stdout, no panic.
    pub fn assert_refused(args: &[&str], stdin: &[u8], needle: &str) {
        let (code, out, err) = run(args, stdin);
        assert_eq!(code, 2, "status for {args:?}; stderr: {err}");
        assert!(out.is_empty(), "stdout should be empty, got {out:?}");
        assert_eq!(err.lines().count(), 1, "one line on stderr, got {err:?}");
        assert!(
            err.contains(needle),
            "stderr {err:?} should contain {needle:?}"
        );
        assert!(!err.contains("panicked"));
    }

    /// Every `NN.in` in `tests/data/DIR` with its `NN.out`.
    pub fn golden(dir: &str) -> Vec<(String, Vec<u8>, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(dir);
        let mut cases: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .map(|p| {
                let input = std::fs::read(&p).unwrap();
                let expected = std::fs::read_to_string(p.with_extension("out")).unwrap();
                (p.display().to_string(), input, expected)
            })
            .collect();
        cases.sort();
        assert!(!cases.is_empty(), "no golden cases in {}", root.display());
        cases
    }

    /// Solves every golden case of `tests/data/DIR` under each entry name
    /// in `names`, asserting the expected output; returns the cases.
    pub fn golden_solved(dir: &str, names: &[&str]) -> Vec<(String, Vec<u8>, String)> {
        let cases = golden(dir);
        for (name, input, expected) in &cases {
            for puzzle in names {
                let (code, out, err) = run(&["solve", puzzle], input);
                assert_eq!((code, out.as_str()), (0, expected.as_str()), "{name} {err}");
            }
        }
        cases
    }

    /// How many processes have `marker` in their command line (a test's
    /// unique `sleep` argument, to see what a run left behind).
    pub fn alive(marker: &str) -> usize {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
            .filter(|cmd| String::from_utf8_lossy(cmd).contains(marker))
            .count()
    }

    /// Polls `ready` until it holds, for a test that must act once
    /// something has happened (a process started, a file appeared)
    /// rather than after a guessed time; panics naming `what` if it does
    /// not hold within a minute, a bound only a hang reaches.
    pub fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !ready() {
            assert!(
                std::time::Instant::now() < deadline,
                "waited a minute for {what}"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// Whether boardsolve's process `pid` has its signal thread (named
    /// `signals`), which it starts once it has blocked the signals it
    /// takes over: from then on a signal is handled, not fatal.
    pub fn takes_signals(pid: u32) -> bool {
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
            .any(|task| {
                std::fs::read_to_string(task.path().join("comm"))
                    .is_ok_and(|name| name.trim_end() == "signals")
            })
    }

    /// Compiles `tests/programs/NAME.rs` once per test run and returns the
    /// binary's path.
    pub fn program(name: &str) -> String {
        static BUILT: OnceLock<std::sync::Mutex<Vec<String>>> = OnceLock::new();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("programs");
        let exe = dir.join(name);
        let lock = BUILT.get_or_init(Default::default);
        let mut built = lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !built.iter().any(|b| b == name) {
            std::fs::create_dir_all(&dir).unwrap();
            let source =
                Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/programs/{name}.rs"));
            let status = std::process::Command::new(
                std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()),
            )
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&exe)
            .arg(&source)
            .status()
            .expect("rustc runs");
            assert!(status.success(), "compiling {name}");
            built.push(name.to_string());
        }
        exe.to_str().expect("a UTF-8 path").to_string()
    }

    /// The words of `line`, split at spaces; a word in single quotes
    /// keeps its spaces (`--generator './gen.py crash'`). For the long
    /// command lines of tests, which read better as the line a user types.
    pub fn words(line: &str) -> Vec<&str> {
        let mut words = Vec::new();
        let mut rest = line.trim_start();
        while !rest.is_empty() {
            let (word, after) = match rest.strip_prefix('\'') {
                Some(quoted) => quoted.split_once('\'').expect("a closing quote"),
                None => rest.split_once(' ').unwrap_or((rest, "")),
            };
            words.push(word);
            rest = after.trim_start();
        }
        words
    }

    /// Whether `tool` is on the `PATH`; where it is not, whether the test
    /// may skip (see `skip_without`), negated: `if !have("g++") { return; }`.
    pub fn have(tool: &str) -> bool {
        std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
            || !skip_without(tool)
    }

    /// The path of `tests/programs/NAME`.
    pub fn program_file(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/programs")
            .join(name)
    }

    /// A mutation tool's output for `tests/programs/mutants/solution.c`, a
    /// right 12100 solution, as (file name, text): `flipped.c`, its "not
    /// merged yet" condition flipped (no block ever merges, so any case
    /// with a merge kills it); `equivalent.c`, its maximum kept with `>=`
    /// for `>` (no input tells it apart); `broken.c`, which does not
    /// build.
    pub fn mutants_12100() -> Vec<(&'static str, String)> {
        let solution = include_str!("programs/mutants/solution.c");
        let mutant = |from: &str, to: &str| {
            assert_eq!(solution.matches(from).count(), 1, "{from}");
            solution.replacen(from, to, 1)
        };
        vec![
            ("broken.c", include_str!("programs/mutants/broken.c").into()),
            ("equivalent.c", mutant("g[r][c] > best", "g[r][c] >= best")),
            ("flipped.c", mutant("!merged &&", "merged &&")),
        ]
    }

    /// The path of `tests/programs/src/NAME`, the sources a contestant
    /// would hand in.
    pub fn program_source(name: &str) -> PathBuf {
        program_file("src").join(name)
    }

    /// Compiles the C program `tests/programs/NAME` with `cc -O2 FLAGS`
    /// into `dir`, returning the executable; `None` where there is no C
    /// compiler and the test may skip.
    pub fn c_program(name: &str, flags: &[&str], dir: &Path) -> Option<PathBuf> {
        if !have("cc") {
            return None;
        }
        let exe = dir.join(name.trim_end_matches(".c"));
        let built = std::process::Command::new("cc")
            .arg("-O2")
            .args(flags)
            .arg("-o")
            .arg(&exe)
            .arg(program_file(name))
            .status()
            .expect("cc runs");
        assert!(built.success(), "compiling {name}");
        Some(exe)
    }

    /// Status, standard output and standard error of a finished process,
    /// the last two as text.
    pub fn outcome(out: std::process::Output) -> (i32, String, String) {
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Sends `signal` to `child` (started with its standard error piped),
    /// waits for it, and returns its exit status and standard error.
    pub fn signalled(child: &mut std::process::Child, signal: i32) -> (Option<i32>, String) {
        // SAFETY: kill only sends a signal to our own child.
        let sent = unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        assert_eq!(sent, 0, "kill {signal}");
        let status = child.wait().unwrap();
        let mut err = String::new();
        let mut stderr = child.stderr.take().expect("standard error piped");
        std::io::Read::read_to_string(&mut stderr, &mut err).unwrap();
        (status.code(), err)
    }

    /// A temporary folder to run boardsolve in as a contestant would:
    /// boardsolve's working folder, with a compile cache (`cache/`) of its
    /// own and no colour forced on its output.
    pub struct Folder {
        /// The folder, removed when dropped.
        pub dir: tempfile::TempDir,
        /// Whether boardsolve's `TMPDIR` is the folder's `tmp/`.
        own_tmp: bool,
    }

    impl Folder {
        /// An empty folder.
        pub fn new() -> Folder {
            Folder {
                dir: tempfile::tempdir().unwrap(),
                own_tmp: false,
            }
        }

        /// A folder holding copies of `tests/programs/src/` files (from,
        /// to) under the names a contestant would give them.
        pub fn with_programs(programs: &[(&str, &str)]) -> Folder {
            let folder = Folder::new();
            for (from, to) in programs {
                folder.copy_program(from, to);
            }
            folder
        }

        /// Gives boardsolve a temporary folder, `tmp/`, of its own (its
        /// `TMPDIR`), to see what it leaves there.
        pub fn own_tmp(mut self) -> Folder {
            std::fs::create_dir_all(self.path("tmp")).unwrap();
            self.own_tmp = true;
            self
        }

        /// The path of `name` in the folder.
        pub fn path(&self, name: &str) -> PathBuf {
            self.dir.path().join(name)
        }

        /// Writes `text` to `name`, making the folders it is in.
        pub fn write(&self, name: &str, text: &str) {
            let path = self.path(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }

        /// Copies `tests/programs/src/FROM` to `to`, making the folders it
        /// is in.
        pub fn copy_program(&self, from: &str, to: &str) {
            let path = self.path(to);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::copy(program_source(from), path).unwrap();
        }

        /// `boardsolve ARGS` here, with nothing on standard input.
        pub fn command(&self, args: &[&str]) -> std::process::Command {
            let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_boardsolve"));
            command
                .args(args)
                .current_dir(self.dir.path())
                .env("XDG_CACHE_HOME", self.path("cache"))
                .env_remove("CLICOLOR_FORCE")
                .stdin(std::process::Stdio::null());
            if self.own_tmp {
                command.env("TMPDIR", self.path("tmp"));
            }
            command
        }

        /// Runs `boardsolve ARGS` here: (status, stdout, stderr).
        pub fn run(&self, args: &[&str]) -> (i32, String, String) {
            outcome(self.command(args).output().unwrap())
        }

        /// Runs `boardsolve ARGS` here: (status, stdout, stderr, seconds).
        pub fn run_timed(&self, args: &[&str]) -> (i32, String, String, f64) {
            let start = std::time::Instant::now();
            let (code, out, err) = self.run(args);
            (code, out, err, start.elapsed().as_secs_f64())
        }
    }

    /// Asserts that `text` contains `needle`, showing both where it does
    /// not.
    #[track_caller]
    pub fn assert_contains(text: &str, needle: &str) {
        assert!(text.contains(needle), "{needle:?} is not in:\n{text}");
    }

    /// Solves the bundled `examples/FILE` as a file argument.
    pub fn assert_example(puzzle: &str, file: &str, expected: &str) {
        let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
        boardsolve()
            .args(["solve", puzzle, &path])
            .assert()
            .success()
            .stdout(expected.to_string());
    }
}

#[path = "cli/architecture.rs"]
mod architecture;
#[path = "cli/check.rs"]
mod check;
#[path = "cli/compile.rs"]
mod compile;
#[path = "cli/contracts.rs"]
mod contracts;
#[path = "cli/diagnose.rs"]
mod diagnose;
#[path = "cli/examples.rs"]
mod examples;
#[path = "cli/failure_view.rs"]
mod failure_view;
#[path = "cli/files.rs"]
mod files;
#[path = "cli/footholds.rs"]
mod footholds;
#[path = "cli/game2048.rs"]
mod game2048;
#[path = "cli/general.rs"]
mod general;
#[path = "cli/harness.rs"]
mod harness;
#[path = "cli/html.rs"]
mod html;
#[path = "cli/layers.rs"]
mod layers;
#[path = "cli/limits.rs"]
mod limits;
#[path = "cli/local_judge.rs"]
mod local_judge;
#[path = "cli/mutants.rs"]
mod mutants;
#[path = "cli/own_programs.rs"]
mod own_programs;
#[path = "cli/package.rs"]
mod package;
#[path = "cli/regressions.rs"]
mod regressions;
#[path = "cli/robustness.rs"]
mod robustness;
#[path = "cli/samples.rs"]
mod samples;
#[path = "cli/search_line.rs"]
mod search_line;
#[path = "cli/seeded.rs"]
mod seeded;
#[path = "cli/solutions.rs"]
mod solutions;
#[path = "cli/source.rs"]
mod source;
#[path = "cli/starvation.rs"]
mod starvation;
#[path = "cli/tools.rs"]
mod tools;
#[path = "cli/tromino.rs"]
mod tromino;
#[path = "cli/watch.rs"]
mod watch;
#[path = "cli/web.rs"]
mod web;
#[path = "cli/yut.rs"]
mod yut;
