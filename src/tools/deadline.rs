//! Our own computations under a time limit: the reference answers that
//! `stress` and `check` trust, so that an instance too big for them stops
//! the run with a clear message instead of hanging it.

use std::sync::mpsc;
use std::time::Duration;

/// Runs `work` on a thread of its own and waits at most `limit` for it.
/// `None` when the time ran out; the thread is then left to finish (or be
/// ended with the process, which is what callers do next).
///
/// # Errors
/// The thread could not be started.
pub fn within<T, F>(limit: Duration, work: F) -> std::io::Result<Option<T>>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (send, receive) = mpsc::channel();
    // Deep searches recurse: the same room as the main thread's stack.
    std::thread::Builder::new()
        .name("reference".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = send.send(work());
        })?;
    Ok(receive.recv_timeout(limit).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_in_time_or_says_it_ran_out() {
        assert_eq!(within(Duration::from_secs(5), || 6 * 7).unwrap(), Some(42));
        let slow = within(Duration::from_millis(50), || {
            std::thread::sleep(Duration::from_secs(2));
            1
        });
        assert_eq!(slow.unwrap(), None);
    }
}
