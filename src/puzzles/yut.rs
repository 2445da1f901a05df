//! Dice yut: the best total score for a sequence of dice (BOJ 17825).
//!
//! The board is the table [`BOARD`]: every cell with its value, its next
//! cell and, for the three blue corners, the first cell of its blue route.
//! Moves are looked up in a destination table built from it at compile time.
//!
//! The solver memoizes on (turn, the four positions as a sorted multiset):
//! pieces are interchangeable, and the score still to come depends only on
//! that pair, so the work grows with the number of distinct states, not with
//! `4^dice`. Every move advances a piece by at least one cell and the longest
//! route from start to end is [`LONGEST_ROUTE`] moves, so after at most
//! [`MAX_USEFUL_DICE`] turns all four pieces are finished and later dice go
//! unused: a million dice cost no more to solve than 84.

use crate::puzzles::{
    Error, GenOptions, GenRng, OutputFormat, Puzzle, SolveFn, SolveOptions, Variant,
};
use crate::text::{InputError, Tokens};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::{self, Write as _};
use std::io::Write;

/// Index of a cell in [`BOARD`].
pub type CellId = u8;

/// One cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Points scored by a move ending here (0 for start and end).
    pub value: u8,
    /// The next cell along the route; the end cell is its own successor.
    pub next: CellId,
    /// For the blue corners (outer 10, 20, 30): the first cell of the blue
    /// route, taken only when a move starts here.
    pub blue: Option<CellId>,
    /// Name in explanations and JSON: the value, with `b` on the blue arms
    /// and `c` on the centre cells 25, 30, 35 (whose values repeat elsewhere
    /// or belong to all three routes), or `start` / `end`.
    pub name: &'static str,
}

/// Where all four pieces begin.
pub const START: CellId = 0;
/// The outer cell 10, first blue corner.
pub const OUTER_10: CellId = 5;
/// The outer cell 20, second blue corner.
pub const OUTER_20: CellId = 10;
/// The outer cell 30, third blue corner.
pub const OUTER_30: CellId = 15;
/// 40: shared by the outer path and the centre route.
pub const FORTY: CellId = 20;
/// The centre cell 25, where the three blue arms meet.
pub const CENTRE_25: CellId = 29;
/// The end: takes any number of finished pieces, scores 0.
pub const END: CellId = 32;
/// Number of cells, start and end included.
pub const CELLS: usize = 33;

const fn cell(value: u8, next: CellId, name: &'static str) -> Cell {
    Cell {
        value,
        next,
        blue: None,
        name,
    }
}

const fn corner(value: u8, next: CellId, blue: CellId, name: &'static str) -> Cell {
    Cell {
        value,
        next,
        blue: Some(blue),
        name,
    }
}

/// The whole board, the only place the rules of movement are written down.
///
/// ```text
/// outer path : S 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 E   ids 0..=20, 32
/// blue from 10: 10 13b 16b 19b 25c                                          ids 21..=23
/// blue from 20: 20 22b 24b 25c                                              ids 24..=25
/// blue from 30: 30 28b 27b 26b 25c                                          ids 26..=28
/// centre      : 25c 30c 35c 40 E                                            ids 29..=31, 20
/// ```
pub const BOARD: [Cell; CELLS] = [
    // Outer path, start then 2..=38; each cell leads to the next id.
    cell(0, 1, "start"),
    cell(2, 2, "2"),
    cell(4, 3, "4"),
    cell(6, 4, "6"),
    cell(8, 5, "8"),
    corner(10, 6, 21, "10"),
    cell(12, 7, "12"),
    cell(14, 8, "14"),
    cell(16, 9, "16"),
    cell(18, 10, "18"),
    corner(20, 11, 24, "20"),
    cell(22, 12, "22"),
    cell(24, 13, "24"),
    cell(26, 14, "26"),
    cell(28, 15, "28"),
    corner(30, 16, 26, "30"),
    cell(32, 17, "32"),
    cell(34, 18, "34"),
    cell(36, 19, "36"),
    cell(38, FORTY, "38"),
    // 40, reached from 38 and from the centre's 35.
    cell(40, END, "40"),
    // Blue arm from 10.
    cell(13, 22, "13b"),
    cell(16, 23, "16b"),
    cell(19, CENTRE_25, "19b"),
    // Blue arm from 20.
    cell(22, 25, "22b"),
    cell(24, CENTRE_25, "24b"),
    // Blue arm from 30.
    cell(28, 27, "28b"),
    cell(27, 28, "27b"),
    cell(26, CENTRE_25, "26b"),
    // Centre, shared by the three arms, into the outer 40.
    cell(25, 30, "25c"),
    cell(30, 31, "30c"),
    cell(35, FORTY, "35c"),
    // End.
    cell(0, END, "end"),
];

/// Most moves one piece can make from start to end: along the outer path
/// one cell a move, stepping over 10 and 20 with a 2, then the whole arm
/// from 30 (a unit test computes it from [`BOARD`]).
pub const LONGEST_ROUTE: usize = 21;
/// Dice beyond this many are never used: each turn moves some piece at least
/// one cell, and four pieces need at most `4 × LONGEST_ROUTE` moves to finish.
pub const MAX_USEFUL_DICE: usize = 4 * LONGEST_ROUTE;

/// `DEST[cell][die]`: where a piece starting on `cell` stops after `die` steps.
const DEST: [[CellId; 6]; CELLS] = build_destinations();

const fn build_destinations() -> [[CellId; 6]; CELLS] {
    let mut table = [[END; 6]; CELLS];
    let mut from = 0;
    while from < CELLS {
        let mut die = 0;
        while die <= 5 {
            table[from][die] = walk_const(from as CellId, die as u8);
            die += 1;
        }
        from += 1;
    }
    table
}

/// The rule in one place: the first step follows the blue route when the
/// move starts on a blue corner; every other step follows `next`; reaching
/// the end stops the piece.
const fn walk_const(from: CellId, die: u8) -> CellId {
    let mut at = from;
    let mut step = 0;
    while step < die && at != END {
        let c = &BOARD[at as usize];
        at = match (step, c.blue) {
            (0, Some(blue)) => blue,
            _ => c.next,
        };
        step += 1;
    }
    at
}

