//! A contestant's source file judged as an online judge judges it:
//! compiled once with the judge's options (the table in [`table`]) into
//! a cache keyed by the source, the compiler and the options, a compile
//! error reported as its own result, and the compiled program run by the
//! harness like any command. For Programmers 92345, a file that defines
//! `solution(board, aloc, bloc)` is compiled inside the language's own
//! harness ([`form`]), the user's file never changed.
//!
//! The compiler is trusted, but it still runs contained and within a
//! time limit ([`run::run`]), so a Ctrl-C stops it like any run.

mod entry;
pub mod form;
mod java;
mod table;

pub use form::defines_solution;
pub use table::{Language, TOOLCHAINS, Tool, Toolchain, markdown_rows};

use super::cleanup::TemporaryDir;
use super::files;
use super::harness::Harness;
use super::run::{self, Ending, Limits, Program, Trouble};
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Why a source file cannot be compiled or run; never a verdict.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SourceError {
    /// A compiler or interpreter the language needs is not in `PATH`.
    #[error(
        "{tool} is not installed (needed for {language}): apt-get install {package} (Debian), or put {tool} on PATH"
    )]
    Missing {
        /// The program looked for.
        tool: &'static str,
        /// The language that needs it.
        language: &'static str,
        /// The Debian package that brings it.
        package: &'static str,
    },
    /// The source file cannot be read.
    #[error("cannot read {shown}: {source}")]
    Unreadable {
        /// The file as named.
        shown: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The build cache cannot be used.
    #[error("cannot {what} {}: {source}", dir.display())]
    Cache {
        /// What failed (`create the build cache`).
        what: &'static str,
        /// Where.
        dir: PathBuf,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The harness could not run the compiler (it could not start, ...).
    #[error(transparent)]
    Trouble(#[from] Trouble),
    /// The compiler itself failed (killed by a signal, say): not the
    /// source's compile error.
    #[error("{tool} failed while compiling {shown}: {how}")]
    CompilerFailed {
        /// The compiler.
        tool: &'static str,
        /// The file.
        shown: String,
        /// How it ended.
        how: String,
    },
    /// Compiled, but nothing can be run (Java: no class with `main`).
    #[error("{shown}: {why}")]
    NothingToRun {
        /// The file.
        shown: String,
        /// What is missing.
        why: String,
    },
    /// Extra compile options for a language that has no compiler.
    #[error("{language} is not compiled: it takes no compile flags")]
    NoFlags {
        /// The language.
        language: &'static str,
    },
}

impl SourceError {
    /// Whether compiling stopped because boardsolve is stopping.
    pub fn interrupted(&self) -> bool {
        matches!(self, SourceError::Trouble(Trouble::Interrupted))
    }
}

/// The source file of a command, when its first word names one: an
/// existing file whose extension is in the table (`main.cpp`).
pub fn source_of(command: &[String]) -> Option<(PathBuf, Language)> {
    let word = command.first()?;
    let language = Language::of_name(word)?;
    let path = PathBuf::from(word);
    path.is_file().then_some((path, language))
}

/// What to build.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The harness that runs the compiler and holds the build folder.
    pub harness: &'a Harness,
    /// The source file.
    pub source: &'a Path,
    /// Its language.
    pub language: Language,
    /// Options added after the table's (`--compile-flags`).
    pub extra_flags: &'a [String],
    /// The judge takes the Programmers function form: a file defining
    /// `solution` is wrapped in the language's harness.
    pub programmers: bool,
    /// The cache's folder; `None` builds into a temporary folder that
    /// lives as long as the result.
    pub cache: Option<&'a Path>,
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
    /// The folder of an uncached build, removed with this value.
    _folder: Option<TemporaryDir>,
}

/// A compile error: the source's fault, reported as the verdict `CE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// How the compiler ended (`g++ exited with status 1`).
    pub why: String,
    /// The first [`MESSAGE_LINES`] lines of its message.
    pub message: Vec<String>,
    /// The compile command, as in [`Compiled::shown`].
    pub shown: String,
}

