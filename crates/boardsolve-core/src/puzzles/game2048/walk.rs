//! The walks of the two-move look: every line of a board moved both ways,
//! 16 lines side by side (SSE2, or SIMD128 through `sse2.rs`), 64 with
//! AVX-512, or one lane at a time where neither runs, recording where the
//! blocks of one exponent land ([`Landing`]) without writing the board.

use super::landing::Landing;
#[cfg(lanes128)]
use super::lanes::{MAX_N, transpose_16};
use super::lanes::{Scratch, Steps, WIDTH, chunks, columns, rows};

#[cfg(lanes128)]
/// One register of lines for [`walk_sse2`]: lane `i` reads its line's
/// step `j` at `cells[step * stride + first + i]`, with `step = j`, or
/// `n - 1 - j` when `reversed` (the move towards the lines' last step).
#[derive(Clone, Copy)]
struct Lanes<'a> {
    cells: &'a [u8],
    stride: usize,
    first: usize,
    reversed: bool,
    /// For each lane, the landing it records into ([`NOWHERE`] for lanes
    /// that record nothing: past the board's lines, or walked by another
    /// register too), and its line there.
    landing: [u8; WIDTH],
    line: [u8; WIDTH],
    /// The lanes that record, as a mask, and the landings they record into.
    owned: u16,
    landings: u8,
    /// `Some(t)` when lane `i` walks line `first + i` of landing `t`, or
    /// records nothing and stays inside the landing's lines (its lengths
    /// can then be stored as one piece).
    run: Option<u8>,
}

#[cfg(lanes128)]
/// The landing of a lane that records nothing.
const NOWHERE: u8 = u8::MAX;

#[cfg(lanes128)]
impl<'a> Lanes<'a> {
    /// No lines of `cells`, `stride` apart, from `first`.
    fn empty(cells: &'a [u8], stride: usize, first: usize, reversed: bool) -> Self {
        Lanes {
            cells,
            stride,
            first,
            reversed,
            landing: [NOWHERE; WIDTH],
            line: [0; WIDTH],
            owned: 0,
            landings: 0,
            run: None,
        }
    }

    /// Lane `i` records line `line` into landing `landing`.
    fn record(&mut self, i: usize, landing: u8, line: usize) {
        self.landing[i] = landing;
        self.line[i] = line as u8;
        self.owned |= 1 << i;
        self.landings |= 1 << landing;
    }

    /// Lines `first..first + 16` of `steps` (the chunk of [`chunks`]),
    /// those from `first + owned` recording into landing `landing`.
    fn of(steps: &Steps<'a>, (first, owned): (usize, usize), reversed: bool, landing: u8) -> Self {
        let mut lanes = Lanes::empty(steps.cells, steps.stride, first, reversed);
        for i in owned..WIDTH.min(steps.n - first) {
            lanes.record(i, landing, first + i);
        }
        lanes.run = Some(landing);
        lanes
    }
}

#[cfg(lanes128)]
/// Both moves of one axis as lanes: each chunk of [`chunks`] walked
/// towards step 0 (into landing `landing`) and towards the last step
/// (`landing + 1`), `C` registers in all.
fn axis_lanes<'a, const C: usize>(steps: &Steps<'a>, landing: u8) -> [Lanes<'a>; C] {
    let mut at = [(0, 0); MAX_N / WIDTH];
    for (k, chunk) in chunks(steps.n).enumerate() {
        at[k] = chunk;
    }
    std::array::from_fn(|c| Lanes::of(steps, at[c / 2], c % 2 == 1, landing + (c % 2) as u8))
}

/// The blocks of `2^level` (`level >= 1`) after moving every line of
/// `steps` towards its step 0 (`[0]`) and towards its last step (`[1]`),
/// and each line's length after the move. The walk is the move's own (a
/// block merges with the one waiting in its line when they are equal, and
/// the result waits for nothing), without writing the board: each lane
/// keeps its waiting block and how many slots it has filled.
pub(super) fn land(steps: &Steps, level: u8) -> [Landing; 2] {
    let mut out = [Landing::new(), Landing::new()];
    land_into(steps, level, &mut out);
    out
}

