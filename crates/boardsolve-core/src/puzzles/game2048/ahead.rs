//! The two-move look: whether a block can still be made, judged two moves
//! past a built board without building the boards in between.
//!
//! The look at a built child judges each grandchild by the merge-tree count
//! of its blocks (`Search::bounds_below`). Here the same count is taken one
//! move further, on every great-grandchild, and the grandchild is ruled out
//! when all four of its children fail the count. Only one number of each
//! great-grandchild matters: how many pairs of the blocks just below the
//! counted ones merge in that move (the proof is in docs/2048.md, "The
//! two-move look"). So the grandchild is never written out: a walk over the
//! built board, all lines side by side, gives each line's packed length and
//! the slot of each of those blocks, and the four moves' merges follow from
//! bit masks of those slots. The same walks give the count of each
//! grandchild as well ([`look`]), so where the look runs first the counts
//! are taken only for the children it leaves.

use super::avx512::left_partners;
use super::board::MAX_N;
use super::solve::{Counts, EXPONENT_SLOTS};

/// Lines walked side by side: one SSE2 register of byte lanes.
pub(super) const WIDTH: usize = 16;

/// A board laid out for the lane walk: step `j` of every line (its `j`-th
/// cell from one end) at `cells[j * stride..]`, line `i` in byte `i`. Every
/// chunk of [`chunks`] is inside the slice at every step: the stride is
/// `n` from 16 lines up, else 16 with the lanes from `n` zero.
pub(super) struct Steps<'a> {
    pub(super) cells: &'a [u8],
    pub(super) stride: usize,
    pub(super) n: usize,
}

/// Room for a board laid out as [`Steps`] when the board itself is not.
/// Left unwritten until a layout asks for its cells: a look or a move
/// uses a few hundred of its 4096 bytes, and clearing all of them cost
/// more than the transpose.
pub(super) struct Scratch(std::mem::MaybeUninit<[u8; MAX_N * MAX_N]>);

impl Scratch {
    /// Room for any board.
    pub(super) fn new() -> Scratch {
        Scratch(std::mem::MaybeUninit::uninit())
    }

    /// The first `len` bytes, cleared.
    fn cleared(&mut self, len: usize) -> &mut [u8] {
        assert!(len <= MAX_N * MAX_N);
        let at = self.0.as_mut_ptr().cast::<u8>();
        // SAFETY: `len` bytes are inside the array; they are written
        // before the slice that reads them is made.
        unsafe {
            at.write_bytes(0, len);
            std::slice::from_raw_parts_mut(at, len)
        }
    }
}

/// The rows of an `n`×`n` board as steps: its columns are the lines, for
/// a vertical move. From 16 columns up this is the board itself.
pub(super) fn columns<'a>(board: &'a [u8], n: usize, scratch: &'a mut Scratch) -> Steps<'a> {
    if n >= WIDTH {
        return Steps {
            cells: board,
            stride: n,
            n,
        };
    }
    let cells = scratch.cleared(n * WIDTH);
    for (row, to) in board.chunks_exact(n).zip(cells.chunks_exact_mut(WIDTH)) {
        to[..n].copy_from_slice(row);
    }
    Steps {
        cells,
        stride: WIDTH,
        n,
    }
}

/// The columns of an `n`×`n` board as steps: its rows are the lines, for a
/// horizontal move (a transpose).
pub(super) fn rows<'a>(board: &'a [u8], n: usize, scratch: &'a mut Scratch) -> Steps<'a> {
    if n < WIDTH {
        let cells = scratch.cleared(n * WIDTH);
        for (r, row) in board.chunks_exact(n).enumerate() {
            for (c, &v) in row.iter().enumerate() {
                cells[c * WIDTH + r] = v;
            }
        }
        return Steps {
            cells,
            stride: WIDTH,
            n,
        };
    }
    let cells = scratch.cleared(n * n);
    transpose(board, cells, n);
    Steps {
        cells,
        stride: n,
        n,
    }
}

/// The first line of each chunk of [`WIDTH`] lines walked together, and
/// the first of its lines that no earlier chunk walked: the last chunk
/// ends at line `n` (at 16 when fewer), overlapping the one before.
pub(super) fn chunks(n: usize) -> impl Iterator<Item = (usize, usize)> {
    let whole = n / WIDTH;
    // `then`, not `then_some`: the pair is computed only when n > WIDTH.
    let tail =
        (!n.is_multiple_of(WIDTH) && n > WIDTH).then(|| (n - WIDTH, whole * WIDTH - (n - WIDTH)));
    (0..whole.max(1)).map(|k| (k * WIDTH, 0)).chain(tail)
}

/// `to` = the `n`×`n` board `from` transposed, `n >= 16`: blocks of 16×16
/// cells (the last ones overlapping the ones before, which writes some
/// cells twice with the same value).
fn transpose(from: &[u8], to: &mut [u8], n: usize) {
    assert!(n >= WIDTH && from.len() == n * n && to.len() == n * n);
    for (r, _) in chunks(n) {
        for (c, _) in chunks(n) {
            let mut block = [[0u8; WIDTH]; WIDTH];
            for (i, line) in block.iter_mut().enumerate() {
                let at = (r + i) * n + c;
                line.copy_from_slice(&from[at..at + WIDTH]);
            }
            let block = transpose_16(block);
            for (i, line) in block.iter().enumerate() {
                let at = (c + i) * n + r;
                to[at..at + WIDTH].copy_from_slice(line);
            }
        }
    }
}

