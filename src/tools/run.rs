//! Running someone's program on one input like a judge does: contained
//! (nothing it starts outlives the run), limited in CPU time, wall time,
//! memory and output, and measured.
//!
//! The input is given as a file on standard input and the outputs go to
//! unnamed temporary files, so no pipe can keep the harness waiting and a
//! program that prints without end is stopped by the kernel at the output
//! limit. While the program runs, the harness reads the CPU time and the
//! resident memory of its whole process tree from `/proc` every few
//! milliseconds and stops the tree at a limit; after it ends, the
//! kernel's own totals (`wait4`) decide.

use super::contain::{self, KernelLimits};
use super::interrupt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A program checked once, before any case runs: it exists and may be
/// executed, so a failure to start it later is the harness's trouble.
#[derive(Debug, Clone)]
pub struct Program {
    path: PathBuf,
    args: Vec<String>,
    shown: String,
}

impl Program {
    /// Resolves the program of `command` (through `PATH` when its name has
    /// no `/`) and checks that it is an executable file.
    ///
    /// # Errors
    /// One line saying what is wrong: no command, not found, a directory,
    /// not executable.
    pub fn new(command: &[String]) -> Result<Program, String> {
        let Some((name, args)) = command.split_first() else {
            return Err("no program given after --".into());
        };
        let shown = super::files::shown(Path::new(name));
        let path = if name.contains('/') {
            PathBuf::from(name)
        } else {
            let search = std::env::var_os("PATH").unwrap_or_default();
            std::env::split_paths(&search)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
                .ok_or_else(|| format!("{shown}: no such program in PATH"))?
        };
        let meta = std::fs::metadata(&path).map_err(|e| format!("{shown}: {e}"))?;
        if meta.is_dir() {
            return Err(format!("{shown} is a directory, not a program"));
        }
        let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|_| format!("{shown}: the name contains a NUL byte"))?;
        // SAFETY: access reads a NUL-terminated path we own.
        if unsafe { libc::access(c_path.as_ptr(), libc::X_OK) } != 0 {
            return Err(format!("{shown} is not executable (chmod +x?)"));
        }
        Ok(Program {
            path,
            args: args.to_vec(),
            shown,
        })
    }

    /// The command as typed, for messages.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

/// What a run may use.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time, user plus system, of the program and all it starts.
    pub cpu: Duration,
    /// Wall-clock time, for programs that sleep or wait.
    pub wall: Duration,
    /// Peak resident memory in bytes, if limited.
    pub memory: Option<u64>,
    /// The most bytes the program may write to standard output (and,
    /// separately, to standard error).
    pub output: u64,
}

impl Limits {
    /// A judge's limits for a CPU time limit: the wall clock at three
    /// times that plus a second.
    pub fn for_cpu(cpu: Duration, memory: Option<u64>, output: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 3 + Duration::from_secs(1),
            memory,
            output,
        }
    }
}

/// What a run used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// CPU time of the whole tree, user plus system.
    pub cpu: Duration,
    /// Wall-clock time from start until the last process was reaped.
    pub wall: Duration,
    /// The largest resident memory seen, in KiB: the peak (`VmHWM`) of
    /// the largest single process, or the largest sum over the tree that
    /// the harness sampled, whichever is larger. (`wait4`'s peak cannot
    /// serve: it includes the memory of the boardsolve the program was
    /// forked from, which Linux keeps across `exec`.)
    pub peak_kib: u64,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status code.
    Exited(i32),
    /// A signal killed it (not one of the harness's limits).
    Signaled(i32),
    /// It used more CPU time than the limit.
    CpuLimit,
    /// It ran longer than the wall-clock limit (sleeping or waiting).
    WallLimit,
    /// Its resident memory passed the limit.
    MemoryLimit,
    /// It wrote more than the output limit.
    OutputLimit,
}

