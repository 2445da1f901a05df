//! The plain search that the tests, the benchmarks and `stress --diagnose`
//! compare against: the rules read literally on a grid of booleans, every
//! line of play tried, nothing remembered, no shortcut. Exponential; for
//! small boards only. Given a classic [`Mistake`], it changes that one rule.

use super::Footholds;
use super::board::{Coord, Instance};
use crate::puzzles::{Error, Reference};

crate::mistakes! {
    /// A player whose cell lost its foothold (the opponent left the
    /// shared cell) plays on instead of losing.
    SharedCellIgnored = "no-vanish-check" => "a player whose cell lost its foothold (the opponent stepped off the shared cell) can still move",
    /// The player who can win also plays as long as possible.
    WinnerMaximizes = "winner-maximizes" => "the winning player also tries to make the game last as long as possible",
    /// The player who must lose also ends the game as fast as possible.
    LoserMinimizes = "loser-minimizes" => "the losing player also tries to end the game as fast as possible",
}

/// The total number of moves when both play well, or both make `mistake`.
pub fn answer(instance: &Instance, mistake: Option<Mistake>) -> u32 {
    play(&mut instance.grid(), instance.a, instance.b, mistake).1
}

/// Whether the player to move (at `me`, opponent at `you`, footholds
/// `grid`, `true` = foothold) wins, and the number of moves left under
/// optimal play: the plain search from any position, not only a start.
pub fn outcome(grid: &mut Vec<Vec<bool>>, me: Coord, you: Coord) -> (bool, u32) {
    play(grid, me, you, None)
}

/// Whether the player to move (at `me`, opponent at `you`) wins, and the
/// total number of moves left under optimal play.
fn play(grid: &mut Vec<Vec<bool>>, me: Coord, you: Coord, mistake: Option<Mistake>) -> (bool, u32) {
    if mistake != Some(Mistake::SharedCellIgnored) && !grid[me.0][me.1] {
        return (false, 0);
    }
    let mut best: Option<(bool, u32)> = None;
    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
        let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
        if r < 0 || c < 0 || r as usize >= grid.len() || c as usize >= grid[0].len() {
            continue;
        }
        let to = (r as usize, c as usize);
        if !grid[to.0][to.1] {
            continue;
        }
        let had = grid[me.0][me.1];
        grid[me.0][me.1] = false;
        let (they_win, rest) = play(grid, you, to, mistake);
        grid[me.0][me.1] = had;
        let mine = (!they_win, rest + 1);
        best = Some(match best {
            None => mine,
            Some(old) => better(old, mine, mistake),
        });
    }
    best.unwrap_or((false, 0))
}

/// The preferred of two outcomes for the player choosing: a win over a
/// loss, then the quicker win (the longer one with
/// [`Mistake::WinnerMaximizes`]) or the longer loss (the shorter one with
/// [`Mistake::LoserMinimizes`]).
fn better(x: (bool, u32), y: (bool, u32), mistake: Option<Mistake>) -> (bool, u32) {
    match (x.0, y.0) {
        (true, false) => x,
        (false, true) => y,
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
