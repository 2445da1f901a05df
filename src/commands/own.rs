//! `stress --generator CMD` and `--reference CMD`: the contestant's own
//! programs made ready as the tested one is (a source file compiled as a
//! judge compiles it), their lines in the header and the report, and
//! their faults reported as theirs (exit 2), never as the program's.

use super::exit::{Stop, warn};
use super::run_view::{write_block, write_run};
use super::source::{self, Prepared, Role};
use crate::cli::StressArgs;
use boardsolve::puzzles::Puzzle;
use boardsolve::tools::harness::Harness;
use boardsolve::tools::judge::Verdict;
use boardsolve::tools::own::{
    GeneratorFault, GeneratorWhy, OwnProgram, ReferenceFault, generator_arguments,
};
use boardsolve::tools::source::Compiled;
use boardsolve::tools::stress::{self, OwnFault};
use std::io::{self, BufWriter, Write};

/// The contestant's own programs of one run.
pub(crate) struct Own {
    /// `--generator`, ready to run.
    pub(crate) generator: Option<OwnProgram>,
    /// `--reference`, ready to run.
    pub(crate) reference: Option<OwnProgram>,
    /// The builds of source files, kept for as long as they run.
    _builds: Vec<Compiled>,
}

/// Checks and builds `--generator` and `--reference`, refusing the size
/// options that a generator of one's own would silently ignore.
pub(crate) fn prepare(harness: &Harness, args: &StressArgs) -> Result<Own, Stop> {
    let mut own = Own {
        generator: None,
        reference: None,
        _builds: Vec::new(),
    };
    if let Some(typed) = &args.generator {
        let flags = args.sizes.options().flags();
        if !flags.is_empty() {
            return Err(Stop::Usage(format!(
                "{}: the size options draw the built-in cases, and --generator makes every case itself",
                flags.trim_start()
            )));
        }
        let (program, build) = one(harness, args.puzzle, typed, Role::Generator)?;
        own.generator = Some(program);
        own._builds.extend(build);
    }
    if let Some(typed) = &args.own_reference {
        let (program, build) = one(harness, args.puzzle, typed, Role::Reference)?;
        own.reference = Some(program);
        own._builds.extend(build);
    }
    Ok(own)
}

/// One program of `role`, given as the one string `typed`.
fn one(
    harness: &Harness,
    puzzle: &dyn Puzzle,
    typed: &str,
    role: Role,
) -> Result<(OwnProgram, Option<Compiled>), Stop> {
    let words: Vec<String> = typed.split_whitespace().map(str::to_string).collect();
    let flag = match role {
        Role::Generator => "--generator",
        _ => "--reference",
    };
    if words.is_empty() {
        return Err(Stop::Usage(format!("{flag}: no command given")));
    }
    // A brute force of Programmers 92345 may be a solution() file like
    // the tested program; a generator is a program of its own.
    let programmers = role == Role::Reference && source::programmers(puzzle);
    match source::prepare_as(harness, &words, None, programmers, role)? {
        Prepared::Program(program, build) => Ok((
            OwnProgram {
                program,
                typed: words.join(" "),
            },
            build,
        )),
        Prepared::CompileError(error) => {
            let mut err = io::stderr().lock();
            for line in &error.message {
                let _ = writeln!(err, "    {line}");
            }
            Err(Stop::Usage(format!(
                "{flag} {}: compile error ({}); nothing was run",
                words[0], error.why
            )))
        }
    }
}

/// The header's line for each program of one's own: what makes the cases
/// and what judges the answers.
pub(crate) fn header_lines(own: &Own) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(generator) = &own.generator {
        lines.push(format!(
            "cases: made by {} SEED CASE, each held to the judge's input format",
            generator.typed
        ));
    }
    if let Some(reference) = &own.reference {
        lines.push(format!(
            "answers: from {}, each judged first by the built-in reference",
            reference.typed
        ));
    }
    lines
}

/// The command that makes case `case` (0-based) again with the generator
/// given as `typed`, for the end of a failure's report.
pub(crate) fn reproduce(typed: &str, seed: u64, case: u64) -> String {
    let [seed_argument, number] = generator_arguments(seed, case);
    let words: Vec<&str> = typed.split_whitespace().collect();
    format!(
        "{} {seed_argument} {number}  (your generator's case {number})",
        words.join(" ")
    )
}

/// A fault that stopped the shrinking or the diagnosis of a failure
/// already reported, reported as [`generator_fault`] or
/// [`reference_fault`] do.
pub(crate) fn stopped(fault: &OwnFault, args: &StressArgs) -> Stop {
    match fault {
        OwnFault::Generator(fault) => generator_fault(fault),
        OwnFault::Reference(fault) => reference_fault(fault, args),
    }
}

/// A generator's fault: what it printed and its stderr on standard
/// output, then its one line as the stop (exit 2).
pub(crate) fn generator_fault(fault: &GeneratorFault) -> Stop {
    let mut out = BufWriter::new(anstream::stdout().lock());
    let focus = match &fault.why {
        GeneratorWhy::Invalid(why) => Some(why.position.line),
        GeneratorWhy::Run(_) => None,
    };
    let written = writeln!(out, "--- the generator's output ({}) ---", fault.command)
        .and_then(|()| write_block(&mut out, &fault.output, focus))
        .and_then(|()| write_stderr(&mut out, &fault.stderr))
        .and_then(|()| out.flush());
    written_then(written, Stop::Usage(fault.to_string()))
}

/// A reference's fault: the case, the built-in answer as expected, the
/// reference's as received, and its stderr on standard output, then its
/// one line as the stop (exit 2).
pub(crate) fn reference_fault(fault: &ReferenceFault, args: &StressArgs) -> Stop {
    let mut out = BufWriter::new(anstream::stdout().lock());
    let title = match fault.case {
        0 => format!("your reference {} on a smaller case", fault.command),
        case => format!("your reference {} on case {case}", fault.command),
    };
    let written = write_run(&mut out, &title, &fault.shown).and_then(|()| out.flush());
    let mut message = fault.to_string();
    // A brute force is meant for small cases, and the first built-in
    // ones are the largest the judge allows.
    let largest = args.generator.is_none() && (1..=stress::LARGEST_CASES).contains(&fault.case);
    if largest && matches!(fault.shown.verdict, Verdict::TimeLimit { .. }) {
        message.push_str(&format!(
            " (case {} is drawn at the largest size allowed; a brute force is given smaller cases by the size options or by --generator)",
            fault.case
        ));
    }
    written_then(written, Stop::Usage(message))
}

fn write_stderr(out: &mut impl Write, stderr: &[u8]) -> io::Result<()> {
    if stderr.is_empty() {
        return writeln!(out, "--- stderr: empty ---");
    }
    writeln!(out, "--- stderr ---")?;
    write_block(out, stderr, None)
}

/// `stop`, after a report that could not be written is said (a closed
/// pipe aside).
fn written_then(written: io::Result<()>, stop: Stop) -> Stop {
    if let Err(e) = written
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        warn(format_args!("cannot write the report: {e}"));
    }
    stop
}
