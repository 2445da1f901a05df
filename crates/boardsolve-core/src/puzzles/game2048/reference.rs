//! The plain reference the fast solver is tested against, and the same
//! code making one classic mistake on purpose for `stress --diagnose`.
//!
//! Nothing is shared with the fast solver: boards are block values (not
//! exponents), a move builds a new board line by line, and the search tries
//! all four moves at every step. Exponential; for small boards and small K.

use super::board::{Instance, value_of};
use super::decisions::{self, Change, Region, cell};
use super::variant::Game2048;
use crate::puzzles::error::Error;
use crate::puzzles::rules::Reference;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::cell::RefCell;

crate::mistakes! {
    /// Each block is compared with the last one placed, with no "already
    /// merged" flag, so a merged block merges again with the next equal
    /// block (2 2 4 ← gives 8) but never with the one before it (4 2 2 ←
    /// gives 4 4).
    MergeAgain = "merge-again" => "a merged block merges again with the next equal block, with no \"already merged\" flag (2 2 4 left gives 8, 4 2 2 left gives 4 4)",
    /// Merges cascade until no two neighbours are equal (2 2 4 ← and
    /// 4 2 2 ← both give 8).
    MergeCascade = "merge-cascade" => "merges cascade until no two neighbours are equal (2 2 4 left and 4 2 2 left both give 8)",
    /// Three equal blocks merge on the side away from the wall (2 2 2 ← gives 2 4).
    FarSideFirst = "far-side-first" => "three equal blocks merge on the side away from the wall (2 2 2 left gives 2 4)",
    /// Blocks with an empty cell between them never merge (2 0 2 ← gives 2 2).
    NoMergeAcrossGap = "no-merge-across-gap" => "blocks with empty cells between them do not merge (2 0 2 left gives 2 2)",
    /// At most one merge per line in a move (2 2 2 2 ← gives 4 2 2).
    OneMergePerLine = "one-merge-per-line" => "a line merges at most once per move (2 2 2 2 left gives 4 2 2)",
    /// The search stops one move early (K − 1 moves).
    OneMoveShort = "one-move-short" => "the search makes one move fewer than allowed (K - 1 moves)",
    /// The search makes one move too many (K + 1 moves).
    OneMoveLong = "one-move-long" => "the search makes one move more than allowed (K + 1 moves)",
    /// The search abandons a board as soon as one move changes nothing.
    StopAtNoOpMove = "stops-on-unchanged" => "the search gives up on a board as soon as one of its moves changes nothing",
    /// The four moves of a board are made one after another on the same
    /// board, not each on a copy: the second child is the first child moved
    /// down, and so on (`move(b, dir); dfs(b)` with `b` never restored).
    BoardNotCopied = "board-not-copied" => "the four moves of a board are made one after another on the same board instead of each on a copy (the second move tried is made on the board the first one left)",
    /// Only two of the four directions are ever tried: up and left.
    LeftUpOnly = "left-up-only" => "only moves up and left are tried, never right or down",
    /// The same move is never made twice in a row, a wrong pruning: a second
    /// left can merge blocks that the first brought together.
    NoRepeatMove = "no-repeat-move" => "the same move is never made twice in a row (a second left can merge blocks the first one brought together)",
    /// Each move is the one that makes the largest block now (ties in the
    /// order up, down, left, right), with no search.
    GreedyLargestNow = "greedy-largest-now" => "each move is chosen greedily as the one that makes the largest block right away (ties: up, down, left, right)",
    /// Moves right and down merge from the far side (the pairs are taken
    /// from the left or top, as in the loop written for left or up), while
    /// left and up are right: `2 2 2` right gives `0 4 2`.
    RightDownFromFarSide = "right-down-from-far-side" => "moves right and down merge three equal blocks on the side away from the wall, left and up are right (2 2 2 right gives 0 4 2)",
    /// Each cell keeps its "merged" mark from move to move along a line of
    /// play (the marks travel with the board and are never cleared), so a
    /// cell that received a merge never receives another.
    MergeMarksKept = "merge-marks-kept" => "the per-cell \"already merged\" marks are never cleared between moves, so a cell that took part in a merge cannot merge again later (2 2 4 left gives 4 4, and a second left leaves 4 4)",
    /// The bound "the largest block at most doubles each remaining move" is
    /// written one move too tight: a node is cut when its largest block
    /// doubled once for every remaining move but one cannot beat the best
    /// line found so far (updated at full-length lines).
    BoundOneMoveTight = "bound-one-move-tight" => "the search cuts a line when its largest block, doubled once for every remaining move but one, is no better than the best found (the doubling bound one move too tight)",
    /// Moves up are never made: the direction table gives up another
    /// direction's cells (up made as right: the search tries that move twice),
    /// up is left out of the loop, or a move up reads and writes every
    /// cell of a column at its first one (the position along the
    /// line left out of the cell formula), which empties the board.
    UpNeverMade = "up-never-made" => "moves up are never made: made as another direction (one entry of the direction table wrong, e.g. up made as right), left out of the loop, or reading every cell of a column at its first one, which empties the board",
    /// Moves down are never made: the direction table gives down another
    /// direction's cells (down made as right: the search tries that move twice),
    /// down is left out of the loop, or a move down reads and writes every
    /// cell of a column at its first one (the position along the
    /// line left out of the cell formula), which empties the board.
    DownNeverMade = "down-never-made" => "moves down are never made: made as another direction (one entry of the direction table wrong, e.g. down made as right), left out of the loop, or reading every cell of a column at its first one, which empties the board",
    /// Moves left are never made: the direction table gives left another
    /// direction's cells (left made as right: the search tries that move twice),
    /// left is left out of the loop, or a move left reads and writes every
    /// cell of a row at its first one (the position along the
    /// line left out of the cell formula), which empties the board.
    LeftNeverMade = "left-never-made" => "moves left are never made: made as another direction (one entry of the direction table wrong, e.g. left made as right), left out of the loop, or reading every cell of a row at its first one, which empties the board",
    /// Moves right are never made: the direction table gives right another
    /// direction's cells (right made as left: the search tries that move twice),
    /// right is left out of the loop, or a move right reads and writes every
    /// cell of a row at its first one (the position along the
    /// line left out of the cell formula), which empties the board.
    RightNeverMade = "right-never-made" => "moves right are never made: made as another direction (one entry of the direction table wrong, e.g. right made as left), left out of the loop, or reading every cell of a row at its first one, which empties the board",
    /// A move up reads every column from the left column and writes it
    /// there (the column's index left out of the cell formula): the
    /// left column is moved and the rest of the board cleared.
    UpMovesLeftColumnOnly = "up-moves-left-column-only" => "a move up reads every column from the left column and writes it there (the column's index left out of the cell formula): the left column is moved up and the rest of the board is cleared",
    /// A move down reads every column from the left column and writes it
    /// there (the column's index left out of the cell formula): the
    /// left column is moved and the rest of the board cleared.
    DownMovesLeftColumnOnly = "down-moves-left-column-only" => "a move down reads every column from the left column and writes it there (the column's index left out of the cell formula): the left column is moved down and the rest of the board is cleared",
    /// A move left reads every row from the top row and writes it
    /// there (the row's index left out of the cell formula): the
    /// top row is moved and the rest of the board cleared.
    LeftMovesTopRowOnly = "left-moves-top-row-only" => "a move left reads every row from the top row and writes it there (the row's index left out of the cell formula): the top row is moved left and the rest of the board is cleared",
    /// A move right reads every row from the top row and writes it
    /// there (the row's index left out of the cell formula): the
    /// top row is moved and the rest of the board cleared.
    RightMovesTopRowOnly = "right-moves-top-row-only" => "a move right reads every row from the top row and writes it there (the row's index left out of the cell formula): the top row is moved right and the rest of the board is cleared",
    /// The largest block is read from the first cell (top left) only: a
    /// max loop whose bounds are both wrong.
    LargestInFirstCell = "largest-in-first-cell" => "the largest block is read from the first cell (top left) only",
    /// The largest block is read from the top row only.
    LargestInTopRow = "largest-in-top-row" => "the largest block is read from the top row only",
    /// The largest block is read from the first two rows only (`2 * n`
    /// cells where `n * n` were meant).
    LargestInTopTwoRows = "largest-in-top-two-rows" => "the largest block is read from the first two rows only (2N cells instead of N*N)",
    /// The largest block is read from every row but the last (a loop
    /// bound one short).
    LargestMissesLastRow = "largest-misses-last-row" => "the largest block is read from every row but the last (a loop bound one short)",
    /// The largest block is read from every column but the last.
    LargestMissesLastColumn = "largest-misses-last-column" => "the largest block is read from every column but the last (a loop bound one short)",
    /// A pruning of repeats with its condition wrong: a move is not made
    /// again in the next step when one of its merged blocks equals the
    /// block after it, which is exactly when the repeat merges them.
    NoRepeatIfMergedEqualsNext = "no-repeat-if-merged-equals-next" => "a move is not made again in the next step when one of its merged blocks equals the block after it, away from the wall (2 2 2 2 left gives 4 4, and a second left is never tried)",
    /// The "already merged" flag is cleared at every empty cell, so a
    /// merged block merges again with the next equal block when empty
    /// cells lie between them.
    MergeAgainAcrossGap = "merge-again-across-gap" => "the \"already merged\" flag is cleared at an empty cell, so a merged block merges again with the next equal block when empty cells lie between them (2 2 0 4 left gives 8, 2 2 4 left gives 4 4)",
}

