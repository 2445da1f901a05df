//! Whether the AVX-512 fast paths may run, decided once per process.
//!
//! The 2048 moves and counts have AVX-512 versions beside their portable
//! code (the tromino text had one too, until a portable writer that makes
//! four cells at a time beat it). They run when the CPU has the
//! instructions (checked at run time, so one binary serves every x86-64
//! CPU) and the environment variable `BOARDSOLVE_SIMD` is not `off`; with
//! `off` the portable code runs, so that both can be compared on one machine.

use std::sync::OnceLock;

/// True when the AVX-512 paths run in this process: AVX-512 F, BW, VL, DQ,
/// CD, VBMI and VBMI2 are present and the host allows them.
pub fn avx512() -> bool {
    static AVX512: OnceLock<bool> = OnceLock::new();
    *AVX512.get_or_init(|| crate::host::host().avx512_allowed && detect())
}

/// True when this CPU has every AVX-512 extension the fast paths use,
/// whatever the host allows.
pub fn cpu_has_avx512() -> bool {
    detect()
}

#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512cd")
        && is_x86_feature_detected!("avx512vbmi")
        && is_x86_feature_detected!("avx512vbmi2")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}
