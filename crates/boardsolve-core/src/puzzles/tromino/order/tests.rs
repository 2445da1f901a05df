//! Tests of [`super`]: the order module's unit tests and proptests.

use super::*;

/// Keeps some lines of a stream, drops the rest.
struct Lines {
    wanted: Vec<usize>,
    line: usize,
    current: Vec<u8>,
    kept: Vec<(usize, Vec<u8>)>,
}

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for chunk in buf.split_inclusive(|&b| b == b'\n') {
            if self.wanted.contains(&self.line) {
                self.current.extend_from_slice(chunk);
            }
            if chunk.ends_with(b"\n") {
                if self.wanted.contains(&self.line) {
                    self.kept
                        .push((self.line, std::mem::take(&mut self.current)));
                }
                self.line += 1;
            }
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_largest_eight_digit_board_streams_the_right_labels() {
    // n = 16384 is the largest side printed with decimal lanes; its
    // labels reach 89 478 485. Rows on both sides of the middle and of
    // the hole, in row pairs of their own bands (tests use small
    // bands), are compared with the labels computed cell by cell, for
    // both writers.
    let (n, hole) = (16384usize, (9_000usize, 3_210usize));
    let wanted = vec![0, 1, 2, 3, 8191, 8192, 9_000, 9_001, 16383];
    for writer in [Writer::Cells, Writer::Fours] {
        let mut sink = Lines {
            wanted: wanted.clone(),
            line: 0,
            current: Vec::new(),
            kept: Vec::new(),
        };
        write_placement_order_with(writer, n, hole, b"0", &mut sink).unwrap();
        assert_eq!(sink.line, n);
        assert_eq!(sink.kept.len(), wanted.len());
        for (r, text) in sink.kept {
            let expected: Vec<String> = (0..n)
                .map(|c| label_at(n, hole.0, hole.1, r, c).to_string())
                .collect();
            assert!(
                text == format!("{}\n", expected.join(" ")).into_bytes(),
                "row {r}, {writer:?}"
            );
        }
    }
}

#[test]
fn both_label_types_stream_the_same_bytes() {
    // `u32` labels go cell by cell; decimal lanes take each writer.
    // Holes in every quadrant and on the centre cross, three hole marks.
    for n in [2usize, 4, 8, 16, 32, 64, 256, 1024] {
        let holes = [
            (0, 0),
            (n - 1, 0),
            (0, n - 1),
            (n - 1, n - 1),
            (n / 2, n / 2 - 1),
            (n / 3, n - 1),
            (n / 2 - 1, n / 5),
        ];
        for hole in holes {
            for mark in [&b"-1"[..], b"0", b"hole"] {
                let mut wide = Vec::new();
                stream::<u32>(3, Writer::Cells, n, hole, mark, &mut wide).unwrap();
                for writer in [Writer::Cells, Writer::Fours] {
                    let mut decimal = Vec::new();
                    stream::<Dec>(3, writer, n, hole, mark, &mut decimal).unwrap();
                    assert!(wide == decimal, "{n} {hole:?} {writer:?}");
                }
            }
        }
    }
}

#[test]
fn levels_restart_anywhere() {
    // A band may start at any pair: a fresh start equals the carried state.
    let (n, hole) = (64, (37, 5));
    let mut carried = Levels::<u32>::new(n, hole);
    for pair in 0..n / 2 {
        let r = 2 * pair;
        let from = carried.first_changed(r);
        carried.enter(r, from, carried.sides.len());
        let mut fresh = Levels::<u32>::new(n, hole);
        fresh.enter(r, 0, fresh.sides.len());
        assert_eq!(carried.hole_quadrant, fresh.hole_quadrant, "pair {pair}");
        assert_eq!(carried.hole_label, fresh.hole_label, "pair {pair}");
        assert_eq!(carried.row_base, fresh.row_base, "pair {pair}");
    }
}

/// The board streamed on `workers` threads, with `writer` and `mark`.
fn on(workers: usize, writer: Writer, n: usize, hole: (usize, usize), mark: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    stream::<Dec>(workers, writer, n, hole, mark, &mut out).unwrap();
    out
}

/// The board from the in-memory recursion, written row by row: no
/// bands, no levels, no workers.
fn plain(n: usize, (row, col): (usize, usize), mark: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    write_labels(&placement_order(n, row, col), n, mark, &mut out).unwrap();
    out
}

#[test]
fn every_side_streams_the_same_bytes_on_any_number_of_workers() {
    // Every side up to 2048 (tests' bands are small, so from n = 64 on
    // there are more bands than workers and each worker takes turns),
    // holes on corners, edges and the centre cross.
    for k in 1..=11 {
        let n = 1usize << k;
        for hole in [(0, 0), (n - 1, n - 1), (n / 2, n / 2 - 1), (n / 3, n - 1)] {
            let expected = plain(n, hole, b"0");
            for workers in [1, 2, 3, 5] {
                for writer in [Writer::Cells, Writer::Fours] {
                    assert!(
                        on(workers, writer, n, hole, b"0") == expected,
                        "n {n}, hole {hole:?}, {workers} workers, {writer:?}"
                    );
                }
            }
        }
    }
}

/// Counts and fingerprints a stream without keeping it (FNV-1a, which
/// depends on every byte and its place, not on how the stream is cut).
struct Fingerprint(u64, usize);

impl Write for Fingerprint {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for &b in buf {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
        self.1 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn large_boards_stream_the_same_bytes_on_any_number_of_workers() {
    // Thousands of bands, the last one short, in several workers' turns.
    let n = 4096;
    for hole in [(4095, 0), (1234, 3210)] {
        let mut print = Fingerprint(0xCBF2_9CE4_8422_2325, 0);
        write_labels(&placement_order(n, hole.0, hole.1), n, b"0", &mut print).unwrap();
        let expected = (print.0, print.1);
        for workers in [1, 2, 3] {
            let mut print = Fingerprint(0xCBF2_9CE4_8422_2325, 0);
            stream::<Dec>(workers, Writer::Fours, n, hole, b"0", &mut print).unwrap();
            assert_eq!((print.0, print.1), expected, "{hole:?}, {workers} workers");
        }
    }
}

/// Takes `room` bytes, then fails every write, like a closed pipe.
struct Closes {
    room: usize,
    kept: Vec<u8>,
}

impl Write for Closes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        let k = buf.len().min(self.room);
        self.kept.extend_from_slice(&buf[..k]);
        self.room -= k;
        Ok(k)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_output_stops_every_worker_with_its_error() {
    // Before the first band, inside one, and between the last bands:
    // the error comes back (no hang, no panic) after the right prefix.
    let (n, hole) = (512, (100, 200));
    let expected = plain(n, hole, b"0");
    for room in [0, 1, 70_000, expected.len() - 1] {
        for workers in [1, 2, 3] {
            let mut out = Closes {
                room,
                kept: Vec::new(),
            };
            let result = stream::<Dec>(workers, Writer::Fours, n, hole, b"0", &mut out);
            assert_eq!(
                result.map_err(|e| e.kind()),
                Err(io::ErrorKind::BrokenPipe),
                "room {room}, {workers} workers"
            );
            assert!(
                out.kept == expected[..room],
                "room {room}, {workers} workers"
            );
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    #[test]
    fn workers_stream_the_single_thread_bytes(
        k in 1u32..=10,
        r in 0usize..1024,
        c in 0usize..1024,
        workers in 2usize..=4,
        mark in proptest::sample::select(vec![&b"0"[..], b"-1", b"hole"]),
    ) {
        let n = 1usize << k;
        let hole = (r % n, c % n);
        let single = on(1, Writer::Fours, n, hole, mark);
        proptest::prop_assert!(on(workers, Writer::Fours, n, hole, mark) == single);
        proptest::prop_assert!(single == plain(n, hole, mark));
    }
}
