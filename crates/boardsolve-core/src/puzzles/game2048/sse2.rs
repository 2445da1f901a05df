//! The SSE2 intrinsics the portable 2048 paths use (the move of
//! `slide.rs`, the look's walks of `ahead.rs`, the masks of `solve.rs`):
//! on x86_64 std's own, and on wasm32 with SIMD128 the same names over its
//! instructions, so that the browser runs the very code the native
//! portable path runs (the plain lane loops it replaced were 2 to 3 times
//! slower there). Each one maps to one or a few SIMD128 instructions that
//! engines lower back to the SSE2 instruction of the name on x86 hosts.

#[cfg(target_arch = "x86_64")]
pub(super) use std::arch::x86_64::*;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) use self::wasm::*;

/// The SIMD128 side: each function does what the SSE2 one of its name does.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(non_camel_case_types)]
mod wasm {
    use core::arch::wasm32::*;

    /// A 128-bit register, as SSE2's integer type.
    pub(in super::super) type __m128i = v128;

    /// 16 bytes from `p`, unaligned.
    ///
    /// # Safety
    /// `p` must be valid for reading 16 bytes.
    #[inline(always)]
    pub(in super::super) unsafe fn _mm_loadu_si128(p: *const __m128i) -> __m128i {
        // SAFETY: the caller vouches for the 16 bytes; SIMD128 loads need
        // no alignment.
        unsafe { v128_load(p) }
    }

    /// Writes 16 bytes at `p`, unaligned.
    ///
    /// # Safety
    /// `p` must be valid for writing 16 bytes.
    #[inline(always)]
    pub(in super::super) unsafe fn _mm_storeu_si128(p: *mut __m128i, a: __m128i) {
        // SAFETY: the caller vouches for the 16 bytes.
        unsafe { v128_store(p, a) }
    }

    /// Writes 16 bytes at `p` (SSE2 asks for alignment; SIMD128 does not).
    ///
    /// # Safety
    /// `p` must be valid for writing 16 bytes.
    #[inline(always)]
    pub(in super::super) unsafe fn _mm_store_si128(p: *mut __m128i, a: __m128i) {
        // SAFETY: the caller vouches for the 16 bytes.
        unsafe { v128_store(p, a) }
    }

    /// All zeros.
    #[inline(always)]
    pub(in super::super) fn _mm_setzero_si128() -> __m128i {
        i64x2_splat(0)
    }

    /// `a` in every byte.
    #[inline(always)]
    pub(in super::super) fn _mm_set1_epi8(a: i8) -> __m128i {
        i8x16_splat(a)
    }

    /// `a` in every 16-bit word.
    #[inline(always)]
    pub(in super::super) fn _mm_set1_epi16(a: i16) -> __m128i {
        i16x8_splat(a)
    }

