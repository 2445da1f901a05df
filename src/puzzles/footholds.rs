//! Disappearing footholds (Programmers 92345): total moves under optimal play.
//!
//! The board is a bitboard (`u64`, cell `(r, c)` at bit `8r + c`), so boards
//! up to 8×8 fit and a move is two bit operations. The search is the generic
//! [`crate::search::negamax`] engine, memoized on (footholds, the mover's cell,
//! the other player's cell): the rules are the same for both players, so the
//! side to move is implied by whose cell comes first, and A-to-move and
//! B-to-move positions share entries.
//!
//! Once the players cannot reach each other, the game splits: each can only
//! walk its own region, so each one's best is the longest path it can walk
//! there, and the outcome follows without searching ([`Footholds::resolve`]).

use crate::puzzles::{
    Error, GenOptions, GenRng, OutputFormat, Puzzle, SolveFn, SolveOptions, Variant,
};
use crate::search::negamax::{Negamax, NegamaxStats, Score, TwoPlayer};
use crate::text::{InputError, Position, Tokens};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt;
use std::io::Write;

/// Largest number of rows, and of columns, accepted (a board fits a `u64`).
pub const MAX_SIDE: usize = 8;

/// A cell as `(row, column)`, both 0-based.
pub type Cell = (usize, usize);

/// One of the two players; A moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    /// The first player (`aloc`).
    A,
    /// The second player (`bloc`).
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

fn bit(cell: Cell) -> u64 {
    1u64 << (cell.0 * 8 + cell.1)
}

fn cell_of(index: u8) -> Cell {
    (usize::from(index) / 8, usize::from(index) % 8)
}

/// A game: board size, footholds, and where A and B start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Number of rows, 1..=8.
    pub rows: usize,
    /// Number of columns, 1..=8.
    pub cols: usize,
    /// Footholds: bit `8 * row + col` is set when the cell has one.
    pub footholds: u64,
    /// A's starting cell (A moves first).
    pub a: Cell,
    /// B's starting cell.
    pub b: Cell,
}

impl Instance {
    /// An instance from a grid of footholds (`true` = foothold) and the starts.
    ///
    /// ```
    /// use boardsolve::puzzles::footholds::{total_moves, Instance};
    /// let g = vec![vec![true; 3]; 3];
    /// let game = Instance::new(&g, (1, 0), (1, 2)).unwrap();
    /// assert_eq!(total_moves(&game), 5);
    /// ```
    ///
    /// # Errors
    /// An empty or ragged grid, more than 8 rows or columns, or a start
    /// outside the board or without a foothold.
    pub fn new(grid: &[Vec<bool>], a: Cell, b: Cell) -> Result<Instance, String> {
        let rows = grid.len();
        let cols = grid.first().map_or(0, Vec::len);
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(format!(
                "the board must have 1 to {MAX_SIDE} rows and columns"
            ));
        }
        if grid.iter().any(|r| r.len() != cols) {
            return Err("the rows have different lengths".into());
        }
        let mut footholds = 0;
        for (r, row) in grid.iter().enumerate() {
            for (c, &f) in row.iter().enumerate() {
                if f {
                    footholds |= bit((r, c));
                }
            }
        }
        let instance = Instance {
            rows,
            cols,
            footholds,
            a,
            b,
        };
        for (name, cell) in [("A", a), ("B", b)] {
            if cell.0 >= rows || cell.1 >= cols {
                return Err(format!("{name}'s start {cell:?} is outside the board"));
            }
            if !instance.has_foothold(cell) {
                return Err(format!("{name}'s start {cell:?} has no foothold"));
            }
        }
        Ok(instance)
    }

    /// Whether `cell` (inside the board) has a foothold.
    pub fn has_foothold(&self, cell: Cell) -> bool {
        cell.0 < self.rows && cell.1 < self.cols && self.footholds & bit(cell) != 0
    }

    /// The footholds as a grid, row after row.
    pub fn grid(&self) -> Vec<Vec<bool>> {
        (0..self.rows)
            .map(|r| (0..self.cols).map(|c| self.has_foothold((r, c))).collect())
            .collect()
    }

    /// Parses any of the input forms, told apart by the first non-space byte:
    /// `[` the problem page's literal arguments (`[[1,1],[1,1]] [0,0] [1,1]`),
    /// `{` a JSON object with `board`, `aloc`, `bloc`, otherwise plain text
    /// (`R C`, R rows of 0/1, `ar ac br bc`).
    ///
    /// ```
    /// use boardsolve::puzzles::footholds::Instance;
    /// let a = Instance::parse(b"[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
    /// let b = Instance::parse(br#"{"board": [[1,1,1,1,1]], "aloc": [0,0], "bloc": [0,4]}"#).unwrap();
    /// let c = Instance::parse(b"1 5\n1 1 1 1 1\n0 0 0 4\n").unwrap();
    /// assert!(a == b && b == c);
    /// ```
    ///
    /// # Errors
    /// Anything malformed, named with its line and column: a ragged row, a
    /// value other than 0 or 1, more than 8 rows or columns, a start outside
    /// the board or without a foothold, missing or extra input.
    pub fn parse(input: &[u8]) -> Result<Instance, InputError> {
        match input.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'[') | Some(b'{') => Bracketed::new(input).instance(),
            _ => parse_plain(input),
        }
    }
}

impl std::str::FromStr for Instance {
    type Err = InputError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Instance::parse(s.as_bytes())
    }
}

impl fmt::Display for Instance {
    /// Plain text form: `R C`, the rows of 0/1, then `ar ac br bc`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        for row in self.grid() {
            let cells: Vec<&str> = row.iter().map(|&h| if h { "1" } else { "0" }).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        writeln!(f, "{} {} {} {}", self.a.0, self.a.1, self.b.0, self.b.1)
    }
}

/// "1 cell", "3 cells".
fn cells(count: usize) -> String {
    if count == 1 {
        "1 cell".to_string()
    } else {
        format!("{count} cells")
    }
}

/// Checks a start cell, naming it and pointing at `at`.
fn check_start(
    name: &str,
    cell: Cell,
    rows: usize,
    cols: usize,
    footholds: u64,
    at: Position,
) -> Result<(), InputError> {
    if cell.0 >= rows || cell.1 >= cols {
        return Err(InputError::new(
            at,
            format!(
                "{name} [{}, {}] is outside the {rows}×{cols} board",
                cell.0, cell.1
            ),
        ));
    }
    if footholds & bit(cell) == 0 {
        return Err(InputError::new(
            at,
            format!("{name} [{}, {}] has no foothold", cell.0, cell.1),
        ));
    }
    Ok(())
}

