//! The placement order of SPEC.md §3 on power-of-two boards: an in-memory
//! reference, a label computed from a cell's quadrant path, and a streaming
//! writer that never holds more than two rows of labels.
//!
//! Numbering. A board of side `m > 2` whose next free number is `b` places
//! its centre tromino as `b`; its quadrant `q` (0 top-left, 1 top-right,
//! 2 bottom-left, 3 bottom-right) then starts at `b + 1 + q·T(m/2)`, where
//! `T(s) = (s² − 1) / 3` is the number of trominoes of a side-`s` board. So
//! every label follows from the path of quadrants leading to its cell, with
//! no counter shared between quadrants.

use rayon::prelude::*;
use std::io::{self, Write};

/// Number of trominoes tiling a deficient board of side `side`: `(side² − 1) / 3`.
///
/// ```
/// assert_eq!(boardsolve::puzzles::tromino::order::tile_count(8), 21);
/// ```
pub fn tile_count(side: u64) -> u64 {
    (side * side - 1) / 3
}

/// The board of side `n` (a power of two) with its hole at `row`, `col`,
/// labelled in placement order, row after row; the hole is 0.
///
/// This is the straightforward recursion with a running counter, kept as the
/// in-memory reference for the streamed writer.
///
/// ```
/// use boardsolve::puzzles::tromino::order::placement_order;
/// assert_eq!(placement_order(2, 0, 0), vec![0, 1, 1, 1]);
/// ```
///
/// # Panics
/// If `n` is not a power of two or the hole is off the board.
pub fn placement_order(n: usize, row: usize, col: usize) -> Vec<u32> {
    assert!(n.is_power_of_two() && row < n && col < n);
    let mut board = vec![0u32; n * n];
    let mut next = 1u32;
    fill(&mut board, n, 0, 0, n, (row, col), &mut next);
    board
}

fn fill(
    board: &mut [u32],
    n: usize,
    r0: usize,
    c0: usize,
    m: usize,
    hole: (usize, usize),
    next: &mut u32,
) {
    if m == 1 {
        return;
    }
    let label = *next;
    *next += 1;
    if m == 2 {
        for r in r0..r0 + 2 {
            for c in c0..c0 + 2 {
                if (r, c) != hole {
                    board[r * n + c] = label;
                }
            }
        }
        return;
    }
    let h = m / 2;
    let hole_q = usize::from(hole.0 >= r0 + h) * 2 + usize::from(hole.1 >= c0 + h);
    let mut holes = [hole; 4];
    for (q, quadrant_hole) in holes.iter_mut().enumerate() {
        if q != hole_q {
            let cell = (r0 + h - 1 + q / 2, c0 + h - 1 + q % 2);
            board[cell.0 * n + cell.1] = label;
            *quadrant_hole = cell;
        }
    }
    for (q, &quadrant_hole) in holes.iter().enumerate() {
        fill(
            board,
            n,
            r0 + h * (q / 2),
            c0 + h * (q % 2),
            h,
            quadrant_hole,
            next,
        );
    }
}

/// The label of cell (`r`, `c`) in the placement order, from its quadrant
/// path alone: O(log n), no board.
///
/// ```
/// use boardsolve::puzzles::tromino::order::label_at;
/// // SPEC.md sample 3: 8 1 2; row 3 is "5 5 6 6 1 10 11 11".
/// assert_eq!(label_at(8, 1, 2, 3, 5), 10);
/// assert_eq!(label_at(8, 1, 2, 1, 2), 0);
/// ```
pub fn label_at(n: usize, row: usize, col: usize, r: usize, c: usize) -> u32 {
    let (mut r0, mut c0, mut m) = (0usize, 0usize, n);
    let mut hole = (row, col);
    let mut hole_label = 0u64;
    let mut base = 1u64;
    while m > 2 {
        let h = m / 2;
        let hole_q = usize::from(hole.0 >= r0 + h) * 2 + usize::from(hole.1 >= c0 + h);
        let q = usize::from(r >= r0 + h) * 2 + usize::from(c >= c0 + h);
        if q != hole_q {
            let corner = (r0 + h - 1 + q / 2, c0 + h - 1 + q % 2);
            if (r, c) == corner {
                return base as u32;
            }
            hole = corner;
            hole_label = base;
        }
        base += 1 + q as u64 * tile_count(h as u64);
        r0 += h * (q / 2);
        c0 += h * (q % 2);
        m = h;
    }
    if m == 1 || (r, c) == hole {
        hole_label as u32
    } else {
        base as u32
    }
}