/// Where a piece on `from` stops after moving `die` steps (1..=5).
///
/// ```
/// use boardsolve::puzzles::yut::{destination, BOARD, OUTER_10, END};
/// // A move that starts on the blue corner 10 takes the blue route.
/// assert_eq!(BOARD[destination(OUTER_10, 3) as usize].name, "19b");
/// // 38 plus 2 passes 40 and finishes.
/// assert_eq!(destination(19, 2), END);
/// ```
///
/// # Panics
/// If `from` is not a cell id or `die` is above 5.
pub fn destination(from: CellId, die: u8) -> CellId {
    DEST[from as usize][die as usize]
}

/// Every cell a piece passes through moving `die` from `from`, the landing
/// cell last (used to draw routes).
pub fn path(from: CellId, die: u8) -> Vec<CellId> {
    (1..=die)
        .map(|k| destination(from, k))
        .scan(None, |last, c| {
            // Stop repeating the end once reached.
            if *last == Some(END) {
                None
            } else {
                *last = Some(c);
                Some(c)
            }
        })
        .collect()
}

/// A judge instance: the dice, each 1..=5, in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    dice: Vec<u8>,
}

impl Instance {
    /// An instance from dice values; `None` if there are none or one is
    /// outside 1..=5.
    ///
    /// ```
    /// use boardsolve::puzzles::yut::Instance;
    /// assert!(Instance::new(vec![1, 5]).is_some());
    /// assert!(Instance::new(vec![6]).is_none());
    /// ```
    pub fn new(dice: Vec<u8>) -> Option<Instance> {
        (!dice.is_empty() && dice.iter().all(|d| (1..=5).contains(d))).then_some(Instance { dice })
    }

    /// The dice, each 1..=5.
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// Parses judge text: one or more dice values 1..=5, separated by any
    /// whitespace (the judge gives exactly 10 on one line).
    ///
    /// # Errors
    /// Empty input, a token that is not a number, a number too large to
    /// read, or a die outside 1..=5; each names its line and column.
    pub fn parse(input: &[u8]) -> Result<Instance, InputError> {
        const WHAT: &str = "a die";
        let mut t = Tokens::new(input);
        // Every die takes at least two bytes but the last: one allocation.
        let mut dice = Vec::with_capacity(input.len() / 2 + 1);
        while let Some(token) = t.next_token() {
            if let [b @ b'1'..=b'5'] = token.bytes {
                dice.push(b - b'0');
                continue;
            }
            // The rare path: let the shared number reader word the complaint
            // (or accept "05"), then point it at this token.
            let v = Tokens::new(token.bytes)
                .expect_in_range(WHAT, 1, 5)
                .map_err(|e| InputError::new(token.position, e.message))?;
            dice.push(v as u8);
        }
        if dice.is_empty() {
            return Err(InputError::new(
                t.end_position(),
                "expected at least one die (1 to 5), found end of input",
            ));
        }
        Ok(Instance { dice })
    }
}

impl std::str::FromStr for Instance {
    type Err = InputError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Instance::parse(s.as_bytes())
    }
}

impl fmt::Display for Instance {
    /// Judge format: the dice on one line, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(self.dice.len() * 2);
        for (i, &d) in self.dice.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push((b'0' + d) as char);
        }
        writeln!(f, "{line}")
    }
}

/// A random instance of `dice` dice, each uniform in 1..=5.
///
/// ```
/// use boardsolve::puzzles::yut::random_instance;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// assert_eq!(random_instance(&mut rng, 10).dice().len(), 10);
/// ```
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn random_instance<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    use rand::RngExt;
    assert!(dice >= 1, "an instance has at least one die");
    Instance {
        dice: (0..dice).map(|_| rng.random_range(1..=5u8)).collect(),
    }
}

/// Four positions, sorted so that interchangeable pieces give one key;
/// finished pieces ([`END`], the largest id) sort last.
type Pieces = [CellId; 4];

fn sorted(p: Pieces) -> Pieces {
    sort4(p[0], p[1], p[2], p[3])
}

/// `pieces` with piece `i` moved to `to`, sorted again.
#[inline]
fn moved(pieces: Pieces, i: usize, to: CellId) -> Pieces {
    let [mut a, mut b, mut c, mut d] = pieces;
    match i {
        0 => a = to,
        1 => b = to,
        2 => c = to,
        _ => d = to,
    }
    sort4(a, b, c, d)
}

/// A sorting network on four values kept in registers: writing one byte
/// into an array and reading it back whole stalls store forwarding, and
/// this runs once per child in the search.
#[inline]
fn sort4(a: u8, b: u8, c: u8, d: u8) -> Pieces {
    let (a, b) = (a.min(b), a.max(b));
    let (c, d) = (c.min(d), c.max(d));
    let (a, c) = (a.min(c), a.max(c));
    let (b, d) = (b.min(d), b.max(d));
    let (b, c) = (b.min(c), b.max(c));
    [a, b, c, d]
}

fn check_dice(dice: &[u8]) {
    assert!(
        dice.iter().all(|d| (1..=5).contains(d)),
        "every die must be 1..=5"
    );
}

/// The memoized search; keeps its table so the optimal line can be read
/// back from it.
struct Memo<'d> {
    dice: &'d [u8],
    /// (turn << 24 | four 6-bit cell ids) → best score from there on.
    table: FxHashMap<u32, u16>,
}

impl<'d> Memo<'d> {
    fn new(dice: &'d [u8]) -> Self {
        check_dice(dice);
        Memo {
            dice,
            table: FxHashMap::with_capacity_and_hasher(256, Default::default()),
        }
    }

