//! The judge's layout, byte for byte: what a strict validator (as testlib
//! reads input) asks beyond the tokens. An input is laid out right when it
//! is exactly the canonical text of the instance it describes; the first
//! byte that differs is named with its place and what the judge expects.

use super::tokens::{InputError, Position};

/// Compares `input` with `canonical` (the same instance in the judge's
/// layout: single spaces, one `\n` at the end of every line, nothing
/// after the last) and describes the first difference.
///
/// # Errors
/// The place of the first difference, and what is wrong there.
///
/// ```
/// use boardsolve_core::text::strict_layout;
/// assert!(strict_layout(b"2\n2 2\n2 2\n", b"2\n2 2\n2 2\n").is_ok());
/// let e = strict_layout(b"2\n2  2\n2 2\n", b"2\n2 2\n2 2\n").unwrap_err();
/// assert_eq!(e.to_string(), "2:3: two spaces where the judge's format has one");
/// ```
pub fn strict_layout(input: &[u8], canonical: &[u8]) -> Result<(), InputError> {
    let Some(at) = input
        .iter()
        .zip(canonical)
        .position(|(a, b)| a != b)
        .or_else(|| (input.len() != canonical.len()).then(|| input.len().min(canonical.len())))
    else {
        return Ok(());
    };
    let line = input[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at
        - input[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    let found = input.get(at).copied();
    let wanted = canonical.get(at).copied();
    let message = match (found, wanted) {
        (None, Some(b'\n')) => "the last line does not end with a newline".to_string(),
        // Both ended is no difference; `at` is only set where one exists.
        (None, _) => "the input ends early".to_string(),
        (Some(b'\r'), _) => {
            "a carriage return (CRLF line end); the judge's files end lines with LF only"
                .to_string()
        }
        (Some(b'\t'), _) => "a tab where the judge's format has a single space".to_string(),
        (Some(c), None) if c.is_ascii_whitespace() => {
            "whitespace after the last line (blank lines or spaces at the end of the file)"
                .to_string()
        }
        (Some(_), None) => "text after the last line of the instance".to_string(),
        (Some(b' '), Some(b'\n')) => "a space at the end of the line".to_string(),
        (Some(b' '), Some(_)) if at > 0 && input[at - 1] == b' ' => {
            "two spaces where the judge's format has one".to_string()
        }
        (Some(b' '), Some(_)) if column == 1 => "a space at the start of the line".to_string(),
        (Some(b'\n'), Some(b' ')) => {
            "the line ends early: the judge's format has more on this line".to_string()
        }
        (Some(b'\n'), Some(_)) if column == 1 => "a blank line".to_string(),
        (Some(_), Some(b'\n')) => "more on this line than the judge's format has".to_string(),
        (Some(_), Some(_)) => {
            let token = |text: &[u8]| {
                let start = text[..at]
                    .iter()
                    .rposition(u8::is_ascii_whitespace)
                    .map_or(0, |i| i + 1);
                let end = text[at..]
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .map_or(text.len(), |i| at + i);
                String::from_utf8_lossy(&text[start..end]).into_owned()
            };
            format!(
                "`{}` is written `{}` in the judge's format",
                token(input),
                token(canonical)
            )
        }
    };
    Err(InputError::new(Position { line, column }, message))
}

#[cfg(test)]
mod tests {
    use super::strict_layout;

    fn why(input: &str, canonical: &str) -> String {
        strict_layout(input.as_bytes(), canonical.as_bytes())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn every_kind_of_layout_slip_is_named_with_its_place() {
        let ok = "2\n2 2\n2 2\n";
        assert!(strict_layout(ok.as_bytes(), ok.as_bytes()).is_ok());
        assert_eq!(
            why("2\n2 2\n2 2", ok),
            "3:4: the last line does not end with a newline"
        );
        assert_eq!(
            why("2\r\n2 2\n2 2\n", ok),
            "1:2: a carriage return (CRLF line end); the judge's files end lines with LF only"
        );
        assert_eq!(
            why("2\n2\t2\n2 2\n", ok),
            "2:2: a tab where the judge's format has a single space"
        );
        assert_eq!(
            why("2\n2 2\n2 2\n\n", ok),
            "4:1: whitespace after the last line (blank lines or spaces at the end of the file)"
        );
        assert_eq!(
            why("2\n2 2 \n2 2\n", ok),
            "2:4: a space at the end of the line"
        );
        assert_eq!(
            why("2\n 2 2\n2 2\n", ok),
            "2:1: a space at the start of the line"
        );
        assert_eq!(
            why("2\n2\n2\n2 2\n", ok),
            "2:2: the line ends early: the judge's format has more on this line"
        );
        assert_eq!(why("2\n\n2 2\n2 2\n", ok), "2:1: a blank line");
        assert_eq!(
            why("2\n02 2\n2 2\n", ok),
            "2:1: `02` is written `2` in the judge's format"
        );
        assert_eq!(
            why("2\n2 2\n2 2\nx", ok),
            "4:1: text after the last line of the instance"
        );
        assert_eq!(why("2\n2 2\n", ok), "3:1: the input ends early");
    }
}
