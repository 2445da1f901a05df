//! Answers and outputs that may be far larger than the harness should
//! hold: a program's standard output, a reference answer, an answer file.
//! Small ones are kept in memory as before; large ones stay in a file
//! and are read as streams, so the harness's memory does not grow with
//! the size of the answers.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::sync::Arc;

/// Up to this size a text is read into memory: reports show it whole
/// anyway, and holding it spares a file descriptor per failing case.
pub const IN_MEMORY: u64 = 64 << 10;

/// A text kept whole when small, else in a file read on demand.
#[derive(Debug, Clone)]
pub struct Spooled {
    inner: Inner,
}

#[derive(Debug, Clone)]
enum Inner {
    Memory(Vec<u8>),
    /// A file shared by clones of a report, and the bytes of it that
    /// count (a program's output past the limit does not).
    File(Arc<File>, u64),
}

impl Spooled {
    /// A text already in memory.
    pub fn from_bytes(bytes: Vec<u8>) -> Spooled {
        Spooled {
            inner: Inner::Memory(bytes),
        }
    }

    /// The first `limit` bytes of `file` (read from its start, whatever
    /// its offset); read into memory if they are few.
    ///
    /// # Errors
    /// Whatever reading the file's size or its bytes fails with.
    pub fn from_file(file: File, limit: u64) -> io::Result<Spooled> {
        let len = file.metadata()?.len().min(limit);
        let spooled = Spooled {
            inner: Inner::File(Arc::new(file), len),
        };
        if len <= IN_MEMORY {
            let mut bytes = Vec::with_capacity(len as usize);
            spooled.reader().read_to_end(&mut bytes)?;
            return Ok(Spooled::from_bytes(bytes));
        }
        Ok(spooled)
    }

    /// What `write` writes, spooled to an unnamed temporary file (the
    /// bytes are never all in memory unless they are few).
    ///
    /// # Errors
    /// Whatever `write` returns; the temporary file's own failures as
    /// [`io::Error`]s converted into `E`.
    pub fn written<E: From<io::Error>>(
        write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    ) -> Result<Spooled, E> {
        let mut out = BufWriter::with_capacity(64 << 10, tempfile::tempfile()?);
        write(&mut out)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok(Spooled::from_file(file, u64::MAX)?)
    }

    /// Its length in bytes.
    pub fn len(&self) -> u64 {
        match &self.inner {
            Inner::Memory(bytes) => bytes.len() as u64,
            Inner::File(_, len) => *len,
        }
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A reader over the whole text from its start; any number of them
    /// may read at once.
    pub fn reader(&self) -> SpoolReader<'_> {
        match &self.inner {
            Inner::Memory(bytes) => SpoolReader::Memory(bytes),
            Inner::File(file, len) => SpoolReader::File {
                file,
                at: 0,
                end: *len,
            },
        }
    }

    /// The whole text if it has at most `limit` bytes, for the few users
    /// that need it in one piece; `None` when longer.
    ///
    /// # Errors
    /// Whatever reading the file fails with.
    pub fn bytes_up_to(&self, limit: u64) -> io::Result<Option<Vec<u8>>> {
        if self.len() > limit {
            return Ok(None);
        }
        match &self.inner {
            Inner::Memory(bytes) => Ok(Some(bytes.clone())),
            Inner::File(..) => {
                let mut bytes = Vec::with_capacity(self.len() as usize);
                self.reader().read_to_end(&mut bytes)?;
                Ok(Some(bytes))
            }
        }
    }
}

/// A reader over a [`Spooled`] text.
#[derive(Debug)]
pub enum SpoolReader<'a> {
    /// The bytes left of a text in memory.
    Memory(&'a [u8]),
    /// A text in a file, read by offset so that readers do not share a
    /// file position.
    File {
        /// The file.
        file: &'a File,
        /// The next byte to read.
        at: u64,
        /// Where the text ends.
        end: u64,
    },
}

impl Read for SpoolReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            SpoolReader::Memory(bytes) => bytes.read(buf),
            SpoolReader::File { file, at, end } => {
                let want = usize::try_from(*end - *at)
                    .unwrap_or(usize::MAX)
                    .min(buf.len());
                if want == 0 {
                    return Ok(0);
                }
                let n = file.read_at(&mut buf[..want], *at)?;
                *at += n as u64;
                Ok(n)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_texts_are_held_and_large_ones_read_from_their_file() {
        let big: Vec<u8> = (0..200_000u32).map(|i| b'0' + (i % 10) as u8).collect();
        let spooled = Spooled::written(|w| w.write_all(&big)).unwrap();
        assert!(matches!(spooled.inner, Inner::File(..)));
        assert_eq!(spooled.len(), big.len() as u64);
        let mut back = Vec::new();
        spooled.reader().read_to_end(&mut back).unwrap();
        assert_eq!(back, big);
        assert_eq!(spooled.bytes_up_to(1000).unwrap(), None);
        assert_eq!(spooled.bytes_up_to(1 << 20).unwrap(), Some(big.clone()));
        let small = Spooled::written(|w| w.write_all(b"16\n")).unwrap();
        assert!(matches!(small.inner, Inner::Memory(_)));
        assert_eq!(small.bytes_up_to(3).unwrap().unwrap(), b"16\n");
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(&big).unwrap();
        let cut = Spooled::from_file(file, 100_000).unwrap();
        assert_eq!(cut.bytes_up_to(u64::MAX).unwrap().unwrap(), &big[..100_000]);
    }
}
