//! `boardsolve test`: someone's program on a folder of cases, each judged
//! like an online judge against its `X.out`/`X.ans` (or the reference).

use super::failure::{self, Failure, FirstFailures};
use super::files::{FileError, Found, case_file, check_named, found, read_named, shown};
use super::harness::Harness;
use super::harness::deadline;
use super::harness::run::{Program, Trouble, Usage};
use super::harness::spool::Spooled;
use super::judge::{self, Expected, JudgeError, Verdict};
use crate::puzzles::{Accepts, CheckOptions, Puzzle, RuleOptions};
use crate::search::context::RunContext;
use crate::text::MAX_INPUT_BYTES;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Everything a test run needs.
pub struct SuiteConfig {
    /// The puzzle.
    pub puzzle: &'static dyn Puzzle,
    /// The program under test.
    pub program: Program,
    /// The harness that runs it.
    pub harness: Harness,
    /// The `.in` files, in the order to report them.
    pub inputs: Vec<PathBuf>,
    /// What each run may take.
    pub limits: PerRun,
    /// Runs at the same time.
    pub jobs: usize,
    /// How an answer is judged, and the rules of the reference.
    pub judging: Judging,
    /// The longest the reference may take for a case without an answer
    /// file.
    pub reference_limit: Duration,
    /// Where the answer files are, when not beside the cases: `X.out` or
    /// `X.ans` of each `X.in` in this folder.
    pub answers: Option<PathBuf>,
    /// How many of the first failing cases keep their [`Failure`] view
    /// (input, outputs, standard error); the others keep their verdict.
    pub shown: usize,
}

/// What one run of the program under test may take, as a judge limits
/// each submission's run; the same for every case of a suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerRun {
    /// CPU time (user plus system, of the program and all it starts).
    pub time: Duration,
    /// Peak resident memory in bytes, or `None` for no bound.
    pub memory: Option<u64>,
}

/// How an answer is judged: against the expected answer token by token,
/// or by the puzzle's checker, and the options that reach the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judging {
    /// Judge with the puzzle's checker (tromino: any tiling, or with
    /// [`RuleOptions::PlacementOrder`] the placement order) instead of
    /// comparing tokens.
    pub checker: bool,
    /// The options that reach the rules, of the reference and the checker
    /// (2048's K, tromino's placement order).
    pub rules: RuleOptions,
}

/// How a judge's contract judges an answer, as every command that runs a
/// program holds it to it (`test`, `audit --solutions`, `audit
/// --mutants`, `package`'s timing runs): with the puzzle's checker unless it
/// accepts the exact answer alone, and the rule options of the reference
/// and the checker: `tromino`'s placement order whatever `rules` asks, as
/// its contract does, else `rules`.
pub fn judging(accepts: Accepts, rules: RuleOptions) -> Judging {
    let rules = match accepts {
        Accepts::PlacementOrder => RuleOptions::PlacementOrder,
        _ => rules,
    };
    Judging {
        checker: accepts != Accepts::Exact,
        rules,
    }
}

/// Where a case's expected answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// `X.out` or `X.ans` beside the input.
    File,
    /// No answer file: the reference computed it.
    Reference,
}

/// One judged case.
#[derive(Debug, Clone)]
pub struct CaseReport {
    /// The input file.
    pub input: PathBuf,
    /// The verdict.
    pub verdict: Verdict,
    /// What the run used.
    pub usage: Usage,
    /// Where the expected answer came from.
    pub source: Source,
    /// The answer file used, if any.
    pub answer_file: Option<PathBuf>,
    /// `X.ans` when `X.out` was used in its place: both were there.
    pub unused_answer_file: Option<PathBuf>,
    /// Whether the case was run a second time alone (its time was near
    /// the limit or over it when run in parallel).
    pub rerun: bool,
    /// What a report shows of the run, for the first
    /// [`SuiteConfig::shown`] failing cases; `None` otherwise, so that a
    /// suite of many failures holds no output it will not show.
    pub failure: Option<Box<Failure>>,
}

