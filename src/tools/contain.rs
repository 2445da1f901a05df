//! Containing a program and everything it starts: the keeper process.
//!
//! A program under test is not started directly. `spawn` forks a small
//! *keeper* (a second copy of boardsolve, which never calls `exec`) and the
//! keeper forks the program. The keeper is a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`): whatever the program starts, even a process
//! that calls `setsid` or double-forks to escape, is reparented to the
//! keeper when its parent dies, never to `init`. When the program ends,
//! or when boardsolve sends the keeper `SIGTERM` (a limit was passed, or
//! boardsolve itself is stopping), the keeper kills every process left in
//! its subtree and reaps them all, and only then exits with the program's
//! own status. Waiting for the keeper is therefore waiting for the whole
//! tree, and the keeper's resource usage as boardsolve's `wait4` sees it
//! is that of every process of the run.
//!
//! The keeper runs in the child of a `fork` of a multi-threaded process, so
//! it may only make async-signal-safe calls: raw system calls on stack
//! buffers, no allocation, no locks.

use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};

/// Limits the kernel enforces on the program itself, besides the ones
/// boardsolve watches: they hold even if boardsolve were stalled.
#[derive(Debug, Clone, Copy)]
pub struct KernelLimits {
    /// `RLIMIT_CPU` in whole seconds, per process (a backstop: the harness
    /// itself enforces the exact limit on the whole tree).
    pub cpu_seconds: u64,
    /// `RLIMIT_FSIZE`: the largest file the program may write, its
    /// standard output and error included.
    pub file_bytes: u64,
}

/// Set in the keeper by its `SIGTERM` handler.
static STOP: AtomicBool = AtomicBool::new(false);

extern "C" fn on_term(_: libc::c_int) {
    STOP.store(true, Ordering::SeqCst);
}

/// Starts `command` contained: the returned child is the keeper, whose
/// exit status is the program's (a program killed by a signal makes the
/// keeper die of the same signal). Send the keeper `SIGTERM` to kill the
/// whole tree; it exits (with `SIGKILL`'s status) once all are reaped.
///
/// The keeper also gets `SIGTERM` if the boardsolve thread that started
/// it dies, so nothing outlives boardsolve even if it is killed outright.
///
/// # Errors
/// What `fork`, the set-up of the keeper or `exec` of the program
/// returned: a missing or non-executable program is an error here, not a
/// run that failed.
pub fn spawn(command: &mut Command, limits: KernelLimits) -> io::Result<Child> {
    // SAFETY: getpid has no preconditions.
    let boardsolve = unsafe { libc::getpid() };
    // SAFETY: the closure runs in the forked child before exec and only
    // makes async-signal-safe calls (see `become_keeper`).
    unsafe {
        command.pre_exec(move || become_keeper(boardsolve, limits));
    }
    command.spawn()
}

/// Runs in the forked child. Returns `Ok` only in the grandchild, which
/// goes on to `exec` the program; the keeper never returns.
fn become_keeper(boardsolve: libc::pid_t, limits: KernelLimits) -> io::Result<()> {
    // SAFETY: every call below is an async-signal-safe system call on
    // values on this stack; none touches memory another thread could hold.
    unsafe {
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&raw mut none);
        check(libc::sigprocmask(
            libc::SIG_SETMASK,
            &raw const none,
            std::ptr::null_mut(),
        ))?;
        check(libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))?;
        check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM, 0, 0, 0))?;
        if libc::getppid() != boardsolve {
            // boardsolve's thread died before the death signal was set.
            libc::_exit(1);
        }
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_term as *const () as libc::sighandler_t;
        // No SA_RESTART: the keeper's wait must return EINTR on SIGTERM.
        action.sa_flags = 0;
        check(libc::sigaction(
            libc::SIGTERM,
            &raw const action,
            std::ptr::null_mut(),
        ))?;
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        check(libc::setrlimit(libc::RLIMIT_CORE, &raw const no_core))?;

        let program = check(libc::fork())?;
        if program == 0 {
            return become_program(limits);
        }
        keep(program)
    }
}

