//! Judge text to a validated [`Instance`], and an instance back to plain
//! text. Three forms, told apart by the first non-space byte: `[` the
//! problem page's literal arguments (`[[1,1],[1,1]] [0,0] [1,1]`), `{` a
//! JSON object with `board`, `aloc`, `bloc`, otherwise plain text (`R C`,
//! R rows of 0/1, `ar ac br bc`). Every complaint names its line and column.

use super::board::{Coord, Instance, MAX_SIDE, bit};
use super::variant::Footholds;
use crate::puzzles::form::TextForm;
use crate::puzzles::rules::Text;
use crate::text::{Cursor, InputError, Position, Tokens, describe_bytes, parse_u64};
use std::fmt;

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
    cell: Coord,
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

/// A start cell from two numbers; a number beyond `usize` stays out of
/// every board, so [`check_start`] refuses it.
fn coord(row: u64, col: u64) -> Coord {
    (
        usize::try_from(row).unwrap_or(usize::MAX),
        usize::try_from(col).unwrap_or(usize::MAX),
    )
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
    let mut start = |name: &str| -> Result<Coord, InputError> {
        let at = t.position();
        let row = t.expect_u64(&format!("{name}'s row"))?;
        let col = t.expect_u64(&format!("{name}'s column"))?;
        let cell = coord(row, col);
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

/// The board of the bracketed forms: rows, columns and footholds.
type Board = (usize, usize, u64);

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
    cursor: Cursor<'a>,
}

impl<'a> Bracketed<'a> {
    fn new(data: &'a [u8]) -> Self {
        Bracketed {
            cursor: Cursor::new(data),
        }
    }

    /// The next lexeme and where it starts, without consuming it.
    fn peek(&mut self) -> Result<(Lexeme, Position), InputError> {
        let saved = self.cursor;
        let result = self.next();
        self.cursor = saved;
        result
    }

    fn next(&mut self) -> Result<(Lexeme, Position), InputError> {
        self.cursor.take_while(|b| b.is_ascii_whitespace());
        let at = self.cursor.position();
        let rest = self.cursor.rest();
        let Some(&b) = rest.first() else {
            return Ok((Lexeme::End, at));
        };
        match b {
            b'[' | b']' | b'{' | b'}' | b',' | b':' => {
                self.cursor.advance(1);
                Ok((Lexeme::Punct(b), at))
            }
            b'0'..=b'9' => {
                let digits = self.cursor.take_while(|d| d.is_ascii_digit());
                // All digits: the one way the number can be refused is its size.
                let v = parse_u64(digits).map_err(|_| {
                    InputError::new(
                        at,
                        format!("number {} is too large", describe_bytes(digits)),
                    )
                })?;
                Ok((Lexeme::Number(v), at))
            }
            b'"' => {
                let Some(len) = rest[1..]
                    .iter()
                    .position(|&c| c == b'"' || c == b'\n')
                    .filter(|&k| rest[1 + k] == b'"')
                else {
                    return Err(InputError::new(at, "unterminated string"));
                };
                self.cursor.advance(len + 2);
                let text = String::from_utf8_lossy(&rest[1..1 + len]).into_owned();
                Ok((Lexeme::Text(text), at))
            }
            _ => {
                let end = rest
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || b"[]{},:".contains(c))
                    .unwrap_or(rest.len())
                    .max(1);
                let what = describe_bytes(&rest[..end]);
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

    /// The board: `[[0/1, ...], ...]`.
    fn board(&mut self) -> Result<Board, InputError> {
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
    fn start(&mut self, name: &str, board: Board) -> Result<Coord, InputError> {
        let (_, at) = self.peek()?;
        let values = self.number_list(name)?;
        start_cell(name, &values, at, board)
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
                            describe_bytes(key.as_bytes())
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
            cells[k] = start_cell(name, values, *at, board)?;
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

/// A start cell from its list of numbers (written at `at`), checked
/// against the board.
fn start_cell(
    name: &str,
    values: &[(u64, Position)],
    at: Position,
    board: Board,
) -> Result<Coord, InputError> {
    let [(row, _), (col, _)] = values else {
        return Err(InputError::new(
            at,
            format!(
                "{name} must be [row, column], found {} numbers",
                values.len()
            ),
        ));
    };
    let cell = coord(*row, *col);
    check_start(name, cell, board.0, board.1, board.2, at)?;
    Ok(cell)
}

fn unexpected(lexeme: &Lexeme, at: Position, expected: &str) -> InputError {
    let found = match lexeme {
        Lexeme::Punct(p) => format!("'{}'", *p as char),
        Lexeme::Number(v) => format!("the number {v}"),
        Lexeme::Text(t) => describe_bytes(t.as_bytes()),
        Lexeme::End => "end of input".to_string(),
    };
    InputError::new(at, format!("expected {expected}, found {found}"))
}

impl Text for Footholds {
    type Instance = Instance;

    /// Any of the input forms; anything malformed is named with its line
    /// and column: a ragged row, a value other than 0 or 1, more than 8
    /// rows or columns, a start outside the board or without a foothold,
    /// missing or extra input.
    fn parse(&self, input: &[u8]) -> Result<Instance, InputError> {
        match input.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'[' | b'{') => Bracketed::new(input).instance(),
            _ => parse_plain(input),
        }
    }

    fn to_text(&self, instance: &Instance) -> String {
        instance.to_string()
    }

    const FORMS: &'static [TextForm] = &[TextForm::Plain, TextForm::Literal, TextForm::Json];

    /// Plain text as [`Text::to_text`]; the literal arguments and the JSON
    /// object on one line each, as a Programmers harness reads them.
    fn to_text_in(&self, instance: &Instance, form: TextForm) -> String {
        let rows: Vec<String> = instance
            .grid()
            .iter()
            .map(|row| {
                let cells: Vec<&str> = row.iter().map(|&h| if h { "1" } else { "0" }).collect();
                format!("[{}]", cells.join(", "))
            })
            .collect();
        let board = format!("[{}]", rows.join(", "));
        let (a, b) = (instance.a, instance.b);
        match form {
            TextForm::Plain => instance.to_string(),
            TextForm::Literal => format!("{board} [{}, {}] [{}, {}]\n", a.0, a.1, b.0, b.1),
            TextForm::Json => format!(
                "{{\"board\": {board}, \"aloc\": [{}, {}], \"bloc\": [{}, {}]}}\n",
                a.0, a.1, b.0, b.1
            ),
        }
    }

    fn form_of(&self, input: &[u8]) -> Option<TextForm> {
        Some(match input.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'[') => TextForm::Literal,
            Some(b'{') => TextForm::Json,
            _ => TextForm::Plain,
        })
    }
}
