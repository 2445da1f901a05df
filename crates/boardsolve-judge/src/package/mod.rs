//! A problem package in the Kattis / ICPC problem package format for a
//! judge's number, in the format's current version (2025-09, which
//! BAPCtools reads) or in 2023-07-draft (which problemtools'
//! `verifyproblem` reads): the statement, the sample and secret data with
//! their answers from the exact solver, the invalid inputs of the
//! project's corpus, an input validator enforcing the judge's contract, an
//! output validator where any valid answer is accepted (14600, 14601), the
//! setter's submissions (accepted, wrong, and for 12094 one too slow) and
//! the recipe that rebuilds the data.
//!
//! The C++ programs and the statements are in `assets/`, written for this
//! project; the limits they enforce are put in front of them as `#define`
//! lines from the judge's [`Limits`], so the package and `validate` read
//! one contract.

mod contents;
mod invalid;
mod parts;
pub mod timing;

pub use parts::{Format, PackageFile};
use parts::{Kit, Meta};

use super::audit;
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
const ANSWER_2048: &str = include_str!("assets/answer_2048.cpp");
const ANSWER_NUMBER: &str = include_str!("assets/answer_number.cpp");
const ANSWER_TROMINO: &str = include_str!("assets/answer_tromino.cpp");
const STATEMENT_2048: &str = include_str!("assets/statement_2048.tex");
const STATEMENT_YUT: &str = include_str!("assets/statement_yut.tex");
const STATEMENT_TROMINO: &str = include_str!("assets/statement_tromino.tex");
const STATEMENT_FOOTHOLDS: &str = include_str!("assets/statement_footholds.tex");

/// A package: its files, and what its data could not do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// Every file, in the order written; `problem.yaml` first.
    pub files: Vec<PackageFile>,
    /// What `problem.yaml` says, for [`Package::set_time_limit`].
    meta: Meta,
    /// The mistakes of the catalogue that none of the killer search's
    /// cases kills (so neither does the secret data, as far as the search
    /// tells), by id.
    pub unkilled: Vec<&'static str>,
    /// How many generated cases the killer search tried.
    pub searched: u64,
}

impl Package {
    /// States `seconds` as the time limit in `problem.yaml`, with `why`
    /// (one comment line each) above it.
    pub fn set_time_limit(&mut self, seconds: u64, why: Vec<String>) {
        self.meta.time_limit = Some((seconds, why));
        self.files[0].bytes = self.meta.yaml().into_bytes();
    }
}

/// The statement's `\problemname{...}`.
fn problem_name(statement: &str) -> String {
    statement
        .split_once("\\problemname{")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map_or_else(String::new, |(name, _)| name.to_string())
}

/// Every file of the package of `puzzle`, a judge's number, in `format`:
/// its killer set that of `gen --killers --seed SEED`
/// ([`audit::KILLER_BUDGET`]), its random cases drawn from `seed` and the
/// judge's name. `place` is where it is written (the folder's canonical
/// path), which its UUID is drawn from with the judge and the seed, so
/// that two packages of one judge on one machine never share one. No
/// time limit yet: see [`Package::set_time_limit`].
///
/// # Errors
/// [`Error::Refused`] for a name without a judge (its limits are the
/// solver's, which no package can state), or a case the solver refuses.
pub fn package(
    puzzle: &dyn Puzzle,
    seed: u64,
    format: Format,
    place: &str,
) -> Result<Package, Error> {
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
    let killers = crate::killer_cache::killers(
        puzzle,
        seed,
        audit::KILLER_BUDGET,
        crate::source::cache_root_if_on().as_deref(),
    );
    let meta = Meta {
        format,
        name: problem_name(&kit.statement),
        problem: judge.problem,
        id: puzzle.name(),
        uuid: uuid(&format!("{}\0{seed}\0{place}", puzzle.name())),
        unkilled: (killers.unkilled.clone(), killers.tried),
        time_limit: None,
        resources: judge.resources,
    };
    let mut files = contents::program_files(&meta, &kit, seed);
    files.extend(contents::data_files(puzzle, seed, &kit, killers.set)?);
    if format == Format::Current {
        files.extend(contents::invalid_files(puzzle, judge.problem, kit)?);
    }
    Ok(Package {
        files,
        meta,
        unkilled: killers.unkilled,
        searched: killers.tried,
    })
}

