//! Robustness: every file of the invalid-input corpus refused cleanly, the
//! forgiving layouts a judge accepts, resource limits, output failures
//! (closed pipe, full disk, unwritable directory), and a fuzz smoke run that
//! feeds arbitrary bytes to every puzzle.
//!
//! The corpus lives in `tests/data/invalid/<puzzle>/NAME.in`, each with the
//! exact stderr line expected for it in `NAME.err`. After a deliberate change
//! of wording, `BOARDSOLVE_BLESS=1 cargo test robustness` rewrites the `.err`
//! files; review the diff before committing it.

use crate::common::{assert_refused, boardsolve, run, solved};
use boardsolve::puzzles::{self, CheckOptions, Error, OutputFormat, RuleOptions, SolveOptions};
use proptest::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Refusals are immediate; anything slower than this is a hang.
const REFUSAL_TIME: Duration = Duration::from_secs(20);

/// The corpus directory of a registry entry: its own if it has one,
/// otherwise its canonical puzzle's (aliases read the same format).
fn corpus_dir(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid");
    let own = root.join(name);
    if own.is_dir() {
        return own;
    }
    // An alias reads the format of a sibling alias with a corpus (14601
    // like 14600), or else its canonical puzzle's (12094 like 2048).
    let entry = boardsolve::puzzles::find(name).expect("a registry entry");
    let canonical = entry.alias_of().unwrap_or_else(|| {
        panic!(
            "{name} has no invalid-input corpus: add tests/data/invalid/{name}/ (at least 25 files)"
        )
    });
    boardsolve::puzzles::all()
        .iter()
        .filter(|p| p.alias_of() == Some(canonical))
        .map(|p| root.join(p.name()))
        .find(|dir| dir.is_dir())
        .unwrap_or_else(|| root.join(canonical))
}

/// Every `NAME.in` in `dir`, sorted.
fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files
}

/// Runs `boardsolve ARGS` on `stdin` with a time limit: (status, stdout, stderr).
fn run_limited(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = boardsolve()
        .args(args)
        .write_stdin(stdin)
        .timeout(REFUSAL_TIME)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `line:column: ` right after the source name, with both numbers inside
/// the input (the column may be one past the end of its line).
fn assert_names_a_place(message: &str, source: &str, input: &[u8], what: &str) {
    let rest = message
        .strip_prefix(source)
        .and_then(|r| r.strip_prefix(':'))
        .unwrap_or_else(|| panic!("{what}: {message:?} should start with {source:?}:"));
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts.next().and_then(|l| l.parse().ok()).unwrap_or(0);
    let column: usize = parts.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    let text = parts.next().unwrap_or("");
    assert!(
        line >= 1 && column >= 1 && text.starts_with(' ') && text.len() > 1,
        "{what}: {message:?} should name line:column and say what is wrong"
    );
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    assert!(line <= lines.len(), "{what}: line {line} is past the input");
    assert!(
        column <= lines[line - 1].len() + 1,
        "{what}: column {column} is past line {line}"
    );
}

#[test]
fn every_invalid_input_is_refused_with_one_line_naming_the_place() {
    let bless = std::env::var_os("BOARDSOLVE_BLESS").is_some();
    let mut checked = 0;
    for puzzle in puzzles::all() {
        let name = puzzle.name();
        let dir = corpus_dir(name);
        let files = corpus_files(&dir);
        assert!(
            files.len() >= 25,
            "{}: {} files, at least 25 wanted",
            dir.display(),
            files.len()
        );
        for file in files {
            let what = format!("{name} {}", file.display());
            let input = std::fs::read(&file).unwrap();
            let (code, out, err) = run_limited(&["solve", name], &input);
            assert!(!err.contains("panicked"), "{what}: {err}");
            assert_eq!(code, 2, "{what}: status; stderr {err:?}");
            assert!(out.is_empty(), "{what}: stdout should be empty");
            assert_eq!(err.lines().count(), 1, "{what}: one line, got {err:?}");
            assert!(err.ends_with('\n'), "{what}: {err:?}");
            assert_names_a_place(err.trim_end(), "input", &input, &what);

            // The expected line, kept beside the input (from the canonical
            // entry: an alias must refuse in exactly the same words).
            let expected_file = file.with_extension("err");
            if bless && dir.ends_with(name) {
                std::fs::write(&expected_file, &err).unwrap();
            }
            let expected = std::fs::read_to_string(&expected_file).unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (BOARDSOLVE_BLESS=1 writes it)",
                    expected_file.display()
                )
            });
            assert_eq!(err, expected, "{what}");

            // Given as a file, the message names the file instead of `input`.
            let path = file.to_str().unwrap();
            let (code, out, err) = run_limited(&["solve", name, path], b"");
            assert_eq!((code, out.is_empty()), (2, true), "{what} as a file");
            assert_eq!(
                err.strip_prefix(path),
                expected.strip_prefix("input"),
                "{what} as a file"
            );
            checked += 1;
        }
    }
    assert!(checked >= 25 * puzzles::all().len());
}

