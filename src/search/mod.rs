//! Generic search engines, one file per algorithm, free of any puzzle's
//! rules, and the pieces they share (tables, counters, stop and progress).

pub mod maximize;
pub mod negamax;
pub mod progress;
pub mod stats;
pub mod stop;
pub(crate) mod table;