/// How many lines of a compiler's message a compile error keeps.
pub const MESSAGE_LINES: usize = 20;

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

/// The largest source file read.
const MAX_SOURCE: u64 = 16 << 20;

/// Where a build's paths are in the cache key and in messages.
const HERE: &str = "{build}";

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
    let bytes =
        files::read_named(request.source, MAX_SOURCE).map_err(|e| SourceError::Unreadable {
            shown: shown.clone(),
            source: io::Error::other(e.to_string()),
        })?;
    if !request.extra_flags.is_empty()
        && matches!(request.language, Language::Python | Language::JavaScript)
    {
        return Err(SourceError::NoFlags {
            language: chain.name,
        });
    }
    let compiler = find_tool(chain.compiler, chain.name)?;
    let runner = chain
        .runner
        .map(|tool| find_tool(tool, chain.name))
        .transpose()?;
    let text = String::from_utf8_lossy(&bytes);
    let harness = if request.programmers
        && (request.language == Language::Java || form::defines_solution(request.language, &text))
    {
        form::harness(request.language, &user_file_name(request, &text))
    } else {
        None
    };
    let plan = Plan {
        chain,
        user_file: user_file_name(request, &text),
        harness,
        extra: request.extra_flags,
        encoding: java::encoding(&bytes),
    };
    let version = version_of(request.harness, &compiler, chain.compiler, request.cache)?;
    let words = plan.compile_words();
    let shown_command = match request.language {
        // Interpreted: what runs, as a judge shows it; the syntax is
        // checked once before.
        Language::Python | Language::JavaScript => format!(
            "{} {} {} ({version}; syntax checked first)",
            chain.compiler.name,
            chain.run_options.join(" "),
            plan.user_file
        ),
        _ => format!(
            "{} {} ({version})",
            chain.compiler.name,
            words
                .iter()
                .map(|w| w.replace(&format!("{HERE}/"), ""))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    };
    let key = format!(
        "boardsolve build 2\nlanguage: {}\ncompiler: {} ({})\nversion: {version}\ncommand: {}\n{}harness:\n{}\n",
        chain.name,
        compiler.display(),
        std::fs::canonicalize(&compiler)
            .unwrap_or_else(|_| compiler.clone())
            .display(),
        words.join(" "),
        entry::env_key(),
        plan.harness.as_ref().map_or("", |(_, text)| text.as_str()),
    );
    let entry_name = {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        bytes.hash(&mut hasher);
        format!("{:016x}", hasher.finish())
    };
    let cache_dir = request.cache.map(|root| root.join("build"));
    if let Some(dir) = &cache_dir {
        let entry = dir.join(&entry_name);
        if let Some(run) = cached(&entry, &key, &bytes) {
            return Ok(Built::Ready(ready(
                &entry,
                &run,
                runner.as_deref(),
                true,
                started,
                shown_command,
                None,
            )));
        }
        std::fs::create_dir_all(dir).map_err(|source| SourceError::Cache {
            what: "create the build cache",
            dir: dir.clone(),
            source,
        })?;
    }
    let folder = TemporaryDir::new(request.harness, || {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".build-");
        match &cache_dir {
            Some(dir) => builder.tempdir_in(dir),
            None => builder.tempdir(),
        }
    })
    .map_err(|source| SourceError::Cache {
        what: "create a build folder in",
        dir: cache_dir.clone().unwrap_or_else(std::env::temp_dir),
        source,
    })?;
    let here = folder.path().to_path_buf();
    let cannot_write = |source| SourceError::Cache {
        what: "write into the build folder",
        dir: here.clone(),
        source,
    };
    folder.write("source", &bytes).map_err(cannot_write)?;
    folder.write("key", key.as_bytes()).map_err(cannot_write)?;
    if request.language != Language::Python {
        folder
            .write(&plan.user_file, &bytes)
            .map_err(cannot_write)?;
    }
    if let Some((name, text)) = &plan.harness {
        folder.write(name, text.as_bytes()).map_err(cannot_write)?;
    }
    if request.language == Language::Java {
        std::fs::create_dir_all(here.join("classes")).map_err(cannot_write)?;
    }
    let here_text = here.to_string_lossy().into_owned();
    let mut command = vec![compiler.to_string_lossy().into_owned()];
    command.extend(words.iter().map(|w| w.replace(HERE, &here_text)));
    // Not in the key nor shown: the list of files read, checked on use.
    command.extend(entry::deps_words(request.language, &here_text));
    let program =
        Program::new(&command)
            .map(Program::in_place)
            .map_err(|e| SourceError::CompilerFailed {
                tool: chain.compiler.name,
                shown: shown.clone(),
                how: e.to_string(),
            })?;
    let limits = Limits::for_cpu(chain.compile_limit, None, 1 << 30);
    let done = run::run(request.harness, &program, b"", &limits)?;
    let message = |done: &run::Run| {
        let mut said = String::from_utf8_lossy(&done.stderr).into_owned();
        if said.trim().is_empty() {
            said = String::from_utf8_lossy(&head(&done.stdout)).into_owned();
        }
        said.replace(&format!("{here_text}/"), "")
            .replace(&here_text, ".")
            .lines()
            .take(MESSAGE_LINES)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let tool = chain.compiler.name;
    if let Some(why) = compile_failure(&done, chain, &shown, &here)? {
        return Ok(Built::Failed(CompileError {
            why,
            message: message(&done),
            shown: shown_command,
        }));
    }
    let run_words = seal(&folder, &plan, &shown, tool)?;
    let Some(dir) = cache_dir else {
        let compiled = ready(
            &here,
            &run_words,
            runner.as_deref(),
            false,
            started,
            shown_command,
            Some(folder),
        );
        return Ok(Built::Ready(compiled));
    };
    let (entry, run) = store(folder, &dir.join(&entry_name), &key, &bytes)?;
    Ok(Built::Ready(ready(
        &entry,
        &run,
        runner.as_deref(),
        false,
        started,
        shown_command,
        None,
    )))
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
            dir: here.to_path_buf(),
            source: io::Error::from_raw_os_error(libc::ENOSPC),
        });
    }
    Ok(Some(why))
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
        .and_then(|()| folder.write("run", run_words.join("\n").as_bytes()))
        .map_err(|e| cache_error("write into the build folder", e))?;
    Ok(run_words)
}

