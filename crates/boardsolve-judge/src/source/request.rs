//! What a build is asked for, and the words that stand in a build's
//! commands for what is known only when it runs.

use super::super::harness::Harness;
use super::table::Language;
use std::path::Path;

/// What to build.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The harness that runs the compiler and holds the build folder.
    pub harness: &'a Harness,
    /// The source file.
    pub source: &'a Path,
    /// Its language.
    pub language: Language,
    /// Options added after the table's (`--compile-flags`).
    pub extra_flags: &'a [String],
    /// The judge takes the Programmers function form: a file defining
    /// `solution` is wrapped in the language's harness.
    pub programmers: bool,
    /// The cache's folder; `None` builds into a temporary folder that
    /// lives as long as the result.
    pub cache: Option<&'a Path>,
}

/// Where a build's paths are in the cache key and in messages.
pub(super) const HERE: &str = "{build}";

/// The word of a run command that stands for the runner (java, python3).
pub(super) const RUNNER: &str = "{runner}";

/// Marks a run command whose program is the Programmers harness.
pub(super) const WRAPPED: &str = "{wrapped}";