/// A 16×16 byte transpose in registers (register `i` holds row `i`, and
/// column `i` after): four rounds that interleave register `i` with
/// register `i + 8` move the bits of (register, byte) one place to the
/// left, as a rotation of their 8 bits, so after four, register and byte
/// have swapped. Shared by [`transpose_16`] and the portable move's turns.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
// SIMD128's shuffles are safe functions where SSE2's are not.
#[cfg_attr(target_arch = "wasm32", allow(unused_unsafe))]
pub(super) fn transpose_registers(
    mut x: [super::sse2::__m128i; WIDTH],
) -> [super::sse2::__m128i; WIDTH] {
    use super::sse2::*;
    // SAFETY: SSE2 is part of x86_64 (SIMD128 of this wasm32 build); only
    // registers are touched.
    unsafe {
        for _ in 0..4 {
            let mut y = [_mm_setzero_si128(); WIDTH];
            for i in 0..WIDTH / 2 {
                y[2 * i] = _mm_unpacklo_epi8(x[i], x[i + 8]);
                y[2 * i + 1] = _mm_unpackhi_epi8(x[i], x[i + 8]);
            }
            x = y;
        }
    }
    x
}

/// A 16×16 byte transpose: [`transpose_registers`] between a load and a
/// store of the block.
#[inline(always)]
fn transpose_16(block: [[u8; WIDTH]; WIDTH]) -> [[u8; WIDTH]; WIDTH] {
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    {
        use super::sse2::*;
        // SAFETY: SSE2 is part of x86_64; the loads and stores read and
        // write whole 16-byte arrays.
        unsafe {
            let mut x = [_mm_setzero_si128(); WIDTH];
            for (reg, line) in x.iter_mut().zip(&block) {
                *reg = _mm_loadu_si128(line.as_ptr().cast());
            }
            let x = transpose_registers(x);
            let mut out = [[0u8; WIDTH]; WIDTH];
            for (line, reg) in out.iter_mut().zip(&x) {
                _mm_storeu_si128(line.as_mut_ptr().cast(), *reg);
            }
            out
        }
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        let mut out = [[0u8; WIDTH]; WIDTH];
        for (i, line) in block.iter().enumerate() {
            for (j, &v) in line.iter().enumerate() {
                out[j][i] = v;
            }
        }
        out
    }
}

/// Where the blocks of one exponent sit after a move: slots are counted
/// from the wall the move goes to, lines in board order.
struct Landing {
    /// Blocks in each line after the move (the line is packed at the wall).
    len: [u8; MAX_N],
    /// For each line, the slots holding the exponent.
    by_line: [u64; MAX_N],
    /// Blocks of the exponent after the move.
    blocks: u32,
    /// Merges of two blocks of the exponent in the move (they make blocks
    /// one above it), counted only on the move towards the lines' step 0:
    /// the other move of the axis merges as many.
    pairs: u32,
}

impl Landing {
    fn new() -> Landing {
        Landing {
            len: [0; MAX_N],
            by_line: [0; MAX_N],
            blocks: 0,
            pairs: 0,
        }
    }

    /// A block of the exponent in slot `slot` of line `line`.
    #[inline(always)]
    fn record(&mut self, line: usize, slot: u8) {
        self.mark(line, slot);
        self.blocks += 1;
    }

    /// [`Landing::record`] without the count of blocks, for walks that
    /// count them apart.
    #[inline(always)]
    fn mark(&mut self, line: usize, slot: u8) {
        self.by_line[line] |= 1 << slot;
    }

    /// Merges of two blocks of the exponent in the next move, along the
    /// lines and across them, either way, for the `n` lines.
    ///
    /// Along: each line is packed, so its equal neighbours are neighbouring
    /// slots, and a run of L of them gives floor(L/2) pairs. Across: slot
    /// `s` of every line is one line of that move, and line `k` has a block
    /// there exactly when `len[k] > s`; going through the lines in order,
    /// a block of the exponent pairs with the one waiting in its slot, if
    /// any, and else waits; any other block ends the wait (pairs form from
    /// one end, and a run of L gives floor(L/2) pairs from either).
    fn merges(&self, n: usize) -> (u32, u32) {
        let (mut along, mut across) = (0, 0);
        // The slots whose last block so far is one of the exponent, unpaired.
        let mut waiting = 0u64;
        for (&slots, &len) in self.by_line[..n].iter().zip(&self.len[..n]) {
            // Without a branch on whether the line holds a block of the
            // exponent (half of them do, in no order); pairs are rare, and
            // without POPCNT a count costs a dozen instructions.
            let filled = FILLED[usize::from(len)];
            let next_to = slots & (slots >> 1);
            if next_to != 0 {
                along += left_partners(next_to).count_ones();
            }
            let paired = waiting & slots;
            if paired != 0 {
                across += paired.count_ones();
            }
            waiting = (waiting & !filled) | (slots & !waiting);
        }
        (along, across)
    }

