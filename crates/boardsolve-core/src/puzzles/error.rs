//! Why a puzzle could not answer: one error for every puzzle, whose causes
//! are typed in `refusal.rs` and `text`.

use super::refusal::{Bug, Refusal};
use crate::text::InputError;
use std::io;

/// Why a puzzle could not answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input text is not a valid instance.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The request is outside what this puzzle supports (an option it does
    /// not take, a size above a documented limit).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// A bug of boardsolve's own.
    #[error(transparent)]
    Bug(#[from] Bug),
    /// Writing the answer failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The search was stopped (a time limit, Ctrl-C) before it proved the
    /// answer; what it proved is that the answer lies in `lower..=upper`.
    #[error("no exact answer: at least {lower}, at most {upper}")]
    Unfinished {
        /// The answer is at least this (reached by some line of play).
        lower: u128,
        /// The answer is at most this (a proven bound).
        upper: u128,
    },
    /// The `save` of [`Puzzle::solve_drawing`](super::Puzzle::solve_drawing) declined a picture; the
    /// caller that gave `save` holds the reason.
    #[error("a picture could not be written")]
    NotSaved,
}