/// A UUID made from `name` (two FNV-1a hashes), in the form of a
/// name-based UUID: the same name gives the same UUID on every machine.
///
/// A package's name is its judge, its seed and the folder it is written
/// to. BAPCtools takes a UUID for one problem: `bt validate` warns (and
/// exits 1) when a `problem.yaml` elsewhere on the machine has the same
/// one, so two packages of one judge must not share it. Drawn from the
/// folder rather than at random, the same command in the same folder
/// still writes the same package byte for byte.
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
        } => kit_2048(max_n, max_tile, moves),
        Limits::Dice { count } => kit_yut(count),
        Limits::TrominoK { max_k } => kit_tromino(max_k),
        Limits::Footholds { max_side } => kit_footholds(max_side),
    }
}

/// The kit of a 2048 judge.
fn kit_2048(max_n: u64, max_tile: u64, moves: u32) -> Kit {
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
        answer_validator: format!("{}{READER}{ANSWER_2048}", defines(&pairs[1..])),
        solution: format!("{}{SOLVE_2048}", defines(&pairs[2..])),
        plain: true,
        // Replaying each of the 4^K lines from the start costs about
        // K times the plain search: at K = 10 far past 1.5 times a
        // limit of twice the plain search's time; at K = 5 a few
        // milliseconds, so no submission of 12100 can be too slow.
        too_slow: moves >= 10,
        invalid: invalid::BOARD_2048,
        beyond: vec![
            ("n-above".into(), board_2048(max_n + 1, |_, _| 2)),
            ("n-zero".into(), "0\n".into()),
            (
                "block-above".into(),
                board_2048(2, |r, c| if r + c == 0 { max_tile * 2 } else { 2 }),
            ),
            ("block-not-power-of-two".into(), board_2048(2, |_, _| 6)),
            ("all-empty".into(), board_2048(2, |_, _| 0)),
        ],
        output_validator: None,
        mistake: "merge-again",
        edges: edges_2048(max_n, max_tile),
        generated: generated_2048(max_n, moves),
    }
}

/// The kit of a yut judge.
fn kit_yut(count: u64) -> Kit {
    Kit {
        statement: STATEMENT_YUT.to_string(),
        validator: format!("{READER}{VALIDATE_YUT}"),
        // Each of the dice scores at most 40 (the board's largest square).
        answer_validator: format!(
            "{}{READER}{ANSWER_NUMBER}",
            defines(&[("MAX_ANSWER", 40 * count)])
        ),
        solution: SOLVE_YUT.to_string(),
        plain: false,
        too_slow: false,
        invalid: invalid::DICE,
        beyond: {
            let dice = |n: u64, d: u64| {
                let all: Vec<String> = (0..n).map(|_| d.to_string()).collect();
                format!("{}\n", all.join(" "))
            };
            vec![
                ("one-die-fewer".into(), dice(count - 1, 1)),
                ("one-die-more".into(), dice(count + 1, 1)),
                ("die-6".into(), dice(count, 6)),
                ("die-0".into(), dice(count, 0)),
            ]
        },
        output_validator: None,
        mistake: "stack-allowed",
        edges: edges_yut(count),
        // Ten dice are cheap to solve: many cases, a quarter hard;
        // 120 drawn, since the forced finishes repeat a few throws
        // (kept once), so that at least 100 stay.
        // Dice are cheap to solve: enough draws that RARE_BUG_CASES
        // distinct ones remain once the cases met twice are dropped.
        generated: (0..220)
            .map(|i| GenOptions {
                hard: i % 4 == 3,
                ..GenOptions::default()
            })
            .collect(),
    }
}

/// The kit of a tromino tiling judge.
fn kit_tromino(max_k: u32) -> Kit {
    Kit {
        statement: filled(STATEMENT_TROMINO, &[("MAXK", u64::from(max_k))]),
        validator: format!(
            "{}{READER}{VALIDATE_TROMINO}",
            defines(&[("MAX_K", u64::from(max_k))])
        ),
        answer_validator: format!("{READER}{ANSWER_TROMINO}"),
        solution: SOLVE_TROMINO.to_string(),
        plain: false,
        too_slow: false,
        invalid: invalid::TROMINO_K,
        beyond: vec![
            ("k-above".into(), format!("{}\n1 1\n", max_k + 1)),
            ("k-zero".into(), "0\n1 1\n".into()),
            (
                "x-above".into(),
                format!("{max_k}\n{} 1\n", (1u64 << max_k) + 1),
            ),
            ("y-zero".into(), format!("{max_k}\n1 0\n")),
        ],
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
    }
}

