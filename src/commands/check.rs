//! `boardsolve check`: is this output a right answer?

use super::harness::reported;
use super::*;
use crate::cli::CheckArgs;
use boardsolve::puzzles::CheckOptions;
use boardsolve::text::MAX_INPUT_BYTES;
use boardsolve::text::Verdict;
use boardsolve::tools::deadline;
use std::io::{self, Write};

pub(crate) fn check(args: &CheckArgs) -> Result<(), Stop> {
    let rules = args
        .rules
        .options(args.puzzle)
        .map_err(|e| failure(e, "check"))?;
    need_stdout()?;
    let (source, input) = read_input(Some(&args.input), MAX_INPUT_BYTES)?;
    // Any answer `check` can judge fits in 1 GiB (a 4096×4096 tiling is
    // about 130 MiB). A regular file within it is read as often as the
    // checker needs, never held (the tiling checker reads it twice);
    // anything else (a pipe, a device, a bigger file) is read once, whole
    // up to the limit, and refused beyond it.
    const LIMIT: u64 = 1 << 30;
    let regular = std::fs::metadata(&args.output).is_ok_and(|m| m.is_file() && m.len() <= LIMIT);
    let whole = match regular {
        true => None,
        false => Some(read_input(Some(&args.output), LIMIT)?.1),
    };
    let reopen =
        || -> io::Result<Box<dyn io::Read>> { Ok(Box::new(std::fs::File::open(&args.output)?)) };
    let puzzle = args.puzzle;
    let verdict = deadline::within(args.reference_limit, |context| {
        let options = CheckOptions {
            rules,
            context: context.clone(),
        };
        match &whole {
            Some(output) => puzzle.check(&input, output, &options),
            None => puzzle.check_from(&input, &reopen, &options),
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
        Error::Io(e) if regular => io_failure(
            e,
            format!(
                "cannot read {}",
                boardsolve::tools::files::shown(&args.output)
            ),
        ),
        e => failure(e, &source),
    })?;
    let mut stdout = anstream::stdout().lock();
    let printed = match &verdict {
        Verdict::Correct => writeln!(stdout, "{GOOD}correct{GOOD:#}"),
        Verdict::Wrong(reason) => writeln!(
            stdout,
            "{BAD}wrong{BAD:#}: {}: {reason}",
            boardsolve::tools::files::shown(&args.output)
        ),
    }
    .and_then(|()| stdout.flush());
    // A wrong answer exits 1 even when the line cannot be written (a
    // closed pipe, a full disk): the status is the verdict.
    reported(matches!(verdict, Verdict::Wrong(_)), printed)
}
