//! What a report shows of one failing run, a few KB whatever the program
//! printed: the head of the input, the lines of the expected and the
//! received output around the first difference (and where it is), and
//! the start and the end of the program's standard error. Outputs are
//! read as streams, so that an answer of any size costs a small buffer.

use super::harness::run::stderr_parts;
use super::harness::spool::Spooled;
use super::judge::Verdict;
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::Mutex;

/// Lines of the input kept, from its start.
pub const INPUT_LINES: usize = 25;
/// The bytes of a line kept; the rest of it is counted.
pub const LINE_BYTES: usize = 200;
/// Lines kept on each side of the first difference.
pub const AROUND: usize = 3;
/// Lines of standard error kept from its start, and as many from its end.
pub const STDERR_LINES: usize = 10;

/// Some lines of a text, with where they sit in it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Excerpt {
    /// The number (1-based) of the first line kept.
    pub first_line: usize,
    /// The lines kept, in order.
    pub lines: Vec<Line>,
    /// The text's lines (a last line without a newline counts).
    pub total_lines: usize,
    /// The text's size in bytes.
    pub total_bytes: u64,
}

/// One line kept of a text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// Its first [`LINE_BYTES`] bytes (invalid UTF-8 shown as U+FFFD).
    pub text: String,
    /// How many bytes of it were not kept.
    pub cut_bytes: u64,
}

/// Where the received output first differs from the expected one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Difference {
    /// The line of the received output (1-based).
    pub line: usize,
    /// The column (1-based, in bytes) of the first wrong token in that
    /// line, or where the output ended early.
    pub column: usize,
    /// The column of the expected token it stands against: the token of
    /// the expected output's same line with as many tokens before it;
    /// `None` when that line has no such token, or when any valid answer
    /// is accepted.
    pub expected_column: Option<usize>,
}

/// The start and the end of a standard error.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StderrExcerpt {
    /// Its first lines (all of them when few).
    pub head: Vec<Line>,
    /// Its last lines, when there were too many to keep all.
    pub tail: Vec<Line>,
    /// The bytes between `head` and `tail` not shown.
    pub omitted_bytes: u64,
    /// Its size in bytes.
    pub total_bytes: u64,
}

/// What a report shows of one failing run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Failure {
    /// The head of the input.
    pub input: Excerpt,
    /// The expected output around the first difference (its head when
    /// there is none to point at).
    pub expected: Excerpt,
    /// The received output, the same lines.
    pub received: Excerpt,
    /// Where the first difference is, for a wrong answer that names it.
    pub first_difference: Option<Difference>,
    /// Judged by a checker that accepts any valid answer: `expected` is
    /// one correct answer, not the only one.
    pub any_valid_answer: bool,
    /// The program's standard error.
    pub stderr: StderrExcerpt,
}

/// The view of a failing run.
///
/// # Errors
/// Whatever reading the answer or the output back fails with.
pub fn failure(
    input: &[u8],
    expected: &Spooled,
    received: &Spooled,
    verdict: &Verdict,
    any_valid_answer: bool,
    stderr: &[u8],
) -> io::Result<Failure> {
    let at = match verdict {
        Verdict::WrongAnswer(why) => position(why),
        _ => None,
    };
    let (from, to) = match at {
        Some((line, _)) => (line.saturating_sub(AROUND).max(1), line + AROUND),
        None => (1, 1 + 2 * AROUND),
    };
    let expected = excerpt(expected.reader(), expected.len(), from, to)?;
    let received = excerpt(received.reader(), received.len(), from, to)?;
    let first_difference = at.map(|(line, column)| Difference {
        line,
        column,
        // A checker's answer is one of many: none of its tokens is the
        // one the received token should have been.
        expected_column: (!any_valid_answer)
            .then(|| lined_up(&expected, &received, line, column))
            .flatten(),
    });
    Ok(Failure {
        input: excerpt(input, input.len() as u64, 1, INPUT_LINES)?,
        expected,
        received,
        first_difference,
        any_valid_answer,
        stderr: stderr_excerpt(stderr),
    })
}

