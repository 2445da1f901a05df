//! One run of `boardsolve test`: the cases found, the program judged on
//! each, and the table; `--watch` runs it again on every change.

use super::super::exit::{Stop, warn};
use super::super::failure_view;
use super::super::harness::{finished, jobs, reported};
use super::super::limits;
use super::super::source;
use super::super::streams::{print_report, progress_bar};
use super::super::style::{BAD, GOOD};
use crate::cli::TestArgs;
use boardsolve::puzzles::{Error, Puzzle, RuleOptions};
use boardsolve::tools::files::{self};
use boardsolve::tools::harness::Harness;
use boardsolve::tools::{batch, judge, suite};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The paths named, or `tests/` (else `test/`) when none is.
pub(super) fn case_paths(args: &TestArgs) -> Result<Vec<PathBuf>, Stop> {
    if !args.paths.is_empty() {
        return Ok(args.paths.clone());
    }
    // tests/, else test/ as online-judge-tools lays out its samples.
    let Some(dir) = ["tests", "test"]
        .into_iter()
        .find(|d| Path::new(d).is_dir())
    else {
        return Err(Stop::Usage(format!(
            "no cases named, and neither tests/ nor test/ is a directory here; \
             `boardsolve samples {} --out-dir tests/` writes the statement's examples",
            args.puzzle.name()
        )));
    };
    warn(format_args!("cases from {dir}/ (no path named)"));
    Ok(vec![PathBuf::from(dir)])
}

/// One run of the suite with the program prepared, and its table.
pub(super) fn run_once(
    args: &TestArgs,
    rules: RuleOptions,
    prepared: source::Prepared,
    paths: &[PathBuf],
    harness: &Harness,
) -> Result<(), Stop> {
    let (program, compiled) = match prepared {
        source::Prepared::Program(program, compiled) => (program, compiled),
        source::Prepared::CompileError(error) => {
            let shown = args.command[0].as_str();
            let written = print_report(
                args.json,
                &source::CompileErrorJson::new(&error, shown),
                |out| source::write_compile_error(out, &error, shown),
            );
            return reported(true, written);
        }
    };
    let inputs = case_inputs(args, paths)?;
    note_beyond_limits(args.puzzle, &inputs);
    let judging = suite::judging(args.puzzle.contract().accepting(rules), rules);
    let chosen = limits::Chosen::for_puzzle(
        args.puzzle,
        args.limits.time_limit,
        args.limits.memory_limit,
    );
    // Said when a judge's limits apply, which differ from one number to
    // the next; a puzzle's own name keeps the quiet defaults.
    if !args.json && chosen.from.is_some() {
        let _ = writeln!(
            io::stderr(),
            "test {}: {} {}, {}",
            args.puzzle.name(),
            inputs.len(),
            if inputs.len() == 1 { "case" } else { "cases" },
            chosen.describe()
        );
    }
    let config = suite::SuiteConfig {
        puzzle: args.puzzle,
        program,
        harness: harness.clone(),
        inputs,
        limits: chosen.per_run(),
        jobs: jobs(args.limits.jobs),
        judging,
        reference_limit: args.reference_limit,
        answers: args.answers.clone(),
        shown: args.show,
    };
    let bar = progress_bar(config.inputs.len() as u64, "cases");
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let result = suite::run_suite(&config, &tick);
    let reports = finished(bar.as_ref(), result, suite::SuiteError::interrupted).map_err(|e| {
        match e {
            // The library names no option; the command line does.
            e @ suite::SuiteError::Reference { .. } => Stop::Usage(format!(
                "{e}; raise --reference-limit or give it an X.out (boardsolve solve)"
            )),
            e => Stop::failed(e),
        }
    })?;
    let failed = reports
        .iter()
        .filter(|r| r.verdict != judge::Verdict::Accepted)
        .count();
    let again = failure_view::failing_command(args, &reports);
    let mut json = suite::JsonReport::new(&reports);
    json.failing_command.clone_from(&again);
    let written = print_report(args.json, &json, |out| {
        write_table(out, &reports, failed, again.as_deref())
    });
    if compiled.is_none()
        && reports
            .iter()
            .any(|r| matches!(r.verdict, judge::Verdict::WrongAnswer(_)))
        && let Some(note) = source::unwrapped_solution_note(&args.command, "test")
    {
        warn(note);
    }
    reported(failed > 0, written)
}

