//! A contestant's source file judged as an online judge judges it:
//! compiled once with the judge's options (the table [`TOOLCHAINS`]) into
//! a cache keyed by the source, the compiler and the options, a compile
//! error reported as its own result, and the compiled program run by the
//! harness like any command. For Programmers 92345, a file that defines
//! `solution(board, aloc, bloc)` is compiled inside the language's own
//! harness ([`form`]), the user's file never changed.
//!
//! The compiler is trusted, but it still runs contained and within a
//! time limit ([`run::run`]), so a Ctrl-C stops it like any run.

pub mod cache;
mod compile;
mod entry;
mod error;
pub mod form;
mod java;
mod plan;
mod request;
mod table;

pub use error::{CompileError, MESSAGE_LINES, SourceError};
pub use form::defines_solution;
pub use request::Request;
pub use table::{Language, TOOLCHAINS, Tool, Toolchain, markdown_rows};

use super::files;
use super::harness::Harness;
use super::harness::cleanup::TemporaryDir;
use super::harness::run::{self, Limits, Program};
use plan::Plan;
use request::{HERE, RUNNER, WRAPPED};
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The source file of a command, when its first word names one: an
/// existing file whose extension is in the table (`main.cpp`).
pub fn source_of(command: &[String]) -> Option<(PathBuf, Language)> {
    let word = command.first()?;
    let language = Language::of_name(word)?;
    let path = PathBuf::from(word);
    path.is_file().then_some((path, language))
}

/// A program ready to run.
#[derive(Debug)]
pub struct Compiled {
    /// The command that runs it (absolute paths).
    pub command: Vec<String>,
    /// It came from the cache.
    pub cached: bool,
    /// How long compiling (or finding it in the cache) took.
    pub took: Duration,
    /// `solution` is called by the Programmers harness.
    pub wrapped: bool,
    /// The compile command as the judge would type it (`g++ -O2 ...
    /// main.cpp -o main -lm`) and the compiler's version.
    pub shown: String,
    /// Paths inside the build, each with what a message shows instead
    /// (the user's file for its copy, nothing for the build's folder):
    /// for the program's standard error
    /// ([`Program::naming`](run::Program::naming)).
    pub names: Vec<(String, String)>,
    /// What keeps the program's files there while it may run.
    _keep: Keep,
}

