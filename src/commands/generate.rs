//! `boardsolve gen` and `boardsolve samples`: instances and the
//! statements' examples, written to stdout or safely into a directory.

use super::exit::{Stop, failure, io_failure, warn};
use super::signals;
use super::streams::need_stdout;
use crate::cli::{GenArgs, SamplesArgs};
use boardsolve::puzzles::{RuleOptions, TextForm};
use boardsolve::tools::files::{self, Existing};
use boardsolve::tools::harness::Harness;
use boardsolve::tools::{audit, generate, killer_cache, source};
use std::io::{self, Write};

pub(crate) fn generate_command(args: &GenArgs, harness: &Harness) -> Result<(), Stop> {
    let opts = &args.sizes.options();
    let usage = |e| failure(e, "gen");
    if let Some(beyond) = args.puzzle.contract().beyond(opts, RuleOptions::Defaults) {
        warn(format_args!("gen {}: {beyond}", args.puzzle.name()));
    }
    if args.killers {
        return killers_command(args, harness);
    }
    match &args.out_dir {
        None if args.count > 1 => Err(Stop::Usage(
            "--count above 1 needs --out-dir (one file per instance)".into(),
        )),
        None => {
            need_stdout()?;
            let text = generate::instance(args.puzzle, args.seed, 0, opts).map_err(usage)?;
            io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|e| io_failure(e, "cannot write"))
        }
        Some(dir) => {
            let width = args.count.to_string().len().max(3);
            let count = usize::try_from(args.count).expect("--count is at most 10^6");
            write_set(
                harness,
                dir,
                count,
                |case| dir.join(format!("{:0width$}.in", case + 1)),
                |case| answers_of(&dir.join(format!("{:0width$}.in", case + 1))),
                args.force,
                |case| generate::instance(args.puzzle, args.seed, case as u64, opts).map_err(usage),
            )
        }
    }
}

/// `gen --killers`: the killer set with its answers, and a note of what
/// it kills on standard error.
fn killers_command(args: &GenArgs, harness: &Harness) -> Result<(), Stop> {
    let dir = args.out_dir.as_ref().expect("clap requires --out-dir");
    if !args.sizes.options().flags().is_empty() {
        return Err(Stop::Usage(
            "--killers makes its own sizes, inside the judge's limits; it takes no size option, --hard or --format".into(),
        ));
    }
    let budget = audit::KILLER_BUDGET;
    let audit::KillerSet {
        set,
        unkilled,
        tried,
        ..
    } = killer_cache::killers(
        args.puzzle,
        args.seed,
        budget,
        source::cache_root_if_on().as_deref(),
    );
    let answers = set
        .iter()
        .map(|k| {
            let answer = args
                .puzzle
                .judge_answer(k.input.as_bytes(), RuleOptions::Defaults)
                .map_err(|e| failure(e, "gen"))?;
            Ok(String::from_utf8_lossy(&answer).into_owned())
        })
        .collect::<Result<Vec<String>, Stop>>()?;
    let pairs: Vec<(String, String)> = set
        .iter()
        .zip(answers)
        .map(|(k, answer)| (k.input.clone(), answer))
        .collect();
    write_pairs(harness, dir, &pairs, 3, args.force)?;
    let mut err = io::stderr();
    for (i, k) in set.iter().enumerate() {
        let _ = writeln!(err, "{:03}.in kills [{}]", i + 1, k.kills.join("], ["));
    }
    if !unkilled.is_empty() {
        let _ = writeln!(
            err,
            "not killed by any of the {tried} generated cases tried (not killable within the limits as far as they tell): [{}]",
            unkilled.join("], [")
        );
    }
    if set.is_empty() {
        let _ = writeln!(
            err,
            "no case kills a mistake of the catalogue: nothing written"
        );
    }
    Ok(())
}

