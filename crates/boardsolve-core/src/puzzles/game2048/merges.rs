//! Per-block merge capacities: an upper bound that sees, block by block,
//! how many merges a block can still take part in.
//!
//! The argument (proved in `docs/2048.md`): if a block of at least `2^T`
//! appears within r moves, where T is above every block on the board, then
//! at some move a block of exactly `2^T` is made. The blocks on the board
//! now that it is made of sum to `2^T`, and the block carrying such a
//! block u doubles at each of its merges, so it took part in exactly
//! `T - e(u)` merges. So if `capacity(u)` bounds the merges the block
//! carrying u can take part in within r moves, T is out of reach when the
//! blocks with `capacity(u) >= T - e(u)` sum to less than `2^T`.
//!
//! Two capacities are given here, both exact for the first moves and one
//! merge a move after that: `line_neighbour_capacities` (L1, one move: a
//! block merges in the next move only if the nearest block along its row
//! or column is equal to it) and `look_ahead_capacities` (Dk: k moves,
//! from the boards of the next k - 1; L2 is D2). The search uses the first where it has no
//! children's counts ([`line_neighbour_bound`]). The second is kept for
//! the tests only: the docs prove, and the tests check, that neither cuts
//! a position that the search's own look at the children's counts keeps,
//! so inside the search they would only cost time.
//!
//! The search's own bounds come from the counts of blocks after a move,
//! taken here as well without building the board ([`counts_after_moves`]):
//! each exponent's merges in one move follow from the runs of equal
//! blocks in its lines.

use super::avx512;
#[cfg(test)]
use super::board::{Board, Direction};
use super::counts::{Counts, EXPONENT_SLOTS, counts_above_after};
use super::lanes::MAX_N;

/// For each cell (row after row), whether it holds a block whose nearest
/// block along its row or its column, on either side, has the same value.
/// Such a block merges in some move (a run of equal blocks merges towards
/// one of the two walls of its line); no other block merges in the next move.
pub(super) fn equal_line_neighbours(cells: &[u8], n: usize) -> Vec<bool> {
    let mut paired = vec![false; n * n];
    for line in 0..n {
        // The last block seen along the row and along the column, by cell.
        let (mut last_in_row, mut last_in_column) = (None::<usize>, None::<usize>);
        for k in 0..n {
            for (cell, last) in [
                (line * n + k, &mut last_in_row),
                (k * n + line, &mut last_in_column),
            ] {
                if cells[cell] == 0 {
                    continue;
                }
                if let Some(before) = *last
                    && cells[before] == cells[cell]
                {
                    paired[before] = true;
                    paired[cell] = true;
                }
                *last = Some(cell);
            }
        }
    }
    paired
}

/// Merge capacities within `remaining` moves from one move's look (L1):
/// `remaining` for a block with an equal nearest block along its row or
/// column, `remaining - 1` for any other block (it cannot merge in the next
/// move, and merges at most once a move after that); 0 for empty cells.
#[cfg(test)]
pub(super) fn line_neighbour_capacities(cells: &[u8], n: usize, remaining: u32) -> Vec<u32> {
    let paired = equal_line_neighbours(cells, n);
    cells
        .iter()
        .zip(&paired)
        .map(|(&e, &p)| match (e, p) {
            (0, _) => 0,
            (_, true) => remaining,
            (_, false) => remaining.saturating_sub(1),
        })
        .collect()
}

/// The board after moving `dir`, and for each cell of `b` the cell of
/// the result that holds its block: [`Board::slide_traced`].
#[cfg(test)]
pub(super) fn slide_with_carriers(b: &Board, dir: Direction) -> (Vec<u8>, Vec<usize>) {
    b.slide_traced(dir)
}

