//! The `boardsolve` command: parses arguments, reads input, maps results to
//! exit codes (0 success, 1 wrong answer found, 2 bad input or usage).

mod cli;

use boardsolve::puzzles::{Error, OutputFormat, SolveOptions};
use clap::Parser;
use cli::{Cli, Command, SolveArgs};
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

/// How a run failed, already worded for the user.
enum Failure {
    /// Bad input or usage: exit status 2.
    Usage(String),
    /// The output went away (a closed pipe): stop quietly, status 0.
    Quiet,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Quiet) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            // Ignore a failure to report: there is nowhere left to report it.
            let _ = writeln!(io::stderr(), "{message}");
            ExitCode::from(2)
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

fn read_input(args: &SolveArgs) -> Result<(String, Vec<u8>), Failure> {
    let mut data = Vec::new();
    match &args.input {
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
    let (source, input) = read_input(args)?;
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
    match result {
        Ok(()) => Ok(()),
        Err(Error::Input(e)) => Err(Failure::Usage(format!("{source}:{e}"))),
        Err(Error::Usage(message)) => Err(Failure::Usage(format!("boardsolve: {message}"))),
        Err(Error::Io(e)) => Err(io_failure(&e, "cannot write the answer")),
    }
}
