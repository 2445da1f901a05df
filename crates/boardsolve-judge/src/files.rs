//! Writing output files safely: never a partial file, never through a
//! symlink, never over an existing file unless the user asked.

use super::harness::Harness;
use super::harness::cleanup::Temporary;
pub use super::harness::run::shown;
use crate::text::InputError;
use std::fs::{OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// What went wrong with one named file: a case, an answer, a directory of
/// cases. Every message starts from the file's name; the cause stays
/// reachable as the error's source.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file (or directory) could not be opened or read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The file, as [`shown`].
        name: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// A directory of cases could not be listed.
    #[error("cannot read the directory {name}: {source}")]
    ReadDir {
        /// The directory, as [`shown`].
        name: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {name}: {source}")]
    Write {
        /// The file, as [`shown`].
        name: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// The text is not a valid instance (or is too long): the message is
    /// `NAME:LINE:COLUMN: ...`.
    #[error("{name}:{source}")]
    Input {
        /// The file, as [`shown`].
        name: String,
        /// Where and why.
        #[source]
        source: InputError,
    },
    /// The puzzle refused the file's instance for another reason.
    #[error("{name}: {source}")]
    Refused {
        /// The file, as [`shown`].
        name: String,
        /// The puzzle's reason.
        #[source]
        source: crate::puzzles::Error,
    },
    /// An answer file that is there but is no regular file: falling back
    /// to another answer would judge against one nobody meant.
    #[error("{name} is {what}, not an answer file (the expected output of {input})")]
    NotAnAnswer {
        /// The answer's path, as [`shown`].
        name: String,
        /// What it is instead (`a directory`, `a FIFO`, ...).
        what: String,
        /// The case it belongs to, as [`shown`].
        input: String,
    },
}

impl FileError {
    /// The puzzle's refusal of the instance in the file named `name`.
    pub fn refused(name: String, e: crate::puzzles::Error) -> FileError {
        match e {
            crate::puzzles::Error::Input(source) => FileError::Input { name, source },
            source => FileError::Refused { name, source },
        }
    }
}

/// What to do when the target already exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// Leave it alone and fail with [`io::ErrorKind::AlreadyExists`].
    Refuse,
    /// Replace it (a symlink is replaced itself, its target is untouched):
    /// for names boardsolve makes up (`X.out`, `001.in`).
    Replace,
    /// Write where the user pointed, like the shell's `>`: through a
    /// symlink, in place for a device or pipe (`/dev/stdout`), and still
    /// all or nothing for a regular file. For names the user typed.
    Follow,
}

/// Writes `path` through `write`: into a temporary file in the same
/// directory (registered with `harness`, so that a stop removes it),
/// renamed into place only once everything was written and flushed. A failed write (a full disk, an error from `write`) leaves no
/// file behind and the old one, if any, as it was.
///
/// # Errors
/// Whatever creating, writing or renaming returned;
/// [`io::ErrorKind::AlreadyExists`] when `path` exists and `existing` is
/// [`Existing::Refuse`].
pub fn write_file<F>(harness: &Harness, path: &Path, existing: Existing, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    if existing == Existing::Refuse && path.symlink_metadata().is_ok() {
        return Err(already_exists(path));
    }
    let here = path.symlink_metadata().ok();
    if existing == Existing::Follow && here.is_some() {
        return match std::fs::canonicalize(path) {
            Ok(real) if real.is_file() => write_file(harness, &real, Existing::Replace, write),
            // A device, pipe or terminal, perhaps behind /dev/stdout.
            _ => in_place(path, write),
        };
    }
    // Renaming over a device node would replace the node itself (/dev/null
    // for one): devices, pipes and sockets are written in place.
    if here.is_some_and(|m| {
        let t = m.file_type();
        !t.is_file() && !t.is_symlink() && !t.is_dir()
    }) {
        return in_place(path, write);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // Registered, so that a signal's exit removes it (see `cleanup`).
    let mut temp = Temporary::new(harness, || {
        // 0o666 before the umask, as `File::create` would give.
        tempfile::Builder::new()
            .prefix(".boardsolve-")
            .suffix(".tmp")
            .permissions(Permissions::from_mode(0o666))
            .tempfile_in(dir)
    })?;
    let mut out = BufWriter::with_capacity(1 << 20, temp.file());
    write(&mut out)?;
    out.into_inner().map_err(io::IntoInnerError::into_error)?;
    match existing {
        Existing::Replace | Existing::Follow => temp.persist(path, true),
        // The check above is a nicer message; this one closes the race.
        Existing::Refuse => temp.persist(path, false).map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                already_exists(path)
            } else {
                e
            }
        }),
    }
}

