//! `boardsolve test`: the local judge and its table.

use super::failure_view;
use super::harness::{finished, jobs, reported};
use super::source;
use super::*;
use crate::cli::TestArgs;
use boardsolve::puzzles::{Accepts, Error, Puzzle, RuleOptions};
use boardsolve::tools::files::{self};
use boardsolve::tools::harness::Harness;
use boardsolve::tools::{batch, judge, suite};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub(crate) fn test_command(args: &TestArgs, harness: &Harness) -> Result<(), Stop> {
    // Refused before anything runs.
    let rules = args
        .rules
        .options(args.puzzle)
        .map_err(|e| failure(e, "test"))?;
    if args.json {
        signals::stops_in_json();
    }
    if args.watch {
        return watch(args, rules, harness);
    }
    // The cases first: nothing is compiled for a run with nothing to run.
    let paths = case_paths(args)?;
    let prepared = source::prepare(
        harness,
        args.puzzle,
        &args.command,
        args.compile_flags.as_deref(),
    )?;
    run_once(args, rules, prepared, &paths, harness)
}

/// The paths named, or `tests/` (else `test/`) when none is.
fn case_paths(args: &TestArgs) -> Result<Vec<PathBuf>, Stop> {
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
fn run_once(
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
    let accepts = args.puzzle.contract().accepting(rules);
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
        time_limit: chosen.time,
        memory_limit: chosen.memory,
        jobs: jobs(args.limits.jobs),
        checker: accepts != Accepts::Exact,
        // The checker holds `tromino` to the placement order unasked, as
        // its contract does.
        rules: match accepts {
            Accepts::PlacementOrder => RuleOptions::PlacementOrder,
            _ => rules,
        },
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

/// `test --watch`: the suite run again, with a fresh table, each time the
/// source file, the program or a case changes, until Ctrl-C (which stops
/// the runs and exits as any stop by a signal does).
fn watch(args: &TestArgs, rules: RuleOptions, harness: &Harness) -> Result<(), Stop> {
    // Before the watcher's thread: every thread must inherit the blocked
    // signals.
    need_stdout()?;
    signals::stop_cleanly(harness)?;
    let paths = case_paths(args)?;
    let program = args
        .command
        .first()
        .map(PathBuf::from)
        .filter(|p| p.is_file());
    let (events, changes) = std::sync::mpsc::channel();
    let mut watcher = notify::recommended_watcher(events)
        .map_err(|e| Stop::Usage(format!("--watch: cannot watch files: {e}")))?;
    watch_folders(&mut watcher, program.iter().chain(&paths))?;
    let watched = Watched::new(program.as_deref(), &paths);
    let mut round = 1u64;
    loop {
        let result = source::prepare(
            harness,
            args.puzzle,
            &args.command,
            args.compile_flags.as_deref(),
        )
        .and_then(|prepared| run_once(args, rules, prepared, &paths, harness));
        match result {
            Ok(()) | Err(Stop::Found) => {}
            Err(Stop::Quiet) => return Err(Stop::Quiet),
            Err(stop) => {
                let _ = exit::report(Err(stop));
            }
        }
        let _ = writeln!(
            io::stderr(),
            "watching for changes (round {round}; Ctrl-C stops)"
        );
        // The first change that matters, then whatever follows it within
        // a moment (an editor saves in several steps).
        loop {
            match changes.recv() {
                Ok(Ok(event))
                    if !matches!(event.kind, notify::EventKind::Access(_))
                        && event.paths.iter().any(|p| watched.matters(p)) =>
                {
                    break;
                }
                Ok(_) => {}
                Err(_) => return Err(Stop::Usage("--watch: the file watcher stopped".into())),
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
        while changes.try_recv().is_ok() {}
        round += 1;
        let _ = writeln!(io::stderr(), "\n--- changed: round {round} ---");
    }
}

/// Watches the folder of each of `paths` (a folder itself for a folder of
/// cases), each once: file events come from folders, and an editor's save
/// often replaces the file rather than writing into it.
fn watch_folders<'a>(
    watcher: &mut impl notify::Watcher,
    paths: impl Iterator<Item = &'a PathBuf>,
) -> Result<(), Stop> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for path in paths {
        let folder = if path.is_dir() {
            path.clone()
        } else {
            match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            }
        };
        if !folders.contains(&folder) {
            watcher
                .watch(&folder, notify::RecursiveMode::NonRecursive)
                .map_err(|e| {
                    Stop::Usage(format!(
                        "--watch: cannot watch {}: {e}",
                        files::shown(&folder)
                    ))
                })?;
            folders.push(folder);
        }
    }
    Ok(())
}

/// The files whose change starts a new round of `--watch`: the program's
/// source, the cases named and their answers, and the cases and answers
/// in the folders named; all canonical, as the watcher reports them.
struct Watched {
    program: Option<PathBuf>,
    case_files: Vec<PathBuf>,
    case_dirs: Vec<PathBuf>,
}

impl Watched {
    fn new(program: Option<&Path>, paths: &[PathBuf]) -> Watched {
        let (dirs, files): (Vec<&PathBuf>, Vec<&PathBuf>) = paths.iter().partition(|p| p.is_dir());
        Watched {
            program: program.map(canonical),
            case_files: files.into_iter().map(|p| canonical(p)).collect(),
            case_dirs: dirs.into_iter().map(|p| canonical(p)).collect(),
        }
    }

    fn matters(&self, path: &Path) -> bool {
        let Some(name) = path.file_name() else {
            return false;
        };
        let path = path
            .parent()
            .map_or_else(|| path.to_path_buf(), |dir| canonical(dir).join(name));
        let case_or_answer = |e: &std::ffi::OsStr| e == "in" || e == "out" || e == "ans";
        self.program.as_ref() == Some(&path)
            || self.case_files.iter().any(|c| {
                *c == path || c.with_extension("out") == path || c.with_extension("ans") == path
            })
            || (self
                .case_dirs
                .iter()
                .any(|d| path.parent() == Some(d.as_path()))
                && path.extension().is_some_and(case_or_answer))
    }
}

/// `p` made canonical where it can be (a file being replaced may be
/// missing for a moment), else as given.
fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
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

pub(crate) fn write_table(
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
