//! Checking someone's tiling: shape, hole, L-trominoes, and optionally the order.

use super::parse::Instance;
use super::variant::Format;
use crate::puzzles::error::Error;
use crate::puzzles::refusal::Refusal;
use crate::text::{Reopen, StreamToken, TokenStream, Verdict};
use rustc_hash::FxHashMap;
use std::io::{self, Read};

mod offence;
mod placement;
#[cfg(test)]
mod whole;

use offence::{Cell, HOLE, LISTED, Offence};

/// Largest side `check` reads (a byte a cell in memory, and a few rows).
pub const MAX_CHECK_N: u32 = 4096;

/// `check`: refuses boards above [`MAX_CHECK_N`], and `order` on a side
/// that is not a power of two, then judges the output as [`check_from`].
///
/// # Errors
/// [`Error::Refused`] for the refusals; [`Error::Io`] when the output
/// cannot be read.
pub(super) fn check(
    instance: &Instance,
    output: &Reopen<'_>,
    format: Format,
    order: bool,
) -> Result<Verdict, Error> {
    if instance.n > MAX_CHECK_N {
        return Err(Refusal::BoardTooLarge {
            task: "check reads boards",
            most: MAX_CHECK_N,
            n: instance.n,
        }
        .into());
    }
    if order && !instance.n.is_power_of_two() {
        return Err(Refusal::OrderSide(instance.n).into());
    }
    Ok(check_from(instance, output, format, order)?)
}

