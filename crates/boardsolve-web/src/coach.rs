//! The coach of the page's play: from a position reached by the player,
//! the best result still reachable and what each move would give, so
//! that the page can say what a move cost.

use crate::request::CoachAsk;
use crate::{Failure, canonical, json_text};
use boardsolve_core::puzzles::footholds::{self, Coord, Footholds, Player};
use boardsolve_core::puzzles::game2048::{self, Board, Direction, Game2048, MAX_MOVES};
use boardsolve_core::puzzles::yut::{self, BOARD, Yut};
use boardsolve_core::puzzles::{Error, Puzzle, Rules, Text};
use serde::Serialize;
use serde_json::Value;

/// The coach of `puzzle`'s play at the position `ask` describes.
pub(crate) fn coach(puzzle: &dyn Puzzle, ask: &CoachAsk) -> Result<String, Failure> {
    match canonical(puzzle) {
        "2048" => game(ask),
        "yut" => dice(ask),
        "footholds" => footholds(ask),
        other => Err(Failure::request(format!("{other} has no coach"))),
    }
}

/// The drawing data of the `--html` page (yut's squares), or null.
pub(crate) fn layout(puzzle: &dyn Puzzle) -> Value {
    match canonical(puzzle) {
        "yut" => Yut.layout().unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// 2048: the largest block reachable in the moves left, and for each
/// move the board after it and the largest block still reachable.
fn game(ask: &CoachAsk) -> Result<String, Failure> {
    let left = ask
        .moves_left
        .ok_or_else(|| Failure::request("2048's coach needs moves_left"))?;
    if left > MAX_MOVES {
        return Err(Failure::request(format!(
            "moves_left is at most {MAX_MOVES}"
        )));
    }
    let board = Game2048::new(left)
        .parse(ask.input.as_bytes())
        .map_err(Error::from)?
        .board;
    #[derive(Serialize)]
    struct After {
        input: String,
        board: Vec<Vec<u128>>,
        best: u128,
    }
    #[derive(Serialize)]
    struct Moves {
        up: Option<After>,
        down: Option<After>,
        left: Option<After>,
        right: Option<After>,
    }
    #[derive(Serialize)]
    struct Coached {
        best: u128,
        moves: Moves,
    }
    let after = |dir: Direction| -> Option<After> {
        let next = board.slide(dir).filter(|_| left > 0)?;
        Some(After {
            input: board_text(&next),
            board: rows(&next),
            best: game2048::answer(&next, left - 1),
        })
    };
    json_text(&Coached {
        best: game2048::answer(&board, left),
        moves: Moves {
            up: after(Direction::Up),
            down: after(Direction::Down),
            left: after(Direction::Left),
            right: after(Direction::Right),
        },
    })
}

/// A board as the judge's input text.
fn board_text(board: &Board) -> String {
    format!("{}\n{board}", board.size())
}

fn rows(board: &Board) -> Vec<Vec<u128>> {
    let n = board.size();
    (0..n)
        .map(|r| (0..n).map(|c| board.value(r, c)).collect())
        .collect()
}

/// Yut: the most points still to come, and what choosing each piece for
/// the next die gives.
fn dice(ask: &CoachAsk) -> Result<String, Failure> {
    let (Some(turn), Some(pieces)) = (ask.turn, ask.pieces) else {
        return Err(Failure::request("yut's coach needs turn and pieces"));
    };
    let instance = Yut.parse(ask.input.as_bytes()).map_err(Error::from)?;
    let dice = instance.dice();
    let not_a_position = || Failure::request("turn and pieces are not a position of this game");
    let best = yut::best_from(dice, turn, pieces).ok_or_else(not_a_position)?;
    #[derive(Serialize)]
    struct Option_ {
        piece: u8,
        from: &'static str,
        to: &'static str,
        to_id: u8,
        score: u32,
        best: u32,
    }
    #[derive(Serialize)]
    struct Coached {
        best: u32,
        squares: Value,
        options: Vec<Option<Option_>>,
    }
    let options = match yut::choices(dice, turn, pieces) {
        None => Vec::new(),
        Some(choices) => choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.map(|c| Option_ {
                    piece: i as u8 + 1,
                    from: BOARD[usize::from(pieces[i])].name,
                    to: BOARD[usize::from(c.to)].name,
                    to_id: c.to,
                    score: c.score,
                    best: c.best,
                })
            })
            .collect(),
    };
    json_text(&Coached {
        best,
        squares: Yut.layout().map_or(Value::Null, |l| l["squares"].clone()),
        options,
    })
}

/// Footholds: the outcome for the player to move (A of the position) and
/// every legal move's outcome, from the optimal play's first step.
fn footholds(ask: &CoachAsk) -> Result<String, Failure> {
    let instance = Footholds.parse(ask.input.as_bytes()).map_err(Error::from)?;
    let play = footholds::play(&instance);
    let side = |winner: Player| {
        if winner == Player::A {
            "mover"
        } else {
            "other"
        }
    };
    // Fields in the order of the keys of a JSON object.
    #[derive(Serialize)]
    struct Outcome {
        moves: u32,
        to: Coord,
        winner: &'static str,
    }
    #[derive(Serialize)]
    struct Coached {
        moves: u32,
        options: Vec<Outcome>,
        winner: &'static str,
    }
    let options = play.line.first().map_or_else(Vec::new, |first| {
        first
            .alternatives
            .iter()
            .map(|o| Outcome {
                moves: o.moves,
                to: o.to,
                winner: side(o.winner),
            })
            .collect()
    });
    json_text(&Coached {
        moves: play.moves,
        options,
        winner: side(play.winner),
    })
}
