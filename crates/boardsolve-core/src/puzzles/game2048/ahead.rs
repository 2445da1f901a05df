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
//! bit masks of those slots.

use super::avx512::left_partners;
use super::board::MAX_N;
use super::solve::Counts;

/// Lines walked side by side: one SSE2 register of byte lanes.
pub(super) const WIDTH: usize = 16;

/// A board laid out for the lane walk: step `j` of every line (its `j`-th
/// cell from one end) at `cells[j * stride..]`, line `i` in byte `i`. Every
/// chunk of [`chunks`] is inside the slice at every step: the stride is
/// `n` from 16 lines up, else 16 with the lanes from `n` zero.
pub(super) struct Steps<'a> {
    pub(super) cells: &'a [u8],
    pub(super) stride: usize,
    pub(super) n: usize,
}

/// Room for a board laid out as [`Steps`] when the board itself is not.
/// Left unwritten until a layout asks for its cells: a look or a move
/// uses a few hundred of its 4096 bytes, and clearing all of them cost
/// more than the transpose.
pub(super) struct Scratch(std::mem::MaybeUninit<[u8; MAX_N * MAX_N]>);

impl Scratch {
    /// Room for any board.
    pub(super) fn new() -> Scratch {
        Scratch(std::mem::MaybeUninit::uninit())
    }

    /// The first `len` bytes, cleared.
    fn cleared(&mut self, len: usize) -> &mut [u8] {
        assert!(len <= MAX_N * MAX_N);
        let at = self.0.as_mut_ptr().cast::<u8>();
        // SAFETY: `len` bytes are inside the array; they are written
        // before the slice that reads them is made.
        unsafe {
            at.write_bytes(0, len);
            std::slice::from_raw_parts_mut(at, len)
        }
    }
}

/// The rows of an `n`×`n` board as steps: its columns are the lines, for
/// a vertical move. From 16 columns up this is the board itself.
pub(super) fn columns<'a>(board: &'a [u8], n: usize, scratch: &'a mut Scratch) -> Steps<'a> {
    if n >= WIDTH {
        return Steps {
            cells: board,
            stride: n,
            n,
        };
    }
    let cells = scratch.cleared(n * WIDTH);
    for (row, to) in board.chunks_exact(n).zip(cells.chunks_exact_mut(WIDTH)) {
        to[..n].copy_from_slice(row);
    }
    Steps {
        cells,
        stride: WIDTH,
        n,
    }
}

/// The columns of an `n`×`n` board as steps: its rows are the lines, for a
/// horizontal move (a transpose).
pub(super) fn rows<'a>(board: &'a [u8], n: usize, scratch: &'a mut Scratch) -> Steps<'a> {
    if n < WIDTH {
        let cells = scratch.cleared(n * WIDTH);
        for (r, row) in board.chunks_exact(n).enumerate() {
            for (c, &v) in row.iter().enumerate() {
                cells[c * WIDTH + r] = v;
            }
        }
        return Steps {
            cells,
            stride: WIDTH,
            n,
        };
    }
    let cells = scratch.cleared(n * n);
    transpose(board, cells, n);
    Steps {
        cells,
        stride: n,
        n,
    }
}

/// The first line of each chunk of [`WIDTH`] lines walked together, and
/// the first of its lines that no earlier chunk walked: the last chunk
/// ends at line `n` (at 16 when fewer), overlapping the one before.
pub(super) fn chunks(n: usize) -> impl Iterator<Item = (usize, usize)> {
    let whole = n / WIDTH;
    // `then`, not `then_some`: the pair is computed only when n > WIDTH.
    let tail =
        (!n.is_multiple_of(WIDTH) && n > WIDTH).then(|| (n - WIDTH, whole * WIDTH - (n - WIDTH)));
    (0..whole.max(1)).map(|k| (k * WIDTH, 0)).chain(tail)
}

/// `to` = the `n`×`n` board `from` transposed, `n >= 16`: blocks of 16×16
/// cells (the last ones overlapping the ones before, which writes some
/// cells twice with the same value).
fn transpose(from: &[u8], to: &mut [u8], n: usize) {
    assert!(n >= WIDTH && from.len() == n * n && to.len() == n * n);
    for (r, _) in chunks(n) {
        for (c, _) in chunks(n) {
            let mut block = [[0u8; WIDTH]; WIDTH];
            for (i, line) in block.iter_mut().enumerate() {
                let at = (r + i) * n + c;
                line.copy_from_slice(&from[at..at + WIDTH]);
            }
            let block = transpose_16(block);
            for (i, line) in block.iter().enumerate() {
                let at = (c + i) * n + r;
                to[at..at + WIDTH].copy_from_slice(line);
            }
        }
    }
}

