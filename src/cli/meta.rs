//! `boardsolve man` and `boardsolve completions`: about the program itself.

use clap::Args;

/// Arguments of `boardsolve man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (solve, test, ...); the whole
    /// program's page without it.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

pub(super) const COMPLETIONS_HELP: &str = "\
Examples:
  source <(boardsolve completions bash)                  in ~/.bashrc
  boardsolve completions zsh > ~/.zfunc/_boardsolve
  boardsolve completions fish > ~/.config/fish/completions/boardsolve.fish";

/// Arguments of `boardsolve completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
