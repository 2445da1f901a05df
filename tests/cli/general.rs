//! Arguments, help, version, exit codes shared by every puzzle.

use crate::common::{assert_example, assert_refused, golden_solved, run, solved};

#[test]
fn version_and_help() {
    let out = solved(&["--version"], b"");
    assert!(out.starts_with("boardsolve "));
    let out = solved(&["solve", "--help"], b"");
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

#[test]
fn golden_cases_and_bundled_examples() {
    for (dir, names) in [
        ("2048", &["2048", "12100"][..]),
        ("yut", &["yut", "17825"]),
        ("tromino", &["tromino"]),
    ] {
        golden_solved(dir, names);
    }
    let third_tromino_sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tromino/03.out"
    ))
    .unwrap();
    for (puzzle, file, expected) in [
        ("2048", "2048/sample.in", "16\n"),
        ("yut", "yut/sample.in", "214\n"),
        (
            "tromino",
            "tromino/sample.in",
            third_tromino_sample.as_str(),
        ),
    ] {
        assert_example(puzzle, file, expected);
    }
}
