//! The puzzle argument, read and offered from the registry, and the help
//! texts made from it: no list of puzzle names is kept in the CLI.

use boardsolve::puzzles::{self, Puzzle};

/// Reads a puzzle name; its possible values (shown by `--help` and offered
/// to shells) come from the registry, so no list of names is kept here.
#[derive(Debug, Clone, Copy)]
pub(super) struct PuzzleParser;

/// The name of `names` a mistyped `given` most likely meant: within one
/// edit (a swap of two neighbours counts as one) for a short name, two
/// for a longer one, as clap suggests subcommands; `None` if none is.
fn closest<'a>(given: &str, names: &[&'a str]) -> Option<&'a str> {
    let most = if given.chars().count() <= 4 { 1 } else { 2 };
    names
        .iter()
        .map(|n| (strsim::damerau_levenshtein(given, n), *n))
        .filter(|&(d, _)| d <= most)
        .min()
        .map(|(_, n)| n)
}

impl clap::builder::TypedValueParser for PuzzleParser {
    type Value = &'static dyn Puzzle;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        puzzles::find(&name).ok_or_else(|| {
            let names: Vec<&str> = puzzles::all().iter().map(|p| p.name()).collect();
            let tip =
                closest(&name, &names).map_or(String::new(), |n| format!("did you mean '{n}'? "));
            let message = format!(
                "unknown puzzle '{name}'; {tip}choose one of: {}\n",
                names.join(", ")
            );
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, message).with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            puzzles::all()
                .iter()
                .map(|p| clap::builder::PossibleValue::new(p.name())),
        ))
    }
}

/// The puzzles and their aliases as `--help` lists them, from the registry.
pub(super) fn puzzle_list() -> String {
    let mut list = String::from("Puzzles:\n");
    let all = puzzles::all();
    for p in all.iter().filter(|p| p.alias_of().is_none()) {
        list.push_str(&format!("  {:<10} {}\n", p.name(), p.summary()));
        for alias in all.iter().filter(|a| a.alias_of() == Some(p.name())) {
            // A judge's number: its contract, which is what sets it apart.
            let contract = alias.contract();
            let what = match contract.judge {
                Some(judge) => format!(
                    "{} ({}), {}",
                    judge.problem,
                    judge.limits.short(),
                    contract.accepts.describe()
                ),
                None => alias.summary().to_string(),
            };
            list.push_str(&format!("  {:<10} alias {}: {what}\n", "", alias.name()));
        }
    }
    list
}

/// `text` wrapped to lines of at most 78 columns, each after `indent`
/// spaces except the first, which follows a label already written.
fn wrapped(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for word in text.split(' ') {
        if column > indent && column + 1 + word.chars().count() > 78 {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > indent {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.chars().count();
    }
    out.push('\n');
    out
}

/// `title`, then one wrapped line of `what` for each puzzle (canonical
/// names), from the registry.
pub(super) fn by_puzzle(title: &str, what: impl Fn(&dyn Puzzle) -> String) -> String {
    let mut help = format!("{title}\n");
    for p in puzzles::all().iter().filter(|p| p.alias_of().is_none()) {
        help.push_str(&format!("  {:<10} ", p.name()));
        help.push_str(&wrapped(&what(*p), 13));
    }
    help
}

/// The shapes `--hard` prefers, by puzzle, as `gen` and `stress` show
/// them.
pub(super) fn hard_shapes() -> String {
    by_puzzle("--hard prefers shapes that break solutions:", |p| {
        p.help().hard.to_string()
    })
}