fn parse_plain(input: &[u8]) -> Result<Instance, InputError> {
    let mut t = Tokens::new(input);
    let rows = t.expect_in_range("the number of rows R", 1, MAX_SIDE as u64)? as usize;
    let cols = t.expect_in_range("the number of columns C", 1, MAX_SIDE as u64)? as usize;
    let mut footholds = 0u64;
    for r in 0..rows {
        let mut line = None;
        for c in 0..cols {
            let at = t.position();
            if line.is_some_and(|l| l != at.line) {
                return Err(InputError::new(
                    t.end_position(),
                    format!("row {} has {}, expected {cols}", r + 1, cells(c)),
                ));
            }
            line.get_or_insert(at.line);
            let (v, token) = t.expect_u64_token("a cell (0 or 1)")?;
            if v > 1 {
                return Err(InputError::new(
                    token.position,
                    format!("expected a cell (0 or 1), found {v}"),
                ));
            }
            if v == 1 {
                footholds |= bit((r, c));
            }
        }
        let next = t.position();
        if r + 1 < rows && next.line == line.unwrap_or(0) {
            return Err(InputError::new(
                next,
                format!("row {} has more than {cols} cells", r + 1),
            ));
        }
    }
    let mut start = |name: &str| -> Result<Cell, InputError> {
        let at = t.position();
        let row = t.expect_u64(&format!("{name}'s row"))?;
        let col = t.expect_u64(&format!("{name}'s column"))?;
        let cell = (
            usize::try_from(row).unwrap_or(usize::MAX),
            usize::try_from(col).unwrap_or(usize::MAX),
        );
        check_start(name, cell, rows, cols, footholds, at)?;
        Ok(cell)
    };
    let a = start("aloc")?;
    let b = start("bloc")?;
    t.expect_end("the start cells")?;
    Ok(Instance {
        rows,
        cols,
        footholds,
        a,
        b,
    })
}

/// Whole numbers of a `[...]` list, each with where it starts.
type NumberList = Vec<(u64, Position)>;

/// A token of the bracketed forms.
#[derive(Debug, Clone, PartialEq)]
enum Lexeme {
    Punct(u8),
    Number(u64),
    Text(String),
    End,
}

