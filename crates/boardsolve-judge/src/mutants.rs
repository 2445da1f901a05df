//! The mutation score of a test set: wrong variants of a correct
//! solution (what a mutation tool writes, one program each), each run on
//! the set's cases under the judge's contract, in order, until a case
//! fails it. A mutant is *killed* by a case whose verdict is not
//! accepted, *survives* when it passes every case, and is *unviable*
//! (not counted) when it does not build. The harness's own trouble is an
//! error, never a kill: a score must not rise because a run could not be
//! made.

use super::files::shown;
use super::harness::Harness;
use super::judge::Verdict;
use super::solutions::{self, Prepared, SolutionsError};
use super::suite::{self, CaseReport, Judging, PerRun, SuiteConfig, SuiteError};
use crate::puzzles::Puzzle;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One mutant: a program file (an executable or a source `test` builds),
/// or a folder that holds one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// Where it is.
    pub path: PathBuf,
    /// Its name in reports: the file's stem (`m12` for `m12.cpp`), or the
    /// whole file name, or the path, where a shorter name would be shared.
    pub name: String,
}

/// Why the mutants could not be found, built or run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MutantsError {
    /// A path named that is not there.
    #[error("{0} does not exist")]
    Missing(String),
    /// A folder that could not be read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The folder.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A folder without a single entry.
    #[error("{0} holds no mutant")]
    Empty(String),
    /// A build that failed for another reason than the mutant's code: a
    /// missing compiler, the build cache, a stop.
    #[error(transparent)]
    Build(SolutionsError),
    /// A case that cannot be read, or the harness's trouble.
    #[error(transparent)]
    Suite(#[from] SuiteError),
}

impl MutantsError {
    /// Whether the runs stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        match self {
            MutantsError::Build(e) => e.interrupted(),
            MutantsError::Suite(e) => e.interrupted(),
            _ => false,
        }
    }
}

/// The mutants `paths` name: a folder stands for each of its entries
/// (hidden ones left out), by name; any other path for itself. A path
/// found twice counts once.
///
/// # Errors
/// A path that is not there, a folder that cannot be read or is empty.
pub fn find(paths: &[PathBuf]) -> Result<Vec<PathBuf>, MutantsError> {
    let mut found = Vec::new();
    for path in paths {
        if path.symlink_metadata().is_err() {
            return Err(MutantsError::Missing(shown(path)));
        }
        if !path.is_dir() {
            // A bare name would be looked for in PATH, not here.
            let here = path.is_relative() && path.components().count() == 1;
            found.push(if here {
                Path::new(".").join(path)
            } else {
                path.clone()
            });
            continue;
        }
        let cannot = |source| MutantsError::Read {
            name: shown(path),
            source,
        };
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(cannot)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(cannot)?;
        entries.retain(|p| {
            !p.file_name()
                .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
        });
        if entries.is_empty() {
            return Err(MutantsError::Empty(shown(path)));
        }
        entries.sort();
        found.extend(entries);
    }
    // A mutant named twice (its folder and itself) is run once.
    let mut seen = std::collections::HashSet::new();
    found.retain(|p| seen.insert(p.clone()));
    Ok(found)
}

/// `paths` with their names: each file's stem where no other mutant
/// shares it, else its file name where that is unique, else its path.
pub fn named(paths: Vec<PathBuf>) -> Vec<Mutant> {
    let stem = |p: &PathBuf| p.file_stem().map(|s| s.to_string_lossy().into_owned());
    let file = |p: &PathBuf| p.file_name().map(|s| s.to_string_lossy().into_owned());
    let unique = |key: &dyn Fn(&PathBuf) -> Option<String>, p: &PathBuf| {
        let mine = key(p)?;
        let shared = paths.iter().filter(|q| key(q).as_ref() == Some(&mine));
        (shared.count() == 1).then_some(mine)
    };
    let names: Vec<String> = paths
        .iter()
        .map(|p| {
            unique(&stem, p)
                .or_else(|| unique(&file, p))
                .unwrap_or_else(|| shown(p))
        })
        .collect();
    paths
        .into_iter()
        .zip(names)
        .map(|(path, name)| Mutant { path, name })
        .collect()
}

