//! What each command-line name promises, written down once: the judge it
//! stands for, that judge's input limits, and which answers it accepts.
//! Every command (`gen`, `samples`, `stress`, `test`, `check`) asks the
//! [`Contract`] of its entry instead of deciding by the puzzle's name.

use super::limits::Limits;
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

/// An option of `solve` or `check` that only some puzzles take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// `--moves K` (2048's K).
    Moves,
    /// `check --order` (tromino's placement order).
    Order,
    /// `--explain` and `--json`: the optimal play.
    Explain,
    /// `--svg FILE`: a picture.
    Svg,
    /// `--html FILE`: the interactive page.
    Html,
    /// `solve --time-limit`: a search that can stop early with the bounds
    /// it proved.
    TimeLimit,
}

impl Flag {
    /// The option as the user types it.
    pub fn name(self) -> &'static str {
        match self {
            Flag::Moves => "--moves",
            Flag::Order => "--order",
            Flag::Explain => "--explain or --json",
            Flag::Svg => "--svg",
            Flag::Html => "--html",
            Flag::TimeLimit => "--time-limit",
        }
    }
}

/// The options of one run that reach a puzzle's rules, as the command
/// line gives them: one value for whichever puzzle runs. Each variant is
/// one option as typed, so that no two values mean the same run; the
/// entry turns it into the puzzle's own
/// [`Rules::Options`](super::Rules::Options), or refuses it with the one
/// wording every command shares (`yut does not take --moves`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum RuleOptions {
    /// None given: the entry's own rules (2048's K of its name, tromino's
    /// answers as its contract accepts them).
    #[default]
    Defaults,
    /// `--moves K`: 2048 with K moves instead of the entry's.
    Moves(u32),
    /// `--order`: a tiling must be numbered in the placement order.
    PlacementOrder,
}

impl RuleOptions {
    /// The option given, as [`Puzzle::takes`](super::Puzzle::takes) names it; `None` for
    /// [`RuleOptions::Defaults`].
    pub fn flag(self) -> Option<Flag> {
        match self {
            RuleOptions::Defaults => None,
            RuleOptions::Moves(_) => Some(Flag::Moves),
            RuleOptions::PlacementOrder => Some(Flag::Order),
        }
    }
}

/// The refusal of every option given, for the rules of a puzzle that
/// takes none of them.
impl TryFrom<RuleOptions> for () {
    type Error = Flag;

    fn try_from(given: RuleOptions) -> Result<(), Flag> {
        given.flag().map_or(Ok(()), Err)
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
        (sizes.beyond(&judge.limits) || other_k).then(|| {
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