fn in_place<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let mut out = BufWriter::new(OpenOptions::new().write(true).open(path)?);
    write(&mut out)?;
    out.flush()
}

fn already_exists(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{} already exists", shown(path)),
    )
}

/// The file of the case `input` with the extension `ext`, beside it or in
/// `dir`: `X.in` gives `X.out` and `X.ans`, and `X.out` gives back `X.in`.
/// Only the last extension is replaced, so the name before it is the
/// case's own (`case.v2.in` gives `case.v2.out`, `1.5.in` and `1.10.in`
/// stay apart); a name without one gets `ext` added (`case` gives
/// `case.out`). Every command pairs cases with their answers through this
/// one function, so that what `solve` writes is what `test` reads.
pub fn case_file(input: &Path, ext: &str, dir: Option<&Path>) -> PathBuf {
    let name = Path::new(input.file_name().unwrap_or(input.as_os_str())).with_extension(ext);
    match dir {
        Some(dir) => dir.join(name),
        None => input.with_file_name(name),
    }
}

/// Whether `path` names a case: its file name ends in `.in`.
pub fn is_case_input(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "in")
}

/// What is at a path a tool means to read as a case or an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Nothing.
    Missing,
    /// A regular file, or a link to one.
    File,
    /// Something that cannot be read as a file, worded for a message:
    /// "a directory", "a FIFO", "a broken link", "a symlink loop",
    /// "a link to a character device", ...
    Unusable(String),
}

/// What is at `path` (see [`Found`]). Links are followed, since reading
/// through one is harmless; what they lead to is what counts.
pub fn found(path: &Path) -> Found {
    let here = match path.symlink_metadata() {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Missing,
        Err(e) => return Found::Unusable(format!("cannot be examined: {e}")),
    };
    if !here.file_type().is_symlink() {
        return kind_of(here.file_type(), "");
    }
    match path.metadata() {
        Ok(there) => kind_of(there.file_type(), "a link to "),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Found::Unusable("a broken link".into()),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => Found::Unusable("a symlink loop".into()),
        Err(e) => Found::Unusable(format!("a link that cannot be followed: {e}")),
    }
}

fn kind_of(t: std::fs::FileType, prefix: &str) -> Found {
    use std::os::unix::fs::FileTypeExt;
    let what = if t.is_file() {
        return Found::File;
    } else if t.is_dir() {
        "directory"
    } else if t.is_fifo() {
        "FIFO"
    } else if t.is_char_device() {
        "character device"
    } else if t.is_block_device() {
        "block device"
    } else if t.is_socket() {
        "socket"
    } else {
        "special file"
    };
    Found::Unusable(format!("{prefix}a {what}"))
}

/// Reads the file at `path`, up to `limit` bytes, for a tool that reports
/// per file: the error is one line naming the file (escaped), either
/// "cannot read NAME: why" or "NAME:1:1: ... too long".
///
/// # Errors
/// As above.
pub fn read_named(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let name = || shown(path);
    std::fs::File::open(path)
        .and_then(|file| crate::text::read_limited(file, limit))
        .map_err(|source| FileError::Read {
            name: name(),
            source,
        })?
        .map_err(|source| FileError::Input {
            name: name(),
            source,
        })
}

