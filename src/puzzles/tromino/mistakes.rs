//! Reference tilings that each make one classic mistake, for `stress
//! --diagnose`: a literal simulation of SPEC.md §3 with one rule changed.

/// One classic mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The quadrants are solved top-left, top-right, bottom-right,
    /// bottom-left (clockwise) instead of top-left, top-right, bottom-left,
    /// bottom-right.
    ClockwiseQuadrants,
    /// The centre tromino is numbered after the four quadrants.
    CentreLast,
}

impl Mistake {
    /// All of them, in the order a diagnosis tries them.
    pub const ALL: [Mistake; 2] = [Mistake::ClockwiseQuadrants, Mistake::CentreLast];

    /// Completes "your program behaves as if ...".
    pub fn description(self) -> &'static str {
        match self {
            Mistake::ClockwiseQuadrants => {
                "the quadrants are solved clockwise (top-left, top-right, bottom-right, bottom-left)"
            }
            Mistake::CentreLast => "the centre tromino is numbered after the four quadrants",
        }
    }
}

/// The numbered board (hole 0), row after row, made with `mistake`; `n` a
/// power of two.
pub fn tiling(n: usize, row: usize, col: usize, mistake: Mistake) -> Vec<u64> {
    match mistake {
        Mistake::ClockwiseQuadrants => simulate(n, row, col, [0, 1, 3, 2], true),
        Mistake::CentreLast => simulate(n, row, col, [0, 1, 2, 3], false),
    }
}

/// The simulation: quadrants (0 top-left, 1 top-right, 2 bottom-left,
/// 3 bottom-right) solved in `order`, the centre tromino numbered before
/// them when `centre_first`, after them otherwise.
fn simulate(n: usize, row: usize, col: usize, order: [usize; 4], centre_first: bool) -> Vec<u64> {
    let mut grid = vec![u64::MAX; n * n];
    grid[row * n + col] = 0;
    let mut counter = 0;
    let rules = Rules {
        n,
        order,
        centre_first,
    };
    solve(&mut grid, &rules, (0, 0), n, (row, col), &mut counter);
    grid
}

struct Rules {
    n: usize,
    order: [usize; 4],
    centre_first: bool,
}

/// Tiles the square at `corner` of side `size` whose one covered cell is `hole`.
fn solve(
    grid: &mut [u64],
    rules: &Rules,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tromino::{HoleMark, Instance, check_output, order};
    use crate::text::Verdict;

    fn text(n: usize, labels: &[u64]) -> String {
        labels
            .chunks(n)
            .map(|r| {
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect()
    }

    #[test]
    fn without_a_mistake_the_simulation_is_the_placement_order() {
        for n in [1, 2, 4, 8, 16] {
            for (row, col) in [(0, 0), (n - 1, 0), (n / 2, n / 2), (n - 1, n - 1)] {
                let plain = simulate(n, row, col, [0, 1, 2, 3], true);
                let real: Vec<u64> = order::placement_order(n, row, col)
                    .into_iter()
                    .map(u64::from)
                    .collect();
                assert_eq!(plain, real, "n {n} hole ({row}, {col})");
            }
        }
    }

    #[test]
    fn mistakes_give_valid_tilings_in_another_order() {
        for mistake in Mistake::ALL {
            for n in [4usize, 8] {
                for (row, col) in [(0, 0), (3, 1), (n - 1, n - 2)] {
                    let labels = tiling(n, row, col, mistake);
                    let instance = Instance {
                        n: n as u32,
                        row: row as u32,
                        col: col as u32,
                    };
                    let out = text(n, &labels);
                    assert_eq!(
                        check_output(&instance, out.as_bytes(), HoleMark::Zero, false),
                        Verdict::Correct
                    );
                    assert_ne!(
                        check_output(&instance, out.as_bytes(), HoleMark::Zero, true),
                        Verdict::Correct
                    );
                }
            }
        }
    }
}
