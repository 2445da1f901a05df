//! `boardsolve package`: the structure of the package of every judge's
//! number, its data held to the contract by `audit` and by the package's
//! own C++ input validator. The real `verifyproblem` runs in `.ci/run`
//! (it needs the network to install).

use super::common::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The files under `dir`, as paths relative to it.
fn files_under(dir: &Path) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap();
                all.insert(relative.to_str().unwrap().to_string());
            }
        }
    }
    all
}

/// The case names of `folder` (`x` for `x.in`), each checked to have its `.ans`.
fn cases(files: &BTreeSet<String>, folder: &str) -> Vec<String> {
    let inputs: Vec<String> = files
        .iter()
        .filter_map(|f| f.strip_prefix(folder)?.strip_suffix(".in"))
        .map(str::to_string)
        .collect();
    let answers = files
        .iter()
        .filter(|f| f.starts_with(folder) && f.ends_with(".ans"))
        .count();
    assert_eq!(inputs.len(), answers, "{folder}: every .in has its .ans");
    for name in &inputs {
        assert!(files.contains(&format!("{folder}{name}.ans")), "{name}");
    }
    inputs
}

/// Builds and checks the package of `name` in `root`.
fn check_package(root: &Path, name: &str) {
    let dir = root.join(name);
    let shown = dir.to_str().unwrap();
    // Measured where it is cheap; 12094's plain search takes seconds a
    // case, so its time limit is measured by CI's scripts/verify-packages.sh.
    let mut args = vec!["package", name, "--out-dir", shown];
    if name == "12094" {
        args.extend(["--time-limit", "3"]);
    }
    let (code, out, err) = run(&args, b"");
    assert_eq!(code, 0, "{name}: {err}");
    assert!(out.starts_with(&format!("wrote {shown}: ")), "{out}");
    let files = files_under(&dir);
    let tiling = matches!(name, "14600" | "14601");
    check_layout(name, &files, &err, tiling);
    check_problem_yaml(name, &dir, &out, tiling);
    check_statement_and_submissions(&dir, &files);
    let (samples, secret) = check_data(root, name, &dir, &files);
    check_answers(name, &dir, &secret, tiling);
    check_validator(root, name, &dir, &samples, &secret);
}

/// The files every package has, and the output validator only where any
/// tiling is accepted.
fn check_layout(name: &str, files: &BTreeSet<String>, err: &str, tiling: bool) {
    // A mistake the data cannot kill is named: under a judge accepting
    // any tiling, both tromino mistakes; elsewhere none.
    let unkilled = "the secret data does not kill [clockwise-quadrants], [centre-last]: none of ";
    assert_eq!(err.contains(unkilled), tiling, "{name}: {err}");
    assert_eq!(err.contains("does not kill"), tiling, "{name}: {err}");
    for needed in [
        "problem.yaml",
        "statement/problem.en.tex",
        "input_validators/validate/validate.cpp",
        "answer_validators/validate_answer/validate_answer.cpp",
        "submissions/accepted/solution.cpp",
        "generators/README.md",
    ] {
        assert!(files.contains(needed), "{name}: no {needed}");
    }
    assert_eq!(
        files.contains("output_validator/check_tiling.cpp"),
        tiling,
        "{name}: an output validator only where any tiling is accepted"
    );
}

/// problem.yaml: the format, the licence, the judge's limits, its source
/// and the time limit with the rule it follows.
fn check_problem_yaml(name: &str, dir: &Path, out: &str, tiling: bool) {
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    for line in [
        "problem_format_version: 2025-09\n",
        "license: cc by\n",
        "rights_owner: The boardsolve contributors\n",
    ] {
        assert!(yaml.contains(line), "{name}: no {line:?} in {yaml}");
    }
    // The judge's own memory limit (Programmers publishes none: 1 GiB is
    // boardsolve's choice), with its time limit named beside it.
    let (memory, time_ms) = match name {
        "14600" | "14601" => (128, 2000),
        "17825" => (512, 2000),
        "92345" => (1024, 10_000),
        _ => (512, 1000),
    };
    assert!(
        yaml.contains(&format!("limits:\n  memory: {memory}  # MiB: "))
            && yaml.contains(&format!("own time limit: {time_ms} ms\n")),
        "{name}: {yaml}"
    );
    let number = name;
    assert!(
        yaml.contains(&format!("url: https://www.acmicpc.net/problem/{number}\n"))
            || yaml.contains(&format!("lessons/{number}\n")),
        "{yaml}"
    );
    assert!(
        yaml.contains("\nname: ") && !yaml.contains("\nname: \n"),
        "{yaml}"
    );
    // The limit and the rule it follows, measured or stated.
    assert!(yaml.contains("  time_limit: "), "{yaml}");
    if name != "12094" {
        assert!(out.contains("slowest accepted: accepted/"), "{out}");
        assert!(
            yaml.contains("  # time_limit 1 s: the slowest accepted run x 2"),
            "{yaml}"
        );
    }
    assert_eq!(
        yaml.contains("# Not killed by the secret data (none of "),
        tiling,
        "{yaml}"
    );
    assert!(yaml.contains("uuid: "), "{yaml}");
}