/// [`land`] into `out`.
fn land_into(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx512() {
            // SAFETY: the CPU has the instructions.
            unsafe { land_avx512(steps, level, out) };
        } else {
            land_sse2(steps, level, out);
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    land_sse2(steps, level, out);
    #[cfg(not(lanes128))]
    for chunk in chunks(steps.n) {
        for (d, landing) in out.iter_mut().enumerate() {
            land_chunk(steps, chunk, d == 1, level, landing);
        }
    }
}

/// [`land`] on SSE2 (or SIMD128, through `sse2.rs`): every chunk of lines both ways in one loop.
#[cfg(lanes128)]
fn land_sse2(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    let n = steps.n;
    match n.div_ceil(WIDTH) {
        0 | 1 => walk_sse2(&axis_lanes::<2>(steps, 0), n, level, out),
        2 => walk_sse2(&axis_lanes::<4>(steps, 0), n, level, out),
        3 => walk_sse2(&axis_lanes::<6>(steps, 0), n, level, out),
        _ => walk_sse2(&axis_lanes::<8>(steps, 0), n, level, out),
    }
}

/// The landings of all four moves of an `n`×`n` board (up, down, left,
/// right: `2^level` blocks, lengths, merges of `2^level` pairs).
pub(super) fn land_all(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    #[cfg(target_arch = "x86_64")]
    if !crate::simd::avx512() {
        land_all_sse2(cells, n, level, out);
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    land_all_sse2(cells, n, level, out);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        let (mut a, mut b) = (Scratch::new(), Scratch::new());
        let (vertical, horizontal) = out.split_at_mut(2);
        let vertical: &mut [Landing; 2] = vertical.try_into().expect("two landings");
        land_into(&columns(cells, n, &mut a), level, vertical);
        let horizontal: &mut [Landing; 2] = horizontal.try_into().expect("two landings");
        land_into(&rows(cells, n, &mut b), level, horizontal);
    }
}

/// [`land_all`] on SSE2.
#[cfg(lanes128)]
fn land_all_sse2(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    if (WIDTH + 1..=WIDTH + 4).contains(&n) {
        land_all_17_to_20(cells, n, level, out);
        return;
    }
    let (mut a, mut b) = (Scratch::new(), Scratch::new());
    let (columns, rows) = (columns(cells, n, &mut a), rows(cells, n, &mut b));
    if n <= WIDTH {
        // Both axes in one loop: four chains of steps overlap.
        let [c0, c1] = axis_lanes::<2>(&columns, 0);
        let [r0, r1] = axis_lanes::<2>(&rows, 2);
        walk_sse2(&[c0, c1, r0, r1], n, level, out);
        return;
    }
    let (vertical, horizontal) = out.split_at_mut(2);
    land_sse2(&columns, level, vertical.try_into().expect("two landings"));
    land_sse2(&rows, level, horizontal.try_into().expect("two landings"));
}

/// [`land_all`] on SSE2 for 17 to 20 lines a side (20 is the judges'
/// largest board), in five registers instead of the eight of one chunk of
/// 16 lines and one overlapping it for each move: the first 16 columns and
/// the first 16 rows each way, and the last `n - 16` columns and rows, both
/// ways, side by side in the fifth. The rows need only the transpose of the
/// first 16 (two 16×16 blocks) and four interleaves of the last ones.
#[cfg(lanes128)]
fn land_all_17_to_20(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    use super::sse2::*;
    const STEPS: usize = WIDTH + 4;
    let extra = n - WIDTH;
    assert!((1..=4).contains(&extra) && cells.len() == n * n);
    // Step j of the first 16 rows (their column j) at `firsts[j]`.
    let mut firsts = [[0u8; WIDTH]; STEPS];
    for c in [0, n - WIDTH] {
        let mut block = [[0u8; WIDTH]; WIDTH];
        for (i, line) in block.iter_mut().enumerate() {
            line.copy_from_slice(&cells[i * n + c..i * n + c + WIDTH]);
        }
        firsts[c..c + WIDTH].copy_from_slice(&transpose_16(block));
    }
    // Column j of the last rows at `lasts[j]`, and row j of the last
    // columns at `ends[j]` (zeros past the board).
    let mut lasts = [[0u8; 4]; STEPS];
    let mut ends = [[0u8; 4]; STEPS];
    // SAFETY: SSE2 is part of x86_64; each load reads 16 cells of one of
    // rows 16..n from column 0 or n - 16, and each store writes 16 bytes
    // of `lasts` from entry 0 or n - 16 (n - 16 + 4 <= 20 entries).
    unsafe {
        for c in [0, n - WIDTH] {
            let row = |i: usize| {
                if i < extra {
                    _mm_loadu_si128(cells[(WIDTH + i) * n + c..][..WIDTH].as_ptr().cast())
                } else {
                    _mm_setzero_si128()
                }
            };
            let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3));
            let (a, b) = (_mm_unpacklo_epi8(r0, r1), _mm_unpackhi_epi8(r0, r1));
            let (x, y) = (_mm_unpacklo_epi8(r2, r3), _mm_unpackhi_epi8(r2, r3));
            let to = lasts[c..].as_mut_ptr().cast::<__m128i>();
            _mm_storeu_si128(to, _mm_unpacklo_epi16(a, x));
            _mm_storeu_si128(to.add(1), _mm_unpackhi_epi16(a, x));
            _mm_storeu_si128(to.add(2), _mm_unpacklo_epi16(b, y));
            _mm_storeu_si128(to.add(3), _mm_unpackhi_epi16(b, y));
        }
    }
    for (j, end) in ends.iter_mut().enumerate().take(n) {
        // The row's last four cells, shifted down to its last `extra`.
        let four = u32::from_le_bytes(cells[j * n + n - 4..j * n + n].try_into().expect("4 cells"));
        *end = (four >> (8 * (4 - extra))).to_le_bytes();
    }
    let mut mixed = [[0u8; WIDTH]; STEPS];
    for (j, step) in mixed.iter_mut().enumerate().take(n) {
        let back = n - 1 - j;
        let parts = [ends[j], lasts[j], ends[back], lasts[back]];
        *step = u128::from_le_bytes(std::array::from_fn(|b| parts[b / 4][b % 4])).to_le_bytes();
    }
    let mut last = Lanes::empty(mixed.as_flattened(), WIDTH, 0, false);
    // Lanes 0..4: columns towards row 0 (up); 4..8: rows towards column
    // 0 (left); 8..12 down; 12..16 right.
    for (k, landing) in [0u8, 2, 1, 3].into_iter().enumerate() {
        for i in 0..extra {
            last.record(4 * k + i, landing, WIDTH + i);
        }
    }
    let columns = Steps {
        cells,
        stride: n,
        n,
    };
    let rows = Steps {
        cells: firsts.as_flattened(),
        stride: WIDTH,
        n,
    };
    let lanes = [
        Lanes::of(&columns, (0, 0), false, 0),
        Lanes::of(&columns, (0, 0), true, 1),
        Lanes::of(&rows, (0, 0), false, 2),
        Lanes::of(&rows, (0, 0), true, 3),
        last,
    ];
    walk_sse2(&lanes, n, level, out);
}

