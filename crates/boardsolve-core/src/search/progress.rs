//! What a long search has found so far, for a live display.
//!
//! The searches of [`crate::search::maximize`] publish into the record of
//! their run's [`RunContext`](super::context::RunContext) as they go: the
//! best score a line reached, the positions they entered, and, from the
//! puzzle that runs them, the best upper bound proven for the question
//! asked and its depth. The command line reads it from a drawing thread;
//! nothing in the library draws.
//!
//! A context is made per question: the command line shows the record only
//! while it solves a single instance, so every search of the run works on
//! that instance's question (or on positions along its lines, whose
//! scores are scores of the instance's lines too). Publishing has to cost
//! nothing in the searches' inner loop: positions are added in batches of
//! a few thousand (`BATCH`), and the best score only when it rises.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Positions a search enters between two additions to the record's count:
/// one atomic addition per this many positions costs nothing measurable,
/// and the count still moves many times between two redraws.
pub(crate) const BATCH: u64 = 4096;

/// What the searches of one question have proven so far. Bounds only
/// tighten: the best score found only rises, the proven upper bound only
/// falls, and the count only grows, whichever thread publishes.
#[derive(Debug)]
pub struct Progress {
    best: AtomicU32,
    upper: AtomicU32,
    positions: AtomicU64,
    depth: AtomicU32,
}

/// The record at one moment, as [`Progress::snapshot`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// The best score some line was seen to reach (0 before any was).
    pub best: u32,
    /// The smallest upper bound proven on the best score, if any was.
    pub upper: Option<u32>,
    /// Positions entered by every search so far, summed over threads
    /// (short by at most one batch of positions, `BATCH`, per search still
    /// running).
    pub positions: u64,
    /// The moves allowed by the question being answered, once known.
    pub depth: Option<u32>,
}

/// Stands for "not known yet" in `upper` and `depth`: no bound and no
/// depth can reach it, so `fetch_min` replaces it with the first real one.
const UNKNOWN: u32 = u32::MAX;

impl Progress {
    /// An empty record: nothing found, nothing proven, no positions.
    pub const fn new() -> Progress {
        Progress {
            best: AtomicU32::new(0),
            upper: AtomicU32::new(UNKNOWN),
            positions: AtomicU64::new(0),
            depth: AtomicU32::new(UNKNOWN),
        }
    }

    /// Notes that a line reaches `score`; a lower score than one already
    /// noted changes nothing.
    pub fn found(&self, score: u32) {
        self.best.fetch_max(score, Ordering::Relaxed);
    }

    /// Notes that no line scores above `bound`; a looser bound than one
    /// already noted changes nothing.
    pub fn proved_at_most(&self, bound: u32) {
        self.upper.fetch_min(bound, Ordering::Relaxed);
    }

    /// Adds `count` positions entered.
    pub fn entered(&self, count: u64) {
        self.positions.fetch_add(count, Ordering::Relaxed);
    }

    /// Notes the moves the question allows, for the display.
    pub fn set_depth(&self, depth: u32) {
        self.depth.store(depth, Ordering::Relaxed);
    }

    /// The record now. The fields are read one by one while searches may
    /// publish, which a display can live with: each is a value it had.
    pub fn snapshot(&self) -> Snapshot {
        let known = |v: u32| (v != UNKNOWN).then_some(v);
        Snapshot {
            best: self.best.load(Ordering::Relaxed),
            upper: known(self.upper.load(Ordering::Relaxed)),
            positions: self.positions.load(Ordering::Relaxed),
            depth: known(self.depth.load(Ordering::Relaxed)),
        }
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_only_tighten() {
        let p = Progress::new();
        assert_eq!(
            p.snapshot(),
            Snapshot {
                best: 0,
                upper: None,
                positions: 0,
                depth: None
            }
        );
        p.found(11);
        p.found(9);
        p.proved_at_most(16);
        p.proved_at_most(18);
        p.found(13);
        p.proved_at_most(15);
        let s = p.snapshot();
        assert_eq!((s.best, s.upper), (13, Some(15)));
        p.set_depth(18);
        assert_eq!(p.snapshot().depth, Some(18));
    }

    #[test]
    fn counts_and_bests_add_up_over_threads() {
        let p = Progress::new();
        std::thread::scope(|scope| {
            for t in 0..4u32 {
                let p = &p;
                scope.spawn(move || {
                    for k in 0..1000u32 {
                        p.entered(u64::from(t) + 1);
                        p.found(t * 1000 + k);
                        p.proved_at_most(100_000 - t * 1000 - k);
                    }
                });
            }
        });
        let s = p.snapshot();
        assert_eq!(s.positions, 1000 * (1 + 2 + 3 + 4));
        assert_eq!(s.best, 3999);
        assert_eq!(s.upper, Some(100_000 - 3999));
    }
}
