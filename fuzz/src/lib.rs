//! What every parser target asserts, in one place.

use boardsolve::text::InputError;
use std::fmt::Debug;

/// `parse` on any bytes either gives an instance that `print` turns into
/// text parsing back to the same instance, or refuses with a one-line
/// message at a line and column inside `data`. Never a panic.
pub fn round_trip_or_refused_at_a_place<T: PartialEq + Debug>(
    data: &[u8],
    parse: impl Fn(&[u8]) -> Result<T, InputError>,
    print: impl Fn(&T) -> String,
) {
    match parse(data) {
        Ok(instance) => {
            let text = print(&instance);
            assert_eq!(parse(text.as_bytes()), Ok(instance));
        }
        Err(e) => {
            let lines = data.split(|&b| b == b'\n').count();
            assert!((1..=lines).contains(&e.position.line) && e.position.column >= 1);
            assert!(!e.message.contains('\n'));
        }
    }
}
