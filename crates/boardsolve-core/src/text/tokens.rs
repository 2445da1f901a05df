//! Whitespace tokenizer with line and column positions, and the one input error type.
//!
//! Every puzzle parser reads its judge text through [`Tokens`] (or, for a
//! form that is not whitespace-separated, through the same [`Cursor`]), so
//! every complaint about bad input names the exact place (`line:column`,
//! both 1-based, columns counted in bytes) and what was expected there.

use std::fmt;
use std::io::{self, Read};

/// The most input `solve` and `check` read as an instance. The largest
/// valid instance (a 64×64 2048 board) is under 100 KiB, and yut uses at most
/// 84 dice; the cap keeps `yes 1 | boardsolve solve yut` from eating memory.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads all of `reader` if it holds at most `limit` bytes. More is bad
/// input, reported at the first byte past the limit like any other
/// complaint; only what the reader itself fails with is an `io::Error`.
///
/// ```
/// use boardsolve_core::text::read_limited;
/// assert_eq!(read_limited(&b"1 2"[..], 3).unwrap().unwrap(), b"1 2");
/// let e = read_limited(&b"1\n234"[..], 4).unwrap().unwrap_err();
/// assert_eq!(e.to_string(), "2:3: the input is longer than the limit of 4 bytes");
/// ```
///
/// # Errors
/// Whatever reading `reader` fails with.
pub fn read_limited(reader: impl Read, limit: u64) -> io::Result<Result<Vec<u8>, InputError>> {
    let mut data = Vec::new();
    reader.take(limit + 1).read_to_end(&mut data)?;
    if data.len() as u64 <= limit {
        return Ok(Ok(data));
    }
    let before = &data[..limit as usize];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    Ok(Err(too_long(Position { line, column }, limit)))
}

/// [`read_limited`] without keeping the bytes: the length of `reader` if
/// at most `limit`, else the same complaint, found by reading through a
/// small buffer, so that a file of gigabytes is checked in little memory.
///
/// ```
/// use boardsolve_core::text::check_limited;
/// assert_eq!(check_limited(&b"1 2"[..], 3).unwrap().unwrap(), 3);
/// let e = check_limited(&b"1\n234"[..], 4).unwrap().unwrap_err();
/// assert_eq!(e.to_string(), "2:3: the input is longer than the limit of 4 bytes");
/// ```
///
/// # Errors
/// Whatever reading `reader` fails with.
pub fn check_limited(mut reader: impl Read, limit: u64) -> io::Result<Result<u64, InputError>> {
    let mut buf = vec![0u8; 64 << 10];
    let mut at = Position { line: 1, column: 1 };
    let mut seen = 0u64;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(Ok(seen)),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        for &b in &buf[..n] {
            if seen == limit {
                return Ok(Err(too_long(at, limit)));
            }
            seen += 1;
            if b == b'\n' {
                at.line += 1;
                at.column = 1;
            } else {
                at.column += 1;
            }
        }
    }
}

fn too_long(at: Position, limit: u64) -> InputError {
    let size = if limit >= 1 << 20 && limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    InputError::new(at, format!("the input is longer than the limit of {size}"))
}

/// A place in the input: 1-based line and column (in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based byte column within the line.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Bad input: where it is and what was wrong.
///
/// Displays as `LINE:COLUMN: MESSAGE`; the CLI prefixes the source name
/// (`input` for standard input, otherwise the file path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Where the problem is.
    pub position: Position,
    /// What was expected and what was found, in one line.
    pub message: String,
}

impl InputError {
    /// Builds an error at `position`.
    pub fn new(position: Position, message: impl Into<String>) -> Self {
        InputError {
            position,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.message)
    }
}

impl std::error::Error for InputError {}

/// One whitespace-separated token and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The raw bytes of the token (never empty, never containing whitespace).
    pub bytes: &'a [u8],
    /// Where the token starts.
    pub position: Position,
}

impl Token<'_> {
    /// The token as it should appear in an error message: quoted, with
    /// non-printable or non-UTF-8 bytes escaped and long tokens cut short.
    pub fn describe(&self) -> String {
        describe_bytes(self.bytes)
    }
}

