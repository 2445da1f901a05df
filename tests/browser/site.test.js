// The browser test of the static site (target/web/, built by
// scripts/build-web.sh): the real WebAssembly engine in its Web Worker,
// driven through the page in headless Chromium, every answer compared with
// the native binary's. For each puzzle: an instance pasted and one edited
// on the board, solved; three moves played with the engine as coach; an
// answer checked right and wrong. Then a deep 2048 search stopped with its
// proven bounds, the URL fragment, the language switch and a phone's
// viewport. Screenshots go to target/web-shots/.
//
// Run: npm test --prefix tests/browser (BOARDSOLVE_BIN names the native
// binary; otherwise target/debug/boardsolve, then target/release/boardsolve).
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { chromium } = require('playwright-core');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.resolve(process.env.BOARDSOLVE_WEB || path.join(ROOT, 'target', 'web'));
const SHOTS = path.join(ROOT, 'target', 'web-shots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function binary() {
  if (process.env.BOARDSOLVE_BIN) return path.resolve(process.env.BOARDSOLVE_BIN);
  for (const kind of ['debug', 'release']) {
    const p = path.join(ROOT, 'target', kind, 'boardsolve');
    if (fs.existsSync(p)) return p;
  }
  throw new Error('no native boardsolve: build it or set BOARDSOLVE_BIN');
}

const BIN = binary();
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'boardsolve-site-'));

// The native CLI on `input` (a file named "input", so that its messages
// name the place as the engine's do: input:LINE:COL).
function cli(args, input) {
  fs.writeFileSync(path.join(TMP, 'input'), input);
  try {
    return { out: execFileSync(BIN, [...args, 'input'], { cwd: TMP, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), code: 0 };
  } catch (e) {
    return { out: e.stdout || '', err: (e.stderr || '').trim() || e.message, code: e.status };
  }
}
function solveCli(puzzle, input, extra = []) {
  const r = cli(['solve', puzzle, ...extra], input);
  assert.equal(r.code, 0, `boardsolve solve ${puzzle}: ${r.err}`);
  return r.out;
}
function jsonCli(puzzle, input, extra = []) { return JSON.parse(solveCli(puzzle, input, [...extra, '--json'])); }

// ---- the static server ------------------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.png': 'image/png', '.svg': 'image/svg+xml' };

// A module with the engine's exports whose bs_call traps (`unreachable`):
// the worker must answer with an error and carry on.
function trappingModule() {
  const str = t => [t.length, ...Buffer.from(t)];
  const section = (id, items) => { const body = [items.length, ...items.flat()]; return [id, body.length, ...body]; };
  return Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [[0x60, 1, 0x7f, 1, 0x7f], [0x60, 2, 0x7f, 0x7f, 1, 0x7f], [0x60, 0, 1, 0x7f], [0x60, 2, 0x7f, 0x7f, 0]]),
    ...section(3, [[0], [3], [1], [2]]),
    ...section(5, [[0, 1]]),
    ...section(7, [[...str('memory'), 2, 0], [...str('bs_alloc'), 0, 0], [...str('bs_free'), 0, 1],
      [...str('bs_call'), 0, 2], [...str('bs_response'), 0, 3]]),
    ...section(10, [[4, 0, 0x41, 16, 0x0b], [2, 0, 0x0b], [3, 0, 0x00, 0x0b], [4, 0, 0x41, 0, 0x0b]]),
  ]);
}

