//! The live line of a long 2048 search on stderr, such as
//! `searching K = 18: at least 8192, at most 32768 · 3.1 M positions · 12 s`:
//! what the searches have published to their run's context, redrawn a
//! few times a second by a thread of its own, and erased before anything
//! else is written.
//!
//! It shows only after [`SHOW_AFTER`], so that short solves never flicker,
//! and only on a terminal: indicatif's stderr target draws nothing
//! anywhere else, so pipes, files and CI logs see no trace of it.

use boardsolve::puzzles::game2048::block_value;
use boardsolve::search::context::RunContext;
use boardsolve::search::progress::Snapshot;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, Write};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a search runs before its line appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// Time between two redraws: often enough for the count to look alive.
const REDRAW: Duration = Duration::from_millis(200);

/// The line of the search under way; dropping it (or [`finish`]) erases it.
///
/// [`finish`]: SearchLine::finish
pub(crate) struct SearchLine {
    shared: Arc<Shared>,
    drawer: Mutex<Option<JoinHandle<()>>>,
}

/// What the drawing thread and the command share.
struct Shared {
    /// Set when the line must go; the drawer waits on `wake` for it.
    done: Mutex<bool>,
    wake: Condvar,
    started: Instant,
    /// When the `--time-limit` clock started, and the limit.
    limit: Mutex<Option<(Instant, Duration)>>,
    /// The run whose progress the line shows.
    context: RunContext,
}

impl Shared {
    /// Waits `time`, or less if the line must go; returns whether it must.
    fn wait(&self, time: Duration) -> bool {
        let done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        let (done, _) = self
            .wake
            .wait_timeout_while(done, time, |done| !*done)
            .unwrap_or_else(PoisonError::into_inner);
        *done
    }

    /// The line's text now.
    fn text(&self) -> String {
        let limit = *self.limit.lock().unwrap_or_else(PoisonError::into_inner);
        let (elapsed, limit) = match limit {
            Some((start, limit)) => (start.elapsed(), Some(limit)),
            None => (self.started.elapsed(), None),
        };
        line_text(&self.context.progress().snapshot(), elapsed, limit)
    }
}

impl SearchLine {
    /// Starts the clock and the drawing thread, which shows the progress
    /// of `context`'s searches, nothing before [`SHOW_AFTER`].
    pub(crate) fn start(context: &RunContext) -> SearchLine {
        let shared = Arc::new(Shared {
            done: Mutex::new(false),
            wake: Condvar::new(),
            started: Instant::now(),
            limit: Mutex::new(None),
            context: context.clone(),
        });
        let drawer = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || draw(&shared))
        };
        SearchLine {
            shared,
            drawer: Mutex::new(Some(drawer)),
        }
    }

    /// Shows the time against `limit` from now on, when the `--time-limit`
    /// clock starts.
    pub(crate) fn time_limit(&self, limit: Duration) {
        *self
            .shared
            .limit
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), limit));
    }

    /// Erases the line, if shown, and stops the drawing; the line is gone
    /// when this returns. Later calls do nothing.
    pub(crate) fn finish(&self) {
        *self
            .shared
            .done
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = true;
        self.shared.wake.notify_all();
        let drawer = self
            .drawer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(drawer) = drawer {
            // A drawer that panicked has said so on stderr already.
            let _ = drawer.join();
        }
    }
}

impl Drop for SearchLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The drawing thread: waits, then redraws until told to go, then erases.
fn draw(shared: &Shared) {
    if shared.wait(SHOW_AFTER) {
        return;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if bar.is_hidden() {
        return;
    }
    // `wide_msg` cuts the text at the terminal's width: a wrapped line
    // could not be erased.
    bar.set_style(ProgressStyle::with_template("{wide_msg}").expect("a valid template"));
    loop {
        bar.set_message(shared.text());
        if shared.wait(REDRAW) {
            break;
        }
    }
    bar.finish_and_clear();
}

/// A writer that erases the line before its first byte, so that the
/// answer never lands on a terminal line the search line still holds.
pub(crate) struct ClearsLine<'a, W: Write> {
    inner: W,
    line: Option<&'a SearchLine>,
}

impl<'a, W: Write> ClearsLine<'a, W> {
    /// `inner`, erasing `line` (if any) before the first write.
    pub(crate) fn new(inner: W, line: Option<&'a SearchLine>) -> Self {
        ClearsLine { inner, line }
    }
}

