//! Seeded random boards, the `--hard` shapes, and the shrinker.

use super::board::{Board, Instance, MAX_INPUT_EXPONENT, MAX_N, block_value, exponent_of};
use super::variant::Game2048;
use crate::puzzles::error::Error;
use crate::puzzles::limits::{Breach, Limits, PastLimits};
use crate::puzzles::puzzle::GenRng;
use crate::puzzles::rules::Generate;
use crate::puzzles::sizes::{Ask, Size};
use rand::RngExt;

/// The largest side drawn when `--n` is not given (the reference searches
/// of `--diagnose` stay quick up to it).
const DEFAULT_MAX_SIDE: usize = 8;

/// The largest block drawn when `--max-tile` is not given: 1024, the
/// judges' largest.
const DEFAULT_MAX_EXPONENT: u8 = 10;

/// The side of the largest cases
/// ([`GenOptions::largest`](crate::puzzles::GenOptions::largest)): the
/// judge's largest N, or 20 (the judges' N) without a judge.
fn largest_side(limits: Option<&Limits>) -> usize {
    match limits {
        Some(&Limits::Board2048 { max_n, .. }) => (max_n as usize).clamp(1, MAX_N),
        _ => 20,
    }
}

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
/// use boardsolve_core::puzzles::game2048::random;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
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
/// `2^max_exponent`, turned by a random symmetry of the square (so that
/// the best line needs right or down as often as left or up): rows of
/// equal runs with gaps, chains that merge once a move, equal blocks at
/// both ends of lines, a full board of small blocks, a single block, or
/// every cell the same block.
///
/// ```
/// use boardsolve_core::puzzles::game2048::hard;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
/// assert_eq!(hard(&mut rng, 5, 10).board.size(), 5);
/// ```
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, n: usize, max_exponent: u8) -> Instance {
    hard_for(rng, n, max_exponent, 5)
}

/// [`hard`] for `moves` moves, which the ladders are built for.
fn hard_for<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    max_exponent: u8,
    moves: u32,
) -> Instance {
    let (n, max_exponent, small) = clamped(n, max_exponent);
    // Every shape places a block, so none needs the empty-board fix of `random`.
    let mut cells = vec![0u8; n * n];
    match rng.random_range(0..8u8) {
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
            cells.fill(e);
        }
        // Chains.
        4 | 5 => ladder(rng, n, max_exponent, moves, small, &mut cells),
        // Equal blocks at both ends of lines.
        _ => equal_ends(rng, n, small, &mut cells),
    }
    turned(rng, n, cells)
}

/// A ladder: rows holding chains (`a a a+1 a+2 ...`, each move towards
/// the wall merging once), which leave a chain of the same kind in the
/// first column: `moves` moves in all (or one fewer or more) make one
/// block, the same move many times in a row, the largest block doubling
/// on the last. Sometimes the rows have gaps, their small ends tripled
/// (`.. a+1 a a a`), or small blocks in the rows below.
fn ladder<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    max_exponent: u8,
    moves: u32,
    small: u8,
    cells: &mut [u8],
) {
    let needed = (moves as usize + rng.random_range(0..=2)).saturating_sub(1);
    // Some rows end in a block that stays (a third `low`, or a stray
    // block): a row and a row without one are no longer lined up after
    // left then right, so the column needs the same move twice.
    let tripled = rng.random_bool(0.5);
    let room = if tripled { n.saturating_sub(1) } else { n };
    // A chain of `length` blocks takes `length - 1` moves; `rows` rows
    // leave a column chain of `rows` blocks, `rows - 1` moves more. The
    // top row's chain starts at `first`; the last row's largest input
    // block is first + length + rows - 4 (first + length - 2 for one row).
    let max = usize::from(max_exponent);
    let fits = |length: usize, rows: usize| {
        length >= 1 && length <= room && rows <= n && length + rows.max(2) <= max + 3
    };
    // Rows of three blocks or more when they fit: shorter ones leave no
    // room for a tripled end to matter.
    let all: Vec<(usize, usize)> = (1..=needed + 1)
        .map(|rows| (needed + 2 - rows, rows))
        .filter(|&(length, rows)| fits(length, rows))
        .collect();
    let long: Vec<(usize, usize)> = all
        .iter()
        .copied()
        .filter(|&(l, r)| l >= 3 && r >= 2)
        .collect();
    let shapes = if long.is_empty() { all } else { long };
    if shapes.is_empty() {
        return equal_ends(rng, n, small, cells);
    }
    let (length, rows) = shapes[rng.random_range(0..shapes.len())];
    // The top of row i's chain: t t t+1 ... down the first column.
    let highest_first = max + 4 - length - rows.max(2);
    let first = rng.random_range(1..=highest_first.max(1));
    let top = first + length - 1;
    let gaps = rng.random_bool(0.3);
    let background = rng.random_bool(0.3);
    for (i, row) in cells.chunks_mut(n).enumerate() {
        if i >= rows {
            if background {
                for c in row.iter_mut() {
                    if rng.random_bool(0.3) {
                        *c = rng.random_range(1..=small);
                    }
                }
            }
            continue;
        }
        let target = top + i.saturating_sub(1);
        let low = target + 1 - length;
        // From the wall: the largest first, down to low low, or the other
        // way round (`low low low+1 ...`), row by row, so that two rows
        // of the same blocks do not stand in the same columns.
        let mut chain: Vec<u8> = (0..length)
            .map(|k| (target - 1 - k).max(low) as u8)
            .collect();
        if length == 1 {
            chain = vec![target as u8];
        }
        let backwards = rng.random_bool(0.5);
        if backwards {
            chain.reverse();
        }
        if tripled && !backwards && length >= 2 && rng.random_bool(0.5) {
            // `.. low low low`: merged from the far side, the chain breaks.
            chain.push(low as u8);
        } else if tripled && rng.random_bool(0.5) {
            // A stray block that merges with nothing here.
            let stray = if low > 1 { low - 1 } else { low + length + 1 };
            chain.push(stray.min(max) as u8);
        }
        let mut k = 0;
        let mut spare = n - chain.len();
        for v in chain {
            while gaps && spare > 0 && rng.random_bool(0.3) {
                k += 1;
                spare -= 1;
            }
            row[k] = v;
            k += 1;
        }
    }
}

