//! Disappearing footholds through the binary: the samples in every input
//! form, alias, explanation, JSON, bad input.

use crate::common::{assert_example, assert_refused, golden_solved, run, solved};
use boardsolve::puzzles::Text;
use boardsolve::puzzles::footholds::{Footholds, reference};

#[test]
fn golden_cases_agree_with_the_plain_search() {
    for (name, input, expected) in golden_solved("footholds", &["footholds", "92345"]) {
        let g = Footholds.parse(&input).unwrap();
        let plain = reference::answer(&g, None);
        assert_eq!(
            format!("{plain}\n"),
            expected,
            "{name}: the plain search disagrees"
        );
    }
}

#[test]
fn sample_from_a_file() {
    for file in ["sample.in", "sample-plain.in", "sample.json"] {
        assert_example("footholds", &format!("footholds/{file}"), "5\n");
    }
}

#[test]
fn separators_and_line_breaks_are_free() {
    let forms: [&[u8]; 4] = [
        b"[[1,1,1],[1,0,1],[1,1,1]],[1,0],[1,2]",
        b"\r\n[[1, 1, 1],\r\n [1, 0, 1],\r\n [1, 1, 1]]\r\n[1, 0]\r\n[1, 2]\r\n",
        b"{\n  \"bloc\": [1, 2],\n  \"board\": [[1,1,1],[1,0,1],[1,1,1]],\n  \"aloc\": [1, 0]\n}",
        b"3 3\r\n1\t1 1\r\n1 0 1\r\n1 1 1\r\n1 0\r\n1 2",
    ];
    for input in forms {
        let (code, out, err) = run(&["solve", "footholds"], input);
        assert_eq!((code, out.as_str()), (0, "4\n"), "{err}");
    }
}

#[test]
fn explain_shows_the_winner_and_every_move() {
    let out = solved(
        &["solve", "footholds", "--explain"],
        b"[[1,1,1,1,1]] [0,0] [0,4]",
    );
    assert_eq!(
        out,
        "B wins; 4 moves in total\n\
         (A moves first; the winner ends the game as soon as it can, the loser lasts as long as it can)\n\
         \n\
         start (o foothold, . gone, X both players):\nA o o o B\n\
         \nmove 1: A (0, 0) -> (0, 1)\n. A o o B\n\
         \nmove 2: B (0, 4) -> (0, 3)\n. A o B .\n\
         \nmove 3: A (0, 1) -> (0, 2)\n. . A B .\n\
         \nmove 4: B (0, 3) -> (0, 2)\n. . X . .\n\
         \nA has no foothold to move to: B wins\n"
    );
    let (_, out, _) = run(&["solve", "footholds", "--explain"], b"[[1]] [0,0] [0,0]");
    assert!(out.starts_with("B wins; 0 moves in total\n"), "{out}");
    assert!(
        out.ends_with("A has no foothold to move to: B wins\n"),
        "{out}"
    );
}

