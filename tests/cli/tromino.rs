//! Tromino through the binary: samples, BOJ 14600/14601, check, --svg, bad input.

use crate::common::{assert_refused, run, solved};
use std::path::Path;

fn write(dir: &Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn boj_holes_convert_both_ways_and_check() {
    let dir = tempfile::tempdir().unwrap();
    // (K, x, y): x the column from the left, y the row from the bottom, 1-based.
    for (k, x, y) in [
        (1u32, 1u32, 1u32),
        (2, 1, 1),
        (2, 4, 1),
        (3, 3, 6),
        (5, 17, 2),
        (7, 128, 128),
    ] {
        let n = 1u32 << k;
        let boj_in = format!("{k}\n{x} {y}\n");
        let (code, boj_out, err) = run(&["solve", "14601"], boj_in.as_bytes());
        assert_eq!(code, 0, "{err}");
        let (row, col) = (n - y, x - 1);
        let plain_in = format!("{n} {row} {col}\n");
        let (_, plain_out, _) = run(&["solve", "tromino"], plain_in.as_bytes());
        // The same tiling, the hole written -1 for BOJ and 0 here.
        let lines: Vec<&str> = boj_out.lines().collect();
        assert_eq!(lines.len(), n as usize);
        assert_eq!(lines[row as usize].split(' ').nth(col as usize), Some("-1"));
        let converted: Vec<String> = boj_out
            .lines()
            .map(|l| {
                l.split(' ')
                    .map(|t| if t == "-1" { "0" } else { t })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(converted.join("\n") + "\n", plain_out);
        let boj_in_file = write(dir.path(), "boj.in", boj_in.as_bytes());
        let boj_out_file = write(dir.path(), "boj.out", boj_out.as_bytes());
        for puzzle in ["14600", "14601"] {
            let (code, verdict, _) = run(
                &["check", puzzle, &boj_in_file, &boj_out_file, "--order"],
                b"",
            );
            assert_eq!((code, verdict.as_str()), (0, "correct\n"));
        }
        let plain_in_file = write(dir.path(), "plain.in", plain_in.as_bytes());
        let plain_out_file = write(dir.path(), "plain.out", plain_out.as_bytes());
        let (code, _, _) = run(
            &[
                "check",
                "tromino",
                &plain_in_file,
                &plain_out_file,
                "--order",
            ],
            b"",
        );
        assert_eq!(code, 0);
        // A BOJ answer is not a plain one: -1 is not a tile number.
        let (code, verdict, _) = run(&["check", "tromino", &plain_in_file, &boj_out_file], b"");
        assert_eq!(code, 1, "{verdict}");
    }
}

#[test]
fn check_exit_codes_and_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.in", b"4 0 0\n");
    let good = write(
        dir.path(),
        "good.out",
        b"0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n",
    );
    let renumbered = write(
        dir.path(),
        "renum.out",
        b"0 9 3 3\n9 9 1 3\n4 1 1 5\n4 4 5 5\n",
    );
    let broken = write(
        dir.path(),
        "broken.out",
        b"0 2 3 3\n2 2 1 3\n4 1 1 5\n4 5 5 4\n",
    );
    let (code, out, _) = run(&["check", "tromino", &input, &good, "--order"], b"");
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    // `tromino` accepts only the placement order, asked or not.
    let (code, out, _) = run(&["check", "tromino", &input, &renumbered], b"");
    assert_eq!(code, 1, "{out}");
    let (code, out, _) = run(&["check", "tromino", &input, &renumbered, "--order"], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("row 0, column 1") && out.contains("placement order gives 2"),
        "{out}"
    );
    let (code, out, _) = run(&["check", "tromino", &input, &broken], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("tile 4 at row 2, column 0") && out.contains("not an L"),
        "{out}"
    );
    // An unreadable or invalid input is status 2.
    let bad = write(dir.path(), "bad.in", b"6 0 0\n");
    assert_refused(&["check", "tromino", &bad, &good], b"", "3 divides 6");
    assert_refused(
        &["check", "tromino", "/no/such.in", &good],
        b"",
        "cannot read /no/such.in",
    );
    assert_refused(
        &["check", "tromino", &input, "/no/such.out"],
        b"",
        "cannot read /no/such.out",
    );
    let ten = write(dir.path(), "ten.in", b"10 4 1\n");
    assert_refused(
        &["check", "tromino", &ten, &good, "--order"],
        b"",
        "--order needs a power-of-two side",
    );
}

#[test]
fn check_takes_any_spacing_and_line_ends_and_names_a_wrong_count() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.in", b"16 5 9\n");
    let answer = solved(&["solve", "tromino", &input], b"");
    let layouts = [
        ("one-line.out", answer.replace('\n', " ")),
        ("crlf.out", answer.replace('\n', "\r\n")),
        (
            "blank-lines.out",
            format!("\n\n{}\n\n\n", answer.replace('\n', "\n\n")),
        ),
        ("tabs.out", answer.replace(' ', "\t  ")),
    ];
    for (name, text) in &layouts {
        let output = write(dir.path(), name, text.as_bytes());
        let (code, out, err) = run(&["check", "tromino", &input, &output, "--order"], b"");
        assert_eq!((code, out.as_str()), (0, "correct\n"), "{name}: {err}");
    }
    let numbers: Vec<&str> = answer.split_whitespace().collect();
    let short = write(dir.path(), "short.out", numbers[..255].join(" ").as_bytes());
    let (code, out, _) = run(&["check", "tromino", &input, &short], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("short.out: the output ends after 255 numbers at 1:")
            && out.contains("expected 16×16 = 256"),
        "{out}"
    );
    let long = write(dir.path(), "long.out", format!("{answer}7\n").as_bytes());
    let (code, out, _) = run(&["check", "tromino", &input, &long], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("long.out: 17:1: unexpected extra output \"7\" after the 16×16 = 256"),
        "{out}"
    );
}

#[test]
fn general_sides_tile_and_check() {
    let dir = tempfile::tempdir().unwrap();
    for spec in [
        "5 4 2", "7 0 6", "10 4 1", "11 5 5", "13 12 0", "20 19 19", "35 17 3",
    ] {
        let input = write(dir.path(), "g.in", spec.as_bytes());
        let (code, out, err) = run(&["solve", "tromino", &input], b"");
        assert_eq!(code, 0, "{spec}: {err}");
        let output = write(dir.path(), "g.out", out.as_bytes());
        let (code, verdict, _) = run(&["check", "tromino", &input, &output], b"");
        assert_eq!((code, verdict.as_str()), (0, "correct\n"), "{spec}");
    }
}

#[test]
fn svg_picture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let svg_arg = svg.display().to_string();
    let (code, _, err) = run(&["solve", "tromino", "--svg", &svg_arg], b"8 1 2\n");
    assert_eq!(code, 0, "{err}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("<text").count(), 21);
    // The shared CLI prints the answer before drawing, so only the status
    // and the message are checked here.
    let (code, _, err) = run(&["solve", "tromino", "--svg", &svg_arg], b"512 0 0\n");
    assert_eq!(code, 2);
    assert!(err.contains("--svg draws boards up to 256"), "{err}");
}

#[test]
fn options_it_does_not_take_are_refused() {
    assert_refused(
        &["solve", "tromino", "--moves", "3"],
        b"4 0 0",
        "tromino does not take --moves",
    );
}

#[test]
fn big_board_streams() {
    let out = solved(&["solve", "tromino"], b"1024 1000 3\n");
    assert_eq!(out.lines().count(), 1024);
    assert_eq!(out.lines().nth(1000).unwrap().split(' ').nth(3), Some("0"));
}

#[test]
fn streamed_boards_pass_the_placement_order_check() {
    // The streaming writer against the checker, which numbers the board by
    // the plain recursion: holes in corners, on the centre cross and
    // inside 4x4 squares, so both the four-cell path and the cell-by-cell
    // rows around the hole are checked.
    let dir = tempfile::tempdir().unwrap();
    for input in [
        "8 5 6\n",
        "16 3 12\n",
        "256 0 255\n",
        "1024 700 1\n",
        "2048 1024 1023\n",
    ] {
        let answer = solved(&["solve", "tromino"], input.as_bytes());
        let input_file = write(dir.path(), "case.in", input.as_bytes());
        let answer_file = write(dir.path(), "case.out", answer.as_bytes());
        let (code, out, err) = run(
            &["check", "tromino", &input_file, &answer_file, "--order"],
            b"",
        );
        assert_eq!((code, out.as_str()), (0, "correct\n"), "{input}: {err}");
    }
}

/// BOJ's outputs, as (name, output) for the input `2\n1 4\n` (K = 2, the
/// hole at the top left): each breaks the rule that every tromino has its
/// own number from 1 to 19000.
const BOJ_LABEL_BREAKS: [(&str, &[u8]); 4] = [
    // The top-left quadrant's tromino never placed: an L of zeros.
    ("zero", b"-1 0 3 3\n0 0 1 3\n4 1 1 5\n4 4 5 5\n"),
    (
        "19001",
        b"-1 2 3 3\n2 2 1 3\n4 1 1 19001\n4 4 19001 19001\n",
    ),
    ("four cells", b"-1 2 3 3\n2 2 1 3\n4 1 1 1\n4 4 5 5\n"),
    // Tiles 2 and 4 share a number: six cells, two Ls.
    ("two Ls", b"-1 2 3 3\n2 2 1 3\n2 1 1 5\n2 2 5 5\n"),
];

#[test]
fn boj_tile_numbers_are_1_to_19000_one_a_tromino() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "t.in", b"2\n1 4\n");
    let reasons = [
        "cells (0,1) (1,0) (1,1) are labelled 0: labels are 1..19000 (cells as (row,column), 0-based from the top left; the first at output 1:4)",
        "cells (2,3) (3,2) (3,3) are labelled 19001: labels are 1..19000",
        "tile 1 at row 1, column 2 (0-based; output 2:5) covers 4 cells, not 3",
        "tile 2 at row 0, column 1 (0-based; output 1:4) covers 6 cells, not 3",
    ];
    for ((name, text), reason) in BOJ_LABEL_BREAKS.iter().zip(reasons) {
        let output = write(dir.path(), "t.out", text);
        for puzzle in ["14600", "14601"] {
            let (code, out, _) = run(&["check", puzzle, &input, &output], b"");
            assert_eq!(code, 1, "{puzzle} {name}: {out}");
            assert!(out.contains(reason), "{puzzle} {name}: {out}");
        }
    }
    // The smallest case: K = 1, the one tromino left at 0.
    let one = write(dir.path(), "one.in", b"1\n1 2\n");
    let output = write(dir.path(), "one.out", b"-1 0\n0 0\n");
    let (code, out, _) = run(&["check", "14601", &one, &output], b"");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("cells (0,1) (1,0) (1,1) are labelled 0: labels are 1..19000"),
        "{out}"
    );
}