/// The walk of [`land`] with SSE2 registers of 16 lines, `C` registers in
/// one loop so that their chains of dependent steps overlap (one alone
/// waits on each step's result). Each register's lanes record into the
/// landings of `out` they name.
#[cfg(lanes128)]
// `j` is a step number (a bit of `stepped`), not only an index.
#[allow(clippy::needless_range_loop)]
fn walk_sse2<const C: usize>(lanes: &[Lanes; C], n: usize, level: u8, out: &mut [Landing]) {
    use super::sse2::*;
    assert!((1..=MAX_N).contains(&n));
    let mut at = [std::ptr::null::<u8>(); C];
    let mut step_by = [0isize; C];
    for (k, l) in lanes.iter().enumerate() {
        assert!((n - 1) * l.stride + l.first + WIDTH <= l.cells.len());
        assert!(usize::from(l.landings) >> out.len() == 0);
        assert!(l.run.is_none() || l.first + WIDTH <= MAX_N);
        for i in 0..WIDTH {
            assert!(l.owned >> i & 1 == 0 || usize::from(l.line[i]) < n);
        }
        let start = l.first + if l.reversed { (n - 1) * l.stride } else { 0 };
        at[k] = l.cells[start..].as_ptr();
        step_by[k] = if l.reversed {
            -(l.stride as isize)
        } else {
            l.stride as isize
        };
    }
    // SAFETY: SSE2 is part of x86_64; every load reads 16 bytes of a step
    // below `n` of a register's lines, inside its `cells`, and every
    // landing and line recorded into exists (asserted above).
    unsafe {
        let zero = _mm_setzero_si128();
        let below = _mm_set1_epi8((level - 1) as i8);
        let level_v = _mm_set1_epi8(level as i8);
        let mut waiting = [zero; C];
        // Per lane, the steps that filled no slot (empty, or merged into
        // the waiting block): a lane has filled `j - idle` slots before
        // step `j`. Counting these instead of the slots saves an
        // instruction a step.
        let mut idle = [zero; C];
        // Per lane, pairs of 2^level blocks merged by the move (0 or all
        // ones is added each step: subtracting adds one), summed by
        // landing after the walk: a running total in memory waits on its
        // own last update. Only the registers at even places count them,
        // for the landings at even places (the moves towards step 0: both
        // moves of an axis merge the same pairs), which saves registers.
        let mut pairs = [zero; C];
        // Per register and step: the lanes with an event and `idle` before
        // the step (the events' slots follow from it).
        let mut marks = [[0u16; MAX_N]; C];
        let mut idle_before = std::mem::MaybeUninit::<[[__m128i; MAX_N]; C]>::uninit();
        let idle_base = idle_before.as_mut_ptr().cast::<__m128i>();
        let idle_at = |k: usize, j: usize| idle_base.add(k * MAX_N + j);
        for j in 0..n {
            for k in 0..C {
                let v = _mm_loadu_si128(at[k].offset(j as isize * step_by[k]).cast());
                let w = waiting[k];
                let empty = _mm_cmpeq_epi8(v, zero);
                let merge = _mm_andnot_si128(empty, _mm_cmpeq_epi8(w, v));
                let still = _mm_or_si128(empty, merge);
                // A pair of 2^(level-1) makes 2^level; a waiting
                // 2^level that the next block does not take stays
                // 2^level. Both sit in the slot of the waiting block.
                let made = _mm_and_si128(merge, _mm_cmpeq_epi8(v, below));
                let waits_level = _mm_cmpeq_epi8(w, level_v);
                let kept = _mm_andnot_si128(still, waits_level);
                let event = _mm_or_si128(made, kept);
                if k % 2 == 0 {
                    pairs[k] = _mm_sub_epi8(pairs[k], _mm_and_si128(merge, waits_level));
                }
                // Kept for after the loop, without a branch here:
                // whether a step has events is a coin toss.
                marks[k][j] = _mm_movemask_epi8(event) as u16;
                _mm_store_si128(idle_at(k, j), idle[k]);
                idle[k] = _mm_sub_epi8(idle[k], still);
                // Empty: the waiting block stays; a merge: nothing waits;
                // else the new block waits.
                let next = _mm_or_si128(_mm_and_si128(w, empty), v);
                waiting[k] = _mm_andnot_si128(merge, next);
            }
        }
        for (k, l) in lanes.iter().enumerate() {
            let walked = Walked {
                marks: &marks[k],
                idle_before: idle_at(k, 0).cast::<u8>(),
                waiting: waiting[k],
                idle: idle[k],
                pairs: pairs[k],
                counts_pairs: k % 2 == 0,
            };
            record_register(l, &walked, n, level, out);
        }
    }
}