    /// Whether the next move, along or across, makes fewer than `need`
    /// merges of two blocks of the exponent, whichever way it goes.
    fn too_few(&self, n: usize, need: u32) -> bool {
        let (along, across) = self.merges(n);
        along < need && across < need
    }

    /// Whether two landings of `n` lines say the same.
    #[cfg(test)]
    fn same(&self, other: &Landing, n: usize) -> bool {
        self.len[..n] == other.len[..n]
            && self.by_line[..n] == other.by_line[..n]
            && self.blocks == other.blocks
            && self.pairs == other.pairs
    }
}

/// The slots `0..len` of a line, as a mask, for `len` up to 64.
const FILLED: [u64; MAX_N + 1] = {
    let mut masks = [!0u64; MAX_N + 1];
    let mut len = 0;
    while len < MAX_N {
        masks[len] = (1 << len) - 1;
        len += 1;
    }
    masks
};

/// The total value of the blocks above `2^level` on a board.
fn mass_above(cells: &[u8], level: u8) -> u128 {
    let mut mass = 0u128;
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    let rest = {
        use super::sse2::*;
        let mut pieces = cells.chunks_exact(WIDTH);
        // SAFETY: SSE2 is part of x86_64; each load reads one 16-byte
        // piece. Exponents are below 128, so signed compares are exact.
        unsafe {
            let floor = _mm_set1_epi8(level as i8);
            for piece in &mut pieces {
                let v = _mm_loadu_si128(piece.as_ptr().cast());
                let mut big = _mm_movemask_epi8(_mm_cmpgt_epi8(v, floor)) as u32;
                while big != 0 {
                    mass += 1u128 << piece[big.trailing_zeros() as usize];
                    big &= big - 1;
                }
            }
        }
        pieces.remainder()
    };
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    let rest = cells;
    for &v in rest {
        if v > level {
            mass += 1u128 << v;
        }
    }
    mass
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
/// One register of lines for [`walk_sse2`]: lane `i` reads its line's
/// step `j` at `cells[step * stride + first + i]`, with `step = j`, or
/// `n - 1 - j` when `reversed` (the move towards the lines' last step).
#[derive(Clone, Copy)]
struct Lanes<'a> {
    cells: &'a [u8],
    stride: usize,
    first: usize,
    reversed: bool,
    /// For each lane, the landing it records into ([`NOWHERE`] for lanes
    /// that record nothing: past the board's lines, or walked by another
    /// register too), and its line there.
    landing: [u8; WIDTH],
    line: [u8; WIDTH],
    /// The lanes that record, as a mask, and the landings they record into.
    owned: u16,
    landings: u8,
    /// `Some(t)` when lane `i` walks line `first + i` of landing `t`, or
    /// records nothing and stays inside the landing's lines (its lengths
    /// can then be stored as one piece).
    run: Option<u8>,
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
/// The landing of a lane that records nothing.
const NOWHERE: u8 = u8::MAX;

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
impl<'a> Lanes<'a> {
    /// No lines of `cells`, `stride` apart, from `first`.
    fn empty(cells: &'a [u8], stride: usize, first: usize, reversed: bool) -> Self {
        Lanes {
            cells,
            stride,
            first,
            reversed,
            landing: [NOWHERE; WIDTH],
            line: [0; WIDTH],
            owned: 0,
            landings: 0,
            run: None,
        }
    }

    /// Lane `i` records line `line` into landing `landing`.
    fn record(&mut self, i: usize, landing: u8, line: usize) {
        self.landing[i] = landing;
        self.line[i] = line as u8;
        self.owned |= 1 << i;
        self.landings |= 1 << landing;
    }

    /// Lines `first..first + 16` of `steps` (the chunk of [`chunks`]),
    /// those from `first + owned` recording into landing `landing`.
    fn of(steps: &Steps<'a>, (first, owned): (usize, usize), reversed: bool, landing: u8) -> Self {
        let mut lanes = Lanes::empty(steps.cells, steps.stride, first, reversed);
        for i in owned..WIDTH.min(steps.n - first) {
            lanes.record(i, landing, first + i);
        }
        lanes.run = Some(landing);
        lanes
    }
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
/// Both moves of one axis as lanes: each chunk of [`chunks`] walked
/// towards step 0 (into landing `landing`) and towards the last step
/// (`landing + 1`), `C` registers in all.
fn axis_lanes<'a, const C: usize>(steps: &Steps<'a>, landing: u8) -> [Lanes<'a>; C] {
    let mut at = [(0, 0); MAX_N / WIDTH];
    for (k, chunk) in chunks(steps.n).enumerate() {
        at[k] = chunk;
    }
    std::array::from_fn(|c| Lanes::of(steps, at[c / 2], c % 2 == 1, landing + (c % 2) as u8))
}

/// The blocks of `2^level` (`level >= 1`) after moving every line of
/// `steps` towards its step 0 (`[0]`) and towards its last step (`[1]`),
/// and each line's length after the move. The walk is the move's own (a
/// block merges with the one waiting in its line when they are equal, and
/// the result waits for nothing), without writing the board: each lane
/// keeps its waiting block and how many slots it has filled.
fn land(steps: &Steps, level: u8) -> [Landing; 2] {
    let mut out = [Landing::new(), Landing::new()];
    land_into(steps, level, &mut out);
    out
}

/// [`land`] into `out`.
fn land_into(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx512() {
            // SAFETY: the CPU has the instructions.
            unsafe { land_avx512(steps, level, out) };
        } else {
            land_sse2(steps, level, out);
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    land_sse2(steps, level, out);
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    for chunk in chunks(steps.n) {
        for (d, landing) in out.iter_mut().enumerate() {
            land_chunk(steps, chunk, d == 1, level, landing);
        }
    }
}

/// [`land`] on SSE2 (or SIMD128, through `sse2.rs`): every chunk of lines both ways in one loop.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
fn land_sse2(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    let n = steps.n;
    match n.div_ceil(WIDTH) {
        0 | 1 => walk_sse2(&axis_lanes::<2>(steps, 0), n, level, out),
        2 => walk_sse2(&axis_lanes::<4>(steps, 0), n, level, out),
        3 => walk_sse2(&axis_lanes::<6>(steps, 0), n, level, out),
        _ => walk_sse2(&axis_lanes::<8>(steps, 0), n, level, out),
    }
}

/// The landings of all four moves of an `n`×`n` board (up, down, left,
/// right: `2^level` blocks, lengths, merges of `2^level` pairs).
fn land_all(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    #[cfg(target_arch = "x86_64")]
    if !crate::simd::avx512() {
        land_all_sse2(cells, n, level, out);
        return;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    land_all_sse2(cells, n, level, out);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        let (mut a, mut b) = (Scratch::new(), Scratch::new());
        let (vertical, horizontal) = out.split_at_mut(2);
        let vertical: &mut [Landing; 2] = vertical.try_into().expect("two landings");
        land_into(&columns(cells, n, &mut a), level, vertical);
        let horizontal: &mut [Landing; 2] = horizontal.try_into().expect("two landings");
        land_into(&rows(cells, n, &mut b), level, horizontal);
    }
}

/// [`land_all`] on SSE2.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
fn land_all_sse2(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    if (WIDTH + 1..=WIDTH + 4).contains(&n) {
        land_all_17_to_20(cells, n, level, out);
        return;
    }
    let (mut a, mut b) = (Scratch::new(), Scratch::new());
    let (columns, rows) = (columns(cells, n, &mut a), rows(cells, n, &mut b));
    if n <= WIDTH {
        // Both axes in one loop: four chains of steps overlap.
        let [c0, c1] = axis_lanes::<2>(&columns, 0);
        let [r0, r1] = axis_lanes::<2>(&rows, 2);
        walk_sse2(&[c0, c1, r0, r1], n, level, out);
        return;
    }
    let (vertical, horizontal) = out.split_at_mut(2);
    land_sse2(&columns, level, vertical.try_into().expect("two landings"));
    land_sse2(&rows, level, horizontal.try_into().expect("two landings"));
}

/// [`land_all`] on SSE2 for 17 to 20 lines a side (20 is the judges'
/// largest board), in five registers instead of the eight of one chunk of
/// 16 lines and one overlapping it for each move: the first 16 columns and
/// the first 16 rows each way, and the last `n - 16` columns and rows, both
/// ways, side by side in the fifth. The rows need only the transpose of the
/// first 16 (two 16×16 blocks) and four interleaves of the last ones.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
fn land_all_17_to_20(cells: &[u8], n: usize, level: u8, out: &mut [Landing; 4]) {
    use super::sse2::*;
    const STEPS: usize = WIDTH + 4;
    let extra = n - WIDTH;
    assert!((1..=4).contains(&extra) && cells.len() == n * n);
    // Step j of the first 16 rows (their column j) at `firsts[j]`.
    let mut firsts = [[0u8; WIDTH]; STEPS];
    for c in [0, n - WIDTH] {
        let mut block = [[0u8; WIDTH]; WIDTH];
        for (i, line) in block.iter_mut().enumerate() {
            line.copy_from_slice(&cells[i * n + c..i * n + c + WIDTH]);
        }
        firsts[c..c + WIDTH].copy_from_slice(&transpose_16(block));
    }
    // Column j of the last rows at `lasts[j]`, and row j of the last
    // columns at `ends[j]` (zeros past the board).
    let mut lasts = [[0u8; 4]; STEPS];
    let mut ends = [[0u8; 4]; STEPS];
    // SAFETY: SSE2 is part of x86_64; each load reads 16 cells of one of
    // rows 16..n from column 0 or n - 16, and each store writes 16 bytes
    // of `lasts` from entry 0 or n - 16 (n - 16 + 4 <= 20 entries).
    unsafe {
        for c in [0, n - WIDTH] {
            let row = |i: usize| {
                if i < extra {
                    _mm_loadu_si128(cells[(WIDTH + i) * n + c..][..WIDTH].as_ptr().cast())
                } else {
                    _mm_setzero_si128()
                }
            };
            let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3));
            let (a, b) = (_mm_unpacklo_epi8(r0, r1), _mm_unpackhi_epi8(r0, r1));
            let (x, y) = (_mm_unpacklo_epi8(r2, r3), _mm_unpackhi_epi8(r2, r3));
            let to = lasts[c..].as_mut_ptr().cast::<__m128i>();
            _mm_storeu_si128(to, _mm_unpacklo_epi16(a, x));
            _mm_storeu_si128(to.add(1), _mm_unpackhi_epi16(a, x));
            _mm_storeu_si128(to.add(2), _mm_unpacklo_epi16(b, y));
            _mm_storeu_si128(to.add(3), _mm_unpackhi_epi16(b, y));
        }
    }
    for (j, end) in ends.iter_mut().enumerate().take(n) {
        // The row's last four cells, shifted down to its last `extra`.
        let four = u32::from_le_bytes(cells[j * n + n - 4..j * n + n].try_into().expect("4 cells"));
        *end = (four >> (8 * (4 - extra))).to_le_bytes();
    }
    let mut mixed = [[0u8; WIDTH]; STEPS];
    for (j, step) in mixed.iter_mut().enumerate().take(n) {
        let back = n - 1 - j;
        let parts = [ends[j], lasts[j], ends[back], lasts[back]];
        *step = u128::from_le_bytes(std::array::from_fn(|b| parts[b / 4][b % 4])).to_le_bytes();
    }
    let mut last = Lanes::empty(mixed.as_flattened(), WIDTH, 0, false);
    // Lanes 0..4: columns towards row 0 (up); 4..8: rows towards column
    // 0 (left); 8..12 down; 12..16 right.
    for (k, landing) in [0u8, 2, 1, 3].into_iter().enumerate() {
        for i in 0..extra {
            last.record(4 * k + i, landing, WIDTH + i);
        }
    }
    let columns = Steps {
        cells,
        stride: n,
        n,
    };
    let rows = Steps {
        cells: firsts.as_flattened(),
        stride: WIDTH,
        n,
    };
    let lanes = [
        Lanes::of(&columns, (0, 0), false, 0),
        Lanes::of(&columns, (0, 0), true, 1),
        Lanes::of(&rows, (0, 0), false, 2),
        Lanes::of(&rows, (0, 0), true, 3),
        last,
    ];
    walk_sse2(&lanes, n, level, out);
}

