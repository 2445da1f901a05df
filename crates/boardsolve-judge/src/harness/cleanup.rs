//! Temporary files and folders in progress, registered with their
//! [`Harness`] so that a signal that stops boardsolve removes them
//! ([`Harness::remove_temporaries`]) before it exits: a stopped bulk
//! solve, `gen --out-dir` or `package` leaves no `.boardsolve-*` behind,
//! and no partial output, since outputs appear only by a rename.

use super::value::Harness;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::MutexGuard;
use tempfile::NamedTempFile;

/// A temporary file, registered from its creation until it is renamed
/// into place or removed (on drop).
#[derive(Debug)]
pub struct Temporary {
    /// The harness it is registered with.
    harness: Harness,
    /// `None` only once renamed.
    file: Option<NamedTempFile>,
}

impl Temporary {
    /// Creates the file with `create` and registers it with `harness`.
    /// Both happen under the registry's lock, so that a stop cannot fall
    /// between them.
    ///
    /// # Errors
    /// Whatever `create` returned.
    pub fn new(
        harness: &Harness,
        create: impl FnOnce() -> io::Result<NamedTempFile>,
    ) -> io::Result<Temporary> {
        Ok(Temporary {
            file: Some(register(harness, create)?),
            harness: harness.clone(),
        })
    }

    /// The open file, to write into.
    pub fn file(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("present until persisted")
            .as_file_mut()
    }

    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        self.file.as_ref().expect("present until persisted").path()
    }

    /// Renames the file to `path`, replacing what is there when `replace`
    /// (a symlink itself, never its target), else failing with
    /// [`io::ErrorKind::AlreadyExists`]. On failure the file stays
    /// registered, and is removed when `self` is dropped.
    ///
    /// # Errors
    /// The rename's.
    pub fn persist(mut self, path: &Path, replace: bool) -> io::Result<()> {
        let harness = self.harness.clone();
        let mut registry = harness.temporaries();
        let file = self.file.take().expect("present until persisted");
        let temp = file.path().to_path_buf();
        let renamed = if replace {
            file.persist(path)
        } else {
            file.persist_noclobber(path)
        };
        match renamed {
            Ok(_) => {
                forget(&mut registry, &temp);
                Ok(())
            }
            Err(e) => {
                self.file = Some(e.file);
                // Unlocked before `self` drops, which locks again.
                drop(registry);
                Err(e.error)
            }
        }
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            remove(&self.harness, file);
        }
    }
}

/// A temporary folder (a package being written), registered from its
/// creation until it is renamed into place or removed with all it holds
/// (on drop).
#[derive(Debug)]
pub struct TemporaryDir {
    /// The harness it is registered with.
    harness: Harness,
    /// `None` only once renamed.
    dir: Option<tempfile::TempDir>,
}

impl TemporaryDir {
    /// Creates the folder with `create` and registers it with `harness`,
    /// both under the registry's lock.
    ///
    /// # Errors
    /// Whatever `create` returned.
    pub fn new(
        harness: &Harness,
        create: impl FnOnce() -> io::Result<tempfile::TempDir>,
    ) -> io::Result<TemporaryDir> {
        Ok(TemporaryDir {
            dir: Some(register(harness, create)?),
            harness: harness.clone(),
        })
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("present until persisted").path()
    }

    /// Renames the folder to `path` (which must not exist, or be an empty
    /// folder). On failure it is removed, with all it holds.
    ///
    /// # Errors
    /// The rename's.
    pub fn persist(mut self, path: &Path) -> io::Result<()> {
        let harness = self.harness.clone();
        let mut registry = harness.temporaries();
        let temp = self.path().to_path_buf();
        std::fs::rename(&temp, path)?;
        forget(&mut registry, &temp);
        // Renamed away: nothing is left at the old path to remove.
        let _ = self.dir.take().map(tempfile::TempDir::keep);
        Ok(())
    }
}

impl TemporaryDir {
    /// Writes `text` to `relative` inside the folder, making its folders.
    /// Under the registry's lock: a stop waits for the file, and once
    /// [`Harness::remove_temporaries`] has removed the folder nothing is
    /// written into it again (a write racing the removal would leave it
    /// half removed).
    ///
    /// # Errors
    /// The writes'.
    pub fn write(&self, relative: &str, text: &[u8]) -> io::Result<()> {
        let _registry = self.harness.temporaries();
        let path = self.path().join(relative);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(path, text)
    }

