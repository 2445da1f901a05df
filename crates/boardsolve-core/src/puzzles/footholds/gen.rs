//! Seeded random games, the `--hard` shapes that break solutions, and the
//! shrinker that `stress` uses to cut a failing game down.

use super::board::{Coord, Instance, MAX_SIDE, bit};
use super::variant::Footholds;
use crate::puzzles::error::Error;
use crate::puzzles::limits::{Breach, Limits, PastLimits};
use crate::puzzles::puzzle::GenRng;
use crate::puzzles::rules::Generate;
use crate::puzzles::sizes::{Ask, Size};
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

/// The shapes of [`hard`], one drawn at random for each game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Both players on one cell.
    Shared,
    /// A column without footholds between the two players.
    Wall,
    /// A's neighbours without footholds (B may stand on one of them).
    Stuck,
    /// The players side by side or one cell apart on a dense board: a
    /// fight where the winner has wins of several lengths and the players
    /// step onto each other's cells.
    Close,
    /// A player on the top row or the left column, with a foothold on the
    /// far side of the board where a wrapped index would land.
    Edge,
}

/// The shapes [`hard`] draws from, each equally likely: the fights (close
/// players, a player at an edge) where the winner and the loser have
/// choices come five times in nine, since most mistakes show only there.
const SHAPES: [Shape; 9] = [
    Shape::Shared,
    Shape::Wall,
    Shape::Stuck,
    Shape::Close,
    Shape::Close,
    Shape::Close,
    Shape::Edge,
    Shape::Edge,
    Shape::Close,
];

/// A game in one of the shapes that break solutions: both players on one
/// cell, players already separated by a wall without footholds, a player
/// with no move at the start (or only onto the opponent's cell), the
/// players side by side or one cell apart on a dense board, or a player on
/// the top or left edge with a foothold across the board.
///
/// # Panics
/// As [`random`].
pub fn hard<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
) -> Instance {
    let shape = SHAPES[rng.random_range(0..SHAPES.len())];
    shaped(rng, rows, cols, foothold_percent, shape)
}

/// A random game (as [`random`]) reshaped into `shape`.
fn shaped<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
    shape: Shape,
) -> Instance {
    let dense = matches!(shape, Shape::Close | Shape::Edge);
    // A fight needs room: at least three quarters of the cells.
    let percent = if dense {
        foothold_percent.max(75)
    } else {
        foothold_percent
    };
    let mut game = random(rng, rows, cols, percent);
    let inside =
        |(r, c): (isize, isize)| r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
    match shape {
        Shape::Shared => game.b = game.a,
        Shape::Wall if cols >= 3 => {
            let wall = rng.random_range(1..cols - 1);
            for r in 0..rows {
                game.footholds &= !bit((r, wall));
            }
            game.a.1 = rng.random_range(0..wall);
            game.b.1 = rng.random_range(wall + 1..cols);
        }
        Shape::Close if rows * cols >= 2 => {
            // B on a cell one or two steps from A.
            let (r, c) = (game.a.0 as isize, game.a.1 as isize);
            let near: Vec<Coord> = (-2isize..=2)
                .flat_map(|dr| (-2isize..=2).map(move |dc| (dr, dc)))
                .filter(|&(dr, dc)| (1..=2).contains(&(dr.abs() + dc.abs())))
                .map(|(dr, dc)| (r + dr, c + dc))
                .filter(|&cell| inside(cell))
                .map(|(r, c)| (r as usize, c as usize))
                .collect();
            game.b = near[rng.random_range(0..near.len())];
        }
        Shape::Edge => {
            // Someone on the top row or the left column, and the cell a
            // step off that edge would wrap to kept.
            let mover = if rng.random_bool(0.5) {
                &mut game.a
            } else {
                &mut game.b
            };
            if rng.random_bool(0.5) {
                mover.0 = 0;
                game.footholds |= bit((rows - 1, mover.1));
            } else {
                mover.1 = 0;
                game.footholds |= bit((mover.0, cols - 1));
            }
        }
        _ => {
            // Stuck (or a shape the board is too small for): A's
            // neighbours lose their footholds, B may stand on one.
            let (r, c) = game.a;
            for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if inside((nr, nc)) {
                    let cell = (nr as usize, nc as usize);
                    if cell != game.b {
                        game.footholds &= !bit(cell);
                    }
                }
            }
        }
    }
    game.footholds |= bit(game.a) | bit(game.b);
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

/// The largest side drawn when no option and no judge says: boards up to
/// 5×5 are solved by the plain search in milliseconds, so every catalogued
/// mistake can be compared on them.
const DRAWN_SIDE: usize = 5;

/// The largest side drawn under `limits` (the generator's own without a
/// judge).
fn most_side(limits: Option<&Limits>) -> usize {
    match limits {
        Some(&Limits::Footholds { max_side }) => (max_side as usize).clamp(1, MAX_SIDE),
        _ => DRAWN_SIDE,
    }
}

/// A side from 1 to `most`, larger sides more often: the larger of two
/// uniform draws (a 5 one time in three of 1..5), and with `hard` the
/// largest half of the time. Games on small boards leave the players too
/// few choices for most mistakes to show, and a failing game is shrunk
/// anyway.
fn draw_side<R: rand::Rng + ?Sized>(rng: &mut R, most: usize, hard: bool) -> usize {
    if hard && rng.random_bool(0.5) {
        return most;
    }
    rng.random_range(1..=most).max(rng.random_range(1..=most))
}

impl Generate for Footholds {
    const SIZES: &'static [Size] = &[Size::Rows, Size::Cols, Size::Density];

    /// A game for `gen`: `--rows` and `--cols` from 1 to 8 (when not given,
    /// drawn from 1 to 5, or to the judge's largest, 5 for Programmers
    /// 92345; only the largest with
    /// [`GenOptions::largest`](crate::puzzles::GenOptions::largest)), `--density`
    /// the share of footholds (50% to 100% at random when not given),
    /// `--hard` one of the [`hard`] shapes.
    fn generate(&self, rng: &mut GenRng, ask: Ask<'_>) -> Result<Instance, Error> {
        let (sizes, most) = (ask.sizes, most_side(ask.limits));
        let mut side = |size: Size| -> Result<usize, Error> {
            let drawn = || draw_side(rng, most, sizes.hard) as u64;
            Ok(ask.size(size, 1..=MAX_SIDE as u64, most as u64, drawn)? as usize)
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

    fn sizes_drawn(&self, ask: Ask<'_>) -> String {
        let (sizes, most) = (ask.sizes, most_side(ask.limits));
        let free = if sizes.hard {
            format!("1..{most}, larger more often ({most} half of the time)")
        } else {
            format!("1..{most}, larger more often")
        };
        let sides = match (sizes.rows, sizes.cols) {
            _ if sizes.largest => {
                let side = |given: Option<u64>| given.map_or(most as u64, |v| v);
                format!("{}×{}", side(sizes.rows), side(sizes.cols))
            }
            (Some(r), Some(c)) => format!("{r}×{c}"),
            (None, None) => format!("rows and columns {free}"),
            (Some(r), None) => format!("{r} rows, columns {free}"),
            (None, Some(c)) => format!("{c} columns, rows {free}"),
        };
        let density = match sizes.density {
            Some(d) => format!("{}% footholds", (d * 100.0).round()),
            None => "50-100% footholds".to_string(),
        };
        format!("{sides}, {density}")
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
