//! Dice yut's memoized search against the plain reference: the bytes are up
//! to 9 dice (1..=5). The judge path and the explained play must agree with
//! trying every choice of piece.
#![no_main]

use boardsolve::puzzles::yut::{answer, play, reference};
use boardsolve::puzzles::{Puzzle, SolveOptions, YUT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dice: Vec<u8> = data.iter().take(9).map(|b| 1 + b % 5).collect();
    if dice.is_empty() {
        return;
    }
    let expected = reference::answer(&dice, None).expect("some piece can always move");
    assert_eq!(answer(&dice), expected, "{dice:?}");

    let text: Vec<String> = dice.iter().map(u8::to_string).collect();
    let mut out = Vec::new();
    YUT.solve(
        text.join(" ").as_bytes(),
        &SolveOptions::default(),
        &mut out,
    )
    .unwrap();
    assert_eq!(out, format!("{expected}\n").into_bytes());

    let play = play(&dice);
    assert_eq!(play.max, expected, "{dice:?}");
    assert!(play.moves.len() + play.unused <= dice.len());
    let total: u32 = play.moves.iter().map(|s| s.score).sum();
    assert_eq!(total, expected, "{dice:?}");
    for (step, &die) in play.moves.iter().zip(&dice) {
        assert_eq!(step.die, die);
    }
});
