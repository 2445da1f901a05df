//! boardsolve: exact solvers for four exhaustive-search board puzzles, and
//! tools for testing your own solutions to them. The library is two
//! crates, re-exported here under one name: `boardsolve-core` (the
//! puzzles, their searches and formats) and `boardsolve-judge` (the
//! harness, `tools`).
//!
//! ```
//! use boardsolve::puzzles::{find, SolveOptions};
//! let mut out = Vec::new();
//! find("2048")
//!     .unwrap()
//!     .solve(b"3\n2 2 2\n4 4 4\n8 8 8\n", &SolveOptions::default(), &mut out)
//!     .unwrap();
//! assert_eq!(out, b"16\n");
//! ```
#![deny(missing_docs)]

pub mod environment;

pub use boardsolve_core::{host, html, puzzles, search, simd, size_table, text};
pub use boardsolve_judge::tools;