/// A 16×16 byte transpose. Four rounds that interleave register `i` with
/// register `i + 8` move the bits of (register, byte) one place to the
/// left, as a rotation of their 8 bits: after four, register and byte have
/// swapped.
#[inline(always)]
fn transpose_16(block: [[u8; WIDTH]; WIDTH]) -> [[u8; WIDTH]; WIDTH] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86_64; the loads and stores read and
        // write whole 16-byte arrays.
        unsafe {
            let mut x = [_mm_setzero_si128(); WIDTH];
            for (reg, line) in x.iter_mut().zip(&block) {
                *reg = _mm_loadu_si128(line.as_ptr().cast());
            }
            for _ in 0..4 {
                let mut y = [_mm_setzero_si128(); WIDTH];
                for i in 0..WIDTH / 2 {
                    y[2 * i] = _mm_unpacklo_epi8(x[i], x[i + 8]);
                    y[2 * i + 1] = _mm_unpackhi_epi8(x[i], x[i + 8]);
                }
                x = y;
            }
            let mut out = [[0u8; WIDTH]; WIDTH];
            for (line, reg) in out.iter_mut().zip(&x) {
                _mm_storeu_si128(line.as_mut_ptr().cast(), *reg);
            }
            out
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut out = [[0u8; WIDTH]; WIDTH];
        for (i, line) in block.iter().enumerate() {
            for (j, &v) in line.iter().enumerate() {
                out[j][i] = v;
            }
        }
        out
    }
}

/// Where the blocks of one exponent sit after a move: slots are counted
/// from the wall the move goes to, lines in board order.
struct Landing {
    /// Blocks in each line after the move (the line is packed at the wall).
    len: [u8; MAX_N],
    /// For each line, the slots holding the exponent.
    by_line: [u64; MAX_N],
    /// For each slot, the lines holding the exponent there.
    by_slot: [u64; MAX_N],
    /// Lines and slots with at least one such block.
    lines: u64,
    slots: u64,
}

impl Landing {
    fn new() -> Landing {
        Landing {
            len: [0; MAX_N],
            by_line: [0; MAX_N],
            by_slot: [0; MAX_N],
            lines: 0,
            slots: 0,
        }
    }

    /// The end of a chunk's walk: a waiting block of the exponent stays
    /// one, and the slots filled are the line's length.
    fn finish(
        &mut self,
        first: usize,
        owned: usize,
        n: usize,
        waiting: &[u8; WIDTH],
        filled: &[u8; WIDTH],
        level: u8,
    ) {
        for i in owned..WIDTH.min(n - first) {
            if waiting[i] == level {
                self.record(first + i, filled[i] - 1);
            }
            self.len[first + i] = filled[i];
        }
    }

    /// A block of the exponent in slot `slot` of line `line`.
    fn record(&mut self, line: usize, slot: u8) {
        let slot = usize::from(slot);
        // Entries are cleared when first touched: most walks record none.
        if self.lines >> line & 1 == 0 {
            self.by_line[line] = 0;
        }
        if self.slots >> slot & 1 == 0 {
            self.by_slot[slot] = 0;
        }
        self.by_line[line] |= 1 << slot;
        self.by_slot[slot] |= 1 << line;
        self.lines |= 1 << line;
        self.slots |= 1 << slot;
    }

    /// Merges of two blocks of the exponent in the next move along the
    /// lines, either way: each line is packed, so its equal neighbours are
    /// neighbouring slots, and a run of L of them gives floor(L/2) pairs.
    fn merges_along(&self) -> u32 {
        let mut total = 0;
        let mut lines = self.lines;
        while lines != 0 {
            let slots = self.by_line[lines.trailing_zeros() as usize];
            lines &= lines - 1;
            // Most lines have no two neighbouring blocks of the exponent,
            // and without POPCNT a count costs a dozen instructions.
            let next_to = slots & (slots >> 1);
            if next_to != 0 {
                total += left_partners(next_to).count_ones();
            }
        }
        total
    }

