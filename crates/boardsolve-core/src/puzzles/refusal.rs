//! The typed causes behind [`Error`](super::Error)'s refusals of a request
//! and its bugs: one variant for each way a run can be refused, each
//! worded exactly as the command line prints it.

use super::limits::{Breach, Limits};
use crate::text::InputError;

/// A request outside what a puzzle supports: an option it does not take,
/// a value out of range, an instance above a documented limit. The user's
/// doing (exit status 2), never a bug.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// An option the puzzle does not take (`yut does not take --moves`).
    #[error("{puzzle} does not take {flag}")]
    NotTaken {
        /// The puzzle's name as typed.
        puzzle: &'static str,
        /// The option as the user types it.
        flag: &'static str,
    },
    /// A `--format` the puzzle does not write.
    #[error("{}", form_not_taken(puzzle, form, forms))]
    FormNotTaken {
        /// The puzzle's name as typed.
        puzzle: &'static str,
        /// The form asked for.
        form: &'static str,
        /// The forms it writes; none for a puzzle of one text form.
        forms: Vec<&'static str>,
    },
    /// Size options of `gen` and `stress` the puzzle does not read.
    #[error("{puzzle} does not take {}; it takes {}", extra.join(", "), takes_text(takes))]
    SizesNotTaken {
        /// The puzzle's name as typed.
        puzzle: String,
        /// The options given that it does not read.
        extra: Vec<&'static str>,
        /// The options it reads.
        takes: Vec<&'static str>,
    },
    /// A `--density` outside 0..=1.
    #[error("--density must be from 0 to 1, found {0}")]
    Density(f64),
    /// A size option outside its range.
    #[error("{flag} must be from {lo} to {hi}, found {found}")]
    SizeOutOfRange {
        /// The option.
        flag: &'static str,
        /// The smallest value it takes.
        lo: u64,
        /// The largest value it takes.
        hi: u64,
        /// The value given.
        found: u64,
    },
    /// A `--max-tile` that is not a power of two from 2.
    #[error("--max-tile must be a power of two from 2 to 2^63, found {0}")]
    MaxTile(u64),
    /// A `--moves` above 2048's limit.
    #[error("--moves {moves} is above the limit of {most}")]
    Moves {
        /// The K asked for.
        moves: u32,
        /// The largest K the solver plays to.
        most: u32,
    },
    /// A tromino `--n` the own format cannot take.
    #[error(
        "--n must be a power of two up to {pow2}, or up to {general} and not divisible by 3; found {n}"
    )]
    TrominoSide {
        /// The side given.
        n: u64,
        /// The largest power-of-two side.
        pow2: u32,
        /// The largest other side.
        general: u32,
    },
    /// A `--n` outside BOJ 14600 and 14601's powers of two.
    #[error("--n must be a power of two from 2 to 2^{most_k} for 14600 and 14601, found {n}")]
    JudgeSide {
        /// The side given.
        n: u64,
        /// The largest K of side 2^K.
        most_k: u32,
    },
    /// `check --order` on a side that is not a power of two.
    #[error(
        "--order needs a power-of-two side (the placement order is defined only there); n = {0}"
    )]
    OrderSide(u32),
    /// The placement order asked of a side that is not a power of two.
    #[error("the placement order needs a power-of-two side")]
    PlacementOrder,
    /// A tromino board above what a task handles.
    #[error("{task} up to {most}×{most}; n = {n} is above")]
    BoardTooLarge {
        /// What is limited (`--svg draws boards`).
        task: &'static str,
        /// The largest side it handles.
        most: u32,
        /// The side given.
        n: u32,
    },
    /// A 2048 line too long to draw.
    #[error("--svg draws up to {most} cells of boards; this line has {boards} boards of {n}×{n}")]
    StripTooLarge {
        /// The most cells a picture holds.
        most: usize,
        /// The boards of the line.
        boards: usize,
        /// Their side.
        n: usize,
    },
    /// An instance past the judge's limits, where a run keeps to them.
    #[error("{breach}: beyond {problem}'s limits ({})", limits.describe())]
    BeyondLimits {
        /// What is past the limits.
        breach: Breach,
        /// The judge's problem (`BOJ 14600`).
        problem: &'static str,
        /// The judge's limits.
        limits: Limits,
    },
    /// `package` of a name without a judge, whose limits no package can
    /// state.
    #[error(
        "package needs a judge's number ({}): `{puzzle}` has no judge, so no limits for a package to state",
        judges.join(", ")
    )]
    NoJudge {
        /// The name given.
        puzzle: &'static str,
        /// The names with a judge.
        judges: Vec<&'static str>,
    },
}

