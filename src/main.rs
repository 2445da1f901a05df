//! The `boardsolve` command: parses arguments, reads input, maps results to
//! exit codes (0 success, 1 wrong answer found, 2 bad input or usage, 3
//! no exact answer within --time-limit, 130 no exact answer before Ctrl-C).

mod cli;

use boardsolve::puzzles::{CheckOptions, Error, OutputFormat, SolveOptions};
use boardsolve::search::stop;
use boardsolve::text::Verdict;
use boardsolve::text::{MAX_INPUT_BYTES, read_limited};
use boardsolve::tools::files::{self, Existing};
use boardsolve::tools::{
    batch, deadline, diagnose, generate, interrupt, judge, run, stress, suite,
};
use clap::{CommandFactory, Parser};
use cli::{
    CheckArgs, Cli, ColorWhen, Command, GenArgs, SamplesArgs, SolveArgs, StressArgs, TestArgs,
};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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
    /// A search stopped by --time-limit (status 3) or Ctrl-C (130) before
    /// it proved the answer; the message gives what it proved.
    Bounds(String, u8),
}

/// Set when boardsolve was started with standard output closed (`>&-`).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Notes whether boardsolve was started with standard output closed
/// (`>&-`). It runs before Rust's runtime starts, because the runtime then
/// puts /dev/null on a closed descriptor 1, after which the closed output
/// cannot be told from a chosen one, and the answers would vanish while
/// the run reported success.
extern "C" fn note_closed_stdout() {
    // SAFETY: fcntl F_GETFD only queries descriptor 1.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

// SAFETY: an ELF constructor run by the loader before `main`; it only
// calls fcntl and stores to an atomic, which need no runtime.
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

/// Fails a command that prints when standard output is closed: its
/// answer would be lost while it reported success.
fn need_stdout() -> Result<(), Stop> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        Err(Stop::Usage(
            "boardsolve: standard output is closed; nothing to write the result to".into(),
        ))
    } else {
        Ok(())
    }
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
        Command::Test(args) => test_command(&args),
        Command::Samples(args) => samples_command(&args),
        Command::Completions(args) => completions(args.shell),
        Command::Man => man_page(),
    };
    match result {
        Ok(()) | Err(Stop::Quiet) => ExitCode::SUCCESS,
        Err(Stop::Found) => ExitCode::from(1),
        Err(Stop::Bounds(message, status)) => {
            let _ = writeln!(anstream::stderr(), "{message}");
            ExitCode::from(status)
        }
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
    need_stdout()?;
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
        e @ Error::Unfinished { .. } => Stop::Usage(format!("boardsolve: {e}")),
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
    // Only 2048's search can stop early with what it proved.
    let stoppable = args.puzzle.alias_of().unwrap_or(args.puzzle.name()) == "2048";
    if args.time_limit.is_some() && !stoppable {
        return Err(Stop::Usage(format!(
            "boardsolve: {} does not take --time-limit",
            args.puzzle.name()
        )));
    }
    if bulk {
        if args.time_limit.is_some() {
            return Err(Stop::Usage(
                "boardsolve: --time-limit stops the search of a single input".into(),
            ));
        }
        return solve_many(args, &options);
    }
    need_stdout()?;
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
        write_output_file(path, picture.as_bytes(), args.inputs.first())?;
    }
    if let Some(path) = &args.html {
        let page = args
            .puzzle
            .html(&input, &options)
            .map_err(|e| failure(e, &source))?;
        write_output_file(path, page.as_bytes(), args.inputs.first())?;
    }
    if stoppable {
        if let Some(limit) = args.time_limit {
            stop::stop_after(limit);
        }
        stop::stop_on_interrupt();
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    match args
        .puzzle
        .solve(&input, &options, &mut out)
        .and_then(|()| out.flush().map_err(Error::from))
    {
        Err(Error::Unfinished { lower, upper }) => Err(unfinished(args, lower, upper)),
        result => result.map_err(|e| failure(e, &source)),
    }
}

