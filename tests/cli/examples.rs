//! Every example of the documentation, run for real: the `Examples:` of
//! every `--help` (found by walking the subcommands, so a new subcommand's
//! examples are picked up without a change here) and every command of the
//! fenced `sh` blocks of README.md and of every page in docs/. Each runs
//! under `bash` in a fresh directory that holds the fixtures its command
//! line names (`FIXTURES`), with the binary under test first on `PATH`.
//! Its exit status must be the documented one, and where the documentation
//! shows output, the output. docs/architecture.md (Tests) says how a new
//! example gets its fixture.

use crate::common::{mutants_12100, program, solved};
use std::fmt::Write as _;
use std::io::Read as _;
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Examples that cannot run inside `cargo test`: every example whose
/// command contains the text, with the reason. An entry that matches no
/// example fails the test, so the list cannot outlive its examples.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "cargo ",
        "builds, tests or benchmarks the crate, which cannot happen inside its own \
         `cargo test`; README's `cargo run` solve also runs as `boardsolve solve`",
    ),
    (
        "--moves 40 --time-limit 10s",
        "a 2048 search stopped after 10 s: what it proved by then depends on \
         the machine's speed (tests/cli/game2048.rs checks the bounds hold)",
    ),
    (
        "--moves 20 --time-limit 60s",
        "a 2048 search stopped after a minute, as above (tests/cli/game2048.rs \
         checks that a deadline brings the upper bound down)",
    ),
    (
        "2048-dense-seed2.in",
        "deep 2048 searches timed from the repository's root: seconds to a \
         minute each, and what they print is a measurement",
    ),
    (
        "scripts/mutation-",
        "mutation testing: every mutant of a reference built by cargo-mutants \
         and exponential searches run on every data set, tens of minutes",
    ),
    (
        "scripts/2048-seeds.sh",
        "times twenty 2048 searches of seconds to a minute each",
    ),
    (
        "/tmp/big.",
        "docs/tromino.md's timing recipe: a release build writing 570 MB",
    ),
    (
        "scripts/build-web.sh",
        "builds the WebAssembly module with cargo, which cannot happen inside \
         `cargo test`; .ci/run builds the site and tests it in Chromium",
    ),
    (
        "npm ",
        "the browser test: node modules and Chromium, run by .ci/run after \
         `cargo test`",
    ),
    (
        "web-check.mjs",
        "runs the WebAssembly module built by scripts/build-web.sh against the \
         native engine; .ci/run runs it after building the site",
    ),
    (
        "http.server",
        "serves the site until stopped; the browser test serves it itself",
    ),
    (
        "contest-",
        "the packages' run times measured with BAPCtools: minutes of CPU for \
         12094; scripts/verify-packages.sh writes and checks every package \
         in .ci/run",
    ),
];

/// Programs an example may call that are not part of a Rust toolchain.
/// Where one is missing, its examples are skipped with a note; `.ci/run`
/// installs them, so CI always runs every example.
const EXTERNAL: &[&str] = &["man", "python3"];

/// How long one example may take before it counts as hanging.
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// One example command line and where the documentation has it.
struct Example {
    /// `README.md:52` or `boardsolve stress --help`.
    place: String,
    /// The shell command, without its description or comment.
    command: String,
    /// The output the documentation shows after the command, if any.
    output: Option<String>,
}

