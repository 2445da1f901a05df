//! Seeded random dice, the `--hard` dice that run through the blue corners
//! and the shared centre, and the shrinker.

use super::Instance;
use super::Yut;
use crate::puzzles::{Breach, Generate, Limits, PastLimits};
use crate::puzzles::{Error, GenOptions, GenRng, Size};
use rand::RngExt;

/// A random instance of `dice` dice, each uniform in 1..=5.
///
/// ```
/// use boardsolve::puzzles::yut::random;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// assert_eq!(random(&mut rng, 10).dice().len(), 10);
/// ```
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn random<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    assert!(dice >= 1, "an instance has at least one die");
    Instance {
        dice: (0..dice).map(|_| rng.random_range(1..=5u8)).collect(),
    }
}

/// Dice that send pieces through the blue corners and the shared centre:
/// many fives (a piece on the start reaches 10 with one, 20 with two) mixed
/// with small steps.
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    assert!(dice >= 1, "an instance has at least one die");
    Instance {
        dice: (0..dice)
            .map(|_| {
                if rng.random_bool(0.45) {
                    5
                } else {
                    rng.random_range(1..=3u8)
                }
            })
            .collect(),
    }
}

/// Instances a little smaller than `instance`: runs of dice left out (half
/// of them, then quarters, down to each single die), then each die above
/// 1 made one smaller.
pub fn shrink(instance: &Instance) -> impl Iterator<Item = Instance> + '_ {
    let dice = instance.dice();
    let n = dice.len();
    // Bold cuts first (half the dice, then a quarter, ...), so that a long
    // case shrinks in a few dozen steps, not one die at a time.
    let widths = std::iter::successors(Some(n / 2), |&w| (w > 1).then_some(w / 2))
        .filter(|&w| w >= 1)
        .collect::<Vec<_>>();
    let fewer = widths.into_iter().flat_map(move |width| {
        (0..n.div_ceil(width)).filter_map(move |chunk| {
            let (from, to) = (chunk * width, ((chunk + 1) * width).min(n));
            Instance::new([&dice[..from], &dice[to..]].concat())
        })
    });
    let smaller = (0..n)
        .filter(move |&at| dice[at] > 1)
        .filter_map(move |at| {
            let mut smaller = dice.to_vec();
            smaller[at] -= 1;
            Instance::new(smaller)
        });
    fewer.chain(smaller)
}

impl Generate for Yut {
    const SIZES: &'static [Size] = &[Size::Dice];

    /// The instance `gen` asks for: `--dice` dice (10 by default), random or
    /// `--hard`.
    fn generate(&self, rng: &mut GenRng, sizes: &GenOptions) -> Result<Instance, Error> {
        let dice = sizes.bounded(Size::Dice, 1, 1_000_000)?.unwrap_or(10) as usize;
        Ok(if sizes.hard {
            hard(rng, dice)
        } else {
            random(rng, dice)
        })
    }

    fn shrink<'a>(&'a self, instance: &'a Instance) -> Box<dyn Iterator<Item = Instance> + 'a> {
        Box::new(shrink(instance))
    }

    fn within_limits(&self, instance: &Instance, limits: &Limits) -> Result<(), PastLimits> {
        match *limits {
            Limits::Dice { count } if instance.dice().len() as u64 != count => {
                let dice = instance.dice().len();
                // Placed at the first die too many, or at the end of the
                // line when some are missing.
                Err(Breach::Dice(dice).at(dice.min(count as usize)))
            }
            _ => Ok(()),
        }
    }
}
