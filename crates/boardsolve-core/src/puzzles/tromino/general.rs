//! A constructive tiler for every deficient n×n board with 3 ∤ n (except the
//! five-by-five holes that cannot be tiled).
//!
//! Construction, by the side `m` of the square still to tile (it always
//! contains the hole):
//! - `m` a power of two: the placement order of docs/tromino.md;
//! - `m` ∈ {5, 7, 10, 11}: the first tiling of a row-major backtracking search
//!   (it always answers in well under a millisecond; the tests run every hole);
//! - otherwise `m ≥ 13`: the `m − 6` square is put in the corner holding the
//!   hole (possible because `m − 6 ≥ 7 > 6`: the hole is in the first `m − 6`
//!   rows or in the last `m − 6`, likewise for columns). The rest is a
//!   6-row band across the whole width and a 6-column strip beside the inner
//!   square. A 6×k strip is tiled by 3×2 blocks when k is even, and by one
//!   5×6 block (a fixed tiling found by search) plus 3×2 blocks when k is
//!   odd; k ≥ 5 always holds. Then the inner square is tiled the same way.
//!
//! Numbering: trominoes are numbered from 1 in the order this construction
//! lays them: the band (left to right, a 3×2 block's upper tromino first),
//! then the strip (top to bottom), then the inner square, recursively. On a
//! power-of-two board this is exactly the placement order.

use super::order;
use std::sync::OnceLock;

/// Why a deficient board cannot be tiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Untileable {
    /// 3 divides n, so n² − 1 cells is not a multiple of 3.
    DivisibleByThree,
    /// A 5×5 board whose hole is not at an even row and an even column.
    ///
    /// Colour the nine cells with both coordinates even: no tromino covers
    /// two of them, and 8 trominoes cannot cover 9; exhaustive search shows
    /// the other nine holes are all tileable.
    FiveByFiveHole,
}

/// Whether the n×n board with its hole at `row`, `col` can be tiled.
///
/// ```
/// use boardsolve_core::puzzles::tromino::general::{tileability, Untileable};
/// assert_eq!(tileability(7, 3, 3), Ok(()));
/// assert_eq!(tileability(6, 0, 0), Err(Untileable::DivisibleByThree));
/// assert_eq!(tileability(5, 0, 1), Err(Untileable::FiveByFiveHole));
/// ```
///
/// # Errors
/// The reason it cannot.
pub fn tileability(n: usize, row: usize, col: usize) -> Result<(), Untileable> {
    if n.is_multiple_of(3) {
        Err(Untileable::DivisibleByThree)
    } else if n == 5 && (row % 2 == 1 || col % 2 == 1) {
        Err(Untileable::FiveByFiveHole)
    } else {
        Ok(())
    }
}

/// A tiling in progress: labels row after row, and the next number.
struct Canvas {
    n: usize,
    labels: Vec<u32>,
    next: u32,
}

impl Canvas {
    fn place(&mut self, cells: [(usize, usize); 3]) {
        for (r, c) in cells {
            self.labels[r * self.n + c] = self.next;
        }
        self.next += 1;
    }

    /// Two trominoes on the 3-row, 2-column block at (`r`, `c`).
    fn block_3x2(&mut self, r: usize, c: usize) {
        self.place([(r, c), (r, c + 1), (r + 1, c)]);
        self.place([(r + 1, c + 1), (r + 2, c), (r + 2, c + 1)]);
    }

    /// Two trominoes on the 2-row, 3-column block at (`r`, `c`).
    fn block_2x3(&mut self, r: usize, c: usize) {
        self.place([(r, c), (r, c + 1), (r + 1, c)]);
        self.place([(r, c + 2), (r + 1, c + 1), (r + 1, c + 2)]);
    }

    /// The 5-row, 6-column block at (`r`, `c`), or its transpose.
    fn block_5x6(&mut self, r: usize, c: usize, transposed: bool) {
        for t in five_by_six() {
            let cells = t.map(|(dr, dc)| {
                if transposed {
                    (r + dc, c + dr)
                } else {
                    (r + dr, c + dc)
                }
            });
            self.place(cells);
        }
    }

    /// A 6-row band of width `w ≥ 5` at (`r`, `c`), left to right.
    fn band(&mut self, r: usize, c: usize, w: usize) {
        let mut c = c;
        let mut w = w;
        if w % 2 == 1 {
            self.block_5x6(r, c, true);
            c += 5;
            w -= 5;
        }
        for k in (0..w).step_by(2) {
            self.block_3x2(r, c + k);
            self.block_3x2(r + 3, c + k);
        }
    }

    /// A 6-column strip of height `h ≥ 5` at (`r`, `c`), top to bottom.
    fn strip(&mut self, r: usize, c: usize, h: usize) {
        let mut r = r;
        let mut h = h;
        if h % 2 == 1 {
            self.block_5x6(r, c, false);
            r += 5;
            h -= 5;
        }
        for k in (0..h).step_by(2) {
            self.block_2x3(r + k, c);
            self.block_2x3(r + k, c + 3);
        }
    }
}

