// The page: problem picker, board editors, solving in the worker, stepping
// through the optimal line, playing with the engine as coach, checking an
// answer. The instance lives in the URL fragment #JUDGE/INPUT.
import { Engine } from './engine.js';
import { t, lang, setLang, applyStatic } from './i18n.js';
import { parseInput, writeInput, footholdsLiteral, big } from './model.js';
import { el, board2048, boardYut, boardTromino, boardFootholds, PIECE_COLOURS } from './boards.js';

const $ = sel => document.querySelector(sel);
const DIRS = ['up', 'down', 'left', 'right'];
const KEY_DIRS = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const ARROWS = { up: '↑', down: '↓', left: '←', right: '→' };

const S = {
  entries: [],
  entry: null,
  puzzle: null,
  canon: null,
  input: '',
  model: null,
  moves: null,        // K chosen for canonical 2048 (null: the default)
  solve: null,        // {answer, play, explain}
  solving: false,
  progress: null,
  bounds: null,       // {lower, upper, why}
  error: null,
  mode: 'solution',
  step: 0,
  play: null,         // the play-mode state of the current puzzle
  layout: null,       // yut's squares
  samples: new Map(),
  killers: null,
  token: 0,
  autoplay: null,
  editTool: 'toggle', // footholds editor: toggle, A or B
};

const engine = new Engine({ onProgress: p => { if (S.solving) { S.progress = progressOf(p); renderProgress(); } } });

// The progress of a 2048 search as the page shows it: block values as
// decimal strings (the module reports blocks, exact in a double), upper
// null while none is proven.
function progressOf(p) {
  const value = x => BigInt(Math.round(x)).toString();
  return { best: p.best > 0 ? value(p.best) : '0', upper: p.upper >= 0 ? value(p.upper) : null,
    positions: p.positions, depth: p.depth };
}

function call(request) { return engine.call(request); }

// For the browser test and the curious: the engine, and the page's state.
window.boardsolve = { call, state: S };

// ---- the instance -----------------------------------------------------------
function K() {
  if (S.canon !== '2048') return null;
  return S.moves !== null && S.puzzle === '2048' ? S.moves : S.entry.moves;
}

function hashOf() {
  let h = '#' + S.puzzle + '/' + encodeURIComponent(S.input);
  if (S.puzzle === '2048' && S.moves !== null) h += '/moves=' + S.moves;
  return h;
}

