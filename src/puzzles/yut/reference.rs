//! The plain reference the tests, the benchmarks and `stress --diagnose`
//! compare with: its own board (the four routes as lists of values, a piece
//! as a route and an index on it), every choice of piece on every turn, and
//! optionally one classic mistake made on purpose.
//!
//! It shares nothing with the fast solver but the rules: no destination
//! table, no square ids. It remembers the best score from each turn and
//! multiset of positions (pieces are interchangeable), so that a diagnosis
//! on 84 dice takes milliseconds, not hours.

use super::Yut;
use super::{Instance, MAX_USEFUL_DICE};
use crate::puzzles::{Error, Reference};
use rustc_hash::FxHashMap;

crate::mistakes! {
    /// A piece turns onto a blue route when it passes a blue square, not
    /// only when its move starts there.
    BlueWhenPassing = "blue-when-passing" => "a piece takes a blue route when it passes a blue cell, not only when it starts there",
    /// The outer 30 and the centre 30 are one square.
    ThirtyIsOneSquare = "thirty-one-cell" => "the outer 30 and the centre 30 are the same cell",
    /// Two pieces may both stand on 40.
    FortyNotOccupied = "forty-shared" => "a move may end on 40 when another piece stands there",
    /// Two pieces may share any square, not only the finish.
    StackAllowed = "stack-allowed" => "a move may end on a cell where another piece stands (pieces stack)",
    /// A finished piece may still be chosen: it stays on the finish and
    /// scores 0, so a die can be thrown away.
    FinishPieceMoves = "finish-piece-moves" => "a piece on the finish may still be chosen for a die, scoring 0",
    /// A search keyed on where the pieces stand but not on the score: a
    /// breadth-first search over the turns with one visited set of piece
    /// positions keeps the first score to reach a set of positions and
    /// drops every later arrival there, however high its score.
    FirstArrivalWins = "first-arrival-wins" => "the first arrival at a set of piece positions wins: a search with one visited set of positions keeps the first score that reaches them and drops a later, higher one",
}

const OUTER: [u32; 21] = [
    0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
];
const FROM_10: [u32; 8] = [10, 13, 16, 19, 25, 30, 35, 40];
const FROM_20: [u32; 7] = [20, 22, 24, 25, 30, 35, 40];
const FROM_30: [u32; 8] = [30, 28, 27, 26, 25, 30, 35, 40];
/// The outer path, then the blue routes from 10, 20 and 30, each from its
/// corner to 40.
const ROUTES: [&[u32]; 4] = [&OUTER, &FROM_10, &FROM_20, &FROM_30];

/// A piece on the board: (route, index on it).
pub(super) type Piece = (u8, u8);
/// Where every piece begins: the start of the outer path.
pub(super) const START: Piece = (0, 0);
/// A finished piece.
pub(super) const DONE: Piece = (255, 255);

/// The blue route that a move starting on `p` takes, if `p` is a blue
/// corner of the outer path.
fn blue_route(p: Piece) -> Option<u8> {
    if p.0 != 0 {
        return None;
    }
    match OUTER[p.1 as usize] {
        10 => Some(1),
        20 => Some(2),
        30 => Some(3),
        _ => None,
    }
}

fn advance(p: Piece, die: u8, mistake: Option<Mistake>) -> Piece {
    let (mut route, mut index) = p;
    if let Some(r) = blue_route(p) {
        (route, index) = (r, 0);
    }
    for step in 1..=die {
        index += 1;
        if index as usize >= ROUTES[route as usize].len() {
            return DONE;
        }
        let passing = mistake == Some(Mistake::BlueWhenPassing) && step < die;
        if let Some(r) = blue_route((route, index)).filter(|_| passing) {
            (route, index) = (r, 0);
        }
    }
    (route, index)
}

/// The physical square a piece stands on, as (area, value): area 9 is the
/// shared centre (the last four entries of every blue route: 25, 30, 35,
/// 40) with the outer 40; area 0 the rest of the outer path, blue corners
/// included; areas 1 to 3 the blue arms.
fn place(p: Piece, mistake: Option<Mistake>) -> (u8, u32) {
    let route = ROUTES[p.0 as usize];
    let v = route[p.1 as usize];
    if mistake == Some(Mistake::ThirtyIsOneSquare) && v == 30 {
        (9, 30)
    } else if v == 40 || (p.0 > 0 && p.1 as usize + 4 >= route.len()) {
        (9, v)
    } else if p.0 == 0 || p.1 == 0 {
        (0, v)
    } else {
        (p.0, v)
    }
}

fn value(p: Piece) -> u32 {
    if p == DONE {
        0
    } else {
        ROUTES[p.0 as usize][p.1 as usize]
    }
}

