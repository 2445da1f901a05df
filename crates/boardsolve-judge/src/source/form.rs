//! The Programmers function form of 92345: which files define
//! `solution(board, aloc, bloc)`, and the harness of each language that
//! reads the literal form, calls it and writes the returned value.
//!
//! Programmers judges what `solution` returns, never what it prints, so
//! every harness keeps the two apart at the level of file descriptors:
//! the answers go to the real standard output, and descriptor 1 is
//! standard error for the program's own prints (a debug line inside
//! `solution`, a demo at module level or in a `main`, a write to
//! descriptor 1 itself), where the report shows them. Python and C++ move
//! the descriptors themselves; a JVM and Node.js cannot, so they are
//! started by [`FD_SWAP`], which does it before them.

use super::table::Language;

/// Whether `text`, a file in `language`, defines the Programmers
/// `solution` function (a demo `main` beside it does not matter). Only
/// the languages with a harness can say yes.
pub fn defines_solution(language: Language, text: &str) -> bool {
    match language {
        Language::Python => {
            let code = stripped(text, Style::Python);
            code.lines().any(|line| {
                line.strip_prefix("def")
                    .is_some_and(|rest| starts_call(rest.trim_start(), "solution"))
            })
        }
        Language::Cpp => top_level_definition(&stripped(text, Style::C), "solution"),
        Language::Java => {
            let code = stripped(text, Style::C);
            words_then(&code, "solution").any(|rest| {
                let rest: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
                rest.starts_with("(int[][]")
            })
        }
        Language::JavaScript => {
            let code = stripped(text, Style::C);
            let mut previous = "";
            for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
                if word.is_empty() {
                    continue;
                }
                if word == "solution" && matches!(previous, "function" | "const" | "let" | "var") {
                    return true;
                }
                previous = word;
            }
            false
        }
        Language::C | Language::Rust | Language::Kotlin => false,
    }
}

/// Whether `rest` is `name` followed by an opening parenthesis.
fn starts_call(rest: &str, name: &str) -> bool {
    rest.strip_prefix(name)
        .is_some_and(|after| after.trim_start().starts_with('('))
}

/// What follows each whole-word occurrence of `word` in `code`.
fn words_then<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    code.match_indices(word).filter_map(move |(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + word.len()..];
        let part_of_word = |c: char| c.is_alphanumeric() || c == '_';
        (!before.is_some_and(part_of_word) && !after.chars().next().is_some_and(part_of_word))
            .then_some(after)
    })
}

/// Whether C++ `code` (comments and literals blanked) defines a function
/// `name` outside every brace: `name (...) {`.
fn top_level_definition(code: &str, name: &str) -> bool {
    let bytes = code.as_bytes();
    let mut depth = 0i32;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            _ if depth == 0 && bytes[at..].starts_with(name.as_bytes()) => {
                let before = code[..at].chars().next_back();
                let part_of_word = |c: char| c.is_alphanumeric() || c == '_';
                let after = &code[at + name.len()..];
                if !before.is_some_and(part_of_word)
                    && after.trim_start().starts_with('(')
                    && closes_into_body(after.trim_start())
                {
                    return true;
                }
            }
            _ => {}
        }
        at += 1;
    }
    false
}

/// Whether `text`, starting at `(`, closes its parentheses and then opens
/// a body (`{`, after qualifiers such as `const` or `noexcept`).
fn closes_into_body(text: &str) -> bool {
    let mut depth = 0;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let rest = &text[at + 1..];
                    let end = rest.find(['{', ';']).unwrap_or(rest.len());
                    return rest[end..].starts_with('{');
                }
            }
            _ => {}
        }
    }
    false
}

/// `text`, C-like code, with comments and the insides of literals blanked.
pub(super) fn blanked_c(text: &str) -> String {
    stripped(text, Style::C)
}

/// How comments and literals are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// `//`, `/* */`, `"..."`, `'...'` and JavaScript's `` `...` ``.
    C,
    /// `#`, `'...'`, `"..."` and their triple forms.
    Python,
}