#[cfg(lanes128)]
/// What [`walk_sse2`] left of one register: per step, the lanes with an
/// event and, per lane, the steps before it that filled no slot; at the
/// end, each lane's waiting block, its steps that filled no slot and, for
/// a register that counts them, its pairs of `2^level` merged.
struct Walked<'a> {
    marks: &'a [u16; MAX_N],
    idle_before: *const u8,
    waiting: super::sse2::__m128i,
    idle: super::sse2::__m128i,
    pairs: super::sse2::__m128i,
    counts_pairs: bool,
}

#[cfg(lanes128)]
/// The landings of one register's lanes from what its walk left: the
/// slots of its events, the blocks of `2^level` still waiting at the ends
/// of its lines, its lines' lengths, and its blocks and pairs by landing.
///
/// # Safety
/// SSE2 (SIMD128) is present; `walked.idle_before` points at `n` steps of
/// 16 bytes; every landing and line `l` records into is in `out` and below
/// `n` (as [`walk_sse2`] asserts).
#[inline(always)]
unsafe fn record_register(l: &Lanes, walked: &Walked, n: usize, level: u8, out: &mut [Landing]) {
    use super::sse2::*;
    // SAFETY: as promised by the caller.
    unsafe {
        let zero = _mm_setzero_si128();
        let level_v = _mm_set1_epi8(level as i8);
        // Blocks recorded into landing `t`, in bits `16 t..16 t + 16`
        // (at most 4096 a landing): one register, where counts in the
        // landings would each wait on their last update.
        let mut recorded = 0u64;
        // The events of four steps at a time, lanes that record only:
        // one loop over them all, since the end of a loop over the
        // events of each step was mispredicted at nearly every step.
        let owned = u64::from(l.owned) * 0x0001_0001_0001_0001;
        let idle_bytes = walked.idle_before;
        let one = l.run.map_or(0, |t| 1 << (16 * t));
        for (quarter, four) in walked.marks[..n.div_ceil(4) * 4]
            .chunks_exact(4)
            .enumerate()
        {
            let mut events = (u64::from(four[0])
                | u64::from(four[1]) << 16
                | u64::from(four[2]) << 32
                | u64::from(four[3]) << 48)
                & owned;
            while events != 0 {
                let at = events.trailing_zeros() as usize;
                events &= events - 1;
                let (j, i) = (4 * quarter + at / WIDTH, at % WIDTH);
                // The waiting block's slot: one before the first free one.
                let slot = (j as u8)
                    .wrapping_sub(*idle_bytes.add(j * WIDTH + i))
                    .wrapping_sub(1);
                if let Some(t) = l.run {
                    recorded += one;
                    out.get_unchecked_mut(usize::from(t))
                        .mark(l.first + i, slot);
                } else {
                    recorded += 1 << (16 * l.landing[i]);
                    out.get_unchecked_mut(usize::from(l.landing[i]))
                        .mark(usize::from(l.line[i]), slot);
                }
            }
        }
        let filled = _mm_sub_epi8(_mm_set1_epi8(n as i8), walked.idle);
        let mut f = [0u8; WIDTH];
        _mm_storeu_si128(f.as_mut_ptr().cast(), filled);
        // A waiting 2^level at the end of its line stays one.
        let last = _mm_cmpeq_epi8(walked.waiting, level_v);
        let mut ends = _mm_movemask_epi8(last) as u32 & u32::from(l.owned);
        while ends != 0 {
            let i = ends.trailing_zeros() as usize;
            ends &= ends - 1;
            recorded += 1 << (16 * l.landing[i]);
            out.get_unchecked_mut(usize::from(l.landing[i]))
                .mark(usize::from(l.line[i]), f[i] - 1);
        }
        if let Some(t) = l.run {
            let len = out.get_unchecked_mut(usize::from(t)).len.as_mut_ptr();
            _mm_storeu_si128(len.add(l.first).cast(), filled);
        } else {
            let mut owned = u32::from(l.owned);
            while owned != 0 {
                let i = owned.trailing_zeros() as usize;
                owned &= owned - 1;
                out.get_unchecked_mut(usize::from(l.landing[i])).len[usize::from(l.line[i])] = f[i];
            }
        }
        let landing = _mm_loadu_si128(l.landing.as_ptr().cast());
        let mut landings = u32::from(l.landings);
        while landings != 0 {
            let t = landings.trailing_zeros();
            landings &= landings - 1;
            let to = out.get_unchecked_mut(t as usize);
            to.blocks += (recorded >> (16 * t)) as u32 & 0xFFFF;
            if walked.counts_pairs && t % 2 == 0 {
                let lanes = _mm_and_si128(
                    walked.pairs,
                    _mm_cmpeq_epi8(landing, _mm_set1_epi8(t as i8)),
                );
                let halves = _mm_sad_epu8(lanes, zero);
                to.pairs += (_mm_cvtsi128_si64(halves)
                    + _mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)))
                    as u32;
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
        let mut pairs = [0u32; 2];
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
                let paired = _mm512_mask_cmpeq_epi8_mask(merge, v, level_v);
                if paired != 0 {
                    pairs[d] += paired.count_ones();
                }
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
            if d == 0 {
                out[d].pairs = pairs[d];
            }
        }
    }
}