#[test]
fn the_packages_output_validator_keeps_the_label_rule() {
    // Compiled as tests/cli/package.rs compiles the package's validators.
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("check_tiling");
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/boardsolve-judge/src/package/assets/check_tiling.cpp"
    );
    let status = std::process::Command::new("c++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(source)
        .status()
        .expect("c++ runs");
    assert!(status.success(), "check_tiling.cpp compiles");
    let input = write(dir.path(), "t.in", b"2\n1 4\n");
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let judge = |output: &[u8]| {
        use std::io::Write;
        let mut child = std::process::Command::new(&exe)
            .args([&input, &input, &feedback.display().to_string()])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(output).unwrap();
        let code = child.wait().unwrap().code();
        let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
        (code, message)
    };
    let good = solved(&["solve", "14601", &input], b"");
    assert_eq!(
        judge(good.as_bytes()),
        (Some(42), "a valid tiling\n".to_string())
    );
    // Its cells are (row,column), 1-based from the top left, as its other
    // messages count rows and columns.
    let reasons = [
        "cells (1,2) (2,1) (2,2) are labelled 0: labels are 1..19000\n",
        "cells (3,4) (4,3) (4,4) are labelled 19001: labels are 1..19000\n",
        "the number 1 is on 4 cells, not 3\n",
        "the number 2 is on 6 cells, not 3\n",
    ];
    for ((name, text), reason) in BOJ_LABEL_BREAKS.iter().zip(reasons) {
        assert_eq!(judge(text), (Some(43), reason.to_string()), "{name}");
    }
}

