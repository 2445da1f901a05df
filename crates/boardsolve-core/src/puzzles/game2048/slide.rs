//! The portable move on SSE2 (part of every x86_64 CPU, so it runs
//! wherever AVX-512 does not).
//!
//! 16 lines are walked side by side in the byte lanes of a register, one
//! cell of each per step, as the two-move look walks them (`ahead.rs`):
//! each lane keeps the block waiting for a partner, and at each step its
//! candidate (the waiting block, one up where it merges) is stored at the
//! line's output slot, which moves on only when that candidate is final.
//! A lane is a byte store at its own address, so the cost is in getting
//! the 16 values and addresses out of the registers; the addresses are
//! kept as 16-bit words beside the lanes (the slot's cell, moved by the
//! distance between two slots, added or taken away, when a block is made
//! final), so a store costs a shift, a byte load and the store. Of the
//! last chunk of a board whose side is not a multiple of 16, which
//! overlaps the one before, only the groups of four lanes holding lines of
//! its own store. The move is bound by these instructions, not by its
//! stores: two steps in one 16-bit store along a row took the same time.
//!
//! For the vertical moves of boards from 16 up, the steps are the board's
//! own rows; for the horizontal ones the rows are turned into columns
//! first, 16×16 blocks in registers, each chunk of lines to its own buffer
//! so that every load of the walk finds its bytes in one store (see
//! docs/2048.md, "The portable move rebuilt").

use super::lanes::{MAX_N, Scratch, WIDTH, chunks, columns, rows, transpose_registers};

/// A board laid out for the walk: chunk `k` of 16 lines (line `first_k + i`
/// in byte `i`) at step `j` is the 16 bytes at `cells[j * step + chunk[k]..]`.
struct Lanes<'a> {
    cells: &'a [u8],
    step: usize,
    chunk: [usize; 4],
    n: usize,
}

/// `to` = the `n`×`n` board `from` moved in `dir` (0 up, 1 down, 2 left,
/// 3 right), `true` if it changed: the move `Board::slide_from` makes
/// without AVX-512, tested against `slide_scalar`.
pub(super) fn slide(from: &[u8], to: &mut [u8], n: usize, dir: usize) -> bool {
    assert!((1..=MAX_N).contains(&n) && from.len() == n * n && to.len() == n * n && dir < 4);
    let mut scratch = Scratch::new();
    let mut turned = std::mem::MaybeUninit::<[u8; MAX_N * MAX_N]>::uninit();
    let lanes = if dir >= 2 && n >= WIDTH {
        // SAFETY: the transpose writes each chunk's n steps of 16 bytes,
        // the first `n.div_ceil(16) * n * 16 <= 64 * 64` bytes, before the
        // slice is made.
        let cells = unsafe {
            let at = turned.as_mut_ptr().cast::<u8>();
            transpose_chunks(from, at, n);
            std::slice::from_raw_parts(at, n.div_ceil(WIDTH) * n * WIDTH)
        };
        let mut chunk = [0; 4];
        for (k, c) in chunk.iter_mut().enumerate() {
            *c = k * n * WIDTH;
        }
        Lanes {
            cells,
            step: WIDTH,
            chunk,
            n,
        }
    } else {
        let steps = if dir < 2 {
            columns(from, n, &mut scratch)
        } else {
            rows(from, n, &mut scratch)
        };
        let mut chunk = [0; 4];
        for (c, (first, _)) in chunk.iter_mut().zip(chunks(n)) {
            *c = first;
        }
        Lanes {
            cells: steps.cells,
            step: steps.stride,
            chunk,
            n,
        }
    };
    let towards_end = dir % 2 == 1;
    // Cell of line `i`, slot `s`: `wall + i * across + s * along`.
    let (wall, across, along) = match dir {
        0 => (0, 1, n as isize),
        1 => ((n - 1) * n, 1, -(n as isize)),
        2 => (0, n, 1),
        _ => (n - 1, n, -1),
    };
    if n < WIDTH {
        // Lanes past `n` hold no line: they write to a spare cell past
        // the board, in a buffer of the largest board below 16.
        let mut out = [0u8; WIDTH * WIDTH];
        let spare = (WIDTH * WIDTH - 1) as u16;
        if towards_end {
            walk::<1, true>(&lanes, &mut out, wall, across, along, spare);
        } else {
            walk::<1, false>(&lanes, &mut out, wall, across, along, spare);
        }
        to.copy_from_slice(&out[..n * n]);
    } else {
        to.fill(0);
        match (n.div_ceil(WIDTH), towards_end) {
            (1, false) => walk::<1, false>(&lanes, to, wall, across, along, 0),
            (2, false) => walk::<2, false>(&lanes, to, wall, across, along, 0),
            (3, false) => walk::<3, false>(&lanes, to, wall, across, along, 0),
            (_, false) => walk::<4, false>(&lanes, to, wall, across, along, 0),
            (1, true) => walk::<1, true>(&lanes, to, wall, across, along, 0),
            (2, true) => walk::<2, true>(&lanes, to, wall, across, along, 0),
            (3, true) => walk::<3, true>(&lanes, to, wall, across, along, 0),
            (_, true) => walk::<4, true>(&lanes, to, wall, across, along, 0),
        }
    }
    from != to
}

