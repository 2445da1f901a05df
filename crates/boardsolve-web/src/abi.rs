//! The module's C ABI for the page's worker: a request written into a
//! buffer the module gives, one call, the response read from the module's
//! memory. The exports and imports are listed in `docs/web.md`.

use boardsolve_core::host::{self, Clock, Host};
use boardsolve_core::puzzles::game2048::block_value;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// Milliseconds from a fixed start (`performance.now()`).
    safe fn bs_now() -> f64;
    /// Shows the page a long search's progress.
    safe fn bs_progress(best: f64, upper: f64, positions: f64, depth: f64);
}

/// The page's clock, read through the import.
struct PageClock;

impl Clock for PageClock {
    fn now(&self) -> Duration {
        Duration::from_secs_f64(bs_now().max(0.0) / 1000.0)
    }
}

/// The tables of one search may hold this much: a page shares the
/// browser's memory, and wasm32 addresses 4 GiB at most.
const PAGE_TABLE_BYTES: usize = 512 << 20;

/// How often the page is shown the progress, at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

thread_local! {
    /// The response of the last call, kept until the next.
    static RESPONSE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for a request; the caller writes it and hands
/// it to [`bs_call`], which frees it.
#[unsafe(no_mangle)]
pub extern "C" fn bs_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len);
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Gives back a buffer of [`bs_alloc`] that was not passed to [`bs_call`].
///
/// # Safety
/// `ptr` and `len` must be those of one [`bs_alloc`] not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bs_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes a buffer of bs_alloc(len), which is a
    // Vec's allocation of capacity len.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Answers the request of `len` bytes at `ptr` (a buffer of
/// [`bs_alloc`], freed here); returns the response's length, which
/// [`bs_response`] locates.
///
/// # Safety
/// `ptr` and `len` must be those of one [`bs_alloc`] not yet freed, with
/// all `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bs_call(ptr: *mut u8, len: usize) -> usize {
    host::configure(Host {
        clock: &PageClock,
        table_bytes: PAGE_TABLE_BYTES,
        avx512_allowed: false,
    });
    // SAFETY: as the caller promises, a written buffer of bs_alloc(len).
    let request = unsafe { Vec::from_raw_parts(ptr, len, len) };
    let request = String::from_utf8_lossy(&request);
    // Milliseconds of the last showing.
    let last = AtomicU64::new(0);
    let watcher = Box::new(
        move |progress: &boardsolve_core::search::progress::Progress| {
            let now = PageClock.now().as_millis() as u64;
            if now.saturating_sub(last.load(Ordering::Relaxed)) < PROGRESS_EVERY.as_millis() as u64
            {
                return;
            }
            last.store(now, Ordering::Relaxed);
            // The only searches that publish progress are 2048's, whose
            // scores are exponents: the page is shown the blocks (a power
            // of two is exact in an f64).
            let s = progress.snapshot();
            let block = |e: u32| block_value(e) as f64;
            bs_progress(
                block(s.best),
                s.upper.map_or(-1.0, block),
                s.positions as f64,
                s.depth.map_or(-1.0, f64::from),
            );
        },
    );
    let response = crate::call_watched(&request, Some(watcher));
    RESPONSE.with(|r| {
        let mut r = r.borrow_mut();
        *r = response.into_bytes();
        r.len()
    })
}

/// Where the last response starts (valid until the next [`bs_call`]).
#[unsafe(no_mangle)]
pub extern "C" fn bs_response() -> *const u8 {
    RESPONSE.with(|r| r.borrow().as_ptr())
}
