//! `test --watch`: the suite run again, with a fresh table, each time a
//! file it depends on changes, until Ctrl-C.
//!
//! What is watched: every folder of cases with everything below it (a
//! package's `data/secret/*/` included), the folder of every case file
//! named, the answers folder, and every word of the command that names a
//! file (`main.cpp`, or `sol.py` in `python3 sol.py`). The parent of each
//! of those folders is watched too, so that a folder removed and made
//! again is seen coming back and watched anew: a watch follows a folder,
//! not its name, and dies with it.

use super::super::exit;
use super::super::exit::{Stop, warn};
use super::super::signals;
use super::super::source;
use super::super::streams::need_stdout;
use super::once::{case_paths, run_once};
use crate::cli::TestArgs;
use boardsolve::puzzles::RuleOptions;
use boardsolve::tools::files;
use boardsolve::tools::harness::Harness;
use notify::{RecursiveMode, Watcher};
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// How long after a change the next round waits for the rest of it: an
/// editor saves, and `cp -r` copies, in several steps.
const SETTLE: Duration = Duration::from_millis(200);

pub(super) fn watch(args: &TestArgs, rules: RuleOptions, harness: &Harness) -> Result<(), Stop> {
    // Before the watcher's thread: every thread must inherit the blocked
    // signals.
    need_stdout()?;
    signals::stop_cleanly(harness)?;
    let paths = case_paths(args)?;
    let (events, changes) = std::sync::mpsc::channel();
    let watcher = notify::recommended_watcher(events)
        .map_err(|e| Stop::Usage(format!("--watch: cannot watch files: {e}")))?;
    let mut watch = Watch::new(watcher, args, &paths)?;
    let mut round = 1u64;
    loop {
        let result = source::prepare(
            harness,
            args.puzzle,
            &args.command,
            args.compile_flags.as_deref(),
        )
        .and_then(|prepared| run_once(args, rules, prepared, &paths, harness));
        match result {
            Ok(()) | Err(Stop::Found) => {}
            Err(Stop::Quiet) => return Err(Stop::Quiet),
            Err(stop) => {
                let _ = exit::report(Err(stop));
            }
        }
        let _ = writeln!(
            io::stderr(),
            "watching for changes (round {round}; Ctrl-C stops)"
        );
        watch.next_change(&changes)?;
        round += 1;
        let _ = writeln!(io::stderr(), "\n--- changed: round {round} ---");
    }
}

/// A folder under watch, and the folder it was when it was watched.
struct Folder {
    path: PathBuf,
    mode: RecursiveMode,
    /// Device and inode when watched; `None` while it is gone.
    identity: Option<(u64, u64)>,
    /// How the user named it, for a folder whose loss is said; `None` for
    /// a parent watched only to see a folder come back.
    named: Option<String>,
}

/// The watcher, its folders, and the files whose change starts a round.
struct Watch<W> {
    watcher: W,
    folders: Vec<Folder>,
    /// Files named (cases, their answers, the program's files), canonical.
    files: Vec<PathBuf>,
    /// Folders whose cases and answers at any depth matter, canonical.
    trees: Vec<PathBuf>,
}

impl<W: Watcher> Watch<W> {
    fn new(watcher: W, args: &TestArgs, paths: &[PathBuf]) -> Result<Self, Stop> {
        let mut watch = Watch {
            watcher,
            folders: Vec::new(),
            files: Vec::new(),
            trees: Vec::new(),
        };
        let program = args.command.iter().map(Path::new).filter(|p| p.is_file());
        for file in program {
            watch.files.push(canonical(file));
            watch.add(folder_of(file), RecursiveMode::NonRecursive)?;
        }
        for path in paths.iter().chain(&args.answers) {
            if path.is_dir() {
                watch.trees.push(canonical(path));
                watch.add(path.clone(), RecursiveMode::Recursive)?;
            } else {
                let case = canonical(path);
                watch.files.push(case.with_extension("out"));
                watch.files.push(case.with_extension("ans"));
                watch.files.push(case);
                watch.add(folder_of(path), RecursiveMode::NonRecursive)?;
            }
        }
        // The parents last, each once: a folder already watched as a
        // folder of cases keeps its own mode.
        let parents: Vec<PathBuf> = watch
            .folders
            .iter()
            .filter_map(|f| f.path.parent().map(Path::to_path_buf))
            .collect();
        for parent in parents {
            if !watch.folders.iter().any(|f| f.path == parent) {
                let identity = identity(&parent);
                // A parent that cannot be watched only loses the notice
                // of a folder made again.
                if identity.is_some() && watch.arm(&parent, RecursiveMode::NonRecursive).is_ok() {
                    watch.folders.push(Folder {
                        path: parent,
                        mode: RecursiveMode::NonRecursive,
                        identity,
                        named: None,
                    });
                }
            }
        }
        Ok(watch)
    }

    /// Watches `folder` (as the user named it) in `mode`, once.
    fn add(&mut self, folder: PathBuf, mode: RecursiveMode) -> Result<(), Stop> {
        let path = canonical(&folder);
        if let Some(i) = self.folders.iter().position(|f| f.path == path) {
            if mode == RecursiveMode::Recursive && self.folders[i].mode != mode {
                let _ = self.watcher.unwatch(&path);
                self.folders[i].mode = self.arm_named(&folder, &path, mode)?;
            }
            return Ok(());
        }
        let mode = self.arm_named(&folder, &path, mode)?;
        self.folders.push(Folder {
            identity: identity(&path),
            path,
            mode,
            named: Some(files::shown(&folder)),
        });
        Ok(())
    }