/// Whether `output` tiles `instance`: n × n numbers in row-major order
/// (spacing and line ends do not matter), the hole written as `format`
/// writes it at the hole and nowhere else, every other number on exactly
/// three cells forming an L and numbered from 1 to
/// [`Format::max_label`] (BOJ: 19000); with `order`, also the placement
/// order of docs/tromino.md. The reason names the first offending cell in
/// row-major order. [`check_from`] for an output in memory.
///
/// ```
/// use boardsolve_core::{puzzles::tromino::{check_output, Format, Instance}, text::Verdict};
/// let i = Instance { n: 2, row: 0, col: 0 };
/// assert_eq!(check_output(&i, b"0 1\n1 1\n", Format::Plain, true), Verdict::Correct);
/// assert!(matches!(check_output(&i, b"0 1\n1 2\n", Format::Plain, false), Verdict::Wrong(_)));
/// ```
///
/// # Panics
/// If `order` is set and `n` is not a power of two.
pub fn check_output(instance: &Instance, output: &[u8], format: Format, order: bool) -> Verdict {
    let open = || Ok(Box::new(output) as Box<dyn Read + '_>);
    match check_from(instance, &open, format, order) {
        Ok(verdict) => verdict,
        // Bytes in memory read without fail, and the same every time.
        Err(e) => unreachable!("reading bytes in memory failed: {e}"),
    }
}

/// [`check_output`] for an output read twice from `output`, never held:
/// memory is a byte a cell of the board and a few rows, whatever the
/// output's length (padding, long lines). The first reading counts the
/// cells of every label and finds what is wrong with the text; the
/// second walks the board row by row with the rows above and below.
///
/// ```
/// use boardsolve_core::{puzzles::tromino::{check_from, Format, Instance}, text::Verdict};
/// use std::io::Read;
/// let i = Instance { n: 2, row: 1, col: 1 };
/// let padded = format!("1 {}1\n1 -1\n", " ".repeat(1 << 20));
/// let open = || Ok(Box::new(padded.as_bytes()) as Box<dyn Read>);
/// assert_eq!(check_from(&i, &open, Format::Boj, true).unwrap(), Verdict::Correct);
/// ```
///
/// # Errors
/// Whatever opening or reading `output` fails with, and
/// [`io::ErrorKind::InvalidData`] if the two readings differ.
///
/// # Panics
/// If `order` is set and `n` is not a power of two.
pub fn check_from(
    instance: &Instance,
    output: &Reopen<'_>,
    format: Format,
    order: bool,
) -> io::Result<Verdict> {
    assert!(!order || instance.n.is_power_of_two());
    let board = Board {
        n: instance.n as usize,
        hole: (instance.row as usize, instance.col as usize),
        mark: format.hole(),
        max: format.max_label(instance.n),
    };
    let found = census(&board, output()?).and_then(|census| walk(&board, &census, output, order));
    match found {
        Ok(()) => Ok(Verdict::Correct),
        Err(Halt::Offence(offence)) => Ok(Verdict::Wrong(offence.to_string())),
        Err(Halt::Io(e)) => Err(e),
    }
}

/// What the checks need of the instance and the format.
struct Board {
    n: usize,
    hole: (usize, usize),
    mark: &'static str,
    max: u64,
}

/// Why a reading stopped before the end.
enum Halt {
    /// The first offence, in reading order.
    Offence(Offence),
    /// The output could not be read.
    Io(io::Error),
}

impl From<io::Error> for Halt {
    fn from(e: io::Error) -> Self {
        Halt::Io(e)
    }
}

impl From<Offence> for Halt {
    fn from(offence: Offence) -> Self {
        Halt::Offence(offence)
    }
}

/// The second reading found what the first did not.
fn changed() -> Halt {
    Halt::Io(io::Error::new(
        io::ErrorKind::InvalidData,
        "the output changed between two readings",
    ))
}

/// How many cells each tile label covers: a byte a label for the labels
/// below n² (as in every sensible answer), counting up to 255, then on in
/// a map; labels from n² up to the largest allowed in a map. Labels past
/// it are not counted: the first of them is an offence whatever its count.
struct Census {
    cells: u64,
    small: Vec<u8>,
    past_255: FxHashMap<u64, u32>,
    large: FxHashMap<u64, u32>,
    /// Some label is n² or more: the cells of a tile are then told
    /// exactly, else up to 255 ("255 or more").
    any_large: bool,
}

impl Census {
    fn new(n: usize) -> Census {
        Census {
            cells: (n * n) as u64,
            small: vec![0; n * n],
            past_255: FxHashMap::default(),
            large: FxHashMap::default(),
            any_large: false,
        }
    }

    fn add(&mut self, v: u64, max: u64) {
        if v < self.cells {
            let count = &mut self.small[v as usize];
            if *count == u8::MAX {
                *self.past_255.entry(v).or_insert(u8::MAX.into()) += 1;
            } else {
                *count += 1;
            }
        } else {
            self.any_large = true;
            if v <= max {
                *self.large.entry(v).or_default() += 1;
            }
        }
    }

    /// The cells of tile `v`, a label of the board from 1 to the largest
    /// allowed, as a message tells them.
    fn cells(&self, v: u64) -> u32 {
        let exact = if v < self.cells {
            match self.small[v as usize] {
                u8::MAX => self.past_255.get(&v).copied().unwrap_or(u8::MAX.into()),
                count => count.into(),
            }
        } else {
            self.large.get(&v).copied().unwrap_or(0)
        };
        if self.any_large {
            exact
        } else {
            exact.min(u8::MAX.into())
        }
    }
}

/// The first reading: the n × n numbers of `output` in row-major order,
/// however they are spaced and broken into lines (checkers compare
/// tokens, and so does this one), counted by label; the offences of the
/// text (too short, not a number, too long), then the first hole mark off
/// the hole, since it explains everything after it.
fn census(board: &Board, output: impl Read) -> Result<Census, Halt> {
    let Board { n, hole, mark, max } = *board;
    let mut tokens = TokenStream::new(output);
    let mut census = Census::new(n);
    let mut off_the_hole = None;
    let hole_k = hole.0 * n + hole.1;
    for count in 0..n * n {
        let Some(token) = tokens.next_token()? else {
            let at = tokens.end_position();
            return Err(Offence::Short { count, n, at }.into());
        };
        if token.is(mark.as_bytes()) {
            if count != hole_k && off_the_hole.is_none() {
                off_the_hole = Some((count, token.position));
            }
            continue;
        }
        match token.value {
            // A tile written u64::MAX would pass for the hole: refused.
            Ok(v) if v != HOLE => census.add(v, max),
            _ => {
                let (at, found) = (token.position, token.describe());
                return Err(Offence::NotATile { at, mark, found }.into());
            }
        }
    }
    if let Some(extra) = tokens.next_token()? {
        let (at, found) = (extra.position, extra.describe());
        return Err(Offence::Extra { at, found, n }.into());
    }
    if let Some((k, at)) = off_the_hole {
        let cell = Cell {
            row: k / n,
            col: k % n,
            at,
        };
        return Err(Offence::MarkOffTheHole { cell, mark, hole }.into());
    }
    Ok(census)
}

/// Reads the next row of labels (the hole mark read as [`HOLE`]) of a
/// text the first reading found right.
fn read_row(row: &mut [u64], tokens: &mut TokenStream<impl Read>, mark: &str) -> Result<(), Halt> {
    for label in row {
        let token = tokens.next_token()?.ok_or_else(changed)?;
        *label = label_of(&token, mark)?;
    }
    Ok(())
}

/// Cell (`row`, `col`) of the board of side `n`, with the place of its
/// number in `output`. The places are found again by reading the output
/// up to it rather than kept for every cell, for the one cell a wrong
/// answer names.
fn locate(output: &Reopen<'_>, n: usize, row: usize, col: usize) -> Result<Cell, Halt> {
    let mut tokens = TokenStream::new(output()?);
    for _ in 0..row * n + col {
        tokens.next_token()?.ok_or_else(changed)?;
    }
    let at = tokens.next_token()?.ok_or_else(changed)?.position;
    Ok(Cell { row, col, at })
}

/// The label of a token the first reading accepted.
fn label_of(token: &StreamToken<'_>, mark: &str) -> Result<u64, Halt> {
    if token.is(mark.as_bytes()) {
        return Ok(HOLE);
    }
    match token.value {
        Ok(v) if v != HOLE => Ok(v),
        _ => Err(changed()),
    }
}

/// The second reading: every cell in row-major order, the hole first, a
/// number out of range before the shape of its tile (the label rule is
/// broken whatever the shape), then the cells of its tile, their shape,
/// and the placement order. A cell's L is looked for in the rows above
/// and below it, so three rows are held.
fn walk(board: &Board, census: &Census, output: &Reopen<'_>, order: bool) -> Result<(), Halt> {
    let Board { n, hole, mark, max } = *board;
    let mut tokens = TokenStream::new(output()?);
    let (mut above, mut here, mut below) = (vec![HOLE; n], vec![HOLE; n], vec![HOLE; n]);
    read_row(&mut here, &mut tokens, mark)?;
    if n > 1 {
        read_row(&mut below, &mut tokens, mark)?;
    }
    let mut expected = vec![0u32; if order { n } else { 0 }];
    for r in 0..n {
        if order {
            placement::placement_row(n, hole, r, &mut expected);
        }
        let rows = [&above[..], &here, &below];
        for (c, &tile) in here.iter().enumerate() {
            let cell = || locate(output, n, r, c);
            if (r, c) == hole {
                if tile != HOLE {
                    let cell = cell()?;
                    return Err(Offence::HoleCovered { cell, tile, mark }.into());
                }
                continue;
            }
            // Every hole mark off the hole was reported by the census.
            if !(1..=max).contains(&tile) {
                let first = cell()?;
                return Err(out_of_range(
                    board,
                    tile,
                    first,
                    [&here, &below],
                    &mut tokens,
                ));
            }
            let cells = census.cells(tile);
            if cells != 3 {
                let cell = cell()?;
                return Err(Offence::NotThreeCells { tile, cell, cells }.into());
            }
            if !in_an_l(rows, n, r, c) {
                let cell = cell()?;
                return Err(Offence::NotAnL { tile, cell }.into());
            }
            // Without `order`, nothing is expected.
            if let Some(&want) = expected.get(c)
                && tile != u64::from(want)
            {
                let (cell, want) = (cell()?, u64::from(want));
                return Err(Offence::OutOfOrder { tile, cell, want }.into());
            }
        }
        std::mem::swap(&mut above, &mut here);
        std::mem::swap(&mut here, &mut below);
        if r + 2 < n {
            read_row(&mut below, &mut tokens, mark)?;
        }
    }
    Ok(())
}

/// The offence of `tile`, out of range at `first`: its cells from there
/// on, the first [`LISTED`] of them and how many, read on to the end of
/// the output (`rows` are the row of `first` and the next).
fn out_of_range(
    board: &Board,
    tile: u64,
    first: Cell,
    [here, below]: [&[u64]; 2],
    tokens: &mut TokenStream<impl Read>,
) -> Halt {
    let Board { n, mark, max, .. } = *board;
    let mut cells = Vec::new();
    let mut count = 0usize;
    let mut note = |k: usize| {
        if cells.len() < LISTED {
            cells.push((k / n, k % n));
        }
        count += 1;
    };
    let r = first.row;
    let rest = here.iter().enumerate().skip(first.col);
    for (c, _) in rest.filter(|&(_, &v)| v == tile) {
        note(r * n + c);
    }
    if r + 1 < n {
        for (c, _) in below.iter().enumerate().filter(|&(_, &v)| v == tile) {
            note((r + 1) * n + c);
        }
    }
    for k in (r + 2) * n..n * n {
        let label = match tokens.next_token() {
            Ok(Some(token)) => label_of(&token, mark),
            Ok(None) => Err(changed()),
            Err(e) => Err(e.into()),
        };
        match label {
            Ok(v) if v == tile => note(k),
            Ok(_) => {}
            Err(halt) => return halt,
        }
    }
    Offence::LabelOutOfRange {
        tile,
        max,
        cells,
        count,
        at: first.at,
    }
    .into()
}

/// Whether some 2×2 square containing (`r`, `c`) holds three cells with
/// its label; with exactly three cells of that label on the board, those
/// are the three, and three cells of a 2×2 square form an L. `rows` are
/// rows `r − 1`, `r` and `r + 1` (those off the board are not read).
fn in_an_l(rows: [&[u64]; 3], n: usize, r: usize, c: usize) -> bool {
    let v = rows[1][c];
    for top in r.saturating_sub(1)..=r {
        if top + 1 >= n {
            continue;
        }
        // The window's row of board row `top`.
        let (upper, lower) = (rows[top + 1 - r], rows[top + 2 - r]);
        for left in c.saturating_sub(1)..=c {
            if left + 1 >= n {
                continue;
            }
            let same = [upper[left], upper[left + 1], lower[left], lower[left + 1]]
                .iter()
                .filter(|&&u| u == v)
                .count();
            if same == 3 {
                return true;
            }
        }
    }
    false
}
