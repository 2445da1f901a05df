//! A source file after `--` in `test` and `stress`: compiled as a judge
//! compiles it (or found in the cache), a compile error reported as the
//! verdict `CE`, and the compiled program run like any command.

use super::exit::Stop;
use super::harness;
use super::signals;
use super::streams::need_stdout;
use super::style::BAD;
use boardsolve::puzzles::{Limits, Puzzle};
use boardsolve::tools::harness::Harness;
use boardsolve::tools::run;
use boardsolve::tools::source::{self, Built, CompileError, Compiled};
use std::io::{self, Write};
use std::path::Path;

/// The program to run, or the compile error that stops the run.
pub(crate) enum Prepared {
    /// Ready; the build (kept alive for as long as the program runs)
    /// when it came from a source file.
    Program(run::Program, Option<Compiled>),
    /// The source does not compile.
    CompileError(CompileError),
}

/// Whether `puzzle`'s judge takes the Programmers function form: its
/// cases are `solution`'s arguments.
pub(crate) fn programmers(puzzle: &dyn Puzzle) -> bool {
    puzzle
        .contract()
        .judge
        .is_some_and(|j| matches!(j.limits, Limits::Footholds { .. }))
}

/// Which program of a run a command is: the tested one after `--`, or
/// the contestant's own generator or reference of `stress`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// The program under test, after `--`.
    Tested,
    /// `stress --generator`.
    Generator,
    /// `stress --reference`.
    Reference,
}

impl Role {
    /// Where the command was given, for messages (`after --`).
    pub(crate) fn place(self) -> &'static str {
        match self {
            Role::Tested => "after --",
            Role::Generator => "given to --generator",
            Role::Reference => "given to --reference",
        }
    }

    /// What the line saying how a source file was compiled starts with.
    fn label(self) -> &'static str {
        match self {
            Role::Tested => "",
            Role::Generator => "generator ",
            Role::Reference => "reference ",
        }
    }
}

/// Builds the source file `command` names, or checks the command as
/// before. The first line on standard error says how the file was
/// compiled.
pub(crate) fn prepare(
    harness: &Harness,
    puzzle: &dyn Puzzle,
    command: &[String],
    compile_flags: Option<&str>,
) -> Result<Prepared, Stop> {
    prepare_as(
        harness,
        command,
        compile_flags,
        programmers(puzzle),
        Role::Tested,
    )
}

/// [`prepare`] for the program of `role`; `programmers`: a file defining
/// `solution` is wrapped in the Programmers harness.
pub(crate) fn prepare_as(
    harness: &Harness,
    command: &[String],
    compile_flags: Option<&str>,
    programmers: bool,
    role: Role,
) -> Result<Prepared, Stop> {
    let Some((path, language)) = source::source_of(command) else {
        // A source file's name that names no file is a typo or the wrong
        // folder, not a program to look for in PATH.
        if let Some(word) = command.first()
            && let Some(language) = source::Language::of_name(word)
            && !Path::new(word).exists()
        {
            let dir = std::env::current_dir()
                .map_or_else(|_| ".".into(), |d| boardsolve::tools::files::shown(&d));
            return Err(Stop::Usage(format!(
                "{word}: no such source file in {dir} (a {} file {} is compiled and run)",
                language.toolchain().name,
                role.place()
            )));
        }
        if compile_flags.is_some() {
            return Err(Stop::Usage(
                "--compile-flags is for a source file after -- (such as main.cpp)".into(),
            ));
        }
        return Ok(Prepared::Program(
            harness::harness(harness, command, role.place())?,
            None,
        ));
    };
    need_stdout()?;
    signals::stop_cleanly(harness)?;
    let flags: Vec<String> = compile_flags
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let cache = source::cache_root();
    let request = source::Request {
        harness,
        source: &path,
        language,
        extra_flags: &flags,
        programmers,
        cache: cache.as_deref(),
    };
    let built = match source::build(&request) {
        Ok(built) => built,
        Err(e) if e.interrupted() => signals::wait_for_exit(),
        Err(e @ source::SourceError::NoFlags { .. }) => {
            return Err(Stop::Usage(format!("--compile-flags: {e}")));
        }
        Err(e) => return Err(Stop::failed(e)),
    };
    let shown = boardsolve::tools::files::shown(&path);
    let name = language.toolchain().name;
    match built {
        Built::Failed(error) => {
            let _ = writeln!(
                io::stderr(),
                "{}{shown}: {name}, {}",
                role.label(),
                error.shown
            );
            Ok(Prepared::CompileError(error))
        }
        Built::Ready(compiled) => {
            let how = if compiled.cached {
                "compiled before (cache)".to_string()
            } else {
                format!("compiled in {:.2} s", compiled.took.as_secs_f64())
            };
            let wrapped = if compiled.wrapped {
                "; solution() called by the Programmers harness (its prints go to standard error)"
            } else {
                ""
            };
            let _ = writeln!(
                io::stderr(),
                "{}{shown}: {name}, {}; {how}{wrapped}",
                role.label(),
                compiled.shown
            );
            let mut words = compiled.command.clone();
            words.extend(command[1..].iter().cloned());
            Ok(Prepared::Program(
                harness::harness(harness, &words, role.place())?.naming(&compiled.names),
                Some(compiled),
            ))
        }
    }
}

/// A compile error as the result of a run: `CE`, why, and the start of
/// the compiler's message.
pub(crate) fn write_compile_error(
    out: &mut dyn Write,
    error: &CompileError,
    source: &str,
) -> io::Result<()> {
    writeln!(out, "{BAD}CE{BAD:#}      {source}")?;
    writeln!(out, "        compile error ({}); no case run", error.why)?;
    for line in &error.message {
        writeln!(out, "        {line}")?;
    }
    Ok(())
}

/// The compile error as `test --json` prints it.
#[derive(serde::Serialize)]
pub(crate) struct CompileErrorJson<'a> {
    verdict: &'static str,
    source: &'a str,
    message: String,
    compiler_output: &'a [String],
}

impl<'a> CompileErrorJson<'a> {
    pub(crate) fn new(error: &'a CompileError, source: &'a str) -> Self {
        CompileErrorJson {
            verdict: "CE",
            source,
            message: format!("compile error ({})", error.why),
            compiler_output: &error.message,
        }
    }
}

/// A note for a command that runs a Programmers `solution()` file
/// without its harness (`python3 solution.py`), whose output is then
/// empty ("output ends early") or its demo's: said after a wrong answer;
/// `None` when no word of the command is such a file.
pub(crate) fn unwrapped_solution_note(command: &[String], subcommand: &str) -> Option<String> {
    command.iter().find_map(|word| {
        let language = source::Language::of_name(word)?;
        let path = Path::new(word);
        if !path.is_file() {
            return None;
        }
        let text = std::fs::read(path).ok()?;
        source::defines_solution(language, &String::from_utf8_lossy(&text)).then(|| {
            format!(
                "{word} looks like a solution() file: run alone it prints nothing, or its demo, and no answer; run it as `boardsolve {subcommand} 92345 -- {word}`"
            )
        })
    })
}
