//! The harness's own failures, kept apart from running and from signals
//! so that both can name them without importing each other.

/// Why the harness could not run a program: never the program's fault.
#[derive(Debug, thiserror::Error)]
pub enum Trouble {
    /// boardsolve is stopping (it got SIGINT, SIGTERM or SIGHUP).
    #[error("interrupted")]
    Interrupted,
    /// The system refused: too many processes or open files, no space for
    /// the temporary files, a program that vanished since it was checked.
    #[error("{0}")]
    System(String),
}
