//! Why a source file gives no program: the errors of building, and the
//! compile error that is the source's own fault.

use super::super::harness::run::Trouble;
use std::io;
use std::path::PathBuf;

/// The variable that sets the build cache's bound (see
/// [`cache::bound`](super::cache::bound)); defined beside the message
/// that names it, so that the errors need nothing above them.
pub const VARIABLE: &str = "BOARDSOLVE_CACHE_SIZE";

/// Why a source file cannot be compiled or run; never a verdict.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SourceError {
    /// A compiler or interpreter the language needs is not in `PATH`.
    #[error(
        "{tool} is not installed (needed for {language}): apt-get install {package} (Debian), or put {tool} on PATH"
    )]
    Missing {
        /// The program looked for.
        tool: &'static str,
        /// The language that needs it.
        language: &'static str,
        /// The Debian package that brings it.
        package: &'static str,
    },
    /// The source file cannot be read.
    #[error("cannot read {shown}: {source}")]
    Unreadable {
        /// The file as named.
        shown: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The build cache cannot be used.
    #[error("cannot {what} {}: {source}", dir.display())]
    Cache {
        /// What failed (`create the build cache`).
        what: &'static str,
        /// Where.
        dir: PathBuf,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The harness could not run the compiler (it could not start, ...).
    #[error(transparent)]
    Trouble(#[from] Trouble),
    /// The compiler itself failed (killed by a signal, say): not the
    /// source's compile error.
    #[error("{tool} failed while compiling {shown}: {how}")]
    CompilerFailed {
        /// The compiler.
        tool: &'static str,
        /// The file.
        shown: String,
        /// How it ended.
        how: String,
    },
    /// Compiled, but nothing can be run (Java: no class with `main`).
    #[error("{shown}: {why}")]
    NothingToRun {
        /// The file.
        shown: String,
        /// What is missing.
        why: String,
    },
    /// `BOARDSOLVE_CACHE_SIZE` holds no size.
    #[error(
        "{}={value}: not a size (bytes, or a number with K, M or G: 512M, 2G; 0 turns the cache off)",
        VARIABLE
    )]
    CacheSize {
        /// The variable's value.
        value: String,
    },
    /// Extra compile options for a language that has no compiler.
    #[error("{language} is not compiled: it takes no compile flags")]
    NoFlags {
        /// The language.
        language: &'static str,
    },
}

impl SourceError {
    /// Whether compiling stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        matches!(self, SourceError::Trouble(Trouble::Interrupted))
    }
}

/// A compile error: the source's fault, reported as the verdict `CE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// How the compiler ended (`g++ exited with status 1`).
    pub why: String,
    /// The first [`MESSAGE_LINES`] lines of its message.
    pub message: Vec<String>,
    /// The compile command, as in [`Compiled::shown`](super::Compiled::shown).
    pub shown: String,
}

/// How many lines of a compiler's message a compile error keeps.
pub const MESSAGE_LINES: usize = 20;
