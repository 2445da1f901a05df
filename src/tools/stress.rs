//! Stress testing: generated cases, someone's program against the
//! reference, the first failure shrunk to a smallest failing case, and an
//! optional diagnosis of the mistake behind it.

use super::diagnose::{self, Diagnosis};
use super::generate;
use super::run::{self, Ending, RunResult};
use crate::puzzles::{CheckOptions, Error, GenOptions, Puzzle, SolveOptions};
use crate::text::{Verdict, compare_tokens};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Everything a stress run needs.
pub struct StressConfig<'a> {
    /// The puzzle whose reference answers are trusted.
    pub puzzle: &'a dyn Puzzle,
    /// The program under test and its arguments; it reads the case on stdin.
    pub command: Vec<String>,
    /// How many generated cases to try.
    pub cases: u64,
    /// The seed of the cases: same seed, same cases.
    pub seed: u64,
    /// Time limit per run.
    pub timeout: Duration,
    /// Runs at the same time.
    pub jobs: usize,
    /// Judge with the puzzle's checker instead of comparing with the
    /// reference answer (for puzzles with many right answers).
    pub any_answer: bool,
    /// Size options of the generated cases.
    pub sizes: GenOptions,
    /// Options of the reference solve (2048's K).
    pub solve: SolveOptions,
    /// After a wrong answer, look for the classic mistake that explains it.
    pub diagnose: bool,
    /// Time allowed for shrinking a failure.
    pub shrink_time: Duration,
    /// Extra cases run for a diagnosis.
    pub diagnose_cases: u64,
}

/// What went wrong in one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The answer is wrong; the reason names the first wrong token.
    WrongAnswer(String),
    /// Exited with a non-zero status.
    Crashed(i32),
    /// Killed by a signal.
    Killed(i32),
    /// Ran past the time limit.
    TimedOut,
    /// The output is not text.
    Unreadable(String),
    /// The program could not be started.
    NotStarted(String),
}

impl Fault {
    /// Whether `other` is the same kind of failure (a shrunk case must fail
    /// the way the original did, or the report would mix two bugs).
    pub fn same_kind(&self, other: &Fault) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// One line for the report.
    pub fn describe(&self) -> String {
        match self {
            Fault::WrongAnswer(why) => format!("wrong answer ({why})"),
            Fault::Crashed(code) => format!("exited with status {code}"),
            Fault::Killed(signal) => format!("killed by signal {signal}"),
            Fault::TimedOut => "time limit exceeded (killed with its children)".to_string(),
            Fault::Unreadable(why) => format!("unreadable output ({why})"),
            Fault::NotStarted(why) => format!("could not start: {why}"),
        }
    }
}

/// The first failing case, shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Index of the failing generated case (reproduce with the same seed).
    pub case: u64,
    /// The case as generated.
    pub original: Vec<u8>,
    /// The smallest failing case found.
    pub input: Vec<u8>,
    /// The reference answer to `input`.
    pub expected: String,
    /// What the program printed for `input`.
    pub received: Vec<u8>,
    /// What it wrote to stderr.
    pub stderr: Vec<u8>,
    /// How it failed on `input`.
    pub fault: Fault,
    /// How many shrinking steps were taken.
    pub shrink_steps: usize,
    /// The diagnosis, when asked for and the fault is a wrong answer.
    pub diagnosis: Option<Diagnosis>,
}

/// The result of a stress run.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Cases that passed before the first failure (all of them if none).
    pub passed: u64,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

/// One judged run that failed.
struct Judged {
    fault: Fault,
    run: RunResult,
    expected: String,
}

impl StressConfig<'_> {
    fn reference(&self, input: &[u8]) -> Result<String, Error> {
        let answer = self.puzzle.judge_answer(input, self.solve.moves)?;
        Ok(String::from_utf8_lossy(&answer).into_owned())
    }

    /// Runs the program on `input`; `None` if it passed.
    fn judge(&self, input: &[u8]) -> Result<Option<Judged>, Error> {
        let expected = self.reference(input)?;
        let run = run::run(&self.command, input, self.timeout);
        let fault = match &run.ending {
            Ending::Exited(0) => self.verdict(input, &expected, &run.stdout)?,
            Ending::Exited(code) => Some(Fault::Crashed(*code)),
            Ending::Signaled(signal) => Some(Fault::Killed(*signal)),
            Ending::TimedOut => Some(Fault::TimedOut),
            Ending::NotStarted(why) => Some(Fault::NotStarted(why.clone())),
        };
        Ok(fault.map(|fault| Judged {
            fault,
            run,
            expected,
        }))
    }

    fn verdict(&self, input: &[u8], expected: &str, output: &[u8]) -> Result<Option<Fault>, Error> {
        if let Err(e) = std::str::from_utf8(output) {
            return Ok(Some(Fault::Unreadable(format!(
                "not UTF-8 text at byte {}",
                e.valid_up_to()
            ))));
        }
        let verdict = if self.any_answer {
            let opts = CheckOptions {
                order: false,
                moves: self.solve.moves,
            };
            self.puzzle.check(input, output, &opts)?
        } else {
            compare_tokens(expected.as_bytes(), output)
        };
        Ok(match verdict {
            Verdict::Correct => None,
            Verdict::Wrong(why) => Some(Fault::WrongAnswer(why)),
        })
    }

    fn pool(&self) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.max(1))
            .build()
            .expect("a thread pool")
    }
}

