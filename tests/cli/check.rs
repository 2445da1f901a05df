//! `check` on outputs too large to hold: bounded memory, a verdict at the
//! first difference, whatever the output is (a file of gigabytes, a pipe).

use super::common::*;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// The samples' first 2048 case, whose answer is 16.
const CASE: &str = "3\n2 2 2\n4 4 4\n8 8 8\n";

/// Runs `boardsolve ARGS` with `feed` writing its standard input (until
/// it is closed), returning (status, stdout, the child's peak memory in
/// KiB, the bytes `feed` wrote). The peak is the child's own, read with
/// `wait4`, not the test's.
#[expect(
    clippy::zombie_processes,
    reason = "wait4 reaps it, for its peak memory"
)]
fn measured(
    args: &[&str],
    feed: impl FnOnce(&mut dyn Write) -> u64 + Send,
) -> (i32, String, i64, u64) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (written, out) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || feed(&mut stdin));
        let mut out = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut out).unwrap();
        (writer.join().unwrap(), out)
    });
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the child is ours and not waited for by anyone else.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    (libc::WEXITSTATUS(status), out, usage.ru_maxrss, written)
}

/// Writes `head`, then `total` bytes of `byte` a MiB at a time, until
/// the reader closes the pipe; returns the bytes written.
fn stream(head: &'static [u8], byte: u8, total: u64) -> impl FnOnce(&mut dyn Write) -> u64 + Send {
    move |out| {
        let chunk = vec![byte; 1 << 20];
        let mut written = 0;
        if out.write_all(head).is_err() {
            return 0;
        }
        while written < total {
            match out.write(&chunk[..chunk.len().min((total - written) as usize)]) {
                Ok(n) => written += n as u64,
                Err(_) => break,
            }
        }
        written
    }
}

fn case(dir: &Path) -> String {
    let input = dir.join("case.in");
    std::fs::write(&input, CASE).unwrap();
    input.to_str().unwrap().to_owned()
}

#[test]
fn a_runaway_output_on_a_pipe_is_a_wrong_answer_read_no_further_than_its_difference() {
    let dir = tempfile::tempdir().unwrap();
    let input = case(dir.path());
    // 400 MB of one token, a wrong first token: read as far as its
    // message needs, in a few MiB.
    let (code, out, peak, written) = measured(
        &["check", "2048", &input, "-"],
        stream(b"", b'1', 400 << 20),
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("wrong: -: 1:1: expected \"16\", found \"1111"),
        "{out}"
    );
    assert!(written < 64 << 20, "{written} bytes read");
    assert!(peak < 48 << 10, "peak {peak} KiB");
    // The right answer followed by a runaway: wrong at the first extra
    // token, not a refusal of the output's size.
    let (code, out, peak, written) = measured(
        &["check", "2048", &input, "-"],
        stream(b"16\n", b'7', 400 << 20),
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2:1: extra output \"7777"), "{out}");
    assert!(written < 64 << 20, "{written} bytes read");
    assert!(peak < 48 << 10, "peak {peak} KiB");
}

#[test]
fn a_right_answer_padded_past_any_limit_is_right_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let input = case(dir.path());
    let (code, out, peak, written) = measured(
        &["check", "2048", &input, "-"],
        stream(b"16", b' ', 200 << 20),
    );
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    assert_eq!(written, 200 << 20);
    assert!(peak < 48 << 10, "peak {peak} KiB");
}

#[test]
fn an_output_file_of_gigabytes_is_judged_at_its_first_token() {
    let dir = tempfile::tempdir().unwrap();
    let input = case(dir.path());
    // A sparse file: 3 GiB of NUL bytes, one token, on no disk.
    let huge = dir.path().join("huge.out");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let huge = huge.to_str().unwrap();
    let (code, out, peak, _) = measured(&["check", "2048", &input, huge], |_| 0);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("1:1: expected \"16\", found \"\\x00\\x00"),
        "{out}"
    );
    assert!(peak < 48 << 10, "peak {peak} KiB");
    // A tiling is read twice; its checker also stops at the first token.
    let tiling = dir.path().join("t.in");
    std::fs::write(&tiling, "64 5 7\n").unwrap();
    let started = std::time::Instant::now();
    let (code, out, peak, _) =
        measured(&["check", "tromino", tiling.to_str().unwrap(), huge], |_| 0);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("1:1: expected a tile number or the hole 0"),
        "{out}"
    );
    assert!(peak < 48 << 10, "peak {peak} KiB");
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

#[test]
fn a_tiling_on_a_pipe_is_read_twice_from_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.in");
    std::fs::write(&input, "64 5 7\n").unwrap();
    let input = input.to_str().unwrap();
    let answer = solved(&["solve", "tromino", input], b"");
    let (code, out, _) = run(
        &["check", "tromino", input, "-", "--order"],
        answer.as_bytes(),
    );
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    // The second reading is what finds a tile that is no L: one cell of
    // the first row given the label of a tile far away.
    let mut cells: Vec<&str> = answer.split_whitespace().collect();
    let (a, b) = (cells[1], cells[64 * 40]);
    let swapped = cells.iter().position(|&c| c == b).unwrap();
    cells[1] = b;
    cells[swapped] = a;
    let broken = cells.join(" ");
    let from_pipe = run(&["check", "tromino", input, "-"], broken.as_bytes());
    let file = dir.path().join("broken.out");
    std::fs::write(&file, &broken).unwrap();
    let from_file = run(&["check", "tromino", input, file.to_str().unwrap()], b"");
    assert_eq!(from_pipe.0, 1, "{}", from_pipe.1);
    assert_eq!(
        from_pipe.1.replacen("-: ", "", 1),
        from_file
            .1
            .replacen(&format!("{}: ", file.display()), "", 1)
    );
}
