//! What `stress` and `test` share before and after running a program.

use super::*;
use boardsolve::tools::{interrupt, run};
use std::io::{self, Write};

/// What `stress` and `test` do before running anyone's program: a place
/// for the report, Ctrl-C taken over so that it kills every run, and the
/// program checked (exists, is executable).
pub(crate) fn harness(command: &[String]) -> Result<run::Program, Stop> {
    need_stdout()?;
    interrupt::install()
        .map_err(|e| Stop::Usage(format!("boardsolve: cannot take over Ctrl-C handling: {e}")))?;
    run::Program::new(command).map_err(|why| Stop::Usage(format!("boardsolve: {why}")))
}

/// The exit of a run that wrote a report: 1 when something failed, even
/// when the report could not be written (the failure is the news).
pub(crate) fn reported(failed: bool, written: io::Result<()>) -> Result<(), Stop> {
    match (failed, written) {
        (false, Ok(())) => Ok(()),
        (false, Err(e)) => Err(io_failure(&e, "cannot write the report")),
        (true, Ok(())) => Err(Stop::Found),
        (true, Err(e)) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                let _ = writeln!(io::stderr(), "boardsolve: cannot write the report: {e}");
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
        let _ = writeln!(
            io::stderr(),
            "boardsolve: --jobs {asked} lowered to {jobs}: the open-file limit (ulimit -n) allows no more"
        );
    }
    jobs
}

pub(crate) fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
