//! Checking someone's tiling: shape, hole, L-trominoes, and optionally the order.

use super::{Format, Instance, order};
use crate::puzzles::Error;
use crate::text::{Position, Tokens, Verdict, describe_bytes, parse_u64};
use rustc_hash::FxHashMap;

/// Largest side `check` reads (16 bytes a cell in memory).
pub const MAX_CHECK_N: u32 = 4096;

/// The hole, as a label no tile can have.
const HOLE: u64 = u64::MAX;

/// Cell `k` (row-major) for a message, with the place of its number in
/// `output`. The places are found again by reading the output up to it
/// rather than kept for every cell: 16 bytes a cell, more than the
/// labels themselves, for the one cell a wrong answer names.
fn place(output: &[u8], n: usize, k: usize) -> String {
    let mut tokens = Tokens::new(output);
    for _ in 0..k {
        tokens.next_token();
    }
    let at: Position = tokens.position();
    format!("row {}, column {} (0-based; output {at})", k / n, k % n)
}

/// `check`: refuses boards above [`MAX_CHECK_N`], and `order` on a side
/// that is not a power of two, then judges `output` as [`check_output`].
///
/// # Errors
/// [`Error::Usage`] for the refusals.
pub(super) fn check(
    instance: &Instance,
    output: &[u8],
    format: Format,
    order: bool,
) -> Result<Verdict, Error> {
    if instance.n > MAX_CHECK_N {
        return Err(Error::Usage(format!(
            "check reads boards up to {MAX_CHECK_N}×{MAX_CHECK_N}; n = {} is above",
            instance.n
        )));
    }
    if order && !instance.n.is_power_of_two() {
        return Err(Error::Usage(format!(
            "--order needs a power-of-two side (the placement order is defined only there); n = {}",
            instance.n
        )));
    }
    Ok(check_output(instance, output, format, order))
}

/// Whether `output` tiles `instance`: n × n numbers in row-major order
/// (spacing and line ends do not matter), the hole written as `format`
/// writes it at the hole and nowhere else, every other number on exactly
/// three cells forming an L; with `order`, also the placement order of
/// docs/tromino.md. The reason names the first offending cell in
/// row-major order.
///
/// ```
/// use boardsolve::{puzzles::tromino::{check_output, Format, Instance}, text::Verdict};
/// let i = Instance { n: 2, row: 0, col: 0 };
/// assert_eq!(check_output(&i, b"0 1\n1 1\n", Format::Plain, true), Verdict::Correct);
/// assert!(matches!(check_output(&i, b"0 1\n1 2\n", Format::Plain, false), Verdict::Wrong(_)));
/// ```
///
/// # Panics
/// If `order` is set and `n` is not a power of two.
pub fn check_output(instance: &Instance, output: &[u8], format: Format, order: bool) -> Verdict {
    assert!(!order || instance.n.is_power_of_two());
    match read_and_check(instance, output, format.hole(), order) {
        Ok(()) => Verdict::Correct,
        Err(reason) => Verdict::Wrong(reason),
    }
}

fn read_and_check(
    instance: &Instance,
    output: &[u8],
    mark: &str,
    order: bool,
) -> Result<(), String> {
    let n = instance.n as usize;
    let hole = (instance.row as usize, instance.col as usize);
    let mut tokens = Tokens::new(output);
    let mut labels = Vec::with_capacity(n * n);
    // The numbers in row-major order, however they are spaced and broken
    // into lines: checkers compare tokens, and so does this one.
    for k in 0..n * n {
        let Some(token) = tokens.next_token() else {
            return Err(format!(
                "the output ends after {k} numbers at {}; expected {n}×{n} = {}",
                tokens.end_position(),
                n * n
            ));
        };
        let at = token.position;
        let value = if token.bytes == mark.as_bytes() {
            HOLE
        } else {
            // A tile written u64::MAX would pass for the hole: refused.
            parse_u64(token.bytes)
                .ok()
                .filter(|&v| v != HOLE)
                .ok_or_else(|| {
                    format!(
                        "{at}: expected a tile number or the hole {}, found {}",
                        mark,
                        describe_bytes(token.bytes)
                    )
                })?
        };
        labels.push(value);
    }
    if let Some(extra) = tokens.next_token() {
        return Err(format!(
            "{}: unexpected extra output {} after the {n}×{n} = {} numbers",
            extra.position,
            extra.describe(),
            n * n
        ));
    }

    // A misplaced hole mark explains everything after it: report it first.
    if let Some(k) = (0..n * n).find(|&k| labels[k] == HOLE && k != hole.0 * n + hole.1) {
        return Err(format!(
            "{} holds the hole mark {}, but the hole is at row {}, column {}",
            place(output, n, k),
            mark,
            hole.0,
            hole.1
        ));
    }

    // Counting in a flat array when labels are small, as in every sensible answer.
    let small = labels.iter().all(|&v| v == HOLE || v < (n * n) as u64);
    let mut flat = if small { vec![0u8; n * n] } else { Vec::new() };
    let mut map: FxHashMap<u64, u32> = FxHashMap::default();
    for &v in labels.iter().filter(|&&v| v != HOLE) {
        if small {
            flat[v as usize] = flat[v as usize].saturating_add(1);
        } else {
            *map.entry(v).or_default() += 1;
        }
    }
    let count = |v: u64| -> u32 {
        if small {
            u32::from(flat[v as usize])
        } else {
            map[&v]
        }
    };
    let expected = order.then(|| order::placement_order(n, hole.0, hole.1));

    for r in 0..n {
        for c in 0..n {
            let k = r * n + c;
            let v = labels[k];
            let here = || place(output, n, k);
            if (r, c) == hole {
                if v != HOLE {
                    return Err(format!("the hole at {} holds {v}, expected {mark}", here()));
                }
                continue;
            }
            if v == HOLE {
                return Err(format!(
                    "{} holds the hole mark {}, but the hole is at row {}, column {}",
                    here(),
                    mark,
                    hole.0,
                    hole.1
                ));
            }
            let cells = count(v);
            if cells != 3 {
                let many = if cells == u32::from(u8::MAX) {
                    "255 or more".to_string()
                } else {
                    cells.to_string()
                };
                return Err(format!("tile {v} at {} covers {many} cells, not 3", here()));
            }
            if !in_an_l(&labels, n, r, c) {
                return Err(format!(
                    "tile {v} at {} is not an L: its three cells do not fit in one 2×2 square",
                    here()
                ));
            }
            if let Some(expected) = &expected {
                let want = u64::from(expected[k]);
                if v != want {
                    return Err(format!(
                        "{} is tile {v}, but the placement order gives {want} there",
                        here()
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Whether some 2×2 square containing (`r`, `c`) holds three cells with its
/// label; with exactly three cells of that label on the board, those are
/// the three, and three cells of a 2×2 square form an L.
fn in_an_l(labels: &[u64], n: usize, r: usize, c: usize) -> bool {
    let v = labels[r * n + c];
    for top in r.saturating_sub(1)..=r {
        for left in c.saturating_sub(1)..=c {
            if top + 1 >= n || left + 1 >= n {
                continue;
            }
            let same = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .filter(|&&(dr, dc)| labels[(top + dr) * n + left + dc] == v)
                .count();
            if same == 3 {
                return true;
            }
        }
    }
    false
}
