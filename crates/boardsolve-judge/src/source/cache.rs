//! The build cache's size: a bound (`BOARDSOLVE_CACHE_SIZE`, 1 GiB by
//! default), kept by removing the entries used least recently, and the
//! locks that make that safe when several boardsolve run at once.
//!
//! Each entry is a folder, put in place by a rename. A boardsolve that
//! uses an entry holds a shared `flock` on the folder for as long as it
//! may run the program (a JVM reads its classes as it goes); a build
//! folder is locked the same way before it is renamed into place, so an
//! entry is never visible unlocked to its maker. Eviction takes an
//! exclusive lock without waiting, skips an entry it cannot lock, and
//! renames the entry out of sight before removing it, still locked: a
//! boardsolve that opened the entry meanwhile finds, once it has its
//! lock, that the name no longer leads to the folder it locked, and
//! builds again. When an entry was last used is the folder's own
//! modification time, set on every use (the file system's access time
//! is often not kept).

use super::error::SourceError;
pub use super::error::VARIABLE;
use rustix::fs::FlockOperation;
use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The bound when `BOARDSOLVE_CACHE_SIZE` is not set: 1 GiB.
pub const DEFAULT_BOUND: u64 = 1 << 30;

/// The bound on the cache's builds in bytes, from [`VARIABLE`] (else
/// [`DEFAULT_BOUND`]); 0 turns the cache off.
///
/// # Errors
/// [`SourceError::CacheSize`] when the variable holds no size.
pub fn bound() -> Result<u64, SourceError> {
    match std::env::var_os(VARIABLE) {
        None => Ok(DEFAULT_BOUND),
        Some(value) => {
            let text = value.to_string_lossy().into_owned();
            parse_size(&text).ok_or(SourceError::CacheSize { value: text })
        }
    }
}

/// A size in bytes: a whole number, optionally followed by `K`, `M` or
/// `G` (powers of 1024, either case, with an optional `B` or `iB`).
pub fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, unit) = text.split_at(digits);
    let number: u64 = number.parse().ok()?;
    let unit = unit.to_ascii_uppercase();
    let unit = unit
        .strip_suffix("IB")
        .or_else(|| unit.strip_suffix('B'))
        .unwrap_or(&unit);
    let shift = match unit {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return None,
    };
    number.checked_mul(1 << shift)
}

/// A shared lock on a cache entry (or a build folder on its way to
/// being one), held while its program may run.
#[derive(Debug)]
pub(super) struct Hold(File);

/// Opens and share-locks the folder at `entry`, waiting for an eviction
/// that holds it; `None` when it is missing, or when the name no longer
/// leads to the folder locked (evicted or replaced meanwhile).
pub(super) fn hold(entry: &Path) -> Option<Hold> {
    let folder = File::open(entry).ok()?;
    rustix::fs::flock(&folder, FlockOperation::LockShared).ok()?;
    let locked = folder.metadata().ok()?;
    let named = std::fs::metadata(entry).ok()?;
    (locked.dev() == named.dev() && locked.ino() == named.ino()).then_some(Hold(folder))
}

/// Records a use of the held entry: its folder's modification time is
/// now. A failure only makes the entry look older.
pub(super) fn touch(hold: &Hold) {
    let times = std::fs::FileTimes::new().set_modified(SystemTime::now());
    let _ = hold.0.set_times(times);
}

/// The bytes of every file under `dir`.
pub(super) fn size_of(dir: &Path) -> u64 {
    let mut total = 0;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            match entry.metadata() {
                Ok(meta) if meta.is_dir() => pending.push(entry.path()),
                Ok(meta) => total += meta.len(),
                Err(_) => {}
            }
        }
    }
    total
}

