//! Tests of [`super`]: the maximize module's unit tests and proptests.

use super::*;
use crate::search::context::RunContext;

/// The best score of `depth` moves from 0, with the counters.
fn maximize<P: Climb<Node = u8> + Sync>(problem: &P, depth: u32) -> (u32, SearchStats) {
    let found = Climbing::new(depth).maximize(problem, &0);
    assert_eq!(found.end, End::Finished);
    (found.value, found.stats)
}

fn goal(floor: u32, ceiling: u32) -> Goal {
    Goal { floor, ceiling }
}

/// A counter game: add 1, 2 or 3 to a number, capped at 10; score is the number.
struct Adder;
impl Climb for Adder {
    type Node = u8;
    const MOVES: usize = 3;
    fn score(&self, n: &u8) -> u32 {
        u32::from(*n)
    }
    fn upper_bound(&self, n: &u8, r: u32) -> u32 {
        (u32::from(*n) + 3 * r).min(10)
    }
    fn apply(&self, n: &u8, mv: usize, out: &mut u8) -> bool {
        *out = (n + mv as u8 + 1).min(10);
        *out != *n
    }
    fn key<'a>(&self, n: &'a u8) -> &'a [u8] {
        std::slice::from_ref(n)
    }
}

#[test]
fn counter_game() {
    assert_eq!(maximize(&Adder, 0).0, 0);
    assert_eq!(maximize(&Adder, 2).0, 6);
    assert_eq!(maximize(&Adder, 5).0, 10);
    // 7 needs three moves (two reach at most 6); the first such line in
    // move order is +1, +3, +3.
    assert_eq!(first_line_reaching(&Adder, &0, 5, 7), Some(vec![0, 2, 2]));
    assert_eq!(first_line_reaching(&Adder, &0, 5, 6), Some(vec![2, 2]));
    assert_eq!(first_line_reaching(&Adder, &0, 1, 6), None);
    assert_eq!(first_line_reaching(&Adder, &4, 1, 4), Some(vec![]));
}

#[test]
fn every_configuration_gives_the_same_answer() {
    for depth in 0..6 {
        let plain = maximize(&Adder, depth).0;
        for split in 0..4 {
            let all = Climbing::new(depth).parallel(split);
            assert_eq!(all.maximize(&Adder, &0).value, plain, "{depth} {split}");
            for target in 0..=11 {
                let want = plain >= target;
                assert_eq!(all.reaches(&Adder, &0, target).value, want);
                let one = Climbing::new(depth).reaches(&Adder, &0, target);
                assert_eq!((one.value, one.end), (want, End::Finished));
            }
        }
        // A cap is the caller's promise that no line scores more.
        for cap in plain..=11 {
            let capped = Climbing::new(depth).cap(cap);
            assert_eq!(capped.maximize(&Adder, &0).value, plain, "{depth} {cap}");
            assert_eq!(capped.parallel(1).maximize(&Adder, &0).value, plain);
        }
    }
}

#[test]
fn a_search_out_of_positions_says_so_and_keeps_what_it_found() {
    let limited = Climbing::new(8).node_limit(5000);
    let found = limited.maximize(&Tree, &[0; 8]);
    assert_eq!(found.end, End::OutOfPositions);
    assert_eq!(found.value, 0, "the only score of the tree");
    assert!(found.completed().is_none());
    let whole = Climbing::new(8)
        .node_limit(1 << 20)
        .maximize(&Tree, &[0; 8]);
    assert_eq!(whole.end, End::Finished);
    assert!(whole.completed().is_some());
    // A later `parallel` replaces the limit: the search runs through.
    let all = limited.parallel(2).maximize(&Tree, &[0; 8]);
    assert_eq!(all.end, End::Finished);
}

#[test]
fn the_counts_by_moves_left_add_up() {
    let (_, stats) = maximize(&Adder, 5);
    let levels = &stats.by_moves_left;
    assert_eq!(levels[5].entered, 1, "the root, five moves left");
    assert!(levels[4].entered > 0 && levels[6..].iter().all(|l| l.entered == 0));
    assert_eq!(levels.iter().map(|l| l.entered).sum::<u64>(), stats.nodes);
    let both = stats.add(&stats);
    assert_eq!(both.nodes, 2 * stats.nodes);
    assert_eq!(both.by_moves_left[4].entered, 2 * levels[4].entered);
    // Deeper than the last slot is counted in it: here the root and
    // the first positions of the first line (the search stops at 10).
    let (_, deep) = maximize(&Adder, LEVELS as u32 + 3);
    assert_eq!(deep.by_moves_left[LEVELS - 1].entered, 5);
    let entered = deep.by_moves_left.iter().map(|l| l.entered).sum::<u64>();
    assert_eq!(entered, deep.nodes);
}

