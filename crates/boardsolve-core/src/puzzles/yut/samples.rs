//! The four examples of the problem statement (BOJ 17825), with their
//! answers.

use super::parse::Instance;
use super::variant::Yut;
use crate::puzzles::rules::Text;

/// BOJ 17825's examples, in its input format, and their answers.
pub const STATEMENT: &[(&str, &str)] = &[
    ("1 2 3 4 1 2 3 4 1 2\n", "190\n"),
    ("1 1 1 1 1 1 1 1 1 1\n", "133\n"),
    ("5 1 2 3 4 5 5 3 2 4\n", "214\n"),
    ("5 5 5 5 5 5 5 5 5 5\n", "130\n"),
];

/// The statement's examples as instances.
pub(super) fn instances() -> Vec<Instance> {
    STATEMENT
        .iter()
        .map(|(text, _)| Yut.parse(text.as_bytes()).expect("a valid example"))
        .collect()
}
