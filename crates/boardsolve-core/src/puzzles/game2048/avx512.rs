//! Moves with AVX-512: a whole row of up to 64 cells is one register, and
//! VBMI2's byte compress does the sliding.
//!
//! A row moving towards its wall at lane 0 is: pack the blocks to the wall
//! (compress away the empty cells), merge equal neighbours pairwise from
//! the wall, pack again. Which neighbours merge is a bit trick on the
//! 64-bit mask of "equal to the next block" (see [`left_partners`]). A row
//! moving the other way is reversed before and after. Columns are rows of
//! the transposed board.
//!
//! Everything here is checked against the scalar move in the tests of the
//! parent module, on every CPU that has the instructions.

use super::counts::Counts;
#[cfg(target_arch = "x86_64")]
use super::counts::counts_above_after;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Lanes at even positions (0, 2, …).
const EVEN: u64 = 0x5555_5555_5555_5555;

/// Given `eq` (bit `i`: block `i` equals block `i + 1`), the blocks that
/// take their right neighbour in a merge when pairs form greedily from bit 0.
///
/// Inside a maximal run of set bits starting at `s`, the merging blocks are
/// `s, s + 2, …`: each pair uses two blocks of the run of equal blocks. So
/// the answer is the even positions of runs that start at an even bit and
/// the odd positions of runs that start at an odd bit. Adding `1 << s` to
/// `eq` clears exactly the run starting at `s` (the carry stops at the zero
/// bit that ends it), which tells the two kinds of run apart.
#[inline]
pub(super) fn left_partners(eq: u64) -> u64 {
    let starts = eq & !(eq << 1);
    let even_runs = eq & !eq.wrapping_add(starts & EVEN);
    let odd_runs = eq & !even_runs;
    (even_runs & EVEN) | (odd_runs & !EVEN)
}

/// Writes the board `from` (`n`×`n`, row after row) moved in direction
/// `dir` (0 up, 1 down, 2 left, 3 right) to `to`; `true` if it changed.
///
/// # Safety
/// `crate::simd::avx512()` must be true, and both slices must hold `n * n` cells,
/// `1 <= n <= 64`.
#[cfg(target_arch = "x86_64")]
pub(super) unsafe fn slide(from: &[u8], to: &mut [u8], n: usize, dir: usize) -> bool {
    debug_assert!((1..=64).contains(&n) && from.len() == n * n && to.len() == n * n);
    let toward_end = dir == 1 || dir == 3;
    // Every step reads one buffer and writes another: a load overlapping
    // the 64 bytes of a recent masked store waits until that store is
    // done, so sliding rows in place would run one row at a time.
    // SAFETY: the caller checked the CPU and the sizes; each scratch board
    // is written in full (its first n·n bytes) before they are read, and
    // only through pointers.
    unsafe {
        if dir >= 2 {
            return slide_rows(from.as_ptr(), to.as_mut_ptr(), n, toward_end);
        }
        let mut columns = std::mem::MaybeUninit::<[u8; 64 * 64]>::uninit();
        let mut moved = std::mem::MaybeUninit::<[u8; 64 * 64]>::uninit();
        let (c, m) = (
            columns.as_mut_ptr().cast::<u8>(),
            moved.as_mut_ptr().cast::<u8>(),
        );
        transpose(from.as_ptr(), c, n);
        let changed = slide_rows(c, m, n, toward_end);
        transpose(m, to.as_mut_ptr(), n);
        changed
    }
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) unsafe fn slide(_: &[u8], _: &mut [u8], _: usize, _: usize) -> bool {
    unreachable!("no AVX-512 on this architecture")
}

#[cfg(target_arch = "x86_64")]
/// Writes the transpose of the `n`×`n` board at `from` to `to`.
///
/// Plain byte moves: a transpose with AVX-512 byte permutes, one per
/// 128-byte window per row, measured twice as slow on 20×20 boards.
///
/// # Safety
/// `from` must be valid for reading and `to` for writing `n * n` bytes,
/// and they must not overlap.
unsafe fn transpose(from: *const u8, to: *mut u8, n: usize) {
    for r in 0..n {
        for c in 0..n {
            // SAFETY: r, c < n, within the n·n bytes the caller vouches for.
            unsafe { *to.add(c * n + r) = *from.add(r * n + c) };
        }
    }
}

