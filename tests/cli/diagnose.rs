//! `stress --diagnose` names every mistake of the catalogue by its id, from
//! a program under `tests/programs/` that makes exactly that mistake, and
//! names the closest one when no mistake explains every answer.

use crate::common::program;
use crate::common::run;

/// Runs `stress --diagnose` on `program MODE` and returns the diagnosis
/// section, after asserting that a wrong answer was found.
fn diagnosis(puzzle_args: &[&str], program_name: &str, mode: &[&str]) -> String {
    let exe = program(program_name);
    let mut args = vec!["stress"];
    args.extend_from_slice(puzzle_args);
    // The diagnosis is under test, not the shrinking: a short budget.
    args.extend_from_slice(&[
        "--diagnose",
        "--timeout",
        "20s",
        "--shrink-time",
        "5s",
        "--",
    ]);
    args.push(&exe);
    args.extend_from_slice(mode);
    let (code, out, err) = run(&args, b"");
    assert_eq!(code, 1, "{mode:?}: {out}{err}");
    assert!(out.contains("wrong answer"), "{mode:?}: {out}");
    let start = out.find("--- diagnosis ---\n").expect("a diagnosis") + 18;
    out[start..].lines().take(2).collect::<Vec<_>>().join("\n")
}

/// Asserts that the program run as `program ID` is diagnosed as `[ID]`.
fn names(puzzle_args: &[&str], program_name: &str, id: &str) {
    let found = diagnosis(puzzle_args, program_name, &[id]);
    let first = found.lines().next().unwrap_or("");
    assert!(
        first.starts_with(&format!("[{id}] your program behaves as if ")),
        "{id}: {found}"
    );
    assert!(first.ends_with("cases compared)"), "{id}: {found}");
}

const GAME2048: &[&str] = &["2048", "--cases", "300", "--seed", "2", "--hard"];
const YUT: &[&str] = &["yut", "--cases", "300", "--seed", "8"];
const FOOTHOLDS: &[&str] = &["footholds", "--cases", "300", "--seed", "5"];
const TROMINO: &[&str] = &["tromino", "--cases", "200", "--seed", "1"];

macro_rules! named {
    ($($(#[$doc:meta])* $test:ident: $args:expr, $program:literal, $id:literal;)+) => {
        $(
            $(#[$doc])*
            #[test]
            fn $test() {
                names($args, $program, $id);
            }
        )+

        /// Every id tested above.
        const NAMED: &[&str] = &[$($id),+];
    };
}

named! {
    merge_again: GAME2048, "wrong2048", "merge-again";
    merge_cascade: GAME2048, "wrong2048", "merge-cascade";
    far_side_first: GAME2048, "wrong2048", "far-side-first";
    no_merge_across_gap: GAME2048, "wrong2048", "no-merge-across-gap";
    one_merge_per_line: GAME2048, "wrong2048", "one-merge-per-line";
    one_move_short: GAME2048, "wrong2048", "one-move-short";
    one_move_long: GAME2048, "wrong2048", "one-move-long";
    stops_on_unchanged: GAME2048, "wrong2048", "stops-on-unchanged";
    blue_when_passing: YUT, "wrong_yut", "blue-when-passing";
    thirty_one_cell: YUT, "wrong_yut", "thirty-one-cell";
    forty_shared: YUT, "wrong_yut", "forty-shared";
    stack_allowed: YUT, "wrong_yut", "stack-allowed";
    /// Ten dice almost never make a die worth throwing away: pieces must
    /// be forced to finish first.
    finish_piece_moves: &["yut", "--cases", "20", "--seed", "8", "--dice", "40"], "wrong_yut", "finish-piece-moves";
    no_vanish_check: FOOTHOLDS, "wrong_footholds", "no-vanish-check";
    winner_maximizes: FOOTHOLDS, "wrong_footholds", "winner-maximizes";
    loser_minimizes: FOOTHOLDS, "wrong_footholds", "loser-minimizes";
    clockwise_quadrants: TROMINO, "wrong_tromino", "clockwise-quadrants";
    centre_last: TROMINO, "wrong_tromino", "centre-last";
}

#[test]
fn two_mistakes_at_once_get_the_closest_with_its_share() {
    // Merges without the flag, and searches K = 4 where the judge asks 5:
    // no single mistake explains every answer.
    let found = diagnosis(GAME2048, "wrong2048", &["merge-again", "4"]);
    let mut lines = found.lines();
    assert_eq!(
        lines.next(),
        Some("none of the known mistakes explains your answers on all 201 cases compared"),
        "{found}"
    );
    let closest = lines.next().unwrap_or("");
    let share: Vec<&str> = closest.split_whitespace().collect();
    assert!(closest.starts_with("closest: ["), "{found}");
    // "closest: [ID] on M of 201 cases: as if ..."
    assert_eq!(
        (share[2], share[4], share[5]),
        ("on", "of", "201"),
        "{found}"
    );
    let matched: usize = share[3].parse().unwrap();
    assert!(matched > 0 && matched < 201, "{found}");
}

#[test]
fn every_mistake_of_every_catalogue_is_tested_and_ids_are_unique() {
    let mut ids: Vec<&str> = boardsolve::puzzles::all()
        .iter()
        .filter(|p| p.alias_of().is_none())
        .flat_map(|p| p.variants().into_iter().map(|v| v.id))
        .collect();
    let listed = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), listed, "an id is used twice");
    let mut named = NAMED.to_vec();
    named.sort_unstable();
    assert_eq!(ids, named);
}