function serve(dir) {
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    // /trap/: the site with the trapping module, served without the wasm
    // MIME type (so the worker's fallback from instantiateStreaming runs).
    if (p.startsWith('/trap/')) {
      p = p.slice('/trap'.length);
      if (p === '/boardsolve.wasm') { res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(trappingModule()); return; }
    }
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(dir, path.normalize(p));
    if (!file.startsWith(dir + path.sep)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server, base, browser, desktop;
const problems = [];

before(async () => {
  if (!fs.existsSync(path.join(WEB, 'boardsolve.wasm'))) {
    execFileSync('bash', [path.join(ROOT, 'scripts', 'build-web.sh')], { cwd: ROOT, stdio: 'inherit' });
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await serve(WEB);
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  fs.rmSync(TMP, { recursive: true, force: true });
});

// A page that records console errors, page errors and requests to other hosts.
async function open(context, hash = '', name = 'page') {
  const page = await context.newPage();
  page.wasmFetches = 0;
  page.on('request', r => { if (r.url().endsWith('/boardsolve.wasm')) page.wasmFetches += 1; });
  page.on('console', m => { if (m.type() === 'error') problems.push(`${name}: console: ${m.text()}`); });
  page.on('pageerror', e => problems.push(`${name}: page error: ${e.message}`));
  page.on('request', r => { if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`${name}: request to ${r.url()}`); });
  await page.goto(base + 'index.html' + hash);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  return page;
}

function noProblems(name) {
  const mine = problems.filter(p => p.startsWith(name + ':'));
  assert.deepEqual(mine, [], 'console errors, page errors or outside requests');
}

const tid = id => `[data-testid="${id}"]`;

// Waits until the page holds `input` (if given) solved, and returns the answer's text.
async function solved(page, input = null) {
  await page.waitForFunction(want => {
    const s = window.boardsolve.state;
    return !s.solving && (want === null || s.input === want) && (s.solve || s.error || s.bounds);
  }, input, { timeout: 30000 });
  return (await page.textContent(tid('answer'))).trim();
}
const firstWord = text => text.trim().split(/\s+/)[0];

async function paste(page, text) {
  await page.fill(tid('input'), text);
  await page.click(tid('load'));
  return solved(page, text);
}

async function choose(page, puzzle) {
  await page.selectOption(tid('puzzle'), puzzle);
  await page.waitForFunction(p => window.boardsolve.state.puzzle === p, puzzle);
  return solved(page);
}

async function currentInput(page) { return page.evaluate(() => window.boardsolve.state.input); }

async function mode(page, m) { await page.click(tid('mode-' + m)); }

async function shot(page, file) { await page.screenshot({ path: path.join(SHOTS, file), fullPage: true }); }

// A wrong one-number answer that some catalogued mistake gives on `input`,
// found through the engine itself; null if none of the candidates is one.
async function mistaken(page, puzzle, input, candidates) {
  return page.evaluate(async ([puzzle, input, candidates]) => {
    for (const c of candidates) {
      const r = await window.boardsolve.call({ op: 'check', puzzle, input, output: c + '\n' });
      if (r.ok && r.ok.verdict === 'wrong' && r.ok.mistakes.length) return { output: c, ids: r.ok.mistakes.map(m => m.id) };
    }
    return null;
  }, [puzzle, input, candidates]);
}

// The check box: `output` judged, the verdict returned as the page shows it.
async function checkAnswer(page, output) {
  await page.fill(tid('check-output'), output);
  await page.click(tid('check'));
  await page.waitForFunction(() => ['accepted', 'wrong', 'error'].includes(document.querySelector('[data-testid="verdict"]').dataset.verdict)
    && !document.querySelector('[data-testid="verdict"]').textContent.includes('…'), null, { timeout: 30000 });
  const verdict = await page.$eval(tid('verdict'), v => v.dataset.verdict);
  const mistakes = await page.$$eval(`${tid('mistakes')} li`, lis => lis.map(li => li.dataset.id));
  await page.$eval(tid('verdict'), v => { delete v.dataset.verdict; });
  return { verdict, mistakes };
}

async function checkRightAndWrong(page, puzzle, candidates) {
  const input = await currentInput(page);
  const answer = solveCli(puzzle, input);
  assert.equal((await checkAnswer(page, answer)).verdict, 'accepted', `${puzzle}: the right answer accepted`);
  const wrong = await mistaken(page, puzzle, input, candidates.filter(c => String(c) !== answer.trim()));
  assert.ok(wrong, `${puzzle}: some candidate answer is a catalogued mistake on ${JSON.stringify(input)}`);
  const r = await checkAnswer(page, wrong.output + '\n');
  assert.equal(r.verdict, 'wrong');
  assert.ok(r.mistakes.length > 0, `${puzzle}: the mistakes are listed`);
  assert.deepEqual(r.mistakes, wrong.ids);
}

// ---- 2048 -----------------------------------------------------------------------------
test('2048 (12100): paste, edit, solve, coach, check', async () => {
  const page = await open(desktop, '', '2048');
  // The default: 12100's first sample.
  assert.equal(await page.$eval(tid('puzzle'), s => s.value), '12100');
  const sample = await currentInput(page);
  assert.equal(firstWord(await solved(page)), solveCli('12100', sample).trim());

  // Pasted.
  const pasted = '4\n2 2 4 8\n0 4 0 4\n2 0 2 16\n8 8 4 4\n';
  assert.equal(firstWord(await paste(page, pasted)), solveCli('12100', pasted).trim());
  assert.equal(await page.evaluate(() => location.hash), '#12100/' + encodeURIComponent(pasted));

  // A bad input: the engine's message, the CLI's line.
  const bad = '3\n2 2 2\n4 3 4\n8 8 8\n';
  await paste(page, bad);
  const cliErr = cli(['solve', '12100'], bad);
  assert.equal(cliErr.code, 2);
  assert.equal((await page.textContent(tid('error'))).trim(), cliErr.err);
  assert.match(cliErr.err, /^input:3:3: expected a block value/);

  // Generated: exactly `gen --seed 7 [--hard]`.
  for (const hard of [false, true]) {
    await page.fill(tid('seed'), '7');
    await page.setChecked(tid('hard'), hard);
    await page.click(tid('generate'));
    const gen = execFileSync(BIN, ['gen', '12100', '--seed', '7', ...(hard ? ['--hard'] : [])], { encoding: 'utf8' });
    assert.equal(firstWord(await solved(page, gen)), solveCli('12100', gen).trim(), `generated (hard: ${hard})`);
  }
  // A killer case, with the mistakes it kills.
  const killers = JSON.parse(fs.readFileSync(path.join(WEB, 'killers.json'), 'utf8'))['12100'];
  await page.selectOption(tid('killers'), '1');
  assert.equal(firstWord(await solved(page, killers[1].input)), solveCli('12100', killers[1].input).trim());
  assert.deepEqual(await page.$$eval(`${tid('kills')} li code`, codes => codes.map(c => c.textContent)), killers[1].kills);
  // Each with what it means, as the engine's catalogue says it.
  const catalogue = await page.evaluate(() => window.boardsolve.call({ op: 'mistakes', puzzle: '12100' }));
  const meaning = new Map(catalogue.ok.map(m => [m.id, m.mistake]));
  await page.waitForFunction(sel => [...document.querySelectorAll(sel)].every(li => li.textContent.includes(' — ')),
    `${tid('kills')} li`);
  assert.deepEqual(await page.$$eval(`${tid('kills')} li`, lis => lis.map(li => li.textContent)),
    killers[1].kills.map(id => `${id} — it catches a program that behaves as if ${meaning.get(id)}`));

  // Edited on the board.
  await paste(page, pasted);
  await mode(page, 'edit');
  await page.fill(tid('cell-1-0'), '4');
  await page.press(tid('cell-1-0'), 'Tab');
  const edited = '4\n2 2 4 8\n4 4 0 4\n2 0 2 16\n8 8 4 4\n';
  assert.equal(firstWord(await solved(page, edited)), solveCli('12100', edited).trim());
  assert.equal(await page.inputValue(tid('input')), edited);

  // The line and the why.
  await mode(page, 'solution');
  const play = jsonCli('12100', edited);
  assert.equal(await page.textContent(tid('step')), `step 0 of ${play.moves.length}`);
  for (const d of ['up', 'down', 'left', 'right']) {
    const v = play.by_first_move[d];
    const shown = await page.textContent(`${tid('why')} td[data-dir="${d}"]`);
    assert.equal(shown, v === null ? 'changes nothing' : String(v));
  }
  await page.click(tid('next'));
  const cells = await page.$$eval('#board .cell', cs => cs.map(c => c.dataset.value));
  assert.deepEqual(cells, play.boards[1].flat().map(String));
  await shot(page, 'desktop-2048-solution.png');

  // Played: three moves, the coach's numbers against the CLI's.
  await mode(page, 'play');
  const K = 5;
  const best = () => page.$eval(tid('coach-best'), e => ({ best: e.dataset.best, left: Number(e.dataset.left), input: e.dataset.input }));
  await page.waitForFunction(() => document.querySelector('[data-testid="coach-best"]')?.dataset.best);
  let now = await best();
  assert.equal(now.best, solveCli('2048', now.input, ['--moves', String(K)]).trim());
  for (let i = 1; i <= 3; i++) {
    const dir = await page.evaluate(() => ['left', 'up', 'right', 'down'].find(d => window.boardsolve.state.play.cur.coach.moves[d]));
    if (i === 2) await page.click(tid('dir-' + dir));
    else await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[dir]);
    await page.waitForFunction(k => {
      const e = document.querySelector('[data-testid="coach-best"]');
      return Number(e.dataset.left) === k && e.dataset.best;
    }, K - i);
    const before = now;
    now = await best();
    const last = await page.$eval(tid('coach-last'), e => ({ before: e.dataset.before, after: e.dataset.after, text: e.textContent }));
    assert.equal(last.before, before.best, 'the best before the move');
    assert.equal(last.after, now.best, 'the best after the move');
    if (last.before !== last.after) assert.match(last.text, new RegExp(`gives up ${last.before} → ${last.after}`));
  }
  assert.equal(now.left, K - 3);
  assert.equal(now.best, solveCli('2048', now.input, ['--moves', String(K - 3)]).trim(), 'best after three moves = solve --moves K-3');
  await page.click(tid('hint'));
  assert.match(await page.textContent(tid('coach-note')), /The engine plays (up|down|left|right)/);
  await page.click(tid('undo'));
  await page.waitForFunction(k => Number(document.querySelector('[data-testid="coach-best"]').dataset.left) === k, K - 2);
  await shot(page, 'desktop-2048-play.png');

  // Checked.
  await mode(page, 'solution');
  const powers = Array.from({ length: 16 }, (_, k) => 2 ** (k + 1));
  await checkRightAndWrong(page, '12100', powers);
  noProblems('2048');
  await page.close();
});

// ---- yut ------------------------------------------------------------------------------
test('yut (17825): paste, edit, solve, coach, check', async () => {
  const page = await open(desktop, '', 'yut');
  const s1 = await choose(page, '17825');
  assert.equal(firstWord(s1), solveCli('17825', await currentInput(page)).trim());
  const pasted = '5 1 2 3 4 5 5 3 2 4\n';
  assert.equal(firstWord(await paste(page, pasted)), '214');
  assert.equal(firstWord(await page.textContent(tid('answer'))), solveCli('17825', pasted).trim());

  await mode(page, 'edit');
  await page.selectOption(tid('die-1'), '3');
  const edited = '5 3 2 3 4 5 5 3 2 4\n';
  assert.equal(firstWord(await solved(page, edited)), solveCli('17825', edited).trim());

  await mode(page, 'solution');
  const data = jsonCli('17825', edited);
  const whyRows = await page.$$eval(`${tid('why')} tr`, rs => rs.length);
  assert.equal(whyRows, data.moves[0].alternatives.length);
  await page.click(tid('next'));
  await page.click(tid('next'));
  await shot(page, 'desktop-yut-solution.png');

  // Played along the optimal line: every option's total against the
  // CLI's alternatives, the first move by clicking the piece on the board.
  await mode(page, 'play');
  for (let turn = 0; turn < 3; turn++) {
    await page.waitForFunction(k => {
      const s = window.boardsolve.state.play;
      return s && s.cur.turn === k && s.cur.coach;
    }, turn);
    const m = data.moves[turn];
    for (let piece = 1; piece <= 4; piece++) {
      const alt = m.alternatives.find(a => a.piece === piece);
      const b = await page.$eval(tid(`yut-option-${piece}`), e => ({ total: e.dataset.total, disabled: e.disabled }));
      if (alt) assert.equal(Number(b.total), alt.total, `turn ${turn + 1}, piece ${piece}`);
      else assert.ok(b.disabled, `turn ${turn + 1}, piece ${piece} cannot move`);
    }
    const best = await page.$eval(tid('coach-best'), e => Number(e.dataset.total));
    assert.equal(best, data.max, 'the best total along the optimal line');
    if (turn === 0) await page.click(`${tid(`piece-${m.piece}`)}`);
    else await page.click(tid(`yut-option-${m.piece}`));
  }
  await page.waitForFunction(() => window.boardsolve.state.play.cur.turn === 3 && window.boardsolve.state.play.cur.coach);
  assert.match(await page.textContent(tid('coach-last')), /keeps the best total/);
  // A worse choice: its cost is the difference of totals.
  const worse = await page.evaluate(() => {
    const c = window.boardsolve.state.play.cur.coach;
    const k = c.options.findIndex(o => o && o.best < c.best);
    return k < 0 ? null : { k, lost: c.best - c.options[k].best };
  });
  if (worse) {
    await page.click(tid(`yut-option-${worse.k + 1}`));
    await page.waitForFunction(() => window.boardsolve.state.play.cur.turn === 4);
    assert.equal(await page.$eval(tid('coach-last'), e => Number(e.dataset.lost)), worse.lost);
    await page.click(tid('undo'));
  }
  await page.click(tid('hint'));
  assert.match(await page.textContent(tid('coach-note')), /The engine moves piece \d/);
  await shot(page, 'desktop-yut-play.png');

  await mode(page, 'solution');
  const around = Array.from({ length: 200 }, (_, k) => data.max - 100 + k).filter(x => x >= 0);
  await checkRightAndWrong(page, '17825', around);
  noProblems('yut');
  await page.close();
});

// ---- tromino --------------------------------------------------------------------------
test('tromino (14601, tromino): paste, edit, solve, placement coach, check', async () => {
  const page = await open(desktop, '', 'tromino');
  await choose(page, '14601');
  const pasted = '3\n2 2\n';
  const text = await paste(page, pasted);
  const want = solveCli('14601', pasted);
  assert.equal(firstWord(text), firstWord(want));
  assert.equal((await page.textContent(`${tid('answer')} pre`)).trim(), want.trim());
  assert.match(text, /21 trominoes/);

  await choose(page, 'tromino');
  await mode(page, 'edit');
  await page.fill(tid('tromino-n'), '8');
  await page.press(tid('tromino-n'), 'Tab');
  await page.waitForFunction(() => window.boardsolve.state.model && window.boardsolve.state.model.n === 8);
  await page.click('#board [data-cell="5,6"]');
  const edited = '8 5 6\n';
  const got = await solved(page, edited);
  const cliOut = solveCli('tromino', edited);
  assert.equal(firstWord(got), firstWord(cliOut));
  assert.equal((await page.textContent(`${tid('answer')} pre`)).trim(), cliOut.trim());

  await mode(page, 'solution');
  await page.click(tid('next'));
  await page.click(tid('next'));
  await shot(page, 'desktop-tromino-solution.png');

  // Placed by hand: tromino 2 first is refused (a later tile), then 1, 2, 3.
  const data = jsonCli('tromino', edited);
  await mode(page, 'play');
  const place = async tile => { for (const [r, c] of tile.cells) await page.click(`#board [data-cell="${r},${c}"]`); };
  await place(data.tiles[1]);
  assert.match(await page.textContent(tid('coach-note')), new RegExp(`tromino ${data.tiles[1].number}, placed later; the next is tromino 1`));
  // Not an L.
  const [r0, c0] = data.tiles[0].cells[0];
  const far = data.tiles.find(t => t.cells.every(([r, c]) => Math.abs(r - r0) > 2 || Math.abs(c - c0) > 2));
  await page.click(`#board [data-cell="${r0},${c0}"]`);
  await page.click(`#board [data-cell="${far.cells[0][0]},${far.cells[0][1]}"]`);
  await page.click(`#board [data-cell="${far.cells[1][0]},${far.cells[1][1]}"]`);
  assert.match(await page.textContent(tid('coach-note')), /not an L/);
  for (let k = 0; k < 3; k++) {
    await place(data.tiles[k]);
    assert.equal(await page.$eval(tid('placed'), e => Number(e.dataset.placed)), k + 1);
    assert.match(await page.textContent(tid('coach-note')), new RegExp(`that is tromino ${data.tiles[k].number}`));
  }
  await page.click(tid('hint'));
  assert.match(await page.textContent(tid('coach-note')), new RegExp(`Next comes tromino ${data.tiles[3].number}`));
  await shot(page, 'desktop-tromino-play.png');
  await page.click(tid('undo'));
  assert.equal(await page.$eval(tid('placed'), e => Number(e.dataset.placed)), 2);

  await mode(page, 'solution');
  assert.equal((await checkAnswer(page, cliOut)).verdict, 'accepted');
  const rows = cliOut.trim().split('\n');
  const wrongOut = [rows[1], rows[0], ...rows.slice(2)].join('\n') + '\n';
  const r = await checkAnswer(page, wrongOut);
  assert.equal(r.verdict, 'wrong');
  noProblems('tromino');
  await page.close();
});

// ---- footholds ------------------------------------------------------------------------
test('footholds (92345): paste, edit, solve, play against the engine, check', async () => {
  const page = await open(desktop, '', 'footholds');
  const s1 = await choose(page, '92345');
  assert.equal(firstWord(s1), solveCli('92345', await currentInput(page)).trim());
  const pasted = '[[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]] [0, 0] [3, 3]\n';
  assert.equal(firstWord(await paste(page, pasted)), solveCli('92345', pasted).trim());

  await mode(page, 'edit');
  await page.click(tid('fh-1-2'));
  const edited = '[[1, 1, 1, 1], [1, 1, 0, 1], [1, 1, 1, 1], [1, 1, 1, 1]] [0, 0] [3, 3]\n';
  assert.equal(firstWord(await solved(page, edited)), solveCli('92345', edited).trim());
  await page.click(tid('fh-tool-B'));
  await page.click(tid('fh-3-2'));
  const moved = '[[1, 1, 1, 1], [1, 1, 0, 1], [1, 1, 1, 1], [1, 1, 1, 1]] [0, 0] [3, 2]\n';
  assert.equal(firstWord(await solved(page, moved)), solveCli('92345', moved).trim());

  await mode(page, 'solution');
  const data = jsonCli('92345', moved);
  assert.equal(await page.$$eval(`${tid('why')} tr`, rs => rs.length), data.line[0].alternatives.length);
  await page.click(tid('next'));
  await shot(page, 'desktop-footholds-solution.png');

  // Played as A: at each of our turns the outcome shown is the CLI's on
  // the position with the mover as A; we stall (the option lasting longest).
  await mode(page, 'play');
  const outcome = async () => {
    await page.waitForFunction(() => {
      const e = document.querySelector('[data-testid="coach-outcome"]');
      return e && (e.dataset.position || e.dataset.over);
    }, null, { timeout: 20000 });
    return page.$eval(tid('coach-outcome'), e => ({ ...e.dataset, text: e.textContent }));
  };
  let played = 0;
  for (; played < 3; played++) {
    const o = await outcome();
    if (o.over) break;
    const cliPlay = jsonCli('footholds', o.position);
    assert.equal(Number(o.moves), cliPlay.moves, `moves left at our move ${played + 1}`);
    assert.equal(o.winner === 'mover' ? 'A' : 'B', cliPlay.winner, `winner at our move ${played + 1}`);
    assert.match(o.text, o.winner === 'mover' ? new RegExp(`you win in ${o.moves}`) : new RegExp(`you lose in ${o.moves}`));
    const to = await page.evaluate(() => {
      const opts = window.boardsolve.state.play.cur.coach.options;
      return opts.reduce((a, b) => (b.moves > a.moves ? b : a)).to;
    });
    const count = await page.evaluate(() => window.boardsolve.state.play.cur.count);
    await page.click(tid(`fh-${to[0]}-${to[1]}`));
    // The engine answers (or the game is over).
    await page.waitForFunction(c => {
      const p = window.boardsolve.state.play;
      return p.over || (p.cur.count === c + 2 && p.cur.coach);
    }, count, { timeout: 20000 });
  }
  assert.equal(played, 3, 'three of our moves, each answered by the engine');
  await shot(page, 'desktop-footholds-play.png');
  await page.click(tid('undo'));
  // As B: the engine opens.
  await page.click(tid('side-B'));
  const ob = await outcome();
  if (!ob.over) {
    const cliPlay = jsonCli('footholds', ob.position);
    assert.equal(Number(ob.moves), cliPlay.moves);
    await page.click(tid('hint'));
    assert.match(await page.textContent(tid('coach-note')), /The engine steps to/);
  }

  await mode(page, 'solution');
  await checkRightAndWrong(page, '92345', Array.from({ length: 40 }, (_, k) => k));
  noProblems('footholds');
  await page.close();
});

// ---- a deep search stopped ------------------------------------------------------------
test('2048: a deep search shows its progress, stops with proven bounds, and the time limit', async () => {
  // A dense 20x20 board, K = 20, on canonical 2048.
  let seed = 12345;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  const rows = Array.from({ length: 20 }, () => Array.from({ length: 20 }, () => 2 ** (1 + (rand() >> 8) % 10)).join(' '));
  const input = '20\n' + rows.join('\n') + '\n';
  const page = await open(desktop, '#2048/' + encodeURIComponent(input) + '/moves=20', 'deep');
  assert.equal(await page.$eval(tid('moves'), e => e.value), '20');
  await page.waitForFunction(() => document.querySelector('[data-testid="progress"]').dataset.best, null, { timeout: 15000 });
  const t0 = Date.now();
  await page.evaluate(() => 1);
  assert.ok(Date.now() - t0 < 1000, 'the page answers while the engine searches');
  await page.waitForTimeout(2000);
  assert.ok(await page.isVisible(tid('stop')));
  await page.click(tid('stop'));
  await page.waitForSelector(tid('bounds'), { state: 'visible' });
  const b = await page.$eval(tid('bounds'), e => ({ lower: e.dataset.lower, upper: e.dataset.upper, text: e.textContent }));
  const last = await page.evaluate(() => window.boardsolve.state.progress);
  assert.equal(b.lower, last.best);
  assert.match(b.text, new RegExp(`at least ${b.lower}`));
  if (last.upper !== null) assert.match(b.text, new RegExp(`at most ${last.upper}`));
  else assert.match(b.text, /no upper bound proven yet/);
  // Block values: powers of two no smaller than the board's largest block.
  const isPower = x => /^\d+$/.test(x) && (BigInt(x) & (BigInt(x) - 1n)) === 0n;
  assert.ok(isPower(b.lower) && BigInt(b.lower) >= 1024n, `the lower bound ${b.lower} is a block`);
  if (last.upper !== null) assert.ok(isPower(last.upper) && BigInt(last.upper) >= BigInt(b.lower), `the upper bound ${last.upper}`);
  assert.ok(await page.isHidden(tid('stop')));
  await shot(page, 'desktop-2048-stopped.png');

  // The time limit: an `unfinished` answer with the same bounds.
  await page.fill(tid('time-limit'), '1');
  await page.click(tid('solve'));
  await page.waitForFunction(() => window.boardsolve.state.bounds && window.boardsolve.state.bounds.why === 'time', null, { timeout: 20000 });
  const tb = await page.$eval(tid('bounds'), e => ({ lower: e.dataset.lower, text: e.textContent }));
  assert.match(tb.text, /time limit/);
  assert.match(tb.text, new RegExp(`at least ${tb.lower}`));
  const native = cli(['solve', '2048', '--moves', '20', '--time-limit', '1s'], input);
  assert.equal(native.code, 3, 'the CLI stops there too');

  // The fresh worker solves at once.
  await page.fill(tid('time-limit'), '');
  await page.fill(tid('input'), '3\n2 2 2\n4 4 4\n8 8 8\n');
  await page.click(tid('load'));
  assert.equal(firstWord(await solved(page, '3\n2 2 2\n4 4 4\n8 8 8\n')), '16');
  assert.equal(page.wasmFetches, 1, 'the fresh workers reuse the compiled module');
  noProblems('deep');
  await page.close();
});

// ---- the fragment, the language, the phone --------------------------------------------
test('the URL fragment solves at once and follows hashchange', async () => {
  const page = await open(desktop, '#12100/3%0A2%202%202%0A4%204%204%0A8%208%208%0A', 'hash');
  assert.equal(firstWord(await solved(page, '3\n2 2 2\n4 4 4\n8 8 8\n')), '16');
  const dice = '5 5 5 5 5 5 5 5 5 5\n';
  await page.evaluate(d => { location.hash = '#17825/' + encodeURIComponent(d); }, dice);
  assert.equal(firstWord(await solved(page, dice)), solveCli('17825', dice).trim());
  assert.equal(await page.$eval(tid('puzzle'), s => s.value), '17825');
  await page.goBack();
  assert.equal(firstWord(await solved(page, '3\n2 2 2\n4 4 4\n8 8 8\n')), '16');
  // 12094 (K = 10) by its link, and K edited on canonical 2048: in the link too.
  const board = '4\n2 0 2 4\n4 4 8 8\n2 2 2 2\n16 0 16 0\n';
  await page.evaluate(b => { location.hash = '#12094/' + encodeURIComponent(b); }, board);
  assert.equal(firstWord(await solved(page, board)), solveCli('12094', board).trim());
  assert.equal(await page.$eval(tid('moves'), e => e.value), '10');
  await page.evaluate(b => { location.hash = '#2048/' + encodeURIComponent(b); }, board);
  await solved(page, board);
  await page.fill(tid('moves'), '2');
  await page.press(tid('moves'), 'Enter');
  await page.waitForFunction(() => location.hash.endsWith('/moves=2'));
  assert.equal(firstWord(await solved(page, board)), solveCli('2048', board, ['--moves', '2']).trim());
  assert.match(await page.textContent(tid('answer')), /within 2 moves/);
  noProblems('hash');
  await page.close();
});

test('the language switch is remembered', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await open(context, '', 'lang');
  assert.equal(await page.textContent('[data-i18n="problem"]'), 'Problem');
  await page.click(tid('lang'));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  assert.equal(await page.textContent('[data-i18n="problem"]'), '문제');
  await solved(page);
  await shot(page, 'desktop-korean.png');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.textContent('[data-i18n="problem"]'), '문제');
  assert.match(await page.textContent(tid('mode-play')), /직접/);
  await page.click(tid('lang'));
  assert.equal(await page.textContent('[data-i18n="problem"]'), 'Problem');
  noProblems('lang');
  await context.close();
});