/// Reports a search stopped before it proved the answer: the bounds on
/// stderr (and as JSON on stdout with --json), status 130 after Ctrl-C and
/// 3 after --time-limit.
fn unfinished(args: &SolveArgs, lower: u128, upper: u128) -> Stop {
    if args.json {
        // Written by hand: blocks reach 2^75, beyond serde_json's u64 numbers.
        let json = format!("{{\"exact\":false,\"lower\":{lower},\"upper\":{upper}}}");
        if writeln!(io::stdout(), "{json}").is_err() {
            return Stop::Quiet;
        }
    }
    let (when, status) = if stop::interrupted() {
        ("before Ctrl-C".to_string(), 130)
    } else {
        let limit = args.time_limit.unwrap_or_default();
        (format!("within {}", cli::duration_text(limit)), 3)
    };
    Stop::Bounds(
        format!("no exact answer {when}: at least {lower}, at most {upper}"),
        status,
    )
}

/// Writes a picture or a page the user named, like the shell's `>` but
/// all or nothing (see [`files::write_file`]), never over the input it
/// was made from.
fn write_output_file(
    path: &std::path::Path,
    bytes: &[u8],
    input: Option<&std::path::PathBuf>,
) -> Result<(), Stop> {
    let cannot = |e: &dyn std::fmt::Display| {
        Stop::Usage(format!(
            "boardsolve: cannot write {}: {e}",
            files::shown(path)
        ))
    };
    if let Some(input) = input
        && let (Ok(a), Ok(b)) = (input.canonicalize(), path.canonicalize())
        && a == b
    {
        return Err(cannot(&"it is the input file"));
    }
    files::write_file(path, Existing::Follow, |w| w.write_all(bytes)).map_err(|e| cannot(&e))
}