/// Quotes `bytes` for an error message, escaping anything not printable ASCII.
pub fn describe_bytes(bytes: &[u8]) -> String {
    const LIMIT: usize = 24;
    let mut out = String::from("\"");
    for &b in bytes.iter().take(LIMIT) {
        if b.is_ascii_graphic() || b == b' ' {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    if bytes.len() > LIMIT {
        out.push_str("...");
    }
    out.push('"');
    out
}

/// Splits input bytes into whitespace-separated tokens, tracking positions.
///
/// Spaces, tabs, carriage returns, form feeds and newlines all separate
/// tokens, so CRLF files, tabs and blank lines are accepted anywhere.
///
/// ```
/// use boardsolve_core::text::Tokens;
/// let mut t = Tokens::new(b"3\n 2 0\r\n");
/// assert_eq!(t.expect_u64("N").unwrap(), 3);
/// let tok = t.next_token().unwrap();
/// assert_eq!((tok.position.line, tok.position.column), (2, 2));
/// ```
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    cursor: Cursor<'a>,
    /// Just after the last token read: where "end of input" is reported,
    /// so the message points at the line that is short, not past it.
    after_last: Position,
}

/// A place in input bytes that knows its line and column: the position
/// tracking that [`Tokens`] and every other reader of the input share, so
/// that they all count lines and columns alike.
///
/// ```
/// use boardsolve_core::text::Cursor;
/// let mut c = Cursor::new(b"12\n ab");
/// assert_eq!(c.take_while(|b| b.is_ascii_digit()), b"12");
/// c.take_while(|b| b.is_ascii_whitespace());
/// assert_eq!((c.position().line, c.position().column), (2, 2));
/// assert_eq!(c.rest(), b"ab");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Cursor<'a> {
    data: &'a [u8],
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Cursor<'a> {
    /// Starts at the first byte of `data`, line 1, column 1.
    pub fn new(data: &'a [u8]) -> Self {
        Cursor {
            data,
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the next byte is (or the end of input, if none is left).
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.offset - self.line_start + 1,
        }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.offset..]
    }

    /// Moves past the next bytes as long as `keep` holds for them, and
    /// returns them.
    pub fn take_while(&mut self, mut keep: impl FnMut(u8) -> bool) -> &'a [u8] {
        let start = self.offset;
        while let Some(&b) = self.data.get(self.offset) {
            if !keep(b) {
                break;
            }
            self.offset += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.offset;
            }
        }
        &self.data[start..self.offset]
    }

    /// Moves past the next `count` bytes (at most what is left).
    pub fn advance(&mut self, count: usize) {
        let mut left = count;
        self.take_while(|_| {
            let more = left > 0;
            left = left.saturating_sub(1);
            more
        });
    }
}

/// Where number `index` (0-based; a maximal run of ASCII digits) of
/// `data` starts; past the last number, the end of the last line, where
/// one more would go. It places what is wrong with a number that reads
/// well (a value past a judge's limits), in any of the puzzles' forms.
///
/// ```
/// use boardsolve_core::text::number_position;
/// let at = |i| {
///     let p = number_position(b"2\n2 1024\n", i);
///     (p.line, p.column)
/// };
/// assert_eq!((at(0), at(2), at(3)), ((1, 1), (2, 3), (2, 7)));
/// ```
pub fn number_position(data: &[u8], index: usize) -> Position {
    let mut cursor = Cursor::new(data);
    for _ in 0..index {
        cursor.take_while(|b| !b.is_ascii_digit());
        cursor.take_while(|b| b.is_ascii_digit());
    }
    cursor.take_while(|b| !b.is_ascii_digit());
    if !cursor.rest().is_empty() {
        return cursor.position();
    }
    let last_line = data.strip_suffix(b"\n").unwrap_or(data);
    let mut end = Cursor::new(last_line);
    end.advance(last_line.len());
    end.position()
}

pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl<'a> Tokens<'a> {
    /// Starts reading `data` at line 1, column 1.
    pub fn new(data: &'a [u8]) -> Self {
        Tokens {
            cursor: Cursor::new(data),
            after_last: Position { line: 1, column: 1 },
        }
    }

    /// The position of the next token, or of the end of input if none is left.
    pub fn position(&mut self) -> Position {
        self.cursor.take_while(is_space);
        self.cursor.position()
    }

    /// Where a missing token is reported: just after the last token read, or
    /// 1:1 when the input has none.
    pub fn end_position(&self) -> Position {
        self.after_last
    }

    /// The next token, or `None` at the end of input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let position = self.position();
        let bytes = self.cursor.take_while(|b| !is_space(b));
        if bytes.is_empty() {
            return None;
        }
        self.after_last = Position {
            line: position.line,
            column: position.column + bytes.len(),
        };
        Some(Token { bytes, position })
    }

    /// Reads the next token as an unsigned decimal number (digits only, no
    /// sign), naming `what` in any error.
    ///
    /// # Errors
    /// End of input, a token that is not all digits, or a number above `u64::MAX`.
    pub fn expect_u64(&mut self, what: &str) -> Result<u64, InputError> {
        Ok(self.expect_u64_token(what)?.0)
    }

    /// Like [`Tokens::expect_u64`], also returning the token for later messages.
    ///
    /// # Errors
    /// As [`Tokens::expect_u64`].
    pub fn expect_u64_token(&mut self, what: &str) -> Result<(u64, Token<'a>), InputError> {
        let Some(token) = self.next_token() else {
            let at = self.end_position();
            return Err(InputError::new(
                at,
                format!("expected {what}, found end of input"),
            ));
        };
        parse_u64(token.bytes).map(|v| (v, token)).map_err(|why| {
            InputError::new(
                token.position,
                format!("expected {what}, found {} ({why})", token.describe()),
            )
        })
    }

    /// Reads a number and checks it lies in `lo..=hi`.
    ///
    /// # Errors
    /// As [`Tokens::expect_u64`], or a number outside the range.
    pub fn expect_in_range(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64, InputError> {
        let (v, token) = self.expect_u64_token(what)?;
        if v < lo || v > hi {
            return Err(InputError::new(
                token.position,
                format!("expected {what} from {lo} to {hi}, found {v}"),
            ));
        }
        Ok(v)
    }

    /// Succeeds only if nothing but whitespace is left.
    ///
    /// # Errors
    /// An extra token, named with its position.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(t) => Err(InputError::new(
                t.position,
                format!("unexpected extra input {} after {after}", t.describe()),
            )),
        }
    }
}

/// Parses plain decimal digits into a `u64`, explaining any failure
/// briefly: the one decimal reader behind every number of every format.
///
/// # Errors
/// An empty token, a sign, a non-digit, or a value above `u64::MAX`.
pub fn parse_u64(bytes: &[u8]) -> Result<u64, &'static str> {
    if bytes.is_empty() {
        return Err("empty");
    }
    if bytes[0] == b'+' || bytes[0] == b'-' {
        return Err("signs are not allowed");
    }
    let mut v: u64 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return Err("not a whole number");
        }
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or("too large")?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_lines_and_columns() {
        let mut t = Tokens::new(b"  12 ab\r\n\n\tx");
        let a = t.next_token().unwrap();
        assert_eq!((a.position.line, a.position.column), (1, 3));
        let b = t.next_token().unwrap();
        assert_eq!((b.position.line, b.position.column), (1, 6));
        let c = t.next_token().unwrap();
        assert_eq!(
            (c.position.line, c.position.column, c.bytes),
            (3, 2, &b"x"[..])
        );
        assert!(t.next_token().is_none());
        assert_eq!(t.position(), Position { line: 3, column: 3 });
    }

    #[test]
    fn numbers_are_plain_digits() {
        for (text, ok) in [
            ("0", Some(0)),
            ("007", Some(7)),
            ("18446744073709551615", Some(u64::MAX)),
            ("18446744073709551616", None),
            ("+3", None),
            ("-3", None),
            ("1e3", None),
            ("0x10", None),
        ] {
            assert_eq!(parse_u64(text.as_bytes()).ok(), ok, "{text}");
        }
    }

    #[test]
    fn errors_name_the_place() {
        let mut t = Tokens::new(b"1\n  x");
        t.expect_u64("N").unwrap();
        let e = t.expect_u64("a block").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:3: expected a block, found \"x\" (not a whole number)"
        );
        let e = t.expect_u64("more").unwrap_err();
        assert_eq!(e.to_string(), "2:4: expected more, found end of input");
        let e = Tokens::new(b"\n\n").expect_u64("N").unwrap_err();
        assert_eq!(e.to_string(), "1:1: expected N, found end of input");
    }

    #[test]
    fn odd_bytes_are_escaped() {
        assert_eq!(describe_bytes(b"a\0\xff"), "\"a\\x00\\xff\"");
    }
}