/// A small reader for the problem page's literal arguments and the JSON
/// object: brackets, braces, commas, colons, whole numbers and strings,
/// each with its line and column.
struct Bracketed<'a> {
    data: &'a [u8],
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Bracketed<'a> {
    fn new(data: &'a [u8]) -> Self {
        Bracketed {
            data,
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.data.get(self.offset) {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.offset += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.offset;
            }
        }
    }

    fn here(&self) -> Position {
        Position {
            line: self.line,
            column: self.offset - self.line_start + 1,
        }
    }

    /// The next lexeme and where it starts, without consuming it.
    fn peek(&mut self) -> Result<(Lexeme, Position), InputError> {
        let saved = (self.offset, self.line, self.line_start);
        let result = self.next();
        (self.offset, self.line, self.line_start) = saved;
        result
    }

    fn next(&mut self) -> Result<(Lexeme, Position), InputError> {
        self.skip_space();
        let at = self.here();
        let Some(&b) = self.data.get(self.offset) else {
            return Ok((Lexeme::End, at));
        };
        match b {
            b'[' | b']' | b'{' | b'}' | b',' | b':' => {
                self.offset += 1;
                Ok((Lexeme::Punct(b), at))
            }
            b'0'..=b'9' => {
                let start = self.offset;
                while self.data.get(self.offset).is_some_and(u8::is_ascii_digit) {
                    self.offset += 1;
                }
                let digits = &self.data[start..self.offset];
                let mut v: u64 = 0;
                for &d in digits {
                    v = v
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(u64::from(d - b'0')))
                        .ok_or_else(|| {
                            InputError::new(
                                at,
                                format!(
                                    "number {} is too large",
                                    crate::text::describe_bytes(digits)
                                ),
                            )
                        })?;
                }
                Ok((Lexeme::Number(v), at))
            }
            b'"' => {
                let start = self.offset + 1;
                let Some(len) = self.data[start..]
                    .iter()
                    .position(|&c| c == b'"' || c == b'\n')
                    .filter(|&k| self.data[start + k] == b'"')
                else {
                    return Err(InputError::new(at, "unterminated string"));
                };
                self.offset = start + len + 1;
                let text = String::from_utf8_lossy(&self.data[start..start + len]).into_owned();
                Ok((Lexeme::Text(text), at))
            }
            _ => {
                let end = self.data[self.offset..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || b"[]{},:".contains(c))
                    .map_or(self.data.len(), |k| self.offset + k)
                    .max(self.offset + 1);
                let what = crate::text::describe_bytes(&self.data[self.offset..end]);
                Err(InputError::new(
                    at,
                    format!("unexpected {what}; expected brackets, commas and whole numbers"),
                ))
            }
        }
    }

    fn expect_punct(&mut self, p: u8, what: &str) -> Result<Position, InputError> {
        let (lexeme, at) = self.next()?;
        if lexeme == Lexeme::Punct(p) {
            Ok(at)
        } else {
            Err(unexpected(&lexeme, at, what))
        }
    }

    /// A list of whole numbers: `[n, n, ...]`, returning each with its position.
    fn number_list(&mut self, what: &str) -> Result<NumberList, InputError> {
        self.expect_punct(b'[', &format!("'[' starting {what}"))?;
        let mut values = Vec::new();
        loop {
            let (lexeme, at) = self.next()?;
            match lexeme {
                Lexeme::Punct(b']') if values.is_empty() => return Ok(values),
                Lexeme::Number(v) => values.push((v, at)),
                other => return Err(unexpected(&other, at, &format!("a number in {what}"))),
            }
            // Never hold more than a row can: refuse long lists early.
            if values.len() > MAX_SIDE {
                return Err(InputError::new(
                    at,
                    format!(
                        "{what} has more than {MAX_SIDE} values (the limit is {MAX_SIDE} columns)"
                    ),
                ));
            }
            let (lexeme, at) = self.next()?;
            match lexeme {
                Lexeme::Punct(b',') => {}
                Lexeme::Punct(b']') => return Ok(values),
                other => return Err(unexpected(&other, at, &format!("',' or ']' in {what}"))),
            }
        }
    }

    /// The board: `[[0/1, ...], ...]`; returns rows, columns and footholds.
    fn board(&mut self) -> Result<(usize, usize, u64), InputError> {
        self.expect_punct(b'[', "'[' starting the board")?;
        let mut rows = 0usize;
        let mut cols = 0usize;
        let mut footholds = 0u64;
        loop {
            let (lexeme, at) = self.peek()?;
            if lexeme == Lexeme::Punct(b']') && rows == 0 {
                return Err(InputError::new(at, "the board has no rows"));
            }
            if rows == MAX_SIDE {
                return Err(InputError::new(
                    at,
                    format!("the board has more than {MAX_SIDE} rows (the limit is {MAX_SIDE})"),
                ));
            }
            let what = format!("row {}", rows + 1);
            let values = self.number_list(&what)?;
            if values.is_empty() {
                return Err(InputError::new(at, format!("{what} is empty")));
            }
            if rows == 0 {
                cols = values.len();
            } else if values.len() != cols {
                return Err(InputError::new(
                    at,
                    format!(
                        "{what} has {}, expected {cols} like row 1",
                        cells(values.len())
                    ),
                ));
            }
            for (c, &(v, vat)) in values.iter().enumerate() {
                match v {
                    0 => {}
                    1 => footholds |= bit((rows, c)),
                    _ => {
                        return Err(InputError::new(
                            vat,
                            format!("expected a cell (0 or 1) in {what}, found {v}"),
                        ));
                    }
                }
            }
            rows += 1;
            let (lexeme, at) = self.next()?;
            match lexeme {
                Lexeme::Punct(b',') => {}
                Lexeme::Punct(b']') => return Ok((rows, cols, footholds)),
                other => return Err(unexpected(&other, at, "',' or ']' after a board row")),
            }
        }
    }

    /// A start cell `[r, c]`, checked against the board.
    fn start(&mut self, name: &str, board: (usize, usize, u64)) -> Result<Cell, InputError> {
        let (_, at) = self.peek()?;
        let values = self.number_list(name)?;
        if values.len() != 2 {
            return Err(InputError::new(
                at,
                format!(
                    "{name} must be [row, column], found {} numbers",
                    values.len()
                ),
            ));
        }
        let cell = (
            usize::try_from(values[0].0).unwrap_or(usize::MAX),
            usize::try_from(values[1].0).unwrap_or(usize::MAX),
        );
        check_start(name, cell, board.0, board.1, board.2, at)?;
        Ok(cell)
    }

    fn skip_commas(&mut self) -> Result<(), InputError> {
        while self.peek()?.0 == Lexeme::Punct(b',') {
            self.next()?;
        }
        Ok(())
    }

    fn expect_end(&mut self) -> Result<(), InputError> {
        match self.next()? {
            (Lexeme::End, _) => Ok(()),
            (other, at) => Err(unexpected(&other, at, "the end of input")),
        }
    }

    fn instance(mut self) -> Result<Instance, InputError> {
        if self.peek()?.0 == Lexeme::Punct(b'{') {
            return self.object();
        }
        let board = self.board()?;
        self.skip_commas()?;
        let a = self.start("aloc", board)?;
        self.skip_commas()?;
        let b = self.start("bloc", board)?;
        self.expect_end()?;
        Ok(Instance {
            rows: board.0,
            cols: board.1,
            footholds: board.2,
            a,
            b,
        })
    }

    /// `{"board": ..., "aloc": ..., "bloc": ...}`, keys in any order. The
    /// starts are checked after the board is known, at their own positions.
    fn object(&mut self) -> Result<Instance, InputError> {
        let open = self.expect_punct(b'{', "'{'")?;
        let mut board = None;
        let mut starts: [Option<(NumberList, Position)>; 2] = [None, None];
        loop {
            let (lexeme, at) = self.next()?;
            let key = match lexeme {
                Lexeme::Text(k) => k,
                Lexeme::Punct(b'}') if board.is_none() && starts.iter().all(Option::is_none) => {
                    return Err(InputError::new(at, "the object has no \"board\""));
                }
                other => {
                    return Err(unexpected(
                        &other,
                        at,
                        "a key: \"board\", \"aloc\" or \"bloc\"",
                    ));
                }
            };
            self.expect_punct(b':', &format!("':' after \"{key}\""))?;
            let duplicate = || InputError::new(at, format!("\"{key}\" is given twice"));
            match key.as_str() {
                "board" => {
                    if board.is_some() {
                        return Err(duplicate());
                    }
                    board = Some(self.board()?);
                }
                "aloc" | "bloc" => {
                    let slot = &mut starts[usize::from(key == "bloc")];
                    if slot.is_some() {
                        return Err(duplicate());
                    }
                    let (_, vat) = self.peek()?;
                    *slot = Some((self.number_list(&key)?, vat));
                }
                _ => {
                    return Err(InputError::new(
                        at,
                        format!(
                            "unknown key {}; expected \"board\", \"aloc\" or \"bloc\"",
                            crate::text::describe_bytes(key.as_bytes())
                        ),
                    ));
                }
            }
            let (lexeme, at) = self.next()?;
            match lexeme {
                Lexeme::Punct(b',') => {}
                Lexeme::Punct(b'}') => break,
                other => return Err(unexpected(&other, at, "',' or '}' in the object")),
            }
        }
        self.expect_end()?;
        let board = board.ok_or_else(|| InputError::new(open, "the object has no \"board\""))?;
        let mut cells = [(0, 0); 2];
        for (k, name) in ["aloc", "bloc"].into_iter().enumerate() {
            let Some((values, at)) = &starts[k] else {
                return Err(InputError::new(
                    open,
                    format!("the object has no \"{name}\""),
                ));
            };
            if values.len() != 2 {
                return Err(InputError::new(
                    *at,
                    format!(
                        "{name} must be [row, column], found {} numbers",
                        values.len()
                    ),
                ));
            }
            let cell = (
                usize::try_from(values[0].0).unwrap_or(usize::MAX),
                usize::try_from(values[1].0).unwrap_or(usize::MAX),
            );
            check_start(name, cell, board.0, board.1, board.2, *at)?;
            cells[k] = cell;
        }
        Ok(Instance {
            rows: board.0,
            cols: board.1,
            footholds: board.2,
            a: cells[0],
            b: cells[1],
        })
    }
}

fn unexpected(lexeme: &Lexeme, at: Position, expected: &str) -> InputError {
    let found = match lexeme {
        Lexeme::Punct(p) => format!("'{}'", *p as char),
        Lexeme::Number(v) => format!("the number {v}"),
        Lexeme::Text(t) => crate::text::describe_bytes(t.as_bytes()),
        Lexeme::End => "end of input".to_string(),
    };
    InputError::new(at, format!("expected {expected}, found {found}"))
}

/// Bit masks for spreading a set of cells to its neighbours without wrapping
/// from one row's last column to the next row's first.
const NOT_COL0: u64 = !0x0101_0101_0101_0101;
const NOT_COL7: u64 = !0x8080_8080_8080_8080;
/// Cells `(r, c)` with `r + c` even.
const EVEN: u64 = 0x55AA_55AA_55AA_55AA;

