//! Killer sets kept between runs. The killer search gives the same set
//! for the same executable, puzzle, seed and budget, and on a judge of
//! long searches it is slow (12094's takes about a minute of CPU), so
//! `gen --killers` and `package` keep what it found in the cache folder
//! (`killers/` beside the builds) and read it back instead of searching
//! again: a package in the other format, or written again with
//! `--force`, takes a second.
//!
//! An entry is named by a hash of the running executable's bytes with
//! those arguments, so another build of boardsolve never reads it. An
//! entry that cannot be read whole, or that names a mistake the puzzle
//! does not have, is searched again and replaced. `BOARDSOLVE_CACHE_SIZE=0`
//! turns this cache off with the builds'; the newest [`KEPT`] entries are
//! kept.

use crate::audit::{self, Budget, Killer, KillerSet};
use crate::puzzles::Puzzle;
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// How many entries the folder keeps (the newest; each is a few KiB).
pub const KEPT: usize = 64;

/// An entry as stored: the set with the mistakes' ids as text.
#[derive(serde::Serialize, serde::Deserialize)]
struct Entry {
    set: Vec<StoredKiller>,
    unkilled: Vec<String>,
    tried: u64,
    shrink_cut: bool,
}

/// One case of a stored set.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredKiller {
    input: String,
    kills: Vec<String>,
}

/// The killer set of [`audit::killers`], read from the folder `cache`
/// (the cache's root, `None` when the cache is off:
/// [`crate::source::cache_root_if_on`]) when this executable found it
/// before, else searched and stored there. Storing is best effort: a
/// cache that cannot be written changes nothing but the time.
pub fn killers(puzzle: &dyn Puzzle, seed: u64, budget: Budget, cache: Option<&Path>) -> KillerSet {
    let Some(path) = cache.and_then(|root| entry_path(root, puzzle, seed, budget)) else {
        return audit::killers(puzzle, seed, budget);
    };
    if let Some(set) = read(&path, puzzle) {
        return set;
    }
    let set = audit::killers(puzzle, seed, budget);
    store(&path, &set);
    set
}

/// A hash of the running executable's bytes, read once a process.
fn executable_hash() -> Option<u64> {
    static HASH: OnceLock<Option<u64>> = OnceLock::new();
    *HASH.get_or_init(|| {
        let mut file = std::fs::File::open("/proc/self/exe").ok()?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let mut buffer = vec![0u8; 1 << 20];
        loop {
            let n = file.read(&mut buffer).ok()?;
            if n == 0 {
                return Some(hasher.finish());
            }
            hasher.write(&buffer[..n]);
        }
    })
}

/// Where the entry of these arguments lives under the cache's `root`.
fn entry_path(root: &Path, puzzle: &dyn Puzzle, seed: u64, budget: Budget) -> Option<PathBuf> {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    executable_hash()?.hash(&mut hasher);
    (puzzle.name(), seed, budget.cases, budget.shrink_tries).hash(&mut hasher);
    let name = format!("{}-{seed}-{:016x}.json", puzzle.name(), hasher.finish());
    Some(root.join("killers").join(name))
}