/// What a program did with one input.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// What it used.
    pub usage: Usage,
    /// Its standard output, in full (at most the output limit).
    pub stdout: Vec<u8>,
    /// The start of its standard error (at most [`STDERR_KEPT`] bytes).
    pub stderr: Vec<u8>,
}

/// How much of a program's standard error a report keeps.
pub const STDERR_KEPT: usize = 4096;

/// Why the harness could not run a program: never the program's fault.
#[derive(Debug, thiserror::Error)]
pub enum Trouble {
    /// boardsolve is stopping (it got SIGINT, SIGTERM or SIGHUP).
    #[error("interrupted")]
    Interrupted,
    /// The system refused: too many processes or open files, no space for
    /// the temporary files, a program that vanished since it was checked.
    #[error("{0}")]
    System(String),
}

/// Runs `program` with `input` on its standard input, within `limits`.
///
/// Nothing the program starts is left running when this returns: the
/// whole tree is killed and reaped (see [`contain`]).
///
/// # Errors
/// [`Trouble`] when the harness itself could not do its part.
pub fn run(program: &Program, input: &[u8], limits: &Limits) -> Result<Run, Trouble> {
    let system = |what: &str, e: io::Error| Trouble::System(format!("{what}: {e}"));
    let mut stdin =
        tempfile::tempfile().map_err(|e| system("cannot create a temporary file", e))?;
    stdin
        .write_all(input)
        .and_then(|()| stdin.seek(SeekFrom::Start(0)).map(drop))
        .map_err(|e| system("cannot write the input to a temporary file", e))?;
    let stdout = tempfile::tempfile().map_err(|e| system("cannot create a temporary file", e))?;
    let stderr = tempfile::tempfile().map_err(|e| system("cannot create a temporary file", e))?;
    let mut command = Command::new(&program.path);
    command
        .args(&program.args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(
            stdout.try_clone().map_err(|e| system("cannot open", e))?,
        ))
        .stderr(Stdio::from(
            stderr.try_clone().map_err(|e| system("cannot open", e))?,
        ))
        .process_group(0);
    let kernel = KernelLimits {
        cpu_seconds: limits.cpu.as_secs() + 2,
        file_bytes: limits.output.saturating_add(1),
    };
    let mut keeper = interrupt::spawn_tracked(
        || contain::spawn(&mut command, kernel),
        &format!("cannot start {}", program.shown),
    )?;
    // The program's clock starts once it runs, not while other runs start.
    let start = Instant::now();
    drop(command);
    let (status, usage, stopped) = watch(&mut keeper, limits, start);
    if interrupt::stopping() {
        return Err(Trouble::Interrupted);
    }
    let ending = decide(status, usage, stopped, limits, &stdout);
    Ok(Run {
        ending,
        usage,
        stdout: read_back(stdout, limits.output)
            .map_err(|e| system("cannot read the output back", e))?,
        stderr: read_back(stderr, STDERR_KEPT as u64)
            .map_err(|e| system("cannot read the output back", e))?,
    })
}

/// Why the harness stopped a run itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stopped {
    Cpu,
    Wall,
    Memory,
}