/// The grandchild: default signal handling again, the kernel limits, then
/// back to std, which `exec`s the program.
fn become_program(limits: KernelLimits) -> io::Result<()> {
    // SAFETY: async-signal-safe system calls on stack values.
    unsafe {
        libc::signal(libc::SIGTERM, libc::SIG_DFL);
        check(libc::prctl(libc::PR_SET_PDEATHSIG, 0, 0, 0, 0))?;
        let cpu = libc::rlimit {
            rlim_cur: limits.cpu_seconds,
            rlim_max: limits.cpu_seconds.saturating_add(1),
        };
        check(libc::setrlimit(libc::RLIMIT_CPU, &raw const cpu))?;
        let file = libc::rlimit {
            rlim_cur: limits.file_bytes,
            rlim_max: limits.file_bytes,
        };
        check(libc::setrlimit(libc::RLIMIT_FSIZE, &raw const file))?;
    }
    Ok(())
}

/// The keeper's life: wait for the program, then empty the subtree, then
/// exit as the program did.
///
/// # Safety
/// Only in the forked keeper, where `program` is its child.
unsafe fn keep(program: libc::pid_t) -> ! {
    // SAFETY: async-signal-safe system calls on stack values; the keeper
    // is single-threaded and never returns into std.
    unsafe {
        close_inherited_descriptors();
        let mut status: libc::c_int = 0;
        let mut program_status: Option<libc::c_int> = None;
        while !STOP.load(Ordering::SeqCst) {
            let reaped = libc::waitpid(-1, &raw mut status, 0);
            if reaped == program {
                program_status = Some(status);
                break;
            }
            if reaped < 0 && errno() == libc::ECHILD {
                break;
            }
            // An escaped orphan was reaped, or a signal came: go on.
        }
        kill_subtree();
        match program_status {
            Some(status) if libc::WIFEXITED(status) => libc::_exit(libc::WEXITSTATUS(status)),
            Some(status) if libc::WIFSIGNALED(status) => die_like(libc::WTERMSIG(status)),
            _ => die_like(libc::SIGKILL),
        }
    }
}

/// Kills and reaps every process in the keeper's subtree: its children
/// are killed, their children are reparented to the keeper and killed in
/// the next round, until no child is left.
///
/// # Safety
/// Only in the forked keeper.
unsafe fn kill_subtree() {
    let path = c"/proc/thread-self/children";
    let mut buf = [0u8; 4096];
    loop {
        // SAFETY: open/read/close/kill on stack buffers.
        let listed = unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
            if fd >= 0 {
                loop {
                    let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
                    let Ok(n) = usize::try_from(n) else { break };
                    if n == 0 {
                        break;
                    }
                    for_each_pid(&buf[..n], |pid| {
                        libc::kill(pid, libc::SIGKILL);
                    });
                    if n < buf.len() {
                        break;
                    }
                }
                libc::close(fd);
            }
            fd >= 0
        };
        if !listed {
            // A kernel without the children list: find them by parent.
            // SAFETY: only in the keeper, as this function.
            unsafe { kill_children_by_scan() };
        }
        loop {
            // SAFETY: waitpid on our own children, with a null status pointer.
            let reaped = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
            if reaped > 0 {
                continue;
            }
            if reaped < 0 && errno() == libc::ECHILD {
                return;
            }
            break;
        }
        let pause = libc::timespec {
            tv_sec: 0,
            tv_nsec: 1_000_000,
        };
        // SAFETY: nanosleep with a stack timespec.
        unsafe {
            libc::nanosleep(&raw const pause, std::ptr::null_mut());
        }
    }
}