#[test]
fn every_corpus_file_has_its_expected_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid");
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let twin = match path.extension().and_then(|e| e.to_str()) {
                Some("in") => path.with_extension("err"),
                Some("err") => path.with_extension("in"),
                _ => panic!("{}: only NAME.in and NAME.err belong here", path.display()),
            };
            assert!(twin.is_file(), "{} has no twin", path.display());
        }
    }
}

/// The same instance in the layouts a judge reads the same way: CRLF, no
/// final newline, blank lines around it, tabs, several spaces.
fn layouts(plain: &str) -> Vec<Vec<u8>> {
    let mut forms = vec![
        plain.to_string(),
        plain.replace('\n', "\r\n"),
        plain.trim_end().to_string(),
        plain.trim_end().replace('\n', "\r\n"),
        format!("\n\n{plain}\n\n"),
        format!("\r\n  \r\n{}\r\n\r\n", plain.replace('\n', "\r\n")),
        plain.replace(' ', "\t"),
        plain.replace(' ', " \t  "),
        format!("\t{}", plain.replace('\n', " \n\t")),
    ];
    forms.dedup();
    forms.into_iter().map(String::into_bytes).collect()
}

#[test]
fn crlf_tabs_blank_lines_and_no_final_newline_are_accepted() {
    let cases: &[(&str, &str, &str)] = &[
        ("2048", "3\n2 2 2\n4 4 4\n8 8 8\n", "16\n"),
        ("12094", "3\n2 2 2\n4 4 4\n8 8 8\n", "16\n"),
        ("yut", "1 2 3 4 1 2 3 4 1 2\n", "190\n"),
        ("17825", "5 1 2 3 4 5 5 3 2 4\n", "214\n"),
        ("footholds", "3 3\n1 1 1\n1 1 1\n1 1 1\n1 0 1 2\n", "5\n"),
        (
            "footholds",
            "[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\n",
            "4\n",
        ),
        (
            "92345",
            "{\"board\": [[1, 1, 1, 1, 1]],\n\"aloc\": [0, 0],\n\"bloc\": [0, 4]}\n",
            "4\n",
        ),
        ("tromino", "2 0 0\n", "0 1\n1 1\n"),
        ("tromino", "4 0 0\n", "0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n"),
        ("14600", "1\n1 1\n", "1 1\n-1 1\n"),
        ("14601", "1\n2 2\n", "1 -1\n1 1\n"),
    ];
    for &(puzzle, plain, answer) in cases {
        for input in layouts(plain) {
            let (code, out, err) = run(&["solve", puzzle], &input);
            assert_eq!(
                (code, out.as_str()),
                (0, answer),
                "{puzzle} on {:?}: {err}",
                String::from_utf8_lossy(&input)
            );
        }
    }
}

