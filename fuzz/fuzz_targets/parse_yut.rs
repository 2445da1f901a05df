//! Dice yut's judge parser on any bytes: an instance that prints back to
//! itself, or an error naming a place inside the input. Never a panic.
#![no_main]

use boardsolve::puzzles::Text;
use boardsolve::puzzles::yut::Yut;
use boardsolve_fuzz::round_trip_or_refused_at_a_place;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    round_trip_or_refused_at_a_place(data, |d| Yut.parse(d), |i| Yut.to_text(i));
});
