//! How soon `stress` finds each catalogued mistake: the number of the
//! first case of a seeded run on which the mistaken reference answers
//! wrongly, over the very cases `stress` generates
//! ([`stress::case_input`]). A mistake's reference stands in for a program
//! that makes it, so no program runs and the counts are the same on every
//! machine.

use super::audit::kills;
use super::stress;
use crate::puzzles::{GenOptions, Puzzle, Variant};
use rayon::prelude::*;

/// The 1-based number of the first of `max_cases` cases of a `stress`
/// run seeded with `seed` (with size options `sizes`) that `variant`
/// answers wrongly, or `None` when none of them does.
pub fn cases_to_failure(
    puzzle: &dyn Puzzle,
    variant: &Variant,
    seed: u64,
    sizes: &GenOptions,
    max_cases: u64,
) -> Option<u64> {
    // In chunks, in order, so that the first failing case is found
    // without generating far past it.
    let chunk = 32;
    let mut start = 0;
    while start < max_cases {
        let end = (start + chunk).min(max_cases);
        let found = (start..end).into_par_iter().find_first(|&case| {
            stress::case_input(puzzle, seed, case, sizes)
                .is_ok_and(|input| kills(puzzle, variant, input.as_bytes()))
        });
        if let Some(case) = found {
            return Some(case + 1);
        }
        start = end;
    }
    None
}

/// The median and the largest of `counts`, where `None` (not found within
/// the cases tried) counts as more than any number; `None` for no counts.
pub fn median_and_worst(counts: &[Option<u64>]) -> Option<(Option<u64>, Option<u64>)> {
    if counts.is_empty() {
        return None;
    }
    let mut sorted = counts.to_vec();
    sorted.sort_by_key(|c| c.unwrap_or(u64::MAX));
    Some((sorted[(sorted.len() - 1) / 2], sorted[sorted.len() - 1]))
}
