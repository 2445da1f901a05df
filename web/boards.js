// Drawing the four boards: plain DOM (CSS grids) and SVG, no library.
import { t } from './i18n.js';

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

const SVGNS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// ---- 2048 -----------------------------------------------------------------
function log2Of(v) { const s = String(v); return s === '0' ? 0 : BigInt(s).toString(2).length - 1; }

export function board2048(rows, { editable = false, merged = null, onEdit = null, label = '' } = {}) {
  const n = rows.length;
  const grid = el('div', { class: 'grid2048' + (editable ? ' editing' : ''), role: editable ? 'group' : 'img',
    'aria-label': label, 'data-n': n });
  grid.style.setProperty('--n', n);
  rows.forEach((row, r) => row.forEach((v, c) => {
    const value = String(v);
    const lg = Math.min(log2Of(value), 17);
    const cls = 'cell v' + lg + (merged && merged.has(r + ',' + c) ? ' merged' : '') + ' len' + Math.min(value.length, 7);
    if (editable) {
      const input = el('input', { class: cls, value: value === '0' ? '' : value, inputmode: 'numeric',
        'aria-label': t('cellLabel', { r: r + 1, c: c + 1 }), 'data-testid': `cell-${r}-${c}`, autocomplete: 'off',
        spellcheck: 'false' });
      input.addEventListener('change', () => {
        const v = input.value.trim() === '' ? '0' : input.value.trim();
        input.className = 'cell v' + (/^\d+$/.test(v) ? Math.min(log2Of(v), 17) : 0) + ' len' + Math.min(v.length, 7);
        onEdit(r, c, v);
      });
      input.addEventListener('keydown', ev => {
        const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
        const d = moves[ev.key];
        if (!d || (d[1] !== 0 && input.selectionStart !== input.selectionEnd)) return;
        const next = grid.querySelector(`[data-testid="cell-${r + d[0]}-${c + d[1]}"]`);
        if (next) { ev.preventDefault(); next.focus(); next.select(); }
      });
      grid.append(input);
    } else {
      grid.append(el('div', { class: cls, 'data-value': value, title: value !== '0' && (value.length > 7 || n > 10) ? value : null },
        value === '0' ? '' : value));
    }
  }));
  return grid;
}

// ---- yut ------------------------------------------------------------------
export const PIECE_COLOURS = ['#c0392b', '#1e8449', '#d35400', '#7d3c98'];

// squares: the layout's squares; at: the four pieces' square names.
export function boardYut(squares, at, { movable = null, onPiece = null, moved = null, label = '' } = {}) {
  const byName = new Map(squares.map(s => [s.name, s]));
  const xs = squares.map(s => s.x), ys = squares.map(s => s.y);
  const x0 = Math.min(...xs) - 44, y0 = Math.min(...ys) - 44;
  const w = Math.max(...xs) + 48 - x0, h = Math.max(...ys) + 44 - y0;
  const pic = svg('svg', { viewBox: `${x0} ${y0} ${w} ${h}`, class: 'yut', role: 'img', 'aria-label': label });
  for (const s of squares) {
    for (const to of s.next) {
      const u = byName.get(to);
      if (u) pic.append(svg('line', { x1: s.x, y1: s.y, x2: u.x, y2: u.y, class: s.blue && u.blue ? 'route blue' : 'route' }));
    }
  }
  for (const s of squares) {
    pic.append(svg('circle', { cx: s.x, cy: s.y, r: 21, class: 'square' + (s.blue ? ' blue' : '') + (moved === s.name ? ' moved' : '') }));
    const text = s.name === 'start' ? 'S' : s.name === 'end' ? 'E' : String(s.value);
    pic.append(svg('text', { x: s.x, y: s.y + 6, class: 'sq-label', 'text-anchor': 'middle' }, text));
  }
  const off = 20;
  const offsets = [[-off, -off], [off, -off], [-off, off], [off, off]];
  at.forEach((name, k) => {
    const s = byName.get(name);
    if (!s) return;
    const [dx, dy] = offsets[k];
    const can = movable && movable.has(k);
    const g = svg('g', { class: 'piece' + (can ? ' movable' : ''), 'data-piece': k + 1, 'data-at': name,
      'data-testid': `piece-${k + 1}` });
    g.append(svg('circle', { cx: s.x + dx, cy: s.y + dy, r: 15, fill: PIECE_COLOURS[k] }),
      svg('text', { x: s.x + dx, y: s.y + dy + 6, 'text-anchor': 'middle', class: 'piece-label' }, String(k + 1)));
    if (can && onPiece) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', t('movePiece', { k: k + 1 }));
      g.addEventListener('click', () => onPiece(k));
      g.addEventListener('keydown', ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onPiece(k); } });
    }
    pic.append(g);
  });
  return el('div', { class: 'yut-wrap' }, pic);
}

