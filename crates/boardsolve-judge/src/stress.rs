//! Stress testing: generated cases, someone's program against the
//! reference, the first failure confirmed, shrunk to a smallest failing
//! case, and an optional diagnosis of the mistake behind it.

use super::diagnose::{self, Diagnosis, Report, Runs};
use super::generate;
use super::harness::Harness;
use super::harness::deadline;
use super::harness::run::{Program, Trouble, Usage};
use super::harness::spool::Spooled;
use super::judge::{self, Expected, Judged, Verdict};
use super::own::{self, GeneratorFault, OwnProgram, ReferenceFault};
pub use super::stress_error::{Shown, StressError};
use crate::puzzles::{Accepts, CheckOptions, Error, GenOptions, Puzzle, SolveOptions};
use crate::search::context::RunContext;
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Everything a stress run needs.
pub struct StressConfig {
    /// The puzzle whose reference answers are trusted.
    pub puzzle: &'static dyn Puzzle,
    /// The program under test; it reads the case on stdin.
    pub program: Program,
    /// The harness that runs it.
    pub harness: Harness,
    /// How many generated cases to try.
    pub cases: u64,
    /// The seed of the cases: same seed, same cases.
    pub seed: u64,
    /// CPU time limit per run (the program and all it starts).
    pub time_limit: Duration,
    /// Peak resident memory limit per run, in bytes.
    pub memory_limit: Option<u64>,
    /// Runs at the same time.
    pub jobs: usize,
    /// Which answers are right: the reference's exactly, or any the
    /// puzzle's checker accepts (any valid tiling).
    pub accepts: Accepts,
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
    /// Time allowed for the reference answer of one case.
    pub reference_limit: Duration,
    /// The contestant's generator, which makes every case in place of
    /// the built-in one (`CMD SEED CASE`, see [`own::generate`]).
    pub generator: Option<OwnProgram>,
    /// The contestant's reference (brute force), whose answers the
    /// program is judged against once the built-in reference has judged
    /// them right.
    pub own_reference: Option<OwnProgram>,
}

/// What a stress run reports as it goes.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// One more case was judged.
    Case,
    /// A failure was found and is being confirmed by a second run alone.
    Confirming,
    /// Shrinking: steps taken so far and the size of the current case.
    Shrinking {
        /// Smaller failing cases found so far.
        steps: usize,
        /// Bytes of the current smallest failing case.
        bytes: usize,
    },
    /// Diagnosing: the program's runs on the diagnosis cases, `done` of
    /// `total` finished (reported once with 0 before the first ends).
    Diagnosing {
        /// Runs finished.
        done: usize,
        /// Runs in all.
        total: usize,
    },
}

/// Whether a failure happened again when re-run alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmation {
    /// It failed the same way again.
    Reproduced,
    /// The second run, alone, gave this other verdict instead.
    Flaky(Verdict),
}

/// The first failing case, confirmed and shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Index of the failing generated case (reproduce with the same seed).
    pub case: u64,
    /// The case as generated, and how the program failed on it.
    pub original: Shown,
    /// What the second run, alone, gave.
    pub confirmation: Confirmation,
    /// The smallest failing case found, when smaller than the original.
    pub shrunk: Option<Shown>,
    /// How many shrinking steps were taken.
    pub shrink_steps: usize,
    /// The diagnosis, when asked for and the failure is a wrong answer.
    pub diagnosis: Option<Report>,
    /// A fault of the contestant's own generator or reference that
    /// stopped the shrinking or the diagnosis: the failure stands (its
    /// answer was judged before), what came after it is not done.
    pub stopped: Option<OwnFault>,
}

/// A fault of the contestant's own generator or reference.
#[derive(Debug, Clone)]
pub enum OwnFault {
    /// The generator failed or made an invalid case.
    Generator(Box<GeneratorFault>),
    /// The reference failed or gave a wrong answer.
    Reference(Box<ReferenceFault>),
}

impl StressError {
    /// The fault of the contestant's own program this error is, if any.
    fn own_fault(&self) -> Option<OwnFault> {
        match self {
            StressError::Generator(fault) => Some(OwnFault::Generator(fault.clone())),
            StressError::OwnReference(fault) => Some(OwnFault::Reference(fault.clone())),
            _ => None,
        }
    }
}

