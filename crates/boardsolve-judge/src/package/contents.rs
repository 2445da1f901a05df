//! The files of a package, by kind: what the problem is and how it is
//! judged, its data with the exact solver's answers, and the inputs its
//! validator must refuse. Each list is in the order the package is
//! written, so a package is the same bytes from run to run.

use super::parts::{Format, Kit, Meta, PackageFile, data_seed};
use crate::audit::Killer;
use crate::generate;
use crate::puzzles::{Bug, Error, Puzzle, RuleOptions};

/// A package file of text.
fn text(path: impl Into<String>, text: impl Into<String>) -> PackageFile {
    PackageFile {
        path: path.into(),
        bytes: text.into().into_bytes(),
    }
}

/// `problem.yaml`, the statement, the validators and the setter's
/// submissions, and the recipe that rebuilds the data from `seed`.
pub(super) fn program_files(meta: &Meta, kit: &Kit, seed: u64) -> Vec<PackageFile> {
    let mut files = vec![
        text("problem.yaml", meta.yaml()),
        text("statement/problem.en.tex", kit.statement.as_str()),
        text(
            "input_validators/validate/validate.cpp",
            kit.validator.as_str(),
        ),
    ];
    if meta.format == Format::Current {
        files.push(text(
            "answer_validators/validate_answer/validate_answer.cpp",
            kit.answer_validator.as_str(),
        ));
    }
    if let Some(checker) = &kit.output_validator {
        files.push(text("output_validator/check_tiling.cpp", checker.as_str()));
    }
    files.push(text(
        "submissions/accepted/solution.cpp",
        kit.solution.as_str(),
    ));
    if kit.plain {
        files.push(text(
            "submissions/accepted/plain.cpp",
            format!("#define PLAIN\n{}", kit.solution),
        ));
    }
    files.push(text(
        format!("submissions/wrong_answer/{}.cpp", kit.mistake),
        format!("#define MISTAKE\n{}", kit.solution),
    ));
    if kit.too_slow {
        files.push(text(
            "submissions/time_limit_exceeded/replay.cpp",
            format!("#define REPLAY\n{}", kit.solution),
        ));
    }
    files.push(text(
        "generators/README.md",
        recipe(meta.id, seed, meta.format),
    ));
    files
}

/// `generators/README.md`: how `data/` was made, with the command that
/// writes it again byte for byte.
fn recipe(id: &str, seed: u64, format: Format) -> String {
    format!(
        "# How data/ was made\n\n\
         Every file of data/ is written by boardsolve {version}, and this command\n\
         writes them again byte for byte (into a new folder; compare with\n\
         `diff -r`):\n\n\
         ```sh\n\
         boardsolve package {id} --seed {seed} --format {format} --time-limit 1 --out-dir rebuilt/\n\
         ```\n\n\
         - data/sample/: the statement's examples (`boardsolve samples {id}`).\n\
         - data/secret/killer-*: the killer set of `boardsolve gen {id} --seed {seed} --killers`,\n  \
           cases that kill the catalogued classic mistakes.\n\
         - data/secret/edge-*: the edge cases a setter expects, from the judge's limits.\n\
         - data/secret/random-*: seeded random cases of every size up to the limits.\n\
         - data/invalid_input/ (2025-09 only): boardsolve's corpus of invalid\n  \
           inputs for this format (`tests/data/invalid/`), and inputs just past\n  \
           each limit.\n\
         - every .ans: the exact solver's answer (`boardsolve solve {id}`).\n",
        version = env!("CARGO_PKG_VERSION"),
        format = format.version(),
    )
}

/// `data/sample/` and `data/secret/`: the statement's examples, then the
/// killer set, the edge cases and the random cases drawn from `seed`,
/// each with the exact solver's answer.
///
/// # Errors
/// A case the solver refuses, or one past the judge's contract (a bug:
/// the package would contradict its own validator).
pub(super) fn data_files(
    puzzle: &dyn Puzzle,
    seed: u64,
    kit: &Kit,
    killers: Vec<Killer>,
) -> Result<Vec<PackageFile>, Error> {
    let mut files = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, (input, answer)) in puzzle.samples(None)?.into_iter().enumerate() {
        seen.insert(input.clone());
        files.push(text(format!("data/sample/{}.in", i + 1), input));
        files.push(text(format!("data/sample/{}.ans", i + 1), answer));
    }
    let mut secret: Vec<(String, String)> = Vec::new();
    for (i, killer) in killers.into_iter().enumerate() {
        secret.push((format!("killer-{:02}", i + 1), killer.input));
    }
    for (name, input) in &kit.edges {
        secret.push((format!("edge-{name}"), input.clone()));
    }
    let random_seed = data_seed(puzzle.name(), seed);
    let width = kit.generated.len().to_string().len().max(2);
    for (i, opts) in kit.generated.iter().enumerate() {
        let input = generate::instance(puzzle, random_seed, i as u64, opts)?;
        secret.push((format!("random-{:0width$}", i + 1), input));
    }
    // A case met twice (a random 1×1 board is the smallest edge case) is
    // kept once, under its first name.
    secret.retain(|(_, input)| seen.insert(input.clone()));
    for (name, input) in secret {
        // A case past the contract would make the package contradict its
        // own validator: refused here rather than found by verifyproblem.
        puzzle
            .validate(input.as_bytes())
            .map_err(|input| Bug::PackageCase {
                name: name.clone(),
                input,
            })?;
        let answer = puzzle.judge_answer(input.as_bytes(), RuleOptions::Defaults)?;
        let answer =
            String::from_utf8(answer).map_err(|_| Bug::PackageAnswerNotText(name.clone()))?;
        files.push(text(format!("data/secret/{name}.in"), input));
        files.push(text(format!("data/secret/{name}.ans"), answer));
    }
    Ok(files)
}

/// `data/invalid_input/` (2025-09 only): inputs just past each of the
/// judge's limits, then the corpus of invalid inputs for its format.
///
/// # Errors
/// One that the judge's contract accepts (a bug: the package's validator
/// must reject every one).
pub(super) fn invalid_files(
    puzzle: &dyn Puzzle,
    problem: &str,
    kit: Kit,
) -> Result<Vec<PackageFile>, Error> {
    let beyond = kit
        .beyond
        .into_iter()
        .map(|(name, text)| (format!("limit-{name}.in"), text.into_bytes()));
    let corpus = kit
        .invalid
        .iter()
        .map(|(name, bytes)| (format!("corpus-{name}"), bytes.to_vec()));
    let mut files = Vec::new();
    for (name, bytes) in beyond.chain(corpus) {
        if puzzle.validate(&bytes).is_ok() {
            return Err(Bug::PackageInvalidInputValid {
                name,
                problem: problem.to_string(),
            }
            .into());
        }
        files.push(PackageFile {
            path: format!("data/invalid_input/{name}"),
            bytes,
        });
    }
    Ok(files)
}
