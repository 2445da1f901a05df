//! 2048's search against the brute force on small boards: the bytes choose
//! N (1..=4), K (0..=5) and the blocks. The judge path (text through
//! `Puzzle::solve`), the search and the explained line must all agree with
//! trying every move sequence.
#![no_main]

use boardsolve::puzzles::game2048::{answer, play, reference};
use boardsolve::puzzles::{GAME_2048, Puzzle, RuleOptions, Text, SolveOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [size, moves, style, cells @ ..] = data else {
        return;
    };
    let n = 1 + usize::from(size % 4);
    let k = u32::from(moves % 6);
    if cells.len() < n * n {
        return;
    }
    // Mostly small blocks, so merges happen; sometimes any up to 2^63.
    let top = if style % 4 == 0 { 64 } else { 6 };
    let values: Vec<u64> = cells[..n * n]
        .iter()
        .map(|&b| match b % top {
            0 => 0,
            e => 1u64 << e,
        })
        .collect();
    if values.iter().all(|&v| v == 0) {
        return;
    }
    let expected = reference::answer(n, &values, k, None);

    let mut text = format!("{n}\n");
    for row in values.chunks(n) {
        let row: Vec<String> = row.iter().map(u64::to_string).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let mut out = Vec::new();
    let opts = SolveOptions {
        rules: RuleOptions::Moves(k),
        ..SolveOptions::default()
    };
    GAME_2048.solve(text.as_bytes(), &opts, &mut out).unwrap();
    assert_eq!(out, format!("{expected}\n").into_bytes(), "{text} K={k}");

    let board = GAME_2048.rules.parse(text.as_bytes()).unwrap().board;
    assert_eq!(answer(&board, k), expected);
    let line = play(&board, k);
    assert_eq!(line.max, expected);
    assert!(line.moves.len() <= k as usize);
    let mut current = board.clone();
    for &dir in &line.moves {
        current = current
            .slide(dir)
            .expect("every move on the line changes the board");
    }
    assert_eq!(current.max_value(), expected);
});