/// The slowest case and the largest peak of a run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Extremes {
    /// The case (0-based) with the most CPU time, and its usage.
    pub slowest: Option<(u64, Usage)>,
    /// The case with the largest peak memory, and its usage.
    pub largest: Option<(u64, Usage)>,
}

impl Extremes {
    fn add(&mut self, case: u64, usage: Usage) {
        if self.slowest.is_none_or(|(_, u)| usage.cpu > u.cpu) {
            self.slowest = Some((case, usage));
        }
        if self
            .largest
            .is_none_or(|(_, u)| usage.peak_kib > u.peak_kib)
        {
            self.largest = Some((case, usage));
        }
    }
}

/// The result of a stress run.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Cases that passed before the first failure (all of them if none).
    pub passed: u64,
    /// The slowest case and the largest peak among the cases judged.
    pub extremes: Extremes,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

impl StressConfig {
    /// The reference answer, computed on a thread of its own so that a
    /// case too big for the reference stops the run with a clear message
    /// instead of hanging it, and spooled to a temporary file so that a
    /// huge one is never held whole.
    fn builtin(&self, input: &[u8], case: u64) -> Result<Spooled, StressError> {
        let puzzle = self.puzzle;
        let rules = self.solve.rules;
        let answer = deadline::within(self.reference_limit, |context| {
            judge::reference_answer(puzzle, input, rules, context)
        })
        .map_err(|e| Trouble::system("cannot start a thread", e))?;
        match answer {
            Some(answer) => Ok(answer?),
            None => Err(StressError::Reference {
                limit: self.reference_limit,
                case,
            }),
        }
    }

    /// The answer the program is judged against: the built-in
    /// reference's, or the contestant's reference's once the built-in one
    /// has judged it as it judges the program (compared, or checked where
    /// many answers are right), so that a wrong brute force is its own
    /// error and never the program's failure.
    fn reference(&self, input: &[u8], case: u64) -> Result<Spooled, StressError> {
        let builtin = self.builtin(input, case)?;
        let Some(own) = &self.own_reference else {
            return Ok(builtin);
        };
        let judged = judge::judge(
            &self.harness,
            &own.program,
            input,
            self.expected(&builtin),
            self.time_limit,
            self.memory_limit,
        )?;
        if judged.verdict != Verdict::Accepted {
            return Err(StressError::OwnReference(Box::new(ReferenceFault {
                command: own.typed.clone(),
                case,
                shown: shown(input.to_vec(), judged, builtin),
            })));
        }
        Ok(judged.output)
    }

    /// How an output is judged against `answer`: compared, or by the
    /// puzzle's checker where any valid tiling is right.
    fn expected<'a>(&'a self, answer: &'a Spooled) -> Expected<'a> {
        // The reference numbers a tiling in placement order, so that
        // contract is judged against it like an exact answer.
        if self.accepts == Accepts::AnyTiling {
            Expected::Checker {
                puzzle: self.puzzle,
                options: CheckOptions {
                    rules: self.solve.rules,
                    context: RunContext::new(),
                },
                answer,
            }
        } else {
            Expected::Answer(answer)
        }
    }

    /// Runs the program on `input` and judges it against the reference.
    fn judge(&self, input: &[u8], case: u64) -> Result<(Judged, Spooled), StressError> {
        let answer = self.reference(input, case)?;
        let judged = judge::judge(
            &self.harness,
            &self.program,
            input,
            self.expected(&answer),
            self.time_limit,
            self.memory_limit,
        )?;
        Ok((judged, answer))
    }

    /// Case `case` (0-based): the contestant's generator's, or else what
    /// `builtin` draws.
    fn input(
        &self,
        case: u64,
        builtin: impl FnOnce() -> Result<String, Error>,
    ) -> Result<Vec<u8>, StressError> {
        match &self.generator {
            Some(generator) => own::generate(
                &self.harness,
                generator,
                self.puzzle,
                self.seed,
                case,
                (self.time_limit, self.memory_limit),
            ),
            None => Ok(builtin()?.into_bytes()),
        }
    }

    fn pool(&self) -> Result<rayon::ThreadPool, StressError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.max(1))
            .build()
            .map_err(|e| StressError::Trouble(Trouble::system("cannot start threads", e)))
    }
}