/// Merge capacities within `remaining` moves from the boards of the next
/// `k - 1` moves (Dk; k = 2 is L2, k = 1 is L1): the most merges the
/// block's carrier takes part in over the first k moves, exactly (its
/// merges along each line of k - 1 moves, plus one if the carrier then has
/// an equal nearest block along a line), plus one merge a move after that.
/// With fewer than k moves left, k is the moves left.
#[cfg(test)]
pub(super) fn look_ahead_capacities(b: &Board, k: u32, remaining: u32) -> Vec<u32> {
    /// Follows each block's carrier (`at`, and its merges so far) along
    /// every line of `moves` more moves, keeping the most merges in `most`.
    fn follow(b: &Board, at: &[usize], merged: &[u32], moves: u32, most: &mut [u32]) {
        if moves == 0 {
            let paired = equal_line_neighbours(&b.cells, b.n);
            for (u, (&cell, &m)) in at.iter().zip(merged).enumerate() {
                most[u] = most[u].max(m + u32::from(paired[cell]));
            }
            return;
        }
        for dir in Direction::ALL {
            let (cells, carrier) = slide_with_carriers(b, dir);
            let next: Vec<usize> = at.iter().map(|&cell| carrier[cell]).collect();
            let more: Vec<u32> = merged
                .iter()
                .zip(at.iter().zip(&next))
                .map(|(&m, (&from, &to))| m + u32::from(cells[to] > b.cells[from]))
                .collect();
            let child = Board { n: b.n, cells };
            follow(&child, &next, &more, moves - 1, most);
        }
    }
    let k = k.min(remaining);
    if k == 0 {
        return vec![0; b.cells.len()];
    }
    let mut most = vec![0u32; b.cells.len()];
    let at: Vec<usize> = (0..b.cells.len()).collect();
    follow(b, &at, &vec![0; b.cells.len()], k - 1, &mut most);
    most.iter()
        .zip(&b.cells)
        .map(|(&d, &e)| if e == 0 { 0 } else { d + remaining - k })
        .collect()
}

/// The largest exponent not ruled out within `remaining` moves by the
/// capacity test, given each cell's block exponent and merge capacity.
///
/// Exponents up to the board's largest `m` are never ruled out (the
/// largest block stays). Above it the test is monotone: the blocks counted
/// for `T + 1` are among those counted for `T`, so the answer is the first
/// exponent ruled out, minus one; `m + remaining` is never exceeded (a
/// block doubles at most once a move, and the test at `m + remaining + 1`
/// counts no block).
#[cfg(test)]
pub(super) fn capacity_bound(cells: &[u8], capacities: &[u32], remaining: u32) -> u32 {
    let m = u32::from(cells.iter().copied().max().unwrap_or(0));
    if m == 0 {
        return 0;
    }
    for t in m + 1..=m.saturating_add(remaining) {
        // The total value on the board is below 2^76 and never changes,
        // so no exponent from 127 up is reachable.
        if t >= 127 {
            return t - 1;
        }
        let counted: u128 = cells
            .iter()
            .zip(capacities)
            .filter(|&(&e, &c)| e != 0 && c >= t - u32::from(e))
            .map(|(&e, _)| 1u128 << e)
            .sum();
        if counted < 1u128 << t {
            return t - 1;
        }
    }
    m.saturating_add(remaining)
}

/// The capacity bound with the one-move capacities (L1): the largest
/// exponent reachable within `remaining` moves, never above the merge-tree
/// bound (every block it counts, the merge-tree bound counts too).
///
/// One pass for the neighbours, then per exponent: the blocks of `2^e`
/// counted for T are all of them when `e >= T - remaining + 1`, and those
/// with an equal line neighbour when `e = T - remaining`.
pub(super) fn line_neighbour_bound(cells: &[u8], n: usize, remaining: u32) -> u32 {
    const SLOTS: usize = 128;
    let paired = equal_line_neighbours(cells, n);
    let (mut all, mut with_partner) = ([0u128; SLOTS], [0u128; SLOTS]);
    let mut m = 0u32;
    for (&e, &p) in cells.iter().zip(&paired) {
        if e != 0 {
            all[usize::from(e)] += 1u128 << e;
            with_partner[usize::from(e)] += u128::from(p) << e;
            m = m.max(u32::from(e));
        }
    }
    if m == 0 || remaining == 0 {
        return m;
    }
    let top = m.saturating_add(remaining).min(SLOTS as u32 - 1);
    for t in m + 1..=top {
        let full_from = (t + 1).saturating_sub(remaining).max(1);
        let mut counted: u128 = (full_from..=m).map(|e| all[e as usize]).sum();
        if let Some(edge) = t.checked_sub(remaining).filter(|&e| e >= 1) {
            counted += with_partner[edge as usize];
        }
        if counted < 1u128 << t {
            return t - 1;
        }
    }
    top
}

