//! The placement order of docs/tromino.md on power-of-two boards: an in-memory
//! reference, a label computed from a cell's quadrant path, and a streaming
//! writer that never holds more than two rows of labels.
//!
//! Numbering. A board of side `m > 2` whose next free number is `b` places
//! its centre tromino as `b`; its quadrant `q` (0 top-left, 1 top-right,
//! 2 bottom-left, 3 bottom-right) then starts at `b + 1 + q·T(m/2)`, where
//! `T(s) = (s² − 1) / 3` is the number of trominoes of a side-`s` board. So
//! every label follows from the path of quadrants leading to its cell, with
//! no counter shared between quadrants.

use std::io::{self, Write};
use std::sync::mpsc;

mod decimal;
mod fours;

use decimal::{DEC_MAX, Dec, Label, LabelText, Squares};
use fours::Fours;

/// Number of trominoes tiling a deficient board of side `side`: `(side² − 1) / 3`.
///
/// ```
/// assert_eq!(boardsolve_core::puzzles::tromino::order::tile_count(8), 21);
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
/// use boardsolve_core::puzzles::tromino::order::placement_order;
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
/// use boardsolve_core::puzzles::tromino::order::label_at;
/// // The board `8 1 2`: row 3 is "5 5 6 6 1 10 11 11".
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

/// Bytes past the text that a formatter may overwrite: cells are stored 16
/// bytes at a time, and a hole's text (up to 15 bytes) with them.
const SLACK: usize = 64;

/// Formats rows of labels into one large byte buffer.
struct RowText {
    bytes: Vec<u8>,
    len: usize,
    hole: LabelText,
}

impl RowText {
    fn with_capacity(capacity: usize, hole: &[u8]) -> RowText {
        RowText {
            bytes: vec![0; capacity + SLACK],
            len: 0,
            hole: LabelText::text(hole),
        }
    }

    /// Room left before the buffer must be drained.
    fn room(&self) -> usize {
        self.bytes.len() - SLACK - self.len
    }

    fn push_row(&mut self, labels: &[u32]) {
        for &v in labels {
            // Formatting every cell afresh is cheaper than a branch on
            // "same label as before", which the row's pattern makes unpredictable.
            let cell = if v == 0 { self.hole } else { LabelText::of(v) };
            self.bytes[self.len..self.len + 16].copy_from_slice(&cell.text.to_le_bytes());
            self.len += cell.len;
        }
        // The separator after the last number ends the line.
        self.bytes[self.len - 1] = b'\n';
    }

