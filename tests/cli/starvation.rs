//! Verdicts on a CPU that busy loops share with the run: a correct
//! program is judged on its work, wherever its threads wait for a CPU,
//! and a program that sleeps is still stopped by the wall clock.
//!
//! Each test pins boardsolve (and so the run) to CPU 0 beside nine busy
//! loops, so the run gets about a tenth of a CPU: a program needing
//! half of its 1 s CPU limit then takes about five seconds of wall time,
//! past the wall cap of 3 x 1 s + 1 s. Only the time the run waited for
//! a CPU, read for every thread, lets it finish.

use crate::common::c_program;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

/// The wall cap, in milliseconds, of the 1 s CPU limit these tests use.
const WALL_CAP_MS: u64 = 4000;

/// One starvation test at a time: two at once would put eighteen busy
/// loops on CPU 0 and starve each run past the harness's hard bound.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Busy loops pinned to CPU 0, killed (and reaped) when dropped, so that
/// a failing test leaves none running. Each is in a session of its own,
/// as a run is: with the kernel's autogroups, the processes of one
/// session share a CPU as one.
struct Competitors(Vec<std::process::Child>);

impl Competitors {
    fn pinned(count: usize) -> Competitors {
        // Each one is kept as soon as it is started, so that a failure to
        // start the next still drops (and kills) those before it.
        let mut started = Competitors(Vec::with_capacity(count));
        for _ in 0..count {
            let child = Command::new("setsid")
                .args(["taskset", "-c", "0", "sh", "-c", "while :; do :; done"])
                .stdin(Stdio::null())
                .spawn()
                .unwrap();
            started.0.push(child);
        }
        started
    }
}

impl Drop for Competitors {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// CPU 0 held busy for one test: the one-at-a-time lock and nine busy
/// loops pinned there, the loops killed first when dropped.
struct Starving {
    _busy: Competitors,
    _alone: MutexGuard<'static, ()>,
}

/// Takes CPU 0 for the calling test, once no other starvation test has it.
fn starve() -> Starving {
    let alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Starving {
        _busy: Competitors::pinned(9),
        _alone: alone,
    }
}

/// Whether `taskset` is here to pin the runs to CPU 0; where it is not,
/// the test skips, said on standard error.
fn have_taskset() -> bool {
    let here = Command::new("taskset").arg("-V").output().is_ok();
    if !here {
        eprintln!("no taskset: skipped");
    }
    here
}

/// A folder with one 2048 case whose answer is 16.
fn one_case(dir: &Path) -> PathBuf {
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(cases.join("a.in"), "1\n16\n").unwrap();
    std::fs::write(cases.join("a.out"), "16\n").unwrap();
    cases
}

/// `taskset -c 0 boardsolve test 2048 CASES --time-limit 1s --json --
/// PROGRAM...`: its exit status, and its standard output and error.
fn judged(what: &str, cases: &Path, program: &[&OsStr]) -> (i32, String) {
    let started = Instant::now();
    let mut command = Command::new("taskset");
    crate::common::default_signals(&mut command)
        .args(["-c", "0", BIN, "test", "2048"])
        .arg(cases)
        .args(["--time-limit", "1s", "--json", "--"])
        .args(program)
        .stdin(Stdio::null());
    let out = command.output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    let out =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    eprintln!("{what}: exit {code} in {:?}: {out}", started.elapsed());
    (code, out)
}

/// The verdict of the one case in `test --json`'s output, which comes
/// first (standard error follows it).
fn case(out: &str) -> serde_json::Value {
    let mut values = serde_json::Deserializer::from_str(out).into_iter::<serde_json::Value>();
    let report = values.next().expect("a JSON report").expect("valid JSON");
    report["cases"][0].clone()
}

/// Asserts that a correct program starved on CPU 0 was judged on its
/// work: AC after waiting past the wall cap, or, past the harness's hard
/// bound on a machine busier still, exit 2 naming the starvation; never
/// a verdict against it.
fn assert_judged_on_its_work(what: &str, code: i32, out: &str) {
    if code == 2 {
        assert!(out.contains("too busy to judge"), "{what}: {out}");
        return;
    }
    assert_eq!(code, 0, "{what}: {out}");
    let case = case(out);
    assert_eq!(case["verdict"], "AC", "{what}: {out}");
    // Finished past the wall cap: only the allowance for the time its
    // threads waited for a CPU let it. Were the busy loops to leave it
    // more than an eighth of the CPU, this test would prove nothing.
    let wall = case["wall_ms"].as_u64().unwrap();
    assert!(
        wall > WALL_CAP_MS,
        "{what}: not starved past the cap: {out}"
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_c_program_starved_in_its_main_or_worker_thread_is_judged_on_its_work_and_a_sleeper_is_not() {
    // The worker thread's case: the first thread waits in pthread_join
    // and hardly ever waits for a CPU, so the wait read from it alone
    // leaves the run "sleeping or waiting" past the wall cap.
    if !have_taskset() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(exe) = c_program("starved.c", &["-pthread"], dir.path()) else {
        return;
    };
    let cases = one_case(dir.path());
    let _busy = starve();
    for mode in ["main", "worker"] {
        let (code, out) = judged(
            mode,
            &cases,
            &[exe.as_os_str(), mode.as_ref(), "500".as_ref()],
        );
        assert_judged_on_its_work(mode, code, &out);
    }
    let (code, out) = judged(
        "sleep",
        &cases,
        &[exe.as_os_str(), "sleep".as_ref(), "0".as_ref()],
    );
    assert_eq!(code, 1, "{out}");
    let case = case(&out);
    assert_eq!(case["verdict"], "TLE", "{out}");
    assert!(
        case["message"].as_str().unwrap().contains("sleeping"),
        "{out}"
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_java_program_starved_on_its_cpu_is_judged_on_its_work() {
    // The JVM runs `main` in a second thread while the first one waits
    // for it: the wait for a CPU is all in threads other than the first,
    // and read from the first alone the run is "sleeping or waiting".
    if !have_taskset() {
        return;
    }
    for tool in ["javac", "java"] {
        if Command::new(tool).arg("-version").output().is_err() {
            crate::common::skip_without(tool);
            return;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = one_case(dir.path());
    let classes = dir.path().join("classes");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/Starved.java");
    // Compiled before the busy loops start, where a CPU is to be had.
    let built = Command::new("javac")
        .arg("-d")
        .arg(&classes)
        .arg(&source)
        .status()
        .unwrap();
    assert!(built.success());
    let _busy = starve();
    // 400 ms of work and about 100 ms of the JVM's own: half the limit.
    let java = [
        "java",
        "-Xss256m",
        "-XX:+UseSerialGC",
        "-XX:-UsePerfData",
        "-cp",
    ]
    .map(OsStr::new);
    let mut program = java.to_vec();
    program.extend([classes.as_os_str(), "Starved".as_ref(), "400".as_ref()]);
    let (code, out) = judged("java", &cases, &program);
    assert_judged_on_its_work("java", code, &out);
}
