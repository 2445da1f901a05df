//! Both tromino parsers (SPEC `n row col` and BOJ `K x y`) on any bytes: an
//! instance that prints back to itself, or an error naming a place inside
//! the input. Never a panic.
#![no_main]

use boardsolve::input::InputError;
use boardsolve::puzzles::tromino::Instance;
use libfuzzer_sys::fuzz_target;

fn refused_at_a_place(data: &[u8], e: &InputError) {
    let lines = data.split(|&b| b == b'\n').count();
    assert!((1..=lines).contains(&e.position.line) && e.position.column >= 1);
    assert!(!e.message.contains('\n'));
}

fuzz_target!(|data: &[u8]| {
    match Instance::parse(data) {
        Ok(instance) => {
            let text = instance.to_string();
            assert_eq!(Instance::parse(text.as_bytes()), Ok(instance));
        }
        Err(e) => refused_at_a_place(data, &e),
    }
    match Instance::parse_boj(data) {
        Ok(instance) => {
            let text = instance.to_boj();
            assert_eq!(Instance::parse_boj(text.as_bytes()), Ok(instance));
        }
        Err(e) => refused_at_a_place(data, &e),
    }
});
