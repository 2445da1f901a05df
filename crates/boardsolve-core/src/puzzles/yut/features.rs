//! The rule features of a case for a diagnosis beyond the catalogue: facts
//! of the best line that `--explain` shows (the solver's, the
//! lowest-numbered piece among equally good moves). Another best line may
//! differ, so each clause names that line rather than "the optimal play".

use super::board::{CENTRE_25, OUTER_10, OUTER_20, OUTER_30, path};
use super::explain::play;

/// The features of `dice`, each a clause completing "on every failing
/// case, ...".
pub(super) fn features(dice: &[u8]) -> Vec<&'static str> {
    let line = play(dice);
    let mut found = Vec::new();
    let mut add = |holds: bool, clause: &'static str| {
        if holds {
            found.push(clause);
        }
    };
    let from = |corner| line.moves.iter().any(|m| m.from_id == corner);
    add(
        from(OUTER_10),
        "the best line of --explain takes the blue route from 10",
    );
    add(
        from(OUTER_20),
        "the best line of --explain takes the blue route from 20",
    );
    add(
        from(OUTER_30),
        "the best line of --explain takes the blue route from 30",
    );
    add(
        line.moves
            .iter()
            .any(|m| path(m.from_id, m.die).contains(&CENTRE_25)),
        "a move of the best line of --explain passes or ends on the centre 25",
    );
    add(
        line.moves.iter().any(|m| m.to == "40"),
        "a move of the best line of --explain ends on 40",
    );
    let last = line.moves.len();
    add(
        line.moves.iter().any(|m| m.to == "end"),
        "a piece finishes in the best line of --explain",
    );
    add(
        line.moves.iter().any(|m| m.to == "end" && m.turn < last),
        "a piece finishes before the last move of the best line of --explain",
    );
    found
}