/// A bug of boardsolve's own, never the user's doing; the run stops with
/// the message (status 2) rather than with a wrong result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Bug {
    /// A generator ignored the judge's limits it was given.
    #[error("internal error: a generated {puzzle} case is past the judge's limits: {breach}")]
    GeneratedBeyondLimits {
        /// The puzzle's name as typed.
        puzzle: &'static str,
        /// What is past the limits.
        breach: Breach,
    },
    /// A generated package case that its own validator refuses.
    #[error("package: secret case {name}:{input}")]
    PackageCase {
        /// The case's name.
        name: String,
        /// Where and why the validator refuses it.
        input: InputError,
    },
    /// A package's invalid input (from the corpus or just past a limit)
    /// that the judge's contract accepts.
    #[error("package: invalid input {name} is valid for {problem}")]
    PackageInvalidInputValid {
        /// The file's name in data/invalid_input.
        name: String,
        /// The judge's problem.
        problem: String,
    },
    /// An answer that is not UTF-8 text.
    #[error("an answer that is not text")]
    AnswerNotText,
    /// A package case's answer that is not UTF-8 text.
    #[error("package: the answer of {0} is not text")]
    PackageAnswerNotText(String),
    /// Yut's reference met a turn where no piece can move.
    #[error("the reference found a turn where no piece can move")]
    ReferenceStuck,
    /// `--explain` asked of rules that take the flag but have no
    /// explanation.
    #[error("this puzzle has no explanation")]
    NoExplanation,
    /// `--svg` asked of rules that take the flag but have no picture.
    #[error("this puzzle has no picture")]
    NoPicture,
}

fn form_not_taken(puzzle: &str, form: &str, forms: &[&str]) -> String {
    if forms.is_empty() {
        format!("{puzzle} has one text form and does not take --format {form}")
    } else {
        format!(
            "{puzzle} does not take --format {form}; it takes {}",
            forms.join(", ")
        )
    }
}

fn takes_text(takes: &[&str]) -> String {
    if takes.is_empty() {
        "no size option".to_string()
    } else {
        takes.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::{Bug, Refusal};
    use crate::puzzles::{Breach, Error, Limits};
    use crate::text::{InputError, Position};
    use std::error::Error as _;

    /// Each message as the command line printed it when it was free text.
    #[test]
    fn the_messages_keep_their_words() {
        let cases: Vec<(Error, &str)> = vec![
            (
                Refusal::NotTaken {
                    puzzle: "yut",
                    flag: "--moves",
                }
                .into(),
                "yut does not take --moves",
            ),
            (
                Refusal::FormNotTaken {
                    puzzle: "yut",
                    form: "json",
                    forms: vec![],
                }
                .into(),
                "yut has one text form and does not take --format json",
            ),
            (
                Refusal::FormNotTaken {
                    puzzle: "92345",
                    form: "plain",
                    forms: vec!["literal"],
                }
                .into(),
                "92345 does not take --format plain; it takes literal",
            ),
            (
                Refusal::SizesNotTaken {
                    puzzle: "footholds".into(),
                    extra: vec!["--n", "--dice"],
                    takes: vec!["--rows", "--cols"],
                }
                .into(),
                "footholds does not take --n, --dice; it takes --rows, --cols",
            ),
            (
                Refusal::SizesNotTaken {
                    puzzle: "x".into(),
                    extra: vec!["--n"],
                    takes: vec![],
                }
                .into(),
                "x does not take --n; it takes no size option",
            ),
            (
                Refusal::Density(1.5).into(),
                "--density must be from 0 to 1, found 1.5",
            ),
            (
                Refusal::BeyondLimits {
                    breach: Breach::K(3),
                    problem: "BOJ 14600",
                    limits: Limits::TrominoK { max_k: 2 },
                }
                .into(),
                "K = 3: beyond BOJ 14600's limits (1 ≤ K ≤ 2; 1 ≤ x, y ≤ 2^K)",
            ),
            (
                Bug::GeneratedBeyondLimits {
                    puzzle: "14600",
                    breach: Breach::K(3),
                }
                .into(),
                "internal error: a generated 14600 case is past the judge's limits: K = 3",
            ),
            (
                Bug::PackageCase {
                    name: "007-edge".into(),
                    input: InputError::new(Position { line: 1, column: 2 }, "bad"),
                }
                .into(),
                "package: secret case 007-edge:1:2: bad",
            ),
            (Bug::AnswerNotText.into(), "an answer that is not text"),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
            // The words are the error's own: no cause to print again.
            assert!(error.source().is_none(), "{text}");
        }
    }

    /// A wrapper prints its cause once: a reporter that walks the chain
    /// does not print the same words twice.
    #[test]
    fn a_wrapped_cause_is_printed_once() {
        let error = Error::from(InputError::new(Position { line: 3, column: 5 }, "bad"));
        assert_eq!(error.to_string(), "3:5: bad");
        assert!(error.source().is_none());
        let error = Error::from(std::io::Error::other("gone"));
        assert_eq!(error.to_string(), "gone");
        assert!(error.source().is_none());
    }
}