/// The mistakes of the rules, which BOJ's special judge kills too; their
/// `stress --diagnose` tests are here, not in `diagnose.rs`.
pub(crate) const RULE_MISTAKES: [&str; 10] = [
    "y-from-top",
    "xy-swapped",
    "x-as-row",
    "labels-from-zero",
    "stops-at-two",
    "quadrant-off-by-one",
    "labels-by-depth",
    "hole-unmarked",
    "hole-mark-row-dropped",
    "hole-mark-column-dropped",
];

/// The mistakes whose board differs from the right one only in BOJ's -1
/// (the own format prints the hole 0 anyway).
const OWN_FORMAT_SAME: [&str; 3] = [
    "hole-unmarked",
    "hole-mark-row-dropped",
    "hole-mark-column-dropped",
];

/// Asserts that `stress --diagnose` names `[id]` on `args`.
fn names(args: &[&str], mode: &[&str], id: &str) {
    let found = crate::diagnose::diagnosis(args, "wrong_tromino", mode);
    assert!(
        found.starts_with(&format!("[{id}] your program behaves as if ")),
        "{args:?} {id}: {found}"
    );
}

/// One test per mistake of the rules: `stress --diagnose` names it under
/// both BOJ judges, and (but for the mistakes of the hole's -1, whose hole
/// is 0 there anyway) in the own format.
macro_rules! named {
    ($($test:ident: $id:literal, $own:literal;)+) => {
        $(
            #[test]
            #[cfg_attr(not(feature = "slow-tests"), ignore = "slow: cargo test --features slow-tests")]
            fn $test() {
                for judge in ["14601", "14600"] {
                    names(&[judge, "--cases", "60", "--seed", "1"], &[$id, "boj"], $id);
                }
                if $own {
                    names(&["tromino", "--cases", "60", "--seed", "1"], &[$id], $id);
                }
            }
        )+
    };
}