/// One line after a move, `line[0]` at the wall, made with `mistake` if
/// any, written to `out`: the blocks close up towards the wall, and equal
/// neighbours merge in pairs from the wall, each block at most once.
fn move_line(line: &[u128], mistake: Option<Mistake>, out: &mut Vec<u128>) {
    out.clear();
    let blocks = line.iter().copied().filter(|&v| v != 0);
    match mistake {
        Some(Mistake::MergeAgain) => merge_again(blocks, out),
        Some(Mistake::MergeCascade) => merge_cascade(blocks, out),
        Some(Mistake::FarSideFirst) => far_side_first(blocks, out),
        Some(Mistake::NoMergeAcrossGap) => no_merge_across_gap(line, out),
        Some(Mistake::MergeAgainAcrossGap) => merge_again_across_gap(line, out),
        // The mistakes made elsewhere merge as the rules say.
        None
        | Some(
            Mistake::OneMergePerLine
            | Mistake::OneMoveShort
            | Mistake::OneMoveLong
            | Mistake::StopAtNoOpMove
            | Mistake::BoardNotCopied
            | Mistake::LeftUpOnly
            | Mistake::NoRepeatMove
            | Mistake::GreedyLargestNow
            | Mistake::RightDownFromFarSide
            | Mistake::MergeMarksKept
            | Mistake::BoundOneMoveTight
            | Mistake::UpNeverMade
            | Mistake::DownNeverMade
            | Mistake::LeftNeverMade
            | Mistake::RightNeverMade
            | Mistake::UpMovesLeftColumnOnly
            | Mistake::DownMovesLeftColumnOnly
            | Mistake::LeftMovesTopRowOnly
            | Mistake::RightMovesTopRowOnly
            | Mistake::LargestInFirstCell
            | Mistake::LargestInTopRow
            | Mistake::LargestInTopTwoRows
            | Mistake::LargestMissesLastRow
            | Mistake::LargestMissesLastColumn
            | Mistake::NoRepeatIfMergedEqualsNext,
        ) => {
            let once = mistake == Some(Mistake::OneMergePerLine);
            let mut merged_once = false;
            let mut from_wall = blocks.peekable();
            while let Some(v) = from_wall.next() {
                let may = !(once && merged_once);
                if may && from_wall.next_if_eq(&v).is_some() {
                    out.push(2 * v);
                    merged_once = true;
                } else {
                    out.push(v);
                }
            }
        }
    }
    out.resize(line.len(), 0);
}

