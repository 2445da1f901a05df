//! 2048: the largest block reachable in at most K moves (BOJ 12100, 12094).
//!
//! Blocks are stored as exponents in bytes (`0` empty, `e` the block `2^e`),
//! one board row after another, so a 20×20 board is 400 bytes and a move is
//! a pass over them in place. The exact search lives in
//! [`crate::search::maximize`]; this module supplies the moves and the bound.

use crate::puzzles::{
    Error, GenOptions, GenRng, OutputFormat, Puzzle, SolveFn, SolveOptions, Variant,
};
use crate::search::maximize::{self, Climb, SearchStats};
use crate::text::{InputError, Position, Tokens};
use serde::Serialize;
use std::fmt;
use std::io::Write;

mod avx512;

/// Largest board side accepted.
pub const MAX_N: usize = 64;
/// Largest number of moves accepted by `--moves`.
pub const MAX_MOVES: u32 = 100;
/// Largest block exponent accepted in the input (blocks up to 2^63).
pub const MAX_INPUT_EXPONENT: u8 = 63;

/// A direction of a move, in the tie-break order of `--explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All four, in the order Up < Down < Left < Right.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Lower-case name, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// An N×N board of blocks, each stored as its exponent (`0` = empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<u8>,
}

impl Board {
    /// A board from exponents, row after row (`0` empty, `e` the block `2^e`).
    ///
    /// # Panics
    /// If `cells.len() != n * n`, `n` is 0 or above [`MAX_N`], or an exponent exceeds
    /// [`MAX_INPUT_EXPONENT`].
    pub fn from_exponents(n: usize, cells: Vec<u8>) -> Board {
        assert!((1..=MAX_N).contains(&n) && cells.len() == n * n);
        assert!(cells.iter().all(|&e| e <= MAX_INPUT_EXPONENT));
        Board { n, cells }
    }

    /// A board from block values, row after row (`0` empty).
    ///
    /// ```
    /// use boardsolve::puzzles::game2048::Board;
    /// let b = Board::from_values(2, &[2, 0, 0, 4]).unwrap();
    /// assert_eq!(b.value(1, 1), 4);
    /// ```
    ///
    /// # Errors
    /// A value that is neither 0 nor a power of two from 2, or a wrong count.
    pub fn from_values(n: usize, values: &[u64]) -> Result<Board, String> {
        if !(1..=MAX_N).contains(&n) || values.len() != n * n {
            return Err(format!("expected {} values for N = {n}", n * n));
        }
        let cells = values
            .iter()
            .map(|&v| exponent_of(v).ok_or_else(|| format!("{v} is not a block value")))
            .collect::<Result<Vec<u8>, String>>()?;
        Ok(Board { n, cells })
    }

    /// Side length N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Exponents, row after row.
    pub fn exponents(&self) -> &[u8] {
        &self.cells
    }

    /// The block value at `row`, `col` (0 when empty).
    pub fn value(&self, row: usize, col: usize) -> u128 {
        value_of(self.cells[row * self.n + col])
    }

    /// The largest block's exponent (0 on an empty board).
    pub fn max_exponent(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The largest block's value.
    pub fn max_value(&self) -> u128 {
        value_of(self.max_exponent())
    }

    /// The board after moving `dir`, or `None` if the move changes nothing.
    ///
    /// ```
    /// use boardsolve::puzzles::game2048::{Board, Direction};
    /// let b = Board::from_values(3, &[2, 2, 2, 0, 0, 0, 4, 2, 2]).unwrap();
    /// let left = b.slide(Direction::Left).unwrap();
    /// assert_eq!(left.to_string(), "4 2 0\n0 0 0\n4 4 0\n");
    /// ```
    pub fn slide(&self, dir: Direction) -> Option<Board> {
        let mut out = self.clone();
        out.slide_from(self, dir).then_some(out)
    }

    /// Overwrites `self` with `src` moved in `dir`; `false` if nothing changed.
    fn slide_from(&mut self, src: &Board, dir: Direction) -> bool {
        let n = src.n;
        if self.n != n {
            *self = src.clone();
        }
        let (from, to) = (&src.cells[..], &mut self.cells[..]);
        if n >= 2 && crate::simd::avx512() {
            // SAFETY: the CPU has the instructions, and both boards are n×n.
            return unsafe { avx512::slide(from, to, n, dir as usize) };
        }
        slide_scalar(from, to, n, dir)
    }
}

/// The portable move: `to` = `from` moved in `dir`; `true` if it changed.
fn slide_scalar(from: &[u8], to: &mut [u8], n: usize, dir: Direction) -> bool {
    let across = n as isize;
    // Each line is given by its cell at the wall and the step away from it.
    match dir {
        Direction::Left => (0..n).for_each(|i| merge_line(from, to, i * n, 1, n)),
        Direction::Right => (0..n).for_each(|i| merge_line(from, to, i * n + n - 1, -1, n)),
        Direction::Up => (0..n).for_each(|i| merge_line(from, to, i, across, n)),
        Direction::Down => (0..n).for_each(|i| merge_line(from, to, (n - 1) * n + i, -across, n)),
    }
    from != to
}

/// Slides the line of `len` cells of `from` that starts at the wall cell
/// `wall` and goes on in steps of `step`, writing the result to the same
/// cells of `to`.
///
/// Written without data-dependent branches: on random boards whether two
/// neighbours merge is a coin toss, and mispredicted branches were the cost
/// of a move. Each step stores a candidate at output slot `w` and advances
/// `w` only when that candidate is final; slot `w` never passes the cell
/// being read, and after the loop `w < len`, so every store stays in the line.
/// That is why the accesses go unchecked once the line's two ends are
/// checked: the per-access bounds checks were 14% of a search on CPUs
/// without AVX-512 (and Miri runs the move tests clean).
///
/// # Panics
/// If the line leaves the boards, or the boards differ in size.
#[inline(always)]
fn merge_line(from: &[u8], to: &mut [u8], wall: usize, step: isize, len: usize) {
    // Indices move by wrapping adds, so a negative step is an add too.
    let step = step as usize;
    let mut read = wall;
    let mut write = wall;
    // The block waiting for a partner; 0 when none.
    let mut pending = 0u8;
    let last = wall.wrapping_add(step.wrapping_mul(len - 1));
    assert!(from.len() == to.len() && wall < to.len() && last < to.len() && len > 0);
    let (from, to) = (from.as_ptr(), to.as_mut_ptr());
    for _ in 0..len {
        // SAFETY: `read` walks the line from `wall` to `last`, both inside
        // the boards (asserted above), and `write` never passes `read`.
        unsafe {
            let v = *from.add(read);
            // Clear the cell first: if no block lands here it stays empty,
            // and no zero-filling loop (a memset call per line) is needed.
            *to.add(read) = 0;
            read = read.wrapping_add(step);
            let block = v != 0;
            // The pair nearest the wall merges first, and the result is final.
            let merge = block & (pending == v);
            *to.add(write) = if merge { pending + 1 } else { pending };
            let advance = usize::from(block & (pending != 0));
            write = write.wrapping_add(step & advance.wrapping_neg());
            let next = if merge { 0 } else { v };
            pending = if block { next } else { pending };
        }
    }
    // SAFETY: as above; `write` is still on the line.
    unsafe { *to.add(write) = pending };
}

fn exponent_of(v: u64) -> Option<u8> {
    match v {
        0 => Some(0),
        1 => None,
        _ if v.is_power_of_two() => Some(v.trailing_zeros() as u8),
        _ => None,
    }
}

fn value_of(e: u8) -> u128 {
    if e == 0 { 0 } else { 1u128 << e }
}

impl fmt::Display for Board {
    /// One row a line, values separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.n) {
            for (i, &e) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", value_of(e))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// A judge instance: the board (the number of moves comes from the command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The starting board.
    pub board: Board,
}

impl Instance {
    /// Parses judge text: N, then N rows of N values.
    ///
    /// # Errors
    /// Bad numbers, N outside 1..=64, a value that is not 0 or a power of
    /// two from 2 up to 2^63, a missing or extra token, or a board without blocks.
    pub fn parse(input: &[u8]) -> Result<Instance, InputError> {
        let mut t = Tokens::new(input);
        let n = t.expect_in_range("the board size N", 1, MAX_N as u64)? as usize;
        let mut cells = Vec::with_capacity(n * n);
        let mut first: Option<Position> = None;
        for _ in 0..n * n {
            let what = "a block value (0 or a power of two from 2)";
            let (v, tok) = t.expect_u64_token(what)?;
            let e = exponent_of(v).ok_or_else(|| {
                InputError::new(tok.position, format!("expected {what}, found {v}"))
            })?;
            first.get_or_insert(tok.position);
            cells.push(e);
        }
        t.expect_end("the board")?;
        if cells.iter().all(|&e| e == 0) {
            return Err(InputError::new(
                first.unwrap_or(Position { line: 1, column: 1 }),
                "the board has no block; at least one is required",
            ));
        }
        Ok(Instance {
            board: Board { n, cells },
        })
    }
}

impl std::str::FromStr for Instance {
    type Err = InputError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Instance::parse(s.as_bytes())
    }
}

