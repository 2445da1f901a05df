//! `test --watch`: what it watches (folders of cases at any depth, the
//! files a command names) and a folder of cases removed and made again.
//! Each step waits for the line that says the round ran, never a fixed
//! time.

use super::common::*;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The samples' first 2048 case, whose answer is 16.
const CASE: &str = "3\n2 2 2\n4 4 4\n8 8 8\n";

/// A `test --watch` running in a folder of its own, its output's lines
/// read as they come.
struct Watching {
    dir: tempfile::TempDir,
    child: Child,
    stdout: Receiver<String>,
    stderr: Receiver<String>,
}

impl Watching {
    /// Writes `files` in a new folder and starts `boardsolve ARGS` there.
    fn start(files: &[(&str, &str)], args: &[&str]) -> Watching {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardsolve"));
        command.args(args).current_dir(dir.path());
        let mut child = default_signals(&mut command)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = lines(child.stdout.take().unwrap());
        let stderr = lines(child.stderr.take().unwrap());
        Watching {
            dir,
            child,
            stdout,
            stderr,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The next table's last line ("N passed, M failed").
    fn table(&self, what: &str) -> String {
        wait_for(&self.stdout, what, |line| line.contains(" passed, "))
    }

    /// The next line on standard error that contains `needle`.
    fn said(&self, needle: &str) -> String {
        wait_for(&self.stderr, needle, |line| line.contains(needle))
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        // SAFETY: kill only sends a signal to our own child.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGINT);
        }
        let _ = self.child.wait();
    }
}

fn lines(from: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            if send.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    receive
}

fn wait_for(lines: &Receiver<String>, what: &str, found: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if found(&line) => return line,
            Ok(_) => {}
            Err(e) => panic!("no {what}: {e}"),
        }
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

#[test]
fn watch_follows_a_package_to_any_depth_and_the_file_a_command_names() {
    let w = Watching::start(
        &[
            ("pkg/data/sample/1.in", CASE),
            ("pkg/data/sample/1.ans", "16\n"),
            ("pkg/data/secret/group/2.in", CASE),
            ("pkg/data/secret/group/2.ans", "16\n"),
            ("sol.sh", "echo 16\n"),
        ],
        &["test", "12100", "pkg", "--watch", "--", "sh", "sol.sh"],
    );
    assert_eq!(w.table("first table"), "2 passed, 0 failed");
    write(&w.path("pkg/data/secret/group/2.ans"), "8\n");
    assert_eq!(
        w.table("table after an answer's change"),
        "1 passed, 1 failed"
    );
    write(&w.path("sol.sh"), "echo 8\n");
    assert_eq!(
        w.table("table after the script's change"),
        "1 passed, 1 failed"
    );
    write(&w.path("pkg/data/sample/1.ans"), "8\n");
    assert_eq!(
        w.table("table after a sample's change"),
        "2 passed, 0 failed"
    );
}

#[test]
fn watch_waits_for_a_removed_folder_of_cases_and_watches_it_again() {
    let w = Watching::start(
        &[("tests/1.in", CASE), ("tests/1.ans", "16\n")],
        &[
            "test", "12100", "tests", "--watch", "--", "sh", "-c", "echo 16",
        ],
    );
    assert_eq!(w.table("first table"), "1 passed, 0 failed");
    std::fs::remove_dir_all(w.path("tests")).unwrap();
    w.said("tests is gone; waiting for it to come back");
    // Made again in a temporary folder and moved in whole, as a
    // generator's script would, then changed in place.
    std::fs::create_dir(w.path("new")).unwrap();
    write(&w.path("new/1.in"), CASE);
    write(&w.path("new/1.ans"), "8\n");
    std::fs::rename(w.path("new"), w.path("tests")).unwrap();
    w.said("tests is back");
    assert_eq!(
        w.table("table of the folder made again"),
        "0 passed, 1 failed"
    );
    write(&w.path("tests/1.ans"), "16\n");
    assert_eq!(w.table("table after a change in it"), "1 passed, 0 failed");
}
