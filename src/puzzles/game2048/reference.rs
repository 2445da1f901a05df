//! The plain reference the fast solver is tested against, and the same
//! code making one classic mistake on purpose for `stress --diagnose`.
//!
//! Nothing is shared with the fast solver: boards are block values (not
//! exponents), a move builds a new board line by line, and the search tries
//! all four moves at every step. Exponential; for small boards and small K.

use super::Game2048;
use super::board::{Instance, value_of};
use crate::puzzles::{Error, Reference};
use rustc_hash::FxHashMap;

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
}

/// One line after a move, `line[0]` at the wall, made with `mistake` if
/// any, written to `out`: the blocks close up towards the wall, and equal
/// neighbours merge in pairs from the wall, each block at most once.
fn move_line(line: &[u128], mistake: Option<Mistake>, out: &mut Vec<u128>) {
    out.clear();
    let blocks = || line.iter().copied().filter(|&v| v != 0);
    match mistake {
        Some(Mistake::MergeAgain) => {
            for v in blocks() {
                match out.last_mut() {
                    Some(last) if *last == v => *last += v,
                    _ => out.push(v),
                }
            }
        }
        Some(Mistake::MergeCascade) => {
            for v in blocks() {
                out.push(v);
                while out.len() >= 2 && out[out.len() - 1] == out[out.len() - 2] {
                    let top = out.pop().unwrap_or(0);
                    *out.last_mut().expect("two blocks") += top;
                }
            }
        }
        Some(Mistake::FarSideFirst) => {
            let mut from_far_side = blocks().rev().peekable();
            while let Some(v) = from_far_side.next() {
                if from_far_side.next_if_eq(&v).is_some() {
                    out.push(2 * v);
                } else {
                    out.push(v);
                }
            }
            out.reverse();
        }
        Some(Mistake::NoMergeAcrossGap) => {
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
        None
        | Some(
            Mistake::OneMergePerLine
            | Mistake::OneMoveShort
            | Mistake::OneMoveLong
            | Mistake::StopAtNoOpMove,
        ) => {
            let once = mistake == Some(Mistake::OneMergePerLine);
            let mut merged_once = false;
            let mut from_wall = blocks().peekable();
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

/// The `values` board (row after row, `0` empty) after one move in `dir`
/// (0 up, 1 down, 2 left, 3 right), made with `mistake` if any; a move that
/// changes nothing returns it as is.
pub fn slide(n: usize, values: &[u64], dir: usize, mistake: Option<Mistake>) -> Vec<u128> {
    shift(n, &widen(values), dir, mistake)
}

/// Largest block value after at most `moves` moves from the `values` board
/// (row after row, `0` empty), played with `mistake` if any.
pub fn answer(n: usize, values: &[u64], moves: u32, mistake: Option<Mistake>) -> u128 {
    let moves = match mistake {
        Some(Mistake::OneMoveShort) => moves.saturating_sub(1),
        Some(Mistake::OneMoveLong) => moves + 1,
        _ => moves,
    };
    let mut memo = (n * n <= MEMO_CELLS).then(FxHashMap::default);
    search(n, &widen(values), moves, mistake, &mut memo)
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
fn shift(n: usize, board: &[u128], dir: usize, mistake: Option<Mistake>) -> Vec<u128> {
    let mut out = vec![0u128; n * n];
    // Reused from line to line: allocations were most of the walk's time.
    let (mut line, mut moved) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        // The k-th cell of line i, counted from the wall.
        let cell = |k: usize| match dir {
            0 => k * n + i,
            1 => (n - 1 - k) * n + i,
            2 => i * n + k,
            _ => i * n + (n - 1 - k),
        };
        line.clear();
        line.extend((0..n).map(|k| board[cell(k)]));
        move_line(&line, mistake, &mut moved);
        for (k, &v) in moved.iter().enumerate() {
            out[cell(k)] = v;
        }
    }
    out
}

/// Positions already solved: the board and the moves left, and the best
/// block from there.
type Memo = FxHashMap<(Vec<u128>, u32), u128>;

fn search(
    n: usize,
    board: &[u128],
    moves: u32,
    mistake: Option<Mistake>,
    memo: &mut Option<Memo>,
) -> u128 {
    let mut best = board.iter().copied().max().unwrap_or(0);
    if moves == 0 {
        return best;
    }
    if let Some(&v) = memo.as_ref().and_then(|m| m.get(&(board.to_vec(), moves))) {
        return v;
    }
    for dir in 0..4 {
        let next = shift(n, board, dir, mistake);
        if mistake == Some(Mistake::StopAtNoOpMove) && next == board {
            break;
        }
        best = best.max(search(n, &next, moves - 1, mistake, memo));
    }
    if let Some(memo) = memo {
        memo.insert((board.to_vec(), moves), best);
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
