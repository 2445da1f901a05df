//! The verdict on an answer, and token-by-token comparison of an output
//! with the expected one.

use super::{Tokens, describe_bytes};

/// The outcome of checking an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The output is a correct answer for the input.
    Correct,
    /// The output is wrong; the reason names the first offending place.
    Wrong(String),
}

/// Compares whitespace-separated tokens, so spacing and line ends do not
/// matter (as on the judges). A wrong verdict names the first differing
/// token of `received` by line and column.
///
/// ```
/// use boardsolve::text::{Verdict, compare_tokens};
/// assert_eq!(compare_tokens(b"16\n", b" 16"), Verdict::Correct);
/// assert_eq!(
///     compare_tokens(b"16\n", b"8\n"),
///     Verdict::Wrong("1:1: expected \"16\", found \"8\"".into())
/// );
/// ```
pub fn compare_tokens(expected: &[u8], received: &[u8]) -> Verdict {
    let mut want = Tokens::new(expected);
    let mut got = Tokens::new(received);
    loop {
        match (want.next_token(), got.next_token()) {
            (None, None) => return Verdict::Correct,
            (Some(w), Some(g)) if w.bytes == g.bytes => {}
            (Some(w), Some(g)) => {
                return Verdict::Wrong(format!(
                    "{}: expected {}, found {}",
                    g.position,
                    w.describe(),
                    g.describe()
                ));
            }
            (Some(w), None) => {
                return Verdict::Wrong(format!(
                    "{}: output ends early; expected {} next",
                    got.end_position(),
                    w.describe()
                ));
            }
            (None, Some(g)) => {
                return Verdict::Wrong(format!(
                    "{}: extra output {} after the answer",
                    g.position,
                    describe_bytes(g.bytes)
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_named() {
        assert_eq!(compare_tokens(b"1 2\n3\n", b"1\r\n2 3"), Verdict::Correct);
        assert_eq!(
            compare_tokens(b"1 2", b"1"),
            Verdict::Wrong("1:2: output ends early; expected \"2\" next".into())
        );
        assert_eq!(
            compare_tokens(b"1", b"1\n 7"),
            Verdict::Wrong("2:2: extra output \"7\" after the answer".into())
        );
        assert_eq!(compare_tokens(b"", b""), Verdict::Correct);
    }
}