/// Puts the sealed build `folder` in place as the cache entry `entry`,
/// replacing a stale or damaged one, and reads it back.
fn store(
    folder: TemporaryDir,
    entry: &Path,
    key: &str,
    bytes: &[u8],
) -> Result<(PathBuf, Vec<String>), SourceError> {
    if entry.exists() && cached(entry, key, bytes).is_none() {
        // Stale (a header changed) or damaged: replaced by this build.
        // Another boardsolve may be replacing it too; the rename decides.
        let _ = std::fs::remove_dir_all(entry);
    }
    match folder.persist(entry) {
        Ok(()) => {}
        // Another boardsolve built the same entry meanwhile: it is the
        // same program, checked as any cached one.
        Err(_) if cached(entry, key, bytes).is_some() => {}
        Err(source) => {
            return Err(SourceError::Cache {
                what: "put the build in place at",
                dir: entry.to_path_buf(),
                source,
            });
        }
    }
    let run = cached(entry, key, bytes).ok_or_else(|| SourceError::Cache {
        what: "read back the build at",
        dir: entry.to_path_buf(),
        source: io::Error::other("the entry is incomplete"),
    })?;
    Ok((entry.to_path_buf(), run))
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
        .lines()
        .map(str::to_string)
        .collect();
    let inputs = std::fs::read_to_string(entry.join(entry::INPUTS)).ok()?;
    (entry::inputs_unchanged(&inputs) && entry::program_whole(&run, HERE, entry)).then_some(run)
}

