//! Bulk expected outputs: `NAME.out` for every `NAME.in`, in parallel.

use super::files::{
    self, Existing, FileError, Found, case_file, is_case_input, read_named, shown, write_file,
};
use super::harness::Harness;
use crate::puzzles::{Error, OutputFormat, Puzzle, SolveOptions};
use crate::text::MAX_INPUT_BYTES;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};

/// Where the answers of a bulk run go, and whether they may replace files.
#[derive(Debug, Clone, Copy)]
pub struct Outputs<'a> {
    /// The directory of the answers; `None`: beside each input.
    pub dir: Option<&'a Path>,
    /// What is written: the judge's answer goes to `NAME.out`, the JSON
    /// play to `NAME.json` and the explanation to `NAME.explain`, so that
    /// neither is ever read back as an expected answer.
    pub format: OutputFormat,
    /// Whether an existing file may be replaced (`--force`); otherwise
    /// it is refused before anything is solved, and a file that appears
    /// meanwhile is left as it is.
    pub replace: bool,
}

impl Outputs<'_> {
    /// Where the answer to `input` goes (see [`case_file`]).
    pub fn path(&self, input: &Path) -> PathBuf {
        let ext = match self.format {
            OutputFormat::Judge => "out",
            OutputFormat::Json => "json",
            OutputFormat::Explain => "explain",
        };
        case_file(input, ext, self.dir)
    }
}

/// The input files a bulk run means, from what the user named.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BulkInputs {
    /// The files to solve: each named file, and each directory's `*.in`
    /// in natural order (`2.in` before `10.in`).
    pub inputs: Vec<PathBuf>,
    /// Named files left out because they are the answers of an earlier
    /// run: `X.out` beside an `X.in` that is solved too.
    pub skipped: Vec<PathBuf>,
    /// `*.in` entries of a directory that cannot be read as files (a FIFO,
    /// a link to a device, a symlink loop, a directory named `X.in`), with
    /// what each is: left out, to be named to the user.
    pub unusable: Vec<(PathBuf, String)>,
    /// Entries of a directory that are neither `*.in` nor the answer
    /// (`X.out`, `X.ans`) of one: not cases, left out, to be named.
    pub ignored: Vec<PathBuf>,
}

impl BulkInputs {
    /// One line for each unusable entry: `skipped: PATH (a FIFO)`.
    pub fn unusable_lines(&self) -> impl Iterator<Item = String> + '_ {
        self.unusable
            .iter()
            .map(|(path, why)| format!("skipped: {} ({why})", shown(path)))
    }
}

/// Expands directories to their `*.in` files and leaves out the `X.out`
/// or `X.ans` answers of an earlier run, so that `solve 2048 tests/*`
/// means the instances in `tests/`.
///
/// # Errors
/// A directory that cannot be read, with the reason.
pub fn bulk_inputs(paths: &[PathBuf]) -> Result<BulkInputs, FileError> {
    let mut named = Vec::new();
    let mut unusable = Vec::new();
    let mut ignored = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|source| FileError::ReadDir {
                name: shown(path),
                source,
            })?;
            let mut found = Vec::new();
            let mut others = Vec::new();
            for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
                if !is_case_input(&path) {
                    others.push(path);
                    continue;
                }
                // Named, not dropped in silence: the user counts on the case.
                match files::found(&path) {
                    Found::File => found.push(path),
                    Found::Missing => {}
                    Found::Unusable(why) => unusable.push((path, why)),
                }
            }
            let answers = |p: &&PathBuf| {
                p.extension().is_some_and(|e| e == "out" || e == "ans")
                    && case_file(p, "in", None).is_file()
            };
            others.retain(|p| !answers(&p));
            others.sort_by_cached_key(|p| natural_key(p));
            ignored.extend(others);
            found.sort_by_cached_key(|p| natural_key(p));
            named.extend(found);
        } else {
            named.push(path.clone());
        }
    }
    // A set, so that thousands of named files stay linear, not quadratic.
    let instances: HashSet<&Path> = named
        .iter()
        .filter(|p| is_case_input(p))
        .map(PathBuf::as_path)
        .collect();
    unusable.sort_by_cached_key(|(p, _)| natural_key(p));
    let mut result = BulkInputs {
        unusable,
        ignored,
        ..BulkInputs::default()
    };
    for path in &named {
        let earlier_answer = path.extension().is_some_and(|e| e == "out" || e == "ans")
            && instances.contains(case_file(path, "in", None).as_path());
        if earlier_answer {
            result.skipped.push(path.clone());
        } else {
            result.inputs.push(path.clone());
        }
    }
    Ok(result)
}