/// Why a test run stopped without verdicts.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// A case file could not be read or is not a valid instance.
    #[error(transparent)]
    Case(#[from] FileError),
    /// The harness could not run the program.
    #[error(transparent)]
    Trouble(#[from] Trouble),
    /// The reference did not answer a case without an answer file in time.
    #[error("the reference answer took more than {limit:?} on {name}, which has no answer file")]
    Reference {
        /// The case.
        name: String,
        /// The limit it ran past.
        limit: Duration,
    },
}

impl SuiteError {
    /// Whether the run stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        matches!(self, SuiteError::Trouble(Trouble::Interrupted))
    }
}

/// The answer files beside a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerFiles {
    /// The one judged against: `X.out`, else `X.ans`.
    pub used: PathBuf,
    /// `X.ans` when `X.out` is there too, to say which one counted.
    pub unused: Option<PathBuf>,
}

/// The expected answer beside `input`: `X.out`, else `X.ans` (see
/// [`case_file`]); `None` when neither is there.
///
/// # Errors
/// One line naming an `X.out` or `X.ans` that is there but is no file
/// (a directory, a FIFO, a broken link, ...): falling back to the other
/// one, or to the reference, would judge against an answer nobody meant.
pub fn answer_file(input: &Path) -> Result<Option<AnswerFiles>, FileError> {
    answer_file_in(input, None)
}

/// The expected answer of `input` in `dir` (`X.out`, else `X.ans`), or
/// beside it when `dir` is `None`; see [`answer_file`].
///
/// # Errors
/// As [`answer_file`].
pub fn answer_file_in(input: &Path, dir: Option<&Path>) -> Result<Option<AnswerFiles>, FileError> {
    let mut files = Vec::new();
    for ext in ["out", "ans"] {
        let path = case_file(input, ext, dir);
        match found(&path) {
            Found::Missing => {}
            Found::File => files.push(path),
            Found::Unusable(what) => {
                return Err(FileError::NotAnAnswer {
                    name: shown(&path),
                    what,
                    input: shown(input),
                });
            }
        }
    }
    let mut files = files.into_iter();
    Ok(files.next().map(|used| AnswerFiles {
        used,
        unused: files.next(),
    }))
}

/// The groups of a problem package's `data/` whose cases a submission is
/// judged on; the others (`invalid_input`, `valid_output`, ...) test the
/// validators and are no cases.
const CASE_GROUPS: [&str; 2] = ["sample", "secret"];

/// Whether `dir` is a package's `data/`: it has a `sample/` or `secret/`.
fn is_package_data(dir: &Path) -> bool {
    CASE_GROUPS.iter().any(|group| dir.join(group).is_dir())
}

/// `paths` with each problem package, or its `data/` folder, replaced by
/// the folders of its cases, as a judge runs them: `data/sample`, then
/// `data/secret` and every test group nested in it (depth first, by
/// name). Every other path stays as it is.
pub fn package_cases(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn groups(dir: &Path, into: &mut Vec<PathBuf>) {
        into.push(dir.to_path_buf());
        let mut nested: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        nested.sort();
        for sub in nested {
            groups(&sub, into);
        }
    }
    let mut expanded = Vec::new();
    for path in paths {
        let data = if is_package_data(&path.join("data")) {
            path.join("data")
        } else if path.is_dir() && is_package_data(path) {
            path.clone()
        } else {
            expanded.push(path.clone());
            continue;
        };
        for group in CASE_GROUPS {
            if data.join(group).is_dir() {
                groups(&data.join(group), &mut expanded);
            }
        }
    }
    expanded
}

/// Two cases whose answers would be one file of an answers folder: the
/// same file name in two folders (`sample/1.in` and `secret/1.in`).
pub fn shared_answer(inputs: &[PathBuf]) -> Option<(&Path, &Path)> {
    let mut seen = std::collections::HashMap::new();
    for input in inputs {
        if let Some(name) = input.file_name()
            && let Some(first) = seen.insert(name, input.as_path())
        {
            return Some((first, input.as_path()));
        }
    }
    None
}

