//! What a package is made of, named by the files that lay it out: its
//! format, its files, the kit of one judge's number, the seed of its data
//! and what `problem.yaml` states.

use crate::puzzles::GenOptions;

/// The version of the package format a package is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// 2025-09, the current version (BAPCtools).
    Current,
    /// 2023-07-draft, the newest version problemtools reads; the same
    /// package without `data/invalid_input/`, a group problemtools refuses.
    Draft2023,
}

impl Format {
    /// The version, as `problem_format_version` states it.
    pub fn version(self) -> &'static str {
        match self {
            Format::Current => "2025-09",
            Format::Draft2023 => "2023-07-draft",
        }
    }
}

/// One file of a package: its path inside the package, `/`-separated,
/// and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    /// The path inside the package, such as `data/secret/edge-01.in`.
    pub path: String,
    /// The file's bytes (text, but for the invalid inputs that are not).
    pub bytes: Vec<u8>,
}

/// What the package of one judge's number holds, before its data.
pub(super) struct Kit {
    /// The statement, its placeholders filled in.
    pub(super) statement: String,
    /// The input validator's source, standalone.
    pub(super) validator: String,
    /// The answer validator's source (BAPCtools checks every `.ans` with
    /// it), standalone.
    pub(super) answer_validator: String,
    /// The accepted solution's source, standalone: with `#define MISTAKE`
    /// in front it is the wrong one, with `#define PLAIN` the plain
    /// exhaustive search, with `#define REPLAY` one too slow.
    pub(super) solution: String,
    /// The plain exhaustive search a contestant writes is a submission of
    /// its own (the solution built with `PLAIN`).
    pub(super) plain: bool,
    /// A submission that must exceed the time limit (the solution built
    /// with `REPLAY`), where one stays far enough above the limit.
    pub(super) too_slow: bool,
    /// The invalid inputs of the corpus for the judge's format.
    pub(super) invalid: &'static [(&'static str, &'static [u8])],
    /// Inputs just past each of the judge's limits.
    pub(super) beyond: Vec<(String, String)>,
    /// The output validator's source, for a judge that accepts any valid
    /// answer; `None` where the answer is compared token by token.
    pub(super) output_validator: Option<String>,
    /// The name of the mistake the wrong solution makes (its file name).
    pub(super) mistake: &'static str,
    /// Named edge cases a setter expects (the largest size, all equal, ...).
    pub(super) edges: Vec<(String, String)>,
    /// Generation options of the random secret cases, from the smallest
    /// size to the largest, some in the hard shapes.
    pub(super) generated: Vec<GenOptions>,
}

/// The seed of a package's random secret cases: `seed` and the judge's
/// name together, so that two judges of one puzzle (12100 and 12094) get
/// data of their own from one seed.
pub(super) fn data_seed(name: &str, seed: u64) -> u64 {
    name.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What `problem.yaml` states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Meta {
    pub(super) format: Format,
    /// The problem's name, from the statement's `\problemname`.
    pub(super) name: String,
    /// The judge's site and problem, such as `BOJ 12100`.
    pub(super) problem: &'static str,
    /// The command-line name (`12100`).
    pub(super) id: &'static str,
    /// The package's own UUID (see `uuid`).
    pub(super) uuid: String,
    /// The catalogued mistakes the data does not kill, with the count of
    /// generated cases searched.
    pub(super) unkilled: (Vec<&'static str>, u64),
    /// The time limit in seconds, with the lines that say how it was set.
    pub(super) time_limit: Option<(u64, Vec<String>)>,
    /// The judge's own limits: the package states its memory limit, and
    /// names its time limit beside the one measured.
    pub(super) resources: crate::puzzles::Resources,
}

/// The source entry of a judge's problem: its name and its page.
fn source(problem: &str) -> (String, Option<String>) {
    let number = problem.rsplit(' ').next().unwrap_or(problem);
    if problem.starts_with("BOJ ") {
        (
            format!("Baekjoon Online Judge {number}"),
            Some(format!("https://www.acmicpc.net/problem/{number}")),
        )
    } else if problem.starts_with("Programmers ") {
        (
            format!("Programmers {number}"),
            Some(format!(
                "https://school.programmers.co.kr/learn/courses/30/lessons/{number}"
            )),
        )
    } else {
        (problem.to_string(), None)
    }
}

impl Meta {
    /// The text of `problem.yaml`.
    pub(super) fn yaml(&self) -> String {
        let (source, url) = source(self.problem);
        let mut y = format!(
            "# Written by boardsolve: the puzzle is {problem}'s; the statement,\n\
             # validators, submissions and data are boardsolve's own. The data is\n\
             # rebuilt byte for byte by the command in generators/README.md.\n\
             problem_format_version: {version}\n\
             name: {name}\n\
             uuid: {uuid}\n\
             credits:\n  packagers: The boardsolve contributors\n\
             source:\n  name: {source}\n",
            problem = self.problem,
            version = self.format.version(),
            name = self.name,
            uuid = self.uuid,
        );
        if let Some(url) = url {
            y.push_str(&format!("  url: {url}\n"));
        }
        y.push_str(
            "# boardsolve is MIT OR Apache-2.0, which the format cannot state; its\n\
             # closest value is `cc by` (CC BY 4.0): any use, with credit.\n\
             license: cc by\n\
             rights_owner: The boardsolve contributors\n",
        );
        let r = &self.resources;
        y.push_str(&format!(
            "limits:\n  memory: {}  # MiB: {}'s own limit ({}); every submission here peaks at a few MiB\n  # {}'s own time limit: {} ms\n",
            r.memory_mib,
            self.problem,
            r.source,
            self.problem,
            r.time_ms,
        ));
        match &self.time_limit {
            Some((seconds, why)) => {
                for line in why {
                    y.push_str(&format!("  # {line}\n"));
                }
                y.push_str(&format!("  time_limit: {seconds}\n"));
            }
            None => y.push_str(
                "  # No time limit measured: a judge infers it from the accepted\n  # submissions (2 x the slowest, whole seconds).\n",
            ),
        }
        let (unkilled, tried) = &self.unkilled;
        if !unkilled.is_empty() {
            // Said where the package is read: the data is not proof against
            // these catalogued mistakes.
            y.push_str(&format!(
                "# Not killed by the secret data (none of {tried} generated cases kills them): [{}]\n",
                unkilled.join("], [")
            ));
        }
        y
    }
}