/// The kit of a footholds judge.
fn kit_footholds(max_side: u64) -> Kit {
    Kit {
        statement: filled(STATEMENT_FOOTHOLDS, &[("MAXSIDE", max_side)]),
        validator: format!("{READER}{VALIDATE_FOOTHOLDS}"),
        // Every move leaves a foothold that disappears.
        answer_validator: format!(
            "{}{READER}{ANSWER_NUMBER}",
            defines(&[("MAX_ANSWER", max_side * max_side)])
        ),
        solution: SOLVE_FOOTHOLDS.to_string(),
        plain: false,
        too_slow: false,
        invalid: invalid::FOOTHOLDS,
        beyond: vec![
            (
                "rows-above".into(),
                footholds(max_side + 1, 1, |_, _| true, (0, 0), (1, 0)),
            ),
            (
                "columns-above".into(),
                footholds(1, max_side + 1, |_, _| true, (0, 0), (0, 1)),
            ),
            (
                "player-off-the-board".into(),
                footholds(2, 2, |_, _| true, (0, 0), (2, 0)),
            ),
            (
                "player-not-on-a-foothold".into(),
                footholds(2, 2, |r, _| r == 0, (0, 0), (1, 1)),
            ),
        ],
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

/// How many random cases meet a bug that is wrong on 2.5 % of them with
/// probability 99 %: the least n with 0.975^n ≤ 0.01.
pub const RARE_BUG_CASES: usize = 182;

/// The random cases of a 2048 judge: one of every side from 1 to the
/// largest and the largest side full, and cases in the hard shapes:
/// a few for 10 moves, whose plain search costs seconds a large board
/// (its killer set is what kills the reference's mutants), and
/// [`RARE_BUG_CASES`] of them for 5, where every case costs
/// milliseconds, with sides from 4 up in turn.
fn generated_2048(max_n: u64, moves: u32) -> Vec<GenOptions> {
    let mut all: Vec<GenOptions> = (1..=max_n)
        .map(|n| GenOptions {
            n: Some(n),
            ..GenOptions::default()
        })
        .collect();
    let hard_sides: Vec<u64> = if moves >= 10 {
        vec![4, 8, max_n]
    } else {
        let sides: Vec<u64> = (4.min(max_n)..=max_n).collect();
        sides.iter().copied().cycle().take(RARE_BUG_CASES).collect()
    };
    for n in hard_sides {
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
    use super::parts::data_seed;
    use super::*;
    use crate::generate;

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

    /// The numbers of a case's text, in order (brackets and commas are
    /// separators).
    fn numbers(text: &str) -> Vec<u64> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect()
    }

    /// Rows and columns of a footholds case in the literal form.
    fn footholds_size(text: &str) -> (u64, u64) {
        let board = &text[..text.find("]]").unwrap() + 2];
        let rows = board.matches('[').count() as u64 - 1;
        let first = &board[1..board.find(']').unwrap()];
        (rows, first.matches(',').count() as u64 + 1)
    }

    #[test]
    fn the_cheap_judges_random_cases_meet_a_bug_wrong_on_one_case_in_forty() {
        // 0.975^182 < 0.01 ≤ 0.975^181: the count is the least that meets a
        // bug wrong on 2.5 % of random cases with probability 99 %.
        assert!(0.975f64.powi(RARE_BUG_CASES as i32) < 0.01);
        assert!(0.975f64.powi(RARE_BUG_CASES as i32 - 1) >= 0.01);
        for name in ["12100", "17825"] {
            let puzzle = crate::puzzles::find(name).unwrap();
            let judge = puzzle.contract().judge.unwrap();
            let kit = kit(&judge.limits);
            // As the package keeps them: a case met before (a sample, an
            // edge case, an earlier random case) is dropped.
            let mut seen: std::collections::HashSet<String> = puzzle
                .samples(None)
                .unwrap()
                .into_iter()
                .map(|(input, _)| input)
                .chain(kit.edges.iter().map(|(_, t)| t.clone()))
                .collect();
            let seed = data_seed(puzzle.name(), 1);
            let kept = (kit.generated.iter().enumerate())
                .map(|(i, opts)| generate::instance(puzzle, seed, i as u64, opts).unwrap())
                .filter(|input| seen.insert(input.clone()))
                .count();
            assert!(kept >= RARE_BUG_CASES, "{name}: {kept} random cases");
        }
    }

    #[test]
    fn the_secret_data_reaches_every_bound_of_the_statement() {
        // As `bt constraints` checks: each bounded value of the statement
        // takes its smallest and its largest value in some secret case.
        for puzzle in crate::puzzles::all() {
            let Some(judge) = puzzle.contract().judge else {
                continue;
            };
            let kit = kit(&judge.limits);
            let mut cases: Vec<String> = kit.edges.iter().map(|(_, t)| t.clone()).collect();
            let seed = data_seed(puzzle.name(), 1);
            for (i, opts) in kit.generated.iter().enumerate() {
                cases.push(generate::instance(*puzzle, seed, i as u64, opts).unwrap());
            }
            let mut seen: Vec<(&str, u64)> = Vec::new();
            let mut note = |what, v| seen.push((what, v));
            for case in &cases {
                let n = numbers(case);
                match judge.limits {
                    Limits::Board2048 { .. } => {
                        note("N", n[0]);
                        for &v in n[1..].iter().filter(|&&v| v > 0) {
                            note("block", v);
                        }
                    }
                    Limits::Dice { .. } => n.iter().for_each(|&d| note("die", d)),
                    Limits::TrominoK { .. } => {
                        note("K", n[0]);
                        note("x from the far side", (1 << n[0]) - n[1] + 1);
                        note("x", n[1]);
                        note("y from the far side", (1 << n[0]) - n[2] + 1);
                        note("y", n[2]);
                    }
                    Limits::Footholds { .. } => {
                        let (rows, cols) = footholds_size(case);
                        note("rows", rows);
                        note("columns", cols);
                    }
                }
            }
            let bounds: Vec<(&str, u64, u64)> = match judge.limits {
                Limits::Board2048 {
                    max_n, max_tile, ..
                } => vec![("N", 1, max_n), ("block", 2, max_tile)],
                Limits::Dice { .. } => vec![("die", 1, 5)],
                Limits::TrominoK { max_k } => vec![
                    ("K", 1, u64::from(max_k)),
                    // The hole on each of the four sides.
                    ("x", 1, 0),
                    ("x from the far side", 1, 0),
                    ("y", 1, 0),
                    ("y from the far side", 1, 0),
                ],
                Limits::Footholds { max_side } => {
                    vec![("rows", 1, max_side), ("columns", 1, max_side)]
                }
            };
            for (what, low, high) in bounds {
                let values: Vec<u64> = seen
                    .iter()
                    .filter(|(w, _)| *w == what)
                    .map(|(_, v)| *v)
                    .collect();
                assert_eq!(values.iter().min(), Some(&low), "{} {what}", puzzle.name());
                if high > 0 {
                    assert_eq!(values.iter().max(), Some(&high), "{} {what}", puzzle.name());
                }
            }
        }
    }

    #[test]
    fn the_2023_07_draft_package_is_the_current_one_less_what_problemtools_refuses() {
        let puzzle = crate::puzzles::find("12100").unwrap();
        let current = package(puzzle, 1, Format::Current, "pkg").unwrap();
        let draft = package(puzzle, 1, Format::Draft2023, "pkg").unwrap();
        let only_current = |path: &str| {
            path.starts_with("data/invalid_input/") || path.starts_with("answer_validators/")
        };
        let kept: Vec<&PackageFile> = current
            .files
            .iter()
            .filter(|f| !only_current(&f.path))
            .collect();
        assert!(current.files.len() > kept.len() + 40);
        assert_eq!(kept.len(), draft.files.len());
        for (ours, theirs) in kept.iter().zip(&draft.files) {
            assert_eq!(ours.path, theirs.path);
            // The two substitutions of scripts/verify-packages.sh.
            let converted = String::from_utf8_lossy(&ours.bytes)
                .replace(
                    "\nproblem_format_version: 2025-09\n",
                    "\nproblem_format_version: 2023-07-draft\n",
                )
                .replace("--format 2025-09 ", "--format 2023-07-draft ");
            assert_eq!(
                converted.as_bytes(),
                theirs.bytes.as_slice(),
                "{}",
                ours.path
            );
        }
    }

    #[test]
    fn a_name_without_a_judge_is_refused() {
        let tromino = crate::puzzles::find("tromino").unwrap();
        let e = package(tromino, 1, Format::Current, "pkg")
            .unwrap_err()
            .to_string();
        assert!(e.contains("no judge"), "{e}");
    }
}
