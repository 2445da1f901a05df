//! `test`'s view of its failing cases, under the table: for each of the
//! first (`--show`), the input, the expected and the received output side
//! by side with the first difference marked, and the program's standard
//! error; then the failing cases named in a command that runs them alone.

use super::stress::shell_word;
use super::style::{BAD, GOOD};
use crate::cli::TestArgs;
use boardsolve::tools::failure::{Excerpt, Failure, Line, StderrExcerpt};
use boardsolve::tools::files;
use boardsolve::tools::{judge, suite};
use std::io::{self, Write};
use std::time::Duration;

/// The widest line shown beside another; wider ones are shown one under
/// the other.
const SIDE_BY_SIDE: usize = 60;

/// The most case names the command under the table spells out.
const NAMED: usize = 50;

/// Writes the view of every failing case that has one, in order.
pub(crate) fn write_views(out: &mut dyn Write, reports: &[suite::CaseReport]) -> io::Result<()> {
    let mut any = false;
    for r in reports {
        if let Some(f) = &r.failure {
            writeln!(out)?;
            writeln!(
                out,
                "{BAD}=== {}: {}{BAD:#}",
                files::shown(&r.input),
                r.verdict.describe()
            )?;
            write_view(out, f)?;
            any = true;
        }
    }
    if any {
        writeln!(out)?;
    }
    Ok(())
}

fn write_view(out: &mut dyn Write, f: &Failure) -> io::Result<()> {
    writeln!(out, "--- input ---")?;
    write_excerpt(out, &f.input)?;
    let title = if f.any_valid_answer {
        "--- expected (one correct answer; any valid one is accepted) | received ---"
    } else {
        "--- expected | received ---"
    };
    writeln!(out, "{title}")?;
    write_outputs(out, f)?;
    write_stderr(out, &f.stderr)
}

/// A line of text as shown: its kept bytes and what was cut.
fn shown_line(l: &Line) -> String {
    if l.cut_bytes > 0 {
        format!("{} [{} more bytes on this line]", l.text, l.cut_bytes)
    } else {
        l.text.clone()
    }
}

fn write_excerpt(out: &mut dyn Write, e: &Excerpt) -> io::Result<()> {
    for l in &e.lines {
        writeln!(out, "{}", shown_line(l))?;
    }
    let last = e.first_line + e.lines.len();
    if last <= e.total_lines {
        writeln!(
            out,
            "[{} more lines, {} bytes in all]",
            e.total_lines + 1 - last,
            e.total_bytes
        )?;
    }
    Ok(())
}

/// The expected and the received lines, numbered, side by side when
/// narrow (else each expected line over its received one), the line of
/// the first difference marked with `>` and its tokens with `^`.
fn write_outputs(out: &mut dyn Write, f: &Failure) -> io::Result<()> {
    let (expected, received) = (&f.expected, &f.received);
    let count = expected.lines.len().max(received.lines.len());
    let at = |e: &Excerpt, i: usize| e.lines.get(i).map(shown_line).unwrap_or_default();
    let last = expected.first_line + count.max(1) - 1;
    let number_width = last.to_string().len();
    let width = (0..count)
        .map(|i| at(expected, i).chars().count())
        .max()
        .unwrap_or(0);
    let wide =
        (0..count).any(|i| at(received, i).chars().count() > SIDE_BY_SIDE) || width > SIDE_BY_SIDE;
    if expected.first_line > 1 {
        writeln!(out, "[{} lines before]", expected.first_line - 1)?;
    }
    for i in 0..count {
        let number = expected.first_line + i;
        let difference = f.first_difference.filter(|d| d.line == number);
        let mark = if difference.is_some() { '>' } else { ' ' };
        let (want, got) = (at(expected, i), at(received, i));
        let (good, bad) = match difference {
            Some(_) => (GOOD, BAD),
            None => (anstyle::Style::new(), anstyle::Style::new()),
        };
        let gutter = 2 + number_width + 2;
        if wide {
            let expected_row =
                format!("{mark} {number:>number_width$}  expected  {good}{want}{good:#}");
            let received_row = format!("{:gutter$}received  {bad}{got}{bad:#}", "");
            writeln!(out, "{}", expected_row.trim_end())?;
            writeln!(out, "{}", received_row.trim_end())?;
            if let Some(d) = difference {
                carets(out, gutter + 10, d.expected_column, None, 0)?;
                carets(out, gutter + 10, Some(d.column), None, 0)?;
            }
        } else {
            let pad = width.saturating_sub(want.chars().count());
            let row = format!(
                "{mark} {number:>number_width$}  {good}{want}{good:#}{:pad$} | {bad}{got}{bad:#}",
                ""
            );
            writeln!(out, "{}", row.trim_end())?;
            if let Some(d) = difference {
                carets(out, gutter, d.expected_column, Some(d.column), width + 3)?;
            }
        }
    }
    if count == 0 {
        writeln!(out, "(both empty here)")?;
    }
    let more = |e: &Excerpt| {
        e.total_lines
            .saturating_sub(e.first_line + e.lines.len() - 1)
    };
    if more(expected) + more(received) > 0 {
        writeln!(
            out,
            "[after these: expected {} more lines of {} ({} bytes), received {} more of {} ({} bytes)]",
            more(expected),
            expected.total_lines,
            expected.total_bytes,
            more(received),
            received.total_lines,
            received.total_bytes
        )?;
    }
    if received.total_bytes == 0 {
        writeln!(out, "(the program printed nothing)")?;
    }
    Ok(())
}

