//! L-tromino tiling of a board with one hole, numbered in placement order
//! (SPEC.md §3), BOJ 14600 / 14601, and any side not divisible by 3.
//!
//! Power-of-two boards follow the placement order exactly and stream: every
//! label follows arithmetically from its cell's quadrant path (see
//! [`order`]), so an 8192×8192 board goes out two rows at a time in a few
//! MiB of memory. Other sides are tiled in memory by the construction of
//! [`general`].

pub mod brute;
mod check;
pub mod general;
pub mod mistakes;
pub mod order;
mod svg;

pub use check::HoleMark;

use crate::puzzles::{
    CheckOptions, Error, GenOptions, GenRng, OutputFormat, Puzzle, SolveFn, SolveOptions, Variant,
};
use crate::text::{InputError, Position, Tokens, Verdict};
use rand::RngExt;
use std::fmt;
use std::io::Write;

/// Largest side accepted when it is a power of two (labels stay below 2^32).
pub const MAX_POW2_N: u32 = 1 << 16;
/// Largest side accepted when it is not a power of two (tiled in memory,
/// 4 bytes a cell).
pub const MAX_GENERAL_N: u32 = 4096;
/// Largest side `check` reads (16 bytes a cell in memory).
pub const MAX_CHECK_N: u32 = 4096;
/// Largest side `--svg` draws.
pub const MAX_SVG_N: u32 = 256;
/// Largest K of the BOJ 14600 / 14601 format (side 2^K).
pub const MAX_BOJ_K: u32 = 16;

/// A board of side `n` with its hole at (`row`, `col`), 0-based, known to be
/// tileable and within the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The board side.
    pub n: u32,
    /// The hole's row, from 0 at the top.
    pub row: u32,
    /// The hole's column, from 0 at the left.
    pub col: u32,
}

impl Instance {
    /// Parses the SPEC.md format: one line `n row col`.
    ///
    /// ```
    /// use boardsolve::puzzles::tromino::Instance;
    /// let i = Instance::parse(b"8 1 2\n").unwrap();
    /// assert_eq!((i.n, i.row, i.col), (8, 1, 2));
    /// assert!(Instance::parse(b"6 0 0").unwrap_err().to_string().contains("3 divides"));
    /// ```
    ///
    /// # Errors
    /// A missing, extra or malformed number; `n` outside 1..=65536 (or above
    /// 4096 when not a power of two); a hole off the board; an untileable
    /// board (3 divides `n`, or one of the 5×5 holes that cannot be tiled).
    pub fn parse(input: &[u8]) -> Result<Instance, InputError> {
        let mut t = Tokens::new(input);
        let (n, n_at) = number(&mut t, "the board side n", 1, u64::from(MAX_POW2_N))?;
        let (row, row_at) = number(&mut t, "the hole's row", 0, n - 1)?;
        let (col, _) = number(&mut t, "the hole's column", 0, n - 1)?;
        t.expect_end("the hole's column")?;
        Instance::validate(n as u32, row as u32, col as u32, n_at, row_at)
    }

    /// Parses the BOJ 14600 / 14601 format: `K` (side 2^K), then `x y`,
    /// 1-based, `x` the column from the left, `y` the row from the bottom.
    ///
    /// ```
    /// use boardsolve::puzzles::tromino::Instance;
    /// let i = Instance::parse_boj(b"2\n1 1\n").unwrap();
    /// assert_eq!((i.n, i.row, i.col), (4, 3, 0));
    /// ```
    ///
    /// # Errors
    /// A missing, extra or malformed number, `K` outside 1..=16, or a hole
    /// off the board.
    pub fn parse_boj(input: &[u8]) -> Result<Instance, InputError> {
        let mut t = Tokens::new(input);
        let what = "K (the board side is 2^K)";
        let (k, k_at) = number(&mut t, what, 1, u64::from(MAX_BOJ_K))?;
        let n = 1u64 << k;
        let (x, _) = number(&mut t, "x (the hole's column, from 1 at the left)", 1, n)?;
        let what = "y (the hole's row, from 1 at the bottom)";
        let (y, y_at) = number(&mut t, what, 1, n)?;
        t.expect_end("y")?;
        Instance::validate(n as u32, (n - y) as u32, (x - 1) as u32, k_at, y_at)
    }

