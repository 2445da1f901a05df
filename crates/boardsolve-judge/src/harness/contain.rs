//! Containing a program and everything it starts: the keeper process.
//!
//! A program under test is not started directly. boardsolve starts a
//! *keeper*: a fresh copy of its own executable (`/proc/self/exe`) run
//! with the hidden first argument [`KEEPER_ARG`], which [`keeper_entry`]
//! catches at the top of `main`. A fresh `exec`, not a `fork` of
//! boardsolve, because Linux carries the memory high-water mark across
//! `exec`: a program forked from a boardsolve holding hundreds of
//! megabytes would report that as its own peak. The keeper is a few
//! megabytes of ordinary single-threaded Rust.
//!
//! The keeper is a child subreaper (`PR_SET_CHILD_SUBREAPER`): whatever
//! the program starts, even a process that calls `setsid` or double-forks
//! to escape, is reparented to the keeper when its parent dies. When the
//! program ends, or when the keeper gets `SIGTERM` (a limit was passed,
//! or boardsolve is stopping), it kills and reaps every process left in
//! its subtree, then reports the program's status, the kernel's CPU time
//! and largest resident set of every process it reaped
//! (`getrusage(RUSAGE_CHILDREN)`) and the wall time from just before the
//! program started until the last process was reaped, in one write on a
//! pipe boardsolve gave it.
//!
//! The program runs as the same user, so it can signal its keeper. A
//! keeper that is killed or stopped cannot report nor clean up; boardsolve
//! covers for it: its harness in charge makes it a child subreaper too
//! ([`Harness::take_charge`](super::Harness::take_charge)), so
//! the dead keeper's orphans come back to it, and
//! [`Harness::sweep`](super::Harness::sweep) kills and reaps
//! every child of boardsolve that is not a live keeper.

use super::run::tree::{self, children, children_of_process};
use rustix::process::Resource;
use std::ffi::{OsStr, OsString};
use std::io::{self, PipeReader, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The executable a harness starts as keeper: what
/// [`keeper_entry`] returned, so that having one proves `main`
/// called it first.
#[derive(Debug, Clone)]
pub struct Keeper(pub(super) PathBuf);

/// The hidden first argument that makes boardsolve a keeper.
pub const KEEPER_ARG: &str = "__boardsolve-keeper";

/// Call first thing in `main`: in a keeper (started with
/// [`KEEPER_ARG`]) it runs the keeper and never returns; otherwise it
/// returns this executable as the keeper of a
/// [`Harness`](super::Harness). The one place
/// where the library takes signals and exits, in a process of its own.
pub fn keeper_entry() -> Keeper {
    let mut args = std::env::args_os();
    if args.nth(1).as_deref() == Some(OsStr::new(KEEPER_ARG)) {
        keeper::main(args.collect())
    }
    Keeper(PathBuf::from("/proc/self/exe"))
}

/// Makes this process a child subreaper (`on`), so that orphans of a dead
/// keeper come back to it instead of going to `init`, or no longer one;
/// for the harness that takes charge of the process's children.
pub(super) fn become_subreaper(on: bool) -> io::Result<()> {
    sys::become_subreaper(on)
}

/// Limits the kernel enforces on the program itself, besides the ones
/// boardsolve watches: they hold even if boardsolve were stalled.
#[derive(Debug, Clone, Copy)]
pub struct KernelLimits {
    /// `RLIMIT_CPU` in whole seconds, per process (a backstop: the harness
    /// itself enforces the exact limit on the whole tree).
    pub cpu_seconds: u64,
    /// `RLIMIT_FSIZE`: the largest file the program may write, its
    /// standard output included (standard error is a pipe, not limited).
    pub file_bytes: u64,
}

/// What the keeper measured, after it reaped the whole tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// The program's status; `None` when the keeper was told to stop
    /// before the program ended.
    pub status: Option<ExitStatus>,
    /// The signal that told the keeper to stop, if one did. boardsolve
    /// knows whether it sent one; if it did not, the program did.
    pub stopped_by: Option<i32>,
    /// User plus system CPU time of every process of the run.
    pub cpu: Duration,
    /// From just before the program started until the last process of
    /// the run was reaped.
    pub wall: Duration,
    /// The largest resident set of any one process of the run, in KiB
    /// (`ru_maxrss`): never 0 for a program that ran.
    pub peak_kib: u64,
}