/// The statement is filled in, and there is one wrong submission.
fn check_statement_and_submissions(dir: &Path, files: &BTreeSet<String>) {
    let statement = std::fs::read_to_string(dir.join("statement/problem.en.tex")).unwrap();
    assert!(statement.starts_with("\\problemname{"), "{statement}");
    assert!(!statement.contains('@'), "a placeholder left: {statement}");
    let wrong: Vec<&String> = files
        .iter()
        .filter(|f| f.starts_with("submissions/wrong_answer/"))
        .collect();
    assert_eq!(wrong.len(), 1, "{wrong:?}");
}

/// The samples are the statement's examples, the secret data has its
/// kinds of cases; returns the sample and the secret case names.
fn check_data(
    root: &Path,
    name: &str,
    dir: &Path,
    files: &BTreeSet<String>,
) -> (Vec<String>, Vec<String>) {
    let samples = cases(files, "data/sample/");
    let secret = cases(files, "data/secret/");
    // The samples are the statement's examples of `samples`.
    let examples = root.join(format!("samples-{name}"));
    solved(
        &["samples", name, "--out-dir", examples.to_str().unwrap()],
        b"",
    );
    for case in &samples {
        for (ext, theirs) in [("in", "in"), ("ans", "out")] {
            let ours = std::fs::read(dir.join(format!("data/sample/{case}.{ext}"))).unwrap();
            let expected = std::fs::read(examples.join(format!("{case}.{theirs}"))).unwrap();
            assert_eq!(ours, expected, "{name} sample {case}.{ext}");
        }
    }
    assert_eq!(
        samples.len() * 2,
        std::fs::read_dir(&examples).unwrap().count()
    );
    assert!(secret.iter().any(|c| c.starts_with("edge-")), "{name}");
    // 14600's edge cases are every input there is (K ≤ 2, every hole):
    // its random cases are all met before and kept once.
    assert_eq!(
        secret.iter().any(|c| c.starts_with("random-")),
        name != "14600",
        "{name}"
    );
    if name == "17825" {
        // Ten dice are cheap: at least 100 random cases.
        let random = secret.iter().filter(|c| c.starts_with("random-")).count();
        assert!(random >= 100, "{random}");
    }
    (samples, secret)
}

