//! Reproducible instances: case `i` of seed `s` is the same on every
//! machine (core's, so that the page draws the same cases as `gen`).

pub use crate::puzzles::seeded::{case_rng, instance};
