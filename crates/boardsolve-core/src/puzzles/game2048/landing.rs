//! Where the blocks of one exponent land in a move, as the walks of
//! `walk.rs` record them, and the merges of those blocks one move further,
//! which the two-move look (`ahead.rs`) counts.

use super::avx512::left_partners;
use super::lanes::MAX_N;

/// Where the blocks of one exponent sit after a move: slots are counted
/// from the wall the move goes to, lines in board order.
pub(super) struct Landing {
    /// Blocks in each line after the move (the line is packed at the wall).
    pub(super) len: [u8; MAX_N],
    /// For each line, the slots holding the exponent.
    pub(super) by_line: [u64; MAX_N],
    /// Blocks of the exponent after the move.
    pub(super) blocks: u32,
    /// Merges of two blocks of the exponent in the move (they make blocks
    /// one above it), counted only on the move towards the lines' step 0:
    /// the other move of the axis merges as many.
    pub(super) pairs: u32,
}

impl Landing {
    pub(super) fn new() -> Landing {
        Landing {
            len: [0; MAX_N],
            by_line: [0; MAX_N],
            blocks: 0,
            pairs: 0,
        }
    }

    /// A block of the exponent in slot `slot` of line `line`.
    #[inline(always)]
    pub(super) fn record(&mut self, line: usize, slot: u8) {
        self.mark(line, slot);
        self.blocks += 1;
    }

    /// [`Landing::record`] without the count of blocks, for walks that
    /// count them apart.
    #[inline(always)]
    pub(super) fn mark(&mut self, line: usize, slot: u8) {
        self.by_line[line] |= 1 << slot;
    }

    /// Merges of two blocks of the exponent in the next move, along the
    /// lines and across them, either way, for the `n` lines.
    ///
    /// Along: each line is packed, so its equal neighbours are neighbouring
    /// slots, and a run of L of them gives floor(L/2) pairs. Across: slot
    /// `s` of every line is one line of that move, and line `k` has a block
    /// there exactly when `len[k] > s`; going through the lines in order,
    /// a block of the exponent pairs with the one waiting in its slot, if
    /// any, and else waits; any other block ends the wait (pairs form from
    /// one end, and a run of L gives floor(L/2) pairs from either).
    pub(super) fn merges(&self, n: usize) -> (u32, u32) {
        let (mut along, mut across) = (0, 0);
        // The slots whose last block so far is one of the exponent, unpaired.
        let mut waiting = 0u64;
        for (&slots, &len) in self.by_line[..n].iter().zip(&self.len[..n]) {
            // Without a branch on whether the line holds a block of the
            // exponent (half of them do, in no order); pairs are rare, and
            // without POPCNT a count costs a dozen instructions.
            let filled = FILLED[usize::from(len)];
            let next_to = slots & (slots >> 1);
            if next_to != 0 {
                along += left_partners(next_to).count_ones();
            }
            let paired = waiting & slots;
            if paired != 0 {
                across += paired.count_ones();
            }
            waiting = (waiting & !filled) | (slots & !waiting);
        }
        (along, across)
    }

    /// Whether the next move, along or across, makes fewer than `need`
    /// merges of two blocks of the exponent, whichever way it goes.
    pub(super) fn too_few(&self, n: usize, need: u32) -> bool {
        let (along, across) = self.merges(n);
        along < need && across < need
    }

    /// Whether two landings of `n` lines say the same.
    #[cfg(test)]
    pub(super) fn same(&self, other: &Landing, n: usize) -> bool {
        self.len[..n] == other.len[..n]
            && self.by_line[..n] == other.by_line[..n]
            && self.blocks == other.blocks
            && self.pairs == other.pairs
    }
}

/// The slots `0..len` of a line, as a mask, for `len` up to 64.
const FILLED: [u64; MAX_N + 1] = {
    let mut masks = [!0u64; MAX_N + 1];
    let mut len = 0;
    while len < MAX_N {
        masks[len] = (1 << len) - 1;
        len += 1;
    }
    masks
};
