//! What core needs of the machine it runs on, handed in as values.
//!
//! Core makes no system calls and reads no environment: whoever embeds it
//! (the `boardsolve` binary, the WebAssembly facade) says once, before
//! any search, which clock the deadlines read, how many bytes the
//! transposition tables may hold, and whether the AVX-512 paths may run
//! ([`configure`]). Left unconfigured, core uses the defaults of
//! [`Host::default`]: the standard library's monotonic clock where the
//! target has one, 2 GiB of tables, AVX-512 where the CPU has it.
//!
//! Parallelism is the crate feature `parallel` (rayon), which the binary
//! turns on; without it every search runs on the calling thread.

use std::sync::OnceLock;
use std::time::Duration;

/// A monotonic clock: the time since some fixed start of its own.
pub trait Clock: Send + Sync {
    /// The time elapsed since the clock's start; never goes back.
    fn now(&self) -> Duration;
}

/// The standard library's monotonic clock, from the first reading on.
/// Not for `wasm32-unknown-unknown`, where `Instant` panics.
#[derive(Debug)]
pub struct StdClock {
    start: OnceLock<std::time::Instant>,
}

impl StdClock {
    /// A clock that starts at its first reading.
    pub const fn new() -> StdClock {
        StdClock {
            start: OnceLock::new(),
        }
    }
}

impl Default for StdClock {
    fn default() -> StdClock {
        StdClock::new()
    }
}

impl Clock for StdClock {
    fn now(&self) -> Duration {
        self.start.get_or_init(std::time::Instant::now).elapsed()
    }
}

/// A clock that never moves, where the target has none: deadlines set
/// against it never pass (a stop asked from outside still works).
#[derive(Debug, Default)]
pub struct Stopped;

impl Clock for Stopped {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// The most bytes all the transposition tables of one run may hold,
/// whatever the host offers: past it a deep search gains little.
pub const MOST_TABLE_BYTES: usize = 2 << 30;

/// The least the tables are given: below this they would help too little
/// to matter either way.
pub const LEAST_TABLE_BYTES: usize = 64 << 20;

/// The machine as core sees it; see the [module](self).
pub struct Host {
    /// The clock of every run's deadline.
    pub clock: &'static dyn Clock,
    /// Bytes that all the transposition tables of one run may hold
    /// together (kept within [`LEAST_TABLE_BYTES`]..=[`MOST_TABLE_BYTES`]).
    pub table_bytes: usize,
    /// Whether the AVX-512 paths may run where the CPU has them (the
    /// binary's `BOARDSOLVE_SIMD=off` makes this false).
    pub avx512_allowed: bool,
}

impl Default for Host {
    fn default() -> Host {
        #[cfg(not(target_family = "wasm"))]
        static CLOCK: StdClock = StdClock::new();
        #[cfg(target_family = "wasm")]
        static CLOCK: Stopped = Stopped;
        Host {
            clock: &CLOCK,
            table_bytes: MOST_TABLE_BYTES,
            avx512_allowed: true,
        }
    }
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host")
            .field("table_bytes", &self.table_bytes)
            .field("avx512_allowed", &self.avx512_allowed)
            .finish_non_exhaustive()
    }
}

static HOST: OnceLock<Host> = OnceLock::new();

/// Sets the host for the rest of the process. The first call wins: it
/// returns false, changing nothing, once the host is set (or was read:
/// the searches that already ran must not see another machine).
pub fn configure(host: Host) -> bool {
    HOST.set(host).is_ok()
}

/// The host in force: the one given to [`configure`], or the default.
pub fn host() -> &'static Host {
    HOST.get_or_init(Host::default)
}

/// The table budget of `host`, within its floor and ceiling.
pub(crate) fn table_bytes() -> usize {
    host()
        .table_bytes
        .clamp(LEAST_TABLE_BYTES, MOST_TABLE_BYTES)
}

/// The threads a parallel search would use: rayon's pool with the
/// `parallel` feature, else 1 (and the searches never go parallel).
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_std_clock_starts_at_its_first_reading_and_moves_on() {
        let clock = StdClock::new();
        std::thread::sleep(Duration::from_millis(20));
        // Started at construction, the first reading would be at least
        // the sleep; started at the reading, it is at most the time
        // around it, however long a busy machine makes that.
        let around = std::time::Instant::now();
        let first = clock.now();
        assert!(first <= around.elapsed(), "{first:?}");
        std::thread::sleep(Duration::from_millis(5));
        assert!(clock.now() > first);
        assert_eq!(Stopped.now(), Duration::ZERO);
    }

    #[test]
    fn the_table_budget_is_kept_within_its_bounds() {
        assert!((LEAST_TABLE_BYTES..=MOST_TABLE_BYTES).contains(&table_bytes()));
    }
}
