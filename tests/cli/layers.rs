//! The layering of docs/architecture.md, held by a test: what each
//! top-level module of the library may use of the others, and which
//! modules may reach the system or the command line's crates. The crates
//! hold it too (boardsolve-core does not depend on the harness's or the
//! command line's crates); this test also holds it inside the core.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The library's top-level modules and what each may use besides itself.
const LAYERS: &[(&str, &[&str])] = &[
    ("host", &[]),
    ("text", &[]),
    ("simd", &["host"]),
    ("search", &["host"]),
    ("html", &[]),
    ("puzzles", &["host", "text", "search", "simd", "html"]),
    ("judge", &["text", "search", "simd", "puzzles"]),
];

/// The system's calls: only the judge crate (the harness) and the binary.
const SYSTEM_CRATES: &[&str] = &["libc", "rustix", "nix"];

/// The command line's parsing and drawing: only the binary.
const CLI_CRATES: &[&str] = &["clap", "clap_complete", "clap_mangen", "indicatif"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The files of module `name` (`NAME.rs` or `NAME/**.rs` in the core's
/// source folder), or of the whole judge crate for `judge`.
fn module_files(name: &str) -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    if name == "judge" {
        let mut files = Vec::new();
        rust_files(&crates.join("boardsolve-judge/src"), &mut files);
        return files;
    }
    let src = crates.join("boardsolve-core").join("src");
    let mut files = Vec::new();
    let file = src.join(format!("{name}.rs"));
    if file.is_file() {
        files.push(file);
    }
    let dir = src.join(name);
    if dir.is_dir() {
        rust_files(&dir, &mut files);
    }
    assert!(!files.is_empty(), "no files for module {name}");
    files
}

/// The words right after `prefix` in `text` (`crate::` -> `puzzles`, ...).
fn words_after(text: &str, prefix: &str) -> BTreeSet<String> {
    text.match_indices(prefix)
        .filter(|(at, _)| {
            // A path's start, not the end of a longer name (`boardsolve::`).
            text[..*at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
        .map(|(at, _)| {
            text[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn each_module_uses_only_the_layers_below_it() {
    let modules: Vec<&str> = LAYERS.iter().map(|(m, _)| *m).collect();
    let mut broken = Vec::new();
    for &(module, allowed) in LAYERS {
        for file in module_files(module) {
            let text = std::fs::read_to_string(&file).unwrap();
            for used in words_after(&text, "crate::") {
                // Exported macros (`crate::size_table!`) are not modules.
                if modules.contains(&used.as_str())
                    && used != module
                    && !allowed.contains(&used.as_str())
                {
                    broken.push(format!("{} uses crate::{used}", file.display()));
                }
            }
            let mut barred: Vec<&str> = CLI_CRATES.to_vec();
            if module != "judge" {
                barred.extend(SYSTEM_CRATES);
            }
            for krate in barred {
                let prefix = format!("{krate}::");
                if !words_after(&text, &prefix).is_empty() || text.contains(&format!("use {krate}"))
                {
                    broken.push(format!("{} uses {krate}", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "layering broken:\n{}", broken.join("\n"));
}

/// The judge crate's tools, for contestants and setters: above its
/// harness, which runs a program and knows nothing of what is judged.
const TOOLS: &[&str] = &[
    "audit",
    "batch",
    "diagnose",
    "failure",
    "files",
    "first_failure",
    "generate",
    "judge",
    "own",
    "package",
    "solutions",
    "source",
    "stress",
    "stress_error",
    "suite",
];

#[test]
fn the_harness_uses_none_of_the_tools() {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/boardsolve-judge/src/harness");
    let mut files = Vec::new();
    rust_files(&harness, &mut files);
    assert!(!files.is_empty(), "no files in {}", harness.display());
    let mut broken = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for prefix in ["crate::", "super::"] {
            for used in words_after(&text, prefix) {
                if TOOLS.contains(&used.as_str()) {
                    broken.push(format!("{} uses {prefix}{used}", file.display()));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "the harness reaches up into the tools:\n{}",
        broken.join("\n")
    );
}

/// What core may not touch outside its tests: the environment, files,
/// processes and the network are the binary's, handed in as values
/// (`host`); the clock is read through the host's, since `Instant` panics
/// in a page. Only `host.rs`, which names the standard clock as the
/// default, says `Instant`.
const CORE_BARRED: &[&str] = &["std::env", "std::fs", "std::process", "std::net", "Instant"];

/// `text` without its tests: everything from the first `#[cfg(test)]`.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

#[test]
fn core_reads_no_environment_and_no_files() {
    let mut broken = Vec::new();
    for &(module, _) in LAYERS.iter().filter(|(m, _)| *m != "judge") {
        for file in module_files(module) {
            if file.file_name().is_some_and(|n| n == "tests.rs")
                || file.components().any(|c| c.as_os_str() == "tests")
            {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for barred in CORE_BARRED {
                if *barred == "Instant" && file.ends_with("host.rs") {
                    continue;
                }
                if without_tests(&text).contains(barred) {
                    broken.push(format!("{} uses {barred}", file.display()));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "core reaches the system:\n{}",
        broken.join("\n")
    );
    let sample = "use std::fs;\n#[cfg(test)]\nmod tests { use std::env; }";
    assert!(
        without_tests(sample).contains("std::fs") && !without_tests(sample).contains("std::env")
    );
}

#[test]
fn the_check_sees_a_broken_layer() {
    // The scan finds paths at their start only, so the test above cannot
    // pass by missing them.
    let text = "use crate::tools::run;\nlet x = boardsolve::tools::y; clap::Parser";
    assert_eq!(
        words_after(text, "crate::"),
        BTreeSet::from(["tools".to_string()])
    );
    assert_eq!(
        words_after(text, "clap::"),
        BTreeSet::from(["Parser".to_string()])
    );
}

/// The crates' source folders, each with the most files in it that may
/// import a file of an enclosing module (`docs/architecture.md`): none,
/// since every shared type has a file of its own below the `mod.rs`
/// that declares and re-exports it.
const IMPORT_LAYERS: &[(&str, usize)] = &[
    ("crates/boardsolve-core/src", 0),
    ("crates/boardsolve-judge/src", 0),
    ("src", 0),
];

/// `scripts/import-loops.py --no-reexports --json` on the source folder
/// `src`: its files, the loops between them and its upward imports.
fn import_graph(src: &Path) -> serde_json::Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/import-loops.py");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(src)
        .args(["--no-reexports", "--json"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the script's JSON")
}

#[test]
fn no_file_imports_another_that_imports_it_back() {
    for &(src, most_up) in IMPORT_LAYERS {
        let graph = import_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join(src));
        // A script that read nothing would find nothing wrong.
        assert!(graph["files"].as_u64() > Some(20) && graph["edges"].as_u64() > Some(40));
        assert_eq!(graph["loops"], serde_json::json!([]), "loops in {src}");
        let up = graph["up"].as_array().expect("a list");
        assert!(
            up.len() <= most_up,
            "{src}: {} files import a file above them (at most {most_up}): {up:?}",
            up.len()
        );
    }
}

#[test]
fn the_import_graph_sees_a_loop_and_an_upward_import() {
    // A crate of three files: a.rs and b.rs import each other, and
    // a/c.rs imports its parent a.rs through `super`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("a")).unwrap();
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "mod c;\nuse crate::b::B;\npub struct A;\n"),
        ("b.rs", "use crate::a::A;\npub struct B;\n"),
        ("a/c.rs", "use super::A;\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let graph = import_graph(dir.path());
    assert_eq!(graph["loops"], serde_json::json!([["a.rs", "b.rs"]]));
    assert_eq!(graph["up"], serde_json::json!([["a/c.rs", "a.rs"]]));
}
