//! Reading a process tree from `/proc`: the one walker that both the
//! keeper (to kill and reap) and the live sampler (to stop a run at a
//! limit) use, so that what one sees the other sees.
//!
//! A process's children are those of every one of its threads
//! (`/proc/P/task/*/children`): a child forked by a worker thread is
//! listed under that thread only, and a process whose leader thread has
//! exited (while others run on) has no list under its own pid at all.
//! Such a process also has no memory under `/proc/P` (the leader's `mm`
//! is gone): it is read from a live thread's `/proc/P/task/T`.

use std::collections::HashMap;
use std::io;
use std::time::{Duration, Instant};

/// The children of process `pid`, of all its threads. Threads that end
/// while being read are skipped; a process that is gone has none.
pub(crate) fn children_of_process(pid: i32) -> Vec<i32> {
    let mut all = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return all;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            all.extend(numbers(&text));
        }
    }
    all
}

/// The children of process `pid` as [`children_of_process`], falling back
/// to a scan of every `/proc/PID/stat` on kernels built without the
/// children lists: for the keeper and boardsolve's own sweeps, which must
/// find every child, not for the walk of a whole tree.
pub(crate) fn children(pid: i32) -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return children_by_scan(pid);
    };
    let mut all = Vec::new();
    for task in tasks.flatten() {
        match std::fs::read_to_string(task.path().join("children")) {
            Ok(text) => all.extend(numbers(&text)),
            // A thread that just ended has no list; a kernel built
            // without the lists has none at all.
            Err(e) if e.kind() == io::ErrorKind::NotFound && task.path().exists() => {
                return children_by_scan(pid);
            }
            Err(_) => {}
        }
    }
    all
}

/// The children of `pid` found by reading each `/proc/PID/stat`, for
/// kernels built without `/proc/PID/task/TID/children`.
pub(crate) fn children_by_scan(pid: i32) -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&p| parent_of(p) == Some(pid))
        .collect()
}

/// The parent process in `/proc/PID/stat` (the number after the last `)`
/// and the one-letter state): a process, whichever thread forked it.
pub(crate) fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Whether `pid` is the first process (the init) of a PID namespace
/// below ours: `NSpid` lists its pid in each namespace, 1 last.
pub(crate) fn is_namespace_init(pid: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("NSpid:"))
        .is_some_and(|ids| {
            let ids: Vec<&str> = ids.split_whitespace().collect();
            ids.len() > 1 && ids.last() == Some(&"1")
        })
}

fn numbers(text: &str) -> impl Iterator<Item = i32> + '_ {
    text.split_whitespace()
        .filter_map(|p| p.parse::<i32>().ok())
}

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
    /// Whether a thread of the program (not the keeper) was running or
    /// waiting for a CPU when it was read: the tree was not sleeping.
    pub runnable: bool,
    /// Whether the keeper (the root) is stopped: only the program,
    /// running as the same user, would have stopped it.
    pub keeper_stopped: bool,
    /// Whether the look was cut short at its deadline.
    pub cut: bool,
}

/// What every thread of a tree has spent on a CPU and waiting for one
/// (`/proc/P/task/T/schedstat`), kept from one sample to the next: a
/// thread or a process that has ended keeps the last values seen, so a
/// worker thread that finished, or a child that was reaped, still counts.
#[derive(Debug, Default)]
pub struct Schedule {
    /// Nanoseconds (on a CPU, waiting on a run queue) of each thread seen.
    threads: HashMap<i32, (u64, u64)>,
    /// What threads whose id was taken again by a new thread had used.
    retired: (u64, u64),
}

impl Schedule {
    fn note(&mut self, tid: i32, running: u64, waiting: u64) {
        let last = self.threads.entry(tid).or_default();
        // Counters only grow: smaller ones are a new thread with a reused id.
        if running < last.0 || waiting < last.1 {
            self.retired.0 += last.0;
            self.retired.1 += last.1;
        }
        *last = (running, waiting);
    }

    /// The time the tree's threads spent on a CPU, summed.
    pub fn running(&self) -> Duration {
        Duration::from_nanos(self.retired.0 + self.threads.values().map(|t| t.0).sum::<u64>())
    }

    /// The time the tree's threads spent runnable but waiting for a CPU
    /// (another program had it), summed.
    pub fn waiting(&self) -> Duration {
        Duration::from_nanos(self.retired.1 + self.threads.values().map(|t| t.1).sum::<u64>())
    }

    /// Reads the `schedstat` of every thread of `pid` (just its own file
    /// when it has one thread, the common case); says whether one of its
    /// threads is running or waiting on a run queue (state `R`), for a
    /// process of several threads (the caller knows a single thread's
    /// state from the process's `stat`).
    fn read(&mut self, pid: i32, single: bool) -> bool {
        if single {
            if let Some((run, wait)) = schedstat(&format!("/proc/{pid}/schedstat")) {
                self.note(pid, run, wait);
            }
            return false;
        }
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return false;
        };
        let mut runnable = false;
        for task in tasks.flatten() {
            let Some(tid) = task.file_name().to_str().and_then(|t| t.parse().ok()) else {
                continue;
            };
            if let Some((run, wait)) = schedstat(&format!("/proc/{pid}/task/{tid}/schedstat")) {
                self.note(tid, run, wait);
            }
            runnable |= state_of(&format!("/proc/{pid}/task/{tid}/stat")) == Some('R');
        }
        runnable
    }
}

