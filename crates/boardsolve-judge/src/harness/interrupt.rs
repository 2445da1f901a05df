//! Stopping cleanly: every contained run is registered with its
//! [`Harness`] while it lives, so that a stop ([`Harness::stop_all`],
//! which the command line calls on SIGINT, SIGTERM or SIGHUP before it
//! exits) kills every process the harness started, and so that a sweep
//! for the orphans of a dead keeper ([`Harness::sweep`]) knows which
//! children of the process are live keepers to spare. Nothing here takes
//! signals, prints or exits.

use std::io;
use std::process::{Child, ExitStatus};
use std::sync::RwLockReadGuard;
use std::time::{Duration, Instant};

use super::contain;
use super::trouble::Trouble;
use super::value::{ChargeError, Harness};
use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};

/// How long a keeper told to stop may take to kill and reap its tree
/// before it is killed itself (it may be stopped, or flooded by a fork
/// bomb) and the harness sweeps its orphans.
pub const GRACE: Duration = Duration::from_millis(150);

impl Harness {
    fn gate_shared(&self) -> RwLockReadGuard<'_, ()> {
        self.gate()
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stops every run of this harness and everything they left, for
    /// good: each keeper is told to stop (`SIGTERM`, and `SIGCONT` in case
    /// the program stopped it); a keeper still there after [`GRACE`] is
    /// killed; then, if the harness is in charge, every child of the
    /// process is killed and reaped. A second or so at most, even with
    /// every keeper stopped. Runs that end or start later return
    /// [`Trouble::Interrupted`]. The runs of other harnesses go on.
    pub fn stop_all(&self) {
        {
            let mut reg = self.runs();
            reg.stopping = true;
            for &pid in &reg.live {
                // Registered, hence not yet reaped (runners deregister
                // before they reap): the pid cannot have been reused.
                contain::signal(pid, libc::SIGTERM);
                contain::signal(pid, libc::SIGCONT);
            }
        }
        let wait_for_runners = |limit: Duration| {
            let deadline = Instant::now() + limit;
            while !self.runs().live.is_empty() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
        };
        wait_for_runners(GRACE);
        for &pid in &self.runs().live {
            contain::signal(pid, libc::SIGKILL);
        }
        // Runners reap their killed keepers within a few milliseconds.
        wait_for_runners(Duration::from_millis(500));
        // The process exits next: nothing is spared, not even a keeper
        // whose runner did not get to it.
        if self.in_charge() {
            let _all = self
                .gate()
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            contain::sweep(|_| false);
        }
    }

    /// Kills and reaps every child of the process that is not a live
    /// keeper of this harness, and whatever comes back: the orphans of a
    /// keeper that died without cleaning up (the program killed it),
    /// reparented to the process. Does nothing unless the harness is in
    /// charge. Runs at the end of every run; cheap when there is nothing.
    pub fn sweep(&self) {
        if !self.in_charge() {
            return;
        }
        let _all = self
            .gate()
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let live = self.runs().live.clone();
        contain::sweep(|pid| live.contains(&pid));
    }

    /// Whether the harness is stopping: a run that ended now was killed
    /// by the stop, not by its own doing, and must not be judged.
    pub fn stopping(&self) -> bool {
        self.runs().stopping
    }

    /// Starts a run with `spawn` and registers its keeper. Runs start in
    /// parallel; a stop that falls between the start and the registration
    /// is seen at the registration, which then stops the new keeper itself.
    ///
    /// # Errors
    /// [`Trouble::Interrupted`] once the harness is stopping; the error of
    /// `spawn` as [`Trouble::System`]; [`Trouble::System`] too when
    /// another harness of the process is in charge (it would sweep this
    /// one's keepers).
    pub fn spawn_tracked<T>(
        &self,
        spawn: impl FnOnce(&std::path::Path) -> io::Result<(Child, T)>,
        what: &str,
    ) -> Result<(Tracked, T), Trouble> {
        if self.charge_is_elsewhere() {
            return Err(Trouble::system(what, ChargeError::Taken));
        }
        let _starting = self.gate_shared();
        if self.runs().stopping {
            return Err(Trouble::Interrupted);
        }
        let (child, extra) = spawn(self.keeper()).map_err(|e| Trouble::system(what, e))?;
        let pid = libc::pid_t::try_from(child.id()).expect("pids fit in pid_t");
        let tracked = Tracked {
            harness: self.clone(),
            child,
            pid,
            reaped: false,
        };
        let stopping = {
            let mut reg = self.runs();
            reg.live.push(pid);
            reg.stopping
        };
        if stopping {
            tracked.stop();
        }
        Ok((tracked, extra))
    }
}

/// A registered keeper, reaped through this handle only.
#[derive(Debug)]
pub struct Tracked {
    /// The harness it is registered with.
    harness: Harness,
    /// The keeper as std started it; reaped by `wait` once it has ended.
    child: Child,
    pid: libc::pid_t,
    reaped: bool,
}

impl Tracked {
    /// The keeper's process id.
    pub fn pid(&self) -> libc::pid_t {
        self.pid
    }

    /// Asks the keeper to kill the whole tree (it reports and exits once
    /// all are gone). `SIGCONT` too: the program may have stopped it.
    pub fn stop(&self) {
        if !self.reaped {
            // Not yet reaped, so the pid is still our child.
            contain::signal(self.pid, libc::SIGTERM);
            contain::signal(self.pid, libc::SIGCONT);
        }
    }

    /// Kills the keeper outright (it did not stop within [`GRACE`], or
    /// the program stopped it); its orphans are left to
    /// [`Harness::sweep`].
    pub fn kill(&self) {
        if !self.reaped {
            contain::signal(self.pid, libc::SIGKILL);
        }
    }

    /// The keeper's own exit status once it has ended; `None` while it
    /// runs.
    pub fn try_reap(&mut self) -> Option<ExitStatus> {
        if self.reaped {
            return None;
        }
        let _reaping = self.harness.gate_shared();
        let pid = Pid::from_raw(self.pid)?;
        // WNOWAIT leaves the child to be reaped below.
        let ended = waitid(
            WaitId::Pid(pid),
            WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT,
        );
        if !matches!(ended, Ok(Some(_))) {
            return None;
        }
        // Deregister before reaping: once reaped, the pid may be reused.
        self.harness.runs().live.retain(|&p| p != self.pid);
        let reaped = self.child.wait();
        self.reaped = true;
        // Reaped already by the final sweep of a stop: say killed.
        Some(reaped.unwrap_or_else(|_| ExitStatus::from_raw(libc::SIGKILL)))
    }
}

use std::os::unix::process::ExitStatusExt;

impl Drop for Tracked {
    fn drop(&mut self) {
        // Only on an early return or a panic: stop the tree and reap it.
        if !self.reaped {
            self.stop();
            let deadline = Instant::now() + GRACE;
            while self.try_reap().is_none() && !self.reaped {
                if Instant::now() > deadline {
                    self.kill();
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            self.harness.sweep();
        }
    }
}