impl fmt::Display for Instance {
    /// Judge format: N, then the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.board.n)?;
        write!(f, "{}", self.board)
    }
}

/// The search problem: boards, four moves, and the merge-tree bound.
///
/// It knows the board it searches so the transposition tables can be
/// sized by the real key (one byte a cell) and by how many searches hold
/// a table at once: the memory budget is for the whole run, not per table.
struct Game {
    /// Bytes of one table key: the board's cell count.
    key_bytes: usize,
    /// Searches that may hold a table at the same time (threads).
    searches: usize,
}

impl Game {
    /// The problem for `board`, searched by `searches` threads at once.
    fn new(board: &Board, searches: usize) -> Game {
        Game {
            key_bytes: board.n * board.n,
            searches: searches.max(1),
        }
    }
}

/// Block counts by exponent: `counts[e]` blocks of `2^e` (`counts[0]` empty cells).
///
/// Input blocks are at most 2^63 on at most 4096 cells, and merging keeps
/// the total, so no block ever exceeds 2^75: 80 slots are enough.
type Counts = [u16; EXPONENT_SLOTS];
const EXPONENT_SLOTS: usize = 80;

/// The largest exponent reachable within `remaining` moves, by the merge-tree bound.
fn merge_tree_bound(cells: &[u8], remaining: u32) -> u32 {
    let mut counts: Counts = [0; EXPONENT_SLOTS];
    for &e in cells {
        counts[e as usize] += 1;
    }
    bound_from_counts(&counts, remaining)
}

/// The merge-tree bound from block counts.
///
/// Proof. A block present after r more moves is either a block present now
/// or the merge of two equal blocks present one move earlier. Unfolding r
/// moves, a block `2^e` is the root of a binary merge tree of depth at most
/// r whose leaves are blocks on the board now: each leaf at depth d has
/// value `2^(e-d)`, so every leaf has an exponent in `[e-r, e]`, and the
/// leaves sum to `2^e`. Hence `2^e` is reachable only if the blocks with
/// exponents in `[e-r, e]` sum to at least `2^e`. The largest block never
/// shrinks, so the answer is at least the current maximum `m`, and at most
/// `m + r` (a block at most doubles per move).
fn bound_from_counts(counts: &Counts, remaining: u32) -> u32 {
    let m = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    if remaining == 0 || m == 0 {
        return m as u32;
    }
    let m = m as u32;
    let top = m.saturating_add(remaining);
    // For e > m the window [e-r, e] holds no block above m: its total is the
    // value of blocks with exponents in [low, m], low = max(1, e - r) <= m
    // because e <= m + r. Walking e downwards only widens the window at its
    // low end. Totals fit in a u128: the board's total value never changes
    // and is below 2^76.
    let low_of = |e: u32| e.saturating_sub(remaining).max(1);
    let mut low = low_of(top);
    let mut window: u128 = (low..=m).map(|x| u128::from(counts[x as usize]) << x).sum();
    for e in (m + 1..=top).rev() {
        while low > low_of(e) {
            low -= 1;
            window += u128::from(counts[low as usize]) << low;
        }
        if e < 127 && window >= 1u128 << e {
            return e;
        }
    }
    m
}

/// Block counts after a horizontal move and after a vertical move, from one
/// pass over the board and without building either board.
///
/// Merges happen only inside a maximal run of equal blocks in a line (empty
/// cells between them ignored), and a run of length L gives floor(L/2)
/// merges whichever end the wall is at. So left and right leave the same
/// counts, and so do up and down; scanning runs from one end counts them.
fn counts_after_moves(cells: &[u8], n: usize) -> (Counts, Counts) {
    let mut now: Counts = [0; EXPONENT_SLOTS];
    let mut merges_h: Counts = [0; EXPONENT_SLOTS];
    let mut merges_v: Counts = [0; EXPONENT_SLOTS];
    // The block waiting for a partner in each column (0 when none).
    let mut pending_v = [0u8; MAX_N];
    let mut top = 0u8;
    for row in cells.chunks_exact(n) {
        let mut pending_h = 0u8;
        for (&v, pv) in row.iter().zip(pending_v.iter_mut()) {
            now[v as usize] += 1;
            top = top.max(v);
            let block = v != 0;
            let mh = block & (pending_h == v);
            merges_h[v as usize] += u16::from(mh);
            pending_h = if block {
                if mh { 0 } else { v }
            } else {
                pending_h
            };
            let mv = block & (*pv == v);
            merges_v[v as usize] += u16::from(mv);
            *pv = if block { if mv { 0 } else { v } } else { *pv };
        }
    }
    let after = |merges: &Counts| {
        let mut counts = now;
        for x in 1..=top as usize {
            counts[x] -= 2 * merges[x];
            counts[x + 1] += merges[x];
        }
        counts
    };
    (after(&merges_h), after(&merges_v))
}

/// Bit masks of one board, 64 cells a word in board order: which cells
/// hold a block, and which hold a block of at least a threshold.
struct CellMasks {
    occupied: [u64; MAX_N * MAX_N / 64],
    big: [u64; MAX_N * MAX_N / 64],
}

impl CellMasks {
    fn new(cells: &[u8], low: u8) -> CellMasks {
        let mut masks = CellMasks {
            occupied: [0; MAX_N * MAX_N / 64],
            big: [0; MAX_N * MAX_N / 64],
        };
        let mut chunks = cells.chunks_exact(16);
        let mut at = 0usize;
        for chunk in &mut chunks {
            let (occupied, big) = chunk_masks(chunk.try_into().expect("16 cells"), low);
            masks.occupied[at / 64] |= u64::from(occupied) << (at % 64);
            masks.big[at / 64] |= u64::from(big) << (at % 64);
            at += 16;
        }
        for &v in chunks.remainder() {
            masks.occupied[at / 64] |= u64::from(v != 0) << (at % 64);
            masks.big[at / 64] |= u64::from(v >= low) << (at % 64);
            at += 1;
        }
        masks
    }

