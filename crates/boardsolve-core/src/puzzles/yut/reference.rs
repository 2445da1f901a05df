//! The plain reference the tests, the benchmarks and `stress --diagnose`
//! compare with: its own board (the four routes as lists of values, a piece
//! as a route and an index on it), every choice of piece on every turn, and
//! optionally one classic mistake made on purpose.
//!
//! It shares nothing with the fast solver but the rules: no destination
//! table, no square ids. It remembers the best score from each turn and
//! multiset of positions (pieces are interchangeable), so that a diagnosis
//! on 84 dice takes milliseconds, not hours.

use super::board::MAX_USEFUL_DICE;
use super::parse::Instance;
use super::variant::Yut;
use crate::puzzles::error::Error;
use crate::puzzles::refusal::Bug;
use crate::puzzles::rules::Reference;
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
    /// The same search as [`Mistake::FirstArrivalWins`] written the usual
    /// way: turn by turn, a fresh visited table each turn, each state the
    /// sorted tuple of its pieces' cell numbers.
    FirstArrivalPerTurn = "first-arrival-per-turn" => "the first arrival at a set of piece positions wins within each turn: a turn-by-turn search with a visited table per turn, the pieces kept as a sorted tuple, keeps the first score that reaches a position and drops a later, higher one",
    /// One visited set over all turns, each state the sorted tuple of its
    /// pieces' cell numbers.
    FirstArrivalSorted = "first-arrival-sorted" => "the first arrival at a set of piece positions wins: a search with one visited set over all turns, the pieces kept as a sorted tuple, keeps the first score that reaches a position and drops a later, higher one",
    /// A visited table per turn of the cells as a multiset (a sorted
    /// copy), while each state keeps its pieces in their order.
    FirstArrivalPerTurnMultiset = "first-arrival-per-turn-multiset" => "the first arrival at a set of piece positions wins within each turn: a turn-by-turn search with a visited table per turn of the cells as a multiset (the pieces themselves kept in order) keeps the first score and drops a later, higher one",
    /// One visited set over all turns, keyed on the cell of piece 1, 2, 3
    /// and 4 in that order.
    FirstArrivalOrdered = "first-arrival-ordered" => "the first arrival at the same cell for each piece wins: a search with one visited set over all turns of the pieces' cells in their order keeps the first score and drops a later, higher one",
    /// A visited table per turn, keyed on the cell of piece 1, 2, 3 and 4
    /// in that order.
    FirstArrivalPerTurnOrdered = "first-arrival-per-turn-ordered" => "the first arrival at the same cell for each piece wins within each turn: a turn-by-turn search with a visited table per turn of the pieces' cells in their order keeps the first score and drops a later, higher one",
    /// Each blue route has its own 25, centre 30 and 35, as when the
    /// routes are four separate lists and a cell is (route, index).
    CentrePerRoute = "centre-per-route" => "each blue route has its own 25, centre 30 and 35: pieces that came from different blue corners never block each other there",
    /// The outer 40 and the centre's 40 are two cells.
    FortyPerRoute = "forty-per-route" => "the 40 of the outer path and the 40 after 35 are different cells",
    /// A cell is known by its number: the outer 22 and the blue 22, the
    /// outer 16 and the blue 16, the outer 30 and the centre 30 (and so on)
    /// block each other.
    CellByNumber = "cell-by-number" => "two cells with the same number are one cell (the outer 16, 22, 24, 26, 28 and 30 block the blue ones, and the reverse)",
    /// A piece on 40 has no next cell, so it never moves again.
    FortyStuck = "forty-stuck" => "a piece on 40 can never move again",
    /// 40 is taken for the finish (`>=` where `>` was meant): a piece that
    /// reaches it has finished, and finishing scores nothing.
    FortyFinishes = "forty-finishes" => "a piece that reaches 40 has finished: the move scores 0 and the piece leaves the board",
    /// A move from before 40 to the finish scores the 40 it passes.
    PassingFortyScores = "passing-forty-scores" => "a move that passes over 40 to the finish scores 40",
    /// Only a move that ends exactly on the finish finishes; a move past
    /// it is not allowed.
    ExactFinish = "exact-finish" => "a move that would go past the finish is not allowed: a piece finishes only with the exact count",
    /// The finish is checked like any cell: once a piece has finished,
    /// no other may.
    FinishOccupied = "finish-occupied" => "the finish is a cell like the others: a piece may not finish while another piece stands on the finish",
    /// The corner 20 is left out of the blue corners: a move from 20
    /// goes on along the outer path.
    TwentyNotBlue = "twenty-not-blue" => "20 is not a blue cell: a move that starts on 20 goes on along the outer path",
    /// The corner 30 is left out of the blue corners: a move from 30
    /// goes on along the outer path.
    ThirtyNotBlue = "thirty-not-blue" => "30 is not a blue cell: a move that starts on the outer 30 goes on along the outer path",
    /// The blue arms' cells are known by their numbers together with the
    /// outer path's (the centre keeps its own cells): the blue 16, 22,
    /// 24, 26 and 28 block the outer cells of those numbers.
    ArmsShareOuterCells = "arms-share-outer-cells" => "a blue arm's cell and the outer cell with the same number are one cell (the blue 16, 22, 24, 26 and 28 block the outer ones, and the reverse)",
}

