//! A package's time limit, measured from its own submissions by the rule
//! of the package format (2025-09, "Problem timing"): at least the slowest
//! accepted submission's time times `ac_to_time_limit` (2), in whole
//! seconds (`time_resolution` 1), and at most the time of every
//! time_limit_exceeded submission divided by `time_limit_to_tle` (1.5).
//! The tools that check a package measure the submissions again, and
//! their time of one run differs from ours by up to a fifth on a busy
//! machine: the limit takes [`HEADROOM`] more, so that their measurement
//! keeps the rule too.

use crate::harness::Harness;
use crate::judge::Verdict;
use crate::puzzles::{Puzzle, RuleOptions};
use crate::solutions::{self, SolutionsError};
use crate::suite::{self, PerRun, SuiteConfig, SuiteError};
use crate::{batch, files};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The format's default `ac_to_time_limit`.
pub const AC_TO_TIME_LIMIT: f64 = 2.0;
/// The format's default `time_limit_to_tle`.
pub const TIME_LIMIT_TO_TLE: f64 = 1.5;
/// What the limit takes beyond `ac_to_time_limit`, for another
/// measurement of the same runs: problemtools timed 12094's plain search
/// at 2.50 s where boardsolve had 2.06 s, on one loaded machine.
pub const HEADROOM: f64 = 1.25;
/// The longest an accepted submission may take on one case while it is
/// measured: far above any time limit these puzzles need.
const MEASURE_CAP: Duration = Duration::from_secs(30);
/// How many of the cases slowest for the accepted submissions a too slow
/// submission is run on: it must time out on one of them.
const TLE_CASES: usize = 3;

/// A measured time limit.
#[derive(Debug, Clone)]
pub struct TimeLimit {
    /// The limit, in whole seconds.
    pub seconds: u64,
    /// How it follows from the times, a line each (for `problem.yaml`
    /// and the command's report).
    pub lines: Vec<String>,
    /// Why the measurement cannot be trusted, when it cannot: a too slow
    /// submission that did not stay far enough above the limit.
    pub warning: Option<String>,
}

/// Why no time limit could be measured.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TimingError {
    /// A submission could not be found or built.
    #[error(transparent)]
    Solutions(#[from] SolutionsError),
    /// The cases could not be read, or the harness failed.
    #[error(transparent)]
    Suite(#[from] SuiteError),
    /// The cases could not be listed.
    #[error(transparent)]
    Files(#[from] files::FileError),
    /// An accepted submission failed a case: the package is wrong.
    #[error("{name} is not accepted on {case}: {verdict}")]
    NotAccepted {
        /// The submission.
        name: String,
        /// The case.
        case: String,
        /// What it did.
        verdict: String,
    },
    /// The package has no accepted submission.
    #[error("no accepted submission to measure")]
    NoAccepted,
}

impl TimingError {
    /// Whether measuring stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        match self {
            TimingError::Suite(e) => e.interrupted(),
            // A compile stopped by the signal is no submission's fault.
            TimingError::Solutions(e) => e.interrupted(),
            _ => false,
        }
    }
}

/// A case's name from its group on (`secret/random-07.in`).
fn case_name(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir.join("data"))
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// Runs every submission of the package at `dir` (written already) under
/// `harness` and derives its time limit: every accepted one on every
/// case, then every time_limit_exceeded one on the cases slowest for the
/// accepted ones.
///
/// # Errors
/// [`TimingError`]: a submission that does not build, an accepted one
/// that fails, or the harness's trouble.
pub fn measure(
    harness: &Harness,
    puzzle: &'static dyn Puzzle,
    dir: &Path,
    jobs: usize,
) -> Result<TimeLimit, TimingError> {
    let (found, _) = solutions::find(&dir.join("submissions"))?;
    let inputs: Vec<PathBuf> = batch::bulk_inputs(&suite::package_cases(&[dir.to_path_buf()]))?
        .inputs
        .into_iter()
        .filter(|p| files::is_case_input(p))
        .collect();
    let runs = Runs {
        harness,
        puzzle,
        dir,
        jobs,
    };
    let (per_case, accepted) = runs.accepted(&found, &inputs)?;
    let Some((name, (t_ac, case))) = accepted.iter().max_by_key(|(_, (t, _))| *t).cloned() else {
        return Err(TimingError::NoAccepted);
    };
    let seconds = ((t_ac.as_secs_f64() * AC_TO_TIME_LIMIT * HEADROOM).ceil() as u64).max(1);
    let mut lines = vec![
        format!(
            "time_limit {seconds} s: the slowest accepted run x {AC_TO_TIME_LIMIT} (ac_to_time_limit) x {HEADROOM} (headroom for the judge's own measurement), up to whole seconds"
        ),
        format!(
            "slowest accepted: {name}, {:.3} s CPU on {case}",
            t_ac.as_secs_f64()
        ),
    ];
    for (other, (t, case)) in accepted.iter().filter(|(n, _)| *n != name) {
        lines.push(format!(
            "also accepted: {other}, slowest {:.3} s CPU on {case}",
            t.as_secs_f64()
        ));
    }
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(per_case[i]));
    let hardest: Vec<PathBuf> = order
        .iter()
        .take(TLE_CASES)
        .map(|&i| inputs[i].clone())
        .collect();
    let warning = runs.too_slow(&found, &hardest, seconds, &mut lines)?;
    lines.push(format!(
        "measured by boardsolve {} on the machine that wrote the package",
        env!("CARGO_PKG_VERSION")
    ));
    Ok(TimeLimit {
        seconds,
        lines,
        warning,
    })
}