    fn validate(
        n: u32,
        row: u32,
        col: u32,
        n_at: Position,
        hole_at: Position,
    ) -> Result<Instance, InputError> {
        if !n.is_power_of_two() && n > MAX_GENERAL_N {
            return Err(InputError::new(
                n_at,
                format!(
                    "n = {n} is above the limit of {MAX_GENERAL_N} for sides that are not powers of two"
                ),
            ));
        }
        match general::tileability(n as usize, row as usize, col as usize) {
            Ok(()) => Ok(Instance { n, row, col }),
            Err(general::Untileable::DivisibleByThree) => Err(InputError::new(
                n_at,
                format!(
                    "a {n}×{n} board with one hole cannot be tiled: 3 divides {n}, so n² − 1 is not a multiple of 3"
                ),
            )),
            Err(general::Untileable::FiveByFiveHole) => Err(InputError::new(
                hole_at,
                format!(
                    "a 5×5 board with its hole at row {row}, column {col} cannot be tiled: the hole must be at an even row and an even column"
                ),
            )),
        }
    }

    /// The instance in the BOJ 14600 / 14601 format (`K`, then `x y`).
    ///
    /// # Panics
    /// If `n` is not a power of two from 2.
    pub fn to_boj(&self) -> String {
        assert!(self.n.is_power_of_two() && self.n >= 2);
        format!(
            "{}\n{} {}\n",
            self.n.trailing_zeros(),
            self.col + 1,
            self.n - self.row
        )
    }

    /// The tiling as labels, row after row (hole 0): the placement order on a
    /// power-of-two board, the construction of [`general`] otherwise.
    pub fn tiling(&self) -> Vec<u32> {
        let (n, row, col) = (self.n as usize, self.row as usize, self.col as usize);
        if n.is_power_of_two() {
            order::placement_order(n, row, col)
        } else {
            general::tile(n, row, col)
        }
    }

    /// Writes the tiling as judge text, the hole as `hole`; power-of-two
    /// boards are streamed.
    ///
    /// ```
    /// use boardsolve::puzzles::tromino::Instance;
    /// let mut out = Vec::new();
    /// Instance::parse(b"2 0 0").unwrap().write_tiling(b"0", &mut out).unwrap();
    /// assert_eq!(out, b"0 1\n1 1\n");
    /// ```
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_tiling(&self, hole: &[u8], out: &mut dyn Write) -> std::io::Result<()> {
        let (n, row, col) = (self.n as usize, self.row as usize, self.col as usize);
        if n.is_power_of_two() {
            order::write_placement_order(n, row, col, hole, out)
        } else {
            order::write_labels(&general::tile(n, row, col), n, hole, out)
        }
    }
}

/// Reads a number in `lo..=hi`, returning it with its position.
fn number(t: &mut Tokens<'_>, what: &str, lo: u64, hi: u64) -> Result<(u64, Position), InputError> {
    let (v, token) = t.expect_u64_token(what)?;
    if v < lo || v > hi {
        return Err(InputError::new(
            token.position,
            format!("expected {what} from {lo} to {hi}, found {v}"),
        ));
    }
    Ok((v, token.position))
}

impl std::str::FromStr for Instance {
    type Err = InputError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Instance::parse(s.as_bytes())
    }
}

impl fmt::Display for Instance {
    /// The SPEC.md format: `n row col` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {} {}", self.n, self.row, self.col)
    }
}

/// A random tileable instance with side at most `max_n` (sides divisible by
/// 3 and the untileable 5×5 holes are never produced), the hole uniform.
///
/// ```
/// use boardsolve::puzzles::tromino::random_instance;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let i = random_instance(&mut rng, 40);
/// assert!(i.n <= 40 && i.n % 3 != 0 && i.row < i.n && i.col < i.n);
/// ```
///
/// # Panics
/// If `max_n` is 0 or above [`MAX_GENERAL_N`].
pub fn random_instance<R: rand::Rng + ?Sized>(rng: &mut R, max_n: u32) -> Instance {
    assert!((1..=MAX_GENERAL_N).contains(&max_n));
    let n = loop {
        let n = rng.random_range(1..=max_n);
        if n % 3 != 0 {
            break n;
        }
    };
    loop {
        let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
        if general::tileability(n as usize, row as usize, col as usize).is_ok() {
            return Instance { n, row, col };
        }
    }
}

