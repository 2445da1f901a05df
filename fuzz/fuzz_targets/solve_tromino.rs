//! The tromino tiler against the plain references: on power-of-two boards
//! up to 32 the streamed placement order must equal the literal simulation;
//! on other sides the refusal must agree with the exhaustive tileability
//! search (up to 7) and every tiling must pass the checker (up to 64).
#![no_main]

use boardsolve::puzzles::tromino::{Format, check_output, reference};
use boardsolve::puzzles::{Puzzle, Text, SolveOptions, TROMINO};
use boardsolve::text::Verdict;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [kind, size, row, col, ..] = data else {
        return;
    };
    let n = if kind % 2 == 0 {
        1usize << (size % 6)
    } else {
        1 + usize::from(size % 64)
    };
    let (row, col) = (usize::from(*row) % n, usize::from(*col) % n);
    let text = format!("{n} {row} {col}\n");
    let parsed = TROMINO.rules.parse(text.as_bytes());
    if n <= 7 {
        assert_eq!(parsed.is_ok(), reference::tileable(n, row, col), "{text}");
    }
    let Ok(instance) = parsed else {
        return;
    };
    let mut out = Vec::new();
    TROMINO
        .solve(text.as_bytes(), &SolveOptions::default(), &mut out)
        .unwrap();
    let power = n.is_power_of_two();
    if power {
        let mut expected = Vec::new();
        reference::answer(&instance, Format::Plain, None, &mut expected).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            String::from_utf8(expected).unwrap(),
            "{text}"
        );
    }
    assert_eq!(
        check_output(&instance, &out, Format::Plain, power),
        Verdict::Correct,
        "{text}"
    );
});
