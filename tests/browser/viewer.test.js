// The real-browser test of `boardsolve solve PUZZLE --html FILE`: every
// puzzle's page is opened in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core), and the board shown at every step, reached by
// the keyboard, by the buttons and by the move list, is compared with the
// `--json` data of the same instance. Any console error, page error or
// network request fails the test. Then the largest boards each puzzle's
// page takes, at 375 px and 1200 px wide: every number on one line inside
// its cell (or left out, with its value in a tooltip), the current step in
// view of the move list at every step with the page itself not scrolled,
// and Play running to the end and Pause stopping it. Screenshots go to
// tests/browser/output/ (ignored by git).
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
    cells: [...document.querySelectorAll('#stage .tile')].reduce((a, t) => a + (t.tagName === 'path' ? 3 : t.querySelectorAll('rect').length), 0),
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

  {
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

// The largest boards: 2048 64×64 and a 20×20 board of numbers of 1 to 19
// digits, footholds 8×8 and 6×6, tromino n = 256 (the largest --html
// takes: 21845 steps, stepped one by one over the first 300 only), 64 (the
// largest with numbers) and 32, yut with 84 dice (also at 320 px, its
// labels and piece numbers at least 7 px).
function digitsBoard(n) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    // Two blocks 2^62 side by side: the line's one move makes 2^63.
    rows.push(Array.from({ length: n }, (_, c) => (2n ** BigInt(r === 0 && c < 2 ? 62 : 1 + (r * 7 + c * 3) % 61)).toString()).join(' '));
  }
  return n + '\n' + rows.join('\n') + '\n';
}
const LARGE = [
  { puzzle: '2048', gen: ['--n', '64', '--density', '1'], args: ['--moves', '10'], name: '2048-64x64' },
  { puzzle: '2048', gen: ['--n', '20', '--density', '1'], args: ['--moves', '10'], name: '2048-20x20' },
  { puzzle: '2048', input: digitsBoard(20), args: ['--moves', '2'], name: '2048-digits' },
  { puzzle: 'footholds', gen: ['--rows', '8', '--cols', '8', '--density', '1'], name: 'footholds-8x8' },
  { puzzle: 'footholds', gen: ['--rows', '6', '--cols', '6', '--density', '1'], name: 'footholds-6x6' },
  { puzzle: 'tromino', input: '256 100 3\n', name: 'tromino-256' },
  { puzzle: 'tromino', input: '64 5 9\n', name: 'tromino-64' },
  { puzzle: 'tromino', input: '32 0 31\n', name: 'tromino-32' },
  { puzzle: 'yut', gen: ['--dice', '84'], name: 'yut-84', widths: [1200, 375, 320] },
];

// In the page: every text the board shows, with the box it must lie in.
// Each text must be one line (a Range over it has one client rect) inside
// its cell, tromino or circle; a cell whose text is left out must carry its
// value in its label.
function checkFit() {
  const bad = [];
  let shown = 0; let left = 0;
  const stage = document.getElementById('stage');
  const pairs = [];
  for (const c of stage.querySelectorAll('[role=gridcell]')) {
    if (c.firstChild) pairs.push([c.firstChild, c]);
    else if (c.dataset.text) {
      left += 1;
      if (!c.classList.contains('unlabelled') || !c.getAttribute('aria-label').includes(c.dataset.text)) {
        bad.push('cell ' + c.dataset.index + ' left out without its value');
      }
    }
  }
  for (const t of stage.querySelectorAll('svg text')) {
    if (t.getClientRects().length === 0) { left += 1; continue; }
    // Tromino numbers lie in their tromino; yut's in the circle drawn before them.
    pairs.push([t.firstChild, t.closest('.tile') || t.previousElementSibling]);
  }
  for (const [text, box] of pairs) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const rects = range.getClientRects();
    const b = box.getBoundingClientRect();
    const r = rects[0];
    if (rects.length !== 1) bad.push(`"${text.textContent}": ${rects.length} lines`);
    else if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
      bad.push(`"${text.textContent}" (${r.left.toFixed(1)},${r.top.toFixed(1)})-(${r.right.toFixed(1)},${r.bottom.toFixed(1)}) outside ` +
        `(${b.left.toFixed(1)},${b.top.toFixed(1)})-(${b.right.toFixed(1)},${b.bottom.toFixed(1)})`);
    } else shown += 1;
  }
  const note = document.getElementById('fitnote');
  return { bad: bad.slice(0, 5), shown, left, note: note && !note.hidden ? note.textContent : null };
}

// Controls worked from inside the page: Playwright's own click and fill
// would first scroll the control into view, moving the page themselves.
function setControl([id, value, event]) {
  const c = document.getElementById(id);
  c.value = value;
  c.dispatchEvent(new Event(event, { bubbles: true }));
}
const press = (page, id) => page.evaluate(i => document.getElementById(i).click(), id);