/// Kills every process whose parent is the keeper, found by reading each
/// `/proc/PID/stat` (for kernels built without `/proc/.../children`).
///
/// # Safety
/// Only in the forked keeper: raw system calls on stack buffers.
unsafe fn kill_children_by_scan() {
    // SAFETY: getpid, open, syscall(getdents64), read, close and kill on
    // stack buffers; no allocation.
    unsafe {
        let me = libc::getpid();
        let dir = libc::open(
            c"/proc".as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        if dir < 0 {
            return;
        }
        let mut entries = [0u8; 8192];
        loop {
            let n = libc::syscall(
                libc::SYS_getdents64,
                dir,
                entries.as_mut_ptr(),
                entries.len(),
            );
            let Ok(n) = usize::try_from(n) else { break };
            if n == 0 {
                break;
            }
            let mut at = 0;
            // struct linux_dirent64: u64 ino, i64 off, u16 reclen, u8 type,
            // then the NUL-terminated name.
            while at + 19 < n {
                let reclen = usize::from(u16::from_ne_bytes([entries[at + 16], entries[at + 17]]));
                if reclen == 0 {
                    break;
                }
                let name = &entries[at + 19..(at + reclen).min(n)];
                let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                if let Some(pid) = decimal(name)
                    && parent_of(name) == Some(me)
                {
                    libc::kill(pid, libc::SIGKILL);
                }
                at += reclen;
            }
        }
        libc::close(dir);
    }
}

/// A whole decimal number, or `None`.
fn decimal(text: &[u8]) -> Option<libc::pid_t> {
    if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(
        text.iter()
            .fold(0, |v, &b| v * 10 + libc::pid_t::from(b - b'0')),
    )
}

/// The parent pid in `/proc/NAME/stat`: the number after the last `)`
/// and the one-letter state.
fn parent_of(name: &[u8]) -> Option<libc::pid_t> {
    let mut path = [0u8; 32];
    let prefix = b"/proc/";
    let suffix = b"/stat\0";
    if prefix.len() + name.len() + suffix.len() > path.len() {
        return None;
    }
    path[..prefix.len()].copy_from_slice(prefix);
    path[prefix.len()..prefix.len() + name.len()].copy_from_slice(name);
    path[prefix.len() + name.len()..prefix.len() + name.len() + suffix.len()]
        .copy_from_slice(suffix);
    let mut stat = [0u8; 512];
    // SAFETY: open/read/close on stack buffers; the path is NUL-terminated.
    let n = unsafe {
        let fd = libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return None;
        }
        let n = libc::read(fd, stat.as_mut_ptr().cast(), stat.len());
        libc::close(fd);
        usize::try_from(n).ok()?
    };
    let text = &stat[..n];
    let close = text.iter().rposition(|&b| b == b')')?;
    // ") S 1234 ..."
    let rest = text.get(close + 4..)?;
    let end = rest.iter().position(|&b| b == b' ')?;
    decimal(&rest[..end])
}

/// Calls `f` with every decimal number in `text` (a pid list) above 1.
/// A number split across two reads is killed in the next round instead.
fn for_each_pid(text: &[u8], mut f: impl FnMut(libc::pid_t)) {
    text.split(|b| !b.is_ascii_digit())
        .filter_map(decimal)
        .filter(|&pid| pid > 1)
        .for_each(&mut f);
}

/// Closes every descriptor but 0, 1 and 2, above all std's pipe that
/// reports whether `exec` worked: boardsolve reads it until every copy is
/// closed, and the keeper would otherwise hold one until the run ends.
fn close_inherited_descriptors() {
    // SAFETY: close_range and close only close descriptors of this process.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) == 0 {
            return;
        }
        let mut limit: libc::rlimit = std::mem::zeroed();
        let top = if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) == 0 {
            limit.rlim_cur.min(1 << 16)
        } else {
            1024
        };
        for fd in 3..top {
            libc::close(fd as libc::c_int);
        }
    }
}

/// Ends the keeper with the program's signal, so boardsolve sees the same
/// status the program had.
fn die_like(signal: libc::c_int) -> ! {
    // SAFETY: signal, sigprocmask, kill and _exit are async-signal-safe.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&raw mut set);
        libc::sigaddset(&raw mut set, signal);
        libc::sigprocmask(libc::SIG_UNBLOCK, &raw const set, std::ptr::null_mut());
        libc::kill(libc::getpid(), signal);
        libc::kill(libc::getpid(), libc::SIGKILL);
        libc::_exit(128 + signal)
    }
}

fn errno() -> libc::c_int {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

fn check<T: Copy + PartialOrd + Default>(result: T) -> io::Result<T> {
    if result < T::default() {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::for_each_pid;

    #[test]
    fn parents_are_read_from_proc() {
        let me = std::process::id().to_string();
        let parent = super::parent_of(me.as_bytes()).unwrap();
        // SAFETY: getppid has no preconditions.
        assert_eq!(parent, unsafe { libc::getppid() });
        assert_eq!(super::decimal(b"123"), Some(123));
        assert_eq!(super::decimal(b"self"), None);
    }

    #[test]
    fn pid_lists() {
        let mut seen = Vec::new();
        for_each_pid(b"12 345 1 0 77", |p| seen.push(p));
        assert_eq!(seen, [12, 345, 77]);
    }
}
