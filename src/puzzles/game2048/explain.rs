//! The optimal play: the largest block with the shortest line of moves
//! reaching it, as `--json` prints it and `--explain` words it.

use super::board::{Board, Direction, value_of};
use super::solve::{Search, best_exponent, reaches, unfinished};
use crate::puzzles::Error;
use crate::search::{maximize, stop};
use serde::Serialize;
use std::io::Write;

/// An optimal line of play: the largest block and the moves reaching it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The largest block value reachable within the allowed moves.
    pub max: u128,
    /// The shortest move sequence reaching it, first in Up < Down < Left < Right
    /// order among the shortest.
    pub moves: Vec<Direction>,
}

/// The optimal value and the shortest, first-in-order line reaching it.
///
/// ```
/// use boardsolve::puzzles::game2048::{play, Board, Direction};
/// let b = Board::from_values(2, &[2, 0, 2, 0]).unwrap();
/// let line = play(&b, 5);
/// assert_eq!((line.max, line.moves), (4, vec![Direction::Up]));
/// ```
pub fn play(board: &Board, moves: u32) -> Play {
    play_or_bounds(board, moves).expect("nothing stops the search")
}

/// [`play`], or what the searches proved when they were stopped from
/// outside ([`stop`]) before the line was found.
///
/// # Errors
/// [`Error::Unfinished`]: the largest block reached and the merge-tree
/// bound if the largest block is not proven; both the proven largest block
/// if only its line is missing.
pub(super) fn play_or_bounds(board: &Board, moves: u32) -> Result<Play, Error> {
    let (e, _) = best_exponent(board, moves);
    if stop::cut_short() {
        return Err(unfinished(board, moves, e));
    }
    let path = maximize::first_line_with(&Search::new(board, 1), board, moves, |node, left| {
        reaches(node, left, e)
    });
    if stop::cut_short() {
        let max = value_of(e as u8);
        return Err(Error::Unfinished {
            lower: max,
            upper: max,
        });
    }
    Ok(Play {
        max: value_of(e as u8),
        moves: path
            .expect("the optimum found by the search is reachable")
            .into_iter()
            .map(|m| Direction::ALL[m])
            .collect(),
    })
}

/// Words `line`, the optimal play from `board` within `moves` moves: the
/// answer, the moves, and the board after each of them.
pub(super) fn write_explanation(
    board: &Board,
    moves: u32,
    line: &Play,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let plural = |k: usize| if k == 1 { "move" } else { "moves" };
    writeln!(
        out,
        "largest block within {moves} {}: {}",
        plural(moves as usize),
        line.max
    )?;
    if line.moves.is_empty() {
        writeln!(out, "already on the board: no move needed")?;
    } else {
        let names: Vec<&str> = line.moves.iter().map(|d| d.name()).collect();
        writeln!(
            out,
            "shortest line ({} {}): {}",
            line.moves.len(),
            plural(line.moves.len()),
            names.join(" ")
        )?;
    }
    writeln!(out, "\nstart:")?;
    write!(out, "{board}")?;
    let mut current = board.clone();
    for (i, &dir) in line.moves.iter().enumerate() {
        current = current
            .slide(dir)
            .expect("moves on an optimal line change the board");
        writeln!(out, "\nmove {}: {}", i + 1, dir.name())?;
        write!(out, "{current}")?;
    }
    Ok(())
}