fn shown(input: Vec<u8>, judged: Judged, expected: Spooled) -> Shown {
    Shown {
        input,
        expected,
        received: judged.output,
        stderr: judged.stderr,
        verdict: judged.verdict,
        usage: judged.usage,
    }
}

/// How many of a run's first cases are drawn at the judge's largest size
/// ([`GenOptions::largest`]): the first in the options' shapes, the second
/// in the hard ones too.
pub const LARGEST_CASES: u64 = 2;

/// Case `case` (0-based) of a `stress` run seeded with `seed`: the first
/// [`LARGEST_CASES`] at the largest size the judge's limits allow, so a
/// solution too slow there fails by default, the rest as `gen` makes them.
///
/// # Errors
/// As [`generate::instance`].
pub fn case_input(
    puzzle: &dyn Puzzle,
    seed: u64,
    case: u64,
    sizes: &GenOptions,
) -> Result<String, crate::puzzles::Error> {
    if case < LARGEST_CASES {
        let largest = GenOptions {
            largest: true,
            hard: sizes.hard || case == 1,
            ..sizes.clone()
        };
        return generate::instance(puzzle, seed, case, &largest);
    }
    generate::instance(puzzle, seed, case, sizes)
}

/// Runs the stress test: cases in order, `jobs` at a time, stopping at the
/// first failure (the lowest failing case number, so the result does not
/// depend on `jobs`). `progress` hears of every case and of the later
/// stages.
///
/// # Errors
/// [`StressError`]: the puzzle cannot generate with these options, the
/// harness could not run the program, or the reference ran out of time.
pub fn stress(
    cfg: &StressConfig,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Summary, StressError> {
    // Fail on bad size options before starting anything.
    generate::instance(cfg.puzzle, cfg.seed, 0, &cfg.sizes)?;
    let pool = cfg.pool()?;
    let batch = (cfg.jobs.max(1) * 4) as u64;
    let mut extremes = Extremes::default();
    let mut start = 0;
    while start < cfg.cases {
        let end = (start + batch).min(cfg.cases);
        type CaseResult = Result<Result<Usage, (Vec<u8>, Judged, Spooled)>, StressError>;
        let results: Vec<CaseResult> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|case| {
                    let input =
                        cfg.input(case, || case_input(cfg.puzzle, cfg.seed, case, &cfg.sizes))?;
                    let (judged, expected) = cfg.judge(&input, case + 1)?;
                    progress(Progress::Case);
                    if judged.verdict == Verdict::Accepted {
                        Ok(Ok(judged.usage))
                    } else {
                        Ok(Err((input, judged, expected)))
                    }
                })
                .collect()
        });
        for (case, result) in (start..).zip(results) {
            match result? {
                Ok(usage) => extremes.add(case, usage),
                Err((input, judged, expected)) => {
                    let failure = investigate(cfg, &pool, case, input, judged, expected, progress)?;
                    return Ok(Summary {
                        passed: case,
                        extremes,
                        failure: Some(failure),
                    });
                }
            }
        }
        start = end;
    }
    Ok(Summary {
        passed: cfg.cases,
        extremes,
        failure: None,
    })
}

