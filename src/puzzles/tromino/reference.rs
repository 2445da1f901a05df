//! The plain references, written apart from the fast code: a literal
//! simulation of the placement order of docs/tromino.md that can make one
//! classic mistake on purpose (for `stress --diagnose`), and an exhaustive
//! tileability search.

use super::Tromino;
use super::{Format, Instance};
use crate::puzzles::Error;
use crate::puzzles::Reference;
use std::io::Write;

crate::mistakes! {
    /// The quadrants are solved top-left, top-right, bottom-right,
    /// bottom-left (clockwise) instead of top-left, top-right, bottom-left,
    /// bottom-right.
    ClockwiseQuadrants = "clockwise-quadrants" => "the quadrants are solved clockwise (top-left, top-right, bottom-right, bottom-left)",
    /// The centre tromino is numbered after the four quadrants.
    CentreLast = "centre-last" => "the centre tromino is numbered after the four quadrants",
}

/// Writes the placement-order board of `instance` as judge text (the hole
/// as `format` writes it), by literal simulation, or made with `mistake`.
/// Slow (a label a `u64`, formatted one by one); for small boards.
///
/// ```
/// use boardsolve::puzzles::tromino::{reference, Format, Instance};
/// let mut out = Vec::new();
/// reference::answer(&Instance { n: 2, row: 1, col: 0 }, Format::Boj, None, &mut out).unwrap();
/// assert_eq!(out, b"1 1\n-1 1\n");
/// ```
///
/// # Errors
/// [`Error::Usage`] when the side is not a power of two (the placement
/// order is defined only there), [`Error::Io`] when writing fails.
pub fn answer(
    instance: &Instance,
    format: Format,
    mistake: Option<Mistake>,
    out: &mut dyn Write,
) -> Result<(), Error> {
    if !instance.n.is_power_of_two() {
        return Err(Error::Usage(
            "the placement order needs a power-of-two side".into(),
        ));
    }
    let (n, row, col) = (
        instance.n as usize,
        instance.row as usize,
        instance.col as usize,
    );
    let rules = Simulation {
        n,
        order: match mistake {
            Some(Mistake::ClockwiseQuadrants) => [0, 1, 3, 2],
            _ => [0, 1, 2, 3],
        },
        centre_first: mistake != Some(Mistake::CentreLast),
    };
    let mut grid = vec![u64::MAX; n * n];
    grid[row * n + col] = 0;
    let mut counter = 0;
    solve(&mut grid, &rules, (0, 0), n, (row, col), &mut counter);
    for line in grid.chunks(n) {
        let cells: Vec<String> = line
            .iter()
            .map(|&v| {
                if v == 0 {
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
/// numbered before them when `centre_first`, after them otherwise.
struct Simulation {
    n: usize,
    order: [usize; 4],
    centre_first: bool,
}

/// Tiles the square at `corner` of side `size` whose one covered cell is `hole`.
fn solve(
    grid: &mut [u64],
    rules: &Simulation,
    corner: (usize, usize),
    size: usize,
    hole: (usize, usize),
    counter: &mut u64,
) {
    let n = rules.n;
    if size < 2 {
        return;
    }
    let (top, left) = corner;
    let half = size / 2;
    let quadrant_of =
        |(r, c): (usize, usize)| usize::from(r >= top + half) * 2 + usize::from(c >= left + half);
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
    let place_centre = |grid: &mut [u64], counter: &mut u64| {
        *counter += 1;
        for (q, &(r, c)) in centre.iter().enumerate() {
            if q != holed && size > 2 || size == 2 && (r, c) != hole {
                grid[r * n + c] = *counter;
            }
        }
    };
    if size == 2 {
        place_centre(grid, counter);
        return;
    }
    if rules.centre_first {
        place_centre(grid, counter);
    }
    for q in rules.order {
        let sub_hole = if q == holed { hole } else { centre[q] };
        solve(grid, rules, corners[q], half, sub_hole, counter);
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
