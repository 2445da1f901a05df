//! Running someone's program on one input, with a time limit.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// At most this much of a program's stdout or stderr is kept; a program
/// that writes more is still read to the end so it never blocks.
const KEEP_BYTES: usize = 64 << 20;

/// How a run of a program ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status code.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
    /// It ran past the time limit and was killed, with its children.
    TimedOut,
    /// It could not be started.
    NotStarted(String),
}

/// What a program did with one input.
#[derive(Debug, Clone)]
pub struct RunResult {
    /// How it ended.
    pub ending: Ending,
    /// Its standard output (at most 64 MiB kept).
    pub stdout: Vec<u8>,
    /// Its standard error (at most 64 MiB kept).
    pub stderr: Vec<u8>,
    /// Wall-clock time until it ended or was killed.
    pub elapsed: Duration,
}

fn drain(mut from: impl Read) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 1 << 16];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => return kept,
            Ok(k) => {
                let room = KEEP_BYTES.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..k.min(room)]);
            }
        }
    }
}

/// Kills the whole process group `pgid` (the program and anything it started).
fn kill_group(pgid: u32) {
    // SAFETY: kill(2) with a negative pid only sends a signal; it touches no
    // memory of ours. The group is the one we created for this child.
    unsafe {
        libc::kill(-(pgid as libc::pid_t), libc::SIGKILL);
    }
}

/// Runs `command` (program and arguments) with `input` on its standard
/// input, killing it and its children after `limit`.
///
/// The program runs in a process group of its own; when it ends or times
/// out, whatever is left of the group is killed and the program is reaped,
/// so no process or zombie outlives the call.
pub fn run(command: &[String], input: &[u8], limit: Duration) -> RunResult {
    let start = Instant::now();
    let not_started = |why: String| RunResult {
        ending: Ending::NotStarted(why),
        stdout: Vec::new(),
        stderr: Vec::new(),
        elapsed: start.elapsed(),
    };
    let Some((program, args)) = command.split_first() else {
        return not_started("no command given".into());
    };
    let mut child = match Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return not_started(format!("cannot run {program}: {e}")),
    };
    let pgid = child.id();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may exit without reading its input: a write error is fine.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let out_reader = thread::spawn(move || drain(stdout));
    let err_reader = thread::spawn(move || drain(stderr));

    let deadline = start + limit;
    let mut pause = Duration::from_micros(200);
    let ending = loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                break match (status.code(), status.signal()) {
                    (Some(code), _) => Ending::Exited(code),
                    (None, Some(signal)) => Ending::Signaled(signal),
                    (None, None) => Ending::Exited(-1),
                };
            }
            Ok(None) if Instant::now() >= deadline => {
                kill_group(pgid);
                let _ = child.wait();
                break Ending::TimedOut;
            }
            Ok(None) => {
                thread::sleep(pause.min(deadline.saturating_duration_since(Instant::now())));
                pause = (pause * 2).min(Duration::from_millis(10));
            }
            Err(e) => {
                kill_group(pgid);
                let _ = child.wait();
                break Ending::NotStarted(format!("cannot wait for {program}: {e}"));
            }
        }
    };
    let elapsed = start.elapsed();
    // Children left behind would keep the pipes open and the readers waiting.
    kill_group(pgid);
    let _ = writer.join();
    RunResult {
        ending,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn echoes_and_exit_codes() {
        let r = run(
            &sh("cat; echo oops >&2; exit 3"),
            b"hello",
            Duration::from_secs(5),
        );
        assert_eq!(r.ending, Ending::Exited(3));
        assert_eq!(r.stdout, b"hello");
        assert_eq!(r.stderr, b"oops\n");
    }

    #[test]
    fn time_out_kills_children_too() {
        let r = run(
            &sh("sleep 30 & sleep 30; echo late"),
            b"",
            Duration::from_millis(200),
        );
        assert_eq!(r.ending, Ending::TimedOut);
        assert!(r.elapsed < Duration::from_secs(5));
        assert!(r.stdout.is_empty());
    }

    #[test]
    fn signals_and_missing_programs() {
        let r = run(&sh("kill -SEGV $$"), b"", Duration::from_secs(5));
        assert_eq!(r.ending, Ending::Signaled(libc::SIGSEGV));
        let r = run(
            &["/no/such/program".to_string()],
            b"",
            Duration::from_secs(5),
        );
        assert!(matches!(r.ending, Ending::NotStarted(_)));
    }
}