    /// Merges of two blocks of the exponent in the next move across the
    /// lines, either way. Slot `s` of every line is one line of that move;
    /// line `k` has a block there exactly when `len[k] > s`. Two blocks of
    /// the exponent there are neighbours when no line between them has a
    /// block in slot `s`, and the runs of such neighbours pair up as in
    /// any move. Stops counting at `enough`.
    fn merges_across(&self, n: usize, enough: u32) -> u32 {
        let mut total = 0;
        let mut slots = self.slots;
        while slots != 0 && total < enough {
            let s = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let mut lines = self.by_slot[s];
            // One block (the slot is recorded, so not none): no pair.
            if lines.is_power_of_two() {
                continue;
            }
            let occupied = longer_than(&self.len, n, s as u8);
            let mut waiting: Option<u32> = None;
            while lines != 0 {
                let k = lines.trailing_zeros();
                lines &= lines - 1;
                match waiting {
                    // Lines strictly between q and k.
                    Some(q) if occupied & ((1u64 << k) - 1) & !((2u64 << q) - 1) == 0 => {
                        total += 1;
                        waiting = None;
                    }
                    _ => waiting = Some(k),
                }
            }
        }
        total
    }
}

/// The lines `k < n` with `len[k] > s`, as a mask.
#[inline]
fn longer_than(len: &[u8; MAX_N], n: usize, s: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let lines = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let mut mask = 0u64;
        // SAFETY: SSE2 is part of x86_64; the loads read 16-byte pieces of
        // `len`. Lengths are at most 64, so signed compares are exact.
        unsafe {
            let s = _mm_set1_epi8(s as i8);
            for k in 0..n.div_ceil(WIDTH) {
                let l = _mm_loadu_si128(len.as_ptr().add(k * WIDTH).cast());
                mask |= u64::from(_mm_movemask_epi8(_mm_cmpgt_epi8(l, s)) as u16) << (k * WIDTH);
            }
        }
        mask & lines
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        len[..n]
            .iter()
            .enumerate()
            .fold(0, |m, (k, &l)| m | u64::from(l > s) << k)
    }
}