/// Writes the rows of the `n`×`n` board `from` (`n >= 16`) as [`Lanes`]
/// to `to`: chunk `k` of rows (`chunks`) at `k * n * 16`, one step (a
/// column) every 16 bytes. Blocks of 16×16 cells are turned in registers;
/// of the last block of a chunk, which overlaps the one before, only the
/// columns the others left are written, so that each byte is written
/// once and the walk's loads take each of their bytes from one store.
///
/// # Safety
/// `to` must be valid for writing `n.div_ceil(16) * n * 16` bytes.
unsafe fn transpose_chunks(from: &[u8], to: *mut u8, n: usize) {
    assert!(n >= WIDTH && from.len() == n * n);
    let last = n.div_ceil(WIDTH) - 1;
    for (k, (r, mine)) in chunks(n).enumerate() {
        for (c, owned) in chunks(n) {
            // SAFETY: chunk k's steps c..c+16 are below n, inside the
            // bytes the caller vouches for.
            let out = unsafe { to.add((k * n + c) * WIDTH) };
            // A last chunk that owns four lines or fewer stores only its
            // lanes 12 to 15: those are its last four rows.
            if k == last && k > 0 && mine >= 12 {
                let at = from[(n - 4) * n + c..].as_ptr();
                // SAFETY: rows n-4..n and columns c..c+16 are inside the
                // board.
                unsafe {
                    match owned / 4 {
                        0 => turn_four::<0>(at, n, out),
                        1 => turn_four::<4>(at, n, out),
                        2 => turn_four::<8>(at, n, out),
                        _ => turn_four::<12>(at, n, out),
                    }
                }
                continue;
            }
            let at = from[r * n + c..].as_ptr();
            // SAFETY: rows r..r+16 and columns c..c+16 are inside the
            // board.
            unsafe {
                match owned / 4 {
                    0 => turn::<0>(at, n, out),
                    1 => turn::<4>(at, n, out),
                    2 => turn::<8>(at, n, out),
                    _ => turn::<12>(at, n, out),
                }
            }
        }
    }
}

/// [`turn`] for four rows: writes each column from `SKIP` on as a
/// register whose four lanes of each group hold the column's four cells
/// (lanes 12 to 15 are the walk's, the other lanes copies of them). Two
/// rounds of interleaves put each column's cells in a 32-bit word, and a
/// word shuffle spreads it: a quarter of the interleaves of a 16×16 block.
///
/// # Safety
/// `from` must be valid for reading 4 rows of 16 bytes `n` apart, and
/// `to` for writing 16 bytes at `16 * i` for `i` in `SKIP..16`.
#[inline(always)]
unsafe fn turn_four<const SKIP: usize>(from: *const u8, n: usize, to: *mut u8) {
    use super::sse2::*;
    // SAFETY: SSE2 is part of x86_64; the caller vouches for the bytes.
    unsafe {
        let row = |i: usize| _mm_loadu_si128(from.add(i * n).cast());
        let (a, b, c, d) = (row(0), row(1), row(2), row(3));
        let pairs = [
            (_mm_unpacklo_epi8(a, b), _mm_unpacklo_epi8(c, d)),
            (_mm_unpackhi_epi8(a, b), _mm_unpackhi_epi8(c, d)),
        ];
        // Register q holds columns 4q..4q+4, one 32-bit word each.
        let words = [
            _mm_unpacklo_epi16(pairs[0].0, pairs[0].1),
            _mm_unpackhi_epi16(pairs[0].0, pairs[0].1),
            _mm_unpacklo_epi16(pairs[1].0, pairs[1].1),
            _mm_unpackhi_epi16(pairs[1].0, pairs[1].1),
        ];
        for (q, &w) in words.iter().enumerate() {
            let columns = [
                _mm_shuffle_epi32::<0x00>(w),
                _mm_shuffle_epi32::<0x55>(w),
                _mm_shuffle_epi32::<0xAA>(w),
                _mm_shuffle_epi32::<0xFF>(w),
            ];
            for (i, &column) in columns.iter().enumerate() {
                if 4 * q + i >= SKIP {
                    _mm_storeu_si128(to.add((4 * q + i) * WIDTH).cast(), column);
                }
            }
        }
    }
}

