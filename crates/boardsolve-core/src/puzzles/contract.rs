//! What each command-line name promises, written down once: the judge it
//! stands for, that judge's input limits, and which answers it accepts.
//! Every command (`gen`, `samples`, `stress`, `test`, `check`) asks the
//! [`Contract`] of its entry instead of deciding by the puzzle's name.

use super::rules::RuleOptions;
use super::sizes::GenOptions;

/// Which outputs an entry accepts as right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Accepts {
    /// The one right answer, compared token by token.
    Exact,
    /// Any valid tiling, judged by the checker (a special judge).
    AnyTiling,
    /// The tiling numbered in the placement order of docs/tromino.md, and
    /// no other.
    PlacementOrder,
}

impl Accepts {
    /// In words, for banners and docs.
    pub fn describe(self) -> &'static str {
        match self {
            Accepts::Exact => "the exact answer",
            Accepts::AnyTiling => "any valid tiling",
            Accepts::PlacementOrder => "the tiling in placement order",
        }
    }
}

/// What puts an instance past a judge's limits
/// ([`Generate::within_limits`](super::Generate::within_limits)), in the
/// words `validate` and `test` print, and where in the judge's text it
/// stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{breach}")]
pub struct PastLimits {
    /// What is past the limits.
    pub breach: Breach,
    /// The number of the text it is about, counted from 0 in reading
    /// order; the count of numbers for the end of the text, where a
    /// missing number would go.
    pub number: usize,
}

/// The one thing past a judge's limits, by kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Breach {
    /// A 2048 board of this side.
    #[error("N = {0}")]
    Side(usize),
    /// A 2048 board without a block.
    #[error("no block")]
    NoBlock,
    /// A 2048 block of this value.
    #[error("a block of {0}")]
    Block(u128),
    /// This many dice.
    #[error("{0} dice")]
    Dice(usize),
    /// A footholds board of this many rows and columns.
    #[error("a {rows}×{cols} board")]
    Board {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A tromino board of side 2^K.
    #[error("K = {0}")]
    K(u32),
}

impl Breach {
    /// The breach, placed at number `number` of the text.
    pub fn at(self, number: usize) -> PastLimits {
        PastLimits {
            breach: self,
            number,
        }
    }
}

/// A judge's input limits, typed by puzzle. The generator stays inside
/// them unless a size option asks for more, shrinking never leaves them,
/// and `samples` leaves out the examples outside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// 2048: side N from 1 to `max_n`, blocks from 2 to `max_tile`, at
    /// least one block, and exactly `moves` moves.
    Board2048 {
        /// Largest side N.
        max_n: u64,
        /// Largest block value.
        max_tile: u64,
        /// The judge's K.
        moves: u32,
    },
    /// Yut: exactly `count` dice, each from 1 to 5.
    Dice {
        /// The number of dice.
        count: u64,
    },
    /// BOJ tromino: K from 1 to `max_k` (a board of side 2^K).
    TrominoK {
        /// Largest K.
        max_k: u32,
    },
    /// Footholds: rows and columns from 1 to `max_side`.
    Footholds {
        /// Largest number of rows or columns.
        max_side: u64,
    },
}

impl Limits {
    /// The limits in words, as the docs pages state them.
    ///
    /// ```
    /// use boardsolve_core::puzzles::Limits;
    /// assert_eq!(Limits::TrominoK { max_k: 2 }.describe(), "1 ≤ K ≤ 2; 1 ≤ x, y ≤ 2^K");
    /// ```
    pub fn describe(&self) -> String {
        match *self {
            Limits::Board2048 {
                max_n,
                max_tile,
                moves,
            } => format!(
                "1 ≤ N ≤ {max_n}; blocks 0 or 2..{max_tile}, powers of two; at least one block; K = {moves}"
            ),
            Limits::Dice { count } => format!("exactly {count} dice, each 1..5"),
            Limits::TrominoK { max_k } => format!("1 ≤ K ≤ {max_k}; 1 ≤ x, y ≤ 2^K"),
            Limits::Footholds { max_side } => {
                format!("1..{max_side} rows and columns, cells 0/1, both players on footholds")
            }
        }
    }

    /// The limits that a case can pass, in a few words for a banner
    /// (`K ≤ 2`).
    ///
    /// ```
    /// use boardsolve_core::puzzles::Limits;
    /// assert_eq!(Limits::TrominoK { max_k: 2 }.short(), "K ≤ 2");
    /// ```
    pub fn short(&self) -> String {
        match *self {
            Limits::Board2048 {
                max_n,
                max_tile,
                moves,
            } => format!("N ≤ {max_n}, blocks ≤ {max_tile}, K = {moves}"),
            Limits::Dice { count } => format!("{count} dice"),
            Limits::TrominoK { max_k } => format!("K ≤ {max_k}"),
            Limits::Footholds { max_side } => format!("at most {max_side}×{max_side}"),
        }
    }

    /// The K these limits fix, for 2048.
    pub fn moves(&self) -> Option<u32> {
        match *self {
            Limits::Board2048 { moves, .. } => Some(moves),
            _ => None,
        }
    }

