// The page's texts in English and Korean. t(key, {name: value}) fills
// {name} in the template; the choice is kept in localStorage.
const KEY = 'boardsolve.lang';

const en = {
  tagline: 'Exact answers to four board puzzles, computed in your browser',
  problem: 'Problem', movesK: 'Moves K', modeEdit: 'Edit', modeSolution: 'Solution', modePlay: 'Play',
  answer: 'Answer', stop: 'Stop', solveAgain: 'Solve', timeLimit: 'Time limit (s)',
  instance: 'Instance', pasteLabel: "The judge's input (paste it here)", load: 'Load and solve',
  samples: "The statement's samples", random: 'Random instance', seed: 'Seed', hard: 'Hard', generate: 'Generate',
  killers: 'Killer cases', checkTitle: 'Check an answer', checkLabel: "A program's output", order: 'Placement order',
  check: 'Check', explain: 'Explanation', footer: 'Runs entirely in this page: the engine is WebAssembly in a Web Worker; nothing is sent anywhere.',
  canon_2048: '2048', canon_yut: 'Dice yut', canon_tromino: 'L-tromino tiling', canon_footholds: 'Disappearing footholds',
  rules_2048: 'Slide all blocks up, down, left or right; equal blocks merge once per move; no new blocks appear. The answer: the largest block after at most {k} moves.',
  rules_yut: 'Four pieces, one die a turn: move one piece by it (a blue square sends it down the blue route; no two pieces on one square). The answer: the best total of the squares landed on.',
  rules_tromino: 'Tile the board, all but the hole, with L-trominoes by divide and conquer; pieces are numbered in the order they are placed.',
  rules_footholds: 'A and B step to a neighbouring foothold; the square left behind falls. Who cannot move, or whose square falls, loses. Winners hurry, losers stall: the answer is the number of moves.',
  cellLabel: 'row {r}, column {c}', boardLabel: 'the board', movePiece: 'move piece {k}',
  fhCell: 'cell ({r}, {c}), {on}', foothold: 'foothold', noFoothold: 'no foothold',
  noBoard: 'The input cannot be drawn; the engine says why on the right.',
  stepOf: 'step {i} of {n}', first: 'first step', prev: 'previous step', next: 'next step', playLine: 'Play', pause: 'Pause',
  sizeN: 'Size n', sizeK: 'K (n = 2^K)', edit2048Hint: 'Click a cell and type a block value (empty or 0: no block).',
  dice: 'Dice', dieN: 'die {i}', addDie: '+ die', removeDie: '− die',
  editTrominoHint: 'Click a cell to put the hole there.',
  rows: 'Rows', cols: 'Columns', tool: 'Clicking a cell', tool_toggle: 'foothold on/off', tool_A: 'puts A', tool_B: 'puts B',
  progress: 'Searching… best found {best}, proven at most {upper}, {positions} positions',
  none: '(none yet)', solving: 'Solving…', noAnswer: 'No answer.', inMs: '({ms} ms)',
  stoppedByYou: 'Stopped.', stoppedTime: 'The time limit stopped the search.', provenBounds: 'Proven:',
  atLeast: 'at least {x}', atMost: 'at most {y}', noLower: 'no block proven yet', noUpper: 'no upper bound proven yet',
  ans2048: '— the largest block within {k} moves', ansYut: '— the best score', ansFootholds: 'moves — {w} wins',
  ansFootholdsPlain: 'moves', trominoes: '{count} trominoes, numbered in placement order (the judge output above).',
  editHelp_2048: 'Click a cell and type its block; change the size below. The page solves after each change.',
  editHelp_yut: 'Choose each die below. The page solves after each change.',
  editHelp_tromino: 'Set the size below and click a cell to move the hole.',
  editHelp_footholds: 'Choose what clicking does below: switch footholds, or place A or B.',
  optimalLine: 'The optimal line', noPlay: 'This board is too large to show the line; the answer is complete.',
  solveFirst: 'Solve the instance first.',
  dir_up: 'up', dir_down: 'down', dir_left: 'left', dir_right: 'right', noMoveNeeded: 'No move needed: the best block is already there.',
  whyFirst2048: 'Why this first move: the best within {k} moves, by first move', changesNothing: 'changes nothing',
  yutMove: 'die {die}: piece {piece} → {to} (+{score})', whyYut: 'Turn {turn}, die {die}: the best total for each choice',
  pieceTo: 'piece {piece} → {to}', total: '{total} in all', yutDone: 'All dice used: {total} in all.', start: 'start', end: 'end',
  tilePlaced: 'Tromino {k} placed (level {level} of the division).', tromStart: 'The {n}×{n} board with its hole, before any tromino.',
  tromOrder: 'Each level: the centre tromino first, then the quadrants top-left, top-right, bottom-left, bottom-right.',
  fhMove: '{p}: {from} → {to}', fhNoMove: 'A cannot move: no move is made.',
  whyFh: 'Why: each step {p} could take, and how the game then ends', toCell: 'to {to}',
  fhOutcome: '{w} wins, {n} moves in all', fhEnd: 'The end: {w} wins after {n} moves ({ending}).',
  ending_no_move: 'the loser has no foothold to step to', ending_foothold_gone: "the loser's foothold fell from under it",
  playTitle_2048: 'Your moves, with the engine as coach', playTitle_yut: 'Your choices, with the engine as coach',
  playTitle_footholds: 'Play against the engine', playTitle_tromino: 'Place the trominoes in order',
  play2048Help: 'Arrow keys, swipes or the buttons move the blocks.', movesLeft: 'Moves left: {n}',
  bestReachable: '{best} — the best block still reachable in {n} moves', thinking: 'The engine is thinking…',
  moveKept: 'Good: {dir} keeps the best at {best}.', moveCost: 'This move ({dir}) gives up {before} → {after}.',
  eachMove: 'The best still reachable after each move', noMovesLeft: 'No moves left: your largest block is {best}.',
  changesNothingMove: '{dir} changes nothing on this board.', moves: 'moves',
  playYutHelp: 'Click the piece to move by this die, on the board or below.',
  yutTurn: 'Turn {turn} of {n}: the die shows {die}.', yutOver: 'All dice used: you scored {score}.',
  yutBest: 'Score so far {score}; with best play from here: {total} in all.',
  yutLast: 'Piece {piece} → {to} (+{score}).', yutLost: 'That gives up {n} points.', yutKept: 'That keeps the best total.',
  yutOption: 'piece {piece} → {to} (+{score}): {total} in all', yutCannot: 'piece {piece} cannot move',
  yourSide: 'You play', playAs: 'player {s}', playFhHelp: 'You are {s}; A moves first. Click a highlighted square to step there.',
  youWinIn: 'From here you win in {n} moves.', youLoseIn: 'From here you lose in {n} moves (with best play on both sides).',
  youWon: 'You won after {n} moves.', youLost: 'You lost after {n} moves.', engineThinking: 'The engine moves…',
  eachStep: 'Each step you could take', winIn: 'you win in {n}', loseIn: 'you lose in {n}',
  engineMoved: 'The engine ({p}) stepped {from} → {to}.', youMoved: 'You ({p}) stepped {from} → {to}.',
  fell: '{p} stood on the square that fell.', stuck: '{p} cannot move.', fhIllegal: 'You cannot step there.',
  playTromHelp: 'Click the three cells of the next tromino. Undo takes back the last one.',
  tromNext: '{placed} of {n} placed; next: tromino {k}.', tromDone: 'All {n} trominoes placed, in order.',
  tromCovered: 'That cell is already covered.', tromNotL: 'Those three cells are not an L: no tromino covers them.',
  tromGood: 'Right: that is tromino {k}.', tromLater: 'That is tromino {k}, placed later; the next is tromino {next}.',
  tromNotInTiling: 'That L is not a tromino of this tiling; the next is tromino {next}.',
  undo: 'Undo', hint: "Show the engine's move", restart: 'Start over',
  hint2048: 'The engine plays {dir}: the best stays {best}.', hintNone: 'Nothing to suggest.',
  hintYut: 'The engine moves piece {piece} → {to}: {total} in all.', hintFh: 'The engine steps to {to} (highlighted).',
  hintTrom: 'Next comes tromino {k}: cells {cells} (highlighted).',
  sampleN: 'Sample {k}', chooseKiller: 'Choose one of {n} killer cases…', noKillers: 'No killer cases for this name',
  killerN: 'Case {i}: kills {ids}', killsThese: 'This case catches {n} catalogued mistakes:', behavesAs: 'it catches a program that behaves as if',
  checking: 'Checking…', accepted: 'Accepted.', wrong: 'Wrong answer.', expected: 'Expected: {x}',
  mistakesIntro: 'Mistakes that give exactly this answer here:', behavesAsIf: 'your program behaves as if',
  noMistakes: 'No catalogued mistake gives this answer.', engineFailed: 'The engine did not start.',
};

