//! Reproducible instances: case `i` of seed `s` is the same on every machine.

use crate::puzzles::{Error, GenOptions, GenRng, Puzzle};
use rand::SeedableRng;

/// The generator for case `case` of a run seeded with `seed`.
///
/// Each case has its own ChaCha stream, so cases can be generated in any
/// order, in parallel, and still be identical from run to run.
pub fn case_rng(seed: u64, case: u64) -> GenRng {
    let mut rng = GenRng::seed_from_u64(seed);
    rng.set_stream(case);
    rng
}

/// Instance number `case` (0-based) for `seed`, in judge format.
///
/// # Errors
/// As [`Puzzle::generate`].
pub fn instance(
    puzzle: &dyn Puzzle,
    seed: u64,
    case: u64,
    opts: &GenOptions,
) -> Result<String, Error> {
    puzzle.generate(&mut case_rng(seed, case), opts)
}
