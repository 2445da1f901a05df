//! Block counts by exponent, the numbers the merge-tree bound and the
//! two-move look reason from.

/// Block counts by exponent: `counts[e]` blocks of `2^e` (`counts[0]` empty cells).
///
/// Input blocks are at most 2^63 on at most 4096 cells, and merging keeps
/// the total, so no block ever exceeds 2^75: 80 slots are enough.
pub(super) type Counts = [u16; EXPONENT_SLOTS];
/// Slots of [`Counts`].
pub(super) const EXPONENT_SLOTS: usize = 80;

/// Block counts after a move, for exponents above `low` (0 at and below),
/// from the counts `now` and the `merges` of each exponent, both exact
/// from `low` up; `top` is the largest exponent on the board.
pub(super) fn counts_above_after(now: &Counts, merges: &Counts, low: u8, top: u8) -> Counts {
    let mut counts: Counts = [0; EXPONENT_SLOTS];
    for x in low as usize + 1..=top as usize + 1 {
        counts[x] = now[x] - 2 * merges[x] + merges[x - 1];
    }
    counts
}
