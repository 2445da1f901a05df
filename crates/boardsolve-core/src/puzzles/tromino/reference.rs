//! The plain references, written apart from the fast code: a literal
//! simulation of the placement order of docs/tromino.md that can make one
//! classic mistake on purpose (for `stress --diagnose`), and an exhaustive
//! tileability search.

use super::parse::Instance;
use super::variant::{Format, Tromino};
use crate::puzzles::error::Error;
use crate::puzzles::refusal::Refusal;
use crate::puzzles::rules::Reference;
use std::io::Write;

crate::mistakes! {
    /// The quadrants are solved top-left, top-right, bottom-right,
    /// bottom-left (clockwise) instead of top-left, top-right, bottom-left,
    /// bottom-right.
    ClockwiseQuadrants = "clockwise-quadrants" => "the quadrants are solved clockwise (top-left, top-right, bottom-right, bottom-left)",
    /// The centre tromino is numbered after the four quadrants.
    CentreLast = "centre-last" => "the centre tromino is numbered after the four quadrants",
    /// The hole's row is counted from the other edge: BOJ's y from the top
    /// instead of the bottom (the own format's row from the bottom). The
    /// hole lands on the mirrored row, which is never its own.
    YFromTop = "y-from-top" => "the hole's row is counted from the wrong edge (BOJ: y from the top instead of the bottom)",
    /// The hole's two coordinates are exchanged: BOJ's `x y` read as
    /// `y x` (the own format's row and column exchanged).
    XySwapped = "xy-swapped" => "the hole's two coordinates are swapped (BOJ: x read as y and y as x)",
    /// BOJ's `x y` taken for the row from the top and the column, as a
    /// program indexing `board[x][y]` does: the hole lands a quarter turn
    /// away, never on itself. (The own format has no x and y: there it is
    /// `xy-swapped`, which the diagnosis names first.)
    XAsRow = "x-as-row" => "BOJ's x is taken for the row from the top and y for the column",
    /// Trominoes are numbered from 0: the first placed, the whole
    /// board's centre, gets 0, which BOJ does not accept (and which is
    /// the own format's hole). Never placing that tromino gives the very
    /// same board.
    LabelsFromZero = "labels-from-zero" => "the trominoes are numbered from 0 instead of 1 (or, the same board, the whole board's centre tromino is never placed)",
    /// The recursion stops at 2×2 squares (`size == 2` taken for the base
    /// case) without placing their trominoes: three cells of every 2×2
    /// square of the last level stay 0.
    StopsAtTwo = "stops-at-two" => "the recursion stops at 2×2 squares without placing their trominoes (their cells are left 0)",
    /// The hole's quadrant is decided with `<=` where `<` belongs at the
    /// middle: a hole on the first row or column of a lower or right half
    /// is taken for one of the upper or left half, at every level
    /// (2×2 squares too), so the tromino lands on the hole and leaves
    /// another cell empty.
    QuadrantOffByOne = "quadrant-off-by-one" => "the hole's quadrant is decided with <= at the middle: a hole on the first row or column past the middle is taken for one before it",
    /// Each tromino is numbered by its recursion depth (1 for the whole
    /// board's centre, 2 for its quadrants' centres, ...): the trominoes of
    /// a level share a number.
    LabelsByDepth = "labels-by-depth" => "each tromino is numbered by its recursion depth, so the trominoes of one level share a number",
    /// The hole is never marked: it is printed 0, where BOJ asks for -1
    /// (the own format's hole is 0 anyway, so it is not killable there).
    HoleUnmarked = "hole-unmarked" => "the hole is never marked and is printed 0 (BOJ asks for -1)",
    /// The hole's -1 is written through a flat index that leaves out the
    /// row (`board[col]`), on the first row: a tromino covers the mark and
    /// the hole prints 0, unless the hole is on the first row.
    HoleMarkRowDropped = "hole-mark-row-dropped" => "the hole's -1 is written through a flat index without the row (board[col]), so it lands on the first row and the hole is printed 0",
    /// The hole's -1 is written through a flat index that leaves out the
    /// column (`board[row * n]`), on the first column: a tromino covers
    /// the mark and the hole prints 0, unless the hole is on the first
    /// column.
    HoleMarkColumnDropped = "hole-mark-column-dropped" => "the hole's -1 is written through a flat index without the column (board[row * n]), so it lands on the first column and the hole is printed 0",
}

