// The engine in Chromium against the same engine natively, on one thread
// and the portable path: 2048 K = 10 on the dense seed-2 board, a full
// 7x7 footholds board, and tromino n = 256. Prints each median and the
// browser/native ratio.
//
//   cargo build --release --example web_timing && bash scripts/build-web.sh
//   npm ci --prefix tests/browser && node scripts/web-bench.mjs [ROUNDS]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { caller } from './wasm-call.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(path.join(root, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');
const rounds = Number(process.argv[2] || 7);

const full7 = `7 7\n${'1 1 1 1 1 1 1\n'.repeat(7)}1 2 2 2\n`;
const requests = [
  {
    label: '2048 K=10, dense seed-2 20x20',
    request: {
      op: 'solve', puzzle: '2048', moves: 10, play: false,
      input: fs.readFileSync(path.join(root, 'benches/data/2048-dense-seed2.in'), 'utf8'),
    },
  },
  { label: 'footholds 7x7 full, A (1, 2) B (2, 2)', request: { op: 'solve', puzzle: 'footholds', input: full7, play: false } },
  { label: 'tromino n = 256', request: { op: 'solve', puzzle: 'tromino', input: '256 100 37\n', play: false } },
];
const file = path.join(os.tmpdir(), `web-bench-${process.pid}.json`);
fs.writeFileSync(file, JSON.stringify(requests));

const native = JSON.parse(execFileSync(path.join(root, 'target/release/examples/web_timing'), [file, String(rounds)], {
  env: { ...process.env, RAYON_NUM_THREADS: '1', BOARDSOLVE_SIMD: 'off' },
  encoding: 'utf8',
}));

const site = path.join(root, 'target/web');
const server = http.createServer((req, res) => {
  const name = path.join(site, path.normalize(decodeURIComponent(req.url.split('?')[0])).replace(/^\/+/, '') || 'index.html');
  if (!name.startsWith(site) || !fs.existsSync(name) || fs.statSync(name).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  const type = name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.html') ? 'text/html' : 'text/javascript';
  res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(name));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(base + 'killers.json');
  const inBrowser = await page.evaluate(async ({ requests, rounds, callerSource }) => {
    const { instance } = await WebAssembly.instantiateStreaming(fetch('/boardsolve.wasm'), {
      env: { bs_now: () => performance.now(), bs_progress: () => {} },
    });
    // The shared caller, rebuilt from its source text inside the page.
    const call = new Function(`return ${callerSource}`)()(instance.exports);
    const out = {};
    for (const { label, request } of requests) {
      const times = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        const response = call(request);
        times.push(performance.now() - start);
        if (!response.startsWith('{"ok"')) throw new Error(response);
      }
      times.sort((a, b) => a - b);
      out[label] = times[Math.floor(times.length / 2)];
    }
    return out;
  }, { requests, rounds, callerSource: caller.toString() });
  const version = browser.version();
  console.log(`Chromium ${version}, ${rounds} rounds, medians (portable path, one thread)`);
  console.log('| workload | native | Chromium | ratio |\n|---|---|---|---|');
  for (const { label } of requests) {
    const n = native[label];
    const b = inBrowser[label];
    console.log(`| ${label} | ${n.toFixed(2)} ms | ${b.toFixed(2)} ms | ${(b / n).toFixed(2)}x |`);
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(file, { force: true });
}