const ko = {
  tagline: '네 가지 보드 퍼즐의 정확한 답을 브라우저에서 계산합니다',
  problem: '문제', movesK: '이동 횟수 K', modeEdit: '편집', modeSolution: '풀이', modePlay: '직접 두기',
  answer: '정답', stop: '중지', solveAgain: '풀기', timeLimit: '시간 제한(초)',
  instance: '입력', pasteLabel: '채점 입력 (여기에 붙여넣기)', load: '불러와서 풀기',
  samples: '문제의 예제', random: '무작위 입력', seed: '시드', hard: '어렵게', generate: '생성',
  killers: '오답 저격 케이스', checkTitle: '답 확인', checkLabel: '프로그램의 출력', order: '배치 순서',
  check: '확인', explain: '설명', footer: '모든 계산은 이 페이지 안에서 이루어집니다. 엔진은 Web Worker에서 실행되는 WebAssembly이며 아무것도 전송하지 않습니다.',
  canon_2048: '2048', canon_yut: '주사위 윷놀이', canon_tromino: 'L-트로미노 타일링', canon_footholds: '사라지는 발판',
  rules_2048: '모든 블록을 위·아래·왼쪽·오른쪽으로 밉니다. 같은 블록은 한 번의 이동에서 한 번만 합쳐지고, 새 블록은 생기지 않습니다. 답: 최대 {k}번 이동한 뒤 가장 큰 블록.',
  rules_yut: '말 네 개, 한 턴에 주사위 하나: 말 하나를 그만큼 옮깁니다(파란 칸에서 출발하면 파란 길로, 한 칸에 말 둘은 불가). 답: 도착한 칸 점수 합의 최댓값.',
  rules_tromino: '구멍을 뺀 보드를 분할 정복으로 L-트로미노로 채웁니다. 조각에는 놓인 순서대로 번호가 붙습니다.',
  rules_footholds: 'A와 B는 이웃한 발판으로 이동하고, 떠난 칸의 발판은 사라집니다. 움직일 수 없거나 자기 칸이 사라지면 집니다. 이기는 쪽은 빨리, 지는 쪽은 오래 버팁니다. 답: 전체 이동 횟수.',
  cellLabel: '{r}행 {c}열', boardLabel: '보드', movePiece: '{k}번 말 이동',
  fhCell: '칸 ({r}, {c}), {on}', foothold: '발판 있음', noFoothold: '발판 없음',
  noBoard: '입력을 그릴 수 없습니다. 이유는 엔진이 오른쪽에 알려 줍니다.',
  stepOf: '{i} / {n}단계', first: '처음', prev: '이전 단계', next: '다음 단계', playLine: '재생', pause: '일시정지',
  sizeN: '크기 n', sizeK: 'K (n = 2^K)', edit2048Hint: '칸을 누르고 블록 값을 입력하세요 (빈칸이나 0은 블록 없음).',
  dice: '주사위', dieN: '{i}번째 주사위', addDie: '+ 주사위', removeDie: '− 주사위',
  editTrominoHint: '칸을 누르면 그곳이 구멍이 됩니다.',
  rows: '행', cols: '열', tool: '칸을 누르면', tool_toggle: '발판 켜기/끄기', tool_A: 'A 놓기', tool_B: 'B 놓기',
  progress: '탐색 중… 찾은 최댓값 {best}, 증명된 상한 {upper}, 국면 {positions}개',
  none: '(아직 없음)', solving: '푸는 중…', noAnswer: '답 없음.', inMs: '({ms} ms)',
  stoppedByYou: '중지했습니다.', stoppedTime: '시간 제한으로 탐색을 멈췄습니다.', provenBounds: '증명된 범위:',
  atLeast: '최소 {x}', atMost: '최대 {y}', noLower: '아직 증명된 블록 없음', noUpper: '아직 증명된 상한 없음',
  ans2048: '— {k}번 이내 이동으로 만들 수 있는 가장 큰 블록', ansYut: '— 최고 점수', ansFootholds: '번 이동 — {w} 승리',
  ansFootholdsPlain: '번 이동', trominoes: '트로미노 {count}개, 놓는 순서대로 번호를 매겼습니다 (위는 채점 출력).',
  editHelp_2048: '칸을 누르고 블록을 입력하세요. 크기는 아래에서 바꿉니다. 바꿀 때마다 다시 풉니다.',
  editHelp_yut: '아래에서 각 주사위 값을 고르세요. 바꿀 때마다 다시 풉니다.',
  editHelp_tromino: '아래에서 크기를 정하고, 칸을 눌러 구멍을 옮기세요.',
  editHelp_footholds: '아래에서 칸을 누를 때 할 일을 고르세요: 발판 켜기/끄기, A 또는 B 놓기.',
  optimalLine: '최적의 수순', noPlay: '보드가 너무 커서 수순은 보여 주지 않습니다. 답은 완전합니다.',
  solveFirst: '먼저 입력을 푸세요.',
  dir_up: '위', dir_down: '아래', dir_left: '왼쪽', dir_right: '오른쪽', noMoveNeeded: '이동할 필요 없음: 가장 큰 블록이 이미 있습니다.',
  whyFirst2048: '왜 이 첫 수인가: 첫 이동별 {k}번 이내 최댓값', changesNothing: '변화 없음',
  yutMove: '주사위 {die}: {piece}번 말 → {to} (+{score})', whyYut: '{turn}번째 턴, 주사위 {die}: 선택별 최고 총점',
  pieceTo: '{piece}번 말 → {to}', total: '총 {total}점', yutDone: '주사위를 모두 썼습니다: 총 {total}점.', start: '출발', end: '도착',
  tilePlaced: '{k}번 트로미노를 놓았습니다 (분할 단계 {level}).', tromStart: '구멍이 있는 {n}×{n} 보드, 아직 트로미노 없음.',
  tromOrder: '각 단계: 가운데 트로미노 먼저, 그다음 왼쪽 위, 오른쪽 위, 왼쪽 아래, 오른쪽 아래 사분면.',
  fhMove: '{p}: {from} → {to}', fhNoMove: 'A가 움직일 수 없어 이동이 없습니다.',
  whyFh: '왜: {p}가 갈 수 있는 칸마다 게임이 끝나는 모습', toCell: '{to}(으)로',
  fhOutcome: '{w} 승리, 총 {n}번 이동', fhEnd: '끝: {n}번 이동 후 {w} 승리 ({ending}).',
  ending_no_move: '진 쪽이 더 갈 발판이 없음', ending_foothold_gone: '진 쪽이 서 있던 발판이 사라짐',
  playTitle_2048: '직접 두기, 엔진이 코치', playTitle_yut: '직접 고르기, 엔진이 코치',
  playTitle_footholds: '엔진과 대결', playTitle_tromino: '순서대로 트로미노 놓기',
  play2048Help: '방향키, 스와이프, 아래 버튼으로 블록을 밉니다.', movesLeft: '남은 이동: {n}',
  bestReachable: '{best} — 남은 {n}번 이동으로 만들 수 있는 가장 큰 블록', thinking: '엔진이 생각 중…',
  moveKept: '좋습니다: {dir}(으)로 최댓값 {best} 유지.', moveCost: '이 이동({dir})으로 {before} → {after}, 최댓값을 잃었습니다.',
  eachMove: '각 이동 후에 만들 수 있는 최댓값', noMovesLeft: '이동을 다 썼습니다: 가장 큰 블록은 {best}입니다.',
  changesNothingMove: '{dir}(으)로는 보드가 바뀌지 않습니다.', moves: '이동',
  playYutHelp: '이번 주사위로 옮길 말을 보드나 아래에서 누르세요.',
  yutTurn: '{n}턴 중 {turn}번째: 주사위는 {die}.', yutOver: '주사위를 모두 썼습니다: {score}점.',
  yutBest: '지금까지 {score}점, 여기서 최선을 다하면 총 {total}점.',
  yutLast: '{piece}번 말 → {to} (+{score}).', yutLost: '{n}점을 잃는 선택입니다.', yutKept: '최고 총점을 지키는 선택입니다.',
  yutOption: '{piece}번 말 → {to} (+{score}): 총 {total}점', yutCannot: '{piece}번 말은 움직일 수 없음',
  yourSide: '내 편', playAs: '{s} 플레이어', playFhHelp: '당신은 {s}입니다. A가 먼저 둡니다. 강조된 칸을 눌러 이동하세요.',
  youWinIn: '여기서부터 {n}번 이동 안에 이깁니다.', youLoseIn: '여기서부터 {n}번 이동 후에 집니다 (양쪽 모두 최선일 때).',
  youWon: '{n}번 이동 끝에 이겼습니다.', youLost: '{n}번 이동 끝에 졌습니다.', engineThinking: '엔진이 두는 중…',
  eachStep: '갈 수 있는 칸마다', winIn: '{n}번 안에 승리', loseIn: '{n}번 후 패배',
  engineMoved: '엔진({p})이 {from} → {to}(으)로 이동했습니다.', youMoved: '당신({p})이 {from} → {to}(으)로 이동했습니다.',
  fell: '{p}가 서 있던 발판이 사라졌습니다.', stuck: '{p}는 움직일 수 없습니다.', fhIllegal: '그 칸으로는 갈 수 없습니다.',
  playTromHelp: '다음 트로미노의 세 칸을 누르세요. 되돌리기는 마지막 조각을 치웁니다.',
  tromNext: '{n}개 중 {placed}개 놓음. 다음: {k}번 트로미노.', tromDone: '{n}개 트로미노를 모두 순서대로 놓았습니다.',
  tromCovered: '이미 덮인 칸입니다.', tromNotL: '세 칸이 L 모양이 아닙니다. 어떤 트로미노도 아닙니다.',
  tromGood: '맞습니다: {k}번 트로미노입니다.', tromLater: '그것은 나중에 놓는 {k}번 트로미노입니다. 다음은 {next}번입니다.',
  tromNotInTiling: '이 타일링에 없는 L입니다. 다음은 {next}번 트로미노입니다.',
  undo: '되돌리기', hint: '엔진의 수 보기', restart: '처음부터',
  hint2048: '엔진은 {dir}(으)로 밉니다: 최댓값 {best} 유지.', hintNone: '제안할 수가 없습니다.',
  hintYut: '엔진은 {piece}번 말을 {to}(으)로 옮깁니다: 총 {total}점.', hintFh: '엔진은 {to}(으)로 갑니다 (강조 표시).',
  hintTrom: '다음은 {k}번 트로미노: {cells} 칸 (강조 표시).',
  sampleN: '예제 {k}', chooseKiller: '저격 케이스 {n}개 중 선택…', noKillers: '이 이름에는 저격 케이스가 없습니다',
  killerN: '케이스 {i}: {ids} 저격', killsThese: '이 케이스가 잡아내는 알려진 실수 {n}개:', behavesAs: '다음처럼 동작하는 프로그램을 잡아냅니다:',
  checking: '확인 중…', accepted: '맞았습니다.', wrong: '틀렸습니다.', expected: '정답: {x}',
  mistakesIntro: '이 입력에서 바로 이 답을 내는 실수:', behavesAsIf: '프로그램이 다음처럼 동작합니다:',
  noMistakes: '이 답을 내는 알려진 실수는 없습니다.', engineFailed: '엔진을 시작하지 못했습니다.',
};

const TEXTS = { en, ko };

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'en' || saved === 'ko') return saved;
  } catch (e) { /* storage unavailable */ }
  return (navigator.language || '').toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

let current = initial();

export function lang() { return current; }

export function setLang(l) {
  current = l === 'ko' ? 'ko' : 'en';
  try { localStorage.setItem(KEY, current); } catch (e) { /* storage unavailable */ }
}

export function t(key, params = {}) {
  const template = TEXTS[current][key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// The fixed texts of index.html (data-i18n) and the switch's own label.
export function applyStatic() {
  document.documentElement.lang = current;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  const button = document.getElementById('lang');
  if (button) {
    button.textContent = current === 'en' ? '한국어' : 'English';
    button.setAttribute('aria-label', current === 'en' ? 'Switch to Korean' : '영어로 바꾸기');
    button.dataset.lang = current;
  }
}
