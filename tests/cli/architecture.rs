//! The rules `docs/architecture.md` states about the code, held by tests
//! where a scan of the sources can check them (the layering itself is in
//! `layers.rs`): the error types' one rule, the names every puzzle
//! exports, and that every item the page names by its path exists.

use std::path::{Path, PathBuf};

/// The workspace's Rust sources outside tests: the binary's and each
/// crate's `src/`.
fn sources() -> Vec<PathBuf> {
    sources_in(&["src"])
}

/// The Rust sources under `folders` of the root and of each crate.
fn sources_in(folders: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|krate| krate.unwrap().path())
        .collect();
    for folder in folders {
        walk(&root.join(folder), &mut out);
        for krate in &crates {
            if krate.join(folder).is_dir() {
                walk(&krate.join(folder), &mut out);
            }
        }
    }
    assert!(out.len() > 50, "the scan found {} files", out.len());
    out
}

/// The attribute and doc lines right above line `at` of `lines`.
fn attributes_above<'a>(lines: &[&'a str], at: usize) -> Vec<&'a str> {
    lines[..at]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("#[") || l.starts_with("///") || l.starts_with(')'))
        .collect()
}

/// Error types follow one rule (architecture.md, "Boundaries"): a public
/// error enum is `#[non_exhaustive]`, and a variant that only wraps
/// another error (`#[from]`, shown as it) is `#[error(transparent)]`, so
/// that a reporter walking `source()` prints each cause once (with
/// `#[error("{0}")]` the wrapper's message and its source are the same
/// text).
#[test]
fn error_enums_are_non_exhaustive_and_their_wrappers_transparent() {
    let mut broken = Vec::new();
    let mut enums = 0;
    for path in sources() {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let name = path.display().to_string();
        for (i, line) in lines.iter().enumerate() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("pub enum ") {
                let above = attributes_above(&lines, i);
                let is_error = above
                    .iter()
                    .any(|a| a.starts_with("#[derive(") && a.contains("Error"));
                if is_error {
                    enums += 1;
                    if !above.contains(&"#[non_exhaustive]") {
                        let enum_name = rest.split_whitespace().next().unwrap_or(rest);
                        broken.push(format!(
                            "{name}:{}: {enum_name} is not #[non_exhaustive]",
                            i + 1
                        ));
                    }
                }
            }
            if line == "#[error(\"{0}\")]"
                && lines
                    .get(i + 1)
                    .is_some_and(|next| next.contains("(#[from]"))
            {
                broken.push(format!(
                    "{name}:{}: a wrapper with #[error(\"{{0}}\")], not #[error(transparent)]",
                    i + 1
                ));
            }
        }
    }
    assert!(
        enums >= 10,
        "only {enums} error enums found: the scan is broken"
    );
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// Every puzzle module exports the names architecture.md lists (the fast
/// answer, the play, the generators and the reference with its
/// mistakes); a name that goes away fails this test's build.
#[test]
fn every_puzzle_exports_the_same_names() {
    macro_rules! exports {
        ($($puzzle:ident),*) => {$({
            // A name that is not there is an unresolved import.
            #[allow(unused_imports)]
            use boardsolve::puzzles::$puzzle::{
                Instance, Play, answer, hard, play, random, shrink,
                reference::{Mistake, answer as reference_answer},
            };
        })*};
    }
    exports!(game2048, yut, tromino, footholds);
    // The searches with counters say how much they searched.
    let _ = (
        boardsolve::puzzles::game2048::answer_with_stats,
        boardsolve::puzzles::yut::answer_with_stats,
        boardsolve::puzzles::footholds::answer_with_stats,
    );
}

