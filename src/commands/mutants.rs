//! `boardsolve audit --mutants`: the set's mutation score, beside the
//! catalogue's count: a setter's mutants (wrong variants of a correct
//! solution) run on the set's sound cases under the judge's contract.

use super::exit::{Stop, warn};
use super::harness::{finished, jobs};
use super::limits;
use super::streams::progress_bar;
use super::style::{BAD, GOOD};
use crate::cli::AuditArgs;
use boardsolve::puzzles::RuleOptions;
use boardsolve::tools::audit::AuditReport;
use boardsolve::tools::files;
use boardsolve::tools::harness::Harness;
use boardsolve::tools::mutants::{
    self, Mutant, MutantsConfig, MutantsError, MutantsReport, Status,
};
use boardsolve::tools::suite;
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;

/// The mutants `--mutants` names, checked before the catalogue's work so
/// that a typo costs nothing; and every case must be a file that can be
/// read again for each mutant.
pub(crate) fn found(args: &AuditArgs, inputs: &[PathBuf]) -> Result<Vec<Mutant>, Stop> {
    let paths = mutants::find(&args.mutants).map_err(|e| match e {
        e @ (MutantsError::Missing(_) | MutantsError::Empty(_)) => {
            Stop::Usage(format!("--mutants {e}"))
        }
        e => Stop::failed(e),
    })?;
    if let Some(once) = inputs
        .iter()
        .find(|p| !std::fs::metadata(p).is_ok_and(|m| m.is_file()))
    {
        return Err(Stop::Usage(format!(
            "--mutants runs every case once per mutant: {} is not a regular file",
            files::shown(once)
        )));
    }
    Ok(mutants::named(paths))
}

/// Every mutant on the cases the audit found sound (a valid input with a
/// right answer: a kill on any other case would be no kill), in order;
/// `None` when there is no such case, said on standard error.
pub(crate) fn score(
    args: &AuditArgs,
    harness: &Harness,
    inputs: &[PathBuf],
    report: &AuditReport,
    found: &[Mutant],
) -> Result<Option<MutantsReport>, Stop> {
    let unsound: HashSet<&str> = report
        .invalid
        .iter()
        .chain(&report.wrong_answers)
        .map(|p| p.name.as_str())
        .collect();
    let sound: Vec<PathBuf> = inputs
        .iter()
        .filter(|p| !unsound.contains(files::shown(p).as_str()))
        .cloned()
        .collect();
    if sound.is_empty() {
        warn("mutants not run: no case is valid with a right answer");
        return Ok(None);
    }
    let chosen = limits::Chosen::for_puzzle(args.puzzle, args.time_limit, args.memory_limit);
    if !args.json {
        // The limits every mutant is held to, as `test` says them.
        let _ = writeln!(
            io::stderr(),
            "mutants: {} on {} {}, {}",
            found.len(),
            sound.len(),
            if sound.len() == 1 { "case" } else { "cases" },
            chosen.describe()
        );
    }
    let accepts = args.puzzle.contract().accepting(RuleOptions::Defaults);
    let config = MutantsConfig {
        puzzle: args.puzzle,
        harness,
        inputs: sound,
        limits: chosen.per_run(),
        judging: suite::judging(accepts, RuleOptions::Defaults),
        jobs: jobs(args.jobs),
        programmers: super::source::programmers(args.puzzle),
    };
    let bar = progress_bar(found.len() as u64, "mutants");
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let result = mutants::run(&config, found, &tick);
    finished(bar.as_ref(), result, MutantsError::interrupted)
        .map(Some)
        .map_err(Stop::failed)
}

/// One row per mutant: killed by which case and how, survives, or why it
/// is not counted.
pub(crate) fn write_table(out: &mut dyn Write, m: &MutantsReport) -> io::Result<()> {
    let width = m
        .mutants
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0)
        .max("mutant".len());
    writeln!(out, "{:<width$} result", "mutant")?;
    for r in &m.mutants {
        let message = r.message.as_deref().unwrap_or_default();
        let shown = match r.status {
            Status::Killed => format!(
                "{GOOD}killed by {} ({}){GOOD:#}",
                r.killed_by.as_deref().unwrap_or("-"),
                r.verdict_name.unwrap_or("-")
            ),
            Status::Survives => format!("{BAD}survives{BAD:#}"),
            Status::Unviable => "unviable: does not build (not counted)".to_string(),
            Status::NotJudged => format!("{BAD}not judged{BAD:#}: {message}"),
        };
        writeln!(out, "{:<width$} {shown}", r.name)?;
    }
    Ok(())
}

/// The score line (`mutants: 61 of 65 viable killed, 4 survive: m12,
/// ...`), and for survivors what to do about them.
pub(crate) fn write_summary(
    out: &mut dyn Write,
    m: Option<&MutantsReport>,
    all_cases: usize,
) -> io::Result<()> {
    let Some(m) = m else {
        return writeln!(
            out,
            "{BAD}mutants: not run (no case is valid with a right answer){BAD:#}"
        );
    };
    let mut line = format!("mutants: {} of {} viable killed", m.killed, m.viable);
    if !m.survivors.is_empty() {
        let verb = if m.survivors.len() == 1 {
            "survives"
        } else {
            "survive"
        };
        line += &format!(", {} {verb}: {}", m.survivors.len(), m.survivors.join(", "));
    }
    if m.unviable > 0 {
        line += &format!(", {} unviable (not built, not counted)", m.unviable);
    }
    if m.not_judged > 0 {
        line += &format!(", {} not judged", m.not_judged);
    }
    if m.cases < all_cases {
        line += &format!(
            " (on the {} of {all_cases} cases valid with a right answer)",
            m.cases
        );
    }
    let style = if m.survivors.is_empty() && m.viable > 0 {
        GOOD
    } else {
        BAD
    };
    writeln!(out, "{style}{line}{style:#}")
}

/// What a survivor may be, said once under the lines.
pub(crate) fn write_note(out: &mut dyn Write, m: Option<&MutantsReport>) -> io::Result<()> {
    if m.is_some_and(|m| !m.survivors.is_empty()) {
        writeln!(
            out,
            "a surviving mutant may be equivalent to the solution: look for an input on which its answer differs, and add that case if there is one"
        )?;
    }
    Ok(())
}
