//! The puzzles, each one a [`Rules`] type in a folder of its own, and the
//! registry of the names they answer to on the command line. The CLI and
//! the tools see every puzzle through the byte-level [`Puzzle`] trait,
//! which [`Entry`] implements once for every `Rules`.
//!
//! This file only names the public face. The shared types each have a
//! file, layered so that every file imports only those below it: the
//! limits, then the refusals, the error, the text forms and the size
//! options; the contract with the options of one run; the byte-level
//! [`Puzzle`]; the typed [`Rules`] and their [`Entry`]; the puzzles, which
//! import those files directly; and the registry, which lists the puzzles.

mod contract;
mod error;
pub mod footholds;
mod form;
pub mod game2048;
mod limits;
mod puzzle;
mod refusal;
mod registry;
mod rules;
pub mod seeded;
mod sizes;
pub mod tromino;
pub mod yut;

pub use contract::{Accepts, Contract, Flag, Judge, Resources, RuleOptions};
pub use error::Error;
pub use form::TextForm;
pub use limits::{Breach, Limits, PastLimits};
pub use puzzle::{
    CheckOptions, Drawing, GenRng, Help, Objective, OutputFormat, Puzzle, Shown, SolveFn,
    SolveOptions, Variant,
};
pub use refusal::{Bug, Refusal};
pub use registry::{
    BOJ_12094, BOJ_12100, BOJ_14600, BOJ_14601, BOJ_17825, FOOTHOLDS, GAME_2048, PROGRAMMERS_92345,
    TROMINO, YUT, all, find,
};
pub use rules::{Entry, Generate, Mistake, Reference, Rules, Settings, Text};
pub use sizes::{Ask, GenOptions, Size};
