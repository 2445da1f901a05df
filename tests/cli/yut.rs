//! Dice yut through the binary: judge samples, alias, explanation, JSON,
//! picture, long inputs, bad input.

use crate::common::{assert_refused, program, run, solved};

#[test]
fn hand_cases() {
    for (input, expected) in [
        // One die: the best first cell.
        ("5\n", "10\n"),
        ("1", "2\n"),
        // 10, then from the blue corner along the blue route to 25.
        ("5 4\n", "35\n"),
        // Fives: each piece 10, 30 (centre), end; 12 dice finish all four.
        ("5 5 5 5 5 5 5 5 5 5 5 5\n", "160\n"),
        // CRLF, tabs, several lines, no final newline.
        ("\r\n5\t4\r\n", "35\n"),
    ] {
        let (code, out, err) = run(&["solve", "yut"], input.as_bytes());
        assert_eq!((code, out.as_str()), (0, expected), "{input:?} {err}");
    }
}

#[test]
fn a_million_dice_are_accepted_and_the_rest_unused() {
    let input = "5 ".repeat(1_000_000) + "\n";
    let (code, out, err) = run(&["solve", "yut"], input.as_bytes());
    assert_eq!((code, out.as_str()), (0, "160\n"), "{err}");
    let out = solved(&["solve", "yut", "--explain"], input.as_bytes());
    assert!(
        out.ends_with("all pieces finished after turn 12: dice 13..1000000 unused (999988)\n"),
        "{out}"
    );
}

#[test]
fn explain_json_and_svg() {
    let out = solved(&["solve", "yut", "--explain"], b"5 4 1\n");
    assert_eq!(
        out,
        "maximum score: 65\n\
         turn 1 (die 5): piece 1 start -> 10, +10, total 10\n\
         \x20 other pieces: piece 2 -> 10 ends with 65; piece 3 -> 10 ends with 65; piece 4 -> 10 ends with 65\n\
         turn 2 (die 4): piece 1 10 -> 25c, +25, total 35\n\
         \x20 other pieces: piece 2 -> 8 ends with 31; piece 3 -> 8 ends with 31; piece 4 -> 8 ends with 31\n\
         turn 3 (die 1): piece 1 25c -> 30c, +30, total 65\n\
         \x20 other pieces: piece 2 -> 2 ends with 37; piece 3 -> 2 ends with 37; piece 4 -> 2 ends with 37\n\
         (c: the centre squares 25c, 30c, 35c, shared by the blue routes)\n"
    );
    let out = solved(&["solve", "17825", "--json"], b"5 4\n");
    assert_eq!(
        out,
        "{\"max\":35,\"moves\":[\
         {\"turn\":1,\"die\":5,\"piece\":1,\"from\":\"start\",\"to\":\"10\",\"score\":10,\"total\":10,\
         \"alternatives\":[{\"piece\":1,\"to\":\"10\",\"total\":35},{\"piece\":2,\"to\":\"10\",\"total\":35},\
         {\"piece\":3,\"to\":\"10\",\"total\":35},{\"piece\":4,\"to\":\"10\",\"total\":35}]},\
         {\"turn\":2,\"die\":4,\"piece\":1,\"from\":\"10\",\"to\":\"25c\",\"score\":25,\"total\":35,\
         \"alternatives\":[{\"piece\":1,\"to\":\"25c\",\"total\":35},{\"piece\":2,\"to\":\"8\",\"total\":18},\
         {\"piece\":3,\"to\":\"8\",\"total\":18},{\"piece\":4,\"to\":\"8\",\"total\":18}]}\
         ],\"unused\":0}\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("yut.svg");
    let (code, out, err) = run(
        &["solve", "yut", "--svg", svg.to_str().unwrap()],
        b"1 2 3 4 1 2 3 4 1 2\n",
    );
    assert_eq!((code, out.as_str()), (0, "190\n"), "{err}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert!(picture.contains("maximum score 190"));
    assert_eq!(picture.matches("<polyline").count(), 2, "two pieces move");
    // Every label is drawn after every route line, so no line crosses one.
    let last_route = picture.rfind("<polyline").unwrap();
    let first_label = picture
        .find("font-size=\"14\" text-anchor=\"middle\">")
        .unwrap();
    assert!(first_label > last_route);
    // Correct plurals in the legend.
    assert!(!picture.contains(" 1 moves") && !picture.contains(" 1 points"));
}

#[test]
fn moves_is_refused() {
    assert_refused(
        &["solve", "yut", "--moves", "3"],
        b"1\n",
        "yut does not take --moves",
    );
}

/// The diagnosis of `stress 17825 --cases 300 --seed 1 --diagnose` on
/// `wrong_yut MODE`, after asserting that it found a wrong answer.
fn diagnosis_17825(mode: &str) -> String {
    crate::diagnose::diagnosis(
        &["17825", "--cases", "300", "--seed", "1"],
        "wrong_yut",
        &[mode],
    )
}

/// One test per mistake that the default `stress 17825` (seed 1) finds
/// and `--diagnose` names by its id.
macro_rules! diagnosed {
    ($($test:ident: $id:literal,)+) => {
        $(
            #[test]
            #[cfg_attr(not(feature = "slow-tests"), ignore = "slow: cargo test --features slow-tests")]
            fn $test() {
                let found = diagnosis_17825($id);
                let first = found.lines().next().unwrap_or("");
                assert!(
                    first.starts_with(concat!("[", $id, "] your program behaves as if ")),
                    "{}: {found}",
                    $id
                );
            }
        )+

        /// Every id tested above (the catalogue test of `diagnose.rs`
        /// counts them as tested).
        pub const DIAGNOSED: &[&str] = &[$($id),+];
    };
}

diagnosed! {
    // The most common real mistake, found by the default distribution on
    // the judge's ten dice.
    finish_piece_moves_on_ten_dice: "finish-piece-moves",
    first_arrival_per_turn: "first-arrival-per-turn",
    first_arrival_sorted: "first-arrival-sorted",
    first_arrival_per_turn_multiset: "first-arrival-per-turn-multiset",
    first_arrival_ordered: "first-arrival-ordered",
    first_arrival_per_turn_ordered: "first-arrival-per-turn-ordered",
    centre_per_route: "centre-per-route",
    forty_per_route: "forty-per-route",
    cell_by_number: "cell-by-number",
    forty_stuck: "forty-stuck",
    forty_finishes: "forty-finishes",
    passing_forty_scores: "passing-forty-scores",
    exact_finish: "exact-finish",
    finish_occupied: "finish-occupied",
    twenty_not_blue: "twenty-not-blue",
    thirty_not_blue: "thirty-not-blue",
    arms_share_outer_cells: "arms-share-outer-cells",
}

/// The killer of the docs: seven fives make two pieces finish, and the
/// three ones are better thrown away on a finished piece than moved.
#[test]
fn seven_fives_then_ones_kill_finish_piece_moves() {
    let exe = program("wrong_yut");
    let input = b"5 5 5 5 5 5 5 1 1 1\n";
    assert_eq!(solved(&["solve", "17825"], input), "138\n");
    let out = std::process::Command::new(&exe)
        .arg("finish-piece-moves")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input)?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "178\n");
}
