//! Dice yut's judge parser on any bytes: an instance that prints back to
//! itself, or an error naming a place inside the input. Never a panic.
#![no_main]

use boardsolve::puzzles::yut::Instance;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Instance::parse(data) {
        Ok(instance) => {
            let text = instance.to_string();
            assert_eq!(Instance::parse(text.as_bytes()).as_ref(), Ok(&instance));
        }
        Err(e) => {
            let lines = data.split(|&b| b == b'\n').count();
            assert!((1..=lines).contains(&e.position.line) && e.position.column >= 1);
            assert!(!e.message.contains('\n'));
        }
    }
});
