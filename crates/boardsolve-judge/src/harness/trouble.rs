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
    /// Other programs kept the run from a CPU so long that it reached the
    /// hard bound on its real time (ten wall caps) without reaching a
    /// limit: neither a time limit nor an answer can be told.
    #[error(
        "the machine is too busy to judge {program}: it got {percent}% of a CPU \
         ({cpu_ms} ms of CPU time in {wall_ms} ms) and was stopped at the bound of {bound_ms} ms \
         (ten wall-clock limits); run fewer jobs or use a quieter machine"
    )]
    Starved {
        /// The program as typed.
        program: String,
        /// The CPU time it got, in milliseconds.
        cpu_ms: u128,
        /// The real time it lasted, in milliseconds.
        wall_ms: u128,
        /// Its CPU time as a share of its real time, in percent.
        percent: u32,
        /// The hard bound it reached, in milliseconds.
        bound_ms: u128,
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
