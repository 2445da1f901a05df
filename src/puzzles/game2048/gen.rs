//! Seeded random boards, the `--hard` shapes, and the shrinker.

use super::Game2048;
use super::board::{Board, Instance, MAX_INPUT_EXPONENT, MAX_N, block_value, exponent_of};
use crate::puzzles::{Breach, Generate, Limits, PastLimits};
use crate::puzzles::{Error, GenOptions, GenRng, Size};
use rand::RngExt;

/// The side and the largest exponent brought into range, and the largest
/// "small" exponent (blocks up to 8, which merge often).
fn clamped(n: usize, max_exponent: u8) -> (usize, u8, u8) {
    let max_exponent = max_exponent.clamp(1, MAX_INPUT_EXPONENT);
    (n.clamp(1, MAX_N), max_exponent, max_exponent.min(3))
}

/// A random instance: side `n`, blocks up to `2^max_exponent`, each cell
/// filled with probability `density`, at least one block. Half the time the
/// blocks are kept small (2..8) so that merges are frequent.
///
/// ```
/// use boardsolve::puzzles::game2048::random;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let inst = random(&mut rng, 4, 10, 0.7);
/// assert_eq!(inst.board.size(), 4);
/// ```
pub fn random<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    max_exponent: u8,
    density: f64,
) -> Instance {
    let (n, max_exponent, small) = clamped(n, max_exponent);
    let mut cells = vec![0u8; n * n];
    let top = if rng.random_bool(0.5) {
        small
    } else {
        max_exponent
    };
    for c in &mut cells {
        if rng.random_bool(density.clamp(0.0, 1.0)) {
            *c = rng.random_range(1..=top);
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

/// One of the shapes that break solutions, side `n`, blocks up to
/// `2^max_exponent`: rows of equal runs with gaps, a full board of small
/// blocks, a single block, or every cell the same block.
///
/// ```
/// use boardsolve::puzzles::game2048::hard;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// assert_eq!(hard(&mut rng, 5, 10).board.size(), 5);
/// ```
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, n: usize, max_exponent: u8) -> Instance {
    let (n, max_exponent, small) = clamped(n, max_exponent);
    // Every shape places a block, so none needs the empty-board fix of `random`.
    let mut cells = vec![0u8; n * n];
    match rng.random_range(0..4u8) {
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
        _ => {
            let e = rng.random_range(1..=small);
            cells.fill(e);
        }
    }
    Instance {
        board: Board { n, cells },
    }
}

/// Smaller instances than `instance` for shrinking, the boldest first: the
/// top-left corners, then one row and one column fewer, then one block
/// fewer, then one block halved. Every candidate keeps at least one block.
pub fn shrink(instance: &Instance) -> impl Iterator<Item = Instance> + '_ {
    let Board { n, ref cells } = instance.board;
    let at = move |r: usize, c: usize| cells[r * n + c];
    let corners = (1..n).map(move |m| (m, (0..m * m).map(|k| at(k / m, k % m)).collect()));
    let crosses = (0..n * n).filter(move |_| n > 1).map(move |skip| {
        let (skip_r, skip_c) = (skip / n, skip % n);
        let cells = (0..n)
            .filter(|&r| r != skip_r)
            .flat_map(|r| (0..n).filter(move |&c| c != skip_c).map(move |c| (r, c)))
            .map(|(r, c)| at(r, c))
            .collect();
        (n - 1, cells)
    });
    let emptied = (0..n * n).filter(move |&k| cells[k] != 0).map(move |k| {
        let mut fewer = cells.clone();
        fewer[k] = 0;
        (n, fewer)
    });
    // Every block halved keeps the pattern of equal neighbours.
    let halved = std::iter::once_with(move || {
        cells
            .iter()
            .all(|&e| e != 1)
            .then(|| (n, cells.iter().map(|&e| e.saturating_sub(1)).collect()))
    })
    .flatten();
    let lowered = (0..n * n).filter(move |&k| cells[k] > 1).map(move |k| {
        let mut lower = cells.clone();
        lower[k] -= 1;
        (n, lower)
    });
    corners
        .chain(crosses)
        .chain(emptied)
        .chain(halved)
        .chain(lowered)
        .filter(|(_, cells): &(usize, Vec<u8>)| cells.iter().any(|&e| e != 0))
        .map(|(n, cells)| Instance {
            board: Board { n, cells },
        })
}

impl Generate for Game2048 {
    const SIZES: &'static [Size] = &[Size::N, Size::MaxTile, Size::Density];

    /// The instance `gen` prints for the size options `sizes` (unset ones are
    /// drawn from `rng`).
    ///
    /// # Errors
    /// [`Error::Usage`] for `--n` outside 1..=64 or a `--max-tile` that is not a
    /// power of two from 2.
    fn generate(&self, rng: &mut GenRng, sizes: &GenOptions) -> Result<Instance, Error> {
        let n = match sizes.bounded(Size::N, 1, MAX_N as u64)? {
            Some(n) => n as usize,
            None => rng.random_range(1..=8),
        };
        let max_exponent = match sizes.max_tile {
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
        // Drawn for `--hard` too, whose shapes ignore it, so that a seed keeps
        // giving the instances it always gave.
        let density = sizes.density.unwrap_or_else(|| rng.random_range(0.2..=1.0));
        Ok(if sizes.hard {
            hard(rng, n, max_exponent)
        } else {
            random(rng, n, max_exponent, density)
        })
    }

    fn shrink<'a>(&'a self, instance: &'a Instance) -> Box<dyn Iterator<Item = Instance> + 'a> {
        Box::new(shrink(instance))
    }

    fn within_limits(&self, instance: &Instance, limits: &Limits) -> Result<(), PastLimits> {
        let Limits::Board2048 {
            max_n, max_tile, ..
        } = *limits
        else {
            return Ok(());
        };
        let board = &instance.board;
        if board.size() as u64 > max_n {
            // N is number 0.
            return Err(Breach::Side(board.size()).at(0));
        }
        // The largest block, placed where it first stands; with no block
        // at all, at the first cell.
        let cells = board.exponents();
        let largest = cells.iter().copied().max().unwrap_or(0);
        let first = cells
            .iter()
            .position(|&e| e == largest)
            .map_or(1, |k| k + 1);
        if largest == 0 {
            return Err(Breach::NoBlock.at(first));
        }
        let value = block_value(u32::from(largest));
        if value > u128::from(max_tile) {
            return Err(Breach::Block(value).at(first));
        }
        Ok(())
    }
}
