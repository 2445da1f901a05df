// The real-browser test of `boardsolve solve PUZZLE --html FILE`: every
// puzzle's page is opened in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core), and the board shown at every step, reached by
// the keyboard, by the buttons and by the move list, is compared with the
// `--json` data of the same instance. Any console error, page error or
// network request fails the test. Screenshots go to tests/browser/output/.
//
// Run from the repository: npm ci --prefix tests/browser && npm test --prefix tests/browser
// BOARDSOLVE_BIN names a built binary; otherwise `cargo build --release` runs first.
'use strict';
const { chromium } = require('playwright-core');
const { execFileSync } = require('node:child_process');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(__dirname, 'output');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function binary() {
  if (process.env.BOARDSOLVE_BIN) return path.resolve(process.env.BOARDSOLVE_BIN);
  execFileSync('cargo', ['build', '--release', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  return path.join(ROOT, 'target', 'release', 'boardsolve');
}

// Each case: a puzzle, its input, and how to read the board the page shows
// and the board the JSON says for step i.
const CASES = [
  { puzzle: '2048', input: '4\n2 2 4 8\n0 4 0 4\n2 0 2 16\n8 8 4 4\n', args: ['--moves', '6'] },
  { puzzle: '2048', input: '2\n9223372036854775808 9223372036854775808\n0 0\n', args: ['--moves', '1'], name: '2048-big' },
  { puzzle: 'yut', input: fs.readFileSync(path.join(ROOT, 'examples/yut/sample.in'), 'utf8') },
  { puzzle: 'yut', input: '5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5\n', name: 'yut-unused' },
  { puzzle: 'tromino', input: '8 1 2\n' },
  { puzzle: 'tromino', input: '10 4 7\n', name: 'tromino-general' },
  { puzzle: 'tromino', input: '256 100 3\n', name: 'tromino-static', static: true },
  { puzzle: 'footholds', input: fs.readFileSync(path.join(ROOT, 'examples/footholds/sample.in'), 'utf8') },
  { puzzle: 'footholds', input: '[[1, 1, 1, 1], [1, 1, 1, 1], [1, 0, 1, 1]] [0, 0] [2, 3]', name: 'footholds-4x3' },
  // Lines without a single move: the player has only the start to show.
  { puzzle: '2048', input: '2\n2 2\n2 2\n', args: ['--moves', '0'], name: '2048-no-move' },
  { puzzle: 'footholds', input: '[[1]] [0, 0] [0, 0]', name: 'footholds-no-move' },
  { puzzle: 'tromino', input: '1 0 0\n', name: 'tromino-one-cell' },
];

// The board the JSON says for step i, in the form `shown` reads from the page.
const EXPECTED = {
  '2048'(data, i) {
    return {
      values: data.boards[i].flat().map(v => (v === 0 ? '0' : BigInt(v).toString())),
      merged: i === 0 ? [] : data.merged[i - 1].map(rc => rc[0] * data.boards[0].length + rc[1]).sort((a, b) => a - b),
    };
  },
  yut(data, i) {
    const at = ['start', 'start', 'start', 'start'];
    for (const m of data.moves.slice(0, i)) at[m.piece - 1] = m.to;
    return { at, score: i === 0 ? 0 : data.moves[i - 1].total };
  },
  tromino(data, i) {
    return { tiles: data.tiles.slice(0, i).map(t => t.number), cells: 3 * i };
  },
  footholds(data, i) {
    const s = i === 0 ? data : data.line[i - 1];
    const cells = [];
    s.board.forEach((row, r) => row.forEach((f, c) => {
      const who = (s.aloc[0] === r && s.aloc[1] === c ? 'A' : '') + (s.bloc[0] === r && s.bloc[1] === c ? 'B' : '');
      cells.push(f + who);
    }));
    return { cells };
  },
};

// The board the page shows (runs in the page).
const SHOWN = {
  '2048': () => {
    const tiles = [...document.querySelectorAll('#stage .tile')];
    return {
      values: tiles.map(t => t.dataset.value),
      merged: tiles.map((t, k) => (t.classList.contains('merged') ? k : -1)).filter(k => k >= 0),
    };
  },
  yut: () => ({
    at: [...document.querySelectorAll('#stage .piece')].map(p => p.dataset.at),
    score: Number(/Score so far: (\d+)/.exec(document.getElementById('about').textContent)[1]),
  }),
  tromino: () => ({
    tiles: [...document.querySelectorAll('#stage .tile')].map(t => Number(t.dataset.tile)),
    cells: document.querySelectorAll('#stage .tile rect').length,
  }),
  footholds: () => ({
    cells: [...document.querySelectorAll('#stage .cell')].map(c => c.dataset.foothold + c.dataset.player),
  }),
};

async function expectStep(page, c, data, i, how) {
  const step = await page.$eval('#stage', s => Number(s.dataset.step));
  assert.equal(step, i, `${c.name}: ${how} should show step ${i}`);
  const shown = await page.evaluate(SHOWN[c.puzzle]);
  assert.deepEqual(shown, EXPECTED[c.puzzle](data, i), `${c.name}: step ${i} by ${how}`);
  const status = await page.textContent('#status');
  assert.equal(status, `step ${i} of ${stepsOf(c, data)}`);
}

function stepsOf(c, data) {
  switch (c.puzzle) {
    case 'tromino': return data.tiles.length;
    case 'footholds': return data.line.length;
    default: return data.moves.length;
  }
}

async function checkPage(context, bin, c, tmp) {
  c.name = c.name || c.puzzle;
  const input = path.join(tmp, c.name + '.in');
  fs.writeFileSync(input, c.input);
  const file = path.join(tmp, c.name + '.html');
  const started = process.hrtime.bigint();
  const big = { maxBuffer: 1 << 28 };
  execFileSync(bin, ['solve', c.puzzle, ...(c.args || []), '--html', file, input], big);
  const millis = Number(process.hrtime.bigint() - started) / 1e6;
  const html = fs.readFileSync(file, 'utf8');
  const json = JSON.parse(execFileSync(bin, ['solve', c.puzzle, ...(c.args || []), '--json', input], { ...big, encoding: 'utf8' }));

  // The file itself: self-contained, the data as --json prints it, not yet drawn.
  assert.ok(!html.includes('data-rendered'), `${c.name}: the file must not say it is drawn`);
  for (const url of html.match(/https?:\/\/[^\s"'<>)]*/g) || []) {
    assert.equal(url, 'http://www.w3.org/2000/svg', `${c.name}: network reference ${url}`);
  }
  const embedded = /<script type="application\/json" id="boardsolve-data">([^<]*)<\/script>/.exec(html);
  assert.ok(embedded, `${c.name}: the data element`);
  assert.deepEqual(JSON.parse(embedded[1]), json, `${c.name}: embedded data equals --json`);

  const page = await context.newPage();
  const problems = [];
  page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  page.on('request', r => { if (!r.url().startsWith('file:')) problems.push(`network request: ${r.url()}`); });
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('file://' + file);
  await page.waitForSelector('body[data-rendered="true"]', { timeout: 10000 });

  if (c.static) {
    assert.equal(await page.$('#forward'), null, `${c.name}: no player above n = 64`);
    assert.ok(await page.$('#stage canvas'), `${c.name}: the static picture`);
    await page.screenshot({ path: path.join(OUT, c.name + '.png'), fullPage: true });
  } else {
    const last = stepsOf(c, json);
    await expectStep(page, c, json, 0, 'loading');
    // Keyboard: forward to the end, one further does nothing, back to the start.
    for (let i = 1; i <= last; i++) {
      await page.keyboard.press('ArrowRight');
      await expectStep(page, c, json, i, 'ArrowRight');
    }
    await page.keyboard.press('ArrowRight');
    await expectStep(page, c, json, last, 'ArrowRight at the end');
    for (let i = last - 1; i >= 0; i--) {
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, c, json, i, 'ArrowLeft');
    }
    await page.keyboard.press('End');
    await expectStep(page, c, json, last, 'End');
    await page.keyboard.press('Home');
    await expectStep(page, c, json, 0, 'Home');
    // Buttons.
    for (let i = 1; i <= last; i++) {
      await page.click('#forward');
      await expectStep(page, c, json, i, 'the forward button');
    }
    for (let i = last - 1; i >= 0; i--) {
      await page.click('#back');
      await expectStep(page, c, json, i, 'the back button');
    }
    // At the start, back and start are off; at the end, forward and end.
    const disabled = () => page.evaluate(() => ['#first', '#back', '#forward', '#last']
      .map(id => document.querySelector(id).disabled));
    if (last === 0) {
      assert.deepEqual(await disabled(), [true, true, true, true], `${c.name}: nothing to step to`);
    } else {
      assert.deepEqual(await disabled(), [true, true, false, false], `${c.name}: buttons at the start`);
      await page.click('#last');
      await expectStep(page, c, json, last, 'the end button');
      assert.deepEqual(await disabled(), [false, false, true, true], `${c.name}: buttons at the end`);
      await page.click('#first');
      await expectStep(page, c, json, 0, 'the start button');
    }
    // The move list, in reverse.
    for (let i = last; i >= 0; i -= Math.max(1, Math.floor(last / 7))) {
      await page.click(`#moves button[data-step="${i}"]`);
      await expectStep(page, c, json, i, 'the move list');
    }
    if (c.puzzle === 'tromino') {
      const k = Math.floor(last / 2);
      await page.fill('#slider', String(k));
      await expectStep(page, c, json, k, 'the slider');
    }
    const middle = Math.ceil(last / 2);
    await page.click(`#moves button[data-step="${middle}"]`);
    await page.screenshot({ path: path.join(OUT, c.name + '.png'), fullPage: true });
    // A phone-sized window: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `${c.name}: ${wide} px wide on a 390 px screen`);
    await page.screenshot({ path: path.join(OUT, c.name + '-phone.png'), fullPage: true });
  }
  assert.deepEqual(problems, [], `${c.name}: console errors, page errors or network requests`);
  await page.close();
  return { name: c.name, bytes: html.length, millis };
}

async function main() {
  const bin = binary();
  fs.mkdirSync(OUT, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'boardsolve-browser-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'boardsolve-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  let failed = 0;
  try {
    for (const c of CASES) {
      try {
        const r = await checkPage(context, bin, c, tmp);
        console.log(`ok   ${r.name}: ${r.bytes} bytes, written in ${r.millis.toFixed(0)} ms`);
      } catch (e) {
        failed += 1;
        console.log(`FAIL ${c.name || c.puzzle}: ${e.message}`);
      }
    }
  } finally {
    await context.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(failed === 0 ? `all ${CASES.length} pages passed; screenshots in ${OUT}` : `${failed} of ${CASES.length} pages failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch(e => { console.error(e); process.exitCode = 1; });
