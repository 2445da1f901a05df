//! The `boardsolve` command: parses arguments, reads input, maps results to
//! exit codes (0 success, 1 wrong answer found, 2 bad input or usage).

mod cli;

use boardsolve::puzzles::{CheckOptions, Error, OutputFormat, SolveOptions};
use boardsolve::text::Verdict;
use boardsolve::text::{MAX_INPUT_BYTES, read_limited};
use boardsolve::tools::files::{self, Existing};
use boardsolve::tools::{batch, diagnose, generate, stress};
use clap::{CommandFactory, Parser};
use cli::{CheckArgs, Cli, ColorWhen, Command, GenArgs, SamplesArgs, SolveArgs, StressArgs};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

/// Errors and wrong verdicts (shown only where colour is on).
const BAD: anstyle::Style = anstyle::AnsiColor::Red.on_default().bold();
/// Right verdicts.
const GOOD: anstyle::Style = anstyle::AnsiColor::Green.on_default().bold();

/// How a run failed, already worded for the user.
enum Stop {
    /// Bad input or usage: exit status 2.
    Usage(String),
    /// A check or stress run found a wrong answer: exit status 1. The
    /// report is already printed.
    Found,
    /// The output went away (a closed pipe): stop quietly, status 0.
    Quiet,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if let Some(hint) = separator_hint(&e) {
                let _ = writeln!(io::stderr(), "{hint}");
                return ExitCode::from(2);
            }
            e.exit()
        }
    };
    anstream::ColorChoice::write_global(match cli.color {
        ColorWhen::Auto => anstream::ColorChoice::Auto,
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    });
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(&args),
        Command::Gen(args) => generate_command(&args),
        Command::Stress(args) => stress_command(&args),
        Command::Samples(args) => samples_command(&args),
        Command::Completions(args) => completions(args.shell),
        Command::Man => man_page(),
    };
    match result {
        Ok(()) | Err(Stop::Quiet) => ExitCode::SUCCESS,
        Err(Stop::Found) => ExitCode::from(1),
        Err(Stop::Usage(message)) => {
            // Ignore a failure to report: there is nowhere left to report it.
            let _ = writeln!(anstream::stderr(), "{BAD}{message}{BAD:#}");
            ExitCode::from(2)
        }
    }
}

/// A one-line hint for a `stress` command line whose program is not after
/// `--` (clap would only say "unexpected argument"), showing where `--`
/// goes; `None` for any other usage error.
fn separator_hint(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ErrorKind};
    // args_os: `args` would panic on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) != Some("stress") || args.iter().any(|a| a == "--") {
        return None;
    }
    let split = match e.kind() {
        ErrorKind::UnknownArgument => {
            let stray = e.get(ContextKind::InvalidArg)?.to_string();
            args.iter().position(|a| *a == stray)?
        }
        ErrorKind::MissingRequiredArgument => args.len(),
        _ => return None,
    };
    let program = if split < args.len() {
        args[split..].join(" ")
    } else {
        "./your-program".to_string()
    };
    Some(format!(
        "boardsolve: your program goes after `--`: boardsolve {} -- {program}",
        args[..split].join(" ")
    ))
}

/// The completion script for `shell`, generated from the clap definition.
fn completions(shell: clap_complete::Shell) -> Result<(), Stop> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "boardsolve", &mut script);
    print_all(&script)
}

/// The manual page, generated from the clap definition.
fn man_page() -> Result<(), Stop> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| io_failure(&e, "cannot write the manual page"))?;
    print_all(&page)
}

/// Writes `bytes` to standard output, made in memory first so that a
/// closed pipe ends the run quietly instead of inside a generator.
fn print_all(bytes: &[u8]) -> Result<(), Stop> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| io_failure(&e, "cannot write"))
}

fn io_failure(e: &io::Error, what: &str) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Quiet
    } else {
        Stop::Usage(format!("boardsolve: {what}: {e}"))
    }
}

/// Reads `path`, or standard input when `None`, up to `limit` bytes; returns
/// the name used in messages (`input` for standard input) and the bytes.
fn read_input(path: Option<&Path>, limit: u64) -> Result<(String, Vec<u8>), Stop> {
    let name = path.map_or("input".to_string(), |p| p.display().to_string());
    let read = match path {
        None => read_limited(io::stdin().lock(), limit),
        Some(path) => std::fs::File::open(path).and_then(|file| read_limited(file, limit)),
    };
    match read {
        Ok(Ok(data)) => Ok((name, data)),
        Ok(Err(too_long)) => Err(Stop::Usage(format!("{name}:{too_long}"))),
        Err(e) => Err(match path {
            None => io_failure(&e, "cannot read standard input"),
            Some(_) => io_failure(&e, &format!("cannot read {name}")),
        }),
    }
}

