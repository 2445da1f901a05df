//! What one build is: the files it writes into its build folder, the
//! compiler's words, the words that run the result, the command shown
//! to the user and the cache key.

use super::error::SourceError;
use super::request::{HERE, RUNNER, Request, WRAPPED};
use super::table::{Language, Toolchain};
use super::{entry, form, java};
use std::hash::{Hash, Hasher};
use std::path::Path;

/// The file names and words of one build.
pub(super) struct Plan<'a> {
    pub(super) chain: &'static Toolchain,
    /// The user's file in the build folder (Java: named after its public
    /// class, as javac requires).
    pub(super) user_file: String,
    /// The harness's file name and text, when the file is wrapped.
    pub(super) harness: Option<(String, String)>,
    /// The user's own file name, when the build names the file otherwise
    /// ([`INCLUDED`]): messages name it through a `#line` directive.
    pub(super) line_name: Option<String>,
    extra: &'a [String],
    /// javac's `-encoding`.
    encoding: &'static str,
}

impl<'a> Plan<'a> {
    /// The plan for `request`, whose file holds `bytes`: a Programmers
    /// file that defines `solution` (any Java file: its classes decide
    /// after compiling) is wrapped in its language's harness.
    pub(super) fn new(request: &Request<'a>, bytes: &[u8]) -> Plan<'a> {
        let language = request.language;
        let text = String::from_utf8_lossy(bytes);
        let mut user_file = user_file_name(request, &text);
        let wrapped = request.programmers
            && (language == Language::Java || form::defines_solution(language, &text));
        // An `#include "..."` cannot name a file whose name holds a quote
        // or a line break: the build includes a copy under a fixed name.
        let line_name =
            (wrapped && language == Language::Cpp && user_file.contains(['"', '\\', '\n', '\r']))
                .then(|| std::mem::replace(&mut user_file, INCLUDED.to_string()));
        Plan {
            chain: language.toolchain(),
            harness: wrapped
                .then(|| form::harness(language, &user_file, &text))
                .flatten(),
            line_name,
            user_file,
            extra: request.extra_flags,
            encoding: java::encoding(bytes),
        }
    }

    /// The compile command as the judge would type it (`g++ -O2 ...
    /// main.cpp -o main -lm`) and the compiler's `version`; for an
    /// interpreted language, what runs, its syntax checked once before.
    pub(super) fn shown_command(&self, version: &str) -> String {
        let chain = self.chain;
        match chain.language {
            Language::Python | Language::JavaScript => format!(
                "{} {} {} ({version}; syntax checked first)",
                chain.compiler.name,
                chain.run_options.join(" "),
                self.user_file
            ),
            _ => format!(
                "{} {} ({version})",
                chain.compiler.name,
                self.compile_words()
                    .iter()
                    .map(|w| w.replace(&format!("{HERE}/"), ""))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        }
    }

    /// The cache key of this build by `compiler` at `version`: everything
    /// but the source's bytes, which the entry keeps beside it.
    pub(super) fn key(&self, compiler: &Path, version: &str) -> String {
        format!(
            "boardsolve build 2\nlanguage: {}\ncompiler: {} ({})\nversion: {version}\ncommand: {}\n{}harness:\n{}\n",
            self.chain.name,
            compiler.display(),
            std::fs::canonicalize(compiler)
                .unwrap_or_else(|_| compiler.to_path_buf())
                .display(),
            self.compile_words().join(" "),
            entry::env_key(),
            self.harness.as_ref().map_or("", |(_, text)| text.as_str()),
        ) + &self
            .line_name
            .as_ref()
            .map_or(String::new(), |name| format!("line: {name}\n"))
    }

    /// The user's file as the build folder holds it: its bytes, after a
    /// `#line` directive that gives messages its own name when the build
    /// names it otherwise.
    pub(super) fn user_bytes(&self, bytes: &[u8]) -> Vec<u8> {
        let Some(name) = &self.line_name else {
            return bytes.to_vec();
        };
        let mut quoted = String::new();
        for c in name.chars() {
            match c {
                '"' => quoted.push_str("\\\""),
                '\\' => quoted.push_str("\\\\"),
                '\n' => quoted.push_str("\\n"),
                '\r' => quoted.push_str("\\r"),
                c => quoted.push(c),
            }
        }
        [format!("#line 1 \"{quoted}\"\n").as_bytes(), bytes].concat()
    }
}

/// The fixed name of a C++ file included by the Programmers harness when
/// its own name cannot be written in an `#include`.
const INCLUDED: &str = "boardsolve_solution.cpp";

/// The name of the cache entry for `key` and the source's `bytes`: a
/// 64-bit hash (a collision is caught by comparing both on use).
pub(super) fn entry_name(key: &str, bytes: &[u8]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    bytes.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
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
    pub(super) fn compile_words(&self) -> Vec<String> {
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
    pub(super) fn run_words(&self, here: &Path, shown: &str) -> Result<Vec<String>, SourceError> {
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
                    if self.chain.language == Language::JavaScript {
                        words.extend(fd_swap());
                    }
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
                let target = if let Some(class) = self.harness_class()
                    && !with_solution.is_empty()
                {
                    let chosen = with_solution
                        .iter()
                        .find(|c| c.name.rsplit('.').next() == Some("Solution"))
                        .unwrap_or(&with_solution[0]);
                    words.push(WRAPPED.into());
                    words.extend(fd_swap());
                    vec![class.to_string(), chosen.name.clone()]
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

    /// The Java harness's class, named after its file.
    fn harness_class(&self) -> Option<&str> {
        self.harness
            .as_ref()
            .and_then(|(name, _)| name.strip_suffix(".java"))
    }

    /// The class whose `main` runs: the only one with `main`, else the
    /// public one among them.
    fn main_class(&self, classes: &[java::Class], shown: &str) -> Result<String, SourceError> {
        let mains: Vec<&java::Class> = classes
            .iter()
            .filter(|c| c.main && Some(c.name.as_str()) != self.harness_class())
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

/// The words that start a runner through [`form::FD_SWAP`].
fn fd_swap() -> [String; 3] {
    ["/bin/sh".into(), "-c".into(), form::FD_SWAP.into()]
}