/// What keeps a build's files in place for as long as its program may
/// run.
#[derive(Debug)]
enum Keep {
    /// A cache entry, held against eviction.
    Entry(#[expect(dead_code, reason = "held for its drop")] cache::Hold),
    /// A build not stored: its folder, removed with this value.
    Folder(#[expect(dead_code, reason = "held for its drop")] TemporaryDir),
}

/// What building gave.
#[derive(Debug)]
pub enum Built {
    /// A program to run.
    Ready(Compiled),
    /// The source does not compile.
    Failed(CompileError),
}

/// The cache's folder: `$XDG_CACHE_HOME/boardsolve`, else
/// `~/.cache/boardsolve`; `None` without either.
pub fn cache_root() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = xdg.or_else(|| {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .map(|home| home.join(".cache"))
    })?;
    Some(base.join("boardsolve"))
}

/// [`cache_root`] when the cache is on: `None` too when
/// `BOARDSOLVE_CACHE_SIZE` is 0 or holds no size, for the caches that
/// follow the builds' setting but have no error to report for it.
pub fn cache_root_if_on() -> Option<PathBuf> {
    cache_root().filter(|_| cache::bound().is_ok_and(|b| b > 0))
}

/// The largest source file read.
const MAX_SOURCE: u64 = 16 << 20;

/// Builds `request`: from the cache when the same source was built by
/// the same compiler with the same options, else compiled (and cached).
///
/// # Errors
/// [`SourceError`]: a missing compiler, an unreadable file, a cache that
/// cannot be written, the compiler's own failure.
pub fn build(request: &Request<'_>) -> Result<Built, SourceError> {
    let started = Instant::now();
    let chain = request.language.toolchain();
    let shown = files::shown(request.source);
    let bytes = read_source(request, &shown)?;
    let compiler = find_tool(chain.compiler, chain.name)?;
    let runner = chain
        .runner
        .map(|tool| find_tool(tool, chain.name))
        .transpose()?;
    let plan = Plan::new(request, &bytes);
    let version = version_of(request.harness, &compiler, chain.compiler, request.cache)?;
    let shown_command = plan.shown_command(&version);
    let key = plan.key(&compiler, &version);
    let entry_name = plan::entry_name(&key, &bytes);
    let finish = |entry: &Path, run: &[String], cached, keep| {
        let mut compiled = ready(
            entry,
            run,
            runner.as_deref(),
            cached,
            started,
            shown_command.clone(),
            keep,
        );
        let folder = format!("{}/", entry.display());
        compiled.names = vec![
            (format!("{folder}{}", plan.user_file), shown.clone()),
            (folder, String::new()),
        ];
        Built::Ready(compiled)
    };
    let bound = match request.cache {
        Some(_) => cache::bound()?,
        None => 0,
    };
    let cache_dir = request
        .cache
        .filter(|_| bound > 0)
        .map(|root| root.join("build"));
    if let Some(dir) = &cache_dir {
        let entry = dir.join(&entry_name);
        if let Some((run, held)) = lookup(&entry, &key, &bytes) {
            return Ok(finish(&entry, &run, true, Keep::Entry(held)));
        }
    }
    let folder = build_folder(request.harness, cache_dir.as_deref())?;
    compile::fill(&folder, &plan, &key, &bytes)?;
    let failed = compile::compile(
        request.harness,
        &plan,
        &folder,
        &compiler,
        &shown,
        &shown_command,
    )?;
    if let Some(error) = failed {
        return Ok(Built::Failed(error));
    }
    let run_words = seal(&folder, &plan, &shown, chain.compiler.name)?;
    let (at, run, keep) = match cache_dir {
        None => (folder.path().to_path_buf(), run_words, Keep::Folder(folder)),
        Some(dir) => store(
            folder,
            run_words,
            &dir.join(&entry_name),
            &key,
            &bytes,
            bound,
        )?,
    };
    Ok(finish(&at, &run, false, keep))
}

/// The run words of the cache entry at `entry`, held, when it is a
/// whole build of `key` and `bytes` ([`cached`]); its use is recorded.
fn lookup(entry: &Path, key: &str, bytes: &[u8]) -> Option<(Vec<String>, cache::Hold)> {
    let held = cache::hold(entry)?;
    let run = cached(entry, key, bytes)?;
    cache::touch(&held);
    Some((run, held))
}

/// The bytes of the request's file (`shown` as named), refused when
/// they cannot be read or when compile flags are given to a language
/// that has no compiler.
fn read_source(request: &Request<'_>, shown: &str) -> Result<Vec<u8>, SourceError> {
    let bytes =
        files::read_named(request.source, MAX_SOURCE).map_err(|e| SourceError::Unreadable {
            shown: shown.to_string(),
            source: io::Error::other(e.to_string()),
        })?;
    if !request.extra_flags.is_empty()
        && matches!(request.language, Language::Python | Language::JavaScript)
    {
        return Err(SourceError::NoFlags {
            language: request.language.toolchain().name,
        });
    }
    Ok(bytes)
}

/// A new build folder: in the cache's `dir` (made if missing), so that
/// the finished build is renamed into place there, else in the system's
/// temporary folder. Registered with `harness`, so a stop removes it.
fn build_folder(harness: &Harness, dir: Option<&Path>) -> Result<TemporaryDir, SourceError> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|source| SourceError::Cache {
            what: "create the build cache",
            dir: dir.to_path_buf(),
            source,
        })?;
    }
    TemporaryDir::new(harness, || {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".build-");
        match dir {
            Some(dir) => builder.tempdir_in(dir),
            None => builder.tempdir(),
        }
    })
    .map_err(|source| SourceError::Cache {
        what: "create a build folder in",
        dir: dir.map_or_else(std::env::temp_dir, Path::to_path_buf),
        source,
    })
}