/// `merge-again`: each block compared with the last one placed, with no
/// "already merged" flag.
fn merge_again(blocks: impl Iterator<Item = u128>, out: &mut Vec<u128>) {
    for v in blocks {
        match out.last_mut() {
            Some(last) if *last == v => *last += v,
            _ => out.push(v),
        }
    }
}

/// `merge-cascade`: a merged block merges on with the one before it.
fn merge_cascade(blocks: impl Iterator<Item = u128>, out: &mut Vec<u128>) {
    for v in blocks {
        out.push(v);
        while out.len() >= 2 && out[out.len() - 1] == out[out.len() - 2] {
            let top = out.pop().unwrap_or(0);
            *out.last_mut().expect("two blocks") += top;
        }
    }
}

/// `far-side-first`: pairs merged from the side away from the wall.
fn far_side_first(blocks: impl DoubleEndedIterator<Item = u128>, out: &mut Vec<u128>) {
    let mut from_far_side = blocks.rev().peekable();
    while let Some(v) = from_far_side.next() {
        if from_far_side.next_if_eq(&v).is_some() {
            out.push(2 * v);
        } else {
            out.push(v);
        }
    }
    out.reverse();
}

/// `no-merge-across-gap`: only neighbours with no empty cell between
/// them merge.
fn no_merge_across_gap(line: &[u128], out: &mut Vec<u128>) {
    let mut i = 0;
    while i < line.len() {
        if line[i] != 0 && i + 1 < line.len() && line[i] == line[i + 1] {
            out.push(2 * line[i]);
            i += 2;
        } else {
            if line[i] != 0 {
                out.push(line[i]);
            }
            i += 1;
        }
    }
}

