//! `boardsolve audit`: a test set against its judge's contract and the
//! catalogue of classic mistakes.

use super::*;
use crate::cli::AuditArgs;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::tools::audit::{self, AuditReport, Case, Search};
use boardsolve::tools::{batch, files, suite};
use std::io::{self, Write};

pub(crate) fn audit(args: &AuditArgs) -> Result<(), Stop> {
    need_stdout()?;
    let found = batch::bulk_inputs(&suite::package_cases(&args.paths)).map_err(Stop::failed)?;
    for (path, what) in &found.unusable {
        warn(format_args!("skipped: {} ({what})", files::shown(path)));
    }
    if found.inputs.is_empty() {
        return Err(Stop::Usage("no *.in cases found".into()));
    }
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
    let written = print_report(args.json, &report, |out| write_report(out, &report));
    harness::reported(!report.passed(), written)
}

/// The report as a table: problems first, then one row per mistake with
/// the first cases that kill it.
fn write_report(out: &mut dyn Write, r: &AuditReport) -> io::Result<()> {
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
    if !r.mistakes.is_empty() {
        // What the count does not promise.
        writeln!(
            out,
            "the catalogue is a list of classic mistakes, not every bug: a set that kills them all can still pass a wrong program, so stress your own solution too"
        )?;
    }
    Ok(())
}
