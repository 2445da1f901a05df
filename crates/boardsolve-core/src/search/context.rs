//! The control of one run of searches, passed to them explicitly: a stop
//! that can be asked for from outside, a deadline, and the record of
//! what they found so far.
//!
//! A [`RunContext`] is a handle: clones share one state, so the command
//! line keeps one clone (its signal thread asks for the stop, its drawing
//! thread reads the progress) and gives another to the searches. Two runs
//! with two contexts never see each other's stop or progress, and no
//! thread is started to wait for the deadline: the searches look at the
//! clock themselves every few thousand positions. The clock is the
//! host's ([`crate::host`]), so that a target without one (WebAssembly in
//! a page) gives its own; where nothing can read the progress from
//! another thread, a watcher ([`RunContext::watch`]) is called at those
//! same moments.

use super::progress::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Stands for "no deadline" in [`Shared::deadline`].
const NO_DEADLINE: u64 = u64::MAX;

/// The control of one run; see the [module](self). The default is a run
/// nobody stops, with no deadline.
#[derive(Debug, Clone, Default)]
pub struct RunContext {
    shared: Arc<Shared>,
}

struct Shared {
    /// Raised by [`RunContext::stop`] or by a search past the deadline.
    stop: AtomicBool,
    /// Raised by a search that ended early because of `stop`.
    cut_short: AtomicBool,
    /// The host clock's reading when the context was made: the deadline
    /// counts from it.
    start: Duration,
    /// Nanoseconds after `start` at which the searches stop, or
    /// [`NO_DEADLINE`].
    deadline: AtomicU64,
    progress: Progress,
    /// Called with the progress whenever a search looks at the clock.
    watcher: OnceLock<Watcher>,
}

/// A function that is shown the progress of a run as its searches go.
pub type Watcher = Box<dyn Fn(&Progress) + Send + Sync>;

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("stop", &self.stop)
            .field("cut_short", &self.cut_short)
            .field("deadline", &self.deadline)
            .field("progress", &self.progress)
            .field("watched", &self.watcher.get().is_some())
            .finish_non_exhaustive()
    }
}

fn now() -> Duration {
    crate::host::host().clock.now()
}

impl Default for Shared {
    fn default() -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            cut_short: AtomicBool::new(false),
            start: now(),
            deadline: AtomicU64::new(NO_DEADLINE),
            progress: Progress::new(),
            watcher: OnceLock::new(),
        }
    }
}

impl RunContext {
    /// A fresh context: not stopped, no deadline, nothing found.
    pub fn new() -> RunContext {
        RunContext::default()
    }

    /// A fresh context whose searches stop once `limit` has passed.
    pub fn with_time_limit(limit: Duration) -> RunContext {
        let context = RunContext::new();
        context.stop_after(limit);
        context
    }

    /// Asks every search of this run, running or later, to stop.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Makes the searches stop once `limit` has passed from now.
    pub fn stop_after(&self, limit: Duration) {
        let at = self.elapsed().saturating_add(limit);
        let nanos = u64::try_from(at.as_nanos()).unwrap_or(NO_DEADLINE - 1);
        self.shared.deadline.store(nanos, Ordering::Relaxed);
    }

    /// Whether a deadline is set: searches that can then trade a little
    /// speed for tighter bounds at the stop do so.
    pub fn has_deadline(&self) -> bool {
        self.shared.deadline.load(Ordering::Relaxed) != NO_DEADLINE
    }

    /// Whether the searches should stop now, by request or because the
    /// deadline passed (the flag alone: cheap enough for every position).
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Looks at the clock: past the deadline, the stop is asked for.
    /// Searches call it every few thousand positions.
    pub fn check_deadline(&self) {
        if let Some(watcher) = self.shared.watcher.get() {
            watcher(&self.shared.progress);
        }
        let deadline = self.shared.deadline.load(Ordering::Relaxed);
        if deadline != NO_DEADLINE && self.elapsed().as_nanos() >= u128::from(deadline) {
            self.stop();
        }
    }

    /// The time since the context was made, by the host's clock.
    fn elapsed(&self) -> Duration {
        now().saturating_sub(self.shared.start)
    }

    /// Has `watcher` shown the progress each time a search of this run
    /// looks at the clock (every few thousand positions), on the search's
    /// own thread: for a host where no other thread can read it. The
    /// first watcher given stays; returns false if one was already set.
    pub fn watch(&self, watcher: Watcher) -> bool {
        self.shared.watcher.set(watcher).is_ok()
    }

    /// Called by a search that ends before it has finished.
    pub(crate) fn note_cut_short(&self) {
        self.shared.cut_short.store(true, Ordering::Relaxed);
    }

    /// Whether some search of this run ended before it finished because a
    /// stop was asked for (then its answers are bounds, not the answer).
    pub fn cut_short(&self) -> bool {
        self.shared.cut_short.load(Ordering::Relaxed)
    }

    /// What the searches of this run found so far.
    pub fn progress(&self) -> &Progress {
        &self.shared.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_and_fresh_contexts_do_not() {
        let a = RunContext::new();
        let a2 = a.clone();
        let b = RunContext::new();
        a2.stop();
        a.progress().found(7);
        assert!(a.stop_requested() && !b.stop_requested());
        assert_eq!(
            (a2.progress().snapshot().best, b.progress().snapshot().best),
            (7, 0)
        );
    }

    #[test]
    fn the_deadline_stops_only_when_looked_at_after_it() {
        // Looked at within its limit, it goes on: a limit no busy machine
        // outlasts between the context's start and the look.
        let c = RunContext::with_time_limit(Duration::from_secs(60));
        c.check_deadline();
        assert!(!c.stop_requested());
        assert!(c.has_deadline() && !RunContext::new().has_deadline());
        let limit = Duration::from_millis(30);
        let c = RunContext::with_time_limit(limit);
        // The time to pass the deadline: a sleep is the thing tested.
        std::thread::sleep(limit + Duration::from_millis(10));
        assert!(!c.stop_requested());
        c.check_deadline();
        assert!(c.stop_requested());
    }

    #[test]
    fn a_watcher_sees_the_progress_whenever_the_clock_is_looked_at() {
        use std::sync::atomic::AtomicU32;
        let c = RunContext::new();
        let seen = Arc::new(AtomicU32::new(0));
        let s = Arc::clone(&seen);
        assert!(c.watch(Box::new(move |p| {
            s.store(p.snapshot().best, Ordering::Relaxed);
        })));
        assert!(!c.watch(Box::new(|_| {})));
        c.progress().found(42);
        assert_eq!(seen.load(Ordering::Relaxed), 0);
        c.check_deadline();
        assert_eq!(seen.load(Ordering::Relaxed), 42);
    }
}