named! {
    names_y_from_top: "y-from-top", true;
    names_xy_swapped: "xy-swapped", true;
    names_x_as_row: "x-as-row", false;
    names_labels_from_zero: "labels-from-zero", true;
    names_stops_at_two: "stops-at-two", true;
    names_quadrant_off_by_one: "quadrant-off-by-one", true;
    names_labels_by_depth: "labels-by-depth", true;
    names_hole_unmarked: "hole-unmarked", false;
    names_hole_mark_row_dropped: "hole-mark-row-dropped", false;
    names_hole_mark_column_dropped: "hole-mark-column-dropped", false;
}

#[test]
fn killer_sets_kill_the_killable_mistakes_of_every_entry() {
    let dir = tempfile::tempdir().unwrap();
    for (name, program_args) in [
        ("14600", &["boj"][..]),
        ("14601", &["boj"][..]),
        ("tromino", &[][..]),
    ] {
        let set = dir.path().join(name);
        let set = set.to_str().unwrap();
        let (code, out, err) = run(
            &["gen", name, "--seed", "1", "--killers", "--out-dir", set],
            b"",
        );
        assert_eq!(code, 0, "{name}: {err}");
        let unkillable = if name == "tromino" {
            "[hole-unmarked], [hole-mark-row-dropped], [hole-mark-column-dropped]"
        } else {
            "[clockwise-quadrants], [centre-last]"
        };
        assert!(
            out.contains(&format!("not killable within the limits (none of 2000 generated cases tells them apart): {unkillable}\n"))
                || err.contains(unkillable),
            "{name}: {out}{err}"
        );
        // Each wrong program of the rules fails the set.
        let exe = crate::common::program("wrong_tromino");
        for id in RULE_MISTAKES
            .iter()
            .filter(|id| name != "tromino" || !OWN_FORMAT_SAME.contains(id))
        {
            let mut args = vec!["test", name, set, "--", &exe, id];
            args.extend_from_slice(program_args);
            let (code, out, err) = run(&args, b"");
            assert_eq!(code, 1, "{name} {id}: {out}{err}");
        }
    }
}

#[test]
fn test_reads_a_tiling_as_a_stream_and_words_a_wrong_one_as_check_does() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "1.in", b"5\n3 7\n");
    let bin = env!("CARGO_BIN_EXE_boardsolve");
    // The first line, then a run of spaces longer than any read buffer
    // (tokens and lines stay as they were), then the rest.
    let padded = |edit: &str| {
        format!(
            "{bin} solve 14601 | sed '{edit}' | {{ read -r a; printf '%s' \"$a\"; head -c 300000 /dev/zero | tr '\\0' ' '; printf '\\n'; cat; }}"
        )
    };
    let right = padded("s/x/x/");
    let (code, out, err) = run(&["test", "14601", &input, "--", "sh", "-c", &right], b"");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    // One cell of row 20 relabelled: its place is read past the padding.
    let wrong = padded("21s/^[0-9]* /999 /");
    let output = std::process::Command::new("sh")
        .args(["-c", &wrong])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    let written = write(dir.path(), "wrong.out", &output.stdout);
    let (code, checked, _) = run(&["check", "14601", &input, &written], b"");
    assert_eq!(code, 1, "{checked}");
    let reason = checked.trim_end().split_once(": ").unwrap().1;
    let reason = reason.split_once(": ").unwrap().1;
    assert!(
        reason.contains("row 20, column 0 (0-based; output 21:1)"),
        "{reason}"
    );
    let (code, out, err) = run(&["test", "14601", &input, "--", "sh", "-c", &wrong], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!("wrong answer ({reason})")),
        "{out}\n{reason}"
    );
}
