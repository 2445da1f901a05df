//! The bounds that cut the search: never below the truth, the counts
//! of blocks after a move, and the merge capacities.

use super::*;

#[test]
fn bound_is_never_below_the_truth() {
    let b = board(3, &[2, 2, 2, 4, 4, 4, 8, 8, 8]);
    for k in 0..6 {
        let truth = answer(&b, k);
        assert!(value_of(merge_tree_bound(&b.cells, k) as u8) >= truth);
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

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