#[test]
fn limits_are_refused_up_front_and_named() {
    // Each names its limit; none may take long (nothing is allocated first).
    let cases: &[(&[&str], &[u8], &str)] = &[
        (&["solve", "2048"], b"1000000\n", "from 1 to 64"),
        (&["solve", "footholds"], b"100 100\n", "from 1 to 8"),
        (
            &["solve", "footholds"],
            b"[[1,1,1,1,1,1,1,1,1]] [0,0] [0,0]",
            "limit is 8",
        ),
        (&["solve", "tromino"], b"1048576 0 0\n", "from 1 to 65536"),
        (&["solve", "tromino"], b"4097 0 0\n", "limit of 4096"),
        (&["solve", "14600"], b"20\n1 1\n", "from 1 to 16"),
        (
            &["solve", "tromino", "--svg", "x.svg"],
            b"512 0 0\n",
            "up to 256",
        ),
    ];
    for &(args, input, needle) in cases {
        assert_refused(args, input, needle);
    }
    let (code, out, err) = run(&["solve", "2048", "--moves", "1000000000"], b"1\n2\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("0..=100"), "{err}");
    let out = solved(&["solve", "--help"], b"");
    for limit in [
        "64×64",
        "--moves up to 100",
        "8×8",
        "dice",
        "65536",
        "4096",
        "64 MiB",
    ] {
        assert!(out.contains(limit), "--help should state {limit:?}");
    }
}

#[test]
fn endless_input_is_cut_at_64_mib() {
    // `yes 1 | boardsolve solve yut` must not read until memory runs out.
    let input = b"1\n"
        .repeat(32 << 20)
        .into_iter()
        .chain(*b"1")
        .collect::<Vec<u8>>();
    let (code, out, err) = run_limited(&["solve", "yut"], &input);
    assert_eq!((code, out.is_empty()), (2, true), "{err}");
    assert_eq!(
        err,
        "input:33554433:1: the input is longer than the limit of 64 MiB\n"
    );
    // Exactly at the limit is still read.
    let (code, out, err) = run_limited(&["solve", "yut"], &input[..input.len() - 1]);
    // (Only the first 84 dice are ever used.)
    let (_, few, _) = run_limited(&["solve", "yut"], &input[..200]);
    assert_eq!((code, out), (0, few), "{err}");
}

/// Runs `boardsolve ARGS` on `stdin` with its standard output closed before
/// it writes anything: a reader that went away, like `| head -1`.
fn run_into_closed_pipe(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    // The program may already have failed and closed its end: ignore errors.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    let board = format!("20\n{}", "2 4 8 16 32 64 128 256 512 1024 ".repeat(40));
    let cases: Vec<(Vec<&str>, Vec<u8>)> = vec![
        (
            vec!["solve", "2048", "--explain"],
            board.clone().into_bytes(),
        ),
        (vec!["solve", "2048", "--json"], board.into_bytes()),
        (vec!["solve", "yut", "--explain"], b"1 2 3 4 5\n".repeat(20)),
        (
            vec!["solve", "footholds", "--explain"],
            b"[[1,1,1]] [0,0] [0,2]".to_vec(),
        ),
        (vec!["gen", "2048", "--seed", "1", "--n", "64"], Vec::new()),
        // A reader that stops early: `solve tromino <<< "4096 0 0" | head -1`.
        (vec!["solve", "tromino"], b"4096 0 0\n".to_vec()),
        (vec!["solve", "14600"], b"12\n1 1\n".to_vec()),
        (vec!["solve", "tromino"], b"1000 0 0\n".to_vec()),
    ];
    for (args, stdin) in cases {
        let (code, err) = run_into_closed_pipe(&args, &stdin);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_message() {
    for (args, stdin) in [
        (vec!["solve", "yut"], &b"1 2 3\n"[..]),
        (vec!["solve", "2048", "--explain"], b"2\n2 2\n0 0\n"),
        (vec!["gen", "footholds", "--seed", "3"], b""),
        (vec!["solve", "tromino"], b"64 5 7\n"),
        (vec!["solve", "tromino"], b"100 5 7\n"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardsolve"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(stdin)?;
                child.wait_with_output()
            })
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("01.in");
    std::fs::write(&input, "1 2 3\n").unwrap();
    assert_refused(
        &[
            "solve",
            "yut",
            "--svg",
            "/dev/full",
            input.to_str().unwrap(),
        ],
        b"",
        "cannot write /dev/full",
    );
}

#[test]
fn an_unwritable_out_dir_is_an_error_message() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("01.in");
    std::fs::write(&input, "1 2 3\n").unwrap();
    // A directory cannot be made under a regular file, whoever runs the test.
    let blocked = input.join("answers");
    let blocked = blocked.to_str().unwrap();
    assert_refused(
        &[
            "solve",
            "yut",
            "--out-dir",
            blocked,
            input.to_str().unwrap(),
        ],
        b"",
        "cannot create",
    );
    assert_refused(
        &[
            "gen",
            "yut",
            "--seed",
            "1",
            "--count",
            "2",
            "--out-dir",
            blocked,
        ],
        b"",
        "cannot create",
    );
    assert_refused(
        &["solve", "yut", "--svg", blocked, input.to_str().unwrap()],
        b"",
        "cannot write",
    );
}

/// Bytes that look like the puzzles' inputs: numbers of every kind,
/// brackets, keys, separators and a few bad bytes.
fn input_like() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => (0u64..=9).prop_map(|v| v.to_string()),
        2 => prop::sample::select(vec!["2", "4", "8", "1024", "16", "64", "1", "0"])
            .prop_map(str::to_string),
        1 => any::<u64>().prop_map(|v| v.to_string()),
        3 => prop::sample::select(vec![" ", "\n", "\r\n", "\t", ",", "[", "]", "{", "}", ":"])
            .prop_map(str::to_string),
        1 => prop::sample::select(vec![
            "\"board\"", "\"aloc\"", "\"bloc\"", "\"", "-", "+", "e", ".", "\0", "x", "\u{ff12}",
        ])
        .prop_map(str::to_string),
    ];
    prop::collection::vec(piece, 0..48).prop_map(|pieces| pieces.concat().into_bytes())
}