/// The cells orthogonally next to any cell of `set` (not `set` itself).
fn spread(set: u64) -> u64 {
    (set << 8) | (set >> 8) | ((set << 1) & NOT_COL0) | ((set >> 1) & NOT_COL7)
}

/// The cells of `region` connected to `start` (a bit of `region`).
fn component(region: u64, start: u64) -> u64 {
    let mut comp = start;
    loop {
        let next = (comp | spread(comp)) & region;
        if next == comp {
            return comp;
        }
        comp = next;
    }
}

/// A position of the search, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// Cells that still have a foothold.
    pub feet: u64,
    /// The cell (bit index `8r + c`) of the player to move.
    pub mover: u8,
    /// The cell of the other player.
    pub other: u8,
}

/// The rules for the [`Negamax`] engine, with the longest-path cache used
/// when the players' regions split.
pub struct Footholds {
    /// Per cell, its neighbours on the board.
    neighbors: [u64; 64],
    /// Longest path (in moves) from a cell through a connected region that
    /// contains it, keyed by (region, cell).
    paths: FxHashMap<(u64, u8), u8>,
    /// Whether [`TwoPlayer::resolve`] may use the split (off only to measure it).
    split: bool,
}

impl Footholds {
    /// The rules on a `rows`×`cols` board.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut neighbors = [0u64; 64];
        let mut inside = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                inside |= bit((r, c));
            }
        }
        for (i, n) in neighbors.iter_mut().enumerate() {
            *n = spread(1 << i) & inside;
        }
        Footholds {
            neighbors,
            paths: FxHashMap::default(),
            split: true,
        }
    }

    /// The same rules without the split shortcut: every position is searched.
    pub fn without_split(rows: usize, cols: usize) -> Self {
        Footholds {
            split: false,
            ..Footholds::new(rows, cols)
        }
    }

    /// The longest walk (number of moves) from `at` inside the connected
    /// `region` (which contains `at`), the cell left behind vanishing each move.
    pub fn longest_path(&mut self, region: u64, at: u8) -> u32 {
        self.walk(region, at, u32::MAX)
    }

    /// `min(longest_path(region, at), cap)`: the search stops as soon as a
    /// walk of `cap` moves is found, which is all a comparison needs.
    fn walk(&mut self, region: u64, at: u8, cap: u32) -> u32 {
        if cap == 0 {
            return 0;
        }
        let rest = region & !(1u64 << at);
        let next = self.neighbors[usize::from(at)] & rest;
        if next == 0 {
            return 0;
        }
        if next.count_ones() == 1 {
            // A single way on: everything left stays connected through it, and
            // there is no choice to remember.
            return 1 + self.walk(rest, next.trailing_zeros() as u8, cap - 1);
        }
        if let Some(&l) = self.paths.get(&(region, at)) {
            return u32::from(l).min(cap);
        }
        let bound = walk_bound(region, at);
        let enough = bound.min(cap);
        let mut best = 0;
        let mut left = next;
        while left != 0 {
            let n = left & left.wrapping_neg();
            left ^= n;
            let sub = component(rest, n);
            let to = n.trailing_zeros() as u8;
            // Through `to` the walk makes at most 1 + walk_bound(sub, to) moves.
            if walk_bound(sub, to) < best {
                continue;
            }
            best = best.max(1 + self.walk(sub, to, cap - 1));
            if best >= enough {
                break;
            }
        }
        // Only exact lengths are remembered: below the cap every branch was
        // followed to its end, and the bound is never exceeded. The memo is
        // bounded like the engine's table: beyond it, recompute instead.
        if (best < cap || best == bound) && self.paths.len() < 1 << 22 {
            self.paths.insert((region, at), best as u8);
        }
        best
    }
}

/// An upper bound of the longest walk from `at` in `region` (which holds
/// `at`), the lesser of two:
///
/// - Colours: the board is a chessboard and a walk alternates colours, so
///   it uses at most one more cell of its starting colour than of the other.
/// - Dead ends: a cell other than `at` with at most one neighbour in the
///   region can only be the walk's last cell (entered from that neighbour,
///   it has no way on), so the walk visits at most one of them.
fn walk_bound(region: u64, at: u8) -> u32 {
    let own_colour = if EVEN >> at & 1 == 1 { EVEN } else { !EVEN };
    let same = (region & own_colour).count_ones();
    let other = (region & !own_colour).count_ones();
    let by_colour = (2 * same.min(other)).max((2 * same - 1).min(2 * other + 1));
    let up = (region << 8) & region;
    let down = (region >> 8) & region;
    let left = (region << 1) & NOT_COL0 & region;
    let right = (region >> 1) & NOT_COL7 & region;
    let two_or_more =
        (up & down) | (up & left) | (up & right) | (down & left) | (down & right) | (left & right);
    let dead_ends = (region & !two_or_more & !(1u64 << at)).count_ones();
    let by_dead_ends = region.count_ones() - dead_ends.saturating_sub(1);
    by_colour.min(by_dead_ends) - 1
}

impl TwoPlayer for Footholds {
    type Position = State;
    type Key = u128;

    fn key(&self, s: &State) -> u128 {
        u128::from(s.feet) | u128::from(s.mover) << 64 | u128::from(s.other) << 72
    }

    fn resolve(&mut self, s: &State) -> Option<Score> {
        let mover = 1u64 << s.mover;
        if s.feet & mover == 0 || self.neighbors[usize::from(s.mover)] & s.feet == 0 {
            return Some(Score::loss(0));
        }
        if !self.split || s.mover == s.other {
            return None;
        }
        let mine = component(s.feet, mover);
        if mine & (1u64 << s.other) != 0 {
            return None;
        }
        let theirs = component(s.feet, 1u64 << s.other);
        // Turns alternate, mover first: whoever runs out of moves first loses,
        // and a tie loses for the mover, who must move first. So only the
        // shorter walk is needed exactly, and the longer only as far as it
        // reaches the shorter.
        let their_most = walk_bound(theirs, s.other);
        let mine_capped = self.walk(mine, s.mover, their_most + 1);
        Some(if mine_capped > their_most {
            Score::win(2 * self.longest_path(theirs, s.other) + 1)
        } else {
            // `mine_capped` is my exact walk.
            let theirs_capped = self.walk(theirs, s.other, mine_capped);
            if theirs_capped >= mine_capped {
                Score::loss(2 * mine_capped)
            } else {
                Score::win(2 * theirs_capped + 1)
            }
        })
    }

