//! The subcommands, one file each, and what they share, each in a file of
//! its own: how a run stops (and so its exit status, `exit.rs`), the
//! standard streams (`streams.rs`: reading input, reports, progress bars)
//! and the colours (`style.rs`).

pub(crate) mod audit;
pub(crate) mod check;
pub(crate) mod exit;
pub(crate) mod failure_view;
pub(crate) mod generate;
pub(crate) mod harness;
pub(crate) mod limits;
pub(crate) mod meta;
pub(crate) mod mutants;
pub(crate) mod own;
pub(crate) mod package;
pub(crate) mod run_view;
pub(crate) mod search_line;
pub(crate) mod signals;
pub(crate) mod solve;
pub(crate) mod source;
pub(crate) mod streams;
pub(crate) mod stress;
pub(crate) mod style;
pub(crate) mod test;
pub(crate) mod validate;

pub(crate) use exit::{Status, Stop, warn};