    /// Puts the folder at `path` in place of what is there (a folder with
    /// all it holds, a file or a link), in one step for a signal: the
    /// registry stays locked from the swap to the removal of the old
    /// entry, so a stop finds `path` either as it was or holding the new
    /// folder, and nothing else left. The swap is one atomic
    /// `renameat2(RENAME_EXCHANGE)` where the file system has it, else
    /// the old entry is moved aside, the new one renamed in, and the old
    /// one put back if that fails.
    ///
    /// Returns the error of removing the old entry, if that failed after
    /// the swap; it is then left at the returned path.
    ///
    /// # Errors
    /// The swap's, when `path` was left as it was.
    pub fn replace(mut self, path: &Path) -> io::Result<Option<(PathBuf, io::Error)>> {
        let harness = self.harness.clone();
        let mut registry = harness.temporaries();
        let temp = self.path().to_path_buf();
        let old = match exchange(&temp, path) {
            Ok(()) => temp.clone(),
            Err(e) if swap_unsupported(&e) => {
                let aside = temp.with_extension("old");
                std::fs::rename(path, &aside)?;
                if let Err(e) = std::fs::rename(&temp, path) {
                    // Put back, so that a failure loses nothing.
                    let _ = std::fs::rename(&aside, path);
                    return Err(e);
                }
                aside
            }
            Err(e) => return Err(e),
        };
        // The old entry (where the new folder was, or aside) goes before
        // the lock is let go; tempfile must not remove it again.
        let _ = self.dir.take().map(tempfile::TempDir::keep);
        let removed = remove_entry(&old);
        forget(&mut registry, &temp);
        Ok(removed.err().map(|e| (old, e)))
    }
}

/// Swaps the entries at `a` and `b` atomically (both must exist).
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

/// Whether a failed exchange means the system or file system cannot
/// swap (then a plain rename is used).
fn swap_unsupported(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
    )
}

/// Removes a folder with all it holds, or a file or a link itself.
fn remove_entry(path: &Path) -> io::Result<()> {
    let is_dir = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir());
    if is_dir {
        std::fs::remove_dir_all(path)
    } else {
        std::fs::remove_file(path)
    }
}

impl Drop for TemporaryDir {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            remove(&self.harness, dir);
        }
    }
}

/// Creates a temporary (file or folder) with `create` and registers it,
/// both under the registry's lock, so that a stop cannot fall between them.
fn register<T: AsRef<Path>>(
    harness: &Harness,
    create: impl FnOnce() -> io::Result<T>,
) -> io::Result<T> {
    let mut registry = harness.temporaries();
    let temp = create()?;
    registry.push(temp.as_ref().to_path_buf());
    Ok(temp)
}

/// Removes a registered temporary (its drop deletes it) and forgets it.
fn remove<T: AsRef<Path>>(harness: &Harness, temp: T) {
    let mut registry = harness.temporaries();
    let path = temp.as_ref().to_path_buf();
    // Removed before it is forgotten: a stop in between finds it.
    drop(temp);
    forget(&mut registry, &path);
}

fn forget(registry: &mut Vec<PathBuf>, temp: &Path) {
    if let Some(k) = registry.iter().position(|p| p == temp) {
        registry.swap_remove(k);
    }
}

impl Harness {
    /// Removes every temporary file of this harness in progress, for a
    /// process about to exit. The registry stays locked while the
    /// returned guard lives: hold it to the exit, so that the threads
    /// still writing can neither rename a file into place nor start
    /// another one.
    #[must_use = "the files stay removed only while the guard is held"]
    pub fn remove_temporaries(&self) -> Removed<'_> {
        let registry = self.temporaries();
        for temp in registry.iter() {
            // A folder of ours, never a link: ours are made by tempfile.
            let _ = remove_entry(temp);
        }
        Removed {
            _registry: registry,
        }
    }
}

