//! `boardsolve validate`: test inputs held to the judge's format and
//! limits, strictly.

use super::exit::{Stop, warn};
use super::harness;
use super::streams::{need_stdout, read_input};
use super::style::{BAD, GOOD};
use crate::cli::ValidateArgs;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::tools::{batch, files};
use std::io::{BufWriter, Write};

pub(crate) fn validate(args: &ValidateArgs) -> Result<(), Stop> {
    need_stdout()?;
    let found = batch::bulk_inputs(&args.paths).map_err(Stop::failed)?;
    for line in found.unusable_lines() {
        warn(line);
    }
    if !found.ignored.is_empty() {
        let names: Vec<String> = found.ignored.iter().map(|p| files::shown(p)).collect();
        warn(format_args!(
            "skipped {} (not *.in cases)",
            names.join(", ")
        ));
    }
    if found.inputs.is_empty() {
        return Err(Stop::Usage("no input files found".into()));
    }
    let mut out = BufWriter::new(anstream::stdout().lock());
    let mut invalid = 0;
    let mut written = Ok(());
    for path in &found.inputs {
        let (name, input) = read_input(Some(path), MAX_INPUT_BYTES)?;
        if let Err(why) = args.puzzle.validate(&input) {
            invalid += 1;
            written = written.and_then(|()| writeln!(out, "{BAD}{name}:{why}{BAD:#}"));
        }
    }
    let total = found.inputs.len();
    written = written.and_then(|()| {
        if invalid == 0 {
            writeln!(out, "{GOOD}all {total} valid{GOOD:#}")
        } else {
            writeln!(out, "{invalid} of {total} invalid")
        }
    });
    harness::reported(invalid > 0, written.and_then(|()| out.flush()))
}
