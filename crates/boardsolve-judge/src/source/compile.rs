//! The compile step of a build: the user's file and the harness written
//! into the build folder, the compiler run on them, and what it gave
//! told apart: a program, the source's compile error, or the harness's
//! trouble (a full disk, a compiler killed by a signal).
//!
//! A compile is contained like a run: the compiler and all it starts
//! (`cc1plus`, `as`, `ld`) are one tree that a limit or a stop kills
//! whole, within a CPU time (the table's), a wall clock, a memory bound
//! ([`MEMORY`]), a bound on its messages ([`MESSAGES`]) and on each file
//! it writes ([`FILE`]). Its temporary files go to a folder of the build
//! (`TMPDIR`), removed with it on every path: a killed `cc1plus` leaves
//! its `ccXXXX.s` there, never in the system's temporary folder.

use super::super::harness::Harness;
use super::super::harness::cleanup::TemporaryDir;
use super::super::harness::run::{self, Ending, Limits, Program};
use super::entry;
use super::error::{CompileError, MESSAGE_LINES, SourceError};
use super::plan::Plan;
use super::request::HERE;
use super::table::{Language, Toolchain};
use std::io;
use std::path::{Path, PathBuf};

/// The most memory a compile may use (the largest resident set of one of
/// its processes, or the proportional sum over them): far above what any
/// contest source needs, far below what `#include "/dev/zero"` would take.
pub const MEMORY: u64 = 2 << 30;

/// The most a compiler may write to standard error (its messages) before
/// it is stopped; the message shown is the start of it in any case.
pub const MESSAGES: u64 = 16 << 20;

/// The largest file a compile may write: its program, or an assembly
/// file in its temporary folder (a 300 MB initialised array fits).
pub const FILE: u64 = 1 << 30;

/// The build folder's folder for the compiler's temporary files.
const TEMPORARY: &str = ".tmp";

/// Writes what the compiler reads into `folder`: the source's bytes and
/// the `key` (what a cache entry is checked against), the user's file
/// under its name in the build (Python's is written by its check), and
/// the harness.
///
/// # Errors
/// A folder that cannot be written.
pub(super) fn fill(
    folder: &TemporaryDir,
    plan: &Plan<'_>,
    key: &str,
    bytes: &[u8],
) -> Result<(), SourceError> {
    let here = folder.path().to_path_buf();
    let cannot_write = |source| SourceError::Cache {
        what: "write into the build folder",
        dir: here.clone(),
        source,
    };
    folder.write("source", bytes).map_err(cannot_write)?;
    folder.write("key", key.as_bytes()).map_err(cannot_write)?;
    let language = plan.chain.language;
    if language != Language::Python {
        folder
            .write(&plan.user_file, &plan.user_bytes(bytes))
            .map_err(cannot_write)?;
    }
    if let Some((name, text)) = &plan.harness {
        folder.write(name, text.as_bytes()).map_err(cannot_write)?;
    }
    if language == Language::Java {
        std::fs::create_dir_all(here.join("classes")).map_err(cannot_write)?;
    }
    Ok(())
}

/// Runs `compiler` on the build in `folder`; the compile error, if the
/// source has one (`shown_command` is the command it names).
///
/// # Errors
/// The harness's trouble, a compiler that cannot be started or was
/// killed, a disk too full for the compiler's output.
pub(super) fn compile(
    harness: &Harness,
    plan: &Plan<'_>,
    folder: &TemporaryDir,
    compiler: &Path,
    shown: &str,
    shown_command: &str,
) -> Result<Option<CompileError>, SourceError> {
    let chain = plan.chain;
    let here = folder.path().to_path_buf();
    let here_text = here.to_string_lossy().into_owned();
    let mut command = vec![compiler.to_string_lossy().into_owned()];
    command.extend(
        plan.compile_words()
            .iter()
            .map(|w| w.replace(HERE, &here_text)),
    );
    // Not in the key nor shown: the list of files read, checked on use.
    command.extend(entry::deps_words(chain.language, &here_text));
    let temporary = here.join(TEMPORARY);
    std::fs::create_dir_all(&temporary).map_err(|source| SourceError::Cache {
        what: "write into the build folder",
        dir: here.clone(),
        source,
    })?;
    let program = Program::new(&command)
        .map(|p| {
            p.in_place()
                .with_env("TMPDIR", &temporary)
                .with_error_bound(MESSAGES)
        })
        .map_err(|e| SourceError::CompilerFailed {
            tool: chain.compiler.name,
            shown: shown.to_string(),
            how: e.to_string(),
        })?;
    let limits = Limits::for_cpu(chain.compile_limit, Some(MEMORY), FILE);
    let done = run::run(harness, &program, b"", &limits);
    // What a compiler left behind (killed, it cleans nothing up) is no
    // part of the build; on an error return the folder goes whole.
    let _ = std::fs::remove_dir_all(&temporary);
    let done = done?;
    Ok(
        compile_failure(&done, chain, shown, &here)?.map(|why| CompileError {
            why,
            message: message(&done, &here_text),
            shown: shown_command.to_string(),
        }),
    )
}