/// Completes a successful build in `folder`: checks that it left a
/// program, writes the list of files the compiler read and, last (an
/// entry without it is incomplete, never used), the run words.
fn seal(
    folder: &TemporaryDir,
    plan: &Plan<'_>,
    shown: &str,
    tool: &str,
) -> Result<Vec<String>, SourceError> {
    let here = folder.path().to_path_buf();
    let run_words = plan.run_words(&here, shown)?;
    if !entry::program_whole(&run_words, HERE, &here) {
        // Options such as -fsyntax-only or -E: nothing to run, and
        // nothing to store.
        return Err(SourceError::NothingToRun {
            shown: shown.to_string(),
            why: format!("{tool} left no program to run (do the compile flags ask for none?)"),
        });
    }
    let cache_error = |what, source| SourceError::Cache {
        what,
        dir: here.clone(),
        source,
    };
    let inputs =
        entry::inputs(&here).map_err(|e| cache_error("list the files the compiler read for", e))?;
    folder
        .write(entry::INPUTS, inputs.as_bytes())
        .and_then(|()| folder.write("run", run_words.join(RUN_SEPARATOR).as_bytes()))
        .map_err(|e| cache_error("write into the build folder", e))?;
    Ok(run_words)
}

/// Puts the sealed build `folder` (whose program `run_words` runs) in
/// place as the cache entry `entry`, replacing a stale or damaged one,
/// then keeps the cache within `bound`. Returns where the program is,
/// its run words and what keeps it there: the entry, held; or the build
/// folder itself, used once and not stored, when it is larger than the
/// bound or when the stale entry is in use by another boardsolve.
fn store(
    folder: TemporaryDir,
    run_words: Vec<String>,
    entry: &Path,
    key: &str,
    bytes: &[u8],
    bound: u64,
) -> Result<(PathBuf, Vec<String>, Keep), SourceError> {
    // Held before it is visible: no eviction can take it from its maker.
    let held = cache::hold(folder.path()).filter(|_| cache::size_of(folder.path()) <= bound);
    let stale = entry.exists() && cached(entry, key, bytes).is_none();
    let Some(held) = held.filter(|_| !stale || cache::remove_unused(entry)) else {
        return Ok((folder.path().to_path_buf(), run_words, Keep::Folder(folder)));
    };
    match folder.persist(entry) {
        Ok(()) => {
            if let Some(dir) = entry.parent() {
                cache::evict(dir, bound);
            }
            Ok((entry.to_path_buf(), run_words, Keep::Entry(held)))
        }
        Err(source) => {
            drop(held);
            // Another boardsolve built the same entry meanwhile: it is
            // the same program, checked as any cached one.
            let (run, held) = lookup(entry, key, bytes).ok_or(SourceError::Cache {
                what: "put the build in place at",
                dir: entry.to_path_buf(),
                source,
            })?;
            Ok((entry.to_path_buf(), run, Keep::Entry(held)))
        }
    }
}

/// The run words of the cache entry at `entry`, if it was built from
/// exactly `key` and `source` (the name is a 64-bit hash: the whole key
/// and the source are compared, so a collision is never run).
///
/// Then the entry is checked as a whole: every file the compiler read
/// outside the build ([`entry::inputs`]) has the contents it had, and its
/// program is there, non-empty and executable; else it is built again.
fn cached(entry: &Path, key: &str, source: &[u8]) -> Option<Vec<String>> {
    let same_key = std::fs::read(entry.join("key")).ok()? == key.as_bytes();
    let same_source = std::fs::read(entry.join("source")).ok()? == source;
    if !(same_key && same_source) {
        return None;
    }
    let run: Vec<String> = std::fs::read_to_string(entry.join("run"))
        .ok()?
        .split(RUN_SEPARATOR)
        .map(str::to_string)
        .collect();
    let inputs = std::fs::read_to_string(entry.join(entry::INPUTS)).ok()?;
    (entry::inputs_unchanged(&inputs) && entry::program_whole(&run, HERE, entry)).then_some(run)
}

