//! Both tromino parsers (plain `n row col` and BOJ `K x y`) on any bytes: an
//! instance that prints back to itself, or an error naming a place inside
//! the input. Never a panic.
#![no_main]

use boardsolve::puzzles::{BOJ_14601, Text, TROMINO};
use boardsolve_fuzz::round_trip_or_refused_at_a_place;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for rules in [&TROMINO.rules, &BOJ_14601.rules] {
        round_trip_or_refused_at_a_place(data, |d| rules.parse(d), |i| rules.to_text(i));
    }
});
