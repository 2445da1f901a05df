//! The command line's value parsers and value types: durations, memory
//! sizes, `--moves`, `--format` and the size options, read from text as
//! clap hands it over (the library takes the values, never the text).

use boardsolve::puzzles::{GenOptions, TextForm};
use clap::{Args, ValueEnum};

/// `--moves K`: from 0 to the largest K the solver takes.
pub(crate) fn moves_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(0..=i64::from(boardsolve::puzzles::game2048::MAX_MOVES))
}

/// A duration as [`parse_duration`] reads it: `10s`, `500ms`, `1.5s`.
pub fn duration_text(d: std::time::Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if d.as_nanos().is_multiple_of(1_000_000) && d.as_secs() == 0 {
        format!("{}ms", d.as_millis())
    } else {
        format!("{}s", d.as_secs_f64())
    }
}

/// Why a duration could not be read; each names the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum DurationError {
    /// Not a number with an optional `s` or `ms`.
    #[error("'{0}' is not a duration such as 2s or 500ms")]
    NotADuration(String),
    /// Zero, negative, or longer than an hour.
    #[error("'{0}' must be at least 1ms and at most one hour")]
    Range(String),
}

/// A memory limit: a size as [`parse_size`]
/// reads it, of at least 1 KiB, since peaks are measured in KiB and a
/// smaller limit would be reported as 0.
pub(crate) fn parse_memory_limit(text: &str) -> Result<u64, String> {
    let bytes = parse_size(text).map_err(|e| e.to_string())?;
    if bytes < 1024 {
        return Err(format!(
            "'{}' is below 1 KiB, the unit memory is measured in",
            text.trim()
        ));
    }
    Ok(bytes)
}

/// Parses `2s`, `500ms`, `1.5s` or a plain number of seconds.
pub(crate) fn parse_duration(text: &str) -> Result<std::time::Duration, DurationError> {
    let (number, scale) = if let Some(ms) = text.strip_suffix("ms") {
        (ms, 1e-3)
    } else if let Some(s) = text.strip_suffix('s') {
        (s, 1.0)
    } else {
        (text, 1.0)
    };
    let value: f64 = number
        .parse()
        .map_err(|_| DurationError::NotADuration(text.to_string()))?;
    // Below a millisecond a limit would be reported, and enforced, as 0.
    if !(value.is_finite() && value * scale >= 1e-3 && value * scale <= 3600.0) {
        return Err(DurationError::Range(text.to_string()));
    }
    Ok(std::time::Duration::from_secs_f64(value * scale))
}

/// Why a memory size could not be read; each names the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SizeError {
    /// A unit other than K, M, G or T.
    #[error("unknown unit in {0:?} (use K, M or G, as in 256M)")]
    Unit(String),
    /// No number before the unit.
    #[error("expected a size such as 256M or 1G, found {0:?}")]
    Number(String),
    /// Below one byte or beyond any memory.
    #[error("{0:?} is not a usable memory limit")]
    Range(String),
}

/// Parses a memory size: `256M`, `1G`, `512K`, `1048576` (bytes), with an
/// optional `B`/`iB` (all binary units).
///
/// # Errors
/// What is wrong, naming the text.
pub(crate) fn parse_size(text: &str) -> Result<u64, SizeError> {
    let t = text.trim();
    let upper = t.to_ascii_uppercase();
    let number_end = upper
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(upper.len());
    let (number, unit) = upper.split_at(number_end);
    let unit = unit.trim_end_matches("IB").trim_end_matches('B');
    let scale: u64 = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(SizeError::Unit(t.to_string())),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| SizeError::Number(t.to_string()))?;
    let bytes = value * scale as f64;
    if !(1.0..1e18).contains(&bytes) {
        return Err(SizeError::Range(t.to_string()));
    }
    Ok(bytes as u64)
}

/// `--format`: the library's [`TextForm`] as clap reads it (the library
/// knows nothing of clap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextFormArg {
    /// The plain judge text (footholds: `R C`, the rows, `ar ac br bc`).
    Plain,
    /// The problem page's literal arguments on one line
    /// (`[[1, 1], [1, 1]] [0, 0] [1, 1]`).
    Literal,
    /// One JSON object on one line.
    Json,
}

impl From<TextFormArg> for TextForm {
    fn from(arg: TextFormArg) -> TextForm {
        match arg {
            TextFormArg::Plain => TextForm::Plain,
            TextFormArg::Literal => TextForm::Literal,
            TextFormArg::Json => TextForm::Json,
        }
    }
}

/// `package --format`: the library's package format version as clap
/// reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PackageFormatArg {
    /// 2025-09, the current version (BAPCtools).
    #[value(name = "2025-09")]
    Current,
    /// 2023-07-draft, the newest version problemtools reads; the same
    /// package without `data/invalid_input/`, a group problemtools refuses.
    #[value(name = "2023-07-draft")]
    Draft2023,
}

impl From<PackageFormatArg> for boardsolve::tools::package::Format {
    fn from(arg: PackageFormatArg) -> Self {
        match arg {
            PackageFormatArg::Current => Self::Current,
            PackageFormatArg::Draft2023 => Self::Draft2023,
        }
    }
}

/// The size arguments of `gen` and `stress`, made from the library's one
/// table of size options (`boardsolve::size_table!`).
macro_rules! size_args {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty, $variant:ident, $flag:literal, $value_name:literal;
    )*) => {
        /// Size options of `gen` and `stress`; each puzzle reads the ones
        /// it lists and refuses the others.
        #[derive(Debug, Clone, Default, Args)]
        pub struct SizeArgs {
            $(
                $(#[doc = $doc])*
                #[arg(long = $flag, value_name = $value_name)]
                pub $field: Option<$ty>,
            )*
            /// Prefer the shapes that break solutions (see the list below).
            #[arg(long)]
            pub hard: bool,
            /// How instances are written, for puzzles with several text
            /// forms (footholds: plain, literal or json).
            #[arg(long, value_enum, value_name = "FORM")]
            pub format: Option<TextFormArg>,
        }

        impl SizeArgs {
            /// The options as the library takes them.
            pub fn options(&self) -> GenOptions {
                GenOptions {
                    $($field: self.$field,)*
                    hard: self.hard,
                    largest: false,
                    format: self.format.map(TextForm::from),
                }
            }
        }
    };
}

boardsolve::size_table!(size_args);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        use std::time::Duration;
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        for text in ["10s", "500ms", "1.5s"] {
            assert_eq!(duration_text(parse_duration(text).unwrap()), text);
        }
        assert_eq!(parse_duration("0s"), Err(DurationError::Range("0s".into())));
        for tiny in ["1e-10", "0.0009", "0.5ms"] {
            assert_eq!(parse_duration(tiny), Err(DurationError::Range(tiny.into())));
        }
        assert_eq!(parse_duration("1ms"), Ok(Duration::from_millis(1)));
        assert!(parse_memory_limit("1").unwrap_err().contains("below 1 KiB"));
        assert!(parse_memory_limit("1023b").is_err());
        assert_eq!(parse_memory_limit("1K"), Ok(1024));
        assert_eq!(
            parse_duration("soon"),
            Err(DurationError::NotADuration("soon".into()))
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("256M"), Ok(256 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("12Q"), Err(SizeError::Unit("12Q".into())));
        assert_eq!(parse_size("M"), Err(SizeError::Number("M".into())));
        assert_eq!(parse_size("0"), Err(SizeError::Range("0".into())));
    }
}
