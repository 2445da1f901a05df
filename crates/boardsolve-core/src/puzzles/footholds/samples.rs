//! The four examples of the problem statement (Programmers 92345), in the
//! page's literal argument form, with their answers.

use super::board::Instance;
use super::variant::Footholds;
use crate::puzzles::rules::Text;

/// Programmers 92345's examples (board, aloc, bloc) and their answers.
pub const STATEMENT: &[(&str, &str)] = &[
    ("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n", "5\n"),
    ("[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\n", "4\n"),
    ("[[1, 1, 1, 1, 1]] [0, 0] [0, 4]\n", "4\n"),
    ("[[1]] [0, 0] [0, 0]\n", "0\n"),
];

/// The statement's examples as instances.
pub(super) fn instances() -> Vec<Instance> {
    STATEMENT
        .iter()
        .map(|(text, _)| Footholds.parse(text.as_bytes()).expect("a valid example"))
        .collect()
}
