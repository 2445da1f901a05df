//! Checking someone's tiling: shape, hole, L-trominoes, and optionally the order.

use super::{Instance, order};
use crate::text::Verdict;
use crate::text::{Position, Tokens, describe_bytes};
use rustc_hash::FxHashMap;

/// How the hole is written in an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleMark {
    /// `0` (SPEC.md).
    Zero,
    /// `-1` (BOJ 14600 / 14601).
    MinusOne,
}

impl HoleMark {
    /// The mark as written.
    pub fn text(self) -> &'static str {
        match self {
            HoleMark::Zero => "0",
            HoleMark::MinusOne => "-1",
        }
    }
}

/// The hole, as a label no tile can have.
const HOLE: u64 = u64::MAX;

fn place(r: usize, c: usize, at: Position) -> String {
    format!("row {r}, column {c} (0-based; output {at})")
}

/// Whether `output` tiles `instance`: n lines of n numbers, the hole mark at
/// the hole and nowhere else, every other number on exactly three cells
/// forming an L; with `order`, also the placement order of SPEC.md §3
/// (power-of-two boards only, checked by the caller). The reason names the
/// first offending cell in row-major order.
pub fn check_tiling(instance: &Instance, output: &[u8], mark: HoleMark, order: bool) -> Verdict {
    match read_and_check(instance, output, mark, order) {
        Ok(()) => Verdict::Correct,
        Err(reason) => Verdict::Wrong(reason),
    }
}

fn read_and_check(
    instance: &Instance,
    output: &[u8],
    mark: HoleMark,
    order: bool,
) -> Result<(), String> {
    let n = instance.n as usize;
    let hole = (instance.row as usize, instance.col as usize);
    let mut tokens = Tokens::new(output);
    let mut labels = Vec::with_capacity(n * n);
    let mut positions = Vec::with_capacity(n * n);
    let mut previous_line = 0;
    for r in 0..n {
        for c in 0..n {
            let Some(token) = tokens.next_token() else {
                return Err(format!(
                    "the output ends after {} numbers at {}; expected {n} lines of {n}",
                    r * n + c,
                    tokens.end_position()
                ));
            };
            let at = token.position;
            if c == 0 && at.line == previous_line {
                return Err(format!(
                    "row {r} starts at {at} on the line of row {}; expected {n} numbers a line",
                    r - 1
                ));
            }
            if c > 0 && at.line != previous_line {
                return Err(format!(
                    "row {r} has only {c} numbers (the line ends before {at}); expected {n}"
                ));
            }
            previous_line = at.line;
            let value = if token.bytes == mark.text().as_bytes() {
                HOLE
            } else {
                parse_label(token.bytes).ok_or_else(|| {
                    format!(
                        "{at}: expected a tile number or the hole {}, found {}",
                        mark.text(),
                        describe_bytes(token.bytes)
                    )
                })?
            };
            labels.push(value);
            positions.push(at);
        }
    }
    if let Some(extra) = tokens.next_token() {
        return Err(format!(
            "{}: unexpected extra output {} after {n} lines of {n} numbers",
            extra.position,
            extra.describe()
        ));
    }

    // A misplaced hole mark explains everything after it: report it first.
    if let Some(k) = (0..n * n).find(|&k| labels[k] == HOLE && k != hole.0 * n + hole.1) {
        return Err(format!(
            "{} holds the hole mark {}, but the hole is at row {}, column {}",
            place(k / n, k % n, positions[k]),
            mark.text(),
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
            let (v, at) = (labels[k], positions[k]);
            let here = place(r, c, at);
            if (r, c) == hole {
                if v != HOLE {
                    return Err(format!(
                        "the hole at {here} holds {v}, expected {}",
                        mark.text()
                    ));
                }
                continue;
            }
            if v == HOLE {
                return Err(format!(
                    "{here} holds the hole mark {}, but the hole is at row {}, column {}",
                    mark.text(),
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
                return Err(format!("tile {v} at {here} covers {many} cells, not 3"));
            }
            if !in_an_l(&labels, n, r, c) {
                return Err(format!(
                    "tile {v} at {here} is not an L: its three cells do not fit in one 2×2 square"
                ));
            }
            if let Some(expected) = &expected {
                let want = u64::from(expected[k]);
                if v != want {
                    return Err(format!(
                        "{here} is tile {v}, but the placement order gives {want} there"
                    ));
                }
            }
        }
    }
    Ok(())
}

fn parse_label(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut v: u64 = 0;
    for &b in bytes {
        v = v.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    // u64::MAX stands for the hole.
    (v != HOLE).then_some(v)
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
