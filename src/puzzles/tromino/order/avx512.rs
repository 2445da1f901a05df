//! The text of a row pair with AVX-512: eight leaves, sixteen cells of a
//! row, at a time.
//!
//! Per group of eight leaves, in `u64` lanes: the leaves' own labels are
//! the decimal-lane sum of the row base and their column bases; each cell
//! takes the leaf's own label or its hole label (the leaf's hole cell says
//! which); a label becomes text by a byte swap, a leading-zero count and a
//! shift, as in `Dec::cell`. Four cells at a time then sit in 16-byte
//! slots, digits then a space, and one byte compress drops the unused bytes
//! of the slots, leaving the cells side by side, ready for a 64-byte store.
//! The top row is written in one pass over the leaves and the bottom row
//! in a second, both straight into the band's text.
//!
//! Checked against the portable writer in the tests of the parent module.

use super::Dec;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Writes rows `r`, `r + 1` of a row pair from its 2×2 leaves (as
/// `RowText::push_leaves` does) at `out`; returns the bytes written. Each
/// line ends with `\n`; up to 64 bytes past the end may be overwritten.
///
/// # Safety
/// `crate::simd::cpu_has_avx512()` must be true; `col_base`, `hole_cell` and
/// `hole_label` must have the same length, a multiple of 8, with hole cells
/// in 0..4; `hole` must be at most 8 bytes, the hole's text; `out` must be
/// valid for the two lines (at most 9 bytes a cell) plus 64 bytes.
#[cfg(target_arch = "x86_64")]
pub(super) unsafe fn push_pair(
    out: *mut u8,
    row_base: Dec,
    col_base: &[Dec],
    hole_cell: &[u8],
    hole_label: &[Dec],
    hole: &[u8],
) -> usize {
    debug_assert!(col_base.len().is_multiple_of(8) && hole_cell.len() == col_base.len());
    debug_assert!(hole_label.len() == col_base.len() && hole.len() <= 8);
    let mut hole_text = [0u8; 8];
    hole_text[..hole.len()].copy_from_slice(hole);
    let hole_text = u64::from_le_bytes(hole_text);
    let mut at = 0;
    for cells in [[0, 1], [2, 3]] {
        // SAFETY: as promised by the caller; the bottom line starts where
        // the top one ends.
        at += unsafe {
            pass(
                out.add(at),
                cells,
                row_base,
                col_base,
                hole_cell,
                hole_label,
                hole_text,
                hole.len(),
            )
        };
    }
    at
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) unsafe fn push_pair(
    _: *mut u8,
    _: Dec,
    _: &[Dec],
    _: &[u8],
    _: &[Dec],
    _: &[u8],
) -> usize {
    unreachable!("no AVX-512 on this architecture")
}

/// Lane `i` reads byte `i` of its 8-byte lane in reverse order.
static SWAP_BYTES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i % 16) & 8) as u8 + 7 - (i % 8) as u8;
        i += 1;
    }
    t
};

/// Position of each byte in its 16-byte slot for the digit test: 0..7 for
/// the digit bytes, 255 (never below a length) for the rest.
static SLOT_POSITION: [u8; 64] = {
    let mut t = [255u8; 64];
    let mut i = 0;
    while i < 64 {
        if i % 16 < 8 {
            t[i] = (i % 16) as u8;
        }
        i += 1;
    }
    t
};

/// For the slots of cells 0..4 (`[0]`) or 4..8 (`[1]`) of eight lengths in
/// `u64` lanes: each byte of slot `s` reads the low byte of length `s`.
static LENGTH_OF_SLOT: [[u8; 64]; 2] = {
    let mut t = [[0u8; 64]; 2];
    let mut half = 0;
    while half < 2 {
        let mut i = 0;
        while i < 64 {
            t[half][i] = (8 * (4 * half + i / 16)) as u8;
            i += 1;
        }
        half += 1;
    }
    t
};

/// Byte 8 of every 16-byte slot: the space after the digits.
const SPACES: u64 = 0x0100_0100_0100_0100;

