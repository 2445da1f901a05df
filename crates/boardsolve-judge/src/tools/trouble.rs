//! The harness's own failures, kept apart from running and from signals
//! so that both can name them without importing each other.

/// The cause of a [`Trouble::System`]: an I/O error, or a thread pool
/// that could not be built.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Why the harness could not run a program: never the program's fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Trouble {
    /// boardsolve is stopping (it got SIGINT, SIGTERM or SIGHUP).
    #[error("interrupted")]
    Interrupted,
    /// The system refused: too many processes or open files, no space for
    /// the temporary files, a program that vanished since it was checked.
    #[error("{what}: {source}")]
    System {
        /// What the harness was doing (`cannot create a pipe`).
        what: String,
        /// The system's reason.
        #[source]
        source: Cause,
    },
    /// The keeper of a run exited by itself without reporting (it was
    /// given bad arguments, or could not write its report).
    #[error("the harness's keeper ended without a report (exit status {0})")]
    KeeperSilent(i32),
}

impl Trouble {
    /// The system refused `what` because of `source`.
    pub fn system(what: impl Into<String>, source: impl Into<Cause>) -> Trouble {
        Trouble::System {
            what: what.into(),
            source: source.into(),
        }
    }
}
