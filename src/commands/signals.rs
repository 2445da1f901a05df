//! The one room for signals in boardsolve. The library only keeps flags
//! (a search's stop request in its `RunContext`, whether the `Harness` is
//! stopping) and stops what it started when asked; this module decides
//! what a signal means, prints the note and exits with the signal's
//! status.
//!
//! Signals are blocked in every thread and taken by one thread that
//! waits for them (`sigwait`), so no code runs inside a signal handler.
//! Both ways in must be called from the main thread before any other
//! thread exists: threads inherit the blocked signals when created.

use super::exit::{self, Status, Stop};
use boardsolve::search::context::RunContext;
use boardsolve::tools::harness::Harness;
use nix::sys::signal::{SigSet, Signal};
use std::io;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first Ctrl-C of a search (see [`stop_search_on_ctrl_c`]):
/// a hand-off from the signal thread, and a fact of the process, which
/// the signal took.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Set by a command asked for `--json` (see [`stops_in_json`]): part of
/// the hand-off to the signal thread, which alone reads it.
static STOPS_IN_JSON: AtomicBool = AtomicBool::new(false);

/// Makes a stop by a signal (after [`stop_cleanly`]) also one JSON object
/// on standard output, `{"error": "interrupted", "status": 130}`, for a
/// command whose output is JSON.
pub(crate) fn stops_in_json() {
    STOPS_IN_JSON.store(true, Ordering::Relaxed);
}

/// Whether a search was stopped by Ctrl-C (rather than by its time limit).
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Makes Ctrl-C (SIGINT) stop the searches of `context` (`solve`'s),
/// which then report the bounds they proved; a second Ctrl-C exits at
/// once with 130. SIGTERM and SIGHUP keep their default action.
pub(crate) fn stop_search_on_ctrl_c(context: &RunContext) -> Result<(), Stop> {
    let context = context.clone();
    take_over(&[libc::SIGINT], move |_| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            // For whatever does not look at the flag.
            Status::Interrupted.exit_now();
        }
        context.stop();
    })
}

/// Takes over SIGINT, SIGTERM and SIGHUP for a command that runs programs
/// or writes files through `harness`: on one, every run of the harness is
/// stopped (its whole tree killed), its temporary files in progress are
/// removed and boardsolve exits with 130, 143 or 129. Also puts the
/// harness in charge of boardsolve's children (a child subreaper), so no
/// orphan of a run escapes. Later calls do nothing.
pub(crate) fn stop_cleanly(harness: &Harness) -> Result<(), Stop> {
    // The signals are taken once in the process's life (they are the
    // process's), by the one harness main made.
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        let harness = harness.clone();
        result = harness
            .take_charge()
            .map_err(|e| Stop::system("cannot take over Ctrl-C handling", e.into()))
            .and_then(|()| {
                take_over(
                    &[libc::SIGINT, libc::SIGTERM, libc::SIGHUP],
                    move |signal| {
                        harness.stop_all();
                        exit::warn_interrupted();
                        if STOPS_IN_JSON.load(Ordering::Relaxed) {
                            exit::interrupted_json(Status::of_signal(signal));
                        }
                        // Held to the end: no thread can rename a file into
                        // place or start another one after the removal.
                        let _removed = harness.remove_temporaries();
                        Status::of_signal(signal).exit_now()
                    },
                )
            });
    });
    result
}

/// Blocks for good: the caller found that boardsolve is stopping, and the
/// signal thread is about to exit the process.
pub(crate) fn wait_for_exit() -> ! {
    loop {
        std::thread::park();
    }
}

/// Blocks `signals` in this thread (and so in every later one) and hands
/// each to `act` on a thread of its own. A signal ignored from the start
/// (nohup's SIGHUP, SIGINT in a script's background job) stays ignored:
/// a long run under nohup must not stop at the hangup.
fn take_over(
    signals: &[libc::c_int],
    act: impl Fn(libc::c_int) + Send + 'static,
) -> Result<(), Stop> {
    let cannot = |e| Stop::system("cannot take over Ctrl-C handling", e);
    let taken: Vec<libc::c_int> = signals.iter().copied().filter(|&s| !ignored(s)).collect();
    if taken.is_empty() {
        return Ok(());
    }
    let mut set = SigSet::empty();
    for &signal in &taken {
        set.add(Signal::try_from(signal).map_err(|e| cannot(io::Error::from(e)))?);
    }
    set.thread_block().map_err(|e| cannot(io::Error::from(e)))?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                if let Ok(signal) = set.wait() {
                    act(signal as libc::c_int);
                }
            }
        })
        .map_err(cannot)?;
    Ok(())
}

/// Whether `signal` is ignored (by whoever started boardsolve). Raw
/// libc: neither rustix nor nix reads an action without setting one.
fn ignored(signal: libc::c_int) -> bool {
    // SAFETY: sigaction with no new action only reads the current one
    // into zeroed storage on our stack.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &raw mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}
