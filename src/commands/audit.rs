//! `boardsolve audit`: a test set against its judge's contract and the
//! catalogue of classic mistakes.

use super::exit::{Stop, io_failure, warn};
use super::harness;
use super::mutants;
use super::signals;
use super::streams::{need_stdout, print_report, progress_bar, read_input};
use super::style::{BAD, GOOD};
use crate::cli::AuditArgs;
use boardsolve::puzzles::RuleOptions;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::tools::audit::{self, AuditReport, Case, Search};
use boardsolve::tools::harness::Harness;
use boardsolve::tools::judge::Verdict;
use boardsolve::tools::mutants::MutantsReport;
use boardsolve::tools::solutions::{self, Outcome, SolutionsError, Submission};
use boardsolve::tools::{batch, files, judge, suite};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub(crate) fn audit(args: &AuditArgs, harness: &Harness) -> Result<(), Stop> {
    need_stdout()?;
    if let Some(dir) = &args.solutions {
        return solutions(args, dir, harness);
    }
    let found = batch::bulk_inputs(&suite::package_cases(&args.paths)).map_err(Stop::failed)?;
    for (path, what) in &found.unusable {
        warn(format_args!("skipped: {} ({what})", files::shown(path)));
    }
    if found.inputs.is_empty() {
        return Err(Stop::Usage("no *.in cases found".into()));
    }
    let mutants = if args.mutants.is_empty() {
        None
    } else {
        signals::stop_cleanly(harness)?;
        Some(mutants::found(args, &found.inputs)?)
    };
    let search = Search {
        seed: args.seed,
        cases: args.search,
        time: Some(args.search_time),
    };
    // Each case is read by the thread that audits it, and dropped after:
    // memory and open files grow with the threads, not with the set.
    let load = |i: usize| -> Result<Case, Stop> {
        let path = &found.inputs[i];
        let (name, input) = read_input(Some(path), MAX_INPUT_BYTES)?;
        let answer = suite::answer_file(path).map_err(Stop::failed)?;
        let expected = match answer {
            Some(files) => Some(read_input(Some(&files.used), 1 << 30)?.1),
            None => None,
        };
        Ok(Case {
            name,
            input,
            expected,
        })
    };
    let report = audit::audit_streamed(args.puzzle, found.inputs.len(), &load, search)?;
    let scored = match &mutants {
        Some(list) => Some(mutants::score(args, harness, &found.inputs, &report, list)?),
        None => None,
    };
    let full = Full {
        report: &report,
        mutants: scored.as_ref().map(Option::as_ref),
    };
    let written = print_report(args.json, &full, |out| {
        write_report(out, &report, scored.as_ref().map(Option::as_ref))
    });
    let scored = scored.flatten();
    let survivors = scored.as_ref().is_some_and(|m| !m.survivors.is_empty());
    if let Some(m) = &scored {
        // No verdict on the set can be drawn from mutants that could not
        // all be judged, or from none at all.
        let why = if m.not_judged > 0 {
            Some(format!(
                "{} of {} mutants not judged (said above)",
                m.not_judged,
                m.mutants.len()
            ))
        } else if m.viable == 0 {
            Some(format!(
                "no mutation score: none of the {} mutants builds",
                m.mutants.len()
            ))
        } else {
            None
        };
        if let Some(why) = why {
            written.map_err(|e| io_failure(e, "cannot write the report"))?;
            return Err(Stop::Usage(why));
        }
    }
    harness::reported(!report.passed() || survivors, written)
}

/// The report as `--json` prints it: the catalogue's, and with
/// `--mutants` the mutation score (`null` when no case could run them).
#[derive(serde::Serialize)]
struct Full<'a> {
    #[serde(flatten)]
    report: &'a AuditReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    mutants: Option<Option<&'a MutantsReport>>,
}

