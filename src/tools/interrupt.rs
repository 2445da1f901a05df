//! Stopping cleanly: every contained run is registered while it lives, so
//! that SIGINT, SIGTERM or SIGHUP on boardsolve kills every process it
//! started before boardsolve exits (with 130, 143 or 129).

use std::io;
use std::process::{Child, ExitStatus};
use std::sync::{Mutex, MutexGuard, Once};
use std::time::{Duration, Instant};

use super::run::Trouble;

#[derive(Default)]
struct Registry {
    stopping: bool,
    live: Vec<libc::pid_t>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    stopping: false,
    live: Vec::new(),
});

fn registry() -> MutexGuard<'static, Registry> {
    // A panic elsewhere must not stop the cleanup: the data stays valid.
    REGISTRY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Makes SIGINT, SIGTERM and SIGHUP stop boardsolve cleanly: they are
/// blocked in every thread and taken by one thread that kills every
/// registered run, waits for them to be reaped, and exits with 128 plus
/// the signal number.
///
/// Call it from the main thread before any other thread exists (threads
/// inherit the signal mask when they are created). Later calls do nothing.
///
/// # Errors
/// If the signal mask cannot be set or the thread cannot be started.
pub fn install() -> io::Result<()> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| result = start());
    result
}

fn signal_set() -> libc::sigset_t {
    // SAFETY: a zeroed sigset_t is valid storage for sigemptyset, and the
    // calls only write into it.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&raw mut set);
        for signal in SIGNALS {
            libc::sigaddset(&raw mut set, signal);
        }
        set
    }
}

fn start() -> io::Result<()> {
    let set = signal_set();
    // SAFETY: pthread_sigmask reads a valid set and changes only this
    // thread's mask.
    let rc =
        unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &raw const set, std::ptr::null_mut()) };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                let mut signal: libc::c_int = 0;
                // SAFETY: sigwait reads a valid set and writes one int.
                if unsafe { libc::sigwait(&raw const set, &raw mut signal) } == 0 {
                    stop_everything(signal);
                }
            }
        })?;
    Ok(())
}

/// Kills every registered run, waits (a few seconds at most) for the
/// runners to reap them, and exits.
fn stop_everything(signal: libc::c_int) -> ! {
    {
        let mut reg = registry();
        reg.stopping = true;
        for &pid in &reg.live {
            // SAFETY: kill only sends a signal; the pid is a keeper that
            // is registered, hence not yet reaped (runners deregister
            // before they reap), so it cannot be a reused pid.
            unsafe {
                libc::kill(pid, libc::SIGTERM);
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while !registry().live.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = io::Write::write_all(&mut io::stderr(), b"\nboardsolve: interrupted\n");
    super::cleanup::exit(128 + signal)
}

/// Whether boardsolve is stopping: a run that ended now was killed by
/// the stop, not by its own doing, and must not be judged.
pub fn stopping() -> bool {
    registry().stopping
}

/// Blocks for good: the caller found that boardsolve is stopping, and the
/// signal thread is about to exit the process.
pub fn wait_for_exit() -> ! {
    loop {
        std::thread::park();
    }
}

/// Starts a run with `spawn` and registers its keeper. Runs start in
/// parallel; a stop that falls between the start and the registration
/// is seen at the registration, which then stops the new keeper itself.
///
/// # Errors
/// [`Trouble::Interrupted`] once boardsolve is stopping; the error of
/// `spawn` as [`Trouble::System`].
pub fn spawn_tracked(
    spawn: impl FnOnce() -> io::Result<Child>,
    what: &str,
) -> Result<Tracked, Trouble> {
    if registry().stopping {
        return Err(Trouble::Interrupted);
    }
    let child = spawn().map_err(|e| Trouble::System(format!("{what}: {e}")))?;
    let pid = libc::pid_t::try_from(child.id()).expect("pids fit in pid_t");
    let tracked = Tracked { pid, reaped: false };
    let stopping = {
        let mut reg = registry();
        reg.live.push(pid);
        reg.stopping
    };
    if stopping {
        tracked.stop();
    }
    Ok(tracked)
}

/// A registered keeper, reaped through this handle only.
#[derive(Debug)]
pub struct Tracked {
    pid: libc::pid_t,
    reaped: bool,
}

impl Tracked {
    /// The keeper's process id.
    pub fn pid(&self) -> libc::pid_t {
        self.pid
    }

    /// Asks the keeper to kill the whole tree (it exits once all are gone).
    pub fn stop(&self) {
        if !self.reaped {
            // SAFETY: kill only sends a signal; not yet reaped, so the pid
            // is still our child.
            unsafe {
                libc::kill(self.pid, libc::SIGTERM);
            }
        }
    }

    /// The keeper's status and the resource usage of the whole tree, once
    /// it has ended; `None` while it runs.
    pub fn try_reap(&mut self) -> Option<(ExitStatus, libc::rusage)> {
        if self.reaped {
            return None;
        }
        // SAFETY: waitid writes into a zeroed siginfo_t on our stack;
        // WNOWAIT leaves the child to be reaped below.
        let ended = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(
                libc::P_PID,
                self.pid as libc::id_t,
                &raw mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            ) == 0
                && info.si_pid() == self.pid
        };
        if !ended {
            return None;
        }
        // Deregister before reaping: once reaped, the pid may be reused.
        registry().live.retain(|&p| p != self.pid);
        let mut status: libc::c_int = 0;
        // SAFETY: wait4 writes the status and a zeroed rusage on our stack.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: as above; the pid is our exited child.
        let rc = unsafe { libc::wait4(self.pid, &raw mut status, 0, &raw mut usage) };
        self.reaped = true;
        if rc != self.pid {
            return Some((ExitStatus::from_raw(libc::SIGKILL), usage));
        }
        Some((ExitStatus::from_raw(status), usage))
    }
}

use std::os::unix::process::ExitStatusExt;

impl Drop for Tracked {
    fn drop(&mut self) {
        // Only on an early return or a panic: stop the tree and reap it.
        if !self.reaped {
            self.stop();
            while self.try_reap().is_none() && !self.reaped {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}