/// What a keeper said when it ended.
#[derive(Debug)]
pub enum Said {
    /// It ran the program and reports.
    Report(Report),
    /// The program could not be started (`exec` failed).
    CannotStart(io::Error),
    /// Nothing: the keeper was killed before it could report.
    Nothing,
}

/// The read end of a keeper's report pipe.
#[derive(Debug)]
pub struct ReportPipe(PipeReader);

impl ReportPipe {
    /// What the keeper wrote, read once the keeper has been reaped (it
    /// writes everything in one go before it exits, so nothing is waited
    /// for).
    pub fn read(mut self) -> Said {
        let mut text = Vec::new();
        let _ = self.0.read_to_end(&mut text);
        let text = String::from_utf8_lossy(&text);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.parse::<i64>().ok());
        match fields.first().copied() {
            Some("error") => number(1).map_or(Said::Nothing, |e| {
                Said::CannotStart(io::Error::from_raw_os_error(e as i32))
            }),
            Some("ok") => {
                let (Some(status), Some(stopped), Some(cpu), Some(wall), Some(peak)) =
                    (number(1), number(2), number(3), number(4), number(5))
                else {
                    return Said::Nothing;
                };
                let micros = |v: i64| Duration::from_micros(u64::try_from(v).unwrap_or(0));
                Said::Report(Report {
                    status: (status >= 0).then(|| ExitStatus::from_raw(status as i32)),
                    stopped_by: (stopped > 0).then_some(stopped as i32),
                    cpu: micros(cpu),
                    wall: micros(wall),
                    peak_kib: u64::try_from(peak).unwrap_or(0),
                })
            }
            _ => Said::Nothing,
        }
    }
}

/// Starts `keeper` (a boardsolve binary: a harness's keeper) to run
/// `program` with `args` within `limits`, with the given standard input,
/// output and error (the program's), in `workdir` (else boardsolve's
/// own) and with `env` set over boardsolve's environment (the keeper
/// passes its own on). The child returned is the keeper;
/// its report comes on the pipe returned.
///
/// # Errors
/// What the start of the keeper returned; a program that cannot be
/// started is reported by the keeper instead ([`Said::CannotStart`]).
pub fn spawn(
    keeper: &Path,
    program: &Path,
    args: &[String],
    limits: KernelLimits,
    stdio: [Stdio; 3],
    workdir: Option<&Path>,
    env: &[(OsString, OsString)],
) -> io::Result<(Child, ReportPipe)> {
    let (reader, writer) = io::pipe()?;
    sys::set_nonblocking(&reader)?;
    // The write end must survive the keeper's exec, so it loses its
    // close-on-exec flag. A child another thread starts meanwhile may
    // inherit it too: keepers close every descriptor they were not meant
    // to have, and the report is read without waiting for end-of-file.
    sys::set_cloexec(&writer, false)?;
    let [stdin, stdout, stderr] = stdio;
    let mut command = Command::new(keeper);
    command
        .arg(KEEPER_ARG)
        .arg(writer.as_raw_fd().to_string())
        .arg(std::process::id().to_string())
        .arg(limits.cpu_seconds.to_string())
        .arg(limits.file_bytes.to_string())
        .arg(program)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        // Out of the terminal's process group: Ctrl-C goes to boardsolve,
        // which stops every run itself.
        .process_group(0);
    // The program inherits the keeper's working directory.
    if let Some(dir) = workdir {
        command.current_dir(dir);
    }
    command.envs(env.iter().map(|(name, value)| (name, value)));
    let child = command.spawn();
    // Our copies of the write ends (report and the program's standard
    // error) close here, so only the run holds them.
    drop(command);
    drop(writer);
    Ok((child?, ReportPipe(reader)))
}

