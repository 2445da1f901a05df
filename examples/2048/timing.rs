//! Times the 2048 solver on seeded boards, for the README's tables.
//!
//! cargo run --release --example game2048 -- K COUNT [dense|small|equal] [--plain] [--one-thread]
//!
//! dense: full 20×20 boards of random blocks 2..=1024; small: full 20×20
//! boards of random 2s and 4s; equal: 20×20 boards of 2s. `--plain` also
//! runs the plain 4^K search and checks that the answers agree.

use boardsolve::puzzles::game2048::{Board, answer_sequential, answer_with_stats, reference};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: game2048 K COUNT [dense|small|equal] [--plain] [--one-thread]";
    let k: u32 = args.get(1).and_then(|s| s.parse().ok()).expect(usage);
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let kind = args.get(3).map_or("dense", String::as_str);
    let plain = args.iter().any(|a| a == "--plain");
    let one_thread = args.iter().any(|a| a == "--one-thread");
    let mut times = Vec::new();
    for seed in 0..count {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let values: Vec<u64> = (0..400)
            .map(|_| match kind {
                "dense" => 1u64 << rng.random_range(1..=10),
                "small" => 1u64 << rng.random_range(1..=2),
                "equal" => 2,
                _ => panic!("{usage}"),
            })
            .collect();
        let board = Board::from_values(20, &values).expect("valid board");
        let start = Instant::now();
        let (answer, stats) = if one_thread {
            answer_sequential(&board, k)
        } else {
            answer_with_stats(&board, k)
        };
        let took = start.elapsed().as_secs_f64();
        times.push(took);
        print!(
            "seed {seed}: {answer} in {:.2} ms ({} positions, {} table hits, {} bound cuts)",
            took * 1e3,
            stats.nodes,
            stats.table_hits,
            stats.bound_cuts
        );
        if plain {
            let start = Instant::now();
            let expected = reference::answer(20, &values, k, None);
            let plain_took = start.elapsed().as_secs_f64();
            assert_eq!(expected, answer, "seed {seed}");
            print!(
                "; plain {:.0} ms, {:.0}× slower",
                plain_took * 1e3,
                plain_took / took
            );
        }
        println!();
    }
    times.sort_by(f64::total_cmp);
    println!(
        "median {:.2} ms, max {:.2} ms over {count} boards",
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3
    );
}
