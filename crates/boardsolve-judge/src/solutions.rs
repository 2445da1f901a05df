//! A setter's own programs, filed by what they must do (a problem
//! package's `submissions/accepted/`, `wrong_answer/`, ...), each run over
//! a test set in the harness: the matrix of verdicts and times, and
//! whether every program did what its folder promises, by the default
//! rules of the problem package format (2025-09, "Example submissions").
//!
//! A program is an executable file (a binary or a script with its `#!`
//! line), or a source that [`prepare`] knows how to build; the build is
//! one function, so that a fuller compiler table can take its place.

use super::harness::run::{Program, ProgramError};
use super::judge::Verdict;
use super::source::{Built, Compiled};
use std::path::{Path, PathBuf};

/// The verdicts of the package format: memory and output limits are
/// run-time errors there, as judges report them; a program that does not
/// build is a compile error on every case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Outcome {
    /// Accepted.
    #[serde(rename = "AC")]
    Accepted,
    /// Wrong answer.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Over the time limit.
    #[serde(rename = "TLE")]
    TimeLimit,
    /// Crashed, or over the memory or output limit.
    #[serde(rename = "RTE")]
    RunTimeError,
    /// Did not build: a verdict other than AC, which `rejected/` permits.
    #[serde(rename = "CE")]
    CompileError,
}

impl Outcome {
    /// The outcome of a judge's verdict.
    pub fn of(verdict: &Verdict) -> Outcome {
        match verdict {
            Verdict::Accepted => Outcome::Accepted,
            Verdict::WrongAnswer(_) => Outcome::WrongAnswer,
            Verdict::TimeLimit { .. } => Outcome::TimeLimit,
            Verdict::MemoryLimit | Verdict::RuntimeError(_) | Verdict::OutputLimit => {
                Outcome::RunTimeError
            }
        }
    }

    /// Its code in the format: `AC`, `WA`, `TLE`, `RTE`, `CE`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Accepted => "AC",
            Outcome::WrongAnswer => "WA",
            Outcome::TimeLimit => "TLE",
            Outcome::RunTimeError => "RTE",
            Outcome::CompileError => "CE",
        }
    }
}

/// What the programs of one folder must do: every case's outcome in
/// `permitted`, and at least one in `required` (empty: none required).
#[derive(Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rule {
    /// The folder's name under `submissions/`.
    pub folder: &'static str,
    /// The outcomes a case may have.
    pub permitted: &'static [Outcome],
    /// Outcomes of which at least one case must have one.
    pub required: &'static [Outcome],
}

use Outcome::{
    Accepted as AC, CompileError as CE, RunTimeError as RTE, TimeLimit as TLE, WrongAnswer as WA,
};

/// The format's default folders and their rules. `rejected/` holds
/// programs whose final verdict is anything but AC, a compile error
/// included (as BAPCtools judges it).
pub const RULES: [Rule; 6] = [
    Rule {
        folder: "accepted",
        permitted: &[AC],
        required: &[],
    },
    Rule {
        folder: "rejected",
        permitted: &[AC, WA, TLE, RTE, CE],
        required: &[RTE, TLE, WA, CE],
    },
    Rule {
        folder: "wrong_answer",
        permitted: &[AC, WA],
        required: &[WA],
    },
    Rule {
        folder: "time_limit_exceeded",
        permitted: &[AC, TLE],
        required: &[TLE],
    },
    Rule {
        folder: "run_time_error",
        permitted: &[AC, RTE],
        required: &[RTE],
    },
    Rule {
        folder: "brute_force",
        permitted: &[AC, RTE, TLE],
        required: &[RTE, TLE],
    },
];

impl Rule {
    /// Why `outcomes` (case name, outcome) break the rule, in a few
    /// words; `None` when they keep it.
    pub fn broken(&self, outcomes: &[(String, Outcome)]) -> Option<String> {
        let codes = |set: &[Outcome]| set.iter().map(|o| o.code()).collect::<Vec<_>>().join(", ");
        if let Some((case, o)) = outcomes.iter().find(|(_, o)| !self.permitted.contains(o)) {
            return Some(format!(
                "{} on {case}, but {}/ permits only {}",
                o.code(),
                self.folder,
                codes(self.permitted)
            ));
        }
        let met =
            self.required.is_empty() || outcomes.iter().any(|(_, o)| self.required.contains(o));
        (!met).then(|| {
            format!(
                "no case is {}, as {}/ requires of at least one",
                codes(self.required).replace(", ", " or "),
                self.folder
            )
        })
    }
}

/// One of the setter's programs, as found in its folder.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The file.
    pub path: PathBuf,
    /// `folder/file`, as the package format names submissions.
    pub name: String,
    /// The rule of its folder.
    pub rule: &'static Rule,
}