// ---- tromino --------------------------------------------------------------
function tileColour(k, level) {
  const hue = (k * 47 + level * 83) % 360;
  return `hsl(${hue} 45% ${76 - 6 * (level % 3)}%)`;
}

// tiles: [{number, cells, level}] to draw; selection/hint: Sets of "r,c".
export function boardTromino(n, hole, tiles, { selection = null, hint = null, onCell = null, label = '', last = null } = {}) {
  const size = 600;
  const cell = size / n;
  const pic = svg('svg', { viewBox: `0 0 ${size} ${size}`, class: 'tromino', role: 'img', 'aria-label': label });
  pic.append(svg('rect', { x: 0, y: 0, width: size, height: size, class: 'tr-bg' }));
  const covered = new Map();
  for (const tile of tiles) for (const [r, c] of tile.cells) covered.set(r + ',' + c, tile);
  const numbers = n <= 16;
  const gap = n <= 32 ? 1 : 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const key = r + ',' + c;
      const tile = covered.get(key);
      const isHole = r === hole[0] && c === hole[1];
      let cls = 'tr-cell';
      if (isHole) cls += ' hole';
      if (selection && selection.has(key)) cls += ' selected';
      if (hint && hint.has(key)) cls += ' hint';
      if (tile && last === tile.number) cls += ' last';
      const rect = svg('rect', { x: c * cell + gap / 2, y: r * cell + gap / 2, width: cell - gap, height: cell - gap,
        class: cls, 'data-cell': key, 'data-tile': tile ? tile.number : (isHole ? 'hole' : '') });
      if (tile) rect.style.fill = tileColour(tile.number, tile.level || 0);
      pic.append(rect);
    }
  }
  if (numbers) {
    const fs = Math.max(8, cell * 0.42);
    for (const tile of tiles) {
      for (const [r, c] of tile.cells) {
        pic.append(svg('text', { x: c * cell + cell / 2, y: r * cell + cell / 2 + fs * 0.35, 'font-size': fs,
          'text-anchor': 'middle', class: 'tr-num' }, String(tile.number)));
      }
    }
  }
  if (onCell) {
    pic.classList.add('clickable');
    pic.addEventListener('click', ev => {
      const target = ev.target.closest('[data-cell]');
      if (!target) return;
      const [r, c] = target.dataset.cell.split(',').map(Number);
      onCell(r, c);
    });
  }
  return el('div', { class: 'tromino-wrap' }, pic);
}

// ---- footholds --------------------------------------------------------------
export function boardFootholds(board, aloc, bloc, { onCell = null, targets = null, hint = null, label = '', testPrefix = 'fh' } = {}) {
  const rows = board.length, cols = board[0].length;
  const grid = el('div', { class: 'footholds', role: 'grid', 'aria-label': label });
  grid.style.setProperty('--cols', cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const key = r + ',' + c;
      const a = aloc && aloc[0] === r && aloc[1] === c;
      const b = bloc && bloc[0] === r && bloc[1] === c;
      const target = targets && targets.has(key);
      let cls = 'fh-cell ' + (board[r][c] ? 'on' : 'off');
      if (target) cls += ' target';
      if (hint === key) cls += ' hint';
      const cellEl = el(onCell ? 'button' : 'div', { class: cls, 'data-testid': `${testPrefix}-${r}-${c}`,
        'data-foothold': board[r][c], 'data-player': (a ? 'A' : '') + (b ? 'B' : ''),
        type: onCell ? 'button' : null,
        'aria-label': onCell ? t('fhCell', { r, c, on: board[r][c] ? t('foothold') : t('noFoothold') }) + (a ? ' A' : '') + (b ? ' B' : '') : null },
        a ? el('span', { class: 'player pa' }, 'A') : null, b ? el('span', { class: 'player pb' }, 'B') : null);
      if (onCell) cellEl.addEventListener('click', () => onCell(r, c));
      grid.append(cellEl);
    }
  }
  return grid;
}