/// Waits for the keeper, sampling the tree and stopping it at a limit.
fn watch(
    keeper: &mut interrupt::Tracked,
    limits: &Limits,
    start: Instant,
) -> (ExitStatus, Usage, Option<Stopped>) {
    let mut pause = Duration::from_micros(100);
    let mut stopped = None;
    let mut peak_bytes = 0u64;
    // Time the tree's processes spent ready to run but waiting for a CPU,
    // per process (so that ended processes still count).
    let mut waited: std::collections::HashMap<i32, Duration> = std::collections::HashMap::new();
    let exit = ExitWatch::new(keeper.pid());
    loop {
        if stopped.is_none() {
            let sample = tree::sample(keeper.pid());
            peak_bytes = peak_bytes
                .max(sample.resident_bytes)
                .max(sample.largest_peak_bytes);
            for &(pid, delay) in &sample.run_delays {
                waited.insert(pid, delay);
            }
            // The wall clock only counts time the program could have run:
            // a busy machine (or --jobs above the cores) does not make a
            // program that computes look like one that sleeps. A ceiling
            // of ten times the cap still ends every run.
            let elapsed = start.elapsed();
            let starved: Duration = waited.values().sum();
            stopped = if sample.cpu > limits.cpu {
                Some(Stopped::Cpu)
            } else if elapsed.saturating_sub(starved) > limits.wall || elapsed > limits.wall * 10 {
                Some(Stopped::Wall)
            } else if limits
                .memory
                .is_some_and(|m| sample.resident_bytes.max(sample.largest_peak_bytes) > m)
            {
                Some(Stopped::Memory)
            } else {
                None
            };
            if stopped.is_some() {
                keeper.stop();
            }
        }
        // Sampled before reaping, so even a run that ends at once has a
        // look at its memory.
        if let Some((status, rusage)) = keeper.try_reap() {
            let wall = start.elapsed();
            let cpu = timeval(rusage.ru_utime) + timeval(rusage.ru_stime);
            let usage = Usage {
                cpu,
                wall,
                peak_kib: peak_bytes / 1024,
            };
            return (status, usage, stopped);
        }
        exit.wait(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// Waits for a process to end or a pause to pass, whichever is first, so
/// that a run is reaped the moment it ends instead of at the next look.
struct ExitWatch {
    /// A pidfd of the keeper, or -1 where the kernel has none (before
    /// Linux 5.3): then the pause is slept out.
    fd: libc::c_int,
}

impl ExitWatch {
    fn new(pid: libc::pid_t) -> ExitWatch {
        // SAFETY: pidfd_open takes a pid and flags and returns a new fd.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        ExitWatch {
            fd: libc::c_int::try_from(fd).unwrap_or(-1),
        }
    }

    fn wait(&self, pause: Duration) {
        if self.fd < 0 {
            std::thread::sleep(pause);
            return;
        }
        let mut poll = libc::pollfd {
            fd: self.fd,
            events: libc::POLLIN,
            revents: 0,
        };
        let timeout = libc::timespec {
            tv_sec: 0,
            tv_nsec: libc::c_long::try_from(pause.as_nanos()).unwrap_or(5_000_000),
        };
        // SAFETY: ppoll on one pollfd and a timespec on our stack.
        unsafe {
            libc::ppoll(&raw mut poll, 1, &raw const timeout, std::ptr::null());
        }
    }
}

impl Drop for ExitWatch {
    fn drop(&mut self) {
        if self.fd >= 0 {
            // SAFETY: closes the pidfd this value owns.
            unsafe {
                libc::close(self.fd);
            }
        }
    }
}

fn decide(
    status: ExitStatus,
    usage: Usage,
    stopped: Option<Stopped>,
    limits: &Limits,
    stdout: &File,
) -> Ending {
    match stopped {
        Some(Stopped::Cpu) => return Ending::CpuLimit,
        Some(Stopped::Wall) => return Ending::WallLimit,
        Some(Stopped::Memory) => return Ending::MemoryLimit,
        None => {}
    }
    // Between two samples a run can still pass a limit: the kernel's
    // totals are the last word.
    if usage.cpu > limits.cpu || status.signal() == Some(libc::SIGXCPU) {
        return Ending::CpuLimit;
    }
    if limits
        .memory
        .is_some_and(|m| usage.peak_kib.saturating_mul(1024) > m)
    {
        return Ending::MemoryLimit;
    }
    let written = stdout.metadata().map_or(0, |m| m.len());
    if written > limits.output || status.signal() == Some(libc::SIGXFSZ) {
        return Ending::OutputLimit;
    }
    match (status.code(), status.signal()) {
        (Some(code), _) => Ending::Exited(code),
        (None, Some(signal)) => Ending::Signaled(signal),
        (None, None) => Ending::Exited(-1),
    }
}

fn read_back(mut file: File, limit: u64) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(0))?;
    let mut kept = Vec::new();
    file.take(limit).read_to_end(&mut kept)?;
    Ok(kept)
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
        + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
}

