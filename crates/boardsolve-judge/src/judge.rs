//! One case judged like an online judge: run the program within limits,
//! then compare its output with the expected answer (or ask the puzzle's
//! checker), giving one of six verdicts. Shared by `stress` and `test`.

use super::harness::Harness;
use super::harness::run::{self, Ending, Limits, Program, Run, Trouble, Usage};
use super::harness::spool::Spooled;
use crate::puzzles::{CheckOptions, Error, OutputFormat, Puzzle, RuleOptions, SolveOptions};
use crate::search::context::RunContext;
use crate::text::{Verdict as Check, compare_token_streams};
use std::io::Read;
use std::time::Duration;

/// The verdict on one run, as judges name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Accepted,
    /// Wrong answer; the reason names the first wrong token.
    WrongAnswer(String),
    /// Time limit exceeded: CPU time, or wall time for a program that
    /// sleeps or waits (`wall` is then true).
    TimeLimit {
        /// The wall-clock limit, not the CPU limit, was passed.
        wall: bool,
    },
    /// Memory limit exceeded.
    MemoryLimit,
    /// Runtime error: a non-zero exit status or a signal, named.
    RuntimeError(String),
    /// Output limit exceeded: far more output than any answer.
    OutputLimit,
}

impl Verdict {
    /// The judges' short code: `AC`, `WA`, `TLE`, `MLE`, `RE`, `OLE`.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimit { .. } => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::OutputLimit => "OLE",
        }
    }

    /// Whether `other` is the same kind of failure (a shrunk case must fail
    /// the way the original did, or the report would mix two bugs).
    pub fn same_kind(&self, other: &Verdict) -> bool {
        self.code() == other.code()
    }

    /// Its name in words, without the details: `wrong answer`, `time
    /// limit exceeded`, `runtime error`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer(_) => "wrong answer",
            Verdict::TimeLimit { .. } => "time limit exceeded",
            Verdict::MemoryLimit => "memory limit exceeded",
            Verdict::RuntimeError(_) => "runtime error",
            Verdict::OutputLimit => "output limit exceeded",
        }
    }

    /// One phrase for a report.
    pub fn describe(&self) -> String {
        match self {
            Verdict::Accepted => "accepted".into(),
            Verdict::WrongAnswer(why) => format!("wrong answer ({why})"),
            Verdict::TimeLimit { wall: false } => "time limit exceeded".into(),
            Verdict::TimeLimit { wall: true } => {
                "time limit exceeded (wall clock: sleeping or waiting)".into()
            }
            Verdict::MemoryLimit => "memory limit exceeded".into(),
            Verdict::RuntimeError(why) => format!("runtime error ({why})"),
            Verdict::OutputLimit => "output limit exceeded".into(),
        }
    }
}

/// What the answer is judged against.
pub enum Expected<'a> {
    /// Token by token against this answer, both read as streams.
    Answer(&'a Spooled),
    /// By the puzzle's checker (any correct tiling, say); `answer` is a
    /// correct answer, which sizes the output limit.
    Checker {
        /// The puzzle whose checker decides.
        puzzle: &'a dyn Puzzle,
        /// The checker's options.
        options: CheckOptions,
        /// One correct answer.
        answer: &'a Spooled,
    },
}

impl Expected<'_> {
    fn answer(&self) -> &Spooled {
        match self {
            Expected::Answer(answer) | Expected::Checker { answer, .. } => answer,
        }
    }
}

/// The judged run.
#[derive(Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// CPU time, wall time and peak memory.
    pub usage: Usage,
    /// The program's standard output (bounded by the output limit).
    pub output: Spooled,
    /// The start of its standard error.
    pub stderr: Vec<u8>,
}

/// The output limit for an answer of `len` bytes: four times the answer
/// and at least 1 MiB, so that any reasonable spacing passes and a
/// runaway program is stopped long before memory or disk matter.
pub fn output_limit(len: usize) -> u64 {
    (len as u64).saturating_mul(4).max(1 << 20)
}

