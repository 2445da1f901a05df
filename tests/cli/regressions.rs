//! The proptest regression seeds sit where proptest reads them. proptest
//! looks for a source file's seeds by the file's own path: beside the
//! folder holding the crate root it walks up to (`lib.rs` or `main.rs`),
//! in `proptest-regressions/` with the same relative path and `.txt`
//! (`crates/boardsolve-core/proptest-regressions/puzzles/game2048/tests/search.txt`
//! for `crates/boardsolve-core/src/puzzles/game2048/tests/search.rs`), and where
//! no crate root is above it, beside the file itself as
//! `NAME.proptest-regressions` (the integration tests). A seed file
//! anywhere else is silently never read, so its cases stop being re-run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's files below `dir`, without build output or Git's.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "node_modules") {
                files(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// Where proptest's default persistence (`SourceParallel`, falling back to
/// `WithSource`) reads the seeds of the proptests in `source`.
fn seeds_of(source: &Path) -> PathBuf {
    let mut dir = source.to_path_buf();
    while dir.pop() {
        if dir.join("lib.rs").is_file() || dir.join("main.rs").is_file() {
            let relative = source.strip_prefix(&dir).unwrap();
            let mut seeds = dir.parent().unwrap().join("proptest-regressions");
            seeds.push(relative);
            seeds.set_extension("txt");
            return seeds;
        }
    }
    source.with_extension("proptest-regressions")
}

/// Whether `path` holds proptest seeds: in a `proptest-regressions`
/// folder, or named for the file beside it.
fn is_seed_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "proptest-regressions")
        || path
            .components()
            .any(|c| c.as_os_str() == "proptest-regressions")
}

#[test]
fn every_seed_file_sits_where_proptest_reads_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(root, &mut all);
    let read: BTreeSet<PathBuf> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| std::fs::read_to_string(p).unwrap().contains("proptest! {"))
        .map(|p| seeds_of(p))
        .collect();
    let seed_files: Vec<&PathBuf> = all.iter().filter(|p| is_seed_file(p)).collect();
    assert!(
        !seed_files.is_empty(),
        "no seed file found: the search for them is broken"
    );
    let unread: Vec<String> = seed_files
        .iter()
        .filter(|p| !read.contains(**p))
        .map(|p| p.strip_prefix(root).unwrap().display().to_string())
        .collect();
    assert!(
        unread.is_empty(),
        "seed files that no proptest reads (proptest looks for those of \
         a source file at the path `seeds_of` computes): {unread:?}"
    );
}

#[test]
fn the_seed_path_is_the_one_proptest_computes() {
    // The two cases of proptest's own rule, on files of this repository:
    // a crate's source, and an integration test with no crate root above.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let core = root.join("crates/boardsolve-core");
    assert_eq!(
        seeds_of(&core.join("src/puzzles/game2048/tests/search.rs")),
        core.join("proptest-regressions/puzzles/game2048/tests/search.txt")
    );
    assert_eq!(
        seeds_of(&root.join("tests/cli/robustness.rs")),
        root.join("tests/cli/robustness.proptest-regressions")
    );
}