// In the page: whether the current step's entry is in view of the move list.
function listInView() {
  const list = document.getElementById('moves');
  const cur = list.querySelector('[aria-current=step]');
  const l = list.getBoundingClientRect(); const r = cur.getBoundingClientRect();
  const top = l.top + list.clientTop;
  return { step: Number(cur.dataset.step), ok: r.top >= top - 0.5 && r.bottom <= top + list.clientHeight + 0.5, scrollY: window.scrollY };
}

async function expectFit(page, c, where) {
  const fit = await page.evaluate(checkFit);
  assert.deepEqual(fit.bad, [], `${c.name} ${where}: texts that do not fit`);
  assert.ok(fit.left === 0 || fit.note, `${c.name} ${where}: ${fit.left} texts left out without a note`);
  return fit;
}

async function checkLarge(context, bin, c, tmp) {
  const input = path.join(tmp, c.name + '.in');
  fs.writeFileSync(input, c.gen ? execFileSync(bin, ['gen', c.puzzle, '--seed', '1', ...c.gen]) : c.input);
  const file = path.join(tmp, c.name + '.html');
  const started = process.hrtime.bigint();
  execFileSync(bin, ['solve', c.puzzle, ...(c.args || []), '--html', file, input], { maxBuffer: 1 << 28 });
  const millis = Number(process.hrtime.bigint() - started) / 1e6;
  const bytes = fs.statSync(file).size;
  const page = await context.newPage();
  const problems = [];
  page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  page.on('request', r => { if (!r.url().startsWith('file:')) problems.push(`network request: ${r.url()}`); });
  const notes = [];
  for (const width of c.widths || [1200, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('file://' + file);
    await page.waitForSelector('body[data-rendered="true"]', { timeout: 20000 });
    const last = Number(/of (\d+)/.exec(await page.textContent('#status'))[1]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `${c.name}: ${wide} px wide on a ${width} px screen`);
    for (const i of new Set([0, Math.floor(last / 2), last])) {
      await page.evaluate(k => document.querySelector(`#moves button[data-step="${k}"]`).click(), i);
      const fit = await expectFit(page, c, `${width} px, step ${i}`);
      if (i === Math.floor(last / 2)) notes.push(`${width} px, step ${i}: ${fit.shown} shown, ${fit.left} left out`);
    }
    if (c.puzzle === 'yut' && width < 1200) {
      // Every label and piece number at least 7 px as rendered: its font
      // size times the board's scale, and its line box as tall.
      const small = await page.evaluate(() => {
        const pic = document.querySelector('#stage svg');
        const scale = pic.getBoundingClientRect().width / 720;
        return [...pic.querySelectorAll('text')].map(t => ({
          text: t.textContent, px: Number(t.getAttribute('font-size')) * scale,
          height: t.getBoundingClientRect().height,
        })).filter(t => t.px < 7 || t.height < 7);
      });
      assert.deepEqual(small, [], `${c.name}: texts under 7 px at ${width} px`);
    }
    await page.screenshot({ path: path.join(OUT, `${c.name}-${width}.png`), fullPage: true });
    if (width !== 375) continue;

    // A cell whose number is left out: its value on keyboard focus and on
    // hover, and the arrow keys move between cells, not steps.
    const hidden = await page.$('#stage [role=gridcell].unlabelled');
    if (hidden) {
      const label = await hidden.getAttribute('aria-label');
      await hidden.focus();
      assert.ok((await page.textContent('.tip')).endsWith(label), `${c.name}: the tooltip on focus`);
      assert.ok(await page.isVisible('.tip'), `${c.name}: the tooltip is shown on focus`);
      const step = await page.$eval('#stage', s => s.dataset.step);
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.$eval('#stage', s => s.dataset.step), step, `${c.name}: arrows in the board move the focus`);
      await page.evaluate(() => document.activeElement.blur());
      assert.ok(!(await page.isVisible('.tip')), `${c.name}: no tooltip after focus leaves`);
      const other = await page.$('#stage [role=gridcell].unlabelled');
      await other.hover();
      assert.ok((await page.textContent('.tip')).endsWith(await other.getAttribute('aria-label')), `${c.name}: the tooltip on hover`);
      await page.mouse.move(0, 0);
    }

    // The move list follows every step, by any control, and the page stays put:
    // scrolled so that the list is on the screen, as when reading it on a phone.
    await page.keyboard.press('Home');
    await page.evaluate(() => {
      const l = document.getElementById('moves').getBoundingClientRect();
      window.scrollTo(0, window.scrollY + l.top - 100);
    });
    const y = await page.evaluate(() => window.scrollY);
    // One by one over every step, or the first 300 of a long play.
    const stepped = await page.evaluate(([n, check]) => {
      const inView = new Function('return (' + check + ')()');
      const off = [];
      for (let i = 1; i <= n; i++) {
        document.getElementById('forward').click();
        const v = inView();
        if (v.step !== i || !v.ok) off.push(i);
      }
      for (let i = n - 1; i >= 0; i--) {
        document.getElementById('back').click();
        const v = inView();
        if (v.step !== i || !v.ok) off.push(i);
      }
      return { off: off.slice(0, 5), scrollY: window.scrollY };
    }, [Math.min(last, 300), listInView.toString()]);
    assert.deepEqual(stepped.off, [], `${c.name}: steps out of view of the move list (buttons)`);
    for (const key of ['End', 'Home', 'ArrowRight', 'ArrowRight', 'End', 'ArrowLeft']) {
      await page.keyboard.press(key);
      assert.ok((await page.evaluate(listInView)).ok, `${c.name}: the step after ${key} out of view`);
    }
    for (let i = last; i >= 0; i -= Math.max(1, Math.floor(last / 5))) {
      await page.evaluate(k => document.querySelector(`#moves button[data-step="${k}"]`).click(), i);
      const v = await page.evaluate(listInView);
      assert.ok(v.step === i && v.ok, `${c.name}: step ${i} clicked in the list out of view`);
    }
    if (await page.$('#slider')) {
      for (const k of [last, Math.floor(last / 3), 0]) {
        await page.evaluate(setControl, ['slider', String(k), 'input']);
        const v = await page.evaluate(listInView);
        assert.ok(v.step === k && v.ok, `${c.name}: step ${k} by the slider out of view`);
      }
    }
    assert.equal(await page.evaluate(() => window.scrollY), y, `${c.name}: the page scrolled`);
    assert.equal(stepped.scrollY, y, `${c.name}: the page scrolled while stepping`);

    // Play at the fastest speed runs to the end and stops there, the list
    // following; Pause (the button or the space bar) stops it.
    assert.ok(last > 0, `${c.name}: a play to play`);
    await page.keyboard.press('Home');
    await page.evaluate(setControl, ['speed', '10', 'change']);
    const playStarted = Date.now();
    await press(page, 'play');
    await page.waitForFunction(() => document.getElementById('play').dataset.playing === 'false', null, { timeout: 20000 });
    const played = Date.now() - playStarted;
    const end = await page.evaluate(listInView);
    assert.ok(end.step === last && end.ok, `${c.name}: Play stops at the end (${end.step} of ${last}), in view`);
    assert.equal(await page.textContent('#status'), `step ${last} of ${last}`);
    if (last >= 4) {
      await page.keyboard.press('Home');
      await page.evaluate(setControl, ['speed', '1', 'change']);
      await page.keyboard.press(' ');
      assert.equal(await page.$eval('#play', b => b.dataset.playing), 'true', `${c.name}: space plays`);
      await page.waitForFunction(() => Number(document.getElementById('stage').dataset.step) >= 1, null, { timeout: 5000 });
      await press(page, 'play');
      const paused = await page.$eval('#stage', s => Number(s.dataset.step));
      assert.equal(await page.$eval('#play', b => b.dataset.playing), 'false', `${c.name}: Pause`);
      await page.waitForTimeout(Math.min(1200, 2.5 * 10000 / last));
      assert.equal(await page.$eval('#stage', s => Number(s.dataset.step)), paused, `${c.name}: Pause stops the play`);
      assert.ok(paused < last, `${c.name}: paused before the end`);
      await page.keyboard.press(' ');
      assert.equal(await page.$eval('#play', b => b.dataset.playing), 'true', `${c.name}: space plays on`);
      await page.keyboard.press(' ');
      assert.equal(await page.$eval('#play', b => b.dataset.playing), 'false', `${c.name}: space pauses`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), y, `${c.name}: the page scrolled while playing`);
    notes.push(`played ${last} steps at 10x in ${played} ms`);
  }

  await page.setViewportSize({ width: 375, height: 800 });
  assert.deepEqual(problems, [], `${c.name}: console errors, page errors or network requests`);
  await page.close();
  return { name: c.name, bytes, millis, notes };
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
    for (const c of LARGE) {
      try {
        const r = await checkLarge(context, bin, c, tmp);
        console.log(`ok   ${r.name}: ${r.bytes} bytes, written in ${r.millis.toFixed(0)} ms; ${r.notes.join('; ')}`);
      } catch (e) {
        failed += 1;
        console.log(`FAIL ${c.name}: ${e.message}`);
      }
    }
  } finally {
    await context.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const all = CASES.length + LARGE.length;
  console.log(failed === 0 ? `all ${all} pages passed; screenshots in ${OUT}` : `${failed} of ${all} pages failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch(e => { console.error(e); process.exitCode = 1; });
