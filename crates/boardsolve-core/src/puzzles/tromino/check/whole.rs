//! The whole-output checker that [`super`] replaced: every label of the
//! board in memory at once. Kept as the plain reference the streaming
//! checker is compared with.

use super::offence::{Cell, HOLE, LISTED, Offence};
use crate::puzzles::tromino::order;
use crate::puzzles::tromino::parse::Instance;
use crate::puzzles::tromino::variant::Format;
use crate::text::{Tokens, Verdict, describe_bytes, parse_u64};
use rustc_hash::FxHashMap;

/// The verdict of the whole-output checker, as `check_output` gave it.
pub(super) fn check_output(
    instance: &Instance,
    output: &[u8],
    format: Format,
    order: bool,
) -> Verdict {
    match find_offence(instance, output, format, order) {
        Ok(()) => Verdict::Correct,
        Err(offence) => Verdict::Wrong(offence.to_string()),
    }
}

/// Cell `k` (row-major) for a message, with the place of its number in
/// `output`. The places are found again by reading the output up to it
/// rather than kept for every cell: 16 bytes a cell, more than the
/// labels themselves, for the one cell a wrong answer names.
fn cell(output: &[u8], n: usize, k: usize) -> Cell {
    let mut tokens = Tokens::new(output);
    for _ in 0..k {
        tokens.next_token();
    }
    let at = tokens.position();
    Cell {
        row: k / n,
        col: k % n,
        at,
    }
}

/// The first offence of `output` against `instance` in `format`, in
/// reading order; a misplaced hole mark first, since it explains
/// everything after it. At a cell, a number out of range comes before the
/// shape of its tile: the label rule is broken whatever the shape.
fn find_offence(
    instance: &Instance,
    output: &[u8],
    format: Format,
    order: bool,
) -> Result<(), Offence> {
    let mark = format.hole();
    let max = format.max_label(instance.n);
    let n = instance.n as usize;
    let hole = (instance.row as usize, instance.col as usize);
    let labels = read_labels(output, n, mark)?;
    if let Some(k) = (0..n * n).find(|&k| labels[k] == HOLE && k != hole.0 * n + hole.1) {
        let cell = cell(output, n, k);
        return Err(Offence::MarkOffTheHole { cell, mark, hole });
    }
    let counts = Counts::count(&labels, n);
    let expected = order.then(|| order::placement_order(n, hole.0, hole.1));
    for k in 0..n * n {
        let (r, c) = (k / n, k % n);
        let tile = labels[k];
        let here = || cell(output, n, k);
        if (r, c) == hole {
            if tile != HOLE {
                let cell = here();
                return Err(Offence::HoleCovered { cell, tile, mark });
            }
            continue;
        }
        // Every hole mark off the hole was reported above.
        if !(1..=max).contains(&tile) {
            let all: Vec<usize> = (k..n * n).filter(|&j| labels[j] == tile).collect();
            let cells = all.iter().take(LISTED).map(|&j| (j / n, j % n)).collect();
            return Err(Offence::LabelOutOfRange {
                tile,
                max,
                cells,
                count: all.len(),
                at: here().at,
            });
        }
        let cells = counts.cells(tile);
        if cells != 3 {
            let cell = here();
            return Err(Offence::NotThreeCells { tile, cell, cells });
        }
        if !in_an_l(&labels, n, r, c) {
            return Err(Offence::NotAnL { tile, cell: here() });
        }
        if let Some(want) = expected.as_ref().map(|e| u64::from(e[k]))
            && tile != want
        {
            return Err(Offence::OutOfOrder {
                tile,
                cell: here(),
                want,
            });
        }
    }
    Ok(())
}

