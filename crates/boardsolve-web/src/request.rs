//! The requests of the page, typed: serde refuses anything else with the
//! place of the mistake.

use serde::Deserialize;

/// One request of the page; the `op` field names it.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// Every command-line name, with what the page shows of it.
    Entries,
    /// The statement's examples.
    Samples {
        /// A command-line name (`12100`, `yut`, ...).
        puzzle: String,
    },
    /// Case `case` of `gen PUZZLE --seed SEED [--hard]`.
    Generate {
        /// A command-line name.
        puzzle: String,
        /// `gen`'s `--seed`.
        seed: u64,
        /// The case's number, from 0 (what `gen --seed` alone prints).
        #[serde(default)]
        case: u64,
        /// `gen`'s `--hard`.
        #[serde(default)]
        hard: bool,
    },
    /// The answer, the optimal play and its explanation.
    Solve(SolveAsk),
    /// A program's output judged under the name's contract.
    Check(CheckAsk),
    /// The coach's view of a position of play.
    Coach(CoachAsk),
    /// The catalogue of classic mistakes: each id with what it means.
    Mistakes {
        /// A command-line name.
        puzzle: String,
    },
    /// What the page needs to draw the board (yut's squares).
    Layout {
        /// A command-line name.
        puzzle: String,
    },
}

/// What [`Request::Solve`] asks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveAsk {
    /// A command-line name.
    pub puzzle: String,
    /// The judge's input text.
    pub input: String,
    /// 2048's K (`--moves`).
    #[serde(default)]
    pub moves: Option<u32>,
    /// The search stops after this many milliseconds with its bounds
    /// (`--time-limit`).
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// Whether the optimal play and its explanation are wanted too (the
    /// answer alone takes the faster search).
    #[serde(default = "yes")]
    pub play: bool,
}

fn yes() -> bool {
    true
}

/// What [`Request::Check`] asks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckAsk {
    /// A command-line name.
    pub puzzle: String,
    /// The judge's input text.
    pub input: String,
    /// The program's output.
    pub output: String,
    /// 2048's K (`--moves`).
    #[serde(default)]
    pub moves: Option<u32>,
    /// A tiling must be numbered in the placement order (`--order`).
    #[serde(default)]
    pub order: bool,
}

/// What [`Request::Coach`] asks; which fields it reads depends on the
/// puzzle (`docs/web.md`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoachAsk {
    /// A command-line name.
    pub puzzle: String,
    /// 2048: the board; yut: the dice; footholds: the position with the
    /// player to move as A.
    pub input: String,
    /// 2048: the moves still to play.
    #[serde(default)]
    pub moves_left: Option<u32>,
    /// Yut: the dice already used.
    #[serde(default)]
    pub turn: Option<usize>,
    /// Yut: the four pieces' square ids.
    #[serde(default)]
    pub pieces: Option<[u8; 4]>,
}