    /// Bits `start..start + len` (`len` at most 64) of `words`.
    #[inline]
    fn bits(words: &[u64], start: usize, len: usize) -> u64 {
        let (word, shift) = (start / 64, start % 64);
        let mut v = words[word] >> shift;
        if shift != 0 && shift + len > 64 {
            v |= words[word + 1] << (64 - shift);
        }
        if len < 64 { v & ((1u64 << len) - 1) } else { v }
    }
}

/// Occupied and at-least-`low` masks of 16 cells (`low` at least 1).
#[inline]
fn chunk_masks(chunk: &[u8; 16], low: u8) -> (u16, u16) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SSE2 is part of x86_64, so no feature detection is needed.
        // SAFETY: the load reads exactly the 16 bytes of `chunk`.
        unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast());
            let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u16;
            // v >= low exactly when max(v, low) == v (unsigned bytes).
            let floor = _mm_set1_epi8(low as i8);
            let big = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, floor), v)) as u16;
            (!empty, big)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (mut occupied, mut big) = (0u16, 0u16);
        for (k, &v) in chunk.iter().enumerate() {
            occupied |= u16::from(v != 0) << k;
            big |= u16::from(v >= low) << k;
        }
        (occupied, big)
    }
}

/// [`counts_after_moves`], exact only for exponents above `low`: the others
/// are reported as 0. Only blocks of `2^low` or more are looked at (the
/// blocks merging into the counted exponents), so on a board of mostly
/// smaller blocks this is a few bit scans instead of a pass over every cell.
///
/// Same run argument as [`counts_after_moves`]: in a line, the maximal runs
/// of equal blocks (empty cells between them ignored) give floor(L/2)
/// merges each, in either direction along the line. In a row, a run of
/// blocks of at least `2^low` is walked from its first block (the one whose
/// previous occupied neighbour differs from it); down the columns, a block
/// waiting for a partner is kept per column as the rows go by.
fn counts_after_moves_above(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    if low <= 1 {
        return counts_after_moves(cells, n);
    }
    if crate::simd::avx512() {
        // SAFETY: the CPU has the instructions; the board is n×n, low >= 2.
        return unsafe { avx512::counts_above(cells, n, low) };
    }
    counts_above_scalar(cells, n, low)
}

/// [`counts_after_moves_above`] without AVX-512, for `low >= 2`.
fn counts_above_scalar(cells: &[u8], n: usize, low: u8) -> (Counts, Counts) {
    let masks = CellMasks::new(cells, low);
    let mut now: Counts = [0; EXPONENT_SLOTS];
    let mut merges_h: Counts = [0; EXPONENT_SLOTS];
    let mut merges_v: Counts = [0; EXPONENT_SLOTS];
    let mut top = 0u8;
    // Down the columns, one row at a time: `waiting` marks the columns
    // whose last block is a big one not merged yet, `pending` holds it. A
    // block merges with the one waiting above it if they are equal (pairs
    // form from the top, as in a move up); a small block ends the run.
    let mut waiting = 0u64;
    let mut pending = [0u8; MAX_N];
    for r in 0..n {
        let mut big = CellMasks::bits(&masks.big, r * n, n);
        let occupied = CellMasks::bits(&masks.occupied, r * n, n);
        waiting &= !(occupied & !big);
        if big == 0 {
            continue;
        }
        let row = &cells[r * n..r * n + n];
        while big != 0 {
            let c = big.trailing_zeros() as usize;
            big &= big - 1;
            let v = row[c];
            now[v as usize] += 1;
            top = top.max(v);
            // Along the row: walk the run if this block starts it.
            let before = occupied & ((1u64 << c) - 1);
            if before == 0 || row[63 - before.leading_zeros() as usize] != v {
                let (mut len, mut at) = (1u16, c);
                loop {
                    let after = if at + 1 >= 64 {
                        0
                    } else {
                        occupied >> (at + 1)
                    };
                    if after == 0 {
                        break;
                    }
                    at += 1 + after.trailing_zeros() as usize;
                    if row[at] != v {
                        break;
                    }
                    len += 1;
                }
                merges_h[v as usize] += len / 2;
            }
            let column = 1u64 << c;
            if waiting & column != 0 && pending[c] == v {
                merges_v[v as usize] += 1;
                waiting &= !column;
            } else {
                pending[c] = v;
                waiting |= column;
            }
        }
    }
    (
        counts_above_after(&now, &merges_h, low, top),
        counts_above_after(&now, &merges_v, low, top),
    )
}

/// Block counts after a move, for exponents above `low` (0 at and below),
/// from the counts `now` and the `merges` of each exponent, both exact
/// from `low` up; `top` is the largest exponent on the board.
fn counts_above_after(now: &Counts, merges: &Counts, low: u8, top: u8) -> Counts {
    let mut counts: Counts = [0; EXPONENT_SLOTS];
    for x in low as usize + 1..=top as usize + 1 {
        counts[x] = now[x] - 2 * merges[x] + merges[x - 1];
    }
    counts
}

/// The best exponent after at most one move, without building boards.
///
/// Left and right produce the same merged values (a run of two or more equal
/// neighbours, empty cells between them ignored, always merges at least one
/// pair in either direction), and so do up and down. So one move can create
/// `2^(e+1)` exactly when two equal blocks `2^e` are neighbours in a row or
/// a column with only empty cells between them.
fn best_exponent_after_one(cells: &[u8], n: usize) -> u32 {
    let mut best = cells.iter().copied().max().unwrap_or(0);
    for line in 0..n {
        let mut last_row = 0u8;
        let mut last_col = 0u8;
        for k in 0..n {
            let r = cells[line * n + k];
            if r != 0 {
                if r == last_row {
                    best = best.max(r + 1);
                }
                last_row = r;
            }
            let c = cells[k * n + line];
            if c != 0 {
                if c == last_col {
                    best = best.max(c + 1);
                }
                last_col = c;
            }
        }
    }
    u32::from(best)
}

impl Climb for Game {
    type Node = Board;
    type Key = Box<[u8]>;
    const MOVES: usize = 4;

