//! Seeded random dice, the `--hard` dice that run through the blue corners
//! and the shared centre, and the shrinker.

use super::board::{BOARD, END, FORTY, MAX_USEFUL_DICE, START, SquareId, destination};
use super::parse::Instance;
use super::reference::{self, Mistake};
use super::variant::Yut;
use crate::puzzles::error::Error;
use crate::puzzles::limits::{Breach, Limits, PastLimits};
use crate::puzzles::puzzle::GenRng;
use crate::puzzles::rules::Generate;
use crate::puzzles::rules::Mistake as _;
use crate::puzzles::sizes::{Ask, Size};
use rand::RngExt;

/// A random instance of `dice` dice, each uniform in 1..=5.
///
/// ```
/// use boardsolve_core::puzzles::yut::random;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
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

/// The dice of `stress --hard` and `gen --hard`: dice on which one rule,
/// chosen at random, decides the answer. A rule decides the answer when
/// reading it the way a catalogued mistake does changes the best total, so
/// the candidates (from the shapes below: uniform, fives and small steps,
/// forced finishes, guided games) are drawn again, a bounded number of
/// times (`TRIES`), until the chosen mistake answers wrongly. Past a
/// bounded number of dice (`SEARCHED_DICE`) the first candidate is kept,
/// since the searches of the mistaken references grow with the dice.
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn hard<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    assert!(dice >= 1, "an instance has at least one die");
    let target = Mistake::ALL[rng.random_range(0..Mistake::ALL.len())];
    let mut candidate = shaped(rng, dice);
    if dice > SEARCHED_DICE {
        return candidate;
    }
    for _ in 1..TRIES {
        let truth = reference::answer(candidate.dice(), None);
        if reference::answer(candidate.dice(), Some(target)) != truth {
            break;
        }
        candidate = shaped(rng, dice);
    }
    candidate
}

/// How many candidates [`hard`] draws at most for one case: the rarest
/// catalogued mistake (the finish holding one piece) changes about one
/// candidate in fourteen, so 60 miss it about once in a hundred.
pub const TRIES: usize = 60;
/// The most dice [`hard`] searches over.
pub const SEARCHED_DICE: usize = 12;

/// One candidate of [`hard`], from one of its four shapes.
fn shaped<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    match rng.random_range(0..4) {
        0 => random(rng, dice),
        1 => fives_and_steps(rng, dice),
        2 => forced_finish(rng, dice),
        _ => guided(rng, dice),
    }
}

/// Dice that send pieces through the blue corners and the shared centre:
/// many fives (a piece on the start reaches 10 with one, 20 with two) mixed
/// with small steps.
fn fives_and_steps<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
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

/// Dice that force pieces to finish early: mostly fives for the first
/// seven tenths, then ones and twos. Seven fives can finish two pieces
/// (10, the centre 30, the finish), and with two pieces gone the small
/// dice at the end may be better thrown away than moved: the shape of
/// `finish-piece-moves` and `finish-occupied`.
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn forced_finish<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    assert!(dice >= 1, "an instance has at least one die");
    let big = (dice * 7).div_ceil(10);
    Instance {
        dice: (0..dice)
            .map(|i| {
                if i >= big {
                    rng.random_range(1..=2u8)
                } else if rng.random_bool(0.85) {
                    5
                } else {
                    rng.random_range(1..=4u8)
                }
            })
            .collect(),
    }
}

/// How interesting a landing cell is for a guided game: the cells where
/// the rules are easy to get wrong.
fn interest(to: SquareId, pieces: &[SquareId; 4], mover: usize) -> u32 {
    let value = BOARD[to as usize].value;
    let others = (0..4).filter(|&j| j != mover).map(|j| pieces[j]);
    if to == END {
        2
    } else if others.clone().any(|o| o == to) {
        3
    } else if others
        .clone()
        .any(|o| o != END && o != START && BOARD[o as usize].value == value)
    {
        8
    } else if BOARD[to as usize].blue.is_some() || to == FORTY || (29..=31).contains(&to) {
        4
    } else {
        1
    }
}

