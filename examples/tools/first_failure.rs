//! How many cases `stress` needs to find each catalogued mistake of a
//! puzzle: for seeds 1 to S, the number of the first case of the run on
//! which the mistake's reference answers wrongly, with and without
//! `--hard`; prints the median and the worst of each.
//!
//! `cargo run --release --example first_failure -- NAME [SEEDS] [MAX_CASES]`

use boardsolve::puzzles;
use boardsolve::tools::first_failure::{cases_to_failure, median_and_worst};

fn main() {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(puzzle) = args.first().and_then(|name| puzzles::find(name)) else {
        eprintln!("usage: first_failure NAME [SEEDS] [MAX_CASES]");
        std::process::exit(2);
    };
    let seeds: u64 = args.get(1).map_or(20, |s| s.parse().expect("SEEDS"));
    let max: u64 = args.get(2).map_or(1000, |s| s.parse().expect("MAX_CASES"));
    let show = |c: Option<u64>| c.map_or(format!(">{max}"), |c| c.to_string());
    println!("| mistake | stress: median | worst | --hard: median | worst |");
    println!("|---|---|---|---|---|");
    for variant in puzzle.variants() {
        let mut row = format!("| `{}` |", variant.id);
        for hard in [false, true] {
            let sizes = puzzles::GenOptions {
                hard,
                ..Default::default()
            };
            let counts: Vec<Option<u64>> = (1..=seeds)
                .map(|seed| cases_to_failure(puzzle, &variant, seed, &sizes, max))
                .collect();
            let (median, worst) = median_and_worst(&counts).expect("at least one seed");
            row.push_str(&format!(" {} | {} |", show(median), show(worst)));
        }
        println!("{row}");
    }
}
