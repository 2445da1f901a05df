//! The harness as one value: everything that running other people's
//! programs and writing files must keep between calls, owned by a
//! [`Harness`] that its maker (the command line, a test, a library user)
//! passes to whatever runs a program or writes a file, as a search is
//! given its `RunContext`.
//!
//! A harness owns the keeper it starts programs under (see
//! [`contain`]), the runs that live now (so that
//! [`Harness::stop_all`] stops them all, see
//! [`interrupt`](super::interrupt)), the temporary files in progress (so
//! that [`Harness::remove_temporaries`] removes them, see
//! [`cleanup`](super::cleanup)), and whether it is in charge of the
//! process's children. Nothing here takes signals, prints or exits: the
//! command line's signal room asks the harness to stop, then exits.
//!
//! Harnesses not in charge work side by side in one process, each
//! stopping only its own runs. Being in charge is different: a child
//! subreaper, to which the orphans of a killed keeper come back, is a
//! role of the whole process, and a sweep for those orphans kills every
//! child of the process that is not one of the harness's live keepers.
//! So at most one harness of a process is in charge
//! ([`Harness::take_charge`] refuses a second), and while one is, no
//! other harness of the process may start a run (its keepers would be
//! swept as strays).

use super::contain::{self, Keeper};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

/// Whether a harness of this process is in charge of its children. The
/// one static of the harness: being a child subreaper, and so owning
/// every child the kernel hands back, is a fact of the process, not of
/// a value in it.
static CHARGE_TAKEN: AtomicBool = AtomicBool::new(false);

/// Why a harness cannot take charge of the process's children.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChargeError {
    /// Another harness of this process is in charge already.
    #[error("another harness of this process is in charge of its children")]
    Taken,
    /// The kernel has no child subreapers (before Linux 3.4).
    #[error(transparent)]
    Kernel(#[from] io::Error),
}

impl From<ChargeError> for io::Error {
    fn from(e: ChargeError) -> io::Error {
        match e {
            ChargeError::Kernel(e) => e,
            e @ ChargeError::Taken => io::Error::new(io::ErrorKind::ResourceBusy, e),
        }
    }
}

/// A harness's live runs: the pids of their keepers, registered from
/// spawn to reap, and whether the harness is stopping.
#[derive(Debug, Default)]
pub(super) struct Registry {
    pub(super) stopping: bool,
    pub(super) live: Vec<libc::pid_t>,
}

/// The harness: cheap to clone, every clone the same harness.
#[derive(Debug, Clone)]
pub struct Harness {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    keeper: PathBuf,
    /// Whether this harness took charge of the process's children; under
    /// a lock, so that two threads taking charge agree.
    in_charge: Mutex<bool>,
    /// Held shared from a keeper's start to its registration and from its
    /// deregistration to its reaping, and exclusively by a sweep: so a
    /// sweep never takes a keeper that is starting or being reaped for a
    /// stray.
    gate: RwLock<()>,
    /// The live keepers, and whether the harness is stopping.
    runs: Mutex<Registry>,
    /// The temporary files and folders that exist now. Creating,
    /// renaming and removing one all happen under this lock, and a
    /// stopping process holds it to its exit, so no file can be created
    /// or renamed between the cleanup and the end.
    temporaries: Mutex<Vec<PathBuf>>,
}