    fn score(&self, b: &Board) -> u32 {
        u32::from(b.max_exponent())
    }
    fn upper_bound(&self, b: &Board, remaining: u32) -> u32 {
        merge_tree_bound(&b.cells, remaining)
    }
    fn apply(&self, b: &Board, mv: usize, out: &mut Board) -> bool {
        out.slide_from(b, Direction::ALL[mv])
    }
    fn best_after_one(&self, b: &Board) -> u32 {
        best_exponent_after_one(&b.cells, b.n)
    }
    fn child_bounds(&self, b: &Board, remaining: u32, floor: u32, bounds: &mut [u32]) -> bool {
        // Above `floor` the bound only reads exponents from floor + 1 -
        // remaining up (see `bound_from_counts`), and those come from
        // blocks one exponent lower or more.
        let low = (floor + 1)
            .saturating_sub(remaining + 1)
            .min(u32::from(u8::MAX)) as u8;
        let (horizontal, vertical) = counts_after_moves_above(&b.cells, b.n, low);
        let (h, v) = (
            bound_from_counts(&horizontal, remaining).max(floor),
            bound_from_counts(&vertical, remaining).max(floor),
        );
        bounds.copy_from_slice(&[v, v, h, h]);
        true
    }
    fn child_outlook(
        &self,
        b: &Board,
        mv: usize,
        child: &mut Board,
        remaining: u32,
        floor: u32,
        bounds: &mut [u32],
    ) -> Option<(bool, u32)> {
        if !child.slide_from(b, Direction::ALL[mv]) {
            return Some((false, 0));
        }
        self.child_bounds(child, remaining, floor, bounds);
        Some((true, u32::from(child.max_exponent())))
    }
    fn key(&self, b: &Board) -> Box<[u8]> {
        b.cells.clone().into_boxed_slice()
    }
    fn table_limit(&self) -> usize {
        // About 2 GiB in all tables together, whatever the board size: an
        // entry is the boxed key plus about 48 bytes of map slot, box
        // pointer and allocator header.
        ((2usize << 30) / self.searches / (self.key_bytes + 48)).max(1 << 12)
    }
}

/// The largest block value reachable from `board` in at most `moves` moves.
///
/// ```
/// use boardsolve::puzzles::game2048::{max_tile_after, Board};
/// let b = Board::from_values(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
/// assert_eq!(max_tile_after(&b, 5), 16);
/// ```
pub fn max_tile_after(board: &Board, moves: u32) -> u128 {
    max_tile_with_stats(board, moves).0
}

/// [`max_tile_after`] with the search counters. Searches on all cores
/// when the depth makes it worth the start-up cost.
pub fn max_tile_with_stats(board: &Board, moves: u32) -> (u128, SearchStats) {
    let (e, stats) = best_exponent(board, moves);
    (value_of(e as u8), stats)
}

/// The exponent of the largest block reachable, on all cores when deep.
fn best_exponent(board: &Board, moves: u32) -> (u32, SearchStats) {
    if moves >= PARALLEL_FROM_MOVES && board.n >= 4 {
        // Many boards finish in a few hundred positions, faster than threads
        // start; only the rest go parallel.
        maximize::maximize_within(&Game::new(board, 1), board, moves, SEQUENTIAL_TRIAL)
            .unwrap_or_else(|| {
                let game = Game::new(board, rayon::current_num_threads());
                maximize::maximize_parallel(&game, board, moves, PARALLEL_SPLIT)
            })
    } else {
        maximize::maximize(&Game::new(board, 1), board, moves)
    }
}

/// Whether a block `2^e` can be made within `moves` moves, on all cores
/// when deep (as [`best_exponent`]).
fn reaches(board: &Board, moves: u32, e: u32) -> bool {
    if moves >= PARALLEL_FROM_MOVES && board.n >= 4 {
        maximize::reaches_within(&Game::new(board, 1), board, moves, e, SEQUENTIAL_TRIAL)
            .unwrap_or_else(|| {
                let game = Game::new(board, rayon::current_num_threads());
                maximize::reaches_parallel(&game, board, moves, PARALLEL_SPLIT, e)
            })
    } else {
        maximize::reaches(&Game::new(board, 1), board, moves, e)
    }
}

/// [`max_tile_after`] on one thread, for comparisons with the plain search.
pub fn max_tile_sequential(board: &Board, moves: u32) -> (u128, SearchStats) {
    let (e, stats) = maximize::maximize(&Game::new(board, 1), board, moves);
    (value_of(e as u8), stats)
}

/// Below this many moves a search takes about a millisecond or less, and
/// threads would cost more than they save.
const PARALLEL_FROM_MOVES: u32 = 7;
/// Positions a search may take on one thread before going parallel: the
/// boards that finish this quickly (equal blocks, K = 10: about a dozen)
/// never start threads, and the others lose little to the trial.
const SEQUENTIAL_TRIAL: u64 = 50;
/// Depth of the positions handed out as parallel tasks: up to 4^2 = 16
/// tasks. Deeper splits balance the cores better but share less: each task
/// has its own transposition table. Measured on dense 20×20 boards at
/// K = 10 with 2 cores, split 2 was the fastest of 1 to 4.
const PARALLEL_SPLIT: u32 = 2;

/// An optimal line of play: the largest block and the moves reaching it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The largest block value reachable within the allowed moves.
    pub max: u128,
    /// The shortest move sequence reaching it, first in Up < Down < Left < Right
    /// order among the shortest.
    pub moves: Vec<Direction>,
}

/// The optimal value and the shortest, first-in-order line reaching it.
///
/// ```
/// use boardsolve::puzzles::game2048::{best_line, Board, Direction};
/// let b = Board::from_values(2, &[2, 0, 2, 0]).unwrap();
/// let line = best_line(&b, 5);
/// assert_eq!((line.max, line.moves), (4, vec![Direction::Up]));
/// ```
pub fn best_line(board: &Board, moves: u32) -> Line {
    let (e, _) = best_exponent(board, moves);
    let path = maximize::first_line_with(&Game::new(board, 1), board, moves, |node, left| {
        reaches(node, left, e)
    })
    .expect("the optimum found by the search is reachable");
    Line {
        max: value_of(e as u8),
        moves: path.into_iter().map(|m| Direction::ALL[m]).collect(),
    }
}

/// The plain search the tests and benchmarks compare against: every one of
/// the 4^K move sequences, boards of values copied at every step, its own
/// move code. Exponential; for small K only.
pub mod brute {
    /// Largest block value after at most `moves` moves from the `values`
    /// board (row after row, `0` empty).
    pub fn max_tile(n: usize, values: &[u64], moves: u32) -> u128 {
        search(n, &widen(values), moves)
    }

    /// The `values` board after one move in `dir` (0 up, 1 down, 2 left,
    /// 3 right), row after row; a move that changes nothing returns it as is.
    pub fn slide(n: usize, values: &[u64], dir: usize) -> Vec<u128> {
        shift(n, &widen(values), dir)
    }

    /// The first move sequence of exactly `length` moves, in Up < Down <
    /// Left < Right order, after which the largest block is at least
    /// `target`; moves that change nothing are allowed.
    pub fn first_sequence(
        n: usize,
        values: &[u64],
        length: u32,
        target: u128,
    ) -> Option<Vec<usize>> {
        let mut seq = Vec::new();
        first(n, &widen(values), length, target, &mut seq).then_some(seq)
    }

    fn widen(values: &[u64]) -> Vec<u128> {
        values.iter().map(|&v| u128::from(v)).collect()
    }

    fn first(n: usize, board: &[u128], left: u32, target: u128, seq: &mut Vec<usize>) -> bool {
        if left == 0 {
            return board.iter().any(|&v| v >= target);
        }
        for dir in 0..4 {
            seq.push(dir);
            if first(n, &shift(n, board, dir), left - 1, target, seq) {
                return true;
            }
            seq.pop();
        }
        false
    }

    fn search(n: usize, board: &[u128], moves: u32) -> u128 {
        let mut best = board.iter().copied().max().unwrap_or(0);
        if moves == 0 {
            return best;
        }
        for dir in 0..4 {
            best = best.max(search(n, &shift(n, board, dir), moves - 1));
        }
        best
    }