    fn children(&self, s: &State, out: &mut Vec<State>) {
        let feet = s.feet & !(1u64 << s.mover);
        let next = self.neighbors[usize::from(s.mover)] & feet;
        // Up, left, right, down: ascending bit order.
        let mut left = next;
        while left != 0 {
            let to = left.trailing_zeros() as u8;
            left &= left - 1;
            out.push(State {
                feet,
                mover: s.other,
                other: to,
            });
        }
    }

    fn order(&self, children: &mut [State]) {
        // Leave the opponent as few ways on as possible, then keep the most for us.
        children.sort_by_key(|c| {
            let theirs = (self.neighbors[usize::from(c.mover)] & c.feet).count_ones();
            let ours = (self.neighbors[usize::from(c.other)] & c.feet).count_ones();
            (theirs, 4 - ours)
        });
    }
}

fn root_state(instance: &Instance) -> State {
    let index = |c: Cell| (c.0 * 8 + c.1) as u8;
    State {
        feet: instance.footholds,
        mover: index(instance.a),
        other: index(instance.b),
    }
}

/// The total number of moves under optimal play (the judge's answer).
///
/// ```
/// use boardsolve::puzzles::footholds::{total_moves, Instance};
/// let game: Instance = "[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]".parse().unwrap();
/// assert_eq!(total_moves(&game), 4);
/// ```
pub fn total_moves(instance: &Instance) -> u32 {
    outcome(instance).1
}

/// The winner and the total number of moves under optimal play.
pub fn outcome(instance: &Instance) -> (Player, u32) {
    let (score, _) = score_with_stats(instance);
    let winner = if score.wins() { Player::A } else { Player::B };
    (winner, score.distance())
}

/// A's score at the start (see [`Score`]) and the search counters.
pub fn score_with_stats(instance: &Instance) -> (Score, NegamaxStats) {
    let mut engine = Negamax::new(Footholds::new(instance.rows, instance.cols));
    let score = engine.score(&root_state(instance));
    (score, engine.stats())
}

/// A's score at the start computed without the split shortcut (for measuring it).
pub fn score_without_split(instance: &Instance) -> (Score, NegamaxStats) {
    let mut engine = Negamax::new(Footholds::without_split(instance.rows, instance.cols));
    let score = engine.score(&root_state(instance));
    (score, engine.stats())
}

/// One move of the principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Who moves.
    pub player: Player,
    /// From this cell.
    pub from: Cell,
    /// To this cell.
    pub to: Cell,
    /// The footholds after the move, row after row (1 = foothold).
    pub board: Vec<Vec<u8>>,
    /// A's cell after the move.
    pub aloc: Cell,
    /// B's cell after the move.
    pub bloc: Cell,
}

/// Why the loser lost, at the end of the principal variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The loser's turn came with no foothold next to it.
    NoMove,
    /// The winner stepped off the cell both stood on, which vanished under the loser.
    FootholdGone,
}

/// The outcome and one optimal line of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The total number of moves (the judge's answer).
    pub moves: u32,
    /// Who wins.
    pub winner: Player,
    /// Why the loser lost.
    pub ending: Ending,
    /// Every move, A's first; at each step the first optimal move in the
    /// order up, left, right, down.
    pub line: Vec<Step>,
}

/// The winner and the principal variation.
///
/// ```
/// use boardsolve::puzzles::footholds::{explain, Instance, Player};
/// let game: Instance = "[[1, 1, 1, 1, 1]] [0, 0] [0, 4]".parse().unwrap();
/// let e = explain(&game);
/// assert_eq!((e.winner, e.moves, e.line.len()), (Player::B, 4, 4));
/// assert_eq!((e.line[0].from, e.line[0].to), ((0, 0), (0, 1)));
/// ```
pub fn explain(instance: &Instance) -> Explanation {
    let mut engine = Negamax::new(Footholds::new(instance.rows, instance.cols));
    let root = root_state(instance);
    let (score, states) = engine.principal_variation(&root);
    let grid_of = |feet: u64| -> Vec<Vec<u8>> {
        (0..instance.rows)
            .map(|r| {
                (0..instance.cols)
                    .map(|c| u8::from(feet & bit((r, c)) != 0))
                    .collect()
            })
            .collect()
    };
    let mut line = Vec::with_capacity(states.len());
    let mut player = Player::A;
    let mut before = root;
    for s in &states {
        // After the move the mover's cell is `other`; the opponent moves next.
        let (from, to) = (cell_of(before.mover), cell_of(s.other));
        let (aloc, bloc) = match player {
            Player::A => (to, cell_of(s.mover)),
            Player::B => (cell_of(s.mover), to),
        };
        line.push(Step {
            player,
            from,
            to,
            board: grid_of(s.feet),
            aloc,
            bloc,
        });
        player = player.other();
        before = *s;
    }
    let ending = if before.feet & (1u64 << before.mover) == 0 {
        Ending::FootholdGone
    } else {
        Ending::NoMove
    };
    Explanation {
        moves: score.distance(),
        winner: if score.wins() { Player::A } else { Player::B },
        ending,
        line,
    }
}

