//! The text forms an instance may be written in, for puzzles that read
//! several.

/// A way of writing an instance as text, for puzzles that read several
/// (`--format` of `gen`, `stress` and `samples`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextForm {
    /// The plain judge text (footholds: `R C`, the rows, `ar ac br bc`).
    Plain,
    /// The problem page's literal arguments on one line
    /// (`[[1, 1], [1, 1]] [0, 0] [1, 1]`).
    Literal,
    /// One JSON object on one line.
    Json,
}

impl TextForm {
    /// Every form, in the order of `--help`.
    pub const ALL: [TextForm; 3] = [TextForm::Plain, TextForm::Literal, TextForm::Json];

    /// The name as `--format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            TextForm::Plain => "plain",
            TextForm::Literal => "literal",
            TextForm::Json => "json",
        }
    }
}
