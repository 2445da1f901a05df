//! Times the footholds engine on a full board for every pair of start cells
//! (up to symmetry the hardest inputs of a size) and reports the slowest,
//! each the best of three runs.
//!
//! `cargo run --release --example footholds -- ROWS COLS [--no-split]`;
//! with `--random N`, N seeded random boards (60–100% footholds, random
//! starts) instead of the full board.

use boardsolve::puzzles::footholds::{
    self, Instance, Stats, answer_with_stats, answer_without_split,
};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side = |i: usize| -> usize {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .filter(|n| (1..=8).contains(n))
            .unwrap_or_else(|| {
                eprintln!("usage: footholds ROWS COLS [--no-split]   (sides 1..=8)");
                std::process::exit(2)
            })
    };
    let (rows, cols) = (side(0), side(1));
    let split = !args.iter().any(|a| a == "--no-split");
    let random: Option<u64> = args
        .iter()
        .position(|a| a == "--random")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok());
    let grid = vec![vec![true; cols]; rows];
    let instances: Vec<Instance> = match random {
        Some(n) => {
            use rand::{RngExt, SeedableRng};
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rows as u64 * 8 + cols as u64);
            (0..n)
                .map(|_| {
                    let percent = rng.random_range(60..=100);
                    footholds::random(&mut rng, rows, cols, percent)
                })
                .collect()
        }
        None => {
            let mut all = Vec::new();
            // A's cell up to the board's mirror symmetries: the top-left quarter.
            for ar in 0..rows.div_ceil(2) {
                for ac in 0..cols.div_ceil(2) {
                    for br in 0..rows {
                        for bc in 0..cols {
                            all.push(Instance::new(&grid, (ar, ac), (br, bc)).expect("valid"));
                        }
                    }
                }
            }
            all
        }
    };
    let mut total = Duration::ZERO;
    let mut worst = (Duration::ZERO, (0, 0), (0, 0), 0u32, Stats::default());
    let mut count = 0;
    for g in &instances {
        // The best of three runs: the machine is shared, and a
        // time slice lost to another process is not the solver's.
        let mut took = Duration::MAX;
        let mut result = None;
        for _ in 0..3 {
            let start = Instant::now();
            result = Some(if split {
                answer_with_stats(g)
            } else {
                answer_without_split(g)
            });
            took = took.min(start.elapsed());
        }
        let (moves, stats) = result.expect("ran");
        total += took;
        count += 1;
        if took > worst.0 {
            worst = (took, g.a, g.b, moves, stats);
        }
    }
    println!(
        "{rows}×{cols} {}, {count} instances: total {:.3?}, mean {:.3?}; slowest {:.3?} for A {:?} B {:?} ({} moves, {:?})",
        if random.is_some() {
            "random boards"
        } else {
            "full board, every start pair"
        },
        total,
        total / count,
        worst.0,
        worst.1,
        worst.2,
        worst.3,
        worst.4
    );
}
