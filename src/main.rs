//! The `boardsolve` command: parses arguments, runs the command, and ends
//! with the status of its result (`commands::exit` words every failure
//! and holds the statuses).

mod cli;
mod commands;
mod values;

use clap::Parser;
use cli::{Cli, ColorWhen, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    // First of all: a keeper of the harness is this binary run again.
    let keeper = boardsolve::tools::contain::keeper_entry();
    // Core reads no environment: the SIMD choice and the memory budget
    // are handed to it before anything searches.
    boardsolve::environment::configure();
    // The one harness of the process: every run and temporary file of
    // the command goes through it, and the signal room stops it.
    let harness = boardsolve::tools::harness::Harness::new(keeper);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return not_parsed(&e),
    };
    anstream::ColorChoice::write_global(match cli.color {
        ColorWhen::Auto => anstream::ColorChoice::Auto,
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    });
    // Commands asked for JSON say a failure in JSON too.
    let json = match &cli.command {
        Command::Test(args) => args.json,
        Command::Audit(args) => args.json,
        Command::Solve(args) => args.json,
        _ => false,
    };
    let result = match cli.command {
        Command::Solve(args) => commands::solve::solve(&args, &harness),
        Command::Check(args) => commands::check::check(&args),
        Command::Gen(args) => commands::generate::generate_command(&args, &harness),
        Command::Stress(args) => commands::stress::stress_command(&args, &harness),
        Command::Test(args) => commands::test::test_command(&args, &harness),
        Command::Samples(args) => commands::generate::samples_command(&args, &harness),
        Command::Package(args) => commands::package::package(&args, &harness),
        Command::Validate(args) => commands::validate::validate(&args),
        Command::Audit(args) => commands::audit::audit(&args, &harness),
        Command::Completions(args) => commands::meta::completions(args.shell),
        Command::Man(args) => commands::meta::man_page(args.command.as_deref()),
    };
    commands::exit::report_as(result, json)
}

/// The end of a command line clap did not take: the help or the version
/// asked for, written to standard output (exit 2 if that fails, as every
/// write does), or a usage error in the one style of every error, one
/// line after `boardsolve: `.
fn not_parsed(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    use std::io::Write;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let what = if e.kind() == ErrorKind::DisplayHelp {
                "cannot write the help"
            } else {
                "cannot write the version"
            };
            let written = e.print().and_then(|()| std::io::stdout().flush());
            return commands::exit::report(written.map_err(|e| {
                // A closed pipe (`| head`) ends quietly, as everywhere.
                if e.kind() == std::io::ErrorKind::BrokenPipe {
                    commands::Stop::Quiet
                } else {
                    commands::Stop::system(what, e)
                }
            }));
        }
        // `boardsolve` alone: the help on standard error, status 2.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {}
    }
    let line = separator_hint(e).unwrap_or_else(|| one_line(&e.render().to_string()));
    commands::warn(line);
    commands::Status::Usage.into()
}

/// clap's error text as one line: the error, its indented details and
/// tips, and the usage, without the "error: " and "For more information"
/// that clap puts around them.
fn one_line(text: &str) -> String {
    let mut line = String::new();
    let mut usage = None;
    for raw in text.lines() {
        let part = raw.trim();
        if part.is_empty() || part.starts_with("For more information") {
            continue;
        }
        if let Some(rest) = part.strip_prefix("error: ") {
            line.push_str(rest);
        } else if let Some(rest) = part.strip_prefix("Usage: ") {
            usage = Some(rest.to_string());
        } else if part.starts_with("tip: ") {
            line.push_str(&format!(" ({part})"));
        } else {
            line.push(' ');
            line.push_str(part);
        }
    }
    match usage {
        Some(usage) => format!("{line}; usage: {usage}"),
        None => line,
    }
}

/// Whether `arg` names an executable file (not a directory of cases).
fn is_program(arg: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(arg).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A one-line hint for a `stress` or `test` command line whose program is not after
/// `--` (clap would only say "unexpected argument"), showing where `--`
/// goes; `None` for any other usage error.
fn separator_hint(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ErrorKind};
    // args_os: `args` would panic on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let command = args.first().map(String::as_str);
    if !matches!(command, Some("stress" | "test")) || args.iter().any(|a| a == "--") {
        return None;
    }
    let split = match e.kind() {
        ErrorKind::UnknownArgument => {
            let stray = e.get(ContextKind::InvalidArg)?.to_string();
            args.iter().position(|a| *a == stray)?
        }
        // `test` takes case paths before `--`, so its program was read as
        // one: the first executable file after the puzzle is the program.
        ErrorKind::MissingRequiredArgument => args
            .iter()
            .enumerate()
            .skip(2)
            .find(|(_, a)| is_program(a))
            .map_or(args.len(), |(i, _)| i),
        _ => return None,
    };
    let program = if split < args.len() {
        args[split..].join(" ")
    } else {
        "./your-program".to_string()
    };
    Some(format!(
        "your program goes after `--`: boardsolve {} -- {program}",
        args[..split].join(" ")
    ))
}
