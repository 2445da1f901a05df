//! Labels as the streaming writer adds and prints them: plain `u32`, or
//! eight decimal digits in the lanes of a `u64` ([`Dec`]), added digit by
//! digit and turned into text without a division.

/// The eight decimal digits of `v < 10^8` as byte values (not ASCII), the
/// most significant in the lowest byte: SWAR division by 10^4, 10^2, 10 in
/// all lanes at once, no table and no loop.
#[inline]
fn digits8(v: u32) -> u64 {
    let v = u64::from(v);
    let halves = (v / 10_000) | ((v % 10_000) << 32);
    // x / 100 = (x · 10486) >> 20 for x < 10^4; the mask drops the fractions.
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let quarters = hundreds | ((halves - hundreds * 100) << 16);
    // x / 10 = (x · 103) >> 10 for x < 100.
    let tens = ((quarters * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((quarters - tens * 10) << 8)
}

/// Decimal text of one label followed by a space, in the low bytes of a
/// `u128` so that storing it is one fixed 16-byte write whatever its length.
#[derive(Clone, Copy)]
pub(super) struct LabelText {
    /// The text from the lowest byte; what lies past `len` is overwritten
    /// by the next cell.
    pub(super) text: u128,
    /// Bytes of the label and its space.
    pub(super) len: usize,
}

impl LabelText {
    /// The text of `value`.
    #[inline]
    pub(super) fn of(value: u32) -> LabelText {
        if value == 0 || value >= 100_000_000 {
            return LabelText::text(itoa::Buffer::new().format(value).as_bytes());
        }
        let digits = digits8(value);
        let zeros = (digits.trailing_zeros() / 8) as usize;
        let ascii = (digits + 0x3030_3030_3030_3030) >> (8 * zeros);
        let len = 8 - zeros;
        LabelText {
            text: u128::from(ascii) | (0x20u128 << (8 * len)),
            len: len + 1,
        }
    }

    /// The text `s` itself (the hole's mark), at most 15 bytes.
    pub(super) fn text(s: &[u8]) -> LabelText {
        let mut text = [b' '; 16];
        text[..s.len()].copy_from_slice(s);
        LabelText {
            text: u128::from_le_bytes(text),
            len: s.len() + 1,
        }
    }
}

/// A label as the streaming writer adds and prints it: `u32` for any board,
/// [`Dec`] when every label has at most eight digits (`n` ≤ 16384), where
/// sums are done digit by digit and printing needs no division.
pub(super) trait Label: Copy + PartialEq + Send + std::fmt::Debug {
    /// The hole (label 0).
    const HOLE: Self;
    fn of(value: u32) -> Self;
    fn plus(self, other: Self) -> Self;
    /// Text of a label other than the hole.
    fn cell(self) -> LabelText;
}

impl Label for u32 {
    const HOLE: u32 = 0;
    fn of(value: u32) -> u32 {
        value
    }
    #[inline]
    fn plus(self, other: u32) -> u32 {
        self + other
    }
    #[inline]
    fn cell(self) -> LabelText {
        LabelText::of(self)
    }
}

/// A number below 10^8 as eight unpacked decimal digits, the least
/// significant in the lowest byte.
#[derive(Clone, Copy, PartialEq, Debug)]
#[repr(transparent)]
pub(super) struct Dec(pub(super) u64);

/// Largest label [`Dec`] can hold.
pub(super) const DEC_MAX: u64 = 99_999_999;

impl Label for Dec {
    const HOLE: Dec = Dec(0);
    fn of(value: u32) -> Dec {
        assert!(u64::from(value) <= DEC_MAX);
        Dec(digits8(value).swap_bytes())
    }

    /// Decimal addition in all eight lanes at once. Biasing each digit of
    /// `self` by 246 makes a lane overflow into the next exactly when its
    /// decimal sum reaches 10, so the binary carry chain is the decimal one;
    /// the lanes that did not carry then take the bias back (they hold at
    /// least 246, so no borrow crosses lanes). The top lane never carries
    /// because the sum stays below 10^8, which `+` checks in debug builds.
    #[inline]
    fn plus(self, other: Dec) -> Dec {
        let biased = self.0 + 0xF6F6_F6F6_F6F6_F6F6;
        let sum = biased + other.0;
        let carried_in = sum ^ biased ^ other.0;
        let kept = !(carried_in >> 8) & 0x0101_0101_0101_0101;
        Dec(sum - kept * 0xF6)
    }

    /// Digits most significant first, spaces after them: the top nonzero
    /// lane gives the length, a byte swap the order.
    #[inline]
    fn cell(self) -> LabelText {
        let zeros = self.0.leading_zeros() & !7;
        let ascii = (self.0.swap_bytes() + 0x3030_3030_3030_3030) >> zeros;
        // `(x << 1) << (63 - zeros)` is `x << (64 - zeros)` without a
        // 64-bit shift when no digit is missing.
        let spaces = (0x2020_2020_2020_2020u64 << 1) << (63 - zeros);
        LabelText {
            text: u128::from(ascii | spaces) | (0x2020_2020_2020_2020u128 << 64),
            len: 9 - (zeros / 8) as usize,
        }
    }
}

/// The squares of one level of the recursion that meet a row pair, as
/// [`Levels`](super::Levels) keeps them: square `k` places its first tromino as
/// `row_base + col_base[k]`, and its hole, in quadrant (at the leaves,
/// cell) `hole_quadrant[k]`, is labelled `hole_label[k]`.
#[derive(Clone, Copy)]
pub(super) struct Squares<'a, L> {
    pub(super) row_base: L,
    pub(super) col_base: &'a [L],
    pub(super) hole_quadrant: &'a [u8],
    pub(super) hole_label: &'a [L],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_format_like_to_string() {
        let mut values: Vec<u32> = (1..2000).collect();
        values.extend([
            9_999,
            10_000,
            99_999_999,
            100_000_000,
            1_431_655_765,
            u32::MAX,
        ]);
        values.extend((0..32).map(|k| 1u32 << k));
        values.extend((1..10).map(|k| 10u32.pow(k) - 1));
        for v in values {
            let cell = LabelText::of(v);
            let bytes = cell.text.to_le_bytes();
            assert_eq!(&bytes[..cell.len], format!("{v} ").as_bytes(), "{v}");
        }
    }

    proptest::proptest! {
        #[test]
        fn decimal_lanes_add_and_print_like_integers(a in 0u32..=99_999_999, b in 0u32..=99_999_999) {
            let (a, b) = if u64::from(a) + u64::from(b) > DEC_MAX { (a / 2, b / 2) } else { (a, b) };
            let sum = Dec::of(a).plus(Dec::of(b));
            proptest::prop_assert_eq!(sum, Dec::of(a + b));
            if a + b > 0 {
                let cell = sum.cell();
                let bytes = cell.text.to_le_bytes();
                let expected = format!("{} ", a + b);
                proptest::prop_assert_eq!(&bytes[..cell.len], expected.as_bytes());
            }
        }
    }

    #[test]
    fn decimal_lanes_at_the_edges() {
        for v in [
            1u32, 9, 10, 99, 100, 9_999_999, 10_000_000, 99_999_998, 99_999_999,
        ] {
            let cell = Dec::of(v).cell();
            assert_eq!(
                &cell.text.to_le_bytes()[..cell.len],
                format!("{v} ").as_bytes()
            );
        }
        // Carries that ripple through every lane.
        assert_eq!(Dec::of(9_999_999).plus(Dec::of(1)), Dec::of(10_000_000));
        assert_eq!(Dec::of(99_999_998).plus(Dec::of(1)), Dec::of(99_999_999));
        assert_eq!(
            Dec::of(49_999_999).plus(Dec::of(50_000_000)),
            Dec::of(99_999_999)
        );
    }
}
