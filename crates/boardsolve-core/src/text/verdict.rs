//! The verdict on an answer, and token-by-token comparison of an output
//! with the expected one.

use super::tokens::{Position, Tokens, describe_bytes};
use std::io::{self, Read};

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
/// use boardsolve_core::text::{Verdict, compare_tokens};
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

/// How much of each stream [`compare_token_streams`] holds at once.
const STREAM_BUFFER: usize = 64 << 10;

/// The bytes of a token that [`describe_bytes`] shows, plus one to know
/// that it was cut short: all a message needs of a token of any length.
const DESCRIBED: usize = 25;

/// [`compare_tokens`] over two readers, holding a bounded buffer of each
/// whatever their size, so that answers of gigabytes are judged in a few
/// hundred KiB. The verdicts and messages are exactly those of
/// [`compare_tokens`] on the same bytes.
///
/// ```
/// use boardsolve_core::text::{Verdict, compare_token_streams};
/// assert_eq!(compare_token_streams(&b"1 2"[..], &b"1\n2\n"[..]).unwrap(), Verdict::Correct);
/// ```
///
/// # Errors
/// Whatever reading either stream fails with.
pub fn compare_token_streams(expected: impl Read, received: impl Read) -> io::Result<Verdict> {
    compare_with(expected, received, STREAM_BUFFER)
}

fn compare_with(expected: impl Read, received: impl Read, capacity: usize) -> io::Result<Verdict> {
    let mut want = Stream::new(expected, capacity);
    let mut got = Stream::new(received, capacity);
    loop {
        let (w, g) = (want.skip_space()?, got.skip_space()?);
        match (w, g) {
            (None, None) => return Ok(Verdict::Correct),
            (Some(_), Some(at)) => {
                // Fixed arrays, not vectors: this runs once a token, and
                // an answer can have hundreds of millions of them.
                let mut w_head = Head::default();
                let mut g_head = Head::default();
                if !same_token(&mut want, &mut got, &mut w_head, &mut g_head)? {
                    want.finish_head(&mut w_head)?;
                    got.finish_head(&mut g_head)?;
                    return Ok(Verdict::Wrong(format!(
                        "{at}: expected {}, found {}",
                        describe_bytes(w_head.bytes()),
                        describe_bytes(g_head.bytes())
                    )));
                }
            }
            (Some(_), None) => {
                let mut w_head = Head::default();
                want.finish_head(&mut w_head)?;
                return Ok(Verdict::Wrong(format!(
                    "{}: output ends early; expected {} next",
                    got.after_last,
                    describe_bytes(w_head.bytes())
                )));
            }
            (None, Some(at)) => {
                let mut g_head = Head::default();
                got.finish_head(&mut g_head)?;
                return Ok(Verdict::Wrong(format!(
                    "{at}: extra output {} after the answer",
                    describe_bytes(g_head.bytes())
                )));
            }
        }
    }
}

/// Reads the current token of both streams chunk by chunk while they
/// agree, keeping the first bytes of each for a message. True when both
/// ended together with the same bytes; on a difference, each stream is
/// left inside its token with its head so far.
fn same_token(
    want: &mut Stream<impl Read>,
    got: &mut Stream<impl Read>,
    w_head: &mut Head,
    g_head: &mut Head,
) -> io::Result<bool> {
    loop {
        let a = want.token_chunk()?;
        let b = got.token_chunk()?;
        if a.is_empty() || b.is_empty() {
            return Ok(a.is_empty() && b.is_empty());
        }
        let n = a.len().min(b.len());
        if a[..n] != b[..n] {
            return Ok(false);
        }
        w_head.keep(&a[..n]);
        g_head.keep(&b[..n]);
        want.consume(n);
        got.consume(n);
    }
}

/// The first [`DESCRIBED`] bytes of a token.
#[derive(Default)]
struct Head {
    bytes: [u8; DESCRIBED],
    len: usize,
}

