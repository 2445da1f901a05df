//! `boardsolve test`: the local judge and its table, once (`once.rs`) or
//! on every change (`watch.rs`).

use super::exit::{Stop, failure};
use super::signals;
use super::source;
use crate::cli::TestArgs;
use boardsolve::tools::harness::Harness;
use once::{case_paths, run_once};

mod once;
mod watch;

pub(crate) fn test_command(args: &TestArgs, harness: &Harness) -> Result<(), Stop> {
    // Refused before anything runs.
    let rules = args
        .rules
        .options(args.puzzle)
        .map_err(|e| failure(e, "test"))?;
    if args.json {
        signals::stops_in_json();
    }
    if args.watch {
        return watch::watch(args, rules, harness);
    }
    // The cases first: nothing is compiled for a run with nothing to run.
    let paths = case_paths(args)?;
    let prepared = source::prepare(
        harness,
        args.puzzle,
        &args.command,
        args.compile_flags.as_deref(),
    )?;
    run_once(args, rules, prepared, &paths, harness)
}
