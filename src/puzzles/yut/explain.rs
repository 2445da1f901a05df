//! The optimal play, read back from the solver's table, and its wording
//! for `--explain`.

use super::board::{BOARD, END, Pieces, START, SquareId, destination, sorted};
use super::solve::Memo;
use serde::Serialize;
use std::io::{self, Write};

/// One turn of an optimal play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// 1-based turn number.
    pub turn: usize,
    /// The die of that turn.
    pub die: u8,
    /// The piece moved, 1..=4; pieces are numbered in the order they leave
    /// the start.
    pub piece: u8,
    /// The square it leaves (see [`Square::name`](super::Square::name)).
    pub from: &'static str,
    /// The square it stops on.
    pub to: &'static str,
    /// The move's score: the value of `to`.
    pub score: u32,
    /// The total after this move.
    pub total: u32,
    /// `from` as an id, for the picture.
    #[serde(skip)]
    pub(super) from_id: SquareId,
    /// `to` as an id, for the picture.
    #[serde(skip)]
    pub(super) to_id: SquareId,
}

/// An optimal play: the maximum total and one sequence of moves reaching it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The maximum total score.
    pub max: u32,
    /// One move per turn until the dice run out or all pieces are finished;
    /// the lowest-numbered piece among equally good moves.
    pub moves: Vec<Turn>,
    /// Dice left over once all four pieces are finished.
    pub unused: usize,
}

/// The maximum total and an optimal play reaching it.
///
/// ```
/// use boardsolve::puzzles::yut::play;
/// let play = play(&[5, 4]);
/// assert_eq!(play.max, 35);
/// assert_eq!((play.moves[1].from, play.moves[1].to), ("10", "25c"));
/// ```
///
/// # Panics
/// If a die is outside 1..=5.
pub fn play(dice: &[u8]) -> Play {
    let mut memo = Memo::new(dice);
    let max = memo.best(0, [START; 4]);
    let mut pieces: Pieces = [START; 4];
    let mut total = 0u32;
    let mut moves = Vec::new();
    for (turn, &die) in dice.iter().enumerate() {
        if pieces.iter().all(|&p| p == END) {
            break;
        }
        let target = memo.best(turn, sorted(pieces));
        let chosen = (0..4).find_map(|i| {
            let from = pieces[i];
            let to = destination(from, die);
            let legal = from != END && (to == END || !pieces.contains(&to));
            let mut next = pieces;
            next[i] = to;
            (legal
                && u16::from(BOARD[to as usize].value) + memo.best(turn + 1, sorted(next))
                    == target)
                .then_some((i, to))
        });
        let Some((i, to)) = chosen else {
            // Unreachable: the target was computed from these very moves.
            break;
        };
        let score = u32::from(BOARD[to as usize].value);
        total += score;
        moves.push(Turn {
            turn: turn + 1,
            die,
            piece: i as u8 + 1,
            from: BOARD[pieces[i] as usize].name,
            to: BOARD[to as usize].name,
            score,
            total,
            from_id: pieces[i],
            to_id: to,
        });
        pieces[i] = to;
    }
    Play {
        max: u32::from(max),
        unused: dice.len() - moves.len(),
        moves,
    }
}

/// `play` for a human, one line a turn; `dice` is how many dice the
/// instance has, to name the unused ones.
pub(super) fn write_explanation(play: &Play, dice: usize, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "maximum score: {}", play.max)?;
    for s in &play.moves {
        writeln!(
            out,
            "turn {} (die {}): piece {} {} -> {}, +{}, total {}",
            s.turn, s.die, s.piece, s.from, s.to, s.score, s.total
        )?;
    }
    if play.unused > 0 {
        let first = dice - play.unused + 1;
        writeln!(
            out,
            "all pieces finished after turn {}: dice {first}..{dice} unused ({})",
            first - 1,
            play.unused
        )?;
    }
    Ok(())
}
