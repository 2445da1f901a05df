// boardsolve --html: draws the embedded play and steps through it.
// Plain JavaScript written by hand: no framework, no build step, nothing
// loaded from the network. Each puzzle has a view that lists its steps and
// draws one of them; the player around it is shared.
'use strict';
(function () {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const data = JSON.parse(document.getElementById('boardsolve-data').textContent);
  const layoutNode = document.getElementById('boardsolve-layout');
  const layout = layoutNode ? JSON.parse(layoutNode.textContent) : null;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function plural(k, one, many) { return k + ' ' + (k === 1 ? one : many); }
  function cell(rc) { return '(' + rc[0] + ', ' + rc[1] + ')'; }

  // ---- numbers that fit their cells ---------------------------------------
  // A cell's text is sized from the cell and the text's own width, on one
  // line. Below MIN_FONT px no text is legible: the cell then shows none,
  // and its value is in its label and a tooltip (hover or keyboard focus).
  const MIN_FONT = 7;
  const measurer = document.createElement('canvas').getContext('2d');
  const widths = new Map();
  function fontOf(node) {
    const cs = getComputedStyle(node);
    return cs.fontStyle + ' ' + cs.fontWeight + ' 100px ' + cs.fontFamily;
  }
  // The width of `text` in em in `font` (as fontOf gives it).
  function emWidth(text, font) {
    const key = font + '\n' + text;
    let w = widths.get(key);
    if (w === undefined) {
      measurer.font = font;
      w = measurer.measureText(text).width / 100;
      widths.set(key, w);
    }
    return w;
  }
  // The font size in px that fits `text` on one line into a box w × h px
  // (at most `cap`), or 0 when that is below MIN_FONT.
  function fitFont(text, font, w, h, cap) {
    const room = w - 2 * Math.max(1, w * 0.06);
    const size = Math.min(h * 0.5, cap, room / Math.max(emWidth(text, font), 0.3));
    return size >= MIN_FONT ? Math.floor(size * 10) / 10 : 0;
  }
  // The page's one note on numbers left out (set by the view).
  const note = el('p', { class: 'note', id: 'fitnote', hidden: '' });
  function setNote(text) {
    if (text) note.textContent = text;
    note.hidden = !text;
  }
  const HOW_TO_READ = 'hover over a cell, or Tab to the board and move with the arrow keys, to read it.';

  // A board of square cells (2048, footholds) built once and updated at
  // each step: `cells[k].dataset.text` is what cell k shows, its
  // aria-label what its tooltip says. fit() sizes every text to its cell
  // and leaves out those that do not fit; the board is one tab stop, the
  // arrow keys move between its cells.
  function cellGrid(rows, cols, cls, cap, unit, chars) {
    const grid = el('div', { class: cls, role: 'grid' });
    grid.style.gridTemplateColumns = 'repeat(' + cols + ', minmax(0, 1fr))';
    const side = Math.max(rows, cols);
    grid.style.gap = grid.style.padding = (side <= 8 ? 3 : side <= 16 ? 2 : 1) + 'px';
    const cells = [];
    for (let k = 0; k < rows * cols; k++) {
      const c = el('div', { role: 'gridcell', tabindex: k === 0 ? '0' : '-1', 'data-index': k });
      grid.appendChild(c);
      cells.push(c);
    }
    const tip = el('div', { class: 'tip', role: 'tooltip', id: cls + '-tip', hidden: '' });
    const box = el('div', { class: 'board' });
    box.append(grid, tip);
    let tipFor = null;
    function showTip(c) {
      tipFor = c;
      if (!c || !c.classList.contains('unlabelled')) { tip.hidden = true; return; }
      const r = Math.floor(c.dataset.index / cols); const col = c.dataset.index % cols;
      tip.textContent = cell([r, col]) + ': ' + c.getAttribute('aria-label');
      tip.hidden = false;
      const b = box.getBoundingClientRect(); const t = c.getBoundingClientRect();
      const half = tip.offsetWidth / 2;
      const x = Math.max(half, Math.min(b.width - half, t.left - b.left + t.width / 2));
      tip.style.left = x + 'px';
      tip.style.top = (t.top - b.top) + 'px';
    }
    grid.addEventListener('pointerover', e => showTip(e.target.closest('[role=gridcell]')));
    grid.addEventListener('pointerleave', () => showTip(grid.contains(document.activeElement) ? document.activeElement : null));
    grid.addEventListener('focusin', e => showTip(e.target));
    grid.addEventListener('focusout', () => showTip(null));
    grid.addEventListener('keydown', e => {
      const k = Number(e.target.dataset.index);
      if (Number.isNaN(k) || e.altKey || e.ctrlKey || e.metaKey) return;
      const r = Math.floor(k / cols); const c = k % cols;
      const to = { ArrowUp: r > 0 ? k - cols : k, ArrowDown: r < rows - 1 ? k + cols : k,
        ArrowLeft: c > 0 ? k - 1 : k, ArrowRight: c < cols - 1 ? k + 1 : k,
        Home: k - c, End: k - c + cols - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      cells[k].tabIndex = -1;
      cells[to].tabIndex = 0;
      cells[to].focus();
    });
    // `texts`: every text the board shows at some step, for the note.
    function fit(texts) {
      const w = cells[0].clientWidth; const h = cells[0].clientHeight;
      if (!w) return;
      const font = fontOf(cells[0]);
      const sizes = new Map();
      const sizeOf = text => {
        if (!sizes.has(text)) sizes.set(text, text ? fitFont(text, font, w, h, cap) : 0);
        return sizes.get(text);
      };
      grid.classList.toggle('small', w < 16);
      grid.style.setProperty('--cell', w + 'px');
      for (const c of cells) {
        const text = c.dataset.text;
        const size = sizeOf(text);
        if (size) {
          if (c.textContent !== text) c.textContent = text;
          c.style.fontSize = size + 'px';
        } else if (c.firstChild) {
          c.textContent = '';
        }
        c.classList.toggle('unlabelled', !!text && !size);
      }
      if (texts) {
        const out = texts.filter(t => !sizeOf(t));
        if (out.length === 0) setNote(null);
        else if (out.length === texts.length) {
          setNote('The cells (' + w.toFixed(0) + ' px) are too small at this width to show their ' + unit + ': ' + HOW_TO_READ);
        } else {
          const fits = Math.max(...texts.filter(t => sizeOf(t)).map(t => t.length));
          setNote(unit[0].toUpperCase() + unit.slice(1) + ' longer than ' + plural(fits, chars[0], chars[1]) +
            ' do not fit their cells at this width and are left out: ' + HOW_TO_READ);
        }
      }
      if (tipFor) showTip(tipFor);
    }
    return { box, grid, cells, fit };
  }

  // ---- 2048 ---------------------------------------------------------------
  const ARROWS = { up: '\u2191', down: '\u2193', left: '\u2190', right: '\u2192' };
  // Blocks reach 2^75, past exact integers in a Number; a power of two is
  // still exact as a double, and BigInt prints all its digits.
  function blockText(v) { return v === 0 ? '' : BigInt(v).toString(); }
  function tileColour(v) {
    if (v === 0) return ['#cdc1b4', '#000'];
    const e = Math.round(Math.log2(v));
    const hue = (40 - e * 23 + 720) % 360;
    const light = Math.max(28, 86 - e * 4);
    return ['hsl(' + hue + ', 70%, ' + light + '%)', light > 55 ? '#1b1b1b' : '#fff'];
  }
  function view2048() {
    const n = data.boards[0].length;
    const steps = [{ label: 'start' }].concat(data.moves.map((m, i) =>
      ({ label: (i + 1) + '. ' + ARROWS[m] + ' ' + m })));
    const firsts = el('table', { class: 'firsts' });
    firsts.appendChild(el('caption', {}, 'Largest block within the moves, by first move'));
    const head = el('tr'); const row = el('tr');
    const values = ['up', 'down', 'left', 'right'].map(d => data.by_first_move[d]);
    const best = Math.max(...values.filter(v => v !== null), 0);
    ['up', 'down', 'left', 'right'].forEach((d, i) => {
      head.appendChild(el('th', { scope: 'col' }, ARROWS[d] + ' ' + d));
      const v = values[i];
      row.appendChild(el('td', v !== null && v === best ? { class: 'best' } : {},
        v === null ? 'no change' : blockText(v) + (v === best ? ' (best)' : '')));
    });
    firsts.append(head, row);
    // Every number on the board at some step, for the note on those left out.
    const texts = [...new Set(data.boards.flatMap(b => b.flatMap(r => r.filter(v => v !== 0).map(blockText))))];
    const board = cellGrid(n, n, 'grid2048', Infinity, 'numbers', ['digit', 'digits']);
    if (n > 12) board.grid.classList.add('wide');
    return {
      title: '2048: largest block ' + blockText(data.max),
      summary: data.moves.length === 0 ? 'Already on the board: no move needed.'
        : 'Shortest line: ' + plural(data.moves.length, 'move', 'moves') + '. Merged blocks are outlined and marked *.',
      extra: firsts,
      steps: steps,
      fit() { board.fit(texts); },
      draw(i, stage) {
        if (stage.firstChild !== board.box) stage.replaceChildren(board.box);
        board.grid.setAttribute('aria-label', 'board after step ' + i);
        const merged = new Set(i > 0 ? data.merged[i - 1].map(rc => rc[0] * n + rc[1]) : []);
        data.boards[i].forEach((r, ri) => r.forEach((v, ci) => {
          const k = ri * n + ci;
          const t = board.cells[k];
          const [bg, fg] = tileColour(v);
          const isMerged = merged.has(k);
          t.className = 'tile' + (isMerged ? ' merged' : '');
          t.dataset.value = blockText(v) || '0';
          t.dataset.text = blockText(v);
          t.setAttribute('aria-label', (v === 0 ? 'empty' : blockText(v)) + (isMerged ? ', merged' : ''));
          t.style.background = bg; t.style.color = fg;
        }));
        board.fit(texts);
      },
      describe(i) {
        if (i === 0) return [el('p', {}, 'The start board.')];
        const m = data.moves[i - 1];
        const k = data.merged[i - 1].length;
        const move = el('p', {}, '');
        move.append(el('span', { class: 'arrow', 'aria-hidden': 'true' }, ARROWS[m] + ' '), 'Move ' + i + ': ' + m);
        return [move, el('p', {}, k === 0 ? 'No merge.' : plural(k, 'merge', 'merges') + ', marked *.')];
      },
    };
  }

  // ---- yut ----------------------------------------------------------------
  const PIECE_COLOURS = ['#c0392b', '#1e8449', '#d35400', '#7d3c98'];
  function viewYut() {
    const squares = new Map(layout.squares.map(s => [s.name, s]));
    const steps = [{ label: 'start' }].concat(data.moves.map(m =>
      ({ label: m.turn + '. die ' + m.die + ': piece ' + m.piece + ' \u2192 ' + m.to })));
    function positions(i) {
      const at = ['start', 'start', 'start', 'start'];
      for (const m of data.moves.slice(0, i)) at[m.piece - 1] = m.to;
      return at;
    }
    // The scale the board is drawn at in `stage` (its width over 720).
    const scaleOf = stage => Math.min(1, (stage.clientWidth || 720) / 720);
    let drawn = null;
    const legend = el('div', { class: 'legend' });
    PIECE_COLOURS.forEach((c, k) => {
      const item = el('span', {}, '');
      const sw = el('span', { class: 'swatch' }); sw.style.background = c;
      item.append(sw, 'piece ' + (k + 1));
      legend.appendChild(item);
    });
    return {
      title: 'Dice yut: best score ' + data.max,
      summary: 'Dice: ' + data.moves.map(m => m.die).join(' ') +
        (data.unused > 0 ? ' (then ' + plural(data.unused, 'die', 'dice') + ' unused: every piece finished)' : '') +
        '. Pieces are numbered; blue circles start or lie on the blue routes ' +
        '(in the move list, b marks a square of a blue route, and c the centre squares 25c, 30c, 35c).',
      extra: legend,
      steps: steps,
      // The board is drawn 720 wide, scaled down to narrower screens; its
      // texts grow as it shrinks to stay MIN_FONT px or more (with a
      // margin), the pieces with them and a little further out.
      fit() {
        if (drawn && scaleOf(drawn.stage) !== drawn.scale) this.draw(drawn.i, drawn.stage);
      },
      draw(i, stage) {
        const scale = scaleOf(stage);
        drawn = { i, stage, scale };
        const labelFont = Math.max(14, (MIN_FONT + 0.2) / scale);
        const pieceFont = Math.max(12, (MIN_FONT + 0.2) / scale);
        const pieceR = Math.max(9, 0.66 * pieceFont);
        // Out of the way of a two-digit label (0.64 em each side of the centre).
        const off = Math.max(17, 0.64 * labelFont + (pieceR + 1) / Math.SQRT2);
        const pic = svg('svg', { viewBox: '0 100 720 700', width: 720, height: 700, role: 'img',
          'aria-label': 'yut board after turn ' + i });
        for (const s of layout.squares) {
          for (const to of s.next) {
            const t = squares.get(to);
            pic.appendChild(svg('line', { x1: s.x, y1: s.y, x2: t.x, y2: t.y,
              stroke: s.blue && t.blue ? '#6baed6' : '#999', 'stroke-width': 2 }));
          }
        }
        const m = i > 0 ? data.moves[i - 1] : null;
        for (const s of layout.squares) {
          const moved = m && (s.name === m.to);
          pic.appendChild(svg('circle', { cx: s.x, cy: s.y, r: 19, fill: s.blue ? '#c6dbef' : '#f2f2f2',
            stroke: moved ? '#000' : '#333', 'stroke-width': moved ? 3 : 1 }));
          const label = s.name === 'start' ? 'S' : s.name === 'end' ? 'E' : String(s.value);
          pic.appendChild(svg('text', { class: 'label', x: s.x, y: (s.y + 0.35 * labelFont).toFixed(2),
            'font-size': labelFont.toFixed(2), 'text-anchor': 'middle' }, label));
        }
        const at = positions(i);
        // Each piece at its own corner of the square it stands on, just
        // outside the circle so that the square's value stays readable.
        const offsets = [[-off, -off], [off, -off], [-off, off], [off, off]];
        at.forEach((name, k) => {
          const s = squares.get(name);
          const [dx, dy] = offsets[k];
          const g = svg('g', { class: 'piece', 'data-piece': k + 1, 'data-at': name });
          g.append(svg('circle', { cx: s.x + dx, cy: s.y + dy, r: pieceR.toFixed(2), fill: PIECE_COLOURS[k], stroke: '#000' }),
            svg('text', { x: s.x + dx, y: (s.y + dy + 0.35 * pieceFont).toFixed(2), 'font-size': pieceFont.toFixed(2),
              'font-weight': 700, fill: '#fff',
              'text-anchor': 'middle' }, String(k + 1)));
          pic.appendChild(g);
        });
        stage.replaceChildren(pic);
      },
      describe(i) {
        const m = i > 0 ? data.moves[i - 1] : null;
        const score = el('p', { class: 'score' }, 'Score so far: ' + (m ? m.total : 0) + ' of ' + data.max);
        if (!m) return [el('p', {}, 'All four pieces at the start.'), score];
        const list = el('ul', { class: 'alternatives' });
        for (const a of m.alternatives) {
          const text = a.to === null ? 'piece ' + a.piece + ' cannot move'
            : 'piece ' + a.piece + ' \u2192 ' + a.to + ': best final total ' + a.total;
          list.appendChild(el('li', a.piece === m.piece ? { class: 'played' } : {},
            text + (a.piece === m.piece ? ' (played)' : '')));
        }
        return [
          el('p', { class: 'die' }, 'Turn ' + m.turn + ': die ' + m.die + '. Piece ' + m.piece + ' moves ' +
            m.from + ' \u2192 ' + m.to + ', +' + m.score + '.'),
          score, el('p', {}, 'Each piece moved this turn would give:'), list];
      },
    };
  }

  // ---- tromino ------------------------------------------------------------
  const LEVEL_COLOURS = ['#e41a1c', '#377eb8', '#4daf4a', '#984ea3', '#ff7f00', '#a6761d', '#f781bf', '#999999', '#66c2a5'];
  // Up to this side each tromino is drawn with its cells, its outline and
  // its number; above it (up to 256, 21845 trominoes) as one path, its
  // outline filled, with no number (none would be legible).
  const NUMBERED_UP_TO = 64;
  function levelColour(t) { return t.level === null ? LEVEL_COLOURS[t.number % 9] : LEVEL_COLOURS[t.level % 9]; }
  // The outline of an L tromino (three cells of a 2×2 square) as a path,
  // or null for any other shape.
  function lOutline(cells, size) {
    const r0 = Math.min(...cells.map(c => c[0])); const c0 = Math.min(...cells.map(c => c[1]));
    if (cells.some(([r, c]) => r > r0 + 1 || c > c0 + 1)) return null;
    const has = (r, c) => cells.some(x => x[0] === r && x[1] === c);
    // The square's corners clockwise; the missing cell's corner is cut in to the centre.
    const x0 = c0 * size; const y0 = r0 * size;
    const corners = [[x0, y0, r0, c0], [x0 + 2 * size, y0, r0, c0 + 1],
      [x0 + 2 * size, y0 + 2 * size, r0 + 1, c0 + 1], [x0, y0 + 2 * size, r0 + 1, c0]];
    const points = [];
    corners.forEach(([x, y, r, c], k) => {
      if (has(r, c)) { points.push([x, y]); return; }
      const [px, py] = corners[(k + 3) % 4]; const [nx, ny] = corners[(k + 1) % 4];
      points.push([(x + px) / 2, (y + py) / 2], [x0 + size, y0 + size], [(x + nx) / 2, (y + ny) / 2]);
    });
    return 'M' + points.map(p => p[0] + ' ' + p[1]).join('L') + 'Z';
  }
  function viewTromino() {
    const n = data.n;
    const tiles = data.tiles;
    const levels = [...new Set(tiles.map(t => t.level))].filter(l => l !== null).sort((a, b) => a - b);
    const legend = el('div', { class: 'legend' });
    for (const l of levels) {
      const item = el('span', {}, '');
      const sw = el('span', { class: 'swatch' }); sw.style.background = LEVEL_COLOURS[l % 9];
      item.append(sw, 'level ' + l);
      legend.appendChild(item);
    }
    const summary = n + '\u00d7' + n + ' board, hole at ' + cell(data.hole) + ': ' +
      plural(tiles.length, 'tromino', 'trominoes') + ', coloured by recursion level (0 = the centre of the whole board).';
    const numbered = n <= NUMBERED_UP_TO;
    const size = numbered ? Math.max(8, Math.floor(640 / n)) : Math.max(2, Math.floor(1024 / n));
    const steps = [{ label: 'empty board' }].concat(tiles.map(t =>
      ({ label: t.number + '. ' + (t.level === null ? '' : 'level ' + t.level + ' ') + t.cells.map(cell).join(' ') })));
    const pic = svg('svg', { viewBox: '0 0 ' + n * size + ' ' + n * size, width: n * size, height: n * size, role: 'img' });
    pic.appendChild(svg('rect', { width: n * size, height: n * size, fill: '#fff', stroke: '#333' }));
    pic.appendChild(svg('rect', { class: 'hole', x: data.hole[1] * size, y: data.hole[0] * size,
      width: size, height: size, fill: '#000' }));
    // The trominoes are built when first shown and kept: stepping adds or
    // removes the ones between, so a play of thousands of steps stays fast.
    const groups = [];
    const thin = numbered ? 1.5 : size / 6;
    const thick = numbered ? Math.max(2, size / 8) : size * 0.6;
    function group(k) {
      if (groups[k]) return groups[k];
      const t = tiles[k];
      const outline = numbered ? null : lOutline(t.cells, size);
      if (outline) {
        groups[k] = svg('path', { class: 'tile', 'data-tile': t.number, d: outline, fill: levelColour(t),
          stroke: '#333', 'stroke-width': thin });
        return groups[k];
      }
      const g = svg('g', { class: 'tile', 'data-tile': t.number });
      g.appendChild(svg('title', {}, 'tromino ' + t.number + (t.level === null ? '' : ', level ' + t.level)));
      const mine = new Set(t.cells.map(([r, c]) => r * n + c));
      let edges = '';
      for (const [r, c] of t.cells) {
        g.appendChild(svg('rect', { x: c * size, y: r * size, width: size, height: size, fill: levelColour(t) }));
        // The tromino's outline: the sides of its cells that no other cell of it shares.
        const [x, y] = [c * size, r * size];
        if (r === 0 || !mine.has((r - 1) * n + c)) edges += 'M' + x + ' ' + y + 'h' + size;
        if (r === n - 1 || !mine.has((r + 1) * n + c)) edges += 'M' + x + ' ' + (y + size) + 'h' + size;
        if (c === 0 || !mine.has(r * n + c - 1)) edges += 'M' + x + ' ' + y + 'v' + size;
        if (c === n - 1 || !mine.has(r * n + c + 1)) edges += 'M' + (x + size) + ' ' + y + 'v' + size;
      }
      g.appendChild(svg('path', { d: edges, fill: 'none', stroke: '#333', 'stroke-width': thin, 'stroke-linecap': 'square' }));
      if (!numbered) { groups[k] = g; return g; }
      // The number goes in the corner cell of the L, the one next to both others.
      const [r, c] = t.cells.find(([r0, c0]) => t.cells.filter(([r1, c1]) => Math.abs(r0 - r1) + Math.abs(c0 - c1) === 1).length === 2) || t.cells[1];
      g.appendChild(svg('text', { x: c * size + size / 2, y: r * size + size / 2, 'text-anchor': 'middle',
        'dominant-baseline': 'central' }, String(t.number)));
      groups[k] = g;
      return g;
    }
    // The element that draws a tromino's outline.
    const outlineOf = g => (g.tagName === 'path' ? g : g.querySelector('path'));
    let shown = 0; let marked = null; let scale = 0; let font = null;
    // Sizes the number of tromino k to its cell as drawn at this width, or
    // leaves it out when it would be below MIN_FONT.
    function fitNumber(k) {
      if (!numbered) return false;
      const text = groups[k].lastChild;
      const units = Math.min(14, size / 2.2, size * 0.88 / Math.max(emWidth(text.textContent, font), 0.3));
      const fits = units * scale >= MIN_FONT;
      text.setAttribute('font-size', units.toFixed(2));
      if (fits) text.removeAttribute('display'); else text.setAttribute('display', 'none');
      return fits;
    }
    function digitsFitting(fits) {
      let d = 1;
      while (fits('8'.repeat(d + 1))) d += 1;
      return d;
    }
    function fit() {
      const w = pic.getBoundingClientRect().width;
      if (!w) return;
      if (!numbered) {
        // Outlines under 3 px a cell would only grey the colours.
        pic.classList.toggle('bare', w / n < 3);
        setNote(tiles.length === 0 ? null : 'Above n = ' + NUMBERED_UP_TO + ' the trominoes carry no numbers: see the list of placements.');
        return;
      }
      if (font === null) font = fontOf(pic);
      const now = w / (n * size);
      if (now === scale) return;
      scale = now;
      for (let k = 0; k < shown; k++) fitNumber(k);
      // The longest number and the shortest decide the note.
      const fits = text => Math.min(14, size / 2.2, size * 0.88 / Math.max(emWidth(text, font), 0.3)) * scale >= MIN_FONT;
      const how = ' at this width: hover over a tromino to read its number, or see the list of placements.';
      setNote(tiles.length === 0 || fits(String(tiles.length)) ? null
        : fits('1') ? 'Numbers of more than ' + plural(digitsFitting(fits), 'digit', 'digits') + ' do not fit their trominoes' + how
          : 'The trominoes are too small for their numbers' + how);
    }
    return {
      title: 'L-tromino tiling in placement order', summary: summary, extra: legend, steps: steps, slider: true, fit,
      draw(i, stage) {
        if (stage.firstChild !== pic) stage.replaceChildren(pic);
        fit();
        while (shown > i) pic.removeChild(groups[--shown]);
        while (shown < i) { pic.appendChild(group(shown)); fitNumber(shown++); }
        // The last tromino placed is outlined thickly.
        if (marked) {
          marked.setAttribute('stroke', '#333'); marked.setAttribute('stroke-width', thin);
          marked.classList.remove('current');
        }
        marked = i > 0 ? outlineOf(groups[i - 1]) : null;
        if (marked) {
          marked.setAttribute('stroke', '#000'); marked.setAttribute('stroke-width', thick);
          marked.classList.add('current');
        }
        pic.setAttribute('aria-label', 'the first ' + i + ' trominoes');
      },
      describe(i) {
        const t = i > 0 ? tiles[i - 1] : null;
        return [el('p', {}, t === null ? 'The board with its hole (black).'
          : 'Tromino ' + t.number + (t.level === null ? '' : ' (level ' + t.level + ')') +
            ' covers ' + t.cells.map(cell).join(', ') + '.')];
      },
    };
  }

  // ---- footholds ----------------------------------------------------------
  function viewFootholds() {
    const rows = data.board.length; const cols = data.board[0].length;
    const steps = [{ label: 'start' }].concat(data.line.map((m, i) =>
      ({ label: (i + 1) + '. ' + m.player + ' ' + cell(m.from) + ' \u2192 ' + cell(m.to) })));
    function state(i) {
      if (i === 0) return { board: data.board, aloc: data.aloc, bloc: data.bloc };
      return data.line[i - 1];
    }
    const why = data.ending === 'no_move' ? 'has no foothold to move to' : 'stands where the foothold vanished';
    const board = cellGrid(rows, cols, 'gridfeet', 20, 'marks', ['letter', 'letters']);
    const texts = ['A', 'B', 'AB', '\u00d7'];
    return {
      title: 'Disappearing footholds: ' + data.winner + ' wins in ' + plural(data.moves, 'move', 'moves'),
      summary: 'A moves first. The winner ends the game as soon as it can; the loser lasts as long as it can. ' +
        'Striped cells have vanished.',
      extra: null,
      steps: steps,
      fit() { board.fit(texts); },
      draw(i, stage) {
        const s = state(i);
        const last = i > 0 ? data.line[i - 1] : null;
        if (stage.firstChild !== board.box) stage.replaceChildren(board.box);
        board.grid.setAttribute('aria-label', 'board after move ' + i);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            const a = s.aloc[0] === r && s.aloc[1] === c;
            const b = s.bloc[0] === r && s.bloc[1] === c;
            const foot = s.board[r][c] === 1;
            const from = last && last.from[0] === r && last.from[1] === c;
            const who = (a ? 'A' : '') + (b ? 'B' : '');
            const t = board.cells[r * cols + c];
            t.className = 'cell ' + (foot ? 'foothold' : 'gone') + (a ? ' pa' : '') + (b ? ' pb' : '') + (from ? ' from' : '');
            t.dataset.cell = r + ',' + c;
            t.dataset.foothold = foot ? '1' : '0';
            t.dataset.player = who;
            t.dataset.text = who || (foot ? '' : '\u00d7');
            t.setAttribute('aria-label', (foot ? 'foothold' : 'vanished') + (who ? ', ' + who : ''));
          }
        }
        board.fit(texts);
      },
      describe(i) {
        const last = i > 0 ? data.line[i - 1] : null;
        const parts = [];
        if (last) parts.push(el('p', {}, 'Move ' + i + ': ' + last.player + ' ' + cell(last.from) + ' \u2192 ' + cell(last.to) + '.'));
        if (i < data.line.length) {
          const next = data.line[i];
          parts.push(el('p', { class: 'turn' }, next.player + ' to move. Its moves, with both then playing well:'));
          const list = el('ul', { class: 'alternatives' });
          for (const alt of next.alternatives) {
            const played = alt.to[0] === next.to[0] && alt.to[1] === next.to[1];
            list.appendChild(el('li', played ? { class: 'played' } : {},
              'to ' + cell(alt.to) + ': ' + alt.winner + ' wins, ' + plural(alt.moves, 'move', 'moves') + ' in all' +
              (played ? ' (played)' : '')));
          }
          parts.push(list);
        } else {
          const loser = data.winner === 'A' ? 'B' : 'A';
          parts.push(el('p', { class: 'turn' }, loser + ' to move, but ' + loser + ' ' + why + ': ' + data.winner + ' wins.'));
        }
        return parts;
      },
    };
  }

  // ---- the player ---------------------------------------------------------
  const views = { '2048': view2048, yut: viewYut, tromino: viewTromino, footholds: viewFootholds };
  const view = views[document.body.dataset.puzzle]();
  const main = el('main');
  main.append(el('h1', {}, view.title), el('p', { class: 'summary' }, view.summary));
  if (view.extra) main.appendChild(view.extra);
  const stage = el('div', { class: 'stage', id: 'stage' });
  const about = el('div', { class: 'about', id: 'about', 'aria-live': 'polite' });
  const last = view.steps.length - 1;
  let current = 0;
  const controls = el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'step through the play' });
  const buttons = {
    start: el('button', { type: 'button', id: 'first', 'aria-label': 'start' }, '\u00ab Start'),
    back: el('button', { type: 'button', id: 'back', 'aria-label': 'back one step' }, '\u25c0 Back'),
    play: el('button', { type: 'button', id: 'play', 'aria-label': 'play', 'data-playing': 'false' }, '\u25b6 Play'),
    forward: el('button', { type: 'button', id: 'forward', 'aria-label': 'forward one step' }, 'Forward \u25b6'),
    end: el('button', { type: 'button', id: 'last', 'aria-label': 'end' }, 'End \u00bb'),
  };
  // Play: one step every `interval` ms, so that a whole play takes about
  // ten seconds at 1x (at most a second a step); steps shorter than a
  // frame are taken several at a time.
  const interval = Math.min(1000, 10000 / Math.max(1, last));
  const speed = el('select', { id: 'speed', 'aria-label': 'speed' });
  function seconds(ms) { return ms >= 9500 ? Math.round(ms / 1000) + ' s' : (ms / 1000).toFixed(1).replace(/\.0$/, '') + ' s'; }
  for (const m of [0.25, 0.5, 1, 2, 4, 10]) {
    const o = el('option', { value: m }, m + '\u00d7 (' + seconds(interval * last / m) + ' in all)');
    if (m === 1) o.selected = true;
    speed.appendChild(o);
  }
  const speedLabel = el('label', { class: 'speed' }, 'Speed ');
  speedLabel.appendChild(speed);
  const status = el('span', { class: 'status', id: 'status' });
  controls.append(buttons.start, buttons.back, buttons.play, buttons.forward, buttons.end);
  let slider = null;
  if (view.slider) {
    slider = el('input', { type: 'range', class: 'slider', id: 'slider', min: 0, max: last, value: 0,
      'aria-label': 'placement order' });
    controls.appendChild(slider);
  }
  controls.append(speedLabel, status);
  const list = el('ol', { class: 'movelist', id: 'moves', 'aria-label': 'moves' });
  const items = view.steps.map((s, i) => {
    const b = el('button', { type: 'button', 'data-step': i }, s.label);
    b.addEventListener('click', () => show(i));
    const li = el('li'); li.appendChild(b); list.appendChild(li);
    return b;
  });
  const layoutBox = el('div', { class: 'layout' });
  const left = el('div', { class: 'stage' }); left.append(note, stage, about);
  const side = el('div', { class: 'side' }); side.append(el('h2', { class: 'summary' }, 'Moves'), list);
  layoutBox.append(left, side);
  main.append(controls, layoutBox);
  document.body.appendChild(main);
  // The status keeps the width of its longest text, so that the controls
  // never wrap differently from one step to the next.
  status.textContent = 'step ' + last + ' of ' + last;
  status.style.minWidth = Math.ceil(status.getBoundingClientRect().width) + 'px';

  // The text under the board keeps the height of the tallest step's at
  // this width, so that stepping never moves what lies below it.
  // Every step, or in a long play those likeliest to be tallest: of each
  // shape of text (its elements and list items), the longest few.
  let candidates = null;
  function tallCandidates() {
    if (last <= 200) return view.steps.map((s, i) => i);
    if (candidates) return candidates;
    const byShape = new Map();
    for (let i = 0; i <= last; i++) {
      const parts = view.describe(i);
      const shape = parts.map(p => p.tagName + p.childElementCount).join();
      const length = parts.reduce((a, p) => a + p.textContent.length, 0);
      if (!byShape.has(shape)) byShape.set(shape, []);
      byShape.get(shape).push([length, i]);
    }
    candidates = [];
    for (const steps of byShape.values()) {
      steps.sort((a, b) => b[0] - a[0]);
      candidates.push(...steps.slice(0, 8).map(s => s[1]));
    }
    return candidates;
  }
  let aboutWidth = 0;
  function reserve() {
    const w = about.clientWidth;
    if (!w || w === aboutWidth) return;
    aboutWidth = w;
    const probe = el('div', { class: 'probe', 'aria-hidden': 'true' });
    probe.style.width = w + 'px';
    for (const i of tallCandidates()) {
      const d = el('div', { class: 'about' });
      d.append(...view.describe(i));
      probe.appendChild(d);
    }
    left.appendChild(probe);
    let tallest = 0;
    for (const d of probe.children) tallest = Math.max(tallest, d.getBoundingClientRect().height);
    probe.remove();
    about.style.minHeight = Math.ceil(tallest) + 'px';
  }
  // Scrolls the move list, and only the list, so that step i's entry is in
  // view (centred when it was out of view).
  function keepInView(i) {
    const li = items[i].parentNode;
    const l = list.getBoundingClientRect(); const r = li.getBoundingClientRect();
    const top = r.top - l.top - list.clientTop;
    if (top < 0 || top + r.height > list.clientHeight) {
      list.scrollTop += top - (list.clientHeight - r.height) / 2;
    }
  }
  let marked = null;
  // Shows step i; any step not taken by Play pauses it.
  function show(i, byPlay) {
    if (!byPlay) pause();
    current = Math.max(0, Math.min(last, i));
    view.draw(current, stage);
    about.replaceChildren(...view.describe(current));
    stage.dataset.step = String(current);
    status.textContent = 'step ' + current + ' of ' + last;
    buttons.start.disabled = buttons.back.disabled = current === 0;
    buttons.end.disabled = buttons.forward.disabled = current === last;
    buttons.play.disabled = last === 0;
    if (slider) slider.value = String(current);
    if (marked) marked.removeAttribute('aria-current');
    marked = items[current];
    marked.setAttribute('aria-current', 'step');
    keepInView(current);
  }
  // `timer` cancels the next tick while playing, and is null otherwise.
  // Steps due sooner than the next frame wait for it (a large tromino
  // takes dozens of steps a frame), later ones for a timeout.
  let timer = null; let from = 0; let since = 0;
  function stepTime() { return interval / Number(speed.value); }
  function schedule(ms) {
    if (ms < 17) {
      const id = requestAnimationFrame(tick);
      timer = () => cancelAnimationFrame(id);
    } else {
      const id = setTimeout(tick, ms);
      timer = () => clearTimeout(id);
    }
  }
  function tick() {
    const due = from + Math.floor((performance.now() - since) / stepTime());
    if (due > current) show(due, true);
    if (current >= last) { pause(); return; }
    schedule(since + (due + 1 - from) * stepTime() - performance.now());
  }
  function play() {
    if (current === last) show(0);
    from = current; since = performance.now();
    buttons.play.textContent = '\u275a\u275a Pause';
    buttons.play.setAttribute('aria-label', 'pause');
    buttons.play.dataset.playing = 'true';
    schedule(stepTime());
  }
  function pause() {
    if (timer === null) return;
    timer();
    timer = null;
    buttons.play.textContent = '\u25b6 Play';
    buttons.play.setAttribute('aria-label', 'play');
    buttons.play.dataset.playing = 'false';
  }
  function toggle() { if (timer === null) play(); else pause(); }
  speed.addEventListener('change', () => { from = current; since = performance.now(); });
  buttons.start.addEventListener('click', () => show(0));
  buttons.back.addEventListener('click', () => show(current - 1));
  buttons.play.addEventListener('click', toggle);
  buttons.forward.addEventListener('click', () => show(current + 1));
  buttons.end.addEventListener('click', () => show(last));
  if (slider) slider.addEventListener('input', () => show(Number(slider.value)));
  // The space bar plays and pauses anywhere but in the speed menu (a
  // focused button would otherwise be pressed by it as well).
  const spaceable = t => t !== speed;
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === ' ' && spaceable(e.target)) {
      e.preventDefault();
      if (!e.repeat && last > 0) toggle();
      return;
    }
    if (e.target === slider || e.target === speed) return;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  document.addEventListener('keyup', (e) => { if (e.key === ' ' && spaceable(e.target)) e.preventDefault(); });
  if (window.ResizeObserver) {
    new ResizeObserver(() => { if (view.fit) view.fit(); reserve(); }).observe(stage);
  }
  reserve();
  show(0);
  document.body.dataset.rendered = 'true';
})();