/// `merge-again-across-gap`: the "already merged" flag cleared at every
/// empty cell.
fn merge_again_across_gap(line: &[u128], out: &mut Vec<u128>) {
    let mut merged = false;
    for &v in line {
        if v == 0 {
            merged = false;
            continue;
        }
        match out.last_mut() {
            Some(last) if *last == v && !merged => {
                *last += v;
                merged = true;
            }
            _ => {
                out.push(v);
                merged = false;
            }
        }
    }
}

/// The `values` board (row after row, `0` empty) after one move in `dir`
/// (0 up, 1 down, 2 left, 3 right), made with `mistake` if any; a move that
/// changes nothing returns it as is.
pub fn slide(n: usize, values: &[u64], dir: usize, mistake: Option<Mistake>) -> Vec<u128> {
    shift(n, &widen(values), dir, mistake)
}

/// Largest block value after at most `moves` moves from the `values` board
/// (row after row, `0` empty), played with `mistake` if any.
pub fn answer(n: usize, values: &[u64], moves: u32, mistake: Option<Mistake>) -> u128 {
    let board = widen(values);
    let moves = match mistake {
        Some(Mistake::OneMoveShort) => moves.saturating_sub(1),
        Some(Mistake::OneMoveLong) => moves + 1,
        Some(Mistake::GreedyLargestNow) => return greedy(n, board, moves),
        Some(Mistake::BoundOneMoveTight) => {
            let mut best = 0;
            bounded(n, &board, moves, &mut best);
            return best;
        }
        _ => moves,
    };
    // The state searched: the board, then what a mistake carries along a
    // line of play (the merge marks, or the last move made).
    let mut state = board;
    match mistake {
        Some(Mistake::MergeMarksKept) => state.resize(2 * n * n, 0),
        Some(Mistake::NoRepeatMove) => state.push(NO_MOVE),
        Some(m) if m.change() == Some(Change::NoRepeatIfMergedEqualsNext) => state.push(NO_MOVE),
        _ => {}
    }
    let mut memo = (n * n <= MEMO_CELLS).then(FxHashMap::default);
    search(n, state, moves, mistake, &mut memo)
}