/// Block counts after a horizontal move and after a vertical move, from one
/// pass over the board and without building either board.
///
/// Merges happen only inside a maximal run of equal blocks in a line (empty
/// cells between them ignored), and a run of length L gives floor(L/2)
/// merges whichever end the wall is at. So left and right leave the same
/// counts, and so do up and down; scanning runs from one end counts them.
pub(super) fn counts_after_moves(cells: &[u8], n: usize) -> (Counts, Counts) {
    let mut now: Counts = [0; EXPONENT_SLOTS];
    let mut merges_h: Counts = [0; EXPONENT_SLOTS];
    let mut merges_v: Counts = [0; EXPONENT_SLOTS];
    // The block waiting for a partner in each column (0 when none).
    let mut pending_v = [0u8; MAX_N];
    let mut top = 0u8;
    for row in cells.chunks_exact(n) {
        let mut pending_h = 0u8;
        for (&v, pv) in row.iter().zip(pending_v.iter_mut()) {
            now[v as usize] += 1;
            top = top.max(v);
            let block = v != 0;
            let mh = block & (pending_h == v);
            merges_h[v as usize] += u16::from(mh);
            pending_h = if block {
                if mh { 0 } else { v }
            } else {
                pending_h
            };
            let mv = block & (*pv == v);
            merges_v[v as usize] += u16::from(mv);
            *pv = if block { if mv { 0 } else { v } } else { *pv };
        }
    }
    let after = |merges: &Counts| {
        let mut counts = now;
        for x in 1..=top as usize {
            counts[x] -= 2 * merges[x];
            counts[x + 1] += merges[x];
        }
        counts
    };
    (after(&merges_h), after(&merges_v))
}

/// Bit masks of one board, 64 cells a word in board order: which cells
/// hold a block, and which hold a block of at least a threshold.
struct CellMasks {
    occupied: [u64; MAX_N * MAX_N / 64],
    big: [u64; MAX_N * MAX_N / 64],
}

impl CellMasks {
    fn new(cells: &[u8], low: u8) -> CellMasks {
        let mut masks = CellMasks {
            occupied: [0; MAX_N * MAX_N / 64],
            big: [0; MAX_N * MAX_N / 64],
        };
        let mut chunks = cells.chunks_exact(16);
        let mut at = 0usize;
        for chunk in &mut chunks {
            let (occupied, big) = chunk_masks(chunk.try_into().expect("16 cells"), low);
            masks.occupied[at / 64] |= u64::from(occupied) << (at % 64);
            masks.big[at / 64] |= u64::from(big) << (at % 64);
            at += 16;
        }
        for &v in chunks.remainder() {
            masks.occupied[at / 64] |= u64::from(v != 0) << (at % 64);
            masks.big[at / 64] |= u64::from(v >= low) << (at % 64);
            at += 1;
        }
        masks
    }

    /// Bits `start..start + len` (`len` at most 64) of `words`.
    #[inline]
    fn bits(words: &[u64], start: usize, len: usize) -> u64 {
        let (word, shift) = (start / 64, start % 64);
        let mut v = words[word] >> shift;
        if shift != 0 && shift + len > 64 {
            v |= words[word + 1] << (64 - shift);
        }
        if len < 64 { v & ((1u64 << len) - 1) } else { v }
    }
}