/// The report as a table: problems first, then one row per mistake with
/// the first cases that kill it.
/// `mutants`: with `--mutants`, the score, or `None` when it was not run.
fn write_report(
    out: &mut dyn Write,
    r: &AuditReport,
    mutants: Option<Option<&MutantsReport>>,
) -> io::Result<()> {
    for p in &r.invalid {
        writeln!(out, "{BAD}invalid{BAD:#} {}", p.message)?;
    }
    for p in &r.wrong_answers {
        writeln!(out, "{BAD}wrong answer{BAD:#} {}: {}", p.name, p.message)?;
    }
    // One column for the ids, as wide as the longest ("[id]").
    let width = r.mistakes.iter().map(|m| m.id.len() + 2).max().unwrap_or(0);
    if !r.mistakes.is_empty() {
        writeln!(out, "{:<width$} killed by", "mistake")?;
    }
    for m in &r.mistakes {
        let shown = if !m.killed_by.is_empty() {
            let first: Vec<&str> = m.killed_by.iter().take(3).map(String::as_str).collect();
            let more = m.killed_by.len().saturating_sub(3);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            format!("{GOOD}{}{more}{GOOD:#}", first.join(", "))
        } else if m.killable {
            format!(
                "{BAD}SURVIVES{BAD:#}: as if {}; a case that kills it: {}",
                m.description,
                m.killer.as_deref().unwrap_or("-")
            )
        } else if m.searched == Some(0) {
            "not killed by the set (--search 0: no generated case was tried)".to_string()
        } else if r.search_stopped {
            format!(
                "not killed by any of {} generated cases (the search stopped at --search-time; killable or not is not known)",
                m.searched.unwrap_or(0)
            )
        } else {
            format!(
                "not killable within the limits (none of {} generated cases tells it apart)",
                m.searched.unwrap_or(0)
            )
        };
        writeln!(out, "{:<width$} {shown}", format!("[{}]", m.id))?;
    }
    if let Some(Some(m)) = mutants {
        mutants::write_table(out, m)?;
    }
    let style = if r.passed() { GOOD } else { BAD };
    writeln!(
        out,
        "{style}{} cases: {} invalid, {} wrong answers, {} of {} catalogued mistakes survive{style:#}",
        r.cases,
        r.invalid.len(),
        r.wrong_answers.len(),
        r.survivors.len(),
        r.mistakes.len()
    )?;
    if let Some(m) = mutants {
        mutants::write_summary(out, m, r.cases)?;
    }
    if !r.mistakes.is_empty() {
        // What the count does not promise.
        writeln!(
            out,
            "the catalogue is a list of classic mistakes, not every bug: a set that kills them all can still pass a wrong program, so stress your own solution too"
        )?;
    }
    mutants::write_note(out, mutants.flatten())
}

/// `audit --solutions DIR`: every program of DIR's folders on every case,
/// the matrix, and whether each did what its folder requires.
fn solutions(args: &AuditArgs, dir: &Path, harness: &Harness) -> Result<(), Stop> {
    signals::stop_cleanly(harness)?;
    if !dir.is_dir() {
        return Err(Stop::Usage(format!(
            "--solutions {} is not a directory",
            files::shown(dir)
        )));
    }
    let (found, other) = solutions::find(dir).map_err(Stop::failed)?;
    for path in &other {
        warn(format_args!(
            "skipped: {} (not a folder of accepted/, rejected/, wrong_answer/, time_limit_exceeded/, run_time_error/, brute_force/)",
            files::shown(path)
        ));
    }
    if let Some(missing) = args.paths.iter().find(|p| p.symlink_metadata().is_err()) {
        return Err(Stop::Usage(format!(
            "{} does not exist",
            files::shown(missing)
        )));
    }
    let cases = batch::bulk_inputs(&suite::package_cases(&args.paths)).map_err(Stop::failed)?;
    for line in cases.unusable_lines() {
        warn(line);
    }
    let inputs: Vec<PathBuf> = cases
        .inputs
        .into_iter()
        .filter(|p| files::is_case_input(p))
        .collect();
    if inputs.is_empty() {
        return Err(Stop::Usage("no *.in cases found".into()));
    }
    let package = args.paths.iter().find_map(|p| solutions::package_of(p));
    let stated = package.as_deref().and_then(solutions::package_time_limit);
    let judge = args.puzzle.contract().judge;
    let (time_limit, from) = match (args.time_limit, stated, judge) {
        (Some(limit), _, _) => (limit, "--time-limit".to_string()),
        (None, Some(seconds), _) => (
            Duration::from_secs_f64(seconds),
            format!(
                "{}'s limits.time_limit",
                files::shown(&package.clone().unwrap_or_default().join("problem.yaml"))
            ),
        ),
        (None, None, Some(judge)) => (judge.resources.time(), format!("{}'s limit", judge.problem)),
        (None, None, None) => (super::limits::DEFAULT_TIME_LIMIT, "the default".to_string()),
    };
    // The judge's memory limit unless --memory-limit says otherwise.
    let memory_limit = args
        .memory_limit
        .or(judge.map(|j| j.resources.memory_bytes()));
    let limits = suite::PerRun {
        time: time_limit,
        memory: memory_limit,
    };
    let runs = judge_each(args, &found, &inputs, limits, harness)?;
    let mut report = Matrix::new(time_limit, from, &inputs, &found, &runs);
    report.memory_limit_kib = memory_limit.map(|m| m / 1024);
    let broken = report.programs.iter().any(|p| p.broken.is_some());
    let written = print_report(args.json, &report, |out| write_matrix(out, &report));
    // The others are judged and shown all the same; the audit is still
    // incomplete, which is not a verdict on a program.
    let not_judged = report
        .programs
        .iter()
        .filter(|p| p.not_judged.is_some())
        .count();
    if not_judged > 0 {
        written.map_err(|e| io_failure(e, "cannot write the report"))?;
        return Err(Stop::Usage(format!(
            "{not_judged} of {} programs not judged (said above)",
            report.programs.len()
        )));
    }
    harness::reported(broken, written)
}