/// Whether a failed compile failed for want of room in the build folder
/// `here`: its filesystem has under 64 KiB left, or the compiler said
/// "No space left on device".
fn out_of_room(here: &Path, done: &run::Run) -> bool {
    let full =
        rustix::fs::statvfs(here).is_ok_and(|v| v.f_bavail.saturating_mul(v.f_frsize) < 64 << 10);
    full || String::from_utf8_lossy(&done.stderr).contains("No space left on device")
}

/// The word of a run command that stands for the runner (java, python3).
const RUNNER: &str = "{runner}";

/// Marks a run command whose program is the Programmers harness.
const WRAPPED: &str = "{wrapped}";

fn ready(
    entry: &Path,
    run_words: &[String],
    runner: Option<&Path>,
    cached: bool,
    started: Instant,
    shown: String,
    folder: Option<TemporaryDir>,
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
        _folder: folder,
    }
}

/// The file names and words of one build.
struct Plan<'a> {
    chain: &'static Toolchain,
    /// The user's file in the build folder (Java: named after its public
    /// class, as javac requires).
    user_file: String,
    /// The harness's file name and text, when the file is wrapped.
    harness: Option<(&'static str, String)>,
    extra: &'a [String],
    /// javac's `-encoding`.
    encoding: &'static str,
}

/// Python's compile step: the syntax checked (a syntax error is a compile
/// error), and a file that is not UTF-8 and declares no encoding (a
/// comment saved as CP949) saved as UTF-8, its lines where they were.
///
/// It runs isolated (`-I`); the first line also drops the current
/// directory (`''`), which a Python before 3.11 puts first on `sys.path`
/// for `-c` even then, so that a `tokenize.py` there is never imported.
const PYTHON_CHECK: &str = r#"import sys; sys.path[:] = [p for p in sys.path if p]
import io, tokenize
src, dst, name = sys.argv[1:4]
data = open(src, "rb").read()
try:
    encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    try:
        text, out = data.decode(encoding), data
    except UnicodeDecodeError:
        text = data.decode("cp949")
        out = text.encode("utf-8")
    compile(text, name, "exec")
except (SyntaxError, ValueError, UnicodeDecodeError) as e:
    import traceback
    sys.stderr.write("".join(traceback.format_exception_only(type(e), e)))
    sys.exit(1)
open(dst, "wb").write(out)
"#;