/// Why the programs could not be found or built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolutionsError {
    /// A folder could not be read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The folder.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// No program in any folder of a known rule.
    #[error(
        "{0} holds no program in accepted/, rejected/, wrong_answer/, time_limit_exceeded/, run_time_error/ or brute_force/"
    )]
    Empty(String),
    /// A submission folder of several files (or none): a program
    /// boardsolve does not build.
    #[error(
        "{name} is a folder of {files} files; boardsolve runs a submission folder that holds one source or executable, not several"
    )]
    SeveralFiles {
        /// The folder.
        name: String,
        /// How many files it holds.
        files: usize,
    },
    /// A file that is neither executable nor a known source.
    #[error(
        "{0} is neither executable nor a source boardsolve builds (C, C++, Python, Java, Rust, JavaScript, Kotlin): chmod +x it, or build it"
    )]
    CannotRun(String),
    /// A source that did not build.
    #[error("{name} does not build: {command}\n{output}")]
    Build {
        /// The source.
        name: String,
        /// The build command.
        command: String,
        /// The compiler's first lines.
        output: String,
    },
    /// A compiler or interpreter that cannot be started.
    #[error("cannot start {tool} for {name}: {source}")]
    Tool {
        /// The tool.
        tool: String,
        /// The source.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The program, as checked by the harness.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// A source that could not be built for another reason than its
    /// code: a missing compiler, the cache, a stop.
    #[error(transparent)]
    Source(#[from] super::source::SourceError),
}

impl SolutionsError {
    /// Whether building stopped because boardsolve is stopping: no
    /// program's fault, and nothing to report.
    pub fn interrupted(&self) -> bool {
        matches!(self, SolutionsError::Source(e) if e.interrupted())
    }
}

/// The programs of `dir` (the folders of [`RULES`]; `dir/submissions`
/// when `dir` is a package), by folder in the order of [`RULES`], by name
/// within one; and the entries of `dir` no rule names (other folders, or
/// files beside the folders such as `submissions.yaml`), to be mentioned.
///
/// # Errors
/// A folder that cannot be read, or no program at all.
pub fn find(dir: &Path) -> Result<(Vec<Submission>, Vec<PathBuf>), SolutionsError> {
    let dir = if dir.join("submissions").is_dir() {
        dir.join("submissions")
    } else {
        dir.to_path_buf()
    };
    let read = |d: &Path| -> Result<Vec<PathBuf>, SolutionsError> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(d)
            .map_err(|source| SolutionsError::Read {
                name: super::files::shown(d),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
            })
            .collect();
        entries.sort();
        Ok(entries)
    };
    let mut found = Vec::new();
    let mut other = Vec::new();
    for entry in read(&dir)? {
        let known = entry.is_dir()
            && RULES
                .iter()
                .any(|r| entry.file_name().is_some_and(|n| n == r.folder));
        if !known && entry.file_name().is_none_or(|n| n != "submissions.yaml") {
            other.push(entry);
        }
    }
    for rule in &RULES {
        let folder = dir.join(rule.folder);
        if !folder.is_dir() {
            continue;
        }
        for path in read(&folder)? {
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            found.push(Submission {
                name: format!("{}/{file}", rule.folder),
                path,
                rule,
            });
        }
    }
    if found.is_empty() {
        return Err(SolutionsError::Empty(super::files::shown(&dir)));
    }
    Ok((found, other))
}

/// A submission ready to run, with the folder of its build (removed when
/// this is dropped).
#[derive(Debug)]
pub struct Prepared {
    /// What the harness runs.
    pub program: Program,
    /// The build, kept as long as the program is (an uncached build's
    /// folder is registered, so that a signal removes it too).
    _build: Option<Compiled>,
}

/// `sub` made runnable: an executable file runs as it is; a folder that
/// holds one file (at any depth) is that file; a source file
/// (C, C++, Python, Java, Rust, JavaScript, Kotlin: the table of
/// `tools::source`) is built as `test` builds one, with the judge's
/// options and the cache, and for a Programmers judge (`programmers`) a
/// file defining `solution` is wrapped in its harness. The compiler runs
/// under `harness`.
///
/// # Errors
/// A file neither executable nor a known source, a folder of several
/// files, a source that does not build (with the compiler's first
/// lines), or a missing compiler.
pub fn prepare(
    harness: &super::harness::Harness,
    sub: &Submission,
    programmers: bool,
) -> Result<Prepared, SolutionsError> {
    prepare_path(harness, &sub.path, programmers)
}

