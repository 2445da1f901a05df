//! Generic search engines, one file per algorithm, free of any puzzle's rules.

pub mod maximize;
pub mod negamax;
pub mod progress;
pub mod stop;
pub(crate) mod table;