/// Kills and reaps every child of this process for which `spare` is
/// false, then every process that comes back to it (the orphans of those
/// killed, reparented here since this process is a subreaper), until no
/// such child is left. Each is reaped by its own pid, never with
/// `waitpid(-1)`, so the spared children stay for their owners to reap.
///
/// Only for the harness in charge of the process's children: in any
/// other process, children that are not keepers may be someone else's.
pub(super) fn sweep(spare: impl Fn(libc::pid_t) -> bool) {
    let me = sys::getpid();
    loop {
        let strays: Vec<libc::pid_t> = children(me).into_iter().filter(|&p| !spare(p)).collect();
        if strays.is_empty() {
            return;
        }
        for &pid in &strays {
            // Our own unreaped children: their pids cannot be reused.
            sys::kill(pid, libc::SIGKILL);
            kill_below(pid);
        }
        for &pid in &strays {
            sys::waitpid(pid);
        }
    }
}

/// Kills every descendant of `root` that can be reached now, all in one
/// pass, top down (a killed process forks no more): a fork bomb many
/// levels deep dies at once instead of one level per round as each
/// level's orphans are reparented. `root` must be this process or a child
/// of it not yet reaped, so that its pid cannot have been reused.
///
/// Below `root`, a pid read from a children list is only signalled
/// through a pidfd opened on it, after checking that its parent is still
/// the process whose list named it, and a killed process's own list is
/// only trusted if it had not yet exited when the list was read: a pid
/// reused by an unrelated process in the meantime is never touched.
/// Without pidfds (before Linux 5.3) only `root`'s own children are
/// killed here; the others follow as they are reparented.
pub fn kill_below(root: libc::pid_t) {
    let mut pending: Vec<(libc::pid_t, Option<sys::PidFd>)> = vec![(root, None)];
    let mut visited = 0usize;
    while let Some((parent, handle)) = pending.pop() {
        let listed = children_of_process(parent);
        if handle.as_ref().is_some_and(sys::PidFd::exited) {
            // Its children went to a subreaper; the list may not be its.
            continue;
        }
        for pid in listed {
            visited += 1;
            if visited > 1_000_000 {
                return;
            }
            match sys::PidFd::open(pid) {
                Some(fd) => {
                    if tree::parent_of(pid) != Some(parent) {
                        continue;
                    }
                    // A keeper's init is spared: it kills everything of
                    // its namespace in one call and reaps it, so the CPU
                    // time of the dead is accounted. Killed itself, it
                    // would take them with it unaccounted (the kernel
                    // reaps them behind its back).
                    if !tree::is_namespace_init(pid) {
                        fd.kill();
                    }
                    pending.push((pid, Some(fd)));
                }
                None if parent == root && root == sys::getpid() => {
                    // No pidfds: our own children are safe to signal.
                    sys::kill(pid, libc::SIGKILL);
                }
                None => {}
            }
        }
    }
}

/// The keeper itself, after its `exec`: single-threaded, so ordinary
/// Rust.
mod keeper {
    use super::*;