/// Output beyond this is refused by [`Capped`].
const OUTPUT_CAP: usize = 1 << 20;

/// A writer that fails once it holds [`OUTPUT_CAP`] bytes.
struct Capped(Vec<u8>);

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0.len() >= OUTPUT_CAP {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        let n = buf.len().min(OUTPUT_CAP - self.0.len());
        self.0.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The library face of the promise: `solve` on any bytes gives an answer or
/// an input error that names a place inside the input, never a panic.
fn solve_or_refuse(input: &[u8]) -> Result<(), TestCaseError> {
    for puzzle in puzzles::all() {
        for format in [OutputFormat::Judge, OutputFormat::Json] {
            let opts = SolveOptions {
                format,
                ..SolveOptions::default()
            };
            let mut out = Capped(Vec::new());
            match puzzle.solve(input, &opts, &mut out) {
                Ok(()) => prop_assert!(out.0.ends_with(b"\n"), "{}", puzzle.name()),
                // A huge answer (a big tromino board) meets the cap: the
                // same path as a reader that went away.
                Err(Error::Io(_)) if out.0.len() >= OUTPUT_CAP => {}
                // Tromino has no --json; that is refused before reading.
                Err(Error::Refused(_)) if format == OutputFormat::Json => {}
                Err(Error::Input(e)) => {
                    prop_assert!(out.0.is_empty());
                    prop_assert!(!e.message.is_empty() && !e.message.contains('\n'));
                    let lines = input.split(|&b| b == b'\n').count();
                    prop_assert!(e.position.line >= 1 && e.position.line <= lines);
                    prop_assert!(e.position.column >= 1);
                }
                Err(other) => prop_assert!(false, "{}: {other}", puzzle.name()),
            }
        }
    }
    Ok(())
}

proptest! {
    // A smoke run of seconds through the same code as the fuzz targets in
    // fuzz/ (which run for minutes): every parser and solver on any bytes.
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn fuzz_smoke_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..64)) {
        solve_or_refuse(&input)?;
    }

    #[test]
    fn fuzz_smoke_input_like_bytes(input in input_like()) {
        solve_or_refuse(&input)?;
    }

    #[test]
    fn fuzz_smoke_check_any_output(input in input_like(), output in input_like()) {
        // `check` judges an answer or refuses the instance; never a panic.
        for puzzle in puzzles::all() {
            for rules in [RuleOptions::Defaults, RuleOptions::PlacementOrder] {
                let opts = CheckOptions {
                    rules,
                    ..CheckOptions::default()
                };
                match puzzle.check(&input, &output, &opts) {
                    Ok(_) | Err(Error::Input(_) | Error::Refused(_)) => {}
                    Err(other) => prop_assert!(false, "{}: {other}", puzzle.name()),
                }
            }
        }
    }
}
