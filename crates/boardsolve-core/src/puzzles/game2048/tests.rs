use super::ahead;
use super::board::{slide_scalar, value_of};
use super::counts::EXPONENT_SLOTS;
use super::merges::{counts_above_scalar, counts_after_moves, counts_after_moves_above};
use super::parse::parse;
#[cfg(target_arch = "x86_64")]
use super::slide;
use super::solve::{
    Search, merge_tree_bound, narrowed_exponent, upper_exponent, walks_first_agree,
};
use super::*;
use super::{lanes, walk};
use crate::search::maximize::{ChildBounds, Climb, Climbing};

fn board(n: usize, v: &[u64]) -> Board {
    Board::from_values(n, v).unwrap()
}

fn row_left(v: &[u64]) -> Vec<u128> {
    let b = board(v.len(), &{
        let mut all = v.to_vec();
        all.resize(v.len() * v.len(), 0);
        all
    });
    let moved = b.slide(Direction::Left).unwrap_or(b);
    (0..v.len()).map(|c| moved.value(0, c)).collect()
}

#[test]
fn merges_nearest_the_wall_first_and_once() {
    assert_eq!(row_left(&[2, 2, 2]), [4, 2, 0]);
    assert_eq!(row_left(&[2, 2, 2, 2]), [4, 4, 0, 0]);
    assert_eq!(row_left(&[4, 2, 2]), [4, 4, 0]);
    assert_eq!(row_left(&[2, 0, 0, 2]), [4, 0, 0, 0]);
    assert_eq!(row_left(&[4, 4, 8, 0]), [8, 8, 0, 0]);
    assert_eq!(row_left(&[0, 0, 2, 4]), [2, 4, 0, 0]);
}

#[test]
fn each_direction() {
    // 2 2 0
    // 0 2 4
    // 2 0 4
    let b = board(3, &[2, 2, 0, 0, 2, 4, 2, 0, 4]);
    let show = |d| b.slide(d).unwrap().to_string();
    assert_eq!(show(Direction::Up), "4 4 8\n0 0 0\n0 0 0\n");
    assert_eq!(show(Direction::Down), "0 0 0\n0 0 0\n4 4 8\n");
    assert_eq!(show(Direction::Left), "4 0 0\n2 4 0\n2 4 0\n");
    assert_eq!(show(Direction::Right), "0 0 4\n0 2 4\n0 2 4\n");
}

#[test]
fn a_move_that_changes_nothing_is_none() {
    let b = board(2, &[2, 4, 0, 0]);
    assert!(b.slide(Direction::Up).is_none());
    assert!(b.slide(Direction::Left).is_none());
    assert!(b.slide(Direction::Down).is_some());
}

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
fn bound_is_never_below_the_truth() {
    let b = board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]);
    for k in 0..6 {
        let truth = answer(&b, k);
        assert!(value_of(merge_tree_bound(&b.cells, k) as u8) >= truth);
    }
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