/// Between two words of an entry's `run` file: a NUL, which no word holds
/// (a file name may hold a line break).
const RUN_SEPARATOR: &str = "\0";

fn ready(
    entry: &Path,
    run_words: &[String],
    runner: Option<&Path>,
    cached: bool,
    started: Instant,
    shown: String,
    keep: Keep,
) -> Compiled {
    let entry = entry.to_string_lossy();
    let wrapped = run_words.first().is_some_and(|w| w == WRAPPED);
    let command = run_words
        .iter()
        .filter(|w| *w != WRAPPED)
        .map(|w| match (w.as_str(), runner) {
            (RUNNER, Some(runner)) => runner.to_string_lossy().into_owned(),
            _ => w.replace(HERE, &entry),
        })
        .collect();
    Compiled {
        command,
        cached,
        took: started.elapsed(),
        wrapped,
        shown,
        names: Vec::new(),
        _keep: keep,
    }
}

/// `tool` found in `PATH`.
fn find_tool(tool: Tool, language: &'static str) -> Result<PathBuf, SourceError> {
    let search = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&search)
        .map(|dir| dir.join(tool.name))
        .find(|p| {
            p.is_file() && rustix::fs::access(p.as_path(), rustix::fs::Access::EXEC_OK).is_ok()
        })
        .ok_or(SourceError::Missing {
            tool: tool.name,
            language,
            package: tool.package,
        })
}

/// The first line `compiler` gives for its version, remembered in the
/// cache by the file's identity (path, size, change time, inode), since
/// a JVM takes half a second to say it. A script (pyenv's `python3`)
/// is asked every time: what it runs can change under it.
fn version_of(
    harness: &Harness,
    compiler: &Path,
    tool: Tool,
    cache: Option<&Path>,
) -> Result<String, SourceError> {
    use std::os::unix::fs::MetadataExt;
    let canonical = std::fs::canonicalize(compiler).unwrap_or_else(|_| compiler.to_path_buf());
    let script = std::fs::File::open(&canonical).is_ok_and(|file| {
        use std::io::Read;
        let mut start = [0u8; 2];
        file.take(2).read_exact(&mut start).is_ok() && start == *b"#!"
    });
    let identity = std::fs::metadata(&canonical).ok().map(|m| {
        format!(
            "{} {} {}.{} {}",
            canonical.display(),
            m.len(),
            m.ctime(),
            m.ctime_nsec(),
            m.ino()
        )
    });
    let memo = match (&identity, cache, script) {
        (Some(identity), Some(root), false) => {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            identity.hash(&mut hasher);
            Some(
                root.join("compilers")
                    .join(format!("{:016x}", hasher.finish())),
            )
        }
        _ => None,
    };
    if let (Some(memo), Some(identity)) = (&memo, &identity)
        && let Ok(text) = std::fs::read_to_string(memo)
        && let Some((first, version)) = text.split_once('\n')
        && first == identity
    {
        return Ok(version.trim_end().to_string());
    }
    let command = [
        compiler.to_string_lossy().into_owned(),
        tool.version_flag.to_string(),
    ];
    let program =
        Program::new(&command)
            .map(Program::in_place)
            .map_err(|e| SourceError::CompilerFailed {
                tool: tool.name,
                shown: String::new(),
                how: e.to_string(),
            })?;
    let done = run::run(
        harness,
        &program,
        b"",
        &Limits::for_cpu(Duration::from_secs(20), None, 1 << 20),
    )?;
    let out = compile::head(&done.stdout);
    let said = [out.as_slice(), done.stderr.as_slice()]
        .into_iter()
        .flat_map(|b| {
            String::from_utf8_lossy(b)
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .find(|l| !l.trim().is_empty())
        .unwrap_or_else(|| "version unknown".to_string());
    if let (Some(memo), Some(identity)) = (memo, identity) {
        // A memo that cannot be written only costs the question next time.
        let _ = write_atomically(&memo, format!("{identity}\n{said}\n").as_bytes());
    }
    Ok(said)
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.persist(path).map(drop).map_err(|e| e.error)
}
