//! What makes a cache entry trustworthy beyond its key: the files the
//! compiler read (its dependency output), the environment variables it
//! reads, and the program it left. An entry is used only when every file
//! it was built from still has the contents it had, and its program is
//! whole; else it is built again.

use super::table::Language;
use std::hash::Hasher;
use std::io::{self, Read};
use std::path::Path;

/// The environment variables that change what a C or C++ compiler or the
/// linker reads, so a build depends on them as on its options.
pub(super) const COMPILER_ENV: [&str; 4] = [
    "CPATH",
    "C_INCLUDE_PATH",
    "CPLUS_INCLUDE_PATH",
    "LIBRARY_PATH",
];

/// The lines of the cache key for [`COMPILER_ENV`]: each variable's value,
/// or that it is unset.
pub(super) fn env_key() -> String {
    COMPILER_ENV
        .iter()
        .map(|name| match std::env::var_os(name) {
            Some(value) => format!("env {name}={}\n", value.to_string_lossy()),
            None => format!("env {name} unset\n"),
        })
        .collect()
}

/// The name of the compiler's dependency file in a build folder.
pub(super) const DEPS: &str = "deps";

/// The name of the list of files a build read, with their hashes.
pub(super) const INPUTS: &str = "inputs";

/// The options that make a C or C++ compiler list every file it read
/// (the source, every header, system ones too) in `deps`.
pub(super) fn deps_words(language: Language, folder: &str) -> Vec<String> {
    match language {
        Language::C | Language::Cpp => {
            vec!["-MD".into(), "-MF".into(), format!("{folder}/{DEPS}")]
        }
        _ => Vec::new(),
    }
}

/// The files a make-style dependency file (`main: a.c /usr/include/x.h \`)
/// lists, unescaped (`\ ` is a space in a name, `$$` a dollar).
pub(super) fn parse_deps(text: &str) -> Vec<String> {
    let joined = text.replace("\\\n", " ");
    let mut files = Vec::new();
    for rule in joined.lines() {
        // The target is before the first ": " (a path holds no such pair
        // unescaped), the prerequisites after it.
        let Some((_, prerequisites)) = rule.split_once(": ") else {
            continue;
        };
        let mut word = String::new();
        let mut chars = prerequisites.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if matches!(chars.peek(), Some(' ' | '#' | '\\')) => {
                    word.extend(chars.next());
                }
                '$' if chars.peek() == Some(&'$') => {
                    chars.next();
                    word.push('$');
                }
                c if c.is_whitespace() => {
                    if !word.is_empty() {
                        files.push(std::mem::take(&mut word));
                    }
                }
                c => word.push(c),
            }
        }
        if !word.is_empty() {
            files.push(word);
        }
    }
    files.sort();
    files.dedup();
    files
}

/// The hash of a file's contents, or `None` if it cannot be read.
fn hash_file(path: &Path) -> Option<u64> {
    let mut file = std::fs::File::open(path).ok()?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut buffer = vec![0u8; 64 << 10];
    loop {
        let n = file.read(&mut buffer).ok()?;
        if n == 0 {
            break;
        }
        hasher.write(&buffer[..n]);
    }
    Some(hasher.finish())
}

/// The list of inputs to store with a build at `folder`: every file of
/// its dependency file outside the folder (the source's copy and the
/// harness inside it are held by the key), each with its hash. A build
/// without a dependency file (other languages) read nothing outside.
///
/// # Errors
/// A listed file that cannot be read: the build cannot be trusted.
pub(super) fn inputs(folder: &Path) -> io::Result<String> {
    let Ok(text) = std::fs::read_to_string(folder.join(DEPS)) else {
        return Ok(String::new());
    };
    let mut list = String::new();
    for file in parse_deps(&text) {
        // A relative name is the compiler's, which ran where boardsolve runs.
        let path = std::env::current_dir()?.join(&file);
        if path.starts_with(folder) {
            continue;
        }
        let file = path.to_string_lossy();
        let hash = hash_file(&path).ok_or_else(|| {
            io::Error::other(format!("cannot read {file}, which the compiler read"))
        })?;
        list.push_str(&format!("{hash:016x} {file}\n"));
    }
    Ok(list)
}

/// Whether every file in an entry's list of inputs still has the
/// contents it had when the entry was built.
pub(super) fn inputs_unchanged(list: &str) -> bool {
    list.lines().all(|line| {
        line.split_once(' ').is_some_and(|(hash, file)| {
            hash_file(Path::new(file)).is_some_and(|now| format!("{now:016x}") == hash)
        })
    })
}

/// Whether the program an entry's run words name is whole: every path
/// into the entry exists; a binary (`main`) or a jar is a non-empty
/// executable or file; a classes folder holds a class.
pub(super) fn program_whole(words: &[String], here: &str, entry: &Path) -> bool {
    let paths: Vec<std::path::PathBuf> = words
        .iter()
        .filter_map(|w| w.strip_prefix(&format!("{here}/")))
        .map(|rest| entry.join(rest))
        .collect();
    !paths.is_empty()
        && paths.iter().all(|path| {
            let Ok(meta) = std::fs::metadata(path) else {
                return false;
            };
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if meta.is_dir() {
                return std::fs::read_dir(path).is_ok_and(|mut d| d.next().is_some());
            }
            let executable = rustix::fs::access(path, rustix::fs::Access::EXEC_OK).is_ok();
            match name {
                "main" => meta.len() > 0 && executable,
                _ if name.ends_with(".jar") => meta.len() > 0,
                _ => true,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependency_file_is_read_with_its_escapes() {
        let text = "main: /b/main.cpp /usr/include/stdio.h \\\n /my\\ dir/a.h \\\n /x/$$y.h\n";
        assert_eq!(
            parse_deps(text),
            [
                "/b/main.cpp",
                "/my dir/a.h",
                "/usr/include/stdio.h",
                "/x/$y.h"
            ]
        );
    }

    #[test]
    fn a_changed_input_and_a_damaged_program_are_seen() {
        let dir = tempfile::tempdir().unwrap();
        let header = dir.path().join("answer.h");
        std::fs::write(&header, "16").unwrap();
        let build = dir.path().join("build");
        std::fs::create_dir(&build).unwrap();
        std::fs::write(
            build.join(DEPS),
            format!("main: {}/main.c {}\n", build.display(), header.display()),
        )
        .unwrap();
        let list = inputs(&build).unwrap();
        assert_eq!(list.lines().count(), 1, "{list}");
        assert!(inputs_unchanged(&list));
        std::fs::write(&header, "8").unwrap();
        assert!(!inputs_unchanged(&list));
        let words = ["{build}/main".to_string()];
        assert!(!program_whole(&words, "{build}", &build));
        std::fs::write(build.join("main"), "").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(build.join("main"), std::fs::Permissions::from_mode(0o755))
            .unwrap();
        assert!(!program_whole(&words, "{build}", &build), "empty");
        std::fs::write(build.join("main"), "\x7fELF").unwrap();
        assert!(program_whole(&words, "{build}", &build));
    }
}