/// The answers are right, the inputs valid, and every killable mistake
/// of the catalogue is killed by the secret data (tromino's mistakes of
/// the numbering order cannot be under a judge accepting any tiling; those
/// of its rules are).
fn check_answers(name: &str, dir: &Path, secret: &[String], tiling: bool) {
    if name == "12094" {
        // Its audit runs 8 plain references of 4^10 lines on 20×20 boards,
        // minutes of CPU: the answers are checked one by one instead, and
        // CI's verifyproblem sees the wrong submission rejected.
        for case in secret {
            let case = dir.join(format!("data/secret/{case}"));
            let input = format!("{}.in", case.display());
            let answer = format!("{}.ans", case.display());
            assert_eq!(run(&["validate", name, &input], b"").0, 0, "{input}");
            let (code, out, _) = run(&["check", name, &input, &answer], b"");
            assert_eq!(code, 0, "{answer}: {out}");
        }
        return;
    }
    // audit reads X.out or X.ans.
    let (code, out, _) = run(
        &[
            "audit",
            name,
            dir.join("data/secret").to_str().unwrap(),
            "--search",
            "0",
            "--json",
        ],
        b"",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(code, 0, "{name}: {out}");
    assert_eq!(report["cases"].as_u64().unwrap() as usize, secret.len());
    for mistake in report["mistakes"].as_array().unwrap() {
        let killed = !mistake["killed_by"].as_array().unwrap().is_empty();
        let order =
            ["clockwise-quadrants", "centre-last"].contains(&mistake["id"].as_str().unwrap());
        assert_eq!(killed, !(tiling && order), "{name}: {mistake}");
    }
}

/// The package's own validator, compiled as a judge would, accepts every
/// input and refuses a broken one.
fn check_validator(root: &Path, name: &str, dir: &Path, samples: &[String], secret: &[String]) {
    let validator = root.join(format!("validate-{name}"));
    let status = Command::new("c++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&validator)
        .arg(dir.join("input_validators/validate/validate.cpp"))
        .status()
        .expect("c++ runs");
    assert!(status.success(), "{name}: the validator compiles");
    let verdict = |input: &[u8]| {
        let mut child = Command::new(&validator)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait().unwrap().code()
    };
    for (folder, list) in [("data/sample/", samples), ("data/secret/", secret)] {
        for case in list {
            let input = std::fs::read(dir.join(format!("{folder}{case}.in"))).unwrap();
            assert_eq!(verdict(&input), Some(42), "{name} {folder}{case}");
            let mut broken = input.clone();
            broken.insert(0, b' ');
            assert_eq!(verdict(&broken), Some(43), "{name} {folder}{case}");
        }
    }
    // Every invalid input, the corpus and those just past a limit, is
    // refused, case by case, by the package's validator and by validate.
    let invalid = dir.join("data/invalid_input");
    let mut count = 0;
    for entry in std::fs::read_dir(&invalid).unwrap() {
        let path = entry.unwrap().path();
        let input = std::fs::read(&path).unwrap();
        assert_eq!(verdict(&input), Some(43), "{name}: {}", path.display());
        let (code, _, _) = run(&["validate", name, path.to_str().unwrap()], b"");
        assert_eq!(code, 1, "{name}: validate {}", path.display());
        count += 1;
    }
    assert!(count >= 30, "{name}: {count} invalid inputs");
}

/// The packages of `names`, made side by side in `root` and checked whole.
fn packages_hold(root: &std::path::Path, names: &[&'static str]) {
    std::thread::scope(|scope| {
        for &name in names {
            scope.spawn(move || check_package(root, name));
        }
    });
}

// Every judge's package, two or so a test so that each test stays short.

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_packages_of_12100_and_12094_are_whole_and_draw_their_own_data() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    packages_hold(root, &["12100", "12094"]);
    // 12094 draws random data of its own, not 12100's.
    let random = |name: &str| -> Vec<Vec<u8>> {
        let secret = root.join(name).join("data/secret");
        let mut names: Vec<String> = files_under(&secret)
            .into_iter()
            .filter(|f| f.starts_with("random-") && f.ends_with(".in"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|f| std::fs::read(secret.join(f)).unwrap())
            .collect()
    };
    let (ours, theirs) = (random("12094"), random("12100"));
    assert!(!ours.is_empty());
    let shared = ours.iter().filter(|c| theirs.contains(c)).count();
    assert!(shared * 4 < ours.len(), "{shared} of {} shared", ours.len());
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_packages_of_17825_and_14600_are_whole_and_their_data_kills_the_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    packages_hold(dir.path(), &["17825", "14600"]);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_packages_of_14601_and_92345_are_whole_and_their_data_kills_the_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    packages_hold(dir.path(), &["14601", "92345"]);
}

/// A package's files (path, bytes), in order.
type Files = Vec<(String, Vec<u8>)>;

/// The `uuid:` line of a package's `problem.yaml`.
fn uuid_of(files: &[(String, Vec<u8>)]) -> String {
    let (_, yaml) = files.iter().find(|(f, _)| f == "problem.yaml").unwrap();
    let yaml = String::from_utf8_lossy(yaml);
    let line = yaml.lines().find(|l| l.starts_with("uuid: ")).unwrap();
    line["uuid: ".len()..].to_string()
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_seed_gives_the_same_package_from_run_to_run_and_each_folder_its_own_uuid() {
    // The killer search works to a count of cases and shrink steps, not
    // to a clock; 12094's same holds, at seconds a run (the library's
    // killer-set test covers it on demand).
    let dir = tempfile::tempdir().unwrap();
    for name in ["12100", "17825", "92345"] {
        // Two folders, then the first again: BAPCtools warns (and `bt
        // validate` exits 1) on two problems of one machine with one uuid.
        let made: Vec<(Files, String)> = ["a", "b", "a"]
            .iter()
            .map(|run_name| {
                let at = dir.path().join(format!("{name}-{run_name}"));
                let out = solved(
                    &[
                        "package",
                        name,
                        "--out-dir",
                        at.to_str().unwrap(),
                        "--seed",
                        "3",
                        "--time-limit",
                        "1",
                        "--force",
                    ],
                    b"",
                );
                let files = files_under(&at)
                    .into_iter()
                    .map(|f| {
                        let text = std::fs::read(at.join(&f)).unwrap();
                        (f, text)
                    })
                    .collect();
                (files, out)
            })
            .collect();
        assert!(
            made[0].0 == made[2].0,
            "{name}: two runs in one folder differ"
        );
        let (a, b) = (uuid_of(&made[0].0), uuid_of(&made[1].0));
        assert_ne!(a, b, "{name}: two folders share a uuid");
        for id in [&a, &b] {
            let groups: Vec<usize> = id.split('-').map(str::len).collect();
            assert_eq!(groups, [8, 4, 4, 4, 12], "{id}");
            assert!(
                id.bytes()
                    .all(|c| c == b'-' || c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
            );
        }
        // Nothing else differs.
        let without_uuid = |files: &[(String, Vec<u8>)], id: &str| -> Files {
            files
                .iter()
                .map(|(f, text)| {
                    let text = String::from_utf8_lossy(text).replace(id, "UUID");
                    (f.clone(), text.into_bytes())
                })
                .collect()
        };
        assert!(
            without_uuid(&made[0].0, &a) == without_uuid(&made[1].0, &b),
            "{name}: two folders differ in more than the uuid"
        );
        // The hint says where `bt` comes from.
        let hint = made[1].1.lines().last().unwrap();
        let folder = dir.path().join(format!("{name}-b"));
        assert_eq!(
            hint,
            format!(
                "check it with: cd {} && bt validate && bt run  (bt is BAPCtools: pipx install bapctools, or pip install bapctools)",
                folder.display()
            )
        );
    }
}

#[test]
fn a_package_is_refused_without_a_judge_and_over_an_existing_directory() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let at = |name: &str| d.join(name).to_str().unwrap().to_string();
    assert_refused(
        &["package", "tromino", "--out-dir", &at("t")],
        b"",
        "package needs a judge's number (12100, 12094, 17825, 14600, 14601, 92345): `tromino` has no judge",
    );
    assert!(!d.join("t").exists());
    // An existing directory with something in it is kept unless --force.
    std::fs::create_dir(d.join("p")).unwrap();
    std::fs::write(d.join("p/mine.txt"), "keep").unwrap();
    assert_refused(
        &["package", "14600", "--out-dir", &at("p")],
        b"",
        "already exists and is not an empty directory (--force replaces it)",
    );
    assert!(d.join("p/mine.txt").exists());
    solved(&["package", "14600", "--out-dir", &at("p"), "--force"], b"");
    assert!(!d.join("p/mine.txt").exists());
    assert!(d.join("p/problem.yaml").exists());
    // An empty directory is filled; nothing is left beside it.
    std::fs::create_dir(d.join("e")).unwrap();
    solved(&["package", "14600", "--out-dir", &at("e")], b"");
    assert!(d.join("e/problem.yaml").exists());
    let left: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Every file under `dir` with its contents.
fn contents(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    files_under(dir)
        .into_iter()
        .map(|f| {
            let text = std::fs::read(dir.join(&f)).unwrap();
            (f, text)
        })
        .collect()
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_signal_at_any_moment_of_package_force_leaves_the_old_package_or_the_new_one() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pk = d.join("pk");
    let p = pk.to_str().unwrap();
    let args = |seed: &str| {
        [
            "package",
            "12100",
            "--seed",
            seed,
            "--out-dir",
            p,
            "--force",
            "--time-limit",
            "1",
        ]
        .map(String::from)
    };
    solved(&args("2").each_ref().map(String::as_str), b"");
    let new = contents(&pk);
    let start = Instant::now();
    solved(&args("1").each_ref().map(String::as_str), b"");
    let took = start.elapsed();
    let old = contents(&pk);
    assert!(old != new && old.contains_key("problem.yaml"));
    let leftovers = || -> Vec<String> {
        std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".boardsolve-package"))
            .collect()
    };
    // Ten spread over the whole run, from before the signals are taken
    // over to past its end, and twenty over its last part, where the
    // package is written and swapped in.
    let delays = (0..10u32)
        .map(|k| f64::from(k) * 0.12)
        .chain((0..20u32).map(|k| 0.7 + f64::from(k) * 0.02));
    for share in delays {
        let delay = took.mul_f64(share) + Duration::from_millis(2);
        let mut child =
            crate::common::default_signals(&mut Command::new(env!("CARGO_BIN_EXE_boardsolve")))
                .args(args("2"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
        std::thread::sleep(delay);
        // SAFETY: kill only sends a signal to the child started above.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
        let status = child.wait().unwrap();
        let now = contents(&pk);
        assert!(
            now == old || now == new,
            "SIGTERM after {delay:?} ({status}): pk is neither package: {:?}",
            now.keys().collect::<Vec<_>>()
        );
        assert_eq!(
            leftovers(),
            Vec::<String>::new(),
            "SIGTERM after {delay:?} ({status})"
        );
        // The next run replaces the old package again.
        if now == new {
            solved(&args("1").each_ref().map(String::as_str), b"");
        }
    }
}
