// Holds the WebAssembly module's answers to the native engine's: the wasm
// paths (SIMD128 or scalar) are not covered by the native tests. Loads
// target/web/boardsolve.wasm in Node, generates 2048 instances with it
// (12100, 12094 and 2048, seeds 0..SEEDS, hard and not), and asks it to
// solve each and to coach its first position; BIG random boards of 9 to
// 64 a side are solved and coached at K = 2..6; the dense seed-2 20x20
// board is solved and coached at K = 5..12. The same requests go to the
// native `web_answer` example (once on the default path, once with
// BOARDSOLVE_SIMD=off), and every response must be the same text.
//
//   cargo build --release --example web_answer && bash scripts/build-web.sh
//   node scripts/web-check.mjs [SEEDS] [BIG]
//
// WEB_ANSWER=PATH runs that build of the example instead of the release
// one (CI passes the one `cargo test` built).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caller, imports } from './wasm-call.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const seeds = Number(process.argv[2] || 100);
const big = Number(process.argv[3] || 210);

const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(root, 'target/web/boardsolve.wasm')), imports);
const call = caller(instance.exports);

const requests = [];
let instances = 0;
for (const puzzle of ['12100', '12094', '2048']) {
  for (let seed = 0; seed < seeds; seed++) {
    for (const hard of [false, true]) {
      const generate = { op: 'generate', puzzle, seed, hard };
      requests.push(generate);
      const made = JSON.parse(call(generate));
      if (!made.ok) throw new Error(`generate ${JSON.stringify(generate)}: ${JSON.stringify(made)}`);
      const input = made.ok.input;
      instances++;
      requests.push({ op: 'solve', puzzle, input });
      // The coach counts moves itself: the puzzle's K (12100: 5, else 10),
      // a few less on every other seed.
      const k = (puzzle === '12100' ? 5 : 10) - (seed % 2) * 3;
      requests.push({ op: 'coach', puzzle: '2048', input, moves_left: k });
    }
  }
}
// Generated instances are at most 8x8: boards from 9 to 64 a side (the
// lane chunks, the transposes and the 17..20 walk of the look) are made
// here, with a fixed xorshift so that every run asks the same.
let state = 0x2545f491;
const random = (m) => {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state % m;
};
const sides = [9, 12, 15, 16, 17, 18, 19, 20, 21, 24, 31, 32, 33, 36, 40, 47, 48, 49, 52, 63, 64];
for (let i = 0; i < big; i++) {
  const n = sides[i % sides.length];
  const empty = random(100);
  const top = 2 + random(9);
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) row.push(random(100) < empty ? 0 : 2 ** (1 + random(top)));
    rows.push(row.join(' '));
  }
  const input = `${n}\n${rows.join('\n')}\n`;
  const k = 2 + (i % 5);
  instances++;
  requests.push({ op: 'solve', puzzle: '2048', input, moves: k });
  requests.push({ op: 'coach', puzzle: '2048', input, moves_left: k });
}
const dense = fs.readFileSync(path.join(root, 'benches/data/2048-dense-seed2.in'), 'utf8');
for (let k = 5; k <= 12; k++) {
  instances++;
  requests.push({ op: 'solve', puzzle: '2048', input: dense, moves: k });
  requests.push({ op: 'coach', puzzle: '2048', input: dense, moves_left: k });
}

let start = performance.now();
const wasm = requests.map(call);
const wasmMs = performance.now() - start;

const file = path.join(os.tmpdir(), `web-check-${process.pid}.json`);
fs.writeFileSync(file, JSON.stringify(requests));
const answer = process.env.WEB_ANSWER || path.join(root, 'target/release/examples/web_answer');
const runs = {};
try {
  for (const [name, simd] of [['native', undefined], ['native portable', 'off']]) {
    const env = { ...process.env, RAYON_NUM_THREADS: '1' };
    if (simd) env.BOARDSOLVE_SIMD = simd;
    else delete env.BOARDSOLVE_SIMD;
    runs[name] = JSON.parse(execFileSync(answer, [file], { env, encoding: 'utf8', maxBuffer: 1 << 30 }));
  }
} finally {
  fs.rmSync(file, { force: true });
}

let mismatches = 0;
let errors = 0;
for (const [name, native] of Object.entries(runs)) {
  if (native.length !== requests.length) throw new Error(`${name}: ${native.length} responses for ${requests.length} requests`);
  requests.forEach((request, i) => {
    if (native[i] !== wasm[i]) {
      mismatches++;
      if (mismatches <= 5) {
        console.log(`MISMATCH (${name}) ${JSON.stringify(request).slice(0, 200)}`);
        console.log(`  wasm:   ${wasm[i].slice(0, 300)}`);
        console.log(`  native: ${native[i].slice(0, 300)}`);
      }
    }
  });
}
wasm.forEach((response, i) => {
  if (!response.startsWith('{"ok"')) {
    errors++;
    if (errors <= 5) console.log(`ERROR ${JSON.stringify(requests[i]).slice(0, 200)}: ${response.slice(0, 300)}`);
  }
});
const ops = {};
for (const r of requests) ops[r.op] = (ops[r.op] || 0) + 1;
console.log(
  `web-check: ${instances} instances, ${requests.length} requests (${Object.entries(ops).map(([o, c]) => `${c} ${o}`).join(', ')}), ` +
    `wasm ${(wasmMs / 1000).toFixed(1)} s; against ${Object.keys(runs).join(' and ')}: ${mismatches} mismatches, ${errors} error responses`,
);
process.exit(mismatches || errors ? 1 : 0);