impl<W: Write> Write for ClearsLine<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(line) = self.line.take() {
            line.finish();
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The text of the line: the question, the bounds proven, the positions
/// searched and the time, against the limit if there is one.
pub(crate) fn line_text(s: &Snapshot, elapsed: Duration, limit: Option<Duration>) -> String {
    let question = match s.depth {
        Some(k) => format!("searching K = {k}"),
        None => "searching".to_string(),
    };
    let lower = block_value(s.best);
    let bounds = match s.upper.map(block_value) {
        // Proven, and searched on for its line (--explain, --json, pictures).
        Some(upper) if upper <= lower => {
            format!("{lower} proven, finding its line")
        }
        Some(upper) => format!("at least {lower}, at most {upper}"),
        None => format!("at least {lower}"),
    };
    let positions = count_text(s.positions);
    let noun = if s.positions == 1 {
        "position"
    } else {
        "positions"
    };
    // Whole seconds: tenths would flicker without telling much.
    let time = clock_text(Duration::from_secs(elapsed.as_secs()));
    let time = match limit {
        Some(limit) => format!("{time} of {}", clock_text(limit)),
        None => time,
    };
    format!("{question}: {bounds} · {positions} {noun} · {time}")
}

/// A count in three significant figures or fewer: `812`, `45 k`, `3.1 M`.
fn count_text(n: u64) -> String {
    const UNITS: [(f64, &str); 4] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    // 0.9995 of a unit and up already rounds to "1.0" of it.
    let Some(&(size, unit)) = UNITS.iter().find(|&&(size, _)| n as f64 >= size * 0.9995) else {
        return n.to_string();
    };
    let v = n as f64 / size;
    if v < 9.95 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.0} {unit}")
    }
}

/// A duration as `12 s`, `2.5 s` (tenths only below ten seconds, and only
/// when there are some), `3 min 05 s` or `5 min`: seconds alone up to 99,
/// so that a minute's limit reads `12 s of 60 s`.
fn clock_text(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    if tenths < 100 && !tenths.is_multiple_of(10) {
        return format!("{}.{} s", tenths / 10, tenths % 10);
    }
    let secs = d.as_secs();
    if secs < 100 {
        format!("{secs} s")
    } else if secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else {
        format!("{} min {:02} s", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(best: u32, upper: Option<u32>, positions: u64) -> Snapshot {
        Snapshot {
            best,
            upper,
            positions,
            depth: Some(18),
        }
    }

    #[test]
    fn the_line_reads_well() {
        let secs = Duration::from_secs;
        assert_eq!(
            line_text(&snapshot(13, Some(15), 3_141_592), secs(12), None),
            "searching K = 18: at least 8192, at most 32768 · 3.1 M positions · 12 s"
        );
        assert_eq!(
            line_text(
                &snapshot(13, Some(14), 45_000),
                Duration::from_millis(12_900),
                Some(secs(60))
            ),
            "searching K = 18: at least 8192, at most 16384 · 45 k positions · 12 s of 60 s"
        );
        assert_eq!(
            line_text(&snapshot(14, Some(14), 1), secs(135), Some(secs(300))),
            "searching K = 18: 16384 proven, finding its line · 1 position · 2 min 15 s of 5 min"
        );
        let unknown = Snapshot {
            best: 3,
            upper: None,
            positions: 0,
            depth: None,
        };
        assert_eq!(
            line_text(&unknown, Duration::ZERO, Some(Duration::from_millis(2500))),
            "searching: at least 8 · 0 positions · 0 s of 2.5 s"
        );
    }

    #[test]
    fn counts_are_short() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1.0 k"),
            (9_949, "9.9 k"),
            (9_960, "10 k"),
            (45_200, "45 k"),
            (999_499, "999 k"),
            (999_500, "1.0 M"),
            (3_141_592, "3.1 M"),
            (271_828_182, "272 M"),
            (12_000_000_000, "12 G"),
            (5_000_000_000_000, "5.0 T"),
            (u64::MAX, "18446744 T"),
        ];
        for (n, text) in cases {
            assert_eq!(count_text(n), text, "{n}");
        }
    }

    #[test]
    fn clocks_are_short() {
        let ms = Duration::from_millis;
        let cases = [
            (ms(0), "0 s"),
            (ms(300), "0.3 s"),
            (ms(1000), "1 s"),
            (ms(9_950), "9.9 s"),
            (ms(10_500), "10 s"),
            (ms(59_999), "59 s"),
            (ms(60_000), "60 s"),
            (ms(99_999), "99 s"),
            (ms(100_000), "1 min 40 s"),
            (ms(120_000), "2 min"),
            (ms(3_600_000), "60 min"),
        ];
        for (d, text) in cases {
            assert_eq!(clock_text(d), text, "{d:?}");
        }
    }

    #[test]
    fn the_line_goes_before_the_first_byte() {
        let line = SearchLine::start(&RunContext::new());
        let mut out = ClearsLine::new(Vec::new(), Some(&line));
        assert!(line.drawer.lock().unwrap().is_some());
        out.write_all(b"16384\n").unwrap();
        assert!(line.drawer.lock().unwrap().is_none());
        assert_eq!(out.inner, b"16384\n");
    }
}