    /// A fresh board after one move in `dir`.
    fn shift(n: usize, board: &[u128], dir: usize) -> Vec<u128> {
        let mut out = vec![0u128; n * n];
        for i in 0..n {
            // The k-th cell of line i, counted from the wall.
            let cell = |k: usize| match dir {
                0 => k * n + i,
                1 => (n - 1 - k) * n + i,
                2 => i * n + k,
                _ => i * n + (n - 1 - k),
            };
            let mut placed = 0;
            // The last block placed, if it may still take a partner.
            let mut open = 0u128;
            for k in 0..n {
                let v = board[cell(k)];
                if v == 0 {
                    continue;
                }
                if v == open {
                    out[cell(placed - 1)] = 2 * v;
                    open = 0;
                } else {
                    out[cell(placed)] = v;
                    placed += 1;
                    open = v;
                }
            }
        }
        out
    }
}

/// Reference solvers that each make one classic mistake, for `stress
/// --diagnose`. Plain memoized searches over value boards, small boards only.
pub mod mistakes {
    use rustc_hash::FxHashMap;

    /// One classic mistake.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Mistake {
        /// A block made by a merge merges again in the same move (2 2 4 → 8).
        MergeAgain,
        /// Three equal blocks merge on the side away from the wall (2 2 2 ← gives 2 4).
        FarSideFirst,
        /// Blocks with an empty cell between them never merge (2 0 2 ← gives 2 2).
        NoMergeAcrossGap,
        /// At most one merge per line in a move (2 2 2 2 ← gives 4 2 2).
        OneMergePerLine,
        /// The search abandons a board as soon as one move changes nothing.
        StopAtNoOpMove,
    }

    impl Mistake {
        /// All of them, in the order a diagnosis tries them.
        pub const ALL: [Mistake; 5] = [
            Mistake::MergeAgain,
            Mistake::FarSideFirst,
            Mistake::NoMergeAcrossGap,
            Mistake::OneMergePerLine,
            Mistake::StopAtNoOpMove,
        ];

        /// Completes "your program behaves as if ...".
        pub fn description(self) -> &'static str {
            match self {
                Mistake::MergeAgain => {
                    "a merged block can merge again in the same move (2 2 4 left gives 8)"
                }
                Mistake::FarSideFirst => {
                    "three equal blocks merge on the side away from the wall (2 2 2 left gives 2 4)"
                }
                Mistake::NoMergeAcrossGap => {
                    "blocks with empty cells between them do not merge (2 0 2 left gives 2 2)"
                }
                Mistake::OneMergePerLine => {
                    "a line merges at most once per move (2 2 2 2 left gives 4 2 2)"
                }
                Mistake::StopAtNoOpMove => {
                    "the search gives up on a board as soon as one of its moves changes nothing"
                }
            }
        }
    }

    /// One line after a move, `line[0]` at the wall, made with `mistake`.
    pub fn merge_line(line: &[u128], mistake: Mistake) -> Vec<u128> {
        let blocks: Vec<u128> = line.iter().copied().filter(|&v| v != 0).collect();
        let mut out: Vec<u128> = Vec::with_capacity(line.len());
        match mistake {
            Mistake::MergeAgain => {
                for v in blocks {
                    out.push(v);
                    while out.len() >= 2 && out[out.len() - 1] == out[out.len() - 2] {
                        let top = out.pop().unwrap_or(0);
                        *out.last_mut().expect("two blocks") += top;
                    }
                }
            }
            Mistake::FarSideFirst => {
                let mut rev: Vec<u128> = Vec::new();
                let mut i = blocks.len();
                while i > 0 {
                    if i >= 2 && blocks[i - 1] == blocks[i - 2] {
                        rev.push(2 * blocks[i - 1]);
                        i -= 2;
                    } else {
                        rev.push(blocks[i - 1]);
                        i -= 1;
                    }
                }
                out.extend(rev.into_iter().rev());
            }
            Mistake::NoMergeAcrossGap => {
                let mut i = 0;
                while i < line.len() {
                    if line[i] != 0 && i + 1 < line.len() && line[i] == line[i + 1] {
                        out.push(2 * line[i]);
                        i += 2;
                    } else {
                        if line[i] != 0 {
                            out.push(line[i]);
                        }
                        i += 1;
                    }
                }
            }
            Mistake::OneMergePerLine | Mistake::StopAtNoOpMove => {
                let once = mistake == Mistake::OneMergePerLine;
                let mut merged_once = false;
                let mut i = 0;
                while i < blocks.len() {
                    let may = !(once && merged_once);
                    if may && i + 1 < blocks.len() && blocks[i] == blocks[i + 1] {
                        out.push(2 * blocks[i]);
                        merged_once = true;
                        i += 2;
                    } else {
                        out.push(blocks[i]);
                        i += 1;
                    }
                }
            }
        }
        out.resize(line.len(), 0);
        out
    }

    fn shift(n: usize, board: &[u128], dir: usize, mistake: Mistake) -> Vec<u128> {
        let mut out = vec![0u128; n * n];
        for i in 0..n {
            let cell = |k: usize| match dir {
                0 => k * n + i,
                1 => (n - 1 - k) * n + i,
                2 => i * n + k,
                _ => i * n + (n - 1 - k),
            };
            let line: Vec<u128> = (0..n).map(|k| board[cell(k)]).collect();
            for (k, v) in merge_line(&line, mistake).into_iter().enumerate() {
                out[cell(k)] = v;
            }
        }
        out
    }

    /// The largest block after at most `moves` moves, played with `mistake`.
    pub fn max_tile(n: usize, values: &[u64], moves: u32, mistake: Mistake) -> u128 {
        let board: Vec<u128> = values.iter().map(|&v| u128::from(v)).collect();
        let mut memo = FxHashMap::default();
        search(n, &board, moves, mistake, &mut memo)
    }

    fn search(
        n: usize,
        board: &[u128],
        moves: u32,
        mistake: Mistake,
        memo: &mut FxHashMap<(Vec<u128>, u32), u128>,
    ) -> u128 {
        let mut best = board.iter().copied().max().unwrap_or(0);
        if moves == 0 {
            return best;
        }
        if let Some(&v) = memo.get(&(board.to_vec(), moves)) {
            return v;
        }
        for dir in 0..4 {
            let next = shift(n, board, dir, mistake);
            if mistake == Mistake::StopAtNoOpMove && next == board {
                break;
            }
            best = best.max(search(n, &next, moves - 1, mistake, memo));
        }
        memo.insert((board.to_vec(), moves), best);
        best
    }
}