/// The walk of [`land`] with SSE2 registers of 16 lines, `C` registers in
/// one loop so that their chains of dependent steps overlap (one alone
/// waits on each step's result). Each register's lanes record into the
/// landings of `out` they name.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
// `j` is a step number (a bit of `stepped`), not only an index.
#[allow(clippy::needless_range_loop)]
fn walk_sse2<const C: usize>(lanes: &[Lanes; C], n: usize, level: u8, out: &mut [Landing]) {
    use super::sse2::*;
    assert!((1..=MAX_N).contains(&n));
    let mut at = [std::ptr::null::<u8>(); C];
    let mut step_by = [0isize; C];
    for (k, l) in lanes.iter().enumerate() {
        assert!((n - 1) * l.stride + l.first + WIDTH <= l.cells.len());
        assert!(usize::from(l.landings) >> out.len() == 0);
        assert!(l.run.is_none() || l.first + WIDTH <= MAX_N);
        for i in 0..WIDTH {
            assert!(l.owned >> i & 1 == 0 || usize::from(l.line[i]) < n);
        }
        let start = l.first + if l.reversed { (n - 1) * l.stride } else { 0 };
        at[k] = l.cells[start..].as_ptr();
        step_by[k] = if l.reversed {
            -(l.stride as isize)
        } else {
            l.stride as isize
        };
    }
    // SAFETY: SSE2 is part of x86_64; every load reads 16 bytes of a step
    // below `n` of a register's lines, inside its `cells`, and every
    // landing and line recorded into exists (asserted above).
    unsafe {
        let zero = _mm_setzero_si128();
        let below = _mm_set1_epi8((level - 1) as i8);
        let level_v = _mm_set1_epi8(level as i8);
        let mut waiting = [zero; C];
        // Per lane, the steps that filled no slot (empty, or merged into
        // the waiting block): a lane has filled `j - idle` slots before
        // step `j`. Counting these instead of the slots saves an
        // instruction a step.
        let mut idle = [zero; C];
        // Per lane, pairs of 2^level blocks merged by the move (0 or all
        // ones is added each step: subtracting adds one), summed by
        // landing after the walk: a running total in memory waits on its
        // own last update. Only the registers at even places count them,
        // for the landings at even places (the moves towards step 0: both
        // moves of an axis merge the same pairs), which saves registers.
        let mut pairs = [zero; C];
        // Per register and step: the lanes with an event and `idle` before
        // the step (the events' slots follow from it).
        let mut marks = [[0u16; MAX_N]; C];
        let mut idle_before = std::mem::MaybeUninit::<[[__m128i; MAX_N]; C]>::uninit();
        let idle_base = idle_before.as_mut_ptr().cast::<__m128i>();
        let idle_at = |k: usize, j: usize| idle_base.add(k * MAX_N + j);
        for j in 0..n {
            for k in 0..C {
                let v = _mm_loadu_si128(at[k].offset(j as isize * step_by[k]).cast());
                let w = waiting[k];
                let empty = _mm_cmpeq_epi8(v, zero);
                let merge = _mm_andnot_si128(empty, _mm_cmpeq_epi8(w, v));
                let still = _mm_or_si128(empty, merge);
                // A pair of 2^(level-1) makes 2^level; a waiting
                // 2^level that the next block does not take stays
                // 2^level. Both sit in the slot of the waiting block.
                let made = _mm_and_si128(merge, _mm_cmpeq_epi8(v, below));
                let waits_level = _mm_cmpeq_epi8(w, level_v);
                let kept = _mm_andnot_si128(still, waits_level);
                let event = _mm_or_si128(made, kept);
                if k % 2 == 0 {
                    pairs[k] = _mm_sub_epi8(pairs[k], _mm_and_si128(merge, waits_level));
                }
                // Kept for after the loop, without a branch here:
                // whether a step has events is a coin toss.
                marks[k][j] = _mm_movemask_epi8(event) as u16;
                _mm_store_si128(idle_at(k, j), idle[k]);
                idle[k] = _mm_sub_epi8(idle[k], still);
                // Empty: the waiting block stays; a merge: nothing waits;
                // else the new block waits.
                let next = _mm_or_si128(_mm_and_si128(w, empty), v);
                waiting[k] = _mm_andnot_si128(merge, next);
            }
        }
        for (k, l) in lanes.iter().enumerate() {
            // Blocks recorded into landing `t`, in bits `16 t..16 t + 16`
            // (at most 4096 a landing): one register, where counts in the
            // landings would each wait on their last update.
            let mut recorded = 0u64;
            // The events of four steps at a time, lanes that record only:
            // one loop over them all, since the end of a loop over the
            // events of each step was mispredicted at nearly every step.
            let owned = u64::from(l.owned) * 0x0001_0001_0001_0001;
            let idle_bytes = idle_at(k, 0).cast::<u8>();
            let one = l.run.map_or(0, |t| 1 << (16 * t));
            for (quarter, four) in marks[k][..n.div_ceil(4) * 4].chunks_exact(4).enumerate() {
                let mut events = (u64::from(four[0])
                    | u64::from(four[1]) << 16
                    | u64::from(four[2]) << 32
                    | u64::from(four[3]) << 48)
                    & owned;
                while events != 0 {
                    let at = events.trailing_zeros() as usize;
                    events &= events - 1;
                    let (j, i) = (4 * quarter + at / WIDTH, at % WIDTH);
                    // The waiting block's slot: one before the first free one.
                    let slot = (j as u8)
                        .wrapping_sub(*idle_bytes.add(j * WIDTH + i))
                        .wrapping_sub(1);
                    if let Some(t) = l.run {
                        recorded += one;
                        out.get_unchecked_mut(usize::from(t))
                            .mark(l.first + i, slot);
                    } else {
                        recorded += 1 << (16 * l.landing[i]);
                        out.get_unchecked_mut(usize::from(l.landing[i]))
                            .mark(usize::from(l.line[i]), slot);
                    }
                }
            }
            let filled = _mm_sub_epi8(_mm_set1_epi8(n as i8), idle[k]);
            let mut f = [0u8; WIDTH];
            _mm_storeu_si128(f.as_mut_ptr().cast(), filled);
            // A waiting 2^level at the end of its line stays one.
            let last = _mm_cmpeq_epi8(waiting[k], level_v);
            let mut ends = _mm_movemask_epi8(last) as u32 & u32::from(l.owned);
            while ends != 0 {
                let i = ends.trailing_zeros() as usize;
                ends &= ends - 1;
                recorded += 1 << (16 * l.landing[i]);
                out.get_unchecked_mut(usize::from(l.landing[i]))
                    .mark(usize::from(l.line[i]), f[i] - 1);
            }
            if let Some(t) = l.run {
                let len = out.get_unchecked_mut(usize::from(t)).len.as_mut_ptr();
                _mm_storeu_si128(len.add(l.first).cast(), filled);
            } else {
                let mut owned = u32::from(l.owned);
                while owned != 0 {
                    let i = owned.trailing_zeros() as usize;
                    owned &= owned - 1;
                    out.get_unchecked_mut(usize::from(l.landing[i])).len[usize::from(l.line[i])] =
                        f[i];
                }
            }
            let landing = _mm_loadu_si128(l.landing.as_ptr().cast());
            let mut landings = u32::from(l.landings);
            while landings != 0 {
                let t = landings.trailing_zeros();
                landings &= landings - 1;
                let to = out.get_unchecked_mut(t as usize);
                to.blocks += (recorded >> (16 * t)) as u32 & 0xFFFF;
                if k % 2 == 0 && t % 2 == 0 {
                    let lanes =
                        _mm_and_si128(pairs[k], _mm_cmpeq_epi8(landing, _mm_set1_epi8(t as i8)));
                    let halves = _mm_sad_epu8(lanes, zero);
                    to.pairs += (_mm_cvtsi128_si64(halves)
                        + _mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)))
                        as u32;
                }
            }
        }
    }
}