    /// The best score still to come at `turn` with `pieces` (sorted).
    fn best(&mut self, turn: usize, pieces: Pieces) -> u16 {
        if turn == self.dice.len() || pieces[0] == END {
            return 0;
        }
        if turn + 1 == self.dice.len() {
            // The last turn is one look at four moves: cheaper than the table.
            return best_last_move(pieces, self.dice[turn]);
        }
        // turn < MAX_USEFUL_DICE here (some piece is unfinished), so it
        // fits the top 8 bits.
        debug_assert!(turn < MAX_USEFUL_DICE);
        let key = (turn as u32) << 24
            | u32::from(pieces[0]) << 18
            | u32::from(pieces[1]) << 12
            | u32::from(pieces[2]) << 6
            | u32::from(pieces[3]);
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        let die = self.dice[turn];
        // Some piece can always move while one is unfinished (the unit test
        // `some_piece_can_always_move` checks every position), so 0 is
        // never returned for a live position by default.
        let mut best = 0u16;
        for i in 0..4 {
            let from = pieces[i];
            if from == END {
                break;
            }
            if i > 0 && from == pieces[i - 1] {
                // Another piece on the same cell (only start allows that)
                // leads to the same child.
                continue;
            }
            let to = destination(from, die);
            if to != END && pieces.contains(&to) {
                continue;
            }
            let v = u16::from(BOARD[to as usize].value) + self.best(turn + 1, moved(pieces, i, to));
            best = best.max(v);
        }
        self.table.insert(key, best);
        best
    }
}

/// The best single move's score (the last turn: nothing comes after it).
fn best_last_move(pieces: Pieces, die: u8) -> u16 {
    let mut best = 0;
    for &from in &pieces {
        if from == END {
            break;
        }
        let to = destination(from, die);
        if to == END || !pieces.contains(&to) {
            best = best.max(u16::from(BOARD[to as usize].value));
        }
    }
    best
}

/// The maximum total score for `dice` (each 1..=5), in turn order.
///
/// ```
/// use boardsolve::puzzles::yut::max_score;
/// assert_eq!(max_score(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2]), 190);
/// ```
///
/// # Panics
/// If a die is outside 1..=5.
pub fn max_score(dice: &[u8]) -> u32 {
    max_score_with_states(dice).0
}

/// [`max_score`] and the number of distinct (turn, positions) states the
/// search solved.
///
/// # Panics
/// If a die is outside 1..=5.
pub fn max_score_with_states(dice: &[u8]) -> (u32, usize) {
    let mut memo = Memo::new(dice);
    let best = memo.best(0, [START; 4]);
    (u32::from(best), memo.table.len())
}

/// One turn of an optimal play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// 1-based turn number.
    pub turn: usize,
    /// The die of that turn.
    pub die: u8,
    /// The piece moved, 1..=4; pieces are numbered in the order they leave
    /// the start.
    pub piece: u8,
    /// The cell it leaves (see [`Cell::name`]).
    pub from: &'static str,
    /// The cell it stops on.
    pub to: &'static str,
    /// The move's score: the value of `to`.
    pub score: u32,
    /// The total after this move.
    pub total: u32,
    #[serde(skip)]
    from_id: CellId,
    #[serde(skip)]
    to_id: CellId,
}

/// An optimal play: the maximum total and one sequence of moves reaching it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The maximum total score.
    pub max: u32,
    /// One move per turn until the dice run out or all pieces are finished;
    /// the lowest-numbered piece among equally good moves.
    pub moves: Vec<Step>,
    /// Dice left over once all four pieces are finished.
    pub unused: usize,
}

/// The maximum total and an optimal play reaching it.
///
/// ```
/// use boardsolve::puzzles::yut::best_play;
/// let play = best_play(&[5, 4]);
/// assert_eq!(play.max, 35);
/// assert_eq!((play.moves[1].from, play.moves[1].to), ("10", "25c"));
/// ```
///
/// # Panics
/// If a die is outside 1..=5.
pub fn best_play(dice: &[u8]) -> Play {
    let mut memo = Memo::new(dice);
    let max = memo.best(0, [START; 4]);
    let mut pieces: Pieces = [START; 4];
    let mut total = 0u32;
    let mut moves = Vec::new();
    for (turn, &die) in dice.iter().enumerate() {
        if pieces.iter().all(|&p| p == END) {
            break;
        }
        let target = memo.best(turn, sorted(pieces));
        let chosen = (0..4).find_map(|i| {
            let from = pieces[i];
            let to = destination(from, die);
            let legal = from != END && (to == END || !pieces.contains(&to));
            let mut next = pieces;
            next[i] = to;
            (legal
                && u16::from(BOARD[to as usize].value) + memo.best(turn + 1, sorted(next))
                    == target)
                .then_some((i, to))
        });
        let Some((i, to)) = chosen else {
            // Unreachable: the target was computed from these very moves.
            break;
        };
        let score = u32::from(BOARD[to as usize].value);
        total += score;
        moves.push(Step {
            turn: turn + 1,
            die,
            piece: i as u8 + 1,
            from: BOARD[pieces[i] as usize].name,
            to: BOARD[to as usize].name,
            score,
            total,
            from_id: pieces[i],
            to_id: to,
        });
        pieces[i] = to;
    }
    Play {
        max: u32::from(max),
        unused: dice.len() - moves.len(),
        moves,
    }
}

/// The plain search the tests and benchmarks compare against: every choice
/// of piece on every turn (up to `4^dice` lines), no memoization, and its
/// own board: routes as lists of values, a piece as (route, index).
pub mod brute {
    const OUTER: [u32; 21] = [
        0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
    ];
    const FROM_10: [u32; 8] = [10, 13, 16, 19, 25, 30, 35, 40];
    const FROM_20: [u32; 7] = [20, 22, 24, 25, 30, 35, 40];
    const FROM_30: [u32; 8] = [30, 28, 27, 26, 25, 30, 35, 40];

