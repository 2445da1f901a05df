//! The rules' type of dice yut, which the files of the puzzle name and
//! `rules.rs` implements.

/// The rules of dice yut; every entry reads the same judge format.
#[derive(Debug, Clone, Copy, Default)]
pub struct Yut;
