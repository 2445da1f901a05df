//! Why a stress run stops short of a verdict, with the faults of the
//! contestant's own generator and reference that it carries, and a
//! failing run as a report shows it: shared by the stress run and the
//! contestant's own programs, so that both import them from below.

use super::harness::run::{Trouble, Usage};
use super::harness::spool::Spooled;
use super::judge::{JudgeError, Verdict};
use crate::puzzles::Error;
use crate::text::{InputError, MAX_INPUT_BYTES};
use std::time::Duration;

/// One failing run, as the report shows it.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The input.
    pub input: Vec<u8>,
    /// The reference answer.
    pub expected: Spooled,
    /// What the program printed (bounded by the output limit).
    pub received: Spooled,
    /// The start of its standard error.
    pub stderr: Vec<u8>,
    /// The verdict.
    pub verdict: Verdict,
    /// What the run used.
    pub usage: Usage,
}

/// Why a generator gave no case.
#[derive(Debug, Clone)]
pub enum GeneratorWhy {
    /// It ended without an answer: a non-zero exit, a signal, a limit.
    Run(Verdict),
    /// What it printed is not the judge's input: the validator's word.
    Invalid(InputError),
}

/// A generator that gave no case, with what it printed and its stderr.
#[derive(Debug, Clone)]
pub struct GeneratorFault {
    /// The generator's command with the case's arguments, as typed.
    pub command: String,
    /// The case, counted from 1.
    pub case: u64,
    /// What was wrong.
    pub why: GeneratorWhy,
    /// What it printed (its start, when it failed to end well).
    pub output: Vec<u8>,
    /// The start and the end of its standard error.
    pub stderr: Vec<u8>,
}

impl std::fmt::Display for GeneratorFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let GeneratorFault { command, case, .. } = self;
        match &self.why {
            GeneratorWhy::Run(Verdict::OutputLimit) => write!(
                f,
                "the generator printed more than {} MiB for case {case} ({command}), more than any input is read",
                MAX_INPUT_BYTES >> 20
            ),
            GeneratorWhy::Run(verdict) => write!(
                f,
                "the generator failed on case {case} ({command}): {}",
                verdict.describe()
            ),
            GeneratorWhy::Invalid(why) => write!(
                f,
                "the generator's case {case} ({command}) is not a valid input: {why}"
            ),
        }
    }
}

impl std::error::Error for GeneratorFault {}

/// A reference (brute force) that failed on a case: it ended without an
/// answer, or the built-in reference judged its answer wrong.
#[derive(Debug, Clone)]
pub struct ReferenceFault {
    /// The reference's command, as typed.
    pub command: String,
    /// The case, counted from 1; 0 for a case made while shrinking or
    /// diagnosing a failure.
    pub case: u64,
    /// The case, the built-in reference's answer as expected, the
    /// reference's as received, and its verdict.
    pub shown: Shown,
}

impl std::fmt::Display for ReferenceFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let on = match self.case {
            0 => "a case made while shrinking or diagnosing a failure".to_string(),
            case => format!("case {case}"),
        };
        match &self.shown.verdict {
            Verdict::WrongAnswer(why) => write!(
                f,
                "your reference {} is wrong on {on}: the built-in reference judges its answer a wrong answer ({why}); a bug in the reference, not in the tested program",
                self.command
            ),
            verdict => write!(
                f,
                "your reference {} failed on {on}: {}",
                self.command,
                verdict.describe()
            ),
        }
    }
}

impl std::error::Error for ReferenceFault {}

/// Why a stress run stopped without a verdict.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StressError {
    /// The puzzle refused the options (or generated input, which would be
    /// a bug).
    #[error(transparent)]
    Puzzle(#[from] Error),
    /// The harness could not run the program.
    #[error(transparent)]
    Trouble(#[from] Trouble),
    /// The contestant's generator failed or made an invalid case.
    #[error(transparent)]
    Generator(Box<GeneratorFault>),
    /// The contestant's reference failed or gave a wrong answer.
    #[error(transparent)]
    OwnReference(Box<ReferenceFault>),
    /// The reference did not answer in time.
    #[error("the reference answer took more than {limit:?} on case {case}")]
    Reference {
        /// The limit.
        limit: Duration,
        /// The case, 1-based, or 0 for a shrink or diagnosis candidate.
        case: u64,
    },
}

impl StressError {
    /// Whether the run stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        matches!(self, StressError::Trouble(Trouble::Interrupted))
    }
}

impl From<JudgeError> for StressError {
    fn from(e: JudgeError) -> Self {
        match e {
            JudgeError::Trouble(t) => StressError::Trouble(t),
            JudgeError::Puzzle(p) => StressError::Puzzle(p),
        }
    }
}
