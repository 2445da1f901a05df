//! `boardsolve solve`: one input to stdout (with pictures and pages), or
//! many to their `.out` files.

use super::exit::{Status, Stop, failure, warn};
use super::search_line::{ClearsLine, SearchLine};
use super::signals;
use super::streams::{need_stdout, progress_bar, read_input};
use crate::cli::SolveArgs;
use boardsolve::puzzles::{Drawing, Error, Flag, OutputFormat, RuleOptions, SolveOptions};
use boardsolve::search::context::RunContext;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::tools::batch;
use boardsolve::tools::files::{self, Existing};
use boardsolve::tools::harness::Harness;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub(crate) fn solve(args: &SolveArgs, harness: &Harness) -> Result<(), Stop> {
    let options = SolveOptions {
        // Refused, for a puzzle that does not take it, by each solve.
        rules: args.moves.map_or(RuleOptions::Defaults, RuleOptions::Moves),
        context: RunContext::new(),
        format: if args.json {
            OutputFormat::Json
        } else if args.explain {
            OutputFormat::Explain
        } else {
            OutputFormat::Judge
        },
    };
    note_beyond_judge(args, options.rules);
    let bulk = args.inputs.len() > 1
        || args.out_dir.is_some()
        || args.bulk
        || args.inputs.iter().any(|p| p.is_dir());
    // Only a search that can stop early with what it proved takes a
    // time limit; the others are asked nothing.
    let stoppable = args.puzzle.takes(&[Flag::TimeLimit]).is_ok();
    if args.time_limit.is_some() {
        args.puzzle
            .takes(&[Flag::TimeLimit])
            .map_err(|e| failure(e, "solve"))?;
    }
    if bulk {
        if args.time_limit.is_some() {
            return Err(Stop::Usage(
                "--time-limit stops the search of a single input".into(),
            ));
        }
        return solve_many(args, &options, harness);
    }
    need_stdout()?;
    let (source, input) = read_input(
        args.inputs.first().map(std::path::PathBuf::as_path),
        MAX_INPUT_BYTES,
    )?;
    // Before the pictures, whose searches are as long as the answer's:
    // the line, the time limit and Ctrl-C cover them too. Ctrl-C first,
    // before any thread starts (see `signals`).
    if stoppable {
        signals::stop_search_on_ctrl_c(&options.context)?;
    }
    // Dropped on every return, so the line is gone before main reports.
    let line = stoppable.then(|| SearchLine::start(&options.context));
    if stoppable && let Some(limit) = args.time_limit {
        options.context.stop_after(limit);
        if let Some(line) = &line {
            line.time_limit(limit);
        }
    }
    let drawings: Vec<Drawing> = [(&args.svg, Drawing::Svg), (&args.html, Drawing::Html)]
        .into_iter()
        .filter_map(|(path, drawing)| path.is_some().then_some(drawing))
        .collect();
    // The pictures come first: if one cannot be written, the run fails
    // with nothing on standard output, as every failed run does.
    let mut not_saved = None;
    let mut save = |drawing: Drawing, text: String| {
        let path = match drawing {
            Drawing::Svg => args.svg.as_ref(),
            Drawing::Html => args.html.as_ref(),
        };
        let Some(path) = path else {
            return Ok(());
        };
        let input = args.inputs.first();
        write_output_file(harness, path, text.as_bytes(), input, args.force).map_err(|stop| {
            not_saved = Some(stop);
            Error::NotSaved
        })
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, ClearsLine::new(stdout.lock(), line.as_ref()));
    let result = args
        .puzzle
        .solve_drawing(&input, &options, &drawings, &mut save, &mut out)
        .and_then(|()| out.flush().map_err(Error::from));
    if let Some(stop) = not_saved {
        return Err(stop);
    }
    match result {
        Err(Error::Unfinished { lower, upper }) => {
            if let Some(line) = &line {
                line.finish();
            }
            Err(unfinished(args, lower, upper))
        }
        result => result.map_err(|e| failure(e, &source)),
    }
}

/// Reports a search stopped before it proved the answer: the bounds on
/// stderr (and as JSON on stdout with --json), status 130 after Ctrl-C and
/// 3 after --time-limit.
pub(crate) fn unfinished(args: &SolveArgs, lower: u128, upper: u128) -> Stop {
    if args.json {
        let json = bounds_json(lower, upper);
        if writeln!(io::stdout(), "{json}").is_err() {
            return Stop::Quiet;
        }
    }
    let (when, status) = if signals::interrupted() {
        ("before Ctrl-C".to_string(), Status::Interrupted)
    } else {
        let limit = args.time_limit.unwrap_or_default();
        (
            format!("within {}", crate::values::duration_text(limit)),
            Status::TimeLimit,
        )
    };
    Stop::Bounds(
        format!("no exact answer {when}: at least {lower}, at most {upper}"),
        status,
    )
}

/// The bounds of an unfinished search as `--json` prints them.
fn bounds_json(lower: u128, upper: u128) -> String {
    /// serde_json writes `u128` fields as plain integers (blocks reach
    /// 2^75, past `u64`).
    #[derive(serde::Serialize)]
    struct Bounds {
        exact: bool,
        lower: u128,
        upper: u128,
    }
    serde_json::to_string(&Bounds {
        exact: false,
        lower,
        upper,
    })
    .expect("a struct of integers serializes")
}