/// [`Adder`] capped at 20 under a bound that never cuts, so that a
/// floor above the best score still lets the search run.
struct LooseAdder;
impl Climb for LooseAdder {
    type Node = u8;
    const MOVES: usize = 3;
    fn score(&self, n: &u8) -> u32 {
        Adder.score(n)
    }
    fn upper_bound(&self, _: &u8, _: u32) -> u32 {
        20
    }
    fn apply(&self, n: &u8, mv: usize, out: &mut u8) -> bool {
        *out = (n + mv as u8 + 1).min(20);
        *out != *n
    }
    fn key<'a>(&self, n: &'a u8) -> &'a [u8] {
        std::slice::from_ref(n)
    }
}

/// A tree of four moves a position, every position new and of score 0
/// under a bound of 1: nothing is cut, so a search enters every
/// position down to one move from its leaves.
struct Tree;
impl Climb for Tree {
    type Node = [u8; 8];
    const MOVES: usize = 4;
    fn score(&self, _: &[u8; 8]) -> u32 {
        0
    }
    fn upper_bound(&self, _: &[u8; 8], _: u32) -> u32 {
        1
    }
    fn apply(&self, n: &[u8; 8], mv: usize, out: &mut [u8; 8]) -> bool {
        *out = (u64::from_le_bytes(*n) * 4 + mv as u64 + 1).to_le_bytes();
        true
    }
    fn key<'a>(&self, n: &'a [u8; 8]) -> &'a [u8] {
        n
    }
}

#[test]
fn every_position_entered_is_published() {
    // 1 + 4 + ... + 4^7 positions: several batches and a remainder.
    let all: u64 = (0..8).map(|d| 4u64.pow(d)).sum();
    let context = RunContext::new();
    let progress = context.progress();
    let s = Climbing::new(8)
        .context(&context)
        .run_one(&Tree, &[0; 8], goal(0, u32::MAX));
    assert_eq!(s.stats.nodes, all);
    assert_eq!(progress.snapshot().positions, all);

    // A limit stops the search in the middle of a batch (the
    // positions looked at while unwinding count too).
    let context = RunContext::new();
    let progress = context.progress();
    let s = Climbing::new(8).node_limit(5000).context(&context).run_one(
        &Tree,
        &[0; 8],
        goal(0, u32::MAX),
    );
    assert!((5001..5100).contains(&s.stats.nodes), "{:?}", s.stats);
    assert_eq!(progress.snapshot().positions, s.stats.nodes);

    // Over threads, the tasks' counts add up to the total.
    let context = RunContext::new();
    let progress = context.progress();
    let stats = Climbing::new(10)
        .context(&context)
        .run_all(&Tree, &[0; 8], 2, goal(0, 1))
        .stats;
    assert!(stats.nodes > 4 * progress::BATCH, "{stats:?}");
    assert_eq!(progress.snapshot().positions, stats.nodes);
}

#[test]
fn only_scores_of_real_lines_are_published() {
    let context = RunContext::new();
    let progress = context.progress();
    let s = Climbing::new(2)
        .context(&context)
        .run_one(&Adder, &0, goal(0, u32::MAX));
    assert_eq!((s.best, progress.snapshot().best), (6, 6));
    let context = RunContext::new();
    let progress = context.progress();
    let best = Climbing::new(5)
        .context(&context)
        .run_all(&Adder, &0, 2, goal(0, 10))
        .value;
    assert_eq!((best, progress.snapshot().best), (10, 10));
    // Asking whether 8 is reached in two moves starts the best at 7,
    // which no line reaches: it must not be shown as found.
    let context = RunContext::new();
    let progress = context.progress();
    let s = Climbing::new(2)
        .context(&context)
        .run_one(&LooseAdder, &0, goal(7, 8));
    assert_eq!(s.best, 7);
    assert!(progress.snapshot().best <= 6, "{:?}", progress.snapshot());
    // In parallel, with the frontier one move deep: 11 in three moves.
    let context = RunContext::new();
    let progress = context.progress();
    let best = Climbing::new(3)
        .context(&context)
        .run_all(&LooseAdder, &0, 1, goal(10, 11))
        .value;
    assert_eq!(best, 10);
    assert!(progress.snapshot().best <= 9, "{:?}", progress.snapshot());
}

#[test]
fn two_searches_at_once_each_stop_only_with_their_own_run() {
    // Two long searches in one process, on two threads: stopping one run
    // ends its search with what it proved and leaves the other running
    // to the end, each counting in its own record.
    let (stopped, running) = (RunContext::new(), RunContext::new());
    std::thread::scope(|scope| {
        let one = scope.spawn(|| Climbing::new(12).context(&stopped).maximize(&Tree, &[0; 8]));
        let other = scope.spawn(|| Climbing::new(9).context(&running).maximize(&Tree, &[0; 8]));
        stopped.stop();
        let (one, other) = (one.join().unwrap(), other.join().unwrap());
        assert_eq!(one.end, End::Stopped);
        assert!(stopped.cut_short());
        assert_eq!(other.end, End::Finished);
        assert!(!running.cut_short());
        let all: u64 = (0..9).map(|d| 4u64.pow(d)).sum();
        assert_eq!(other.stats.nodes, all);
        assert_eq!(running.progress().snapshot().positions, all);
        assert!(stopped.progress().snapshot().positions < 4u64.pow(12));
    });
}
