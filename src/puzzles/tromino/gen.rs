//! Seeded instances (a uniform hole, or one where off-by-one mistakes show)
//! and the shrinker of `stress`.

use super::Tromino;
use super::{Format, Instance, MAX_BOJ_K, MAX_GENERAL_N, MAX_POW2_N, general};
use crate::puzzles::{Breach, Generate, Limits, PastLimits, Size};
use crate::puzzles::{Error, GenOptions, GenRng};
use rand::RngExt;

/// A board of side `n` with its hole uniform among the tileable ones.
///
/// ```
/// use boardsolve::puzzles::tromino::random;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
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

/// A board of side `n` whose hole is next to the centre or in a corner of a
/// quadrant, where off-by-one mistakes in the recursion show.
///
/// # Panics
/// If `n` is 0 or divisible by 3.
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> Instance {
    assert!(!n.is_multiple_of(3));
    let half = (n / 2).max(1);
    let picks = [0, half.saturating_sub(1), half.min(n - 1), n - 1];
    hole_by(n, || {
        (picks[rng.random_range(0..4)], picks[rng.random_range(0..4)])
    })
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
/// use boardsolve::puzzles::tromino::{shrink, Format, Instance};
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

impl Generate for Tromino {
    const SIZES: &'static [Size] = &[Size::N];

    /// `gen`: the side from `--n` (by default a power of two up to 16, from 2
    /// in the BOJ format), then a hole by [`random`] or, with `--hard`, [`hard`].
    ///
    /// # Errors
    /// [`Error::Usage`] for a side the format cannot take.
    fn generate(&self, rng: &mut GenRng, sizes: &GenOptions) -> Result<Instance, Error> {
        self.generate_within(rng, sizes, None)
    }

    fn generate_within(
        &self,
        rng: &mut GenRng,
        sizes: &GenOptions,
        limits: Option<&Limits>,
    ) -> Result<Instance, Error> {
        let format = self.format;
        let boj = format == Format::Boj;
        let n = match sizes.n {
            // A judge's limits are covered whole (14601: K up to 7); the
            // own format keeps to small boards, which shrink and print fast.
            None => {
                let most = match limits {
                    Some(&Limits::TrominoK { max_k }) => max_k,
                    _ => 4,
                };
                1u32 << rng.random_range(u32::from(boj)..=most)
            }
            Some(n) if boj && !(n.is_power_of_two() && (2..=1 << MAX_BOJ_K).contains(&n)) => {
                return Err(Error::Usage(format!(
                    "--n must be a power of two from 2 to 2^{MAX_BOJ_K} for 14600 and 14601, found {n}"
                )));
            }
            Some(n) if n.is_power_of_two() && n <= u64::from(MAX_POW2_N) => n as u32,
            Some(n) if n <= u64::from(MAX_GENERAL_N) && n % 3 != 0 => n as u32,
            Some(n) => {
                return Err(Error::Usage(format!(
                    "--n must be a power of two up to {MAX_POW2_N}, or up to {MAX_GENERAL_N} and not divisible by 3; found {n}"
                )));
            }
        };
        Ok(if sizes.hard {
            hard(rng, n)
        } else {
            random(rng, n)
        })
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
