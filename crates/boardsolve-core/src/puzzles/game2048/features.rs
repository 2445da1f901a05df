//! The rule features of a case and its optimal play (`Rules::features`):
//! exact facts, each computed by the fast solver or by a restricted plain
//! search, which a diagnosis names when every failing case has one.

use super::board::{Board, value_of};
use super::reference::{self, Mistake};
use super::solve;

/// The best needs a move right or down: the best with moves up and left
/// only is below the answer.
pub const NEEDS_RIGHT_OR_DOWN: &str =
    "every optimal line needs a move right or down (moves up and left alone make less)";

/// The best needs the same move twice in a row.
pub const NEEDS_REPEAT: &str =
    "every optimal line makes the same move twice in a row (without that the best is less)";

/// Fewer moves make less: the answer needs all K of them.
pub const NEEDS_ALL_MOVES: &str =
    "the largest block needs every one of the K moves (K - 1 moves make less)";

/// One more move than allowed would make a larger block.
pub const ONE_MORE_HELPS: &str = "one move more than allowed would make a larger block";

/// Three equal blocks stand next to each other in a row or column, empty
/// cells aside.
pub const THREE_EQUAL: &str =
    "a row or column holds three or more equal blocks in a row (empty cells between them aside)";

/// Largest K for which the fast solver is asked for K + 1 moves: a few
/// tens of milliseconds on a full 20×20 board.
const MAX_MOVES_PLUS_ONE: u32 = 10;

/// Largest number of cell visits of a restricted plain search (the
/// number of lines times the cells): about a tenth of a second.
const MAX_PLAIN_WORK: u128 = 1 << 26;

/// The features of `board` with `moves` moves, in a fixed order.
pub fn features(board: &Board, moves: u32) -> Vec<&'static str> {
    let mut found = Vec::new();
    let answer = solve::answer(board, moves);
    let n = board.size();
    let values: Vec<u64> = board
        .exponents()
        .iter()
        .map(|&e| value_of(e) as u64)
        .collect();
    let cells = (n * n) as u128;
    // Small boards are memoized: their positions repeat.
    let memoized = n * n <= 64;
    let lines = |branching: u128| branching.checked_pow(moves).unwrap_or(u128::MAX);
    if (memoized || lines(2).saturating_mul(cells) <= MAX_PLAIN_WORK)
        && reference::answer(n, &values, moves, Some(Mistake::LeftUpOnly)) < answer
    {
        found.push(NEEDS_RIGHT_OR_DOWN);
    }
    if (memoized || lines(3).saturating_mul(4 * cells) <= MAX_PLAIN_WORK)
        && reference::answer(n, &values, moves, Some(Mistake::NoRepeatMove)) < answer
    {
        found.push(NEEDS_REPEAT);
    }
    if moves > 0 && solve::answer(board, moves - 1) < answer {
        found.push(NEEDS_ALL_MOVES);
    }
    if moves <= MAX_MOVES_PLUS_ONE && solve::answer(board, moves + 1) > answer {
        found.push(ONE_MORE_HELPS);
    }
    if three_equal(board) {
        found.push(THREE_EQUAL);
    }
    found
}

/// Whether some row or column has three equal blocks with nothing but
/// empty cells between them.
fn three_equal(board: &Board) -> bool {
    let n = board.size();
    let cells = board.exponents();
    let run_of_three = |line: &mut dyn Iterator<Item = u8>| {
        let mut blocks = line.filter(|&e| e != 0);
        let Some(mut last) = blocks.next() else {
            return false;
        };
        let mut run = 1;
        for e in blocks {
            run = if e == last { run + 1 } else { 1 };
            last = e;
            if run >= 3 {
                return true;
            }
        }
        false
    };
    (0..n).any(|i| {
        run_of_three(&mut (0..n).map(|k| cells[i * n + k]))
            || run_of_three(&mut (0..n).map(|k| cells[k * n + i]))
    })
}
