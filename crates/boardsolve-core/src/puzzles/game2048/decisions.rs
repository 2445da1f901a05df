//! The catalogue's mistakes that change one decision point of the plain
//! reference rather than a whole step: which directions are tried, which
//! cells a move's lines are (the cell formula), where the largest block
//! is read, and when a move may be made again in the next step. Each
//! such mistake is a [`Change`] of its point, so that the reference has
//! one hook a point, parametrised, instead of one branch a mistake: the
//! mutants of its code that real programs resemble, named.

/// One decision point of the reference, changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Change {
    /// The direction (0 up, 1 down, 2 left, 3 right) is never tried. The
    /// answers are those of a direction made as another (the search then
    /// tries that other move twice) and of a move whose cells all fall on
    /// the line's first cell, which empties the board.
    NeverMade(usize),
    /// A move in the direction reads every line from the direction's
    /// first one (the line's index left out of the cell formula) and
    /// writes it there: the first line moves, the rest is cleared.
    FirstLineOnly(usize),
    /// The largest block is read from a part of the board only.
    Largest(Region),
    /// A move is not made again in the next step when one of its merged
    /// blocks equals the block after it (away from the wall): a pruning of
    /// repeats with its condition wrong. A repeat changes the board only
    /// where a merged block equals a neighbour (a line closed up with no
    /// merge has no equal neighbours), so this forbids repeats that merge.
    NoRepeatIfMergedEqualsNext,
}

/// The part of the board a mistaken max loop reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Region {
    /// The first cell (top left).
    FirstCell,
    /// The first rows, this many.
    TopRows(usize),
    /// Every row but the last.
    AllButLastRow,
    /// Every column but the last.
    AllButLastColumn,
}

/// The largest block of the `n`×`n` `board` within `region`.
pub(super) fn largest(n: usize, board: &[u128], region: Region) -> u128 {
    let inside = |c: usize| match region {
        Region::FirstCell => c == 0,
        Region::TopRows(rows) => c / n < rows,
        Region::AllButLastRow => c / n + 1 < n,
        Region::AllButLastColumn => c % n + 1 < n,
    };
    board
        .iter()
        .enumerate()
        .filter(|&(c, _)| inside(c))
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0)
}

/// Whether a move in `dir` leaves some merged block equal to the block
/// after it in its line (away from the wall).
pub(super) fn merged_equals_next(n: usize, board: &[u128], dir: usize) -> bool {
    let mut moved: Vec<(u128, bool)> = Vec::with_capacity(n);
    for i in 0..n {
        moved.clear();
        let mut from_wall = (0..n)
            .map(|k| board[cell(n, dir, i, k)])
            .filter(|&v| v != 0)
            .peekable();
        while let Some(v) = from_wall.next() {
            let merged = from_wall.next_if_eq(&v).is_some();
            moved.push((if merged { 2 * v } else { v }, merged));
        }
        if moved.windows(2).any(|w| w[0].1 && w[1].0 == w[0].0) {
            return true;
        }
    }
    false
}

/// The `k`-th cell of line `i` for a move in `dir`, counted from the wall.
pub(super) fn cell(n: usize, dir: usize, i: usize, k: usize) -> usize {
    match dir {
        0 => k * n + i,
        1 => (n - 1 - k) * n + i,
        2 => i * n + k,
        _ => i * n + (n - 1 - k),
    }
}