#[test]
fn json_has_the_same_data() {
    let out = solved(&["solve", "92345", "--json"], b"[[1,1]] [0,0] [0,0]");
    assert_eq!(
        out,
        "{\"moves\":1,\"winner\":\"A\",\"ending\":\"foothold_gone\",\
         \"board\":[[1,1]],\"aloc\":[0,0],\"bloc\":[0,0],\
         \"line\":[{\"player\":\"A\",\"from\":[0,0],\"to\":[0,1],\"board\":[[0,1]],\"aloc\":[0,1],\"bloc\":[0,0],\
         \"alternatives\":[{\"to\":[0,1],\"winner\":\"A\",\"moves\":1}]}]}\n"
    );
    let (_, out, _) = run(
        &["solve", "footholds", "--json"],
        b"[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], 5);
    assert_eq!(v["winner"], "A");
    assert_eq!(v["line"].as_array().unwrap().len(), 5);
    // A's first move: to the centre (played) or to a corner, where B wins.
    assert_eq!(
        v["line"][0]["alternatives"],
        serde_json::json!([
            {"to": [0, 0], "winner": "B", "moves": 6},
            {"to": [1, 1], "winner": "A", "moves": 5},
            {"to": [2, 0], "winner": "B", "moves": 6}
        ])
    );
}

#[test]
fn explain_lists_the_other_moves() {
    let out = solved(
        &["solve", "footholds", "--explain"],
        b"[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]",
    );
    assert!(
        out.contains(
            "\nmove 1: A (1, 0) -> (1, 1)\no o o\n. A B\no o o\n\
             \x20 A could also go to (0, 0): B wins, the game lasts 6 moves\n\
             \x20 A could also go to (2, 0): B wins, the game lasts 6 moves\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  B could also go to (1, 1): A still wins, the game lasts 3 moves\n"),
        "{out}"
    );
}

#[test]
fn svg_shows_paths_steps_and_vanished_cells() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("game.svg");
    let (code, out, err) = run(
        &["solve", "footholds", "--svg", svg.to_str().unwrap()],
        b"[[1,1,1,1,1]] [0,0] [0,4]",
    );
    assert_eq!((code, out.as_str()), (0, "4\n"), "{err}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert!(picture.contains("B wins; 4 moves in total"));
    assert_eq!(
        picture.matches("<polyline").count(),
        2,
        "both players' paths"
    );
    for k in 1..=4 {
        assert!(
            picture.contains(&format!(">{k}</text>")),
            "step {k} numbered"
        );
    }
    // Four footholds vanish, one after each move.
    for k in 1..=4 {
        assert!(
            picture.contains(&format!(">×{k}</text>")),
            "vanished after move {k}"
        );
    }
    assert!(picture.contains("then A has no foothold to move to"));
}

#[test]
fn eight_by_eight_is_accepted() {
    let mut text = String::from("8 8\n");
    for r in 0..8 {
        let row: Vec<&str> = (0..8)
            .map(|c| if (r * 3 + c) % 4 == 0 { "0" } else { "1" })
            .collect();
        text += &row.join(" ");
        text += "\n";
    }
    text += "0 1 7 6\n";
    let (code, out, err) = run(&["solve", "footholds"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.trim().parse::<u32>().is_ok(), "{out}");
}

#[test]
fn nine_rows_and_moves_are_refused() {
    let nine_rows = format!("[{}[1]] [0,0] [0,0]", "[1],".repeat(8));
    assert_refused(
        &["solve", "footholds"],
        nine_rows.as_bytes(),
        "input:1:34: the board has more than 8 rows (the limit is 8)",
    );
    let (code, _, err) = run(
        &["solve", "footholds", "--moves", "3"],
        b"[[1]] [0,0] [0,0]",
    );
    assert_eq!(code, 2);
    assert!(err.contains("footholds does not take --moves"), "{err}");
}

// The mistakes of the footholds catalogue whose `stress --diagnose` test
// is here rather than in `diagnose.rs`.
crate::diagnose::diagnosed_by_id! {
    &["footholds", "--cases", "300", "--seed", "5"], "wrong_footholds" => {
        diagnose_names_first_winning_move: "first-winning-move",
        diagnose_names_vanish_not_restored: "vanish-not-restored",
        diagnose_names_opponent_cell_blocked: "opponent-cell-blocked",
        diagnose_names_b_moves_first: "b-moves-first",
        diagnose_names_loser_turn_counted: "loser-turn-counted",
        diagnose_names_negative_index_wraps: "negative-index-wraps",
        diagnose_names_no_step_up: "no-step-up",
    }
}

/// `validate 92345` holds test files to the judge's own form, the literal
/// arguments on one line (what the package's validator accepts); `solve`
/// and `check` still read every form, and `validate footholds` too.
#[test]
fn validate_92345_takes_only_the_literal_form() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let literal = write(
        "literal.in",
        "[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\n",
    );
    let plain = write("plain.in", "3 3\n1 1 1\n1 0 1\n1 1 1\n1 0 1 2\n");
    let json = write(
        "json.in",
        "{\"board\": [[1, 1, 1], [1, 0, 1], [1, 1, 1]], \"aloc\": [1, 0], \"bloc\": [1, 2]}\n",
    );
    assert_eq!(
        solved(&["validate", "92345", &literal], b""),
        "all 1 valid\n"
    );
    for (file, name) in [(&plain, "plain.in"), (&json, "json.in")] {
        let (code, out, _) = run(&["validate", "92345", file], b"");
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.contains(&format!("{name}:1:1: ")), "{name}: {out}");
        assert_eq!(solved(&["solve", "92345", file], b""), "4\n", "{name}");
        assert_eq!(
            solved(&["validate", "footholds", file], b""),
            "all 1 valid\n",
            "{name}"
        );
    }
}
