//! The examples of the placement order's statement (docs/tromino.md), with
//! their answers.
//!
//! BOJ 14600 and 14601 are served the same holes in their own format (K,
//! then x y from the bottom left) with the placement order as the answer:
//! their statements' examples are not recorded here, since they could not
//! be checked against the original pages (and their judges accept any
//! valid tiling).

use super::parse::Instance;
use super::variant::{Format, Tromino};
use crate::puzzles::rules::Text;

/// The statement's examples (`n row col`) and their placement orders.
pub const STATEMENT: &[(&str, &str)] = &[
    ("2 0 0\n", "0 1\n1 1\n"),
    ("4 0 0\n", "0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n"),
    (
        "8 1 2\n",
        "3 3 4 4 8 8 9 9\n3 2 0 4 8 7 7 9\n5 2 2 6 10 10 7 11\n5 5 6 6 1 10 11 11\n\
         13 13 14 1 1 18 19 19\n13 12 14 14 18 18 17 19\n15 12 12 16 20 17 17 21\n\
         15 15 16 16 20 20 21 21\n",
    ),
];

/// The statement's examples as instances.
pub(super) fn instances() -> Vec<Instance> {
    STATEMENT
        .iter()
        .map(|(text, _)| {
            Tromino::new(Format::Plain)
                .parse(text.as_bytes())
                .expect("a valid example")
        })
        .collect()
}