/// Several files: NAME.out for each, in parallel; every bad file reported.
fn solve_many(args: &SolveArgs, options: &SolveOptions) -> Result<(), Stop> {
    if args.svg.is_some() || args.html.is_some() {
        return Err(Stop::Usage(
            "boardsolve: --svg and --html draw one instance; give a single input".into(),
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
            Stop::Usage(format!(
                "boardsolve: cannot create {}: {e}",
                files::shown(dir)
            ))
        })?;
    }
    batch::check_outputs(&found.inputs, args.out_dir.as_deref())
        .map_err(|why| Stop::Usage(format!("boardsolve: {why}")))?;
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
    need_stdout()?;
    let (source, input) = read_input(Some(&args.input), MAX_INPUT_BYTES)?;
    // Answers are bigger than instances (a 4096×4096 tiling is about
    // 130 MiB); any answer `check` can judge fits in 1 GiB.
    let (_, output) = read_input(Some(&args.output), 1 << 30)?;
    let options = CheckOptions {
        order: args.order,
        moves: args.moves,
    };
    let puzzle = args.puzzle;
    let verdict = deadline::within(args.reference_limit, move || {
        puzzle.check(&input, &output, &options)
    })
    .map_err(|e| Stop::Usage(format!("boardsolve: cannot start a thread: {e}")))?
    .ok_or_else(|| {
        Stop::Usage(format!(
            "boardsolve: the reference answer took more than {:?}; raise --reference-limit",
            args.reference_limit
        ))
    })?
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
            need_stdout()?;
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

/// What `stress` and `test` do before running anyone's program: a place
/// for the report, Ctrl-C taken over so that it kills every run, and the
/// program checked (exists, is executable).
fn harness(command: &[String]) -> Result<run::Program, Stop> {
    need_stdout()?;
    interrupt::install()
        .map_err(|e| Stop::Usage(format!("boardsolve: cannot take over Ctrl-C handling: {e}")))?;
    run::Program::new(command).map_err(|why| Stop::Usage(format!("boardsolve: {why}")))
}

/// The exit of a run that wrote a report: 1 when something failed, even
/// when the report could not be written (the failure is the news).
fn reported(failed: bool, written: io::Result<()>) -> Result<(), Stop> {
    match (failed, written) {
        (false, Ok(())) => Ok(()),
        (false, Err(e)) => Err(io_failure(&e, "cannot write the report")),
        (true, Ok(())) => Err(Stop::Found),
        (true, Err(e)) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                let _ = writeln!(io::stderr(), "boardsolve: cannot write the report: {e}");
            }
            Err(Stop::Found)
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
    let program = harness(&args.command)?;
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos % 1_000_000_000
    });
    let jobs = jobs(args.jobs);
    let mut err = io::stderr();
    let config = stress::StressConfig {
        puzzle: args.puzzle,
        program,
        cases: args.cases,
        seed,
        time_limit: args.time_limit,
        memory_limit: args.memory_limit,
        jobs,
        any_answer: args.any_tiling,
        sizes: args.sizes.clone(),
        solve: SolveOptions {
            moves: args.moves,
            format: OutputFormat::Judge,
        },
        diagnose: args.diagnose,
        shrink_time: args.shrink_time,
        diagnose_cases: 200,
        reference_limit: args.reference_limit,
    };
    let memory = args.memory_limit.map_or(String::new(), |m| {
        format!(", memory {}", judge::size(m / 1024))
    });
    let _ = writeln!(
        err,
        "stress {}: {} {}, seed {seed}, CPU time {:?}{memory}, {jobs} {}",
        args.puzzle.name(),
        args.cases,
        plural(args.cases, "case", "cases"),
        args.time_limit,
        plural(jobs as u64, "job", "jobs"),
    );
    let bar = progress_bar(args.cases, "cases");
    let done = AtomicU64::new(0);
    let step = (args.cases / 10).max(1);
    let tick = |event: stress::Progress| {
        let stage = match event {
            stress::Progress::Case => {
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                match &bar {
                    Some(bar) => bar.inc(1),
                    None if n.is_multiple_of(step) => {
                        let _ = writeln!(io::stderr(), "{n}/{} cases judged", args.cases);
                    }
                    None => {}
                }
                return;
            }
            stress::Progress::Confirming => "a failure: running it again alone".to_string(),
            stress::Progress::Shrinking { steps, bytes } => format!(
                "shrinking: {steps} {}, {bytes} bytes",
                plural(steps as u64, "step", "steps")
            ),
            stress::Progress::Diagnosing => "diagnosing: running your program on more cases".into(),
        };
        match &bar {
            Some(bar) => {
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                        .expect("a valid template"),
                );
                bar.enable_steady_tick(std::time::Duration::from_millis(120));
                bar.set_message(stage);
            }
            None => {
                if !matches!(event, stress::Progress::Shrinking { .. }) {
                    let _ = writeln!(io::stderr(), "{stage}");
                }
            }
        }
    };
    let result = stress::stress(&config, &tick);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let summary = match result {
        Ok(summary) => summary,
        Err(stress::StressError::Trouble(run::Trouble::Interrupted)) => interrupt::wait_for_exit(),
        Err(stress::StressError::Puzzle(e)) => return Err(failure(e, "stress")),
        Err(e) => return Err(Stop::Usage(format!("boardsolve: {e}"))),
    };
    let mut out = BufWriter::new(anstream::stdout().lock());
    let written = match &summary.failure {
        None => writeln!(
            out,
            "{GOOD}all {} {} passed{GOOD:#} (seed {seed})",
            summary.passed,
            plural(summary.passed, "case", "cases")
        )
        .and_then(|()| write_extremes(&mut out, &summary.extremes)),
        Some(f) => write_failure(&mut out, f, seed, args)
            .and_then(|()| write_extremes(&mut out, &summary.extremes)),
    };
    reported(
        summary.failure.is_some(),
        written.and_then(|()| out.flush()),
    )
}

