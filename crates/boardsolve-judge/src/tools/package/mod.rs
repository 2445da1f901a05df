//! A problem package in the Kattis / ICPC problem package format (the
//! legacy format that problemtools' `verifyproblem` checks and DOMjudge
//! and Kattis import) for a judge's number: the statement, the sample and
//! secret data with their answers from the exact solver, an input
//! validator enforcing the judge's contract, an output validator where
//! any valid answer is accepted (14600, 14601), an accepted C++ solution
//! that sets the time limit, and a wrong one the data must reject.
//!
//! The C++ programs and the statements are in `assets/`, written for this
//! project; the limits they enforce are put in front of them as `#define`
//! lines from the judge's [`Limits`], so the package and `validate` read
//! one contract.

use super::audit;
use super::generate;
use crate::puzzles::{Error, GenOptions, Limits, Puzzle};

const READER: &str = include_str!("assets/reader.cpp");
const VALIDATE_2048: &str = include_str!("assets/validate_2048.cpp");
const VALIDATE_YUT: &str = include_str!("assets/validate_yut.cpp");
const VALIDATE_TROMINO: &str = include_str!("assets/validate_tromino.cpp");
const VALIDATE_FOOTHOLDS: &str = include_str!("assets/validate_footholds.cpp");
const SOLVE_2048: &str = include_str!("assets/solve_2048.cpp");
const SOLVE_YUT: &str = include_str!("assets/solve_yut.cpp");
const SOLVE_TROMINO: &str = include_str!("assets/solve_tromino.cpp");
const SOLVE_FOOTHOLDS: &str = include_str!("assets/solve_footholds.cpp");
const CHECK_TILING: &str = include_str!("assets/check_tiling.cpp");
const STATEMENT_2048: &str = include_str!("assets/statement_2048.tex");
const STATEMENT_YUT: &str = include_str!("assets/statement_yut.tex");
const STATEMENT_TROMINO: &str = include_str!("assets/statement_tromino.tex");
const STATEMENT_FOOTHOLDS: &str = include_str!("assets/statement_footholds.tex");

/// One file of a package: its path inside the package, `/`-separated,
/// and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    /// The path inside the package, such as `data/secret/edge-01.in`.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// What the package of one judge's number holds, before its data.
struct Kit {
    /// The statement, its placeholders filled in.
    statement: String,
    /// The input validator's source, standalone.
    validator: String,
    /// The accepted solution's source, standalone.
    solution: String,
    /// The output validator's source, for a judge that accepts any valid
    /// answer; `None` where the answer is compared token by token.
    output_validator: Option<String>,
    /// The name of the mistake the wrong solution makes (its file name).
    mistake: &'static str,
    /// Named edge cases a setter expects (the largest size, all equal, ...).
    edges: Vec<(String, String)>,
    /// Generation options of the random secret cases, from the smallest
    /// size to the largest, some in the hard shapes.
    generated: Vec<GenOptions>,
}

/// A package: its files, and what its data could not do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// Every file, in the order written.
    pub files: Vec<PackageFile>,
    /// The mistakes of the catalogue that none of the killer search's
    /// cases kills (so neither does the secret data, as far as the search
    /// tells), by id.
    pub unkilled: Vec<&'static str>,
    /// How many generated cases the killer search tried.
    pub searched: u64,
}

