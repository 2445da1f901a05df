//! gen, stress, check and bulk solving through the binary.

use crate::common::{Folder, boardsolve, outcome, program, run, solved};

fn stress(args: &[&str], command: &[&str]) -> (i32, String, String) {
    let mut all: Vec<&str> = vec!["stress"];
    all.extend_from_slice(args);
    all.push("--");
    all.extend_from_slice(command);
    run(&all, b"")
}

/// Runs `stress` and asserts that every case passed; returns the report.
fn stress_passes(args: &[&str], command: &[&str]) -> String {
    let (code, out, err) = stress(args, command);
    assert_eq!(code, 0, "{out}{err}");
    out
}

/// Runs `stress` and asserts that it found a failure whose report contains
/// every one of `needles`; returns the report.
fn stress_fails(args: &[&str], command: &[&str], needles: &[&str]) -> String {
    let (code, out, err) = stress(args, command);
    assert_eq!(code, 1, "{out}{err}");
    for needle in needles {
        assert!(out.contains(needle), "{needle:?} not in {out}");
    }
    out
}

/// The whole numbers of a report section.
fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn section<'a>(report: &'a str, name: &str) -> &'a str {
    // The last one: the smallest failing case comes after the original.
    let start = report.rfind(&format!("--- {name} ---\n")).expect(name) + name.len() + 9;
    let rest = &report[start..];
    &rest[..rest.find("---").unwrap_or(rest.len())]
}