    fn route_values(r: usize) -> &'static [u32] {
        match r {
            0 => &OUTER,
            1 => &FROM_10,
            2 => &FROM_20,
            _ => &FROM_30,
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Piece {
        On { route: usize, index: usize },
        Finished,
    }

    fn advance(p: Piece, die: usize) -> Piece {
        let Piece::On {
            mut route,
            mut index,
        } = p
        else {
            return Piece::Finished;
        };
        if route == 0 {
            let switch = match OUTER[index] {
                10 => Some(1),
                20 => Some(2),
                30 => Some(3),
                _ => None,
            };
            if let Some(r) = switch {
                route = r;
                index = 0;
            }
        }
        index += die;
        if index >= route_values(route).len() {
            Piece::Finished
        } else {
            Piece::On { route, index }
        }
    }

    /// The physical cell a piece stands on: the last four entries of every
    /// blue route (25, 30, 35, 40) are the shared centre, and 40 is also
    /// the outer 40.
    fn place(p: Piece) -> Option<(usize, u32)> {
        let Piece::On { route: r, index } = p else {
            return None;
        };
        let v = route_values(r)[index];
        if v == 40 || (r > 0 && index + 4 >= route_values(r).len()) {
            Some((9, v))
        } else if r == 0 || index == 0 {
            Some((0, v))
        } else {
            Some((r, v))
        }
    }

    fn value(p: Piece) -> u32 {
        match p {
            Piece::On { route: r, index } => route_values(r)[index],
            Piece::Finished => 0,
        }
    }

    /// The maximum total for `dice`, or `None` if some turn had no legal
    /// move while a piece was unfinished (the rules say this never happens).
    pub fn max_score(dice: &[u8]) -> Option<u32> {
        let start = Piece::On { route: 0, index: 0 };
        search([start; 4], dice)
    }

    fn search(pieces: [Piece; 4], dice: &[u8]) -> Option<u32> {
        let Some((&die, rest)) = dice.split_first() else {
            return Some(0);
        };
        if pieces.iter().all(|&p| p == Piece::Finished) {
            return Some(0);
        }
        let mut best = None;
        for i in 0..4 {
            if pieces[i] == Piece::Finished {
                continue;
            }
            let moved = advance(pieces[i], usize::from(die));
            let blocked = moved != Piece::Finished
                && (0..4).any(|j| j != i && place(pieces[j]) == place(moved));
            if blocked {
                continue;
            }
            let mut next = pieces;
            next[i] = moved;
            let total = value(moved) + search(next, rest)?;
            best = Some(best.map_or(total, |b: u32| b.max(total)));
        }
        best
    }
}

/// Reference solvers that each make one classic mistake, for `stress
/// --diagnose`: a plain memoized search with one rule changed.
pub mod mistakes {
    use rustc_hash::FxHashMap;

    /// One classic mistake.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Mistake {
        /// A piece turns onto a blue route when it passes a blue cell, not
        /// only when its move starts there.
        BlueWhenPassing,
        /// The outer 30 and the centre 30 are one cell.
        ThirtyIsOneCell,
        /// Two pieces may both stand on 40.
        FortyNotOccupied,
    }

    impl Mistake {
        /// All of them, in the order a diagnosis tries them.
        pub const ALL: [Mistake; 3] = [
            Mistake::BlueWhenPassing,
            Mistake::ThirtyIsOneCell,
            Mistake::FortyNotOccupied,
        ];

        /// Completes "your program behaves as if ...".
        pub fn description(self) -> &'static str {
            match self {
                Mistake::BlueWhenPassing => {
                    "a piece takes a blue route when it passes a blue cell, not only when it starts there"
                }
                Mistake::ThirtyIsOneCell => "the outer 30 and the centre 30 are the same cell",
                Mistake::FortyNotOccupied => "a move may end on 40 when another piece stands there",
            }
        }
    }

    const OUTER: [u32; 21] = [
        0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
    ];
    const FROM_10: [u32; 8] = [10, 13, 16, 19, 25, 30, 35, 40];
    const FROM_20: [u32; 7] = [20, 22, 24, 25, 30, 35, 40];
    const FROM_30: [u32; 8] = [30, 28, 27, 26, 25, 30, 35, 40];
    const ROUTES: [&[u32]; 4] = [&OUTER, &FROM_10, &FROM_20, &FROM_30];
    /// A finished piece.
    const DONE: (u8, u8) = (255, 255);

    fn blue_route(route: u8, index: u8) -> Option<u8> {
        if route != 0 {
            return None;
        }
        match OUTER[index as usize] {
            10 => Some(1),
            20 => Some(2),
            30 => Some(3),
            _ => None,
        }
    }

    fn advance(p: (u8, u8), die: u8, mistake: Mistake) -> (u8, u8) {
        let (mut route, mut index) = p;
        if let Some(r) = blue_route(route, index) {
            (route, index) = (r, 0);
        }
        for step in 1..=die {
            index += 1;
            if index as usize >= ROUTES[route as usize].len() {
                return DONE;
            }
            let passing = mistake == Mistake::BlueWhenPassing && step < die;
            if let Some(r) = blue_route(route, index).filter(|_| passing) {
                (route, index) = (r, 0);
            }
        }
        (route, index)
    }

    /// The physical cell, as (area, value): area 9 is the shared centre.
    fn place(p: (u8, u8), mistake: Mistake) -> (u8, u32) {
        let route = ROUTES[p.0 as usize];
        let v = route[p.1 as usize];
        if mistake == Mistake::ThirtyIsOneCell && v == 30 {
            (9, 30)
        } else if v == 40 || (p.0 > 0 && p.1 as usize + 4 >= route.len()) {
            (9, v)
        } else if p.0 == 0 || p.1 == 0 {
            (0, v)
        } else {
            (p.0, v)
        }
    }

    type Memo = FxHashMap<(usize, [(u8, u8); 4]), u32>;

    fn search(
        pieces: [(u8, u8); 4],
        dice: &[u8],
        turn: usize,
        mistake: Mistake,
        memo: &mut Memo,
    ) -> u32 {
        if turn == dice.len() || pieces.iter().all(|&p| p == DONE) {
            return 0;
        }
        let mut key = pieces;
        key.sort_unstable();
        if let Some(&v) = memo.get(&(turn, key)) {
            return v;
        }
        let mut best = 0;
        for i in 0..4 {
            if pieces[i] == DONE {
                continue;
            }
            let moved = advance(pieces[i], dice[turn], mistake);
            if moved != DONE {
                let at = place(moved, mistake);
                let free_forty = mistake == Mistake::FortyNotOccupied && at.1 == 40;
                if !free_forty
                    && (0..4)
                        .any(|j| j != i && pieces[j] != DONE && place(pieces[j], mistake) == at)
                {
                    continue;
                }
            }
            let mut next = pieces;
            next[i] = moved;
            let gain = if moved == DONE {
                0
            } else {
                ROUTES[moved.0 as usize][moved.1 as usize]
            };
            best = best.max(gain + search(next, dice, turn + 1, mistake, memo));
        }
        memo.insert((turn, key), best);
        best
    }

    /// The best total for `dice` when the rules are read with `mistake`.
    pub fn max_score(dice: &[u8], mistake: Mistake) -> u32 {
        search([(0, 0); 4], dice, 0, mistake, &mut Memo::default())
    }
}