/// The seed of a package's random secret cases: `seed` and the judge's
/// name together, so that two judges of one puzzle (12100 and 12094) get
/// data of their own from one seed.
fn data_seed(name: &str, seed: u64) -> u64 {
    name.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Every file of the package of `puzzle`, a judge's number: its killer
/// set that of `gen --killers --seed SEED` ([`audit::KILLER_BUDGET`]),
/// its random cases drawn from `seed` and the judge's name.
///
/// # Errors
/// [`Error::Refused`] for a name without a judge (its limits are the
/// solver's, which no package can state), or a case the solver refuses.
pub fn package(puzzle: &dyn Puzzle, seed: u64) -> Result<Package, Error> {
    let Some(judge) = puzzle.contract().judge else {
        let numbers: Vec<&str> = crate::puzzles::all()
            .iter()
            .filter(|p| p.contract().judge.is_some())
            .map(|p| p.name())
            .collect();
        return Err(crate::puzzles::Refusal::NoJudge {
            puzzle: puzzle.name(),
            judges: numbers,
        }
        .into());
    };
    let kit = kit(&judge.limits);
    let killers = audit::killers(puzzle, seed, audit::KILLER_BUDGET);
    let mut files = Vec::new();
    let mut add = |path: String, text: String| files.push(PackageFile { path, text });

    let custom = kit.output_validator.is_some();
    let mut yaml = problem_yaml(judge.problem, puzzle.name(), custom);
    if !killers.unkilled.is_empty() {
        // Said where the package is read: the data is not proof against
        // these catalogued mistakes.
        yaml.push_str(&format!(
            "# Not killed by the secret data (none of {} generated cases kills them): [{}]\n",
            killers.tried,
            killers.unkilled.join("], [")
        ));
    }
    add("problem.yaml".into(), yaml);
    add("problem_statement/problem.en.tex".into(), kit.statement);
    add(
        "input_validators/validate/validate.cpp".into(),
        kit.validator,
    );
    if let Some(checker) = kit.output_validator {
        add(
            "output_validators/check_tiling/check_tiling.cpp".into(),
            checker,
        );
    }
    add(
        "submissions/accepted/solution.cpp".into(),
        kit.solution.clone(),
    );
    add(
        format!("submissions/wrong_answer/{}.cpp", kit.mistake),
        format!("#define MISTAKE\n{}", kit.solution),
    );

    let mut seen = std::collections::HashSet::new();
    for (i, (input, answer)) in puzzle.samples(None)?.into_iter().enumerate() {
        seen.insert(input.clone());
        add(format!("data/sample/{}.in", i + 1), input);
        add(format!("data/sample/{}.ans", i + 1), answer);
    }
    let mut secret: Vec<(String, String)> = Vec::new();
    for (i, killer) in killers.set.into_iter().enumerate() {
        secret.push((format!("killer-{:02}", i + 1), killer.input));
    }
    for (name, input) in kit.edges {
        secret.push((format!("edge-{name}"), input));
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
            .map_err(|input| crate::puzzles::Bug::PackageCase {
                name: name.clone(),
                input,
            })?;
        let answer = puzzle.judge_answer(input.as_bytes(), None)?;
        let answer = String::from_utf8(answer)
            .map_err(|_| crate::puzzles::Bug::PackageAnswerNotText(name.clone()))?;
        add(format!("data/secret/{name}.in"), input);
        add(format!("data/secret/{name}.ans"), answer);
    }
    Ok(Package {
        files,
        unkilled: killers.unkilled,
        searched: killers.tried,
    })
}

/// `problem.yaml`: the source, a UUID that stays the same from run to
/// run (a judge system tells problems apart by it) and, for a judge that
/// accepts any valid answer, the custom output validation.
fn problem_yaml(problem: &str, name: &str, custom: bool) -> String {
    let mut yaml = format!(
        "# Written by boardsolve from its own statement of {problem}'s puzzle.\nsource: boardsolve\nlicense: unknown\nuuid: {}\n",
        uuid(name)
    );
    if custom {
        yaml.push_str("validation: custom\n");
    }
    yaml
}

/// A UUID made from `name` (two FNV-1a hashes), in the form of a
/// name-based UUID: the same name gives the same UUID on every machine.
fn uuid(name: &str) -> String {
    let fnv = |basis: u64| {
        name.bytes().fold(basis, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    let high = fnv(0xcbf2_9ce4_8422_2325);
    let low = fnv(0x8422_2325_cbf2_9ce4);
    // Version 5 and the RFC 4122 variant.
    let high = (high & !0xf000) | 0x5000;
    let low = (low & !(0xc << 60)) | (0x8 << 60);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xffff,
        high & 0xffff,
        low >> 48,
        low & 0xffff_ffff_ffff
    )
}

/// `#define NAME VALUE` lines, put in front of a source.
fn defines(pairs: &[(&str, u64)]) -> String {
    pairs
        .iter()
        .map(|(name, value)| format!("#define {name} {value}\n"))
        .collect()
}

/// `template` with each `@NAME@` replaced by its value.
fn filled(template: &str, pairs: &[(&str, u64)]) -> String {
    pairs
        .iter()
        .fold(template.to_string(), |text, (name, value)| {
            text.replace(&format!("@{name}@"), &value.to_string())
        })
}

/// The kit of the judge with `limits`.
fn kit(limits: &Limits) -> Kit {
    match *limits {
        Limits::Board2048 {
            max_n,
            max_tile,
            moves,
        } => {
            let pairs = [
                ("MAX_N", max_n),
                ("MAX_TILE", max_tile),
                ("MOVES", u64::from(moves)),
            ];
            Kit {
                statement: filled(
                    STATEMENT_2048,
                    &[
                        ("MOVES", u64::from(moves)),
                        ("MAXN", max_n),
                        ("MAXTILE", max_tile),
                    ],
                ),
                validator: format!("{}{READER}{VALIDATE_2048}", defines(&pairs)),
                solution: format!("{}{SOLVE_2048}", defines(&pairs[2..])),
                output_validator: None,
                mistake: "merge-again",
                edges: edges_2048(max_n, max_tile),
                generated: generated_2048(max_n),
            }
        }
        Limits::Dice { count } => Kit {
            statement: STATEMENT_YUT.to_string(),
            validator: format!("{READER}{VALIDATE_YUT}"),
            solution: SOLVE_YUT.to_string(),
            output_validator: None,
            mistake: "stack-allowed",
            edges: edges_yut(count),
            // Ten dice are cheap to solve: many cases, a quarter hard;
            // 120 drawn, since the forced finishes repeat a few throws
            // (kept once), so that at least 100 stay.
            generated: (0..120)
                .map(|i| GenOptions {
                    hard: i % 4 == 3,
                    ..GenOptions::default()
                })
                .collect(),
        },
        Limits::TrominoK { max_k } => Kit {
            statement: filled(STATEMENT_TROMINO, &[("MAXK", u64::from(max_k))]),
            validator: format!(
                "{}{READER}{VALIDATE_TROMINO}",
                defines(&[("MAX_K", u64::from(max_k))])
            ),
            solution: SOLVE_TROMINO.to_string(),
            output_validator: Some(CHECK_TILING.to_string()),
            mistake: "x-y-swapped",
            edges: edges_tromino(max_k),
            generated: (1..=u64::from(max_k))
                .flat_map(|k| {
                    [false, true].map(|hard| GenOptions {
                        n: Some(1 << k),
                        hard,
                        ..GenOptions::default()
                    })
                })
                .collect(),
        },
        Limits::Footholds { max_side } => Kit {
            statement: filled(STATEMENT_FOOTHOLDS, &[("MAXSIDE", max_side)]),
            validator: format!("{READER}{VALIDATE_FOOTHOLDS}"),
            solution: SOLVE_FOOTHOLDS.to_string(),
            output_validator: None,
            mistake: "winner-maximizes",
            edges: edges_footholds(max_side),
            generated: (1..=max_side)
                .flat_map(|rows| (1..=max_side).map(move |cols| (rows, cols)))
                .chain([(max_side, max_side); 6])
                .enumerate()
                .map(|(i, (rows, cols))| GenOptions {
                    rows: Some(rows),
                    cols: Some(cols),
                    hard: i % 2 == 1,
                    ..GenOptions::default()
                })
                .collect(),
        },
    }
}

/// A 2048 board as judge text, cell (r, c) valued `cell(r, c)`.
fn board_2048(n: u64, cell: impl Fn(u64, u64) -> u64) -> String {
    let mut text = format!("{n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| cell(r, c).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// The 2048 boards a setter expects: the smallest, the largest full of
/// equal blocks (smallest and largest value), a full board where no move
/// changes anything, a lone block, a diagonal of every value, and lines
/// of four equal blocks.
fn edges_2048(max_n: u64, max_tile: u64) -> Vec<(String, String)> {
    let levels = u64::from(max_tile.trailing_zeros());
    vec![
        ("smallest".into(), board_2048(1, |_, _| 2)),
        (
            "one-cell-largest-block".into(),
            board_2048(1, |_, _| max_tile),
        ),
        ("largest-all-2".into(), board_2048(max_n, |_, _| 2)),
        (
            "largest-all-max-block".into(),
            board_2048(max_n, |_, _| max_tile),
        ),
        (
            "largest-no-move-changes".into(),
            board_2048(max_n, |r, c| if (r + c) % 2 == 0 { 2 } else { 4 }),
        ),
        (
            "largest-one-block".into(),
            board_2048(max_n, |r, c| if r + c == 0 { 2 } else { 0 }),
        ),
        (
            "largest-diagonals".into(),
            board_2048(max_n, |r, c| 1 << (1 + (r + c) % levels)),
        ),
        ("rows-of-four-equal".into(), board_2048(4, |r, _| 2 << r)),
    ]
}

/// Dice a setter expects: each value throughout, and the runs up and down.
fn edges_yut(count: u64) -> Vec<(String, String)> {
    let line = |die: &dyn Fn(u64) -> u64| {
        let dice: Vec<String> = (0..count).map(|i| die(i).to_string()).collect();
        format!("{}\n", dice.join(" "))
    };
    let mut edges: Vec<(String, String)> = (1..=5)
        .map(|d| (format!("all-{d}"), line(&|_| d)))
        .collect();
    edges.push(("up".into(), line(&|i| 1 + i % 5)));
    edges.push(("down".into(), line(&|i| 5 - i % 5)));
    edges
}

/// Holes a setter expects: every hole of the smallest boards (K = 1 and
/// 2), and on the largest board its corners and the cells around its
/// centre.
fn edges_tromino(max_k: u32) -> Vec<(String, String)> {
    let mut edges = Vec::new();
    for k in 1..=max_k.min(2) {
        let n = 1u64 << k;
        for x in 1..=n {
            for y in 1..=n {
                edges.push((format!("k{k}-x{x}-y{y}"), format!("{k}\n{x} {y}\n")));
            }
        }
    }
    if max_k > 2 {
        let n = 1u64 << max_k;
        let half = n / 2;
        for (x, y) in [
            (1, 1),
            (n, 1),
            (1, n),
            (n, n),
            (half, half),
            (half + 1, half + 1),
            (half, half + 1),
        ] {
            edges.push((format!("k{max_k}-x{x}-y{y}"), format!("{max_k}\n{x} {y}\n")));
        }
    }
    edges
}

/// A footholds case in the literal form, cell (r, c) a foothold when
/// `foothold(r, c)`.
fn footholds(
    rows: u64,
    cols: u64,
    foothold: impl Fn(u64, u64) -> bool,
    a: (u64, u64),
    b: (u64, u64),
) -> String {
    let board: Vec<String> = (0..rows)
        .map(|r| {
            let cells: Vec<&str> = (0..cols)
                .map(|c| if foothold(r, c) { "1" } else { "0" })
                .collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    format!(
        "[{}] [{}, {}] [{}, {}]\n",
        board.join(", "),
        a.0,
        a.1,
        b.0,
        b.1
    )
}

/// Boards a setter expects: the largest full board with the players in
/// opposite corners and on one cell, a longest row and column, players
/// who cannot move, and players side by side on two cells.
fn edges_footholds(max: u64) -> Vec<(String, String)> {
    let last = max - 1;
    let full = |_, _| true;
    vec![
        (
            "largest-corners".into(),
            footholds(max, max, full, (0, 0), (last, last)),
        ),
        (
            "largest-same-cell".into(),
            footholds(max, max, full, (max / 2, max / 2), (max / 2, max / 2)),
        ),
        (
            "largest-row".into(),
            footholds(1, max, full, (0, 0), (0, last)),
        ),
        (
            "largest-column".into(),
            footholds(max, 1, full, (0, 0), (last, 0)),
        ),
        (
            "stuck".into(),
            footholds(
                max,
                max,
                |r, c| (r, c) == (0, 0) || (r, c) == (last, last),
                (0, 0),
                (last, last),
            ),
        ),
        ("side-by-side".into(), footholds(1, 2, full, (0, 0), (0, 1))),
        (
            "largest-checkerboard".into(),
            footholds(max, max, |r, c| (r + c) % 2 == 0, (0, 0), (last, last)),
        ),
    ]
}

/// The random cases of a 2048 judge: one of every side from 1 to the
/// largest, a few more in the hard shapes, and the largest side full.
fn generated_2048(max_n: u64) -> Vec<GenOptions> {
    let mut all: Vec<GenOptions> = (1..=max_n)
        .map(|n| GenOptions {
            n: Some(n),
            ..GenOptions::default()
        })
        .collect();
    for n in [4, 8, max_n] {
        all.push(GenOptions {
            n: Some(n),
            hard: true,
            ..GenOptions::default()
        });
    }
    all.push(GenOptions {
        n: Some(max_n),
        density: Some(1.0),
        ..GenOptions::default()
    });
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edge_case_is_inside_its_judges_contract() {
        for puzzle in crate::puzzles::all() {
            let Some(judge) = puzzle.contract().judge else {
                continue;
            };
            for (name, input) in kit(&judge.limits).edges {
                let result = puzzle.validate(input.as_bytes());
                assert!(
                    result.is_ok(),
                    "{} {name}: {result:?}\n{input}",
                    puzzle.name()
                );
            }
        }
    }

    #[test]
    fn a_name_without_a_judge_is_refused() {
        let tromino = crate::puzzles::find("tromino").unwrap();
        let e = package(tromino, 1).unwrap_err().to_string();
        assert!(e.contains("no judge"), "{e}");
    }
}
