//! Disappearing footholds through the binary: the samples in every input
//! form, alias, explanation, JSON, bad input.

use crate::common::{assert_example, assert_refused, golden_solved, run};
use boardsolve::puzzles::Rules;
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
    let (code, out, _) = run(
        &["solve", "footholds", "--explain"],
        b"[[1,1,1,1,1]] [0,0] [0,4]",
    );
    assert_eq!(code, 0);
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
    let (code, out, _) = run(&["solve", "92345", "--json"], b"[[1,1]] [0,0] [0,0]");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"moves\":1,\"winner\":\"A\",\"ending\":\"foothold_gone\",\"line\":[{\"player\":\"A\",\"from\":[0,0],\"to\":[0,1],\"board\":[[0,1]],\"aloc\":[0,1],\"bloc\":[0,0]}]}\n"
    );
    let (_, out, _) = run(
        &["solve", "footholds", "--json"],
        b"[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], 5);
    assert_eq!(v["winner"], "A");
    assert_eq!(v["line"].as_array().unwrap().len(), 5);
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
fn bad_input_is_refused_with_the_place() {
    let args = ["solve", "footholds"];
    assert_refused(
        &args,
        b"[[1,1],[1]] [0,0] [0,1]",
        "input:1:8: row 2 has 1 cell, expected 2 like row 1",
    );
    assert_refused(
        &args,
        b"[[1,1],\n [1,2]] [0,0] [0,1]",
        "input:2:5: expected a cell (0 or 1) in row 2, found 2",
    );
    assert_refused(
        &args,
        b"[[1,1]] [0,0] [1,0]",
        "input:1:15: bloc [1, 0] is outside the 1×2 board",
    );
    assert_refused(
        &args,
        b"[[1,0]] [0,1] [0,0]",
        "input:1:9: aloc [0, 1] has no foothold",
    );
    assert_refused(
        &args,
        b"[[1]] [0,0,0] [0,0]",
        "input:1:7: aloc must be [row, column], found 3 numbers",
    );
    let nine_rows = format!("[{}[1]] [0,0] [0,0]", "[1],".repeat(8));
    assert_refused(
        &args,
        nine_rows.as_bytes(),
        "input:1:34: the board has more than 8 rows (the limit is 8)",
    );
    assert_refused(
        &args,
        b"[[1,1,1,1,1,1,1,1,1]] [0,0] [0,0]",
        "input:1:19: row 1 has more than 8 values (the limit is 8 columns)",
    );
    assert_refused(
        &args,
        b"[[1]] [0,0]",
        "input:1:12: expected '[' starting bloc, found end of input",
    );
    assert_refused(
        &args,
        b"[[1]] [0,0] [0,0] [0,0]",
        "input:1:19: expected the end of input, found '['",
    );
    assert_refused(
        &args,
        b"[[1], [0] [0,0]",
        "input:1:11: expected ',' or ']' after a board row, found '['",
    );
    assert_refused(
        &args,
        b"[[1.5]] [0,0] [0,0]",
        "input:1:4: unexpected \".5\"",
    );
    assert_refused(
        &args,
        b"{\"board\": [[1]], \"aloc\": [0,0]}",
        "input:1:1: the object has no \"bloc\"",
    );
    assert_refused(
        &args,
        b"{\"board\": [[1]], \"board\": [[1]]}",
        "input:1:18: \"board\" is given twice",
    );
    assert_refused(
        &args,
        b"{\"board\": [[1]], \"aloc\": [0,0], \"bloc\": [0,3]}",
        "input:1:41: bloc [0, 3] is outside the 1×1 board",
    );
    assert_refused(
        &args,
        b"{\"board\": [[1]], \"aloc\": [0,0], \"bloc\": [0,0]",
        "input:1:46: expected ',' or '}' in the object, found end of input",
    );
    assert_refused(
        &args,
        b"3 3\n1 1 1\n1 1\n1 1 1\n0 0 0 0\n",
        "input:3:4: row 2 has 2 cells, expected 3",
    );
    assert_refused(
        &args,
        b"2 2\n1 1 1\n1 1\n0 0 0 0\n",
        "input:2:5: row 1 has more than 2 cells",
    );
    assert_refused(
        &args,
        b"2 2\n1 1\n1 7\n0 0 0 0\n",
        "input:3:3: expected a cell (0 or 1), found 7",
    );
    assert_refused(
        &args,
        b"9 1\n",
        "input:1:1: expected the number of rows R from 1 to 8, found 9",
    );
    assert_refused(
        &args,
        b"1 100\n",
        "input:1:3: expected the number of columns C from 1 to 8, found 100",
    );
    assert_refused(
        &args,
        b"1 2\n1 0\n0 1 0 0\n",
        "input:3:1: aloc [0, 1] has no foothold",
    );
    assert_refused(
        &args,
        b"1 2\n1 1\n0 0 0 99999999999999999999\n",
        "too large",
    );
    assert_refused(
        &args,
        b"1 1\n1\n0 0 0 0 0\n",
        "input:3:9: unexpected extra input \"0\"",
    );
    assert_refused(
        &args,
        b"",
        "input:1:1: expected the number of rows R, found end of input",
    );
    assert_refused(&args, b"[\xff]", "\\xff");
    let (code, _, err) = run(
        &["solve", "footholds", "--moves", "3"],
        b"[[1]] [0,0] [0,0]",
    );
    assert_eq!(code, 2);
    assert!(err.contains("footholds does not take --moves"), "{err}");
}