/// `text` with comments and the insides of literals blanked to spaces
/// (newlines kept), so that a word in them is never taken for code.
fn stripped(text: &str, style: Style) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if style == Style::C && c == '/' && next == Some('/') || style == Style::Python && c == '#'
        {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if style == Style::C && c == '/' && next == Some('*') {
            out.push_str("  ");
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                out.push(blank(chars[i]));
                i += 1;
            }
            out.push_str("  ");
            i += 2;
        } else if c == '"' || c == '\'' || (style == Style::C && c == '`') {
            let triple = style == Style::Python
                && chars.get(i + 1) == Some(&c)
                && chars.get(i + 2) == Some(&c);
            let quote_len = if triple { 3 } else { 1 };
            out.push(c);
            i += quote_len;
            for _ in 1..quote_len {
                out.push(c);
            }
            while i < chars.len() {
                if chars[i] == '\\' {
                    out.push(' ');
                    if let Some(&escaped) = chars.get(i + 1) {
                        out.push(blank(escaped));
                    }
                    i += 2;
                    continue;
                }
                let closes = chars[i] == c
                    && (!triple || chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c));
                if closes {
                    for _ in 0..quote_len {
                        out.push(c);
                    }
                    i += quote_len;
                    break;
                }
                // A plain literal ends at the line's end in C and Python.
                if chars[i] == '\n' && !triple && c != '`' {
                    break;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The harness of `language` for a file that defines `solution`, with
/// the file's name (in the same folder) where the harness needs it, and
/// the name the harness is saved under. `None` for a language without.
/// `text` is the user's file: Java's harness class takes a name it does
/// not use.
pub fn harness(language: Language, user_file: &str, text: &str) -> Option<(String, String)> {
    let fixed = |name: &str, text: &str| Some((name.to_string(), text.to_string()));
    match language {
        Language::Python => fixed("boardsolve_harness.py", PYTHON_HARNESS),
        Language::Cpp => fixed(
            "boardsolve_harness.cpp",
            &CPP_HARNESS.replace("USER_FILE", user_file),
        ),
        Language::Java => {
            let class = java_harness_class(text);
            Some((
                format!("{class}.java"),
                JAVA_HARNESS.replace("BoardsolveHarness", &class),
            ))
        }
        Language::JavaScript => fixed("boardsolve_harness.js", JS_HARNESS),
        Language::C | Language::Rust | Language::Kotlin => None,
    }
}

/// The name of the Java harness's class: `BoardsolveHarness`, or with a
/// number after it when the user's `text` names that already (a class
/// of the same name would clash at compile time, or be taken for it).
pub fn java_harness_class(text: &str) -> String {
    (0u32..)
        .map(|n| match n {
            0 => "BoardsolveHarness".to_string(),
            n => format!("BoardsolveHarness{n}"),
        })
        .find(|name| !text.contains(name.as_str()))
        .expect("some number is free")
}

/// What starts the JVM and Node.js harnesses: `sh -c FD_SWAP runner
/// args...` copies the real standard output to descriptor 3, for the
/// answers, and makes descriptor 1 standard error before the runner
/// starts, so that no way of writing to descriptor 1 reaches the answers.
pub const FD_SWAP: &str = r#"exec 3>&1 1>&2; exec "$0" "$@""#;

/// Python: the user's file is run as a module (not `__main__`, so a
/// `if __name__ == "__main__"` demo stays quiet), with standard output
/// sent to standard error for the whole run. The user's file is loaded
/// by its path, never by name, and the build folder (where it is, under
/// its own name) is taken off `sys.path` before anything is imported, so
/// a solution saved as `json.py` or `re.py` shadows nothing (`-I` does it
/// from Python 3.11 on; the first line does it before).
const PYTHON_HARNESS: &str = r#"# boardsolve's harness for Programmers 92345: reads `board aloc bloc` in
# the literal form, one case a line, and writes what solution() returns.
import os, sys
sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != os.path.dirname(os.path.abspath(__file__))]
import importlib.util, json, re

# The cases are read first: a harness of the user's own at module level
# then finds standard input at its end and leaves the cases alone.
cases = sys.stdin.read().splitlines()
answers = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
spec = importlib.util.spec_from_file_location("solution_module", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for line in cases:
    if line.strip():
        board, aloc, bloc = json.loads("[" + re.sub(r"\]\s*\[", "],[", line.strip()) + "]")
        answer = module.solution(board, aloc, bloc)
        sys.stdout.flush()
        answers.write(f"{answer}\n")
        answers.flush()
"#;

/// C++: the user's file is included with its `main` renamed, after the
/// real standard output has been set aside by a constructor that runs
/// before any of the user's own static initialisers.
const CPP_HARNESS: &str = r#"// boardsolve's harness for Programmers 92345: reads `board aloc bloc` in
// the literal form, one case a line, and writes what solution() returns.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
#include <unistd.h>
static int boardsolve_answers = -1;
__attribute__((constructor(101))) static void boardsolve_set_answers_aside() {
    boardsolve_answers = dup(1);
    dup2(2, 1);
}
#define main boardsolve_user_main
#include "USER_FILE"
#undef main
int main() {
    for (std::string line; std::getline(std::cin, line);) {
        std::vector<int> v;
        int depth = 0, rows = 0;
        for (size_t i = 0; i < line.size(); i++) {
            char c = line[i];
            if (c == '[') rows += ++depth == 2;
            else if (c == ']') depth--;
            else if (c >= '0' && c <= '9') {
                int x = 0;
                for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; i++) x = x * 10 + line[i] - '0';
                v.push_back(x);
                i--;
            }
        }
        if (v.size() < 4 || rows == 0) continue;
        int cols = (int(v.size()) - 4) / rows, n = rows * cols;
        std::vector<std::vector<int>> board(rows, std::vector<int>(cols));
        for (int i = 0; i < n; i++) board[i / cols][i % cols] = v[i];
        std::vector<int> aloc{v[n], v[n + 1]}, bloc{v[n + 2], v[n + 3]};
        std::string answer = std::to_string(solution(board, aloc, bloc)) + "\n";
        std::cout.flush();
        std::fflush(stdout);
        for (size_t put = 0; put < answer.size();) {
            ssize_t w = write(boardsolve_answers, answer.data() + put, answer.size() - put);
            if (w <= 0) return 1;
            put += size_t(w);
        }
    }
}
"#;

/// Java: the class holding `solution` is named on the command line
/// (found in the compiled classes), made anew for each case, called
/// through reflection whatever its name, package, visibility or return
/// type (`int`, `long`, `String`), and its answers written to descriptor
/// 3 ([`FD_SWAP`]).
const JAVA_HARNESS: &str = r#"// boardsolve's harness for Programmers 92345: reads `board aloc bloc` in
// the literal form, one case a line, and writes what solution() returns.
import java.io.*;
import java.lang.reflect.*;
import java.util.*;

public class BoardsolveHarness {
    public static void main(String[] args) throws Throwable {
        // Descriptor 3 is the real standard output; 1 is standard error.
        PrintStream answers = new PrintStream(new FileOutputStream("/dev/fd/3", true), false, "UTF-8");
        System.setOut(System.err);
        Class<?> type = Class.forName(args[0]);
        Method solution = type.getDeclaredMethod("solution", int[][].class, int[].class, int[].class);
        solution.setAccessible(true);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null;) {
            List<Integer> v = new ArrayList<>();
            int depth = 0, rows = 0;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == '[') { if (++depth == 2) rows++; }
                else if (c == ']') depth--;
                else if (Character.isDigit(c)) {
                    int x = 0;
                    for (; i < line.length() && Character.isDigit(line.charAt(i)); i++) x = x * 10 + (line.charAt(i) - '0');
                    v.add(x);
                    i--;
                }
            }
            if (v.size() < 4 || rows == 0) continue;
            int cols = (v.size() - 4) / rows, n = rows * cols;
            int[][] board = new int[rows][cols];
            for (int i = 0; i < n; i++) board[i / cols][i % cols] = v.get(i);
            int[] aloc = {v.get(n), v.get(n + 1)}, bloc = {v.get(n + 2), v.get(n + 3)};
            Object target = null;
            if (!Modifier.isStatic(solution.getModifiers())) {
                Constructor<?> make = type.getDeclaredConstructor();
                make.setAccessible(true);
                target = make.newInstance();
            }
            Object answer;
            try {
                answer = solution.invoke(target, board, aloc, bloc);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            System.out.flush();
            answers.println(answer);
            answers.flush();
        }
    }
}
"#;