/// Checks that the file at `path` holds at most `limit` bytes, with the
/// messages of [`read_named`] but without reading it into memory.
///
/// # Errors
/// As [`read_named`].
pub fn check_named(path: &Path, limit: u64) -> Result<(), FileError> {
    let name = || shown(path);
    let cannot = |source| FileError::Read {
        name: name(),
        source,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    // The size is enough when the file says it; the place of the first
    // byte too many is found only for a file that has one.
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() <= limit)
    {
        return Ok(());
    }
    crate::text::check_limited(file, limit)
        .map_err(cannot)?
        .map(drop)
        .map_err(|source| FileError::Input {
            name: name(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn writes_and_refuses_or_replaces_existing_files() {
        let h = crate::harness::testing();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.out");
        write_file(&h, &path, Existing::Refuse, |w| w.write_all(b"one")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        let e = write_file(&h, &path, Existing::Refuse, |w| w.write_all(b"two")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(e.to_string().ends_with("a.out already exists"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_file(&h, &path, Existing::Replace, |w| w.write_all(b"two")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_ne!(
            mode & 0o044,
            0,
            "readable by others as File::create makes it"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_symlink_is_replaced_never_followed() {
        let h = crate::harness::testing();
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"precious").unwrap();
        let link = dir.path().join("x.out");
        symlink(&victim, &link).unwrap();
        let e = write_file(&h, &link, Existing::Refuse, |w| w.write_all(b"x")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        write_file(&h, &link, Existing::Replace, |w| w.write_all(b"answer")).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert!(!link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&link).unwrap(), b"answer");
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let h = crate::harness::testing();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.out");
        std::fs::write(&path, b"old").unwrap();
        let e = write_file(&h, &path, Existing::Replace, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "disk full");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn devices_are_written_in_place_never_replaced() {
        let h = crate::harness::testing();
        for existing in [Existing::Replace, Existing::Follow] {
            let null = Path::new("/dev/null");
            write_file(&h, null, existing, |w| w.write_all(b"x")).unwrap();
            assert!(!std::fs::symlink_metadata(null).unwrap().is_file());
            let e = write_file(&h, Path::new("/dev/full"), existing, |w| w.write_all(b"x"));
            assert!(e.is_err(), "writing /dev/full reports the full device");
            assert!(!std::fs::symlink_metadata("/dev/full").unwrap().is_file());
        }
    }

    #[test]
    fn follow_writes_through_a_link_and_keeps_it() {
        let h = crate::harness::testing();
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("picture.svg");
        std::fs::write(&target, b"old").unwrap();
        let link = dir.path().join("latest.svg");
        symlink(&target, &link).unwrap();
        write_file(&h, &link, Existing::Follow, |w| w.write_all(b"new")).unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[test]
    fn case_files_replace_only_the_last_extension() {
        let file = |input: &str, ext: &str, dir: Option<&str>| {
            case_file(Path::new(input), ext, dir.map(Path::new))
        };
        assert_eq!(file("t/01.in", "out", None), Path::new("t/01.out"));
        assert_eq!(file("t/01.in", "out", Some("o")), Path::new("o/01.out"));
        assert_eq!(file("case.v2.in", "out", None), Path::new("case.v2.out"));
        assert_eq!(file("d/a.b.c.in", "ans", None), Path::new("d/a.b.c.ans"));
        assert_eq!(
            file("d/a.b.c.in", "out", Some("o")),
            Path::new("o/a.b.c.out")
        );
        assert_eq!(file("1.5.in", "out", None), Path::new("1.5.out"));
        assert_eq!(file("1.10.in", "out", None), Path::new("1.10.out"));
        assert_eq!(file("case", "out", None), Path::new("case.out"));
        assert_eq!(file("t/case.v2.out", "in", None), Path::new("t/case.v2.in"));
        assert!(is_case_input(Path::new("t/a.b.in")));
        assert!(!is_case_input(Path::new("t/a.in.out")));
        assert!(!is_case_input(Path::new("t/.in")));
    }

    #[test]
    fn found_names_what_cannot_be_read_as_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let unusable = |why: &str| Found::Unusable(why.to_string());
        std::fs::write(d.join("file"), b"1").unwrap();
        std::fs::create_dir(d.join("dir.in")).unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            d.join("fifo.in"),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
            0,
        )
        .unwrap();
        symlink("file", d.join("to-file")).unwrap();
        symlink("nowhere", d.join("broken")).unwrap();
        symlink("loop", d.join("loop")).unwrap();
        symlink("/dev/null", d.join("null")).unwrap();
        symlink("dir.in", d.join("to-dir")).unwrap();
        assert_eq!(found(&d.join("missing")), Found::Missing);
        assert_eq!(found(&d.join("file")), Found::File);
        assert_eq!(found(&d.join("to-file")), Found::File);
        assert_eq!(found(&d.join("dir.in")), unusable("a directory"));
        assert_eq!(found(&d.join("fifo.in")), unusable("a FIFO"));
        assert_eq!(found(&d.join("broken")), unusable("a broken link"));
        assert_eq!(found(&d.join("loop")), unusable("a symlink loop"));
        assert_eq!(
            found(&d.join("null")),
            unusable("a link to a character device")
        );
        assert_eq!(found(&d.join("to-dir")), unusable("a link to a directory"));
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(shown(Path::new("a\x1b[2Jb\n.in")), "a\\u{1b}[2Jb\\n.in");
        assert_eq!(shown(Path::new("plain/é.in")), "plain/é.in");
    }
}