/// A random instance: side `n`, blocks up to `2^max_exponent`, each cell
/// filled with probability `density`, at least one block. Half the time the
/// blocks are kept small (2..8) so that merges are frequent.
///
/// ```
/// use boardsolve::puzzles::game2048::random_instance;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let inst = random_instance(&mut rng, 4, 10, 0.7, false);
/// assert_eq!(inst.board.size(), 4);
/// ```
pub fn random_instance<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    max_exponent: u8,
    density: f64,
    hard: bool,
) -> Instance {
    use rand::RngExt;
    let n = n.clamp(1, MAX_N);
    let max_exponent = max_exponent.clamp(1, MAX_INPUT_EXPONENT);
    let small = max_exponent.min(3);
    let mut cells = vec![0u8; n * n];
    let shape = if hard { rng.random_range(0..4u8) } else { 4 };
    match shape {
        // Rows of equal runs: 2 2 2, 2 2 2 2, 4 2 2, separated by gaps.
        0 => {
            for row in cells.chunks_mut(n) {
                let mut k = 0;
                while k < n {
                    let e = rng.random_range(1..=small);
                    let run = rng.random_range(1..=4usize);
                    for _ in 0..run.min(n - k) {
                        row[k] = e;
                        k += 1;
                    }
                    if rng.random_bool(0.3) && k < n {
                        k += 1;
                    }
                    if rng.random_bool(0.3) {
                        row[k.saturating_sub(1)] = (e + 1).min(max_exponent);
                    }
                }
            }
        }
        // A full board of small blocks.
        1 => cells
            .iter_mut()
            .for_each(|c| *c = rng.random_range(1..=small)),
        // A single block.
        2 => {
            let at = rng.random_range(0..n * n);
            cells[at] = rng.random_range(1..=max_exponent);
        }
        // Every cell the same block.
        3 => {
            let e = rng.random_range(1..=small);
            cells.iter_mut().for_each(|c| *c = e);
        }
        _ => {
            let top = if rng.random_bool(0.5) {
                small
            } else {
                max_exponent
            };
            for c in cells.iter_mut() {
                if rng.random_bool(density.clamp(0.0, 1.0)) {
                    *c = rng.random_range(1..=top);
                }
            }
        }
    }
    if cells.iter().all(|&e| e == 0) {
        let at = rng.random_range(0..n * n);
        cells[at] = rng.random_range(1..=small);
    }
    Instance {
        board: Board { n, cells },
    }
}

/// Smaller boards than `board` for shrinking, the boldest first: the
/// top-left corners, then one row and one column fewer, then one block
/// fewer, then one block halved. Every candidate keeps at least one block.
pub fn shrink_candidates(board: &Board) -> Vec<Board> {
    let n = board.n;
    let at = |r: usize, c: usize| board.cells[r * n + c];
    let mut out = Vec::new();
    let mut push = |m: usize, cells: Vec<u8>| {
        if cells.iter().any(|&e| e != 0) {
            out.push(Board { n: m, cells });
        }
    };
    for m in 1..n {
        push(m, (0..m * m).map(|k| at(k / m, k % m)).collect());
    }
    if n > 1 {
        for skip_r in 0..n {
            for skip_c in 0..n {
                let cells = (0..n)
                    .filter(|&r| r != skip_r)
                    .flat_map(|r| (0..n).filter(move |&c| c != skip_c).map(move |c| (r, c)))
                    .map(|(r, c)| at(r, c))
                    .collect();
                push(n - 1, cells);
            }
        }
    }
    for k in 0..n * n {
        if board.cells[k] != 0 {
            let mut cells = board.cells.clone();
            cells[k] = 0;
            push(n, cells);
        }
    }
    // Every block halved keeps the pattern of equal neighbours.
    if board.cells.iter().all(|&e| e != 1) {
        push(
            n,
            board.cells.iter().map(|&e| e.saturating_sub(1)).collect(),
        );
    }
    for k in 0..n * n {
        if board.cells[k] > 1 {
            let mut cells = board.cells.clone();
            cells[k] -= 1;
            push(n, cells);
        }
    }
    out
}

/// The 2048 puzzle for the CLI; `default_moves` is K when `--moves` is absent.
pub struct Game2048 {
    /// The command name this entry answers to.
    pub name: &'static str,
    /// K when the user gives no `--moves`.
    pub default_moves: u32,
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    max: u128,
    moves: &'a [Direction],
}

impl Game2048 {
    fn moves(&self, opts: &SolveOptions) -> Result<u32, Error> {
        let moves = opts.moves.unwrap_or(self.default_moves);
        if moves > MAX_MOVES {
            return Err(Error::Usage(format!(
                "--moves {moves} is above the limit of {MAX_MOVES}"
            )));
        }
        Ok(moves)
    }
}

impl Puzzle for Game2048 {
    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        use rand::RngExt;
        opts.only(
            self.name,
            &[
                crate::puzzles::Size::N,
                crate::puzzles::Size::MaxTile,
                crate::puzzles::Size::Density,
            ],
        )?;
        let n = match opts.n {
            Some(n) if (1..=MAX_N as u64).contains(&n) => n as usize,
            Some(n) => {
                return Err(Error::Usage(format!(
                    "--n must be from 1 to {MAX_N}, found {n}"
                )));
            }
            None => rng.random_range(1..=8),
        };
        let max_exponent = match opts.max_tile {
            None => 10,
            Some(v) => match exponent_of(v) {
                Some(e) if e >= 1 => e,
                _ => {
                    return Err(Error::Usage(format!(
                        "--max-tile must be a power of two from 2 to 2^63, found {v}"
                    )));
                }
            },
        };
        let density = opts.density.unwrap_or_else(|| rng.random_range(0.2..=1.0));
        Ok(random_instance(rng, n, max_exponent, density, opts.hard).to_string())
    }

    fn shrink(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let Ok(instance) = Instance::parse(input) else {
            return Vec::new();
        };
        shrink_candidates(&instance.board)
            .into_iter()
            .map(|board| Instance { board }.to_string().into_bytes())
            .collect()
    }

    fn variants(&self) -> Vec<Variant> {
        let default_moves = self.default_moves;
        mistakes::Mistake::ALL
            .iter()
            .map(|&mistake| Variant {
                mistake: mistake.description(),
                solve: Box::new(move |input: &[u8], opts: &SolveOptions| {
                    let instance = Instance::parse(input)?;
                    let moves = opts.moves.unwrap_or(default_moves);
                    let b = &instance.board;
                    let values: Vec<u64> = b.cells.iter().map(|&e| value_of(e) as u64).collect();
                    Ok(format!(
                        "{}\n",
                        mistakes::max_tile(b.n, &values, moves, mistake)
                    ))
                }) as SolveFn,
            })
            .collect()
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        "2048: largest block in at most K moves"
    }

    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error> {
        let instance = Instance::parse(input)?;
        let moves = self.moves(opts)?;
        let board = &instance.board;
        match opts.format {
            OutputFormat::Judge => writeln!(out, "{}", max_tile_after(board, moves))?,
            OutputFormat::Json => {
                let line = best_line(board, moves);
                let json = JsonAnswer {
                    max: line.max,
                    moves: &line.moves,
                };
                serde_json::to_writer(&mut *out, &json).map_err(std::io::Error::from)?;
                writeln!(out)?;
            }
            OutputFormat::Explain => {
                let line = best_line(board, moves);
                write_explanation(board, moves, &line, out)?;
            }
        }
        Ok(())
    }
}

