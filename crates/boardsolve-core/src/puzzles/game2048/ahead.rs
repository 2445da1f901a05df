//! The two-move look: whether a block can still be made, judged two moves
//! past a built board without building the boards in between.
//!
//! The look at a built child judges each grandchild by the merge-tree count
//! of its blocks (`Search::bounds_below`). Here the same count is taken one
//! move further, on every great-grandchild, and the grandchild is ruled out
//! when all four of its children fail the count. Only one number of each
//! great-grandchild matters: how many pairs of the blocks just below the
//! counted ones merge in that move (the proof is in docs/2048.md, "The
//! two-move look"). So the grandchild is never written out: a walk over the
//! built board, all lines side by side, gives each line's packed length and
//! the slot of each of those blocks, and the four moves' merges follow from
//! bit masks of those slots. The same walks give the count of each
//! grandchild as well ([`look`]), so where the look runs first the counts
//! are taken only for the children it leaves.

use super::counts::{Counts, EXPONENT_SLOTS};
use super::landing::Landing;
use super::lanes::Steps;
#[cfg(lanes128)]
use super::lanes::WIDTH;
use super::walk::{land, land_all};

/// The total value of the blocks above `2^level` on a board.
fn mass_above(cells: &[u8], level: u8) -> u128 {
    let mut mass = 0u128;
    #[cfg(lanes128)]
    let rest = {
        use super::sse2::*;
        let mut pieces = cells.chunks_exact(WIDTH);
        // SAFETY: SSE2 is part of x86_64; each load reads one 16-byte
        // piece. Exponents are below 128, so signed compares are exact.
        unsafe {
            let floor = _mm_set1_epi8(level as i8);
            for piece in &mut pieces {
                let v = _mm_loadu_si128(piece.as_ptr().cast());
                let mut big = _mm_movemask_epi8(_mm_cmpgt_epi8(v, floor)) as u32;
                while big != 0 {
                    mass += 1u128 << piece[big.trailing_zeros() as usize];
                    big &= big - 1;
                }
            }
        }
        pieces.remainder()
    };
    #[cfg(not(lanes128))]
    let rest = cells;
    for &v in rest {
        if v > level {
            mass += 1u128 << v;
        }
    }
    mass
}

/// Whether `2^target` is out of reach within `remaining` moves from the
/// board after a move of the board laid out in `steps`, towards its
/// lines' step 0 (`[0]`) and towards their last step (`[1]`), judged at
/// the four boards one move further by the merge-tree count. `after` is
/// the block count of the board after either move (they are the same),
/// exact above `target - remaining - 1`, and `top` the largest exponent
/// on the board before the move. `false` says nothing.
pub(super) fn rules_out(
    steps: &Steps,
    after: &Counts,
    top: u8,
    remaining: u32,
    target: u32,
) -> [bool; 2] {
    // Counted after the next move: blocks of 2^(level+1) and up.
    let Some(level) = target.checked_sub(remaining) else {
        return [false; 2];
    };
    if remaining == 0 || level == 0 || target > MAX_TARGET || level as usize + 1 >= after.len() {
        return [false; 2];
    }
    // No block is above 2^(top + 1) after the move.
    let mass: u128 = (level as usize + 1..after.len().min(usize::from(top) + 2))
        .map(|x| u128::from(after[x]) << x)
        .sum();
    let goal = 1u128 << target;
    if mass >= goal {
        return [false; 2];
    }
    // Each merge of two 2^level blocks adds 2^(level+1) to the count.
    let need = (goal - mass).div_ceil(1u128 << (level + 1));
    let pairs = u128::from(after[level as usize] / 2);
    if pairs < need {
        return [true; 2];
    }
    // `need` is at most the number of blocks, so it fits.
    let need = need as u32;
    land(steps, level as u8).map(|landing| landing.too_few(steps.n, need))
}

/// What the look at a built board finds without its block counts: the
/// four moves' walks give the counts the look needs as well (see
/// [`look`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Outlook {
    /// For each axis (vertical, horizontal), whether the merge-tree count
    /// of the board after its moves rules `2^target` out (their counts are
    /// the same).
    pub(super) counted_out: [bool; 2],
    /// For each move (up, down, left, right), whether the board after it
    /// is ruled out, by that count or by [`rules_out`].
    pub(super) ruled_out: [bool; 4],
}

/// [`rules_out`] for all four moves of the `n`×`n` board `cells`, and
/// whether the merge-tree count of each board after a move (with
/// `remaining` moves, above `target - 1`) rules it out, without the
/// counts: `None` where the look does not judge (as [`rules_out`]).
///
/// With `level = target - remaining`, the look needs of the board G after
/// a move its mass above `2^level` and its number of `2^level` blocks, and
/// the count rules G out exactly when its mass from `2^level` up is below
/// `2^target` (docs/2048.md). The walk of the move finds both: above
/// `2^level` the mass of G is that of the board plus `2^(level+1)` for
/// each pair of `2^level` blocks the move merges, and its `2^level`
/// blocks are the ones the walk records.
pub(super) fn look(cells: &[u8], n: usize, remaining: u32, target: u32) -> Option<Outlook> {
    let level = target.checked_sub(remaining)?;
    if remaining == 0 || level == 0 || target > MAX_TARGET || level as usize + 1 >= EXPONENT_SLOTS {
        return None;
    }
    let mut outlook = Outlook {
        counted_out: [false; 2],
        ruled_out: [false; 4],
    };
    let goal = 1u128 << target;
    let mass = mass_above(cells, level as u8);
    if mass >= goal {
        return Some(outlook);
    }
    let mut all = [
        Landing::new(),
        Landing::new(),
        Landing::new(),
        Landing::new(),
    ];
    land_all(cells, n, level as u8, &mut all);
    for (axis, moves) in all.chunks_exact(2).enumerate() {
        // Both moves of an axis leave the same blocks.
        let after = &moves[0];
        let above = mass + (u128::from(after.pairs) << (level + 1));
        outlook.counted_out[axis] = above + (u128::from(after.blocks) << level) < goal;
        if above >= goal {
            continue;
        }
        let need = (goal - above).div_ceil(1u128 << (level + 1));
        for (d, landing) in moves.iter().enumerate() {
            // `need` is at most the number of blocks where it is compared.
            outlook.ruled_out[2 * axis + d] =
                u128::from(after.blocks / 2) < need || landing.too_few(n, need as u32);
        }
    }
    Some(outlook)
}

/// Targets above this are never judged (the count's values stay within a `u128`).
const MAX_TARGET: u32 = 120;
