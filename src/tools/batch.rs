//! Bulk expected outputs: `NAME.out` for every `NAME.in`, in parallel.

use crate::puzzles::{Error, Puzzle, SolveOptions};
use crate::text::{MAX_INPUT_BYTES, read_limited};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Where the answer to `input` goes: `NAME.out` beside it, or in `out_dir`.
pub fn output_path(input: &Path, out_dir: Option<&Path>) -> PathBuf {
    let name = input.file_stem().unwrap_or(input.as_os_str());
    let mut file = PathBuf::from(name);
    file.set_extension("out");
    match out_dir {
        Some(dir) => dir.join(file),
        None => input.with_file_name(file),
    }
}

/// The outcome for one input file.
#[derive(Debug)]
pub struct FileResult {
    /// The input file.
    pub input: PathBuf,
    /// Where its answer was written, or the message saying why not.
    pub result: Result<PathBuf, String>,
}

/// Solves every file in parallel and writes each answer next to it (or
/// into `out_dir`). A bad file does not stop the others; `progress` is
/// called once per finished file. Results come back in input order.
pub fn solve_files(
    puzzle: &dyn Puzzle,
    inputs: &[PathBuf],
    out_dir: Option<&Path>,
    opts: &SolveOptions,
    progress: &(dyn Fn() + Sync),
) -> Vec<FileResult> {
    inputs
        .par_iter()
        .map(|input| {
            let result = solve_one(puzzle, input, out_dir, opts);
            progress();
            FileResult {
                input: input.clone(),
                result,
            }
        })
        .collect()
}

fn solve_one(
    puzzle: &dyn Puzzle,
    input: &Path,
    out_dir: Option<&Path>,
    opts: &SolveOptions,
) -> Result<PathBuf, String> {
    let name = input.display();
    let data = std::fs::File::open(input)
        .and_then(|file| read_limited(file, MAX_INPUT_BYTES))
        .map_err(|e| format!("cannot read {name}: {e}"))?
        .map_err(|e| format!("{name}:{e}"))?;
    let mut answer = Vec::new();
    puzzle
        .solve(&data, opts, &mut answer)
        .map_err(|e| match e {
            Error::Input(e) => format!("{name}:{e}"),
            other => format!("{name}: {other}"),
        })?;
    let target = output_path(input, out_dir);
    std::fs::write(&target, answer)
        .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names() {
        assert_eq!(
            output_path(Path::new("t/01.in"), None),
            PathBuf::from("t/01.out")
        );
        assert_eq!(
            output_path(Path::new("t/01.in"), Some(Path::new("o"))),
            PathBuf::from("o/01.out")
        );
        assert_eq!(
            output_path(Path::new("case"), None),
            PathBuf::from("case.out")
        );
    }
}
