//! [`Tokens`](super::Tokens) over a reader instead of bytes in memory: the
//! same tokens at the same positions, for answers too large to hold (a
//! 4096×4096 tiling is over 100 MiB, and a program may pad it to any
//! size). Only the first bytes of a token are kept, enough for a message,
//! and its value as [`parse_u64`](super::parse_u64) reads it.

use super::tokens::{Position, describe_bytes, is_space};
use std::io::{self, Read};

/// Reads an output from its start, as often as called: a checker that
/// needs two passes over an answer too large for memory opens it twice.
///
/// ```
/// use boardsolve::text::Reopen;
/// use std::io::Read;
/// let answer = b"0 1\n1 1\n".to_vec();
/// let open: &Reopen<'_> = &|| Ok(Box::new(&answer[..]));
/// let mut twice = String::new();
/// open().unwrap().read_to_string(&mut twice).unwrap();
/// open().unwrap().read_to_string(&mut twice).unwrap();
/// assert_eq!(twice, "0 1\n1 1\n0 1\n1 1\n");
/// ```
pub type Reopen<'a> = dyn Fn() -> io::Result<Box<dyn Read + 'a>> + 'a;

/// Bytes of a token kept: [`describe_bytes`] shows 24 and marks a longer
/// token with `...`, which one more byte tells.
const HEAD: usize = 25;

/// Bytes read from the reader at a time.
const BUFFER: usize = 256 << 10;

/// One token of a stream: where it starts, its length, its first bytes
/// and its value as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamToken {
    /// Where the token starts.
    pub position: Position,
    /// Its length in bytes (never 0).
    pub len: u64,
    /// What [`parse_u64`](super::parse_u64) makes of the whole token.
    pub value: Result<u64, &'static str>,
    head: [u8; HEAD],
}

impl StreamToken {
    /// Whether the token is exactly `bytes`, which are at most 25 bytes
    /// long (a hole mark, a keyword); longer `bytes` never match.
    pub fn is(&self, bytes: &[u8]) -> bool {
        bytes.len() <= HEAD && self.len == bytes.len() as u64 && self.head() == bytes
    }

    /// The token as [`Token::describe`](super::Token::describe) shows it.
    pub fn describe(&self) -> String {
        describe_bytes(self.head())
    }

    fn head(&self) -> &[u8] {
        &self.head[..self.len.min(HEAD as u64) as usize]
    }
}

/// Splits a reader into whitespace-separated tokens with their positions,
/// as [`Tokens`](super::Tokens) splits bytes: the same separators, lines
/// and columns (in bytes), and the same place for a missing token. Memory
/// is one read buffer, whatever the input's length or its lines'.
///
/// ```
/// use boardsolve::text::{Position, TokenStream};
/// let mut t = TokenStream::new(&b"3\n -1 x\r\n"[..]);
/// assert_eq!(t.next_token().unwrap().unwrap().value, Ok(3));
/// let minus = t.next_token().unwrap().unwrap();
/// assert!(minus.is(b"-1") && minus.value.is_err());
/// assert_eq!(minus.position, Position { line: 2, column: 2 });
/// assert_eq!(t.next_token().unwrap().unwrap().describe(), "\"x\"");
/// assert_eq!(t.next_token().unwrap(), None);
/// assert_eq!(t.end_position(), Position { line: 2, column: 6 });
/// ```
#[derive(Debug)]
pub struct TokenStream<R> {
    reader: R,
    buf: Box<[u8]>,
    /// The next byte, and the end of what was read, in `buf`.
    at: usize,
    filled: usize,
    /// Bytes of the input before `buf[0]`.
    before: u64,
    line: usize,
    /// Offset in the input of the current line's first byte.
    line_start: u64,
    after_last: Position,
}

impl<R: Read> TokenStream<R> {
    /// Starts reading `reader` at line 1, column 1.
    pub fn new(reader: R) -> Self {
        TokenStream {
            reader,
            buf: vec![0; BUFFER].into_boxed_slice(),
            at: 0,
            filled: 0,
            before: 0,
            line: 1,
            line_start: 0,
            after_last: Position { line: 1, column: 1 },
        }
    }

    /// Where a missing token is reported: just after the last token read,
    /// or 1:1 when the input has none, as [`Tokens::end_position`](super::Tokens::end_position).
    pub fn end_position(&self) -> Position {
        self.after_last
    }

