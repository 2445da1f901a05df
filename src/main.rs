//! The `boardsolve` command: parses arguments, reads input, maps results to
//! exit codes (0 success, 1 wrong answer found, 2 bad input or usage).

mod cli;

use boardsolve::puzzles::{CheckOptions, Error, OutputFormat, SolveOptions, Verdict};
use clap::Parser;
use cli::{CheckArgs, Cli, Command, SolveArgs};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// How a run failed, already worded for the user.
enum Failure {
    /// Bad input or usage: exit status 2.
    Usage(String),
    /// A check found a wrong answer: exit status 1.
    Wrong(String),
    /// The output went away (a closed pipe): stop quietly, status 0.
    Quiet,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Quiet) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            // Ignore a failure to report: there is nowhere left to report it.
            let _ = writeln!(io::stderr(), "{message}");
            ExitCode::from(2)
        }
        Err(Failure::Wrong(message)) => {
            let _ = writeln!(io::stdout(), "{message}");
            ExitCode::from(1)
        }
    }
}

fn io_failure(e: &io::Error, what: &str) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::Quiet
    } else {
        Failure::Usage(format!("boardsolve: {what}: {e}"))
    }
}

/// Reads `path`, or standard input when `None`; returns the name used in
/// messages (`input` for standard input) and the bytes.
fn read_input(path: Option<&Path>) -> Result<(String, Vec<u8>), Failure> {
    let mut data = Vec::new();
    match path {
        None => {
            io::stdin()
                .lock()
                .read_to_end(&mut data)
                .map_err(|e| io_failure(&e, "cannot read standard input"))?;
            Ok(("input".to_string(), data))
        }
        Some(path) => {
            let name = path.display().to_string();
            data =
                std::fs::read(path).map_err(|e| io_failure(&e, &format!("cannot read {name}")))?;
            Ok((name, data))
        }
    }
}

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let (source, input) = read_input(args.input.as_deref())?;
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
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let result = args
        .puzzle
        .solve(&input, &options, &mut out)
        .and_then(|()| out.flush().map_err(Error::from));
    result.map_err(|e| failure(e, &source))?;
    if let Some(path) = &args.svg {
        let picture = args
            .puzzle
            .svg(&input, &options)
            .map_err(|e| failure(e, &source))?;
        std::fs::write(path, picture).map_err(|e| {
            Failure::Usage(format!("boardsolve: cannot write {}: {e}", path.display()))
        })?;
    }
    Ok(())
}

/// Words a library error for the user; `source` names the input.
fn failure(e: Error, source: &str) -> Failure {
    match e {
        Error::Input(e) => Failure::Usage(format!("{source}:{e}")),
        Error::Usage(message) => Failure::Usage(format!("boardsolve: {message}")),
        Error::Io(e) => io_failure(&e, "cannot write the answer"),
    }
}

fn check(args: &CheckArgs) -> Result<(), Failure> {
    let (source, input) = read_input(Some(&args.input))?;
    let (_, output) = read_input(Some(&args.output))?;
    let options = CheckOptions { order: args.order };
    match args.puzzle.check(&input, &output, &options) {
        Ok(Verdict::Correct) => {
            let _ = writeln!(io::stdout(), "correct");
            Ok(())
        }
        Ok(Verdict::Wrong(reason)) => Err(Failure::Wrong(format!("wrong: {reason}"))),
        Err(e) => Err(failure(e, &source)),
    }
}
