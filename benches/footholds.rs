//! The memoized negamax engine against the plain recursive search, on seeded
//! boards; every answer is asserted equal before timing.
//!
//! `cargo bench --bench footholds`

use boardsolve::puzzles::footholds::{Instance, answer, random, reference};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

/// `count` boards of `side`×`side`, each cell a foothold with probability
/// `percent`/100, from a fixed seed.
fn boards(side: usize, percent: u32, count: usize, seed: u64) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| random(&mut rng, side, side, percent))
        .collect()
}

fn plain(g: &Instance) -> u32 {
    reference::answer(g, None)
}

fn full(side: usize, a: (usize, usize), b: (usize, usize)) -> Instance {
    Instance::new(&vec![vec![true; side]; side], a, b).expect("valid")
}

fn engine_against_plain(c: &mut Criterion) {
    let sets = [
        ("4x4 80% x20", boards(4, 80, 20, 4)),
        ("5x5 80% x10", boards(5, 80, 10, 5)),
        (
            "5x5 full x4",
            vec![
                full(5, (0, 0), (0, 2)),
                full(5, (2, 2), (1, 1)),
                full(5, (1, 0), (0, 2)),
                full(5, (0, 0), (4, 4)),
            ],
        ),
    ];
    let mut group = c.benchmark_group("footholds");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for (name, set) in &sets {
        let want: Vec<u32> = set.iter().map(plain).collect();
        let got: Vec<u32> = set.iter().map(answer).collect();
        assert_eq!(got, want, "{name}: engine and plain search disagree");
        group.bench_function(format!("memoized {name}"), |bch| {
            bch.iter(|| set.iter().map(|g| answer(black_box(g))).sum::<u32>());
        });
        group.bench_function(format!("plain {name}"), |bch| {
            bch.iter(|| set.iter().map(|g| plain(black_box(g))).sum::<u32>());
        });
    }
    // 6×6 and up are out of the plain search's reach; the slowest full 6×6
    // start pair of `cargo run --release --example footholds -- 6 6`.
    let hardest = full(6, (2, 1), (2, 3));
    assert_eq!(answer(&hardest), 30);
    group.bench_function("memoized 6x6 full A(2,1) B(2,3)", |bch| {
        bch.iter_batched(|| hardest.clone(), |g| answer(&g), BatchSize::SmallInput);
    });
    // The slowest full 7×7 start pair of the example, and the 8×8 pair
    // that took 22 s before the territory order.
    for (side, a, b, moves) in [(7, (1, 2), (2, 2), 24), (8, (3, 3), (4, 4), 60)] {
        let g = full(side, a, b);
        assert_eq!(answer(&g), moves);
        group.bench_function(
            format!("memoized {side}x{side} full A{a:?} B{b:?}"),
            |bch| {
                bch.iter_batched(|| g.clone(), |g| answer(&g), BatchSize::SmallInput);
            },
        );
    }
    group.finish();
}

criterion_group!(benches, engine_against_plain);
criterion_main!(benches);
