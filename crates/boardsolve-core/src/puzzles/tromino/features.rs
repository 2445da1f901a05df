//! The rule features of a case (`Rules::features`): where the hole stands
//! on the board and in the recursion's first split, each an exact fact of
//! the instance, worded to complete "on every failing case, ...".

use super::parse::Instance;
use super::variant::Format;

/// The features of `instance` in `format`, in a fixed order. Quadrants
/// and halves are those of the recursion's first split, so they are named
/// only on power-of-two boards of side 4 or more (on a 2×2 board every
/// quadrant is one cell).
///
/// ```
/// use boardsolve_core::puzzles::tromino::{features, Format, Instance};
/// let f = features(&Instance { n: 8, row: 4, col: 3 }, Format::Plain);
/// assert!(f.contains(&"the hole is next to the centre"));
/// assert!(f.contains(&"the hole is in the bottom-left quadrant"));
/// assert!(!f.contains(&"the hole is on an edge of the board"));
/// ```
pub fn features(instance: &Instance, format: Format) -> Vec<&'static str> {
    let Instance { n, row, col } = *instance;
    let mut found = Vec::new();
    if n == 2 {
        found.push("the board is 2×2");
    }
    if n > 2 {
        found.push("the board is larger than 2×2");
    }
    let edge = |x: u32| x == 0 || x == n - 1;
    if n > 1 && edge(row) && edge(col) {
        found.push("the hole is in a corner of the board");
    }
    if n > 1 && (edge(row) || edge(col)) {
        found.push("the hole is on an edge of the board");
    }
    if n > 1 && row != col && format == Format::Plain {
        found.push("the hole's row and column differ");
    }
    // BOJ's x = col + 1 and y = n - row.
    if n > 1 && col + 1 != n - row && format == Format::Boj {
        found.push("x and y differ");
    }
    if n.is_power_of_two() && n >= 4 {
        let half = n / 2;
        let middle = |x: u32| x == half - 1 || x == half;
        if middle(row) && middle(col) {
            found.push("the hole is next to the centre");
        }
        if middle(row) || middle(col) {
            found.push("the hole is on the border between quadrants");
        }
        let quadrant_edge = |x: u32| x.is_multiple_of(half) || x % half == half - 1;
        if quadrant_edge(row) && quadrant_edge(col) {
            found.push("the hole is in a corner of its quadrant");
        }
        found.push(match (row >= half, col >= half) {
            (false, false) => "the hole is in the top-left quadrant",
            (false, true) => "the hole is in the top-right quadrant",
            (true, false) => "the hole is in the bottom-left quadrant",
            (true, true) => "the hole is in the bottom-right quadrant",
        });
        found.push(if row >= half {
            "the hole is in the bottom half"
        } else {
            "the hole is in the top half"
        });
        found.push(if col >= half {
            "the hole is in the right half"
        } else {
            "the hole is in the left half"
        });
    }
    found
}