    /// The next token, or `None` at the end of input.
    ///
    /// # Errors
    /// Whatever reading fails with.
    pub fn next_token(&mut self) -> io::Result<Option<StreamToken>> {
        loop {
            if self.at == self.filled && !self.fill()? {
                return Ok(None);
            }
            let b = self.buf[self.at];
            if !is_space(b) {
                break;
            }
            self.at += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.before + self.at as u64;
            }
        }
        let position = Position {
            line: self.line,
            column: (self.before + self.at as u64 - self.line_start + 1) as usize,
        };
        let mut token = StreamToken {
            position,
            len: 0,
            value: if matches!(self.buf[self.at], b'+' | b'-') {
                Err("signs are not allowed")
            } else {
                Ok(0)
            },
            head: [0; HEAD],
        };
        // A token may go on past the buffer: read on until a separator.
        loop {
            let bytes = &self.buf[self.at..self.filled];
            let end = match &mut token.value {
                Ok(v) => {
                    let mut end = bytes.len();
                    for (i, &b) in bytes.iter().enumerate() {
                        if is_space(b) {
                            end = i;
                            break;
                        }
                        let digit = b.wrapping_sub(b'0');
                        if digit > 9 {
                            token.value = Err("not a whole number");
                            end = i + spaceless(&bytes[i..]);
                            break;
                        }
                        match v.checked_mul(10).and_then(|v| v.checked_add(digit.into())) {
                            Some(next) => *v = next,
                            None => {
                                token.value = Err("too large");
                                end = i + spaceless(&bytes[i..]);
                                break;
                            }
                        }
                    }
                    end
                }
                Err(_) => spaceless(bytes),
            };
            let kept = token.len.min(HEAD as u64) as usize;
            let more = (HEAD - kept).min(end);
            token.head[kept..kept + more].copy_from_slice(&bytes[..more]);
            token.len += end as u64;
            self.at += end;
            if self.at < self.filled || !self.fill()? {
                break;
            }
        }
        self.after_last = Position {
            line: position.line,
            column: position.column + token.len as usize,
        };
        Ok(Some(token))
    }

    /// Reads more into the buffer once it is used up; false at the end.
    fn fill(&mut self) -> io::Result<bool> {
        self.before += self.filled as u64;
        self.at = 0;
        self.filled = 0;
        loop {
            match self.reader.read(&mut self.buf) {
                Ok(n) => {
                    self.filled = n;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// The length of the token's bytes at the start of `bytes`.
fn spaceless(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| is_space(b))
        .unwrap_or(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::super::{Tokens, parse_u64};
    use super::*;
    use proptest::prelude::*;

    /// A reader giving at most `step` bytes a read, so that tokens and
    /// line ends fall across reads, with interruptions between.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        interrupt: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn same_as_tokens(data: &[u8], step: usize) -> Result<(), TestCaseError> {
        let mut whole = Tokens::new(data);
        let mut stream = TokenStream::new(Trickle {
            data,
            step,
            interrupt: false,
        });
        loop {
            let (a, b) = (whole.next_token(), stream.next_token().unwrap());
            match (a, b) {
                (None, None) => break,
                (Some(a), Some(b)) => {
                    prop_assert_eq!(a.position, b.position);
                    prop_assert_eq!(a.bytes.len() as u64, b.len);
                    prop_assert_eq!(parse_u64(a.bytes), b.value);
                    prop_assert_eq!(a.describe(), b.describe());
                    prop_assert!(b.is(a.bytes) == (a.bytes.len() <= HEAD));
                    prop_assert!(!b.is(b"-1") || a.bytes == b"-1");
                }
                (a, b) => prop_assert!(false, "{:?} against {:?}", a, b),
            }
            prop_assert_eq!(whole.end_position(), stream.end_position());
        }
        prop_assert_eq!(whole.end_position(), stream.end_position());
        Ok(())
    }

    #[test]
    fn long_tokens_and_lines_cross_reads() {
        let long = format!("1{}", "0".repeat(40));
        let text =
            format!("  12 {long} 18446744073709551615 -3\r\n\n\t+4 x9 \x0b99999999999999999999z\n");
        for step in [1, 2, 3, 7, 1000] {
            same_as_tokens(text.as_bytes(), step).unwrap();
        }
        let mut t = TokenStream::new(text.as_bytes());
        t.next_token().unwrap();
        let long = t.next_token().unwrap().unwrap();
        assert_eq!(long.describe(), "\"100000000000000000000000...\"");
        assert_eq!((long.len, long.value), (41, Err("too large")));
    }

    proptest! {
        #[test]
        fn streamed_tokens_are_the_tokens(
            data in proptest::collection::vec(
                prop_oneof![
                    Just(b' '), Just(b'\n'), Just(b'\r'), Just(b'\t'), Just(0x0b), Just(0x0c),
                    Just(b'-'), Just(b'+'), Just(b'x'), Just(0xff), b'0'..=b'9',
                ],
                0..120,
            ),
            step in 1usize..9,
        ) {
            same_as_tokens(&data, step)?;
        }
    }
}
