//! Running someone's program on one input like a judge does: contained
//! (nothing it starts outlives the run), limited in CPU time, wall time,
//! memory and output, and measured.
//!
//! The input is given as a file on standard input and standard output
//! goes to an unnamed temporary file, so a program that prints without
//! end is stopped by the kernel at the output limit. Standard error is a
//! pipe that a thread of boardsolve empties as it fills, keeping its
//! start and its end: it is not output, and no volume of it fails a run.
//!
//! While the program runs, the harness reads the CPU time and memory of
//! its whole process tree from `/proc` every few milliseconds, only to
//! stop the tree at a limit. What a run used is the kernel's own
//! accounting of the finished processes, which the keeper reports (see
//! [`contain`]): sampling misses short processes.

use super::cleanup::TemporaryDir;
use super::contain::{self, KernelLimits};
use super::interrupt;
use super::spool::Spooled;
use super::value::Harness;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A path for a message, with control characters escaped so that a
/// hostile file name cannot rewrite the terminal.
pub fn shown(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            let _ = write!(out, "{}", c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a program cannot be run; the program as typed leads each message.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProgramError {
    /// The command is empty.
    #[error("no program given")]
    Missing,
    /// A bare name that no directory of `PATH` holds.
    #[error("{0}: no such program in PATH")]
    NotInPath(String),
    /// The program cannot be examined (missing, no permission).
    #[error("{shown}: {source}")]
    Unreadable {
        /// The program as typed.
        shown: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// A directory, not a program.
    #[error("{0} is a directory, not a program")]
    Directory(String),
    /// A name no path can hold.
    #[error("{0}: the name contains a NUL byte")]
    NulByte(String),
    /// A file without execute permission.
    #[error("{0} is not executable (chmod +x?)")]
    NotExecutable(String),
}

/// A program checked once, before any case runs: it exists and may be
/// executed, so a failure to start it later is the harness's trouble.
#[derive(Debug, Clone)]
pub struct Program {
    path: PathBuf,
    args: Vec<String>,
    shown: String,
    /// Runs in boardsolve's own working directory (a compiler, whose
    /// `-I dir` is the user's), not in an empty one of its own.
    in_place: bool,
    /// Variables set in its environment over boardsolve's own.
    env: Vec<(OsString, OsString)>,
    /// The most bytes it may write to standard error before it is
    /// stopped ([`Ending::OutputLimit`]); `None`: no bound.
    error_bound: Option<u64>,
    /// Text of its standard error to show otherwise (a path into a build
    /// folder, and the user's own name for it).
    names: Vec<(String, String)>,
}

impl Program {
    /// Resolves the program of `command` (through `PATH` when its name has
    /// no `/`) and checks that it is an executable file.
    ///
    /// # Errors
    /// One line saying what is wrong: no command, not found, a directory,
    /// not executable.
    pub fn new(command: &[String]) -> Result<Program, ProgramError> {
        let Some((name, args)) = command.split_first() else {
            return Err(ProgramError::Missing);
        };
        let shown = shown(Path::new(name));
        let here = std::env::current_dir().map_err(|source| ProgramError::Unreadable {
            shown: shown.clone(),
            source,
        })?;
        let path = if name.contains('/') {
            // Absolute: the program runs in a folder of its own.
            here.join(name)
        } else {
            let search = std::env::var_os("PATH").unwrap_or_default();
            std::env::split_paths(&search)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
                .ok_or_else(|| ProgramError::NotInPath(shown.clone()))?
        };
        let meta = std::fs::metadata(&path).map_err(|source| ProgramError::Unreadable {
            shown: shown.clone(),
            source,
        })?;
        if meta.is_dir() {
            return Err(ProgramError::Directory(shown));
        }
        if path.as_os_str().as_encoded_bytes().contains(&0) {
            return Err(ProgramError::NulByte(shown));
        }
        if rustix::fs::access(&path, rustix::fs::Access::EXEC_OK).is_err() {
            return Err(ProgramError::NotExecutable(shown));
        }
        Ok(Program {
            path,
            args: args.iter().map(|a| absolute_if_file(a, &here)).collect(),
            shown,
            in_place: false,
            env: Vec::new(),
            error_bound: None,
            names: Vec::new(),
        })
    }

    /// The same program, run in boardsolve's working directory rather
    /// than an empty one of its own (for a compiler, whose relative
    /// options are the user's).
    pub fn in_place(mut self) -> Program {
        self.in_place = true;
        self
    }

    /// The same program with `name` set to `value` in its environment
    /// (a compiler's `TMPDIR`).
    pub fn with_env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> Program {
        self.env.push((name.into(), value.into()));
        self
    }

    /// The same program, stopped as past its output limit once it has
    /// written more than `bytes` to standard error: a compiler's messages
    /// are bounded, a judged program's standard error is not (it is not
    /// output).
    pub fn with_error_bound(mut self, bytes: u64) -> Program {
        self.error_bound = Some(bytes);
        self
    }

    /// The same program, its standard error shown with each `(from, to)`
    /// of `names` replaced, in order: a traceback that names a build's
    /// copy of a file names the user's file.
    pub fn naming(mut self, names: &[(String, String)]) -> Program {
        self.names.extend(names.iter().cloned());
        self
    }

    /// The same program with `extra` after its own arguments, given as
    /// they are (a generator's seed and case number, not file names).
    pub fn with_args(&self, extra: impl IntoIterator<Item = String>) -> Program {
        let mut program = self.clone();
        program.args.extend(extra);
        program
    }

    /// The command as typed, for messages.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

/// `arg` made absolute against `here` when it names a file or folder
/// relative to it (`python3 sol.py`, `sh run.sh`), since the program runs
/// in an empty folder of its own; any other word as it is.
fn absolute_if_file(arg: &str, here: &Path) -> String {
    let path = Path::new(arg);
    if arg.starts_with('-') || path.is_absolute() || !path.exists() {
        return arg.to_string();
    }
    here.join(path).to_string_lossy().into_owned()
}

/// What a program did with one input.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// What it used.
    pub usage: Usage,
    /// Its standard output, in full (at most the output limit): in
    /// memory when small, else the temporary file it was written to, so
    /// that a huge answer is read as a stream and never held.
    pub stdout: Spooled,
    /// Its standard error: the first and the last [`STDERR_KEPT`] bytes,
    /// with a line between them saying how many were not kept.
    pub stderr: Vec<u8>,
}

pub use super::trouble::Trouble;

/// Runs `program` with `input` on its standard input, within `limits`,
/// under `harness` (which a stop of the harness kills).
///
/// Nothing the program starts is left running when this returns: the
/// whole tree is killed and reaped (see [`contain`]), even when the
/// program killed or stopped its keeper (then by the harness's sweep, if
/// it is in charge of the process's children).
///
/// # Errors
/// [`Trouble`] when the harness itself could not do its part.
pub fn run(
    harness: &Harness,
    program: &Program,
    input: &[u8],
    limits: &Limits,
) -> Result<Run, Trouble> {
    let stdin = input_file(input)?;
    let stdout =
        tempfile::tempfile().map_err(|e| Trouble::system("cannot create a temporary file", e))?;
    let (stderr, stderr_writer) =
        io::pipe().map_err(|e| Trouble::system("cannot create a pipe", e))?;
    let kernel = KernelLimits {
        cpu_seconds: limits.cpu.as_secs() + 2,
        file_bytes: limits.output.saturating_add(1),
    };
    let stdio = [
        Stdio::from(stdin),
        Stdio::from(
            stdout
                .try_clone()
                .map_err(|e| Trouble::system("cannot open", e))?,
        ),
        Stdio::from(stderr_writer),
    ];
    // An empty working directory of its own, removed after the run (and
    // by a stop of the harness): runs at once cannot share scratch files.
    let workdir = if program.in_place {
        None
    } else {
        Some(
            TemporaryDir::new(harness, || {
                tempfile::Builder::new().prefix("boardsolve-run-").tempdir()
            })
            .map_err(|e| Trouble::system("cannot create a working directory for the run", e))?,
        )
    };
    let (mut keeper, report) = harness.spawn_tracked(
        |keeper| {
            contain::spawn(
                keeper,
                &program.path,
                &program.args,
                kernel,
                stdio,
                workdir.as_ref().map(TemporaryDir::path),
                &program.env,
            )
        },
        &format!("cannot start {}", program.shown),
    )?;
    let start = Instant::now();
    let drain = drain::Drain::start(stderr);
    let drain = match drain {
        Ok(drain) => drain,
        Err(trouble) => {
            drop(keeper);
            return Err(trouble);
        }
    };
    let too_loud = || program.error_bound.is_some_and(|b| drain.written() > b);
    let watched = watch(&mut keeper, limits, start, &too_loud);
    let said = report.read();
    // Whatever the keeper could not clean up (it was killed or stopped),
    // and whatever another run's dead keeper left.
    harness.sweep();
    let stderr = renamed(drain.finish(), &program.names);
    if harness.stopping() {
        return Err(Trouble::Interrupted);
    }
    if watched.stopped == Some(Stopped::Starved) {
        return Err(starved(&said, &watched, limits, program));
    }
    let (ending, usage) = ended(said, &watched, limits, &stdout, program)?;
    // Output cut short because the disk under the temporary files is
    // full is the harness's trouble, not the program's wrong answer or
    // runtime error (its write failed with ENOSPC). The output limit is
    // a file size limit (EFBIG), set well within any disk.
    if ending != Ending::OutputLimit && out_of_room(&stdout) {
        return Err(Trouble::system(
            format!(
                "no room for the output of {} in the temporary directory {} (set TMPDIR to a larger one)",
                program.shown,
                std::env::temp_dir().display()
            ),
            io::Error::from_raw_os_error(libc::ENOSPC),
        ));
    }
    Ok(Run {
        ending,
        usage,
        stdout: Spooled::from_file(stdout, limits.output)
            .map_err(|e| Trouble::system("cannot read the output back", e))?,
        stderr,
    })
}

/// `input` in an unnamed temporary file, read from its start: the
/// program's standard input.
fn input_file(input: &[u8]) -> Result<File, Trouble> {
    let mut stdin =
        tempfile::tempfile().map_err(|e| Trouble::system("cannot create a temporary file", e))?;
    stdin
        .write_all(input)
        .and_then(|()| stdin.seek(SeekFrom::Start(0)).map(drop))
        .map_err(|e| Trouble::system("cannot write the input to a temporary file", e))?;
    Ok(stdin)
}

/// How a run ended and what it used, from what its keeper said and what
/// watching it saw.
///
/// # Errors
/// A program the kernel would not start, or a keeper that exited
/// without a report: the harness's trouble.
fn ended(
    said: contain::Said,
    watched: &Watched,
    limits: &Limits,
    stdout: &File,
    program: &Program,
) -> Result<(Ending, Usage), Trouble> {
    match said {
        contain::Said::CannotStart(e) => {
            // The kernel refused the file itself: a corrupt or foreign
            // executable, or a script without its `#!` line (which
            // judges do not run through a shell either).
            let hint = if e.raw_os_error() == Some(libc::ENOEXEC) {
                " (not a program this machine can run; a script needs a first line such as #!/bin/sh)"
            } else {
                ""
            };
            Err(Trouble::system(
                format!("cannot start {}{hint}", program.shown),
                e,
            ))
        }
        contain::Said::Report(report) => {
            let usage = Usage {
                cpu: report.cpu,
                wall: report.wall,
                peak_kib: report.peak_kib.max(1),
            };
            Ok((
                decide(&report, usage, watched.stopped, limits, stdout),
                usage,
            ))
        }
        contain::Said::Nothing if watched.keeper.code().is_some() => {
            Err(Trouble::KeeperSilent(watched.keeper.code().unwrap_or(-1)))
        }
        contain::Said::Nothing => {
            // The keeper died without a word: killed by us after it did
            // not stop in time, or by the program. The samples are all
            // there is.
            let usage = Usage {
                cpu: watched.cpu,
                wall: watched.ended,
                peak_kib: watched.peak_kib.max(1),
            };
            let ending = match watched.stopped {
                Some(why) => why.ending(),
                None => {
                    Ending::KeeperAttacked(Attack::Killed(watched.keeper.signal().unwrap_or(0)))
                }
            };
            Ok((ending, usage))
        }
    }
}

/// `bytes` with every `(from, to)` of `names` replaced, in order.
fn renamed(mut bytes: Vec<u8>, names: &[(String, String)]) -> Vec<u8> {
    for (from, to) in names {
        let from = from.as_bytes();
        if from.is_empty() {
            continue;
        }
        let mut out = Vec::with_capacity(bytes.len());
        let mut rest = bytes.as_slice();
        while let Some(at) = rest.windows(from.len()).position(|w| w == from) {
            out.extend_from_slice(&rest[..at]);
            out.extend_from_slice(to.as_bytes());
            rest = &rest[at + from.len()..];
        }
        out.extend_from_slice(rest);
        bytes = out;
    }
    bytes
}

/// The trouble of a run stopped at [`Limits::starvation_bound`], with
/// the kernel's account of it when the keeper gave one.
fn starved(said: &contain::Said, watched: &Watched, limits: &Limits, program: &Program) -> Trouble {
    let (cpu, wall) = match said {
        contain::Said::Report(report) => (report.cpu, report.wall),
        _ => (watched.cpu, watched.ended),
    };
    Trouble::Starved {
        program: program.shown.clone(),
        cpu_ms: cpu.as_millis(),
        wall_ms: wall.as_millis(),
        percent: (cpu.as_secs_f64() * 100.0 / wall.as_secs_f64().max(1e-9)).round() as u32,
        bound_ms: limits.starvation_bound().as_millis(),
    }
}

/// Whether the filesystem holding `file` (the program's standard
/// output) is full: less than 64 KiB left for the user.
fn out_of_room(file: &File) -> bool {
    rustix::fs::fstatvfs(file).is_ok_and(|v| v.f_bavail.saturating_mul(v.f_frsize) < 64 << 10)
}

/// Why the harness stopped a run itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stopped {
    Cpu,
    Wall,
    Memory,
    /// The program stopped the keeper (`SIGSTOP`), which was then killed.
    Keeper,
    /// The run reached [`Limits::starvation_bound`] without reaching a
    /// limit: the machine gave it too little of a CPU to judge it.
    Starved,
    /// It wrote more to standard error than its program's bound.
    Errors,
}

impl Stopped {
    fn ending(self) -> Ending {
        match self {
            Stopped::Cpu => Ending::CpuLimit,
            Stopped::Wall => Ending::WallLimit,
            Stopped::Memory => Ending::MemoryLimit,
            Stopped::Keeper => Ending::KeeperAttacked(Attack::Stopped),
            Stopped::Errors => Ending::OutputLimit,
            // Turned into harness trouble before an ending is asked for;
            // should it ever get here, it is a time limit on the wall clock.
            Stopped::Starved => Ending::WallLimit,
        }
    }
}

/// What watching a run gave.
struct Watched {
    /// Why the harness stopped it, if it did.
    stopped: Option<Stopped>,
    /// The keeper's own exit status.
    keeper: ExitStatus,
    /// The last sampled CPU time of the tree.
    cpu: Duration,
    /// The largest sampled peak of one process, in KiB.
    peak_kib: u64,
    /// From the start until the keeper was reaped (the sweep of what a
    /// killed keeper left is not the program's time).
    ended: Duration,
}

/// How often the tree's proportional memory (`smaps_rollup`, which walks
/// every page table) is summed: slower than the other samples.
const PSS_EVERY: Duration = Duration::from_millis(50);

/// Waits for the keeper, sampling the tree and stopping it at a limit
/// (or once `too_loud` says its standard error passed its bound); kills
/// the keeper if it does not stop within [`interrupt::GRACE`] or if the
/// program stopped it.
fn watch(
    keeper: &mut interrupt::Tracked,
    limits: &Limits,
    start: Instant,
    too_loud: &dyn Fn() -> bool,
) -> Watched {
    let mut pause = Duration::from_micros(100);
    let mut stopped = None;
    let mut stopped_at = start;
    let mut killed = false;
    let mut looks = Looks::new(start);
    let exit = ExitWatch::new(keeper.pid());
    loop {
        if stopped.is_none() {
            stopped = looks
                .look(keeper.pid(), limits)
                .or_else(|| too_loud().then_some(Stopped::Errors));
            match stopped {
                Some(Stopped::Keeper) => {
                    keeper.kill();
                    killed = true;
                }
                Some(_) => {
                    // The keeper first: one signal, and it kills the
                    // program's process group (or, isolated, its whole
                    // namespace) in one system call. Then killed from
                    // here too, not left to the keeper, which may be
                    // starved by a tree of thousands of busy processes.
                    keeper.stop();
                    contain::kill_below(keeper.pid());
                }
                None => {}
            }
            stopped_at = Instant::now();
        } else if !killed && stopped_at.elapsed() > interrupt::GRACE {
            keeper.kill();
            killed = true;
        }
        // Sampled before reaping, so even a run that ends at once has a
        // look at its memory.
        if let Some(status) = keeper.try_reap() {
            return Watched {
                stopped,
                keeper: status,
                cpu: looks.cpu,
                peak_kib: looks.peak_bytes / 1024,
                ended: start.elapsed(),
            };
        }
        exit.wait(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// The shortest a look at the tree is allowed to take before it is cut
/// short: a walk cut at once would see nothing.
const SHORTEST_LOOK: Duration = Duration::from_millis(100);

/// The samples of one run, and what they add up to.
struct Looks {
    start: Instant,
    last_pss: Instant,
    /// The largest CPU time of the tree seen.
    cpu: Duration,
    /// The largest peak of one process seen, in bytes.
    peak_bytes: u64,
    /// What every thread of the tree has spent on and waiting for a CPU.
    schedule: tree::Schedule,
    /// When the last look ended, and the tree's busy time then.
    last: (Instant, Duration),
    /// The time so far in which no thread of the tree ran or waited for
    /// a CPU: the time it slept (or was blocked).
    idle: Duration,
}

impl Looks {
    fn new(start: Instant) -> Looks {
        Looks {
            start,
            last_pss: start,
            cpu: Duration::ZERO,
            peak_bytes: 0,
            schedule: tree::Schedule::default(),
            last: (start, Duration::ZERO),
            idle: Duration::ZERO,
        }
    }

    /// Adds the time since the last look in which the tree was idle.
    ///
    /// A look that finds a thread running or waiting on a run queue
    /// (state `R`) counts the time since the last look as busy: a thread
    /// that waits for a CPU is starved by other programs, not sleeping,
    /// so a busy machine (or `--jobs` above the cores) does not make a
    /// program that computes look like one that sleeps. Otherwise what
    /// the threads' `schedstat` grew by (time on and waiting for a CPU;
    /// the kernel adds a wait when it ends) counts as busy, but for at
    /// most the time between two looks (a few milliseconds): forty
    /// processes that waited at once are not forty times the wait, so a
    /// crowd of waiters cannot buy its sleeping parent more time.
    fn add_idle(&mut self, runnable: bool) {
        let now = Instant::now();
        let busy = self.cpu.max(self.schedule.running()) + self.schedule.waiting();
        let between = now.duration_since(self.last.0);
        if !runnable {
            self.idle += between.saturating_sub(busy.saturating_sub(self.last.1));
        }
        self.last = (now, busy);
    }

    /// Samples the tree under the keeper `root` and says whether a limit
    /// is reached.
    fn look(&mut self, root: i32, limits: &Limits) -> Option<Stopped> {
        let pss_due = self.last_pss.elapsed() >= PSS_EVERY;
        if pss_due {
            self.last_pss = Instant::now();
        }
        // A look at a huge tree on a starved machine can take seconds: it
        // is cut short when the tree, if it slept from now on, would reach
        // the wall cap, and at the hard bound, so no run lasts much past
        // either.
        let room = limits.wall.saturating_sub(self.idle).max(SHORTEST_LOOK);
        let due = (Instant::now() + room).min(self.start + limits.starvation_bound());
        let sample = tree::sample(root, pss_due, due, &mut self.schedule);
        // `stat` counts in ticks of 10 ms, which a process that runs for
        // less than one may never get (a fork bomb of short spinners has
        // seconds of CPU time in thousands of nearly empty counts); the
        // threads' `schedstat` counts nanoseconds.
        self.cpu = self.cpu.max(sample.cpu).max(self.schedule.running());
        self.peak_bytes = self.peak_bytes.max(sample.largest_peak_bytes);
        self.add_idle(sample.runnable);
        let elapsed = self.start.elapsed();
        if sample.keeper_stopped {
            Some(Stopped::Keeper)
        } else if self.cpu > limits.cpu {
            Some(Stopped::Cpu)
        } else if self.idle > limits.wall {
            Some(Stopped::Wall)
        } else if limits.memory.is_some_and(|m| {
            sample.largest_peak_bytes > m || sample.pss_bytes.is_some_and(|pss| pss > m)
        }) {
            Some(Stopped::Memory)
        } else if elapsed > limits.starvation_bound() {
            Some(Stopped::Starved)
        } else {
            None
        }
    }
}

/// Waits for a process to end or a pause to pass, whichever is first, so
/// that a run is reaped the moment it ends instead of at the next look.
struct ExitWatch {
    /// A pidfd of the keeper, or `None` where the kernel has none (before
    /// Linux 5.3): then the pause is slept out.
    fd: Option<std::os::fd::OwnedFd>,
}

impl ExitWatch {
    fn new(pid: libc::pid_t) -> ExitWatch {
        let fd = rustix::process::Pid::from_raw(pid).and_then(|pid| {
            rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
        });
        ExitWatch { fd }
    }

    fn wait(&self, pause: Duration) {
        let Some(fd) = &self.fd else {
            std::thread::sleep(pause);
            return;
        };
        let mut poll = [rustix::event::PollFd::new(fd, rustix::event::PollFlags::IN)];
        let timeout = rustix::event::Timespec {
            tv_sec: 0,
            tv_nsec: pause.subsec_nanos().into(),
        };
        let _ = rustix::event::poll(&mut poll, Some(&timeout));
    }
}

/// The ending of a run the keeper reported on.
fn decide(
    report: &contain::Report,
    usage: Usage,
    stopped: Option<Stopped>,
    limits: &Limits,
    stdout: &File,
) -> Ending {
    if let Some(why) = stopped {
        // A tree too big to sample in time may be stopped by the wall
        // clock after all: the kernel's total then says it computed.
        if why == Stopped::Wall && usage.cpu > limits.cpu {
            return Ending::CpuLimit;
        }
        return why.ending();
    }
    // The keeper was told to stop, and not by boardsolve.
    if let Some(signal) = report.stopped_by {
        return Ending::KeeperAttacked(Attack::Signaled(signal));
    }
    let Some(status) = report.status else {
        return Ending::KeeperAttacked(Attack::Signaled(0));
    };
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

/// How many runs may go at once under the open-file limit: each takes a
/// handful of descriptors (its three files, `exec`'s pipe, `/proc` reads).
pub fn max_parallel_runs() -> usize {
    // No soft limit (`None`) is RLIM_INFINITY.
    let soft = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .unwrap_or(u64::MAX);
    usize::try_from(soft.saturating_sub(32) / 8)
        .unwrap_or(usize::MAX)
        .max(1)
}

mod drain;
mod limits;
pub use drain::{STDERR_KEPT, stderr_parts};
pub use limits::{Attack, Ending, Limits, STARVATION_FACTOR, Usage, signal_name};
pub(super) mod tree;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness;

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
        // The tests' counter of markers, unique in the process since the
        // tests run in parallel threads of it.
        static NEXT: AtomicU32 = AtomicU32::new(1);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        format!("1000.{}{n:03}", std::process::id())
    }

    #[test]
    fn echoes_exit_codes_and_signals() {
        let h = harness::testing();
        let r = run(
            &h,
            &sh("cat; echo oops >&2; exit 3"),
            b"hello",
            &limits(5000),
        )
        .unwrap();
        assert_eq!(r.ending, Ending::Exited(3));
        assert_eq!(r.stdout.bytes_up_to(1 << 20).unwrap().unwrap(), b"hello");
        assert_eq!(r.stderr, b"oops\n");
        let r = run(&h, &sh("kill -SEGV $$"), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Signaled(libc::SIGSEGV));
        assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
    }

    #[test]
    fn nothing_outlives_a_run_not_even_setsid_or_double_fork_escapes() {
        let h = harness::testing();
        let (a, b) = (marker(), marker());
        let script = format!("setsid sleep {a} & (sleep {b} &) ; echo done");
        let r = run(&h, &sh(&script), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert_eq!(r.stdout.bytes_up_to(1 << 20).unwrap().unwrap(), b"done\n");
        assert_eq!(
            alive(&a) + alive(&b),
            0,
            "an escaped process outlived the run"
        );
    }

    #[test]
    fn the_cpu_limit_holds_whatever_an_escaped_child_holds_open() {
        let h = harness::testing();
        let a = marker();
        let script = format!("setsid sleep {a} & while :; do :; done");
        let start = Instant::now();
        let r = run(&h, &sh(&script), b"", &limits(200)).unwrap();
        assert_eq!(r.ending, Ending::CpuLimit);
        assert!(r.usage.cpu >= Duration::from_millis(200), "{:?}", r.usage);
        // Only a hang reaches this: the escaped `sleep` holds standard
        // output open for 1000 s.
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(alive(&a), 0);
    }

    #[test]
    fn sleeping_is_stopped_by_the_wall_clock_not_counted_as_cpu() {
        let h = harness::testing();
        let r = run(&h, &sh("sleep 0.3; echo late"), b"", &limits(100)).unwrap();
        // 0.3 s of sleep is within the wall limit of 3 x 0.1 + 1 s.
        assert_eq!(r.ending, Ending::Exited(0));
        assert!(r.usage.cpu < Duration::from_millis(100), "{:?}", r.usage);
        let r = run(&h, &sh("sleep 30"), b"", &limits(100)).unwrap();
        assert_eq!(r.ending, Ending::WallLimit);
        // Cut well short of the 30 s sleep; the cap of 1.3 s may grow
        // by the time a busy machine kept the run waiting for a CPU.
        assert!(r.usage.wall < Duration::from_secs(20), "{:?}", r.usage);
    }

    /// Waits until process `pid` has run on a CPU for a few clock ticks
    /// (its user time in `/proc/PID/stat`), or 30 s have passed.
    fn wait_for_cpu_time(pid: u32) {
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The fields after the command's closing parenthesis; utime is
            // the 14th field of the line, the 12th after it.
            let utime = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(11))
                .and_then(|t| t.parse::<u64>().ok())
                .unwrap_or(0);
            if utime >= 2 {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_run_starved_past_the_hard_bound_is_trouble_naming_its_share_not_a_verdict() {
        if std::process::Command::new("taskset")
            .arg("-V")
            .output()
            .is_err()
        {
            eprintln!("no taskset: skipped");
            return;
        }
        let h = harness::testing();
        // Each in a session of its own, as the program is: with the
        // kernel's autogroups a session shares a CPU as one.
        let mut busy: Vec<_> = (0..4)
            .map(|_| {
                std::process::Command::new("setsid")
                    .args(["taskset", "-c", "0", "sh", "-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect();
        // Until every loop has had the CPU, the program could have it
        // alone and end within the bound on a busy machine.
        for child in &busy {
            wait_for_cpu_time(child.id());
        }
        // Some 0.6 s of CPU time at a fifth of a CPU, against a hard bound
        // of ten wall caps of 100 ms: it never sleeps, so the wall cap
        // alone (before: the cap and once more) must not stop it.
        let work = Program::new(&[
            "taskset".into(),
            "-c".into(),
            "0".into(),
            "sh".into(),
            "-c".into(),
            "i=0; while [ $i -lt 600000 ]; do i=$((i+1)); done".into(),
        ])
        .unwrap();
        let limits = Limits {
            cpu: Duration::from_secs(20),
            wall: Duration::from_millis(100),
            memory: None,
            output: 1 << 20,
        };
        let result = run(&h, &work, b"", &limits);
        for child in &mut busy {
            let _ = child.kill();
            let _ = child.wait();
        }
        let trouble = result.unwrap_err();
        assert!(matches!(trouble, Trouble::Starved { .. }), "{trouble}");
        let text = trouble.to_string();
        assert!(
            text.contains("too busy") && text.contains("% of a CPU"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1, "{text}");
    }

    #[test]
    fn output_beyond_the_limit_stops_the_program() {
        let h = harness::testing();
        let r = run(&h, &sh("yes"), b"", &limits(5000)).unwrap();
        assert_eq!(r.ending, Ending::OutputLimit);
        assert!(r.stdout.len() <= 1 << 20);
    }

    #[test]
    fn memory_is_measured_and_limited() {
        let h = harness::testing();
        // A shell variable of 64 MiB lives in the shell's memory.
        let script = "x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x}";
        let r = run(&h, &sh(script), b"", &limits(20_000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert!(r.usage.peak_kib >= 64 * 1024, "{:?}", r.usage);
        let tight = Limits::for_cpu(Duration::from_secs(20), Some(32 << 20), 1 << 20);
        let r = run(&h, &sh(script), b"", &tight).unwrap();
        assert_eq!(r.ending, Ending::MemoryLimit);
    }

    #[test]
    fn the_peak_is_the_program_not_boardsolve_and_is_exact_even_for_an_instant_run() {
        let h = harness::testing();
        // 128 MiB touched here: a keeper forked from this process would
        // carry it into the program's peak across `exec`.
        let big = vec![1u8; 128 << 20];
        let mut peaks = Vec::new();
        for _ in 0..5 {
            let r = run(&h, &sh("echo small"), b"", &limits(5000)).unwrap();
            assert_eq!(r.ending, Ending::Exited(0));
            assert!(r.usage.wall >= r.usage.cpu, "{:?}", r.usage);
            peaks.push(r.usage.peak_kib);
        }
        // Sampling saw nothing (0) or something of a run this short; the
        // kernel's own peak is the same every time.
        assert!(peaks.iter().all(|&p| p > 0 && p < 16 * 1024), "{peaks:?}");
        let spread = peaks.iter().max().unwrap() - peaks.iter().min().unwrap();
        assert!(spread <= 512, "{peaks:?}");
        assert_eq!(big.iter().map(|&b| u64::from(b)).sum::<u64>(), 128 << 20);
    }

    #[test]
    fn standard_error_keeps_its_start_and_end_and_never_fails_the_run() {
        let h = harness::testing();
        let r = run(&h, &sh("seq 1 500000 >&2; echo 16"), b"", &limits(10_000)).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
        assert_eq!(r.stdout.bytes_up_to(1 << 20).unwrap().unwrap(), b"16\n");
        let text = String::from_utf8(r.stderr).unwrap();
        assert!(text.starts_with("1\n2\n3\n"), "{text}");
        assert!(text.ends_with("499999\n500000\n"), "{text}");
        assert!(text.contains("bytes of standard error not kept"), "{text}");
        assert!(text.len() <= 4096, "{}", text.len());
        // Standard error is no file: the output limit does not apply.
        let tight = Limits::for_cpu(Duration::from_secs(10), None, 1000);
        let r = run(
            &h,
            &sh("head -c 3000000 /dev/zero >&2; echo 16"),
            b"",
            &tight,
        )
        .unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
    }

    #[test]
    fn a_killed_keeper_is_a_runtime_error_and_its_orphans_are_swept() {
        let h = harness::testing();
        let a = marker();
        let script = format!("setsid sleep {a} & sleep 0.05; kill -KILL $PPID; sleep 2");
        let start = Instant::now();
        let r = run(&h, &sh(&script), b"", &limits(5000)).unwrap();
        // Isolated in namespaces, the program's parent is the keeper's
        // init (process 1), which the program cannot kill nor stop.
        let isolated = r.ending == Ending::Exited(0);
        if !isolated {
            assert_eq!(
                r.ending,
                Ending::KeeperAttacked(Attack::Killed(libc::SIGKILL))
            );
        }
        // Only a hang reaches this: the orphan sleeps for 1000 s.
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(alive(&a), 0);
        let r = run(&h, &sh("kill -STOP $PPID; sleep 2"), b"", &limits(5000)).unwrap();
        if isolated {
            assert_eq!(r.ending, Ending::Exited(0));
        } else {
            assert_eq!(r.ending, Ending::KeeperAttacked(Attack::Stopped));
        }
    }

    #[test]
    fn programs_are_checked_before_they_run() {
        let missing = Program::new(&["/no/such/program".into()])
            .unwrap_err()
            .to_string();
        assert!(missing.contains("No such file"), "{missing}");
        let typo = Program::new(&["no-such-program-xyz".into()])
            .unwrap_err()
            .to_string();
        assert!(typo.contains("no such program in PATH"), "{typo}");
        let dir = Program::new(&["/tmp".into()]).unwrap_err().to_string();
        assert!(dir.contains("is a directory"), "{dir}");
        let file = tempfile::NamedTempFile::new().unwrap();
        let plain = Program::new(&[file.path().to_str().unwrap().into()])
            .unwrap_err()
            .to_string();
        assert!(plain.contains("is not executable"), "{plain}");
        assert!(Program::new(&[]).is_err());
    }
}