/// A ladder (two times in three) or lines of equal ends, turned: the
/// shapes of [`hard`] that random boards rarely are.
fn mixed<R: rand::Rng + ?Sized>(rng: &mut R, n: usize, max_exponent: u8, moves: u32) -> Instance {
    let (n, max_exponent, small) = clamped(n, max_exponent);
    let mut cells = vec![0u8; n * n];
    if rng.random_bool(2.0 / 3.0) {
        ladder(rng, n, max_exponent, moves, small, &mut cells);
    } else {
        equal_ends(rng, n, small, &mut cells);
    }
    turned(rng, n, cells)
}

/// Lines with equal blocks at both ends and between (`2 2 2`, `4 . 4 4`,
/// `2 8 2`), which merge differently from either wall, among small blocks.
fn equal_ends<R: rand::Rng + ?Sized>(rng: &mut R, n: usize, small: u8, cells: &mut [u8]) {
    for row in cells.chunks_mut(n) {
        let e = rng.random_range(1..=small);
        for (k, c) in row.iter_mut().enumerate() {
            let end = k == 0 || k + 1 == n;
            *c = if end || rng.random_bool(0.4) {
                e
            } else if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(1..=small)
            };
        }
    }
}

/// `cells` (side `n`) turned or mirrored by one of the eight symmetries of
/// the square, drawn from `rng`.
fn turned<R: rand::Rng + ?Sized>(rng: &mut R, n: usize, cells: Vec<u8>) -> Instance {
    let symmetry = rng.random_range(0..8u8);
    let at = |r: usize, c: usize| {
        let (r, c) = if symmetry & 1 == 1 { (c, r) } else { (r, c) };
        let r = if symmetry & 2 == 2 { n - 1 - r } else { r };
        let c = if symmetry & 4 == 4 { n - 1 - c } else { c };
        cells[r * n + c]
    };
    let cells = (0..n * n).map(|k| at(k / n, k % n)).collect();
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

    /// The instance `gen` prints for the size options asked (unset ones
    /// are drawn from `rng`); for the largest cases, the side is the
    /// judge's largest N (20 without a judge) and the board dense.
    ///
    /// # Errors
    /// [`Error::Refused`] for `--n` outside 1..=64 or a `--max-tile` that is not a
    /// power of two from 2.
    fn generate(&self, rng: &mut GenRng, ask: Ask<'_>) -> Result<Instance, Error> {
        let sizes = ask.sizes;
        let drawn = || rng.random_range(1..=DEFAULT_MAX_SIDE) as u64;
        let n = ask.size(
            Size::N,
            1..=MAX_N as u64,
            largest_side(ask.limits) as u64,
            drawn,
        )? as usize;
        let max_exponent = match sizes.max_tile {
            None => DEFAULT_MAX_EXPONENT,
            Some(v) => match exponent_of(v) {
                Some(e) if e >= 1 => e,
                _ => {
                    return Err(crate::puzzles::refusal::Refusal::MaxTile(v).into());
                }
            },
        };
        // Drawn for `--hard` too, whose shapes ignore it, so that a seed keeps
        // giving the instances it always gave.
        let density = sizes.density.unwrap_or_else(|| rng.random_range(0.2..=1.0));
        // The largest case is nearly full: the most moves that change the
        // board, the fewest lines a bound can cut.
        let density = match sizes.density {
            None if sizes.largest => 0.9 + density / 10.0,
            _ => density,
        };
        Ok(if sizes.hard {
            hard_for(rng, n, max_exponent, self.moves)
        } else if sizes.density.is_none() && rng.random_bool(0.25) {
            // A ladder or a board of equal ends now and then: the default
            // run meets the chains a search mistake needs too. A density
            // asked for is a random board of that density, as always.
            mixed(rng, n, max_exponent, self.moves)
        } else {
            random(rng, n, max_exponent, density)
        })
    }

    fn sizes_drawn(&self, ask: Ask<'_>) -> String {
        let (sizes, limits) = (ask.sizes, ask.limits);
        let side = match sizes.n {
            Some(n) => format!("N = {n}"),
            None => format!(
                "N 1..{DEFAULT_MAX_SIDE}, at the largest N = {}",
                largest_side(limits)
            ),
        };
        let top = match sizes.max_tile {
            Some(v) => v,
            None => 1 << DEFAULT_MAX_EXPONENT,
        };
        format!("{side}, blocks up to {top}")
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