/// Runs `program` on `input` under `harness` and judges it.
///
/// # Errors
/// [`JudgeError::Trouble`] when the harness could not run it;
/// [`JudgeError::Puzzle`] when the checker refused the input.
pub fn judge(
    harness: &Harness,
    program: &Program,
    input: &[u8],
    expected: Expected<'_>,
    cpu: Duration,
    memory: Option<u64>,
) -> Result<Judged, JudgeError> {
    if let Expected::Checker {
        puzzle, options, ..
    } = &expected
    {
        // What the checker refuses (a board larger than it reads, an
        // option it does not take) depends on the input alone: refused
        // before the program runs and writes an answer nobody will read.
        // An empty output is only a wrong answer, found at once.
        puzzle.check(input, b"", options)?;
    }
    let answer_len = usize::try_from(expected.answer().len()).unwrap_or(usize::MAX);
    let limits = Limits::for_cpu(cpu, memory, output_limit(answer_len));
    let Run {
        ending,
        usage,
        stdout,
        stderr,
    } = run::run(harness, program, input, &limits)?;
    let verdict = match failed(ending) {
        Some(verdict) => verdict,
        None => match &expected {
            Expected::Answer(answer) => compared(
                compare_token_streams(answer.reader(), stdout.reader())
                    .map_err(|e| Trouble::system("cannot read the answers back", e))?,
            ),
            Expected::Checker {
                puzzle, options, ..
            } => {
                // Read from its file as often as the checker asks: a
                // tiling's checker never holds the output.
                let open = || Ok(Box::new(stdout.reader()) as Box<dyn Read + '_>);
                match puzzle.check_from(input, &open, options) {
                    Ok(check) => compared(check),
                    // A checker only reads: its I/O failures are reading
                    // the output back.
                    Err(Error::Io(e)) => {
                        return Err(Trouble::system("cannot read the output back", e).into());
                    }
                    Err(e) => return Err(e.into()),
                }
            }
        },
    };
    Ok(Judged {
        verdict,
        usage,
        output: stdout,
        stderr,
    })
}

/// The verdict of a run that ended without an answer to read (a
/// non-zero exit, a signal, a limit); `None` for an exit with status 0.
pub fn failed(ending: Ending) -> Option<Verdict> {
    Some(match ending {
        Ending::Exited(0) => return None,
        Ending::Exited(code) => Verdict::RuntimeError(format!("exit status {code}")),
        Ending::Signaled(signal) => Verdict::RuntimeError(run::signal_name(signal)),
        Ending::CpuLimit => Verdict::TimeLimit { wall: false },
        Ending::WallLimit => Verdict::TimeLimit { wall: true },
        Ending::MemoryLimit => Verdict::MemoryLimit,
        Ending::OutputLimit => Verdict::OutputLimit,
        Ending::KeeperAttacked(attack) => Verdict::RuntimeError(attack.describe()),
    })
}

/// Whether the load of other runs could have decided `verdict`, so that
/// the case is worth judging again alone (each re-run of a time limit
/// costs another wall cap). The rule, from the run's own accounting:
///
/// - CPU time is the kernel's count of the time the program ran, which
///   waiting for a CPU does not add to: a CPU time limit, and any verdict
///   on time below it, stands as it is. So do memory, output, runtime
///   errors and answers, which load cannot change.
/// - A wall-clock limit counts only the time in which the tree neither
///   ran nor waited for a CPU, so load alone does not reach it (a run
///   starved past the hard bound is the harness's trouble, not a
///   verdict). It is still re-run if the program computed for at least a
///   twentieth of its wall time, for what sampling cannot see (processes
///   too short-lived to be read); a program that only sleeps or waits (a
///   few milliseconds of CPU in seconds) would sleep as long alone.
pub fn load_could_decide(verdict: &Verdict, usage: Usage) -> bool {
    match verdict {
        Verdict::TimeLimit { wall: true } => usage.cpu.saturating_mul(20) >= usage.wall,
        _ => false,
    }
}

/// The judge's answer for `input` under the options `rules`, as
/// [`Puzzle::judge_answer`] gives it, written through [`Puzzle::solve`] to a temporary file so that a
/// huge answer is never held whole.
///
/// # Errors
/// As [`Puzzle::solve`]; the temporary file's failures as [`Error::Io`].
pub fn reference_answer(
    puzzle: &dyn Puzzle,
    input: &[u8],
    rules: RuleOptions,
    context: &RunContext,
) -> Result<Spooled, Error> {
    let opts = SolveOptions {
        rules,
        format: OutputFormat::Judge,
        context: context.clone(),
    };
    Spooled::written(|out| puzzle.solve(input, &opts, out))
}

fn compared(check: Check) -> Verdict {
    match check {
        Check::Correct => Verdict::Accepted,
        Check::Wrong(why) => Verdict::WrongAnswer(why),
    }
}

/// Why a case could not be judged.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The harness could not run the program.
    #[error(transparent)]
    Trouble(#[from] Trouble),
    /// The puzzle refused the input or an option.
    #[error(transparent)]
    Puzzle(#[from] Error),
}

/// A program's peak memory for people: [`size`], or `-` when the run
/// ended before its memory could be read (within a fraction of a
/// millisecond, so it was small).
pub fn peak(kib: u64) -> String {
    if kib == 0 { "-".to_string() } else { size(kib) }
}

/// A run's usage in one phrase, as reports show it after a verdict:
/// `2 ms CPU, 6 ms wall, 1.8 MiB peak`.
pub fn usage(u: &Usage) -> String {
    format!(
        "{} ms CPU, {} ms wall, {} peak",
        millis(u.cpu),
        millis(u.wall),
        peak(u.peak_kib)
    )
}

/// Milliseconds, for tables and reports.
pub fn millis(d: Duration) -> u128 {
    d.as_millis()
}

/// A memory size for people: `812 KiB`, `35.2 MiB`, `1.50 GiB`.
pub fn size(kib: u64) -> String {
    if kib < 1024 {
        format!("{kib} KiB")
    } else if kib < 1024 * 1024 {
        format!("{:.1} MiB", kib as f64 / 1024.0)
    } else {
        format!("{:.2} GiB", kib as f64 / (1024.0 * 1024.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_wall_clock_limit_of_a_program_that_computed_is_judged_again() {
        let usage = |cpu_ms, wall_ms| Usage {
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(wall_ms),
            peak_kib: 1,
        };
        let wall = Verdict::TimeLimit { wall: true };
        // Starved: 0.8 s of CPU in 8 s.
        assert!(load_could_decide(&wall, usage(800, 8000)));
        // Asleep: 2 ms of CPU in 4 s.
        assert!(!load_could_decide(&wall, usage(2, 4000)));
        let cpu = Verdict::TimeLimit { wall: false };
        assert!(!load_could_decide(&cpu, usage(1100, 1500)));
        assert!(!load_could_decide(&Verdict::Accepted, usage(990, 1000)));
        assert!(!load_could_decide(&Verdict::MemoryLimit, usage(10, 5000)));
    }

    #[test]
    fn sizes_are_shown_in_binary_units() {
        assert_eq!(size(812), "812 KiB");
        assert_eq!(size(36045), "35.2 MiB");
    }
}
