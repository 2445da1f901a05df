//! The one table of languages: extensions, compilers, the options an
//! online judge compiles with, how the result runs, and the Debian
//! package that brings each tool. `docs/usage.md` shows the same table
//! (a unit test holds the two together).

use std::time::Duration;

/// A language a source file can be written in, known by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// C (GNU C11).
    C,
    /// C++ (GNU C++17).
    Cpp,
    /// Python 3.
    Python,
    /// Java.
    Java,
    /// Rust (edition 2021).
    Rust,
    /// JavaScript, run by Node.js.
    JavaScript,
    /// Kotlin (JVM), where its compiler is installed.
    Kotlin,
}

/// A program the table names, with the Debian package that brings it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tool {
    /// Its name, looked up in `PATH`.
    pub name: &'static str,
    /// How to ask its version (`--version`, `-version`).
    pub version_flag: &'static str,
    /// The Debian package that installs it.
    pub package: &'static str,
}

/// How one language is compiled and run, as BOJ-like judges do.
#[derive(Debug, Clone, Copy)]
pub struct Toolchain {
    /// The language.
    pub language: Language,
    /// Its name in messages (`C++17`).
    pub name: &'static str,
    /// The extensions of its files, without the dot.
    pub extensions: &'static [&'static str],
    /// The compiler (for Python and JavaScript: the interpreter, which
    /// checks the syntax once so that a syntax error is a compile error).
    pub compiler: Tool,
    /// The options given to the compiler, before `--compile-flags`.
    pub options: &'static [&'static str],
    /// What runs the result, if not the compiled file itself.
    pub runner: Option<Tool>,
    /// The options given to the runner, before the program.
    pub run_options: &'static [&'static str],
    /// The most CPU time the compilation may take.
    pub compile_limit: Duration,
}

const GCC: Tool = Tool {
    name: "gcc",
    version_flag: "--version",
    package: "gcc",
};
const GXX: Tool = Tool {
    name: "g++",
    version_flag: "--version",
    package: "g++",
};
const PYTHON: Tool = Tool {
    name: "python3",
    version_flag: "--version",
    package: "python3",
};
const JAVAC: Tool = Tool {
    name: "javac",
    version_flag: "-version",
    package: "default-jdk-headless",
};
const JAVA: Tool = Tool {
    name: "java",
    version_flag: "-version",
    package: "default-jre-headless",
};
const RUSTC: Tool = Tool {
    name: "rustc",
    version_flag: "--version",
    package: "rustc",
};
const NODE: Tool = Tool {
    name: "node",
    version_flag: "--version",
    package: "nodejs",
};
const KOTLINC: Tool = Tool {
    name: "kotlinc",
    version_flag: "-version",
    package: "kotlin",
};