/// [`land`] for the lines `first..first + 16`, recording those from
/// `first + owned` on: the plain lane loops (the reference for the SSE2
/// walk, and the walk where there is no SSE2).
#[cfg_attr(lanes128, allow(dead_code))]
fn land_chunk(
    steps: &Steps,
    (first, owned): (usize, usize),
    towards_end: bool,
    level: u8,
    out: &mut Landing,
) {
    let n = steps.n;
    let below = level - 1;
    let lines = WIDTH.min(n - first);
    let mut waiting = [0u8; WIDTH];
    let mut filled = [0u8; WIDTH];
    for j in 0..n {
        let step = if towards_end { n - 1 - j } else { j };
        let at = step * steps.stride + first;
        let v: &[u8; WIDTH] = steps.cells[at..at + WIDTH].try_into().expect("a lane row");
        for i in owned..lines {
            let block = v[i] != 0;
            let merge = block && waiting[i] == v[i];
            let fresh = block && !merge;
            // A pair of 2^(level-1) makes 2^level; a waiting 2^level that
            // the next block does not take stays 2^level. Both sit in the
            // slot of the waiting block.
            if (merge && v[i] == below) || (fresh && waiting[i] == level) {
                out.record(first + i, filled[i] - 1);
            }
            out.pairs += u32::from(!towards_end && merge && v[i] == level);
            filled[i] += u8::from(fresh);
            if merge {
                waiting[i] = 0;
            } else if fresh {
                waiting[i] = v[i];
            }
        }
    }
    for i in owned..lines {
        if waiting[i] == level {
            out.record(first + i, filled[i] - 1);
        }
        out.len[first + i] = filled[i];
    }
}