    /// Watches `path`, named `folder`, in `mode`; returns the mode it
    /// got. A folder with too many folders inside it for the system's
    /// watches (a project's root with its build folder) is watched alone,
    /// which still sees its own cases, with a note.
    fn arm_named(
        &mut self,
        folder: &Path,
        path: &Path,
        mode: RecursiveMode,
    ) -> Result<RecursiveMode, Stop> {
        match self.arm(path, mode) {
            Ok(()) => Ok(mode),
            Err(e) if mode == RecursiveMode::Recursive => {
                let _ = self.watcher.unwatch(path);
                warn(format_args!(
                    "--watch: cannot watch the folders inside {} ({e}); watching it alone",
                    files::shown(folder)
                ));
                self.arm(path, RecursiveMode::NonRecursive)
                    .map_err(|e| cannot_watch(folder, e))?;
                Ok(RecursiveMode::NonRecursive)
            }
            Err(e) => Err(cannot_watch(folder, e)),
        }
    }

    fn arm(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        self.watcher.watch(path, mode)
    }

    /// Waits for the first change that matters, then lets it settle.
    /// A folder that is gone is said once and waited for: a round then
    /// could only say that it cannot be read.
    fn next_change(
        &mut self,
        changes: &Receiver<notify::Result<notify::Event>>,
    ) -> Result<(), Stop> {
        loop {
            let mut changed = false;
            while !changed {
                let event = match changes.recv() {
                    Ok(Ok(event)) => event,
                    // An overflow of the kernel's queue, a watch lost: the
                    // folders are looked at again below.
                    Ok(Err(_)) => notify::Event::new(notify::EventKind::Any),
                    Err(_) => return Err(Stop::Usage("--watch: the file watcher stopped".into())),
                };
                changed = self.refresh()
                    || (!matches!(event.kind, notify::EventKind::Access(_))
                        && event.paths.iter().any(|p| self.matters(p)));
            }
            std::thread::sleep(SETTLE);
            while changes.try_recv().is_ok() {}
            self.refresh();
            if self
                .folders
                .iter()
                .all(|f| f.identity.is_some() || f.named.is_none())
            {
                return Ok(());
            }
        }
    }

    /// Looks at every folder again: one that is gone is said, one made
    /// again (or replaced) is watched anew. True when one came back.
    fn refresh(&mut self) -> bool {
        let mut back = false;
        for i in 0..self.folders.len() {
            let now = identity(&self.folders[i].path);
            if now == self.folders[i].identity {
                continue;
            }
            let (path, mode) = (self.folders[i].path.clone(), self.folders[i].mode);
            // The old watch followed the folder that went away.
            let _ = self.watcher.unwatch(&path);
            let named = self.folders[i].named.clone();
            match (now, named) {
                (None, Some(named)) => warn(format_args!(
                    "--watch: {named} is gone; waiting for it to come back"
                )),
                (None, None) => {}
                (Some(_), named) => {
                    if let Err(e) = self.arm(&path, mode) {
                        warn(format_args!(
                            "--watch: cannot watch {}: {e}",
                            path.display()
                        ));
                        continue;
                    }
                    if let Some(named) = named {
                        warn(format_args!("--watch: {named} is back; watching it again"));
                        back = true;
                    }
                }
            }
            self.folders[i].identity = now;
        }
        back
    }

    /// Whether a change to `path` starts a round: a file named, or a
    /// case or answer anywhere in a folder of cases.
    fn matters(&self, path: &Path) -> bool {
        let Some(name) = path.file_name() else {
            return false;
        };
        // As the files were made canonical, where the folder still is.
        let path = path
            .parent()
            .map_or_else(|| path.to_path_buf(), |dir| canonical(dir).join(name));
        let case_or_answer = |e: &std::ffi::OsStr| e == "in" || e == "out" || e == "ans";
        self.files.contains(&path)
            || (self.trees.iter().any(|d| path.starts_with(d))
                && path.extension().is_some_and(case_or_answer))
    }
}

fn cannot_watch(folder: &Path, e: notify::Error) -> Stop {
    Stop::Usage(format!(
        "--watch: cannot watch {}: {e}",
        files::shown(folder)
    ))
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Which folder `path` is now, if any.
fn identity(path: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_dir)
        .map(|m| (m.dev(), m.ino()))
}

/// `p` made canonical where it can be (a file being replaced may be
/// missing for a moment), else as given.
fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A watcher whose recursive watches fail, as when the system's
    /// watches run out; it keeps what it was asked.
    #[derive(Default)]
    struct Scarce {
        watched: Vec<(PathBuf, RecursiveMode)>,
    }

    impl Watcher for Scarce {
        fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
            Ok(Scarce::default())
        }

        fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
            if mode == RecursiveMode::Recursive {
                return Err(notify::Error::generic("no space left for watches"));
            }
            self.watched.push((path.to_path_buf(), mode));
            Ok(())
        }

        fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
            self.watched.retain(|(p, _)| p != path);
            Ok(())
        }

        fn kind() -> notify::WatcherKind {
            notify::WatcherKind::NullWatcher
        }
    }

    #[test]
    fn a_folder_too_large_to_watch_whole_is_watched_alone() {
        let dir = tempfile::tempdir().unwrap();
        let mut watch = Watch {
            watcher: Scarce::default(),
            folders: Vec::new(),
            files: Vec::new(),
            trees: Vec::new(),
        };
        watch
            .add(dir.path().to_path_buf(), RecursiveMode::Recursive)
            .unwrap();
        let path = canonical(dir.path());
        assert_eq!(watch.watcher.watched, [(path, RecursiveMode::NonRecursive)]);
        assert_eq!(watch.folders[0].mode, RecursiveMode::NonRecursive);
    }
}