/// Moves every row of the `n`×`n` board at `from` towards lane 0 (or
/// towards lane `n - 1` when `toward_end`) and writes it to `to`. Returns
/// whether any row changed.
///
/// # Safety
/// AVX-512 F, BW, VL, VBMI and VBMI2 must be present; `from` must be valid
/// for reading and `to` for writing `n * n` bytes, `1 <= n <= 64`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")]
unsafe fn slide_rows(from: *const u8, to: *mut u8, n: usize, toward_end: bool) -> bool {
    let lanes: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    // Lane k < n reads lane n - 1 - k; lanes past the row read themselves
    // (zeros, since loads are masked to the row).
    let mut reverse = [0u8; 64];
    for (k, r) in reverse.iter_mut().enumerate() {
        *r = if k < n { (n - 1 - k) as u8 } else { k as u8 };
    }
    // SAFETY: `reverse` is 64 bytes; the masked loads and stores below touch
    // only the `n` bytes of each row, which the caller vouches for.
    unsafe {
        let reverse = _mm512_loadu_si512(reverse.as_ptr().cast());
        let one = _mm512_set1_epi8(1);
        let mut changed = 0u64;
        for i in 0..n {
            let at = i * n;
            let original = _mm512_maskz_loadu_epi8(lanes, from.add(at).cast());
            let line = if toward_end {
                _mm512_permutexvar_epi8(reverse, original)
            } else {
                original
            };
            let occupied = _mm512_test_epi8_mask(line, line);
            let packed = _mm512_maskz_compress_epi8(occupied, line);
            let count = occupied.count_ones();
            let valid = if count == 64 { !0 } else { (1u64 << count) - 1 };
            // Lane k holds block k + 1.
            let next = _mm512_maskz_compress_epi8(!1, packed);
            let eq = _mm512_mask_cmpeq_epi8_mask(valid >> 1, packed, next);
            let left = left_partners(eq);
            let merged = _mm512_mask_add_epi8(packed, left, packed, one);
            let mut moved = _mm512_maskz_compress_epi8(valid & !(left << 1), merged);
            if toward_end {
                moved = _mm512_permutexvar_epi8(reverse, moved);
            }
            changed |= _mm512_mask_cmpneq_epi8_mask(lanes, moved, original);
            _mm512_mask_storeu_epi8(to.add(at).cast(), lanes, moved);
        }
        changed != 0
    }
}

/// Block counts after a horizontal and after a vertical move, exact for
/// exponents above `low` and 0 below: the contract of the scalar
/// `counts_after_moves_above`, which the tests compare it with.
///
/// Rows are packed with a compress and their merging pairs found with
/// [`left_partners`], as in a move; columns run a small state machine, one
/// lane per column, over the rows: the lane holds the block waiting for a
/// partner, and a merge happens where the next block equals it. Only the
/// lanes of blocks of at least `2^low` are then counted one by one.
///
/// # Safety
/// `crate::simd::avx512()` must be true, `cells` must hold `n * n` cells,
/// `1 <= n <= 64`, and `2 <= low`.
#[cfg(target_arch = "x86_64")]
pub(super) unsafe fn counts_above(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    debug_assert!((1..=64).contains(&n) && cells.len() == n * n && low >= 2);
    // SAFETY: as promised by the caller.
    unsafe { counts_above_avx512(cells, n, low) }
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) unsafe fn counts_above(_: &[u8], _: usize, _: u8) -> (Counts, Counts) {
    unreachable!("no AVX-512 on this architecture")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")]
unsafe fn counts_above_avx512(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    use super::counts::EXPONENT_SLOTS;
    let lanes: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    let mut now: Counts = [0; EXPONENT_SLOTS];
    let mut merges_h: Counts = [0; EXPONENT_SLOTS];
    let mut merges_v: Counts = [0; EXPONENT_SLOTS];
    let mut top = 0u8;
    let mut packed_bytes = [0u8; 64];
    // SAFETY: the masked loads read only the n bytes of each row of
    // `cells`; `packed_bytes` is 64 bytes.
    unsafe {
        let low_v = _mm512_set1_epi8(low as i8);
        let mut pending = _mm512_setzero_si512();
        for row in cells.chunks_exact(n) {
            let line = _mm512_maskz_loadu_epi8(lanes, row.as_ptr().cast());
            let occupied = _mm512_test_epi8_mask(line, line);

            // Blocks of 2^low count too: they bound the exponents merges make.
            let mut counted = _mm512_cmpge_epu8_mask(line, low_v);
            while counted != 0 {
                let v = row[counted.trailing_zeros() as usize];
                now[v as usize] += 1;
                top = top.max(v);
                counted &= counted - 1;
            }

            // Along the row.
            let packed = _mm512_maskz_compress_epi8(occupied, line);
            let count = occupied.count_ones();
            let valid = if count == 64 { !0 } else { (1u64 << count) - 1 };
            let next = _mm512_maskz_compress_epi8(!1, packed);
            let eq = _mm512_mask_cmpeq_epi8_mask(valid >> 1, packed, next);
            let mut merging = left_partners(eq) & _mm512_cmpge_epu8_mask(packed, low_v);
            if merging != 0 {
                _mm512_storeu_si512(packed_bytes.as_mut_ptr().cast(), packed);
                while merging != 0 {
                    merges_h[packed_bytes[merging.trailing_zeros() as usize] as usize] += 1;
                    merging &= merging - 1;
                }
            }

            // Down the columns.
            let merged = _mm512_mask_cmpeq_epi8_mask(occupied, pending, line);
            let mut merging = merged & _mm512_cmpge_epu8_mask(line, low_v);
            while merging != 0 {
                merges_v[row[merging.trailing_zeros() as usize] as usize] += 1;
                merging &= merging - 1;
            }
            pending = _mm512_mask_mov_epi8(pending, occupied, line);
            pending = _mm512_maskz_mov_epi8(!merged, pending);
        }
    }
    (
        counts_above_after(&now, &merges_h, low, top),
        counts_above_after(&now, &merges_v, low, top),
    )
}
