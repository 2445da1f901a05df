//! Generic search engines, one file per algorithm, free of any puzzle's
//! rules, and the pieces they share (tables, counters, stop and progress).

pub mod context;
pub mod maximize;
pub mod negamax;
pub mod progress;
pub mod stats;
pub(crate) mod table;
