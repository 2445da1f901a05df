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
/// use boardsolve_core::text::Reopen;
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
pub struct StreamToken<'a> {
    /// Where the token starts.
    pub position: Position,
    /// Its length in bytes (never 0). A token that is no number and
    /// runs past the end of a read is not read further once its first
    /// bytes are kept: its length is then what was read, more than 25,
    /// and the next token is looked for after its end.
    pub len: u64,
    /// What [`parse_u64`](super::parse_u64) makes of the whole token.
    pub value: Result<u64, &'static str>,
    /// Its first bytes, up to 25.
    head: &'a [u8],
}

impl StreamToken<'_> {
    /// Whether the token is exactly `bytes`, which are at most 25 bytes
    /// long (a hole mark, a keyword); longer `bytes` never match.
    pub fn is(&self, bytes: &[u8]) -> bool {
        self.len == bytes.len() as u64 && self.head == bytes
    }

    /// The token as [`Token::describe`](super::Token::describe) shows it.
    pub fn describe(&self) -> String {
        describe_bytes(self.head)
    }
}

/// What a token is as a number so far, in [`parse_u64`](super::parse_u64)'s words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Why {
    Number,
    Sign,
    NotWhole,
    TooLarge,
}

/// [`parse_u64`](super::parse_u64)'s reading of a token, a piece at a
/// time: its first complaint stands.
#[derive(Clone, Copy)]
struct Number {
    value: u64,
    why: Why,
}

impl Number {
    /// Before a token whose first byte is `first`.
    fn new(first: u8) -> Number {
        let why = if matches!(first, b'+' | b'-') {
            Why::Sign
        } else {
            Why::Number
        };
        Number { value: 0, why }
    }

    /// Reads the token's bytes at the start of `bytes`, the first of them
    /// byte `at` of the token, up to a separator; returns how many.
    fn scan(&mut self, bytes: &[u8], at: u64) -> usize {
        for (i, &b) in bytes.iter().enumerate() {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                if is_space(b) {
                    return i;
                }
                if self.why == Why::Number {
                    self.why = Why::NotWhole;
                }
            } else if self.why == Why::Number {
                if at + (i as u64) < 19 {
                    // Nineteen digits always fit.
                    self.value = self.value * 10 + u64::from(digit);
                } else {
                    match self
                        .value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(digit.into()))
                    {
                        Some(next) => self.value = next,
                        None => self.why = Why::TooLarge,
                    }
                }
            }
        }
        bytes.len()
    }
}

