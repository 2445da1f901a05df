//! `boardsolve completions` and `boardsolve man`, from the clap definition.

use super::exit::{Stop, io_failure};
use super::streams::need_stdout;
use crate::cli::Cli;
use clap::CommandFactory;
use std::io::{self, Write};

/// The completion script for `shell`, generated from the clap definition.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<(), Stop> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "boardsolve", &mut script);
    print_all(&script)
}

/// The manual page, generated from the clap definition: the program's,
/// or with `command` that command's, `boardsolve-COMMAND(1)`, which the
/// program's page lists under SUBCOMMANDS.
pub(crate) fn man_page(command: Option<&str>) -> Result<(), Stop> {
    let mut page = Vec::new();
    let cli = Cli::command();
    let cmd = match command {
        None => cli,
        Some(name) => match cli.find_subcommand(name).filter(|_| name != "help") {
            Some(sub) => sub
                .clone()
                .display_name(format!("boardsolve-{name}"))
                .bin_name(format!("boardsolve {name}")),
            None => {
                let names: Vec<&str> = cli
                    .get_subcommands()
                    .map(clap::Command::get_name)
                    .filter(|&n| n != "help")
                    .collect();
                return Err(Stop::Usage(format!(
                    "no command '{name}'; choose one of: {}",
                    names.join(", ")
                )));
            }
        },
    };
    clap_mangen::Man::new(cmd)
        .render(&mut page)
        .map_err(|e| io_failure(e, "cannot write the manual page"))?;
    print_all(&page)
}

/// Writes `bytes` to standard output, made in memory first so that a
/// closed pipe ends the run quietly instead of inside a generator.
pub(crate) fn print_all(bytes: &[u8]) -> Result<(), Stop> {
    need_stdout()?;
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| io_failure(e, "cannot write"))
}