    /// Appends the two rows of a row pair from its 2×2 leaves: leaf `k` has
    /// its own label `row_base + col_base[k]` on three cells and
    /// `hole_label[k]` on cell `hole_quadrant[k]` (0, 1 top; 2, 3 bottom).
    /// Two conversions per four cells; `spill` holds the bottom row's text.
    fn push_leaves<L: Label>(&mut self, leaves: Squares<'_, L>, spill: &mut [u8]) {
        let Squares {
            row_base,
            col_base,
            hole_quadrant: hole_cell,
            hole_label,
        } = leaves;
        let mut spilled = 0;
        for ((&col, &cell), &foreign) in col_base.iter().zip(hole_cell).zip(hole_label) {
            let own = row_base.plus(col).cell();
            let other = if foreign == L::HOLE {
                self.hole
            } else {
                foreign.cell()
            };
            for c in [0u8, 1] {
                let chosen = if c == cell { other } else { own };
                self.bytes[self.len..self.len + 16].copy_from_slice(&chosen.text.to_le_bytes());
                self.len += chosen.len;
            }
            for c in [2u8, 3] {
                let chosen = if c == cell { other } else { own };
                spill[spilled..spilled + 16].copy_from_slice(&chosen.text.to_le_bytes());
                spilled += chosen.len;
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

/// Bytes of text collected before one `write_all`: more than the caller's
/// 1 MiB `BufWriter`, so that it passes them straight through instead of
/// copying them, and little more, so that a band being formatted and the
/// one being written stay in the cache (1.25 MiB bands took about 7% less
/// CPU than 4 MiB ones on n = 8192). Unit tests use small chunks so that
/// boards of a few hundred rows already take the many-band, many-worker path.
const CHUNK: usize = if cfg!(test) { 64 << 10 } else { 5 << 18 };

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
/// use boardsolve_core::puzzles::tromino::order::write_placement_order;
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
    // Bands of row pairs, each about one chunk of text, are formatted
    // side by side on the available cores and written in order; every band
    // is computed from the arithmetic alone, so they share nothing.
    write_placement_order_with(Writer::Fours, n, (row, col), hole, out)
}

/// How the streaming writer turns a row pair into text. Both give the same
/// bytes; which one runs is a matter of speed, so that tests and
/// benchmarks can ask for each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Writer {
    /// Cell by cell from the 2×2 leaves: any label type, any board.
    Cells,
    /// Four cells at a time from the 4×4 squares; boards of side 8 and
    /// more with decimal-lane labels, [`Writer::Cells`] otherwise.
    Fours,
}

/// [`write_placement_order`] with the row pairs' text made by `writer`
/// (labels too large for decimal lanes, n ≥ 32768, always take
/// [`Writer::Cells`]) and the hole at `(row, col)`.
/// [`write_placement_order`] takes [`Writer::Fours`].
///
/// ```
/// use boardsolve_core::puzzles::tromino::order::{Writer, write_placement_order_with};
/// let mut out = Vec::new();
/// write_placement_order_with(Writer::Fours, 4, (0, 0), b"0", &mut out).unwrap();
/// assert_eq!(out, b"0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n");
/// ```
///
/// # Errors
/// Whatever `out` returns.
///
/// # Panics
/// As [`write_placement_order`].
pub fn write_placement_order_with(
    writer: Writer,
    n: usize,
    (row, col): (usize, usize),
    hole: &[u8],
    out: &mut dyn Write,
) -> io::Result<()> {
    assert!(n.is_power_of_two() && n <= 1 << 16 && row < n && col < n);
    if n == 1 {
        out.write_all(hole)?;
        return out.write_all(b"\n");
    }
    let workers = crate::host::threads();
    if tile_count(n as u64) <= DEC_MAX {
        stream::<Dec>(workers, writer, n, (row, col), hole, out)
    } else {
        stream::<u32>(workers, Writer::Cells, n, (row, col), hole, out)
    }
}

/// Bands each worker may hold at once: it formats one while the other is
/// waiting to be written or being written.
const BANDS_PER_WORKER: usize = 2;

/// [`write_placement_order`] with labels of type `L`, on `workers` threads
/// (the callers give [`crate::host::threads`]: as many as rayon would
/// use, or 1 without the `parallel` feature) that format bands of row
/// pairs while the calling thread writes them in order.
///
/// Worker `k` formats bands `k`, `k + workers`, ... and hands each to the
/// caller through a channel of its own; the caller takes them round robin,
/// so the text comes out in order, and hands each band's buffers back
/// empty. Nobody waits for a whole round of bands as a fork-join per round
/// would: a worker formats its next band while the caller writes, and
/// waiting is done asleep in the channels, not spinning. If a write fails
/// the caller drops its channels, which ends every worker at its next
/// hand-over.
fn stream<L: Fours>(
    workers: usize,
    writer: Writer,
    n: usize,
    hole: (usize, usize),
    hole_text: &[u8],
    out: &mut dyn Write,
) -> io::Result<()> {
    let pairs = n / 2;
    // Pairs a band, from the widest label's text (the buffers are sized
    // for the widest any label may take, but pages never written cost
    // nothing), so that a band's text is close to a chunk.
    let digits = tile_count(n as u64).to_string().len();
    let band = (CHUNK / (2 * n * (digits + 1))).max(1);
    let bands = pairs.div_ceil(band);
    let range = |b: usize| b * band..((b + 1) * band).min(pairs);
    let workers = workers.clamp(1, bands);
    if workers == 1 {
        let mut text = Band::<L>::new(n, hole, band, hole_text);
        for b in 0..bands {
            text.format(range(b), writer);
            text.drain(out)?;
        }
        return Ok(());
    }
    std::thread::scope(|scope| {
        let mut filled = Vec::with_capacity(workers);
        let mut emptied = Vec::with_capacity(workers);
        for k in 0..workers {
            let (filled_tx, filled_rx) = mpsc::channel::<Band<L>>();
            let (emptied_tx, emptied_rx) = mpsc::channel::<Band<L>>();
            filled.push(filled_rx);
            emptied.push(emptied_tx);
            scope.spawn(move || {
                for (made, b) in (k..bands).step_by(workers).enumerate() {
                    let next = if made < BANDS_PER_WORKER {
                        Some(Band::new(n, hole, band, hole_text))
                    } else {
                        emptied_rx.recv().ok()
                    };
                    // No band back: the writer has stopped.
                    let Some(mut text) = next else { return };
                    text.format(range(b), writer);
                    if filled_tx.send(text).is_err() {
                        return;
                    }
                }
            });
        }
        // The channels are dropped on return, before the scope joins the
        // workers, so that a failed write also stops them.
        for b in 0..bands {
            let k = b % workers;
            // A worker that panicked sends nothing: the scope re-raises
            // its panic once this returns.
            let Ok(mut text) = filled[k].recv() else {
                break;
            };
            text.drain(out)?;
            // The worker may have no band left to format.
            let _ = emptied[k].send(text);
        }
        Ok(())
    })
}

/// One band's buffers: the levels, the bottom line's text, and the band's
/// text, one contiguous run of lines so that a buffered writer passes it
/// through with one `write` and copies nothing.
struct Band<L> {
    levels: Levels<L>,
    spill: Vec<u8>,
    text: RowText,
}

impl<L: Fours> Band<L> {
    fn new(n: usize, hole: (usize, usize), pairs: usize, hole_text: &[u8]) -> Band<L> {
        Band {
            levels: Levels::new(n, hole),
            spill: vec![0; row_bytes(n) + 16],
            text: RowText::with_capacity(pairs * 2 * row_bytes(n), hole_text),
        }
    }

    /// Writes the band's text and empties it.
    fn drain(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.text.drain(out)
    }

    /// Formats the row pairs `pairs` (indices of pairs, not rows).
    fn format(&mut self, pairs: std::ops::Range<usize>, writer: Writer) {
        let leaf = self.levels.sides.len() - 1;
        // The rows of the 4×4 squares holding the board's hole go cell by
        // cell: there the hole may be any cell of its square.
        let hole_rows = self.levels.hole.0 / 4;
        let mut fresh = true;
        for pair in pairs {
            let r = 2 * pair;
            let from = if fresh {
                0
            } else {
                self.levels.first_changed(r)
            };
            fresh = false;
            let fours = writer == Writer::Fours && L::FOURS && leaf >= 1 && r / 4 != hole_rows;
            if fours {
                // The leaves are not needed: every 4×4 square's lines
                // follow from the square alone.
                self.levels.enter(r, from, leaf);
                let text = &mut self.text;
                // The bottom line is made beside the top one, in a buffer
                // small enough to stay in cache, and then moved after it.
                let (top, bottom) = L::push_fours(
                    &mut text.bytes[text.len..],
                    &mut self.spill,
                    (r / 2) & 1,
                    self.levels.squares(leaf - 1),
                );
                text.len += top;
                text.bytes[text.len..text.len + bottom].copy_from_slice(&self.spill[..bottom]);
                text.len += bottom;
            } else {
                self.levels.enter(r, from, leaf + 1);
                self.text
                    .push_leaves(self.levels.squares(leaf), &mut self.spill);
            }
        }
    }
}

/// The squares of every level of the recursion that meet one row pair,
/// kept from pair to pair: a level of side `m` only changes when the pair
/// enters a new row of its squares, every `m / 2` pairs.
///
/// Level `i` has squares of side `m = n >> i`, indexed by column `k`. For
/// each: the first number its trominoes use (`row_base[i] + col_base[i][k]`:
/// the quadrant offsets add up separately by row and by column), the quadrant
/// of its hole, and that hole's label. A square's hole follows from its
/// parent's: the child in the parent's hole quadrant inherits the hole (the
/// real one, or a corner covered further up), the three others get their
/// corner facing the parent's centre, covered by the parent's centre tromino.
struct Levels<L> {
    hole: (usize, usize),
    /// Side of the squares at each level, from `n` down to 2.
    sides: Vec<usize>,
    col_base: Vec<Vec<L>>,
    row_base: Vec<L>,
    /// What a level's row base adds to its parent's, in the parent's top
    /// half (`[0]`) and bottom half (`[1]`).
    row_step: Vec<[L; 2]>,
    /// Hole quadrant (0..4) of each square; at the leaf level, the cell.
    hole_quadrant: Vec<Vec<u8>>,
    hole_label: Vec<Vec<L>>,
}

impl<L: Label> Levels<L> {
    fn new(n: usize, hole: (usize, usize)) -> Levels<L> {
        let sides: Vec<usize> = (0..).map(|i| n >> i).take_while(|&m| m >= 2).collect();
        let mut col_base: Vec<Vec<u32>> = vec![vec![0]];
        for i in 1..sides.len() {
            let count = tile_count(sides[i] as u64) as u32;
            let row: Vec<u32> = (0..1usize << i)
                .map(|k| col_base[i - 1][k / 2] + (k as u32 & 1) * count)
                .collect();
            col_base.push(row);
        }
        // Level 0 (the whole board) has no parent and no step; its step
        // would be the only number above the largest label.
        let row_step = sides
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let count = tile_count(m as u64) as u32;
                if i == 0 {
                    [L::HOLE; 2]
                } else {
                    [L::of(1), L::of(1 + 2 * count)]
                }
            })
            .collect();
        Levels {
            hole,
            row_base: vec![L::HOLE; sides.len()],
            row_step,
            hole_quadrant: (0..sides.len()).map(|i| vec![0; 1 << i]).collect(),
            hole_label: (0..sides.len()).map(|i| vec![L::HOLE; 1 << i]).collect(),
            sides,
            col_base: col_base
                .iter()
                .map(|level| level.iter().map(|&v| L::of(v)).collect())
                .collect(),
        }
    }

