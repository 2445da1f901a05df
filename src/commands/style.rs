//! The colours of the reports (shown only where colour is on).

/// Errors and wrong verdicts (shown only where colour is on).
pub(crate) const BAD: anstyle::Style = anstyle::AnsiColor::Red.on_default().bold();
/// Right verdicts.
pub(crate) const GOOD: anstyle::Style = anstyle::AnsiColor::Green.on_default().bold();
