//! The fast exact solver: a memoized search on (turn, the four positions
//! as a sorted multiset).

use super::board::{
    BOARD, END, MAX_USEFUL_DICE, Pieces, START, SquareId, destination, moved, sorted,
};
use rustc_hash::FxHashMap;

/// What one search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// The distinct (turn, positions) states the search solved.
    pub states: usize,
}

fn check_dice(dice: &[u8]) {
    assert!(
        dice.iter().all(|d| (1..=5).contains(d)),
        "every die must be 1..=5"
    );
}

/// The memoized search; keeps its table so the optimal line can be read
/// back from it.
pub(super) struct Memo<'d> {
    dice: &'d [u8],
    /// (turn << 24 | four 6-bit square ids) → best score from there on.
    table: FxHashMap<u32, u16>,
}

impl<'d> Memo<'d> {
    pub(super) fn new(dice: &'d [u8]) -> Self {
        check_dice(dice);
        Memo {
            dice,
            table: FxHashMap::with_capacity_and_hasher(256, rustc_hash::FxBuildHasher),
        }
    }

    /// The best score still to come at `turn` with `pieces` (sorted).
    pub(super) fn best(&mut self, turn: usize, pieces: Pieces) -> u16 {
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
                // Another piece on the same square (only start allows that)
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
/// use boardsolve_core::puzzles::yut::answer;
/// assert_eq!(answer(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2]), 190);
/// ```
///
/// # Panics
/// If a die is outside 1..=5.
pub fn answer(dice: &[u8]) -> u32 {
    answer_with_stats(dice).0
}

/// [`answer`] and what the search did to find it.
///
/// # Panics
/// If a die is outside 1..=5.
pub fn answer_with_stats(dice: &[u8]) -> (u32, Stats) {
    let mut memo = Memo::new(dice);
    let best = memo.best(0, [START; 4]);
    let stats = Stats {
        states: memo.table.len(),
    };
    (u32::from(best), stats)
}

/// One choice of the player at a turn: where the chosen piece lands, the
/// points of that square, and the most points still to come from this
/// turn on if it is chosen (its points included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The square the piece lands on.
    pub to: SquareId,
    /// The points of that square.
    pub score: u32,
    /// `score` plus the best of every turn after this one.
    pub best: u32,
}

/// Whether `pieces` (any order) is a position of the game: ids on the
/// board, and no two unfinished pieces on one square but the start.
fn is_position(pieces: [SquareId; 4]) -> bool {
    pieces.iter().all(|&p| usize::from(p) < BOARD.len())
        && (0..4).all(|i| {
            (i + 1..4).all(|j| pieces[i] != pieces[j] || pieces[i] == START || pieces[i] == END)
        })
}

/// The most points still to come when `turn` dice of `dice` are used and
/// the pieces stand on `pieces` (any order): the coach's "best still
/// reachable". `None` if that is no position of the game or `turn` is
/// past the dice.
///
/// # Panics
/// If a die is outside 1..=5.
pub fn best_from(dice: &[u8], turn: usize, pieces: [SquareId; 4]) -> Option<u32> {
    if turn > dice.len() || !is_position(pieces) {
        return None;
    }
    Some(u32::from(Memo::new(dice).best(turn, sorted(pieces))))
}

/// For each of the four pieces (in the order given), what choosing it
/// for die `turn` gives: `None` for a piece that cannot move (finished,
/// or landing on another piece). `None` as a whole under the conditions of
/// [`best_from`], or when every die is used.
///
/// # Panics
/// If a die is outside 1..=5.
pub fn choices(dice: &[u8], turn: usize, pieces: [SquareId; 4]) -> Option<[Option<Choice>; 4]> {
    if turn >= dice.len() || !is_position(pieces) {
        return None;
    }
    let mut memo = Memo::new(dice);
    let die = dice[turn];
    let mut out = [None; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        let from = pieces[i];
        if from == END {
            continue;
        }
        let to = destination(from, die);
        let mut others = (0..4).filter(|&j| j != i).map(|j| pieces[j]);
        if to != END && others.any(|p| p == to) {
            continue;
        }
        let score = u32::from(BOARD[to as usize].value);
        let after = memo.best(turn + 1, moved(sorted(pieces), sorted_index(pieces, i), to));
        *slot = Some(Choice {
            to,
            score,
            best: score + u32::from(after),
        });
    }
    Some(out)
}

/// Where piece `i` of `pieces` sits once they are sorted (any one of the
/// equal ones: they lead to the same child).
fn sorted_index(pieces: [SquareId; 4], i: usize) -> usize {
    let s = sorted(pieces);
    s.iter().position(|&p| p == pieces[i]).unwrap_or(0)
}
