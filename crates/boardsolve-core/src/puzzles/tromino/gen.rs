//! Seeded instances (a uniform hole, or one where off-by-one mistakes show)
//! and the shrinker of `stress`.

use super::general;
use super::parse::{Instance, MAX_BOJ_K, MAX_GENERAL_N, MAX_POW2_N};
use super::variant::{Format, Tromino};
use crate::puzzles::error::Error;
use crate::puzzles::limits::{Breach, Limits, PastLimits};
use crate::puzzles::puzzle::GenRng;
use crate::puzzles::refusal::Refusal;
use crate::puzzles::rules::Generate;
use crate::puzzles::sizes::{Ask, Size};
use rand::RngExt;

/// A board of side `n` with its hole uniform among the tileable ones.
///
/// ```
/// use boardsolve_core::puzzles::tromino::random;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
/// let i = random(&mut rng, 40);
/// assert!(i.n == 40 && i.row < 40 && i.col < 40);
/// ```
///
/// # Panics
/// If `n` is 0 or divisible by 3 (no hole is tileable then).
pub fn random<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> Instance {
    assert!(!n.is_multiple_of(3));
    hole_by(n, || (rng.random_range(0..n), rng.random_range(0..n)))
}

/// A board of side `n` whose hole is on a border between quadrants or in
/// a corner of one, at some level of the recursion: the first, last or one
/// of the two middle rows of an aligned square of side 2^j, and the same
/// for the column, j drawn from 1 to log2 n (the whole board half the
/// time). There off-by-one mistakes in the recursion show: a hole on the
/// first row past the middle, next to the centre, in a corner. Other sides
/// take the whole board's first, middle and last rows and columns.
///
/// ```
/// use boardsolve_core::puzzles::tromino::hard;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
/// let i = hard(&mut rng, 16);
/// // Each coordinate is first, last or in the middle of a square of side 2^j.
/// let placed = |x: u32| (1..=4).any(|j| [0, (1 << j) / 2 - 1, (1 << j) / 2, (1 << j) - 1].contains(&(x % (1 << j))));
/// assert!(placed(i.row) && placed(i.col));
/// ```
///
/// # Panics
/// If `n` is 0 or divisible by 3.
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> Instance {
    assert!(!n.is_multiple_of(3));
    if !n.is_power_of_two() || n < 2 {
        let half = (n / 2).max(1);
        let picks = [0, half.saturating_sub(1), half.min(n - 1), n - 1];
        return hole_by(n, || {
            (picks[rng.random_range(0..4)], picks[rng.random_range(0..4)])
        });
    }
    let k = n.trailing_zeros();
    let j = if rng.random_bool(0.5) {
        k
    } else {
        rng.random_range(1..=k)
    };
    let side = 1u32 << j;
    let mut coordinate = || {
        let base = rng.random_range(0..n >> j) << j;
        let picks = [0, side / 2 - 1, side / 2, side - 1];
        base + picks[rng.random_range(0..4)]
    };
    let (row, col) = (coordinate(), coordinate());
    Instance { n, row, col }
}

/// The first tileable hole that `pick` proposes.
fn hole_by(n: u32, mut pick: impl FnMut() -> (u32, u32)) -> Instance {
    loop {
        let (row, col) = pick();
        if general::tileability(n as usize, row as usize, col as usize).is_ok() {
            return Instance { n, row, col };
        }
    }
}

/// Valid instances a little smaller than `instance` in `format`, the
/// boldest cut first: half the side (power-of-two boards), then the hole
/// one row up, then one column left.
///
/// ```
/// use boardsolve_core::puzzles::tromino::{shrink, Format, Instance};
/// let smaller: Vec<Instance> = shrink(&Instance { n: 8, row: 5, col: 0 }, Format::Plain).collect();
/// assert_eq!(smaller, [Instance { n: 4, row: 1, col: 0 }, Instance { n: 8, row: 4, col: 0 }]);
/// ```
pub fn shrink(instance: &Instance, format: Format) -> impl Iterator<Item = Instance> {
    let Instance { n, row, col } = *instance;
    let half = (n.is_power_of_two() && n > 1).then(|| {
        let half = n / 2;
        Instance {
            n: half,
            row: row % half,
            col: col % half,
        }
    });
    let up = (row > 0).then(|| Instance {
        row: row - 1,
        ..*instance
    });
    let left = (col > 0).then(|| Instance {
        col: col - 1,
        ..*instance
    });
    [half, up, left].into_iter().flatten().filter(move |i| {
        // The BOJ format cannot write a board of side 1.
        general::tileability(i.n as usize, i.row as usize, i.col as usize).is_ok()
            && !(format == Format::Boj && i.n < 2)
    })
}