/// The registry of temporary files, locked after
/// [`Harness::remove_temporaries`].
pub struct Removed<'a> {
    _registry: MutexGuard<'a, Vec<PathBuf>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A harness for the files alone: it runs nothing.
    fn harness() -> Harness {
        Harness::with_keeper("/proc/self/exe")
    }

    fn registered(harness: &Harness, path: &Path) -> bool {
        harness.temporaries().iter().any(|p| p == path)
    }

    fn temporary(harness: &Harness, dir: &Path) -> Temporary {
        Temporary::new(harness, || {
            tempfile::Builder::new().suffix(".tmp").tempfile_in(dir)
        })
        .unwrap()
    }

    #[test]
    fn a_temporary_is_registered_until_renamed() {
        let h = harness();
        let dir = tempfile::tempdir().unwrap();
        let mut temp = temporary(&h, dir.path());
        let path = temp.path().to_path_buf();
        assert!(registered(&h, &path) && path.exists());
        io::Write::write_all(temp.file(), b"x").unwrap();
        let target = dir.path().join("a.out");
        temp.persist(&target, true).unwrap();
        assert!(!registered(&h, &path) && !path.exists());
        assert_eq!(std::fs::read(&target).unwrap(), b"x");
    }

    #[test]
    fn a_dropped_or_refused_temporary_is_removed_and_forgotten() {
        let h = harness();
        let dir = tempfile::tempdir().unwrap();
        let temp = temporary(&h, dir.path());
        let path = temp.path().to_path_buf();
        drop(temp);
        assert!(!registered(&h, &path) && !path.exists());
        let taken = dir.path().join("taken");
        std::fs::write(&taken, b"old").unwrap();
        let temp = temporary(&h, dir.path());
        let path = temp.path().to_path_buf();
        let e = temp.persist(&taken, false).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(!registered(&h, &path) && !path.exists());
        assert_eq!(std::fs::read(&taken).unwrap(), b"old");
    }

    #[test]
    fn a_temporary_folder_is_registered_until_renamed_and_removed_whole_on_drop() {
        let h = harness();
        let dir = tempfile::tempdir().unwrap();
        let make =
            || TemporaryDir::new(&h, || tempfile::Builder::new().tempdir_in(dir.path())).unwrap();
        let temp = make();
        let path = temp.path().to_path_buf();
        std::fs::create_dir(path.join("data")).unwrap();
        std::fs::write(path.join("data/1.in"), b"x").unwrap();
        assert!(registered(&h, &path));
        let target = dir.path().join("pkg");
        temp.persist(&target).unwrap();
        assert!(!registered(&h, &path) && !path.exists());
        assert_eq!(std::fs::read(target.join("data/1.in")).unwrap(), b"x");
        let temp = make();
        let path = temp.path().to_path_buf();
        std::fs::write(path.join("a"), b"x").unwrap();
        // A full folder is not replaced by a rename: the temporary goes,
        // with what it holds.
        assert!(temp.persist(&target).is_err());
        assert!(!registered(&h, &path) && !path.exists());
        assert!(target.join("data/1.in").exists());
    }

    #[test]
    fn a_temporary_folder_replaces_a_folder_or_a_file_and_the_old_one_goes() {
        let h = harness();
        let dir = tempfile::tempdir().unwrap();
        let make =
            || TemporaryDir::new(&h, || tempfile::Builder::new().tempdir_in(dir.path())).unwrap();
        let target = dir.path().join("pkg");
        std::fs::create_dir_all(target.join("data")).unwrap();
        std::fs::write(target.join("data/old.in"), b"old").unwrap();
        let temp = make();
        let path = temp.path().to_path_buf();
        temp.write("data/1.in", b"new").unwrap();
        assert_eq!(temp.replace(&target).unwrap().map(|(p, _)| p), None);
        assert!(!registered(&h, &path) && !path.exists());
        assert_eq!(std::fs::read(target.join("data/1.in")).unwrap(), b"new");
        assert!(!target.join("data/old.in").exists());
        let file = dir.path().join("file");
        std::fs::write(&file, b"old").unwrap();
        let temp = make();
        temp.write("a", b"x").unwrap();
        assert!(temp.replace(&file).unwrap().is_none());
        assert_eq!(std::fs::read(file.join("a")).unwrap(), b"x");
        // Only the new folder and the two targets are left.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_harness_removes_its_own_temporaries_and_no_other_harness_s() {
        let (mine, theirs) = (harness(), harness());
        let dir = tempfile::tempdir().unwrap();
        let a = temporary(&mine, dir.path());
        let folder =
            TemporaryDir::new(&mine, || tempfile::Builder::new().tempdir_in(dir.path())).unwrap();
        folder.write("data/1.in", b"x").unwrap();
        let b = temporary(&theirs, dir.path());
        {
            let _removed = mine.remove_temporaries();
            assert!(!a.path().exists() && !folder.path().exists());
            assert!(b.path().exists() && registered(&theirs, b.path()));
            // Theirs still make and rename files while mine is held.
            let c = temporary(&theirs, dir.path());
            c.persist(&dir.path().join("c.out"), false).unwrap();
        }
        assert!(dir.path().join("c.out").exists());
    }
}
