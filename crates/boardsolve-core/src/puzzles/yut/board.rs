//! The board: every square with its value, its next square and, for the
//! three blue corners, the first square of its blue route; the moves looked
//! up in a destination table built from it at compile time; and the four
//! pieces as one sorted state.

/// Index of a square in [`BOARD`].
pub type SquareId = u8;

/// One square of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square {
    /// Points scored by a move ending here (0 for start and end).
    pub value: u8,
    /// The next square along the route; the end is its own successor.
    pub next: SquareId,
    /// For the blue corners (outer 10, 20, 30): the first square of the
    /// blue route, taken only when a move starts here.
    pub blue: Option<SquareId>,
    /// Name in explanations and JSON: the value, with `b` on the blue arms
    /// and `c` on the centre squares 25, 30, 35 (whose values repeat
    /// elsewhere or belong to all three routes), or `start` / `end`.
    pub name: &'static str,
}

/// Where all four pieces begin.
pub const START: SquareId = 0;
/// The outer square 10, first blue corner.
pub const OUTER_10: SquareId = 5;
/// The outer square 20, second blue corner.
pub const OUTER_20: SquareId = 10;
/// The outer square 30, third blue corner.
pub const OUTER_30: SquareId = 15;
/// 40: shared by the outer path and the centre route.
pub const FORTY: SquareId = 20;
/// The centre square 25, where the three blue arms meet.
pub const CENTRE_25: SquareId = 29;
/// The end: takes any number of finished pieces, scores 0.
pub const END: SquareId = 32;
/// Number of squares, start and end included.
pub const SQUARES: usize = 33;

const fn square(value: u8, next: SquareId, name: &'static str) -> Square {
    Square {
        value,
        next,
        blue: None,
        name,
    }
}

const fn corner(value: u8, next: SquareId, blue: SquareId, name: &'static str) -> Square {
    Square {
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
pub const BOARD: [Square; SQUARES] = [
    // Outer path, start then 2..=38; each square leads to the next id.
    square(0, 1, "start"),
    square(2, 2, "2"),
    square(4, 3, "4"),
    square(6, 4, "6"),
    square(8, 5, "8"),
    corner(10, 6, 21, "10"),
    square(12, 7, "12"),
    square(14, 8, "14"),
    square(16, 9, "16"),
    square(18, 10, "18"),
    corner(20, 11, 24, "20"),
    square(22, 12, "22"),
    square(24, 13, "24"),
    square(26, 14, "26"),
    square(28, 15, "28"),
    corner(30, 16, 26, "30"),
    square(32, 17, "32"),
    square(34, 18, "34"),
    square(36, 19, "36"),
    square(38, FORTY, "38"),
    // 40, reached from 38 and from the centre's 35.
    square(40, END, "40"),
    // Blue arm from 10.
    square(13, 22, "13b"),
    square(16, 23, "16b"),
    square(19, CENTRE_25, "19b"),
    // Blue arm from 20.
    square(22, 25, "22b"),
    square(24, CENTRE_25, "24b"),
    // Blue arm from 30.
    square(28, 27, "28b"),
    square(27, 28, "27b"),
    square(26, CENTRE_25, "26b"),
    // Centre, shared by the three arms, into the outer 40.
    square(25, 30, "25c"),
    square(30, 31, "30c"),
    square(35, FORTY, "35c"),
    // End.
    square(0, END, "end"),
];

/// Most moves one piece can make from start to end: along the outer path
/// one square a move, stepping over 10 and 20 with a 2, then the whole arm
/// from 30 (a unit test computes it from [`BOARD`]).
pub const LONGEST_ROUTE: usize = 21;
/// Dice beyond this many are never used: each turn moves some piece at least
/// one square, and four pieces need at most `4 × LONGEST_ROUTE` moves to
/// finish.
pub const MAX_USEFUL_DICE: usize = 4 * LONGEST_ROUTE;

/// `DEST[square][die]`: where a piece starting on `square` stops after
/// `die` steps.
const DEST: [[SquareId; 6]; SQUARES] = build_destinations();

const fn build_destinations() -> [[SquareId; 6]; SQUARES] {
    let mut table = [[END; 6]; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut die = 0;
        while die <= 5 {
            table[from][die] = walk_const(from as SquareId, die as u8);
            die += 1;
        }
        from += 1;
    }
    table
}

/// The rule in one place: the first step follows the blue route when the
/// move starts on a blue corner; every other step follows `next`; reaching
/// the end stops the piece.
const fn walk_const(from: SquareId, die: u8) -> SquareId {
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
/// use boardsolve_core::puzzles::yut::{destination, BOARD, OUTER_10, END};
/// // A move that starts on the blue corner 10 takes the blue route.
/// assert_eq!(BOARD[destination(OUTER_10, 3) as usize].name, "19b");
/// // 38 plus 2 passes 40 and finishes.
/// assert_eq!(destination(19, 2), END);
/// ```
///
/// # Panics
/// If `from` is not a square id or `die` is above 5.
pub fn destination(from: SquareId, die: u8) -> SquareId {
    DEST[from as usize][die as usize]
}

/// Every square a piece passes through moving `die` from `from`, the
/// landing square last (used to draw routes).
pub fn path(from: SquareId, die: u8) -> Vec<SquareId> {
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

/// Four positions, sorted so that interchangeable pieces give one key;
/// finished pieces ([`END`], the largest id) sort last.
pub(super) type Pieces = [SquareId; 4];

pub(super) fn sorted(p: Pieces) -> Pieces {
    sort4(p[0], p[1], p[2], p[3])
}

/// `pieces` with piece `i` moved to `to`, sorted again.
#[inline]
pub(super) fn moved(pieces: Pieces, i: usize, to: SquareId) -> Pieces {
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
