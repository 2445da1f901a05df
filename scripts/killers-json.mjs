// Writes the killer sets of `boardsolve gen NAME --seed 1 --killers` for
// every name as one JSON file for the site:
//   {"12100": [{"input": "...", "kills": ["merge-again", ...]}, ...], ...}
// usage: node scripts/killers-json.mjs BOARDSOLVE_BINARY OUT.json
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [binary, out] = process.argv.slice(2);
const names = ['12100', '12094', '17825', '14600', '14601', '92345', '2048', 'yut', 'tromino', 'footholds'];
const sets = {};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'killers-'));
try {
  for (const name of names) {
    const dir = path.join(work, name);
    const run = spawnSync(binary, ['gen', name, '--seed', '1', '--killers', '--out-dir', dir], {
      encoding: 'utf8',
    });
    if (run.status !== 0) {
      throw new Error(`gen ${name} --killers failed (${run.status}): ${run.stderr}`);
    }
    // Standard error notes what each case kills: "001.in kills [a], [b]".
    sets[name] = [];
    for (const line of run.stderr.split('\n')) {
      const m = /^(\d+\.in) kills (.*)$/.exec(line);
      if (!m) continue;
      const kills = [...m[2].matchAll(/\[([^\]]+)\]/g)].map((k) => k[1]);
      const input = fs.readFileSync(path.join(dir, m[1]), 'utf8');
      sets[name].push({ input, kills });
    }
    if (sets[name].length === 0) {
      throw new Error(`gen ${name} --killers noted no case: ${run.stderr}`);
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
fs.writeFileSync(out, JSON.stringify(sets));