function parseHash(hash) {
  const body = hash.replace(/^#/, '');
  const slash = body.indexOf('/');
  if (slash < 0) return null;
  const puzzle = decodeURIComponent(body.slice(0, slash));
  const parts = body.slice(slash + 1).split('/');
  let input;
  try { input = decodeURIComponent(parts[0]); } catch (e) { return null; }
  let moves = null;
  for (const p of parts.slice(1)) {
    const m = /^moves=(\d+)$/.exec(p);
    if (m) moves = Number(m[1]);
  }
  return { puzzle, input, moves };
}

function updateHash(push) {
  const h = hashOf();
  if (location.hash === h) return;
  if (push) history.pushState(null, '', h);
  else history.replaceState(null, '', h);
}

function setPuzzle(name) {
  const entry = S.entries.find(e => e.name === name);
  if (!entry) return false;
  S.puzzle = name;
  S.entry = entry;
  S.canon = entry.canonical;
  $('#puzzle').value = name;
  if (name !== '2048') S.moves = null;
  renderPicker();
  renderInstanceTools();
  return true;
}

// A new instance: draw it, put it in the URL, solve it.
function setInstance(input, { push = true, keepText = false, solve = true, keepBoard = false, killer = false } = {}) {
  S.input = input;
  S.model = parseInput(S.canon, S.puzzle, input);
  if (!keepText) $('#input').value = input;
  S.solve = null;
  S.error = null;
  S.bounds = null;
  S.step = 0;
  S.play = null;
  stopAutoplay();
  $('#verdict').replaceChildren();
  delete $('#verdict').dataset.verdict;
  if (!killer) { $('#killers').value = ''; $('#kills').replaceChildren(); }
  updateHash(push);
  if (S.mode === 'play') initPlay();
  render({ keepBoard });
  if (solve) runSolve();
}

async function loadSamples(puzzle) {
  if (S.samples.has(puzzle)) return S.samples.get(puzzle);
  if (S.solving) return [];
  const r = await call({ op: 'samples', puzzle });
  const list = r.ok || [];
  if (r.ok) S.samples.set(puzzle, list);
  return list;
}

async function choosePuzzle(name) {
  cancelSolve();
  if (!setPuzzle(name)) return;
  const samples = await loadSamples(name);
  renderInstanceTools();
  if (samples.length) setInstance(samples[0].input);
}

// ---- solving ----------------------------------------------------------------
function cancelSolve() {
  if (S.solving) {
    S.token++;
    S.solving = false;
    engine.stop();
  }
}

async function runSolve() {
  cancelSolve();
  const token = ++S.token;
  S.solving = true;
  S.progress = null;
  S.bounds = null;
  S.error = null;
  S.solve = null;
  renderAnswer();
  const request = { op: 'solve', puzzle: S.puzzle, input: S.input };
  if (S.canon === '2048' && S.puzzle === '2048' && S.moves !== null) request.moves = S.moves;
  const limit = parseFloat($('#time-limit').value);
  if (limit > 0) request.time_limit_ms = Math.round(limit * 1000);
  const started = performance.now();
  const r = await call(request);
  if (token !== S.token) return;
  S.solving = false;
  S.millis = performance.now() - started;
  if (r.stopped) {
    const p = S.progress;
    S.bounds = { lower: p ? p.best : null, upper: p ? p.upper : null, why: 'stopped' };
  } else if (r.error) {
    if (r.error.kind === 'unfinished') {
      S.bounds = { lower: r.error.lower, upper: r.error.upper, why: 'time' };
    } else {
      S.error = r.error;
    }
  } else {
    S.solve = r.ok;
    if (S.canon === 'yut' && !S.layout) await loadLayout();
  }
  render();
}

async function loadLayout() {
  const r = await call({ op: 'layout', puzzle: 'yut' });
  if (r.ok) S.layout = r.ok.squares || r.ok;
}

function stopSearch() {
  if (!S.solving) return;
  const p = S.progress;
  S.token++;
  S.solving = false;
  engine.stop();
  S.bounds = { lower: p ? p.best : null, upper: p ? p.upper : null, why: 'stopped' };
  render();
}

// ---- rendering ------------------------------------------------------------------
function render({ keepBoard = false } = {}) {
  // Keep the keyboard focus on the control it was on, if it is drawn again.
  const active = document.activeElement;
  const focusId = active && active.dataset && active.dataset.testid
    && ($('#board').contains(active) || $('#under').contains(active)) ? active.dataset.testid : null;
  renderPicker();
  renderModes();
  if (!keepBoard) renderBoard();
  renderUnder();
  if (focusId) {
    const again = document.querySelector(`[data-testid="${focusId}"]`);
    if (again) again.focus();
  }
  renderAnswer();
  renderPanel();
  renderExplain();
}

function renderPicker() {
  const sel = $('#puzzle');
  if (sel.options.length !== S.entries.length) {
    sel.replaceChildren(...S.entries.map(e => el('option', { value: e.name }, e.name)));
  }
  for (const o of sel.options) {
    const e = S.entries.find(x => x.name === o.value);
    o.textContent = e.name + ' — ' + t('canon_' + e.canonical) + (e.judge ? ' (' + e.judge + ')' : '');
  }
  if (S.puzzle) sel.value = S.puzzle;
  const movesBox = $('#moves-box');
  movesBox.hidden = S.canon !== '2048';
  if (S.canon === '2048') {
    const input = $('#moves');
    input.disabled = S.puzzle !== '2048';
    if (document.activeElement !== input) input.value = K();
  }
  $('#summary').textContent = S.entry ? t('rules_' + S.canon, { k: K() }) : '';
  $('#order-box').hidden = !(S.entry && S.entry.takes_order);
}

function renderModes() {
  for (const b of document.querySelectorAll('.modes button')) {
    const on = b.dataset.mode === S.mode;
    b.classList.toggle('on', on);
    b.setAttribute('aria-selected', on ? 'true' : 'false');
  }
  document.body.dataset.mode = S.mode;
  document.body.dataset.canon = S.canon || '';
}

function steps() {
  const p = S.solve && S.solve.play;
  if (!p) return 0;
  switch (S.canon) {
    case '2048': return p.moves.length;
    case 'yut': return p.moves.length;
    case 'tromino': return p.tiles.length;
    case 'footholds': return p.line.length;
    default: return 0;
  }
}

function renderBoard() {
  const box = $('#board');
  box.replaceChildren();
  box.dataset.step = S.step;
  if (!S.entry) return;
  if (S.mode === 'play') { box.append(playBoard()); return; }
  const p = S.solve && S.solve.play;
  const m = S.model;
  if (S.mode === 'solution' && p) { box.append(solutionBoard(p)); return; }
  if (!m) {
    box.append(el('p', { class: 'muted pad' }, t('noBoard')));
    return;
  }
  box.append(editBoard(m, S.mode === 'edit'));
}

function editBoard(m, editable) {
  switch (S.canon) {
    case '2048':
      return board2048(m.rows, { editable, label: t('boardLabel'), onEdit: (r, c, v) => {
        m.rows[r][c] = v; setInstance(writeInput(S.canon, S.puzzle, m), { push: false, keepBoard: true });
      } });
    case 'yut': {
      const wrap = el('div', { class: 'yut-edit' });
      if (S.layout) wrap.append(boardYut(S.layout, ['start', 'start', 'start', 'start'], { label: t('boardLabel') }));
      return wrap;
    }
    case 'tromino':
      return boardTromino(m.n, [m.row, m.col], [], { label: t('boardLabel'), onCell: editable ? (r, c) => {
        m.row = r; m.col = c; setInstance(writeInput(S.canon, S.puzzle, m), { push: false });
      } : null });
    case 'footholds':
      return boardFootholds(m.board, m.aloc, m.bloc, { label: t('boardLabel'), onCell: editable ? (r, c) => {
        if (S.editTool === 'A') m.aloc = [r, c];
        else if (S.editTool === 'B') m.bloc = [r, c];
        else m.board[r][c] = m.board[r][c] ? 0 : 1;
        setInstance(writeInput(S.canon, S.puzzle, m), { push: false });
      } : null });
    default: return el('div');
  }
}

function yutAt(p, i) {
  const at = ['start', 'start', 'start', 'start'];
  for (const mv of p.moves.slice(0, i)) at[mv.piece - 1] = mv.to;
  return at;
}

function fhState(p, i) { return i === 0 ? p : p.line[i - 1]; }

function solutionBoard(p) {
  const i = S.step;
  switch (S.canon) {
    case '2048': {
      const merged = i > 0 ? new Set(p.merged[i - 1].map(([r, c]) => r + ',' + c)) : null;
      return board2048(p.boards[i], { merged, label: t('stepOf', { i, n: steps() }) });
    }
    case 'yut':
      if (!S.layout) return el('p', { class: 'muted' }, '…');
      return boardYut(S.layout, yutAt(p, i), { moved: i > 0 ? p.moves[i - 1].to : null, label: t('stepOf', { i, n: steps() }) });
    case 'tromino':
      return boardTromino(p.n, p.hole, p.tiles.slice(0, i), { last: i, label: t('stepOf', { i, n: steps() }) });
    case 'footholds': {
      const s = fhState(p, i);
      return boardFootholds(s.board, s.aloc, s.bloc, { label: t('stepOf', { i, n: steps() }) });
    }
    default: return el('div');
  }
}

function renderUnder() {
  const box = $('#under');
  box.replaceChildren();
  if (S.mode === 'solution' && S.solve && S.solve.play) {
    const n = steps();
    box.append(el('div', { class: 'stepper' },
      el('button', { type: 'button', 'data-testid': 'first', 'aria-label': t('first'), onclick: () => goStep(0) }, '«'),
      el('button', { type: 'button', 'data-testid': 'prev', 'aria-label': t('prev'), onclick: () => goStep(S.step - 1) }, '◀'),
      el('span', { class: 'step', 'data-testid': 'step' }, t('stepOf', { i: S.step, n })),
      el('button', { type: 'button', 'data-testid': 'next', 'aria-label': t('next'), onclick: () => goStep(S.step + 1) }, '▶'),
      el('button', { type: 'button', 'data-testid': 'autoplay', 'aria-label': S.autoplay ? t('pause') : t('playLine'),
        'data-playing': S.autoplay ? 'true' : 'false', onclick: toggleAutoplay }, S.autoplay ? t('pause') : '▶ ' + t('playLine'))));
  } else if (S.mode === 'edit') {
    box.append(editTools());
  } else if (S.mode === 'play') {
    box.append(playControls());
  }
}

function goStep(i) {
  const n = steps();
  S.step = Math.max(0, Math.min(n, i));
  renderBoard();
  renderUnder();
  renderPanel();
}

function toggleAutoplay() {
  if (S.autoplay) { stopAutoplay(); renderUnder(); return; }
  if (S.step >= steps()) S.step = 0;
  S.autoplay = setInterval(() => {
    if (S.step >= steps()) { stopAutoplay(); renderUnder(); return; }
    goStep(S.step + 1);
  }, 700);
  renderUnder();
}

function stopAutoplay() { if (S.autoplay) clearInterval(S.autoplay); S.autoplay = null; }

function editTools() {
  const m = S.model;
  const wrap = el('div', { class: 'edit-tools row wrap' });
  const rebuild = model => setInstance(writeInput(S.canon, S.puzzle, model), { push: false });
  switch (S.canon) {
    case '2048': {
      const n = m ? m.n : 4;
      const size = el('input', { type: 'number', min: 1, max: 20, value: n, 'data-testid': 'size' });
      size.addEventListener('change', () => {
        const k = Math.max(1, Math.min(64, Number(size.value) || 1));
        const rows = [];
        for (let r = 0; r < k; r++) rows.push(Array.from({ length: k }, (_, c) => (m && m.rows[r] && m.rows[r][c]) || '0'));
        rebuild({ n: k, rows });
      });
      wrap.append(el('label', { class: 'field inline' }, el('span', {}, t('sizeN')), size),
        el('span', { class: 'muted' }, t('edit2048Hint')));
      break;
    }
    case 'yut': {
      const dice = m ? m.dice : [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
      const list = el('div', { class: 'dice row wrap', role: 'group', 'aria-label': t('dice') });
      dice.forEach((d, i) => {
        const sel = el('select', { 'data-testid': `die-${i}`, 'aria-label': t('dieN', { i: i + 1 }) },
          ...[1, 2, 3, 4, 5].map(v => el('option', { value: v, selected: v === d }, String(v))));
        sel.addEventListener('change', () => { const next = dice.slice(); next[i] = Number(sel.value); rebuild({ dice: next }); });
        list.append(sel);
      });
      wrap.append(el('span', { class: 'muted' }, t('dice')), list);
      if (S.puzzle === 'yut') {
        wrap.append(el('button', { type: 'button', 'data-testid': 'die-add', onclick: () => rebuild({ dice: dice.concat([1]) }) }, t('addDie')),
          el('button', { type: 'button', 'data-testid': 'die-remove', disabled: dice.length <= 1,
            onclick: () => rebuild({ dice: dice.slice(0, -1) }) }, t('removeDie')));
      }
      break;
    }
    case 'tromino': {
      const boj = S.puzzle !== 'tromino';
      const n = m ? m.n : 2;
      const size = el('input', { type: 'number', min: boj ? 1 : 1, max: boj ? 7 : 64,
        value: boj ? Math.round(Math.log2(n)) : n, 'data-testid': 'tromino-n' });
      size.addEventListener('change', () => {
        const v = Number(size.value) || 1;
        const nn = boj ? 2 ** Math.max(1, Math.min(10, v)) : Math.max(1, v);
        rebuild({ n: nn, row: Math.min(m ? m.row : 0, nn - 1), col: Math.min(m ? m.col : 0, nn - 1) });
      });
      wrap.append(el('label', { class: 'field inline' }, el('span', {}, boj ? t('sizeK') : t('sizeN')), size),
        el('span', { class: 'muted' }, t('editTrominoHint')));
      break;
    }
    case 'footholds': {
      const rows = m ? m.board.length : 3, cols = m ? m.board[0].length : 3;
      const rIn = el('input', { type: 'number', min: 1, max: 8, value: rows, 'data-testid': 'fh-rows' });
      const cIn = el('input', { type: 'number', min: 1, max: 8, value: cols, 'data-testid': 'fh-cols' });
      const resize = () => {
        const R = Math.max(1, Math.min(8, Number(rIn.value) || 1)), C = Math.max(1, Math.min(8, Number(cIn.value) || 1));
        const board = [];
        for (let r = 0; r < R; r++) board.push(Array.from({ length: C }, (_, c) => (m && m.board[r] && m.board[r][c] !== undefined ? m.board[r][c] : 1)));
        const clamp = l => [Math.min(l[0], R - 1), Math.min(l[1], C - 1)];
        rebuild({ board, aloc: clamp(m ? m.aloc : [0, 0]), bloc: clamp(m ? m.bloc : [R - 1, C - 1]) });
      };
      rIn.addEventListener('change', resize);
      cIn.addEventListener('change', resize);
      const tools = el('div', { class: 'seg', role: 'radiogroup', 'aria-label': t('tool') },
        ...['toggle', 'A', 'B'].map(tool => el('button', { type: 'button', role: 'radio', class: S.editTool === tool ? 'on' : '',
          'aria-checked': S.editTool === tool ? 'true' : 'false', 'data-testid': `fh-tool-${tool}`,
          onclick: () => { S.editTool = tool; renderUnder(); } }, t('tool_' + tool))));
      wrap.append(el('label', { class: 'field inline' }, el('span', {}, t('rows')), rIn),
        el('label', { class: 'field inline' }, el('span', {}, t('cols')), cIn), tools);
      break;
    }
    default: break;
  }
  return wrap;
}

function fmtCount(x) {
  if (x >= 1e9) return (x / 1e9).toFixed(1) + 'G';
  if (x >= 1e6) return (x / 1e6).toFixed(1) + 'M';
  if (x >= 1e3) return (x / 1e3).toFixed(1) + 'k';
  return String(Math.round(x));
}

function renderProgress() {
  const box = $('#progress');
  const stop = $('#stop');
  stop.hidden = !S.solving;
  if (!S.solving) { box.hidden = true; return; }
  box.hidden = false;
  const p = S.progress;
  box.textContent = p ? t('progress', { best: p.best, upper: p.upper !== null ? p.upper : t('none'),
    positions: fmtCount(p.positions) }) : t('solving');
  if (p) { box.dataset.best = p.best; box.dataset.upper = p.upper !== null ? p.upper : ''; }
}

function fmtNum(x) { return typeof x === 'number' && x >= 2 ** 53 ? BigInt(x).toString() : String(x); }

function renderAnswer() {
  const box = $('#answer');
  box.replaceChildren();
  delete box.dataset.answer;
  renderProgress();
  const bounds = $('#bounds');
  bounds.hidden = !S.bounds;
  if (S.bounds) {
    const b = S.bounds;
    const what = b.why === 'time' ? t('stoppedTime') : t('stoppedByYou');
    const lower = b.lower !== null && b.lower !== '0' ? t('atLeast', { x: b.lower }) : t('noLower');
    const upper = b.upper !== null ? t('atMost', { y: b.upper }) : t('noUpper');
    bounds.textContent = what + ' ' + t('provenBounds') + ' ' + lower + ', ' + upper + '.';
    bounds.dataset.lower = b.lower || '';
    bounds.dataset.upper = b.upper || '';
  }
  const err = $('#error');
  err.hidden = !S.error;
  err.textContent = S.error ? S.error.message : '';
  if (S.error) err.dataset.kind = S.error.kind;
  if (S.solving) { box.append(el('span', { class: 'muted' }, t('solving'))); return; }
  if (!S.solve) { box.append(el('span', { class: 'muted' }, S.bounds || S.error ? t('noAnswer') : '—')); return; }
  const answer = S.solve.answer.replace(/\s+$/, '');
  box.dataset.answer = answer;
  const p = S.solve.play;
  const timing = S.millis !== undefined ? el('span', { class: 'muted small' }, ' ' + t('inMs', { ms: Math.round(S.millis) })) : null;
  if (S.entry.one_number) {
    let note;
    switch (S.canon) {
      case '2048': note = t('ans2048', { k: K() }); break;
      case 'yut': note = t('ansYut'); break;
      case 'footholds': note = p ? t('ansFootholds', { w: p.winner }) : t('ansFootholdsPlain'); break;
      default: note = '';
    }
    box.append(el('strong', { class: 'big' }, answer), ' ', el('span', { class: 'note' }, note), timing);
  } else {
    const model = S.model;
    const n = p ? p.n : model ? model.n : 0;
    const count = p ? p.tiles.length : Math.floor((n * n - 1) / 3);
    box.append(el('pre', { class: 'judge-out' }, answer), ' ',
      el('p', { class: 'note' }, t('trominoes', { count }), timing));
  }
}

function renderExplain() {
  const card = $('#explain-card');
  const text = S.solve && S.solve.explain;
  card.hidden = !text;
  $('#explain').textContent = text || '';
}

// ---- side panel ---------------------------------------------------------------
function renderPanel() {
  const box = $('#panel');
  box.replaceChildren();
  if (!S.entry) return;
  if (S.mode === 'play') { box.append(...playPanel()); return; }
  if (S.mode === 'edit') {
    box.append(el('h2', {}, t('modeEdit')), el('p', {}, t('editHelp_' + S.canon)));
    return;
  }
  const p = S.solve && S.solve.play;
  box.append(el('h2', {}, t('optimalLine')));
  if (!p) {
    box.append(el('p', { class: 'muted' }, S.solve ? t('noPlay') : t('solveFirst')));
    return;
  }
  box.append(...solutionPanel(p));
}

function lineList(items) {
  const ol = el('ol', { class: 'line', 'data-testid': 'line', start: 1 });
  items.forEach((text, k) => {
    const b = el('button', { type: 'button', class: S.step === k + 1 ? 'on' : '', 'data-step': k + 1,
      onclick: () => goStep(k + 1) }, text);
    ol.append(el('li', {}, b));
  });
  return ol;
}

function solutionPanel(p) {
  const i = S.step;
  const out = [];
  switch (S.canon) {
    case '2048': {
      out.push(p.moves.length ? lineList(p.moves.map(d => ARROWS[d] + ' ' + t('dir_' + d))) : el('p', {}, t('noMoveNeeded')));
      const why = el('table', { class: 'why', 'data-testid': 'why' },
        el('caption', {}, t('whyFirst2048', { k: K() })),
        ...DIRS.map(d => {
          const v = p.by_first_move[d];
          const best = v !== null && String(v) === String(p.max);
          return el('tr', { class: best ? 'best' : '' }, el('th', {}, ARROWS[d] + ' ' + t('dir_' + d)),
            el('td', { 'data-dir': d }, v === null ? t('changesNothing') : String(v)));
        }));
      out.push(why);
      break;
    }
    case 'yut': {
      out.push(lineList(p.moves.map(m => t('yutMove', { die: m.die, piece: m.piece, to: sq(m.to), score: m.score }))));
      if (i < p.moves.length) {
        const m = p.moves[i];
        out.push(el('table', { class: 'why', 'data-testid': 'why' },
          el('caption', {}, t('whyYut', { turn: m.turn, die: m.die })),
          ...m.alternatives.map(a => el('tr', { class: a.piece === m.piece ? 'best' : '' },
            el('th', {}, t('pieceTo', { piece: a.piece, to: sq(a.to) })), el('td', {}, t('total', { total: a.total }))))));
      } else {
        out.push(el('p', { 'data-testid': 'why' }, t('yutDone', { total: p.max })));
      }
      break;
    }
    case 'tromino': {
      const tile = i > 0 ? p.tiles[i - 1] : null;
      out.push(el('p', { 'data-testid': 'why' }, tile ? t('tilePlaced', { k: tile.number, level: tile.level }) : t('tromStart', { n: p.n })));
      out.push(el('p', { class: 'muted' }, t('tromOrder')));
      break;
    }
    case 'footholds': {
      out.push(p.line.length ? lineList(p.line.map(m => t('fhMove', { p: m.player, from: cellName(m.from), to: cellName(m.to) })))
        : el('p', {}, t('fhNoMove')));
      if (i < p.line.length) {
        const m = p.line[i];
        out.push(el('table', { class: 'why', 'data-testid': 'why' },
          el('caption', {}, t('whyFh', { p: m.player })),
          ...m.alternatives.map(a => el('tr', { class: a.to[0] === m.to[0] && a.to[1] === m.to[1] ? 'best' : '' },
            el('th', {}, t('toCell', { to: cellName(a.to) })), el('td', {}, t('fhOutcome', { w: a.winner, n: a.moves }))))));
      } else {
        out.push(el('p', { 'data-testid': 'why' }, t('fhEnd', { w: p.winner, n: p.moves, ending: t('ending_' + p.ending) })));
      }
      break;
    }
    default: break;
  }
  return out;
}

function sq(name) { return name === 'start' ? t('start') : name === 'end' ? t('end') : name; }
function cellName(rc) { return '(' + rc[0] + ', ' + rc[1] + ')'; }

// ---- play mode -------------------------------------------------------------------
function initPlay() {
  const m = S.model;
  S.play = null;
  if (!m) return;
  const side = S.fhSide || 'A';
  switch (S.canon) {
    case '2048':
      S.play = { stack: [], cur: { rows: m.rows, input: S.input, left: K(), coach: null }, last: null, hint: null, note: null };
      coach2048();
      break;
    case 'yut':
      S.play = { stack: [], cur: { turn: 0, pieces: [0, 0, 0, 0], score: 0, coach: null }, last: null, hint: null, note: null };
      coachYut();
      break;
    case 'footholds':
      S.play = { side, over: null, stack: [], note: null, hint: null, last: null,
        cur: { board: m.board.map(r => r.slice()), aloc: m.aloc.slice(), bloc: m.bloc.slice(), toMove: 'A', count: 0, coach: null } };
      coachFootholds();
      break;
    case 'tromino':
      S.play = { placed: 0, selection: [], note: null, hint: false };
      break;
    default: break;
  }
}

function playBoard() {
  const P = S.play;
  if (!P) return el('p', { class: 'muted pad' }, S.model ? '…' : t('noBoard'));
  switch (S.canon) {
    case '2048': {
      const b = board2048(P.cur.rows, { label: t('boardLabel') });
      attachSwipe(b);
      return b;
    }
    case 'yut': {
      const c = P.cur.coach;
      const squares = (c && c.squares) || S.layout;
      if (!squares) return el('p', { class: 'muted' }, '…');
      const at = P.cur.pieces.map(id => squares[id].name);
      const movable = new Set();
      if (c) c.options.forEach((o, k) => { if (o) movable.add(k); });
      return boardYut(squares, at, { movable, onPiece: k => playYut(k), label: t('boardLabel') });
    }
    case 'footholds': {
      const cur = P.cur;
      const human = cur.toMove === P.side;
      const targets = new Set();
      if (human && cur.coach && !P.over) cur.coach.options.forEach(o => targets.add(o.to[0] + ',' + o.to[1]));
      return boardFootholds(cur.board, cur.aloc, cur.bloc, { targets, hint: P.hint, onCell: (r, c) => playFootholds(r, c),
        label: t('boardLabel'), testPrefix: 'fh' });
    }
    case 'tromino': {
      const p = S.solve && S.solve.play;
      if (!p) return el('p', { class: 'muted pad' }, S.solve ? t('noPlay') : t('solveFirst'));
      const hint = P.hint && P.placed < p.tiles.length ? new Set(p.tiles[P.placed].cells.map(([r, c]) => r + ',' + c)) : null;
      return boardTromino(p.n, p.hole, p.tiles.slice(0, P.placed), { selection: new Set(P.selection), hint,
        last: P.placed, onCell: (r, c) => clickTromino(r, c), label: t('boardLabel') });
    }
    default: return el('div');
  }
}

function attachSwipe(node) {
  let start = null;
  node.addEventListener('touchstart', ev => { const tt = ev.changedTouches[0]; start = [tt.clientX, tt.clientY]; }, { passive: true });
  node.addEventListener('touchmove', ev => { if (start) ev.preventDefault(); }, { passive: false });
  node.addEventListener('touchend', ev => {
    if (!start) return;
    const tt = ev.changedTouches[0];
    const dx = tt.clientX - start[0], dy = tt.clientY - start[1];
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
    play2048(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'));
  });
}

function playControls() {
  const wrap = el('div', { class: 'play-controls row wrap' });
  if (S.canon === '2048') {
    const pad = el('div', { class: 'dpad', role: 'group', 'aria-label': t('moves') },
      ...DIRS.map(d => el('button', { type: 'button', class: 'd-' + d + (S.play && S.play.hint === d ? ' hinted' : ''),
        'data-testid': `dir-${d}`, 'aria-label': t('dir_' + d),
        onclick: () => play2048(d) }, ARROWS[d])));
    wrap.append(pad);
  }
  wrap.append(el('button', { type: 'button', 'data-testid': 'undo', onclick: undoPlay, disabled: !canUndo() }, '↶ ' + t('undo')),
    el('button', { type: 'button', 'data-testid': 'hint', onclick: hintPlay }, t('hint')),
    el('button', { type: 'button', 'data-testid': 'restart', onclick: () => { initPlay(); render(); } }, t('restart')));
  return wrap;
}

function canUndo() {
  const P = S.play;
  if (!P) return false;
  if (S.canon === 'tromino') return P.placed > 0 || P.selection.length > 0;
  return P.stack.length > 0;
}

function playPanel() {
  const P = S.play;
  const out = [el('h2', {}, t('playTitle_' + S.canon))];
  if (!P) { out.push(el('p', { class: 'muted' }, S.model ? '…' : t('noBoard'))); return out; }
  switch (S.canon) {
    case '2048': {
      const c = P.cur.coach;
      out.push(el('p', { class: 'muted' }, t('play2048Help')));
      out.push(el('p', { 'data-testid': 'moves-left' }, t('movesLeft', { n: P.cur.left })));
      const best = el('p', { class: 'coach-best', 'data-testid': 'coach-best', 'data-input': P.cur.input,
        'data-left': P.cur.left, 'data-best': c ? String(c.best) : '' },
      c ? t('bestReachable', { best: String(c.best), n: P.cur.left }) : t('thinking'));
      out.push(best);
      if (P.last) {
        const { dir, before, after } = P.last;
        const kept = big(before) === big(after);
        out.push(el('p', { class: 'coach-last ' + (kept ? 'good' : 'bad'), 'data-testid': 'coach-last',
          'data-before': String(before), 'data-after': String(after) },
        kept ? t('moveKept', { dir: t('dir_' + dir), best: String(after) }) : t('moveCost', { dir: t('dir_' + dir), before: String(before), after: String(after) })));
      }
      if (c && P.cur.left > 0) {
        out.push(el('table', { class: 'why', 'data-testid': 'coach-options' }, el('caption', {}, t('eachMove')),
          ...DIRS.map(d => {
            const o = c.moves[d];
            const best = o && big(o.best) === big(c.best);
            return el('tr', { class: best ? 'best' : '' }, el('th', {}, ARROWS[d] + ' ' + t('dir_' + d)),
              el('td', { 'data-dir': d }, o ? String(o.best) : t('changesNothing')));
          })));
      }
      if (P.cur.left === 0) out.push(el('p', { class: 'done' }, t('noMovesLeft', { best: c ? String(c.best) : '' })));
      break;
    }
    case 'yut': {
      const c = P.cur.coach;
      const dice = S.model.dice;
      const over = P.cur.turn >= dice.length || (c && c.options.every(o => !o));
      out.push(el('p', { class: 'muted' }, t('playYutHelp')));
      out.push(el('p', { 'data-testid': 'yut-turn' }, over ? t('yutOver', { score: P.cur.score })
        : t('yutTurn', { turn: P.cur.turn + 1, n: dice.length, die: dice[P.cur.turn] })));
      out.push(el('p', { class: 'coach-best', 'data-testid': 'coach-best', 'data-score': P.cur.score,
        'data-best': c ? c.best : '', 'data-total': c ? P.cur.score + c.best : '' },
      c ? t('yutBest', { score: P.cur.score, total: P.cur.score + c.best }) : t('thinking')));
      if (P.last) {
        out.push(el('p', { class: 'coach-last ' + (P.last.lost ? 'bad' : 'good'), 'data-testid': 'coach-last', 'data-lost': P.last.lost },
          t('yutLast', { piece: P.last.piece, to: sq(P.last.to), score: P.last.score }) + ' '
          + (P.last.lost ? t('yutLost', { n: P.last.lost }) : t('yutKept'))));
      }
      if (c && !over) {
        const list = el('div', { class: 'options', 'data-testid': 'yut-options' });
        c.options.forEach((o, k) => {
          const b = el('button', { type: 'button', 'data-testid': `yut-option-${k + 1}`, disabled: !o,
            'data-total': o ? P.cur.score + o.best : '', class: (o && o.best === c.best ? 'best' : '') + (P.hint === k ? ' hinted' : ''),
            onclick: () => playYut(k) },
          el('span', { class: 'swatch', style: `background:${PIECE_COLOURS[k]}` }),
          o ? t('yutOption', { piece: k + 1, to: sq(o.to), score: o.score, total: P.cur.score + o.best })
            : t('yutCannot', { piece: k + 1 }));
          list.append(b);
        });
        out.push(list);
      }
      break;
    }
    case 'footholds': {
      const cur = P.cur;
      out.push(el('div', { class: 'seg', role: 'radiogroup', 'aria-label': t('yourSide') },
        el('span', { class: 'muted' }, t('yourSide') + ' '),
        ...['A', 'B'].map(s => el('button', { type: 'button', role: 'radio', class: P.side === s ? 'on' : '',
          'aria-checked': P.side === s ? 'true' : 'false', 'data-testid': `side-${s}`,
          onclick: () => { S.fhSide = s; initPlay(); render(); } }, t('playAs', { s })))));
      out.push(el('p', { class: 'muted' }, t('playFhHelp', { s: P.side })));
      const human = cur.toMove === P.side;
      if (P.over) {
        out.push(el('p', { class: 'done', 'data-testid': 'coach-outcome', 'data-over': 'true' },
          P.over === P.side ? t('youLost', { n: cur.count }) : t('youWon', { n: cur.count })));
      } else if (cur.coach && human) {
        const win = cur.coach.winner === 'mover';
        out.push(el('p', { class: 'coach-best ' + (win ? 'good' : 'bad'), 'data-testid': 'coach-outcome',
          'data-winner': cur.coach.winner, 'data-moves': cur.coach.moves, 'data-position': cur.position },
        win ? t('youWinIn', { n: cur.coach.moves }) : t('youLoseIn', { n: cur.coach.moves })));
      } else {
        out.push(el('p', { 'data-testid': 'coach-wait' }, t('engineThinking')));
      }
      if (P.last) out.push(el('p', { class: 'coach-last', 'data-testid': 'coach-last' }, P.last));
      if (cur.coach && human && !P.over && cur.coach.options.length) {
        out.push(el('table', { class: 'why', 'data-testid': 'coach-options' }, el('caption', {}, t('eachStep')),
          ...cur.coach.options.map(o => el('tr', {}, el('th', {}, t('toCell', { to: cellName(o.to) })),
            el('td', {}, o.winner === 'mover' ? t('winIn', { n: o.moves }) : t('loseIn', { n: o.moves }))))));
      }
      break;
    }
    case 'tromino': {
      const p = S.solve && S.solve.play;
      out.push(el('p', { class: 'muted' }, t('playTromHelp')));
      if (p) {
        out.push(el('p', { 'data-testid': 'placed', 'data-placed': P.placed },
          P.placed >= p.tiles.length ? t('tromDone', { n: p.tiles.length }) : t('tromNext', { placed: P.placed, n: p.tiles.length, k: P.placed + 1 })));
      }
      break;
    }
    default: break;
  }
  if (P.note) out.push(el('p', { class: 'note-box ' + (P.noteKind || ''), 'data-testid': 'coach-note', role: 'status' }, P.note));
  return out;
}

// 2048
async function coach2048() {
  const P = S.play;
  const cur = P.cur;
  const r = await call({ op: 'coach', puzzle: S.puzzle, input: cur.input, moves_left: cur.left });
  if (S.play !== P || P.cur !== cur) return;
  if (r.ok) cur.coach = r.ok;
  else if (r.error) P.note = r.error.message;
  renderPlay();
}

function play2048(dir) {
  const P = S.play;
  if (!P || S.canon !== '2048') return;
  const cur = P.cur;
  P.hint = null;
  if (!cur.coach) return;
  if (cur.left <= 0) { P.note = t('noMovesLeft', { best: String(cur.coach.best) }); renderPlay(); return; }
  const o = cur.coach.moves[dir];
  if (!o) { P.note = t('changesNothingMove', { dir: t('dir_' + dir) }); P.noteKind = ''; renderPlay(); return; }
  P.note = null;
  P.stack.push({ cur, last: P.last });
  P.last = { dir, before: cur.coach.best, after: o.best };
  P.cur = { rows: o.board, input: o.input, left: cur.left - 1, coach: null };
  renderPlay();
  coach2048();
}

// yut
async function coachYut() {
  const P = S.play;
  const cur = P.cur;
  if (cur.turn >= S.model.dice.length) { cur.coach = { best: 0, squares: S.layout, options: [null, null, null, null] }; renderPlay(); return; }
  const r = await call({ op: 'coach', puzzle: S.puzzle, input: S.input, turn: cur.turn, pieces: cur.pieces });
  if (S.play !== P || P.cur !== cur) return;
  if (r.ok) { cur.coach = r.ok; if (!S.layout) S.layout = r.ok.squares; }
  else if (r.error) P.note = r.error.message;
  renderPlay();
}

function playYut(k) {
  const P = S.play;
  const cur = P && P.cur;
  if (!cur || !cur.coach) return;
  const o = cur.coach.options[k];
  if (!o) { P.note = t('yutCannot', { piece: k + 1 }); renderPlay(); return; }
  P.note = null;
  P.hint = null;
  P.stack.push({ cur, last: P.last });
  const pieces = cur.pieces.slice();
  pieces[k] = o.to_id;
  P.last = { piece: k + 1, to: o.to, score: o.score, lost: cur.coach.best - o.best };
  P.cur = { turn: cur.turn + 1, pieces, score: cur.score + o.score, coach: null };
  renderPlay();
  coachYut();
}

// footholds
function fhMover(cur) { return cur.toMove === 'A' ? [cur.aloc, cur.bloc] : [cur.bloc, cur.aloc]; }

async function coachFootholds() {
  const P = S.play;
  const cur = P.cur;
  const [mine, theirs] = fhMover(cur);
  if (!cur.board[mine[0]][mine[1]]) {
    // The opponent stepped off the shared cell: the mover has fallen.
    P.over = cur.toMove;
    P.last = (P.last ? P.last + ' ' : '') + t('fell', { p: cur.toMove });
    renderPlay();
    return;
  }
  cur.position = footholdsLiteral(cur.board, mine, theirs);
  const r = await call({ op: 'coach', puzzle: S.puzzle, input: cur.position });
  if (S.play !== P || P.cur !== cur) return;
  if (!r.ok) { P.note = r.error ? r.error.message : '?'; renderPlay(); return; }
  cur.coach = r.ok;
  if (!r.ok.options.length) {
    P.over = cur.toMove;
    P.last = (P.last ? P.last + ' ' : '') + t('stuck', { p: cur.toMove });
    renderPlay();
    return;
  }
  renderPlay();
  if (cur.toMove !== P.side) {
    const o = bestOption(r.ok.options);
    setTimeout(() => { if (S.play === P && P.cur === cur) moveFootholds(o.to, true); }, 350);
  }
}

// Win fastest, lose slowest; the first such option.
function bestOption(options) {
  const wins = options.filter(o => o.winner === 'mover');
  if (wins.length) return wins.reduce((a, b) => (b.moves < a.moves ? b : a));
  return options.reduce((a, b) => (b.moves > a.moves ? b : a));
}

function moveFootholds(to, byEngine) {
  const P = S.play;
  const cur = P.cur;
  const [mine] = fhMover(cur);
  const board = cur.board.map(r => r.slice());
  board[mine[0]][mine[1]] = 0;
  const next = { board, aloc: cur.aloc.slice(), bloc: cur.bloc.slice(), toMove: cur.toMove === 'A' ? 'B' : 'A', count: cur.count + 1, coach: null };
  if (cur.toMove === 'A') next.aloc = to.slice(); else next.bloc = to.slice();
  if (!byEngine) P.stack.push({ cur, last: P.last, over: P.over });
  P.last = t(byEngine ? 'engineMoved' : 'youMoved', { p: cur.toMove, from: cellName(mine), to: cellName(to) });
  P.cur = next;
  P.hint = null;
  P.note = null;
  renderPlay();
  coachFootholds();
}

function playFootholds(r, c) {
  const P = S.play;
  const cur = P && P.cur;
  if (!cur || P.over || cur.toMove !== P.side || !cur.coach) return;
  const o = cur.coach.options.find(x => x.to[0] === r && x.to[1] === c);
  if (!o) { P.note = t('fhIllegal'); renderPlay(); return; }
  moveFootholds(o.to, false);
}

// tromino
function clickTromino(r, c) {
  const P = S.play;
  const p = S.solve && S.solve.play;
  if (!P || !p) return;
  const key = r + ',' + c;
  P.hint = false;
  const covered = new Set();
  covered.add(p.hole[0] + ',' + p.hole[1]);
  for (const tile of p.tiles.slice(0, P.placed)) for (const [a, b] of tile.cells) covered.add(a + ',' + b);
  if (covered.has(key)) { P.note = t('tromCovered'); P.noteKind = 'bad'; renderPlay(); return; }
  const i = P.selection.indexOf(key);
  if (i >= 0) P.selection.splice(i, 1); else P.selection.push(key);
  P.note = null;
  if (P.selection.length === 3) {
    const cells = P.selection.map(k => k.split(',').map(Number));
    const rs = cells.map(x => x[0]), cs = cells.map(x => x[1]);
    const isL = Math.max(...rs) - Math.min(...rs) === 1 && Math.max(...cs) - Math.min(...cs) === 1;
    const id = cells.map(x => x.join(',')).sort().join(' ');
    const tileId = tile => tile.cells.map(x => x.join(',')).sort().join(' ');
    if (!isL) { P.note = t('tromNotL'); P.noteKind = 'bad'; }
    else if (P.placed < p.tiles.length && tileId(p.tiles[P.placed]) === id) {
      P.placed++;
      P.note = t('tromGood', { k: p.tiles[P.placed - 1].number });
      P.noteKind = 'good';
    } else {
      const j = p.tiles.findIndex(tile => tileId(tile) === id);
      P.note = j >= 0 ? t('tromLater', { k: p.tiles[j].number, next: P.placed + 1 }) : t('tromNotInTiling', { next: P.placed + 1 });
      P.noteKind = 'bad';
    }
    P.selection = [];
  }
  renderPlay();
}

function undoPlay() {
  const P = S.play;
  if (!P) return;
  if (S.canon === 'tromino') {
    if (P.selection.length) P.selection = [];
    else if (P.placed > 0) P.placed--;
    P.note = null;
    renderPlay();
    return;
  }
  const top = P.stack.pop();
  if (!top) return;
  P.cur = top.cur;
  P.last = top.last;
  P.over = top.over || null;
  P.note = null;
  P.hint = null;
  renderPlay();
  if (S.canon === 'footholds' && !P.cur.coach) coachFootholds();
}

function hintPlay() {
  const P = S.play;
  if (!P) return;
  switch (S.canon) {
    case '2048': {
      const c = P.cur.coach;
      if (!c) return;
      if (P.cur.left <= 0) { P.note = t('noMovesLeft', { best: String(c.best) }); break; }
      const d = DIRS.find(x => c.moves[x] && big(c.moves[x].best) === big(c.best));
      P.note = d ? t('hint2048', { dir: t('dir_' + d), best: String(c.best) }) : t('hintNone');
      P.noteKind = 'hint';
      P.hint = d;
      break;
    }
    case 'yut': {
      const c = P.cur.coach;
      if (!c) return;
      const k = c.options.findIndex(o => o && o.best === c.best);
      P.note = k >= 0 ? t('hintYut', { piece: k + 1, to: sq(c.options[k].to), total: P.cur.score + c.best }) : t('hintNone');
      P.hint = k;
      P.noteKind = 'hint';
      break;
    }
    case 'footholds': {
      const c = P.cur.coach;
      if (!c || P.over || P.cur.toMove !== P.side || !c.options.length) return;
      const o = bestOption(c.options);
      P.hint = o.to[0] + ',' + o.to[1];
      P.note = t('hintFh', { to: cellName(o.to) });
      P.noteKind = 'hint';
      break;
    }
    case 'tromino': {
      const p = S.solve && S.solve.play;
      if (!p || P.placed >= p.tiles.length) return;
      P.hint = true;
      P.note = t('hintTrom', { k: p.tiles[P.placed].number, cells: p.tiles[P.placed].cells.map(cellName).join(' ') });
      P.noteKind = 'hint';
      break;
    }
    default: break;
  }
  renderPlay();
}

function renderPlay() {
  if (S.mode !== 'play') return;
  renderBoard();
  renderUnder();
  renderPanel();
}

// ---- instance tools: samples, generate, killers ---------------------------------
function renderInstanceTools() {
  const box = $('#samples');
  box.replaceChildren();
  const samples = S.samples.get(S.puzzle) || [];
  samples.forEach((s, k) => box.append(el('button', { type: 'button', 'data-testid': `sample-${k + 1}`,
    onclick: () => setInstance(s.input) }, t('sampleN', { k: k + 1 }))));
  const sel = $('#killers');
  const list = (S.killers && S.killers[S.puzzle]) || [];
  sel.replaceChildren(el('option', { value: '' }, list.length ? t('chooseKiller', { n: list.length }) : t('noKillers')),
    ...list.map((k, i) => el('option', { value: i }, t('killerN', { i: i + 1, ids: k.kills.join(', ') }))));
  sel.disabled = !list.length;
  $('#kills').replaceChildren();
}

// The meaning of each mistake id, from the engine's catalogue, per name.
const catalogues = new Map();

async function catalogue(puzzle) {
  if (!catalogues.has(puzzle)) {
    const r = await call({ op: 'mistakes', puzzle });
    catalogues.set(puzzle, new Map((r.ok || []).map(m => [m.id, m.mistake])));
  }
  return catalogues.get(puzzle);
}

function showKills(k) {
  const box = $('#kills');
  box.replaceChildren();
  if (!k) return;
  const items = k.kills.map(id => el('li', {}, el('code', {}, id)));
  box.append(el('p', {}, t('killsThese', { n: k.kills.length })), el('ul', { class: 'kill-list' }, ...items));
  // The meanings follow when the catalogue is in (the engine may be busy).
  catalogue(S.puzzle).then(meanings => k.kills.forEach((id, i) => {
    if (meanings.has(id)) items[i].append(' — ', t('behavesAs'), ' ', meanings.get(id));
  }));
}

async function generate() {
  const seedText = $('#seed').value.trim() || '0';
  const seed = /^\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText)) ? Number(seedText) : 0;
  const r = await call({ op: 'generate', puzzle: S.puzzle, seed, case: 0, hard: $('#hard').checked });
  if (r.ok) setInstance(r.ok.input);
  else if (r.error) { S.error = r.error; renderAnswer(); }
}

async function check() {
  const box = $('#verdict');
  box.replaceChildren(el('span', { class: 'muted' }, t('checking')));
  const request = { op: 'check', puzzle: S.puzzle, input: S.input, output: $('#output').value };
  if (S.puzzle === '2048' && S.moves !== null) request.moves = S.moves;
  if (S.entry.takes_order && $('#order').checked) request.order = true;
  const r = await call(request);
  box.replaceChildren();
  if (r.stopped) return;
  if (r.error) {
    box.dataset.verdict = 'error';
    box.append(el('p', { class: 'error' }, r.error.message));
    return;
  }
  const v = r.ok;
  box.dataset.verdict = v.verdict;
  box.append(el('p', { class: 'verdict-line ' + v.verdict },
    el('strong', {}, v.verdict === 'accepted' ? t('accepted') : t('wrong')), ' ', v.message || ''));
  if (v.expected !== null && v.expected !== undefined && v.verdict !== 'accepted') {
    box.append(el('p', {}, t('expected', { x: String(v.expected) })));
  }
  if (v.mistakes && v.mistakes.length) {
    box.append(el('p', {}, t('mistakesIntro')),
      el('ul', { class: 'mistakes', 'data-testid': 'mistakes' },
        ...v.mistakes.map(m => el('li', { 'data-id': m.id }, el('code', {}, m.id), ' — ', t('behavesAsIf'), ' ', m.mistake))));
  } else if (v.verdict === 'wrong' && S.entry.one_number) {
    box.append(el('p', { class: 'muted', 'data-testid': 'mistakes' }, t('noMistakes')));
  }
}

// ---- keyboard ---------------------------------------------------------------------------
function typing(target) {
  return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

document.addEventListener('keydown', ev => {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || typing(ev.target)) return;
  const boardFocused = $('#board').contains(document.activeElement);
  if (S.mode === 'play' && S.canon === '2048' && KEY_DIRS[ev.key]) {
    ev.preventDefault();
    play2048(KEY_DIRS[ev.key]);
    return;
  }
  if (S.mode === 'play' && (ev.key === 'z' || ev.key === 'u')) { undoPlay(); return; }
  if (S.mode === 'solution' && boardFocused) {
    if (ev.key === 'ArrowRight') { ev.preventDefault(); goStep(S.step + 1); }
    else if (ev.key === 'ArrowLeft') { ev.preventDefault(); goStep(S.step - 1); }
    else if (ev.key === 'Home') { ev.preventDefault(); goStep(0); }
    else if (ev.key === 'End') { ev.preventDefault(); goStep(steps()); }
  }
});

// ---- wiring -----------------------------------------------------------------------------
function setMode(mode) {
  S.mode = mode;
  stopAutoplay();
  if (mode === 'play' && !S.play) initPlay();
  render();
}

function wire() {
  $('#puzzle').addEventListener('change', ev => choosePuzzle(ev.target.value));
  $('#moves').addEventListener('change', ev => {
    const v = Math.max(0, Math.min(100, Math.floor(Number(ev.target.value) || 0)));
    S.moves = v;
    ev.target.value = v;
    setInstance(S.input, { push: true });
  });
  for (const b of document.querySelectorAll('.modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('#load').addEventListener('click', () => setInstance($('#input').value, { keepText: true }));
  $('#solve').addEventListener('click', () => runSolve());
  $('#stop').addEventListener('click', stopSearch);
  $('#generate').addEventListener('click', generate);
  $('#check').addEventListener('click', check);
  $('#killers').addEventListener('change', ev => {
    const list = (S.killers && S.killers[S.puzzle]) || [];
    const k = list[Number(ev.target.value)];
    if (ev.target.value === '' || !k) { showKills(null); return; }
    setInstance(k.input, { killer: true });
    showKills(k);
  });
  $('#lang').addEventListener('click', () => {
    setLang(lang() === 'en' ? 'ko' : 'en');
    applyStatic();
    renderInstanceTools();
    render();
  });
  window.addEventListener('hashchange', () => { loadHash(); });
}

async function loadHash() {
  const h = parseHash(location.hash);
  if (!h || !S.entries.some(e => e.name === h.puzzle)) return false;
  if (h.puzzle === S.puzzle && h.input === S.input && (h.puzzle !== '2048' || h.moves === S.moves)) return true;
  cancelSolve();
  setPuzzle(h.puzzle);
  S.moves = h.puzzle === '2048' ? h.moves : null;
  S.mode = S.mode === 'edit' ? 'solution' : S.mode;
  // The samples first: behind a long search they would wait for its end.
  await loadSamples(h.puzzle);
  renderInstanceTools();
  setInstance(h.input, { push: false });
  return true;
}

async function main() {
  applyStatic();
  wire();
  const [entries, killers] = await Promise.all([
    call({ op: 'entries' }),
    fetch('killers.json').then(r => (r.ok ? r.json() : null)).catch(() => null),
  ]);
  S.killers = killers;
  if (!entries.ok) {
    $('#error').hidden = false;
    $('#error').textContent = entries.error ? entries.error.message : t('engineFailed');
    return;
  }
  S.entries = entries.ok;
  call({ op: 'layout', puzzle: 'yut' }).then(r => { if (r.ok) { S.layout = r.ok.squares || r.ok; if (S.canon === 'yut') render(); } });
  if (!(await loadHash())) {
    setPuzzle('12100');
    const samples = await loadSamples('12100');
    renderInstanceTools();
    setInstance(samples.length ? samples[0].input : '3\n2 2 2\n4 4 4\n8 8 8\n', { push: false });
  }
  document.body.dataset.ready = 'true';
}

main();