/// [`land`] with AVX-512: every line in one register of 64 byte lanes,
/// both directions in one loop.
///
/// # Safety
/// AVX-512 F, BW, VL, VBMI and VBMI2 must be present.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")]
unsafe fn land_avx512(steps: &Steps, level: u8, out: &mut [Landing; 2]) {
    use std::arch::x86_64::*;
    let n = steps.n;
    let lanes: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    assert!(n >= 1 && (n - 1) * steps.stride + n <= steps.cells.len());
    // SAFETY: the masked loads read the first `n` bytes of steps below
    // `n`, inside `cells` (asserted above).
    unsafe {
        let one = _mm512_set1_epi8(1);
        let below = _mm512_set1_epi8((level - 1) as i8);
        let level_v = _mm512_set1_epi8(level as i8);
        let mut waiting = [_mm512_setzero_si512(); 2];
        let mut filled = [_mm512_setzero_si512(); 2];
        let mut pairs = [0u32; 2];
        let base = steps.cells.as_ptr();
        for j in 0..n {
            for d in 0..2 {
                let step = if d == 1 { n - 1 - j } else { j };
                let v = _mm512_maskz_loadu_epi8(lanes, base.add(step * steps.stride).cast());
                let w = waiting[d];
                let block = _mm512_test_epi8_mask(v, v);
                let merge = _mm512_mask_cmpeq_epi8_mask(block, w, v);
                let fresh = block & !merge;
                // As in the SSE2 walk: a pair of 2^(level-1) made, or a
                // waiting 2^level left alone.
                let made = _mm512_mask_cmpeq_epi8_mask(merge, v, below);
                let kept = _mm512_mask_cmpeq_epi8_mask(fresh, w, level_v);
                let paired = _mm512_mask_cmpeq_epi8_mask(merge, v, level_v);
                if paired != 0 {
                    pairs[d] += paired.count_ones();
                }
                let mut events = made | kept;
                if events != 0 {
                    let mut slots = [0u8; 64];
                    _mm512_storeu_si512(slots.as_mut_ptr().cast(), filled[d]);
                    while events != 0 {
                        let i = events.trailing_zeros() as usize;
                        events &= events - 1;
                        out[d].record(i, slots[i].wrapping_sub(1));
                    }
                }
                filled[d] = _mm512_mask_add_epi8(filled[d], fresh, filled[d], one);
                waiting[d] = _mm512_mask_mov_epi8(w, block, _mm512_maskz_mov_epi8(fresh, v));
            }
        }
        for d in 0..2 {
            let (mut w, mut f) = ([0u8; 64], [0u8; 64]);
            _mm512_storeu_si512(w.as_mut_ptr().cast(), waiting[d]);
            _mm512_storeu_si512(f.as_mut_ptr().cast(), filled[d]);
            for k in 0..n {
                if w[k] == level {
                    out[d].record(k, f[k] - 1);
                }
                out[d].len[k] = f[k];
            }
            if d == 0 {
                out[d].pairs = pairs[d];
            }
        }
    }
}