/// The plain lane loops' landings of both moves along `steps`.
#[cfg(test)]
fn land_plain(steps: &Steps, level: u8) -> [Landing; 2] {
    let mut out = [Landing::new(), Landing::new()];
    for chunk in chunks(steps.n) {
        for (d, landing) in out.iter_mut().enumerate() {
            land_chunk(steps, chunk, d == 1, level, landing);
        }
    }
    out
}

/// Whether [`land`] (with AVX-512 where the CPU has it), the SSE2 walk
/// and the plain lane loops of [`land_chunk`] find the same lengths, the
/// same blocks and the same merges.
#[cfg(test)]
pub(super) fn walks_agree(steps: &Steps, towards_end: bool, level: u8) -> bool {
    let d = usize::from(towards_end);
    let plain = land_plain(steps, level);
    let mut walks = vec![land(steps, level)];
    #[cfg(lanes128)]
    {
        let mut sse2 = [Landing::new(), Landing::new()];
        land_sse2(steps, level, &mut sse2);
        walks.push(sse2);
    }
    walks.iter().all(|walk| walk[d].same(&plain[d], steps.n))
}

/// Whether the landings of all four moves of a board, as the look takes
/// them ([`land_all`], with AVX-512 where the CPU has it) and as the SSE2
/// walks of both axes take them, are those of the plain lane loops.
#[cfg(test)]
pub(super) fn all_walks_agree(cells: &[u8], n: usize, level: u8) -> bool {
    let (mut a, mut b) = (Scratch::new(), Scratch::new());
    let [up, down] = land_plain(&columns(cells, n, &mut a), level);
    let [left, right] = land_plain(&rows(cells, n, &mut b), level);
    let plain = [up, down, left, right];
    let new = || {
        [
            Landing::new(),
            Landing::new(),
            Landing::new(),
            Landing::new(),
        ]
    };
    let mut walks = vec![new()];
    land_all(cells, n, level, &mut walks[0]);
    #[cfg(lanes128)]
    {
        let mut sse2 = new();
        land_all_sse2(cells, n, level, &mut sse2);
        walks.push(sse2);
    }
    walks.iter().all(|all| {
        plain
            .iter()
            .zip(all)
            .all(|(plain, walk)| walk.same(plain, n))
    })
}