test('a phone: 390x844, every puzzle, a swipe', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  const cases = [
    ['2048', '#12100/' + encodeURIComponent('4\n2 2 4 8\n0 4 0 4\n2 0 2 16\n8 8 4 4\n')],
    ['yut', '#17825/' + encodeURIComponent('5 1 2 3 4 5 5 3 2 4\n')],
    ['tromino', '#14601/' + encodeURIComponent('3\n2 2\n')],
    ['footholds', '#92345/' + encodeURIComponent('[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n')],
  ];
  for (const [name, hash] of cases) {
    const page = await open(context, hash, 'phone-' + name);
    await solved(page);
    if (name === 'yut' || name === 'tromino') { await page.click(tid('next')); await page.click(tid('next')); }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${name}: the page is ${width} px wide on a 390 px screen`);
    await shot(page, `phone-${name}.png`);
    if (name === '2048') {
      await mode(page, 'play');
      await page.waitForFunction(() => window.boardsolve.state.play && window.boardsolve.state.play.cur.coach);
      const box = await page.$eval('#board .grid2048', e => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
      await page.evaluate(({ x, y }) => {
        const target = document.querySelector('#board .grid2048');
        const touch = (cx, cy) => new Touch({ identifier: 1, target, clientX: cx, clientY: cy });
        target.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(x, y)], changedTouches: [touch(x, y)], bubbles: true }));
        target.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(x - 80, y + 5)], bubbles: true }));
      }, box);
      await page.waitForFunction(() => window.boardsolve.state.play.cur.left === 4 && window.boardsolve.state.play.cur.coach);
      assert.match(await page.textContent(tid('coach-last')), /left/);
      await shot(page, 'phone-2048-play.png');
    }
    noProblems('phone-' + name);
    await page.close();
  }
  await context.close();
});

test('a trap in the module is an error response, and the worker carries on', async () => {
  const page = await desktop.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(base + 'trap/index.html');
  await page.waitForSelector(tid('error'), { state: 'visible', timeout: 20000 });
  assert.match(await page.textContent(tid('error')), /^the engine stopped: /);
  for (let k = 0; k < 2; k++) {
    const r = await page.evaluate(() => window.boardsolve.call({ op: 'entries' }));
    assert.equal(r.error.kind, 'bug');
    assert.match(r.error.message, /unreachable/);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
