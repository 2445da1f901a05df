// The engine's plain C ABI over bytes (crates/boardsolve-web/src/abi.rs)
// as one call from a request object to its JSON response text, and the
// imports the module takes: shared by web-check.mjs, in Node, and
// web-bench.mjs, which hands the caller to Chromium as its source text.

/// The imports of the module: the clock, and progress, which no script shows.
export const imports = { env: { bs_now: () => performance.now(), bs_progress: () => {} } };

/// `call(request)` on the instance's exports `x`: the request written into
/// the module's memory as JSON, the response read back as text.
export function caller(x) {
  return (request) => {
    const bytes = new TextEncoder().encode(JSON.stringify(request));
    const at = x.bs_alloc(bytes.length);
    new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
    const len = x.bs_call(at, bytes.length);
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.bs_response(), len));
  };
}
