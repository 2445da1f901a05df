//! The example of the problem statement (BOJ 12100), with its answer.
//!
//! BOJ 12094 (K = 10) is served the same board with the answer its own K
//! gives: its statement's example is not recorded here, since it could not
//! be checked against the original page.

use super::board::Instance;
use super::variant::Game2048;
use crate::puzzles::rules::Text;

/// BOJ 12100's example, in its input format, and its answer for K = 5.
pub const STATEMENT: &[(&str, &str)] = &[("3\n2 2 2\n4 4 4\n8 8 8\n", "16\n")];

/// The statement's examples as instances.
pub(super) fn instances() -> Vec<Instance> {
    STATEMENT
        .iter()
        .map(|(text, _)| {
            Game2048::new(5)
                .parse(text.as_bytes())
                .expect("a valid example")
        })
        .collect()
}