/// The name of a signal, for reports (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// How many runs may go at once under the open-file limit: each takes a
/// handful of descriptors (its three files, `exec`'s pipe, `/proc` reads).
pub fn max_parallel_runs() -> usize {
    // SAFETY: getrlimit writes into a zeroed rlimit on our stack.
    let soft = unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) == 0 {
            limit.rlim_cur
        } else {
            1024
        }
    };
    usize::try_from(soft.saturating_sub(32) / 8)
        .unwrap_or(usize::MAX)
        .max(1)
}

/// Reading a process tree's CPU time and memory from `/proc`.
mod tree {
    use std::time::Duration;

    /// One look at a tree.
    #[derive(Debug, Default)]
    pub struct Sample {
        /// CPU time of the live processes and of those already reaped.
        pub cpu: Duration,
        /// Resident memory of the live processes, summed.
        pub resident_bytes: u64,
        /// The largest peak resident memory (`VmHWM`) of one live process
        /// since its `exec`: a spike between two samples still shows.
        pub largest_peak_bytes: u64,
        /// Each live process's time spent waiting for a CPU so far.
        pub run_delays: Vec<(i32, Duration)>,
    }

    /// Samples the tree under `root` (the keeper). Processes that end
    /// while being read are skipped: their time is in their parent's
    /// totals by the next sample.
    pub fn sample(root: i32) -> Sample {
        let ticks = clock_ticks();
        let mut sample = Sample::default();
        let mut pending = vec![root];
        let mut visited = 0;
        while let Some(pid) = pending.pop() {
            visited += 1;
            if visited > 100_000 {
                break;
            }
            let Some(stat) = read_stat(pid) else { continue };
            // utime + stime (+ cutime + cstime: children already reaped).
            let total_ticks = stat.utime + stat.stime + stat.cutime + stat.cstime;
            sample.cpu += Duration::from_secs_f64(total_ticks as f64 / ticks);
            if pid != root {
                let (resident, peak) = memory(pid);
                sample.resident_bytes += resident;
                sample.largest_peak_bytes = sample.largest_peak_bytes.max(peak);
                if let Some(delay) = run_delay(pid) {
                    sample.run_delays.push((pid, delay));
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

    /// `VmRSS` and `VmHWM` of `/proc/PID/status`, in bytes (0 for a
    /// process that is gone or has no memory of its own, a zombie).
    fn memory(pid: i32) -> (u64, u64) {
        let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            return (0, 0);
        };
        let field = |name: &str| -> u64 {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
                .map_or(0, |kib| kib * 1024)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    fn clock_ticks() -> f64 {
        // SAFETY: sysconf has no preconditions.
        let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        if t > 0 { t as f64 } else { 100.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Program {
        Program::new(&["sh".into(), "-c".into(), script.into()]).unwrap()
    }

    fn limits(cpu_ms: u64) -> Limits {
        Limits::for_cpu(Duration::from_millis(cpu_ms), None, 1 << 20)
    }

    /// Processes whose command line holds `marker`.
    fn alive(marker: &str) -> usize {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
            .filter(|cmd| String::from_utf8_lossy(cmd).contains(marker))
            .count()
    }

    fn marker() -> String {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(1);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        format!("1000.{}{n:03}", std::process::id())
    }

    #[test]
    fn echoes_exit_codes_and_signals() {
        let r = run(&sh("cat; echo oops >&2; exit 3"), b"hello", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(3));
        assert_eq!(r.stdout, b"hello");
        assert_eq!(r.stderr, b"oops\n");
        let r = run(&sh("kill -SEGV $$"), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Signaled(libc::SIGSEGV));
        assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
    }

    #[test]
    fn nothing_outlives_a_run_not_even_setsid_or_double_fork_escapes() {
        let (a, b) = (marker(), marker());
        let script = format!("setsid sleep {a} & (sleep {b} &) ; echo done");
        let r = run(&sh(&script), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert_eq!(r.stdout, b"done\n");
        assert_eq!(
            alive(&a) + alive(&b),
            0,
            "an escaped process outlived the run"
        );
    }

    #[test]
    fn the_cpu_limit_holds_whatever_an_escaped_child_holds_open() {
        let a = marker();
        let script = format!("setsid sleep {a} & while :; do :; done");
        let start = Instant::now();
        let r = run(&sh(&script), b"", &limits(200)).unwrap();
        assert_eq!(r.ending, Ending::CpuLimit);
        assert!(r.usage.cpu >= Duration::from_millis(200), "{:?}", r.usage);
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(alive(&a), 0);
    }

    #[test]
    fn sleeping_is_stopped_by_the_wall_clock_not_counted_as_cpu() {
        let r = run(&sh("sleep 0.3; echo late"), b"", &limits(100)).unwrap();
        // 0.3 s of sleep is within the wall limit of 3 x 0.1 + 1 s.
        assert_eq!(r.ending, Ending::Exited(0));
        assert!(r.usage.cpu < Duration::from_millis(100), "{:?}", r.usage);
        let r = run(&sh("sleep 30"), b"", &limits(100)).unwrap();
        assert_eq!(r.ending, Ending::WallLimit);
        assert!(r.usage.wall < Duration::from_secs(3), "{:?}", r.usage);
    }

    #[test]
    fn output_beyond_the_limit_stops_the_program() {
        let r = run(&sh("yes"), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::OutputLimit);
        assert!(r.stdout.len() as u64 <= 1 << 20);
    }

    #[test]
    fn memory_is_measured_and_limited() {
        // A shell variable of 64 MiB lives in the shell's memory.
        let script = "x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x}";
        let r = run(&sh(script), b"", &limits(20_000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert!(r.usage.peak_kib >= 64 * 1024, "{:?}", r.usage);
        let tight = Limits::for_cpu(Duration::from_secs(20), Some(32 << 20), 1 << 20);
        let r = run(&sh(script), b"", &tight).unwrap();
        assert_eq!(r.ending, Ending::MemoryLimit);
    }

    #[test]
    fn the_peak_is_the_program_not_the_boardsolve_it_was_forked_from() {
        // 128 MiB touched here would be the keeper's peak too, as a fork.
        let big = vec![1u8; 128 << 20];
        // Long enough to be looked at (a run that ends within the first
        // look shows no peak, `-`, rather than a wrong one).
        let r = run(&sh("sleep 0.1; echo small"), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert!(r.usage.peak_kib < 32 * 1024, "{:?}", r.usage);
        assert!(r.usage.peak_kib > 0, "{:?}", r.usage);
        assert_eq!(big.iter().map(|&b| u64::from(b)).sum::<u64>(), 128 << 20);
    }

    #[test]
    fn programs_are_checked_before_they_run() {
        let missing = Program::new(&["/no/such/program".into()]).unwrap_err();
        assert!(missing.contains("No such file"), "{missing}");
        let typo = Program::new(&["no-such-program-xyz".into()]).unwrap_err();
        assert!(typo.contains("no such program in PATH"), "{typo}");
        let dir = Program::new(&["/tmp".into()]).unwrap_err();
        assert!(dir.contains("is a directory"), "{dir}");
        let file = tempfile::NamedTempFile::new().unwrap();
        let plain = Program::new(&[file.path().to_str().unwrap().into()]).unwrap_err();
        assert!(plain.contains("is not executable"), "{plain}");
        assert!(Program::new(&[]).is_err());
    }
}
