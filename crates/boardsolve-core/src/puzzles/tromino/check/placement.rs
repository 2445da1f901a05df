//! One row of the placement order at a time, for a checker that reads
//! the answer row by row: the board's labels would be 4 bytes a cell.

use crate::puzzles::tromino::order::tile_count;

/// Writes row `r` of the placement-order board of side `n` (a power of
/// two) with its hole at `hole` into `out` (`n` labels, the hole 0), as
/// [`order::placement_order`](crate::puzzles::tromino::order::placement_order)
/// would have it. Visits only the squares of the recursion that meet the
/// row, about `2n` of them.
pub(super) fn placement_row(n: usize, hole: (usize, usize), r: usize, out: &mut [u32]) {
    debug_assert!(n.is_power_of_two() && out.len() == n && r < n);
    descend(
        r,
        Square {
            top: 0,
            left: 0,
            side: n,
            hole,
            hole_label: 0,
            base: 1,
        },
        out,
    );
}

/// A square of the recursion: its first tromino's label `base`, and its
/// hole (the board's, or a corner covered by a larger square's centre
/// tromino, labelled `hole_label`).
#[derive(Clone, Copy)]
struct Square {
    top: usize,
    left: usize,
    side: usize,
    hole: (usize, usize),
    hole_label: u32,
    base: u64,
}

fn descend(r: usize, s: Square, out: &mut [u32]) {
    let Square {
        top,
        left,
        side,
        hole,
        hole_label,
        base,
    } = s;
    if side == 1 {
        out[left] = hole_label;
        return;
    }
    if side == 2 {
        for (c, label) in (left..).zip(&mut out[left..left + 2]) {
            *label = if (r, c) == hole {
                hole_label
            } else {
                base as u32
            };
        }
        return;
    }
    let h = side / 2;
    let hole_q = usize::from(hole.0 >= top + h) * 2 + usize::from(hole.1 >= left + h);
    let half = usize::from(r >= top + h);
    for right in 0..2 {
        let q = half * 2 + right;
        // The centre tromino covers the corner of every quadrant but the
        // one holding the hole.
        let (hole, hole_label) = if q == hole_q {
            (hole, hole_label)
        } else {
            ((top + h - 1 + half, left + h - 1 + right), base as u32)
        };
        let child = Square {
            top: top + h * half,
            left: left + h * right,
            side: h,
            hole,
            hole_label,
            base: base + 1 + q as u64 * tile_count(h as u64),
        };
        descend(r, child, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tromino::order::placement_order;

    #[test]
    fn rows_are_the_rows_of_the_board() {
        for k in 0..=5 {
            let n = 1usize << k;
            for (hr, hc) in [(0, 0), (n - 1, n / 2), (n / 3, n - 1), (n / 2, n / 2)] {
                let board = placement_order(n, hr, hc);
                let mut row = vec![u32::MAX; n];
                for r in 0..n {
                    placement_row(n, (hr, hc), r, &mut row);
                    assert_eq!(
                        row,
                        board[r * n..(r + 1) * n],
                        "n {n}, hole ({hr}, {hc}), row {r}"
                    );
                }
            }
        }
    }
}
