//! A judge's input limits, and what puts an instance past them, in the
//! words `validate` and `test` print.

/// What puts an instance past a judge's limits
/// ([`Generate::within_limits`](super::Generate::within_limits)), in the
/// words `validate` and `test` print, and where in the judge's text it
/// stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{breach}")]
pub struct PastLimits {
    /// What is past the limits.
    pub breach: Breach,
    /// The number of the text it is about, counted from 0 in reading
    /// order; the count of numbers for the end of the text, where a
    /// missing number would go.
    pub number: usize,
}

/// The one thing past a judge's limits, by kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Breach {
    /// A 2048 board of this side.
    #[error("N = {0}")]
    Side(usize),
    /// A 2048 board without a block.
    #[error("no block")]
    NoBlock,
    /// A 2048 block of this value.
    #[error("a block of {0}")]
    Block(u128),
    /// This many dice.
    #[error("{0} dice")]
    Dice(usize),
    /// A footholds board of this many rows and columns.
    #[error("a {rows}×{cols} board")]
    Board {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A tromino board of side 2^K.
    #[error("K = {0}")]
    K(u32),
}

impl Breach {
    /// The breach, placed at number `number` of the text.
    pub fn at(self, number: usize) -> PastLimits {
        PastLimits {
            breach: self,
            number,
        }
    }
}

/// A judge's input limits, typed by puzzle. The generator stays inside
/// them unless a size option asks for more, shrinking never leaves them,
/// and `samples` leaves out the examples outside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// 2048: side N from 1 to `max_n`, blocks from 2 to `max_tile`, at
    /// least one block, and exactly `moves` moves.
    Board2048 {
        /// Largest side N.
        max_n: u64,
        /// Largest block value.
        max_tile: u64,
        /// The judge's K.
        moves: u32,
    },
    /// Yut: exactly `count` dice, each from 1 to 5.
    Dice {
        /// The number of dice.
        count: u64,
    },
    /// BOJ tromino: K from 1 to `max_k` (a board of side 2^K).
    TrominoK {
        /// Largest K.
        max_k: u32,
    },
    /// Footholds: rows and columns from 1 to `max_side`.
    Footholds {
        /// Largest number of rows or columns.
        max_side: u64,
    },
}

impl Limits {
    /// The limits in words, as the docs pages state them.
    ///
    /// ```
    /// use boardsolve_core::puzzles::Limits;
    /// assert_eq!(Limits::TrominoK { max_k: 2 }.describe(), "1 ≤ K ≤ 2; 1 ≤ x, y ≤ 2^K");
    /// ```
    pub fn describe(&self) -> String {
        match *self {
            Limits::Board2048 {
                max_n,
                max_tile,
                moves,
            } => format!(
                "1 ≤ N ≤ {max_n}; blocks 0 or 2..{max_tile}, powers of two; at least one block; K = {moves}"
            ),
            Limits::Dice { count } => format!("exactly {count} dice, each 1..5"),
            Limits::TrominoK { max_k } => format!("1 ≤ K ≤ {max_k}; 1 ≤ x, y ≤ 2^K"),
            Limits::Footholds { max_side } => {
                format!("1..{max_side} rows and columns, cells 0/1, both players on footholds")
            }
        }
    }

    /// The limits that a case can pass, in a few words for a banner
    /// (`K ≤ 2`).
    ///
    /// ```
    /// use boardsolve_core::puzzles::Limits;
    /// assert_eq!(Limits::TrominoK { max_k: 2 }.short(), "K ≤ 2");
    /// ```
    pub fn short(&self) -> String {
        match *self {
            Limits::Board2048 {
                max_n,
                max_tile,
                moves,
            } => format!("N ≤ {max_n}, blocks ≤ {max_tile}, K = {moves}"),
            Limits::Dice { count } => format!("{count} dice"),
            Limits::TrominoK { max_k } => format!("K ≤ {max_k}"),
            Limits::Footholds { max_side } => format!("at most {max_side}×{max_side}"),
        }
    }

    /// The K these limits fix, for 2048.
    pub fn moves(&self) -> Option<u32> {
        match *self {
            Limits::Board2048 { moves, .. } => Some(moves),
            _ => None,
        }
    }
}