/// What a fixture holds.
enum Holds {
    /// A file with this text.
    Text(&'static str),
    /// A copy of this folder of the repository.
    Copy(&'static str),
    /// A folder with these files (name, text).
    Files(&'static [(&'static str, &'static str)]),
    /// A folder with the mutants of [`mutants_12100`].
    Mutants,
    /// A right solution of the puzzle the example names, with its
    /// `--moves`: a shell script that runs `boardsolve solve`.
    Solution,
    /// The same, in Python.
    PythonSolution,
    /// `tests/programs/NAME.rs`, compiled, run with these arguments.
    Program(&'static str, &'static [&'static str]),
    /// A program of `tests/programs/src/` in Python (its text), run by
    /// `python3` with these arguments first, as a command of its own.
    Python(&'static str, &'static [&'static str]),
}

/// A file or folder an example finds beside it when its command names it.
struct Fixture {
    /// The name as commands write it; a folder ends in `/`.
    name: &'static str,
    /// Its contents.
    holds: Holds,
    /// The exit status of an example that uses it: 1 for an answer or a
    /// program that is wrong on purpose (check and stress report it).
    status: i32,
}

/// A 2048 board whose answer in 5 moves is 16 (README's check example).
/// `tiling.out` is the answer of `examples/tromino/sample.in`.
const BOARD: &str = "3\n2 2 2\n4 4 4\n8 8 8\n";

/// A small test set, named as `gen --out-dir` names its files.
const CASES: &[(&str, &str)] = &[
    ("001.in", "2\n2 2\n2 2\n"),
    ("002.in", BOARD),
    ("003.in", "4\n2 0 0 2\n0 4 4 0\n8 0 0 8\n16 16 0 0\n"),
];

/// A folder of cases with answers (`X.out`, `X.ans`, and one without),
/// for `test`; `3.in` is one that `./my2048` gets wrong.
const JUDGED: &[(&str, &str)] = &[
    ("1.in", BOARD),
    ("1.out", "16\n"),
    ("2.in", "2\n2 2\n2 2\n"),
    ("2.ans", "8\n"),
    ("3.in", "4\n0 0 0 0\n0 0 0 8\n8 16 2 0\n8 16 0 8\n"),
    ("3.out", "64\n"),
    ("10.in", "4\n2 0 0 2\n0 4 4 0\n8 0 0 8\n16 16 0 0\n"),
];

/// A small 12100 set with its answers, for `audit --mutants`.
const ANSWERED: &[(&str, &str)] = &[
    ("a.in", "2\n2 2\n0 0\n"),
    ("a.out", "4\n"),
    ("b.in", "3\n2 2 4\n0 0 0\n8 0 0\n"),
    ("b.out", "16\n"),
];

/// Every fixture an example can name. A new example whose command needs
/// a file that is not here gets a row here.
const FIXTURES: &[Fixture] = &[
    fixture("examples/", Holds::Copy("examples"), 0),
    fixture("board.in", Holds::Text(BOARD), 0),
    fixture("case.in", Holds::Text(BOARD), 0),
    fixture("my.out", Holds::Text("8\n"), 1),
    fixture(
        "tiling.out",
        Holds::Text(include_str!("../data/tromino/03.out")),
        0,
    ),
    fixture("tests/", Holds::Files(CASES), 0),
    fixture("cases/", Holds::Files(CASES), 0),
    fixture("judged/", Holds::Files(JUDGED), 0),
    fixture("answered/", Holds::Files(ANSWERED), 0),
    // One mutant any case with a merge kills, one equivalent to the
    // solution (a survivor, so exit 1), one that does not build.
    fixture("mutants/", Holds::Mutants, 1),
    fixture("a.out", Holds::Solution, 0),
    fixture("mine", Holds::Solution, 0),
    fixture("my_solution", Holds::Solution, 0),
    fixture("sol.py", Holds::PythonSolution, 0),
    fixture(
        "my2048",
        Holds::Program("wrong2048", &["far-side-first"]),
        1,
    ),
    fixture(
        "mine.cpp",
        Holds::Text(include_str!("../programs/harness_92345.cpp")),
        0,
    ),
    fixture(
        "mine.py",
        Holds::Text(include_str!("../programs/harness_92345.py")),
        0,
    ),
    fixture(
        "main.cpp",
        Holds::Text(include_str!("../programs/src/max_block.cpp")),
        0,
    ),
    fixture(
        "solution.py",
        Holds::Text(include_str!("../programs/src/footholds_solution.py")),
        0,
    ),
    fixture(
        "gen.py",
        Holds::Text(include_str!("../programs/src/gen_2048.py")),
        0,
    ),
    fixture(
        "brute.py",
        Holds::Text(include_str!("../programs/src/brute_2048.py")),
        0,
    ),
    fixture(
        "sparse-gen",
        Holds::Python(include_str!("../programs/src/gen_2048.py"), &[]),
        0,
    ),
    fixture(
        "brute",
        Holds::Python(include_str!("../programs/src/brute_2048.py"), &[]),
        0,
    ),
    // One move short: the built-in reference refuses its answers (exit 2).
    fixture(
        "wrong-brute",
        Holds::Python(include_str!("../programs/src/brute_2048.py"), &["short"]),
        2,
    ),
];

const fn fixture(name: &'static str, holds: Holds, status: i32) -> Fixture {
    Fixture {
        name,
        holds,
        status,
    }
}

/// Every example: the `--help` texts', README's and each docs page's.
fn all_examples() -> Vec<Example> {
    let mut examples = help_examples();
    examples.extend(markdown_examples("README.md"));
    for page in doc_pages() {
        examples.extend(markdown_examples(&format!("docs/{page}")));
    }
    examples
}

/// The pages of docs/, by name.
fn doc_pages() -> Vec<String> {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut pages: Vec<String> = std::fs::read_dir(docs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .collect();
    pages.sort();
    pages
}

/// The pages of docs/ whose examples have a test of their own below; the
/// rest share one. Split so that no test runs for long: usage.md's
/// examples run programs and searches.
const PAGES_ALONE: &[&str] = &["usage.md"];

#[test]
fn not_run_names_only_examples_that_exist() {
    let examples = all_examples();
    for (text, _) in NOT_RUN {
        assert!(
            examples.iter().any(|e| e.command.contains(text)),
            "NOT_RUN lists `{text}`, which no example contains any more: remove it"
        );
    }
    for page in PAGES_ALONE {
        assert!(doc_pages().iter().any(|p| p == page), "docs/{page} is gone");
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn every_example_in_the_help_is_true() {
    let examples = help_examples();
    assert!(
        !examples.is_empty(),
        "no examples found in --help: is the heading still `Examples:`?"
    );
    all_true(examples);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn every_example_in_the_readme_is_true() {
    let examples = markdown_examples("README.md");
    assert!(!examples.is_empty(), "no examples found in README.md");
    all_true(examples);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn every_example_in_docs_usage_is_true() {
    let examples = markdown_examples("docs/usage.md");
    assert!(!examples.is_empty(), "no examples found in docs/usage.md");
    all_true(examples);
}

#[test]
fn every_example_in_the_other_docs_pages_is_true() {
    let mut examples = Vec::new();
    for page in doc_pages() {
        if !PAGES_ALONE.contains(&page.as_str()) {
            examples.extend(markdown_examples(&format!("docs/{page}")));
        }
    }
    all_true(examples);
}

/// Runs `examples` (but those of [`NOT_RUN`]) side by side and fails
/// naming every one whose status or output is not the documented one.
fn all_true(mut examples: Vec<Example>) {
    examples.retain(|e| !NOT_RUN.iter().any(|(text, _)| e.command.contains(text)));
    let mut problems = Vec::new();
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_boardsolve"),
        bin.path().join("boardsolve"),
    )
    .unwrap();
    // One build cache for the batch, as one user's machine has: a source
    // several examples compile is compiled once, a killer set searched once.
    let cache = tempfile::tempdir().unwrap();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(examples.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(example) = examples.get(i) else {
                        break;
                    };
                    let result = run(example, bin.path(), cache.path());
                    results.lock().unwrap().push((i, result));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    for (i, result) in results {
        let example = &examples[i];
        match result {
            Ok(Ran::Passed) => {}
            Ok(Ran::Skipped(tool)) => eprintln!(
                "{}: `{}` skipped: {tool} is not installed",
                example.place, example.command
            ),
            Err(problem) => problems.push(format!(
                "{}: `{}`: {problem}",
                example.place, example.command
            )),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} examples are not true (fixtures: tests/cli/examples.rs):\n\n{}",
        problems.len(),
        examples.len(),
        problems.join("\n\n")
    );
}

/// How a run went when nothing was wrong.
enum Ran {
    Passed,
    /// Not run: this program it needs is not installed.
    Skipped(&'static str),
}

/// Runs one example and compares what it did with what the
/// documentation says.
fn run(example: &Example, bin: &Path, cache: &Path) -> Result<Ran, String> {
    let words = words(&example.command);
    if let Some(tool) = EXTERNAL
        .iter()
        .find(|tool| words.contains(tool) && !installed(tool))
        && crate::common::skip_without(tool)
    {
        return Ok(Ran::Skipped(tool));
    }
    let Executed {
        fixtures,
        code,
        shown,
    } = executed_once(&example.command, bin, cache)?;
    let status = fixtures.max(shown_status(example.output.as_deref()));
    if shown.contains("panicked") {
        return Err(format!("panicked:\n{shown}"));
    }
    if code != Some(status) {
        return Err(format!(
            "exit status {code:?}, documented {status}; its output:\n{shown}"
        ));
    }
    if let Some(expected) = &example.output {
        let got: Vec<String> = shown.lines().map(unmeasured).collect();
        let want: Vec<String> = expected.lines().map(unmeasured).collect();
        if got != want {
            let line = got
                .iter()
                .zip(&want)
                .position(|(g, w)| g != w)
                .unwrap_or(got.len().min(want.len()));
            return Err(format!(
                "output differs from the documented one at its line {}: documented {:?}, got {:?}; \
                 the whole output:\n{shown}",
                line + 1,
                want.get(line).map_or("(the end)", String::as_str),
                got.get(line).map_or("(the end)", String::as_str),
            ));
        }
    }
    Ok(Ran::Passed)
}

/// What an example's command did: the exit status its fixtures call
/// for, its exit status and its output (standard error joined in).
#[derive(Clone)]
struct Executed {
    fixtures: i32,
    code: Option<i32>,
    shown: String,
}

/// [`executed`], once for every place that shows the same command: the
/// same command with the same fixtures does the same (its measurements
/// aside, which the comparison blanks).
fn executed_once(command: &str, bin: &Path, cache: &Path) -> Result<Executed, String> {
    type Once = std::sync::Arc<std::sync::OnceLock<Result<Executed, String>>>;
    static RAN: std::sync::Mutex<std::collections::BTreeMap<String, Once>> =
        std::sync::Mutex::new(std::collections::BTreeMap::new());
    let cell = RAN
        .lock()
        .unwrap()
        .entry(command.to_string())
        .or_default()
        .clone();
    cell.get_or_init(|| executed(command, bin, cache)).clone()
}

/// Runs `command` in a fresh directory holding the fixtures it names,
/// with the build cache `cache`.
fn executed(command: &str, bin: &Path, cache: &Path) -> Result<Executed, String> {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = lay_out(dir.path(), &words(command))?;
    let home = dir.path().join("home");
    for folder in [".zfunc", ".config/fish/completions"] {
        std::fs::create_dir_all(home.join(folder)).unwrap();
    }
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    // Standard error joins standard output as on a terminal, in order.
    let mut child = Command::new("bash")
        .args(["--noprofile", "--norc", "-c"])
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir.path())
        .env("PATH", path)
        .env("HOME", &home)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("bash runs");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stdout.read_to_end(&mut text).map(|_| text)
    });
    let start = Instant::now();
    while !exited(child.id()) {
        if start.elapsed() > TIME_LIMIT {
            kill_group(child.id());
            child.wait().unwrap();
            return Err(format!("still running after {TIME_LIMIT:?}; killed"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // Whatever the example left running would keep the pipe open. The
    // shell is not reaped yet, so its pid cannot have been given to another
    // example's group.
    kill_group(child.id());
    let code = child.wait().unwrap().code();
    let shown = String::from_utf8_lossy(&reader.join().unwrap().unwrap()).into_owned();
    Ok(Executed {
        fixtures,
        code,
        shown,
    })
}

/// A line with its measurements blanked (`12 ms` and `2.0 MiB` become
/// `# ms` and `# MiB`): times and memory differ from run to run, so the
/// documentation shows real ones and the test compares the rest.
fn unmeasured(line: &str) -> String {
    // Which case is the slowest or the largest depends on the run too.
    for summary in ["slowest", "largest peak"] {
        if line.starts_with(summary) {
            return summary.to_string();
        }
    }
    // A row of `test`'s table: CPU and wall milliseconds in columns,
    // whose widths follow the numbers.
    let row = matches!(
        line.split(' ').next(),
        Some("AC" | "WA" | "TLE" | "MLE" | "RE" | "OLE")
    );
    let words: Vec<&str> = if row {
        line.split_whitespace().collect()
    } else {
        line.trim_end().split(' ').collect()
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        // A size's unit follows its number: 812 KiB, then 1.2 MiB.
        let size_unit =
            |w: &str| matches!(w.trim_end_matches([',', ')', ';']), "KiB" | "MiB" | "GiB");
        // "2.0 MiB" and "-" (no peak read) both become "#".
        if size_unit(word) {
            let tail = word.trim_start_matches(['K', 'M', 'G', 'i', 'B']);
            if !tail.is_empty() {
                out.push(tail.to_string());
            }
            continue;
        }
        if *word == "-" && (row || words.get(i + 1) == Some(&"peak)")) {
            out.push("#".into());
            continue;
        }
        let unit = words
            .get(i + 1)
            .map(|u| u.trim_end_matches([',', ')', ';']));
        let number = !word.is_empty() && word.chars().all(|c| c.is_ascii_digit());
        if row && number {
            out.push("#".into());
            continue;
        }
        let measured = matches!(unit, Some("ms" | "KiB" | "MiB" | "GiB"))
            && !word.is_empty()
            && word
                .trim_start_matches('(')
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.');
        out.push(if measured {
            "#".into()
        } else {
            (*word).to_string()
        });
    }
    out.join(" ")
}

/// Whether the process has ended, leaving it to be reaped.
fn exited(pid: u32) -> bool {
    // SAFETY: siginfo_t is plain data, for which all zeros is valid.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: waitid writes only into `info`; WNOWAIT leaves the child
    // unreaped, so std's Child still owns its status.
    let result = unsafe {
        libc::waitid(
            libc::P_PID,
            pid,
            &raw mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    assert_eq!(result, 0, "waitid: {}", std::io::Error::last_os_error());
    // SAFETY: waitid filled in `info` (si_pid stays 0 while it runs).
    unsafe { info.si_pid() != 0 }
}

/// The exit status the output a document shows stands for: 2 for an
/// error (`error: ...`, or a place such as `input:1:3: ...`), 1 for a
/// verdict that something is wrong (`wrong: ...`, `FAILED ...`), else 0.
fn shown_status(output: Option<&str>) -> i32 {
    let Some(output) = output else { return 0 };
    let first = output.lines().next().unwrap_or("");
    let place = first.split(':').collect::<Vec<_>>();
    let is_place = place.len() > 3
        && !place[0].contains(' ')
        && [place[1], place[2]]
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if first.starts_with("error:") || is_place {
        2
    } else if output
        .lines()
        .any(|l| l.starts_with("wrong") || l.starts_with("FAILED"))
    {
        1
    } else {
        0
    }
}

fn kill_group(pid: u32) {
    let pid = libc::pid_t::try_from(pid).expect("a pid");
    // SAFETY: kill has no memory effects; the group is the example's own,
    // made by process_group(0), and an ended group is only ESRCH.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

fn installed(tool: &str) -> bool {
    Command::new("bash")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The words of a shell line, without quotes and redirection signs.
fn words(command: &str) -> Vec<&str> {
    command
        .split_whitespace()
        .map(|w| w.trim_matches(|c| "'\"<>()|&;".contains(c)))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Lays out in `dir` every fixture the command names (not counting the
/// folders it only writes into, after `--out-dir` or `>`), and returns
/// the exit status the example must have.
fn lay_out(dir: &Path, words: &[&str]) -> Result<i32, String> {
    let read: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || !matches!(words[i - 1], "--out-dir" | ">"))
        .map(|(_, w)| w.trim_start_matches("./"))
        .collect();
    let mut status = 0;
    for f in FIXTURES {
        let named = read.iter().any(|w| match f.name.strip_suffix('/') {
            Some(folder) => *w == folder || w.starts_with(f.name),
            None => *w == f.name,
        });
        if !named {
            continue;
        }
        status = status.max(f.status);
        let path = dir.join(f.name);
        match f.holds {
            Holds::Text(text) => std::fs::write(&path, text).unwrap(),
            Holds::Copy(folder) => {
                copy_folder(&Path::new(env!("CARGO_MANIFEST_DIR")).join(folder), &path);
            }
            Holds::Files(files) => write_folder(&path, files.iter().copied()),
            Holds::Mutants => write_folder(&path, mutants_12100()),
            Holds::Solution => {
                let solve = solve_words(words, f.name)?.join(" ");
                executable(&path, &format!("#!/bin/sh\nexec {solve}\n"));
            }
            Holds::PythonSolution => {
                let solve = solve_words(words, f.name)?;
                let list: Vec<String> = solve.iter().map(|w| format!("{w:?}")).collect();
                let script = format!(
                    "import os\nos.execvp(\"boardsolve\", [{}])\n",
                    list.join(", ")
                );
                std::fs::write(&path, script).unwrap();
            }
            Holds::Program(name, args) => {
                let exe = program(name);
                executable(
                    &path,
                    &format!("#!/bin/sh\nexec '{exe}' {}\n", args.join(" ")),
                );
            }
            Holds::Python(text, args) => {
                // Beside it under a hidden name: the command names only
                // the fixture.
                let script = dir.join(format!(".{}.py", f.name));
                std::fs::write(&script, text).unwrap();
                executable(
                    &path,
                    &format!(
                        "#!/bin/sh\nexec python3 '{}' {} \"$@\"\n",
                        script.display(),
                        args.join(" ")
                    ),
                );
            }
        }
    }
    Ok(status)
}

/// `boardsolve solve PUZZLE [--moves K]` for the puzzle the command names.
fn solve_words(words: &[&str], fixture: &str) -> Result<Vec<String>, String> {
    let puzzle = words
        .iter()
        .find(|w| boardsolve::puzzles::find(w).is_some())
        .ok_or_else(|| format!("names {fixture}, a solution, but no puzzle for it to solve"))?;
    let mut solve = vec!["boardsolve".into(), "solve".into(), (*puzzle).to_string()];
    if let Some(i) = words.iter().position(|w| *w == "--moves") {
        solve.push("--moves".into());
        solve.push(words.get(i + 1).copied().unwrap_or_default().to_string());
    }
    Ok(solve)
}

/// A folder holding these files (name, text).
fn write_folder<T: AsRef<[u8]>>(path: &Path, files: impl IntoIterator<Item = (&'static str, T)>) {
    std::fs::create_dir_all(path).unwrap();
    for (name, text) in files {
        std::fs::write(path.join(name), text).unwrap();
    }
}

fn executable(path: &Path, script: &str) {
    std::fs::write(path, script).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The examples of `boardsolve --help` and of every subcommand's help,
/// found by following the `Commands:` lists.
fn help_examples() -> Vec<Example> {
    let mut examples = Vec::new();
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = queue.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = solved(&args, b"");
        for sub in subcommands(&help) {
            let mut longer = path.clone();
            longer.push(sub);
            queue.push(longer);
        }
        let place = format!("boardsolve {}", args.join(" "));
        examples.extend(examples_in_help(&help, &place));
    }
    examples
}

/// The names in a help text's `Commands:` list, but `help`.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .filter(|l| l.starts_with("  ") && !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The lines under an `Examples:` (or `Example:`) heading, indented, up to
/// the first line that is not: each is a command, and after two or more
/// spaces, an optional description (aligned within its block).
fn examples_in_help(help: &str, place: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut lines = help.lines();
    while let Some(line) = lines.next() {
        if !matches!(line, "Examples:" | "Example:") {
            continue;
        }
        let mut columns = Vec::new();
        for line in lines.by_ref().take_while(|l| l.starts_with("  ")) {
            let text = line.trim_start();
            let (command, column) = match unquoted(text, "  ") {
                Some(end) => {
                    let description = text[end..].trim_start();
                    (
                        &text[..end],
                        Some(line.chars().count() - description.chars().count()),
                    )
                }
                None => (text, None),
            };
            columns.extend(column);
            examples.push(Example {
                place: place.to_string(),
                command: command.to_string(),
                output: None,
            });
        }
        columns.dedup();
        assert!(
            columns.len() <= 1,
            "{place}: the descriptions of the examples start in different columns {columns:?}"
        );
    }
    examples
}

/// The commands of the fenced `sh` blocks of a Markdown file. In a block
/// with `$ ` prompts, the commands are the prompted lines and the lines
/// up to the next prompt are the output they show; in a block without,
/// every line that is not blank or a comment is a command.
fn markdown_examples(file: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut examples = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        let indent = lines[i].len() - fence.len();
        i += 1;
        if !matches!(fence, "```sh" | "```bash" | "```shell" | "```console") {
            continue;
        }
        let start = i;
        while i < lines.len() && !lines[i].trim_start().starts_with("```") {
            i += 1;
        }
        let block: Vec<(usize, &str)> = (start..i)
            .map(|n| (n + 1, lines[n].get(indent..).unwrap_or("")))
            .collect();
        i += 1;
        let prompted = block.iter().any(|(_, l)| l.starts_with("$ "));
        let mut b = 0;
        while b < block.len() {
            let (number, line) = block[b];
            b += 1;
            let command = if prompted {
                match line.strip_prefix("$ ") {
                    Some(command) => command,
                    None => continue,
                }
            } else if line.trim().is_empty() || line.starts_with('#') {
                continue;
            } else {
                line
            };
            let mut output = String::new();
            while prompted && b < block.len() && !block[b].1.starts_with("$ ") {
                writeln!(output, "{}", block[b].1).unwrap();
                b += 1;
            }
            let output = output.trim_end_matches('\n');
            examples.push(Example {
                place: format!("{file}:{number}"),
                command: without_comment(command).to_string(),
                output: (!output.is_empty()).then(|| format!("{output}\n")),
            });
        }
    }
    examples
}

/// A shell line without its trailing `# comment`.
fn without_comment(line: &str) -> &str {
    match unquoted(line, " #") {
        Some(i) => line[..i].trim_end(),
        None if line.starts_with('#') => "",
        None => line.trim_end(),
    }
}

/// Where `pattern` first occurs in a shell line outside quotes.
fn unquoted(line: &str, pattern: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if line[i..].starts_with(pattern) => return Some(i),
            None => {}
        }
    }
    None
}

#[test]
fn examples_are_read_as_documented() {
    let help = "Commands:\n  solve  Solve\n  check  Check that\n         wrapped\n  help   Print\n\n\
                Examples:\n  boardsolve solve 2048 x.in   a comment\n  echo '1  2' | boardsolve solve 2048\n\nExit";
    assert_eq!(subcommands(help), ["solve", "check"]);
    let found = examples_in_help(help, "here");
    let commands: Vec<&str> = found.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(
        commands,
        [
            "boardsolve solve 2048 x.in",
            "echo '1  2' | boardsolve solve 2048"
        ]
    );
    assert_eq!(
        without_comment("echo '# not' | boardsolve solve 2048  # a comment"),
        "echo '# not' | boardsolve solve 2048"
    );
    assert_eq!(without_comment("a#b"), "a#b");
    assert_eq!(shown_status(None), 0);
    assert_eq!(shown_status(Some("16\n")), 0);
    assert_eq!(shown_status(Some("input:1:3: cannot be tiled\n")), 2);
    assert_eq!(shown_status(Some("error: unexpected argument\n")), 2);
    assert_eq!(shown_status(Some("wrong: my.out: 1:1: expected\n")), 1);
    assert_eq!(
        shown_status(Some("stress 2048: 5 cases\nFAILED on case 1\n")),
        1
    );
    assert_eq!(shown_status(Some("largest block within 3 moves: 16\n")), 0);
    assert_eq!(
        words("boardsolve solve 12094 < board.in"),
        ["boardsolve", "solve", "12094", "board.in"]
    );
}

/// The README's synopsis (the `boardsolve ...` lines of its `text` blocks)
/// is not runnable, so it is held to the help instead: a line for every
/// subcommand, and the same options as its `--help` (`[size options]`
/// standing for the registry's size options; `--color` is global and has
/// its own paragraph).
#[test]
fn the_readme_synopsis_matches_the_help() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let mut in_text = false;
    let mut synopsis = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
        } else if in_text && line.starts_with("boardsolve ") {
            synopsis.push(line);
        }
    }
    let sizes: Vec<&str> = boardsolve::puzzles::all()
        .iter()
        .flat_map(|p| p.sizes().iter().map(|s| s.flag()))
        .collect();
    let mut problems = Vec::new();
    for sub in subcommands(&solved(&["--help"], b"")) {
        let Some(line) = synopsis
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(sub.as_str()))
        else {
            problems.push(format!("no synopsis line for `boardsolve {sub}`"));
            continue;
        };
        let help = solved(&[&sub, "--help"], b"");
        let options: Vec<&str> = help
            .lines()
            .filter_map(|l| {
                long_flag(
                    l.trim_start()
                        .strip_prefix("-h, ")
                        .unwrap_or(l.trim_start()),
                )
            })
            .filter(|f| !matches!(*f, "--help" | "--color"))
            .collect();
        let listed: Vec<&str> = line.split_whitespace().filter_map(long_flag).collect();
        for flag in &listed {
            if !options.contains(flag) {
                problems.push(format!(
                    "the synopsis of {sub} names {flag}, which it does not take"
                ));
            }
        }
        for flag in &options {
            let covered = line.contains("[size options]") && sizes.contains(flag);
            if !listed.contains(flag) && !covered {
                problems.push(format!("the synopsis of {sub} leaves out {flag}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "README.md, Commands:\n{}",
        problems.join("\n")
    );
}

/// The `--name` a word of a synopsis or an options line starts with.
fn long_flag(text: &str) -> Option<&str> {
    let text = text.trim_start_matches(['[', '(']);
    let rest = text.strip_prefix("--")?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &text[..end + 2])
}
