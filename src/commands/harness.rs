//! What `stress` and `test` share before and after running a program.

use super::exit::{Stop, io_failure, warn};
use super::signals;
use super::streams::need_stdout;
use boardsolve::tools::harness::Harness;
use boardsolve::tools::run;
use std::io;

/// What `stress` and `test` do before running anyone's program: a place
/// for the report, Ctrl-C taken over so that it kills every run of
/// `harness`, and the program checked (exists, is executable). `place`
/// says where the command was given (`after --`, `given to
/// --generator`), for the messages.
pub(crate) fn harness(
    harness: &Harness,
    command: &[String],
    place: &str,
) -> Result<run::Program, Stop> {
    need_stdout()?;
    signals::stop_cleanly(harness)?;
    run::Program::new(command).map_err(|e| match e {
        // The library names no syntax of the command line; `--` is ours.
        run::ProgramError::Missing => Stop::Usage(format!("{e} {place}")),
        e if place == "after --" => Stop::failed(e),
        e => Stop::Usage(format!("{e} ({place})")),
    })
}

/// Clears the progress bar of a finished run; a run stopped because
/// boardsolve is stopping waits here for the signal's thread to end the
/// process, so that no verdict of a killed run is reported.
pub(crate) fn finished<T, E>(
    bar: Option<&indicatif::ProgressBar>,
    result: Result<T, E>,
    interrupted: fn(&E) -> bool,
) -> Result<T, E> {
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match result {
        Err(e) if interrupted(&e) => signals::wait_for_exit(),
        result => result,
    }
}

/// The exit of a run that wrote a report: 1 when something failed, even
/// when the report could not be written (the failure is the news).
pub(crate) fn reported(failed: bool, written: io::Result<()>) -> Result<(), Stop> {
    match (failed, written) {
        (false, Ok(())) => Ok(()),
        (false, Err(e)) => Err(io_failure(e, "cannot write the report")),
        (true, Ok(())) => Err(Stop::Found),
        (true, Err(e)) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                warn(format_args!("cannot write the report: {e}"));
            }
            Err(Stop::Found)
        }
    }
}

/// The jobs asked for (default one per core), lowered to what the
/// open-file limit allows, with a note when lowered.
pub(crate) fn jobs(asked: Option<u64>) -> usize {
    let asked = asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |j| j as usize,
    );
    let jobs = asked.min(run::max_parallel_runs());
    if jobs < asked {
        warn(format_args!(
            "--jobs {asked} lowered to {jobs}: the open-file limit (ulimit -n) allows no more"
        ));
    }
    jobs
}

pub(crate) fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
