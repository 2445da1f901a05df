//! Lines of a board laid out side by side, for the walks that take 16 of
//! them at once in the byte lanes of a register: the move (`slide.rs`),
//! the two-move look (`walk.rs`) and the search's children. A board's
//! columns are its rows' steps as they are; its rows are turned into
//! columns first, 16×16 blocks at a time in registers.

/// Largest board side accepted.
pub const MAX_N: usize = 64;

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
#[cfg(lanes128)]
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
pub(super) fn transpose_16(block: [[u8; WIDTH]; WIDTH]) -> [[u8; WIDTH]; WIDTH] {
    #[cfg(lanes128)]
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
    #[cfg(not(lanes128))]
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