/// The `n` × `n` numbers of `output` in row-major order, however they are
/// spaced and broken into lines (checkers compare tokens, and so does this
/// one), the hole `mark` read as [`HOLE`].
fn read_labels(output: &[u8], n: usize, mark: &'static str) -> Result<Vec<u64>, Offence> {
    let mut tokens = Tokens::new(output);
    let mut labels = Vec::with_capacity(n * n);
    for count in 0..n * n {
        let Some(token) = tokens.next_token() else {
            let at = tokens.end_position();
            return Err(Offence::Short { count, n, at });
        };
        let value = if token.bytes == mark.as_bytes() {
            HOLE
        } else {
            // A tile written u64::MAX would pass for the hole: refused.
            parse_u64(token.bytes)
                .ok()
                .filter(|&v| v != HOLE)
                .ok_or_else(|| Offence::NotATile {
                    at: token.position,
                    mark,
                    found: describe_bytes(token.bytes),
                })?
        };
        labels.push(value);
    }
    if let Some(extra) = tokens.next_token() {
        let (at, found) = (extra.position, extra.describe());
        return Err(Offence::Extra { at, found, n });
    }
    Ok(labels)
}

/// How many cells each tile label covers, up to 255: in a flat array when
/// the labels are small, as in every sensible answer, else in a map.
enum Counts {
    Flat(Vec<u8>),
    Map(FxHashMap<u64, u32>),
}

impl Counts {
    fn count(labels: &[u64], n: usize) -> Counts {
        let tiles = labels.iter().copied().filter(|&v| v != HOLE);
        if labels.iter().all(|&v| v == HOLE || v < (n * n) as u64) {
            let mut flat = vec![0u8; n * n];
            for v in tiles {
                flat[v as usize] = flat[v as usize].saturating_add(1);
            }
            Counts::Flat(flat)
        } else {
            let mut map: FxHashMap<u64, u32> = FxHashMap::default();
            for v in tiles {
                *map.entry(v).or_default() += 1;
            }
            Counts::Map(map)
        }
    }

    /// The cells of tile `v`, a label of the board.
    fn cells(&self, v: u64) -> u32 {
        match self {
            Counts::Flat(flat) => u32::from(flat[v as usize]),
            Counts::Map(map) => map[&v],
        }
    }
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

#[cfg(test)]
mod tests {
    use super::super::check_from;
    use super::*;
    use crate::puzzles::tromino::{random, tiling};
    use proptest::prelude::*;
    use rand::{Rng, RngExt, SeedableRng};
    use std::io::{self, Read};

    /// A reader giving a few bytes a read, so that tokens and line ends
    /// fall across reads.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// A token that may break a tiling: mostly a label of a cell near
    /// `at` (`n` a row), else the hole mark of either format, a number out
    /// of range, not a number, huge.
    fn odd_token(rng: &mut impl Rng, tokens: &[String], at: usize, n: usize) -> String {
        let near = [
            at + 1,
            at.wrapping_sub(1),
            at + n,
            at.wrapping_sub(n),
            at + n + 1,
        ];
        match rng.random_range(0..24) {
            0..=11 => match near
                .iter()
                .find_map(|&k| tokens.get(k).filter(|_| rng.random_bool(0.5)))
            {
                Some(token) => token.clone(),
                None => tokens
                    .get(rng.random_range(0..tokens.len().max(1)))
                    .cloned()
                    .unwrap_or_default(),
            },
            12 => "0".into(),
            13 => "-1".into(),
            14 => "19000".into(),
            15 => "19001".into(),
            16 => u64::MAX.to_string(),
            17 => (u64::MAX - 1).to_string(),
            18 => ["x", "+1", "-0", "00", "1.0", "\u{e9}"][rng.random_range(0..6)].into(),
            19 => "1".repeat(rng.random_range(20..40)),
            20 | 21 => rng.random_range(1u64..6).to_string(),
            _ => (1u64 << 40).to_string(),
        }
    }

