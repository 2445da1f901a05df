//! 2048: the fast solver against the plain 4^K search on the same seeded boards.
//!
//! Every benchmark first asserts that both give the same answer, so a fast
//! wrong answer cannot pass for a speed-up.

use boardsolve::puzzles::Text;
use boardsolve::puzzles::game2048::bench_support::{
    build_children, count_children, slide_children, two_move_look,
};
use boardsolve::puzzles::game2048::{
    Board, Direction, Game2048, answer, answer_sequential, reference,
};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

/// A full 20×20 board of random blocks 2..=1024, from `seed`.
fn dense(seed: u64) -> Vec<u64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..400).map(|_| 1u64 << rng.random_range(1..=10)).collect()
}

fn case(name: &str, values: Vec<u64>) -> (String, Board, Vec<u64>) {
    let board = Board::from_values(20, &values).unwrap();
    (name.to_string(), board, values)
}

fn boards() -> Vec<(String, Board, Vec<u64>)> {
    vec![
        case("dense-seed1", dense(1)),
        case("dense-seed2", dense(2)),
        case("all-2", vec![2; 400]),
        case("all-4", vec![4; 400]),
    ]
}

fn bench_k(c: &mut Criterion, k: u32, plain_boards: usize) {
    let mut group = c.benchmark_group(format!("2048-k{k}"));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (i, (name, board, values)) in boards().into_iter().enumerate() {
        let fast = answer(&board, k);
        assert_eq!(answer_sequential(&board, k).0, fast, "{name}");
        group.bench_function(format!("fast/{name}"), |b| {
            b.iter(|| answer(black_box(&board), k));
        });
        group.bench_function(format!("fast-1-thread/{name}"), |b| {
            b.iter(|| answer_sequential(black_box(&board), k));
        });
        if i < plain_boards {
            assert_eq!(reference::answer(20, &values, k, None), fast, "{name}");
            group.bench_function(format!("plain/{name}"), |b| {
                b.iter(|| reference::answer(20, black_box(&values), k, None));
            });
        }
    }
    group.finish();
}

fn k5(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    bench_k(c, 5, 4);
}

fn k10(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    // The plain search takes seconds per K = 10 board: time it on one dense
    // board and one equal-tile board.
    bench_k(c, 10, 1);
}

fn k16(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    // The board of the deep-search targets (docs/2048.md), `boardsolve gen 2048 --seed 2 --n 20
    // --density 1`: seconds per run, so only the fast search, checked
    // against itself on one thread. K = 20 takes minutes: time it with
    // `boardsolve solve 2048 --moves 20 benches/data/2048-dense-seed2.in`,
    // and twenty such boards with `scripts/2048-seeds.sh 20 60s 20`.
    let text = include_bytes!("data/2048-dense-seed2.in");
    let board = Game2048::new(16).parse(text).unwrap().board;
    let fast = answer(&board, 16);
    assert_eq!(answer_sequential(&board, 16).0, fast);
    let mut group = c.benchmark_group("2048-k16");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("fast/gen-seed2", |b| {
        b.iter(|| answer(black_box(&board), 16));
    });
    group.finish();
}

/// What the two-move look costs at a board five moves from the end of a
/// K = 16 search on the seed-2 board (best 16384, so the target is 32768),
/// next to what entering that board costs when the look does not rule its
/// children out: building its four children and taking their counts.
/// Positions: 64 random lines of 11 moves (moves that change the board).
fn two_move_look_cost(c: &mut Criterion) {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let text = include_bytes!("data/2048-dense-seed2.in");
    let root = Game2048::new(16).parse(text).unwrap().board;
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let positions: Vec<Board> = (0..64)
        .map(|_| {
            let mut b = root.clone();
            for _ in 0..11 {
                loop {
                    let d = Direction::ALL[rng.random_range(0..4)];
                    if let Some(next) = b.slide(d) {
                        b = next;
                        break;
                    }
                }
            }
            b
        })
        .collect();
    let mut group = c.benchmark_group("2048-two-move-look");
    group.sample_size(20);
    group.bench_function("look-at-a-board-5-left", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(two_move_look(black_box(p), 4, 14));
            }
        });
    });
    // The pieces: the counts alone (the look takes them only where its
    // walks leave a child of the board), and the four moves alone (the
    // rest of the build is the counts).
    group.bench_function("count-a-board-5-left", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(count_children(black_box(p), 4, 14));
            }
        });
    });
    group.bench_function("slide-its-4-children", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(slide_children(black_box(p)));
            }
        });
    });
    group.bench_function("build-its-4-children", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(build_children(black_box(p), 3, 14));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, k5, k10, k16, two_move_look_cost);
criterion_main!(benches);
