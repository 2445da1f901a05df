//! Arguments, help, version, exit codes shared by every puzzle.

use crate::common::{assert_refused, run};

#[test]
fn version_and_help() {
    let (code, out, _) = run(&["--version"], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("boardsolve "));
    let (code, out, _) = run(&["solve", "--help"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("boardsolve solve 2048 examples/2048/sample.in"));
    assert!(out.contains("Limits"));
}

#[test]
fn unknown_puzzle_is_a_usage_error() {
    let (code, out, err) = run(&["solve", "sudoku"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("unknown puzzle 'sudoku'"), "{err}");
}

#[test]
fn missing_file_is_reported() {
    assert_refused(
        &["solve", "2048", "/no/such/file.in"],
        b"",
        "cannot read /no/such/file.in",
    );
}