/// A random instance whose side is `2^k` for a `k` in `0..=max_k`, the
/// hole uniform.
///
/// # Panics
/// If `max_k` is above 16.
pub fn random_power_of_two_instance<R: rand::Rng + ?Sized>(rng: &mut R, max_k: u32) -> Instance {
    assert!(max_k <= 16);
    let n = 1u32 << rng.random_range(0..=max_k);
    Instance {
        n,
        row: rng.random_range(0..n),
        col: rng.random_range(0..n),
    }
}

/// Whether `output` is a correct tiling of `instance` (hole written as
/// `mark`); with `order`, also in the placement order (power-of-two sides).
///
/// ```
/// use boardsolve::{puzzles::tromino::{check_output, HoleMark, Instance}, text::Verdict};
/// let i = Instance::parse(b"2 0 0").unwrap();
/// assert_eq!(check_output(&i, b"0 1\n1 1\n", HoleMark::Zero, true), Verdict::Correct);
/// assert!(matches!(check_output(&i, b"0 1\n1 2\n", HoleMark::Zero, false), Verdict::Wrong(_)));
/// ```
///
/// # Panics
/// If `order` is set and `n` is not a power of two.
pub fn check_output(instance: &Instance, output: &[u8], mark: HoleMark, order: bool) -> Verdict {
    assert!(!order || instance.n.is_power_of_two());
    check::check_tiling(instance, output, mark, order)
}

/// The input format an entry reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// SPEC.md: `n row col`, hole printed as 0.
    Spec,
    /// BOJ 14600 / 14601: `K`, `x y` from the bottom left, hole printed as -1.
    Boj,
}

/// The tromino puzzle for the CLI.
pub struct Tromino {
    /// The command name this entry answers to.
    pub name: &'static str,
    /// The input format it reads.
    pub format: Format,
}

impl Tromino {
    fn instance(&self, input: &[u8]) -> Result<Instance, InputError> {
        match self.format {
            Format::Spec => Instance::parse(input),
            Format::Boj => Instance::parse_boj(input),
        }
    }

    fn mark(&self) -> HoleMark {
        match self.format {
            Format::Spec => HoleMark::Zero,
            Format::Boj => HoleMark::MinusOne,
        }
    }

    fn refuse_options(&self, opts: &SolveOptions) -> Result<(), Error> {
        if opts.moves.is_some() {
            return Err(Error::Usage(format!("{} takes no --moves", self.name)));
        }
        match opts.format {
            OutputFormat::Judge => Ok(()),
            OutputFormat::Explain | OutputFormat::Json => Err(Error::Usage(format!(
                "{} has no --explain or --json; the board is the answer (see --svg FILE)",
                self.name
            ))),
        }
    }
}

