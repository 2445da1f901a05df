//! Reading a process tree's CPU time and memory from `/proc`.

use std::time::{Duration, Instant};

/// One look at a tree.
#[derive(Debug, Default)]
pub struct Sample {
    /// CPU time of the live processes and of those already reaped.
    pub cpu: Duration,
    /// The largest peak resident memory (`VmHWM`) of one live process
    /// since its `exec`: a spike between two samples still shows.
    pub largest_peak_bytes: u64,
    /// The proportional set size (`Pss`) of the live processes,
    /// summed, when asked for: each page counts once over the tree,
    /// shared or not.
    pub pss_bytes: Option<u64>,
    /// The longest time one live process spent waiting for a CPU.
    pub longest_run_delay: Duration,
    /// Whether the keeper (the root) is stopped: only the program,
    /// running as the same user, would have stopped it.
    pub keeper_stopped: bool,
    /// Whether the look was cut short at its deadline.
    pub cut: bool,
}

/// Samples the tree under `root` (the keeper), with the summed `Pss`
/// if `pss`, giving up at `deadline`. Processes that end while being
/// read are skipped: their time is in their parent's totals by the
/// next sample.
pub fn sample(root: i32, pss: bool, deadline: Instant) -> Sample {
    let ticks = clock_ticks();
    let mut sample = Sample {
        pss_bytes: pss.then_some(0),
        ..Sample::default()
    };
    let mut pending = vec![root];
    let mut visited = 0;
    while let Some(pid) = pending.pop() {
        visited += 1;
        if visited > 100_000 {
            break;
        }
        if Instant::now() > deadline {
            sample.cut = true;
            break;
        }
        let Some(stat) = read_stat(pid) else { continue };
        // utime + stime (+ cutime + cstime: children already reaped).
        let total_ticks = stat.utime + stat.stime + stat.cutime + stat.cstime;
        sample.cpu += Duration::from_secs_f64(total_ticks as f64 / ticks);
        if pid == root {
            sample.keeper_stopped = matches!(stat.state, 'T' | 't');
        } else {
            sample.largest_peak_bytes = sample.largest_peak_bytes.max(peak(pid));
            if let Some(delay) = run_delay(pid) {
                sample.longest_run_delay = sample.longest_run_delay.max(delay);
            }
            if let Some(sum) = &mut sample.pss_bytes {
                *sum += proportional(pid);
            }
        }
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) {
            pending.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
    sample
}

struct Stat {
    state: char,
    utime: u64,
    stime: u64,
    cutime: u64,
    cstime: u64,
}

fn read_stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields are
    // counted from the last ')'.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After ')': state is field 3, so field N is at index N - 3.
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
    Some(Stat {
        state: fields.first()?.chars().next()?,
        utime: field(14)?,
        stime: field(15)?,
        cutime: field(16)?,
        cstime: field(17)?,
    })
}

/// The second field of `schedstat`: nanoseconds spent runnable but
/// waiting on a run queue.
fn run_delay(pid: i32) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok()?;
    let ns = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// A `NAME: N kB` line of a `/proc` file, in bytes (0 for a process
/// that is gone or has no memory of its own, a zombie).
fn kib_field(path: &str, name: &str) -> u64 {
    let Ok(text) = std::fs::read_to_string(path) else {
        return 0;
    };
    text.lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kib| kib * 1024)
}

/// `VmHWM`: the process's peak resident set since its `exec`.
fn peak(pid: i32) -> u64 {
    kib_field(&format!("/proc/{pid}/status"), "VmHWM:")
}

/// `Pss` of `smaps_rollup`: the process's resident pages, each shared
/// one divided by the number of processes that map it.
fn proportional(pid: i32) -> u64 {
    kib_field(&format!("/proc/{pid}/smaps_rollup"), "Pss:")
}

fn clock_ticks() -> f64 {
    match rustix::param::clock_ticks_per_second() {
        0 => 100.0,
        t => t as f64,
    }
}