    /// Whether size options ask for instances past these limits (an
    /// explicit option is the only way past them).
    pub fn sizes_beyond(&self, sizes: &GenOptions) -> bool {
        let above = |value: Option<u64>, most: u64| value.is_some_and(|v| v > most);
        match *self {
            Limits::Board2048 {
                max_n, max_tile, ..
            } => above(sizes.n, max_n) || above(sizes.max_tile, max_tile),
            Limits::Dice { count } => sizes.dice.is_some_and(|d| d != count),
            Limits::TrominoK { max_k } => above(sizes.n, 1 << max_k),
            Limits::Footholds { max_side } => {
                above(sizes.rows, max_side) || above(sizes.cols, max_side)
            }
        }
    }
}

/// What a judge allows one run of a submission: its published time and
/// memory limits (and output limit, where it publishes one), with where
/// each figure comes from. `test`, `stress`, `audit --solutions` and
/// `package` apply them unless `--time-limit` or `--memory-limit` says
/// otherwise; docs/usage.md lists them with their sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resources {
    /// The time limit, in milliseconds (boardsolve measures it as CPU
    /// time, user plus system).
    pub time_ms: u64,
    /// The memory limit, in MiB (BOJ's "MB").
    pub memory_mib: u64,
    /// The output limit in bytes, where the judge publishes one.
    pub output_bytes: Option<u64>,
    /// Where the figures come from, in a few words for the docs.
    pub source: &'static str,
}

impl Resources {
    /// The time limit.
    pub fn time(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.time_ms)
    }

    /// The memory limit, in bytes.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mib << 20
    }
}

/// The judge a name stands for: its site and problem, and its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judge {
    /// The site and problem, such as `BOJ 14600`.
    pub problem: &'static str,
    /// The judge's input limits.
    pub limits: Limits,
    /// The judge's limits on a run.
    pub resources: Resources,
}

/// What one command-line name promises: the judge behind it (none for a
/// puzzle's own name, whose limits are the solver's) and the answers it
/// accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contract {
    /// The judge, for a judge's problem number.
    pub judge: Option<Judge>,
    /// Which answers are right.
    pub accepts: Accepts,
}

impl Contract {
    /// The contract of a puzzle's own name: no judge, exact answers.
    pub const EXACT: Contract = Contract {
        judge: None,
        accepts: Accepts::Exact,
    };

    /// The answers accepted under the options `given`: `--order` asks for
    /// the placement order where the contract accepts any tiling.
    pub fn accepting(&self, given: RuleOptions) -> Accepts {
        if given == RuleOptions::PlacementOrder && self.accepts == Accepts::AnyTiling {
            Accepts::PlacementOrder
        } else {
            self.accepts
        }
    }

    /// The note for a run whose size options or K (from `given`) go past
    /// the judge's limits (`beyond BOJ 14600's limits (K ≤ 2)`), or `None`.
    pub fn beyond(&self, sizes: &GenOptions, given: RuleOptions) -> Option<String> {
        let judge = self.judge?;
        let other_k = matches!(given, RuleOptions::Moves(k) if Some(k) != judge.limits.moves());
        (judge.limits.sizes_beyond(sizes) || other_k).then(|| {
            format!(
                "beyond {}'s limits ({})",
                judge.problem,
                judge.limits.short()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_sizes_past_the_limits_are_beyond_them() {
        let boj = Contract {
            judge: Some(Judge {
                problem: "BOJ 14600",
                limits: Limits::TrominoK { max_k: 2 },
                resources: Resources {
                    time_ms: 2000,
                    memory_mib: 128,
                    output_bytes: None,
                    source: "test",
                },
            }),
            accepts: Accepts::AnyTiling,
        };
        let within = GenOptions {
            n: Some(4),
            ..GenOptions::default()
        };
        let past = GenOptions {
            n: Some(8),
            ..GenOptions::default()
        };
        assert_eq!(boj.beyond(&within, RuleOptions::Defaults), None);
        assert_eq!(
            boj.beyond(&past, RuleOptions::Defaults).unwrap(),
            "beyond BOJ 14600's limits (K ≤ 2)"
        );
        assert_eq!(Contract::EXACT.beyond(&past, RuleOptions::Moves(20)), None);
        assert_eq!(
            boj.accepting(RuleOptions::PlacementOrder),
            Accepts::PlacementOrder
        );
        assert_eq!(boj.accepting(RuleOptions::Defaults), Accepts::AnyTiling);
    }

    #[test]
    fn another_k_is_beyond_a_2048_judge() {
        let boj = Contract {
            judge: Some(Judge {
                problem: "BOJ 12094",
                limits: Limits::Board2048 {
                    max_n: 20,
                    max_tile: 1024,
                    moves: 10,
                },
                resources: Resources {
                    time_ms: 1000,
                    memory_mib: 512,
                    output_bytes: None,
                    source: "test",
                },
            }),
            accepts: Accepts::Exact,
        };
        let none = GenOptions::default();
        assert_eq!(boj.beyond(&none, RuleOptions::Moves(10)), None);
        assert!(
            boj.beyond(&none, RuleOptions::Moves(5))
                .unwrap()
                .contains("K = 10")
        );
        let big = GenOptions {
            max_tile: Some(2048),
            ..GenOptions::default()
        };
        assert!(boj.beyond(&big, RuleOptions::Defaults).is_some());
    }
}