/// The last move of a state that has made none yet.
pub(super) const NO_MOVE: u128 = 4;

/// The largest block after the moves restricted to the directions in
/// `dirs` (0 up, 1 down, 2 left, 3 right), at most `moves` of them: the
/// plain moves, searched as [`answer`] searches.
pub fn answer_in(n: usize, values: &[u64], moves: u32, dirs: &[usize]) -> u128 {
    let mut memo = (n * n <= MEMO_CELLS).then(FxHashMap::default);
    restricted(n, &widen(values), moves, dirs, &mut memo)
}

fn restricted(
    n: usize,
    board: &[u128],
    moves: u32,
    dirs: &[usize],
    memo: &mut Option<Memo>,
) -> u128 {
    let mut best = board.iter().copied().max().unwrap_or(0);
    if moves == 0 {
        return best;
    }
    if let Some(&v) = memo.as_ref().and_then(|m| m.get(&(board.to_vec(), moves))) {
        return v;
    }
    for &dir in dirs {
        let next = shift(n, board, dir, None);
        best = best.max(restricted(n, &next, moves - 1, dirs, memo));
    }
    if let Some(memo) = memo {
        memo.insert((board.to_vec(), moves), best);
    }
    best
}

/// [`Mistake::GreedyLargestNow`]: `moves` moves, each the first direction
/// whose board has the largest block.
fn greedy(n: usize, mut board: Vec<u128>, moves: u32) -> u128 {
    let top = |b: &[u128]| b.iter().copied().max().unwrap_or(0);
    for _ in 0..moves {
        let mut chosen: Option<Vec<u128>> = None;
        for dir in 0..4 {
            let next = shift(n, &board, dir, None);
            if chosen.as_ref().is_none_or(|c| top(&next) > top(c)) {
                chosen = Some(next);
            }
        }
        board = chosen.unwrap_or(board);
    }
    top(&board)
}

/// [`Mistake::BoundOneMoveTight`]: a depth-first search that raises `best`
/// at full-length lines and cuts a node whose largest block, doubled once
/// for every remaining move but one, is no more than `best`.
fn bounded(n: usize, board: &[u128], left: u32, best: &mut u128) {
    let top = board.iter().copied().max().unwrap_or(0);
    if left == 0 {
        *best = (*best).max(top);
        return;
    }
    // Blocks are below 2^64, so a shift below 64 cannot overflow.
    let doublings = left - 1;
    if doublings < 64 && top << doublings <= *best {
        return;
    }
    for dir in 0..4 {
        bounded(n, &shift(n, board, dir, None), left - 1, best);
    }
}

/// Largest board, in cells, whose positions are remembered. On the small
/// boards of `stress` many move orders meet again, and remembering them
/// makes K = 10 quick; a 20×20 board at K = 10 would keep gigabytes of
/// boards and spend more time copying keys than the plain walk takes.
const MEMO_CELLS: usize = 64;

/// The first move sequence of exactly `length` moves, in Up < Down < Left <
/// Right order, after which the largest block is at least `target`; moves
/// that change nothing are allowed.
pub fn first_sequence(n: usize, values: &[u64], length: u32, target: u128) -> Option<Vec<usize>> {
    let mut seq = Vec::new();
    first(n, &widen(values), length, target, &mut seq).then_some(seq)
}

fn widen(values: &[u64]) -> Vec<u128> {
    values.iter().map(|&v| u128::from(v)).collect()
}