    /// A random output for `instance`: its tiling, relabelled at times
    /// with huge labels, then broken in a few places, and laid out with
    /// odd spacing.
    fn output(rng: &mut impl Rng, instance: &Instance, format: Format) -> Vec<u8> {
        let mark = format.hole();
        let n = instance.n as usize;
        let huge = rng.random_ratio(1, 4);
        let mut tokens: Vec<String> = tiling(instance)
            .iter()
            .map(|&v| match v {
                0 => mark.to_string(),
                v if huge => (u64::from(v) * 1_000_000_007 + (1 << 50)).to_string(),
                v => v.to_string(),
            })
            .collect();
        for _ in 0..rng.random_range(0..4) {
            let at = rng.random_range(0..tokens.len());
            let token = odd_token(rng, &tokens, at, n);
            match rng.random_range(0..20) {
                0..=7 => tokens[at] = token,
                8..=10 => {
                    let other = (at + [1, n, n + 1][rng.random_range(0..3)]) % tokens.len();
                    tokens.swap(at, other);
                }
                11 => tokens.insert(at, token),
                12 => {
                    tokens.remove(at);
                }
                13 => tokens.truncate(at),
                14 => {
                    // Many cells of one label, past 255 on larger boards.
                    let to = rng.random_range(at..=tokens.len());
                    tokens[at..to].fill(token);
                }
                15 => tokens.push(token),
                _ => {
                    // One label renamed everywhere: a right tiling out of
                    // order, or two tiles made one.
                    let old = tokens[at].clone();
                    for t in tokens.iter_mut().filter(|t| **t == old) {
                        t.clone_from(&token);
                    }
                }
            }
            if tokens.is_empty() {
                break;
            }
        }
        let mut out = Vec::new();
        let spaces: [&[u8]; 10] = [
            b" ",
            b" ",
            b" ",
            b"\n",
            b"\r\n",
            b"\t ",
            b"\x0b\x0c",
            b"\n\n  ",
            b"        ",
            b"          \n",
        ];
        let odd = rng.random_ratio(1, 3);
        if odd && rng.random_bool(0.5) {
            out.extend_from_slice(b" \n");
        }
        for (k, token) in tokens.iter().enumerate() {
            out.extend_from_slice(token.as_bytes());
            out.extend_from_slice(match () {
                () if odd => spaces[rng.random_range(0..spaces.len())],
                () if (k + 1) % n == 0 => b"\n",
                () => b" ",
            });
        }
        if odd && rng.random_bool(0.5) {
            out.extend_from_slice(b"\n\n");
        }
        out
    }

    #[test]
    fn cells_past_255_are_told_as_before() {
        let i = Instance {
            n: 32,
            row: 0,
            col: 0,
        };
        let board = |last: &str| {
            let mut tokens = vec!["7"; 32 * 32];
            tokens[0] = "0";
            tokens[32 * 32 - 1] = last;
            tokens.join(" ").into_bytes()
        };
        let verdict = |text: &[u8]| {
            let got = super::super::check_output(&i, text, Format::Plain, false);
            assert_eq!(got, check_output(&i, text, Format::Plain, false));
            got
        };
        // Labels below n² are counted up to 255; one of n² or more, and
        // every tile is counted exactly.
        let wrong = |reason: &str| Verdict::Wrong(reason.to_string());
        assert_eq!(
            verdict(&board("7")),
            wrong(
                "tile 7 at row 0, column 1 (0-based; output 1:3) covers 255 or more cells, not 3"
            )
        );
        assert_eq!(
            verdict(&board("1024")),
            wrong("tile 7 at row 0, column 1 (0-based; output 1:3) covers 1022 cells, not 3")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn the_streaming_checker_says_what_the_whole_one_said(seed in any::<u64>()) {
            let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
            let n = [1u32, 2, 4, 8, 16, 32, 5, 7, 10, 11, 14, 17][rng.random_range(0..12)];
            let instance = random(&mut rng, n);
            let format = if rng.random_bool(0.5) { Format::Plain } else { Format::Boj };
            let order = n.is_power_of_two() && rng.random_bool(0.5);
            let text = output(&mut rng, &instance, format);
            let want = check_output(&instance, &text, format, order);
            let got = super::super::check_output(&instance, &text, format, order);
            prop_assert_eq!(&got, &want, "{}", String::from_utf8_lossy(&text));
            let step = rng.random_range(1..8);
            let open = || Ok(Box::new(Trickle { data: &text, step }) as Box<dyn Read + '_>);
            prop_assert_eq!(check_from(&instance, &open, format, order).unwrap(), want);
        }
    }
}
