#!/usr/bin/env bash
# Builds the browser site into target/web/: the page (web/), the engine
# compiled to WebAssembly (crates/boardsolve-web), and the killer sets of
# `gen --killers --seed 1` made by the native binary. Serve the folder
# from any static host, e.g. `python3 -m http.server -d target/web`.
#
# The wasm32-unknown-unknown standard library comes from rustup where it
# can be downloaded, and otherwise from Debian's rustc-web packages
# (rustc-web, cargo-web, rust-web-src, lld-22), building std from source
# with RUSTC_BOOTSTRAP=1 -Zbuild-std.
#
# BOARDSOLVE=PATH uses that native binary for the killer sets (CI passes
# the one `cargo test` built); otherwise a release build is made.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=wasm32-unknown-unknown
OUT=target/web
# SIMD128 (Chrome 91, Firefox 89, Safari 16.4 and later): the 2048 move
# and look run the native portable path's SSE2 code through it
# (game2048/sse2.rs) instead of the plain lane loops. Both branches below
# build with it (the Debian one builds std with it too).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} -Ctarget-feature=+simd128"

has_rustup_target() {
    command -v rustup >/dev/null 2>&1 \
        && { rustup target list --installed 2>/dev/null | grep -qx "$TARGET" \
            || timeout 120 rustup target add "$TARGET" >/dev/null 2>&1; }
}

if has_rustup_target; then
    cargo build --locked -p boardsolve-web --target "$TARGET" --profile wasm
    WASM=target/$TARGET/wasm/boardsolve_web.wasm
else
    echo "build-web: no rustup $TARGET; building std with Debian's rustc-web" >&2
    if [ ! -d /usr/lib/rustlib/src/rust/library ] || ! /usr/bin/rustc --print target-list | grep -qx "$TARGET"; then
        apt-get update -qq && apt-get install -y -qq rustc-web cargo-web rust-web-src lld-22 >/dev/null
    fi
    # Its own target folder: its std is not rustup's.
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_DIR=target/web-std \
        /usr/bin/cargo build --locked -p boardsolve-web --target "$TARGET" --profile wasm \
        -Zbuild-std=std,panic_abort
    WASM=target/web-std/$TARGET/wasm/boardsolve_web.wasm
fi

if [ -z "${BOARDSOLVE:-}" ]; then
    cargo build --locked --release --bin boardsolve
    BOARDSOLVE=target/release/boardsolve
fi

# Everything is made in a fresh folder and renamed into place, so that a
# failed build never leaves half a site.
NEW=$(mktemp -d target/web.new.XXXXXX)
trap 'rm -rf "$NEW"' EXIT
cp web/*.html web/*.js web/*.css "$NEW"/
cp "$WASM" "$NEW"/boardsolve.wasm
node scripts/killers-json.mjs "$BOARDSOLVE" "$NEW"/killers.json
rm -rf "$OUT"
mv "$NEW" "$OUT"
trap - EXIT
raw=$(wc -c <"$OUT"/boardsolve.wasm)
gz=$(gzip -9c "$OUT"/boardsolve.wasm | wc -c)
echo "build-web: $OUT (boardsolve.wasm $raw bytes, $gz gzipped)"