fn write_explanation(
    board: &Board,
    moves: u32,
    line: &Line,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let plural = |k: usize| if k == 1 { "move" } else { "moves" };
    writeln!(
        out,
        "largest block within {moves} {}: {}",
        plural(moves as usize),
        line.max
    )?;
    if line.moves.is_empty() {
        writeln!(out, "already on the board: no move needed")?;
    } else {
        let names: Vec<&str> = line.moves.iter().map(|d| d.name()).collect();
        writeln!(
            out,
            "shortest line ({} {}): {}",
            line.moves.len(),
            plural(line.moves.len()),
            names.join(" ")
        )?;
    }
    writeln!(out, "\nstart:")?;
    write!(out, "{board}")?;
    let mut current = board.clone();
    for (i, &dir) in line.moves.iter().enumerate() {
        current = current
            .slide(dir)
            .expect("moves on an optimal line change the board");
        writeln!(out, "\nmove {}: {}", i + 1, dir.name())?;
        write!(out, "{current}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize, v: &[u64]) -> Board {
        Board::from_values(n, v).unwrap()
    }

    fn row_left(v: &[u64]) -> Vec<u128> {
        let b = board(v.len(), &{
            let mut all = v.to_vec();
            all.resize(v.len() * v.len(), 0);
            all
        });
        let moved = b.slide(Direction::Left).unwrap_or(b);
        (0..v.len()).map(|c| moved.value(0, c)).collect()
    }

    #[test]
    fn merges_nearest_the_wall_first_and_once() {
        assert_eq!(row_left(&[2, 2, 2]), [4, 2, 0]);
        assert_eq!(row_left(&[2, 2, 2, 2]), [4, 4, 0, 0]);
        assert_eq!(row_left(&[4, 2, 2]), [4, 4, 0]);
        assert_eq!(row_left(&[2, 0, 0, 2]), [4, 0, 0, 0]);
        assert_eq!(row_left(&[4, 4, 8, 0]), [8, 8, 0, 0]);
        assert_eq!(row_left(&[0, 0, 2, 4]), [2, 4, 0, 0]);
    }

    #[test]
    fn each_direction() {
        // 2 2 0
        // 0 2 4
        // 2 0 4
        let b = board(3, &[2, 2, 0, 0, 2, 4, 2, 0, 4]);
        let show = |d| b.slide(d).unwrap().to_string();
        assert_eq!(show(Direction::Up), "4 4 8\n0 0 0\n0 0 0\n");
        assert_eq!(show(Direction::Down), "0 0 0\n0 0 0\n4 4 8\n");
        assert_eq!(show(Direction::Left), "4 0 0\n2 4 0\n2 4 0\n");
        assert_eq!(show(Direction::Right), "0 0 4\n0 2 4\n0 2 4\n");
    }

    #[test]
    fn a_move_that_changes_nothing_is_none() {
        let b = board(2, &[2, 4, 0, 0]);
        assert!(b.slide(Direction::Up).is_none());
        assert!(b.slide(Direction::Left).is_none());
        assert!(b.slide(Direction::Down).is_some());
    }

    #[test]
    fn sample_and_edges() {
        assert_eq!(
            max_tile_after(&board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]), 5),
            16
        );
        assert_eq!(max_tile_after(&board(1, &[1024]), 10), 1024);
        assert_eq!(max_tile_after(&board(2, &[2, 2, 2, 2]), 0), 2);
        assert_eq!(max_tile_after(&board(2, &[2, 2, 2, 2]), 1), 4);
        assert_eq!(max_tile_after(&board(2, &[2, 2, 2, 2]), 2), 8);
        assert_eq!(max_tile_after(&board(2, &[2, 2, 2, 2]), 30), 8);
        assert_eq!(
            max_tile_after(&board(3, &[2, 4, 8, 16, 32, 64, 128, 256, 512]), 10),
            512
        );
    }

    #[test]
    fn transposition_tables_stay_within_two_gib_in_all() {
        // A 64×64 key is 4 KiB: the budget once counted it as 1 KiB, and
        // once per thread, so a long search on a big board grew past 8 GiB.
        let big = Board::from_values(64, &[2; 64 * 64]).unwrap();
        for searches in [1, 2, 16] {
            let limit = Game::new(&big, searches).table_limit();
            assert!(limit * searches * (64 * 64 + 48) <= 2 << 30, "{searches}");
        }
        // Small boards keep big tables: the budget follows the real key.
        let small = Board::from_values(4, &[2; 16]).unwrap();
        assert!(Game::new(&small, 2).table_limit() >= 1 << 24);
    }

    #[test]
    fn bound_is_never_below_the_truth() {
        let b = board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]);
        for k in 0..6 {
            let truth = max_tile_after(&b, k);
            assert!(value_of(merge_tree_bound(&b.cells, k) as u8) >= truth);
        }
    }

    #[test]
    fn best_line_is_shortest_and_first() {
        // Left and right both make 4 in one move; up, down change nothing.
        let b = board(2, &[2, 2, 0, 0]);
        assert_eq!(best_line(&b, 3).moves, vec![Direction::Left]);
        // Needs two merges of 2+2 then 4+4: up first (U < D < L < R).
        let b = board(2, &[2, 2, 2, 2]);
        assert_eq!(best_line(&b, 3).moves, vec![Direction::Up, Direction::Left]);
    }

    #[test]
    fn parse_errors_name_the_place() {
        let e = Instance::parse(b"3\n2 2 2\n4 3 4\n8 8 8\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:3: expected a block value (0 or a power of two from 2), found 3"
        );
        let e = Instance::parse(b"2\n0 0\n0 0\n").unwrap_err();
        assert!(e.to_string().starts_with("2:1: the board has no block"));
        let e = Instance::parse(b"65\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: expected the board size N from 1 to 64, found 65"
        );
        let e = Instance::parse(b"1\n2 2").unwrap_err();
        assert!(e.to_string().starts_with("2:3: unexpected extra input"));
    }

    use proptest::prelude::*;

    /// Boards of side 1..=6 with blocks 2..=64 and some empty cells; dense
    /// small values make merges, and equal runs, common.
    fn small_board() -> impl Strategy<Value = (usize, Vec<u64>)> {
        (1usize..=6).prop_flat_map(|n| {
            let cell = prop_oneof![2 => Just(0u64), 3 => (1u32..=6).prop_map(|e| 1u64 << e)];
            (Just(n), prop::collection::vec(cell, n * n))
        })
    }

    proptest! {
        // Deep enough that the parallel search runs; the brute force is
        // slow at K = 7, so fewer cases.
        #![proptest_config(ProptestConfig::with_cases(40))]

        #[test]
        fn parallel_search_equals_brute_force((n, values) in small_board(), k in 7u32..=7) {
            prop_assume!(n >= 4);
            let b = board(n, &values);
            prop_assert_eq!(max_tile_after(&b, k), brute::max_tile(n, &values, k));
        }

        #[test]
        fn deep_best_line_is_the_first_shortest(
            (n, values) in small_board(),
            k in 7u32..=7,
        ) {
            // K = 7 takes the deep path: a short trial on one thread, then
            // all cores (small boards rarely outlast the trial; the test
            // below runs the parallel searches directly).
            prop_assume!(n >= 4);
            let line = best_line(&board(n, &values), k);
            let length = line.moves.len() as u32;
            if length > 0 {
                prop_assert!(brute::max_tile(n, &values, length - 1) < line.max);
            }
            let first = brute::first_sequence(n, &values, length, line.max)
                .expect("the line itself qualifies");
            let ours: Vec<usize> = line.moves.iter().map(|&d| d as usize).collect();
            prop_assert_eq!(ours, first);
        }
    }

    /// An n×n board (as exponents) from `seed`: a random share of empty
    /// cells and a few neighbouring exponents, so runs of equal blocks and
    /// empty stretches are common and rows straddle mask words. Half the
    /// boards use the smallest exponents, the others sit anywhere up to the
    /// largest input block.
    fn random_cells(n: usize, seed: u64) -> Vec<u8> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let empty = rng.random_range(0..=100u32);
        let kinds = rng.random_range(1..=8u8);
        let base = if rng.random_range(0..2) == 0 {
            0
        } else {
            rng.random_range(0..=MAX_INPUT_EXPONENT - kinds)
        };
        (0..n * n)
            .map(|_| {
                if rng.random_range(0..100) < empty {
                    0
                } else {
                    base + rng.random_range(1..=kinds)
                }
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn parallel_searches_equal_brute_force_whatever_the_trial(
            (n, values) in small_board(),
            k in 2u32..=6,
            split in 1u32..=3,
        ) {
            // The parallel searches directly, without the sequential trial
            // that small boards usually finish in.
            let b = board(n, &values);
            let truth = brute::max_tile(n, &values, k);
            prop_assume!(truth > 0);
            let e = truth.trailing_zeros();
            let game = Game::new(&b, 2);
            let (best, _) = maximize::maximize_parallel(&game, &b, k, split);
            prop_assert_eq!(value_of(best as u8), truth);
            prop_assert!(maximize::reaches_parallel(&game, &b, k, split, e));
            prop_assert!(!maximize::reaches_parallel(&game, &b, k, split, e + 1));
            prop_assert!(maximize::reaches(&game, &b, k, e));
            prop_assert!(!maximize::reaches(&game, &b, k, e + 1));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn fast_solver_equals_brute_force((n, values) in small_board(), k in 0u32..=5) {
            let board = board(n, &values);
            let fast = max_tile_after(&board, k);
            prop_assert_eq!(fast, brute::max_tile(n, &values, k));
        }

        #[test]
        fn slide_equals_brute_force_shift((n, values) in small_board()) {
            let b = board(n, &values);
            for (i, &d) in Direction::ALL.iter().enumerate() {
                let ours: Vec<u128> = match b.slide(d) {
                    Some(m) => (0..n * n).map(|k| m.value(k / n, k % n)).collect(),
                    None => values.iter().map(|&v| u128::from(v)).collect(),
                };
                prop_assert_eq!(ours, brute::slide(n, &values, i), "direction {:?}", d);
            }
        }

        #[test]
        fn best_line_reaches_the_optimum_and_is_shortest((n, values) in small_board(), k in 0u32..=4) {
            let b = board(n, &values);
            let line = best_line(&b, k);
            prop_assert_eq!(line.max, brute::max_tile(n, &values, k));
            let mut cur = b.clone();
            for &d in &line.moves {
                cur = cur.slide(d).expect("each move changes the board");
            }
            prop_assert_eq!(cur.max_value(), line.max);
            if !line.moves.is_empty() {
                let shorter = line.moves.len() as u32 - 1;
                prop_assert!(brute::max_tile(n, &values, shorter) < line.max);
            }
            // First in Up < Down < Left < Right order among the shortest.
            let first = brute::first_sequence(n, &values, line.moves.len() as u32, line.max)
                .expect("the line itself qualifies");
            let ours: Vec<usize> = line.moves.iter().map(|&d| d as usize).collect();
            prop_assert_eq!(ours, first);
        }

        #[test]
        fn child_bounds_match_built_children((n, values) in small_board(), k in 0u32..=4) {
            let b = board(n, &values);
            let mut bounds = [0u32; 4];
            prop_assert!(Game::new(&b, 1).child_bounds(&b, k, 0, &mut bounds));
            for (i, &d) in Direction::ALL.iter().enumerate() {
                let child = b.slide(d).unwrap_or_else(|| b.clone());
                prop_assert_eq!(bounds[i], merge_tree_bound(&child.cells, k), "{:?}", d);
            }
        }

        #[test]
        fn counts_above_a_threshold_match_the_full_counts(
            (n, values) in small_board(),
            low in 0u8..=7,
        ) {
            let b = board(n, &values);
            let full = counts_after_moves(&b.cells, n);
            let above = counts_after_moves_above(&b.cells, n, low);
            for (f, a) in [(full.0, above.0), (full.1, above.1)] {
                for x in 0..EXPONENT_SLOTS {
                    if x > usize::from(low) || low <= 1 {
                        prop_assert_eq!(a[x], f[x], "exponent {}", x);
                    } else {
                        prop_assert_eq!(a[x], 0, "exponent {}", x);
                    }
                }
            }
        }

        #[test]
        fn counts_above_a_threshold_on_boards_of_any_size(
            n in 1usize..=64,
            seed in any::<u64>(),
            low in 2u8..=6,
        ) {
            let cells = random_cells(n, seed);
            let full = counts_after_moves(&cells, n);
            let above = counts_after_moves_above(&cells, n, low);
            for x in usize::from(low) + 1..EXPONENT_SLOTS {
                prop_assert_eq!((above.0[x], above.1[x]), (full.0[x], full.1[x]), "exponent {}", x);
            }
        }

        #[test]
        fn simd_moves_equal_the_scalar_moves(
            n in 1usize..=64,
            seed in any::<u64>(),
        ) {
            if !crate::simd::avx512() {
                return Ok(());
            }
            let cells = random_cells(n, seed);
            for (i, &d) in Direction::ALL.iter().enumerate() {
                let (mut fast, mut plain) = (vec![9u8; n * n], vec![7u8; n * n]);
                // SAFETY: checked above; both boards are n×n.
                let fast_changed = unsafe { avx512::slide(&cells, &mut fast, n, i) };
                let plain_changed = slide_scalar(&cells, &mut plain, n, d);
                prop_assert_eq!(&fast, &plain, "{:?}", d);
                prop_assert_eq!(fast_changed, plain_changed, "{:?}", d);
            }
        }

        #[test]
        fn simd_counts_equal_the_scalar_counts(
            n in 1usize..=64,
            seed in any::<u64>(),
            low in 2u8..=9,
        ) {
            if !crate::simd::avx512() {
                return Ok(());
            }
            let cells = random_cells(n, seed);
            // SAFETY: checked above; the board is n×n and low >= 2.
            let fast = unsafe { avx512::counts_above(&cells, n, low) };
            prop_assert_eq!(fast, counts_above_scalar(&cells, n, low));
        }

        #[test]
        fn left_partners_pair_greedily_from_bit_zero(eq in any::<u64>()) {
            let mut expected = 0u64;
            let mut i = 0;
            while i < 64 {
                if eq >> i & 1 == 1 {
                    expected |= 1 << i;
                    i += 2;
                } else {
                    i += 1;
                }
            }
            prop_assert_eq!(avx512::left_partners(eq), expected);
        }

        #[test]
        fn child_bounds_above_a_floor_are_exact_above_it(
            (n, values) in small_board(),
            k in 0u32..=4,
            floor in 0u32..=8,
        ) {
            let b = board(n, &values);
            let mut bounds = [0u32; 4];
            prop_assert!(Game::new(&b, 1).child_bounds(&b, k, floor, &mut bounds));
            for (i, &d) in Direction::ALL.iter().enumerate() {
                let child = b.slide(d).unwrap_or_else(|| b.clone());
                prop_assert_eq!(bounds[i], merge_tree_bound(&child.cells, k).max(floor), "{:?}", d);
            }
        }

        #[test]
        fn bound_holds((n, values) in small_board(), k in 0u32..=4) {
            let b = board(n, &values);
            let truth = brute::max_tile(n, &values, k);
            prop_assert!(value_of(merge_tree_bound(&b.cells, k) as u8) >= truth);
        }
    }
}
