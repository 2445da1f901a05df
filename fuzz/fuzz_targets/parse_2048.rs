//! 2048's judge parser on any bytes: an instance that prints back to
//! itself, or an error naming a place inside the input. Never a panic.
#![no_main]

use boardsolve::puzzles::{GAME_2048, Text};
use boardsolve_fuzz::round_trip_or_refused_at_a_place;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    round_trip_or_refused_at_a_place(
        data,
        |text| GAME_2048.rules.parse(text),
        |instance| GAME_2048.rules.to_text(instance),
    );
});