/// The blocks of `2^level` (`level >= 1`) after moving every line of
/// `steps` towards its step 0 (`[0]`) and towards its last step (`[1]`),
/// and each line's length after the move. The walk is the move's own (a
/// block merges with the one waiting in its line when they are equal, and
/// the result waits for nothing), without writing the board: each lane
/// keeps its waiting block and how many slots it has filled.
fn land(steps: &Steps, level: u8) -> [Landing; 2] {
    let mut out = [Landing::new(), Landing::new()];
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx512() {
        // SAFETY: the CPU has the instructions.
        unsafe { land_avx512(steps, level, &mut out) };
        return out;
    }
    #[cfg(target_arch = "x86_64")]
    match steps.n.div_ceil(WIDTH) {
        0 | 1 => land_sse2::<1>(steps, level, &mut out),
        2 => land_sse2::<2>(steps, level, &mut out),
        3 => land_sse2::<3>(steps, level, &mut out),
        _ => land_sse2::<4>(steps, level, &mut out),
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (first, owned) in chunks(steps.n) {
        for (d, landing) in out.iter_mut().enumerate() {
            land_chunk(steps, first, owned, d == 1, level, landing);
        }
    }
    out
}

/// [`land`] with SSE2 registers for the lanes: the `C` chunks of lines
/// and both directions in one loop, so that the eight or fewer chains of
/// dependent steps overlap (one alone waits on each step's result).
#[cfg(target_arch = "x86_64")]
// `j` is a step number (a bit of `stepped`, a row to load), not only an index.
#[allow(clippy::needless_range_loop)]
fn land_sse2<const C: usize>(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    use std::arch::x86_64::*;
    let n = steps.n;
    let mut first = [0usize; C];
    let mut owned = [0usize; C];
    for (k, (f, o)) in chunks(n).enumerate() {
        first[k] = f;
        owned[k] = o;
    }
    let lanes = owned.map(|o| (0xFFFFu32 << o) & 0xFFFF);
    assert!(n >= 1 && (n - 1) * steps.stride + first[C - 1] + WIDTH <= steps.cells.len());
    // SAFETY: SSE2 is part of x86_64; every load reads 16 bytes of a step
    // below `n` from the first line of a chunk, inside `cells` (asserted
    // above: chunks start in order).
    unsafe {
        let zero = _mm_setzero_si128();
        let ones = _mm_cmpeq_epi8(zero, zero);
        let below = _mm_set1_epi8((level - 1) as i8);
        let level_v = _mm_set1_epi8(level as i8);
        let mut waiting = [[zero; C]; 2];
        let mut filled = [[zero; C]; 2];
        // Per direction, chunk and step: the lanes with an event, the
        // steps with any, and the slots filled before the step (written
        // at every step before they are read).
        let mut marks = [[[0u16; MAX_N]; C]; 2];
        let mut stepped = [[0u64; C]; 2];
        let mut filled_before = std::mem::MaybeUninit::<[[[__m128i; MAX_N]; C]; 2]>::uninit();
        let filled_base = filled_before.as_mut_ptr().cast::<__m128i>();
        let slots_at = |d: usize, k: usize, j: usize| filled_base.add((d * C + k) * MAX_N + j);
        let base = steps.cells.as_ptr();
        for j in 0..n {
            for d in 0..2 {
                let step = if d == 1 { n - 1 - j } else { j };
                let row = base.add(step * steps.stride);
                for k in 0..C {
                    let v = _mm_loadu_si128(row.add(first[k]).cast());
                    let w = waiting[d][k];
                    let empty = _mm_cmpeq_epi8(v, zero);
                    let merge = _mm_andnot_si128(empty, _mm_cmpeq_epi8(w, v));
                    let fresh = _mm_xor_si128(_mm_or_si128(empty, merge), ones);
                    // A pair of 2^(level-1) makes 2^level; a waiting
                    // 2^level that the next block does not take stays
                    // 2^level. Both sit in the slot of the waiting block.
                    let made = _mm_and_si128(merge, _mm_cmpeq_epi8(v, below));
                    let kept = _mm_and_si128(fresh, _mm_cmpeq_epi8(w, level_v));
                    // Kept for after the loop, without a branch here:
                    // whether a step has events is a coin toss.
                    let events = _mm_movemask_epi8(_mm_or_si128(made, kept)) as u32 & lanes[k];
                    marks[d][k][j] = events as u16;
                    stepped[d][k] |= u64::from(events != 0) << j;
                    _mm_store_si128(slots_at(d, k, j), filled[d][k]);
                    // `fresh` is 0 or all ones in each lane: subtracting adds one.
                    filled[d][k] = _mm_sub_epi8(filled[d][k], fresh);
                    waiting[d][k] = _mm_or_si128(_mm_and_si128(w, empty), _mm_and_si128(v, fresh));
                }
            }
        }
        for d in 0..2 {
            for k in 0..C {
                let mut steps_with = stepped[d][k];
                while steps_with != 0 {
                    let j = steps_with.trailing_zeros() as usize;
                    steps_with &= steps_with - 1;
                    let mut slots = [0u8; WIDTH];
                    _mm_storeu_si128(slots.as_mut_ptr().cast(), _mm_load_si128(slots_at(d, k, j)));
                    let mut events = u32::from(marks[d][k][j]);
                    while events != 0 {
                        let i = events.trailing_zeros() as usize;
                        events &= events - 1;
                        out[d].record(first[k] + i, slots[i].wrapping_sub(1));
                    }
                }
                let (mut w, mut f) = ([0u8; WIDTH], [0u8; WIDTH]);
                _mm_storeu_si128(w.as_mut_ptr().cast(), waiting[d][k]);
                _mm_storeu_si128(f.as_mut_ptr().cast(), filled[d][k]);
                out[d].finish(first[k], owned[k], n, &w, &f, level);
            }
        }
    }
}

/// [`land`] with AVX-512: every line in one register of 64 byte lanes,
/// both directions in one loop.
///
/// # Safety
/// AVX-512 F, BW, VL, VBMI and VBMI2 must be present.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")]
unsafe fn land_avx512(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    use std::arch::x86_64::*;
    let n = steps.n;
    let lanes: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    assert!(n >= 1 && (n - 1) * steps.stride + n <= steps.cells.len());
    // SAFETY: the masked loads read the first `n` bytes of steps below
    // `n`, inside `cells` (asserted above).
    unsafe {
        let one = _mm512_set1_epi8(1);
        let below = _mm512_set1_epi8((level - 1) as i8);
        let level_v = _mm512_set1_epi8(level as i8);
        let mut waiting = [_mm512_setzero_si512(); 2];
        let mut filled = [_mm512_setzero_si512(); 2];
        let base = steps.cells.as_ptr();
        for j in 0..n {
            for d in 0..2 {
                let step = if d == 1 { n - 1 - j } else { j };
                let v = _mm512_maskz_loadu_epi8(lanes, base.add(step * steps.stride).cast());
                let w = waiting[d];
                let block = _mm512_test_epi8_mask(v, v);
                let merge = _mm512_mask_cmpeq_epi8_mask(block, w, v);
                let fresh = block & !merge;
                // As in the SSE2 walk: a pair of 2^(level-1) made, or a
                // waiting 2^level left alone.
                let made = _mm512_mask_cmpeq_epi8_mask(merge, v, below);
                let kept = _mm512_mask_cmpeq_epi8_mask(fresh, w, level_v);
                let mut events = made | kept;
                if events != 0 {
                    let mut slots = [0u8; 64];
                    _mm512_storeu_si512(slots.as_mut_ptr().cast(), filled[d]);
                    while events != 0 {
                        let i = events.trailing_zeros() as usize;
                        events &= events - 1;
                        out[d].record(i, slots[i].wrapping_sub(1));
                    }
                }
                filled[d] = _mm512_mask_add_epi8(filled[d], fresh, filled[d], one);
                waiting[d] = _mm512_mask_mov_epi8(w, block, _mm512_maskz_mov_epi8(fresh, v));
            }
        }
        for d in 0..2 {
            let (mut w, mut f) = ([0u8; 64], [0u8; 64]);
            _mm512_storeu_si512(w.as_mut_ptr().cast(), waiting[d]);
            _mm512_storeu_si512(f.as_mut_ptr().cast(), filled[d]);
            for k in 0..n {
                if w[k] == level {
                    out[d].record(k, f[k] - 1);
                }
                out[d].len[k] = f[k];
            }
        }
    }
}

/// [`land`] for the lines `first..first + 16`, recording those from
/// `first + owned` on: the plain lane loops (the reference for the SSE2
/// walk, and the walk where there is no SSE2).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn land_chunk(
    steps: &Steps,
    first: usize,
    owned: usize,
    towards_end: bool,
    level: u8,
    out: &mut Landing,
) {
    let n = steps.n;
    let below = level - 1;
    let mut waiting = [0u8; WIDTH];
    let mut filled = [0u8; WIDTH];
    for j in 0..n {
        let step = if towards_end { n - 1 - j } else { j };
        let at = step * steps.stride + first;
        let v: &[u8; WIDTH] = steps.cells[at..at + WIDTH].try_into().expect("a lane row");
        for i in 0..WIDTH {
            let block = v[i] != 0;
            let merge = block && waiting[i] == v[i];
            let fresh = block && !merge;
            // A pair of 2^(level-1) makes 2^level; a waiting 2^level that
            // the next block does not take stays 2^level. Both sit in the
            // slot of the waiting block.
            if i >= owned && ((merge && v[i] == below) || (fresh && waiting[i] == level)) {
                out.record(first + i, filled[i] - 1);
            }
            filled[i] += u8::from(fresh);
            if merge {
                waiting[i] = 0;
            } else if fresh {
                waiting[i] = v[i];
            }
        }
    }
    out.finish(first, owned, n, &waiting, &filled, level);
}