/// A random instance: each cell a foothold with probability
/// `foothold_percent`/100, the starts uniform over the board (possibly the
/// same cell) and given a foothold if they lack one, so it is always valid.
///
/// # Panics
/// If `rows` or `cols` is outside 1..=8, or `foothold_percent` above 100.
pub fn random_instance<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
) -> Instance {
    use rand::RngExt;
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

/// The plain search the tests and benchmarks compare against: the rules
/// read literally on a grid of booleans, every line of play tried, nothing
/// remembered, no shortcut. Exponential; for small boards only.
pub mod brute {
    /// Whether the player to move (at `me`, opponent at `you`) wins, and the
    /// total number of moves left under optimal play.
    pub fn play(grid: &mut Vec<Vec<bool>>, me: (usize, usize), you: (usize, usize)) -> (bool, u32) {
        if !grid[me.0][me.1] {
            return (false, 0);
        }
        let mut best: Option<(bool, u32)> = None;
        let steps: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        for (dr, dc) in steps {
            let r = me.0 as isize + dr;
            let c = me.1 as isize + dc;
            if r < 0 || c < 0 || r as usize >= grid.len() || c as usize >= grid[0].len() {
                continue;
            }
            let to = (r as usize, c as usize);
            if !grid[to.0][to.1] {
                continue;
            }
            grid[me.0][me.1] = false;
            let (they_win, rest) = play(grid, you, to);
            grid[me.0][me.1] = true;
            let mine = (!they_win, rest + 1);
            best = Some(match best {
                None => mine,
                Some(old) => better(old, mine),
            });
        }
        best.unwrap_or((false, 0))
    }

    /// The preferred of two outcomes for the player choosing: a win over a
    /// loss, then the quicker win or the longer loss.
    fn better(x: (bool, u32), y: (bool, u32)) -> (bool, u32) {
        match (x.0, y.0) {
            (true, false) => x,
            (false, true) => y,
            (true, true) => (true, x.1.min(y.1)),
            (false, false) => (false, x.1.max(y.1)),
        }
    }

    /// The judge's answer for a grid (`true` = foothold) and the two starts.
    pub fn total_moves(grid: &[Vec<bool>], a: (usize, usize), b: (usize, usize)) -> u32 {
        let mut grid = grid.to_vec();
        play(&mut grid, a, b).1
    }
}

/// Reference solvers that each make one classic mistake, for `stress
/// --diagnose`: the plain search with one rule changed.
pub mod mistakes {
    /// One classic mistake.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Mistake {
        /// A player whose cell lost its foothold (the opponent left the
        /// shared cell) plays on instead of losing.
        SharedCellIgnored,
        /// The player who can win also plays as long as possible.
        WinnerMaximizes,
    }

    impl Mistake {
        /// All of them, in the order a diagnosis tries them.
        pub const ALL: [Mistake; 2] = [Mistake::SharedCellIgnored, Mistake::WinnerMaximizes];

        /// Completes "your program behaves as if ...".
        pub fn description(self) -> &'static str {
            match self {
                Mistake::SharedCellIgnored => {
                    "a player whose cell lost its foothold (the opponent stepped off the shared cell) can still move"
                }
                Mistake::WinnerMaximizes => {
                    "the winning player also tries to make the game last as long as possible"
                }
            }
        }
    }

    fn play(
        grid: &mut Vec<Vec<bool>>,
        me: (usize, usize),
        you: (usize, usize),
        mistake: Mistake,
    ) -> (bool, u32) {
        if mistake != Mistake::SharedCellIgnored && !grid[me.0][me.1] {
            return (false, 0);
        }
        let mut best: Option<(bool, u32)> = None;
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
            if r < 0 || c < 0 || r as usize >= grid.len() || c as usize >= grid[0].len() {
                continue;
            }
            let to = (r as usize, c as usize);
            if !grid[to.0][to.1] {
                continue;
            }
            let had = grid[me.0][me.1];
            grid[me.0][me.1] = false;
            let (they_win, rest) = play(grid, you, to, mistake);
            grid[me.0][me.1] = had;
            let mine = (!they_win, rest + 1);
            best = Some(match best {
                None => mine,
                Some(old) => match (old.0, mine.0) {
                    (true, false) => old,
                    (false, true) => mine,
                    (true, true) if mistake == Mistake::WinnerMaximizes => {
                        (true, old.1.max(mine.1))
                    }
                    (true, true) => (true, old.1.min(mine.1)),
                    (false, false) => (false, old.1.max(mine.1)),
                },
            });
        }
        best.unwrap_or((false, 0))
    }

    /// The total number of moves when both play with `mistake`.
    pub fn total_moves(
        grid: &[Vec<bool>],
        a: (usize, usize),
        b: (usize, usize),
        mistake: Mistake,
    ) -> u32 {
        play(&mut grid.to_vec(), a, b, mistake).1
    }
}

/// Smaller games than `game` for shrinking, the boldest first: a row or a
/// column without a player removed, then one foothold removed (never one
/// under a player).
pub fn shrink_candidates(game: &Instance) -> Vec<Instance> {
    let grid = game.grid();
    let mut out = Vec::new();
    for r in 0..game.rows {
        if game.rows > 1 && game.a.0 != r && game.b.0 != r {
            let g: Vec<Vec<bool>> = grid
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != r)
                .map(|(_, row)| row.clone())
                .collect();
            let shift = |cell: Cell| (if cell.0 > r { cell.0 - 1 } else { cell.0 }, cell.1);
            out.extend(Instance::new(&g, shift(game.a), shift(game.b)));
        }
    }
    for c in 0..game.cols {
        if game.cols > 1 && game.a.1 != c && game.b.1 != c {
            let g: Vec<Vec<bool>> = grid
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter(|&(j, _)| j != c)
                        .map(|(_, &f)| f)
                        .collect()
                })
                .collect();
            let shift = |cell: Cell| (cell.0, if cell.1 > c { cell.1 - 1 } else { cell.1 });
            out.extend(Instance::new(&g, shift(game.a), shift(game.b)));
        }
    }
    for r in 0..game.rows {
        for c in 0..game.cols {
            if grid[r][c] && (r, c) != game.a && (r, c) != game.b {
                let mut g = grid.clone();
                g[r][c] = false;
                out.extend(Instance::new(&g, game.a, game.b));
            }
        }
    }
    out
}

/// A game in one of the shapes that break solutions: both players on one
/// cell, players already separated by a wall without footholds, or a
/// player with no move at the start.
pub fn hard_instance<R: rand::Rng + ?Sized>(
    rng: &mut R,
    rows: usize,
    cols: usize,
    foothold_percent: u32,
) -> Instance {
    use rand::RngExt;
    let mut game = random_instance(rng, rows, cols, foothold_percent);
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

/// The footholds puzzle for the CLI.
pub struct FootholdsPuzzle {
    /// The command name this entry answers to.
    pub name: &'static str,
}

impl Puzzle for FootholdsPuzzle {
    fn name(&self) -> &'static str {
        self.name
    }

    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        use rand::RngExt;
        opts.only(
            self.name,
            &[
                crate::puzzles::Size::Rows,
                crate::puzzles::Size::Cols,
                crate::puzzles::Size::Density,
            ],
        )?;
        let mut side = |given: Option<u64>, what: &str| match given {
            Some(v) if (1..=MAX_SIDE as u64).contains(&v) => Ok(v as usize),
            Some(v) => Err(Error::Usage(format!(
                "--{what} must be from 1 to {MAX_SIDE}, found {v}"
            ))),
            None => Ok(rng.random_range(1..=5)),
        };
        let rows = side(opts.rows, "rows")?;
        let cols = side(opts.cols, "cols")?;
        let percent = match opts.density {
            Some(d) => (d * 100.0).round() as u32,
            None => rng.random_range(50..=100),
        };
        let game = if opts.hard {
            hard_instance(rng, rows, cols, percent)
        } else {
            random_instance(rng, rows, cols, percent)
        };
        Ok(game.to_string())
    }

    fn shrink(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let Ok(game) = Instance::parse(input) else {
            return Vec::new();
        };
        shrink_candidates(&game)
            .into_iter()
            .map(|g| g.to_string().into_bytes())
            .collect()
    }

    fn variants(&self) -> Vec<Variant> {
        mistakes::Mistake::ALL
            .iter()
            .map(|&mistake| Variant {
                mistake: mistake.description(),
                solve: Box::new(move |input: &[u8], _: &SolveOptions| {
                    let game = Instance::parse(input)?;
                    Ok(format!(
                        "{}\n",
                        mistakes::total_moves(&game.grid(), game.a, game.b, mistake)
                    ))
                }) as SolveFn,
            })
            .collect()
    }

    fn summary(&self) -> &'static str {
        "disappearing footholds: total moves under optimal play"
    }

    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error> {
        if opts.moves.is_some() {
            return Err(Error::Usage(format!("{} does not take --moves", self.name)));
        }
        let instance = Instance::parse(input)?;
        match opts.format {
            OutputFormat::Judge => writeln!(out, "{}", total_moves(&instance))?,
            OutputFormat::Json => {
                let e = explain(&instance);
                serde_json::to_writer(&mut *out, &e).map_err(std::io::Error::from)?;
                writeln!(out)?;
            }
            OutputFormat::Explain => write_explanation(&instance, &explain(&instance), out)?,
        }
        Ok(())
    }
}

