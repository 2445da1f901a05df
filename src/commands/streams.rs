//! The standard streams as the commands use them: whether standard output
//! was closed at start, reading an input, writing a report as a table or
//! JSON, and a progress bar on a terminal.

use super::exit::{Stop, io_failure};
use boardsolve::text::read_limited;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when boardsolve was started with standard output closed (`>&-`):
/// a fact of the process, noted before `main` by the constructor below.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Notes whether boardsolve was started with standard output closed
/// (`>&-`). It runs before Rust's runtime starts, because the runtime then
/// puts /dev/null on a closed descriptor 1, after which the closed output
/// cannot be told from a chosen one, and the answers would vanish while
/// the run reported success.
extern "C" fn note_closed_stdout() {
    // A raw system call (rustix's own), which needs no runtime.
    if rustix::io::fcntl_getfd(rustix::stdio::stdout()).is_err() {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

// SAFETY: an ELF constructor run by the loader before `main`; it only
// makes one system call and stores to an atomic, which need no runtime.
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

/// Fails a command that prints when standard output is closed: its
/// answer would be lost while it reported success.
pub(crate) fn need_stdout() -> Result<(), Stop> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        Err(Stop::Usage(
            "standard output is closed; nothing to write the result to".into(),
        ))
    } else {
        Ok(())
    }
}

/// Reads `path`, or standard input when `None`, up to `limit` bytes; returns
/// the name used in messages (`input` for standard input) and the bytes.
pub(crate) fn read_input(path: Option<&Path>, limit: u64) -> Result<(String, Vec<u8>), Stop> {
    // `-` is standard input, as for every Unix tool (`./-` names a file).
    let path = path.filter(|p| p.as_os_str() != "-");
    let name = path.map_or("input".to_string(), boardsolve::tools::files::shown);
    let read = match path {
        None => read_limited(io::stdin().lock(), limit),
        Some(path) => std::fs::File::open(path).and_then(|file| read_limited(file, limit)),
    };
    match read {
        Ok(Ok(data)) => Ok((name, data)),
        Ok(Err(too_long)) => Err(Stop::Input(format!("{name}:{too_long}"))),
        Err(e) => Err(match path {
            None => io_failure(e, "cannot read standard input"),
            Some(_) => io_failure(e, format!("cannot read {name}")),
        }),
    }
}

/// Writes a report as `--json` prints it: one pretty JSON object and a
/// newline on standard output, or the table that `table` writes, to a
/// buffered and (on a terminal) coloured standard output.
pub(crate) fn print_report<T: serde::Serialize>(
    json: bool,
    report: &T,
    table: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    use io::Write;
    if json {
        let mut out = io::stdout().lock();
        serde_json::to_writer_pretty(&mut out, report)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush())
    } else {
        let mut out = io::BufWriter::new(anstream::stdout().lock());
        table(&mut out).and_then(|()| out.flush())
    }
}

/// A progress bar on a terminal, nothing otherwise.
pub(crate) fn progress_bar(total: u64, what: &str) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}}, eta {{eta}})"
    ))
    .expect("a valid template");
    bar.set_style(style);
    Some(bar)
}
