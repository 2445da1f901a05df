//! Times the 2048 solver on seeded boards, for the README's tables.
//!
//! cargo run --release --example game2048 -- K COUNT [dense|small|equal] [--plain] [--one-thread] [--levels] [--board FILE]
//!
//! dense: full 20×20 boards of random blocks 2..=1024; small: full 20×20
//! boards of random 2s and 4s; equal: 20×20 boards of 2s. `--board FILE`
//! times the board of a judge input file COUNT times instead. `--plain` also
//! runs the plain 4^K search and checks that the answers agree. `--levels`
//! prints, for each board, the positions the search entered, built to look
//! at, and cut by that look, by moves left: where a stronger bound would
//! save work.

use boardsolve::puzzles::game2048::{
    Board, Stats, answer_sequential, answer_with_stats, reference,
};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::time::Instant;

fn main() {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: game2048 K COUNT [dense|small|equal] [--plain] [--one-thread] [--levels] [--board FILE]";
    let k: u32 = args.get(1).and_then(|s| s.parse().ok()).expect(usage);
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).expect(usage);
    let kind = args
        .get(3)
        .filter(|a| !a.starts_with("--"))
        .map_or("dense", String::as_str);
    let file = args
        .iter()
        .position(|a| a == "--board")
        .map(|at| args.get(at + 1).expect(usage));
    let plain = args.iter().any(|a| a == "--plain");
    let one_thread = args.iter().any(|a| a == "--one-thread");
    let levels = args.iter().any(|a| a == "--levels");
    let mut times = Vec::new();
    for seed in 0..count {
        let (n, values) = match file {
            Some(path) => read_board(path),
            None => (20, seeded(kind, seed, usage)),
        };
        let board = Board::from_values(n, &values).expect("valid board");
        let start = Instant::now();
        let (answer, stats) = if one_thread {
            answer_sequential(&board, k)
        } else {
            answer_with_stats(&board, k)
        };
        let took = start.elapsed().as_secs_f64();
        times.push(took);
        print!(
            "{} {seed}: {answer} in {:.2} ms ({} positions, {} table hits, {} bound cuts)",
            if file.is_some() { "run" } else { "seed" },
            took * 1e3,
            stats.nodes,
            stats.table_hits,
            stats.bound_cuts
        );
        if plain {
            let start = Instant::now();
            let expected = reference::answer(n, &values, k, None);
            let plain_took = start.elapsed().as_secs_f64();
            assert_eq!(expected, answer, "seed {seed}");
            print!(
                "; plain {:.0} ms, {:.0}× slower",
                plain_took * 1e3,
                plain_took / took
            );
        }
        println!();
        if levels {
            print_levels(&stats, k);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "median {:.2} ms, max {:.2} ms over {count} boards",
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3
    );
}

/// The search's work by moves left, from the root down.
fn print_levels(stats: &Stats, k: u32) {
    println!("  moves left   entered  looked at  cut by look");
    for (left, level) in stats.by_moves_left.iter().enumerate().rev() {
        if level.entered + level.looked_at > 0 {
            let left = if left + 1 == stats.by_moves_left.len() && k as usize > left {
                format!("{left}+")
            } else {
                left.to_string()
            };
            println!(
                "  {left:>10} {:>9} {:>10} {:>12}",
                level.entered, level.looked_at, level.cut_by_look
            );
        }
    }
}

/// A full 20×20 board of the given kind from `seed`.
fn seeded(kind: &str, seed: u64, usage: &str) -> Vec<u64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..400)
        .map(|_| match kind {
            "dense" => 1u64 << rng.random_range(1..=10),
            "small" => 1u64 << rng.random_range(1..=2),
            "equal" => 2,
            _ => panic!("{usage}"),
        })
        .collect()
}

/// The board of a judge input file: N, then N×N values.
fn read_board(path: &str) -> (usize, Vec<u64>) {
    let text = std::fs::read_to_string(path).expect("a readable board file");
    let mut numbers = text
        .split_whitespace()
        .map(|t| t.parse::<u64>().expect("whole numbers"));
    let n = numbers.next().expect("the board size") as usize;
    (n, numbers.collect())
}