    /// Runs the keeper with the arguments after [`KEEPER_ARG`]:
    /// report descriptor, boardsolve's pid, CPU seconds, file bytes,
    /// program, its arguments.
    pub(super) fn main(args: Vec<OsString>) -> ! {
        let number = |i: usize| -> i64 {
            args.get(i)
                .and_then(|a| a.to_str()?.parse().ok())
                .unwrap_or_else(|| {
                    let _ = writeln!(io::stderr(), "boardsolve keeper: bad arguments");
                    std::process::exit(125)
                })
        };
        let report_fd = RawFd::try_from(number(0)).unwrap_or(-1);
        let boardsolve = libc::pid_t::try_from(number(1)).unwrap_or(-1);
        let limits = KernelLimits {
            cpu_seconds: u64::try_from(number(2)).unwrap_or(1),
            file_bytes: u64::try_from(number(3)).unwrap_or(0),
        };
        let Some(program) = args.get(4) else {
            std::process::exit(125)
        };
        if report_fd < 3 || !sys::is_open(report_fd) {
            std::process::exit(125);
        }
        // SAFETY: the descriptor is open (just checked) and was handed to
        // the keeper for this alone; nothing else in the process owns it.
        let mut report = unsafe { std::fs::File::from_raw_fd(report_fd) };
        if sys::set_cloexec(&report, true).is_err() {
            std::process::exit(125);
        }
        sys::close_all_but(report_fd);
        let error =
            |e: io::Error| Some(format!("error {}\n", e.raw_os_error().unwrap_or(libc::EIO)));
        let text = match prepare(boardsolve) {
            Ok((signals, isolated)) => match sys::Exec::new(program, &args[5..], isolated) {
                Ok(exec) if isolated => relay(&exec, limits, &signals),
                Ok(exec) => Some(run(&exec, limits, &signals)),
                Err(e) => error(e),
            },
            Err(e) => error(e),
        };
        if let Some(text) = text {
            // One write of a few dozen bytes: atomic on a pipe.
            let _ = report.write_all(text.as_bytes());
        }
        std::process::exit(0)
    }

    /// Where the kernel allows it, moves the keeper into a new IPC
    /// namespace and makes its next child the first process (the `init`)
    /// of a new PID namespace: directly as root (or with
    /// `CAP_SYS_ADMIN`), else inside a new user namespace that maps the
    /// user to itself. Whether it did; `BOARDSOLVE_CONTAIN=plain` in the
    /// environment says not to try.
    fn isolate() -> bool {
        if std::env::var_os("BOARDSOLVE_CONTAIN").is_some_and(|v| v == "plain") {
            return false;
        }
        let wanted = libc::CLONE_NEWPID | libc::CLONE_NEWIPC;
        if sys::unshare(wanted).is_ok() {
            return true;
        }
        let (uid, gid) = (sys::getuid(), sys::getgid());
        if sys::unshare(libc::CLONE_NEWUSER).is_err() {
            return false;
        }
        // The user stays itself inside: its files, its working directory.
        let mapped = std::fs::write("/proc/self/setgroups", "deny")
            .and_then(|()| std::fs::write("/proc/self/uid_map", format!("{uid} {uid} 1")))
            .and_then(|()| std::fs::write("/proc/self/gid_map", format!("{gid} {gid} 1")));
        mapped.is_ok() && sys::unshare(wanted).is_ok()
    }

