//! The rules' type of one 2048 entry (K) and the options of one run,
//! which the files of the puzzle name and `rules.rs` implements.

use crate::puzzles::contract::{Flag, RuleOptions};
use crate::search::context::RunContext;

/// Largest number of moves accepted by `--moves`.
pub const MAX_MOVES: u32 = 100;

/// The 2048 rules of one command-line entry.
#[derive(Debug, Clone)]
pub struct Game2048 {
    /// K: the entry's default, until [`Rules::configure`](crate::puzzles::Rules::configure) applies `--moves`.
    pub moves: u32,
    /// The run the searches belong to, once configured.
    pub context: Option<RunContext>,
}

impl Game2048 {
    /// The rules with K = `moves` and no run yet (a search alone, nobody
    /// stopping or watching it).
    pub const fn new(moves: u32) -> Game2048 {
        Game2048 {
            moves,
            context: None,
        }
    }
}

/// The options of one 2048 run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// K from `--moves`; `None` plays the entry's own.
    pub moves: Option<u32>,
}

impl TryFrom<RuleOptions> for Options {
    type Error = Flag;

    fn try_from(given: RuleOptions) -> Result<Options, Flag> {
        match given {
            RuleOptions::Defaults => Ok(Options::default()),
            RuleOptions::Moves(k) => Ok(Options { moves: Some(k) }),
            RuleOptions::PlacementOrder => Err(Flag::Order),
        }
    }
}