#[test]
fn each_mistake_does_what_its_description_says() {
    use reference::Mistake::*;
    // One row moved left, on an otherwise empty board.
    let left = |row: &[u64], mistake| {
        let n = row.len();
        let mut values = row.to_vec();
        values.resize(n * n, 0);
        reference::slide(n, &values, 2, mistake)[..n].to_vec()
    };
    assert_eq!(left(&[2, 2, 4], Some(MergeAgain)), [8, 0, 0]);
    assert_eq!(left(&[4, 2, 2], Some(MergeAgain)), [4, 4, 0]);
    assert_eq!(left(&[2, 2, 4], Some(MergeCascade)), [8, 0, 0]);
    assert_eq!(left(&[4, 2, 2], Some(MergeCascade)), [8, 0, 0]);
    assert_eq!(left(&[2, 2, 2], Some(FarSideFirst)), [2, 4, 0]);
    assert_eq!(left(&[2, 0, 2], Some(NoMergeAcrossGap)), [2, 2, 0]);
    assert_eq!(left(&[2, 2, 2, 2], Some(OneMergePerLine)), [4, 2, 2, 0]);
    assert_eq!(left(&[2, 2, 2, 2], None), [4, 4, 0, 0]);
    // Up changes nothing here, so the mistaken search never tries left.
    assert_eq!(
        reference::answer(2, &[2, 2, 0, 0], 1, Some(StopAtNoOpMove)),
        2
    );
    assert_eq!(reference::answer(2, &[2, 2, 0, 0], 1, None), 4);
    // 2 2 2 2 in a row needs two moves to make 8.
    let row = [2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(reference::answer(4, &row, 2, None), 8);
    assert_eq!(reference::answer(4, &row, 2, Some(OneMoveShort)), 4);
    assert_eq!(reference::answer(4, &row, 1, Some(OneMoveLong)), 8);
}

/// Each mistake drawn from the rules (docs/2048.md) differs from the truth on
/// a small board, for the reason its description gives.
#[test]
fn each_rule_mistake_differs_on_a_small_board() {
    use reference::Mistake::*;
    let answer = |n, values: &[u64], k, mistake| reference::answer(n, values, k, mistake);
    // 2 . / . 2, one move: no merge. With the board not copied, left is
    // tried on the board that up and then down left: 2 2 in one row.
    let b = [2, 0, 0, 2];
    assert_eq!(answer(2, &b, 1, None), 2);
    assert_eq!(answer(2, &b, 1, Some(BoardNotCopied)), 4);
    // 2 4 / 4 .: right then down joins the 4s; up and left change nothing.
    let b = [2, 4, 4, 0];
    assert_eq!(answer(2, &b, 2, None), 8);
    assert_eq!(answer(2, &b, 2, Some(LeftUpOnly)), 4);
    // Found by a search of small boards: the 32 needs a move twice in a
    // row.
    let b = [0, 0, 0, 0, 2, 0, 0, 0, 8, 0, 8, 8, 8, 0, 4, 4];
    assert_eq!(answer(4, &b, 3, None), 32);
    assert_eq!(answer(4, &b, 3, Some(NoRepeatMove)), 16);
    // 4 4 / . 8: every first move makes 8 at best, so greedy takes up
    // (which changes nothing) and then can only reach 8; left then up
    // makes 16.
    let b = [4, 4, 0, 8];
    assert_eq!(answer(2, &b, 2, None), 16);
    assert_eq!(answer(2, &b, 2, Some(GreedyLargestNow)), 8);
    // 2 8 . / . . . / 4 4 4: right gives 0 4 8 in the last row, under the
    // 8 of the first; down then makes 16. Merged from the far side the
    // row is 0 8 4.
    let b = [2, 8, 0, 0, 0, 0, 4, 4, 4];
    assert_eq!(answer(3, &b, 2, None), 16);
    assert_eq!(answer(3, &b, 2, Some(RightDownFromFarSide)), 8);
    let row = |dir| {
        reference::slide(
            3,
            &[2, 2, 2, 0, 0, 0, 0, 0, 0],
            dir,
            Some(RightDownFromFarSide),
        )
    };
    assert_eq!(row(3)[..3], [0, 4, 2]);
    assert_eq!(row(2)[..3], [4, 2, 0]);
    // 2 2 / 2 2: up marks both cells of the top row, so left cannot join
    // the two 4s.
    let b = [2, 2, 2, 2];
    assert_eq!(answer(2, &b, 2, None), 8);
    assert_eq!(answer(2, &b, 2, Some(MergeMarksKept)), 4);
    // 2 2 / . 4: left then up makes 8. The first full line (up, up)
    // changes nothing and sets the best to 4; then every node with one
    // move left and largest block 4 is cut.
    let b = [2, 2, 0, 4];
    assert_eq!(answer(2, &b, 2, None), 8);
    assert_eq!(answer(2, &b, 2, Some(BoundOneMoveTight)), 4);
    // Unlike one move short, a node whose largest block is above the best
    // so far makes its last move: the first line itself.
    assert_eq!(answer(2, &[2, 2, 0, 0], 1, Some(BoundOneMoveTight)), 4);
    assert_eq!(answer(2, &[2, 2, 0, 0], 1, Some(OneMoveShort)), 2);
}

#[test]
fn shrink_cuts_corners_then_lines_then_blocks() {
    let board = Board::from_exponents(2, vec![1, 1, 0, 2]);
    let candidates: Vec<(usize, Vec<u8>)> = shrink(&Instance { board })
        .map(|smaller| (smaller.board.size(), smaller.board.exponents().to_vec()))
        .collect();
    // No halving: a block 2 cannot be halved; no candidate without a block.
    assert_eq!(
        candidates,
        [
            (1, vec![1]),
            (1, vec![2]),
            (1, vec![1]),
            (1, vec![1]),
            (2, vec![0, 1, 0, 2]),
            (2, vec![1, 0, 0, 2]),
            (2, vec![1, 1, 0, 0]),
            (2, vec![1, 1, 0, 1]),
        ]
    );
}

#[test]
fn parse_errors_name_the_place() {
    let e = parse(b"3\n2 2 2\n4 3 4\n8 8 8\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "3:3: expected a block value (0 or a power of two from 2), found 3"
    );
    let e = parse(b"2\n0 0\n0 0\n").unwrap_err();
    assert!(e.to_string().starts_with("2:1: the board has no block"));
    let e = parse(b"65\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:1: expected the board size N from 1 to 64, found 65"
    );
    let e = parse(b"1\n2 2").unwrap_err();
    assert!(e.to_string().starts_with("2:3: unexpected extra input"));
}

use proptest::prelude::*;

/// Boards of side 1..=6 with blocks 2..=64 and some empty cells; dense
/// small values make merges, and equal runs, common.
fn small_board() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (1usize..=6).prop_flat_map(|n| {
        let cell = prop_oneof![2 => Just(0u64), 3 => (1u32..=6).prop_map(|e| 1u64 << e)];
        (Just(n), prop::collection::vec(cell, n * n))
    })
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

/// An n×n board (as exponents) from `seed`: a random share of empty
/// cells and a few neighbouring exponents, so runs of equal blocks and
/// empty stretches are common and rows straddle mask words. Half the
/// boards use the smallest exponents, the others sit anywhere up to the
/// largest input block.
/// The first direction in which the SSE2 move (where there is one) of the
/// `n`×`n` board `cells` differs from the plain move, in the board or in
/// whether it changed.
fn sse2_move_differs(cells: &[u8], n: usize) -> Option<Direction> {
    #[cfg(target_arch = "x86_64")]
    for (i, &d) in Direction::ALL.iter().enumerate() {
        // Both start dirty: a move writes every cell.
        let (mut fast, mut plain) = (vec![9u8; n * n], vec![7u8; n * n]);
        let fast_changed = slide::slide(cells, &mut fast, n, i);
        let plain_changed = slide_scalar(cells, &mut plain, n, d);
        if fast != plain || fast_changed != plain_changed {
            return Some(d);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (cells, n);
    None
}

/// Sides around the chunks of 16 lines the SSE2 move walks together.
const CHUNK_EDGES: [usize; 13] = [1, 2, 3, 4, 15, 16, 17, 20, 31, 32, 33, 48, 64];

#[test]
fn sse2_moves_of_empty_and_uniform_boards() {
    for n in CHUNK_EDGES {
        for e in [0u8, 1, 7, 63] {
            let cells = vec![e; n * n];
            assert_eq!(sse2_move_differs(&cells, n), None, "n = {n}, all {e}");
        }
    }
}

#[test]
fn sse2_moves_of_runs_gaps_and_single_blocks() {
    for n in CHUNK_EDGES {
        let boards: Vec<Vec<u8>> = vec![
            // Runs of equal blocks of every length, one per line.
            (0..n * n)
                .map(|c| if c % n <= c / n { 3 } else { 0 })
                .collect(),
            (0..n * n)
                .map(|c| if c / n <= c % n { 2 } else { 0 })
                .collect(),
            // Lines of one block at their far end, or at a different cell each.
            (0..n * n).map(|c| u8::from(c % n == n - 1) * 5).collect(),
            (0..n * n).map(|c| u8::from(c % n == c / n) * 4).collect(),
            // Alternating values (nothing merges) and pairs (everything does).
            (0..n * n).map(|c| 1 + (c % 2) as u8).collect(),
            (0..n * n).map(|c| 1 + (c / 2 % 2) as u8).collect(),
            // A block, a gap, an equal block: a merge across empty cells.
            (0..n * n).map(|c| if c % 3 == 1 { 0 } else { 6 }).collect(),
            // Exponents that merge past 63.
            (0..n * n).map(|c| 62 + (c % 2) as u8).collect(),
            vec![63; n * n],
        ];
        for (k, cells) in boards.iter().enumerate() {
            assert_eq!(sse2_move_differs(cells, n), None, "n = {n}, board {k}");
        }
    }
}

#[test]
fn sse2_moves_of_random_boards_at_chunk_edges() {
    for n in CHUNK_EDGES {
        for seed in 0..40 {
            let cells = random_cells(n, seed);
            assert_eq!(sse2_move_differs(&cells, n), None, "n = {n}, seed {seed}");
        }
    }
}

fn random_cells(n: usize, seed: u64) -> Vec<u8> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let empty = rng.random_range(0..=100u32);
    let kinds = rng.random_range(1..=8u8);
    let base = if rng.random_range(0..2) == 0 {
        0
    } else {
        rng.random_range(0..=MAX_INPUT_EXPONENT - kinds)
    };
    (0..n * n)
        .map(|_| {
            if rng.random_range(0..100) < empty {
                0
            } else {
                base + rng.random_range(1..=kinds)
            }
        })
        .collect()
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
    fn slide_equals_brute_force_shift((n, values) in small_board()) {
        let b = board(n, &values);
        for (i, &d) in Direction::ALL.iter().enumerate() {
            let ours: Vec<u128> = match b.slide(d) {
                Some(m) => (0..n * n).map(|k| m.value(k / n, k % n)).collect(),
                None => values.iter().map(|&v| u128::from(v)).collect(),
            };
            prop_assert_eq!(ours, reference::slide(n, &values, i, None), "direction {:?}", d);
        }
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

    #[test]
    fn child_bounds_match_built_children((n, values) in small_board(), k in 0u32..=4) {
        let b = board(n, &values);
        let mut bounds = ChildBounds::default();
        prop_assert!(Search::new(&b, 1).child_bounds(&b, k, 0, &mut bounds));
        for (i, &d) in Direction::ALL.iter().enumerate() {
            let child = b.slide(d).unwrap_or_else(|| b.clone());
            prop_assert_eq!(bounds.bound[i], merge_tree_bound(&child.cells, k), "{:?}", d);
        }
    }

    #[test]
    fn counts_above_a_threshold_match_the_full_counts(
        (n, values) in small_board(),
        low in 0u8..=7,
    ) {
        let b = board(n, &values);
        let full = counts_after_moves(&b.cells, n);
        let above = counts_after_moves_above(&b.cells, n, low);
        for (f, a) in [(full.0, above.0), (full.1, above.1)] {
            for x in 0..EXPONENT_SLOTS {
                if x > usize::from(low) || low <= 1 {
                    prop_assert_eq!(a[x], f[x], "exponent {}", x);
                } else {
                    prop_assert_eq!(a[x], 0, "exponent {}", x);
                }
            }
        }
    }

    #[test]
    fn counts_above_a_threshold_on_boards_of_any_size(
        n in 1usize..=64,
        seed in any::<u64>(),
        low in 2u8..=6,
    ) {
        let cells = random_cells(n, seed);
        let full = counts_after_moves(&cells, n);
        let above = counts_after_moves_above(&cells, n, low);
        for x in usize::from(low) + 1..EXPONENT_SLOTS {
            prop_assert_eq!((above.0[x], above.1[x]), (full.0[x], full.1[x]), "exponent {}", x);
        }
    }

    #[test]
    fn simd_moves_equal_the_scalar_moves(
        n in 1usize..=64,
        seed in any::<u64>(),
    ) {
        if !crate::simd::avx512() {
            return Ok(());
        }
        let cells = random_cells(n, seed);
        for (i, &d) in Direction::ALL.iter().enumerate() {
            let (mut fast, mut plain) = (vec![9u8; n * n], vec![7u8; n * n]);
            // SAFETY: checked above; both boards are n×n.
            let fast_changed = unsafe { avx512::slide(&cells, &mut fast, n, i) };
            let plain_changed = slide_scalar(&cells, &mut plain, n, d);
            prop_assert_eq!(&fast, &plain, "{:?}", d);
            prop_assert_eq!(fast_changed, plain_changed, "{:?}", d);
        }
    }

    #[test]
    fn sse2_moves_equal_the_scalar_moves(n in 1usize..=64, seed in any::<u64>()) {
        let cells = random_cells(n, seed);
        prop_assert_eq!(sse2_move_differs(&cells, n), None);
    }

    #[test]
    fn simd_counts_equal_the_scalar_counts(
        n in 1usize..=64,
        seed in any::<u64>(),
        low in 2u8..=9,
    ) {
        if !crate::simd::avx512() {
            return Ok(());
        }
        let cells = random_cells(n, seed);
        // SAFETY: checked above; the board is n×n and low >= 2.
        let fast = unsafe { avx512::counts_above(&cells, n, low) };
        prop_assert_eq!(fast, counts_above_scalar(&cells, n, low));
    }

    #[test]
    fn left_partners_pair_greedily_from_bit_zero(eq in any::<u64>()) {
        let mut expected = 0u64;
        let mut i = 0;
        while i < 64 {
            if eq >> i & 1 == 1 {
                expected |= 1 << i;
                i += 2;
            } else {
                i += 1;
            }
        }
        prop_assert_eq!(avx512::left_partners(eq), expected);
    }

    #[test]
    fn child_bounds_above_a_floor_are_exact_above_it(
        (n, values) in small_board(),
        k in 0u32..=4,
        floor in 0u32..=8,
    ) {
        let b = board(n, &values);
        let mut bounds = ChildBounds::default();
        prop_assert!(Search::new(&b, 1).child_bounds(&b, k, floor, &mut bounds));
        for (i, &d) in Direction::ALL.iter().enumerate() {
            let child = b.slide(d).unwrap_or_else(|| b.clone());
            prop_assert_eq!(bounds.bound[i], merge_tree_bound(&child.cells, k).max(floor), "{:?}", d);
        }
    }

    #[test]
    fn bound_holds((n, values) in small_board(), k in 0u32..=4) {
        let b = board(n, &values);
        let truth = reference::answer(n, &values, k, None);
        prop_assert!(value_of(merge_tree_bound(&b.cells, k) as u8) >= truth);
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
    fn slide_marked_moves_as_slide_and_marks_one_cell_per_merge((n, values) in small_board()) {
        let b = board(n, &values);
        let blocks = |cells: &[u8]| cells.iter().filter(|&&e| e != 0).count();
        for &d in &Direction::ALL {
            match (b.slide(d), b.slide_marked(d)) {
                (None, None) => {}
                (Some(fast), Some((plain, merged))) => {
                    prop_assert_eq!(&fast, &plain);
                    let marked = merged.iter().filter(|&&m| m).count();
                    prop_assert_eq!(marked, blocks(&b.cells) - blocks(&plain.cells));
                    for (k, &m) in merged.iter().enumerate() {
                        prop_assert!(!m || plain.cells[k] >= 2, "a merged block is at least 4");
                    }
                }
                (fast, plain) => prop_assert!(false, "slide {:?} vs slide_marked {:?}", fast, plain),
            }
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
    fn portable_moves_equal_the_plain_walk(n in 1usize..=64, seed in any::<u64>()) {
        // Every size, so lines left over after the groups of four are walked too.
        let b = Board::from_exponents(n, random_cells(n, seed));
        for &d in &Direction::ALL {
            let mut moved = vec![7u8; n * n];
            let changed = slide_scalar(&b.cells, &mut moved, n, d);
            match b.slide_marked(d) {
                Some((plain, _)) => {
                    prop_assert!(changed, "{:?}", d);
                    prop_assert_eq!(&moved, &plain.cells, "{:?}", d);
                }
                None => {
                    prop_assert!(!changed, "{:?}", d);
                    prop_assert_eq!(&moved, &b.cells, "{:?}", d);
                }
            }
        }
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

#[test]
fn explain_aligns_columns_and_marks_merges() {
    let text = |b: &Board, k: u32| {
        let mut out = Vec::new();
        explain::write_explanation(k, &play(b, k), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(
        text(&board(2, &[2, 2, 512, 16]), 1),
        "largest block within 1 move: 512\nalready on the board: no move needed\n\
         by first move: up changes nothing, down changes nothing, left 512, right 512\n\
         \nstart:\n  2    2\n512   16\n"
    );
    let out = text(&board(3, &[32, 0, 4, 2, 256, 256, 0, 0, 16]), 1);
    assert!(
        out.contains(
            "\nmove 1: left (1 merge, marked *)\n 32    4    0\n  2  512*   0\n 16    0    0\n"
        ),
        "{out}"
    );
}

/// A diagnosis can only name a mistake that changes some answer on the
/// cases it compares (half random, half `--hard`, K = 5): each one must.
/// Sides up to 8, as `stress` draws: a move twice in a row is needed only
/// where lines of blocks cross.
#[test]
fn every_catalogued_mistake_changes_some_generated_answer() {
    use crate::puzzles::Mistake as _;
    use rand::SeedableRng;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(23);
    let boards: Vec<Instance> = (0..200)
        .map(|k| {
            let n = 2 + k % 7;
            if k % 2 == 0 {
                super::random(&mut rng, n, 5, 0.7)
            } else {
                super::hard(&mut rng, n, 5)
            }
        })
        .collect();
    for &mistake in reference::Mistake::ALL {
        let differs = boards.iter().any(|b| {
            let values: Vec<u64> = b.board.cells.iter().map(|&e| value_of(e) as u64).collect();
            reference::answer(b.board.n, &values, 5, Some(mistake))
                != reference::answer(b.board.n, &values, 5, None)
        });
        assert!(differs, "{} never changes an answer", mistake.id());
    }
}

/// The exact most merges the block carrying each cell's block takes part
/// in over all lines of at most `r` moves (0 for empty cells), by brute
/// force and written apart from the solver: boards of block values with
/// the cells of the starting blocks each one carries, moved line by line.
/// A carrier doubles at each of its merges, so its merges are the log of
/// its largest value over the block's own.
fn exact_merges(n: usize, values: &[u64], r: u32) -> Vec<u32> {
    type Cell = Option<(u128, Vec<usize>)>;
    fn step(cells: &[Cell], n: usize, dir: usize) -> Vec<Cell> {
        let mut out: Vec<Cell> = vec![None; n * n];
        for line in 0..n {
            let at = |k: usize| match dir {
                0 => k * n + line,
                1 => (n - 1 - k) * n + line,
                2 => line * n + k,
                _ => line * n + n - 1 - k,
            };
            // Blocks placed from the wall, each with whether it was made
            // by a merge in this move.
            let mut placed: Vec<(u128, Vec<usize>, bool)> = Vec::new();
            for k in 0..n {
                if let Some((v, origin)) = &cells[at(k)] {
                    match placed.last_mut() {
                        Some((w, carried, merged)) if !*merged && *w == *v => {
                            *w *= 2;
                            carried.extend(origin);
                            *merged = true;
                        }
                        _ => placed.push((*v, origin.clone(), false)),
                    }
                }
            }
            for (k, (v, carried, _)) in placed.into_iter().enumerate() {
                out[at(k)] = Some((v, carried));
            }
        }
        out
    }
    fn walk(cells: &[Cell], n: usize, r: u32, largest: &mut [u128]) {
        for (v, carried) in cells.iter().flatten() {
            for &u in carried {
                largest[u] = largest[u].max(*v);
            }
        }
        if r > 0 {
            for dir in 0..4 {
                walk(&step(cells, n, dir), n, r - 1, largest);
            }
        }
    }
    let start: Vec<Cell> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (v != 0).then(|| (u128::from(v), vec![i])))
        .collect();
    let mut largest = vec![0u128; n * n];
    walk(&start, n, r, &mut largest);
    values
        .iter()
        .zip(&largest)
        .map(|(&v, &l)| {
            if v == 0 {
                0
            } else {
                (l / u128::from(v)).trailing_zeros()
            }
        })
        .collect()
}

#[test]
fn exact_merges_follow_the_carrier() {
    // 2 2 4: left makes 4 4 (the first 2s merge), a second left 8: each
    // 2 takes part in two merges, the 4 in one; right makes 4 4 too.
    assert_eq!(
        exact_merges(3, &[2, 2, 4, 0, 0, 0, 0, 0, 0], 2),
        [2, 2, 1, 0, 0, 0, 0, 0, 0]
    );
    // 2 4 2 in a row never merges within the row; nothing else is there.
    assert_eq!(exact_merges(3, &[2, 4, 2, 0, 0, 0, 0, 0, 0], 3), [0; 9]);
    // The capacity bounds agree: 2 2 4 reaches 8 in two moves, not 16 in three.
    let b = board(3, &[2, 2, 4, 0, 0, 0, 0, 0, 0]);
    assert_eq!(merges::line_neighbour_bound(&b.cells, 3, 2), 3);
    assert_eq!(merges::line_neighbour_bound(&b.cells, 3, 3), 3);
    // The merge-tree bound does not see that 4 cannot reach the 2s in time:
    // 2 4 2 has 8 by count within two moves, but no tile ever merges.
    let walled = board(3, &[2, 4, 2, 0, 0, 0, 0, 0, 0]);
    assert_eq!(merge_tree_bound(&walled.cells, 2), 3);
    assert_eq!(merges::line_neighbour_bound(&walled.cells, 3, 2), 2);
}

#[test]
fn tempting_capacity_rules_that_are_wrong() {
    // "A block with no equal block in its row or column cannot merge within
    // two moves": left brings the 2 below under the top-left 2, up merges them.
    assert_eq!(exact_merges(2, &[2, 4, 0, 2], 2)[0], 1);
    // "Blocks more than r cells apart cannot meet within r moves": a move
    // crosses the whole line.
    let far = [2, 0, 0, 0, 2]
        .iter()
        .chain(&[0; 20])
        .copied()
        .collect::<Vec<u64>>();
    assert_eq!(exact_merges(5, &far, 1)[0], 1);
    // "A block just made merges again in the next move only if a block of
    // its new value is in its row or column now": the 4 made top-left meets
    // the 4 from the row below, which was in neither.
    assert_eq!(exact_merges(3, &[2, 2, 0, 0, 0, 4, 0, 0, 0], 2)[0], 2);
    // All three are within the capacities (the nearest line neighbours
    // after each move are what counts).
    for (n, values, r) in [
        (2, &[2, 4, 0, 2][..], 2),
        (5, &far[..], 1),
        (3, &[2, 2, 0, 0, 0, 4, 0, 0, 0][..], 2),
    ] {
        let b = board(n, values);
        let exact = exact_merges(n, values, r);
        let l2 = merges::look_ahead_capacities(&b, 2, r);
        assert!(l2.iter().zip(&exact).all(|(c, e)| c >= e), "{values:?}");
    }
}

/// Boards of side 1..=5 with blocks 2..=16 and some empty cells: merges
/// within a few moves are common, so the capacities are tested where they
/// matter.
fn merging_board() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (1usize..=5).prop_flat_map(|n| {
        let cell = prop_oneof![1 => Just(0u64), 3 => (1u32..=4).prop_map(|e| 1u64 << e)];
        (Just(n), prop::collection::vec(cell, n * n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn merge_capacities_cover_the_exact_merges((n, values) in merging_board(), r in 0u32..=3) {
        let b = board(n, &values);
        let exact = exact_merges(n, &values, r);
        let l1 = merges::line_neighbour_capacities(&b.cells, n, r);
        prop_assert_eq!(&merges::look_ahead_capacities(&b, 1, r), &l1);
        let l2 = merges::look_ahead_capacities(&b, 2, r);
        let d3 = merges::look_ahead_capacities(&b, 3, r);
        for u in 0..n * n {
            prop_assert!(l1[u] >= exact[u], "L1 at cell {}: {} < {}", u, l1[u], exact[u]);
            prop_assert!(l2[u] >= exact[u], "L2 at cell {}: {} < {}", u, l2[u], exact[u]);
            prop_assert!(d3[u] >= exact[u], "D3 at cell {}: {} < {}", u, d3[u], exact[u]);
            prop_assert!(d3[u] <= l2[u] && l2[u] <= l1[u], "not nested at cell {}", u);
        }
        // Each is exact over the moves it looks at.
        match r {
            0 | 1 => prop_assert_eq!(&l1, &exact),
            2 => prop_assert_eq!(&l2, &exact),
            _ => prop_assert_eq!(&d3, &exact),
        }
    }

    #[test]
    fn merge_capacity_bounds_never_cut_a_reachable_block(
        (n, values) in merging_board(),
        r in 0u32..=3,
    ) {
        let b = board(n, &values);
        let truth = reference::answer(n, &values, r, None);
        let reached = if truth == 0 { 0 } else { truth.trailing_zeros() };
        let l1 = merges::line_neighbour_bound(&b.cells, n, r);
        prop_assert_eq!(
            l1,
            merges::capacity_bound(&b.cells, &merges::line_neighbour_capacities(&b.cells, n, r), r)
        );
        prop_assert_eq!(upper_exponent(&b, r), l1);
        let l2 = merges::capacity_bound(&b.cells, &merges::look_ahead_capacities(&b, 2, r), r);
        let d3 = merges::capacity_bound(&b.cells, &merges::look_ahead_capacities(&b, 3, r), r);
        let exact = merges::capacity_bound(&b.cells, &exact_merges(n, &values, r), r);
        prop_assert!(
            reached <= exact && exact <= d3 && d3 <= l2 && l2 <= l1,
            "{} {} {} {} {}", reached, exact, d3, l2, l1
        );
        prop_assert!(l1 <= merge_tree_bound(&b.cells, r));
    }

    #[test]
    fn merge_capacity_bounds_cut_nothing_the_look_at_the_children_keeps(
        (n, values) in merging_board(),
        r in 1u32..=4,
    ) {
        // Dk reads the boards of the next k - 1 moves; the search, once it
        // has built them, looks at their children's counts: every exponent
        // Dk rules out, the count of each board k moves on, with k moves
        // fewer, rules out too (a line that does nothing is a board kept).
        let b = board(n, &values);
        for k in 1..=r.min(3) {
            let dk = merges::capacity_bound(&b.cells, &merges::look_ahead_capacities(&b, k, r), r);
            let mut boards = vec![b.clone()];
            for _ in 0..k {
                boards = boards
                    .iter()
                    .flat_map(|x| Direction::ALL.map(|d| x.slide(d).unwrap_or_else(|| x.clone())))
                    .collect();
            }
            for after in &boards {
                prop_assert!(merge_tree_bound(&after.cells, r - k) <= dk, "D{}: {}", k, after);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The lemma docs/2048.md gives for a future pass that judges a child
    /// without building it: along the same axis, a move makes at most as
    /// many merges of `2^v` blocks as the move before made `2^v` blocks.
    #[test]
    fn along_one_axis_the_next_merges_need_blocks_just_made(
        (n, values) in merging_board(),
        first in 0usize..4,
        back in any::<bool>(),
    ) {
        let b = board(n, &values);
        let d = Direction::ALL[first];
        // The other move along the same axis, or the same one again.
        let again = Direction::ALL[first ^ usize::from(back)];
        let Some((child, made)) = b.slide_marked(d) else { return Ok(()) };
        let next = child.slide_marked(again).map_or_else(|| vec![false; n * n], |(_, m)| m);
        let grand = child.slide(again).unwrap_or_else(|| child.clone());
        for v in 1..=8u8 {
            let made_v = (0..n * n).filter(|&i| made[i] && child.cells[i] == v).count();
            let merges_v = (0..n * n).filter(|&i| next[i] && grand.cells[i] == v + 1).count();
            prop_assert!(merges_v <= made_v, "{:?} then {:?}, 2^{}: {} > {}", d, again, v, merges_v, made_v);
        }
    }
}

/// Each rule feature holds exactly where its restricted search or its
/// count of moves says so.
#[test]
fn features_are_the_facts_they_state() {
    use super::features::*;
    let of = |n, values: &[u64], k| {
        let rules = super::Game2048::new(k);
        let instance = Instance {
            board: Board::from_values(n, values).unwrap(),
        };
        crate::puzzles::Rules::features(&rules, &instance).unwrap()
    };
    // 2 4 / 4 .: right then down (or down then right) joins the 4s; up and
    // left change nothing. Both moves are needed; a third would not help.
    let f = of(2, &[2, 4, 4, 0], 2);
    assert_eq!(f, [NEEDS_RIGHT_OR_DOWN, NEEDS_ALL_MOVES]);
    // The same board mirrored needs no move right or down.
    assert_eq!(of(2, &[4, 2, 0, 4], 2), [NEEDS_ALL_MOVES]);
    // 2 2 / . 4 with one move: 4; a second would make 8.
    assert_eq!(of(2, &[2, 2, 0, 4], 1), [ONE_MORE_HELPS]);
    // Left, left, up: the 32 needs a move twice in a row; the third row
    // holds 8 . 8 8.
    let b = [0, 0, 0, 0, 2, 0, 0, 0, 8, 0, 8, 8, 8, 0, 4, 4];
    let f = of(4, &b, 3);
    assert!(f.contains(&NEEDS_REPEAT), "{f:?}");
    assert!(f.contains(&THREE_EQUAL), "{f:?}");
    assert!(!f.contains(&NEEDS_RIGHT_OR_DOWN), "{f:?}");
    // Three equal blocks down a column, with gaps, count; two do not.
    assert!(of(3, &[2, 0, 0, 4, 0, 0, 2, 0, 0], 0).is_empty());
    let three = of(3, &[2, 0, 0, 2, 0, 0, 2, 0, 0], 0);
    assert_eq!(three, [ONE_MORE_HELPS, THREE_EQUAL]);
}

/// The two-move look as the search takes it: the counts of the board after
/// move `mv` of `b` above the search's threshold, then [`ahead::rules_out`].
fn two_ahead(b: &Board, mv: usize, remaining: u32, target: u32) -> bool {
    let low = target.saturating_sub(remaining + 1).min(255) as u8;
    let (horizontal, vertical) = counts_after_moves_above(&b.cells, b.n, low);
    let mut scratch = lanes::Scratch::new();
    let (steps, counts) = if mv < 2 {
        (lanes::columns(&b.cells, b.n, &mut scratch), vertical)
    } else {
        (lanes::rows(&b.cells, b.n, &mut scratch), horizontal)
    };
    ahead::rules_out(&steps, &counts, b.max_exponent(), remaining, target)[mv % 2]
}

/// The same question asked of built boards: after move `mv` and then each
/// of the four moves (a move that changes nothing keeps the board), the
/// blocks the merge-tree count with `remaining - 1` moves adds up for
/// `2^target` (those of `2^(target - remaining + 1)` and up) fall short.
fn two_ahead_built(b: &Board, mv: usize, remaining: u32, target: u32) -> bool {
    let first = b.slide(Direction::ALL[mv]).unwrap_or_else(|| b.clone());
    let from = target + 1 - remaining;
    Direction::ALL.iter().all(|&d| {
        let after = first.slide(d).unwrap_or_else(|| first.clone());
        let mass: u128 = after
            .cells
            .iter()
            .filter(|&&e| u32::from(e) >= from)
            .map(|&e| value_of(e))
            .sum();
        mass < 1u128 << target
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The look without the boards equals the count on the built boards
    /// two moves on, wherever it judges (a target at least `remaining + 1`,
    /// so the blocks just below the counted ones are blocks).
    #[test]
    fn two_move_look_equals_the_count_on_built_boards(
        (n, values) in merging_board(),
        mv in 0usize..4,
        remaining in 1u32..=4,
        above in 0u32..=5,
    ) {
        let b = board(n, &values);
        let target = u32::from(b.max_exponent()) + above;
        let fast = two_ahead(&b, mv, remaining, target);
        if target > remaining {
            prop_assert_eq!(fast, two_ahead_built(&b, mv, remaining, target));
        } else {
            prop_assert!(!fast);
        }
    }

    /// The same on boards of every size up to 64×64, rows straddling the
    /// lanes of the walk.
    #[test]
    fn two_move_look_equals_the_count_on_boards_of_any_size(
        n in 1usize..=64,
        seed in any::<u64>(),
        mv in 0usize..4,
        remaining in 1u32..=4,
        above in 0u32..=4,
    ) {
        let b = Board::from_exponents(n, random_cells(n, seed));
        let target = u32::from(b.max_exponent()) + above;
        if target > remaining && target <= 120 {
            prop_assert_eq!(two_ahead(&b, mv, remaining, target), two_ahead_built(&b, mv, remaining, target));
        }
    }

    /// The SSE2 walk finds what the plain lane loops find, on boards of
    /// every size (the last chunk of lanes overlapping the one before).
    #[test]
    fn the_lane_walk_equals_the_plain_loops(
        n in 1usize..=64,
        seed in any::<u64>(),
        level in 1u8..=12,
        towards_end in any::<bool>(),
    ) {
        let cells = random_cells(n, seed);
        let mut scratch = lanes::Scratch::new();
        prop_assert!(walk::walks_agree(&lanes::columns(&cells, n, &mut scratch), towards_end, level));
        let mut scratch = lanes::Scratch::new();
        prop_assert!(walk::walks_agree(&lanes::rows(&cells, n, &mut scratch), towards_end, level));
    }

    /// The walks of all four moves taken together (both axes in one loop;
    /// on 17 to 20 lines a side, the last lines of both axes in one
    /// register) find what the plain lane loops find, on boards of every
    /// size.
    #[test]
    fn the_walks_of_all_four_moves_equal_the_plain_loops(
        n in 1usize..=64,
        seed in any::<u64>(),
        level in 1u8..=12,
    ) {
        let cells = random_cells(n, seed);
        prop_assert!(walk::all_walks_agree(&cells, n, level));
    }

    /// The same on 17 to 20 lines a side, where the lanes are laid out apart.
    #[test]
    fn the_walks_of_all_four_moves_equal_the_plain_loops_from_17_to_20(
        n in 17usize..=20,
        seed in any::<u64>(),
        level in 1u8..=12,
    ) {
        let cells = random_cells(n, seed);
        prop_assert!(walk::all_walks_agree(&cells, n, level));
    }

    /// The look with its walks first, the counts only where a child is
    /// left, decides as the counts followed by the look do.
    #[test]
    fn the_walks_first_decide_as_the_counts_then_the_look(
        (n, values) in merging_board(),
        remaining in 0u32..=4,
        above in 0u32..=5,
        below in 0u32..=2,
    ) {
        let b = board(n, &values);
        let floor = (u32::from(b.max_exponent()) + above).saturating_sub(below + 1);
        prop_assert!(walks_first_agree(&b, remaining, floor));
    }

    /// The same on boards of every size up to 64×64.
    #[test]
    fn the_walks_first_decide_as_the_counts_then_the_look_at_any_size(
        n in 1usize..=64,
        seed in any::<u64>(),
        remaining in 1u32..=5,
        above in 0u32..=4,
    ) {
        let b = Board::from_exponents(n, random_cells(n, seed));
        let floor = (u32::from(b.max_exponent()) + above).saturating_sub(1);
        prop_assert!(walks_first_agree(&b, remaining, floor));
    }

    /// Never below the truth: a block the plain search makes within
    /// `remaining` moves after move `mv` is never ruled out, whatever the
    /// target up to it (targets above it up to `remaining` more are
    /// checked by the equality above).
    #[test]
    fn two_move_look_never_rules_out_a_reachable_block(
        (n, values) in merging_board(),
        mv in 0usize..4,
        remaining in 1u32..=4,
    ) {
        let b = board(n, &values);
        let first = b.slide(Direction::ALL[mv]).unwrap_or_else(|| b.clone());
        let firsts: Vec<u64> = first.cells.iter().map(|&e| value_of(e) as u64).collect();
        let truth = reference::answer(n, &firsts, remaining, None);
        let best = if truth == 0 { 0 } else { truth.trailing_zeros() };
        for target in 1..=best {
            prop_assert!(!two_ahead(&b, mv, remaining, target), "2^{} is made", target);
        }
        for target in best + 1..=best + remaining {
            if two_ahead(&b, mv, remaining, target) {
                prop_assert!(truth < 1u128 << target);
            }
        }
    }
}