    /// The keeper's part when isolated: it forks the namespace's `init`,
    /// which runs the program ([`run`]: it returns into `main`, which
    /// writes the report), and waits for it, passing on the signals that
    /// tell it to stop. The program cannot name the keeper (it has no pid
    /// in the program's namespace), and when the `init` ends, however it
    /// ends, the kernel kills every process of the namespace: nothing
    /// outlives the run, even if boardsolve and the keeper are killed.
    /// Returns the report to write: the `init`'s (in the `init`), none in
    /// the keeper if the `init` reported, else the keeper's own
    /// accounting (the `init` was killed at a limit).
    fn relay(exec: &sys::Exec, limits: KernelLimits, signals: &sys::SigSet) -> Option<String> {
        let start = Instant::now();
        let init = match sys::fork() {
            Ok(0) => {
                // If the keeper is killed, the namespace goes with this.
                let _ = rustix::process::set_parent_process_death_signal(Some(
                    rustix::process::Signal::KILL,
                ));
                return Some(run(exec, limits, signals));
            }
            Ok(pid) => pid,
            Err(e) => return Some(format!("error {}\n", e.raw_os_error().unwrap_or(libc::EIO))),
        };
        let mut stopped_by = None;
        let status = loop {
            match sys::reap_any() {
                Ok(Some((pid, raw))) if pid == init => break raw,
                Err(_) => break -1,
                _ => {}
            }
            match sys::sigwait(signals) {
                libc::SIGCHLD | -1 => {}
                signal => {
                    stopped_by.get_or_insert(signal);
                    sys::kill(init, signal);
                }
            }
        };
        if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
            return None;
        }
        let wall = start.elapsed();
        let (cpu, peak_kib) = sys::children_usage();
        Some(format!(
            "ok -1 {} {} {} {}\n",
            stopped_by.unwrap_or(0),
            cpu.as_micros(),
            wall.as_micros(),
            peak_kib
        ))
    }

    /// Everything before the program starts; returns the signals the
    /// keeper waits for (blocked, so they are taken by `sigwait`).
    fn prepare(boardsolve: libc::pid_t) -> io::Result<(sys::SigSet, bool)> {
        let isolated = isolate();
        // If boardsolve dies, the tree goes with it. (Set after entering a
        // user namespace, whose new credentials clear it.)
        rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::TERM))?;
        if sys::getppid() != boardsolve {
            // boardsolve died before the death signal was set.
            std::process::exit(1);
        }
        sys::become_subreaper(true)?;
        // Not dumpable: a program of another user cannot read the report
        // pipe through /proc (the same user can; see docs/architecture.md).
        rustix::process::set_dumpable_behavior(rustix::process::DumpableBehavior::NotDumpable)?;
        use nix::sys::signal::Signal;
        let signals = sys::SigSet::of(&[
            Signal::SIGCHLD,
            Signal::SIGTERM,
            Signal::SIGINT,
            Signal::SIGHUP,
        ]);
        // Blocked before the program exists, so none is missed; std
        // empties the mask again in the program.
        sys::sigprocmask(&signals)?;
        sys::setrlimit(Resource::Core, 0, 0)?;
        Ok((signals, isolated))
    }

    /// The program's own limits, set between `fork` and `exec`.
    ///
    /// Setting them there also makes std `fork` rather than `vfork`
    /// (`posix_spawn`): after a `vfork`, `exec` would carry the keeper's
    /// whole memory high-water mark into the program's peak, while a
    /// forked copy holds only the keeper's few written pages.
    fn limit(limits: KernelLimits) -> io::Result<()> {
        sys::setrlimit(
            Resource::Cpu,
            limits.cpu_seconds,
            limits.cpu_seconds.saturating_add(1),
        )?;
        sys::setrlimit(Resource::Fsize, limits.file_bytes, limits.file_bytes)
    }

    /// Runs the program, empties the tree, and returns the report.
    fn run(exec: &sys::Exec, limits: KernelLimits, signals: &sys::SigSet) -> String {
        let mut command = Command::new(exec.program());
        let exec = exec.clone();
        // SAFETY: the keeper is single-threaded, so the child of its fork
        // may allocate; the rest are plain system calls.
        unsafe {
            command.pre_exec(move || {
                limit(limits)?;
                // Its own session: no controlling terminal, so it cannot
                // take the terminal from boardsolve (`tcsetpgrp` on
                // /dev/tty), and its own process group, so that `kill 0`
                // in the program (a shell's clean-up trap) reaches its
                // own processes, not the keeper.
                rustix::process::setsid()?;
                // Should the keeper die, the program dies with it (what it
                // started is left to boardsolve's sweep, or, isolated, to
                // the kernel).
                rustix::process::set_parent_process_death_signal(Some(
                    rustix::process::Signal::KILL,
                ))?;
                // `execve` itself, not std's `execvp`, which runs a file
                // the kernel refuses (a corrupt executable) with /bin/sh:
                // its failure is reported through std's pipe instead.
                Err(exec.execve())
            });
        }
        let start = Instant::now();
        let child = command.spawn();
        let program = match child {
            Ok(child) => libc::pid_t::try_from(child.id()).unwrap_or(-1),
            Err(e) => return format!("error {}\n", e.raw_os_error().unwrap_or(libc::EIO)),
        };
        let mut status: Option<i32> = None;
        let mut stopped_by = None;
        while status.is_none() {
            // Reap whatever ended: the program, or an escaped orphan.
            while let Ok(Some((pid, raw))) = sys::reap_any() {
                if pid == program {
                    status = Some(raw);
                }
            }
            if status.is_some() {
                break;
            }
            match sys::sigwait(signals) {
                libc::SIGCHLD | -1 => {}
                signal => {
                    stopped_by = Some(signal);
                    break;
                }
            }
        }
        if status.is_none() {
            // Told to stop: the program's whole process group at once
            // (a fork bomb stays in it), before the walk for escapees.
            // Not yet reaped, its pid cannot name another group.
            sys::kill(-program, libc::SIGKILL);
        }
        kill_subtree();
        let wall = start.elapsed();
        let (cpu, peak_kib) = sys::children_usage();
        format!(
            "ok {} {} {} {} {}\n",
            status.unwrap_or(-1),
            stopped_by.unwrap_or(0),
            cpu.as_micros(),
            wall.as_micros(),
            peak_kib
        )
    }

    /// Kills and reaps every process in the keeper's subtree: its children
    /// are killed, their children are reparented to the keeper and killed
    /// in the next round, until no child is left.
    fn kill_subtree() {
        let me = sys::getpid();
        if me == 1 {
            // The init of the run's own PID namespace: one system call
            // kills every other process in it, however many and however
            // busy (a fork bomb), then they are reaped here.
            sys::kill_all_but_me();
            loop {
                match sys::reap_any() {
                    Ok(Some(_)) => {}
                    Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return,
                    // A process forked while the signal went round.
                    _ => {
                        std::thread::sleep(Duration::from_micros(200));
                        sys::kill_all_but_me();
                    }
                }
            }
        }
        loop {
            for pid in children(me) {
                sys::kill(pid, libc::SIGKILL);
            }
            kill_below(me);
            let mut reaped = false;
            loop {
                match sys::reap_any() {
                    Ok(Some(_)) => reaped = true,
                    Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return,
                    _ => break,
                }
            }
            if !reaped {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

mod sys;

/// Sends `signal` to `pid` (one of this process's own children, not yet
/// reaped); whether it was delivered.
pub fn signal(pid: libc::pid_t, signal: libc::c_int) -> bool {
    sys::kill(pid, signal)
}

/// For tests in the library itself, whose executable is the test binary:
/// it must serve as keeper too (`harness::testing`), and `main` is
/// libtest's. glibc calls the functions of `.init_array` before `main`
/// with `argc` and `argv`.
#[cfg(test)]
mod test_keeper {
    #[used]
    #[unsafe(link_section = ".init_array")]
    static HOOK: extern "C" fn(libc::c_int, *const *const libc::c_char) = hook;

    extern "C" fn hook(argc: libc::c_int, argv: *const *const libc::c_char) {
        let args: Vec<std::ffi::OsString> = (0..usize::try_from(argc).unwrap_or(0))
            .map(|i| {
                // SAFETY: glibc passes the process's argc and argv, argc
                // NUL-terminated strings that live as long as the process.
                let arg = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
                <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(arg.to_bytes())
                    .to_owned()
            })
            .collect();
        if args.get(1).is_some_and(|a| a == super::KEEPER_ARG) {
            super::keeper::main(args[2..].to_vec())
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn parents_and_children_are_read_from_proc() {
        // Our parent's children, not ours: a sweep by another test of
        // this (in charge) process would take a child of ours.
        let me = libc::pid_t::try_from(std::process::id()).unwrap();
        let parent = super::sys::getppid();
        assert_eq!(super::tree::parent_of(me), Some(parent));
        assert!(super::children(parent).contains(&me));
        assert!(super::tree::children_by_scan(parent).contains(&me));
    }
}
