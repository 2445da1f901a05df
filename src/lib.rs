//! boardsolve: exact solvers for four exhaustive-search board puzzles, and
//! tools for testing your own solutions to them. The library is two
//! crates, re-exported here under one name: `boardsolve-core` (the
//! puzzles, their searches and formats) and `boardsolve-judge` (the
//! harness and the tools, under `tools`).
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

/// The harness and the tools of `boardsolve-judge`, under the one path
/// the binary, the tests and library users name them by.
pub mod tools {
    pub use boardsolve_judge::harness::{
        self, cleanup, contain, deadline, interrupt, run, spool, trouble,
    };
    pub use boardsolve_judge::{
        audit, batch, diagnose, failure, files, first_failure, generate, judge, killer_cache,
        mutants, own, package, solutions, source, stress, suite,
    };
}