/// How one submission fared.
enum Judged {
    /// It ran on every case.
    Ran(Vec<suite::CaseReport>),
    /// It did not build, with the compiler's first lines: a verdict,
    /// judged by its folder's rule.
    CompileError(String),
    /// boardsolve cannot run it (no program, a program of several files),
    /// which says nothing of the program.
    CannotRun(String),
}

/// Every submission on every case, each built and run in turn (its
/// build removed after its runs).
fn judge_each(
    args: &AuditArgs,
    found: &[Submission],
    inputs: &[PathBuf],
    limits: suite::PerRun,
    harness: &Harness,
) -> Result<Vec<Judged>, Stop> {
    let accepts = args.puzzle.contract().accepting(RuleOptions::Defaults);
    let programmers = super::source::programmers(args.puzzle);
    let mut runs = Vec::new();
    for submission in found {
        let prepared = match solutions::prepare(harness, submission, programmers) {
            Ok(prepared) => prepared,
            // The signal's thread says "interrupted" and exits with 130.
            Err(e) if e.interrupted() => signals::wait_for_exit(),
            Err(SolutionsError::Build {
                name,
                command,
                output,
            }) => {
                // Expected in rejected/; anywhere else, why is worth seeing.
                if !submission.rule.permitted.contains(&Outcome::CompileError) {
                    warn(format_args!("{name} does not build: {command}\n{output}"));
                }
                runs.push(Judged::CompileError(output));
                continue;
            }
            Err(e @ SolutionsError::CannotRun(_)) => {
                warn(&e);
                let why = "neither executable nor a source boardsolve builds";
                runs.push(Judged::CannotRun(why.into()));
                continue;
            }
            Err(e @ SolutionsError::SeveralFiles { files, .. }) => {
                warn(&e);
                let why = format!("a folder of {files} files, which boardsolve does not build");
                runs.push(Judged::CannotRun(why));
                continue;
            }
            Err(e) => return Err(Stop::failed(e)),
        };
        let config = suite::SuiteConfig {
            puzzle: args.puzzle,
            program: prepared.program.clone(),
            harness: harness.clone(),
            inputs: inputs.to_vec(),
            limits,
            jobs: harness::jobs(args.jobs),
            judging: suite::judging(accepts, RuleOptions::Defaults),
            reference_limit: Duration::from_secs(30),
            answers: None,
            shown: 0,
        };
        let bar = progress_bar(inputs.len() as u64, &submission.name);
        let tick = || {
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        };
        let result = suite::run_suite(&config, &tick);
        let reports = harness::finished(bar.as_ref(), result, suite::SuiteError::interrupted)
            .map_err(Stop::failed)?;
        runs.push(Judged::Ran(reports));
    }
    Ok(runs)
}

