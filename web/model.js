// Reading and writing each judge's input text, for the board editors.
// The engine is the judge of what is valid: these readers only need to
// understand well-formed text well enough to draw and edit it, and give
// null for anything else.

const BOJ_TILING = new Set(['14600', '14601']);

function tokens(text) { return text.trim().split(/\s+/).filter(Boolean); }

export function parseInput(canon, puzzle, text) {
  try {
    switch (canon) {
      case '2048': return parse2048(text);
      case 'yut': return parseYut(text);
      case 'tromino': return parseTromino(puzzle, text);
      case 'footholds': return parseFootholds(text);
      default: return null;
    }
  } catch (e) {
    return null;
  }
}

export function writeInput(canon, puzzle, model) {
  switch (canon) {
    case '2048':
      return model.n + '\n' + model.rows.map(r => r.map(v => String(v)).join(' ')).join('\n') + '\n';
    case 'yut':
      return model.dice.join(' ') + '\n';
    case 'tromino':
      if (BOJ_TILING.has(puzzle)) {
        const k = Math.round(Math.log2(model.n));
        return k + '\n' + (model.col + 1) + ' ' + (model.n - model.row) + '\n';
      }
      return model.n + ' ' + model.row + ' ' + model.col + '\n';
    case 'footholds': return writeFootholds(puzzle, model);
    default: return '';
  }
}

function parse2048(text) {
  const t = tokens(text);
  const n = Number(t[0]);
  if (!Number.isInteger(n) || n < 1 || n > 64 || t.length !== 1 + n * n) return null;
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = t.slice(1 + r * n, 1 + (r + 1) * n);
    if (!row.every(v => /^\d+$/.test(v))) return null;
    rows.push(row.map(v => v.replace(/^0+(?=\d)/, '')));
  }
  return { n, rows };
}

function parseYut(text) {
  const t = tokens(text);
  if (t.length === 0 || !t.every(v => /^[1-5]$/.test(v))) return null;
  return { dice: t.map(Number) };
}

function parseTromino(puzzle, text) {
  const t = tokens(text).map(Number);
  if (t.length !== 3 || !t.every(Number.isInteger)) return null;
  if (BOJ_TILING.has(puzzle)) {
    const [k, x, y] = t;
    if (k < 0 || k > 10) return null;
    const n = 2 ** k;
    const row = n - y, col = x - 1;
    if (row < 0 || row >= n || col < 0 || col >= n) return null;
    return { n, row, col };
  }
  const [n, row, col] = t;
  if (n < 1 || n > 1024 || row < 0 || row >= n || col < 0 || col >= n) return null;
  return { n, row, col };
}

// The three forms of footholds (docs/footholds.md): literal arguments,
// a JSON object, or plain text.
function parseFootholds(text) {
  const s = text.trim();
  let board, aloc, bloc;
  if (s.startsWith('{')) {
    ({ board, aloc, bloc } = JSON.parse(s));
  } else if (s.startsWith('[')) {
    const parts = [];
    let depth = 0, start = -1;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '[') { if (depth === 0) start = i; depth++; }
      else if (s[i] === ']') { depth--; if (depth === 0) parts.push(s.slice(start, i + 1)); }
    }
    if (parts.length !== 3) return null;
    [board, aloc, bloc] = parts.map(p => JSON.parse(p));
  } else {
    const t = tokens(s).map(Number);
    const [r, c] = t;
    if (!(r >= 1 && c >= 1) || t.length !== 2 + r * c + 4) return null;
    board = [];
    for (let i = 0; i < r; i++) board.push(t.slice(2 + i * c, 2 + (i + 1) * c));
    aloc = t.slice(2 + r * c, 4 + r * c);
    bloc = t.slice(4 + r * c, 6 + r * c);
  }
  if (!Array.isArray(board) || board.length === 0 || !board.every(r => Array.isArray(r) && r.length === board[0].length)) return null;
  if (!validLoc(board, aloc) || !validLoc(board, bloc)) return null;
  return { board: board.map(r => r.map(v => (v ? 1 : 0))), aloc: aloc.slice(), bloc: bloc.slice() };
}

function validLoc(board, loc) {
  return Array.isArray(loc) && loc.length === 2 && loc[0] >= 0 && loc[0] < board.length && loc[1] >= 0 && loc[1] < board[0].length;
}

export function footholdsLiteral(board, aloc, bloc) {
  return '[' + board.map(r => '[' + r.join(', ') + ']').join(', ') + '] [' + aloc.join(', ') + '] [' + bloc.join(', ') + ']\n';
}

function writeFootholds(puzzle, m) {
  if (puzzle === '92345') return footholdsLiteral(m.board, m.aloc, m.bloc);
  return m.board.length + ' ' + m.board[0].length + '\n' + m.board.map(r => r.join(' ')).join('\n') + '\n'
    + m.aloc.join(' ') + ' ' + m.bloc.join(' ') + '\n';
}

// Block values may be strings (beyond 2^53): compare as BigInt.
export function big(v) { return BigInt(String(v)); }