/// The set stored at `path`, if it is there whole and names only
/// mistakes of `puzzle`.
fn read(path: &Path, puzzle: &dyn Puzzle) -> Option<KillerSet> {
    let text = std::fs::read_to_string(path).ok()?;
    let entry: Entry = serde_json::from_str(&text).ok()?;
    let variants = puzzle.variants();
    let id = |text: &str| variants.iter().find(|v| v.id == text).map(|v| v.id);
    let ids = |texts: &[String]| texts.iter().map(|t| id(t)).collect::<Option<Vec<_>>>();
    let set = entry
        .set
        .iter()
        .map(|k| {
            Some(Killer {
                input: k.input.clone(),
                kills: ids(&k.kills)?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(KillerSet {
        set,
        unkilled: ids(&entry.unkilled)?,
        tried: entry.tried,
        shrink_cut: entry.shrink_cut,
    })
}

/// Stores `set` at `path` (a temporary file renamed into place, so a
/// reader never sees half an entry), then removes all but the newest
/// [`KEPT`] entries.
fn store(path: &Path, set: &KillerSet) {
    let entry = Entry {
        set: set
            .set
            .iter()
            .map(|k| StoredKiller {
                input: k.input.clone(),
                kills: k.kills.iter().map(|s| (*s).to_string()).collect(),
            })
            .collect(),
        unkilled: set.unkilled.iter().map(|s| (*s).to_string()).collect(),
        tried: set.tried,
        shrink_cut: set.shrink_cut,
    };
    let Some(dir) = path.parent() else {
        return;
    };
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| tempfile::Builder::new().prefix(".killers").tempfile_in(dir))
        .and_then(|mut file| {
            let text = serde_json::to_vec(&entry).map_err(std::io::Error::other)?;
            file.write_all(&text)?;
            file.persist(path).map_err(|e| e.error)?;
            Ok(())
        });
    if written.is_ok() {
        prune(dir);
    }
}

/// Removes the oldest entries of `dir` beyond the newest [`KEPT`].
fn prune(dir: &Path) {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = listing
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    if entries.len() <= KEPT {
        return;
    }
    entries.sort();
    for (_, path) in &entries[..entries.len() - KEPT] {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yut() -> &'static dyn Puzzle {
        crate::puzzles::find("17825").unwrap()
    }

    const SMALL: Budget = Budget {
        cases: 200,
        shrink_tries: 50,
    };

    fn same(a: &KillerSet, b: &KillerSet) -> bool {
        a.set.len() == b.set.len()
            && a.set
                .iter()
                .zip(&b.set)
                .all(|(x, y)| x.input == y.input && x.kills == y.kills)
            && a.unkilled == b.unkilled
            && a.tried == b.tried
            && a.shrink_cut == b.shrink_cut
    }

    #[test]
    fn a_stored_set_is_read_back_as_searched() {
        let root = tempfile::tempdir().unwrap();
        let searched = audit::killers(yut(), 3, SMALL);
        let first = killers(yut(), 3, SMALL, Some(root.path()));
        assert!(same(&first, &searched));
        let path = entry_path(root.path(), yut(), 3, SMALL).unwrap();
        assert!(path.starts_with(root.path().join("killers")));
        // What is read back is the entry, not a new search: a changed
        // entry comes back changed.
        let text = std::fs::read_to_string(&path).unwrap();
        let first_input = &first.set[0].input;
        let changed = text.replacen(
            &serde_json::to_string(first_input).unwrap(),
            "\"1 2 3 4 5 1 2 3 4 5\\n\"",
            1,
        );
        assert_ne!(changed, text);
        std::fs::write(&path, changed).unwrap();
        let read = killers(yut(), 3, SMALL, Some(root.path()));
        assert_eq!(read.set[0].input, "1 2 3 4 5 1 2 3 4 5\n");
        // Another seed, another budget: other entries.
        assert_ne!(path, entry_path(root.path(), yut(), 4, SMALL).unwrap());
        let other = Budget {
            cases: 201,
            ..SMALL
        };
        assert_ne!(path, entry_path(root.path(), yut(), 3, other).unwrap());
    }

    #[test]
    fn a_broken_entry_or_an_unknown_mistake_is_searched_again_and_replaced() {
        let root = tempfile::tempdir().unwrap();
        let searched = audit::killers(yut(), 5, SMALL);
        let path = entry_path(root.path(), yut(), 5, SMALL).unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for bad in [
            "{\"set\": [",
            "{\"set\":[{\"input\":\"1\\n\",\"kills\":[\"no-such-mistake\"]}],\"unkilled\":[],\"tried\":1,\"shrink_cut\":false}",
        ] {
            std::fs::write(&path, bad).unwrap();
            let set = killers(yut(), 5, SMALL, Some(root.path()));
            assert!(same(&set, &searched), "{bad}");
            let stored = read(&path, yut()).expect("replaced by a whole entry");
            assert!(same(&stored, &searched));
        }
    }

    #[test]
    fn only_the_newest_entries_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for i in 0..KEPT + 3 {
            let path = dir.path().join(format!("e{i}.json"));
            std::fs::write(&path, "{}").unwrap();
            if i < 3 {
                let file = std::fs::File::options().write(true).open(&path).unwrap();
                file.set_modified(old).unwrap();
            }
        }
        std::fs::write(dir.path().join("notes.txt"), "kept").unwrap();
        prune(dir.path());
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left.len(), KEPT + 1);
        assert!(left.contains(&"notes.txt".to_string()));
        for i in 0..3 {
            assert!(!left.contains(&format!("e{i}.json")), "{left:?}");
        }
    }
}