/// Runs the stress test: cases in order, `jobs` at a time, stopping at the
/// first failure (the lowest failing case number, so the result does not
/// depend on `jobs`). `progress` is called once per finished case.
///
/// # Errors
/// [`Error::Usage`] if the puzzle cannot generate with these options.
pub fn stress(cfg: &StressConfig, progress: &(dyn Fn() + Sync)) -> Result<Summary, Error> {
    // Fail on bad size options before starting anything.
    generate::instance(cfg.puzzle, cfg.seed, 0, &cfg.sizes)?;
    let pool = cfg.pool();
    let batch = (cfg.jobs.max(1) * 4) as u64;
    let mut start = 0;
    while start < cfg.cases {
        let end = (start + batch).min(cfg.cases);
        let results: Vec<Result<Option<(String, Judged)>, Error>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|case| {
                    let input = generate::instance(cfg.puzzle, cfg.seed, case, &cfg.sizes)?;
                    let judged = cfg.judge(input.as_bytes())?;
                    progress();
                    Ok(judged.map(|j| (input, j)))
                })
                .collect()
        });
        for (case, result) in (start..).zip(results) {
            if let Some((input, judged)) = result? {
                let failure = investigate(cfg, &pool, case, input.into_bytes(), judged)?;
                return Ok(Summary {
                    passed: case,
                    failure: Some(failure),
                });
            }
        }
        start = end;
    }
    Ok(Summary {
        passed: cfg.cases,
        failure: None,
    })
}

/// Shrinks a failure and, if asked, diagnoses it.
fn investigate(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    case: u64,
    original: Vec<u8>,
    judged: Judged,
) -> Result<Failure, Error> {
    let (input, judged, steps) = shrink(cfg, pool, original.clone(), judged)?;
    let diagnosis = match (&judged.fault, cfg.diagnose) {
        (Fault::WrongAnswer(_), true) => Some(diagnose(cfg, pool, &input, case)?),
        _ => None,
    };
    Ok(Failure {
        case,
        original,
        input,
        expected: judged.expected,
        received: judged.run.stdout,
        stderr: judged.run.stderr,
        fault: judged.fault,
        shrink_steps: steps,
        diagnosis,
    })
}

/// Greedy shrinking: take the first candidate (boldest first) that still
/// fails the same way. When no single step does, try two steps at once
/// (a failure can need two changes together to stay a failure), and stop
/// when neither finds anything or the time is up.
fn shrink(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    mut input: Vec<u8>,
    mut judged: Judged,
) -> Result<(Vec<u8>, Judged, usize), Error> {
    let deadline = Instant::now() + cfg.shrink_time;
    let mut steps = 0;
    while Instant::now() < deadline {
        let singles = cfg.puzzle.shrink(&input);
        let found = match first_failing(cfg, pool, &singles, &judged.fault, deadline)? {
            Some(found) => Some(found),
            None => {
                let pairs = singles.iter().flat_map(|c| cfg.puzzle.shrink(c));
                first_failing(cfg, pool, pairs, &judged.fault, deadline)?
            }
        };
        match found {
            Some((smaller, j)) => {
                input = smaller;
                judged = j;
                steps += 1;
            }
            None => break,
        }
    }
    Ok((input, judged, steps))
}

/// The first of `candidates`, in order, that fails like `fault`; tried
/// `jobs` at a time.
fn first_failing<I>(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    candidates: I,
    fault: &Fault,
    deadline: Instant,
) -> Result<Option<(Vec<u8>, Judged)>, Error>
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let mut candidates = candidates.into_iter().peekable();
    while candidates.peek().is_some() && Instant::now() < deadline {
        let chunk: Vec<Vec<u8>> = candidates
            .by_ref()
            .take(cfg.jobs.max(1))
            .map(|c| c.as_ref().to_vec())
            .collect();
        let results: Vec<Result<Option<Judged>, Error>> =
            pool.install(|| chunk.par_iter().map(|c| cfg.judge(c)).collect());
        for (candidate, result) in chunk.into_iter().zip(results) {
            if let Some(j) = result?.filter(|j| j.fault.same_kind(fault)) {
                return Ok(Some((candidate, j)));
            }
        }
    }
    Ok(None)
}

/// Runs the program on the failing case and on fresh cases, and looks for
/// a mistaken reference whose answers equal the program's on all of them.
fn diagnose(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    failing: &[u8],
    case: u64,
) -> Result<Diagnosis, Error> {
    let variants = cfg.puzzle.variants();
    if variants.is_empty() {
        return Ok(Diagnosis::NoCatalogue);
    }
    // Fresh cases come from case numbers past the run's, half of them in
    // the hard shapes that tell the mistakes apart.
    let mut inputs = vec![failing.to_vec()];
    for k in 0..cfg.diagnose_cases {
        let opts = GenOptions {
            hard: cfg.sizes.hard || k % 2 == 1,
            ..cfg.sizes.clone()
        };
        let number = cfg.cases.max(case + 1) + k;
        inputs.push(generate::instance(cfg.puzzle, cfg.seed, number, &opts)?.into_bytes());
    }
    let outputs: Vec<Option<Vec<u8>>> = pool.install(|| {
        inputs
            .par_iter()
            .map(|input| {
                let run = run::run(&cfg.command, input, cfg.timeout);
                (run.ending == Ending::Exited(0)).then_some(run.stdout)
            })
            .collect()
    });
    let compared: Vec<(&[u8], &[u8])> = inputs
        .iter()
        .zip(&outputs)
        .filter_map(|(i, o)| o.as_ref().map(|o| (i.as_slice(), o.as_slice())))
        .collect();
    Ok(diagnose::explain(&variants, &compared, &cfg.solve))
}