/// Turns the 16×16 block at `from` (rows `n` bytes apart) and writes its
/// columns from `SKIP` on, 16 bytes apart, at `to`. Four rounds that
/// interleave register `i` with register `i + 8` move the bits of
/// (register, byte) one place to the left, as a rotation of their 8 bits:
/// after four, register and byte have swapped. The columns before `SKIP`
/// are never computed: the compiler drops the interleaves only they need.
///
/// # Safety
/// `from` must be valid for reading 16 rows of 16 bytes `n` apart, and
/// `to` for writing 16 bytes at `16 * i` for `i` in `SKIP..16`.
#[inline(always)]
unsafe fn turn<const SKIP: usize>(from: *const u8, n: usize, to: *mut u8) {
    use super::sse2::*;
    // SAFETY: SSE2 is part of x86_64; the caller vouches for the bytes.
    unsafe {
        let mut x = [_mm_setzero_si128(); WIDTH];
        for (i, reg) in x.iter_mut().enumerate() {
            *reg = _mm_loadu_si128(from.add(i * n).cast());
        }
        let x = transpose_registers(x);
        for (i, reg) in x.iter().enumerate().skip(SKIP) {
            _mm_storeu_si128(to.add(i * WIDTH).cast(), *reg);
        }
    }
}

/// The walk of [`slide`] over `C` chunks of lanes, in one loop so that
/// their chains of dependent steps overlap. The cell of line `i`, slot
/// `s` is `wall + i * across + s * along`; lanes past `n` (one chunk only)
/// write to the cell `spare`. `to` must be clear.
#[inline(always)]
fn walk<const C: usize, const BACK: bool>(
    lanes: &Lanes,
    to: &mut [u8],
    wall: usize,
    across: usize,
    along: isize,
    spare: u16,
) {
    use super::sse2::*;
    let n = lanes.n;
    let mut first = [0usize; C];
    let mut owned = [0usize; C];
    for (k, (f, o)) in chunks(n).enumerate() {
        first[k] = f;
        owned[k] = o;
    }
    for k in 0..C {
        assert!((n - 1) * lanes.step + lanes.chunk[k] + WIDTH <= lanes.cells.len());
    }
    assert!(usize::from(spare) < to.len() && (n - 1) * n + n <= to.len());
    // Groups of four lanes each chunk stores: a lane another chunk owns
    // too writes what that chunk writes, so only whole groups that hold
    // no line of their own are left out.
    let last_groups: u32 = if n < WIDTH {
        (1 << n.div_ceil(4)) - 1
    } else {
        0xF & !((1 << (owned[C - 1] / 4)) - 1)
    };
    let out = to.as_mut_ptr();
    // SAFETY: SSE2 is part of x86_64; every load reads 16 bytes of a step
    // below `n` from the first line of a chunk, inside `cells` (asserted
    // above). Every store is at slot `s < n` of a line `< n`, or at the
    // spare cell: a lane's slot counts the blocks already final in its
    // line, so it never passes the step being read.
    unsafe {
        let zero = _mm_setzero_si128();
        let step_by = _mm_set1_epi8(along.unsigned_abs() as i8);
        let mut waiting = [zero; C];
        // The cell of slot 0 of each lane's line, as 16-bit words: the
        // slot's cell is this plus `along` a block made final.
        let mut at = first_cells(&first, n, wall, across, spare);
        let base = lanes.cells.as_ptr();
        let put =
            |values: __m128i, at: [__m128i; 2], groups: u32| put_groups(out, values, at, groups);
        for j in 0..n {
            let step = if BACK { n - 1 - j } else { j };
            let row = base.add(step * lanes.step);
            for k in 0..C {
                let groups = if k + 1 == C { last_groups } else { 0xF };
                let v = _mm_loadu_si128(row.add(lanes.chunk[k]).cast());
                let w = waiting[k];
                let empty = _mm_cmpeq_epi8(v, zero);
                let merge = _mm_andnot_si128(empty, _mm_cmpeq_epi8(w, v));
                // The waiting block, one up where it merges: final when
                // it merges or a different block arrives.
                put(_mm_sub_epi8(w, merge), at[k], groups);
                // A block arriving while one waits: the slot is taken,
                // and its cell moves on by |along| (below 256) bytes.
                let moves = _mm_andnot_si128(_mm_or_si128(empty, _mm_cmpeq_epi8(w, zero)), step_by);
                let (low, high) = (
                    _mm_unpacklo_epi8(moves, zero),
                    _mm_unpackhi_epi8(moves, zero),
                );
                if !BACK {
                    at[k] = [_mm_add_epi16(at[k][0], low), _mm_add_epi16(at[k][1], high)];
                } else {
                    at[k] = [_mm_sub_epi16(at[k][0], low), _mm_sub_epi16(at[k][1], high)];
                }
                // An empty cell keeps the waiting block; a merge leaves none.
                waiting[k] = _mm_andnot_si128(merge, _mm_or_si128(v, _mm_and_si128(w, empty)));
            }
        }
        for k in 0..C {
            let groups = if k + 1 == C { last_groups } else { 0xF };
            put(waiting[k], at[k], groups);
        }
    }
}

