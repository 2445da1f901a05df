//! The harness of boardsolve, for people testing their own programs:
//! runs them contained and limited (Linux), judges their answers against
//! `boardsolve-core`'s, and builds stress tests, diagnoses, audits, killer
//! sets and problem packages on top.
#![deny(missing_docs)]

// The layers below, under the names the harness's modules use.
use boardsolve_core::{puzzles, search, text};

pub mod tools;