/// A sort key that orders the numbers inside names by value.
fn natural_key(path: &Path) -> Vec<(u8, u128, String)> {
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let mut key = Vec::new();
    let mut rest = name.as_str();
    while let Some(c) = rest.chars().next() {
        let digits = c.is_ascii_digit();
        let end = rest
            .find(|ch: char| ch.is_ascii_digit() != digits)
            .unwrap_or(rest.len());
        let (part, tail) = rest.split_at(end);
        key.push(if digits {
            (0, part.parse().unwrap_or(u128::MAX), part.to_string())
        } else {
            (1, 0, part.to_string())
        });
        rest = tail;
    }
    key
}

/// The outcome for one input file.
#[derive(Debug)]
pub struct FileResult {
    /// The input file.
    pub input: PathBuf,
    /// Where its answer was written, or why not.
    pub result: Result<PathBuf, FileError>,
}

/// Solves every file in parallel and writes each answer next to it (or
/// into `out_dir`), each through a temporary file registered with
/// `harness`. A bad file does not stop the others; `progress` is called
/// once per finished file. Results come back in input order.
pub fn solve_files(
    harness: &Harness,
    puzzle: &dyn Puzzle,
    inputs: &[PathBuf],
    outputs: Outputs,
    opts: &SolveOptions,
    progress: &(dyn Fn() + Sync),
) -> Vec<FileResult> {
    inputs
        .par_iter()
        .map(|input| {
            let result = solve_one(harness, puzzle, input, outputs, opts);
            progress();
            FileResult {
                input: input.clone(),
                result,
            }
        })
        .collect()
}

fn solve_one(
    harness: &Harness,
    puzzle: &dyn Puzzle,
    input: &Path,
    outputs: Outputs,
    opts: &SolveOptions,
) -> Result<PathBuf, FileError> {
    let data = read_named(input, MAX_INPUT_BYTES)?;
    let target = outputs.path(input);
    let existing = if outputs.replace {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    // The answer streams into its file: a 16384-wide tiling never sits in
    // memory, and a failure leaves no partial file.
    let mut refused = None;
    let written = write_file(harness, &target, existing, |out| {
        puzzle.solve(&data, opts, out).map_err(|e| match e {
            Error::Io(e) => e,
            other => {
                refused = Some(other);
                io::Error::other("refused")
            }
        })
    });
    match (written, refused) {
        (Ok(()), _) => Ok(target),
        (Err(_), Some(e)) => Err(FileError::refused(shown(input), e)),
        (Err(source), None) => Err(FileError::Write {
            name: shown(&target),
            source,
        }),
    }
}

/// Two files of a bulk run that would meet (see [`check_outputs`]); the
/// names are as [`shown`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Clash {
    /// An input named `X.out` would be overwritten by its own answer.
    #[error("the answer to {input} would overwrite the input itself; name inputs *.in")]
    OverwritesItself {
        /// The input.
        input: String,
    },
    /// An answer would land on another input.
    #[error("the answer to {input} would overwrite the input {other}")]
    OverwritesInput {
        /// The input whose answer it is.
        input: String,
        /// The input it would overwrite.
        other: String,
    },
    /// The answer's file exists already and replacing was not asked for.
    #[error("{output} exists already; it is not replaced unasked")]
    Exists {
        /// The file.
        output: String,
    },
    /// Two inputs would write the same answer file (`a/t.in b/t.in`
    /// into one output directory).
    #[error("{first} and {second} would both write {output}")]
    SameOutput {
        /// The first input.
        first: String,
        /// The second input.
        second: String,
        /// The answer file both would write.
        output: String,
    },
}