/// What became of a mutant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A case's verdict was not accepted.
    Killed,
    /// Every case was accepted.
    Survives,
    /// It does not build: not counted.
    Unviable,
    /// boardsolve cannot run it (neither executable nor a known source, a
    /// folder of several files): not counted, and the audit is
    /// incomplete.
    NotJudged,
}

/// One mutant's result, as `audit --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MutantReport {
    /// Its name.
    pub name: String,
    /// What became of it.
    pub status: Status,
    /// The case that killed it; `null` otherwise.
    pub killed_by: Option<String>,
    /// That case's verdict (`WA`, `TLE`, `MLE`, `RE`, `OLE`); `null`
    /// otherwise.
    pub verdict: Option<&'static str>,
    /// That verdict's name in words (`wrong answer`), for the table.
    #[serde(skip)]
    pub verdict_name: Option<&'static str>,
    /// The verdict with its details for a killed mutant (`wrong answer
    /// (...)`, `runtime error (exit status 3)`), the
    /// compiler's first lines for an unviable one, why it could not be
    /// run for one not judged; `null` for a survivor.
    pub message: Option<String>,
}

/// The mutants against the set, as `audit --json` prints it under
/// `"mutants"`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MutantsReport {
    /// How many cases they ran on.
    pub cases: usize,
    /// The mutants that built and ran: the score's denominator.
    pub viable: usize,
    /// The viable mutants some case killed.
    pub killed: usize,
    /// The names of the viable mutants no case killed, in order.
    pub survivors: Vec<String>,
    /// The mutants that do not build.
    pub unviable: usize,
    /// The mutants boardsolve could not run.
    pub not_judged: usize,
    /// Every mutant, in the order found.
    pub mutants: Vec<MutantReport>,
}

impl MutantsReport {
    /// The counts of `mutants`, run on `cases` cases.
    pub fn new(cases: usize, mutants: Vec<MutantReport>) -> MutantsReport {
        let count = |s: Status| mutants.iter().filter(|m| m.status == s).count();
        MutantsReport {
            cases,
            viable: count(Status::Killed) + count(Status::Survives),
            killed: count(Status::Killed),
            survivors: mutants
                .iter()
                .filter(|m| m.status == Status::Survives)
                .map(|m| m.name.clone())
                .collect(),
            unviable: count(Status::Unviable),
            not_judged: count(Status::NotJudged),
            mutants,
        }
    }
}

/// How the mutants run: the judge's contract, as `test` holds a program
/// to it.
pub struct MutantsConfig<'a> {
    /// The puzzle.
    pub puzzle: &'static dyn Puzzle,
    /// The harness that builds and runs them.
    pub harness: &'a Harness,
    /// The cases, in the order they are tried; each with its answer file.
    pub inputs: Vec<PathBuf>,
    /// What each run may take.
    pub limits: PerRun,
    /// How an answer is judged ([`suite::judging`]): by the puzzle's
    /// checker or token by token, and the options of the checker.
    pub judging: Judging,
    /// Mutants run at the same time.
    pub jobs: usize,
    /// A source defining Programmers' `solution` is wrapped in its
    /// harness.
    pub programmers: bool,
}

impl MutantsConfig<'_> {
    fn suite(&self, program: &Prepared) -> SuiteConfig {
        SuiteConfig {
            puzzle: self.puzzle,
            program: program.program.clone(),
            harness: self.harness.clone(),
            inputs: self.inputs.clone(),
            limits: self.limits,
            jobs: 1,
            judging: self.judging,
            reference_limit: Duration::from_secs(30),
            answers: None,
            shown: 0,
        }
    }
}

/// A mutant's result, and its program with the killing case's index when
/// that verdict must be had again alone.
type Judged = (MutantReport, Option<(usize, Prepared)>);

