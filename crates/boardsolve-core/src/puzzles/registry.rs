//! The registry: every name a puzzle answers to on the command line, its
//! rules and its judge's contract, canonical names first, then the judges'
//! numbers.

use super::contract::Resources;
use super::contract::{Accepts, Contract, Judge};
use super::footholds::Footholds;
use super::form::TextForm;
use super::game2048::Game2048;
use super::limits::Limits;
use super::puzzle::Puzzle;
use super::rules::Entry;
use super::tromino::{Format, Tromino};
use super::yut::Yut;

/// A BOJ problem page's limits: BOJ publishes a time limit and a memory
/// limit on every problem page, and no output limit.
const fn boj(seconds: u64, memory_mib: u64, source: &'static str) -> Resources {
    Resources {
        time_ms: seconds * 1000,
        memory_mib,
        output_bytes: None,
        source,
    }
}

/// The source of a figure that the maintainers' record states but that
/// no public copy of the problem page seen here confirmed.
const UNVERIFIED: &str = "the problem page as recorded; not confirmed against a public copy";

/// Programmers publishes no time or memory limit for its problems (the
/// page states none; each test case has its own hidden limit): 10 s of
/// CPU time and 1 GiB, generous for any correct solution of a 5×5 board,
/// are boardsolve's choice.
const PROGRAMMERS: Resources = Resources {
    time_ms: 10_000,
    memory_mib: 1024,
    output_bytes: None,
    source: "boardsolve's choice: Programmers publishes no limit",
};

/// The limits of BOJ 12100 and 12094, with the judge's K.
const fn boj_2048(problem: &'static str, moves: u32, resources: Resources) -> Contract {
    Contract {
        judge: Some(Judge {
            problem,
            limits: Limits::Board2048 {
                max_n: 20,
                max_tile: 1024,
                moves,
            },
            resources,
        }),
        accepts: Accepts::Exact,
    }
}

/// The limits of BOJ 14600 and 14601: any valid tiling is accepted.
const fn boj_tromino(problem: &'static str, max_k: u32, resources: Resources) -> Contract {
    Contract {
        judge: Some(Judge {
            problem,
            limits: Limits::TrominoK { max_k },
            resources,
        }),
        accepts: Accepts::AnyTiling,
    }
}

// The answers of 2048 (the largest block) and yut (the score) are each
// the best over every line of play: `.maximum()`. Footholds counts moves
// that both players decide, and tromino's answer is a tiling.

/// 2048 with K = 5 unless `--moves` says otherwise.
pub static GAME_2048: Entry<Game2048> =
    Entry::canonical("2048", Game2048::new(5), Accepts::Exact).maximum();
/// BOJ 12100: 2048 with K = 5; 1 s and 512 MB, as a public copy of the
/// problem page shows them.
pub static BOJ_12100: Entry<Game2048> = Entry::alias(
    "12100",
    "2048",
    Game2048::new(5),
    boj_2048(
        "BOJ 12100",
        5,
        boj(
            1,
            512,
            "the problem page's table, seen in a public copy of it",
        ),
    ),
)
.maximum();
/// BOJ 12094: 2048 with K = 10; 1 s and 512 MB (not verified here
/// against a copy of the page).
pub static BOJ_12094: Entry<Game2048> = Entry::alias(
    "12094",
    "2048",
    Game2048::new(10),
    boj_2048("BOJ 12094", 10, boj(1, 512, UNVERIFIED)),
)
.maximum();
/// L-tromino tiling, in the format of docs/tromino.md: the exercise of the
/// placement order, which only that numbering passes.
pub static TROMINO: Entry<Tromino> = Entry::canonical(
    "tromino",
    Tromino::new(Format::Plain),
    Accepts::PlacementOrder,
);
/// BOJ 14600: L-tromino tiling in the BOJ format, K ≤ 2; 2 s, 128 MB.
pub static BOJ_14600: Entry<Tromino> = Entry::alias(
    "14600",
    "tromino",
    Tromino::new(Format::Boj),
    boj_tromino("BOJ 14600", 2, boj(2, 128, UNVERIFIED)),
);
/// BOJ 14601: L-tromino tiling in the BOJ format, K ≤ 7; 2 s, 128 MB.
pub static BOJ_14601: Entry<Tromino> = Entry::alias(
    "14601",
    "tromino",
    Tromino::new(Format::Boj),
    boj_tromino("BOJ 14601", 7, boj(2, 128, UNVERIFIED)),
);
/// Dice yut.
pub static YUT: Entry<Yut> = Entry::canonical("yut", Yut, Accepts::Exact).maximum();
/// BOJ 17825: dice yut with ten dice; 2 s, 512 MB.
pub static BOJ_17825: Entry<Yut> = Entry::alias(
    "17825",
    "yut",
    Yut,
    Contract {
        judge: Some(Judge {
            problem: "BOJ 17825",
            limits: Limits::Dice { count: 10 },
            resources: boj(2, 512, UNVERIFIED),
        }),
        accepts: Accepts::Exact,
    },
)
.maximum();
/// Disappearing footholds.
pub static FOOTHOLDS: Entry<Footholds> = Entry::canonical("footholds", Footholds, Accepts::Exact);
/// Programmers 92345: disappearing footholds, written in the problem
/// page's literal argument form.
pub static PROGRAMMERS_92345: Entry<Footholds> = Entry::alias(
    "92345",
    "footholds",
    Footholds,
    Contract {
        judge: Some(Judge {
            problem: "Programmers 92345",
            limits: Limits::Footholds { max_side: 5 },
            resources: PROGRAMMERS,
        }),
        accepts: Accepts::Exact,
    },
)
.in_form(TextForm::Literal);

/// Every puzzle entry, canonical names first, then the judge-number aliases.
pub fn all() -> &'static [&'static dyn Puzzle] {
    static ALL: [&dyn Puzzle; 10] = [
        &GAME_2048,
        &YUT,
        &TROMINO,
        &FOOTHOLDS,
        &BOJ_12100,
        &BOJ_12094,
        &BOJ_17825,
        &BOJ_14600,
        &BOJ_14601,
        &PROGRAMMERS_92345,
    ];
    &ALL
}

/// The puzzle answering to `name`, if any.
///
/// ```
/// assert_eq!(boardsolve_core::puzzles::find("12094").unwrap().name(), "12094");
/// assert!(boardsolve_core::puzzles::find("sudoku").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static dyn Puzzle> {
    all().iter().copied().find(|p| p.name() == name)
}
