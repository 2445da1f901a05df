//! The options `stress`, `test` and `check` share: the limits of a run
//! and the options that reach a puzzle's rules.

use crate::values::{moves_parser, parse_duration, parse_memory_limit};
use boardsolve::puzzles::{Error, Flag, Puzzle, Refusal, RuleOptions};
use clap::Args;

/// The limits of each run of a program under test, and how many run at
/// once: shared by `stress` and `test`.
#[derive(Debug, Clone, Copy, Args)]
pub struct RunLimits {
    /// CPU time limit per run, such as 2s, 500ms or 1.5s: user plus system
    /// time of your program and everything it starts (wall clock: 3x + 1s;
    /// default: the judge's published limit for a judge's number, else 2s).
    #[arg(long, visible_alias = "timeout", value_name = "DUR", value_parser = parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// Peak resident memory limit per run, such as 256M or 1G (default: the
    /// judge's published limit for a judge's number, else none).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
    pub memory_limit: Option<u64>,
    /// Runs at the same time (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
}

/// The options of `check`, `stress` and `test` that reach a puzzle's
/// rules; each puzzle refuses the ones it does not take.
#[derive(Debug, Clone, Copy, Args)]
pub struct RulesArgs {
    /// 2048: the number of moves K (default 5; 10 for 12094).
    #[arg(long, value_name = "K", value_parser = moves_parser())]
    pub moves: Option<u32>,
    /// 14600, 14601: accept only the tiling in placement order (they
    /// accept any valid tiling by default; `tromino` always asks for the order).
    #[arg(long)]
    pub order: bool,
}

impl RulesArgs {
    /// The options given as one value for the rules, once `puzzle` has
    /// refused the first it does not take (`--moves` before `--order`),
    /// with the wording every command shares.
    ///
    /// # Errors
    /// [`Error::Refused`] naming the option `puzzle` does not take.
    pub fn options(&self, puzzle: &dyn Puzzle) -> Result<RuleOptions, Error> {
        puzzle.takes(&self.asked())?;
        match (self.moves, self.order) {
            (None, false) => Ok(RuleOptions::Defaults),
            (Some(k), false) => Ok(RuleOptions::Moves(k)),
            (None, true) => Ok(RuleOptions::PlacementOrder),
            // No puzzle takes both, so `takes` has refused one already; a
            // puzzle that took both would need a value holding both.
            (Some(_), true) => Err(Refusal::NotTaken {
                puzzle: puzzle.name(),
                flag: Flag::Order.name(),
            }
            .into()),
        }
    }

    /// The options given, for [`Puzzle::takes`].
    fn asked(&self) -> Vec<Flag> {
        let mut asked = Vec::new();
        if self.moves.is_some() {
            asked.push(Flag::Moves);
        }
        if self.order {
            asked.push(Flag::Order);
        }
        asked
    }
}