impl Head {
    fn keep(&mut self, bytes: &[u8]) {
        let n = (DESCRIBED - self.len).min(bytes.len());
        self.bytes[self.len..self.len + n].copy_from_slice(&bytes[..n]);
        self.len += n;
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// A reader split into tokens with the positions of [`Tokens`], through
/// a buffer of fixed size.
struct Stream<R> {
    reader: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    /// Where the next unread byte is.
    at: Position,
    /// Just after the last token that ended, as [`Tokens::end_position`].
    after_last: Position,
}

impl<R: Read> Stream<R> {
    fn new(reader: R, capacity: usize) -> Self {
        let first = Position { line: 1, column: 1 };
        Stream {
            reader,
            buf: vec![0; capacity.max(1)].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            at: first,
            after_last: first,
        }
    }

    /// Makes sure some bytes are buffered unless the reader is done.
    fn fill(&mut self) -> io::Result<()> {
        while self.start == self.end && !self.eof {
            match self.reader.read(&mut self.buf) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.start = 0;
                    self.end = n;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Moves past whitespace; the position of the token that follows, or
    /// `None` at the end.
    fn skip_space(&mut self) -> io::Result<Option<Position>> {
        loop {
            self.fill()?;
            if self.start == self.end {
                return Ok(None);
            }
            while self.start < self.end {
                let b = self.buf[self.start];
                if !super::tokens::is_space(b) {
                    return Ok(Some(self.at));
                }
                self.start += 1;
                if b == b'\n' {
                    self.at.line += 1;
                    self.at.column = 1;
                } else {
                    self.at.column += 1;
                }
            }
        }
    }

    /// The next bytes of the current token that are buffered, empty when
    /// the token has ended (then [`Stream::after_last`] is where it ended).
    fn token_chunk(&mut self) -> io::Result<&[u8]> {
        self.fill()?;
        let rest = &self.buf[self.start..self.end];
        let len = rest
            .iter()
            .position(|&b| super::tokens::is_space(b))
            .unwrap_or(rest.len());
        if len == 0 {
            self.after_last = self.at;
        }
        Ok(&self.buf[self.start..self.start + len])
    }

    /// Moves past `n` bytes of a token (never a newline).
    fn consume(&mut self, n: usize) {
        self.start += n;
        self.at.column += n;
    }

    /// Adds to `head` the rest of the current token up to [`DESCRIBED`]
    /// bytes: the longest a message needs.
    fn finish_head(&mut self, head: &mut Head) -> io::Result<()> {
        while head.len < DESCRIBED {
            let chunk = self.token_chunk()?;
            if chunk.is_empty() {
                break;
            }
            let n = chunk.len().min(DESCRIBED - head.len);
            head.keep(&chunk[..n]);
            self.consume(n);
        }
        Ok(())
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

    #[test]
    fn streams_name_long_tokens_like_slices() {
        let long = "x".repeat(100);
        let cases: [(&str, &str); 4] = [(&long, "x"), ("x", &long), ("1", ""), ("", "  \n 7")];
        for (want, got) in cases {
            for capacity in [1, 3, 64] {
                assert_eq!(
                    compare_with(want.as_bytes(), got.as_bytes(), capacity).unwrap(),
                    compare_tokens(want.as_bytes(), got.as_bytes()),
                    "{want:?} {got:?} {capacity}"
                );
            }
        }
    }

    /// Token texts of a few letters with every kind of separator, so that
    /// equal, differing, missing and extra tokens all come up often.
    fn text() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::prelude::*;
        let token = prop_oneof![
            Just(b"1".to_vec()),
            Just(b"12".to_vec()),
            Just(b"x".repeat(30)),
            proptest::collection::vec(prop_oneof![Just(b'1'), Just(b'2'), Just(0xffu8)], 1..4),
        ];
        let space = proptest::collection::vec(
            prop_oneof![
                Just(b' '),
                Just(b'\n'),
                Just(b'\r'),
                Just(b'\t'),
                Just(0x0b),
                Just(0x0c)
            ],
            0..3,
        );
        proptest::collection::vec((space.clone(), token), 0..8).prop_flat_map(move |parts| {
            space.clone().prop_map(move |tail| {
                let mut out = Vec::new();
                for (i, (gap, token)) in parts.iter().enumerate() {
                    out.extend(gap);
                    if i > 0 && gap.is_empty() {
                        out.push(b' ');
                    }
                    out.extend(token);
                }
                out.extend(tail);
                out
            })
        })
    }

    proptest::proptest! {
        #[test]
        fn streams_judge_exactly_like_slices(
            want in text(),
            got in text(),
            capacity in 1usize..20,
        ) {
            let slices = compare_tokens(&want, &got);
            proptest::prop_assert_eq!(&compare_with(&want[..], &got[..], capacity).unwrap(), &slices);
            proptest::prop_assert_eq!(&compare_token_streams(&want[..], &got[..]).unwrap(), &slices);
            // A received text that starts like the expected one, then differs.
            let mut near = want.clone();
            near.extend(&got);
            proptest::prop_assert_eq!(
                compare_with(&want[..], &near[..], capacity).unwrap(),
                compare_tokens(&want, &near)
            );
        }
    }
}