#[test]
fn gen_is_reproducible_and_valid() {
    let (code, a, _) = run(&["gen", "2048", "--seed", "5"], b"");
    assert_eq!(code, 0);
    let (_, b, _) = run(&["gen", "2048", "--seed", "5"], b"");
    let (_, c, _) = run(
        &["gen", "2048", "--seed", "6", "--n", "20", "--density", "1"],
        b"",
    );
    assert_eq!(a, b);
    assert!(c.starts_with("20\n"));
    for text in [&a, &c] {
        let (code, _, err) = run(&["solve", "2048"], text.as_bytes());
        assert_eq!(code, 0, "{err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for sub in ["x", "y"] {
        let out = format!("{d}/{sub}");
        let (code, _, err) = run(
            &[
                "gen",
                "2048",
                "--seed",
                "9",
                "--hard",
                "--count",
                "12",
                "--out-dir",
                &out,
            ],
            b"",
        );
        assert_eq!(code, 0, "{err}");
    }
    for k in 1..=12 {
        let x = std::fs::read(format!("{d}/x/{k:03}.in")).unwrap();
        let y = std::fs::read(format!("{d}/y/{k:03}.in")).unwrap();
        assert_eq!(x, y);
    }
}

#[test]
fn gen_refuses_options_the_puzzle_has_no_use_for() {
    let (code, _, err) = run(&["gen", "2048", "--seed", "1", "--dice", "3"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("2048 does not take --dice"), "{err}");
    let (code, _, err) = run(&["gen", "2048", "--seed", "1", "--n", "65"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--n must be from 1 to 64"), "{err}");
    let (code, _, err) = run(&["gen", "2048", "--seed", "1", "--count", "3"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("needs --out-dir"), "{err}");
}

#[test]
fn stress_passes_a_correct_solution() {
    let exe = program("wrong2048");
    let exe = exe.as_str();
    let out = stress_passes(
        &["2048", "--cases", "150", "--seed", "3"],
        &[exe, "correct"],
    );
    assert!(out.contains("all 150 cases passed (seed 3)"), "{out}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_off_a_terminal_shows_no_progress() {
    // A log keeps the header and the report, never running counts or
    // stages: through a failure, its shrinking and its diagnosis.
    let exe = program("wrong2048");
    let (code, out, err) = stress(
        &[
            "2048",
            "--moves",
            "1",
            "--cases",
            "300",
            "--seed",
            "11",
            "--diagnose",
        ],
        &[exe.as_str(), "merge-again", "1"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("[merge-again]"), "{out}");
    for progress in [
        "cases judged",
        "running it again",
        "shrinking:",
        "diagnosing:",
    ] {
        assert!(!err.contains(progress), "{progress:?} in {err}");
    }
    assert!(err.lines().count() <= 2, "{err}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_finds_and_shrinks_merge_again_to_one_line() {
    let exe = program("wrong2048");
    let exe = exe.as_str();
    let out = stress_fails(
        &["2048", "--moves", "1", "--cases", "500", "--seed", "11"],
        &[exe, "merge-again", "1"],
        &["wrong answer"],
    );
    let input = section(&out, "input");
    let numbers = numbers(input);
    let n = numbers[0] as usize;
    let cells = &numbers[1..];
    let filled: Vec<usize> = (0..n * n).filter(|&k| cells[k] != 0).collect();
    assert!((3..=4).contains(&filled.len()), "shrunk input:\n{input}");
    let one_row = filled.iter().all(|&k| k / n == filled[0] / n);
    let one_col = filled.iter().all(|&k| k % n == filled[0] % n);
    assert!(one_row || one_col, "a single line of blocks:\n{input}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_finds_far_side_merges_and_diagnoses_them() {
    let exe = program("wrong2048");
    let exe = exe.as_str();
    let out = stress_fails(
        &[
            "2048",
            "--cases",
            "500",
            "--seed",
            "2",
            "--hard",
            "--diagnose",
        ],
        &[exe, "far-side-first"],
        &["wrong answer"],
    );
    assert!(
        out.contains(
            "your program behaves as if three equal blocks merge on the side away from the wall"
        ),
        "{out}"
    );
    // Shrunk from boards up to 8×8 to a small board with a handful of blocks
    // (the smallest boards that tell this mistake apart at K = 5 are 3×3
    // with five blocks; greedy shrinking may stop a little above that).
    let input = section(&out, "input");
    let numbers = numbers(input);
    assert!(numbers[0] <= 4, "{input}");
    assert!(
        numbers[1..].iter().filter(|&&v| v != 0).count() <= 8,
        "{input}"
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_finds_a_line_that_never_merges_twice() {
    let exe = program("wrong2048");
    let exe = exe.as_str();
    stress_fails(
        &["2048", "--cases", "1000", "--seed", "4", "--hard"],
        &[exe, "one-merge-per-line"],
        &["wrong answer"],
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn same_seed_same_first_failure_whatever_the_jobs() {
    let exe = program("wrong2048");
    let exe = exe.as_str();
    let first = |jobs: &str| {
        let (_, out, _) = stress(
            &["2048", "--cases", "300", "--seed", "21", "--jobs", jobs],
            &[exe, "no-merge-across-gap"],
        );
        out.lines().next().unwrap_or("").to_string()
    };
    let one = first("1");
    assert!(one.starts_with("FAILED on case"), "{one}");
    assert_eq!(one, first("2"));
}

#[test]
fn stress_reports_time_outs_and_kills_the_children() {
    let started = std::time::Instant::now();
    stress_fails(
        &[
            "2048",
            "--cases",
            "4",
            "--seed",
            "1",
            "--timeout",
            "300ms",
            "--shrink-time",
            "2s",
        ],
        &["sh", "-c", "sleep 987 & sleep 987"],
        &["time limit exceeded"],
    );
    // Only a hang reaches this: each `sleep 987` would hold it 987 s.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    // No `sleep 987` may be left running. One being killed may still
    // show for a moment; one that survived shows for 987 s.
    crate::common::wait_until("every `sleep 987` to end (a sleep survived)", || {
        std::fs::read_dir("/proc").unwrap().flatten().all(|entry| {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            cmdline != b"sleep\0987\0" || stat.split(' ').nth(2) == Some("Z")
        })
    });
}

#[test]
fn stress_reports_crashes_and_signals() {
    stress_fails(
        &["2048", "--cases", "3", "--seed", "1"],
        &["sh", "-c", "echo bad >&2; exit 3"],
        &["runtime error (exit status 3)", "--- stderr ---\nbad"],
    );
    stress_fails(
        &["2048", "--cases", "3", "--seed", "1"],
        &["sh", "-c", "kill -SEGV $$"],
        &["runtime error (SIGSEGV)"],
    );
    stress_fails(
        &["2048", "--cases", "3", "--seed", "1"],
        &["printf", "\\377\\n"],
        &["wrong answer (1:1: expected"],
    );
}

#[test]
fn check_compares_with_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.in");
    std::fs::write(&input, "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    let good = dir.path().join("good.out");
    let bad = dir.path().join("bad.out");
    std::fs::write(&good, "16\n").unwrap();
    std::fs::write(&bad, "8\n").unwrap();
    let (i, g, b) = (
        input.to_str().unwrap(),
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
    );
    let (code, out, _) = run(&["check", "2048", i, g], b"");
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    let (code, out, _) = run(&["check", "2048", i, b], b"");
    assert_eq!(code, 1);
    assert!(out.contains("1:1: expected \"16\", found \"8\""), "{out}");
    let (code, _, err) = run(&["check", "2048", "/no/such.in", g], b"");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /no/such.in"), "{err}");
}

#[test]
fn bulk_solving_writes_every_answer_and_names_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    std::fs::write(p("01.in"), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    std::fs::write(p("02.in"), "1\n1024\n").unwrap();
    std::fs::write(p("03.in"), "2\n2 3\n0 0\n").unwrap();
    let files: Vec<String> = ["01.in", "02.in", "03.in"]
        .iter()
        .map(|f| p(f).display().to_string())
        .collect();
    let out = boardsolve()
        .arg("solve")
        .arg("2048")
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("03.in:2:3: expected a block value"), "{err}");
    assert!(err.contains("1 of 3 files failed"), "{err}");
    assert_eq!(std::fs::read_to_string(p("01.out")).unwrap(), "16\n");
    assert_eq!(std::fs::read_to_string(p("02.out")).unwrap(), "1024\n");
    assert!(!p("03.out").exists());
    let answers = p("answers");
    let out = boardsolve()
        .args([
            "solve",
            "2048",
            "--out-dir",
            answers.to_str().unwrap(),
            &files[0],
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(answers.join("01.out")).unwrap(),
        "16\n"
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_footholds_finds_the_ignored_shared_cell() {
    let exe = program("wrong_footholds");
    let exe = exe.as_str();
    stress_passes(
        &["footholds", "--cases", "200", "--seed", "5"],
        &[exe, "correct"],
    );
    stress_fails(
        &[
            "footholds",
            "--cases",
            "500",
            "--seed",
            "5",
            "--hard",
            "--diagnose",
        ],
        &[exe, "no-vanish-check"],
        &["wrong answer", "can still move"],
    );
    stress_fails(
        &["footholds", "--cases", "500", "--seed", "5", "--diagnose"],
        &[exe, "winner-maximizes"],
        &["also tries to make the game last"],
    );
}

#[test]
fn stress_yut_finds_forgotten_blue_routes() {
    let exe = program("wrong_yut");
    let exe = exe.as_str();
    stress_passes(&["yut", "--cases", "200", "--seed", "8"], &[exe, "correct"]);
    let out = stress_fails(
        &["yut", "--cases", "300", "--seed", "8"],
        &[exe, "no-blue"],
        &["wrong answer"],
    );
    // Shrunk from ten dice to the few that reach a blue corner.
    let input = section(&out, "input");
    assert!(input.split_whitespace().count() <= 4, "{input}");
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn stress_tromino_finds_clockwise_quadrants_since_tromino_asks_for_the_order() {
    let exe = program("wrong_tromino");
    let exe = exe.as_str();
    stress_passes(
        &["tromino", "--cases", "200", "--seed", "1"],
        &[exe, "correct"],
    );
    let out = stress_fails(
        &["tromino", "--cases", "200", "--seed", "1", "--diagnose"],
        &[exe, "clockwise-quadrants"],
        &["the quadrants are solved clockwise"],
    );
    // Shrunk to the smallest board where the order shows: 4×4.
    assert!(section(&out, "input").starts_with("4 "), "{out}");
}

#[test]
fn bulk_inputs_mean_what_the_user_meant() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in ["1.in", "2.in", "10.in"] {
        std::fs::write(d.join(name), "3\n2 2 2\n4 4 4\n8 8 8\n").unwrap();
    }
    let path = |name: &str| d.join(name).display().to_string();
    // A directory means its *.in files.
    solved(&["solve", "2048", &path("")], b"");
    for name in ["1.out", "2.out", "10.out"] {
        assert_eq!(std::fs::read_to_string(d.join(name)).unwrap(), "16\n");
    }
    // A glob over the folder also names the answers of that run: they are
    // skipped with a note, not solved as instances.
    let names: Vec<String> = ["1.in", "1.out", "2.in", "2.out", "10.in", "10.out"]
        .iter()
        .map(|n| path(n))
        .collect();
    let mut args = vec!["solve", "2048", "--force"];
    args.extend(names.iter().map(String::as_str));
    let (code, out, err) = run(&args, b"");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("skipping") && err.contains("10.out"), "{err}");
    assert_eq!(std::fs::read_to_string(d.join("10.out")).unwrap(), "16\n");
    // --bulk makes a single file write its answer too.
    std::fs::remove_file(d.join("1.out")).unwrap();
    assert_eq!(solved(&["solve", "2048", "--bulk", &path("1.in")], b""), "");
    assert_eq!(std::fs::read_to_string(d.join("1.out")).unwrap(), "16\n");
}

#[test]
fn a_killer_set_is_searched_once_and_package_reads_what_gen_stored() {
    let folder = Folder::new();
    let killers = |dir: &str| -> String {
        let (code, _, note) =
            folder.run(&["gen", "12100", "--killers", "--seed", "1", "--out-dir", dir]);
        assert_eq!(code, 0, "{note}");
        note
    };
    let first_note = killers("k1");
    let entries: Vec<std::path::PathBuf> =
        std::fs::read_dir(folder.path("cache/boardsolve/killers"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert!(
        entries[0]
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("12100-1-")
    );
    // The same set again, from the entry.
    assert_eq!(killers("k2"), first_note.replace("k1/", "k2/"));
    let k1 = std::fs::read(folder.path("k1/001.in")).unwrap();
    assert_eq!(std::fs::read(folder.path("k2/001.in")).unwrap(), k1);
    // package's killer search is gen's (seed 1, the same budget): it reads
    // the entry, as a changed entry shows.
    let text = std::fs::read_to_string(&entries[0]).unwrap();
    let first = serde_json::to_string(std::str::from_utf8(&k1).unwrap()).unwrap();
    std::fs::write(&entries[0], text.replacen(&first, "\"1\\n1024\\n\"", 1)).unwrap();
    let (code, _, err) = folder.run(&["package", "12100", "--out-dir", "pk", "--time-limit", "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(folder.path("pk/data/secret/killer-01.in")).unwrap(),
        "1\n1024\n"
    );
    assert_eq!(
        std::fs::read_to_string(folder.path("pk/data/secret/killer-01.ans")).unwrap(),
        "1024\n"
    );
    // With the cache turned off nothing is read or stored.
    let off = Folder::new();
    let (code, _, err) = off
        .command(&["gen", "12100", "--killers", "--seed", "1", "--out-dir", "k"])
        .env("BOARDSOLVE_CACHE_SIZE", "0")
        .output()
        .map(outcome)
        .unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(!off.path("cache/boardsolve/killers").exists());
}
