//! The size options of `gen` and `stress`, declared once: the table in
//! [`size_table!`](crate::size_table) makes the [`GenOptions`] fields, the
//! [`Size`] names that each puzzle lists as the ones it reads, and the
//! flags that reproduce a run; the command line makes its arguments from
//! the same table, so the library itself knows nothing of clap.

use super::error::Error;
use super::limits::Limits;
use super::refusal::Refusal;
use std::ops::RangeInclusive;

/// Hands the table of size options to the macro `$then`, one entry a
/// line: `field: type, Variant, "flag", "VALUE";` with the option's doc
/// comment. The library makes [`GenOptions`] and [`Size`] from it; the
/// command line makes its arguments.
#[macro_export]
macro_rules! size_table {
    ($then:path) => {
        $then! {
            /// 2048, tromino: board side N.
            n: u64, N, "n", "N";
            /// 2048: largest block value (a power of two).
            max_tile: u64, MaxTile, "max-tile", "V";
            /// 2048, footholds: share of cells that are filled, from 0 to 1.
            density: f64, Density, "density", "D";
            /// Yut: number of dice.
            dice: u64, Dice, "dice", "COUNT";
            /// Footholds: board rows.
            rows: u64, Rows, "rows", "R";
            /// Footholds: board columns.
            cols: u64, Cols, "cols", "C";
        }
    };
}

macro_rules! size_options {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty, $variant:ident, $flag:literal, $value_name:literal;
    )*) => {
        /// Size options of `gen` and `stress`; each puzzle reads the ones
        /// it lists in [`Generate::SIZES`](super::Generate::SIZES) and the
        /// adapter refuses the others.
        #[derive(Debug, Clone, Default)]
        pub struct GenOptions {
            $(
                $(#[doc = $doc])*
                pub $field: Option<$ty>,
            )*
            /// Prefer the shapes that break solutions.
            pub hard: bool,
            /// Draw at the largest size the judge's limits (or the size
            /// options) allow: `stress` makes its first cases so, so that a
            /// solution too slow at the judge's limits fails by default.
            pub largest: bool,
            /// How instances are written, for puzzles with several text
            /// forms (footholds: plain, literal or json).
            pub format: Option<super::form::TextForm>,
        }

        /// One size option, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Size {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl Size {
            /// Every size option, in the order of `--help`.
            pub const ALL: &'static [Size] = &[$(Size::$variant),*];

            /// The command-line flag, such as `--max-tile`.
            pub fn flag(self) -> &'static str {
                match self {
                    $(Size::$variant => concat!("--", $flag),)*
                }
            }
        }

        impl GenOptions {
    /// Whether these options ask for instances past `limits` (an explicit
    /// option is the only way past them).
    pub fn beyond(&self, limits: &Limits) -> bool {
        let above = |value: Option<u64>, most: u64| value.is_some_and(|v| v > most);
        match *limits {
            Limits::Board2048 {
                max_n, max_tile, ..
            } => above(self.n, max_n) || above(self.max_tile, max_tile),
            Limits::Dice { count } => self.dice.is_some_and(|d| d != count),
            Limits::TrominoK { max_k } => above(self.n, 1 << max_k),
            Limits::Footholds { max_side } => above(self.rows, max_side) || above(self.cols, max_side),
        }
    }

            /// The value given for `size`, as it would be typed.
            pub fn given(&self, size: Size) -> Option<String> {
                match size {
                    $(Size::$variant => self.$field.map(|v| v.to_string()),)*
                }
            }
        }
    };
}

size_table!(size_options);

impl GenOptions {
    /// Refuses the size options `puzzle` does not read (those not in
    /// `allowed`) and values out of every puzzle's range, naming them.
    ///
    /// # Errors
    /// [`Error::Refused`] naming the options `puzzle` ignores, or a density
    /// outside 0..=1.
    pub fn only(&self, puzzle: &str, allowed: &[Size]) -> Result<(), Error> {
        if let Some(d) = self.density.filter(|d| !(0.0..=1.0).contains(d)) {
            return Err(Refusal::Density(d).into());
        }
        let extra: Vec<&str> = Size::ALL
            .iter()
            .filter(|&&size| self.given(size).is_some() && !allowed.contains(&size))
            .map(|size| size.flag())
            .collect();
        if extra.is_empty() {
            return Ok(());
        }
        Err(Refusal::SizesNotTaken {
            puzzle: puzzle.to_string(),
            extra,
            takes: allowed.iter().map(|s| s.flag()).collect(),
        }
        .into())
    }