/// Writes `pairs` of (input, answer) as `1.in`, `1.out`, `2.in`, ... into
/// `dir`, the numbers padded to `width` digits, all or nothing.
fn write_pairs(
    harness: &Harness,
    dir: &std::path::Path,
    pairs: &[(String, String)],
    width: usize,
    force: bool,
) -> Result<(), Stop> {
    write_set(
        harness,
        dir,
        2 * pairs.len(),
        |i| {
            let ext = if i % 2 == 0 { "in" } else { "out" };
            dir.join(format!("{:0width$}.{ext}", i / 2 + 1))
        },
        // Before the input, so that no moment holds the new input beside
        // the old answer; the `.out` is written again right after it.
        |i| {
            if i % 2 == 0 {
                answers_of(&dir.join(format!("{:0width$}.in", i / 2 + 1)))
            } else {
                Vec::new()
            }
        },
        force,
        |i| {
            let (input, answer) = &pairs[i / 2];
            Ok(if i % 2 == 0 { input } else { answer }.clone())
        },
    )
}

/// The answer files `test` would take for the input at `input`.
fn answers_of(input: &std::path::Path) -> Vec<std::path::PathBuf> {
    ["out", "ans"]
        .iter()
        .map(|ext| input.with_extension(ext))
        .collect()
}

/// Creates `dir` and writes `count` files into it, file `i` at `target(i)`
/// with the text `text(i)`. All or nothing: unless `force`, an existing
/// target is refused before any file is written (a half-written set would
/// mix two runs). With `force`, the files `stale(i)` are removed before
/// file `i` is written (the answers of the input it replaces, which would
/// make `test` fail the reference solver itself), and those not written
/// again are named on standard error.
fn write_set(
    harness: &Harness,
    dir: &std::path::Path,
    count: usize,
    target: impl Fn(usize) -> std::path::PathBuf,
    stale: impl Fn(usize) -> Vec<std::path::PathBuf>,
    force: bool,
    mut text: impl FnMut(usize) -> Result<String, Stop>,
) -> Result<(), Stop> {
    signals::stop_cleanly(harness)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| Stop::system(format!("cannot create {}", files::shown(dir)), e))?;
    let existing = if force {
        Existing::Replace
    } else {
        if let Some(taken) = (0..count)
            .map(&target)
            .find(|p| p.symlink_metadata().is_ok())
        {
            return Err(Stop::Usage(format!(
                "{} already exists (--force overwrites)",
                files::shown(&taken)
            )));
        }
        Existing::Refuse
    };
    let mut removed = Vec::new();
    for i in 0..count {
        let text = text(i)?;
        let path = target(i);
        if force {
            for answer in stale(i) {
                match std::fs::remove_file(&answer) {
                    Ok(()) => removed.push(answer),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    Err(e) => {
                        return Err(Stop::system(
                            format!("cannot remove {}", files::shown(&answer)),
                            e,
                        ));
                    }
                }
            }
        }
        files::write_file(harness, &path, existing, |w| w.write_all(text.as_bytes()))
            .map_err(|e| Stop::system(format!("cannot write {}", files::shown(&path)), e))?;
    }
    let written: std::collections::HashSet<_> = (0..count).map(&target).collect();
    removed.retain(|p| !written.contains(p));
    if !removed.is_empty() {
        let shown: Vec<String> = removed
            .iter()
            .take(SHOWN_ANSWERS)
            .map(|p| {
                p.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            })
            .collect();
        let more = if removed.len() > SHOWN_ANSWERS {
            ", ..."
        } else {
            ""
        };
        let _ = writeln!(
            io::stderr(),
            "removed {} answer{} of the replaced inputs: {}{more}",
            removed.len(),
            if removed.len() == 1 { "" } else { "s" },
            shown.join(", ")
        );
    }
    Ok(())
}

/// How many removed answers `gen --force` names before `...`.
const SHOWN_ANSWERS: usize = 6;

/// The statement's examples as `1.in`, `1.out`, ...: every target is
/// checked before any is written, as `gen --out-dir` does.
pub(crate) fn samples_command(args: &SamplesArgs, harness: &Harness) -> Result<(), Stop> {
    let samples = args
        .puzzle
        .samples(args.format.map(TextForm::from))
        .map_err(|e| failure(e, "samples"))?;
    if samples.is_empty() {
        return Err(Stop::Usage(format!(
            "no statement examples for {}",
            args.puzzle.name()
        )));
    }
    write_pairs(harness, &args.out_dir, &samples, 1, args.force)
}