/// Each accepted submission's slowest run: its name, CPU time and case.
type Slowest = (String, (Duration, String));

/// What the submissions of one package are run with.
struct Runs<'a> {
    harness: &'a Harness,
    puzzle: &'static dyn Puzzle,
    dir: &'a Path,
    jobs: usize,
}

impl Runs<'_> {
    /// `sub` built and run on `inputs`, each run stopped at `limit`.
    fn run(
        &self,
        sub: &solutions::Submission,
        inputs: &[PathBuf],
        limit: Duration,
    ) -> Result<Vec<suite::CaseReport>, TimingError> {
        let prepared = solutions::prepare(self.harness, sub, false)?;
        self.run_prepared(&prepared, inputs, limit)
    }

    /// `prepared` run on `inputs`, each run stopped at `limit`.
    fn run_prepared(
        &self,
        prepared: &solutions::Prepared,
        inputs: &[PathBuf],
        limit: Duration,
    ) -> Result<Vec<suite::CaseReport>, TimingError> {
        let accepts = self.puzzle.contract().accepting(RuleOptions::Defaults);
        let config = SuiteConfig {
            puzzle: self.puzzle,
            program: prepared.program.clone(),
            harness: self.harness.clone(),
            inputs: inputs.to_vec(),
            limits: PerRun {
                time: limit,
                memory: None,
            },
            jobs: self.jobs,
            judging: suite::judging(accepts, RuleOptions::Defaults),
            reference_limit: Duration::from_secs(30),
            answers: None,
            shown: 0,
        };
        Ok(suite::run_suite(&config, &|| {})?)
    }

    /// Each case's slowest accepted CPU time, and each accepted
    /// submission's slowest run; an accepted submission that fails a case
    /// is the package's error.
    fn accepted(
        &self,
        found: &[solutions::Submission],
        inputs: &[PathBuf],
    ) -> Result<(Vec<Duration>, Vec<Slowest>), TimingError> {
        let mut per_case = vec![Duration::ZERO; inputs.len()];
        let mut accepted = Vec::new();
        for sub in found.iter().filter(|s| s.rule.folder == "accepted") {
            let reports = self.run(sub, inputs, MEASURE_CAP)?;
            for (i, r) in reports.iter().enumerate() {
                if r.verdict != Verdict::Accepted {
                    return Err(TimingError::NotAccepted {
                        name: sub.name.clone(),
                        case: case_name(self.dir, &r.input),
                        verdict: r.verdict.describe(),
                    });
                }
                per_case[i] = per_case[i].max(r.usage.cpu);
            }
            let slowest = reports
                .iter()
                .max_by_key(|r| r.usage.cpu)
                .map(|r| (r.usage.cpu, case_name(self.dir, &r.input)))
                .unwrap_or_default();
            accepted.push((sub.name.clone(), slowest));
        }
        Ok((per_case, accepted))
    }

    /// Whether each `time_limit_exceeded` submission stays above the
    /// limit of `seconds` by [`TIME_LIMIT_TO_TLE`] on the `hardest`
    /// cases, a line each in `lines`; why the limit is not to be trusted
    /// when one does not.
    fn too_slow(
        &self,
        found: &[solutions::Submission],
        hardest: &[PathBuf],
        seconds: u64,
        lines: &mut Vec<String>,
    ) -> Result<Option<String>, TimingError> {
        let cap = Duration::from_secs_f64(seconds as f64 * TIME_LIMIT_TO_TLE);
        let mut warning = None;
        for sub in found
            .iter()
            .filter(|s| s.rule.folder == "time_limit_exceeded")
        {
            // One case at a time, the hardest first, up to the first
            // that times out: each such run takes the whole cap, and one
            // is all the rule needs.
            let prepared = solutions::prepare(self.harness, sub, false)?;
            let (mut timed_out, mut slowest) = (None, None::<suite::CaseReport>);
            for case in hardest {
                for r in self.run_prepared(&prepared, std::slice::from_ref(case), cap)? {
                    if matches!(r.verdict, Verdict::TimeLimit { .. }) {
                        timed_out = Some(r);
                    } else if slowest.as_ref().is_none_or(|s| r.usage.cpu > s.usage.cpu) {
                        slowest = Some(r);
                    }
                }
                if timed_out.is_some() {
                    break;
                }
            }
            match timed_out {
                Some(r) => lines.push(format!(
                    "too slow: {}, over {:.1} s (time_limit x {TIME_LIMIT_TO_TLE}) on {}",
                    sub.name,
                    cap.as_secs_f64(),
                    case_name(self.dir, &r.input)
                )),
                None => {
                    let (t, case) = slowest
                        .map(|r| (r.usage.cpu.as_secs_f64(), case_name(self.dir, &r.input)))
                        .unwrap_or_default();
                    let why = format!(
                        "{} must take over {:.1} s (time_limit x {TIME_LIMIT_TO_TLE}) but took {t:.3} s on {case}: this machine does not separate it from the accepted submissions, so the limit is not to be trusted (state one with --time-limit)",
                        sub.name,
                        cap.as_secs_f64()
                    );
                    lines.push(format!("NOT SEPARATED: {why}"));
                    warning = Some(why);
                }
            }
        }
        if !found.iter().any(|s| s.rule.folder == "time_limit_exceeded") {
            lines.push(
                "no time_limit_exceeded submission: no natural one is slow enough here".to_string(),
            );
        }
        Ok(warning)
    }
}