/// [`land`] for the lines `first..first + 16`, recording those from
/// `first + owned` on: the plain lane loops (the reference for the SSE2
/// walk, and the walk where there is no SSE2).
#[cfg_attr(
    any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ),
    allow(dead_code)
)]
fn land_chunk(
    steps: &Steps,
    (first, owned): (usize, usize),
    towards_end: bool,
    level: u8,
    out: &mut Landing,
) {
    let n = steps.n;
    let below = level - 1;
    let lines = WIDTH.min(n - first);
    let mut waiting = [0u8; WIDTH];
    let mut filled = [0u8; WIDTH];
    for j in 0..n {
        let step = if towards_end { n - 1 - j } else { j };
        let at = step * steps.stride + first;
        let v: &[u8; WIDTH] = steps.cells[at..at + WIDTH].try_into().expect("a lane row");
        for i in owned..lines {
            let block = v[i] != 0;
            let merge = block && waiting[i] == v[i];
            let fresh = block && !merge;
            // A pair of 2^(level-1) makes 2^level; a waiting 2^level that
            // the next block does not take stays 2^level. Both sit in the
            // slot of the waiting block.
            if (merge && v[i] == below) || (fresh && waiting[i] == level) {
                out.record(first + i, filled[i] - 1);
            }
            out.pairs += u32::from(!towards_end && merge && v[i] == level);
            filled[i] += u8::from(fresh);
            if merge {
                waiting[i] = 0;
            } else if fresh {
                waiting[i] = v[i];
            }
        }
    }
    for i in owned..lines {
        if waiting[i] == level {
            out.record(first + i, filled[i] - 1);
        }
        out.len[first + i] = filled[i];
    }
}

