// The engine's Web Worker: runs boardsolve.wasm and answers the page's
// requests. Protocol (docs/web.md): the page first posts {init: {module}}
// (the WebAssembly.Module an earlier worker compiled, or null), then
// {id, request} (request an object); the worker answers {id, response},
// during a long 2048 search also {id, progress: {best, upper, positions,
// depth}}, and once {module} when it compiled the module itself.
// A trap inside the module is answered as an error response of kind
// "bug", and the module is instantiated afresh for the next request.
'use strict';

let instance = null;
let loading = null;
let current = null; // the id of the request being handled

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const imports = {
  env: {
    bs_now: () => performance.now(),
    bs_progress: (best, upper, positions, depth) => {
      self.postMessage({ id: current, progress: { best, upper, positions, depth } });
    },
  },
};

// The compiled module, when the page hands over the one an earlier worker
// compiled (a fresh worker after Stop then needs no download: offline too).
let given = null;

// Hands the compiled module to the page, for the next worker.
function share(module) {
  try { self.postMessage({ module }); } catch (e) { /* not cloneable here: each worker compiles its own */ }
}

async function instantiate() {
  if (given) return WebAssembly.instantiate(given, imports);
  const url = new URL('boardsolve.wasm', self.location.href);
  if (WebAssembly.instantiateStreaming) {
    try {
      const r = await WebAssembly.instantiateStreaming(fetch(url), imports);
      share(r.module);
      return r.instance;
    } catch (e) {
      // A server without application/wasm: compile from the bytes instead.
    }
  }
  const bytes = await (await fetch(url)).arrayBuffer();
  const r = await WebAssembly.instantiate(bytes, imports);
  share(r.module);
  return r.instance;
}

function load() {
  if (!loading) {
    loading = instantiate().then(i => { instance = i; return i; }, e => { loading = null; throw e; });
  }
  return loading;
}

// Integers beyond 2^53 (2048's block values) are kept as decimal strings.
function reviver(key, value, context) {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context && typeof context.source === 'string'
      && /^-?\d+$/.test(context.source)) {
    return context.source;
  }
  return value;
}

const SUPPORTS_SOURCE = (() => {
  let ok = false;
  try { JSON.parse('1', (k, v, c) => { ok = !!(c && c.source === '1'); return v; }); } catch (e) { /* old engine */ }
  return ok;
})();

function parse(text) {
  if (!SUPPORTS_SOURCE) {
    // Without the reviver's source text: quote long integer literals that
    // stand as values (after ':', '[' or ',') before parsing.
    text = text.replace(/([:\[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g,
      (m, pre, digits) => (Number.isSafeInteger(Number(digits)) ? m : pre + '"' + digits + '"'));
  }
  return JSON.parse(text, reviver);
}

function call(request) {
  const ex = instance.exports;
  const bytes = encoder.encode(JSON.stringify(request));
  const ptr = ex.bs_alloc(bytes.length);
  new Uint8Array(ex.memory.buffer, ptr, bytes.length).set(bytes);
  const len = ex.bs_call(ptr, bytes.length);
  const at = ex.bs_response();
  // The memory may have grown during the call: view it afresh.
  const text = decoder.decode(new Uint8Array(ex.memory.buffer, at, len));
  return parse(text);
}

async function handle(id, request) {
  current = id;
  let response;
  try {
    await load();
    response = call(request);
  } catch (e) {
    const trapped = e instanceof WebAssembly.RuntimeError;
    response = { error: { kind: 'bug', message: (trapped ? 'the engine stopped: ' : 'the engine failed: ') + (e && e.message ? e.message : String(e)) } };
    // Whatever state the module is in now, start afresh.
    instance = null;
    loading = null;
  }
  current = null;
  self.postMessage({ id, response });
}

// Requests are handled one at a time, in order. The page's first message
// is {init: {module}} (module null if it has none yet): loading starts then.
let queue = Promise.resolve();
self.onmessage = ev => {
  const data = ev.data || {};
  if (data.init) {
    if (data.init.module instanceof WebAssembly.Module) given = data.init.module;
    load().catch(() => { /* reported with the first request */ });
    return;
  }
  const { id, request } = data;
  queue = queue.then(() => handle(id, request));
};
