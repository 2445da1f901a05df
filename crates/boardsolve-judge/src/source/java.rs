//! Java: the file name javac wants (the public top-level class), the
//! encoding of the bytes, and, from the compiled class files, the class
//! that has `main` or the Programmers `solution`, whatever it is named
//! and in whatever package.

use std::path::Path;

/// What a compiled class offers to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Class {
    /// Its binary name (`a.b.Main`, `Main$Inner`).
    pub name: String,
    /// It has `public static void main(String[])`.
    pub main: bool,
    /// It has `solution(int[][], int[], int[])` returning `int`, `long`,
    /// `String`, `Integer` or `Long`.
    pub solution: bool,
    /// It is public.
    pub public: bool,
}

/// javac's `-encoding` for these bytes: UTF-8 when they are valid UTF-8,
/// else MS949 (the Windows superset of EUC-KR that Korean editors save).
pub fn encoding(source: &[u8]) -> &'static str {
    if std::str::from_utf8(source).is_ok() {
        "UTF-8"
    } else {
        "MS949"
    }
}

/// The name of the public top-level type of `text`, which javac requires
/// as the file's name; `None` when no type is public.
pub fn public_type(text: &str) -> Option<String> {
    let code = super::form::blanked_c(text);
    let mut depth = 0i32;
    let mut words: Vec<&str> = Vec::new();
    let mut start = None;
    for (at, c) in code.char_indices() {
        let in_word = c.is_alphanumeric() || c == '_' || c == '$';
        match (in_word, start) {
            (true, None) => start = Some(at),
            (false, Some(s)) => {
                if depth == 0 {
                    words.push(&code[s..at]);
                }
                start = None;
            }
            _ => {}
        }
        match c {
            '{' => {
                if depth == 0 {
                    if let Some(name) = declared_public(&words) {
                        return Some(name.to_string());
                    }
                    words.clear();
                }
                depth += 1;
            }
            '}' => depth -= 1,
            ';' if depth == 0 => words.clear(),
            _ => {}
        }
    }
    None
}

/// The name declared by the words before a top-level `{`, if they
/// declare a public class, interface, enum or record.
fn declared_public<'a>(words: &[&'a str]) -> Option<&'a str> {
    let kind = words
        .iter()
        .position(|w| matches!(*w, "class" | "interface" | "enum" | "record"))?;
    (words[..kind].contains(&"public"))
        .then(|| words.get(kind + 1).copied())
        .flatten()
}

/// Every class under `dir` (a javac `-d` folder), read from its class
/// file.
pub fn classes(dir: &Path) -> std::io::Result<Vec<Class>> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "class")
                && let Some(class) = read_class(&std::fs::read(&path)?)
            {
                found.push(class);
            }
        }
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(found)
}

const ACC_PUBLIC: u16 = 0x0001;
const ACC_STATIC: u16 = 0x0008;

/// Reads the name and the methods that matter from a class file (JVM
/// specification, chapter 4); `None` for bytes that are not one.
fn read_class(bytes: &[u8]) -> Option<Class> {
    let mut r = Reader { bytes, at: 0 };
    if r.u32()? != 0xCAFE_BABE {
        return None;
    }
    r.skip(4)?;
    let count = r.u16()? as usize;
    let mut utf8: Vec<Option<String>> = vec![None; count];
    let mut class_name_index = vec![0u16; count];
    let mut index = 1;
    while index < count {
        let tag = r.u8()?;
        match tag {
            1 => {
                let len = r.u16()? as usize;
                let text = r.take(len)?;
                // Modified UTF-8 differs from UTF-8 only for NUL and
                // characters beyond the BMP, never in the names looked at.
                utf8[index] = Some(String::from_utf8_lossy(text).into_owned());
            }
            7 => class_name_index[index] = r.u16()?,
            8 | 16 | 19 | 20 => r.skip(2)?,
            15 => r.skip(3)?,
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => r.skip(4)?,
            5 | 6 => {
                r.skip(8)?;
                index += 1;
            }
            _ => return None,
        }
        index += 1;
    }
    let access = r.u16()?;
    let this = r.u16()? as usize;
    let name = utf8
        .get(*class_name_index.get(this)? as usize)?
        .clone()?
        .replace('/', ".");
    r.skip(2)?;
    let interfaces = r.u16()? as usize;
    r.skip(2 * interfaces)?;
    let fields = r.u16()?;
    for _ in 0..fields {
        r.skip(6)?;
        r.skip_attributes()?;
    }
    let mut class = Class {
        name,
        main: false,
        solution: false,
        public: access & ACC_PUBLIC != 0,
    };
    let methods = r.u16()?;
    for _ in 0..methods {
        let flags = r.u16()?;
        let method = utf8.get(r.u16()? as usize)?.as_deref();
        let descriptor = utf8.get(r.u16()? as usize)?.as_deref();
        r.skip_attributes()?;
        match (method, descriptor) {
            (Some("main"), Some("([Ljava/lang/String;)V"))
                if flags & (ACC_PUBLIC | ACC_STATIC) == ACC_PUBLIC | ACC_STATIC =>
            {
                class.main = true;
            }
            // Programmers compares the value returned: an int, or the
            // same number as a long or a String.
            (
                Some("solution"),
                Some(
                    "([[I[I[I)I"
                    | "([[I[I[I)J"
                    | "([[I[I[I)Ljava/lang/String;"
                    | "([[I[I[I)Ljava/lang/Integer;"
                    | "([[I[I[I)Ljava/lang/Long;",
                ),
            ) => class.solution = true,
            _ => {}
        }
    }
    Some(class)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let part = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(part)
    }
    fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(drop)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_be_bytes(self.take(2)?.try_into().ok()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_be_bytes(self.take(4)?.try_into().ok()?))
    }
    fn skip_attributes(&mut self) -> Option<()> {
        for _ in 0..self.u16()? {
            self.skip(2)?;
            let len = self.u32()? as usize;
            self.skip(len)?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_type_names_the_file() {
        assert_eq!(
            public_type(
                "package x;\nimport java.util.*;\n// public class No {\npublic final class Yes {\n public static class Inner {}\n}\n"
            ),
            Some("Yes".into())
        );
        assert_eq!(public_type("class A { public class B {} }"), None);
        assert_eq!(
            public_type("class A {}\npublic interface B {}"),
            Some("B".into())
        );
    }

    #[test]
    fn encodings_follow_the_bytes() {
        assert_eq!(encoding("// 한국어\n".as_bytes()), "UTF-8");
        assert_eq!(encoding(b"// \xc7\xd1\xb1\xb9\xbe\xee\n"), "MS949");
    }

    #[test]
    fn bad_class_files_are_no_class() {
        assert_eq!(read_class(b""), None);
        assert_eq!(read_class(b"\xca\xfe\xba\xbe\0\0\0\x3d\xff\xff"), None);
    }
}