/// A line of `^` under the columns (1-based) marked: `left` after an
/// indent of `indent`, `right` a further `offset` on.
fn carets(
    out: &mut dyn Write,
    indent: usize,
    left: Option<usize>,
    right: Option<usize>,
    offset: usize,
) -> io::Result<()> {
    let mut line = String::new();
    for column in [
        left.map(|c| indent + c - 1),
        right.map(|c| indent + offset + c - 1),
    ]
    .into_iter()
    .flatten()
    {
        while line.len() < column {
            line.push(' ');
        }
        line.push('^');
    }
    if line.contains('^') {
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn write_stderr(out: &mut dyn Write, e: &StderrExcerpt) -> io::Result<()> {
    if e.total_bytes == 0 {
        return writeln!(out, "--- stderr: nothing ---");
    }
    writeln!(out, "--- stderr ({} bytes) ---", e.total_bytes)?;
    for l in &e.head {
        writeln!(out, "{}", shown_line(l))?;
    }
    if e.omitted_bytes > 0 {
        writeln!(out, "[... {} bytes not shown ...]", e.omitted_bytes)?;
    }
    for l in &e.tail {
        writeln!(out, "{}", shown_line(l))?;
    }
    Ok(())
}

/// The failing cases, named, and the command that tests them alone (the
/// first [`NAMED`] of them), under the table.
pub(crate) fn write_failing(
    out: &mut dyn Write,
    reports: &[suite::CaseReport],
    command: Option<&str>,
) -> io::Result<()> {
    let Some(command) = command else {
        return Ok(());
    };
    let failing: Vec<String> = failing(reports).map(|r| files::shown(&r.input)).collect();
    let unshown = reports
        .iter()
        .filter(|r| r.verdict != judge::Verdict::Accepted && r.failure.is_none())
        .count();
    writeln!(out, "failing: {}", failing.join(" "))?;
    if unshown > 0 {
        writeln!(
            out,
            "({unshown} of them not shown in full above; --show N shows more)"
        )?;
    }
    let named = if failing.len() > NAMED {
        format!(" (the first {NAMED} of {})", failing.len())
    } else {
        String::new()
    };
    writeln!(out, "again, alone{named}: {command}")
}

fn failing(reports: &[suite::CaseReport]) -> impl Iterator<Item = &suite::CaseReport> {
    reports
        .iter()
        .filter(|r| r.verdict != judge::Verdict::Accepted)
}

/// `boardsolve test` on the failing cases alone (the first [`NAMED`]),
/// with the options that decide their verdicts; `None` when none failed.
pub(crate) fn failing_command(args: &TestArgs, reports: &[suite::CaseReport]) -> Option<String> {
    let names: Vec<String> = failing(reports)
        .take(NAMED)
        .map(|r| shell_word(&r.input.to_string_lossy()))
        .collect();
    if names.is_empty() {
        return None;
    }
    let mut words = vec![
        "boardsolve".to_string(),
        "test".to_string(),
        args.puzzle.name().to_string(),
    ];
    words.extend(names);
    if let Some(limit) = args.limits.time_limit {
        words.extend(["--time-limit".into(), duration(limit)]);
    }
    if let Some(bytes) = args.limits.memory_limit {
        words.extend(["--memory-limit".into(), memory(bytes)]);
    }
    if let Some(k) = args.rules.moves {
        words.extend(["--moves".into(), k.to_string()]);
    }
    if args.rules.order {
        words.push("--order".into());
    }
    if let Some(dir) = &args.answers {
        words.extend(["--answers".into(), shell_word(&dir.to_string_lossy())]);
    }
    if args.reference_limit != Duration::from_secs(30) {
        words.extend(["--reference-limit".into(), duration(args.reference_limit)]);
    }
    if let Some(flags) = &args.compile_flags {
        words.extend(["--compile-flags".into(), shell_word(flags)]);
    }
    words.push("--".into());
    words.extend(args.command.iter().map(|w| shell_word(w)));
    Some(words.join(" "))
}

/// A duration as `--time-limit` reads it back.
fn duration(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else {
        format!("{}ms", d.as_millis().max(1))
    }
}

/// A size as `--memory-limit` reads it back.
fn memory(bytes: u64) -> String {
    match bytes {
        b if b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b if b % (1 << 10) == 0 => format!("{}K", b >> 10),
        b => b.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardsolve::tools::failure::Difference;

    fn excerpt(first_line: usize, lines: &[&str], total_lines: usize) -> Excerpt {
        Excerpt {
            first_line,
            lines: lines
                .iter()
                .map(|t| Line {
                    text: (*t).to_string(),
                    cut_bytes: 0,
                })
                .collect(),
            total_lines,
            total_bytes: 100,
        }
    }

    fn view(expected: Excerpt, received: Excerpt, difference: Option<Difference>) -> String {
        let f = Failure {
            input: excerpt(1, &["1", "16"], 2),
            expected,
            received,
            first_difference: difference,
            any_valid_answer: false,
            stderr: StderrExcerpt {
                head: Vec::new(),
                tail: Vec::new(),
                omitted_bytes: 0,
                total_bytes: 0,
            },
        };
        let mut out = Vec::new();
        write_outputs(&mut out, &f).unwrap();
        // As anstream writes it off a terminal.
        anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string()
    }

    #[test]
    fn narrow_lines_side_by_side_and_wide_ones_one_over_the_other() {
        let difference = Some(Difference {
            line: 9,
            column: 3,
            expected_column: Some(3),
        });
        let narrow = view(
            excerpt(8, &["1 2", "3 4", "5 6"], 12),
            excerpt(8, &["1 2", "3 5", "5 6"], 12),
            difference,
        );
        assert_eq!(
            narrow,
            "[7 lines before]\n   8  1 2 | 1 2\n>  9  3 4 | 3 5\n        ^     ^\n  10  5 6 | 5 6\n\
             [after these: expected 2 more lines of 12 (100 bytes), received 2 more of 12 (100 bytes)]\n"
        );
        let long = "1 ".repeat(40).trim_end().to_string();
        let wide = view(
            excerpt(1, &[&long], 1),
            excerpt(1, &[&long.replacen('1', "7", 1)], 1),
            Some(Difference {
                line: 1,
                column: 1,
                expected_column: None,
            }),
        );
        assert_eq!(
            wide,
            format!(
                "> 1  expected  {}\n     received  7 {}\n               ^\n",
                long,
                &long[2..]
            )
        );
    }

    #[test]
    fn the_options_are_written_as_they_are_read() {
        assert_eq!(duration(Duration::from_secs(2)), "2s");
        assert_eq!(duration(Duration::from_millis(1500)), "1500ms");
        assert_eq!(memory(256 << 20), "256M");
        assert_eq!(memory(1536 << 10), "1536K");
        assert_eq!(shell_word("tests/3.in"), "tests/3.in");
        assert_eq!(shell_word("my case's.in"), "'my case'\\''s.in'");
        for (text, value) in [("2s", 2.0), ("1500ms", 1.5)] {
            let back = crate::values::parse_duration(text).unwrap();
            assert_eq!(back.as_secs_f64(), value);
        }
        assert_eq!(
            crate::values::parse_memory_limit("1536K").unwrap(),
            1536 << 10
        );
    }
}