/// Each legal move of `die` from `pieces`: the pieces after it and its
/// score.
pub(super) fn children(
    pieces: [Piece; 4],
    die: u8,
    mistake: Option<Mistake>,
) -> impl Iterator<Item = ([Piece; 4], u32)> {
    (0..4).filter_map(move |i| {
        if pieces[i] == DONE {
            return (mistake == Some(Mistake::FinishPieceMoves)).then_some((pieces, 0));
        }
        let moved = advance(pieces[i], die, mistake);
        if moved != DONE {
            let at = place(moved, mistake);
            let free_forty = mistake == Some(Mistake::FortyNotOccupied) && at.1 == 40;
            let taken =
                (0..4).any(|j| j != i && pieces[j] != DONE && place(pieces[j], mistake) == at);
            let stacks = mistake == Some(Mistake::StackAllowed);
            if taken && !free_forty && !stacks {
                return None;
            }
        }
        let mut next = pieces;
        next[i] = moved;
        Some((next, value(moved)))
    })
}

type Memo = FxHashMap<(usize, [Piece; 4]), u32>;

fn search(
    pieces: [Piece; 4],
    dice: &[u8],
    turn: usize,
    mistake: Option<Mistake>,
    memo: &mut Memo,
) -> Option<u32> {
    if turn == dice.len() || pieces.iter().all(|&p| p == DONE) {
        return Some(0);
    }
    let mut key = pieces;
    key.sort_unstable();
    if let Some(&v) = memo.get(&(turn, key)) {
        return Some(v);
    }
    let mut best = None;
    for (next, score) in children(pieces, dice[turn], mistake) {
        let total = score + search(next, dice, turn + 1, mistake, memo)?;
        best = Some(best.map_or(total, |b: u32| b.max(total)));
    }
    memo.insert((turn, key), best?);
    best
}

/// The best total for `dice` (each 1..=5) when the rules are read with
/// `mistake`, or as written for `None`; `None` back if some line reaches a
/// turn where no piece can move while one is unfinished (the rules say
/// this never happens, and a unit test checks that no mistake makes it
/// happen either). [`Mistake::FirstArrivalWins`] keeps the rules and
/// always answers.
pub fn answer(dice: &[u8], mistake: Option<Mistake>) -> Option<u32> {
    if mistake == Some(Mistake::FirstArrivalWins) {
        return Some(first_arrival(dice));
    }
    search([START; 4], dice, 0, mistake, &mut Memo::default())
}

/// The answer of [`Mistake::FirstArrivalWins`], made the way the programs
/// that make it search, since the order of the search decides which
/// arrival is first: turn by turn from a queue, the states of a turn in
/// the order they were reached, each state's pieces tried in their order,
/// and one visited set (over all turns) of the cells the pieces stand on,
/// as a multiset (finished pieces included). The best score of the states
/// that end the game is the answer.
fn first_arrival(dice: &[u8]) -> u32 {
    // The cell rather than (route, index): the centre cells and 40 are
    // one square whichever route reached them, as in a program's board.
    let cells = |pieces: [Piece; 4]| {
        let mut key = pieces.map(|p| if p == DONE { (255, 0) } else { place(p, None) });
        key.sort_unstable();
        key
    };
    let mut seen = std::collections::HashSet::from([cells([START; 4])]);
    let mut queue = std::collections::VecDeque::from([([START; 4], 0, 0)]);
    let mut best = 0;
    while let Some((pieces, turn, score)) = queue.pop_front() {
        if turn == dice.len() || pieces.iter().all(|&p| p == DONE) {
            best = best.max(score);
            continue;
        }
        for (next, gained) in children(pieces, dice[turn], None) {
            if seen.insert(cells(next)) {
                queue.push_back((next, turn + 1, score + gained));
            }
        }
    }
    best
}

/// The best total still to come from turn `turn` on, with the pieces at
/// `pieces`, under the rules as written: the plain search from any
/// position, not only the start.
#[cfg(test)]
pub(super) fn best_from(pieces: [Piece; 4], dice: &[u8], turn: usize) -> Option<u32> {
    search(pieces, dice, turn, None, &mut Memo::default())
}

impl Reference for Yut {
    type Mistake = Mistake;

    fn reference(&self, instance: &Instance, mistake: Option<Mistake>) -> Result<String, Error> {
        let dice = instance.dice();
        let used = &dice[..dice.len().min(MAX_USEFUL_DICE)];
        let best = answer(used, mistake).ok_or_else(|| {
            Error::Usage("the reference found a turn where no piece can move".into())
        })?;
        Ok(format!("{best}\n"))
    }
}