/// Words a library error for the user; `source` names the input.
fn failure(e: Error, source: &str) -> Stop {
    match e {
        Error::Input(e) => Stop::Usage(format!("{source}:{e}")),
        Error::Usage(message) => Stop::Usage(format!("boardsolve: {message}")),
        Error::Io(e) => io_failure(&e, "cannot write the answer"),
    }
}

/// A progress bar on a terminal, nothing otherwise.
fn progress_bar(total: u64, what: &str) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}}, eta {{eta}})"
    ))
    .expect("a valid template");
    bar.set_style(style);
    Some(bar)
}

fn solve(args: &SolveArgs) -> Result<(), Stop> {
    let options = SolveOptions {
        moves: args.moves,
        format: if args.json {
            OutputFormat::Json
        } else if args.explain {
            OutputFormat::Explain
        } else {
            OutputFormat::Judge
        },
    };
    let bulk = args.inputs.len() > 1
        || args.out_dir.is_some()
        || args.bulk
        || args.inputs.iter().any(|p| p.is_dir());
    if bulk {
        return solve_many(args, &options);
    }
    let (source, input) = read_input(
        args.inputs.first().map(std::path::PathBuf::as_path),
        MAX_INPUT_BYTES,
    )?;
    // The picture first: if its file cannot be written, the run fails with
    // nothing on standard output, as every failed run does.
    if let Some(path) = &args.svg {
        let picture = args
            .puzzle
            .svg(&input, &options)
            .map_err(|e| failure(e, &source))?;
        std::fs::write(path, picture).map_err(|e| {
            Stop::Usage(format!("boardsolve: cannot write {}: {e}", path.display()))
        })?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    args.puzzle
        .solve(&input, &options, &mut out)
        .and_then(|()| out.flush().map_err(Error::from))
        .map_err(|e| failure(e, &source))?;
    Ok(())
}

/// Several files: NAME.out for each, in parallel; every bad file reported.
fn solve_many(args: &SolveArgs, options: &SolveOptions) -> Result<(), Stop> {
    if args.svg.is_some() {
        return Err(Stop::Usage(
            "boardsolve: --svg draws one instance; give a single input".into(),
        ));
    }
    let found =
        batch::bulk_inputs(&args.inputs).map_err(|e| Stop::Usage(format!("boardsolve: {e}")))?;
    if !found.skipped.is_empty() {
        let names: Vec<String> = found
            .skipped
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let _ = writeln!(
            io::stderr(),
            "boardsolve: skipping {} (answers of an earlier run, beside their .in)",
            names.join(", ")
        );
    }
    if found.inputs.is_empty() {
        return Err(Stop::Usage(
            "boardsolve: no input files to solve (--out-dir and --bulk need some; a directory gives its *.in)".into(),
        ));
    }
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            Stop::Usage(format!("boardsolve: cannot create {}: {e}", dir.display()))
        })?;
    }
    let bar = progress_bar(found.inputs.len() as u64, "files");
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let results = batch::solve_files(
        args.puzzle,
        &found.inputs,
        args.out_dir.as_deref(),
        options,
        &tick,
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let failed: Vec<String> = results.into_iter().filter_map(|r| r.result.err()).collect();
    let mut err = io::stderr().lock();
    for message in &failed {
        let _ = writeln!(err, "{message}");
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Stop::Usage(format!(
            "boardsolve: {} of {} files failed",
            failed.len(),
            found.inputs.len()
        )))
    }
}

fn check(args: &CheckArgs) -> Result<(), Stop> {
    let (source, input) = read_input(Some(&args.input), MAX_INPUT_BYTES)?;
    // Answers are bigger than instances (a 4096×4096 tiling is about
    // 130 MiB); any answer `check` can judge fits in 1 GiB.
    let (_, output) = read_input(Some(&args.output), 1 << 30)?;
    let options = CheckOptions {
        order: args.order,
        moves: args.moves,
    };
    let verdict = args
        .puzzle
        .check(&input, &output, &options)
        .map_err(|e| failure(e, &source))?;
    let mut stdout = anstream::stdout().lock();
    let printed = match &verdict {
        Verdict::Correct => writeln!(stdout, "{GOOD}correct{GOOD:#}"),
        Verdict::Wrong(reason) => writeln!(
            stdout,
            "{BAD}wrong{BAD:#}: {}: {reason}",
            args.output.display()
        ),
    };
    printed.map_err(|e| io_failure(&e, "cannot write"))?;
    match verdict {
        Verdict::Correct => Ok(()),
        Verdict::Wrong(_) => Err(Stop::Found),
    }
}

