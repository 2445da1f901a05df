//! Dice yut through the binary: judge samples, alias, explanation, JSON,
//! picture, long inputs, bad input.

use crate::common::{assert_refused, run, solved};

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
         \x20 other pieces: piece 2 -> 2 ends with 37; piece 3 -> 2 ends with 37; piece 4 -> 2 ends with 37\n"
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
