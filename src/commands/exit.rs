//! How a run ends, in one place: the statuses boardsolve exits with, the
//! ways a command stops, and the one function that turns a stop into its
//! message and status. The `boardsolve: ` prefix is written only here.

use super::style::BAD;
use boardsolve::puzzles::Error;
use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// What every message of boardsolve's own starts with.
const PREFIX: &str = "boardsolve: ";

/// The exit statuses of boardsolve, each with its one meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Status {
    /// The run did what it was asked.
    Success = 0,
    /// A check, test, stress, validate or audit run found something wrong.
    Found = 1,
    /// Bad input or usage, or the system refused (a file, a thread).
    Usage = 2,
    /// A search stopped by --time-limit before it proved its answer.
    TimeLimit = 3,
    /// Stopped by SIGHUP (128 + 1).
    Hangup = 129,
    /// Stopped by SIGINT, Ctrl-C (128 + 2).
    Interrupted = 130,
    /// Stopped by SIGTERM (128 + 15).
    Terminated = 143,
}

impl Status {
    /// The status for a stop by `signal` (SIGINT, SIGTERM or SIGHUP).
    pub(crate) fn of_signal(signal: libc::c_int) -> Status {
        match signal {
            libc::SIGHUP => Status::Hangup,
            libc::SIGTERM => Status::Terminated,
            _ => Status::Interrupted,
        }
    }

    /// Ends the process with this status now, from any thread.
    pub(crate) fn exit_now(self) -> ! {
        std::process::exit(i32::from(self as u8))
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// How a run failed, already worded for the user.
#[derive(Debug)]
pub(crate) enum Stop {
    /// Bad usage, or input refused as a whole: status 2, the message after
    /// the prefix.
    Usage(String),
    /// Bad input: status 2; the message starts with the input's name
    /// (`input:3:5: ...`), so it takes no prefix.
    Input(String),
    /// The system refused (a file, a thread, a signal): status 2; `what`
    /// says what boardsolve was doing, `source` why it failed.
    System {
        /// What could not be done (`cannot read x.in`).
        what: String,
        /// The system's reason.
        source: io::Error,
    },
    /// A library error, whose own words are the message: status 2. Its
    /// cause stays reachable through `source()`.
    Failed(Box<dyn std::error::Error + Send + Sync>),
    /// A check or stress run found a wrong answer: status 1. The report
    /// is already printed.
    Found,
    /// The output went away (a closed pipe): stop quietly, status 0.
    Quiet,
    /// A search stopped by --time-limit or Ctrl-C before it proved the
    /// answer; the message gives what it proved.
    Bounds(String, Status),
}

impl Stop {
    /// A stop for a library error, worded by the error itself.
    pub(crate) fn failed(e: impl std::error::Error + Send + Sync + 'static) -> Stop {
        Stop::Failed(Box::new(e))
    }

    /// A system stop: `what` failed because of `source`.
    pub(crate) fn system(what: impl Into<String>, source: io::Error) -> Stop {
        Stop::System {
            what: what.into(),
            source,
        }
    }
}

/// The status of a run's result, after printing what a failure says.
pub(crate) fn report(result: Result<(), Stop>) -> ExitCode {
    report_as(result, false)
}

/// [`report`] for a command asked for `--json`: a failure of status 2 is
/// also one JSON object on standard output, `{"error": MESSAGE,
/// "status": 2}`, so that a script reading the output always gets JSON.
pub(crate) fn report_as(result: Result<(), Stop>, json: bool) -> ExitCode {
    // Failures to report are ignored: there is nowhere left to report them.
    let (message, status) = match result {
        Ok(()) | Err(Stop::Quiet) => (None, Status::Success),
        Err(Stop::Found) => (None, Status::Found),
        Err(Stop::Bounds(message, status)) => {
            let _ = writeln!(anstream::stderr(), "{message}");
            (None, status)
        }
        Err(Stop::Usage(message)) => (Some(format!("{PREFIX}{message}")), Status::Usage),
        Err(Stop::Input(message)) => (Some(message), Status::Usage),
        Err(Stop::Failed(e)) => (Some(format!("{PREFIX}{e}")), Status::Usage),
        Err(Stop::System { what, source }) => {
            (Some(format!("{PREFIX}{what}: {source}")), Status::Usage)
        }
    };
    if let Some(message) = message {
        let _ = writeln!(anstream::stderr(), "{BAD}{message}{BAD:#}");
        if json {
            let text = message.strip_prefix(PREFIX).unwrap_or(&message);
            let object = serde_json::json!({ "error": text, "status": status as u8 });
            let _ = writeln!(io::stdout(), "{object}");
        }
    }
    status.into()
}

/// A note on standard error that does not stop the run.
pub(crate) fn warn(message: impl Display) {
    let _ = writeln!(io::stderr(), "{PREFIX}{message}");
}

/// A stop by a signal as one JSON object on standard output, for a
/// command asked for `--json`.
pub(crate) fn interrupted_json(status: Status) {
    let object = serde_json::json!({ "error": "interrupted", "status": status as u8 });
    let _ = writeln!(io::stdout(), "{object}");
}

/// The note of a run stopped by a signal, after whatever line the
/// progress display left unfinished.
pub(crate) fn warn_interrupted() {
    let _ = io::stderr().write_all(format!("\n{PREFIX}interrupted\n").as_bytes());
}

/// A stop for a failed read or write: quiet for a closed pipe (the
/// reader is gone), else the system's reason after `what`.
pub(crate) fn io_failure(e: io::Error, what: impl Into<String>) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Quiet
    } else {
        Stop::system(what, e)
    }
}

/// Words a library error for the user; `source` names the input.
pub(crate) fn failure(e: Error, source: &str) -> Stop {
    match e {
        Error::Input(e) => Stop::Input(format!("{source}:{e}")),
        Error::Io(e) => io_failure(e, "cannot write the answer"),
        e @ Error::Unfinished { .. } => Stop::failed(e),
        // A refusal, a bug or a declined picture: its own words after the
        // prefix, status 2.
        e => Stop::Usage(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::Status;

    #[test]
    fn the_help_lists_every_status() {
        let help = crate::cli::EXAMPLES;
        for status in [
            Status::Success,
            Status::Found,
            Status::Usage,
            Status::TimeLimit,
        ] {
            assert!(help.contains(&format!("{} ", status as u8)), "{status:?}");
        }
        let signals = format!(
            "{}/{}/{}",
            Status::Interrupted as u8,
            Status::Terminated as u8,
            Status::Hangup as u8
        );
        assert!(help.contains(&signals), "{signals}");
        for (signal, status) in [
            (libc::SIGINT, Status::Interrupted),
            (libc::SIGTERM, Status::Terminated),
            (libc::SIGHUP, Status::Hangup),
        ] {
            assert_eq!(128 + signal, i32::from(status as u8));
            assert_eq!(Status::of_signal(signal), status);
        }
    }
}
