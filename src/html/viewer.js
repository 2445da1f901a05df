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
    return {
      title: '2048: largest block ' + blockText(data.max),
      summary: data.moves.length === 0 ? 'Already on the board: no move needed.'
        : 'Shortest line: ' + plural(data.moves.length, 'move', 'moves') + '. Merged blocks are outlined and marked *.',
      extra: firsts,
      steps: steps,
      draw(i, stage, about) {
        const grid = el('div', { class: 'grid2048', role: 'grid', 'aria-label': 'board after step ' + i });
        grid.style.gridTemplateColumns = 'repeat(' + n + ', minmax(0, 1fr))';
        const merged = new Set(i > 0 ? data.merged[i - 1].map(rc => rc[0] * n + rc[1]) : []);
        data.boards[i].forEach((r, ri) => r.forEach((v, ci) => {
          const [bg, fg] = tileColour(v);
          const isMerged = merged.has(ri * n + ci);
          const t = el('div', {
            class: 'tile' + (isMerged ? ' merged' : ''), role: 'gridcell',
            'data-value': blockText(v) || '0',
            'aria-label': (v === 0 ? 'empty' : blockText(v)) + (isMerged ? ', merged' : ''),
          }, blockText(v));
          t.style.background = bg; t.style.color = fg;
          // Numbers scale with the tile (the board is the size container),
          // long ones smaller, so that every number fits its tile.
          const digits = Math.max(1, blockText(v).length);
          t.style.fontSize = ((100 / n) * Math.min(0.45, 1.5 / digits)).toFixed(3) + 'cqw';
          grid.appendChild(t);
        }));
        stage.replaceChildren(grid);
        if (i === 0) {
          about.replaceChildren(el('p', {}, 'The start board.'));
        } else {
          const m = data.moves[i - 1];
          const k = data.merged[i - 1].length;
          about.replaceChildren(
            el('p', {}, ''),
            el('p', {}, k === 0 ? 'No merge.' : plural(k, 'merge', 'merges') + ', marked *.'));
          about.firstChild.append(el('span', { class: 'arrow', 'aria-hidden': 'true' }, ARROWS[m] + ' '),
            'Move ' + i + ': ' + m);
        }
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
        '. Pieces are numbered; blue squares start or lie on the blue routes.',
      extra: legend,
      steps: steps,
      draw(i, stage, about) {
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
          pic.appendChild(svg('text', { x: s.x, y: s.y + 5, 'font-size': 14, 'text-anchor': 'middle' }, label));
        }
        const at = positions(i);
        // Each piece at its own corner of the square it stands on, just
        // outside the circle so that the square's value stays readable.
        const offsets = [[-17, -17], [17, -17], [-17, 17], [17, 17]];
        at.forEach((name, k) => {
          const s = squares.get(name);
          const [dx, dy] = offsets[k];
          const g = svg('g', { class: 'piece', 'data-piece': k + 1, 'data-at': name });
          g.append(svg('circle', { cx: s.x + dx, cy: s.y + dy, r: 9, fill: PIECE_COLOURS[k], stroke: '#000' }),
            svg('text', { x: s.x + dx, y: s.y + dy + 4, 'font-size': 12, 'font-weight': 700, fill: '#fff',
              'text-anchor': 'middle' }, String(k + 1)));
          pic.appendChild(g);
        });
        stage.replaceChildren(pic);
        const score = el('p', { class: 'score' }, 'Score so far: ' + (m ? m.total : 0) + ' of ' + data.max);
        if (!m) {
          about.replaceChildren(el('p', {}, 'All four pieces at the start.'), score);
          return;
        }
        const list = el('ul', { class: 'alternatives' });
        for (const a of m.alternatives) {
          const text = a.to === null ? 'piece ' + a.piece + ' cannot move'
            : 'piece ' + a.piece + ' \u2192 ' + a.to + ': best final total ' + a.total;
          list.appendChild(el('li', a.piece === m.piece ? { class: 'played' } : {},
            text + (a.piece === m.piece ? ' (played)' : '')));
        }
        about.replaceChildren(
          el('p', { class: 'die' }, 'Turn ' + m.turn + ': die ' + m.die + '. Piece ' + m.piece + ' moves ' +
            m.from + ' \u2192 ' + m.to + ', +' + m.score + '.'),
          score, el('p', {}, 'Each piece moved this turn would give:'), list);
      },
    };
  }

  // ---- tromino ------------------------------------------------------------
  const LEVEL_COLOURS = ['#e41a1c', '#377eb8', '#4daf4a', '#984ea3', '#ff7f00', '#a6761d', '#f781bf', '#999999', '#66c2a5'];
  const SLIDER_UP_TO = 64;
  function levelColour(t) { return t.level === null ? LEVEL_COLOURS[t.number % 9] : LEVEL_COLOURS[t.level % 9]; }
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
    if (n > SLIDER_UP_TO) {
      return {
        title: 'L-tromino tiling', summary: summary + ' Above n = ' + SLIDER_UP_TO + ' the page shows the finished tiling.',
        extra: legend, steps: null,
        draw(i, stage) {
          const scale = Math.max(1, Math.floor(1024 / n));
          const c = el('canvas', { width: n * scale, height: n * scale, role: 'img',
            'aria-label': 'the finished tiling, ' + tiles.length + ' trominoes' });
          const g = c.getContext('2d');
          g.fillStyle = '#000';
          g.fillRect(data.hole[1] * scale, data.hole[0] * scale, scale, scale);
          for (const t of tiles) {
            g.fillStyle = levelColour(t);
            for (const [r, col] of t.cells) g.fillRect(col * scale, r * scale, scale, scale);
          }
          stage.replaceChildren(c);
        },
      };
    }
    const size = Math.max(8, Math.floor(640 / n));
    const steps = [{ label: 'empty board' }].concat(tiles.map(t =>
      ({ label: t.number + '. ' + (t.level === null ? '' : 'level ' + t.level + ' ') + t.cells.map(cell).join(' ') })));
    return {
      title: 'L-tromino tiling in placement order', summary: summary, extra: legend, steps: steps, slider: true,
      draw(i, stage, about) {
        const pic = svg('svg', { viewBox: '0 0 ' + n * size + ' ' + n * size, width: n * size, height: n * size,
          role: 'img', 'aria-label': 'the first ' + i + ' trominoes' });
        pic.appendChild(svg('rect', { width: n * size, height: n * size, fill: '#fff', stroke: '#333' }));
        pic.appendChild(svg('rect', { class: 'hole', x: data.hole[1] * size, y: data.hole[0] * size,
          width: size, height: size, fill: '#000' }));
        for (const t of tiles.slice(0, i)) {
          const g = svg('g', { class: 'tile', 'data-tile': t.number });
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
          const now = t.number === i;
          g.appendChild(svg('path', { d: edges, fill: 'none', stroke: now ? '#000' : '#333',
            'stroke-width': now ? Math.max(2, size / 8) : 1.5, 'stroke-linecap': 'square' }));
          if (size >= 18) {
            const [r, c] = t.cells[1];
            g.appendChild(svg('text', { x: c * size + size / 2, y: r * size + size / 2 + 4,
              'font-size': Math.min(14, size / 2.2), 'text-anchor': 'middle' }, String(t.number)));
          }
          pic.appendChild(g);
        }
        stage.replaceChildren(pic);
        const t = i > 0 ? tiles[i - 1] : null;
        about.replaceChildren(el('p', {}, t === null ? 'The board with its hole (black).'
          : 'Tromino ' + t.number + (t.level === null ? '' : ' (level ' + t.level + ')') +
            ' covers ' + t.cells.map(cell).join(', ') + '.'));
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
    return {
      title: 'Disappearing footholds: ' + data.winner + ' wins in ' + plural(data.moves, 'move', 'moves'),
      summary: 'A moves first. The winner ends the game as soon as it can; the loser lasts as long as it can. ' +
        'Striped cells have vanished.',
      extra: null,
      steps: steps,
      draw(i, stage, about) {
        const s = state(i);
        const last = i > 0 ? data.line[i - 1] : null;
        const grid = el('div', { class: 'gridfeet', role: 'grid', 'aria-label': 'board after move ' + i });
        grid.style.gridTemplateColumns = 'repeat(' + cols + ', minmax(0, 1fr))';
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            const a = s.aloc[0] === r && s.aloc[1] === c;
            const b = s.bloc[0] === r && s.bloc[1] === c;
            const foot = s.board[r][c] === 1;
            const from = last && last.from[0] === r && last.from[1] === c;
            const cls = 'cell ' + (foot ? 'foothold' : 'gone') + (a ? ' pa' : '') + (b ? ' pb' : '') + (from ? ' from' : '');
            const who = (a ? 'A' : '') + (b ? 'B' : '');
            grid.appendChild(el('div', { class: cls, role: 'gridcell', 'data-cell': r + ',' + c,
              'data-foothold': foot ? '1' : '0', 'data-player': who,
              'aria-label': cell([r, c]) + (foot ? ' foothold' : ' vanished') + (who ? ', ' + who : '') },
            who || (foot ? '' : '\u00d7')));
          }
        }
        stage.replaceChildren(grid);
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
        about.replaceChildren(...parts);
      },
    };
  }

  // ---- the player ---------------------------------------------------------
  const views = { '2048': view2048, yut: viewYut, tromino: viewTromino, footholds: viewFootholds };
  const view = views[document.body.dataset.puzzle]();
  const main = el('main');
  main.append(el('h1', {}, view.title), el('p', { class: 'summary' }, view.summary));
  if (view.extra) main.appendChild(view.extra);
  const stage = el('div', { class: 'stage', id: 'stage', 'aria-live': 'polite' });
  const about = el('div', { class: 'about', id: 'about' });
  if (!view.steps) {
    main.append(stage);
    document.body.appendChild(main);
    view.draw(0, stage, about);
    document.body.dataset.rendered = 'true';
    return;
  }
  const last = view.steps.length - 1;
  let current = 0;
  const controls = el('div', { class: 'controls', role: 'toolbar', 'aria-label': 'step through the play' });
  const buttons = {
    start: el('button', { type: 'button', id: 'first', 'aria-label': 'start' }, '\u00ab Start'),
    back: el('button', { type: 'button', id: 'back', 'aria-label': 'back one step' }, '\u25c0 Back'),
    forward: el('button', { type: 'button', id: 'forward', 'aria-label': 'forward one step' }, 'Forward \u25b6'),
    end: el('button', { type: 'button', id: 'last', 'aria-label': 'end' }, 'End \u00bb'),
  };
  const status = el('span', { class: 'status', id: 'status' });
  controls.append(buttons.start, buttons.back, buttons.forward, buttons.end);
  let slider = null;
  if (view.slider) {
    slider = el('input', { type: 'range', class: 'slider', id: 'slider', min: 0, max: last, value: 0,
      'aria-label': 'placement order' });
    controls.appendChild(slider);
  }
  controls.appendChild(status);
  const list = el('ol', { class: 'movelist', id: 'moves', 'aria-label': 'moves' });
  const items = view.steps.map((s, i) => {
    const b = el('button', { type: 'button', 'data-step': i }, s.label);
    b.addEventListener('click', () => show(i));
    const li = el('li'); li.appendChild(b); list.appendChild(li);
    return b;
  });
  const layoutBox = el('div', { class: 'layout' });
  const left = el('div', { class: 'stage' }); left.append(stage, about);
  const side = el('div', { class: 'side' }); side.append(el('h2', { class: 'summary' }, 'Moves'), list);
  layoutBox.append(left, side);
  main.append(controls, layoutBox);
  document.body.appendChild(main);

  function show(i) {
    current = Math.max(0, Math.min(last, i));
    view.draw(current, stage, about);
    stage.dataset.step = String(current);
    status.textContent = 'step ' + current + ' of ' + last;
    buttons.start.disabled = buttons.back.disabled = current === 0;
    buttons.end.disabled = buttons.forward.disabled = current === last;
    if (slider) slider.value = String(current);
    items.forEach((b, k) => {
      if (k === current) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
    });
    const li = items[current].parentNode;
    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - li.offsetHeight) {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    }
  }
  buttons.start.addEventListener('click', () => show(0));
  buttons.back.addEventListener('click', () => show(current - 1));
  buttons.forward.addEventListener('click', () => show(current + 1));
  buttons.end.addEventListener('click', () => show(last));
  if (slider) slider.addEventListener('input', () => show(Number(slider.value)));
  document.addEventListener('keydown', (e) => {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(0);
  document.body.dataset.rendered = 'true';
})();