/// Says when a judge's number is asked another K, a question the judge
/// never asks (as gen and stress say it); the run still answers it.
fn note_beyond_judge(args: &SolveArgs, rules: RuleOptions) {
    if args.puzzle.takes(&[Flag::Moves]).is_ok()
        && let Some(beyond) = args
            .puzzle
            .contract()
            .beyond(&boardsolve::puzzles::GenOptions::default(), rules)
    {
        warn(format_args!("solve {}: {beyond}", args.puzzle.name()));
    }
}

/// Writes a picture or a page the user named, like the shell's `>` but
/// all or nothing (see [`files::write_file`]), never over the input it
/// was made from, and over an existing file only with `force` (a device
/// or a pipe, such as `/dev/stdout`, is written to as it is).
pub(crate) fn write_output_file(
    harness: &Harness,
    path: &std::path::Path,
    bytes: &[u8],
    input: Option<&std::path::PathBuf>,
    force: bool,
) -> Result<(), Stop> {
    let cannot = |e| Stop::system(format!("cannot write {}", files::shown(path)), e);
    if let Some(input) = input
        && let (Ok(a), Ok(b)) = (input.canonicalize(), path.canonicalize())
        && a == b
    {
        return Err(cannot(io::Error::other("it is the input file")));
    }
    if !force && std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Err(Stop::Usage(format!(
            "{} exists (--force replaces it)",
            files::shown(path)
        )));
    }
    files::write_file(harness, path, Existing::Follow, |w| w.write_all(bytes)).map_err(cannot)
}

/// Several files: NAME.out for each, in parallel; every bad file reported.
pub(crate) fn solve_many(
    args: &SolveArgs,
    options: &SolveOptions,
    harness: &Harness,
) -> Result<(), Stop> {
    signals::stop_cleanly(harness)?;
    if args.svg.is_some() || args.html.is_some() {
        return Err(Stop::Usage(
            "--svg and --html draw one instance; give a single input".into(),
        ));
    }
    let found = batch::bulk_inputs(&args.inputs).map_err(Stop::failed)?;
    for line in found.unusable_lines() {
        warn(line);
    }
    if !found.skipped.is_empty() {
        let names: Vec<String> = found.skipped.iter().map(|p| files::shown(p)).collect();
        warn(format_args!(
            "skipping {} (answers of an earlier run, beside their .in)",
            names.join(", ")
        ));
    }
    if found.inputs.is_empty() {
        return Err(Stop::Usage(
            "no input files to solve (--out-dir and --bulk need some; a directory gives its *.in)"
                .into(),
        ));
    }
    let outputs = batch::Outputs {
        dir: args.out_dir.as_deref(),
        format: options.format,
        replace: args.force,
    };
    batch::check_outputs(&found.inputs, outputs).map_err(|e| match e {
        // The library names no option; the command line does.
        batch::Clash::SameOutput { .. } => {
            Stop::Usage(format!("{e}; solve them into different --out-dir"))
        }
        batch::Clash::Exists { .. } => Stop::Usage(format!("{e} (--force replaces it)")),
        e => Stop::failed(e),
    })?;
    // Made only once nothing is refused, and taken away again when no
    // answer was written into it: a refused or failed run leaves no trace.
    let made = match &args.out_dir {
        Some(dir) => made_folders(dir)
            .map_err(|e| Stop::system(format!("cannot create {}", files::shown(dir)), e))?,
        None => Vec::new(),
    };
    let bar = progress_bar(found.inputs.len() as u64, "files");
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let results = batch::solve_files(harness, args.puzzle, &found.inputs, outputs, options, &tick);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let failed: Vec<_> = results.into_iter().filter_map(|r| r.result.err()).collect();
    let mut err = io::stderr().lock();
    for message in &failed {
        let _ = writeln!(err, "{message}");
    }
    if failed.is_empty() {
        Ok(())
    } else {
        if failed.len() == found.inputs.len() {
            // Only empty folders go: what appeared there meanwhile stays.
            for folder in made.iter().rev() {
                let _ = std::fs::remove_dir(folder);
            }
        }
        Err(Stop::Usage(format!(
            "{} of {} files failed",
            failed.len(),
            found.inputs.len()
        )))
    }
}

/// Makes `dir` and the folders above it that are missing, as `mkdir -p`
/// does, and returns those it made, the outermost first.
fn made_folders(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .take_while(|a| a.symlink_metadata().is_err())
        .collect();
    std::fs::create_dir_all(dir)?;
    Ok(missing.into_iter().rev().map(Path::to_path_buf).collect())
}

#[cfg(test)]
mod tests {
    use super::bounds_json;

    #[test]
    fn bounds_past_u64_are_plain_integers() {
        assert_eq!(
            bounds_json(1 << 70, 3 << 75),
            r#"{"exact":false,"lower":1180591620717411303424,"upper":113336795588871485128704}"#
        );
        assert_eq!(bounds_json(4, 8), r#"{"exact":false,"lower":4,"upper":8}"#);
    }
}