/// The one-letter state of a `stat` file (`R`: running or waiting for a
/// CPU; `S`, `D`: sleeping).
fn state_of(path: &str) -> Option<char> {
    let text = std::fs::read_to_string(path).ok()?;
    text[text.rfind(')')? + 1..].trim_start().chars().next()
}

/// Samples the tree under `root` (the keeper), with the summed `Pss`
/// if `pss`, giving up at `deadline`, and adds what its threads spent on
/// and waiting for a CPU to `schedule`. Processes that end while being
/// read are skipped: their CPU time is in their parent's totals by the
/// next sample.
pub fn sample(root: i32, pss: bool, deadline: Instant, schedule: &mut Schedule) -> Sample {
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
        // utime + stime of every thread (+ cutime + cstime: children
        // already reaped, whichever thread forked them). Of the keeper,
        // only what it reaped: its own time is not the program's, and
        // can pass a tick of 10 ms (its start alone, where CPUID traps to
        // a hypervisor), which stopped a program early.
        let own = if pid == root {
            0
        } else {
            stat.utime + stat.stime
        };
        let total_ticks = own + stat.cutime + stat.cstime;
        sample.cpu += Duration::from_secs_f64(total_ticks as f64 / ticks);
        // One thread: its own list is the process's (the common case,
        // one read). Several, or a leader that has exited: every thread's.
        let single = stat.threads <= 1 && stat.state != 'Z';
        // Where the process's memory can be read: its own directory, or a
        // live thread's when the leader has exited.
        let home = if stat.state == 'Z' && stat.threads > 1 {
            live_thread(pid).unwrap_or_else(|| format!("/proc/{pid}"))
        } else {
            format!("/proc/{pid}")
        };
        if pid == root {
            sample.keeper_stopped = matches!(stat.state, 'T' | 't');
        } else {
            sample.largest_peak_bytes = sample.largest_peak_bytes.max(peak(&home));
            let threads_runnable = schedule.read(pid, single);
            sample.runnable |= threads_runnable || (single && stat.state == 'R');
            if let Some(sum) = &mut sample.pss_bytes {
                *sum += proportional(&home);
            }
        }
        if single {
            if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) {
                pending.extend(numbers(&text));
            }
        } else {
            pending.extend(children_of_process(pid));
        }
    }
    sample
}

/// `/proc/P/task/T` of a thread of `pid` other than its exited leader.
fn live_thread(pid: i32) -> Option<String> {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
        .filter_map(|t| t.file_name().to_str()?.parse::<i32>().ok())
        .find(|&t| t != pid)
        .map(|t| format!("/proc/{pid}/task/{t}"))
}

struct Stat {
    state: char,
    threads: u64,
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
        threads: field(20)?,
    })
}

/// The first two fields of a `schedstat` file: nanoseconds on a CPU and
/// nanoseconds runnable but waiting on a run queue.
fn schedstat(path: &str) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    Some((fields.next()??, fields.next()??))
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

/// `VmHWM` of the process whose `/proc` directory is `home`: its peak
/// resident set since its `exec`.
fn peak(home: &str) -> u64 {
    kib_field(&format!("{home}/status"), "VmHWM:")
}

/// `Pss` of `smaps_rollup`: the process's resident pages, each shared
/// one divided by the number of processes that map it.
fn proportional(home: &str) -> u64 {
    kib_field(&format!("{home}/smaps_rollup"), "Pss:")
}

fn clock_ticks() -> f64 {
    match rustix::param::clock_ticks_per_second() {
        0 => 100.0,
        t => t as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn the_keepers_own_cpu_time_is_not_counted() {
        // A root that computes and has no children: everything it spent
        // is its own, none of it a program's.
        let mut spinner = Command::new("sh")
            .args(["-c", "while :; do :; done"])
            .spawn()
            .unwrap();
        let pid = i32::try_from(spinner.id()).unwrap();
        let give_up = Instant::now() + Duration::from_secs(30);
        let own_ticks = || read_stat(pid).map_or(0, |s| s.utime + s.stime);
        while own_ticks() < 2 && Instant::now() < give_up {
            std::thread::sleep(Duration::from_millis(5));
        }
        let ticks = own_ticks();
        let sample = sample(pid, false, give_up, &mut Schedule::default());
        spinner.kill().unwrap();
        spinner.wait().unwrap();
        assert!(ticks >= 2, "the spinner got {ticks} ticks in 30 s");
        assert_eq!(sample.cpu, Duration::ZERO, "{ticks} ticks of its own");
    }
}