/// The eight decimal digits of `v < 10^8` as byte values (not ASCII), the
/// most significant in the lowest byte: SWAR division by 10^4, 10^2, 10 in
/// all lanes at once, no table and no loop.
#[inline]
fn digits8(v: u32) -> u64 {
    let v = u64::from(v);
    let halves = (v / 10_000) | ((v % 10_000) << 32);
    // x / 100 = (x · 10486) >> 20 for x < 10^4; the mask drops the fractions.
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let quarters = hundreds | ((halves - hundreds * 100) << 16);
    // x / 10 = (x · 103) >> 10 for x < 100.
    let tens = ((quarters * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((quarters - tens * 10) << 8)
}

/// Decimal text of one label followed by a space, in the low bytes of a
/// `u128` so that storing it is one fixed 16-byte write whatever its length.
#[derive(Clone, Copy)]
struct Cell {
    text: u128,
    len: usize,
}

impl Cell {
    #[inline]
    fn of(value: u32) -> Cell {
        if value == 0 || value >= 100_000_000 {
            return Cell::text(itoa::Buffer::new().format(value).as_bytes());
        }
        let digits = digits8(value);
        let zeros = (digits.trailing_zeros() / 8) as usize;
        let ascii = (digits + 0x3030_3030_3030_3030) >> (8 * zeros);
        let len = 8 - zeros;
        Cell {
            text: u128::from(ascii) | (0x20u128 << (8 * len)),
            len: len + 1,
        }
    }

    fn text(s: &[u8]) -> Cell {
        let mut text = [b' '; 16];
        text[..s.len()].copy_from_slice(s);
        Cell {
            text: u128::from_le_bytes(text),
            len: s.len() + 1,
        }
    }
}

/// Formats rows of labels into one large byte buffer.
struct RowText {
    bytes: Vec<u8>,
    len: usize,
    hole: Cell,
}

impl RowText {
    fn with_capacity(capacity: usize, hole: &[u8]) -> RowText {
        let hole = Cell::text(hole);
        RowText {
            bytes: vec![0; capacity + 16],
            len: 0,
            hole,
        }
    }

    /// Room left before the buffer must be drained.
    fn room(&self) -> usize {
        self.bytes.len() - 16 - self.len
    }

    fn push_row(&mut self, labels: &[u32]) {
        for &v in labels {
            // Formatting every cell afresh is cheaper than a branch on
            // "same label as before", which the row's pattern makes unpredictable.
            let cell = if v == 0 { self.hole } else { Cell::of(v) };
            self.bytes[self.len..self.len + 16].copy_from_slice(&cell.text.to_le_bytes());
            self.len += cell.len;
        }
        // The separator after the last number ends the line.
        self.bytes[self.len - 1] = b'\n';
    }

    /// Appends rows `top` and `bottom` made of 2×2 leaves (three cells of a
    /// leaf share its own label, the fourth is foreign): two conversions per
    /// four cells instead of four. `spill` holds the bottom row's text.
    fn push_pair(&mut self, top: &[u32], bottom: &[u32], spill: &mut [u8]) {
        let mut spilled = 0;
        for (t, b) in top.chunks_exact(2).zip(bottom.chunks_exact(2)) {
            let (a, b2, c, d) = (t[0], t[1], b[0], b[1]);
            let own = if a == b2 { a } else { c };
            let foreign = a ^ b2 ^ c ^ d ^ own;
            let own_cell = Cell::of(own);
            let foreign_cell = if foreign == 0 {
                self.hole
            } else {
                Cell::of(foreign)
            };
            for v in [a, b2] {
                let cell = if v == own { own_cell } else { foreign_cell };
                self.bytes[self.len..self.len + 16].copy_from_slice(&cell.text.to_le_bytes());
                self.len += cell.len;
            }
            for v in [c, d] {
                let cell = if v == own { own_cell } else { foreign_cell };
                spill[spilled..spilled + 16].copy_from_slice(&cell.text.to_le_bytes());
                spilled += cell.len;
            }
        }
        self.bytes[self.len - 1] = b'\n';
        spill[spilled - 1] = b'\n';
        self.bytes[self.len..self.len + spilled].copy_from_slice(&spill[..spilled]);
        self.len += spilled;
    }

    fn drain(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self.bytes[..self.len])?;
        self.len = 0;
        Ok(())
    }
}

/// Bytes of text collected before one `write_all`: large enough that the
/// caller's 1 MiB `BufWriter` passes them straight through.
const CHUNK: usize = 4 << 20;

/// Widest formatted row of side `n` (labels below 2^32: ten digits and a
/// separator; a hole text of up to 15 bytes fits the 16-byte slack).
fn row_bytes(n: usize) -> usize {
    n * 11
}

/// Writes `labels` (`n` per row) as judge text: one row a line, single
/// spaces, the hole (label 0) written as `hole` (`b"0"`, or `b"-1"` for BOJ).
///
/// # Errors
/// Whatever `out` returns.
///
/// # Panics
/// If `hole` is longer than 15 bytes.
pub fn write_labels(labels: &[u32], n: usize, hole: &[u8], out: &mut dyn Write) -> io::Result<()> {
    let mut text = RowText::with_capacity(CHUNK.max(row_bytes(n)), hole);
    for row in labels.chunks(n) {
        if text.room() < row_bytes(n) {
            text.drain(out)?;
        }
        text.push_row(row);
    }
    text.drain(out)
}

/// Writes the placement-order board of side `n` (a power of two, up to
/// 2^16) with its hole at `row`, `col`, the hole written as `hole`,
/// streaming: memory is two rows of labels plus a few MiB of text, whatever `n`.
///
/// Rows are produced in pairs (`2p`, `2p + 1`): the smallest squares of the
/// recursion are 2×2 and never straddle a pair, so one descent over the
/// squares meeting the pair (about `n` of them) labels both rows. Bands of
/// pairs are formatted in parallel (rayon) a few MiB each, and written in order.
///
/// ```
/// use boardsolve::puzzles::tromino::order::write_placement_order;
/// let mut out = Vec::new();
/// write_placement_order(4, 0, 0, b"0", &mut out).unwrap();
/// assert_eq!(out, b"0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n");
/// ```
///
/// # Errors
/// Whatever `out` returns.
///
/// # Panics
/// If `n` is not a power of two up to 2^16, the hole is off the board, or
/// `hole` is longer than 15 bytes.
pub fn write_placement_order(
    n: usize,
    row: usize,
    col: usize,
    hole: &[u8],
    out: &mut dyn Write,
) -> io::Result<()> {
    assert!(n.is_power_of_two() && n <= 1 << 16 && row < n && col < n);
    if n == 1 {
        out.write_all(hole)?;
        return out.write_all(b"\n");
    }
    let root = Square {
        r0: 0,
        c0: 0,
        m: n,
        hole: (row, col),
        hole_label: 0,
        base: 1,
    };
    // Bands of row pairs, each about one chunk of text, are formatted
    // side by side on the available cores and written in order; every band
    // is computed from the arithmetic alone, so they share nothing.
    let pairs = n / 2;
    let band = (CHUNK / (2 * row_bytes(n))).max(1);
    let bands = pairs.div_ceil(band);
    let workers = rayon::current_num_threads().clamp(1, bands);
    let mut bands_text: Vec<Band> = (0..workers).map(|_| Band::new(n, band, hole)).collect();
    for first in (0..bands).step_by(workers) {
        let todo = (bands - first).min(workers);
        let work = |(k, b): (usize, &mut Band)| {
            let start = (first + k) * band;
            b.format(&root, start..(start + band).min(pairs));
        };
        if todo == 1 {
            work((0, &mut bands_text[0]));
        } else {
            bands_text[..todo].par_iter_mut().enumerate().for_each(work);
        }
        for b in &mut bands_text[..todo] {
            b.text.drain(out)?;
        }
    }
    Ok(())
}

/// One band's buffers: two rows of labels, the bottom row's text, and the band's text.
struct Band {
    top: Vec<u32>,
    bottom: Vec<u32>,
    spill: Vec<u8>,
    text: RowText,
}

impl Band {
    fn new(n: usize, pairs: usize, hole: &[u8]) -> Band {
        Band {
            top: vec![0; n],
            bottom: vec![0; n],
            spill: vec![0; row_bytes(n) + 16],
            text: RowText::with_capacity(pairs * 2 * row_bytes(n), hole),
        }
    }

    /// Formats the row pairs `pairs` (indices of pairs, not rows).
    fn format(&mut self, root: &Square, pairs: std::ops::Range<usize>) {
        for pair in pairs {
            root.label_pair(2 * pair, &mut self.top, &mut self.bottom);
            self.text
                .push_pair(&self.top, &self.bottom, &mut self.spill);
        }
    }
}

/// A square of the recursion: its corner, side, hole (the real hole or a
/// cell an ancestor's centre tromino covers), that cell's label, and the
/// first number the square's own trominoes use.
#[derive(Clone, Copy)]
struct Square {
    r0: usize,
    c0: usize,
    m: usize,
    hole: (usize, usize),
    hole_label: u32,
    base: u32,
}

impl Square {
    /// Labels rows `pair` and `pair + 1` of this square's columns.
    fn label_pair(&self, pair: usize, top: &mut [u32], bottom: &mut [u32]) {
        let Square { r0, c0, m, .. } = *self;
        if m == 2 {
            leaf(
                c0,
                self.hole.0 - r0,
                self.hole.1 - c0,
                self.hole_label,
                self.base,
                top,
                bottom,
            );
            return;
        }
        let h = m / 2;
        let hole_q = usize::from(self.hole.0 >= r0 + h) * 2 + usize::from(self.hole.1 >= c0 + h);
        let half = usize::from(pair >= r0 + h);
        if m == 4 {
            // The two 2×2 leaves meeting the pair, without a call each.
            for q in [half * 2, half * 2 + 1] {
                let (lr, lc) = (r0 + 2 * (q / 2), c0 + 2 * (q % 2));
                let (hole, hole_label) = if q == hole_q {
                    (self.hole, self.hole_label)
                } else {
                    ((r0 + 1 + q / 2, c0 + 1 + q % 2), self.base)
                };
                let base = self.base + 1 + q as u32;
                leaf(lc, hole.0 - lr, hole.1 - lc, hole_label, base, top, bottom);
            }
            return;
        }
        let count = tile_count(h as u64) as u32;
        for q in [half * 2, half * 2 + 1] {
            let (hole, hole_label) = if q == hole_q {
                (self.hole, self.hole_label)
            } else {
                ((r0 + h - 1 + q / 2, c0 + h - 1 + q % 2), self.base)
            };
            Square {
                r0: r0 + h * (q / 2),
                c0: c0 + h * (q % 2),
                m: h,
                hole,
                hole_label,
                base: self.base + 1 + q as u32 * count,
            }
            .label_pair(pair, top, bottom);
        }
    }
}

/// Labels a 2×2 leaf at column `c0`: its tromino `base` on three cells, the
/// fourth (row `hr`, column `hc` within the leaf) `hole_label`.
#[inline]
fn leaf(
    c0: usize,
    hr: usize,
    hc: usize,
    hole_label: u32,
    base: u32,
    top: &mut [u32],
    bottom: &mut [u32],
) {
    let mut cells = [base; 4];
    cells[hr * 2 + hc] = hole_label;
    top[c0..c0 + 2].copy_from_slice(&cells[..2]);
    bottom[c0..c0 + 2].copy_from_slice(&cells[2..]);
}
