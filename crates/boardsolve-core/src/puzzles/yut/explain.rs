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
    /// What each piece would give if moved this turn, pieces 1 to 4.
    pub alternatives: Vec<Alternative>,
    /// `from` as an id, for the picture.
    #[serde(skip)]
    pub(super) from_id: SquareId,
    /// `to` as an id, for the picture.
    #[serde(skip)]
    pub(super) to_id: SquareId,
}

/// One piece's move on a turn and the best final total after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The piece, 1..=4.
    pub piece: u8,
    /// The square it would stop on; `None` when it cannot move (finished,
    /// or the square is taken).
    pub to: Option<&'static str>,
    /// The best final total if this piece moves now; `None` when it
    /// cannot move.
    pub total: Option<u32>,
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
/// use boardsolve_core::puzzles::yut::play;
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
        // The best total after this turn for each piece moved, or None.
        let outlook: Vec<Option<(SquareId, u16)>> = (0..4)
            .map(|i| {
                let from = pieces[i];
                let to = destination(from, die);
                let legal = from != END && (to == END || !pieces.contains(&to));
                let mut next = pieces;
                next[i] = to;
                legal.then(|| {
                    (
                        to,
                        u16::from(BOARD[to as usize].value) + memo.best(turn + 1, sorted(next)),
                    )
                })
            })
            .collect();
        let chosen = (0..4).find_map(|i| match outlook[i] {
            Some((to, best)) if best == target => Some((i, to)),
            _ => None,
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
            alternatives: outlook
                .iter()
                .enumerate()
                .map(|(k, o)| Alternative {
                    piece: k as u8 + 1,
                    to: o.map(|(to, _)| BOARD[to as usize].name),
                    total: o.map(|(_, best)| total - score + u32::from(best)),
                })
                .collect(),
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
        let others: Vec<String> = s
            .alternatives
            .iter()
            .filter(|a| a.piece != s.piece)
            .map(|a| match (a.to, a.total) {
                (Some(to), Some(total)) => format!("piece {} -> {to} ends with {total}", a.piece),
                _ => format!("piece {} cannot move", a.piece),
            })
            .collect();
        writeln!(out, "  other pieces: {}", others.join("; "))?;
    }
    // The suffixes are the one thing a name does not say by itself.
    let names = play.moves.iter().flat_map(|s| {
        let others = s.alternatives.iter().filter_map(|a| a.to);
        [s.from, s.to].into_iter().chain(others)
    });
    let (mut blue, mut centre) = (false, false);
    for name in names {
        blue |= name.ends_with('b');
        centre |= name.ends_with('c');
    }
    if blue || centre {
        let mut legend = Vec::new();
        if blue {
            legend.push("b: a square of a blue route (13b is the 13 there)");
        }
        if centre {
            legend.push("c: the centre squares 25c, 30c, 35c, shared by the blue routes");
        }
        writeln!(out, "({})", legend.join("; "))?;
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