/// One line of the pair: for each leaf the cells `cells[0]` and `cells[1]`
/// of its 2×2 square. Returns the bytes written.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vbmi,avx512vbmi2")]
#[allow(clippy::too_many_arguments)]
unsafe fn pass(
    out: *mut u8,
    cells: [u64; 2],
    row_base: Dec,
    col_base: &[Dec],
    hole_cell: &[u8],
    hole_label: &[Dec],
    hole_text: u64,
    hole_len: usize,
) -> usize {
    // SAFETY: the tables are 64 bytes; `Dec` is a transparent `u64`, and
    // the loads read 8 labels or 8 hole cells from `k < len` on, with `len`
    // a multiple of 8; the stores write 64 bytes at most 9 bytes a cell
    // past `out`, as the caller allows.
    unsafe {
        let biased = _mm512_set1_epi64((row_base.0 + 0xF6F6_F6F6_F6F6_F6F6) as i64);
        let ones = _mm512_set1_epi64(0x0101_0101_0101_0101);
        let bias = _mm512_set1_epi64(0xF6);
        let swap = _mm512_loadu_si512(SWAP_BYTES.as_ptr().cast());
        let position = _mm512_loadu_si512(SLOT_POSITION.as_ptr().cast());
        let length_of_slot = [
            _mm512_loadu_si512(LENGTH_OF_SLOT[0].as_ptr().cast()),
            _mm512_loadu_si512(LENGTH_OF_SLOT[1].as_ptr().cast()),
        ];
        let spaces = _mm512_set1_epi64(i64::from(b' '));
        let first = _mm512_set1_epi64(cells[0] as i64);
        let second = _mm512_set1_epi64(cells[1] as i64);
        let hole_text = _mm512_set1_epi64(hole_text as i64);
        let hole_len = _mm512_set1_epi64(hole_len as i64);
        // Cells of leaves 0..4 and 4..8 interleaved: a0 b0 a1 b1 …
        let low = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0);
        let high = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
        let slot = [
            _mm512_set_epi64(8, 3, 8, 2, 8, 1, 8, 0),
            _mm512_set_epi64(8, 7, 8, 6, 8, 5, 8, 4),
        ];
        let mut at = 0usize;
        for k in (0..col_base.len()).step_by(8) {
            let column = _mm512_loadu_si512(col_base.as_ptr().add(k).cast());
            // Decimal-lane addition, as `Dec::plus`.
            let sum = _mm512_add_epi64(biased, column);
            let carried = _mm512_xor_si512(_mm512_xor_si512(sum, biased), column);
            let kept = _mm512_andnot_si512(_mm512_srli_epi64(carried, 8), ones);
            let own = _mm512_sub_epi64(sum, _mm512_mullo_epi64(kept, bias));
            let other = _mm512_loadu_si512(hole_label.as_ptr().add(k).cast());
            let cell = _mm512_cvtepu8_epi64(_mm_loadl_epi64(hole_cell.as_ptr().add(k).cast()));
            let a = _mm512_mask_mov_epi64(own, _mm512_cmpeq_epi64_mask(cell, first), other);
            let b = _mm512_mask_mov_epi64(own, _mm512_cmpeq_epi64_mask(cell, second), other);
            let (a_text, a_len) = text(a, swap, hole_text, hole_len);
            let (b_text, b_len) = text(b, swap, hole_text, hole_len);
            for order in [low, high] {
                let texts = _mm512_permutex2var_epi64(a_text, order, b_text);
                let lens = _mm512_permutex2var_epi64(a_len, order, b_len);
                for half in 0..2 {
                    let slots = _mm512_permutex2var_epi64(texts, slot[half], spaces);
                    let len = _mm512_permutexvar_epi8(length_of_slot[half], lens);
                    let keep = _mm512_cmplt_epu8_mask(position, len) | SPACES;
                    let packed = _mm512_maskz_compress_epi8(keep, slots);
                    _mm512_storeu_si512(out.add(at).cast(), packed);
                    at += keep.count_ones() as usize;
                }
            }
        }
        *out.add(at - 1) = b'\n';
        at
    }
}

/// The text of eight labels (digits in the low bytes of each lane, zeros
/// after) and their lengths; label 0, the hole, gets `hole_text`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vbmi,avx512vbmi2")]
#[inline]
fn text(
    label: __m512i,
    swap: __m512i,
    hole_text: __m512i,
    hole_len: __m512i,
) -> (__m512i, __m512i) {
    let zeros = _mm512_and_si512(_mm512_lzcnt_epi64(label), _mm512_set1_epi64(0x78));
    let ascii = _mm512_add_epi64(
        _mm512_shuffle_epi8(label, swap),
        _mm512_set1_epi64(0x3030_3030_3030_3030),
    );
    let ascii = _mm512_srlv_epi64(ascii, zeros);
    let len = _mm512_sub_epi64(_mm512_set1_epi64(8), _mm512_srli_epi64(zeros, 3));
    let hole = _mm512_cmpeq_epi64_mask(label, _mm512_setzero_si512());
    (
        _mm512_mask_mov_epi64(ascii, hole, hole_text),
        _mm512_mask_mov_epi64(len, hole, hole_len),
    )
}
