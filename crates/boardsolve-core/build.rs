//! Names once the condition under which 2048's moves and looks run on
//! 128-bit SIMD lanes, as `cfg(lanes128)`: x86_64 (SSE2, always there)
//! or wasm32 built with SIMD128 (through `game2048/sse2.rs`). Every other
//! target takes the plain lane loops.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(lanes128)");
    // Cargo hands the build script the target's configuration, not the
    // host's: these are the target's architecture and features.
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let simd128 = features.split(',').any(|f| f == "simd128");
    if arch == "x86_64" || (arch == "wasm32" && simd128) {
        println!("cargo::rustc-cfg=lanes128");
    }
}