/// The plain lane loops' landings of both moves along `steps`.
#[cfg(test)]
fn land_plain(steps: &Steps, level: u8) -> [Landing; 2] {
    let mut out = [Landing::new(), Landing::new()];
    for chunk in chunks(steps.n) {
        for (d, landing) in out.iter_mut().enumerate() {
            land_chunk(steps, chunk, d == 1, level, landing);
        }
    }
    out
}

/// Whether [`land`] (with AVX-512 where the CPU has it), the SSE2 walk
/// and the plain lane loops of [`land_chunk`] find the same lengths, the
/// same blocks and the same merges.
#[cfg(test)]
pub(super) fn walks_agree(steps: &Steps, towards_end: bool, level: u8) -> bool {
    let d = usize::from(towards_end);
    let plain = land_plain(steps, level);
    let mut walks = vec![land(steps, level)];
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    {
        let mut sse2 = [Landing::new(), Landing::new()];
        land_sse2(steps, level, &mut sse2);
        walks.push(sse2);
    }
    walks.iter().all(|walk| walk[d].same(&plain[d], steps.n))
}

/// Whether the landings of all four moves of a board, as the look takes
/// them ([`land_all`], with AVX-512 where the CPU has it) and as the SSE2
/// walks of both axes take them, are those of the plain lane loops.
#[cfg(test)]
pub(super) fn all_walks_agree(cells: &[u8], n: usize, level: u8) -> bool {
    let (mut a, mut b) = (Scratch::new(), Scratch::new());
    let [up, down] = land_plain(&columns(cells, n, &mut a), level);
    let [left, right] = land_plain(&rows(cells, n, &mut b), level);
    let plain = [up, down, left, right];
    let new = || {
        [
            Landing::new(),
            Landing::new(),
            Landing::new(),
            Landing::new(),
        ]
    };
    let mut walks = vec![new()];
    land_all(cells, n, level, &mut walks[0]);
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    {
        let mut sse2 = new();
        land_all_sse2(cells, n, level, &mut sse2);
        walks.push(sse2);
    }
    walks.iter().all(|all| {
        plain
            .iter()
            .zip(all)
            .all(|(plain, walk)| walk.same(plain, n))
    })
}