/// JavaScript: the user's file is compiled as the body of a function
/// that returns its `solution`, and the answers written to descriptor 3
/// ([`FD_SWAP`]).
const JS_HARNESS: &str = r#"// boardsolve's harness for Programmers 92345: reads `board aloc bloc` in
// the literal form, one case a line, and writes what solution() returns.
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const file = process.argv[2];
// The cases are read first: code of the user's own that reads standard
// input then finds it at its end and leaves the cases alone.
const cases = fs.readFileSync(0, "utf8").split("\n");
const body = fs.readFileSync(file, "utf8") + "\n;return typeof solution === 'function' ? solution : module.exports.solution;";
const make = vm.compileFunction(body, ["require", "module", "exports", "__filename", "__dirname"], { filename: file });
const module_ = { exports: {} };
const solution = make(require, module_, module_.exports, file, path.dirname(file));
for (const line of cases) {
    if (!line.trim()) continue;
    const [board, aloc, bloc] = JSON.parse("[" + line.trim().replace(/\]\s*\[/g, "],[") + "]");
    // Descriptor 3 is the real standard output; 1 is standard error.
    fs.writeSync(3, String(solution(board, aloc, bloc)) + "\n");
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solution_files_are_told_from_programs() {
        let py = "import sys\n# def solution(x): in a comment\ndef solution(board, aloc, bloc):\n    return 0\nprint(solution([[1]], [0, 0], [0, 0]))\n";
        assert!(defines_solution(Language::Python, py));
        assert!(!defines_solution(
            Language::Python,
            "s = '''\ndef solution(a):\n'''\nprint(1)\n"
        ));
        assert!(!defines_solution(
            Language::Python,
            "class A:\n    def solution(self, b):\n        pass\n"
        ));
        let cpp = "#include <vector>\nusing namespace std;\n// int solution(\nint solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {\n  return 0;\n}\nint main() { printf(\"solution(\"); }\n";
        assert!(defines_solution(Language::Cpp, cpp));
        assert!(!defines_solution(
            Language::Cpp,
            "int solution(int);\nint main() { return solution(3); }\nint solution(int x) ;\n"
        ));
        assert!(!defines_solution(
            Language::Cpp,
            "struct S { int solution(int x) { return x; } };\nint main() {}\n"
        ));
        let java = "package a.b;\nclass Solution {\n    public int solution(int[][] board, int[] aloc, int [] bloc) { return 0; }\n}\n";
        assert!(defines_solution(Language::Java, java));
        assert!(!defines_solution(
            Language::Java,
            "public class Main { public static void main(String[] a) { /* solution(int[][] */ } }"
        ));
        assert!(defines_solution(
            Language::JavaScript,
            "function solution(board, aloc, bloc) {\n  return 0;\n}\n"
        ));
        assert!(!defines_solution(
            Language::JavaScript,
            "// function solution(\nconsole.log(`solution`)\n"
        ));
    }

    #[test]
    fn literals_and_comments_are_blanked_in_place() {
        let text = "a = \"x // y\" // c\nb /* d\ne */ f 'g'\n";
        let out = stripped(text, Style::C);
        assert_eq!(out.len(), text.len());
        assert_eq!(out.lines().count(), text.lines().count());
        assert!(!out.contains('y') && !out.contains('d') && !out.contains('g'));
        assert!(out.contains('f') && out.contains('b'));
    }
}
