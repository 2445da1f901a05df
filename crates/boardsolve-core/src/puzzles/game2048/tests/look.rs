//! The two-move look: equal to the count on the built boards, and the
//! walks that decide first as the counts, then the look.

use super::*;

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
