//! Compiles contained like runs: a memory limit, a bound on the
//! compiler's messages, its temporary files in a folder of the build
//! that goes on every path, and Ctrl-C during a compile a clean stop.

use crate::common::{default_signals, skip_without};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// A folder with one 12100 case in `tests/`, the named programs of
/// `tests/programs/src/` copied in, a cache folder (`cache/`) and a
/// temporary folder (`tmp/`, boardsolve's `TMPDIR`) of its own.
pub(crate) struct Work {
    pub(crate) dir: tempfile::TempDir,
}

impl Work {
    pub(crate) fn new(programs: &[(&str, &str)]) -> Work {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["tests", "tmp", "cache"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        std::fs::write(dir.path().join("tests/1.in"), "3\n0 2 8\n4 2 2\n4 2 8\n").unwrap();
        for (from, to) in programs {
            std::fs::copy(program_source(from), dir.path().join(to)).unwrap();
        }
        Work { dir }
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .current_dir(self.dir.path())
            .env("XDG_CACHE_HOME", self.path("cache"))
            .env("TMPDIR", self.path("tmp"))
            .stdin(Stdio::null());
        command
    }

    /// Runs boardsolve here: (status, stdout, stderr, seconds).
    pub(crate) fn run(&self, args: &[&str]) -> (i32, String, String, f64) {
        let start = Instant::now();
        let out = self.command(args).output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            start.elapsed().as_secs_f64(),
        )
    }

    /// Everything left under `sub` (recursively), relative names.
    pub(crate) fn left_in(&self, sub: &str) -> Vec<String> {
        let root = self.path(sub);
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
}

pub(crate) fn program_source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs/src")
        .join(name)
}

pub(crate) fn have(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
        || !skip_without(tool)
}

/// The build folders left in the cache (`.build-*`): none once
/// boardsolve has ended, however it ended.
fn build_folders(work: &Work) -> Vec<String> {
    work.left_in("cache")
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
    let work = Work::new(&[("include_dev_zero.cpp", "zero.cpp")]);
    let (code, out, err, seconds) = work.run(&["test", "12100", "tests/", "--", "zero.cpp"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with("CE ")
            && out.contains("g++ used more than the 2048 MiB of memory allowed for compiling"),
        "{out}"
    );
    assert!(seconds < 60.0, "{seconds} s");
    assert_eq!(work.left_in("tmp"), Vec::<String>::new());
    assert_eq!(build_folders(&work), Vec::<String>::new());
}

#[test]
fn a_flood_of_compiler_messages_is_stopped_at_its_bound() {
    // Before: 250 MB of messages, all read, in 13 s.
    if !have("gcc") {
        return;
    }
    let work = Work::new(&[("message_flood.c", "flood.c")]);
    let (code, out, err, _) = work.run(&["test", "12100", "tests/", "--", "flood.c"]);
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
    assert_eq!(work.left_in("tmp"), Vec::<String>::new());
}

/// Starts `args` in `work`, waits until a compiler's temporary file
/// (`cc*`) exists anywhere under the work folder (the compile has begun),
/// sends SIGINT, and returns (status, stdout, stderr).
pub(crate) fn interrupt_when_compiling(work: &Work, args: &[&str]) -> (i32, String, String) {
    let mut command = work.command(args);
    let child = default_signals(&mut command)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let compiling = || {
        work.left_in("")
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
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_during_a_compile_exits_130_and_leaves_no_temporary_file() {
    // Before: 9 of 9 interrupted compiles left a ccXXXX.s in TMPDIR.
    if !have("g++") {
        return;
    }
    let work = Work::new(&[("include_dev_zero.cpp", "zero.cpp")]);
    for _ in 0..3 {
        let (code, out, err) =
            interrupt_when_compiling(&work, &["test", "12100", "tests/", "--", "zero.cpp"]);
        assert_eq!(code, 130, "{out}{err}");
        assert_eq!(err.matches("interrupted").count(), 1, "{err}");
        assert!(!out.contains("CE"), "{out}");
        assert_eq!(work.left_in("tmp"), Vec::<String>::new());
        assert_eq!(build_folders(&work), Vec::<String>::new());
    }
}
