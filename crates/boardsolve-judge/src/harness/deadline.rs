//! Our own computations under a time limit: the reference answers that
//! `stress`, `test` and `check` trust, so that an instance too big for
//! them stops the run with a clear message instead of hanging it.

use crate::search::context::RunContext;
use std::time::Duration;

/// Runs `work` with a [`RunContext`] whose searches stop once `limit` has
/// passed, on a thread of its own (deep searches recurse: it gets the
/// main thread's room for its stack), and waits for it: no thread is
/// left behind. `None` when a search was cut short by the limit.
///
/// Only searches that can be long look at the context (2048's); the
/// others finish within about a second on the largest input their
/// parsers accept, and their answers are kept even past the limit.
/// A panic in `work` is a panic here.
///
/// # Errors
/// The thread could not be started.
pub fn within<T, F>(limit: Duration, work: F) -> std::io::Result<Option<T>>
where
    T: Send,
    F: FnOnce(&RunContext) -> T + Send,
{
    let context = RunContext::with_time_limit(limit);
    let joined = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("reference".into())
            .stack_size(64 << 20)
            .spawn_scoped(scope, || work(&context))
            .map(std::thread::ScopedJoinHandle::join)
    })?;
    let value = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    Ok((!context.cut_short()).then_some(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::maximize::{Climb, Climbing, End};

    /// Numbers that grow by 1 or 2 a move, never bounded below 1000: a
    /// search of 40 moves looks at about 2^40 positions unless stopped.
    struct Endless;
    impl Climb for Endless {
        type Node = [u8; 8];
        const MOVES: usize = 2;
        fn score(&self, _: &[u8; 8]) -> u32 {
            0
        }
        fn upper_bound(&self, _: &[u8; 8], _: u32) -> u32 {
            1000
        }
        fn apply(&self, n: &[u8; 8], mv: usize, out: &mut [u8; 8]) -> bool {
            *out = (u64::from_le_bytes(*n) * 2 + mv as u64 + 1).to_le_bytes();
            true
        }
        fn key<'a>(&self, n: &'a [u8; 8]) -> &'a [u8] {
            n
        }
    }

    #[test]
    fn answers_in_time_or_says_it_ran_out() {
        assert_eq!(within(Duration::from_secs(5), |_| 6 * 7).unwrap(), Some(42));
        let started = std::time::Instant::now();
        let slow = within(Duration::from_millis(50), |context| {
            Climbing::new(40)
                .context(context)
                .maximize(&Endless, &[0; 8])
                .end
        });
        assert_eq!(slow.unwrap(), None);
        // Stopped at the limit, not after 2^40 positions (hours): only
        // that reaches this bound, not a busy machine.
        assert!(started.elapsed() < Duration::from_secs(60));
        let fast = within(Duration::from_secs(60), |context| {
            Climbing::new(3)
                .context(context)
                .maximize(&Endless, &[0; 8])
                .end
        });
        assert_eq!(fast.unwrap(), Some(End::Finished));
    }
}
