//! boardsolve's engine for a web page: [`call`] takes one JSON request and
//! gives one JSON response (the protocol is in `docs/web.md`), so that the
//! page and the module share one small typed interface. Built for
//! `wasm32-unknown-unknown`, [`abi`] wraps it in a plain C ABI over bytes;
//! natively, the tests hold its answers to the command line's.

#![deny(missing_docs)]

// Documented on every target, so that the page's ABI is read with the
// rest; built only for the page.
#[cfg(any(target_arch = "wasm32", doc))]
pub mod abi;
mod check;
mod coach;
mod request;
mod solve;

pub use request::Request;

use boardsolve_core::puzzles::{self, Error, Puzzle};
use boardsolve_core::search::context::Watcher;
use serde_json::{Value, json};

/// Why a request got no answer, as the response's `error` object.
#[derive(Debug)]
pub(crate) struct Failure {
    kind: &'static str,
    message: String,
    /// `unfinished`'s proven bounds.
    bounds: Option<(u128, u128)>,
}

impl Failure {
    pub(crate) fn request(message: impl Into<String>) -> Failure {
        Failure {
            kind: "request",
            message: message.into(),
            bounds: None,
        }
    }

    pub(crate) fn bug(message: impl Into<String>) -> Failure {
        Failure {
            kind: "bug",
            message: message.into(),
            bounds: None,
        }
    }

    fn to_json(&self) -> Value {
        let mut error = json!({ "kind": self.kind, "message": self.message });
        if let Some((lower, upper)) = self.bounds {
            error["lower"] = json!(lower.to_string());
            error["upper"] = json!(upper.to_string());
        }
        json!({ "error": error })
    }
}

/// The CLI's wording of each error, with `input:` before an input error's
/// place as for standard input.
impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        let (kind, bounds) = match &e {
            Error::Input(_) => ("input", None),
            Error::Refused(_) => ("refused", None),
            Error::Unfinished { lower, upper } => ("unfinished", Some((*lower, *upper))),
            _ => ("bug", None),
        };
        let message = match &e {
            Error::Input(e) => format!("input:{e}"),
            e => e.to_string(),
        };
        Failure {
            kind,
            message,
            bounds,
        }
    }
}

/// Answers one request (JSON text) with one response (JSON text): `{"ok":
/// ...}` or `{"error": {"kind", "message"}}`; see `docs/web.md`.
pub fn call(request: &str) -> String {
    call_watched(request, None)
}

/// [`call`], with `watcher` shown the progress of a long search as it goes
/// (the page's progress line).
pub fn call_watched(request: &str, watcher: Option<Watcher>) -> String {
    let answer = serde_json::from_str::<Request>(request)
        .map_err(|e| Failure::request(format!("bad request: {e}")))
        .and_then(|request| answer(request, watcher));
    match answer {
        // Written around the value's text: block values pass u64, which
        // a `serde_json::Value` cannot hold.
        Ok(text) => format!("{{\"ok\":{text}}}"),
        Err(failure) => failure.to_json().to_string(),
    }
}

/// The response's value as JSON text.
fn answer(request: Request, watcher: Option<Watcher>) -> Result<String, Failure> {
    match request {
        Request::Entries => Ok(entries().to_string()),
        Request::Samples { puzzle } => solve::samples(find(&puzzle)?),
        Request::Generate {
            puzzle,
            seed,
            case,
            hard,
        } => solve::generate(find(&puzzle)?, seed, case, hard),
        Request::Solve(ask) => solve::solve(find(&ask.puzzle)?, &ask, watcher),
        Request::Check(ask) => check::check(find(&ask.puzzle)?, &ask),
        Request::Coach(ask) => coach::coach(find(&ask.puzzle)?, &ask),
        Request::Mistakes { puzzle } => Ok(check::catalogue(find(&puzzle)?).to_string()),
        Request::Layout { puzzle } => Ok(coach::layout(find(&puzzle)?).to_string()),
    }
}

/// The puzzle a request names, as the command line names it.
fn find(name: &str) -> Result<&'static dyn Puzzle, Failure> {
    puzzles::find(name).ok_or_else(|| Failure {
        kind: "request",
        message: format!("unknown puzzle '{name}'"),
        bounds: None,
    })
}

/// Every name with what the page needs to know of it.
fn entries() -> Value {
    let list: Vec<Value> = puzzles::all()
        .iter()
        .map(|p| {
            let contract = p.contract();
            json!({
                "name": p.name(),
                "canonical": canonical(*p),
                "summary": p.summary(),
                "judge": contract.judge.map(|j| j.problem),
                "moves": p.moves_in_force(puzzles::RuleOptions::Defaults),
                "takes_moves": p.takes(&[puzzles::Flag::Moves]).is_ok(),
                "takes_order": p.takes(&[puzzles::Flag::Order]).is_ok(),
                "one_number": one_number(*p),
                "accepts": contract.accepts.describe(),
            })
        })
        .collect();
    Value::Array(list)
}

/// Whether the judge's answer is one number (every puzzle but the
/// tilings), so that a wrong one can be matched with the catalogue.
pub(crate) fn one_number(puzzle: &dyn Puzzle) -> bool {
    canonical(puzzle) != "tromino"
}

/// The puzzle's own name (`2048` for `12100`), which picks its rules.
pub(crate) fn canonical(puzzle: &dyn Puzzle) -> &'static str {
    puzzle.alias_of().unwrap_or(puzzle.name())
}

/// `value` as JSON text (u128 numbers written in full).
pub(crate) fn json_text<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::bug(format!("cannot write JSON: {e}")))
}