/// Whether `2^target` is out of reach within `remaining` moves from the
/// board after a move of the board laid out in `steps`, towards its
/// lines' step 0 (`[0]`) and towards their last step (`[1]`), judged at
/// the four boards one move further by the merge-tree count. `after` is
/// the block count of the board after either move (they are the same),
/// exact above `target - remaining - 1`, and `top` the largest exponent
/// on the board before the move. `false` says nothing.
pub(super) fn rules_out(
    steps: &Steps,
    after: &Counts,
    top: u8,
    remaining: u32,
    target: u32,
) -> [bool; 2] {
    // Counted after the next move: blocks of 2^(level+1) and up.
    let Some(level) = target.checked_sub(remaining) else {
        return [false; 2];
    };
    if remaining == 0 || level == 0 || target > MAX_TARGET || level as usize + 1 >= after.len() {
        return [false; 2];
    }
    // No block is above 2^(top + 1) after the move.
    let mass: u128 = (level as usize + 1..after.len().min(usize::from(top) + 2))
        .map(|x| u128::from(after[x]) << x)
        .sum();
    let goal = 1u128 << target;
    if mass >= goal {
        return [false; 2];
    }
    // Each merge of two 2^level blocks adds 2^(level+1) to the count.
    let need = (goal - mass).div_ceil(1u128 << (level + 1));
    let pairs = u128::from(after[level as usize] / 2);
    if pairs < need {
        return [true; 2];
    }
    // `need` is at most the number of blocks, so it fits.
    let need = need as u32;
    land(steps, level as u8).map(|landing| landing.too_few(steps.n, need))
}

/// What the look at a built board finds without its block counts: the
/// four moves' walks give the counts the look needs as well (see
/// [`look`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Outlook {
    /// For each axis (vertical, horizontal), whether the merge-tree count
    /// of the board after its moves rules `2^target` out (their counts are
    /// the same).
    pub(super) counted_out: [bool; 2],
    /// For each move (up, down, left, right), whether the board after it
    /// is ruled out, by that count or by [`rules_out`].
    pub(super) ruled_out: [bool; 4],
}

/// [`rules_out`] for all four moves of the `n`×`n` board `cells`, and
/// whether the merge-tree count of each board after a move (with
/// `remaining` moves, above `target - 1`) rules it out, without the
/// counts: `None` where the look does not judge (as [`rules_out`]).
///
/// With `level = target - remaining`, the look needs of the board G after
/// a move its mass above `2^level` and its number of `2^level` blocks, and
/// the count rules G out exactly when its mass from `2^level` up is below
/// `2^target` (docs/2048.md). The walk of the move finds both: above
/// `2^level` the mass of G is that of the board plus `2^(level+1)` for
/// each pair of `2^level` blocks the move merges, and its `2^level`
/// blocks are the ones the walk records.
pub(super) fn look(cells: &[u8], n: usize, remaining: u32, target: u32) -> Option<Outlook> {
    let level = target.checked_sub(remaining)?;
    if remaining == 0 || level == 0 || target > MAX_TARGET || level as usize + 1 >= EXPONENT_SLOTS {
        return None;
    }
    let mut outlook = Outlook {
        counted_out: [false; 2],
        ruled_out: [false; 4],
    };
    let goal = 1u128 << target;
    let mass = mass_above(cells, level as u8);
    if mass >= goal {
        return Some(outlook);
    }
    let mut all = [
        Landing::new(),
        Landing::new(),
        Landing::new(),
        Landing::new(),
    ];
    land_all(cells, n, level as u8, &mut all);
    for (axis, moves) in all.chunks_exact(2).enumerate() {
        // Both moves of an axis leave the same blocks.
        let after = &moves[0];
        let above = mass + (u128::from(after.pairs) << (level + 1));
        outlook.counted_out[axis] = above + (u128::from(after.blocks) << level) < goal;
        if above >= goal {
            continue;
        }
        let need = (goal - above).div_ceil(1u128 << (level + 1));
        for (d, landing) in moves.iter().enumerate() {
            // `need` is at most the number of blocks where it is compared.
            outlook.ruled_out[2 * axis + d] =
                u128::from(after.blocks / 2) < need || landing.too_few(n, need as u32);
        }
    }
    Some(outlook)
}

/// Targets above this are never judged (the count's values stay within a `u128`).
const MAX_TARGET: u32 = 120;