/// The program at `path` made runnable, as [`prepare`] makes a
/// submission's (`audit --mutants` runs each mutant so).
///
/// # Errors
/// As [`prepare`].
pub fn prepare_path(
    harness: &super::harness::Harness,
    path: &Path,
    programmers: bool,
) -> Result<Prepared, SolutionsError> {
    let shown = super::files::shown(path);
    if path.is_dir() {
        let mut files = Vec::new();
        files_in(path, &mut files);
        return match files.as_slice() {
            [one] => prepare_path(harness, one, programmers),
            many => Err(SolutionsError::SeveralFiles {
                name: shown,
                files: many.len(),
            }),
        };
    }
    let executable =
        || path.is_file() && rustix::fs::access(path, rustix::fs::Access::EXEC_OK).is_ok();
    let path = path.to_string_lossy().into_owned();
    let Some((source, language)) = super::source::source_of(std::slice::from_ref(&path)) else {
        if !executable() {
            return Err(SolutionsError::CannotRun(shown));
        }
        return Ok(Prepared {
            program: Program::new(&[path])?,
            _build: None,
        });
    };
    let cache = super::source::cache_root();
    let request = super::source::Request {
        harness,
        source: &source,
        language,
        extra_flags: &[],
        programmers,
        cache: cache.as_deref(),
    };
    match super::source::build(&request)? {
        Built::Ready(compiled) => Ok(Prepared {
            program: Program::new(&compiled.command)?.naming(&compiled.names),
            _build: Some(compiled),
        }),
        Built::Failed(error) => Err(SolutionsError::Build {
            name: shown,
            command: error.shown,
            output: error.message.join("\n"),
        }),
    }
}

/// The files of `dir` and its folders, leaving out hidden ones (a
/// package ignores them).
fn files_in(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if entry.file_name().as_encoded_bytes().starts_with(b".") {
            continue;
        }
        if path.is_dir() {
            files_in(&path, into);
        } else {
            into.push(path);
        }
    }
}

/// The time limit a package states, `limits.time_limit` of its
/// `problem.yaml`, in seconds; `None` without one. Read line by line
/// (the key indented under `limits:`), as `package` writes it.
pub fn package_time_limit(package: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(package.join("problem.yaml")).ok()?;
    let mut in_limits = false;
    for line in text.lines() {
        let code = line.split('#').next().unwrap_or_default();
        if code.trim().is_empty() {
            continue;
        }
        if !code.starts_with(' ') {
            in_limits = code.trim_end() == "limits:";
            continue;
        }
        if in_limits && let Some(value) = code.trim().strip_prefix("time_limit:") {
            return value.trim().parse().ok().filter(|v: &f64| *v > 0.0);
        }
    }
    None
}

/// The package a path of cases belongs to: the path itself when it holds
/// `problem.yaml`, else the nearest folder above it that does.
pub fn package_of(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    start
        .ancestors()
        .take(4)
        .find(|dir| dir.join("problem.yaml").is_file() && dir.join("data").is_dir())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcomes(list: &[Outcome]) -> Vec<(String, Outcome)> {
        list.iter()
            .enumerate()
            .map(|(i, o)| (format!("{}.in", i + 1), *o))
            .collect()
    }

    #[test]
    fn the_default_rules_of_the_format() {
        let rule = |folder| RULES.iter().find(|r| r.folder == folder).unwrap();
        assert_eq!(rule("accepted").broken(&outcomes(&[AC, AC])), None);
        assert_eq!(
            rule("accepted").broken(&outcomes(&[AC, WA])).unwrap(),
            "WA on 2.in, but accepted/ permits only AC"
        );
        assert_eq!(
            rule("wrong_answer").broken(&outcomes(&[AC, AC])).unwrap(),
            "no case is WA, as wrong_answer/ requires of at least one"
        );
        assert_eq!(rule("wrong_answer").broken(&outcomes(&[AC, WA])), None);
        assert!(
            rule("time_limit_exceeded")
                .broken(&outcomes(&[TLE, WA]))
                .is_some()
        );
        assert_eq!(rule("rejected").broken(&outcomes(&[AC, RTE])), None);
        assert_eq!(rule("rejected").broken(&outcomes(&[CE, CE])), None);
        assert_eq!(
            rule("accepted").broken(&outcomes(&[CE])).unwrap(),
            "CE on 1.in, but accepted/ permits only AC"
        );
        assert!(rule("brute_force").broken(&outcomes(&[AC, WA])).is_some());
        assert_eq!(
            Outcome::of(&Verdict::MemoryLimit),
            Outcome::RunTimeError,
            "a memory limit is a run-time error in the format"
        );
    }

    #[test]
    fn the_time_limit_of_a_package() {
        let dir = tempfile::tempdir().unwrap();
        let yaml = dir.path().join("problem.yaml");
        std::fs::write(
            &yaml,
            "name: x\nlimits:\n  memory: 512\n  time_limit: 1.5 # measured\n",
        )
        .unwrap();
        assert_eq!(package_time_limit(dir.path()), Some(1.5));
        std::fs::write(&yaml, "time_limit: 3\nlimits:\n  memory: 512\n").unwrap();
        assert_eq!(package_time_limit(dir.path()), None);
    }
}
