//! The tiling as data (what `--json` prints and the `--html` page draws)
//! and its wording for `--explain`: every tromino in placement order with
//! its cells and the recursion level that placed it.

use super::parse::Instance;
use super::solve::tiling;
use crate::puzzles::error::Error;
use crate::puzzles::refusal::Refusal;
use serde::Serialize;
use std::io::{self, Write};

/// Largest side that `--json`, `--explain` and `--html` list tromino by
/// tromino (as `--svg` draws).
pub const MAX_PLAY_N: u32 = 256;

/// One tromino.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tile {
    /// Its number: 1 for the first placed.
    pub number: u32,
    /// Its three `[row, column]` cells, row after row.
    pub cells: [[u32; 2]; 3],
    /// The recursion level that placed it: 0 for the centre tromino of the
    /// whole board, 1 for those of its quadrants, and so on; `None` on a
    /// side that is not a power of two (built without that recursion).
    pub level: Option<u32>,
}

/// The tiling of one instance, in placement order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The side.
    pub n: u32,
    /// The hole, `[row, column]`.
    pub hole: [u32; 2],
    /// Every tromino, in placement order.
    pub tiles: Vec<Tile>,
}

/// The tiling of `instance` tromino by tromino.
///
/// ```
/// use boardsolve_core::puzzles::tromino::{play, Instance};
/// let p = play(&Instance { n: 4, row: 0, col: 0 }).unwrap();
/// assert_eq!(p.tiles.len(), 5);
/// assert_eq!((p.tiles[0].cells, p.tiles[0].level), ([[1, 2], [2, 1], [2, 2]], Some(0)));
/// assert_eq!(p.tiles[1].level, Some(1));
/// ```
///
/// # Errors
/// [`Error::Refused`] for a side above [`MAX_PLAY_N`].
pub fn play(instance: &Instance) -> Result<Play, Error> {
    if instance.n > MAX_PLAY_N {
        return Err(Refusal::BoardTooLarge {
            task: "--json, --explain and --html list boards",
            most: MAX_PLAY_N,
            n: instance.n,
        }
        .into());
    }
    let n = instance.n as usize;
    let labels = tiling(instance);
    let count = labels.iter().copied().max().unwrap_or(0) as usize;
    let mut cells: Vec<Vec<[u32; 2]>> = vec![Vec::with_capacity(3); count + 1];
    for (k, &v) in labels.iter().enumerate() {
        cells[v as usize].push([(k / n) as u32, (k % n) as u32]);
    }
    let depth = n.trailing_zeros();
    let tiles = (1..=count)
        .map(|t| {
            let c: [[u32; 2]; 3] = cells[t]
                .as_slice()
                .try_into()
                .expect("a tromino has three cells");
            Tile {
                number: t as u32,
                cells: c,
                level: n.is_power_of_two().then(|| level(&c, depth)),
            }
        })
        .collect();
    Ok(Play {
        n: instance.n,
        hole: [instance.row, instance.col],
        tiles,
    })
}

/// The recursion level of a tromino on a board of side `2^depth`. The
/// centre tromino of an aligned square of side `2^s` has a cell in three
/// of its quadrants, so the highest bit in which its cells' coordinates
/// differ is bit `s - 1`; that square is `depth - s` halvings below the
/// whole board.
fn level(cells: &[[u32; 2]; 3], depth: u32) -> u32 {
    let differ = cells.iter().fold(0, |acc, c| {
        acc | (c[0] ^ cells[0][0]) | (c[1] ^ cells[0][1])
    });
    let s = 32 - differ.leading_zeros();
    depth - s
}

/// Words `play`: the board, then one line a tromino.
pub(super) fn write_explanation(play: &Play, out: &mut dyn Write) -> io::Result<()> {
    let count = play.tiles.len();
    writeln!(
        out,
        "{n}×{n} board, hole at ({}, {}): {count} {}",
        play.hole[0],
        play.hole[1],
        if count == 1 { "tromino" } else { "trominoes" },
        n = play.n
    )?;
    if play.n.is_power_of_two() && play.n > 1 {
        writeln!(
            out,
            "placed by halving: the centre tromino of a square first, then its quadrants top-left, top-right, bottom-left, bottom-right"
        )?;
    }
    for t in &play.tiles {
        let cells: Vec<String> = t
            .cells
            .iter()
            .map(|c| format!("({}, {})", c[0], c[1]))
            .collect();
        match t.level {
            Some(l) => writeln!(out, "{}: level {l}, {}", t.number, cells.join(" "))?,
            None => writeln!(out, "{}: {}", t.number, cells.join(" "))?,
        }
    }
    Ok(())
}