/// Writes the placement-order board of `instance` as judge text (the hole
/// as `format` writes it), by literal simulation, or made with `mistake`.
/// Slow (a label a `i64`, formatted one by one); for small boards.
///
/// The simulation is what a contestant writes: a board of zeros, the hole
/// marked -1, then at every square of side 2 or more one tromino on the
/// cells next to the centre in the three quadrants without the hole, and
/// the quadrants in turn down to side 1. A mistake can leave cells 0 or
/// write over the hole; the board is printed as it stands, -1 as the
/// format's hole.
///
/// ```
/// use boardsolve_core::puzzles::tromino::{reference, Format, Instance};
/// let mut out = Vec::new();
/// reference::answer(&Instance { n: 2, row: 1, col: 0 }, Format::Boj, None, &mut out).unwrap();
/// assert_eq!(out, b"1 1\n-1 1\n");
/// ```
///
/// # Errors
/// [`Error::Refused`] when the side is not a power of two (the placement
/// order is defined only there), [`Error::Io`] when writing fails.
pub fn answer(
    instance: &Instance,
    format: Format,
    mistake: Option<Mistake>,
    out: &mut dyn Write,
) -> Result<(), Error> {
    if !instance.n.is_power_of_two() {
        return Err(Refusal::PlacementOrder.into());
    }
    let (n, row, col) = (
        instance.n as usize,
        instance.row as usize,
        instance.col as usize,
    );
    // The hole where the program believes it is. In BOJ's format
    // x = col + 1 and y = n - row.
    let hole = match (mistake, format) {
        (Some(Mistake::YFromTop), _) => (n - 1 - row, col),
        // BOJ: row n - x, column y - 1.
        (Some(Mistake::XySwapped), Format::Boj) => (n - 1 - col, n - 1 - row),
        (Some(Mistake::XySwapped | Mistake::XAsRow), Format::Plain) => (col, row),
        // BOJ: row x - 1, column y - 1.
        (Some(Mistake::XAsRow), Format::Boj) => (col, n - 1 - row),
        _ => (row, col),
    };
    let rules = Simulation {
        n,
        order: match mistake {
            Some(Mistake::ClockwiseQuadrants) => [0, 1, 3, 2],
            _ => [0, 1, 2, 3],
        },
        centre_first: mistake != Some(Mistake::CentreLast),
        mistake,
    };
    let mut grid = vec![0i64; n * n];
    // Where the program writes the hole's -1: the simulation covers every
    // other cell, so a mark elsewhere leaves the hole 0.
    let mark = match mistake {
        Some(Mistake::HoleUnmarked) => None,
        Some(Mistake::HoleMarkRowDropped) => Some(hole.1),
        Some(Mistake::HoleMarkColumnDropped) => Some(hole.0 * n),
        _ => Some(hole.0 * n + hole.1),
    };
    if let Some(index) = mark {
        grid[index] = -1;
    }
    let mut counter = 0;
    solve(&mut grid, &rules, (0, 0), n, hole, 0, &mut counter);
    for line in grid.chunks(n) {
        let cells: Vec<String> = line
            .iter()
            .map(|&v| {
                if v == -1 {
                    format.hole().to_string()
                } else {
                    v.to_string()
                }
            })
            .collect();
        writeln!(out, "{}", cells.join(" "))?;
    }
    Ok(())
}

/// The rules of one simulation: quadrants (0 top-left, 1 top-right,
/// 2 bottom-left, 3 bottom-right) solved in `order`, the centre tromino
/// numbered before them when `centre_first`, after them otherwise, and
/// the mistake that decides the rest.
struct Simulation {
    n: usize,
    order: [usize; 4],
    centre_first: bool,
    mistake: Option<Mistake>,
}

