//! Stopping a long search from outside the search: a time limit or a
//! request (the command line makes Ctrl-C one).
//!
//! The searches of [`crate::search::maximize`] look at one flag on every
//! position they enter. Once it is raised they unwind at once, keeping what
//! they proved: the best score some line reaches. Whoever raised it asks
//! [`cut_short`] whether a search really ended early, and then reports
//! bounds instead of an answer.
//!
//! The flag belongs to the process (a signal's thread can reach nothing
//! else), so it is raised only by the command line, which solves one
//! instance when it uses it; nothing in the library raises it, and
//! nothing here takes signals or exits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static STOP: AtomicBool = AtomicBool::new(false);
static CUT_SHORT: AtomicBool = AtomicBool::new(false);
static DEADLINE: AtomicBool = AtomicBool::new(false);

/// Whether the searches should stop now.
#[inline]
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Asks every running and later search to stop.
pub fn request() {
    STOP.store(true, Ordering::Relaxed);
}

/// Called by a search that stops before it has finished.
pub(crate) fn note_cut_short() {
    CUT_SHORT.store(true, Ordering::Relaxed);
}

/// Whether some search ended before it finished because a stop was requested.
pub fn cut_short() -> bool {
    CUT_SHORT.load(Ordering::Relaxed)
}

/// Whether a stop will come at a set time ([`stop_after`]): searches that
/// can then trade a little speed for tighter bounds at the stop do so.
pub fn has_deadline() -> bool {
    DEADLINE.load(Ordering::Relaxed)
}

/// Requests a stop once `limit` has passed, from a thread that sleeps until then.
pub fn stop_after(limit: Duration) {
    DEADLINE.store(true, Ordering::Relaxed);
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        request();
    });
}