/// The cases of `paths` (folders, packages and files), refused whole
/// when a named path is missing or is no case, when none is found, or
/// when `--answers` cannot hold their answers apart.
fn case_inputs(args: &TestArgs, paths: &[PathBuf]) -> Result<Vec<PathBuf>, Stop> {
    // A path the user typed is never dropped silently: a typo would make
    // a suite pass that never ran the case meant.
    if let Some(missing) = paths.iter().find(|p| p.symlink_metadata().is_err()) {
        return Err(Stop::Usage(format!(
            "{} does not exist",
            files::shown(missing)
        )));
    }
    let found = batch::bulk_inputs(&suite::package_cases(paths)).map_err(Stop::failed)?;
    for line in found.unusable_lines() {
        warn(line);
    }
    if let Some(other) = found.inputs.iter().find(|p| !files::is_case_input(p)) {
        return Err(Stop::Usage(format!(
            "{} is not a case: case files end in .in (answers in X.out or X.ans beside them)",
            files::shown(other)
        )));
    }
    let inputs = found.inputs;
    if inputs.is_empty() {
        return Err(Stop::Usage("no *.in cases found".into()));
    }
    if let Some(dir) = &args.answers {
        if !dir.is_dir() {
            return Err(Stop::Usage(format!(
                "--answers {} is not a directory",
                files::shown(dir)
            )));
        }
        if let Some((a, b)) = suite::shared_answer(&inputs) {
            return Err(Stop::Usage(format!(
                "{} and {} would share one answer in --answers {}: test them one folder at a time",
                files::shown(a),
                files::shown(b),
                files::shown(dir)
            )));
        }
    }
    Ok(inputs)
}

/// Names, on standard error, the cases past the judge's limits: they are
/// judged all the same, but the judge itself would never give them, so a
/// failure there may not be one at the judge. Unreadable or invalid
/// inputs are left to the run, which reports them.
fn note_beyond_limits(puzzle: &dyn Puzzle, inputs: &[std::path::PathBuf]) {
    let Some(judge) = puzzle.contract().judge else {
        return;
    };
    let beyond: Vec<String> = inputs
        .iter()
        .filter_map(|path| {
            // A FIFO is read once, by the run.
            if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                return None;
            }
            let input = files::read_named(path, boardsolve::text::MAX_INPUT_BYTES).ok()?;
            match puzzle.within_limits(&input) {
                Err(Error::Refused(boardsolve::puzzles::Refusal::BeyondLimits { .. })) => {
                    Some(files::shown(path))
                }
                _ => None,
            }
        })
        .collect();
    if !beyond.is_empty() {
        warn(format_args!(
            "{} {} beyond {}'s limits ({}), judged all the same: {}",
            beyond.len(),
            if beyond.len() == 1 {
                "case is"
            } else {
                "cases are"
            },
            judge.problem,
            judge.limits.short(),
            beyond.join(", ")
        ));
    }
}

fn write_table(
    out: &mut dyn Write,
    reports: &[suite::CaseReport],
    failed: usize,
    again: Option<&str>,
) -> io::Result<()> {
    writeln!(out, "verdict   CPU ms  wall ms      peak  case")?;
    for r in reports {
        let style = if r.verdict == judge::Verdict::Accepted {
            GOOD
        } else {
            BAD
        };
        let mut notes = Vec::new();
        if r.source == suite::Source::Reference {
            notes.push("expected: reference, no .out".to_string());
        }
        if let (Some(used), Some(unused)) = (&r.answer_file, &r.unused_answer_file) {
            let name = |p: &Path| files::shown(Path::new(p.file_name().unwrap_or_default()));
            notes.push(format!(
                "expected: {}, {} not used",
                name(used),
                name(unused)
            ));
        }
        if r.rerun {
            notes.push("re-run alone".to_string());
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  ({})", notes.join("; "))
        };
        writeln!(
            out,
            "{style}{:<7}{style:#} {:>8} {:>8} {:>9}  {}{notes}",
            r.verdict.code(),
            judge::millis(r.usage.cpu),
            judge::millis(r.usage.wall),
            judge::peak(r.usage.peak_kib),
            files::shown(&r.input),
        )?;
        if r.verdict != judge::Verdict::Accepted {
            writeln!(out, "        {}", r.verdict.describe())?;
        }
    }
    failure_view::write_views(out, reports)?;
    let passed = reports.len() - failed;
    let style = if failed == 0 { GOOD } else { BAD };
    let slowest = reports.iter().max_by_key(|r| r.usage.cpu);
    let largest = reports.iter().max_by_key(|r| r.usage.peak_kib);
    let extremes = [
        (
            "slowest",
            slowest.map(|r| (r, format!("{} ms CPU", judge::millis(r.usage.cpu)))),
        ),
        (
            "largest peak",
            largest.map(|r| (r, judge::peak(r.usage.peak_kib))),
        ),
    ];
    for (title, extreme) in extremes {
        if let Some((r, what)) = extreme {
            writeln!(out, "{title}: {} ({what})", files::shown(&r.input))?;
        }
    }
    failure_view::write_failing(out, reports, again)?;
    writeln!(out, "{style}{passed} passed, {failed} failed{style:#}")
}
