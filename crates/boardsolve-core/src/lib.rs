//! The puzzles of boardsolve: exact solvers for four exhaustive-search
//! board puzzles, the generic searches under them, the judge formats, and
//! the generators, checkers and explanations. No system calls, no
//! command-line crates: the harness is `boardsolve-judge`, the command
//! line the `boardsolve` binary. What core needs of the machine (a clock,
//! a memory budget, the SIMD choice) is handed in through [`host`].
//!
//! ```
//! use boardsolve_core::puzzles::{find, SolveOptions};
//! let mut out = Vec::new();
//! find("2048")
//!     .unwrap()
//!     .solve(b"3\n2 2 2\n4 4 4\n8 8 8\n", &SolveOptions::default(), &mut out)
//!     .unwrap();
//! assert_eq!(out, b"16\n");
//! ```
#![deny(missing_docs)]

pub mod host;
pub mod html;
pub mod puzzles;
pub mod search;
pub mod simd;
pub mod text;