/// The fixed tiling of a 5-row, 6-column rectangle (offsets from its corner).
fn five_by_six() -> &'static [[(usize, usize); 3]] {
    static TILING: OnceLock<Vec<[(usize, usize); 3]>> = OnceLock::new();
    TILING.get_or_init(|| search_tiling(5, 6, None).expect("a 5×6 rectangle is tileable"))
}

/// The four L shapes, each as offsets from its first cell in row-major order.
const SHAPES: [[(isize, isize); 3]; 4] = [
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (1, 0), (1, 1)],
    [(0, 0), (1, 0), (1, -1)],
];

/// The first tiling of an `h`×`w` rectangle (minus `hole`) found by
/// covering the first free cell in row-major order with each shape in turn.
fn search_tiling(
    h: usize,
    w: usize,
    hole: Option<(usize, usize)>,
) -> Option<Vec<[(usize, usize); 3]>> {
    let mut filled = vec![false; h * w];
    if let Some((r, c)) = hole {
        filled[r * w + c] = true;
    }
    let mut placed = Vec::with_capacity(h * w / 3);
    cover_from(h, w, &mut filled, 0, &mut placed).then_some(placed)
}

fn cover_from(
    h: usize,
    w: usize,
    filled: &mut [bool],
    mut first: usize,
    placed: &mut Vec<[(usize, usize); 3]>,
) -> bool {
    while first < h * w && filled[first] {
        first += 1;
    }
    if first == h * w {
        return true;
    }
    let (r, c) = (first / w, first % w);
    for shape in SHAPES {
        let cells = shape.map(|(dr, dc)| (r as isize + dr, c as isize + dc));
        let fits = cells.iter().all(|&(rr, cc)| {
            rr >= 0
                && cc >= 0
                && (rr as usize) < h
                && (cc as usize) < w
                && !filled[rr as usize * w + cc as usize]
        });
        if !fits {
            continue;
        }
        let cells = cells.map(|(rr, cc)| (rr as usize, cc as usize));
        for &(rr, cc) in &cells {
            filled[rr * w + cc] = true;
        }
        placed.push(cells);
        if cover_from(h, w, filled, first + 1, placed) {
            return true;
        }
        placed.pop();
        for &(rr, cc) in &cells {
            filled[rr * w + cc] = false;
        }
    }
    false
}

/// Sides tiled by search rather than by peeling or halving.
const SEARCHED: [usize; 4] = [5, 7, 10, 11];

/// The constructive tiling of the n×n board with its hole at `row`, `col`:
/// labels row after row, hole 0, trominoes numbered as the module explains.
///
/// ```
/// use boardsolve_core::puzzles::tromino::general::tile;
/// let labels = tile(5, 0, 0);
/// assert_eq!(labels.len(), 25);
/// assert_eq!(labels[0], 0);
/// assert_eq!(*labels.iter().max().unwrap(), 8);
/// ```
///
/// # Panics
/// If the board is not tileable (see [`tileability`]) or the hole is off it.
pub fn tile(n: usize, row: usize, col: usize) -> Vec<u32> {
    assert!(row < n && col < n && tileability(n, row, col).is_ok());
    let mut canvas = Canvas {
        n,
        labels: vec![0; n * n],
        next: 1,
    };
    let (mut r0, mut c0, mut m) = (0, 0, n);
    loop {
        let (hr, hc) = (row - r0, col - c0);
        if m.is_power_of_two() {
            let sub = order::placement_order(m, hr, hc);
            let offset = canvas.next - 1;
            for (k, &label) in sub.iter().enumerate() {
                if label != 0 {
                    canvas.labels[(r0 + k / m) * n + c0 + k % m] = label + offset;
                }
            }
            canvas.next += order::tile_count(m as u64) as u32;
            break;
        }
        if SEARCHED.contains(&m) {
            let tiling = search_tiling(m, m, Some((hr, hc))).expect("tileable by the theorem");
            for t in tiling {
                canvas.place(t.map(|(r, c)| (r0 + r, c0 + c)));
            }
            break;
        }
        let s = m - 6;
        let (top, left) = (hr < s, hc < s);
        let band_row = if top { r0 + s } else { r0 };
        let inner_row = if top { r0 } else { r0 + 6 };
        let strip_col = if left { c0 + s } else { c0 };
        let inner_col = if left { c0 } else { c0 + 6 };
        canvas.band(band_row, c0, m);
        canvas.strip(inner_row, strip_col, s);
        (r0, c0, m) = (inner_row, inner_col, s);
    }
    canvas.labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searched_sizes_are_quick_for_every_hole() {
        for &m in &SEARCHED {
            let start = std::time::Instant::now();
            for r in 0..m {
                for c in 0..m {
                    let found = search_tiling(m, m, Some((r, c))).is_some();
                    assert_eq!(found, tileability(m, r, c).is_ok(), "{m} {r} {c}");
                }
            }
            eprintln!("side {m}: {:?}", start.elapsed());
        }
    }
}
