//! The mistake catalogue, the shrinking of a failing case, the features
//! the diagnosis reads, and the text read and shown.

use super::*;

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

/// The reference's answer in 5 moves (12100's K) with `mistake`.
fn answer5(n: usize, values: &[u64], mistake: Option<reference::Mistake>) -> u128 {
    reference::answer(n, values, 5, mistake)
}

/// Each of `mistakes` answers the board otherwise than the truth.
fn differs(n: usize, values: &[u64], mistakes: &[reference::Mistake]) {
    for &m in mistakes {
        let (truth, wrong) = (answer5(n, values, None), answer5(n, values, Some(m)));
        assert_ne!(truth, wrong, "{m:?} on {values:?}");
    }
}

/// Each of `mistakes` answers the board as the truth does.
fn agrees(n: usize, values: &[u64], mistakes: &[reference::Mistake]) {
    for &m in mistakes {
        let (truth, wrong) = (answer5(n, values, None), answer5(n, values, Some(m)));
        assert_eq!(wrong, truth, "{m:?} on {values:?}");
    }
}

// Each mistake made at a decision point of the reference (which
// directions are tried, the cell formula, where the largest block is
// read, when a move is repeated, the merge flag) differs from the truth
// on the case `gen 12100 --seed 2 --killers` keeps for it (K = 5), and
// agrees with it where the change cannot matter: one test a point.

#[test]
fn a_direction_never_made_or_read_from_its_first_line_differs_on_its_killer() {
    use reference::Mistake::*;
    differs(
        3,
        &[0, 0, 4, 2, 2, 8, 8, 4, 4],
        &[LeftNeverMade, LeftMovesTopRowOnly],
    );
    differs(
        3,
        &[0, 0, 2, 8, 8, 2, 2, 8, 8],
        &[UpNeverMade, UpMovesLeftColumnOnly],
    );
    differs(
        3,
        &[0, 0, 2, 8, 8, 8, 2, 8, 0],
        &[RightNeverMade, RightMovesTopRowOnly],
    );
    differs(
        3,
        &[4, 4, 4, 8, 8, 8, 2, 0, 2],
        &[DownNeverMade, DownMovesLeftColumnOnly],
    );
    // 2 2 in the top row: left or right makes 4, up and down change nothing.
    let directions = [
        UpNeverMade,
        DownNeverMade,
        LeftNeverMade,
        RightNeverMade,
        UpMovesLeftColumnOnly,
        DownMovesLeftColumnOnly,
        LeftMovesTopRowOnly,
        RightMovesTopRowOnly,
    ];
    agrees(2, &[2, 2, 0, 0], &directions);
    // A move left on the top row only, the rest cleared.
    let b = [2, 2, 0, 4, 4, 0, 0, 0, 0];
    assert_eq!(
        reference::slide(3, &b, 2, Some(LeftMovesTopRowOnly)),
        [4, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        reference::slide(3, &b, 0, Some(UpMovesLeftColumnOnly)),
        [2, 0, 0, 4, 0, 0, 0, 0, 0]
    );
}

#[test]
fn the_largest_block_read_from_part_of_the_board_differs_on_its_killer() {
    use reference::Mistake::*;
    // A single block: nothing to merge, wherever it is read.
    differs(1, &[2], &[LargestMissesLastRow, LargestMissesLastColumn]);
    // 2 . / . 4: the 2 stays between the 4 and the first cell.
    differs(2, &[2, 0, 0, 4], &[LargestInFirstCell]);
    // 2 2 / 4 4: the 8 is made in the bottom row, under a full column.
    differs(2, &[2, 2, 4, 4], &[LargestInTopRow]);
    differs(
        3,
        &[2, 4, 2, 2, 4, 4, 8, 0, 8],
        &[LargestInTopTwoRows, LargestInTopRow],
    );
    let largest = [
        LargestInFirstCell,
        LargestInTopRow,
        LargestInTopTwoRows,
        LargestMissesLastRow,
        LargestMissesLastColumn,
    ];
    // The largest block in the first cell, where no move can beat it.
    agrees(2, &[8, 0, 0, 2], &largest);
}

#[test]
fn a_repeat_pruned_or_a_merge_across_a_gap_differs_on_its_killer() {
    use reference::Mistake::*;
    differs(
        4,
        &[2, 2, 4, 4, 0, 0, 0, 4, 2, 0, 0, 4, 2, 2, 4, 4],
        &[NoRepeatIfMergedEqualsNext, NoRepeatMove],
    );
    // 4 2 2 left gives 4 4: the merged 4 equals the block before it, so
    // the second left is made and makes 8, which no-repeat-move forbids
    // (right then makes 8 all the same).
    agrees(
        3,
        &[4, 2, 2, 0, 0, 0, 0, 0, 0],
        &[NoRepeatIfMergedEqualsNext],
    );
    differs(
        4,
        &[0, 4, 2, 8, 2, 4, 0, 0, 0, 0, 0, 0, 0, 8, 4, 2],
        &[MergeAgainAcrossGap],
    );
    agrees(3, &[2, 2, 4, 0, 0, 0, 0, 0, 0], &[MergeAgainAcrossGap]);
    let left = |row: &[u64], mistake| {
        let n = row.len();
        let mut values = row.to_vec();
        values.resize(n * n, 0);
        reference::slide(n, &values, 2, mistake)[..n].to_vec()
    };
    assert_eq!(left(&[2, 2, 0, 4], Some(MergeAgainAcrossGap)), [8, 0, 0, 0]);
    assert_eq!(left(&[2, 2, 4, 0], Some(MergeAgainAcrossGap)), [4, 4, 0, 0]);
    assert_eq!(left(&[2, 0, 2, 0], Some(MergeAgainAcrossGap)), [4, 0, 0, 0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The decision-point mistakes that only lose lines of play or read
    /// part of the board never answer more than the truth, and each
    /// answers at least as much as the coarser mistake of its kind.
    #[test]
    fn decision_point_mistakes_only_lose_what_they_say((n, values) in small_board(), k in 0u32..=4) {
        use reference::Mistake::*;
        let answer = |mistake| reference::answer(n, &values, k, mistake);
        let truth = answer(None);
        let at_most = |lower: reference::Mistake, upper: Option<reference::Mistake>| {
            let (low, high) = (answer(Some(lower)), upper.map_or(truth, |u| answer(Some(u))));
            prop_assert!(low <= high, "{:?} {} above {:?} {}", lower, low, upper, high);
            Ok(())
        };
        for (never, first_only) in [
            (UpNeverMade, UpMovesLeftColumnOnly),
            (DownNeverMade, DownMovesLeftColumnOnly),
            (LeftNeverMade, LeftMovesTopRowOnly),
            (RightNeverMade, RightMovesTopRowOnly),
        ] {
            at_most(never, Some(first_only))?;
            at_most(first_only, None)?;
        }
        at_most(LeftUpOnly, Some(RightNeverMade))?;
        at_most(LeftUpOnly, Some(DownNeverMade))?;
        at_most(LargestInFirstCell, Some(LargestInTopRow))?;
        at_most(LargestInTopRow, Some(LargestInTopTwoRows))?;
        at_most(LargestInTopTwoRows, None)?;
        at_most(LargestMissesLastRow, None)?;
        at_most(LargestMissesLastColumn, None)?;
        at_most(NoRepeatMove, Some(NoRepeatIfMergedEqualsNext))?;
        at_most(NoRepeatIfMergedEqualsNext, None)?;
    }
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