/// Every mutant built and run, `cfg.jobs` at a time, each on the cases in
/// order until one fails it; then each kill the load could have decided
/// (a time near the limit while others ran: [`suite::rerun_alone`]) is
/// run again alone from that case on, and that run decides. `progress`
/// is called once per mutant.
///
/// # Errors
/// [`MutantsError`]: a missing compiler, an unreadable case, the
/// harness's trouble.
pub fn run(
    cfg: &MutantsConfig,
    mutants: &[Mutant],
    progress: &(dyn Fn() + Sync),
) -> Result<MutantsReport, MutantsError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs.max(1))
        .build()
        .map_err(|e| {
            SuiteError::Trouble(super::harness::run::Trouble::system(
                "cannot start threads",
                e,
            ))
        })?;
    let parallel = cfg.jobs > 1 && mutants.len() > 1;
    let judged: Vec<Judged> = pool.install(|| {
        mutants
            .par_iter()
            .map(|mutant| {
                let judged = judge_one(cfg, mutant, parallel);
                progress();
                judged
            })
            .collect::<Result<_, _>>()
    })?;
    let mut reports = Vec::with_capacity(judged.len());
    for (mut report, again) in judged {
        if let Some((index, prepared)) = again {
            let alone = suite::first_failing(&cfg.suite(&prepared), index)?;
            report = verdict(&report.name, &cfg.inputs, alone.as_ref());
        }
        reports.push(report);
    }
    Ok(MutantsReport::new(cfg.inputs.len(), reports))
}

/// One mutant built and run until a case fails it.
fn judge_one(cfg: &MutantsConfig, mutant: &Mutant, parallel: bool) -> Result<Judged, MutantsError> {
    let not_counted = |status, message: String| MutantReport {
        name: mutant.name.clone(),
        status,
        killed_by: None,
        verdict: None,
        verdict_name: None,
        message: Some(message),
    };
    let prepared = match solutions::prepare_path(cfg.harness, &mutant.path, cfg.programmers) {
        Ok(prepared) => prepared,
        Err(SolutionsError::Build { output, .. }) => {
            return Ok((not_counted(Status::Unviable, output), None));
        }
        Err(
            e @ (SolutionsError::CannotRun(_)
            | SolutionsError::SeveralFiles { .. }
            | SolutionsError::Program(_)),
        ) => return Ok((not_counted(Status::NotJudged, e.to_string()), None)),
        Err(e) => return Err(MutantsError::Build(e)),
    };
    let failing = suite::first_failing(&cfg.suite(&prepared), 0)?;
    let report = verdict(&mutant.name, &cfg.inputs, failing.as_ref());
    let again = match failing {
        Some((index, case)) if suite::rerun_alone(&case, cfg.limits.time, parallel) => {
            Some((index, prepared))
        }
        _ => None,
    };
    Ok((report, again))
}

/// The result of a mutant whose first failing case is `failing`.
fn verdict(name: &str, inputs: &[PathBuf], failing: Option<&(usize, CaseReport)>) -> MutantReport {
    let Some((index, case)) = failing else {
        return MutantReport {
            name: name.to_string(),
            status: Status::Survives,
            killed_by: None,
            verdict: None,
            verdict_name: None,
            message: None,
        };
    };
    debug_assert_ne!(case.verdict, Verdict::Accepted);
    MutantReport {
        name: name.to_string(),
        status: Status::Killed,
        killed_by: Some(shown(&inputs[*index])),
        verdict: Some(case.verdict.code()),
        verdict_name: Some(case.verdict.name()),
        message: Some(case.verdict.describe()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stems_unless_shared() {
        let paths: Vec<PathBuf> = ["d/m01.cpp", "d/m02.py", "d/m02.cpp", "d/x", "e/x"]
            .iter()
            .map(PathBuf::from)
            .collect();
        let names: Vec<String> = named(paths).into_iter().map(|m| m.name).collect();
        assert_eq!(names, ["m01", "m02.py", "m02.cpp", "d/x", "e/x"]);
    }

    #[test]
    fn the_score_counts_only_viable_mutants() {
        let m = |name: &str, status| MutantReport {
            name: name.into(),
            status,
            killed_by: None,
            verdict: None,
            verdict_name: None,
            message: None,
        };
        let report = MutantsReport::new(
            5,
            vec![
                m("a", Status::Killed),
                m("b", Status::Survives),
                m("c", Status::Unviable),
                m("d", Status::NotJudged),
                m("e", Status::Killed),
            ],
        );
        assert_eq!((report.viable, report.killed), (3, 2));
        assert_eq!(report.survivors, ["b"]);
        assert_eq!((report.unviable, report.not_judged), (1, 1));
    }
}
