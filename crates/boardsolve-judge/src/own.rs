//! A contestant's own generator and reference (brute force) in `stress`.
//!
//! Both are run exactly as the tested program is (contained, with the
//! judge's limits), and both are distrusted: a generator's output is held
//! to the judge's input format by the validator before anything is
//! judged on it, and a reference's answer is judged by the built-in
//! reference as the tested program's would be, so that a bug in either is
//! reported as that, never as a failure of the tested program.

use super::harness::Harness;
use super::harness::run::{self, Limits, Program, Trouble};
use super::judge::{self, Verdict};
use super::stress_error::StressError;
pub use super::stress_error::{GeneratorFault, GeneratorWhy, ReferenceFault};
use crate::puzzles::Puzzle;
use crate::text::MAX_INPUT_BYTES;
use std::io::Read;
use std::time::Duration;

/// One of the contestant's programs: checked and ready to run, with the
/// words it was given as, for messages and for the command that makes a
/// case again.
#[derive(Debug, Clone)]
pub struct OwnProgram {
    /// The program, ready to run (a source file's build).
    pub program: Program,
    /// The command as typed (`./gen.py`, `python3 gen.py --sparse`).
    pub typed: String,
}

/// The seed argument of case `case` (0-based) of a run seeded with
/// `seed`: a number from 0 to 2147483647 (an `int` in every language),
/// different from case to case and the same for the same seed and case
/// on every machine, so that a generator which seeds its random numbers
/// with it alone makes a new case each time.
pub fn seed_argument(seed: u64, case: u64) -> u32 {
    // splitmix64 of the pair: a fixed function, documented by its result.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(case.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 33) as u32
}

/// The arguments a generator is called with for case `case` (0-based):
/// `SEED CASE`, the case counted from 1.
pub fn generator_arguments(seed: u64, case: u64) -> [String; 2] {
    [
        seed_argument(seed, case).to_string(),
        (case + 1).to_string(),
    ]
}

/// How much of a failed generator's output a report keeps.
const OUTPUT_KEPT: u64 = 64 << 10;

/// Runs the generator for case `case` (0-based) of a run seeded with
/// `seed`, with the judge's limits (`cpu`, `memory`; its output may be
/// as long as any input), and returns its case once the validator of
/// `puzzle` has held it to the judge's input format.
///
/// # Errors
/// [`StressError::Generator`] for a run that failed or a case that is not
/// valid; [`StressError::Trouble`] for the harness's own.
pub fn generate(
    harness: &Harness,
    generator: &OwnProgram,
    puzzle: &dyn Puzzle,
    seed: u64,
    case: u64,
    limits: (Duration, Option<u64>),
) -> Result<Vec<u8>, StressError> {
    let arguments = generator_arguments(seed, case);
    let command = format!("{} {}", generator.typed, arguments.join(" "));
    let program = generator.program.with_args(arguments);
    let limits = Limits::for_cpu(limits.0, limits.1, MAX_INPUT_BYTES);
    let ran = run::run(harness, &program, b"", &limits)?;
    let fault = |why, output| {
        StressError::Generator(Box::new(GeneratorFault {
            command: command.clone(),
            case: case + 1,
            why,
            output,
            stderr: ran.stderr.clone(),
        }))
    };
    let unreadable = |e| Trouble::system("cannot read the generator's output back", e);
    if let Some(verdict) = judge::failed(ran.ending) {
        let mut start = Vec::new();
        ran.stdout
            .reader()
            .take(OUTPUT_KEPT)
            .read_to_end(&mut start)
            .map_err(unreadable)?;
        return Err(fault(GeneratorWhy::Run(verdict), start));
    }
    let Some(output) = ran
        .stdout
        .bytes_up_to(MAX_INPUT_BYTES)
        .map_err(unreadable)?
    else {
        // The output limit stops it first; a file grown past it anyway
        // is the same failure.
        return Err(fault(GeneratorWhy::Run(Verdict::OutputLimit), Vec::new()));
    };
    match puzzle.validate(&output) {
        Ok(()) => Ok(output),
        Err(why) => Err(fault(GeneratorWhy::Invalid(why), output)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_arguments_fit_an_int_and_differ_from_case_to_case() {
        let mut seen = std::collections::HashSet::new();
        for seed in [0, 1, 7, u64::MAX] {
            for case in 0..500 {
                let argument = seed_argument(seed, case);
                assert!(argument <= i32::MAX as u32);
                assert!(seen.insert(argument), "seed {seed}, case {case}");
            }
        }
        // Fixed for ever: a reported case is made again from these.
        assert_eq!(seed_argument(1, 0), 377_984_099);
        assert_eq!(
            generator_arguments(5, 5),
            ["1875143130".to_string(), "6".to_string()]
        );
        assert_eq!(seed_argument(7, 41), 113_880_727);
    }
}