impl Puzzle for Tromino {
    fn name(&self) -> &'static str {
        self.name
    }

    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        use rand::RngExt;
        opts.only(self.name, &[crate::puzzles::Size::N])?;
        let boj = self.format == Format::Boj;
        let n = match opts.n {
            None => 1u32 << rng.random_range(u32::from(boj)..=4),
            Some(n) if boj && !(n.is_power_of_two() && (2..=1 << MAX_BOJ_K).contains(&n)) => {
                return Err(Error::Usage(format!(
                    "--n must be a power of two from 2 to 2^{MAX_BOJ_K} for {}, found {n}",
                    self.name
                )));
            }
            Some(n) if n.is_power_of_two() && n <= u64::from(MAX_POW2_N) => n as u32,
            Some(n) if n <= u64::from(MAX_GENERAL_N) && n % 3 != 0 => n as u32,
            Some(n) => {
                return Err(Error::Usage(format!(
                    "--n must be a power of two up to {MAX_POW2_N}, or up to {MAX_GENERAL_N} and not divisible by 3; found {n}"
                )));
            }
        };
        let instance = loop {
            let (row, col) = if opts.hard {
                // Holes next to the centre or in a corner of a quadrant,
                // where off-by-one mistakes in the recursion show.
                let half = (n / 2).max(1);
                let picks = [0, half.saturating_sub(1), half.min(n - 1), n - 1];
                (picks[rng.random_range(0..4)], picks[rng.random_range(0..4)])
            } else {
                (rng.random_range(0..n), rng.random_range(0..n))
            };
            if general::tileability(n as usize, row as usize, col as usize).is_ok() {
                break Instance { n, row, col };
            }
        };
        Ok(if boj {
            instance.to_boj()
        } else {
            instance.to_string()
        })
    }

    fn shrink(&self, input: &[u8]) -> Vec<Vec<u8>> {
        let Ok(i) = self.instance(input) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut push = |n: u32, row: u32, col: u32| {
            let ok = general::tileability(n as usize, row as usize, col as usize).is_ok();
            if ok && !(self.format == Format::Boj && n < 2) {
                let smaller = Instance { n, row, col };
                out.push(match self.format {
                    Format::Spec => smaller.to_string().into_bytes(),
                    Format::Boj => smaller.to_boj().into_bytes(),
                });
            }
        };
        if i.n.is_power_of_two() && i.n > 1 {
            let half = i.n / 2;
            push(half, i.row % half, i.col % half);
        }
        if i.row > 0 {
            push(i.n, i.row - 1, i.col);
        }
        if i.col > 0 {
            push(i.n, i.row, i.col - 1);
        }
        out
    }

    fn variants(&self) -> Vec<Variant> {
        let mark = self.mark();
        let format = self.format;
        mistakes::Mistake::ALL
            .iter()
            .map(|&mistake| Variant {
                mistake: mistake.description(),
                solve: Box::new(move |input: &[u8], _: &SolveOptions| {
                    let i = match format {
                        Format::Spec => Instance::parse(input)?,
                        Format::Boj => Instance::parse_boj(input)?,
                    };
                    if !i.n.is_power_of_two() {
                        return Err(Error::Usage(
                            "the placement order needs a power-of-two side".into(),
                        ));
                    }
                    let n = i.n as usize;
                    let labels = mistakes::tiling(n, i.row as usize, i.col as usize, mistake);
                    let mut text = String::new();
                    for row in labels.chunks(n) {
                        let cells: Vec<String> = row
                            .iter()
                            .map(|&v| {
                                if v == 0 {
                                    mark.text().to_string()
                                } else {
                                    v.to_string()
                                }
                            })
                            .collect();
                        text.push_str(&cells.join(" "));
                        text.push('\n');
                    }
                    Ok(text)
                }) as SolveFn,
            })
            .collect()
    }

    fn summary(&self) -> &'static str {
        match self.format {
            Format::Spec => "L-tromino tiling of a board with one hole, in placement order",
            Format::Boj => "BOJ 14600/14601: L-tromino tiling, K and x y from the bottom left",
        }
    }

    fn solve(&self, input: &[u8], opts: &SolveOptions, out: &mut dyn Write) -> Result<(), Error> {
        self.refuse_options(opts)?;
        let instance = self.instance(input)?;
        instance.write_tiling(self.mark().text().as_bytes(), out)?;
        Ok(())
    }

    fn svg(&self, input: &[u8], opts: &SolveOptions) -> Result<String, Error> {
        self.refuse_options(opts)?;
        let instance = self.instance(input)?;
        if instance.n > MAX_SVG_N {
            return Err(Error::Usage(format!(
                "--svg draws boards up to {MAX_SVG_N}×{MAX_SVG_N}; n = {} is above",
                instance.n
            )));
        }
        Ok(svg::render(instance.n as usize, &instance.tiling()))
    }

    fn check(&self, input: &[u8], output: &[u8], opts: &CheckOptions) -> Result<Verdict, Error> {
        let instance = self.instance(input)?;
        if instance.n > MAX_CHECK_N {
            return Err(Error::Usage(format!(
                "check reads boards up to {MAX_CHECK_N}×{MAX_CHECK_N}; n = {} is above",
                instance.n
            )));
        }
        if opts.order && !instance.n.is_power_of_two() {
            return Err(Error::Usage(format!(
                "--order needs a power-of-two side (the placement order is defined only there); n = {}",
                instance.n
            )));
        }
        Ok(check_output(&instance, output, self.mark(), opts.order))
    }
}

#[cfg(test)]
mod tests;
