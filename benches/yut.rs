//! Dice yut: the memoized solver against the plain reference on seeded
//! dice sequences (answers asserted equal), and long sequences.

use boardsolve::puzzles::Text;
use boardsolve::puzzles::yut::{Instance, Yut, answer, answer_with_stats, random, reference};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

fn instances(seed: u64, count: usize, dice: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(|_| random(&mut rng, dice)).collect()
}

fn ten_dice(c: &mut Criterion) {
    let set = instances(17825, 32, 10);
    for i in &set {
        assert_eq!(
            Some(answer(i.dice())),
            reference::answer(i.dice(), None),
            "{i}"
        );
    }
    let states: usize = set
        .iter()
        .map(|i| answer_with_stats(i.dice()).1.states)
        .sum();
    eprintln!(
        "10 dice: {:.0} states per instance on average",
        states as f64 / set.len() as f64
    );
    let mut g = c.benchmark_group("yut 10 dice, 32 seeded instances");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("memoized", |b| {
        b.iter(|| set.iter().map(|i| answer(black_box(i.dice()))).sum::<u32>());
    });
    g.bench_function("reference", |b| {
        b.iter(|| {
            set.iter()
                .map(|i| reference::answer(black_box(i.dice()), None).unwrap())
                .sum::<u32>()
        });
    });
    g.finish();
}

fn long_sequences(c: &mut Criterion) {
    let mut g = c.benchmark_group("yut long");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for n in [84usize, 1_000_000] {
        let inst = instances(n as u64, 1, n).pop().unwrap();
        let text = inst.to_string();
        let (best, stats) = answer_with_stats(inst.dice());
        eprintln!("{n} dice: answer {best}, {} states", stats.states);
        g.bench_function(format!("{n} dice: solve"), |b| {
            b.iter(|| answer(black_box(inst.dice())));
        });
        g.bench_function(format!("{n} dice: parse and solve"), |b| {
            b.iter(|| {
                let i = Yut.parse(black_box(text.as_bytes())).unwrap();
                answer(i.dice())
            });
        });
    }
    g.finish();
}

criterion_group!(benches, ten_dice, long_sequences);
criterion_main!(benches);