/// The first [`MESSAGE_LINES`] lines of what the compiler said (its
/// standard error, else its standard output), the build folder's paths
/// taken out, and without a JVM's note of the options it was given
/// (`Picked up JAVA_TOOL_OPTIONS: ...`: boardsolve's own, or the
/// user's environment, never the source's).
fn message(done: &run::Run, here_text: &str) -> Vec<String> {
    let mut said = String::from_utf8_lossy(&done.stderr).into_owned();
    if said.trim().is_empty() {
        said = String::from_utf8_lossy(&head(&done.stdout)).into_owned();
    }
    said.replace(&format!("{here_text}/"), "")
        .replace(here_text, ".")
        .lines()
        .filter(|line| !jvm_note(line))
        .take(MESSAGE_LINES)
        .map(str::to_string)
        .collect()
}

/// Whether `line` is a JVM's note of the options it picked up from its
/// environment.
fn jvm_note(line: &str) -> bool {
    ["JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"]
        .iter()
        .any(|variable| line.starts_with(&format!("Picked up {variable}: ")))
}

/// Why a finished compile is a compile error (`g++ exited with status
/// 1`), or `None` when it succeeded.
///
/// # Errors
/// The compiler's own failure (a signal), and a disk too full for its
/// output: neither is the source's fault.
fn compile_failure(
    done: &run::Run,
    chain: &Toolchain,
    shown: &str,
    here: &Path,
) -> Result<Option<String>, SourceError> {
    let tool = chain.compiler.name;
    let failed = |how: String| SourceError::CompilerFailed {
        tool,
        shown: shown.to_string(),
        how,
    };
    let why = match done.ending {
        Ending::Exited(0) => return Ok(None),
        Ending::Exited(code) => format!("{tool} exited with status {code}"),
        Ending::CpuLimit | Ending::WallLimit => format!(
            "{tool} took longer than the {} s allowed for compiling",
            chain.compile_limit.as_secs()
        ),
        Ending::MemoryLimit => format!(
            "{tool} used more than the {} MiB of memory allowed for compiling",
            MEMORY >> 20
        ),
        Ending::OutputLimit => format!(
            "{tool} wrote more than allowed for compiling ({} MiB of messages, {} MiB in one file)",
            MESSAGES >> 20,
            FILE >> 20
        ),
        Ending::Signaled(signal) => {
            return Err(failed(format!("killed by {}", run::signal_name(signal))));
        }
        other => return Err(failed(format!("{other:?}"))),
    };
    if out_of_room(here, done) {
        // The compiler could not write its output: the disk under the
        // cache is full, which is no fault of the source.
        return Err(SourceError::Cache {
            what: "compile into the build cache (the disk is full) at",
            dir: PathBuf::from(here),
            source: io::Error::from_raw_os_error(libc::ENOSPC),
        });
    }
    Ok(Some(why))
}

/// Whether a failed compile failed for want of room in the build folder
/// `here`: its filesystem has under 64 KiB left, or the compiler said
/// "No space left on device".
fn out_of_room(here: &Path, done: &run::Run) -> bool {
    let full =
        rustix::fs::statvfs(here).is_ok_and(|v| v.f_bavail.saturating_mul(v.f_frsize) < 64 << 10);
    full || String::from_utf8_lossy(&done.stderr).contains("No space left on device")
}

/// The start of a program's output, up to 64 KiB (a longer output is not
/// read at all: a compiler's message or version is never that long).
pub(super) fn head(out: &super::super::harness::spool::Spooled) -> Vec<u8> {
    out.bytes_up_to(64 << 10).ok().flatten().unwrap_or_default()
}
