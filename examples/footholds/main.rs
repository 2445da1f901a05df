//! Times the footholds engine on a full board for every pair of start cells
//! (up to symmetry the hardest inputs of a size) and reports the slowest,
//! each the best of three runs.
//!
//! `cargo run --release --example footholds -- ROWS COLS [--no-split]`

use boardsolve::puzzles::footholds::{Instance, score_with_stats, score_without_split};
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
    let grid = vec![vec![true; cols]; rows];
    let mut total = Duration::ZERO;
    let mut worst = (Duration::ZERO, (0, 0), (0, 0), 0u32, Default::default());
    let mut count = 0;
    // A's cell up to the board's mirror symmetries: the top-left quarter.
    for ar in 0..rows.div_ceil(2) {
        for ac in 0..cols.div_ceil(2) {
            for br in 0..rows {
                for bc in 0..cols {
                    let g = Instance::new(&grid, (ar, ac), (br, bc)).expect("valid");
                    // The best of three runs: the machine is shared, and a
                    // time slice lost to another process is not the solver's.
                    let mut took = Duration::MAX;
                    let mut result = None;
                    for _ in 0..3 {
                        let start = Instant::now();
                        result = Some(if split {
                            score_with_stats(&g)
                        } else {
                            score_without_split(&g)
                        });
                        took = took.min(start.elapsed());
                    }
                    let (score, stats) = result.expect("ran");
                    total += took;
                    count += 1;
                    if took > worst.0 {
                        worst = (took, g.a, g.b, score.distance(), stats);
                    }
                }
            }
        }
    }
    println!(
        "{rows}×{cols} full board, {count} start pairs: total {:.3?}, mean {:.3?}; slowest {:.3?} for A {:?} B {:?} ({} moves, {:?})",
        total,
        total / count,
        worst.0,
        worst.1,
        worst.2,
        worst.3,
        worst.4
    );
}