/// The first `line:column` of the output a wrong answer's reason names:
/// token comparison starts with it (`3:7: expected "4", found "5"`), a
/// checker says it within (`... (0-based; output 2:1) is not an L`).
fn position(why: &str) -> Option<(usize, usize)> {
    let bytes = why.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut i = 0;
    while i < bytes.len() {
        let n = digits(i);
        let starts = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if n > 0 && starts && bytes.get(i + n) == Some(&b':') {
            let m = digits(i + n + 1);
            let ends = bytes
                .get(i + n + 1 + m)
                .is_none_or(|b| !b.is_ascii_alphanumeric());
            let line = why[i..i + n].parse().ok();
            let column = why[i + n + 1..i + n + 1 + m].parse().ok();
            if let (true, true, Some(line), Some(column)) = (m > 0, ends, line, column)
                && line >= 1
                && column >= 1
            {
                return Some((line, column));
            }
        }
        i += n.max(1);
    }
    None
}

/// The column in `expected`'s line `line` of the token that stands
/// against the received token at `column` of that line: as many tokens
/// before it in both.
fn lined_up(expected: &Excerpt, received: &Excerpt, line: usize, column: usize) -> Option<usize> {
    let text = |e: &Excerpt| {
        let i = line.checked_sub(e.first_line)?;
        e.lines.get(i).map(|l| l.text.as_bytes().to_vec())
    };
    let got = text(received)?;
    let before = starts(&got).filter(|&c| c < column).count();
    starts(&text(expected)?).nth(before)
}

/// The columns (1-based) where the tokens of `line` start.
fn starts(line: &[u8]) -> impl Iterator<Item = usize> + '_ {
    line.iter().enumerate().filter_map(|(i, b)| {
        let starts = !b.is_ascii_whitespace() && (i == 0 || line[i - 1].is_ascii_whitespace());
        starts.then_some(i + 1)
    })
}

/// Lines `from..=to` (1-based) of a text of `len` bytes read from
/// `reader`, each cut at [`LINE_BYTES`], with the count of its lines.
fn excerpt(mut reader: impl Read, len: u64, from: usize, to: usize) -> io::Result<Excerpt> {
    let mut lines = Vec::new();
    let mut current = Vec::new();
    let mut cut = 0u64;
    let mut number = 1usize;
    let mut pending = false;
    let mut buf = vec![0u8; 64 << 10];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        for &b in &buf[..n] {
            let kept = (from..=to).contains(&number);
            if b == b'\n' {
                if kept {
                    lines.push(line(&current, cut));
                }
                current.clear();
                cut = 0;
                number += 1;
                pending = false;
                continue;
            }
            pending = true;
            if kept && current.len() < LINE_BYTES {
                current.push(b);
            } else if kept {
                cut += 1;
            }
        }
    }
    if pending && (from..=to).contains(&number) {
        lines.push(line(&current, cut));
    }
    Ok(Excerpt {
        first_line: from,
        lines,
        total_lines: number - usize::from(!pending),
        total_bytes: len,
    })
}

fn line(bytes: &[u8], cut: u64) -> Line {
    Line {
        text: String::from_utf8_lossy(bytes).into_owned(),
        cut_bytes: cut,
    }
}