/// Refuses, before anything is written, a run that would overwrite one of
/// its own inputs (an input named `X.out`, or an answer landing on another
/// input), write two answers to one file (`--out-dir o a/t.in b/t.in`), or
/// replace an existing file when `outputs` does not allow it.
///
/// # Errors
/// The clash, naming both files.
pub fn check_outputs(inputs: &[PathBuf], outputs: Outputs) -> Result<(), Clash> {
    let key = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let input_keys: HashMap<PathBuf, &Path> =
        inputs.iter().map(|p| (key(p), p.as_path())).collect();
    let mut written: HashMap<PathBuf, &Path> = HashMap::new();
    for input in inputs {
        let target = outputs.path(input);
        // The directory exists (or will); the file may not yet.
        let target_key = match (target.parent(), target.file_name()) {
            (Some(dir), Some(file)) if !dir.as_os_str().is_empty() => key(dir).join(file),
            _ => key(&target),
        };
        if let Some(other) = input_keys.get(&target_key) {
            return Err(if *other == input.as_path() {
                Clash::OverwritesItself {
                    input: shown(input),
                }
            } else {
                Clash::OverwritesInput {
                    input: shown(input),
                    other: shown(other),
                }
            });
        }
        if let Some(first) = written.insert(target_key, input) {
            return Err(Clash::SameOutput {
                first: shown(first),
                second: shown(input),
                output: shown(&target),
            });
        }
        if !outputs.replace && target.symlink_metadata().is_ok() {
            return Err(Clash::Exists {
                output: shown(&target),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_mean_their_inputs_in_natural_order_and_earlier_answers_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["10.in", "2.in", "2.out", "a.txt", "1.in"] {
            std::fs::write(dir.path().join(name), "1\n2\n").unwrap();
        }
        let d = dir.path();
        let found = bulk_inputs(&[d.to_path_buf()]).unwrap();
        assert_eq!(
            found.inputs,
            [d.join("1.in"), d.join("2.in"), d.join("10.in")]
        );
        assert!(found.skipped.is_empty());
        let named: Vec<PathBuf> = ["1.in", "2.in", "2.out", "a.txt"]
            .iter()
            .map(|n| d.join(n))
            .collect();
        let found = bulk_inputs(&named).unwrap();
        assert_eq!(
            found.inputs,
            [d.join("1.in"), d.join("2.in"), d.join("a.txt")]
        );
        assert_eq!(found.skipped, [d.join("2.out")]);
    }

    #[test]
    fn directory_entries_that_are_not_files_are_named_not_dropped() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("1.in"), "1\n2\n").unwrap();
        std::fs::create_dir(d.join("dir.in")).unwrap();
        symlink("/dev/zero", d.join("zero.in")).unwrap();
        symlink("loop.in", d.join("loop.in")).unwrap();
        symlink("1.in", d.join("link.in")).unwrap();
        let found = bulk_inputs(&[d.to_path_buf()]).unwrap();
        assert_eq!(found.inputs, [d.join("1.in"), d.join("link.in")]);
        let lines: Vec<String> = found.unusable_lines().collect();
        let shown = |name: &str, why: &str| format!("skipped: {} ({why})", d.join(name).display());
        assert_eq!(
            lines,
            [
                shown("dir.in", "a directory"),
                shown("loop.in", "a symlink loop"),
                shown("zero.in", "a link to a character device"),
            ]
        );
    }

    fn judge_answers(dir: Option<&Path>) -> Outputs<'_> {
        Outputs {
            dir,
            format: OutputFormat::Judge,
            replace: false,
        }
    }

    #[test]
    fn output_names() {
        let at = |input: &str, dir: Option<&str>, format| {
            let outputs = Outputs {
                format,
                ..judge_answers(dir.map(Path::new))
            };
            outputs.path(Path::new(input))
        };
        let judge = OutputFormat::Judge;
        assert_eq!(at("t/01.in", None, judge), PathBuf::from("t/01.out"));
        assert_eq!(at("t/01.in", Some("o"), judge), PathBuf::from("o/01.out"));
        assert_eq!(at("case", None, judge), PathBuf::from("case.out"));
        assert_eq!(
            at("t/case.v2.in", None, judge),
            PathBuf::from("t/case.v2.out")
        );
        assert_eq!(
            at("t/01.in", None, OutputFormat::Json),
            PathBuf::from("t/01.json")
        );
        assert_eq!(
            at("t/01.in", Some("o"), OutputFormat::Explain),
            PathBuf::from("o/01.explain")
        );
    }

    #[test]
    fn dotted_case_names_neither_collide_nor_lose_their_middle() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let inputs: Vec<PathBuf> = ["1.5.in", "1.10.in", "a.b.c.in"]
            .iter()
            .map(|n| d.join(n))
            .collect();
        for p in &inputs {
            std::fs::write(p, "1\n2\n").unwrap();
        }
        check_outputs(&inputs, judge_answers(None)).unwrap();
        let o = d.join("o");
        check_outputs(&inputs, judge_answers(Some(&o))).unwrap();
        // The answers of an earlier run are told apart by their full name.
        std::fs::write(d.join("1.5.out"), "2\n").unwrap();
        let named = [d.join("1.5.in"), d.join("1.5.out"), d.join("1.10.out")];
        let found = bulk_inputs(&named).unwrap();
        assert_eq!(found.inputs, [d.join("1.5.in"), d.join("1.10.out")]);
        assert_eq!(found.skipped, [d.join("1.5.out")]);
        // ... and an existing answer is refused unless replacing is asked.
        let clash = check_outputs(&inputs, judge_answers(None)).unwrap_err();
        assert!(matches!(clash, Clash::Exists { .. }), "{clash}");
        let replace = Outputs {
            replace: true,
            ..judge_answers(None)
        };
        check_outputs(&inputs, replace).unwrap();
    }
}
