//! Seeded random games, the `--hard` shapes that break solutions, and the
//! shrinker that `stress` uses to cut a failing game down.

use super::Footholds;
use super::board::{Coord, Instance, MAX_SIDE, bit};
use crate::puzzles::{Breach, Generate, Limits, PastLimits};
use crate::puzzles::{Error, GenOptions, GenRng, Size};
use rand::RngExt;

/// A random instance: each cell a foothold with probability
/// `foothold_percent`/100, the starts uniform over the board (possibly the
/// same cell) and given a foothold if they lack one, so it is always valid.
///
/// # Panics
/// If `rows` or `cols` is outside 1..=8, or `foothold_percent` above 100.
pub fn random<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
) -> Instance {
    assert!((1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols));
    assert!(foothold_percent <= 100);
    let mut footholds = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            if rng.random_ratio(foothold_percent, 100) {
                footholds |= bit((r, c));
            }
        }
    }
    let pick = |rng: &mut R| (rng.random_range(0..rows), rng.random_range(0..cols));
    let a = pick(rng);
    let b = pick(rng);
    footholds |= bit(a) | bit(b);
    Instance {
        rows,
        cols,
        footholds,
        a,
        b,
    }
}

/// A game in one of the shapes that break solutions: both players on one
/// cell, players already separated by a wall without footholds, or a
/// player with no move at the start.
///
/// # Panics
/// As [`random`].
pub fn hard<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
) -> Instance {
    let mut game = random(rng, rows, cols, foothold_percent);
    match rng.random_range(0..3u8) {
        0 => {
            game.b = game.a;
        }
        1 if cols >= 3 => {
            // A column without footholds between the two players.
            let wall = rng.random_range(1..cols - 1);
            for r in 0..rows {
                game.footholds &= !bit((r, wall));
            }
            game.a.1 = rng.random_range(0..wall);
            game.b.1 = rng.random_range(wall + 1..cols);
            game.footholds |= bit(game.a) | bit(game.b);
        }
        _ => {
            // A's neighbours lose their footholds (B may stand on one).
            let (r, c) = game.a;
            for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                    let cell = (nr as usize, nc as usize);
                    if cell != game.b {
                        game.footholds &= !bit(cell);
                    }
                }
            }
        }
    }
    game
}

/// Smaller games than `game` for shrinking, the boldest first: a row or a
/// column without a player removed, then one foothold removed (never one
/// under a player). Each is built only when asked for.
pub fn shrink(game: &Instance) -> impl Iterator<Item = Instance> + '_ {
    let without_row = (0..game.rows)
        .filter(move |&r| game.rows > 1 && game.a.0 != r && game.b.0 != r)
        .filter_map(move |r| {
            let mut g = game.grid();
            g.remove(r);
            let shift = |cell: Coord| (if cell.0 > r { cell.0 - 1 } else { cell.0 }, cell.1);
            Instance::new(&g, shift(game.a), shift(game.b)).ok()
        });
    let without_col = (0..game.cols)
        .filter(move |&c| game.cols > 1 && game.a.1 != c && game.b.1 != c)
        .filter_map(move |c| {
            let mut g = game.grid();
            for row in &mut g {
                row.remove(c);
            }
            let shift = |cell: Coord| (cell.0, if cell.1 > c { cell.1 - 1 } else { cell.1 });
            Instance::new(&g, shift(game.a), shift(game.b)).ok()
        });
    let without_foothold = (0..game.rows)
        .flat_map(move |r| (0..game.cols).map(move |c| (r, c)))
        .filter(move |&cell| game.has_foothold(cell) && cell != game.a && cell != game.b)
        .filter_map(move |cell| {
            let mut g = game.grid();
            g[cell.0][cell.1] = false;
            Instance::new(&g, game.a, game.b).ok()
        });
    without_row.chain(without_col).chain(without_foothold)
}

impl Generate for Footholds {
    const SIZES: &'static [Size] = &[Size::Rows, Size::Cols, Size::Density];

    /// A game for `gen`: `--rows` and `--cols` from 1 to 8 (1 to 5 at random
    /// when not given), `--density` the share of footholds (50% to 100% at
    /// random when not given), `--hard` one of the [`hard`] shapes.
    fn generate(&self, rng: &mut GenRng, sizes: &GenOptions) -> Result<Instance, Error> {
        let mut side = |size: Size| -> Result<usize, Error> {
            Ok(match sizes.bounded(size, 1, MAX_SIDE as u64)? {
                Some(v) => v as usize,
                None => rng.random_range(1..=5),
            })
        };
        let rows = side(Size::Rows)?;
        let cols = side(Size::Cols)?;
        let percent = match sizes.density {
            Some(d) => (d * 100.0).round() as u32,
            None => rng.random_range(50..=100),
        };
        Ok(if sizes.hard {
            hard(rng, rows, cols, percent)
        } else {
            random(rng, rows, cols, percent)
        })
    }

    fn shrink<'a>(&'a self, instance: &'a Instance) -> Box<dyn Iterator<Item = Instance> + 'a> {
        Box::new(shrink(instance))
    }

    fn within_limits(&self, instance: &Instance, limits: &Limits) -> Result<(), PastLimits> {
        let Limits::Footholds { max_side } = *limits else {
            return Ok(());
        };
        let max = max_side as usize;
        // Placed at the first cell past the limit: of the first row too
        // many, else of the first row's first column too many.
        let at = if instance.rows > max {
            max * instance.cols
        } else if instance.cols > max {
            max
        } else {
            return Ok(());
        };
        let board = Breach::Board {
            rows: instance.rows,
            cols: instance.cols,
        };
        Err(board.at(at))
    }
}