/// Every language, in the order the documentation lists them. The
/// options are BOJ's (its help page on languages), without `-static`,
/// which needs static libraries a machine may lack and changes nothing
/// a local judge measures. JVMs run without `hsperfdata`: each run is
/// process 2 of its own PID namespace, so their files would clash, and
/// the JVM warns about it on standard output, which is the answer.
pub const TOOLCHAINS: &[Toolchain] = &[
    Toolchain {
        language: Language::C,
        name: "C11",
        extensions: &["c"],
        compiler: GCC,
        options: &["-O2", "-Wall", "-std=gnu11", "-DONLINE_JUDGE", "-DBOJ"],
        runner: None,
        run_options: &[],
        compile_limit: Duration::from_secs(30),
    },
    Toolchain {
        language: Language::Cpp,
        name: "C++17",
        extensions: &["cpp", "cc", "cxx", "c++"],
        compiler: GXX,
        options: &["-O2", "-Wall", "-std=gnu++17", "-DONLINE_JUDGE", "-DBOJ"],
        runner: None,
        run_options: &[],
        compile_limit: Duration::from_secs(30),
    },
    Toolchain {
        language: Language::Python,
        name: "Python 3",
        extensions: &["py"],
        compiler: PYTHON,
        // Isolated (-I): no directory of the user's (the current one, the
        // script's) on sys.path, no PYTHON* variables, no user site, so a
        // tokenize.py or json.py beside the source shadows nothing.
        options: &["-I", "-W", "ignore"],
        runner: Some(PYTHON),
        run_options: &["-I", "-W", "ignore"],
        compile_limit: Duration::from_secs(30),
    },
    Toolchain {
        language: Language::Java,
        name: "Java",
        extensions: &["java"],
        compiler: JAVAC,
        options: &["-J-XX:-UsePerfData", "-encoding", "UTF-8"],
        runner: Some(JAVA),
        run_options: &[
            "-Xss256m",
            "-XX:+UseSerialGC",
            "-XX:-UsePerfData",
            "-Dfile.encoding=UTF-8",
            "-DONLINE_JUDGE=1",
            "-DBOJ=1",
        ],
        compile_limit: Duration::from_secs(60),
    },
    Toolchain {
        language: Language::Rust,
        name: "Rust 2021",
        extensions: &["rs"],
        compiler: RUSTC,
        options: &["--edition", "2021", "-O"],
        runner: None,
        run_options: &[],
        compile_limit: Duration::from_secs(60),
    },
    Toolchain {
        language: Language::JavaScript,
        name: "JavaScript (Node.js)",
        extensions: &["js"],
        compiler: NODE,
        options: &["--check"],
        runner: Some(NODE),
        run_options: &["--stack-size=65536"],
        compile_limit: Duration::from_secs(30),
    },
    Toolchain {
        language: Language::Kotlin,
        name: "Kotlin (JVM)",
        extensions: &["kt"],
        compiler: KOTLINC,
        options: &["-include-runtime"],
        runner: Some(JAVA),
        run_options: &[
            "-Xss256m",
            "-XX:+UseSerialGC",
            "-XX:-UsePerfData",
            "-DONLINE_JUDGE=1",
        ],
        compile_limit: Duration::from_secs(120),
    },
];

impl Language {
    /// The language of a file named `name`, from its extension.
    pub fn of_name(name: &str) -> Option<Language> {
        let (_, ext) = name.rsplit_once('.')?;
        TOOLCHAINS
            .iter()
            .find(|t| t.extensions.contains(&ext))
            .map(|t| t.language)
    }

    /// Its row of the table.
    pub fn toolchain(self) -> &'static Toolchain {
        TOOLCHAINS
            .iter()
            .find(|t| t.language == self)
            .expect("every language has a row")
    }
}

/// The table as `docs/usage.md` shows it, one Markdown row a language.
pub fn markdown_rows() -> String {
    let mut rows = String::new();
    for t in TOOLCHAINS {
        let exts: Vec<String> = t.extensions.iter().map(|e| format!("`.{e}`")).collect();
        let run = match t.runner {
            Some(runner) => format!("`{} {}`", runner.name, t.run_options.join(" "))
                .replace(" `", "`")
                .replace("  ", " "),
            None => "the binary".to_string(),
        };
        let syntax_only = if t.runner == Some(t.compiler) {
            " (syntax only)"
        } else {
            ""
        };
        rows.push_str(&format!(
            "| {} | {} | `{} {}`{syntax_only} | {run} | {} s | `{}`{} |\n",
            t.name,
            exts.join(" "),
            t.compiler.name,
            t.options.join(" "),
            t.compile_limit.as_secs(),
            t.compiler.package,
            match t.runner {
                Some(r) if r.package != t.compiler.package => format!(", `{}`", r.package),
                _ => String::new(),
            }
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_come_from_extensions() {
        assert_eq!(Language::of_name("main.cpp"), Some(Language::Cpp));
        assert_eq!(Language::of_name("a.b.py"), Some(Language::Python));
        assert_eq!(Language::of_name("Main.java"), Some(Language::Java));
        assert_eq!(Language::of_name("sol.kt"), Some(Language::Kotlin));
        assert_eq!(Language::of_name("a.out"), None);
        assert_eq!(Language::of_name("Makefile"), None);
    }

    #[test]
    fn the_documented_table_is_this_one() {
        let usage = include_str!("../../../../docs/usage.md");
        let rows = markdown_rows();
        for row in rows.lines() {
            assert!(
                usage.contains(row),
                "docs/usage.md lacks the row\n{row}\nof the table\n{rows}"
            );
        }
    }
}