/// The jobs asked for (default one per core), lowered to what the
/// open-file limit allows, with a note when lowered.
fn jobs(asked: Option<u64>) -> usize {
    let asked = asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |j| j as usize,
    );
    let jobs = asked.min(run::max_parallel_runs());
    if jobs < asked {
        let _ = writeln!(
            io::stderr(),
            "boardsolve: --jobs {asked} lowered to {jobs}: the open-file limit (ulimit -n) allows no more"
        );
    }
    jobs
}

fn test_command(args: &TestArgs) -> Result<(), Stop> {
    let program = harness(&args.command)?;
    let paths = if args.paths.is_empty() {
        if !Path::new("tests").is_dir() {
            return Err(Stop::Usage(
                "boardsolve: no cases named and no tests/ directory here".into(),
            ));
        }
        vec![std::path::PathBuf::from("tests")]
    } else {
        args.paths.clone()
    };
    let found = batch::bulk_inputs(&paths).map_err(|e| Stop::Usage(format!("boardsolve: {e}")))?;
    let inputs: Vec<_> = found
        .inputs
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    if inputs.is_empty() {
        return Err(Stop::Usage("boardsolve: no *.in cases found".into()));
    }
    let canonical = args.puzzle.alias_of().unwrap_or(args.puzzle.name());
    let config = suite::SuiteConfig {
        puzzle: args.puzzle,
        program,
        inputs,
        time_limit: args.time_limit,
        memory_limit: args.memory_limit,
        jobs: jobs(args.jobs),
        checker: canonical == "tromino",
        order: args.order,
        moves: args.moves,
    };
    if args.order && !config.checker {
        return Err(Stop::Usage(format!(
            "boardsolve: {} does not take --order",
            args.puzzle.name()
        )));
    }
    let bar = progress_bar(config.inputs.len() as u64, "cases");
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let result = suite::run_suite(&config, &tick);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let reports = match result {
        Ok(reports) => reports,
        Err(suite::SuiteError::Trouble(run::Trouble::Interrupted)) => interrupt::wait_for_exit(),
        Err(e) => return Err(Stop::Usage(format!("boardsolve: {e}"))),
    };
    let failed = reports
        .iter()
        .filter(|r| r.verdict != judge::Verdict::Accepted)
        .count();
    let written = if args.json {
        let report = suite::JsonReport::new(&reports);
        let mut out = io::stdout().lock();
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush())
    } else {
        let mut out = BufWriter::new(anstream::stdout().lock());
        write_table(&mut out, &reports, failed).and_then(|()| out.flush())
    };
    reported(failed > 0, written)
}

fn write_table(
    out: &mut impl Write,
    reports: &[suite::CaseReport],
    failed: usize,
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
            judge::size(r.usage.peak_kib),
            files::shown(&r.input),
        )?;
        if r.verdict != judge::Verdict::Accepted {
            writeln!(out, "        {}", r.verdict.describe())?;
        }
    }
    let passed = reports.len() - failed;
    let style = if failed == 0 { GOOD } else { BAD };
    if let Some(slow) = reports.iter().max_by_key(|r| r.usage.cpu) {
        writeln!(
            out,
            "slowest: {} ({} ms CPU)",
            files::shown(&slow.input),
            judge::millis(slow.usage.cpu)
        )?;
    }
    if let Some(big) = reports.iter().max_by_key(|r| r.usage.peak_kib) {
        writeln!(
            out,
            "largest peak: {} ({})",
            files::shown(&big.input),
            judge::size(big.usage.peak_kib)
        )?;
    }
    writeln!(out, "{style}{passed} passed, {failed} failed{style:#}")
}

fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