    /// The words, highest first (as SSE2 lists them).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in super::super) fn _mm_set_epi16(
        e7: i16,
        e6: i16,
        e5: i16,
        e4: i16,
        e3: i16,
        e2: i16,
        e1: i16,
        e0: i16,
    ) -> __m128i {
        i16x8(e0, e1, e2, e3, e4, e5, e6, e7)
    }

    /// Bytes equal: all ones, else zero.
    #[inline(always)]
    pub(in super::super) fn _mm_cmpeq_epi8(a: __m128i, b: __m128i) -> __m128i {
        i8x16_eq(a, b)
    }

    /// Signed bytes greater.
    #[inline(always)]
    pub(in super::super) fn _mm_cmpgt_epi8(a: __m128i, b: __m128i) -> __m128i {
        i8x16_gt(a, b)
    }

    /// Signed words greater.
    #[inline(always)]
    pub(in super::super) fn _mm_cmpgt_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_gt(a, b)
    }

    /// `a & b`.
    #[inline(always)]
    pub(in super::super) fn _mm_and_si128(a: __m128i, b: __m128i) -> __m128i {
        v128_and(a, b)
    }

    /// `!a & b` (SIMD128's `andnot` clears the bits of its second operand).
    #[inline(always)]
    pub(in super::super) fn _mm_andnot_si128(a: __m128i, b: __m128i) -> __m128i {
        v128_andnot(b, a)
    }

    /// `a | b`.
    #[inline(always)]
    pub(in super::super) fn _mm_or_si128(a: __m128i, b: __m128i) -> __m128i {
        v128_or(a, b)
    }

    /// Bytes `a - b`, wrapping.
    #[inline(always)]
    pub(in super::super) fn _mm_sub_epi8(a: __m128i, b: __m128i) -> __m128i {
        i8x16_sub(a, b)
    }

    /// Words `a + b`, wrapping.
    #[inline(always)]
    pub(in super::super) fn _mm_add_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_add(a, b)
    }

    /// Words `a - b`, wrapping.
    #[inline(always)]
    pub(in super::super) fn _mm_sub_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_sub(a, b)
    }

    /// Words `a * b`, the low 16 bits.
    #[inline(always)]
    pub(in super::super) fn _mm_mullo_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_mul(a, b)
    }

    /// Unsigned bytes' maximum.
    #[inline(always)]
    pub(in super::super) fn _mm_max_epu8(a: __m128i, b: __m128i) -> __m128i {
        u8x16_max(a, b)
    }

    /// The top bit of each byte, byte `i` in bit `i`.
    #[inline(always)]
    pub(in super::super) fn _mm_movemask_epi8(a: __m128i) -> i32 {
        i32::from(i8x16_bitmask(a))
    }

    /// The low 64 bits.
    #[inline(always)]
    pub(in super::super) fn _mm_cvtsi128_si64(a: __m128i) -> i64 {
        i64x2_extract_lane::<0>(a)
    }

    /// Each half: the sum of its 8 bytes' `|a - b|`, as a 64-bit lane.
    #[inline(always)]
    pub(in super::super) fn _mm_sad_epu8(a: __m128i, b: __m128i) -> __m128i {
        let diff = v128_or(u8x16_sub_sat(a, b), u8x16_sub_sat(b, a));
        let quads = u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(diff));
        i64x2_add(
            v128_and(quads, i64x2_splat(0xFFFF_FFFF)),
            u64x2_shr(quads, 32),
        )
    }

    /// Bytes 0..8 of `a` and `b` interleaved.
    #[inline(always)]
    pub(in super::super) fn _mm_unpacklo_epi8(a: __m128i, b: __m128i) -> __m128i {
        i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(a, b)
    }

    /// Bytes 8..16 of `a` and `b` interleaved.
    #[inline(always)]
    pub(in super::super) fn _mm_unpackhi_epi8(a: __m128i, b: __m128i) -> __m128i {
        i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(a, b)
    }

    /// Words 0..4 of `a` and `b` interleaved.
    #[inline(always)]
    pub(in super::super) fn _mm_unpacklo_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(a, b)
    }

    /// Words 4..8 of `a` and `b` interleaved.
    #[inline(always)]
    pub(in super::super) fn _mm_unpackhi_epi16(a: __m128i, b: __m128i) -> __m128i {
        i16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(a, b)
    }

    /// The high 64 bits of `a`, then those of `b`.
    #[inline(always)]
    pub(in super::super) fn _mm_unpackhi_epi64(a: __m128i, b: __m128i) -> __m128i {
        i64x2_shuffle::<1, 3>(a, b)
    }

    /// 32-bit word `IMM >> 2i & 3` of `a` in word `i`: only the broadcasts
    /// the move uses (one word to all four).
    #[inline(always)]
    pub(in super::super) fn _mm_shuffle_epi32<const IMM: i32>(a: __m128i) -> __m128i {
        match IMM {
            0x00 => i32x4_shuffle::<0, 0, 0, 0>(a, a),
            0x55 => i32x4_shuffle::<1, 1, 1, 1>(a, a),
            0xAA => i32x4_shuffle::<2, 2, 2, 2>(a, a),
            0xFF => i32x4_shuffle::<3, 3, 3, 3>(a, a),
            _ => unimplemented!("_mm_shuffle_epi32 with {IMM:#x}"),
        }
    }
}