    /// The value of `size` if given, refused unless it is from `lo` to `hi`.
    ///
    /// # Errors
    /// [`Error::Refused`] naming the option, its range and the value found.
    pub fn bounded(&self, size: Size, lo: u64, hi: u64) -> Result<Option<u64>, Error> {
        let value = match size {
            Size::Density => None,
            Size::N => self.n,
            Size::MaxTile => self.max_tile,
            Size::Dice => self.dice,
            Size::Rows => self.rows,
            Size::Cols => self.cols,
        };
        match value {
            Some(v) if !(lo..=hi).contains(&v) => Err(Refusal::SizeOutOfRange {
                flag: size.flag(),
                lo,
                hi,
                found: v,
            }
            .into()),
            other => Ok(other),
        }
    }

    /// The flags that give these options again, each with a leading space
    /// (` --n 4 --hard`): what a report prints to reproduce a run.
    pub fn flags(&self) -> String {
        let mut flags = String::new();
        for &size in Size::ALL {
            if let Some(value) = self.given(size) {
                flags.push_str(&format!(" {} {value}", size.flag()));
            }
        }
        if self.hard {
            flags.push_str(" --hard");
        }
        if let Some(form) = self.format {
            flags.push_str(&format!(" --format {}", form.name()));
        }
        flags
    }
}

/// What a generator is asked for: the size options given and the judge's
/// limits to stay inside (none for the puzzle's own sizes), which every
/// generator reads the same way.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    /// The size options, holding only those the puzzle lists in
    /// [`Generate::SIZES`](super::Generate::SIZES).
    pub sizes: &'a GenOptions,
    /// The judge's limits, or `None` for the puzzle's own sizes (no judge,
    /// or size options that ask past the judge's).
    pub limits: Option<&'a Limits>,
}

impl<'a> Ask<'a> {
    /// The puzzle's own sizes, without a judge.
    pub fn own(sizes: &'a GenOptions) -> Self {
        Ask {
            sizes,
            limits: None,
        }
    }

    /// Sizes inside a judge's `limits` (or the puzzle's own for `None`).
    pub fn within(sizes: &'a GenOptions, limits: Option<&'a Limits>) -> Self {
        Ask { sizes, limits }
    }

    /// One size: the value given for `size`, refused outside `range`; else `largest` for the largest cases
    /// ([`GenOptions::largest`]); else what `drawn` draws (called only
    /// then, so that the random stream is the same whatever is given).
    ///
    /// # Errors
    /// [`Error::Refused`] naming the option, its range and the value found.
    pub fn size(
        &self,
        size: Size,
        range: RangeInclusive<u64>,
        largest: u64,
        drawn: impl FnOnce() -> u64,
    ) -> Result<u64, Error> {
        Ok(
            match self.sizes.bounded(size, *range.start(), *range.end())? {
                Some(value) => value,
                None if self.sizes.largest => largest,
                None => drawn(),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_reproduce_the_options_and_refusals_name_them() {
        let opts = GenOptions {
            n: Some(4),
            density: Some(0.5),
            hard: true,
            ..GenOptions::default()
        };
        assert_eq!(opts.flags(), " --n 4 --density 0.5 --hard");
        assert!(opts.only("2048", &[Size::N, Size::Density]).is_ok());
        assert_eq!(
            opts.only("tromino", &[Size::N]).unwrap_err().to_string(),
            "tromino does not take --density; it takes --n"
        );
        let bad = GenOptions {
            density: Some(1.5),
            ..GenOptions::default()
        };
        assert_eq!(
            bad.only("2048", &[Size::Density]).unwrap_err().to_string(),
            "--density must be from 0 to 1, found 1.5"
        );
    }
}