/// Tiles the square at `corner` of side `size`, at recursion `depth`,
/// whose one covered cell is `hole` (as the program believes: with a
/// mistake it may lie outside the square).
fn solve(
    grid: &mut [i64],
    rules: &Simulation,
    corner: (usize, usize),
    size: usize,
    hole: (usize, usize),
    depth: i64,
    counter: &mut i64,
) {
    let n = rules.n;
    if size < 2 || size == 2 && rules.mistake == Some(Mistake::StopsAtTwo) {
        return;
    }
    let (top, left) = corner;
    let half = size / 2;
    let past = |x: usize, middle: usize| {
        if rules.mistake == Some(Mistake::QuadrantOffByOne) {
            x > middle
        } else {
            x >= middle
        }
    };
    let quadrant_of = |(r, c): (usize, usize)| {
        usize::from(past(r, top + half)) * 2 + usize::from(past(c, left + half))
    };
    let corners = [
        (top, left),
        (top, left + half),
        (top + half, left),
        (top + half, left + half),
    ];
    let centre = [
        (top + half - 1, left + half - 1),
        (top + half - 1, left + half),
        (top + half, left + half - 1),
        (top + half, left + half),
    ];
    let holed = quadrant_of(hole);
    let place_centre = |grid: &mut [i64], counter: &mut i64| {
        *counter += 1;
        let label = match rules.mistake {
            Some(Mistake::LabelsByDepth) => depth + 1,
            Some(Mistake::LabelsFromZero) => *counter - 1,
            _ => *counter,
        };
        for (q, &(r, c)) in centre.iter().enumerate() {
            if q != holed {
                grid[r * n + c] = label;
            }
        }
    };
    if rules.centre_first {
        place_centre(grid, counter);
    }
    for &q in &rules.order {
        let sub_hole = if q == holed { hole } else { centre[q] };
        solve(grid, rules, corners[q], half, sub_hole, depth + 1, counter);
    }
    if !rules.centre_first {
        place_centre(grid, counter);
    }
}

/// Whether the n×n board minus (`row`, `col`) has any L-tromino tiling, by
/// trying every tromino on the lowest-numbered free cell (column-major here,
/// unlike the constructive search) and backtracking. Exponential; small `n`.
pub fn tileable(n: usize, row: usize, col: usize) -> bool {
    let mut free = vec![vec![true; n]; n];
    free[row][col] = false;
    if !(n * n - 1).is_multiple_of(3) {
        return false;
    }
    cover(&mut free, n)
}

fn cover(free: &mut [Vec<bool>], n: usize) -> bool {
    let Some((r, c)) = (0..n)
        .flat_map(|c| (0..n).map(move |r| (r, c)))
        .find(|&(r, c)| free[r][c])
    else {
        return true;
    };
    // Every L containing (r, c) as its first free cell in column-major order:
    // the 2×2 boxes with (r, c) in their left column.
    let candidates: [[(isize, isize); 3]; 4] = [
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 1)],
        [(0, 0), (0, 1), (-1, 1)],
    ];
    for shape in candidates {
        let cells: Vec<(usize, usize)> = shape
            .iter()
            .map(|&(dr, dc)| (r as isize + dr, c as isize + dc))
            .filter(|&(a, b)| a >= 0 && b >= 0 && (a as usize) < n && (b as usize) < n)
            .map(|(a, b)| (a as usize, b as usize))
            .collect();
        if cells.len() == 3 && cells.iter().all(|&(a, b)| free[a][b]) {
            for &(a, b) in &cells {
                free[a][b] = false;
            }
            if cover(free, n) {
                return true;
            }
            for &(a, b) in &cells {
                free[a][b] = true;
            }
        }
    }
    false
}

impl Reference for Tromino {
    type Mistake = Mistake;

    fn reference(&self, instance: &Instance, mistake: Option<Mistake>) -> Result<String, Error> {
        let mut text = Vec::new();
        answer(instance, self.format, mistake, &mut text)?;
        Ok(String::from_utf8_lossy(&text).into_owned())
    }
}
