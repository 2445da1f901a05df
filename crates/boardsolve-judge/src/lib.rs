//! The harness of boardsolve, for people testing their own programs:
//! runs them contained and limited (Linux), judges their answers against
//! `boardsolve-core`'s, and builds stress tests, diagnoses, audits, killer
//! sets and problem packages on top.
//!
//! By concern: [`harness`] runs a program (contained, limited, stopped
//! cleanly, its outputs spooled); the contestant's tools judge and test
//! a program ([`judge`], [`suite`], [`stress`], [`own`], [`diagnose`],
//! [`failure`], [`first_failure`], [`source`], [`batch`], [`generate`],
//! [`files`]); the setter's make and check a problem ([`package`],
//! [`audit`], [`mutants`], [`solutions`]).
#![deny(missing_docs)]

// The layers below, under the names the harness's modules use.
use boardsolve_core::{puzzles, search, text};

pub mod harness;

pub mod batch;
pub mod diagnose;
pub mod failure;
pub mod files;
pub mod first_failure;
pub mod generate;
pub mod judge;
pub mod own;
pub mod source;
pub mod stress;
mod stress_error;
pub mod suite;

pub mod audit;
pub mod killer_cache;
pub mod mutants;
pub mod package;
pub mod solutions;