/// Splits a reader into whitespace-separated tokens with their positions,
/// as [`Tokens`](super::Tokens) splits bytes: the same separators, lines
/// and columns (in bytes), and the same place for a missing token. Memory
/// is one read buffer, whatever the input's length or its lines'; a
/// token that is no number is read only as far as a message needs, so
/// that a runaway token of gigabytes costs one buffer of reading.
///
/// ```
/// use boardsolve_core::text::{Position, TokenStream};
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
    /// The first bytes of the last token: kept here, not in the token,
    /// which is returned by value.
    head: [u8; HEAD],
    /// The last token was returned before its end, which the next call
    /// skips to.
    unfinished: bool,
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
            head: [0; HEAD],
            unfinished: false,
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
    pub fn next_token(&mut self) -> io::Result<Option<StreamToken<'_>>> {
        if self.unfinished {
            self.skip_rest()?;
        }
        loop {
            if self.at == self.filled && !self.fill()? {
                return Ok(None);
            }
            // Runs of spaces (padding) eight at a time.
            if self.filled - self.at >= 8 && self.buf[self.at..self.at + 8] == *b"        " {
                self.at += 8;
                continue;
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
        let start = self.at;
        let mut number = Number::new(self.buf[start]);
        let mut end = number.scan(&self.buf[start..self.filled], 0);
        if start + end < self.filled {
            // Within the buffer, as nearly every token is: read in place.
            self.at += end;
            return Ok(Some(self.token(position, end as u64, number, Some(start))));
        }
        // Across the end of the buffer: its first bytes are kept aside.
        let mut len = 0u64;
        loop {
            let kept = len.min(HEAD as u64) as usize;
            let more = (HEAD - kept).min(end);
            self.head[kept..kept + more].copy_from_slice(&self.buf[self.at..self.at + more]);
            len += end as u64;
            self.at += end;
            if self.at < self.filled {
                break;
            }
            if number.why != Why::Number && len > HEAD as u64 {
                // No number, and the message's bytes are kept: the rest
                // is read only if another token is asked for.
                self.unfinished = true;
                break;
            }
            if !self.fill()? {
                break;
            }
            end = number.scan(&self.buf[..self.filled], len);
        }
        Ok(Some(self.token(position, len, number, None)))
    }

    /// The token just read, at `position`, of `len` bytes, whose first
    /// bytes are in the buffer from `start`, else kept aside.
    fn token(
        &mut self,
        position: Position,
        len: u64,
        number: Number,
        start: Option<usize>,
    ) -> StreamToken<'_> {
        self.after_last = Position {
            line: position.line,
            column: position.column + len as usize,
        };
        let shown = len.min(HEAD as u64) as usize;
        StreamToken {
            position,
            len,
            value: match number.why {
                Why::Number => Ok(number.value),
                Why::Sign => Err("signs are not allowed"),
                Why::NotWhole => Err("not a whole number"),
                Why::TooLarge => Err("too large"),
            },
            head: match start {
                Some(start) => &self.buf[start..start + shown],
                None => &self.head[..shown],
            },
        }
    }

    /// Moves past the rest of a token returned unfinished, counting its
    /// bytes into the place just after it.
    fn skip_rest(&mut self) -> io::Result<()> {
        self.unfinished = false;
        loop {
            if self.at == self.filled && !self.fill()? {
                return Ok(());
            }
            let rest = &self.buf[self.at..self.filled];
            let n = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
            self.at += n;
            self.after_last.column += n;
            if self.at < self.filled {
                return Ok(());
            }
        }
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
            let mut cut = false;
            match (a, b) {
                (None, None) => break,
                (Some(a), Some(b)) => {
                    prop_assert_eq!(a.position, b.position);
                    cut = b.value.is_err() && b.len > HEAD as u64;
                    let len = a.bytes.len() as u64;
                    prop_assert!(len == b.len || cut && len > b.len);
                    prop_assert_eq!(parse_u64(a.bytes), b.value);
                    prop_assert_eq!(a.describe(), b.describe());
                    prop_assert!(b.is(a.bytes) == (a.bytes.len() <= HEAD));
                    prop_assert!(!b.is(b"-1") || a.bytes == b"-1");
                }
                (a, b) => prop_assert!(false, "{:?} against {:?}", a, b),
            }
            // A token cut short ends where the next call finds its end.
            if !cut {
                prop_assert_eq!(whole.end_position(), stream.end_position());
            }
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

    /// `len` bytes of `fill`, then `tail`, counting what is read of them.
    struct Endless<'a> {
        len: u64,
        fill: u8,
        tail: &'a [u8],
        read: u64,
    }

    impl Read for Endless<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = if self.read < self.len {
                let n = (self.len - self.read).min(buf.len() as u64) as usize;
                buf[..n].fill(self.fill);
                n
            } else {
                let from = (self.read - self.len) as usize;
                let n = self.tail.len().saturating_sub(from).min(buf.len());
                buf[..n].copy_from_slice(&self.tail[from..from + n]);
                n
            };
            self.read += n as u64;
            Ok(n)
        }
    }

    #[test]
    fn a_runaway_token_that_is_no_number_is_read_only_as_far_as_its_message() {
        for fill in [b'x', b'7', 0] {
            let mut t = TokenStream::new(Endless {
                len: 64 << 20,
                fill,
                tail: b"",
                read: 0,
            });
            let token = t.next_token().unwrap().unwrap();
            assert!(token.value.is_err() && !token.is(&[fill]));
            assert_eq!(
                token.describe().len(),
                if fill == 0 { 4 * 24 + 5 } else { 24 + 5 }
            );
            assert!(
                t.reader.read <= 2 * BUFFER as u64,
                "{} bytes read",
                t.reader.read
            );
        }
        // Asked for more, the stream skips to the token's end: the next
        // token and the end are where the whole reading puts them.
        let len = 3 * BUFFER as u64 + 11;
        let mut t = TokenStream::new(Endless {
            len,
            fill: b'-',
            tail: b" 5\n",
            read: 0,
        });
        assert_eq!(
            t.next_token().unwrap().unwrap().value,
            Err("signs are not allowed")
        );
        let five = t.next_token().unwrap().unwrap();
        let column = len as usize + 2;
        assert_eq!(
            (five.position, five.value),
            (Position { line: 1, column }, Ok(5))
        );
        assert_eq!(t.next_token().unwrap(), None);
        assert_eq!(
            t.end_position(),
            Position {
                line: 1,
                column: column + 1
            }
        );
        let mut t = TokenStream::new(Endless {
            len,
            fill: b'z',
            tail: b"",
            read: 0,
        });
        t.next_token().unwrap();
        assert_eq!(t.next_token().unwrap(), None);
        let column = len as usize + 1;
        assert_eq!(t.end_position(), Position { line: 1, column });
    }

    /// Separators, runs of spaces (padding), pieces of numbers and of
    /// other tokens.
    const PIECES: &[&[u8]] = &[
        b" ",
        b"\n",
        b"\r",
        b"\t",
        b"\x0b",
        b"\x0c",
        b"-",
        b"+",
        b"x",
        b"\xff",
        b"7",
        b"0",
        b"19",
        b"        ",
        b"         \n ",
        b"18446744073709551615",
    ];

    proptest! {
        #[test]
        fn streamed_tokens_are_the_tokens(
            pieces in proptest::collection::vec(
                proptest::sample::select(PIECES),
                0..60,
            ),
            step in 1usize..9,
        ) {
            same_as_tokens(&pieces.concat(), step)?;
        }
    }
}