/// The longest answer file judged against.
const ANSWER_FILE_LIMIT: u64 = 1 << 30;

struct Case {
    input: Vec<u8>,
    answer: Answer,
    source: Source,
    files: Option<AnswerFiles>,
}

/// Where a case's expected answer is read from at each run.
enum Answer {
    /// This answer file, opened for each run and read as a stream, so
    /// that no answer file is ever held whole.
    File(PathBuf),
    /// The reference's answer, spooled to a temporary file when large.
    Reference(Spooled),
}

/// Reads the case at `path` (or takes `read`, its bytes read already)
/// and finds its expected answer: an answer file, or the reference's
/// answer within the reference limit.
fn load(cfg: &SuiteConfig, path: &Path, read: Option<&[u8]>) -> Result<Case, SuiteError> {
    let input = match read {
        Some(bytes) => bytes.to_vec(),
        None => read_named(path, MAX_INPUT_BYTES)?,
    };
    let files = answer_file_in(path, cfg.answers.as_deref())?;
    let (answer, source) = match &files {
        Some(files) => {
            check_named(&files.used, ANSWER_FILE_LIMIT)?;
            (Answer::File(files.used.clone()), Source::File)
        }
        None => {
            let (puzzle, rules) = (cfg.puzzle, cfg.judging.rules);
            let answer = deadline::within(cfg.reference_limit, |context| {
                judge::reference_answer(puzzle, &input, rules, context)
            })
            .map_err(|e| Trouble::system("cannot start a thread", e))?
            .ok_or_else(|| SuiteError::Reference {
                name: shown(path),
                limit: cfg.reference_limit,
            })?
            .map_err(|e| FileError::refused(shown(path), e))?;
            (Answer::Reference(answer), Source::Reference)
        }
    };
    Ok(Case {
        input,
        answer,
        source,
        files,
    })
}

fn judge_case(
    cfg: &SuiteConfig,
    (index, path): (usize, &Path),
    case: &Case,
    first: &FirstFailures,
) -> Result<CaseReport, SuiteError> {
    let opened;
    let answer = match &case.answer {
        Answer::Reference(answer) => answer,
        Answer::File(used) => {
            let cannot = |source| FileError::Read {
                name: shown(used),
                source,
            };
            let file = std::fs::File::open(used).map_err(cannot)?;
            opened = Spooled::from_file(file, ANSWER_FILE_LIMIT).map_err(cannot)?;
            &opened
        }
    };
    let expected = if cfg.judging.checker {
        Expected::Checker {
            puzzle: cfg.puzzle,
            options: CheckOptions {
                rules: cfg.judging.rules,
                context: RunContext::new(),
            },
            answer,
        }
    } else {
        Expected::Answer(answer)
    };
    let judged = judge::judge(
        &cfg.harness,
        &cfg.program,
        &case.input,
        expected,
        cfg.limits.time,
        cfg.limits.memory,
    )
    .map_err(|e| match e {
        JudgeError::Trouble(t) => SuiteError::Trouble(t),
        JudgeError::Puzzle(e) => SuiteError::Case(FileError::Refused {
            name: shown(path),
            source: e,
        }),
    })?;
    if judged.verdict == Verdict::Accepted {
        first.forget(index);
    } else if first.wants(index) {
        let view = failure::failure(
            &case.input,
            answer,
            &judged.output,
            &judged.verdict,
            // The placement order has one answer; a tiling, many.
            cfg.judging.checker && cfg.judging.rules != RuleOptions::PlacementOrder,
            &judged.stderr,
        )
        .map_err(|e| Trouble::system("cannot read the answers back", e))?;
        first.keep(index, view);
    }
    Ok(CaseReport {
        input: path.to_path_buf(),
        verdict: judged.verdict,
        usage: judged.usage,
        source: case.source,
        answer_file: case.files.as_ref().map(|f| f.used.clone()),
        unused_answer_file: case.files.as_ref().and_then(|f| f.unused.clone()),
        rerun: false,
        failure: None,
    })
}