    /// Moves to rows `r`, `r + 1` (`r` even), recomputing the levels from
    /// `from` (0 on a fresh start) down to, not including, level `to`
    /// (`sides.len()` for the leaves too). A level left out must not be read
    /// until it is recomputed: it only ever is with all levels above it.
    fn enter(&mut self, r: usize, from: usize, to: usize) {
        let (hr, hc) = self.hole;
        for i in from..to {
            let m = self.sides[i];
            let h = m / 2;
            let quadrant_of = |y: usize, x: usize| u8::from(y % m >= h) * 2 + u8::from(x % m >= h);
            if i == 0 {
                self.row_base[0] = L::of(1);
                self.hole_quadrant[0][0] = quadrant_of(hr, hc);
                self.hole_label[0][0] = L::HOLE;
                continue;
            }
            let parent_side = self.sides[i - 1];
            let row_bit = (r / m) & 1;
            self.row_base[i] = self.row_base[i - 1].plus(self.row_step[i][row_bit]);
            let parent_has_hole = hr / parent_side == r / parent_side;
            let child_hole_row = hr / m == r / m;
            let (parents, children) = self.hole_quadrant.split_at_mut(i);
            let (parent_labels, child_labels) = self.hole_label.split_at_mut(i);
            let (parent_quadrant, parent_label) = (&parents[i - 1], &parent_labels[i - 1]);
            let parent_row_base = self.row_base[i - 1];
            let parent_col_base = &self.col_base[i - 1];
            // Two children a parent. Which child inherits the parent's
            // hole goes either way at random from parent to parent, so
            // both choices are made with selects rather than branches.
            let pairs = children[0]
                .chunks_exact_mut(2)
                .zip(child_labels[0].chunks_exact_mut(2));
            for (pk, (quadrants, labels)) in pairs.enumerate() {
                let own = parent_row_base.plus(parent_col_base[pk]);
                let (inherited_quadrant, inherited) = (parent_quadrant[pk], parent_label[pk]);
                for c in 0..2 {
                    let q = (row_bit * 2 + c) as u8;
                    let inherits = q == inherited_quadrant;
                    quadrants[c] = if inherits { q } else { 3 - q };
                    labels[c] = if inherits { inherited } else { own };
                }
            }
            // The parent holding the board's hole passes it on as it is.
            if parent_has_hole {
                let pk = hc / parent_side;
                let own = parent_row_base.plus(parent_col_base[pk]);
                for c in 0..2 {
                    let k = 2 * pk + c;
                    let q = (row_bit * 2 + c) as u8;
                    (children[0][k], child_labels[0][k]) = if child_hole_row && hc / m == k {
                        (quadrant_of(hr, hc), L::HOLE)
                    } else {
                        (3 - q, own)
                    };
                }
            }
        }
    }

    /// The squares of level `i` as last entered.
    fn squares(&self, i: usize) -> Squares<'_, L> {
        Squares {
            row_base: self.row_base[i],
            col_base: &self.col_base[i],
            hole_quadrant: &self.hole_quadrant[i],
            hole_label: &self.hole_label[i],
        }
    }

    /// The first level whose squares change when moving to rows `r`, `r + 1`.
    fn first_changed(&self, r: usize) -> usize {
        if r == 0 {
            return 0;
        }
        let step = 1usize << r.trailing_zeros();
        self.sides.iter().position(|&m| m <= step).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