/// The cell of slot 0 of the line of each lane of the chunks starting at
/// `first`, as 16-bit words (`wall + line * across`, or `spare` for a
/// lane past line `n`), as [`walk`] keeps them.
#[inline(always)]
// SIMD128's arithmetic is safe functions where SSE2's are not.
#[cfg_attr(target_arch = "wasm32", allow(unused_unsafe))]
fn first_cells<const C: usize>(
    first: &[usize; C],
    n: usize,
    wall: usize,
    across: usize,
    spare: u16,
) -> [[super::sse2::__m128i; 2]; C] {
    use super::sse2::*;
    // SAFETY: SSE2 is part of x86_64 (SIMD128 of this wasm32 build); only
    // registers are touched.
    unsafe {
        let mut at = [[_mm_setzero_si128(); 2]; C];
        let across_v = _mm_set1_epi16(across as i16);
        let wall_v = _mm_set1_epi16(wall as i16);
        for k in 0..C {
            for (h, half) in at[k].iter_mut().enumerate() {
                let first_line = (first[k] + 8 * h) as i16;
                let lines = _mm_add_epi16(
                    _mm_set1_epi16(first_line),
                    _mm_set_epi16(7, 6, 5, 4, 3, 2, 1, 0),
                );
                *half = _mm_add_epi16(wall_v, _mm_mullo_epi16(lines, across_v));
                if n < WIDTH {
                    let past = _mm_cmpgt_epi16(lines, _mm_set1_epi16(n as i16 - 1));
                    *half = _mm_or_si128(
                        _mm_andnot_si128(past, *half),
                        _mm_and_si128(past, _mm_set1_epi16(spare as i16)),
                    );
                }
            }
        }
        at
    }
}

/// Stores the 16 byte lanes of `values` at the cells whose 16-bit offsets
/// from `out` are the lanes of `at`, for the groups of four lanes set in
/// `groups`.
///
/// # Safety
/// SSE2 (SIMD128) is present, and every offset of a group stored is
/// inside the board `out` points at.
#[inline(always)]
unsafe fn put_groups(
    out: *mut u8,
    values: super::sse2::__m128i,
    at: [super::sse2::__m128i; 2],
    groups: u32,
) {
    use super::sse2::*;
    // SAFETY: as promised by the caller.
    unsafe {
        let v = [
            _mm_cvtsi128_si64(values) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(values, values)) as u64,
        ];
        let a = [
            _mm_cvtsi128_si64(at[0]) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(at[0], at[0])) as u64,
            _mm_cvtsi128_si64(at[1]) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(at[1], at[1])) as u64,
        ];
        for g in 0..4 {
            if groups >> g & 1 == 1 {
                let vals = v[g / 2] >> (32 * (g % 2));
                for b in 0..4 {
                    *out.add(usize::from((a[g] >> (16 * b)) as u16)) = (vals >> (8 * b)) as u8;
                }
            }
        }
    }
}