/// The board as text: `o` foothold, `.` none, `A`/`B` a player, `X` both.
fn picture(rows: usize, cols: usize, feet: &dyn Fn(Cell) -> bool, a: Cell, b: Cell) -> String {
    let mut s = String::with_capacity(rows * (2 * cols + 1));
    for r in 0..rows {
        for c in 0..cols {
            if c > 0 {
                s.push(' ');
            }
            s.push(match ((r, c) == a, (r, c) == b) {
                (true, true) => 'X',
                (true, false) => 'A',
                (false, true) => 'B',
                _ if feet((r, c)) => 'o',
                _ => '.',
            });
        }
        s.push('\n');
    }
    s
}

fn write_explanation(
    instance: &Instance,
    e: &Explanation,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let loser = e.winner.other();
    let plural = if e.moves == 1 { "move" } else { "moves" };
    writeln!(out, "{} wins; {} {plural} in total", e.winner, e.moves)?;
    writeln!(
        out,
        "(A moves first; the winner ends the game as soon as it can, the loser lasts as long as it can)"
    )?;
    writeln!(out, "\nstart (o foothold, . gone, X both players):")?;
    let feet = |c: Cell| instance.has_foothold(c);
    write!(
        out,
        "{}",
        picture(instance.rows, instance.cols, &feet, instance.a, instance.b)
    )?;
    for (i, step) in e.line.iter().enumerate() {
        writeln!(
            out,
            "\nmove {}: {} ({}, {}) -> ({}, {})",
            i + 1,
            step.player,
            step.from.0,
            step.from.1,
            step.to.0,
            step.to.1
        )?;
        let feet = |c: Cell| step.board[c.0][c.1] == 1;
        write!(
            out,
            "{}",
            picture(instance.rows, instance.cols, &feet, step.aloc, step.bloc)
        )?;
    }
    let why = match e.ending {
        Ending::NoMove => "has no foothold to move to",
        Ending::FootholdGone => "stands where the foothold vanished",
    };
    writeln!(out, "\n{loser} {why}: {} wins", e.winner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game(text: &str) -> Instance {
        text.parse().unwrap()
    }

    #[test]
    fn samples() {
        assert_eq!(
            total_moves(&game("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]")),
            5
        );
        assert_eq!(
            total_moves(&game("[[1,1,1],[1,0,1],[1,1,1]] [1,0] [1,2]")),
            4
        );
        assert_eq!(total_moves(&game("[[1,1,1,1,1]] [0,0] [0,4]")), 4);
        assert_eq!(total_moves(&game("[[1]] [0,0] [0,0]")), 0);
    }

    #[test]
    fn same_cell_and_stuck_starts() {
        // Both on one cell: whoever can step off wins at once.
        assert_eq!(outcome(&game("[[1,1]] [0,0] [0,0]")), (Player::A, 1));
        assert_eq!(outcome(&game("[[1,1],[1,1]] [1,1] [1,1]")), (Player::A, 1));
        // A cannot move at all.
        assert_eq!(outcome(&game("[[1,0,1]] [0,0] [0,2]")), (Player::B, 0));
        // B cannot move: A moves anywhere, B is stuck.
        assert_eq!(outcome(&game("[[1,1,0,1]] [0,0] [0,3]")), (Player::A, 1));
    }

    #[test]
    fn separated_regions_follow_the_longest_walks() {
        let cases = [
            // A walks 3, B walks 2: B runs out first (2·2 + 1 moves).
            ("[[1,1,1,1,0,1,1,1]] [0,0] [0,5]", Player::A, 5),
            // Equal walks: the first to move runs out first.
            ("[[1,1,1,0,1,1,1]] [0,0] [0,6]", Player::B, 4),
            // A 5×1 board split in the middle.
            ("5 1\n1\n1\n0\n1\n1\n0 0 4 0\n", Player::B, 2),
            // B's region is larger but B is in a corner of a snake.
            ("3 4\n1 1 0 1\n1 1 0 1\n0 0 0 1\n0 0 2 3\n", Player::A, 5),
        ];
        for (text, winner, moves) in cases {
            let g = game(text);
            assert_eq!(outcome(&g), (winner, moves), "{text}");
            assert_eq!(brute::total_moves(&g.grid(), g.a, g.b), moves, "{text}");
        }
    }

    #[test]
    fn longest_path_and_its_bound() {
        let mut f = Footholds::new(3, 3);
        let full = 0b111 | 0b111 << 8 | 0b111 << 16;
        assert_eq!(f.longest_path(full, 0), 8);
        assert_eq!(f.longest_path(full, 9), 8);
        // From an edge cell the colours allow 8 of the 9 cells: 7 moves.
        assert_eq!(walk_bound(full, 1), 7);
        assert_eq!(f.longest_path(full, 1), 7);
    }

    #[test]
    fn parse_forms_agree_and_round_trip() {
        let forms = [
            "[[1, 1, 1], [1, 0, 1], [1, 1, 1]]  [1, 0]  [1, 2]",
            "[[1,1,1],[1,0,1],[1,1,1]],[1,0],[1,2]\n",
            "{\"board\": [[1,1,1],[1,0,1],[1,1,1]], \"aloc\": [1,0], \"bloc\": [1,2]}",
            "{\"bloc\": [1,2], \"aloc\": [1,0],\n \"board\": [[1,1,1],[1,0,1],[1,1,1]]}",
            "3 3\n1 1 1\n1 0 1\n1 1 1\n1 0 1 2\n",
        ];
        let first = game(forms[0]);
        for f in forms {
            assert_eq!(game(f), first, "{f}");
        }
        assert_eq!(game(&first.to_string()), first);
    }

    #[test]
    fn parse_errors_name_the_place() {
        let err = |s: &str| Instance::parse(s.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            err("[[1,1],[1]] [0,0] [0,1]"),
            "1:8: row 2 has 1 cell, expected 2 like row 1"
        );
        assert_eq!(
            err("[[1,2]] [0,0] [0,0]"),
            "1:5: expected a cell (0 or 1) in row 1, found 2"
        );
        assert_eq!(
            err("[[1,1]] [0,0] [1,0]"),
            "1:15: bloc [1, 0] is outside the 1×2 board"
        );
        assert_eq!(
            err("[[1,0]] [0,1] [0,0]"),
            "1:9: aloc [0, 1] has no foothold"
        );
        assert!(err(&format!("[{}[1]]", "[1],".repeat(8))).contains("more than 8 rows"));
        assert!(err("[[1,1,1,1,1,1,1,1,1]] [0,0] [0,0]").contains("more than 8 values"));
        assert_eq!(
            err("3 3\n1 1 1\n1 1\n1 1 1\n0 0 0 0\n"),
            "3:4: row 2 has 2 cells, expected 3"
        );
        assert_eq!(
            err("2 2\n1 1 1\n1 1\n0 0 0 0\n"),
            "2:5: row 1 has more than 2 cells"
        );
        assert_eq!(
            err("9 1\n"),
            "1:1: expected the number of rows R from 1 to 8, found 9"
        );
        assert_eq!(
            err("{\"board\": [[1]], \"aloc\": [0,0]}"),
            "1:1: the object has no \"bloc\""
        );
        assert!(err("{\"board\": [[1]], \"cloc\": [0,0]}").starts_with("1:18: unknown key"));
        assert!(err("[[1]] [0,0] [0,0] x").starts_with("1:19: unexpected \"x\""));
        assert!(err("[[1]] [0,0] [-1,0]").starts_with("1:14: unexpected \"-1\""));
        assert_eq!(
            err("[[1]] [0,0]"),
            "1:12: expected '[' starting bloc, found end of input"
        );
    }

    #[test]
    fn principal_variation_is_legal_and_as_long_as_the_answer() {
        let g = game("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]");
        let e = explain(&g);
        assert_eq!((e.winner, e.moves, e.line.len()), (Player::A, 5, 5));
        let mut grid = g.grid();
        let (mut a, mut b) = (g.a, g.b);
        for step in &e.line {
            let me = if step.player == Player::A {
                &mut a
            } else {
                &mut b
            };
            assert_eq!(*me, step.from);
            assert_eq!(
                step.from.0.abs_diff(step.to.0) + step.from.1.abs_diff(step.to.1),
                1
            );
            assert!(grid[step.to.0][step.to.1]);
            grid[step.from.0][step.from.1] = false;
            *me = step.to;
        }
    }

    fn small_instance(max_side: usize) -> impl Strategy<Value = Instance> {
        (1..=max_side, 1..=max_side, 0u64.., 40u32..=100).prop_map(|(r, c, seed, p)| {
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            random_instance(&mut rng, r, c, p)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn engine_equals_plain_search_up_to_4x4(g in small_instance(4)) {
            let want = brute::total_moves(&g.grid(), g.a, g.b);
            prop_assert_eq!(total_moves(&g), want, "{}", g);
            prop_assert_eq!(score_without_split(&g).0.distance(), want);
            let e = explain(&g);
            prop_assert_eq!(e.line.len() as u32, want);
            // The line is legal, alternates from A, and ends as it says.
            let mut grid = g.grid();
            let (mut a, mut b) = (g.a, g.b);
            for (i, step) in e.line.iter().enumerate() {
                prop_assert_eq!(step.player, if i.is_multiple_of(2) { Player::A } else { Player::B });
                let me = if step.player == Player::A { &mut a } else { &mut b };
                prop_assert_eq!(*me, step.from);
                prop_assert!(grid[step.from.0][step.from.1], "moved off a vanished cell");
                prop_assert_eq!(step.from.0.abs_diff(step.to.0) + step.from.1.abs_diff(step.to.1), 1);
                prop_assert!(grid[step.to.0][step.to.1]);
                grid[step.from.0][step.from.1] = false;
                *me = step.to;
                prop_assert_eq!((step.aloc, step.bloc), (a, b));
            }
            let loser = if e.line.len().is_multiple_of(2) { a } else { b };
            prop_assert_eq!(e.winner, if e.line.len().is_multiple_of(2) { Player::B } else { Player::A });
            prop_assert_eq!(e.ending == Ending::FootholdGone, !grid[loser.0][loser.1]);
        }

        #[test]
        fn display_round_trips(g in small_instance(8)) {
            prop_assert_eq!(game(&g.to_string()), g);
        }
    }

    /// The longest walk by trying every walk.
    fn plain_longest(region: u64, at: u8) -> u32 {
        let rest = region & !(1u64 << at);
        let mut best = 0;
        let mut next = spread(1u64 << at) & rest;
        while next != 0 {
            let n = next.trailing_zeros() as u8;
            next &= next - 1;
            best = best.max(1 + plain_longest(rest, n));
        }
        best
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn longest_walk_and_its_bound_hold_on_random_regions(
            rows in 1usize..=5,
            cols in 1usize..=5,
            cells in any::<u64>(),
            keep in any::<u64>(),
            start in any::<u8>(),
        ) {
            // A random region (about three cells in four) of a rows×cols
            // board, and the component of a start cell in it.
            let mut board = 0u64;
            for r in 0..rows {
                for c in 0..cols {
                    board |= 1u64 << (8 * r + c);
                }
            }
            let region = board & (cells | keep);
            prop_assume!(region != 0);
            let pick = usize::from(start) % region.count_ones() as usize;
            let mut bits = region;
            for _ in 0..pick {
                bits &= bits - 1;
            }
            let at = bits.trailing_zeros() as u8;
            let region = component(region, 1u64 << at);
            let truth = plain_longest(region, at);
            prop_assert!(walk_bound(region, at) >= truth);
            let mut f = Footholds::new(rows, cols);
            // Capped walks first, so the memo fills in that order too.
            for cap in [truth / 2, truth.saturating_sub(1), truth, truth + 1] {
                prop_assert_eq!(f.walk(region, at, cap), truth.min(cap), "cap {}", cap);
            }
            prop_assert_eq!(f.longest_path(region, at), truth);
            prop_assert_eq!(Footholds::new(rows, cols).longest_path(region, at), truth);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn engine_equals_plain_search_on_5x5(seed in 0u64.., p in 50u32..=100) {
            use rand::SeedableRng;
            let g = random_instance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed), 5, 5, p);
            prop_assert_eq!(total_moves(&g), brute::total_moves(&g.grid(), g.a, g.b), "{}", g);
        }
    }
}
