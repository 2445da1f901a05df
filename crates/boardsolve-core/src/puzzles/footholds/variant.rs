//! The rules' type of disappearing footholds, which the files of the
//! puzzle name and `rules.rs` implements.

/// The rules of disappearing footholds for the command line: one format,
/// no option beyond `--explain` and `--json`.
///
/// Its [`Rules::parse`](crate::puzzles::Text::parse) reads any of the input forms, told apart by the
/// first non-space byte: `[` the problem page's literal arguments, `{` a
/// JSON object with `board`, `aloc`, `bloc`, otherwise plain text (`R C`,
/// R rows of 0/1, `ar ac br bc`).
///
/// ```
/// use boardsolve_core::puzzles::Text;
/// use boardsolve_core::puzzles::footholds::Footholds;
/// let a = Footholds.parse(b"[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
/// let b = Footholds.parse(br#"{"board": [[1,1,1,1,1]], "aloc": [0,0], "bloc": [0,4]}"#).unwrap();
/// let c = Footholds.parse(b"1 5\n1 1 1 1 1\n0 0 0 4\n").unwrap();
/// assert!(a == b && b == c);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Footholds;
