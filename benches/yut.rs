//! Dice yut: the memoized solver against the plain brute force on seeded
//! dice sequences (answers asserted equal), and long sequences.

use boardsolve::puzzles::yut::{
    Instance, brute, max_score, max_score_with_states, random_instance,
};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

fn instances(seed: u64, count: usize, dice: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| random_instance(&mut rng, dice))
        .collect()
}

fn ten_dice(c: &mut Criterion) {
    let set = instances(17825, 32, 10);
    for i in &set {
        assert_eq!(Some(max_score(i.dice())), brute::max_score(i.dice()), "{i}");
    }
    let states: usize = set.iter().map(|i| max_score_with_states(i.dice()).1).sum();
    eprintln!(
        "10 dice: {:.0} states per instance on average",
        states as f64 / set.len() as f64
    );
    let mut g = c.benchmark_group("yut 10 dice, 32 seeded instances");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("memoized", |b| {
        b.iter(|| {
            set.iter()
                .map(|i| max_score(black_box(i.dice())))
                .sum::<u32>()
        })
    });
    g.bench_function("brute force", |b| {
        b.iter(|| {
            set.iter()
                .map(|i| brute::max_score(black_box(i.dice())).unwrap())
                .sum::<u32>()
        })
    });
    g.finish();
}

fn long_sequences(c: &mut Criterion) {
    let mut g = c.benchmark_group("yut long");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for n in [84usize, 1_000_000] {
        let inst = instances(n as u64, 1, n).pop().unwrap();
        let text = inst.to_string();
        let (best, states) = max_score_with_states(inst.dice());
        eprintln!("{n} dice: answer {best}, {states} states");
        g.bench_function(format!("{n} dice: solve"), |b| {
            b.iter(|| max_score(black_box(inst.dice())))
        });
        g.bench_function(format!("{n} dice: parse and solve"), |b| {
            b.iter(|| {
                let i = Instance::parse(black_box(text.as_bytes())).unwrap();
                max_score(i.dice())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, ten_dice, long_sequences);
criterion_main!(benches);
