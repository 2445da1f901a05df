//! A failing run as stress's reports show it: its verdict and usage, then
//! its input, the expected and the received output, and its stderr, each
//! whole when short and otherwise a few lines around the first difference,
//! so that a report stays a few KB whatever the program printed.

use boardsolve::tools::judge;
use boardsolve::tools::spool::Spooled;
use boardsolve::tools::stress;
use std::io::{self, Write};

/// Writes the run `s` under `title`: its verdict and usage on the first
/// line, then its texts.
pub(crate) fn write_run(out: &mut impl Write, title: &str, s: &stress::Shown) -> io::Result<()> {
    let (verdict, usage) = (s.verdict.describe(), judge::usage(&s.usage));
    writeln!(out, "{title}: {verdict} ({usage})")?;
    let focus = match &s.verdict {
        judge::Verdict::WrongAnswer(why) => why.split(':').next().and_then(|l| l.parse().ok()),
        _ => None,
    };
    writeln!(out, "--- input ---")?;
    write_block(out, &s.input, None)?;
    writeln!(out, "--- expected ---")?;
    write_spooled(out, &s.expected, focus)?;
    writeln!(out, "--- received ---")?;
    write_spooled(out, &s.received, focus)?;
    if !s.stderr.is_empty() {
        // The first and the last lines, with what was left out between.
        writeln!(out, "--- stderr ---")?;
        write_block(out, &s.stderr, None)?;
    }
    Ok(())
}

/// [`write_block`] for a text that may be too large to hold: a small one
/// is read and written alike; a large one is read twice through a small
/// buffer (its lines counted, then the few around `focus` kept), giving
/// the same lines and counts as [`write_block`] would.
fn write_spooled(out: &mut impl Write, text: &Spooled, focus: Option<usize>) -> io::Result<()> {
    use std::io::Read;
    if let Some(small) = text.bytes_up_to(WHOLE as u64)? {
        return write_block(out, &small, focus);
    }
    let mut buf = vec![0u8; 64 << 10];
    let mut lines = 1usize;
    let mut reader = text.reader();
    loop {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            break;
        }
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
    }
    let focus = focus.unwrap_or(1).clamp(1, lines);
    let from = focus.saturating_sub(3).max(1);
    let to = (focus + 3).min(lines);
    if from > 1 {
        writeln!(out, "[{} lines before]", from - 1)?;
    }
    // The line being read (1-based), its first LINE bytes if it is shown,
    // and how many bytes of it were not kept.
    let mut line = 1usize;
    let mut kept = Vec::with_capacity(LINE);
    let mut more = 0usize;
    let mut reader = text.reader();
    let end_line = |out: &mut dyn Write, kept: &mut Vec<u8>, more: &mut usize| {
        out.write_all(kept)?;
        if *more > 0 {
            writeln!(out, " [{more} more bytes on this line]")?;
        } else {
            writeln!(out)?;
        }
        kept.clear();
        *more = 0;
        io::Result::Ok(())
    };
    'read: loop {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            break;
        }
        for &b in &buf[..n] {
            if line > to {
                break 'read;
            }
            let shown = line >= from;
            if b == b'\n' {
                if shown {
                    end_line(out, &mut kept, &mut more)?;
                }
                line += 1;
            } else if shown {
                if kept.len() < LINE {
                    kept.push(b);
                } else {
                    more += 1;
                }
            }
        }
    }
    // The last line has no newline after it.
    if line == lines && line <= to {
        end_line(out, &mut kept, &mut more)?;
    }
    if to < lines {
        writeln!(
            out,
            "[{} lines after, {} bytes in all]",
            lines - to,
            text.len()
        )?;
    }
    Ok(())
}

/// Texts up to this size are shown whole.
const WHOLE: usize = 4096;
/// The longest line shown whole around a difference.
const LINE: usize = 200;

/// Writes `text` whole when short; otherwise a few lines around line
/// `focus` (the first difference), so that a report stays a few KB.
pub(crate) fn write_block(
    out: &mut impl Write,
    text: &[u8],
    focus: Option<usize>,
) -> io::Result<()> {
    if text.len() <= WHOLE {
        out.write_all(text)?;
        if !text.is_empty() && !text.ends_with(b"\n") {
            writeln!(out)?;
        }
        return Ok(());
    }
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let focus = focus.unwrap_or(1).clamp(1, lines.len());
    let from = focus.saturating_sub(3).max(1);
    let to = (focus + 3).min(lines.len());
    if from > 1 {
        writeln!(out, "[{} lines before]", from - 1)?;
    }
    for line in &lines[from - 1..to] {
        if line.len() > LINE {
            out.write_all(&line[..LINE])?;
            writeln!(out, " [{} more bytes on this line]", line.len() - LINE)?;
        } else {
            out.write_all(line)?;
            writeln!(out)?;
        }
    }
    if to < lines.len() {
        writeln!(
            out,
            "[{} lines after, {} bytes in all]",
            lines.len() - to,
            text.len()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spooled_text_is_shown_as_the_same_text_in_memory() {
        let long_line = "7".repeat(500);
        let many: String = (0..3000).map(|i| format!("{i} {i}\n")).collect();
        let texts = [
            "16\n".to_string(),
            many.clone(),
            many.trim_end().to_string(),
            format!("{many}{long_line}\n{long_line}"),
            format!("{long_line}\n{many}"),
            "x".repeat(100_000),
        ];
        for text in &texts {
            for focus in [
                None,
                Some(1),
                Some(2),
                Some(1500),
                Some(2999),
                Some(3001),
                Some(9999),
            ] {
                let spooled = Spooled::written(|w| w.write_all(text.as_bytes())).unwrap();
                let (mut a, mut b) = (Vec::new(), Vec::new());
                write_block(&mut a, text.as_bytes(), focus).unwrap();
                write_spooled(&mut b, &spooled, focus).unwrap();
                assert_eq!(
                    String::from_utf8(b).unwrap(),
                    String::from_utf8(a).unwrap(),
                    "{focus:?}"
                );
            }
        }
    }
}
