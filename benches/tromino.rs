//! Tromino benchmarks on seeded holes: the streamed placement order against
//! copying a file of the same bytes from the page cache (what `cat` does),
//! and the constructive tiler. Every answer is compared with the plain
//! reference before timing.

use boardsolve::puzzles::tromino::{
    Format, Instance, answer, check_output, general, order, reference,
};
use boardsolve::puzzles::{TROMINO, Text};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::io::{self, Read, Write};
use std::time::Duration;

/// A writer that counts bytes and drops them, like /dev/null.
struct Null(u64);

impl Write for Null {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn reference_text(n: usize, row: usize, col: usize) -> Vec<u8> {
    let instance = Instance {
        n: n as u32,
        row: row as u32,
        col: col as u32,
    };
    let mut out = Vec::new();
    reference::answer(&instance, Format::Plain, None, &mut out).unwrap();
    out
}

fn streamed(n: usize, row: usize, col: usize) -> Vec<u8> {
    let mut out = Vec::new();
    order::write_placement_order(n, row, col, b"0", &mut out).unwrap();
    out
}

fn placement_order(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(14601);
    // The answers first: streamed = plain simulation on seeded holes.
    for n in [64usize, 256] {
        let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
        assert!(
            streamed(n, row, col) == reference_text(n, row, col),
            "{n} {row} {col}"
        );
    }
    let n = 4096;
    let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
    let mut memory = Vec::new();
    order::write_labels(&order::placement_order(n, row, col), n, b"0", &mut memory).unwrap();
    let text = streamed(n, row, col);
    assert!(text == memory, "streamed and in-memory differ at n = {n}");

    // The baseline: the same bytes read back from a file in the page cache.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.out");
    std::fs::write(&path, &text).unwrap();
    drop(memory);

    let mut group = c.benchmark_group("tromino 4096");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("stream placement order", |b| {
        b.iter(|| {
            let mut null = Null(0);
            order::write_placement_order(n, row, col, b"0", &mut null).unwrap();
            assert_eq!(null.0, text.len() as u64);
        });
    });
    // One worker formatting and writing in turn, against the default (as
    // many workers as cores, the calling thread writing).
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    group.bench_function("stream placement order, one worker", |b| {
        b.iter(|| {
            let mut null = Null(0);
            one.install(|| order::write_placement_order(n, row, col, b"0", &mut null))
                .unwrap();
            assert_eq!(null.0, text.len() as u64);
        });
    });
    // Each way of making the text: four cells at a time (the one that
    // runs) against cell by cell.
    let writers = [
        ("four cells", order::Writer::Fours),
        ("cell by cell", order::Writer::Cells),
    ];
    for (name, writer) in writers {
        let mut check = Vec::new();
        order::write_placement_order_with(writer, n, (row, col), b"0", &mut check).unwrap();
        assert!(check == text, "{name} writer differs");
        drop(check);
        group.bench_function(format!("stream placement order, {name}"), |b| {
            b.iter(|| {
                let mut null = Null(0);
                order::write_placement_order_with(writer, n, (row, col), b"0", &mut null).unwrap();
                assert_eq!(null.0, text.len() as u64);
            });
        });
    }
    group.bench_function("copy the same file (cat)", |b| {
        let mut buffer = vec![0u8; 128 << 10];
        b.iter(|| {
            let mut file = std::fs::File::open(&path).unwrap();
            let mut total = 0;
            loop {
                let k = file.read(&mut buffer).unwrap();
                if k == 0 {
                    break;
                }
                total += black_box(k);
            }
            assert_eq!(total, text.len());
        });
    });
    group.finish();
}

fn constructive(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
    let n = 4000usize;
    let (row, col) = (rng.random_range(0..n), rng.random_range(0..n));
    let text = format!("{n} {row} {col}");
    let instance = TROMINO.rules.parse(text.as_bytes()).unwrap();
    let mut out = Vec::new();
    answer(&instance, Format::Plain, &mut out).unwrap();
    assert_eq!(
        check_output(&instance, &out, Format::Plain, false),
        boardsolve::text::Verdict::Correct
    );
    let mut group = c.benchmark_group("tromino general");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("tile 4000x4000", |b| {
        b.iter(|| black_box(general::tile(n, row, col)));
    });
    group.bench_function("tile and write 4000x4000", |b| {
        b.iter(|| {
            let mut null = Null(0);
            answer(&instance, Format::Plain, &mut null).unwrap();
            assert_eq!(null.0, out.len() as u64);
        });
    });
    group.finish();
}

criterion_group!(benches, placement_order, constructive);
criterion_main!(benches);
