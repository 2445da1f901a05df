//! Times the footholds engine on a full board for every pair of start cells
//! (up to symmetry the hardest inputs of a size) and reports the slowest,
//! each the best of three runs (`--runs N` for another count). Times are
//! the thread's CPU time, which other processes on a shared machine
//! disturb far less than the wall clock.
//!
//! `cargo run --release --example footholds -- ROWS COLS [--no-split]`;
//! with `--random N`, N seeded random boards (60–100% footholds, random
//! starts) instead of the full board; with `--pair AR AC BR BC`, that one
//! start pair on the full board.

use boardsolve::puzzles::footholds::{
    self, Coord, Instance, Stats, answer_with_stats, answer_without_split,
};
use std::time::Duration;

/// CPU time this thread has used.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) };
    assert_eq!(ok, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// What the command line asks for.
struct Asked {
    rows: usize,
    cols: usize,
    /// The shortcut once the players' regions split (off with `--no-split`).
    split: bool,
    /// `--random N`: N seeded random boards.
    random: Option<u64>,
    /// `--pair AR AC BR BC`: that one start pair.
    pair: Option<Vec<usize>>,
    /// `--runs N`: runs of each instance, the best kept.
    runs: u32,
}

/// The command line's words, or the usage and exit status 2.
fn asked(args: &[String]) -> Asked {
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
    let pair: Option<Vec<usize>> = args.iter().position(|a| a == "--pair").map(|i| {
        let cells: Vec<usize> = args[i + 1..]
            .iter()
            .take(4)
            .filter_map(|a| a.parse().ok())
            .collect();
        if cells.len() != 4 {
            eprintln!("--pair takes four numbers: AR AC BR BC");
            std::process::exit(2)
        }
        cells
    });
    let runs: u32 = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3);
    Asked {
        rows,
        cols,
        split,
        random,
        pair,
        runs,
    }
}

/// The instances asked for: one start pair, seeded random boards, or
/// the full board with every start pair up to its mirror symmetries.
fn instances(asked: &Asked) -> Vec<Instance> {
    let (rows, cols) = (asked.rows, asked.cols);
    let grid = vec![vec![true; cols]; rows];
    match (asked.random, &asked.pair) {
        (_, Some(p)) => match Instance::new(&grid, (p[0], p[1]), (p[2], p[3])) {
            Ok(g) => vec![g],
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2)
            }
        },
        (Some(n), None) => {
            use rand::{RngExt, SeedableRng};
            let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(rows as u64 * 8 + cols as u64);
            (0..n)
                .map(|_| {
                    let percent = rng.random_range(60..=100);
                    footholds::random(&mut rng, rows, cols, percent)
                })
                .collect()
        }
        (None, None) => {
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
    }
}

/// The slowest instance: its time, the players' cells, its answer and
/// the search's counters.
type Slowest = (Duration, Coord, Coord, u32, Stats);

/// Every instance solved `asked.runs` times, the best of its runs kept:
/// the total time and the slowest instance.
fn timed(asked: &Asked, instances: &[Instance]) -> (Duration, Slowest) {
    let mut total = Duration::ZERO;
    let mut worst = (Duration::ZERO, (0, 0), (0, 0), 0u32, Stats::default());
    for g in instances {
        // The best of three runs: the machine is shared, and a
        // time slice lost to another process is not the solver's.
        let mut took = Duration::MAX;
        let mut result = None;
        for _ in 0..asked.runs {
            let start = cpu_time();
            result = Some(if asked.split {
                answer_with_stats(g)
            } else {
                answer_without_split(g)
            });
            took = took.min(cpu_time() - start);
        }
        let (moves, stats) = result.expect("ran");
        total += took;
        if took > worst.0 {
            worst = (took, g.a, g.b, moves, stats);
        }
    }
    (total, worst)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let asked = asked(&args);
    let instances = instances(&asked);
    let (total, worst) = timed(&asked, &instances);
    let count = instances.len() as u32;
    println!(
        "{}×{} {}, {count} instances: total {:.3?}, mean {:.3?}; slowest {:.3?} for A {:?} B {:?} ({} moves, {:?})",
        asked.rows,
        asked.cols,
        if asked.random.is_some() {
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