/// How long a hidden folder of the cache (a build folder, an entry set
/// aside for removal) must have been left untouched before it is taken
/// for what a killed boardsolve left behind: far longer than any compile
/// may last.
const LEFTOVER_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// Removes the entries of the cache folder `dir` used least recently
/// until its entries take at most `bound` bytes, and first what killed
/// boardsolve left there ([`LEFTOVER_AGE`]). Build folders in progress
/// (hidden names) are never touched, nor an entry locked by any
/// boardsolve (in use, or being made). Best effort: an entry that cannot
/// be removed stays.
pub(super) fn evict(dir: &Path, bound: u64) {
    remove_leftovers(dir);
    let Ok(listing) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<(SystemTime, u64, std::path::PathBuf)> = listing
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|e| {
            let used = e.metadata().ok()?.modified().ok()?;
            Some((used, size_of(&e.path()), e.path()))
        })
        .collect();
    let mut total: u64 = entries.iter().map(|(_, size, _)| size).sum();
    entries.sort();
    for (_, size, path) in entries {
        if total <= bound {
            return;
        }
        if remove_unused(&path) {
            total = total.saturating_sub(size);
        }
    }
}

/// Removes the hidden folders of `dir` (`.build-*`, `.evicted-*`) left
/// untouched for [`LEFTOVER_AGE`] that no boardsolve holds.
fn remove_leftovers(dir: &Path) {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in listing.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > LEFTOVER_AGE);
        if old && (name.starts_with(".build-") || name.starts_with(".evicted-")) {
            let Ok(folder) = File::open(entry.path()) else {
                continue;
            };
            if rustix::fs::flock(&folder, FlockOperation::NonBlockingLockExclusive).is_ok() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// Removes the entry at `path` if no boardsolve holds it: locked
/// exclusively without waiting, renamed to a hidden name (no lookup
/// finds it after that), then removed. Whether it went.
pub(super) fn remove_unused(path: &Path) -> bool {
    let Ok(folder) = File::open(path) else {
        return false;
    };
    if rustix::fs::flock(&folder, FlockOperation::NonBlockingLockExclusive).is_err() {
        return false;
    }
    let Some(name) = path.file_name() else {
        return false;
    };
    let mut hidden = std::ffi::OsString::from(format!(".evicted-{}-", std::process::id()));
    hidden.push(name);
    let aside = path.with_file_name(hidden);
    if std::fs::rename(path, &aside).is_err() {
        return false;
    }
    let _ = std::fs::remove_dir_all(&aside);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_with_their_units() {
        assert_eq!(parse_size("0"), Some(0));
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("512mib"), Some(512 << 20));
        assert_eq!(parse_size("2G"), Some(2 << 30));
        assert_eq!(parse_size("64kB"), Some(64 << 10));
        for bad in ["", "M", "-1", "1.5G", "1T", "12 apples", "99999999999G"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_least_recently_used_go_first_and_a_held_entry_stays() {
        let dir = tempfile::tempdir().unwrap();
        let make = |name: &str, age_secs: u64| {
            let entry = dir.path().join(name);
            std::fs::create_dir(&entry).unwrap();
            std::fs::write(entry.join("main"), vec![0u8; 1000]).unwrap();
            let when = SystemTime::now() - std::time::Duration::from_secs(age_secs);
            File::open(&entry)
                .unwrap()
                .set_times(std::fs::FileTimes::new().set_modified(when))
                .unwrap();
            entry
        };
        let oldest = make("a", 300);
        let held = make("b", 200);
        let newer = make("c", 100);
        let newest = make("d", 0);
        std::fs::create_dir(dir.path().join(".build-x")).unwrap();
        std::fs::write(dir.path().join(".build-x/main"), vec![0u8; 5000]).unwrap();
        // What a killed boardsolve left two days ago goes; a build in
        // progress stays.
        make(".build-left", 2 * 24 * 3600);
        make(".evicted-1-left", 2 * 24 * 3600);
        assert!(hold(&dir.path().join("missing")).is_none());
        let hold = hold(&held).unwrap();
        // Two of the four must go; the held one is skipped for the next.
        evict(dir.path(), 2000);
        assert!(!oldest.exists() && !newer.exists());
        assert!(held.exists() && newest.exists());
        assert!(dir.path().join(".build-x/main").exists());
        assert!(!dir.path().join(".build-left").exists());
        assert!(!dir.path().join(".evicted-1-left").exists());
        // Used now, the held entry is the newest; once let go, it is
        // the one kept within a bound for one.
        touch(&hold);
        drop(hold);
        make("e", 50);
        evict(dir.path(), 1000);
        assert!(held.exists(), "used last");
        assert!(!newest.exists());
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }
}
