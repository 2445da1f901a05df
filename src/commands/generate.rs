//! `boardsolve gen` and `boardsolve samples`: instances and the
//! statements' examples, written to stdout or safely into a directory.

use super::*;
use crate::cli::{GenArgs, SamplesArgs};
use boardsolve::tools::files::{self, Existing};
use boardsolve::tools::generate;
use std::io::{self, Write};

pub(crate) fn generate_command(args: &GenArgs) -> Result<(), Stop> {
    let opts = &args.sizes;
    let usage = |e| failure(e, "gen");
    match &args.out_dir {
        None if args.count > 1 => Err(Stop::Usage(
            "boardsolve: --count above 1 needs --out-dir (one file per instance)".into(),
        )),
        None => {
            need_stdout()?;
            let text = generate::instance(args.puzzle, args.seed, 0, opts).map_err(usage)?;
            io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|e| io_failure(&e, "cannot write"))
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                Stop::Usage(format!(
                    "boardsolve: cannot create {}: {e}",
                    files::shown(dir)
                ))
            })?;
            let width = args.count.to_string().len().max(3);
            let path = |case: u64| dir.join(format!("{:0width$}.in", case + 1));
            let existing = if args.force {
                Existing::Replace
            } else {
                // All or nothing: a half-written set would mix two seeds.
                if let Some(taken) = (0..args.count)
                    .map(path)
                    .find(|p| p.symlink_metadata().is_ok())
                {
                    return Err(Stop::Usage(format!(
                        "boardsolve: {} already exists (--force overwrites)",
                        files::shown(&taken)
                    )));
                }
                Existing::Refuse
            };
            for case in 0..args.count {
                let text = generate::instance(args.puzzle, args.seed, case, opts).map_err(usage)?;
                let target = path(case);
                files::write_file(&target, existing, |w| w.write_all(text.as_bytes())).map_err(
                    |e| {
                        Stop::Usage(format!(
                            "boardsolve: cannot write {}: {e}",
                            files::shown(&target)
                        ))
                    },
                )?;
            }
            Ok(())
        }
    }
}

/// The statement's examples as `1.in`, `1.out`, ...: every target is
/// checked before any is written, as `gen --out-dir` does.
pub(crate) fn samples_command(args: &SamplesArgs) -> Result<(), Stop> {
    let samples = args
        .puzzle
        .samples(args.format)
        .map_err(|e| failure(e, "samples"))?;
    if samples.is_empty() {
        return Err(Stop::Usage(format!(
            "boardsolve: no statement examples for {}",
            args.puzzle.name()
        )));
    }
    let dir = &args.out_dir;
    std::fs::create_dir_all(dir).map_err(|e| {
        Stop::Usage(format!(
            "boardsolve: cannot create {}: {e}",
            files::shown(dir)
        ))
    })?;
    let files: Vec<(std::path::PathBuf, &str)> = samples
        .iter()
        .enumerate()
        .flat_map(|(k, (input, answer))| {
            [
                (dir.join(format!("{}.in", k + 1)), input.as_str()),
                (dir.join(format!("{}.out", k + 1)), answer.as_str()),
            ]
        })
        .collect();
    let existing = if args.force {
        Existing::Replace
    } else {
        if let Some((taken, _)) = files.iter().find(|(p, _)| p.symlink_metadata().is_ok()) {
            return Err(Stop::Usage(format!(
                "boardsolve: {} already exists (--force overwrites)",
                files::shown(taken)
            )));
        }
        Existing::Refuse
    };
    for (target, text) in &files {
        files::write_file(target, existing, |w| w.write_all(text.as_bytes())).map_err(|e| {
            Stop::Usage(format!(
                "boardsolve: cannot write {}: {e}",
                files::shown(target)
            ))
        })?;
    }
    Ok(())
}
