//! The footholds engine against the plain search on boards up to 4×4: the
//! bytes choose the size, the footholds and both starts. The judge path
//! (text through `Puzzle::solve`) and the principal variation must agree
//! with trying every line of play.
#![no_main]

use boardsolve::puzzles::footholds::{Instance, answer, play, reference};
use boardsolve::puzzles::{FOOTHOLDS, Puzzle, SolveOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [size, a, b, lo, hi, ..] = data else {
        return;
    };
    let rows = 1 + usize::from(size % 4);
    let cols = 1 + usize::from((size / 4) % 4);
    let bits = u16::from(*lo) | u16::from(*hi) << 8;
    let mut grid: Vec<Vec<bool>> = (0..rows)
        .map(|r| (0..cols).map(|c| bits >> (r * 4 + c) & 1 == 1).collect())
        .collect();
    let cell = |v: u8| (usize::from(v) % rows, usize::from(v / 16) % cols);
    let (a, b) = (cell(*a), cell(*b));
    // Starts always stand on footholds (the judge promises it).
    grid[a.0][a.1] = true;
    grid[b.0][b.1] = true;
    let instance = Instance::new(&grid, a, b).unwrap();
    let expected = reference::answer(&instance, None);
    assert_eq!(answer(&instance), expected, "{instance}");
    let line = play(&instance);
    assert_eq!((line.moves, line.line.len()), (expected, expected as usize));

    let mut out = Vec::new();
    FOOTHOLDS
        .solve(
            instance.to_string().as_bytes(),
            &SolveOptions::default(),
            &mut out,
        )
        .unwrap();
    assert_eq!(out, format!("{expected}\n").into_bytes(), "{instance}");
});
