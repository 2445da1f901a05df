//! Running other people's programs: contained ([`contain`]), limited
//! and measured ([`run`]), their outputs spooled ([`spool`]), their
//! temporary files removed ([`cleanup`]), stopped cleanly
//! ([`interrupt`]), and the [`Harness`] value that owns what all of them
//! keep between calls ([`value`]).

pub mod cleanup;
pub mod contain;
pub mod deadline;
pub mod interrupt;
pub mod run;
pub mod spool;
pub mod trouble;
pub mod value;

pub use contain::Keeper;
#[cfg(test)]
pub(crate) use value::testing;
pub use value::{ChargeError, Harness};
