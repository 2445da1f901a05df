//! The plain search that the tests, the benchmarks and `stress --diagnose`
//! compare against: the rules read literally on a grid of booleans, every
//! line of play tried, nothing remembered, no shortcut. Exponential; for
//! small boards only. Given a classic [`Mistake`], it changes that one rule.
//!
//! The four steps are tried in the order up, down, left, right. The right
//! answer does not depend on the order (the winner takes the quickest win,
//! the loser the longest loss, whatever the order), but two mistakes do:
//! [`Mistake::FirstWinningMove`] keeps the first winning step in this
//! order, and [`Mistake::VanishNotRestored`] sees the board that the steps
//! tried before left behind.

use super::board::{Coord, Instance};
use super::variant::Footholds;
use crate::puzzles::error::Error;
use crate::puzzles::rules::Reference;

crate::mistakes! {
    /// A player whose cell lost its foothold (the opponent left the
    /// shared cell) plays on instead of losing.
    SharedCellIgnored = "no-vanish-check" => "a player whose cell lost its foothold (the opponent stepped off the shared cell) can still move",
    /// The player who can win takes its first winning step (in the order
    /// up, down, left, right) instead of the quickest: the search returns
    /// as soon as it finds a win, a shortcut that passes small tests.
    FirstWinningMove = "first-winning-move" => "the winning player takes its first winning step (trying up, down, left, right) instead of the one that wins soonest",
    /// The player who can win also plays as long as possible.
    WinnerMaximizes = "winner-maximizes" => "the winning player also tries to make the game last as long as possible",
    /// The player who must lose also ends the game as fast as possible.
    LoserMinimizes = "loser-minimizes" => "the losing player also tries to end the game as fast as possible",
    /// The foothold a step leaves is not put back when the search takes
    /// the step back, so the steps tried later (and the rest of the
    /// search) see a board with cells missing.
    VanishNotRestored = "vanish-not-restored" => "a foothold that vanished while trying one line of play stays gone for the lines tried after it (the search does not put it back)",
    /// A player may not step onto the opponent's cell; the statement
    /// allows it (both players may stand on one cell).
    OpponentCellBlocked = "opponent-cell-blocked" => "a player may not step onto the cell the opponent stands on",
    /// B moves first (aloc and bloc swapped on the way into the search).
    BMovesFirst = "b-moves-first" => "B moves first (the players' starts are swapped)",
    /// The loser's last turn, when it has no move or no foothold, is
    /// counted as a move: every answer one too many.
    LoserTurnCounted = "loser-turn-counted" => "the loser's last turn, on which it cannot move, is counted as a move (one move too many)",
    /// A step off the top or the left edge lands on the bottom row or the
    /// right column, as a negative index does in Python when only the
    /// upper bounds are checked.
    NegativeIndexWraps = "negative-index-wraps" => "a step off the top or left edge lands on the bottom row or right column (a negative index wraps around; only the upper bounds are checked)",
    /// The step table has lost the sign of its first row step, `dr =
    /// {1, 1, 0, 0}` for `{-1, 1, 0, 0}`: down is tried twice and a
    /// player never steps up.
    NoStepUp = "no-step-up" => "the step table lists down twice and up never (a sign dropped: dr = {1, 1, 0, 0}), so a player cannot step up",
}

/// The steps, in the order they are tried: up, down, left, right.
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The steps as `mistake` writes the table: [`Mistake::NoStepUp`] has
/// down where up should be.
fn steps(mistake: Option<Mistake>) -> [(isize, isize); 4] {
    if mistake == Some(Mistake::NoStepUp) {
        [(1, 0), (1, 0), (0, -1), (0, 1)]
    } else {
        STEPS
    }
}

/// The total number of moves when both play well, or both make `mistake`.
pub fn answer(instance: &Instance, mistake: Option<Mistake>) -> u32 {
    let (first, second) = if mistake == Some(Mistake::BMovesFirst) {
        (instance.b, instance.a)
    } else {
        (instance.a, instance.b)
    };
    play(&mut instance.grid(), first, second, mistake).1
}

/// Whether the player to move (at `me`, opponent at `you`, footholds
/// `grid`, `true` = foothold) wins, and the number of moves left under
/// optimal play: the plain search from any position, not only a start.
pub fn outcome(grid: &mut Vec<Vec<bool>>, me: Coord, you: Coord) -> (bool, u32) {
    play(grid, me, you, None)
}

/// The cell one `step` from `from`, if it is on the board (as `mistake`
/// reads the board's edges).
fn neighbour(
    grid: &[Vec<bool>],
    from: Coord,
    step: (isize, isize),
    mistake: Option<Mistake>,
) -> Option<Coord> {
    let (rows, cols) = (grid.len() as isize, grid[0].len() as isize);
    let (mut r, mut c) = (from.0 as isize + step.0, from.1 as isize + step.1);
    if mistake == Some(Mistake::NegativeIndexWraps) {
        // board[-1] is the last row, board[r][-1] the last column.
        if r < 0 {
            r += rows;
        }
        if c < 0 {
            c += cols;
        }
    }
    if r < 0 || c < 0 || r >= rows || c >= cols {
        return None;
    }
    Some((r as usize, c as usize))
}

/// Whether the player to move (at `me`, opponent at `you`) wins, and the
/// total number of moves left under optimal play.
fn play(grid: &mut Vec<Vec<bool>>, me: Coord, you: Coord, mistake: Option<Mistake>) -> (bool, u32) {
    // The loser's last turn: no move is made, unless it is counted.
    let lost = (false, u32::from(mistake == Some(Mistake::LoserTurnCounted)));
    if mistake != Some(Mistake::SharedCellIgnored) && !grid[me.0][me.1] {
        return lost;
    }
    let mut best: Option<(bool, u32)> = None;
    for step in steps(mistake) {
        let Some(to) = neighbour(grid, me, step, mistake) else {
            continue;
        };
        if !grid[to.0][to.1] || (mistake == Some(Mistake::OpponentCellBlocked) && to == you) {
            continue;
        }
        let had = grid[me.0][me.1];
        grid[me.0][me.1] = false;
        let (they_win, rest) = play(grid, you, to, mistake);
        if mistake != Some(Mistake::VanishNotRestored) {
            grid[me.0][me.1] = had;
        }
        let mine = (!they_win, rest + 1);
        best = Some(match best {
            None => mine,
            Some(old) => better(old, mine, mistake),
        });
    }
    best.unwrap_or(lost)
}

/// The preferred of two outcomes for the player choosing, `x` found before
/// `y`: a win over a loss, then the quicker win (the longer one with
/// [`Mistake::WinnerMaximizes`], the first with
/// [`Mistake::FirstWinningMove`]) or the longer loss (the shorter one with
/// [`Mistake::LoserMinimizes`]).
fn better(x: (bool, u32), y: (bool, u32), mistake: Option<Mistake>) -> (bool, u32) {
    match (x.0, y.0) {
        (true, false) => x,
        (false, true) => y,
        (true, true) if mistake == Some(Mistake::FirstWinningMove) => x,
        (true, true) if mistake == Some(Mistake::WinnerMaximizes) => (true, x.1.max(y.1)),
        (true, true) => (true, x.1.min(y.1)),
        (false, false) if mistake == Some(Mistake::LoserMinimizes) => (false, x.1.min(y.1)),
        (false, false) => (false, x.1.max(y.1)),
    }
}

impl Reference for Footholds {
    type Mistake = Mistake;

    fn reference(&self, instance: &Instance, mistake: Option<Mistake>) -> Result<String, Error> {
        Ok(format!("{}\n", answer(instance, mistake)))
    }
}