/// Confirms a failure by running it again alone, then shrinks it and, if
/// asked, diagnoses it. A failure that does not happen again is reported
/// as flaky and neither shrunk nor diagnosed.
fn investigate(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    case: u64,
    input: Vec<u8>,
    judged: Judged,
    expected: Spooled,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Failure, StressError> {
    progress(Progress::Confirming);
    let (again, _) = cfg.judge(&input, case + 1)?;
    let original = shown(input, judged, expected);
    if !again.verdict.same_kind(&original.verdict) {
        return Ok(Failure {
            case,
            original,
            confirmation: Confirmation::Flaky(again.verdict),
            shrunk: None,
            shrink_steps: 0,
            diagnosis: None,
            stopped: None,
        });
    }
    // A fault of the contestant's own programs from here on stops the
    // investigation, not the report of a failure already judged.
    let (smallest, steps, mut stopped) = shrink(cfg, pool, &original, progress)?;
    let diagnosis = match (&original.verdict, cfg.diagnose, &stopped) {
        (Verdict::WrongAnswer(_), true, None) => {
            let failing = smallest.as_ref().map_or(&original.input, |s| &s.input);
            match diagnose(cfg, pool, failing, case, progress) {
                Ok(report) => Some(report),
                Err(e) => {
                    stopped = Some(e.own_fault().ok_or(e)?);
                    None
                }
            }
        }
        _ => None,
    };
    Ok(Failure {
        case,
        original,
        confirmation: Confirmation::Reproduced,
        shrunk: smallest,
        shrink_steps: steps,
        diagnosis,
        stopped,
    })
}

/// Greedy shrinking: take the first candidate (boldest first) that still
/// fails the same way. When no single step does, try two steps at once
/// (a failure can need two changes together to stay a failure), and stop
/// when neither finds anything or the time is up.
fn shrink(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    original: &Shown,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Shrunk, StressError> {
    let deadline = Instant::now() + cfg.shrink_time;
    let mut current: Option<Shown> = None;
    let mut steps = 0;
    while Instant::now() < deadline {
        let input = current
            .as_ref()
            .map_or(&original.input, |s| &s.input)
            .clone();
        let mut search = Search {
            cfg,
            pool,
            verdict: &original.verdict,
            deadline,
            chunk: Vec::new(),
            found: None,
            error: None,
        };
        cfg.puzzle.shrink(&input, &mut |c| search.offer(c));
        search.flush();
        if search.found.is_none() && search.error.is_none() && Instant::now() < deadline {
            cfg.puzzle.shrink(&input, &mut |single| {
                cfg.puzzle.shrink(&single, &mut |pair| search.offer(pair));
                if search.done() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            search.flush();
        }
        if let Some(e) = search.error {
            // The smallest case so far stands; the contestant's program
            // that failed on a candidate stops the shrinking.
            let fault = e.own_fault().ok_or(e)?;
            return Ok((current, steps, Some(fault)));
        }
        match search.found {
            Some(smaller) => {
                steps += 1;
                progress(Progress::Shrinking {
                    steps,
                    bytes: smaller.input.len(),
                });
                current = Some(smaller);
            }
            None => break,
        }
    }
    Ok((current, steps, None))
}

/// What shrinking found: the smallest failing case when smaller than the
/// original, the steps taken, and a fault of the contestant's own
/// generator or reference that stopped it.
type Shrunk = (Option<Shown>, usize, Option<OwnFault>);

/// Candidates gathered `jobs` at a time and judged together; the first
/// (in candidate order) that fails like the original wins.
struct Search<'a> {
    cfg: &'a StressConfig,
    pool: &'a rayon::ThreadPool,
    verdict: &'a Verdict,
    deadline: Instant,
    chunk: Vec<Vec<u8>>,
    found: Option<Shown>,
    error: Option<StressError>,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.found.is_some() || self.error.is_some() || Instant::now() >= self.deadline
    }

    fn offer(&mut self, candidate: Vec<u8>) -> ControlFlow<()> {
        if self.done() {
            return ControlFlow::Break(());
        }
        self.chunk.push(candidate);
        if self.chunk.len() >= self.cfg.jobs.max(1) {
            self.flush();
        }
        if self.done() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn flush(&mut self) {
        if self.chunk.is_empty() || self.found.is_some() || self.error.is_some() {
            self.chunk.clear();
            return;
        }
        let chunk = std::mem::take(&mut self.chunk);
        let results: Vec<Result<(Judged, Spooled), StressError>> = self
            .pool
            .install(|| chunk.par_iter().map(|c| self.cfg.judge(c, 0)).collect());
        for (candidate, result) in chunk.into_iter().zip(results) {
            match result {
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
                Ok((judged, expected)) if judged.verdict.same_kind(self.verdict) => {
                    self.found = Some(shown(candidate, judged, expected));
                    return;
                }
                Ok(_) => {}
            }
        }
    }
}

/// The longest answer a diagnosis holds in memory to compare with the
/// mistakes' answers: far above any answer of a puzzle with a catalogue.
const DIAGNOSED_BYTES: u64 = 1 << 20;

/// The failing case and the diagnosis's fresh cases, from case numbers
/// past the run's: the built-in generator's, half of them in the hard
/// shapes that tell the mistakes apart, or the contestant's generator's.
fn diagnosis_inputs(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    failing: &[u8],
    case: u64,
) -> Result<Vec<Vec<u8>>, StressError> {
    let mut inputs = vec![failing.to_vec()];
    // A few at a time, so that the first fault of a contestant's
    // generator (in case order) stops it.
    let first = cfg.cases.max(case + 1);
    let batch = (cfg.jobs.max(1) * 4) as u64;
    let mut start = 0;
    while start < cfg.diagnose_cases {
        let end = (start + batch).min(cfg.diagnose_cases);
        let fresh: Vec<Result<Vec<u8>, StressError>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|k| {
                    let opts = GenOptions {
                        hard: cfg.sizes.hard || k % 2 == 1,
                        ..cfg.sizes.clone()
                    };
                    cfg.input(first + k, || {
                        generate::instance(cfg.puzzle, cfg.seed, first + k, &opts)
                    })
                })
                .collect()
        });
        for input in fresh {
            inputs.push(input?);
        }
        start = end;
    }
    Ok(inputs)
}

