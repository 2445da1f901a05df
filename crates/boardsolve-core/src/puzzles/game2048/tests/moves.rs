//! The moves: merges, directions, and the SSE2, AVX-512 and lane walks
//! against the plain move.

use super::*;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

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
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

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
}