/// Whether the load could have decided a run, so that it is judged
/// again alone: a wall-clock limit of a program that computed
/// ([`judge::load_could_decide`]; one that sleeps would sleep as long
/// alone), and, when runs were in parallel, a CPU time over the limit or
/// within 20% of it, since programs sharing a core's caches run slower
/// in CPU time too.
pub fn rerun_alone(report: &CaseReport, limit: Duration, parallel: bool) -> bool {
    let near = matches!(report.verdict, Verdict::TimeLimit { wall: false })
        || report.usage.cpu * 5 >= limit * 4;
    judge::load_could_decide(&report.verdict, report.usage) || (parallel && near)
}

/// Runs every case, `jobs` at a time; then re-runs alone, one by one,
/// every case whose verdict the load could have decided (see
/// [`rerun_alone`]), and reports that second run. `progress` is called once per case.
///
/// Cases stream: each is read (and its reference answer computed) by the
/// job that runs it and dropped when it is judged, so memory, open files
/// and temporary disk grow with `jobs`, not with the suite. A case that
/// is not a regular file (a FIFO) is read once, before the runs, and kept.
///
/// # Errors
/// [`SuiteError`]: a case that cannot be read, or the harness's trouble.
pub fn run_suite(
    cfg: &SuiteConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<CaseReport>, SuiteError> {
    let kept: Vec<Option<Vec<u8>>> = cfg
        .inputs
        .iter()
        .map(|path| {
            let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
            (!regular)
                .then(|| read_named(path, MAX_INPUT_BYTES))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let first = FirstFailures::new(cfg.shown);
    let judge_one = |index: usize, path: &PathBuf, read: &Option<Vec<u8>>| {
        let case = load(cfg, path, read.as_deref())?;
        judge_case(cfg, (index, path), &case, &first)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs.max(1))
        .build()
        .map_err(|e| Trouble::system("cannot start threads", e))?;
    let mut reports: Vec<CaseReport> = pool.install(|| {
        cfg.inputs
            .par_iter()
            .zip(&kept)
            .enumerate()
            .map(|(index, (path, read))| {
                let report = judge_one(index, path, read);
                progress();
                report
            })
            .collect::<Result<_, _>>()
    })?;
    // One case runs alone whatever `jobs` says.
    let parallel = cfg.jobs > 1 && cfg.inputs.len() > 1;
    for (index, (report, (path, read))) in reports
        .iter_mut()
        .zip(cfg.inputs.iter().zip(&kept))
        .enumerate()
    {
        if rerun_alone(report, cfg.limits.time, parallel) {
            let mut again = judge_one(index, path, read)?;
            again.rerun = true;
            *report = again;
        }
    }
    for (index, view) in first.into_kept() {
        reports[index].failure = Some(Box::new(view));
    }
    Ok(reports)
}

/// The first case of `cfg.inputs` from index `from` on that the program
/// fails, with its index, the cases run one at a time in order and none
/// after it: one failing case decides a mutant, and the rest would only
/// cost time. `None` when it passes every case. No case is run again
/// here; the caller, which knows what else shared the machine, does
/// that ([`rerun_alone`]).
///
/// # Errors
/// [`SuiteError`]: a case that cannot be read, or the harness's trouble,
/// which is never a verdict on the program.
pub fn first_failing(
    cfg: &SuiteConfig,
    from: usize,
) -> Result<Option<(usize, CaseReport)>, SuiteError> {
    let first = FirstFailures::new(0);
    for (index, path) in cfg.inputs.iter().enumerate().skip(from) {
        let case = load(cfg, path, None)?;
        let report = judge_case(cfg, (index, path), &case, &first)?;
        if report.verdict != Verdict::Accepted {
            return Ok(Some((index, report)));
        }
    }
    Ok(None)
}

/// The JSON report of a test run.
#[derive(Debug, serde::Serialize)]
pub struct JsonReport {
    /// Cases accepted.
    pub passed: usize,
    /// Cases not accepted.
    pub failed: usize,
    /// Every case, in order.
    pub cases: Vec<JsonCase>,
    /// The names of the failing cases, in order.
    pub failing: Vec<String>,
    /// The command that tests the failing cases alone; `null` when none
    /// failed.
    pub failing_command: Option<String>,
}

/// One case of the JSON report.
#[derive(Debug, serde::Serialize)]
pub struct JsonCase {
    /// The input file.
    pub name: String,
    /// `AC`, `WA`, `TLE`, `MLE`, `RE` or `OLE`.
    pub verdict: &'static str,
    /// CPU time in milliseconds.
    pub cpu_ms: u128,
    /// Wall time in milliseconds.
    pub wall_ms: u128,
    /// Peak resident memory in KiB.
    pub peak_kib: u64,
    /// Where the expected answer came from.
    pub expected: Source,
    /// The answer file judged against; `null` with the reference.
    pub answer_file: Option<String>,
    /// `X.ans` when `X.out` was used in its place; else `null`.
    pub unused_answer_file: Option<String>,
    /// What went wrong; `null` for an accepted case (every case has every
    /// field, one schema).
    pub message: Option<String>,
    /// The input, the outputs and the standard error of a failing case
    /// among the first shown; `null` for the others.
    pub failure: Option<Failure>,
}

impl JsonReport {
    /// The report of `reports`.
    pub fn new(reports: &[CaseReport]) -> JsonReport {
        let cases: Vec<JsonCase> = reports
            .iter()
            .map(|r| JsonCase {
                name: lossy(&r.input),
                verdict: r.verdict.code(),
                cpu_ms: r.usage.cpu.as_millis(),
                wall_ms: r.usage.wall.as_millis(),
                peak_kib: r.usage.peak_kib,
                expected: r.source,
                answer_file: r.answer_file.as_deref().map(lossy),
                unused_answer_file: r.unused_answer_file.as_deref().map(lossy),
                message: (r.verdict != Verdict::Accepted).then(|| r.verdict.describe()),
                failure: r.failure.as_deref().cloned(),
            })
            .collect();
        let failing: Vec<String> = cases
            .iter()
            .filter(|c| c.verdict != "AC")
            .map(|c| c.name.clone())
            .collect();
        JsonReport {
            passed: cases.len() - failing.len(),
            failed: failing.len(),
            cases,
            failing,
            failing_command: None,
        }
    }
}

fn lossy(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn out_comes_before_ans_and_something_unreadable_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let input = d.join("case.v2.in");
        std::fs::write(&input, "1\n2\n").unwrap();
        assert_eq!(answer_file(&input).unwrap(), None);
        std::fs::write(d.join("case.v2.ans"), "2\n").unwrap();
        let used = |name: &str, unused: Option<&str>| AnswerFiles {
            used: d.join(name),
            unused: unused.map(|n| d.join(n)),
        };
        assert_eq!(
            answer_file(&input).unwrap(),
            Some(used("case.v2.ans", None))
        );
        std::fs::write(d.join("case.v2.out"), "2\n").unwrap();
        assert_eq!(
            answer_file(&input).unwrap(),
            Some(used("case.v2.out", Some("case.v2.ans")))
        );
        // Never a silent fall-back to X.ans when X.out is there but unreadable.
        std::fs::remove_file(d.join("case.v2.out")).unwrap();
        for (make, why) in [
            (0, "a directory"),
            (1, "a broken link"),
            (2, "a link to a character device"),
        ] {
            let out = d.join("case.v2.out");
            match make {
                0 => std::fs::create_dir(&out).unwrap(),
                1 => symlink("gone", &out).unwrap(),
                _ => symlink("/dev/null", &out).unwrap(),
            }
            let e = answer_file(&input).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "{} is {why}, not an answer file (the expected output of {})",
                    out.display(),
                    input.display()
                )
            );
            if make == 0 {
                std::fs::remove_dir(&out).unwrap();
            } else {
                std::fs::remove_file(&out).unwrap();
            }
        }
    }
}
