//! `boardsolve package`: a problem package for a judge's number, written
//! whole into a temporary directory beside the target and renamed into
//! place, so that a failed or interrupted run leaves no half package.

use super::exit::{Stop, failure, io_failure, warn};
use super::harness;
use super::signals;
use super::streams::need_stdout;
use super::style::GOOD;
use crate::cli::PackageArgs;
use boardsolve::tools::harness::Harness;
use boardsolve::tools::package::{self, timing};
use boardsolve::tools::{cleanup, files};
use std::io::Write;
use std::path::Path;

/// `boardsolve package`: checks where the package goes, builds it, writes
/// it into a staging folder (measuring its time limit there), renames it
/// into place and reports what it holds.
pub(crate) fn package(args: &PackageArgs, harness: &Harness) -> Result<(), Stop> {
    need_stdout()?;
    signals::stop_cleanly(harness)?;
    let dir = &args.out_dir;
    let replace = may_replace(args)?;
    let place = place_of(dir);
    let mut made = package::package(
        args.puzzle,
        args.seed,
        args.format.into(),
        &place.to_string_lossy(),
    )
    .map_err(|e| failure(e, "package"))?;
    if let Some(seconds) = args.time_limit {
        made.set_time_limit(
            seconds,
            vec![format!("time_limit {seconds} s: stated with --time-limit")],
        );
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent)
        .map_err(|e| Stop::system(format!("cannot create {}", files::shown(parent)), e))?;
    // Registered, so that a signal removes a half-written package.
    let staging = cleanup::TemporaryDir::new(harness, || {
        tempfile::Builder::new()
            .prefix(".boardsolve-package-")
            .tempdir_in(parent)
    })
    .map_err(|e| Stop::system("cannot create a temporary directory", e))?;
    let timing = stage(args, harness, &staging, &mut made)?;
    install(staging, dir, replace)?;
    report(args, &made, &timing)
}

/// Whether `--out-dir` is to be replaced: it does not exist (no), is an
/// empty directory (yes), or holds something, which only `--force` replaces.
fn may_replace(args: &PackageArgs) -> Result<bool, Stop> {
    let dir = &args.out_dir;
    match std::fs::symlink_metadata(dir) {
        Err(_) => Ok(false),
        Ok(meta) if meta.is_dir() && is_empty(dir) => Ok(true),
        Ok(_) if args.force => Ok(true),
        Ok(_) => Err(Stop::Usage(format!(
            "{} already exists and is not an empty directory (--force replaces it)",
            files::shown(dir)
        ))),
    }
}

/// Writes every file of `made` into `staging` and, unless `--time-limit`
/// states one, measures the time limit on the package as written (its own
/// submissions on its own data) and writes `problem.yaml` again with it.
/// Returns the timing lines to report.
fn stage(
    args: &PackageArgs,
    harness: &Harness,
    staging: &cleanup::TemporaryDir,
    made: &mut package::Package,
) -> Result<Vec<String>, Stop> {
    let write = |file: &package::PackageFile| {
        // Under the registry's lock, so that a signal's removal of the
        // staging folder never races a write into it.
        staging
            .write(&file.path, &file.bytes)
            .map_err(|e| Stop::system(format!("cannot write {}", file.path), e))
    };
    for file in &made.files {
        write(file)?;
    }
    if args.time_limit.is_some() {
        return Ok(Vec::new());
    }
    match timing::measure(harness, args.puzzle, staging.path(), harness::jobs(None)) {
        Ok(limit) => {
            if let Some(why) = &limit.warning {
                warn(format_args!("{why}"));
            }
            let lines = limit.lines.clone();
            made.set_time_limit(limit.seconds, limit.lines);
            write(&made.files[0])?;
            Ok(lines)
        }
        Err(e) if e.interrupted() => signals::wait_for_exit(),
        Err(e) => {
            warn(format_args!(
                "no time limit measured ({e}); problem.yaml states none, so a judge infers one from the submissions"
            ));
            Ok(Vec::new())
        }
    }
}

/// Renames the staged package to `dir`, swapping it with the old one
/// when `replace`.
fn install(staging: cleanup::TemporaryDir, dir: &Path, replace: bool) -> Result<(), Stop> {
    let renamed = |e| {
        Stop::system(
            format!("cannot rename the package to {}", files::shown(dir)),
            e,
        )
    };
    if replace {
        // One step for a signal: the old package and the new one are
        // swapped and the old one removed while a stop waits, so the
        // directory holds one of them, whole, whenever boardsolve stops.
        if let Some((left, e)) = staging.replace(dir).map_err(renamed)? {
            warn(format_args!(
                "cannot remove the old package, left at {}: {e}",
                files::shown(&left)
            ));
        }
    } else {
        staging.persist(dir).map_err(renamed)?;
    }
    Ok(())
}

/// What the written package holds: cases by kind, the time limit's
/// lines, the invalid inputs, how to check it, and a warning for any
/// catalogued mistake its secret data does not kill.
fn report(args: &PackageArgs, made: &package::Package, timing: &[String]) -> Result<(), Stop> {
    let shown = files::shown(&args.out_dir);
    let count = |prefix: &str| {
        made.files
            .iter()
            .filter(|f| f.path.starts_with(prefix) && f.path.ends_with(".in"))
            .count()
    };
    if !made.unkilled.is_empty() {
        warn(format_args!(
            "the secret data does not kill [{}]: none of {} generated cases kills {} (noted in problem.yaml)",
            made.unkilled.join("], ["),
            made.searched,
            if made.unkilled.len() == 1 {
                "it"
            } else {
                "them"
            }
        ));
    }
    let mut out = anstream::stdout().lock();
    writeln!(
        out,
        "{GOOD}wrote {shown}{GOOD:#}: {} sample and {} secret cases ({} killers, {} edge cases, {} random)",
        count("data/sample/"),
        count("data/secret/"),
        count("data/secret/killer-"),
        count("data/secret/edge-"),
        count("data/secret/random-"),
    )
    .and_then(|()| timing.iter().try_for_each(|line| writeln!(out, "{line}")))
    .and_then(|()| {
        writeln!(
            out,
            "{} invalid inputs (data/invalid_input/)",
            count("data/invalid_input/")
        )
    })
    .and_then(|()| match package::Format::from(args.format) {
        package::Format::Current => writeln!(
            out,
            "check it with: cd {shown} && bt validate && bt run  (bt is BAPCtools: pipx install bapctools, or pip install bapctools)"
        ),
        package::Format::Draft2023 => writeln!(
            out,
            "check it with: verifyproblem {shown}  (problemtools: pipx install problemtools, or pip install problemtools)"
        ),
    })
    .map_err(|e| io_failure(e, "cannot write"))
}

/// Where `dir` is, as BAPCtools names a problem: its parent's canonical
/// path (when the parent exists yet) and its own name. The package's
/// UUID is drawn from it, so that packages of one judge in two folders
/// differ, as `bt validate` asks, while the same folder gets the same one.
fn place_of(dir: &Path) -> std::path::PathBuf {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => std::fs::canonicalize(parent)
            .map_or_else(|_| absolute.clone(), |parent| parent.join(name)),
        _ => std::fs::canonicalize(&absolute).unwrap_or(absolute),
    }
}

/// Whether `dir` is a directory with nothing in it.
fn is_empty(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}
