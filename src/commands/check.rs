//! `boardsolve check`: is this output right?

use super::exit::{Stop, failure, io_failure};
use super::harness::reported;
use super::streams::{need_stdout, read_input};
use super::style::{BAD, GOOD};
use crate::cli::CheckArgs;
use boardsolve::puzzles::CheckOptions;
use boardsolve::puzzles::Error;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::text::Verdict;
use boardsolve::tools::deadline;
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::path::Path;
use std::rc::Rc;

pub(crate) fn check(args: &CheckArgs) -> Result<(), Stop> {
    let rules = args
        .rules
        .options(args.puzzle)
        .map_err(|e| failure(e, "check"))?;
    need_stdout()?;
    let (source, input) = read_input(Some(&args.input), MAX_INPUT_BYTES)?;
    let output = args.output.as_path();
    let stdin = output.as_os_str() == "-";
    // The output is never held: a regular file is opened again as often
    // as the checker reads it; a pipe, a device or standard input is read
    // once, kept on disk as it goes, for a checker that reads twice (a
    // tiling). Either way reading stops at the first difference, so a
    // runaway answer of gigabytes is a wrong answer found at once.
    let regular = !stdin && std::fs::metadata(output).is_ok_and(|m| m.is_file());
    // Opened once, before the reference answer is searched: a missing
    // file is said at once, and a named pipe is not opened twice.
    let once: Option<Box<dyn Read + Send>> = match (regular, stdin) {
        (true, _) => None,
        (false, true) => Some(Box::new(io::stdin())),
        (false, false) => Some(Box::new(
            std::fs::File::open(output).map_err(|e| cannot_read(e, output))?,
        )),
    };
    let puzzle = args.puzzle;
    let verdict = deadline::within(args.reference_limit, |context| {
        let options = CheckOptions {
            rules,
            context: context.clone(),
        };
        match once {
            None => {
                let reopen =
                    || -> io::Result<Box<dyn Read>> { Ok(Box::new(std::fs::File::open(output)?)) };
                puzzle.check_from(&input, &reopen, &options)
            }
            Some(once) => {
                let spool = Spool::new(once)?;
                puzzle.check_from(&input, &|| spool.open(), &options)
            }
        }
    })
    .map_err(|e| Stop::system("cannot start a thread", e))?
    .ok_or_else(|| {
        Stop::Usage(format!(
            "the reference answer took more than {:?}; raise --reference-limit",
            args.reference_limit
        ))
    })?
    .map_err(|e| match e {
        // A checker only reads: its I/O failures are reading the output.
        Error::Io(e) => cannot_read(e, output),
        e => failure(e, &source),
    })?;
    let mut stdout = anstream::stdout().lock();
    let printed = match &verdict {
        Verdict::Correct => writeln!(stdout, "{GOOD}correct{GOOD:#}"),
        Verdict::Wrong(reason) => writeln!(
            stdout,
            "{BAD}wrong{BAD:#}: {}: {reason}",
            boardsolve::tools::files::shown(output)
        ),
    }
    .and_then(|()| stdout.flush());
    // A wrong answer exits 1 even when the line cannot be written (a
    // closed pipe, a full disk): the status is the verdict.
    reported(matches!(verdict, Verdict::Wrong(_)), printed)
}

fn cannot_read(e: io::Error, output: &Path) -> Stop {
    match output.as_os_str() == "-" {
        true => io_failure(e, "cannot read standard input"),
        false => io_failure(
            e,
            format!("cannot read {}", boardsolve::tools::files::shown(output)),
        ),
    }
}

/// The most of an output read once that is kept for a second reading.
/// Any answer `check` can judge fits (a 4096×4096 tiling is about
/// 130 MiB); past it, only padding could still make a right answer, and
/// that is refused rather than filling the disk.
const SPOOL_LIMIT: u64 = 1 << 30;

/// An output that can be read only once (a pipe), copied to a temporary
/// file as the checker reads it, so that a checker that reads it again
/// gets the same bytes and one that stops early has read no further.
struct Spool {
    inner: Rc<RefCell<Tee>>,
}

struct Tee {
    source: Box<dyn Read + Send>,
    copy: tempfile::NamedTempFile,
    kept: u64,
    /// The first opening has been handed out.
    opened: bool,
}

impl Spool {
    fn new(source: Box<dyn Read + Send>) -> io::Result<Spool> {
        let tee = Tee {
            source,
            copy: tempfile::NamedTempFile::new().map_err(no_copy)?,
            kept: 0,
            opened: false,
        };
        Ok(Spool {
            inner: Rc::new(RefCell::new(tee)),
        })
    }

    /// The output from its start: the source itself the first time, then
    /// the copy, completed first from what the source still holds.
    fn open(&self) -> io::Result<Box<dyn Read + '_>> {
        if !std::mem::replace(&mut self.inner.borrow_mut().opened, true) {
            return Ok(Box::new(TeeReader(Rc::clone(&self.inner))));
        }
        // What the first reading left unread, copied up to the limit.
        let mut rest = TeeReader(Rc::clone(&self.inner));
        let mut buf = vec![0; 64 << 10];
        while self.inner.borrow().kept <= SPOOL_LIMIT && rest.read(&mut buf)? > 0 {}
        let tee = self.inner.borrow();
        if tee.kept > SPOOL_LIMIT {
            return Err(io::Error::other(format!(
                "an output of more than {} MiB read from a pipe is read only once; \
                 give it as a file",
                SPOOL_LIMIT >> 20
            )));
        }
        Ok(Box::new(tee.copy.reopen()?))
    }
}

/// The copy's trouble (a full disk), told apart from the output's own.
fn no_copy(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot keep a temporary copy of it: {e}"))
}

/// Reads the source of a [`Spool`], copying what it reads.
struct TeeReader(Rc<RefCell<Tee>>);

impl Read for TeeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut tee = self.0.borrow_mut();
        let n = tee.source.read(buf)?;
        let kept = tee.kept;
        tee.kept = kept.saturating_add(n as u64);
        if tee.kept <= SPOOL_LIMIT {
            tee.copy.write_all(&buf[..n]).map_err(no_copy)?;
        }
        Ok(n)
    }
}