/// Runs the program on the failing case and on fresh cases, and looks for
/// a mistaken reference whose answers equal the program's on all of them,
/// or explain them clearly better than the correct answer does (the
/// program's right answers on these same cases are the baseline); failing
/// that, states what holds on every failing case ([`diagnose::facts`]).
/// Runs that end without an answer are counted, not compared.
fn diagnose(
    cfg: &StressConfig,
    pool: &rayon::ThreadPool,
    failing: &[u8],
    case: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Report, StressError> {
    let variants = cfg.puzzle.variants();
    if variants.is_empty() {
        return Ok(Report {
            diagnosis: Diagnosis::NoCatalogue,
            facts: diagnose::Facts::default(),
            runs: Runs::default(),
        });
    }
    // Said before the cases are made: a generator of one's own takes a
    // while to make 200.
    let total = usize::try_from(cfg.diagnose_cases).unwrap_or(usize::MAX - 1) + 1;
    progress(Progress::Diagnosing { done: 0, total });
    let inputs = diagnosis_inputs(cfg, pool, failing, case)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    // Per case: the program's output (`None` when too long to hold), the
    // correct answer and whether the program was right, for runs that
    // ended with an answer and whose correct answer is small enough to
    // hold (the catalogues' puzzles answer in a few lines); otherwise the
    // verdict, to be counted.
    type Ran = (Option<Vec<u8>>, Vec<u8>, bool);
    let outputs: Vec<Result<Result<Ran, Option<Verdict>>, StressError>> = pool.install(|| {
        inputs
            .par_iter()
            .map(|input| {
                let (judged, expected) = cfg.judge(input, 0)?;
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(Progress::Diagnosing {
                    done: finished,
                    total,
                });
                let right = judged.verdict == Verdict::Accepted;
                let ran = right || matches!(judged.verdict, Verdict::WrongAnswer(_));
                let read = |text: &Spooled| {
                    text.bytes_up_to(DIAGNOSED_BYTES).map_err(|e| {
                        StressError::Trouble(Trouble::system("cannot read the answers back", e))
                    })
                };
                if !ran {
                    return Ok(Err(Some(judged.verdict)));
                }
                let Some(expected) = read(&expected)? else {
                    return Ok(Err(None));
                };
                Ok(Ok((read(&judged.output)?, expected, right)))
            })
            .collect()
    });
    let mut ran: Vec<(&[u8], Ran)> = Vec::new();
    let mut runs = Runs {
        total,
        ..Runs::default()
    };
    for (input, output) in inputs.iter().zip(outputs) {
        match output? {
            Ok(answers) => ran.push((input, answers)),
            Err(Some(Verdict::RuntimeError(_))) => runs.crashed += 1,
            Err(Some(Verdict::TimeLimit { .. })) => runs.timed_out += 1,
            Err(_) => runs.other += 1,
        }
    }
    let compared: Vec<diagnose::Compared> = ran
        .iter()
        .map(|(input, (output, expected, right))| diagnose::Compared {
            input,
            output: output.as_deref(),
            expected,
            right: *right,
        })
        .collect();
    let diagnosis = diagnose::explain(&variants, &compared, &cfg.solve);
    let facts = if matches!(diagnosis, Diagnosis::Matches { .. }) {
        diagnose::Facts::default()
    } else {
        let puzzle = cfg.puzzle;
        let features = |input: &[u8]| puzzle.features(input, &cfg.solve);
        pool.install(|| diagnose::facts(&compared, &features))
    };
    Ok(Report {
        diagnosis,
        facts,
        runs,
    })
}