impl Plan<'_> {
    /// The compiler's arguments, with [`HERE`] for the build folder.
    fn compile_words(&self) -> Vec<String> {
        let at = |name: &str| format!("{HERE}/{name}");
        let mut words: Vec<String> = Vec::new();
        let options = self.chain.options.iter().map(|o| {
            if *o == "UTF-8" {
                self.encoding.to_string()
            } else {
                (*o).to_string()
            }
        });
        let compiled = self
            .harness
            .as_ref()
            .map_or(self.user_file.as_str(), |(name, _)| name);
        match self.chain.language {
            Language::C | Language::Cpp => {
                words.extend(options);
                words.extend(self.extra.iter().cloned());
                words.extend([at(compiled), "-o".into(), at("main"), "-lm".into()]);
            }
            Language::Rust => {
                words.extend(options);
                words.extend(self.extra.iter().cloned());
                words.extend(["-o".into(), at("main"), at(&self.user_file)]);
            }
            Language::Java => {
                words.extend(options);
                words.extend(self.extra.iter().cloned());
                words.extend(["-d".into(), at("classes"), at(&self.user_file)]);
                if let Some((name, _)) = &self.harness {
                    words.push(at(name));
                }
            }
            Language::Kotlin => {
                words.push(at(&self.user_file));
                words.extend(options);
                words.extend(self.extra.iter().cloned());
                words.extend(["-d".into(), at("main.jar")]);
            }
            Language::Python => {
                words.extend(options);
                words.extend([
                    "-c".into(),
                    PYTHON_CHECK.into(),
                    at("source"),
                    at(&self.user_file),
                    self.user_file.clone(),
                ]);
            }
            Language::JavaScript => {
                words.extend(options);
                words.push(at(&self.user_file));
            }
        }
        words
    }

    /// The words that run the build at `here` ([`RUNNER`] for the
    /// runner, [`HERE`] for the folder, [`WRAPPED`] first when the
    /// harness calls `solution`).
    fn run_words(&self, here: &Path, shown: &str) -> Result<Vec<String>, SourceError> {
        let at = |name: &str| format!("{HERE}/{name}");
        let mut words = Vec::new();
        let run_options = self.chain.run_options.iter().map(|o| (*o).to_string());
        match self.chain.language {
            Language::C | Language::Cpp | Language::Rust => {
                if self.harness.is_some() {
                    words.push(WRAPPED.into());
                }
                words.push(at("main"));
            }
            Language::Python | Language::JavaScript => {
                if self.harness.is_some() {
                    words.push(WRAPPED.into());
                }
                words.push(RUNNER.into());
                words.extend(run_options);
                if let Some((name, _)) = &self.harness {
                    words.push(at(name));
                }
                words.push(at(&self.user_file));
            }
            Language::Kotlin => {
                words.push(RUNNER.into());
                words.extend(run_options);
                words.extend(["-jar".into(), at("main.jar")]);
            }
            Language::Java => {
                let classes =
                    java::classes(&here.join("classes")).map_err(|source| SourceError::Cache {
                        what: "read the compiled classes in",
                        dir: here.join("classes"),
                        source,
                    })?;
                let with_solution: Vec<&java::Class> =
                    classes.iter().filter(|c| c.solution).collect();
                let target = if self.harness.is_some() && !with_solution.is_empty() {
                    let chosen = with_solution
                        .iter()
                        .find(|c| c.name.rsplit('.').next() == Some("Solution"))
                        .unwrap_or(&with_solution[0]);
                    words.push(WRAPPED.into());
                    vec!["BoardsolveHarness".to_string(), chosen.name.clone()]
                } else {
                    vec![self.main_class(&classes, shown)?]
                };
                words.push(RUNNER.into());
                words.extend(run_options);
                words.extend(["-cp".into(), at("classes")]);
                words.extend(target);
            }
        }
        Ok(words)
    }

    /// The class whose `main` runs: the only one with `main`, else the
    /// public one among them.
    fn main_class(&self, classes: &[java::Class], shown: &str) -> Result<String, SourceError> {
        let mains: Vec<&java::Class> = classes
            .iter()
            .filter(|c| c.main && c.name != "BoardsolveHarness")
            .collect();
        let public: Vec<&java::Class> = mains.iter().copied().filter(|c| c.public).collect();
        match (mains.as_slice(), public.as_slice()) {
            ([one], _) | (_, [one]) => Ok(one.name.clone()),
            ([], _) => Err(SourceError::NothingToRun {
                shown: shown.to_string(),
                why: "no class has public static void main(String[] args)".into(),
            }),
            (many, _) => Err(SourceError::NothingToRun {
                shown: shown.to_string(),
                why: format!(
                    "several classes have main ({}): make the one to run public",
                    many.iter()
                        .map(|c| c.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        }
    }
}

/// The user's file's name in the build folder.
fn user_file_name(request: &Request<'_>, text: &str) -> String {
    let own = request
        .source
        .file_name()
        .map_or_else(|| "main".to_string(), |n| n.to_string_lossy().into_owned());
    match request.language {
        Language::Java => java::public_type(text).map_or(own, |name| format!("{name}.java")),
        _ => own,
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
    let out = head(&done.stdout);
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

/// The start of a program's output, up to 64 KiB (a longer output is not
/// read at all: a compiler's message or version is never that long).
fn head(out: &super::spool::Spooled) -> Vec<u8> {
    out.bytes_up_to(64 << 10).ok().flatten().unwrap_or_default()
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.persist(path).map(drop).map_err(|e| e.error)
}