impl Mistake {
    /// Whether the mistake can leave a turn with no piece able to move; the
    /// programs that make it then score nothing for the dice left (a
    /// maximum that starts at 0).
    pub(super) fn stalls(self) -> bool {
        matches!(
            self,
            Mistake::CellByNumber
                | Mistake::ArmsShareOuterCells
                | Mistake::FortyStuck
                | Mistake::ExactFinish
                | Mistake::FinishOccupied
        )
    }
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
fn blue_route(p: Piece, mistake: Option<Mistake>) -> Option<u8> {
    if p.0 != 0 {
        return None;
    }
    match OUTER[p.1 as usize] {
        10 => Some(1),
        20 if mistake != Some(Mistake::TwentyNotBlue) => Some(2),
        30 if mistake != Some(Mistake::ThirtyNotBlue) => Some(3),
        _ => None,
    }
}

/// Where a move of `die` from `p` ends and what it scores, or `None` when
/// `mistake` forbids it (the rules forbid no move here: a move that ends
/// on a taken cell is refused by [`children`]).
fn advance(p: Piece, die: u8, mistake: Option<Mistake>) -> Option<(Piece, u32)> {
    if mistake == Some(Mistake::FortyStuck) && value(p) == 40 {
        return None;
    }
    let (mut route, mut index) = p;
    if let Some(r) = blue_route(p, mistake) {
        (route, index) = (r, 0);
    }
    let len = ROUTES[route as usize].len();
    for step in 1..=die {
        index += 1;
        if index as usize >= len {
            let past = step < die;
            if mistake == Some(Mistake::ExactFinish) && past {
                return None;
            }
            let passed_forty = mistake == Some(Mistake::PassingFortyScores) && value(p) != 40;
            return Some((DONE, if passed_forty { 40 } else { 0 }));
        }
        let passing = mistake == Some(Mistake::BlueWhenPassing) && step < die;
        if let Some(r) = blue_route((route, index), mistake).filter(|_| passing) {
            (route, index) = (r, 0);
        }
    }
    let at = (route, index);
    if mistake == Some(Mistake::FortyFinishes) && value(at) == 40 {
        return Some((DONE, 0));
    }
    Some((at, value(at)))
}

/// The physical square a piece stands on, as (area, value): area 9 is the
/// shared centre (the last four entries of every blue route: 25, 30, 35,
/// 40) with the outer 40; area 0 the rest of the outer path, blue corners
/// included; areas 1 to 3 the blue arms. The mistakes that join or split
/// cells change the area.
fn place(p: Piece, mistake: Option<Mistake>) -> (u8, u32) {
    let route = ROUTES[p.0 as usize];
    let v = route[p.1 as usize];
    let centre = v == 40 || (p.0 > 0 && p.1 as usize + 4 >= route.len());
    match mistake {
        Some(Mistake::ThirtyIsOneSquare) if v == 30 => (9, 30),
        Some(Mistake::CellByNumber) => (0, v),
        Some(Mistake::FortyPerRoute) if v == 40 => (p.0.min(1), 40),
        Some(Mistake::CentrePerRoute) if centre && v != 40 => (10 + p.0, v),
        _ if centre => (9, v),
        _ if p.0 == 0 || p.1 == 0 || mistake == Some(Mistake::ArmsShareOuterCells) => (0, v),
        _ => (p.0, v),
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
        let (moved, score) = advance(pieces[i], die, mistake)?;
        let others = (0..4).filter(move |&j| j != i);
        if moved == DONE {
            let finish_taken = mistake == Some(Mistake::FinishOccupied)
                && others.clone().any(|j| pieces[j] == DONE);
            if finish_taken {
                return None;
            }
        } else {
            let at = place(moved, mistake);
            let free_forty = mistake == Some(Mistake::FortyNotOccupied) && at.1 == 40;
            let taken = others
                .clone()
                .any(|j| pieces[j] != DONE && place(pieces[j], mistake) == at);
            let stacks = mistake == Some(Mistake::StackAllowed);
            if taken && !free_forty && !stacks {
                return None;
            }
        }
        let mut next = pieces;
        next[i] = moved;
        Some((next, score))
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
    if mistake.is_some_and(Mistake::stalls) {
        best = best.or(Some(0));
    }
    memo.insert((turn, key), best?);
    best
}

/// The best total for `dice` (each 1..=5) when the rules are read with
/// `mistake`, or as written for `None`; `None` back if some line reaches a
/// turn where no piece can move while one is unfinished (the rules say
/// this never happens; the mistakes that make it happen score nothing for
/// the dice left, and a unit test checks that no other mistake makes it
/// happen). The first-arrival mistakes keep the rules and always answer.
pub fn answer(dice: &[u8], mistake: Option<Mistake>) -> Option<u32> {
    let visited = |per_turn, multiset, sorted_state| {
        Some(first_arrival(
            dice,
            Visited {
                per_turn,
                multiset,
                sorted_state,
            },
        ))
    };
    match mistake {
        Some(Mistake::FirstArrivalWins) => visited(false, true, false),
        Some(Mistake::FirstArrivalPerTurn) => visited(true, true, true),
        Some(Mistake::FirstArrivalSorted) => visited(false, true, true),
        Some(Mistake::FirstArrivalPerTurnMultiset) => visited(true, true, false),
        Some(Mistake::FirstArrivalOrdered) => visited(false, false, false),
        Some(Mistake::FirstArrivalPerTurnOrdered) => visited(true, false, false),
        _ => search([START; 4], dice, 0, mistake, &mut Memo::default()),
    }
}

/// How a first-arrival search remembers where it has been: the mistakes
/// of that family differ only in this, and each choice changes answers
/// (on random ten-dice cases any two of the six differ on at least a
/// sixth of them), so each is its own catalogue entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Visited {
    /// A visited set per turn, rather than one over all turns.
    per_turn: bool,
    /// Positions are known by their cells as a multiset (sorted), rather
    /// than by the cell of piece 1, 2, 3 and 4 in that order.
    multiset: bool,
    /// Each state is the sorted tuple of its cell numbers, so its pieces
    /// are tried from the lowest number (only with `multiset`).
    sorted_state: bool,
}

/// The number of the cell `p` stands on, as a board of numbered cells
/// gives it: the start 0, the outer 2..=40 as 1..=20, the arm from 10 as
/// 21..=23, from 20 as 24..=25, from 30 as 26..=28, the centre 25, 30, 35
/// as 29..=31 (40 is the outer 20), the finish 32. The order of a sorted
/// tuple, and so of the search, follows it; numbers are cells, so two
/// pieces collide exactly when their numbers are equal.
fn number(p: Piece) -> u8 {
    if p == DONE {
        return 32;
    }
    match (p.0, place(p, None)) {
        (_, (9, 40)) => 20,
        (_, (9, v)) => 29 + ((v - 25) / 5) as u8,
        (0, _) => p.1,
        (1, _) => 20 + p.1,
        (2, _) => 23 + p.1,
        _ => 25 + p.1,
    }
}

/// The answer of the first-arrival mistakes, made the way the programs
/// that make them search, since the order of the search decides which
/// arrival is first: turn by turn from a queue, the states of a turn in
/// the order they were reached, each state's pieces tried in their order,
/// and a visited set as `visited` says (finished pieces included). The
/// best score of the states that end the game is the answer.
fn first_arrival(dice: &[u8], visited: Visited) -> u32 {
    // The search runs on cell numbers, with each cell's moves tabled once:
    // the ordered searches reach hundreds of thousands of states on 40
    // dice, and a diagnosis on such cases took minutes.
    const CELLS: usize = 33;
    let mut moves = [[(0u8, 0u32); 6]; CELLS];
    for (route, cells) in ROUTES.iter().enumerate() {
        // A blue route's first entry is its corner on the outer path,
        // where no piece of that route stands.
        for index in usize::from(route > 0)..cells.len() {
            let from = (route as u8, index as u8);
            for die in 1..=5 {
                let (to, score) = advance(from, die, None).expect("the rules forbid no move");
                moves[usize::from(number(from))][usize::from(die)] = (number(to), score);
            }
        }
    }
    let index = |cells: [u8; 4]| {
        let mut key = cells;
        if visited.multiset {
            key.sort_unstable();
        }
        key.iter()
            .fold(0, |at, &cell| at * CELLS + usize::from(cell))
    };
    // One bit per tuple of four cell numbers (33^4 bits, 148 KB).
    let mut seen = vec![0u64; CELLS.pow(4).div_ceil(64)];
    let insert = |seen: &mut [u64], at: usize| {
        let (word, bit) = (at / 64, 1 << (at % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    };
    let start = [number(START); 4];
    let finished = number(DONE);
    insert(&mut seen, index(start));
    let mut queue = std::collections::VecDeque::from([(start, 0, 0)]);
    let mut layer = 0;
    let mut best = 0;
    while let Some((cells, turn, score)) = queue.pop_front() {
        if turn == dice.len() || cells.iter().all(|&c| c == finished) {
            best = best.max(score);
            continue;
        }
        if visited.per_turn && turn != layer {
            // Every state of this turn is queued: from here on the states
            // of the next turn are inserted, into a fresh set.
            layer = turn;
            seen.fill(0);
        }
        for k in 0..4 {
            if cells[k] == finished {
                continue;
            }
            let (to, gained) = moves[usize::from(cells[k])][usize::from(dice[turn])];
            if to != finished && (0..4).any(|j| j != k && cells[j] == to) {
                continue;
            }
            let mut next = cells;
            next[k] = to;
            if insert(&mut seen, index(next)) {
                if visited.sorted_state {
                    next.sort_unstable();
                }
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
        let best = answer(used, mistake).ok_or(Bug::ReferenceStuck)?;
        Ok(format!("{best}\n"))
    }
}