/// Every item architecture.md names by a path (`Entry::solve_drawing`,
/// `commands::exit::report`, `common::skip_without` of the tests) exists:
/// a function, module, constant or static of that name for a path ending
/// in lower case, a name found in the sources for one ending in a type or
/// variant.
#[test]
fn every_item_the_architecture_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let sources: Vec<(PathBuf, String)> = sources_in(&["src", "tests"])
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    let defines = |last: &str| {
        let lower = last.chars().next().is_some_and(|c| c.is_ascii_lowercase());
        sources.iter().any(|(path, text)| {
            if lower {
                path.file_stem().is_some_and(|s| s == last)
                    || (path
                        .parent()
                        .and_then(Path::file_name)
                        .is_some_and(|d| d == last)
                        && path.file_name().is_some_and(|f| f == "mod.rs"))
                    || ["fn ", "mod ", "static ", "const ", "macro_rules! "]
                        .iter()
                        .any(|kind| text.contains(&format!("{kind}{last}")))
            } else {
                text.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|word| word == last)
            }
        })
    };
    let mut missing = Vec::new();
    let mut named = 0;
    for code in page.split('`').skip(1).step_by(2) {
        let path = code.trim_end_matches("()").trim_end_matches('!');
        let segments: Vec<&str> = path.split("::").collect();
        let plain = segments.len() >= 2
            && segments
                .iter()
                .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'));
        // The standard library's paths are not the project's to check.
        if !plain || ["std", "core", "alloc"].contains(&segments[0]) {
            continue;
        }
        named += 1;
        let last = segments[segments.len() - 1];
        if !defines(last) {
            missing.push(code.to_string());
        }
    }
    assert!(
        named >= 30,
        "only {named} paths found in the page: the scan is broken"
    );
    assert!(
        missing.is_empty(),
        "architecture.md names items that do not exist: {missing:?}"
    );
}

/// Where a function starts: its line's text after the indent, past the
/// qualifiers (`pub(crate) const unsafe fn`), begins with `fn `.
fn starts_function(line: &str) -> bool {
    let mut rest = line.trim_start();
    for qualifier in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "unsafe ",
        "async ",
    ] {
        rest = rest.strip_prefix(qualifier).unwrap_or(rest);
    }
    rest = rest.strip_prefix("extern \"C\" ").unwrap_or(rest);
    rest.starts_with("fn ")
}

/// The functions of `text` over `most` lines, from `fn` to the closing
/// brace at the same indent, as `name:line (length)`.
fn long_functions(name: &str, text: &str, most: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if !starts_function(line) {
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        // The signature ends at the body's `{` or at a declaration's `;`.
        let Some(open) = (at..lines.len()).find(|&i| {
            let l = lines[i].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = (open + 1..lines.len())
            .find(|&i| lines[i].trim_end() == format!("{indent}}}"))
            .unwrap_or(lines.len() - 1);
        if close - at + 1 > most {
            found.push(format!("{name}:{} ({} lines)", at + 1, close - at + 1));
        }
    }
    found
}

/// Code lines of `text` before its tests (`#[cfg(test)]` at the top
/// level): neither blank nor a comment.
fn code_lines_before_tests(text: &str) -> usize {
    text.lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// The code's shape (CONTRIBUTING, "Code shape"): no function over 100
/// lines anywhere in the workspace, tests included, and no source file
/// over 850 lines of code before its tests; a longer one is split by
/// its steps.
#[test]
fn no_function_over_100_lines_and_no_file_over_850_lines_of_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut too_long = Vec::new();
    for path in sources_in(&[
        "src",
        "tests",
        "benches",
        "examples",
        "fuzz/src",
        "fuzz/fuzz_targets",
    ]) {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.strip_prefix(root).unwrap().display().to_string();
        too_long.extend(long_functions(&name, &text, 100));
        let is_test = path.components().any(|c| c.as_os_str() == "tests");
        let code = code_lines_before_tests(&text);
        if !is_test && code > 850 {
            too_long.push(format!("{name} ({code} lines of code)"));
        }
    }
    assert!(too_long.is_empty(), "too long: {too_long:#?}");
    // The scan sees a function's length as written.
    let made = format!("fn f() {{\n{}}}\n", "    x();\n".repeat(99));
    assert_eq!(long_functions("made", &made, 100).len(), 1);
    assert!(long_functions("made", &made, 101).is_empty());
}