/// Dice that send pieces through the blue corners and the shared centre:
/// many fives (a piece on the start reaches 10 with one, 20 with two) mixed
/// with small steps.
pub fn hard_instance<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    use rand::RngExt;
    assert!(dice >= 1, "an instance has at least one die");
    Instance {
        dice: (0..dice)
            .map(|_| {
                if rng.random_bool(0.45) {
                    5
                } else {
                    rng.random_range(1..=3u8)
                }
            })
            .collect(),
    }
}

/// Dice yut for the CLI.
pub struct Yut {
    /// The command name this entry answers to.
    pub name: &'static str,
}

impl Puzzle for Yut {
    fn name(&self) -> &'static str {
        self.name
    }

    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        opts.only(self.name, &[crate::puzzles::Size::Dice])?;
        let dice = match opts.dice {
            None => 10,
            Some(d) if (1..=1_000_000).contains(&d) => d as usize,
            Some(d) => {
                return Err(Error::Usage(format!(
                    "--dice must be from 1 to 1000000, found {d}"
                )));
            }
        };
        let instance = if opts.hard {
            hard_instance(rng, dice)
        } else {
            random_instance(rng, dice)
        };
        Ok(instance.to_string())
    }

    fn shrink(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let Ok(instance) = Instance::parse(input) else {
            return Vec::new();
        };
        let dice = instance.dice();
        let mut out = Vec::new();
        for skip in 0..dice.len() {
            let fewer: Vec<u8> = dice
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, &d)| d)
                .collect();
            out.extend(Instance::new(fewer));
        }
        for at in 0..dice.len() {
            if dice[at] > 1 {
                let mut smaller = dice.to_vec();
                smaller[at] -= 1;
                out.extend(Instance::new(smaller));
            }
        }
        out.into_iter()
            .map(|i| i.to_string().into_bytes())
            .collect()
    }

    fn variants(&self) -> Vec<Variant> {
        mistakes::Mistake::ALL
            .iter()
            .map(|&mistake| Variant {
                mistake: mistake.description(),
                solve: Box::new(move |input: &[u8], _: &SolveOptions| {
                    let instance = Instance::parse(input)?;
                    let used = &instance.dice()[..instance.dice().len().min(MAX_USEFUL_DICE)];
                    Ok(format!("{}\n", mistakes::max_score(used, mistake)))
                }) as SolveFn,
            })
            .collect()
    }

    fn summary(&self) -> &'static str {
        "dice yut: best total score for the dice"
    }

    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error> {
        if opts.moves.is_some() {
            return Err(Error::Usage(format!(
                "--moves is for 2048; {} takes the dice from the input",
                self.name
            )));
        }
        let instance = Instance::parse(input)?;
        let dice = instance.dice();
        match opts.format {
            OutputFormat::Judge => writeln!(out, "{}", max_score(dice))?,
            OutputFormat::Json => {
                serde_json::to_writer(&mut *out, &best_play(dice)).map_err(std::io::Error::from)?;
                writeln!(out)?;
            }
            OutputFormat::Explain => write_explanation(&best_play(dice), dice.len(), out)?,
        }
        Ok(())
    }

    fn svg(&self, input: &[u8], opts: &SolveOptions) -> Result<String, Error> {
        let _ = opts;
        let instance = Instance::parse(input)?;
        Ok(draw(&best_play(instance.dice())))
    }
}

fn write_explanation(play: &Play, dice: usize, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "maximum score: {}", play.max)?;
    for s in &play.moves {
        writeln!(
            out,
            "turn {} (die {}): piece {} {} -> {}, +{}, total {}",
            s.turn, s.die, s.piece, s.from, s.to, s.score, s.total
        )?;
    }
    if play.unused > 0 {
        let first = dice - play.unused + 1;
        writeln!(
            out,
            "all pieces finished after turn {}: dice {first}..{dice} unused ({})",
            first - 1,
            play.unused
        )?;
    }
    Ok(())
}

/// Picture coordinates of every cell: the outer path around a square with
/// 10, 20, 30 and 40 at its corners, the blue arms and the centre route on
/// the diagonals, start and end outside the 40 corner.
fn cell_xy(id: CellId) -> (f64, f64) {
    const LO: f64 = 80.0;
    const HI: f64 = 560.0;
    const SIDE: f64 = HI - LO;
    const MID: f64 = (LO + HI) / 2.0;
    let along =
        |a: (f64, f64), b: (f64, f64), t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    let (tr, tl, bl, br, c) = ((HI, LO), (LO, LO), (LO, HI), (HI, HI), (MID, MID));
    let i = f64::from(id);
    // Room above the board for the title and the legend.
    let shift = |(x, y): (f64, f64)| (x, y + 80.0);
    shift(match id {
        START => (HI + 70.0, HI),
        END => (HI, HI + 70.0),
        1..=4 => (HI, HI - SIDE * i / 5.0),
        5..=9 => (HI - SIDE * (i - 5.0) / 5.0, LO),
        10..=14 => (LO, LO + SIDE * (i - 10.0) / 5.0),
        15..=19 => (LO + SIDE * (i - 15.0) / 5.0, HI),
        FORTY => br,
        21..=23 => along(tr, c, (i - 20.0) / 4.0),
        24..=25 => along(tl, c, (i - 23.0) / 3.0),
        26..=28 => along(bl, c, (i - 25.0) / 4.0),
        CENTRE_25 => c,
        _ => along(c, br, (i - 29.0) / 3.0),
    })
}

