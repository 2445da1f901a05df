//! The live line of a long 2048 search: on a terminal it shows on stderr
//! and is erased before the answer; anywhere else nothing shows.

use crate::common::run;
use std::process::{Command, Stdio};

/// The dense seed-2 board: at K = 15 (answer 8192) the search takes 2 to
/// 3.5 s with the test profile on two cores, long enough for the line,
/// which shows after one second.
fn dense_board_path() -> String {
    format!(
        "{}/benches/data/2048-dense-seed2.in",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// What the terminal shows while `command` (a shell command line) runs
/// under a pseudo terminal, and its exit status; `None` without `script`
/// (from util-linux).
fn on_a_terminal(command: &str) -> Option<(i32, String)> {
    let out = match Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    {
        Ok(out) => out,
        Err(e)
            if e.kind() == std::io::ErrorKind::NotFound
                && crate::common::skip_without("script (util-linux)") =>
        {
            return None;
        }
        Err(e) => panic!("script: {e}"),
    };
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

/// `text` quoted for the shell.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The command line solving the dense board at `moves` with `extra` options.
fn solve_command(moves: &str, extra: &str) -> String {
    format!(
        "{} solve 2048 --moves {moves} {extra} {}",
        quoted(env!("CARGO_BIN_EXE_boardsolve")),
        quoted(&dense_board_path())
    )
}

/// Erases the terminal line (indicatif's clear, after a carriage return).
const ERASE: &str = "\r\x1b[2K";

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_long_search_shows_a_line_and_erases_it() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer");
    // Standard output to a file, standard error on the terminal.
    let command = format!(
        "{} > {}",
        solve_command("15", ""),
        quoted(answer.to_str().unwrap())
    );
    let Some((code, shown)) = on_a_terminal(&command) else {
        return;
    };
    assert_eq!(code, 0, "{shown:?}");
    assert_eq!(std::fs::read_to_string(&answer).unwrap(), "8192\n");
    assert!(
        shown.contains("searching K = 15: at least ") && shown.contains(" positions · "),
        "the line should show: {shown:?}"
    );
    assert!(
        shown.ends_with(ERASE),
        "the line should be erased at the end: {shown:?}"
    );

    // Both on one terminal: the answer comes after the line is erased.
    let Some((code, shown)) = on_a_terminal(&solve_command("15", "")) else {
        return;
    };
    assert_eq!(code, 0, "{shown:?}");
    let (before, after) = shown.rsplit_once(ERASE).expect("the line is erased");
    assert!(before.contains("searching K = 15: "), "{shown:?}");
    assert_eq!(after, "8192\r\n");
}

#[test]
fn a_stopped_search_clears_its_line_before_the_bounds() {
    // K = 18 takes half a minute: the limit stops it, with the time
    // against the limit on the line until then.
    let Some((code, shown)) = on_a_terminal(&solve_command("18", "--time-limit 2s")) else {
        return;
    };
    assert_eq!(code, 3, "{shown:?}");
    assert!(shown.contains(" s of 2 s"), "{shown:?}");
    let (before, after) = shown.rsplit_once(ERASE).expect("the line is erased");
    assert!(before.contains("searching K = 18: at least "), "{shown:?}");
    assert!(
        after.starts_with("no exact answer within 2s: at least ") && after.ends_with("\r\n"),
        "{shown:?}"
    );
    assert_eq!(after.lines().count(), 1, "{shown:?}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn without_a_terminal_stderr_stays_empty() {
    for extra in [&[][..], &["--json"]] {
        let path = dense_board_path();
        let moves = if extra.is_empty() { "15" } else { "14" };
        let mut args = vec!["solve", "2048", "--moves", moves, &path];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args, b"");
        assert_eq!((code, err.as_str()), (0, ""), "{extra:?}");
        assert!(out.starts_with(if extra.is_empty() { "8192\n" } else { "{" }));
    }
}