fn generate_command(args: &GenArgs) -> Result<(), Stop> {
    let opts = &args.sizes;
    let usage = |e| failure(e, "gen");
    match &args.out_dir {
        None if args.count > 1 => Err(Stop::Usage(
            "boardsolve: --count above 1 needs --out-dir (one file per instance)".into(),
        )),
        None => {
            let text = generate::instance(args.puzzle, args.seed, 0, opts).map_err(usage)?;
            io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|e| io_failure(&e, "cannot write"))
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                Stop::Usage(format!("boardsolve: cannot create {}: {e}", dir.display()))
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
fn samples_command(args: &SamplesArgs) -> Result<(), Stop> {
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
    std::fs::create_dir_all(dir)
        .map_err(|e| Stop::Usage(format!("boardsolve: cannot create {}: {e}", dir.display())))?;
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

fn stress_command(args: &StressArgs) -> Result<(), Stop> {
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos % 1_000_000_000
    });
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |j| j as usize,
    );
    let config = stress::StressConfig {
        puzzle: args.puzzle,
        command: args.command.clone(),
        cases: args.cases,
        seed,
        timeout: args.timeout,
        jobs,
        any_answer: args.any_tiling,
        sizes: args.sizes.clone(),
        solve: SolveOptions {
            moves: args.moves,
            format: OutputFormat::Judge,
        },
        diagnose: args.diagnose,
        shrink_time: std::time::Duration::from_secs(60),
        diagnose_cases: 200,
    };
    let mut err = io::stderr();
    let _ = writeln!(
        err,
        "stress {}: {} cases, seed {seed}, timeout {:?}, {jobs} jobs",
        args.puzzle.name(),
        args.cases,
        args.timeout
    );
    let bar = progress_bar(args.cases, "cases");
    let done = AtomicU64::new(0);
    let step = (args.cases / 10).max(1);
    let tick = || {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        match &bar {
            Some(bar) => bar.inc(1),
            None if n.is_multiple_of(step) => {
                let _ = writeln!(io::stderr(), "{n}/{} cases passed or running", args.cases);
            }
            None => {}
        }
    };
    let summary = stress::stress(&config, &tick).map_err(|e| failure(e, "stress"))?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut out = BufWriter::new(anstream::stdout().lock());
    let written = match &summary.failure {
        None => writeln!(
            out,
            "{GOOD}all {} cases passed{GOOD:#} (seed {seed})",
            summary.passed
        ),
        Some(f) => write_failure(&mut out, f, seed, args),
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| io_failure(&e, "cannot write"))?;
    match summary.failure {
        None => Ok(()),
        Some(_) => Err(Stop::Found),
    }
}

fn write_failure(
    out: &mut impl Write,
    f: &stress::Failure,
    seed: u64,
    args: &StressArgs,
) -> io::Result<()> {
    writeln!(
        out,
        "{BAD}FAILED{BAD:#} on case {} of seed {seed}: {}",
        f.case + 1,
        f.fault.describe()
    )?;
    if f.shrink_steps > 0 {
        writeln!(
            out,
            "shrunk in {} steps from {} to {} bytes of input",
            f.shrink_steps,
            f.original.len(),
            f.input.len()
        )?;
    }
    writeln!(out, "\n--- input ---")?;
    out.write_all(&f.input)?;
    if !f.input.ends_with(b"\n") {
        writeln!(out)?;
    }
    writeln!(out, "--- expected ---")?;
    write!(out, "{}", f.expected)?;
    writeln!(out, "--- received ---")?;
    out.write_all(&f.received)?;
    if !f.received.is_empty() && !f.received.ends_with(b"\n") {
        writeln!(out)?;
    }
    if !f.stderr.is_empty() {
        writeln!(out, "--- stderr ---")?;
        out.write_all(&f.stderr[..f.stderr.len().min(4000)])?;
        if !f.stderr.ends_with(b"\n") {
            writeln!(out)?;
        }
    }
    match &f.diagnosis {
        Some(diagnose::Diagnosis::Matches { id, mistake, cases }) => writeln!(
            out,
            "--- diagnosis ---\n[{id}] your program behaves as if {mistake} (its answers match that on all {cases} cases compared)"
        )?,
        Some(diagnose::Diagnosis::Closest {
            id,
            mistake,
            matched,
            cases,
        }) => writeln!(
            out,
            "--- diagnosis ---\nnone of the known mistakes explains your answers on all {cases} cases compared\nclosest: [{id}] on {matched} of {cases} cases: as if {mistake}"
        )?,
        Some(diagnose::Diagnosis::NoMatch { cases }) => writeln!(
            out,
            "--- diagnosis ---\nnone of the known mistakes explains your answers on all {cases} cases compared"
        )?,
        Some(diagnose::Diagnosis::NoCatalogue) => writeln!(
            out,
            "--- diagnosis ---\nno catalogue of mistakes for {}",
            args.puzzle.name()
        )?,
        None => {}
    }
    let flags = args.sizes.flags();
    writeln!(
        out,
        "\nthis case before shrinking: boardsolve gen {}{flags} --seed {seed} --count {} --out-dir DIR  (file {:03}.in)",
        args.puzzle.name(),
        f.case + 1,
        f.case + 1
    )?;
    Ok(())
}