const PIECE_COLOURS: [&str; 4] = ["#d62728", "#2ca02c", "#1f77b4", "#9467bd"];

/// The board with its values, and each piece's route in the optimal play
/// in its own colour, landing cells marked with the turn number.
fn draw(play: &Play) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let mut w = |args: fmt::Arguments<'_>| {
        let _ = s.write_fmt(args);
    };
    w(format_args!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"800\" viewBox=\"0 0 720 800\" font-family=\"sans-serif\">\n\
         <rect width=\"720\" height=\"800\" fill=\"white\"/>\n\
         <text x=\"20\" y=\"36\" font-size=\"20\">maximum score {}</text>\n",
        play.max
    ));
    // Edges: plain successors grey, blue routes blue.
    for (id, c) in BOARD.iter().enumerate() {
        let id = id as CellId;
        let (x1, y1) = cell_xy(id);
        let mut edge = |to: CellId, colour: &str| {
            let (x2, y2) = cell_xy(to);
            w(format_args!(
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n"
            ));
        };
        if id != END {
            edge(c.next, if id > FORTY { "#6baed6" } else { "#999" });
        }
        if let Some(b) = c.blue {
            edge(b, "#6baed6");
        }
    }
    for (id, c) in BOARD.iter().enumerate() {
        let (x, y) = cell_xy(id as CellId);
        let fill = if c.blue.is_some() || (21..=31).contains(&id) {
            "#c6dbef"
        } else {
            "#f2f2f2"
        };
        let label = match id as CellId {
            START => "S".to_string(),
            END => "E".to_string(),
            _ => c.value.to_string(),
        };
        w(format_args!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\" fill=\"{fill}\" stroke=\"#333\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"14\" text-anchor=\"middle\">{label}</text>\n",
            y + 5.0
        ));
    }
    // Routes, each piece shifted a little so that shared stretches stay visible.
    for piece in 0..4u8 {
        let colour = PIECE_COLOURS[piece as usize];
        let (dx, dy) = [(-5.0, -5.0), (5.0, -5.0), (-5.0, 5.0), (5.0, 5.0)][piece as usize];
        let steps: Vec<&Step> = play.moves.iter().filter(|m| m.piece == piece + 1).collect();
        if steps.is_empty() {
            continue;
        }
        let mut points = vec![START];
        for m in &steps {
            points.extend(path(m.from_id, m.die));
        }
        let coords: Vec<String> = points
            .iter()
            .map(|&p| {
                let (x, y) = cell_xy(p);
                format!("{:.1},{:.1}", x + dx, y + dy)
            })
            .collect();
        w(format_args!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" stroke-opacity=\"0.8\"/>\n",
            coords.join(" ")
        ));
        for m in &steps {
            let (x, y) = cell_xy(m.to_id);
            w(format_args!(
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"{colour}\"/>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" fill=\"white\" text-anchor=\"middle\">{}</text>\n",
                x + 2.6 * dx,
                y + 2.6 * dy,
                x + 2.6 * dx,
                y + 2.6 * dy + 3.0,
                m.turn
            ));
        }
        let total: u32 = steps.iter().map(|m| m.score).sum();
        w(format_args!(
            "<text x=\"20\" y=\"{}\" font-size=\"14\" fill=\"{colour}\">piece {}: {} moves, {} points</text>\n",
            62 + 18 * u32::from(piece),
            piece + 1,
            steps.len(),
            total
        ));
    }
    w(format_args!("</svg>\n"));
    s
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_catalogued_mistake_changes_some_answer() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        for mistake in mistakes::Mistake::ALL {
            let differs = (0..3000).any(|k| {
                let inst = if k % 2 == 0 {
                    random_instance(&mut rng, 10)
                } else {
                    hard_instance(&mut rng, 10)
                };
                mistakes::max_score(inst.dice(), mistake) != max_score(inst.dice())
            });
            assert!(differs, "{mistake:?} never changes an answer");
        }
    }
    use super::*;

    fn name(id: CellId) -> &'static str {
        BOARD[id as usize].name
    }

    /// The cells visited from `from` following `next` only, names and values.
    fn route_from(from: CellId) -> Vec<(&'static str, u8)> {
        let mut out = vec![];
        let mut at = from;
        loop {
            out.push((name(at), BOARD[at as usize].value));
            if at == END {
                return out;
            }
            at = BOARD[at as usize].next;
        }
    }

    #[test]
    fn board_matches_the_spec() {
        let values = |r: &[(&str, u8)]| r.iter().map(|&(_, v)| v).collect::<Vec<_>>();
        // Outer path: S 2 4 ... 40 E.
        let outer = route_from(START);
        let mut want: Vec<u8> = (0..=20).map(|k| 2 * k).collect();
        want.push(0);
        assert_eq!(values(&outer), want);
        assert_eq!(outer.last().unwrap().0, "end");
        // Blue routes start only at the three corners.
        let corners: Vec<(CellId, u8)> = BOARD
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.blue.map(|_| (i as CellId, c.value)))
            .collect();
        assert_eq!(corners, [(OUTER_10, 10), (OUTER_20, 20), (OUTER_30, 30)]);
        let blue = |c: CellId| values(&route_from(BOARD[c as usize].blue.unwrap()));
        assert_eq!(blue(OUTER_10), [13, 16, 19, 25, 30, 35, 40, 0]);
        assert_eq!(blue(OUTER_20), [22, 24, 25, 30, 35, 40, 0]);
        assert_eq!(blue(OUTER_30), [28, 27, 26, 25, 30, 35, 40, 0]);
        // Shared cells: one 25 for all arms, one 40 for outer and centre.
        for corner in [OUTER_10, OUTER_20, OUTER_30] {
            let mut at = BOARD[corner as usize].blue.unwrap();
            while BOARD[at as usize].value != 25 {
                at = BOARD[at as usize].next;
            }
            assert_eq!(at, CENTRE_25);
        }
        assert_eq!(BOARD[19].next, FORTY);
        assert_eq!(BOARD[31].next, FORTY);
        // Every cell is on some route, reached exactly as drawn above.
        let mut reached = [false; CELLS];
        for from in [START, 21, 24, 26] {
            let mut at = from;
            loop {
                reached[at as usize] = true;
                if at == END {
                    break;
                }
                at = BOARD[at as usize].next;
            }
        }
        assert!(reached.iter().all(|&r| r));
        // Names are unique.
        let mut names: Vec<&str> = BOARD.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CELLS);
    }

    #[test]
    fn blue_route_only_when_the_move_starts_on_a_corner() {
        // From 8, a 2 passes 10 and stays outside; a 1 stops on 10.
        assert_eq!(name(destination(4, 2)), "12");
        assert_eq!(name(destination(4, 1)), "10");
        // From 10 every die goes blue.
        let from10: Vec<_> = (1..=5).map(|d| name(destination(OUTER_10, d))).collect();
        assert_eq!(from10, ["13b", "16b", "19b", "25c", "30c"]);
        let from20: Vec<_> = (1..=5).map(|d| name(destination(OUTER_20, d))).collect();
        assert_eq!(from20, ["22b", "24b", "25c", "30c", "35c"]);
        let from30: Vec<_> = (1..=5).map(|d| name(destination(OUTER_30, d))).collect();
        assert_eq!(from30, ["28b", "27b", "26b", "25c", "30c"]);
        // Centre to 40 and on past the end.
        let from25: Vec<_> = (1..=5).map(|d| name(destination(CENTRE_25, d))).collect();
        assert_eq!(from25, ["30c", "35c", "40", "end", "end"]);
        assert_eq!(name(destination(19, 1)), "40");
        assert_eq!(name(destination(19, 2)), "end");
        assert_eq!(name(destination(FORTY, 1)), "end");
        assert_eq!(path(19, 5), [FORTY, END]);
    }

    #[test]
    fn longest_route_is_computed_from_the_board() {
        // A move never goes backwards, so the most moves from a cell is a
        // maximum over the five dice of one more than from the landing cell.
        fn most_moves(at: CellId) -> usize {
            if at == END {
                return 0;
            }
            (1..=5)
                .map(|d| 1 + most_moves(destination(at, d)))
                .max()
                .unwrap()
        }
        assert_eq!(most_moves(START), LONGEST_ROUTE);
    }

    /// All valid positions: four cells, no two equal except start and end.
    fn all_positions() -> Vec<Pieces> {
        let mut out = vec![];
        for a in 0..CELLS as u8 {
            for b in a..CELLS as u8 {
                for c in b..CELLS as u8 {
                    for d in c..CELLS as u8 {
                        let p = [a, b, c, d];
                        let ok = (1..4).all(|i| p[i] != p[i - 1] || p[i] == START || p[i] == END);
                        if ok {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn some_piece_can_always_move() {
        for p in all_positions() {
            if p[0] == END {
                continue;
            }
            for die in 1..=5 {
                let can = p.iter().any(|&from| {
                    let to = destination(from, die);
                    from != END && (to == END || !p.contains(&to))
                });
                assert!(can, "{p:?} die {die}");
            }
        }
    }

    #[test]
    fn samples() {
        assert_eq!(max_score(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2]), 190);
        assert_eq!(max_score(&[1; 10]), 133);
        assert_eq!(max_score(&[5, 1, 2, 3, 4, 5, 5, 3, 2, 4]), 214);
        assert_eq!(max_score(&[5; 10]), 130);
    }

    #[test]
    fn collisions_on_shared_cells() {
        // A piece on 25 blocks one coming from the 20 arm (24b + 1) and
        // one from the 30 arm (26b + 1) and one from the 10 arm (19b + 1).
        for (other, die) in [(25u8, 1u8), (28, 1), (23, 1), (OUTER_20, 3), (OUTER_10, 4)] {
            assert_eq!(destination(other, die), CENTRE_25);
        }
        // A piece on 40 (reached from 35c) blocks 38 + 1, and the reverse.
        assert_eq!(destination(19, 1), destination(31, 1));
        // Two pieces may both finish.
        assert_eq!(destination(FORTY, 3), END);
        // Whole games where these collisions decide the answer, checked
        // against the brute force; the numbers are worked out by hand below.
        // 5 4: 10, then 10 -> 25c (blue) = 35.
        assert_eq!(max_score(&[5, 4]), 35);
        // Fives: each piece 10, 30c, end (40 points in 3 moves), one piece
        // on 10 and on 30c at a time: 12 fives reach 160, more add nothing.
        assert_eq!(max_score(&[5; 12]), 160);
        assert_eq!(max_score(&[5; 1000]), 160);
        // Games that send pieces into 25c and 40 along different routes.
        for dice in [
            &[5u8, 4, 5, 5, 4, 3][..],
            &[5, 3, 5, 1, 1, 2, 1],
            &[5, 5, 5, 5, 1, 5, 1, 2, 5],
            &[5, 5, 3, 5, 5, 5, 5, 2, 3, 4],
        ] {
            assert_eq!(Some(max_score(dice)), brute::max_score(dice), "{dice:?}");
        }
    }

    /// The best score from a hand-made position (any order of pieces).
    fn best_from(pieces: Pieces, dice: &[u8]) -> u16 {
        Memo::new(dice).best(0, sorted(pieces))
    }

    #[test]
    fn arrivals_on_shared_cells_from_other_routes_are_blocked() {
        // 19b, 26b and 24b are one step from 25c, by three different arms;
        // with 25c occupied only the piece on it can move a 1.
        assert_eq!(best_from([23, 28, 25, CENTRE_25], &[1]), 30);
        // Without the piece on 25c, one of them takes it (and blocks the others).
        assert_eq!(best_from([23, 28, 25, END], &[1]), 25);
        assert_eq!(best_from([23, 28, 25, END], &[1, 1]), 25 + 30);
        // 40 from the outer 38 and from the centre's 35c: with 40 occupied
        // both are blocked, so the only move is 40 to the end, worth 0.
        assert_eq!(best_from([FORTY, 19, 31, END], &[1]), 0);
        assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1]), 40);
        assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1, 1]), 40);
        assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1, 1, 1]), 80);
    }

    #[test]
    fn the_end_takes_any_number_of_pieces() {
        // 38 + 5 and 35c + 5 both pass the end; finishing scores 0.
        assert_eq!(best_from([19, 31, END, END], &[5, 5]), 0);
        assert_eq!(best_from([19, 31, END, END], &[5, 5, 5]), 0);
        assert_eq!(best_from([19, 31, END, END], &[1, 5, 5]), 40);
        // All finished: nothing more to score.
        assert_eq!(best_from([END; 4], &[1, 2, 3]), 0);
    }

    #[test]
    fn passing_the_end_finishes_and_leaves_dice_unused() {
        // Every die a 5 forever: pieces finish, the rest are unused.
        let play = best_play(&[5; 100]);
        assert_eq!(play.max, 160);
        assert_eq!(play.moves.len(), 12);
        assert_eq!(play.unused, 88);
        assert!(play.moves.iter().filter(|m| m.to == "end").count() == 4);
        // The most turns any game can use.
        let ones = best_play(&[1; 200]);
        assert!(ones.moves.len() <= MAX_USEFUL_DICE);
        assert_eq!(ones.max, max_score(&[1; MAX_USEFUL_DICE]));
    }

    #[test]
    fn every_sequence_up_to_five_dice_equals_brute_force() {
        for len in 1..=5u32 {
            for code in 0..5usize.pow(len) {
                let dice: Vec<u8> = (0..len)
                    .map(|k| (code / 5usize.pow(k) % 5) as u8 + 1)
                    .collect();
                assert_eq!(Some(max_score(&dice)), brute::max_score(&dice), "{dice:?}");
            }
        }
    }

    #[test]
    fn best_play_is_consistent() {
        let dice = [5, 1, 2, 3, 4, 5, 5, 3, 2, 4];
        let play = best_play(&dice);
        assert_eq!(play.max, 214);
        assert_eq!(play.moves.last().unwrap().total, 214);
        assert_eq!(play.moves[0].piece, 1);
    }

    #[test]
    fn parse_and_display() {
        let i: Instance = "1 2 3 4 1 2 3 4 1 2\n".parse().unwrap();
        assert_eq!(i.to_string(), "1 2 3 4 1 2 3 4 1 2\n");
        assert_eq!(Instance::parse(b"\r\n 05\t1").unwrap().dice(), [5, 1]);
        let err = |s: &[u8]| Instance::parse(s).unwrap_err().to_string();
        assert_eq!(err(b"1 2 6"), "1:5: expected a die from 1 to 5, found 6");
        assert_eq!(err(b"1 2\n 0"), "2:2: expected a die from 1 to 5, found 0");
        assert_eq!(
            err(b"1 x"),
            "1:3: expected a die, found \"x\" (not a whole number)"
        );
        assert_eq!(
            err(b"1 -1"),
            "1:3: expected a die, found \"-1\" (signs are not allowed)"
        );
        assert_eq!(
            err(b"99999999999999999999999"),
            "1:1: expected a die, found \"99999999999999999999999\" (too large)"
        );
        assert_eq!(
            err(b" \n"),
            "1:1: expected at least one die (1 to 5), found end of input"
        );
    }

    use proptest::prelude::*;
    use rand::SeedableRng;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn fast_equals_brute(dice in prop::collection::vec(1u8..=5, 1..=7)) {
            prop_assert_eq!(Some(max_score(&dice)), brute::max_score(&dice));
        }

        #[test]
        fn play_replays_to_the_maximum(dice in prop::collection::vec(1u8..=5, 1..=16)) {
            let play = best_play(&dice);
            prop_assert_eq!(play.max, max_score(&dice));
            let mut pieces = [START; 4];
            let mut total = 0;
            for m in &play.moves {
                let i = usize::from(m.piece - 1);
                let to = destination(pieces[i], dice[m.turn - 1]);
                prop_assert!(pieces[i] != END);
                prop_assert!(to == END || !pieces.contains(&to));
                pieces[i] = to;
                total += u32::from(BOARD[to as usize].value);
                prop_assert_eq!(total, m.total);
            }
            prop_assert_eq!(total, play.max);
        }

        #[test]
        fn display_round_trips(seed in any::<u64>(), n in 1usize..50) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let i = random_instance(&mut rng, n);
            prop_assert_eq!(i.to_string().parse::<Instance>().unwrap(), i);
        }
    }

    proptest! {
        // Long sequences are slow for the brute force (4^10 lines); fewer cases.
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn fast_equals_brute_up_to_ten(dice in prop::collection::vec(1u8..=5, 8..=10)) {
            prop_assert_eq!(Some(max_score(&dice)), brute::max_score(&dice));
        }
    }

    proptest! {
        // The full comparison, thousands of judge-sized cases (a few
        // seconds: tests are built with optimization, see Cargo.toml).
        #![proptest_config(ProptestConfig::with_cases(5000))]

        #[test]
        fn fast_equals_brute_thousands_up_to_ten(dice in prop::collection::vec(1u8..=5, 1..=10)) {
            prop_assert_eq!(Some(max_score(&dice)), brute::max_score(&dice));
        }
    }
}