fn write_extremes(out: &mut impl Write, extremes: &stress::Extremes) -> io::Result<()> {
    if let Some((case, u)) = extremes.slowest {
        writeln!(
            out,
            "slowest passed case: {} ({} ms CPU, {} ms wall)",
            case + 1,
            judge::millis(u.cpu),
            judge::millis(u.wall)
        )?;
    }
    if let Some((case, u)) = extremes.largest {
        writeln!(
            out,
            "largest peak memory: case {} ({})",
            case + 1,
            judge::size(u.peak_kib)
        )?;
    }
    Ok(())
}

fn write_run(out: &mut impl Write, title: &str, s: &stress::Shown) -> io::Result<()> {
    writeln!(
        out,
        "{title}: {} ({} ms CPU, {} ms wall, {} peak)",
        s.verdict.describe(),
        judge::millis(s.usage.cpu),
        judge::millis(s.usage.wall),
        judge::size(s.usage.peak_kib)
    )?;
    let focus = match &s.verdict {
        judge::Verdict::WrongAnswer(why) => why.split(':').next().and_then(|l| l.parse().ok()),
        _ => None,
    };
    writeln!(out, "--- input ---")?;
    write_block(out, &s.input, None)?;
    writeln!(out, "--- expected ---")?;
    write_block(out, &s.expected, focus)?;
    writeln!(out, "--- received ---")?;
    write_block(out, &s.received, focus)?;
    if !s.stderr.is_empty() {
        writeln!(out, "--- stderr (start) ---")?;
        write_block(out, &s.stderr, None)?;
    }
    Ok(())
}

/// Writes `text` whole when short; otherwise a few lines around line
/// `focus` (the first difference), so that a report stays a few KB.
fn write_block(out: &mut impl Write, text: &[u8], focus: Option<usize>) -> io::Result<()> {
    const WHOLE: usize = 4096;
    const LINE: usize = 200;
    if text.len() <= WHOLE {
        out.write_all(text)?;
        if !text.is_empty() && !text.ends_with(b"\n") {
            writeln!(out)?;
        }
        return Ok(());
    }
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let focus = focus.unwrap_or(1).clamp(1, lines.len());
    let from = focus.saturating_sub(3).max(1);
    let to = (focus + 3).min(lines.len());
    if from > 1 {
        writeln!(out, "[{} lines before]", from - 1)?;
    }
    for line in &lines[from - 1..to] {
        if line.len() > LINE {
            out.write_all(&line[..LINE])?;
            writeln!(out, " [{} more bytes on this line]", line.len() - LINE)?;
        } else {
            out.write_all(line)?;
            writeln!(out)?;
        }
    }
    if to < lines.len() {
        writeln!(
            out,
            "[{} lines after, {} bytes in all]",
            lines.len() - to,
            text.len()
        )?;
    }
    Ok(())
}

fn write_failure(
    out: &mut impl Write,
    f: &stress::Failure,
    seed: u64,
    args: &StressArgs,
) -> io::Result<()> {
    let flaky = matches!(f.confirmation, stress::Confirmation::Flaky(_));
    writeln!(
        out,
        "{BAD}{}{BAD:#} on case {} of seed {seed}: {}",
        if flaky { "FLAKY" } else { "FAILED" },
        f.case + 1,
        f.original.verdict.describe()
    )?;
    if let stress::Confirmation::Flaky(second) = &f.confirmation {
        writeln!(
            out,
            "failed in 1 of 2 runs: run again alone, it gave {}; not shrunk",
            second.describe()
        )?;
    }
    writeln!(out)?;
    write_run(out, &format!("case {}", f.case + 1), &f.original)?;
    if let Some(shrunk) = &f.shrunk {
        let how = if shrunk.input.len() < f.original.input.len() {
            format!(
                "{} bytes -> {} bytes",
                f.original.input.len(),
                shrunk.input.len()
            )
        } else {
            "values made smaller".to_string()
        };
        writeln!(
            out,
            "\nshrunk in {} {}: {how}",
            f.shrink_steps,
            plural(f.shrink_steps as u64, "step", "steps")
        )?;
        write_run(out, "smallest failing case", shrunk)?;
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