/// Largest K drawn by default: the judge's, or 4 (n = 16) for the own
/// format and the BOJ format past the judges' limits.
fn most_k(limits: Option<&Limits>) -> u32 {
    match limits {
        Some(&Limits::TrominoK { max_k }) => max_k,
        _ => 4,
    }
}

/// Side of the largest cases of `stress` (`GenOptions::largest`): the
/// judge's largest board, or n = 1024 where there is no judge (the own
/// format goes to 65536, but a stress case of 65536² labels would take
/// minutes to write and check; 1024 is 350 000 trominoes).
fn largest_n(limits: Option<&Limits>) -> u32 {
    match limits {
        Some(&Limits::TrominoK { max_k }) => 1 << max_k,
        _ => LARGEST_OWN_N,
    }
}

/// The largest stress cases' side without a judge.
const LARGEST_OWN_N: u32 = 1024;

impl Generate for Tromino {
    const SIZES: &'static [Size] = &[Size::N];

    /// `gen`: the side from `--n` (by default a power of two up to 16, from 2
    /// in the BOJ format), then a hole by [`random`] or, with `--hard`, [`hard`].
    ///
    /// # Errors
    /// [`Error::Refused`] for a side the format cannot take.
    fn generate(&self, rng: &mut GenRng, ask: Ask<'_>) -> Result<Instance, Error> {
        let (sizes, limits) = (ask.sizes, ask.limits);
        let format = self.format;
        let boj = format == Format::Boj;
        let n = match sizes.n {
            // A judge's limits are covered whole (14601: K up to 7); the
            // own format keeps to small boards, which shrink and print
            // fast, but for the largest cases.
            None => {
                let most = most_k(limits);
                if sizes.largest {
                    largest_n(limits)
                } else {
                    1u32 << rng.random_range(u32::from(boj)..=most)
                }
            }
            Some(n) if boj && !(n.is_power_of_two() && (2..=1 << MAX_BOJ_K).contains(&n)) => {
                return Err(Refusal::JudgeSide {
                    n,
                    most_k: MAX_BOJ_K,
                }
                .into());
            }
            Some(n) if n.is_power_of_two() && n <= u64::from(MAX_POW2_N) => n as u32,
            Some(n) if n <= u64::from(MAX_GENERAL_N) && n % 3 != 0 => n as u32,
            Some(n) => {
                return Err(Refusal::TrominoSide {
                    n,
                    pow2: MAX_POW2_N,
                    general: MAX_GENERAL_N,
                }
                .into());
            }
        };
        // Without --hard, a quarter of the holes are on quadrant borders
        // and corners too: uniform holes meet the middle rows of the whole
        // board rarely on large boards.
        Ok(if sizes.hard || rng.random_range(0..4) == 0 {
            hard(rng, n)
        } else {
            random(rng, n)
        })
    }

    fn sizes_drawn(&self, ask: Ask<'_>) -> String {
        let (sizes, limits) = (ask.sizes, ask.limits);
        let holes = if sizes.hard {
            "holes on quadrant borders and corners"
        } else {
            "holes uniform, a quarter on quadrant borders and corners"
        };
        if let Some(n) = sizes.n {
            return format!("n = {n}, {holes}");
        }
        let (least, most) = (u32::from(self.format == Format::Boj), most_k(limits));
        let largest = largest_n(limits);
        if self.format == Format::Boj {
            format!(
                "K {least}..{most}, at the largest K = {}, {holes}",
                largest.trailing_zeros()
            )
        } else {
            format!(
                "n a power of two from {} to {}, at the largest n = {largest}, {holes}",
                1u32 << least,
                1u32 << most
            )
        }
    }

    fn shrink<'a>(&'a self, instance: &'a Instance) -> Box<dyn Iterator<Item = Instance> + 'a> {
        Box::new(shrink(instance, self.format))
    }

    fn within_limits(&self, instance: &Instance, limits: &Limits) -> Result<(), PastLimits> {
        match *limits {
            // K is number 0.
            Limits::TrominoK { max_k } if u64::from(instance.n) > 1 << max_k => {
                Err(Breach::K(instance.n.trailing_zeros()).at(0))
            }
            _ => Ok(()),
        }
    }
}