/// A lock whose data stays valid when a panic elsewhere poisoned it: a
/// panic must not stop the cleanup.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Harness {
    /// A harness that starts `keeper` for each run, not in charge.
    pub fn new(keeper: Keeper) -> Harness {
        Harness {
            inner: Arc::new(Inner {
                keeper: keeper.0,
                in_charge: Mutex::new(false),
                gate: RwLock::new(()),
                runs: Mutex::new(Registry::default()),
                temporaries: Mutex::new(Vec::new()),
            }),
        }
    }

    /// A harness that starts the boardsolve binary at `path` as keeper:
    /// for executables other than boardsolve (an integration test) that
    /// call the harness directly.
    pub fn with_keeper(path: impl Into<PathBuf>) -> Harness {
        Harness::new(Keeper(path.into()))
    }

    /// The executable started as keeper.
    pub fn keeper(&self) -> &Path {
        &self.inner.keeper
    }

    /// Makes this harness the one in charge of the process's children: the
    /// process becomes a child subreaper, so the orphans of a killed keeper
    /// come back to it instead of going to `init`, and the harness sweeps
    /// them after every run and when it stops. Take charge only in a
    /// process whose children all come from this harness (boardsolve, at
    /// the start of a command that runs programs): a sweep kills every
    /// other child. Later calls on the same harness do nothing.
    ///
    /// # Errors
    /// [`ChargeError::Taken`] if another harness of the process is in
    /// charge; [`ChargeError::Kernel`] if the kernel refuses
    /// `PR_SET_CHILD_SUBREAPER` (before Linux 3.4).
    pub fn take_charge(&self) -> Result<(), ChargeError> {
        let mut in_charge = lock(&self.inner.in_charge);
        if *in_charge {
            return Ok(());
        }
        if CHARGE_TAKEN
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return Err(ChargeError::Taken);
        }
        if let Err(e) = contain::become_subreaper(true) {
            CHARGE_TAKEN.store(false, Ordering::SeqCst);
            return Err(e.into());
        }
        *in_charge = true;
        Ok(())
    }

    /// Whether this harness is in charge of the process's children.
    pub fn in_charge(&self) -> bool {
        *lock(&self.inner.in_charge)
    }

    /// Whether another harness of this process is in charge, so that
    /// this one must not start a run.
    pub(super) fn charge_is_elsewhere(&self) -> bool {
        CHARGE_TAKEN.load(Ordering::SeqCst) && !self.in_charge()
    }

    pub(super) fn gate(&self) -> &RwLock<()> {
        &self.inner.gate
    }

    pub(super) fn runs(&self) -> MutexGuard<'_, Registry> {
        lock(&self.inner.runs)
    }

    pub(super) fn temporaries(&self) -> MutexGuard<'_, Vec<PathBuf>> {
        lock(&self.inner.temporaries)
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        // The last clone is gone: the process's children are no longer
        // anyone's, and another harness may take charge of them.
        let in_charge = self
            .in_charge
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if *in_charge {
            let _ = contain::become_subreaper(false);
            CHARGE_TAKEN.store(false, Ordering::SeqCst);
        }
    }
}

/// The harness of the library's own tests: one for the whole test
/// binary, in charge as boardsolve's `stress` is, so that its sweeps
/// are tested. Its keeper is the test binary itself (see
/// `contain::test_keeper`).
#[cfg(test)]
pub(crate) fn testing() -> Harness {
    // A static of the tests only: every test of the binary shares the
    // process, so they share its one harness in charge.
    static SHARED: std::sync::LazyLock<Harness> = std::sync::LazyLock::new(|| {
        let harness = Harness::with_keeper("/proc/self/exe");
        harness
            .take_charge()
            .expect("the tests' harness takes charge");
        harness
    });
    SHARED.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::run::{Ending, Limits, Program, run};
    use std::time::Duration;

    #[test]
    fn one_harness_of_a_process_is_in_charge_and_a_second_is_refused() {
        let shared = testing();
        assert!(shared.in_charge());
        // Again on the same harness (or a clone): nothing to do.
        shared.take_charge().unwrap();
        shared.clone().take_charge().unwrap();
        let other = Harness::with_keeper("/proc/self/exe");
        assert!(matches!(other.take_charge(), Err(ChargeError::Taken)));
        assert!(!other.in_charge());
        assert!(other.charge_is_elsewhere() && !shared.charge_is_elsewhere());
        let e = io::Error::from(other.take_charge().unwrap_err());
        assert_eq!(
            e.to_string(),
            "another harness of this process is in charge of its children"
        );
        // Its keepers would be swept by the one in charge: it runs nothing.
        let program = Program::new(&["true".into()]).unwrap();
        let limits = Limits::for_cpu(Duration::from_secs(5), None, 1 << 20);
        let e = run(&other, &program, b"", &limits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot start true: another harness of this process is in charge of its children"
        );
        let r = run(&shared, &program, b"", &limits).unwrap();
        assert_eq!(r.ending, Ending::Exited(0));
    }
}
