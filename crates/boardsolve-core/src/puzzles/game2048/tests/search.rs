//! The search: answers and best lines against the brute force, the
//! parallel and narrowing searches, and the tables it keeps.

use super::*;

#[test]
fn sample_and_edges() {
    assert_eq!(answer(&board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]), 5), 16);
    assert_eq!(answer(&board(1, &[1024]), 10), 1024);
    assert_eq!(answer(&board(2, &[2, 2, 2, 2]), 0), 2);
    assert_eq!(answer(&board(2, &[2, 2, 2, 2]), 1), 4);
    assert_eq!(answer(&board(2, &[2, 2, 2, 2]), 2), 8);
    assert_eq!(answer(&board(2, &[2, 2, 2, 2]), 30), 8);
    assert_eq!(
        answer(&board(3, &[2, 4, 8, 16, 32, 64, 128, 256, 512]), 10),
        512
    );
}

#[test]
fn transposition_tables_stay_within_two_gib_in_all() {
    // A 64×64 key is 4 KiB: the budget once counted it as 1 KiB, and
    // once per thread, so a long search on a big board grew past 8 GiB.
    let big = Board::from_values(64, &[2; 64 * 64]).unwrap();
    for searches in [1, 2, 16] {
        let limit = Search::new(&big, searches).table_limit();
        assert!(limit * searches * (64 * 64 + 28) <= 2 << 30, "{searches}");
    }
    // Small boards keep more entries: the budget follows the real key.
    let small = Board::from_values(4, &[2; 16]).unwrap();
    let (small, big) = (
        Search::new(&small, 2).table_limit(),
        Search::new(&big, 2).table_limit(),
    );
    assert!(small > 50 * big, "{small} {big}");
}

#[test]
fn the_counts_by_moves_left_show_the_tree() {
    let b = Board::from_exponents(12, random_cells(12, 5));
    let (_, stats) = answer_sequential(&b, 7);
    let levels = &stats.by_moves_left;
    assert_eq!(levels[7].entered, 1, "the root");
    assert_eq!(levels.iter().map(|l| l.entered).sum::<u64>(), stats.nodes);
    assert!(levels.iter().all(|l| l.cut_by_look <= l.looked_at));
    // Children two or more moves from the end are looked at before entry.
    assert!(levels[6].looked_at > 0 && levels[1].looked_at == 0);
}

#[test]
fn best_line_is_shortest_and_first() {
    // Left and right both make 4 in one move; up, down change nothing.
    let b = board(2, &[2, 2, 0, 0]);
    assert_eq!(play(&b, 3).moves, vec![Direction::Left]);
    // Needs two merges of 2+2 then 4+4: up first (U < D < L < R).
    let b = board(2, &[2, 2, 2, 2]);
    assert_eq!(play(&b, 3).moves, vec![Direction::Up, Direction::Left]);
}

