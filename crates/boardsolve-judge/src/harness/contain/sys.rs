//! Thin safe wrappers of the system calls used here: rustix's where it
//! has them, else one `unsafe` each.

use rustix::process::Resource;
use rustix::process::{Pid, Rlimit, Signal, WaitOptions};
use std::ffi::{OsStr, OsString};
use std::io;
use std::os::fd::AsFd;
use std::os::fd::RawFd;
use std::time::Duration;

/// Makes this process a child subreaper (`PR_SET_CHILD_SUBREAPER`),
/// or no longer one.
pub fn become_subreaper(on: bool) -> io::Result<()> {
    let me = on.then(rustix::process::getpid);
    Ok(rustix::process::set_child_subreaper(me)?)
}

pub fn getpid() -> libc::pid_t {
    rustix::process::getpid().as_raw_pid()
}

pub fn getppid() -> libc::pid_t {
    rustix::process::getppid().map_or(0, Pid::as_raw_pid)
}

pub fn getuid() -> u32 {
    rustix::process::getuid().as_raw()
}

pub fn getgid() -> u32 {
    rustix::process::getgid().as_raw()
}

/// `unshare(flags)`.
pub fn unshare(flags: libc::c_int) -> io::Result<()> {
    // SAFETY: unshare only changes this (single-threaded) process's
    // namespaces.
    if unsafe { libc::unshare(flags) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// `fork()`: the child's pid in the parent, 0 in the child. Only in
/// the keeper, which is single-threaded.
pub fn fork() -> io::Result<libc::pid_t> {
    // SAFETY: the keeper is single-threaded: the child is a whole
    // copy with no lock held by a vanished thread.
    match unsafe { libc::fork() } {
        -1 => Err(io::Error::last_os_error()),
        pid => Ok(pid),
    }
}

/// `kill(-1, SIGKILL)`: only in the init of a PID namespace, where it
/// reaches every other process of the namespace and nothing outside.
pub fn kill_all_but_me() {
    if getpid() == 1 {
        // In pid 1 of a namespace, -1 cannot reach a process outside
        // it. nix's kill: rustix's takes no -1.
        let every = nix::unistd::Pid::from_raw(-1);
        let _ = nix::sys::signal::kill(every, nix::sys::signal::Signal::SIGKILL);
    }
}

/// A program, its arguments and its environment ready for `execve`,
/// prepared before the fork.
#[derive(Clone)]
pub struct Exec {
    program: std::ffi::CString,
    argv: Vec<std::ffi::CString>,
    envp: Vec<std::ffi::CString>,
}

/// What a Java virtual machine is told in a run of its own PID
/// namespace: every such run's first JVM has the same pid, so their
/// shared-memory performance files in `/tmp/hsperfdata_USER/PID`
/// would clash, and a JVM that finds its file taken prints a warning
/// on standard output, which would be judged as its answer.
pub const JAVA_IN_NAMESPACE: &str = "-XX:-UsePerfData";

impl Exec {
    /// `program` with `args`, in the keeper's environment; `isolated`
    /// (in a PID namespace of its own) adds [`JAVA_IN_NAMESPACE`] to
    /// `JAVA_TOOL_OPTIONS`.
    pub fn new(program: &OsStr, args: &[OsString], isolated: bool) -> io::Result<Exec> {
        use std::os::unix::ffi::OsStrExt;
        let c = |s: &OsStr| {
            std::ffi::CString::new(s.as_bytes())
                .map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
        };
        let mut argv = vec![c(program)?];
        for arg in args {
            argv.push(c(arg)?);
        }
        let mut envp = Vec::new();
        let mut java = isolated.then(|| OsString::from(JAVA_IN_NAMESPACE));
        for (name, value) in std::env::vars_os() {
            let mut entry = name.clone();
            entry.push("=");
            if name == "JAVA_TOOL_OPTIONS"
                && let Some(ours) = java.take()
            {
                // The user's options last: a JVM takes the last of two.
                entry.push(ours);
                entry.push(" ");
            }
            entry.push(value);
            envp.push(c(&entry)?);
        }
        if let Some(ours) = java {
            let mut entry = OsString::from("JAVA_TOOL_OPTIONS=");
            entry.push(ours);
            envp.push(c(&entry)?);
        }
        Ok(Exec {
            program: c(program)?,
            argv,
            envp,
        })
    }

    pub fn program(&self) -> &OsStr {
        use std::os::unix::ffi::OsStrExt;
        OsStr::from_bytes(self.program.as_bytes())
    }

    /// `execve`; returns only its error.
    pub fn execve(&self) -> io::Error {
        let pointers = |strings: &[std::ffi::CString]| {
            let mut all: Vec<*const libc::c_char> = strings.iter().map(|a| a.as_ptr()).collect();
            all.push(std::ptr::null());
            all
        };
        let (argv, envp) = (pointers(&self.argv), pointers(&self.envp));
        // SAFETY: NUL-terminated strings and null-terminated arrays
        // of them, all alive across the call.
        unsafe { libc::execve(self.program.as_ptr(), argv.as_ptr(), envp.as_ptr()) };
        io::Error::last_os_error()
    }
}

/// Sends `signal`; whether it was delivered.
/// A negative `pid` is the process group `-pid` (never `-1`).
pub fn kill(pid: libc::pid_t, signal: libc::c_int) -> bool {
    if pid < -1 {
        return match (Pid::from_raw(-pid), Signal::from_named_raw(signal)) {
            (Some(group), Some(signal)) => {
                rustix::process::kill_process_group(group, signal).is_ok()
            }
            _ => false,
        };
    }
    if pid <= 1 {
        return false;
    }
    match (Pid::from_raw(pid), Signal::from_named_raw(signal)) {
        (Some(pid), Some(signal)) => rustix::process::kill_process(pid, signal).is_ok(),
        _ => false,
    }
}

/// Waits for (and reaps) the child `pid`; its raw status, if it was
/// our child.
pub fn waitpid(pid: libc::pid_t) -> Option<libc::c_int> {
    let pid = Pid::from_raw(pid)?;
    loop {
        match rustix::process::waitpid(Some(pid), WaitOptions::empty()) {
            Ok(Some((reaped, status))) if reaped == pid => return Some(status.as_raw()),
            Err(rustix::io::Errno::INTR) => {}
            _ => return None,
        }
    }
}

/// Reaps any child that has ended, without waiting (only in the
/// keeper, which owns all of its children): its pid and raw status;
/// `Ok(None)` when none has ended, an error (`ECHILD`) when there is
/// no child left.
pub fn reap_any() -> io::Result<Option<(libc::pid_t, libc::c_int)>> {
    let reaped = rustix::process::wait(WaitOptions::NOHANG)?;
    Ok(reaped.map(|(pid, status)| (pid.as_raw_pid(), status.as_raw())))
}

/// Whether `fd` is an open descriptor.
pub fn is_open(fd: RawFd) -> bool {
    // SAFETY: fcntl F_GETFD only queries the descriptor.
    unsafe { libc::fcntl(fd, libc::F_GETFD) >= 0 }
}

pub fn set_cloexec(fd: impl AsFd, on: bool) -> io::Result<()> {
    let flags = if on {
        rustix::io::FdFlags::CLOEXEC
    } else {
        rustix::io::FdFlags::empty()
    };
    Ok(rustix::io::fcntl_setfd(fd, flags)?)
}

pub fn set_nonblocking(fd: impl AsFd) -> io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(&fd)?;
    Ok(rustix::fs::fcntl_setfl(
        &fd,
        flags | rustix::fs::OFlags::NONBLOCK,
    )?)
}

/// Closes every descriptor above 2 but `keep` (inherited ones: what
/// boardsolve's other threads were starting at the same moment). Raw
/// libc: neither rustix nor nix wraps close_range.
pub fn close_all_but(keep: RawFd) {
    let keep = keep as u32;
    // SAFETY: close_range only closes descriptors of this process,
    // none of which Rust objects own yet (this runs first in main).
    unsafe {
        if keep > 3 {
            libc::syscall(libc::SYS_close_range, 3u32, keep - 1, 0u32);
        }
        libc::syscall(libc::SYS_close_range, keep + 1, u32::MAX, 0u32);
    }
}

/// Sets a limit; as a raw system call (rustix's own), safe between
/// `fork` and `exec`.
pub fn setrlimit(resource: Resource, soft: u64, hard: u64) -> io::Result<()> {
    let limit = Rlimit {
        current: Some(soft),
        maximum: Some(hard),
    };
    Ok(rustix::process::setrlimit(resource, limit)?)
}

/// A pidfd: a handle on one process that a reused pid cannot fool.
pub struct PidFd(std::os::fd::OwnedFd);

impl PidFd {
    /// `None` if the process is gone or the kernel has no pidfds.
    pub fn open(pid: libc::pid_t) -> Option<PidFd> {
        let fd =
            rustix::process::pidfd_open(Pid::from_raw(pid)?, rustix::process::PidfdFlags::empty());
        fd.ok().map(PidFd)
    }

    pub fn kill(&self) {
        let _ = rustix::process::pidfd_send_signal(&self.0, Signal::KILL);
    }

    /// Whether the process has exited (a pidfd polls readable then).
    pub fn exited(&self) -> bool {
        let mut poll = [rustix::event::PollFd::new(
            &self.0,
            rustix::event::PollFlags::IN,
        )];
        let now = rustix::event::Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        rustix::event::poll(&mut poll, Some(&now))
            .ok()
            .is_none_or(|ready| ready != 0)
    }
}

/// A set of signals (nix's: rustix has no signal masks).
pub struct SigSet(nix::sys::signal::SigSet);

impl SigSet {
    pub fn of(signals: &[nix::sys::signal::Signal]) -> SigSet {
        let mut set = nix::sys::signal::SigSet::empty();
        for &signal in signals {
            set.add(signal);
        }
        SigSet(set)
    }
}

/// Blocks exactly `set` in this (single) thread.
pub fn sigprocmask(set: &SigSet) -> io::Result<()> {
    let how = nix::sys::signal::SigmaskHow::SIG_SETMASK;
    Ok(nix::sys::signal::sigprocmask(how, Some(&set.0), None)?)
}

/// Waits for one of the blocked signals of `set`; its number, or -1.
pub fn sigwait(set: &SigSet) -> libc::c_int {
    set.0.wait().map_or(-1, |signal| signal as libc::c_int)
}

/// CPU time (user plus system) and the largest resident set in KiB
/// of all reaped children and their reaped descendants (nix's
/// getrusage: rustix has none).
pub fn children_usage() -> (Duration, u64) {
    use nix::sys::resource::{UsageWho, getrusage};
    let Ok(usage) = getrusage(UsageWho::RUSAGE_CHILDREN) else {
        return (Duration::ZERO, 0);
    };
    let time = |t: nix::sys::time::TimeVal| {
        Duration::from_secs(u64::try_from(t.tv_sec()).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec()).unwrap_or(0))
    };
    (
        time(usage.user_time()) + time(usage.system_time()),
        u64::try_from(usage.max_rss()).unwrap_or(0),
    )
}