/// A fresh board after one move in `dir`.
pub(super) fn shift(n: usize, board: &[u128], dir: usize, mistake: Option<Mistake>) -> Vec<u128> {
    // The far side merges first in two directions only.
    let mistake = match mistake {
        Some(Mistake::RightDownFromFarSide) if dir % 2 == 1 => Some(Mistake::FarSideFirst),
        Some(Mistake::RightDownFromFarSide) => None,
        other => other,
    };
    // With the line's index left out of the cell formula, every line is
    // the first.
    let first_only = mistake.and_then(Mistake::change) == Some(Change::FirstLineOnly(dir));
    let mut out = SPARE.with_borrow_mut(Vec::pop).unwrap_or_default();
    out.clear();
    out.resize(n * n, 0);
    LINES.with_borrow_mut(|(line, moved)| {
        for i in 0..n {
            let i = if first_only { 0 } else { i };
            line.clear();
            line.extend((0..n).map(|k| board[cell(n, dir, i, k)]));
            move_line(line, mistake, moved);
            for (k, &v) in moved.iter().enumerate() {
                out[cell(n, dir, i, k)] = v;
            }
        }
    });
    out
}

thread_local! {
    /// The line [`shift`] reads and the line it makes, reused from line to
    /// line and call to call: allocations were most of the walk's time.
    static LINES: RefCell<(Vec<u128>, Vec<u128>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    /// Boards the search is done with, for [`shift`] to fill again: most
    /// boards are leaves, dropped as soon as their largest block is read.
    static SPARE: RefCell<Vec<Vec<u128>>> = const { RefCell::new(Vec::new()) };
}

/// Most boards kept in [`SPARE`]: a few for each level of a search.
const SPARE_BOARDS: usize = 64;

/// Gives `board` back to [`SPARE`] (or drops it when that is full).
fn spare(board: Vec<u128>) {
    SPARE.with_borrow_mut(|spare| {
        if spare.len() < SPARE_BOARDS {
            spare.push(board);
        }
    });
}

/// [`Mistake::MergeMarksKept`]: one move of `state`, the board followed by
/// one mark a cell (1 where the cell has received a merge), with the
/// marks never cleared: a marked cell takes no merge again.
fn shift_marked(n: usize, state: &[u128], dir: usize) -> Vec<u128> {
    let cells = n * n;
    let mut out = vec![0u128; 2 * cells];
    out[cells..].copy_from_slice(&state[cells..]);
    for i in 0..n {
        let mut placed = 0;
        for k in 0..n {
            let v = state[cell(n, dir, i, k)];
            if v == 0 {
                continue;
            }
            if placed > 0 {
                let last = cell(n, dir, i, placed - 1);
                if out[last] == v && out[cells + last] == 0 {
                    out[last] = 2 * v;
                    out[cells + last] = 1;
                    continue;
                }
            }
            out[cell(n, dir, i, placed)] = v;
            placed += 1;
        }
    }
    out
}

/// The state after one move in `dir` as `mistake` makes it, or `None`
/// where the mistaken search never makes that move.
fn step(n: usize, state: &[u128], dir: usize, mistake: Option<Mistake>) -> Option<Vec<u128>> {
    match mistake.and_then(Mistake::change) {
        Some(Change::NeverMade(never)) if never == dir => return None,
        Some(Change::NoRepeatIfMergedEqualsNext) => return step_pruned(n, state, dir),
        _ => {}
    }
    match mistake {
        Some(Mistake::LeftUpOnly) if dir % 2 == 1 => None,
        Some(Mistake::MergeMarksKept) => Some(shift_marked(n, state, dir)),
        Some(Mistake::NoRepeatMove) => {
            let cells = n * n;
            if state[cells] == dir as u128 {
                return None;
            }
            let mut next = shift(n, &state[..cells], dir, None);
            next.push(dir as u128);
            Some(next)
        }
        _ => Some(shift(n, state, dir, mistake)),
    }
}

/// Positions already solved: the board and the moves left, and the best
/// block from there.
type Memo = FxHashMap<(Vec<u128>, u32), u128>;

/// The best block from `state` with `moves` moves left. The state is
/// taken, not borrowed, so that it becomes the memo's key without a copy:
/// allocations were most of the search's time.
fn search(
    n: usize,
    state: Vec<u128>,
    moves: u32,
    mistake: Option<Mistake>,
    memo: &mut Option<Memo>,
) -> u128 {
    let mut best = match mistake.and_then(Mistake::change) {
        Some(Change::Largest(region)) => decisions::largest(n, &state[..n * n], region),
        _ => state[..n * n].iter().copied().max().unwrap_or(0),
    };
    if moves == 0 {
        spare(state);
        return best;
    }
    let key = (state, moves);
    if let Some(&v) = memo.as_ref().and_then(|m| m.get(&key)) {
        spare(key.0);
        return v;
    }
    {
        // The board the moves are made on: the node's own, or, with the
        // board not copied, the one the previous move left.
        let mut current = Cow::Borrowed(&key.0[..]);
        for dir in 0..4 {
            let Some(next) = step(n, &current, dir, mistake) else {
                continue;
            };
            if mistake == Some(Mistake::StopAtNoOpMove) && next[..] == current[..] {
                break;
            }
            if mistake == Some(Mistake::BoardNotCopied) {
                best = best.max(search(n, next.clone(), moves - 1, mistake, memo));
                current = Cow::Owned(next);
            } else {
                best = best.max(search(n, next, moves - 1, mistake, memo));
            }
        }
    }
    match memo {
        Some(memo) => {
            memo.insert(key, best);
        }
        None => spare(key.0),
    }
    best
}

fn first(n: usize, board: &[u128], left: u32, target: u128, seq: &mut Vec<usize>) -> bool {
    if left == 0 {
        return board.iter().any(|&v| v >= target);
    }
    for dir in 0..4 {
        seq.push(dir);
        if first(n, &shift(n, board, dir, None), left - 1, target, seq) {
            return true;
        }
        seq.pop();
    }
    false
}

impl Reference for Game2048 {
    type Mistake = Mistake;

    fn reference(&self, instance: &Instance, mistake: Option<Mistake>) -> Result<String, Error> {
        let board = &instance.board;
        // Input blocks are at most 2^63, so every value fits a u64.
        let values: Vec<u64> = board.cells.iter().map(|&e| value_of(e) as u64).collect();
        Ok(format!(
            "{}\n",
            answer(board.n, &values, self.moves, mistake)
        ))
    }
}

impl Mistake {
    /// The decision point this mistake changes, if it is made so.
    pub(super) fn change(self) -> Option<Change> {
        use Mistake::*;
        Some(match self {
            UpNeverMade => Change::NeverMade(0),
            DownNeverMade => Change::NeverMade(1),
            LeftNeverMade => Change::NeverMade(2),
            RightNeverMade => Change::NeverMade(3),
            UpMovesLeftColumnOnly => Change::FirstLineOnly(0),
            DownMovesLeftColumnOnly => Change::FirstLineOnly(1),
            LeftMovesTopRowOnly => Change::FirstLineOnly(2),
            RightMovesTopRowOnly => Change::FirstLineOnly(3),
            LargestInFirstCell => Change::Largest(Region::FirstCell),
            LargestInTopRow => Change::Largest(Region::TopRows(1)),
            LargestInTopTwoRows => Change::Largest(Region::TopRows(2)),
            LargestMissesLastRow => Change::Largest(Region::AllButLastRow),
            LargestMissesLastColumn => Change::Largest(Region::AllButLastColumn),
            NoRepeatIfMergedEqualsNext => Change::NoRepeatIfMergedEqualsNext,
            _ => return None,
        })
    }
}

/// The state after a move in `dir` made with
/// [`Change::NoRepeatIfMergedEqualsNext`]: the board, then the move the
/// next step may not make ([`NO_MOVE`] when any may), or `None` where
/// this state forbids `dir`.
fn step_pruned(n: usize, state: &[u128], dir: usize) -> Option<Vec<u128>> {
    let cells = n * n;
    if state[cells] == dir as u128 {
        return None;
    }
    let board = &state[..cells];
    let mut next = shift(n, board, dir, None);
    let forbidden = decisions::merged_equals_next(n, board, dir);
    next.push(if forbidden { dir as u128 } else { NO_MOVE });
    Some(next)
}
