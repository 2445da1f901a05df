//! The optimal play (what `--json` prints) and its wording for `--explain`:
//! the winner, why the loser lost, and every move of the principal
//! variation with the board after it.

use super::board::{Coord, Instance, Player, bit, cell_of, spread};
use super::solve::{Search, State, root_state};
use crate::search::negamax::Negamax;
use serde::Serialize;
use std::io::Write;

/// One move of the principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// Who moves.
    pub player: Player,
    /// From this cell.
    pub from: Coord,
    /// To this cell.
    pub to: Coord,
    /// The footholds after the move, row after row (1 = foothold).
    pub board: Vec<Vec<u8>>,
    /// A's cell after the move.
    pub aloc: Coord,
    /// B's cell after the move.
    pub bloc: Coord,
    /// Every legal move of the mover here (the one played included), in
    /// the order up, left, right, down, with the outcome if it is played
    /// and both then play optimally.
    pub alternatives: Vec<Alternative>,
}

/// One legal move of the mover and the game it leads to under optimal play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The cell moved to.
    pub to: Coord,
    /// Who then wins.
    pub winner: Player,
    /// The game's total number of moves, counted from the start.
    pub moves: u32,
}

/// Why the loser lost, at the end of the principal variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Defeat {
    /// The loser's turn came with no foothold next to it.
    NoMove,
    /// The winner stepped off the cell both stood on, which vanished under the loser.
    FootholdGone,
}

/// The outcome and one optimal line of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The total number of moves (the judge's answer).
    pub moves: u32,
    /// Who wins.
    pub winner: Player,
    /// Why the loser lost.
    pub ending: Defeat,
    /// The footholds at the start, row after row (1 = foothold).
    pub board: Vec<Vec<u8>>,
    /// A's start.
    pub aloc: Coord,
    /// B's start.
    pub bloc: Coord,
    /// Every move, A's first; at each step the first optimal move in the
    /// order up, left, right, down.
    pub line: Vec<Move>,
}

/// The winner and the principal variation.
///
/// ```
/// use boardsolve_core::puzzles::Text;
/// use boardsolve_core::puzzles::footholds::{play, Footholds, Player};
/// let game = Footholds.parse(b"[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
/// let p = play(&game);
/// assert_eq!((p.winner, p.moves, p.line.len()), (Player::B, 4, 4));
/// assert_eq!((p.line[0].from, p.line[0].to), ((0, 0), (0, 1)));
/// ```
pub fn play(instance: &Instance) -> Play {
    let mut engine = Negamax::new(Search::new(instance.rows, instance.cols));
    let root = root_state(instance);
    let (score, states) = engine.principal_variation(&root);
    let grid_of = |feet: u64| -> Vec<Vec<u8>> {
        (0..instance.rows)
            .map(|r| {
                (0..instance.cols)
                    .map(|c| u8::from(feet & bit((r, c)) != 0))
                    .collect()
            })
            .collect()
    };
    let inside = (0..instance.rows)
        .flat_map(|r| (0..instance.cols).map(move |c| bit((r, c))))
        .fold(0, |all, b| all | b);
    let mut line = Vec::with_capacity(states.len());
    let mut player = Player::A;
    let mut before = root;
    for (played, s) in states.iter().enumerate() {
        // Every move of the mover, scored from the opponent's side; the
        // same engine (and table) as the line itself.
        let feet = before.feet & !(1u64 << before.mover);
        let mut targets = spread(1u64 << before.mover) & feet & inside;
        let mut alternatives = Vec::with_capacity(4);
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let after = State {
                feet,
                mover: before.other,
                other: to,
            };
            let score = engine.score(&after);
            alternatives.push(Alternative {
                to: cell_of(to),
                winner: if score.wins() { player.other() } else { player },
                moves: played as u32 + 1 + score.distance(),
            });
        }
        // After the move the mover's cell is `other`; the opponent moves next.
        let (from, to) = (cell_of(before.mover), cell_of(s.other));
        let (aloc, bloc) = match player {
            Player::A => (to, cell_of(s.mover)),
            Player::B => (cell_of(s.mover), to),
        };
        line.push(Move {
            player,
            from,
            to,
            board: grid_of(s.feet),
            aloc,
            bloc,
            alternatives,
        });
        player = player.other();
        before = *s;
    }
    let ending = if before.feet & (1u64 << before.mover) == 0 {
        Defeat::FootholdGone
    } else {
        Defeat::NoMove
    };
    Play {
        moves: score.distance(),
        winner: if score.wins() { Player::A } else { Player::B },
        ending,
        board: grid_of(instance.footholds),
        aloc: instance.a,
        bloc: instance.b,
        line,
    }
}

/// The board as text: `o` foothold, `.` none, `A`/`B` a player, `X` both.
fn picture(rows: usize, cols: usize, feet: &dyn Fn(Coord) -> bool, a: Coord, b: Coord) -> String {
    let mut s = String::with_capacity(rows * (2 * cols + 1));
    for r in 0..rows {
        for c in 0..cols {
            if c > 0 {
                s.push(' ');
            }
            s.push(match ((r, c) == a, (r, c) == b) {
                (true, true) => 'X',
                (true, false) => 'A',
                (false, true) => 'B',
                _ if feet((r, c)) => 'o',
                _ => '.',
            });
        }
        s.push('\n');
    }
    s
}

/// Words `play`: the outcome, the start, then every move with its board.
pub(super) fn write_explanation(
    instance: &Instance,
    play: &Play,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let loser = play.winner.other();
    let plural = if play.moves == 1 { "move" } else { "moves" };
    writeln!(
        out,
        "{} wins; {} {plural} in total",
        play.winner, play.moves
    )?;
    writeln!(
        out,
        "(A moves first; the winner ends the game as soon as it can, the loser lasts as long as it can)"
    )?;
    writeln!(out, "\nstart (o foothold, . gone, X both players):")?;
    let feet = |c: Coord| instance.has_foothold(c);
    write!(
        out,
        "{}",
        picture(instance.rows, instance.cols, &feet, instance.a, instance.b)
    )?;
    for (i, step) in play.line.iter().enumerate() {
        writeln!(
            out,
            "\nmove {}: {} ({}, {}) -> ({}, {})",
            i + 1,
            step.player,
            step.from.0,
            step.from.1,
            step.to.0,
            step.to.1
        )?;
        let feet = |c: Coord| step.board[c.0][c.1] == 1;
        write!(
            out,
            "{}",
            picture(instance.rows, instance.cols, &feet, step.aloc, step.bloc)
        )?;
        for other in step.alternatives.iter().filter(|o| o.to != step.to) {
            let still = if other.winner == play.winner {
                "still "
            } else {
                ""
            };
            writeln!(
                out,
                "  {} could also go to ({}, {}): {} {still}wins, the game lasts {} {}",
                step.player,
                other.to.0,
                other.to.1,
                other.winner,
                other.moves,
                if other.moves == 1 { "move" } else { "moves" }
            )?;
        }
    }
    let why = match play.ending {
        Defeat::NoMove => "has no foothold to move to",
        Defeat::FootholdGone => "stands where the foothold vanished",
    };
    writeln!(out, "\n{loser} {why}: {} wins", play.winner)
}