/// Occupied and at-least-`low` masks of 16 cells (`low` at least 1).
#[inline]
fn chunk_masks(chunk: &[u8; 16], low: u8) -> (u16, u16) {
    #[cfg(lanes128)]
    {
        use super::sse2::*;
        // SSE2 is part of x86_64, so no feature detection is needed.
        // SAFETY: the load reads exactly the 16 bytes of `chunk`.
        unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast());
            let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u16;
            // v >= low exactly when max(v, low) == v (unsigned bytes).
            let floor = _mm_set1_epi8(low as i8);
            let big = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, floor), v)) as u16;
            (!empty, big)
        }
    }
    #[cfg(not(lanes128))]
    {
        let (mut occupied, mut big) = (0u16, 0u16);
        for (k, &v) in chunk.iter().enumerate() {
            occupied |= u16::from(v != 0) << k;
            big |= u16::from(v >= low) << k;
        }
        (occupied, big)
    }
}

/// [`counts_after_moves`], exact only for exponents above `low`: the others
/// are reported as 0. Only blocks of `2^low` or more are looked at (the
/// blocks merging into the counted exponents), so on a board of mostly
/// smaller blocks this is a few bit scans instead of a pass over every cell.
///
/// Same run argument as [`counts_after_moves`]: in a line, the maximal runs
/// of equal blocks (empty cells between them ignored) give floor(L/2)
/// merges each, in either direction along the line. In a row, a run of
/// blocks of at least `2^low` is walked from its first block (the one whose
/// previous occupied neighbour differs from it); down the columns, a block
/// waiting for a partner is kept per column as the rows go by.
pub(super) fn counts_after_moves_above(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    if low <= 1 {
        return counts_after_moves(cells, n);
    }
    if crate::simd::avx512() {
        // SAFETY: the CPU has the instructions; the board is n×n, low >= 2.
        return unsafe { avx512::counts_above(cells, n, low) };
    }
    counts_above_scalar(cells, n, low)
}

/// [`counts_after_moves_above`] without AVX-512, for `low >= 2`.
pub(super) fn counts_above_scalar(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    let masks = CellMasks::new(cells, low);
    let mut now: Counts = [0; EXPONENT_SLOTS];
    let mut merges_h: Counts = [0; EXPONENT_SLOTS];
    let mut merges_v: Counts = [0; EXPONENT_SLOTS];
    let mut top = 0u8;
    // Down the columns, one row at a time: `waiting` marks the columns
    // whose last block is a big one not merged yet, `pending` holds it. A
    // block merges with the one waiting above it if they are equal (pairs
    // form from the top, as in a move up); a small block ends the run.
    let mut waiting = 0u64;
    let mut pending = [0u8; MAX_N];
    for r in 0..n {
        let mut big = CellMasks::bits(&masks.big, r * n, n);
        let occupied = CellMasks::bits(&masks.occupied, r * n, n);
        waiting &= !(occupied & !big);
        if big == 0 {
            continue;
        }
        let row = &cells[r * n..r * n + n];
        while big != 0 {
            let c = big.trailing_zeros() as usize;
            big &= big - 1;
            let v = row[c];
            now[v as usize] += 1;
            top = top.max(v);
            // Along the row: walk the run if this block starts it.
            let before = occupied & ((1u64 << c) - 1);
            if before == 0 || row[63 - before.leading_zeros() as usize] != v {
                let (mut len, mut at) = (1u16, c);
                loop {
                    let after = if at + 1 >= 64 {
                        0
                    } else {
                        occupied >> (at + 1)
                    };
                    if after == 0 {
                        break;
                    }
                    at += 1 + after.trailing_zeros() as usize;
                    if row[at] != v {
                        break;
                    }
                    len += 1;
                }
                merges_h[v as usize] += len / 2;
            }
            let column = 1u64 << c;
            if waiting & column != 0 && pending[c] == v {
                merges_v[v as usize] += 1;
                waiting &= !column;
            } else {
                pending[c] = v;
                waiting |= column;
            }
        }
    }
    (
        counts_above_after(&now, &merges_h, low, top),
        counts_above_after(&now, &merges_v, low, top),
    )
}
