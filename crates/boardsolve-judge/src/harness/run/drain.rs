//! The program's standard error, emptied as it is written.

use super::super::trouble::Trouble;
use rustix::event::{PollFd, PollFlags, Timespec};
use std::io::{self, Read};

/// How much of the start, and of the end, of a program's standard error
/// a report keeps: both, with the line between them, fit in the 4 KiB
/// that a report shows whole.
pub const STDERR_KEPT: usize = 2000;

/// How long a look at the pipe waits before it checks for the end.
const POLL_PAUSE: Timespec = Timespec {
    tv_sec: 0,
    tv_nsec: 20_000_000,
};

/// A thread that empties the program's standard error pipe as it is
/// written, so that no volume of it blocks or fails the program, keeping
/// the first and the last [`STDERR_KEPT`] bytes.
pub(super) struct Drain {
    thread: std::thread::JoinHandle<Vec<u8>>,
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// How many bytes were read so far, kept or not.
    written: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Drain {
    pub(super) fn start(pipe: io::PipeReader) -> Result<Drain, Trouble> {
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = done.clone();
        let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counted = written.clone();
        let thread = std::thread::Builder::new()
            .name("stderr".into())
            .stack_size(64 << 10)
            .spawn(move || drain(pipe, &seen, &counted))
            .map_err(|e| Trouble::system("cannot start a thread", e))?;
        Ok(Drain {
            thread,
            done,
            written,
        })
    }

    /// How many bytes the program has written to standard error so far.
    pub(super) fn written(&self) -> u64 {
        self.written.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// What was kept, once every process of the run is gone.
    pub(super) fn finish(self) -> Vec<u8> {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.thread.join().unwrap_or_default()
    }
}

/// Reads `pipe` to its end (every writer gone) or, after `done`, until it
/// is empty: a copy of the write end that some unrelated process got hold
/// of must not keep the run waiting.
fn drain(
    mut pipe: io::PipeReader,
    done: &std::sync::atomic::AtomicBool,
    written: &std::sync::atomic::AtomicU64,
) -> Vec<u8> {
    let mut head = Vec::with_capacity(STDERR_KEPT);
    let mut tail: std::collections::VecDeque<u8> =
        std::collections::VecDeque::with_capacity(STDERR_KEPT);
    let mut dropped = 0u64;
    let mut buf = vec![0u8; 64 << 10];
    loop {
        let mut poll = [PollFd::new(&pipe, PollFlags::IN)];
        let ready = rustix::event::poll(&mut poll, Some(&POLL_PAUSE)).unwrap_or(1);
        if ready == 0 {
            if done.load(std::sync::atomic::Ordering::SeqCst) {
                break;
            }
            continue;
        }
        let n = match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        written.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        let mut bytes = &buf[..n];
        let room = STDERR_KEPT - head.len();
        head.extend_from_slice(&bytes[..room.min(bytes.len())]);
        bytes = &bytes[room.min(bytes.len())..];
        tail.extend(bytes);
        let excess = tail.len().saturating_sub(STDERR_KEPT);
        tail.drain(..excess);
        dropped += excess as u64;
    }
    if dropped > 0 {
        head.extend_from_slice(format!("{MARK_START}{dropped}{MARK_END}").as_bytes());
    }
    head.extend(tail);
    head
}

/// The line put between the start and the end of a standard error kept
/// in part, around the count of bytes left out.
const MARK_START: &str = "\n[... ";
const MARK_END: &str = " bytes of standard error not kept ...]\n";

/// A standard error as a run keeps it (`Run::stderr`), split into its start,
/// the count of bytes not kept and its end; all of it is the start when
/// nothing was left out.
pub fn stderr_parts(kept: &[u8]) -> (&[u8], u64, &[u8]) {
    let whole = (kept, 0, &kept[kept.len()..]);
    // The line is only ever put after the start's STDERR_KEPT bytes.
    let Some(after) = kept.get(STDERR_KEPT..) else {
        return whole;
    };
    let Some(rest) = after.strip_prefix(MARK_START.as_bytes()) else {
        return whole;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let count = std::str::from_utf8(&rest[..digits])
        .ok()
        .and_then(|d| d.parse().ok());
    match (count, rest[digits..].strip_prefix(MARK_END.as_bytes())) {
        (Some(count), Some(tail)) => (&kept[..STDERR_KEPT], count, tail),
        _ => whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_standard_error_kept_in_part_splits_back_into_its_start_count_and_end() {
        let text: Vec<u8> = (0..10_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let (reader, mut writer) = io::pipe().unwrap();
        let writing = std::thread::spawn(move || writer.write_all(&text).map(|()| text));
        let written = std::sync::atomic::AtomicU64::new(0);
        let kept = drain(reader, &std::sync::atomic::AtomicBool::new(false), &written);
        let text = writing.join().unwrap().unwrap();
        let (head, dropped, tail) = stderr_parts(&kept);
        assert_eq!(head, &text[..STDERR_KEPT]);
        assert_eq!(tail, &text[text.len() - STDERR_KEPT..]);
        assert_eq!(dropped, (text.len() - 2 * STDERR_KEPT) as u64);
        assert_eq!(
            written.load(std::sync::atomic::Ordering::Relaxed),
            text.len() as u64
        );
        // Kept whole: all of it is the start, even text like the line.
        let short = b"fine\n[... 3 bytes of standard error not kept ...]\nx";
        assert_eq!(stderr_parts(short), (&short[..], 0, &b""[..]));
    }
}