/// A case's name in the matrix: from its package group on
/// (`secret/killer-01.in`), else as given.
fn case_name(path: &Path) -> String {
    let parts: Vec<_> = path.components().collect();
    let group = parts.iter().rposition(|c| c.as_os_str() == "data");
    match group {
        Some(i) if i + 1 < parts.len() => parts[i + 1..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        _ => files::shown(path),
    }
}

/// The report of `audit --solutions`.
#[derive(Debug, serde::Serialize)]
struct Matrix {
    /// The CPU time limit of every run, in milliseconds.
    time_limit_ms: u128,
    /// Where the limit came from.
    time_limit_from: String,
    /// The peak memory limit of every run, in KiB, if any (the judge's,
    /// unless --memory-limit says otherwise).
    memory_limit_kib: Option<u64>,
    /// The cases, in order.
    cases: Vec<String>,
    /// Every program, in order.
    programs: Vec<ProgramRow>,
    /// How many programs did what their folder requires.
    as_required: usize,
}

/// One program of the matrix.
#[derive(Debug, serde::Serialize)]
struct ProgramRow {
    /// `folder/file`.
    name: String,
    /// Its folder.
    folder: &'static str,
    /// The outcomes its folder permits.
    permitted: &'static [Outcome],
    /// The outcomes of which its folder requires at least one.
    required: &'static [Outcome],
    /// Its run on each case, in the order of `cases`.
    runs: Vec<Run>,
    /// The slowest run's CPU time, in milliseconds.
    slowest_ms: u128,
    /// The case of the slowest run.
    slowest_case: String,
    /// How its folder's rule is broken; `null` when it is kept or the
    /// program was not judged.
    broken: Option<String>,
    /// Why boardsolve could not run it (then `runs` is empty); `null`
    /// when it was judged.
    not_judged: Option<String>,
}

/// One run of one program on one case.
#[derive(Debug, serde::Serialize)]
struct Run {
    /// The judge's verdict: `AC`, `WA`, `TLE`, `MLE`, `RE`, `OLE`, `CE`.
    verdict: &'static str,
    /// The format's outcome: `AC`, `WA`, `TLE`, `RTE`, `CE`.
    outcome: Outcome,
    /// CPU time in milliseconds.
    cpu_ms: u128,
    /// Wall time in milliseconds.
    wall_ms: u128,
    /// Peak resident memory in KiB.
    peak_kib: u64,
    /// What went wrong; `null` when accepted.
    message: Option<String>,
}

impl Matrix {
    fn new(
        time_limit: Duration,
        from: String,
        inputs: &[PathBuf],
        found: &[Submission],
        runs: &[Judged],
    ) -> Matrix {
        let cases: Vec<String> = inputs.iter().map(|p| case_name(p)).collect();
        let programs: Vec<ProgramRow> = found
            .iter()
            .zip(runs)
            .map(|(submission, judged)| ProgramRow::new(submission, &cases, judged))
            .collect();
        Matrix {
            time_limit_ms: time_limit.as_millis(),
            time_limit_from: from,
            memory_limit_kib: None,
            as_required: programs
                .iter()
                .filter(|p| p.broken.is_none() && p.not_judged.is_none())
                .count(),
            cases,
            programs,
        }
    }
}

impl ProgramRow {
    fn new(submission: &Submission, cases: &[String], judged: &Judged) -> ProgramRow {
        let runs: Vec<Run> = match judged {
            Judged::Ran(reports) => reports
                .iter()
                .map(|r| Run {
                    verdict: r.verdict.code(),
                    outcome: Outcome::of(&r.verdict),
                    cpu_ms: r.usage.cpu.as_millis(),
                    wall_ms: r.usage.wall.as_millis(),
                    peak_kib: r.usage.peak_kib,
                    message: (r.verdict != Verdict::Accepted).then(|| r.verdict.describe()),
                })
                .collect(),
            // Every case, as a judge reports a submission that does not
            // build: nothing ran.
            Judged::CompileError(output) => cases
                .iter()
                .map(|_| Run {
                    verdict: "CE",
                    outcome: Outcome::CompileError,
                    cpu_ms: 0,
                    wall_ms: 0,
                    peak_kib: 0,
                    message: Some(output.clone()),
                })
                .collect(),
            Judged::CannotRun(_) => Vec::new(),
        };
        let outcomes: Vec<(String, Outcome)> = cases
            .iter()
            .cloned()
            .zip(runs.iter().map(|r| r.outcome))
            .collect();
        let slowest = match judged {
            Judged::Ran(_) => runs
                .iter()
                .enumerate()
                .max_by_key(|(_, r)| r.cpu_ms)
                .map(|(i, r)| (r.cpu_ms, cases[i].clone()))
                .unwrap_or_default(),
            _ => (0, String::new()),
        };
        let not_judged = match judged {
            Judged::CannotRun(why) => Some(why.clone()),
            _ => None,
        };
        ProgramRow {
            name: submission.name.clone(),
            folder: submission.rule.folder,
            permitted: submission.rule.permitted,
            required: submission.rule.required,
            broken: match not_judged {
                Some(_) => None,
                None => submission.rule.broken(&outcomes),
            },
            not_judged,
            runs,
            slowest_ms: slowest.0,
            slowest_case: slowest.1,
        }
    }
}

/// The matrix as a table: a row a case, a column a program (its verdict
/// and CPU milliseconds), then a line a program and the summary.
fn write_matrix(out: &mut dyn Write, m: &Matrix) -> io::Result<()> {
    writeln!(
        out,
        "time limit {} ms CPU ({}){}; {} cases, {} programs",
        m.time_limit_ms,
        m.time_limit_from,
        m.memory_limit_kib.map_or(String::new(), |kib| format!(
            ", memory {}",
            judge::size(kib)
        )),
        m.cases.len(),
        m.programs.len()
    )?;
    let width = m.cases.iter().map(String::len).max().unwrap_or(4).max(4);
    write!(out, "{:<width$}", "case")?;
    for i in 0..m.programs.len() {
        write!(out, "  {:>10}", format!("[{}]", i + 1))?;
    }
    writeln!(out)?;
    for (c, case) in m.cases.iter().enumerate() {
        write!(out, "{case:<width$}")?;
        for p in &m.programs {
            let Some(run) = p.runs.get(c) else {
                write!(out, "  {:<4}{:>6}", "-", "")?;
                continue;
            };
            let style = if run.outcome == Outcome::Accepted {
                GOOD
            } else {
                BAD
            };
            write!(out, "  {style}{:<4}{style:#}{:>6}", run.verdict, run.cpu_ms)?;
        }
        writeln!(out)?;
    }
    for (i, p) in m.programs.iter().enumerate() {
        if let Some(why) = &p.not_judged {
            writeln!(out, "[{}] {}: {BAD}not judged{BAD:#}: {why}", i + 1, p.name)?;
            continue;
        }
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for run in &p.runs {
            match counts.iter_mut().find(|(code, _)| *code == run.verdict) {
                Some((_, n)) => *n += 1,
                None => counts.push((run.verdict, 1)),
            }
        }
        let counts: Vec<String> = counts
            .iter()
            .map(|(code, n)| format!("{n} {code}"))
            .collect();
        let slowest = match p.slowest_case.is_empty() {
            // Nothing ran (a compile error): no run to name.
            true => String::new(),
            false => format!("; slowest {} ms ({})", p.slowest_ms, p.slowest_case),
        };
        let verdict = match &p.broken {
            None => format!("{GOOD}as {}/ requires{GOOD:#}", p.folder),
            Some(why) => format!("{BAD}NOT as {}/ requires{BAD:#}: {why}", p.folder),
        };
        writeln!(
            out,
            "[{}] {}: {}{slowest}; {verdict}",
            i + 1,
            p.name,
            counts.join(", "),
        )?;
    }
    let all = m.as_required == m.programs.len();
    let style = if all { GOOD } else { BAD };
    writeln!(
        out,
        "{style}{} of {} programs as their folders require{style:#}",
        m.as_required,
        m.programs.len()
    )
}
