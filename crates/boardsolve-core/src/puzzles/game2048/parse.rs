//! Judge text to a validated [`Instance`] and back.

use super::board::{Board, Instance, MAX_N, exponent_of};
use super::variant::Game2048;
use crate::puzzles::rules::Text;
use crate::text::{InputError, Position, Tokens};

/// Parses judge text: N, then N rows of N values.
///
/// # Errors
/// Bad numbers, N outside 1..=64, a value that is not 0 or a power of
/// two from 2 up to 2^63, a missing or extra token, or a board without blocks.
pub(super) fn parse(input: &[u8]) -> Result<Instance, InputError> {
    let mut t = Tokens::new(input);
    let n = t.expect_in_range("the board size N", 1, MAX_N as u64)? as usize;
    let mut cells = Vec::with_capacity(n * n);
    let mut first: Option<Position> = None;
    for _ in 0..n * n {
        let what = "a block value (0 or a power of two from 2)";
        let (v, tok) = t.expect_u64_token(what)?;
        let e = exponent_of(v)
            .ok_or_else(|| InputError::new(tok.position, format!("expected {what}, found {v}")))?;
        first.get_or_insert(tok.position);
        cells.push(e);
    }
    t.expect_end("the board")?;
    if cells.iter().all(|&e| e == 0) {
        return Err(InputError::new(
            first.unwrap_or(Position { line: 1, column: 1 }),
            "the board has no block; at least one is required",
        ));
    }
    Ok(Instance {
        board: Board { n, cells },
    })
}

/// Judge text: N, then the board.
pub(super) fn to_text(instance: &Instance) -> String {
    format!("{}\n{}", instance.board.n, instance.board)
}

impl Text for Game2048 {
    type Instance = Instance;

    fn parse(&self, input: &[u8]) -> Result<Instance, InputError> {
        parse(input)
    }

    fn to_text(&self, instance: &Instance) -> String {
        to_text(instance)
    }
}