/// Whether [`land`] (with AVX-512 where the CPU has it), the SSE2 walk
/// and the plain lane loops of [`land_chunk`] find the same lengths and
/// the same blocks.
#[cfg(test)]
pub(super) fn walks_agree(steps: &Steps, towards_end: bool, level: u8) -> bool {
    let d = usize::from(towards_end);
    let mut plain = Landing::new();
    for (first, owned) in chunks(steps.n) {
        land_chunk(steps, first, owned, towards_end, level, &mut plain);
    }
    let mut walks = vec![land(steps, level)];
    #[cfg(target_arch = "x86_64")]
    {
        let mut sse2 = [Landing::new(), Landing::new()];
        match steps.n.div_ceil(WIDTH) {
            0 | 1 => land_sse2::<1>(steps, level, &mut sse2),
            2 => land_sse2::<2>(steps, level, &mut sse2),
            3 => land_sse2::<3>(steps, level, &mut sse2),
            _ => land_sse2::<4>(steps, level, &mut sse2),
        }
        walks.push(sse2);
    }
    let lines = |l: &Landing| {
        (0..64)
            .filter(|&k| l.lines >> k & 1 == 1)
            .map(|k| l.by_line[k])
            .collect::<Vec<_>>()
    };
    let slots = |l: &Landing| {
        (0..64)
            .filter(|&k| l.slots >> k & 1 == 1)
            .map(|k| l.by_slot[k])
            .collect::<Vec<_>>()
    };
    walks.iter().all(|walk| {
        let fast = &walk[d];
        fast.len == plain.len
            && fast.lines == plain.lines
            && fast.slots == plain.slots
            && lines(fast) == lines(&plain)
            && slots(fast) == slots(&plain)
    })
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
    land(steps, level as u8)
        .map(|landing| landing.merges_along() < need && landing.merges_across(steps.n, need) < need)
}

/// Targets above this are never judged (the count's values stay within a `u128`).
const MAX_TARGET: u32 = 120;