/// Dice of a game played with a purpose: each turn a random unfinished
/// piece is moved, by a die chosen with a bias for landing on blue
/// corners, the shared centre, 40, a cell of another piece or a cell with
/// another piece's number.
///
/// # Panics
/// If `dice` is 0 (an instance has at least one die).
pub fn guided<R: rand::Rng + ?Sized>(rng: &mut R, dice: usize) -> Instance {
    assert!(dice >= 1, "an instance has at least one die");
    let mut pieces = [START; 4];
    let mut out = Vec::with_capacity(dice);
    for _ in 0..dice {
        let unfinished: Vec<usize> = (0..4).filter(|&i| pieces[i] != END).collect();
        if unfinished.is_empty() {
            out.push(rng.random_range(1..=5u8));
            continue;
        }
        let mover = unfinished[rng.random_range(0..unfinished.len())];
        let weights: Vec<u32> = (1..=5u8)
            .map(|d| interest(destination(pieces[mover], d), &pieces, mover))
            .collect();
        let mut pick = rng.random_range(0..weights.iter().sum::<u32>());
        let mut die = 1;
        for (k, &w) in weights.iter().enumerate() {
            if pick < w {
                die = k as u8 + 1;
                break;
            }
            pick -= w;
        }
        let to = destination(pieces[mover], die);
        if to == END || !pieces.contains(&to) {
            pieces[mover] = to;
        }
        out.push(die);
    }
    Instance { dice: out }
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

/// The dice of the largest cases when neither `--dice` nor a judge sets
/// the count: every die past it goes unused.
pub const LARGEST: usize = MAX_USEFUL_DICE;

/// The number of dice to draw: `--dice`, else the judge's count, else
/// [`LARGEST`] for the largest cases and 10 for the rest.
fn dice_count(ask: Ask<'_>) -> Result<usize, Error> {
    let judge = match ask.limits {
        Some(&Limits::Dice { count }) => Some(count),
        _ => None,
    };
    let largest = judge.unwrap_or(LARGEST as u64);
    Ok(ask.size(Size::Dice, 1..=1_000_000, largest, || judge.unwrap_or(10))? as usize)
}

impl Generate for Yut {
    const SIZES: &'static [Size] = &[Size::Dice];

    /// The instance `gen` asks for: `--dice` dice, else the judge's count,
    /// else [`MAX_USEFUL_DICE`] (`LARGEST`: every die past it goes unused)
    /// for the largest cases and 10 for the rest. `--hard` draws [`hard`];
    /// the default draws uniform dice half the time, dice that force pieces
    /// to finish early (`forced_finish`) a quarter and [`hard`] a quarter,
    /// so that a default run meets the rare shapes too (a finished piece
    /// worth a die comes up only when pieces must finish early, never on
    /// uniform ten dice).
    fn generate(&self, rng: &mut GenRng, ask: Ask<'_>) -> Result<Instance, Error> {
        let dice = dice_count(ask)?;
        Ok(if ask.sizes.hard {
            hard(rng, dice)
        } else {
            match rng.random_range(0..4) {
                0 | 1 => random(rng, dice),
                2 => forced_finish(rng, dice),
                _ => hard(rng, dice),
            }
        })
    }

    fn sizes_drawn(&self, ask: Ask<'_>) -> String {
        let sizes = ask.sizes;
        let count = match (sizes.dice, ask.limits) {
            (Some(dice), _) | (None, Some(&Limits::Dice { count: dice })) => format!("{dice} dice"),
            _ => format!("10 dice (the first cases {LARGEST})"),
        };
        let shapes = if sizes.hard {
            "each case one on which a rule decides the answer"
        } else {
            "half uniform, a quarter forced finishes, a quarter on which a rule decides the answer"
        };
        format!("{count}, {shapes}")
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