proptest! {
    // Deep enough that the parallel search runs; the brute force is
    // slow at K = 7, so fewer cases.
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn parallel_search_equals_brute_force((n, values) in small_board(), k in 7u32..=7) {
        prop_assume!(n >= 4);
        let b = board(n, &values);
        prop_assert_eq!(answer(&b, k), reference::answer(n, &values, k, None));
    }

    #[test]
    fn deep_best_line_is_the_first_shortest(
        (n, values) in small_board(),
        k in 7u32..=7,
    ) {
        // K = 7 takes the deep path: a short trial on one thread, then
        // all cores (small boards rarely outlast the trial; the test
        // below runs the parallel searches directly).
        prop_assume!(n >= 4);
        let line = play(&board(n, &values), k);
        let length = line.moves.len() as u32;
        if length > 0 {
            prop_assert!(reference::answer(n, &values, length - 1, None) < line.max);
        }
        let first = reference::first_sequence(n, &values, length, line.max)
            .expect("the line itself qualifies");
        let ours: Vec<usize> = line.moves.iter().map(|&d| d as usize).collect();
        prop_assert_eq!(ours, first);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn parallel_searches_equal_brute_force_whatever_the_trial(
        (n, values) in small_board(),
        k in 2u32..=6,
        split in 1u32..=3,
    ) {
        // The parallel searches directly, without the sequential trial
        // that small boards usually finish in.
        let b = board(n, &values);
        let truth = reference::answer(n, &values, k, None);
        prop_assume!(truth > 0);
        let e = truth.trailing_zeros();
        let game = Search::new(&b, 2);
        let parallel = Climbing::new(k).parallel(split);
        let best = parallel.maximize(&game, &b).value;
        prop_assert_eq!(value_of(best as u8), truth);
        prop_assert!(parallel.reaches(&game, &b, e).value);
        prop_assert!(!parallel.reaches(&game, &b, e + 1).value);
        prop_assert!(Climbing::new(k).reaches(&game, &b, e).value);
        prop_assert!(!Climbing::new(k).reaches(&game, &b, e + 1).value);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_solver_equals_brute_force((n, values) in small_board(), k in 0u32..=5) {
        let board = board(n, &values);
        let fast = answer(&board, k);
        prop_assert_eq!(fast, reference::answer(n, &values, k, None));
    }

    #[test]
    fn best_line_reaches_the_optimum_and_is_shortest((n, values) in small_board(), k in 0u32..=4) {
        let b = board(n, &values);
        let line = play(&b, k);
        prop_assert_eq!(line.max, reference::answer(n, &values, k, None));
        let mut cur = b.clone();
        for &d in &line.moves {
            cur = cur.slide(d).expect("each move changes the board");
        }
        prop_assert_eq!(cur.max_value(), line.max);
        if !line.moves.is_empty() {
            let shorter = line.moves.len() as u32 - 1;
            prop_assert!(reference::answer(n, &values, shorter, None) < line.max);
        }
        // First in Up < Down < Left < Right order among the shortest.
        let first = reference::first_sequence(n, &values, line.moves.len() as u32, line.max)
            .expect("the line itself qualifies");
        let ours: Vec<usize> = line.moves.iter().map(|&d| d as usize).collect();
        prop_assert_eq!(ours, first);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn by_first_move_equals_the_reference_after_that_move(
        (n, values) in small_board(),
        k in 0u32..=5,
    ) {
        let b = board(n, &values);
        let firsts = by_first_move(&b, k);
        for (i, &d) in Direction::ALL.iter().enumerate() {
            let after = reference::slide(n, &values, i, None);
            let unchanged = after.iter().zip(&values).all(|(&a, &v)| a == u128::from(v));
            let expected = (k > 0 && !unchanged).then(|| {
                let after: Vec<u64> = after.iter().map(|&v| v as u64).collect();
                reference::answer(n, &after, k - 1, None)
            });
            prop_assert_eq!(firsts.get(d), expected, "first move {:?}", d);
        }
        // Whenever some move changes the board, the best first move gives the answer.
        let best = Direction::ALL.iter().filter_map(|&d| firsts.get(d)).max();
        if let Some(best) = best {
            prop_assert_eq!(best, reference::answer(n, &values, k, None));
        }
    }

    #[test]
    fn the_line_oracle_answers_as_the_plain_search(
        (n, values) in small_board(),
        target in 2u32..=8,
        questions in prop::collection::vec((prop::collection::vec(0usize..4, 0..3), 0u32..=4), 1..24),
    ) {
        // Questions about boards a few moves from the start, in any order,
        // so that the oracle answers from what it remembers and splits
        // questions into children it has settled.
        let start = board(n, &values);
        let mut oracle = super::explain::Oracle::new(target, None);
        for (path, moves) in questions {
            let mut b = start.clone();
            for mv in path {
                b = b.slide(Direction::ALL[mv]).unwrap_or(b);
            }
            let cells: Vec<u64> = b.exponents().iter().map(|&e| value_of(e) as u64).collect();
            let expected = reference::answer(n, &cells, moves, None) >= value_of(target as u8);
            prop_assert_eq!(oracle.reaches(&b, moves), expected, "{:?} in {}", b.exponents(), moves);
        }
    }

    #[test]
    fn narrowing_from_both_ends_finds_the_answer(
        (n, values) in small_board(),
        k in 0u32..=5,
        first_look in 0u64..40,
    ) {
        // A short first look leaves the lower bound low, so the narrowing
        // walks down from the merge-tree bound, refuting and reaching.
        let expected = reference::answer(n, &values, k, None);
        let (lower, upper) = narrowed_exponent(&board(n, &values), k, first_look, None);
        prop_assert_eq!((value_of(lower as u8), value_of(upper as u8)), (expected, expected));
    }

    #[test]
    fn play_boards_follow_the_reference_moves((n, values) in small_board(), k in 0u32..=4) {
        let line = play(&board(n, &values), k);
        prop_assert_eq!(line.boards.len(), line.moves.len() + 1);
        prop_assert_eq!(line.merged.len(), line.moves.len());
        let flat = |rows: &Vec<Vec<u128>>| -> Vec<u64> {
            rows.iter().flatten().map(|&v| v as u64).collect()
        };
        prop_assert_eq!(flat(&line.boards[0]), values.clone());
        for (i, &d) in line.moves.iter().enumerate() {
            let expected = reference::slide(n, &flat(&line.boards[i]), d as usize, None);
            let shown: Vec<u128> = line.boards[i + 1].iter().flatten().copied().collect();
            prop_assert_eq!(shown, expected);
        }
        let last = line.boards.last().expect("the start board");
        prop_assert_eq!(last.iter().flatten().copied().max().unwrap_or(0), line.max);
    }
}