/// The first and the last [`STDERR_LINES`] lines of a standard error as
/// the run kept it (its start and end, with the count of bytes between).
fn stderr_excerpt(kept: &[u8]) -> StderrExcerpt {
    let (head, dropped, tail) = stderr_parts(kept);
    let total_bytes = (head.len() + tail.len()) as u64 + dropped;
    let split = |text: &[u8]| -> Vec<Vec<u8>> {
        let text = text.strip_suffix(b"\n").unwrap_or(text);
        if text.is_empty() {
            return Vec::new();
        }
        text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    let cut = |l: &[u8]| {
        line(
            &l[..l.len().min(LINE_BYTES)],
            l.len().saturating_sub(LINE_BYTES) as u64,
        )
    };
    let size = |ls: &[Vec<u8>]| ls.iter().map(|l| l.len() as u64 + 1).sum::<u64>();
    let (first, last): (Vec<Vec<u8>>, Vec<Vec<u8>>) = if dropped == 0 {
        let all = split(head);
        if all.len() <= 2 * STDERR_LINES {
            (all, Vec::new())
        } else {
            let end = all[all.len() - STDERR_LINES..].to_vec();
            (all[..STDERR_LINES].to_vec(), end)
        }
    } else {
        let (start, end) = (split(head), split(tail));
        let first = start[..start.len().min(STDERR_LINES)].to_vec();
        let last = end[end.len().saturating_sub(STDERR_LINES)..].to_vec();
        (first, last)
    };
    // Whole lines: a line's bytes past LINE_BYTES are its own `cut_bytes`.
    let shown = size(&first) + size(&last);
    StderrExcerpt {
        head: first.iter().map(|l| cut(l)).collect(),
        tail: last.iter().map(|l| cut(l)).collect(),
        omitted_bytes: total_bytes.saturating_sub(shown),
        total_bytes,
    }
}

/// The views of the first failing cases of a suite, by their place in
/// it, kept for at most `limit` of them at any moment: cases judged out
/// of order (in parallel) may fail after a later one was kept, which then
/// makes room. So a suite of any number of failures holds `limit` views.
#[derive(Debug)]
pub struct FirstFailures {
    limit: usize,
    kept: Mutex<BTreeMap<usize, Failure>>,
}

impl FirstFailures {
    /// Room for `limit` views.
    pub fn new(limit: usize) -> FirstFailures {
        FirstFailures {
            limit,
            kept: Mutex::new(BTreeMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<usize, Failure>> {
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether the failing case at `index` would be kept: worth reading
    /// its outputs for. A case kept already is (judged again, its view
    /// comes from the run that gave its verdict).
    pub fn wants(&self, index: usize) -> bool {
        let kept = self.lock();
        self.limit > 0
            && (kept.len() < self.limit
                || kept.contains_key(&index)
                || kept.keys().next_back().is_some_and(|&last| index < last))
    }

    /// Keeps the view of the case at `index` (in place of an earlier one
    /// of the same case), dropping the last views beyond the limit.
    pub fn keep(&self, index: usize, failure: Failure) {
        let mut kept = self.lock();
        kept.insert(index, failure);
        while kept.len() > self.limit {
            kept.pop_last();
        }
    }

    /// Drops the view of the case at `index` (judged again, it passed).
    pub fn forget(&self, index: usize) {
        self.lock().remove(&index);
    }

    /// The views kept, by the case's place.
    pub fn into_kept(self) -> BTreeMap<usize, Failure> {
        self.kept
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spooled(text: &str) -> Spooled {
        Spooled::from_bytes(text.as_bytes().to_vec())
    }

    fn texts(e: &Excerpt) -> Vec<&str> {
        e.lines.iter().map(|l| l.text.as_str()).collect()
    }

    #[test]
    fn a_wrong_answer_shows_the_lines_around_its_first_difference_lined_up() {
        let expected: String = (1..=20).map(|i| format!("{i} {i} {i}\n")).collect();
        let received = expected.replace("12 12 12", "12 99 12");
        let verdict = Verdict::WrongAnswer("12:4: expected \"12\", found \"99\"".into());
        let f = failure(
            b"2\n2 2\n2 2\n",
            &spooled(&expected),
            &spooled(&received),
            &verdict,
            false,
            b"",
        )
        .unwrap();
        assert_eq!(f.expected.first_line, 9);
        assert_eq!(
            texts(&f.expected),
            [
                "9 9 9", "10 10 10", "11 11 11", "12 12 12", "13 13 13", "14 14 14", "15 15 15"
            ]
        );
        assert_eq!(texts(&f.received)[3], "12 99 12");
        assert_eq!((f.expected.total_lines, f.received.total_lines), (20, 20));
        assert_eq!(
            f.first_difference,
            Some(Difference {
                line: 12,
                column: 4,
                expected_column: Some(4)
            })
        );
        assert_eq!(texts(&f.input), ["2", "2 2", "2 2"]);
        assert_eq!(f.stderr.total_bytes, 0);
        assert!(f.stderr.head.is_empty());
    }

    #[test]
    fn the_place_is_read_where_the_reason_names_it() {
        assert_eq!(
            position("12:4: expected \"12\", found \"99\""),
            Some((12, 4))
        );
        assert_eq!(
            position("tile 4 at row 1, column 0 (0-based; output 2:1) is not an L"),
            Some((2, 1))
        );
        assert_eq!(
            position("the output ends after 6 numbers at 2:6; expected 4×4 = 16"),
            Some((2, 6))
        );
        assert_eq!(position("the hole at row 1 holds 3, expected -1"), None);
        assert_eq!(position("x1:2 or 3:"), None);
    }

    #[test]
    fn long_texts_are_cut_and_say_how_much() {
        let input: String = (0..40).map(|i| format!("{i}\n")).collect();
        let long_line = "7".repeat(1000);
        let f = failure(
            input.as_bytes(),
            &spooled("16"),
            &spooled(&long_line),
            &Verdict::RuntimeError("exit status 1".into()),
            false,
            b"",
        )
        .unwrap();
        assert_eq!(f.input.lines.len(), INPUT_LINES);
        assert_eq!(
            (f.input.total_lines, f.input.total_bytes),
            (40, input.len() as u64)
        );
        // No newline at the end: still one line each.
        assert_eq!(
            (f.expected.total_lines, texts(&f.expected)),
            (1, vec!["16"])
        );
        assert_eq!(f.received.lines[0].text.len(), LINE_BYTES);
        assert_eq!(f.received.lines[0].cut_bytes, 800);
        assert_eq!(f.first_difference, None);
        let empty = excerpt(&b""[..], 0, 1, 7).unwrap();
        assert_eq!((empty.total_lines, empty.lines.len()), (0, 0));
    }

    #[test]
    fn a_standard_error_shows_its_first_and_last_lines() {
        let few = stderr_excerpt(b"one\ntwo\n");
        assert_eq!(few.head.len(), 2);
        assert_eq!((few.omitted_bytes, few.total_bytes), (0, 8));
        let many: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let e = stderr_excerpt(many.as_bytes());
        assert_eq!(e.head[0].text, "line 0");
        assert_eq!(e.tail.last().unwrap().text, "line 99");
        assert_eq!((e.head.len(), e.tail.len()), (STDERR_LINES, STDERR_LINES));
        let shown: u64 = e
            .head
            .iter()
            .chain(&e.tail)
            .map(|l| l.text.len() as u64 + 1)
            .sum();
        assert_eq!(e.omitted_bytes, many.len() as u64 - shown);
    }

    #[test]
    fn only_the_first_failures_are_kept_in_any_order_of_judging() {
        let view = || {
            failure(
                b"",
                &spooled(""),
                &spooled(""),
                &Verdict::MemoryLimit,
                false,
                b"",
            )
            .unwrap()
        };
        let first = FirstFailures::new(2);
        for index in [9, 7, 8, 1] {
            if first.wants(index) {
                first.keep(index, view());
            }
        }
        assert!(!first.wants(8));
        assert!(first.wants(0));
        // Judged again, the last one kept still is.
        assert!(first.wants(7));
        first.forget(1);
        let kept: Vec<usize> = first.into_kept().into_keys().collect();
        assert_eq!(kept, [7]);
        assert!(!FirstFailures::new(0).wants(0));
    }
}
