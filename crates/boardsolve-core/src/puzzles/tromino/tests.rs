//! Unit and property tests of the tromino module.

use super::*;
use crate::puzzles::Text;
use crate::puzzles::error::Error;
use crate::puzzles::{Puzzle, SolveOptions, TROMINO};
use crate::text::Verdict;
use proptest::prelude::*;

fn text(n: usize, row: usize, col: usize) -> Vec<u8> {
    let mut out = Vec::new();
    order::write_placement_order(n, row, col, b"0", &mut out).unwrap();
    out
}

/// The plain simulation's answer.
fn reference_text(n: usize, row: usize, col: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let i = instance(n as u32, row as u32, col as u32);
    reference::answer(&i, Format::Plain, None, &mut out).unwrap();
    out
}

fn instance(n: u32, row: u32, col: u32) -> Instance {
    Instance { n, row, col }
}

const PLAIN: Tromino = Tromino::new(Format::Plain);
const BOJ: Tromino = Tromino::new(Format::Boj);

fn parse(input: &[u8]) -> Result<Instance, crate::text::InputError> {
    PLAIN.parse(input)
}

/// The tiling as judge text in the plain format.
fn answer_text(i: &Instance) -> Vec<u8> {
    let mut out = Vec::new();
    answer(i, Format::Plain, &mut out).unwrap();
    out
}

#[test]
fn spec_samples() {
    assert_eq!(text(2, 0, 0), b"0 1\n1 1\n");
    assert_eq!(text(4, 0, 0), b"0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n");
    let eight = "3 3 4 4 8 8 9 9\n3 2 0 4 8 7 7 9\n5 2 2 6 10 10 7 11\n5 5 6 6 1 10 11 11\n\
                 13 13 14 1 1 18 19 19\n13 12 14 14 18 18 17 19\n15 12 12 16 20 17 17 21\n\
                 15 15 16 16 20 20 21 21\n";
    assert_eq!(String::from_utf8(text(8, 1, 2)).unwrap(), eight);
    assert_eq!(text(1, 0, 0), b"0\n");
}

/// Calls `f(n, row, col)` for every hole of every power-of-two side up to
/// `2^max_k`.
fn every_hole(max_k: u32, mut f: impl FnMut(usize, usize, usize)) {
    for k in 0..=max_k {
        let n = 1usize << k;
        for row in 0..n {
            for col in 0..n {
                f(n, row, col);
            }
        }
    }
}

#[test]
fn streamed_in_memory_arithmetic_and_reference_agree_on_every_hole_up_to_32() {
    every_hole(5, |n, row, col| {
        let memory = order::placement_order(n, row, col);
        let mut from_memory = Vec::new();
        order::write_labels(&memory, n, b"0", &mut from_memory).unwrap();
        let streamed = text(n, row, col);
        assert_eq!(streamed, from_memory, "{n} {row} {col}");
        assert_eq!(streamed, reference_text(n, row, col), "{n} {row} {col}");
        for (k, &label) in memory.iter().enumerate() {
            assert_eq!(order::label_at(n, row, col, k / n, k % n), label);
        }
    });
}

#[test]
fn streamed_equals_in_memory_up_to_512() {
    for n in [64usize, 128, 256, 512] {
        for (row, col) in [
            (0, 0),
            (n - 1, n - 1),
            (n / 2, n / 2 - 1),
            (n / 3, 2 * n / 3 + 1),
        ] {
            let mut from_memory = Vec::new();
            order::write_labels(
                &order::placement_order(n, row, col),
                n,
                b"0",
                &mut from_memory,
            )
            .unwrap();
            assert!(text(n, row, col) == from_memory, "{n} {row} {col}");
        }
    }
}

#[test]
fn every_power_of_two_hole_up_to_64_passes_the_ordered_check() {
    every_hole(6, |n, row, col| {
        let i = instance(n as u32, row as u32, col as u32);
        let out = text(n, row, col);
        assert_eq!(
            check_output(&i, &out, Format::Plain, true),
            Verdict::Correct
        );
    });
}

#[test]
fn every_side_up_to_40_and_every_hole_tiles_or_is_refused() {
    for n in 1..=40u32 {
        for row in 0..n {
            for col in 0..n {
                let parsed = parse(format!("{n} {row} {col}").as_bytes());
                let expected_ok = n % 3 != 0 && !(n == 5 && (row % 2 == 1 || col % 2 == 1));
                assert_eq!(parsed.is_ok(), expected_ok, "{n} {row} {col}");
                let Ok(i) = parsed else { continue };
                let out = answer_text(&i);
                let order = n.is_power_of_two();
                assert_eq!(
                    check_output(&i, &out, Format::Plain, order),
                    Verdict::Correct,
                    "{n} {row} {col}"
                );
                // Labels are exactly 1..=T: the construction numbers every tromino once.
                let labels = tiling(&i);
                let t = order::tile_count(u64::from(n)) as u32;
                assert_eq!(labels.iter().copied().max().unwrap_or(0), t);
            }
        }
    }
}

#[test]
fn five_by_five_holes_match_exhaustive_search() {
    for row in 0..5 {
        for col in 0..5 {
            let ok = general::tileability(5, row, col).is_ok();
            assert_eq!(ok, reference::tileable(5, row, col), "{row} {col}");
            assert_eq!(ok, row % 2 == 0 && col % 2 == 0);
        }
    }
    // Sizes with 3 | n are refused, and the search agrees for the small ones.
    for n in [3usize, 6] {
        assert!(general::tileability(n, 0, 0).is_err());
        assert!(!reference::tileable(n, 0, 0));
    }
}

#[test]
fn large_general_sides_check() {
    for (n, row, col) in [(97u32, 50, 3), (100, 99, 0), (127, 63, 64), (200, 7, 190)] {
        let i = instance(n, row, col);
        let out = answer_text(&i);
        assert_eq!(
            check_output(&i, &out, Format::Plain, false),
            Verdict::Correct
        );
    }
}

#[test]
fn checker_names_the_first_offending_cell() {
    let i = instance(4, 0, 0);
    let good = "0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n";
    let wrong =
        |out: &str, order: bool| match check_output(&i, out.as_bytes(), Format::Plain, order) {
            Verdict::Wrong(reason) => reason,
            Verdict::Correct => panic!("{out:?} accepted"),
        };
    assert_eq!(
        check_output(&i, good.as_bytes(), Format::Plain, true),
        Verdict::Correct
    );
    // Renumbering keeps a valid tiling but breaks the order.
    let renumbered = good.replace('4', "9");
    assert_eq!(
        check_output(&i, renumbered.as_bytes(), Format::Plain, false),
        Verdict::Correct
    );
    assert!(wrong(&renumbered, true).contains("row 2, column 0"));
    // Any spacing and line ends: the numbers in row-major order count.
    for layout in [
        good.replace('\n', " "),
        good.replace('\n', "\r\n"),
        format!("\n\n{}\n\n", good.replace('\n', "\n\n\t")),
        "0 2 3 3\n2 2 1\n3 4 1 1 5\n4 4 5 5".to_string(),
    ] {
        assert_eq!(
            check_output(&i, layout.as_bytes(), Format::Plain, true),
            Verdict::Correct,
            "{layout:?}"
        );
    }
    assert_eq!(
        wrong("0 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5 5\n", false),
        "4:9: unexpected extra output \"5\" after the 4×4 = 16 numbers"
    );
    assert_eq!(
        wrong("0 2 3 3 2 2 1 3 4 1 1 5 4 4 5", false),
        "the output ends after 15 numbers at 1:30; expected 4×4 = 16"
    );
    assert!(wrong("0 2 3 x\n2 2 1 3\n4 1 1 5\n4 4 5 5\n", false).contains("1:7"));
    assert!(wrong("1 2 3 3\n2 2 1 3\n4 1 1 5\n4 4 5 5\n", false).contains("the hole at row 0"));
    assert!(wrong("0 2 3 3\n2 2 1 3\n4 1 0 5\n4 4 5 5\n", false).contains("row 2, column 2"));
    // Tile 1 with four cells, and tile 4 as a straight line.
    assert!(wrong("0 2 3 3\n2 2 1 3\n4 1 1 1\n4 4 5 5\n", false).contains("covers 4 cells"));
    assert!(wrong("0 2 3 3\n2 2 1 3\n4 1 1 5\n4 5 5 4\n", false).contains("not an L"));
    // Huge labels are fine when they tile.
    let huge = good.replace('5', "123456789012");
    assert_eq!(
        check_output(&i, huge.as_bytes(), Format::Plain, false),
        Verdict::Correct
    );
}

#[test]
fn boj_tile_numbers_are_1_to_19000_one_a_tile() {
    let two = instance(2, 0, 0);
    let wrong = |i: &Instance, out: &str| match check_output(i, out.as_bytes(), Format::Boj, false)
    {
        Verdict::Wrong(reason) => reason,
        Verdict::Correct => panic!("{out:?} accepted"),
    };
    // A tromino never placed: its three cells left 0, an L all the same.
    assert_eq!(
        wrong(&two, "-1 0\n0 0\n"),
        "cells (0,1) (1,0) (1,1) are labelled 0: labels are 1..19000 (cells as (row,column), 0-based from the top left; the first at output 1:4)"
    );
    assert_eq!(
        check_output(&two, b"-1 19000\n19000 19000\n", Format::Boj, false),
        Verdict::Correct
    );
    assert!(
        wrong(&two, "-1 19001\n19001 19001\n")
            .starts_with("cells (0,1) (1,0) (1,1) are labelled 19001: labels are 1..19000")
    );
    // The own format bounds nothing (its hole is 0, so 0 is never a tile).
    assert_eq!(
        check_output(&two, b"0 19001\n19001 19001\n", Format::Plain, false),
        Verdict::Correct
    );
    let four = instance(4, 0, 0);
    // One number on four cells, and one on two separate Ls.
    assert!(
        wrong(&four, "-1 2 3 3\n2 2 1 3\n4 1 1 1\n4 4 5 5\n")
            .contains("tile 1 at row 1, column 2 (0-based; output 2:5) covers 4 cells, not 3")
    );
    let two_ls = wrong(&four, "-1 2 3 3\n2 2 1 3\n2 1 1 3\n2 2 3 3\n");
    assert!(
        two_ls.contains("tile 2 at row 0, column 1") && two_ls.contains("covers 6 cells"),
        "{two_ls}"
    );
    // Many cells: the first eight are listed.
    let zeros = "-1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    assert!(wrong(&four, zeros).starts_with(
        "cells (0,1) (0,2) (0,3) (1,0) (1,1) (1,2) (1,3) (2,0) and 7 more are labelled 0"
    ));
    // Past 19000 trominoes (K = 8, beyond both judges) the bound is their count.
    let big = instance(256, 5, 7);
    let mut out = Vec::new();
    answer(&big, Format::Boj, &mut out).unwrap();
    assert_eq!(
        check_output(&big, &out, Format::Boj, true),
        Verdict::Correct
    );
}

#[test]
fn boj_format_round_trips_and_prints_minus_one() {
    let i = BOJ.parse(b"3\n3 6\n").unwrap();
    assert_eq!((i.n, i.row, i.col), (8, 2, 2));
    assert_eq!(BOJ.parse(BOJ.to_text(&i).as_bytes()).unwrap(), i);
    let mut out = Vec::new();
    answer(&i, Format::Boj, &mut out).unwrap();
    assert_eq!(check_output(&i, &out, Format::Boj, true), Verdict::Correct);
    assert!(BOJ.parse(b"0\n1 1").is_err());
    assert!(BOJ.parse(b"2\n5 1").is_err());
    assert!(BOJ.parse(b"2\n1 0").is_err());
}

#[test]
fn parse_errors_name_the_place() {
    let err = |s: &str| parse(s.as_bytes()).unwrap_err().to_string();
    assert_eq!(
        err(""),
        "1:1: expected the board side n, found end of input"
    );
    assert_eq!(
        err("0 0 0"),
        "1:1: expected the board side n from 1 to 65536, found 0"
    );
    assert_eq!(
        err("8 8 0"),
        "1:3: expected the hole's row from 0 to 7, found 8"
    );
    assert_eq!(
        err("8 1"),
        "1:4: expected the hole's column, found end of input"
    );
    assert_eq!(
        err("8 1 2 3"),
        "1:7: unexpected extra input \"3\" after the hole's column"
    );
    assert!(err("4099 0 0").contains("limit of 4096"));
    assert!(err("12 0 0").starts_with("1:1: a 12×12 board with one hole cannot be tiled"));
    assert!(err("5\n1 0").starts_with("2:1: a 5×5 board with its hole at row 1, column 0"));
}

/// The SVG picture of `input`, with the judge's answer written beside it.
fn svg_of(input: &[u8]) -> Result<String, Error> {
    let mut picture = None;
    let mut answer = Vec::new();
    TROMINO.solve_drawing(
        input,
        &SolveOptions::default(),
        &[crate::puzzles::Drawing::Svg],
        &mut |_, text| {
            picture = Some(text);
            Ok(())
        },
        &mut answer,
    )?;
    assert!(!answer.is_empty(), "the answer follows the picture");
    Ok(picture.expect("the picture was made"))
}

#[test]
fn svg_has_the_pieces() {
    let picture = svg_of(b"4 0 0").unwrap();
    assert!(picture.starts_with("<svg"));
    assert_eq!(picture.matches("<rect").count(), 16);
    assert_eq!(picture.matches("<text").count(), 5);
    assert!(picture.contains("#222222"));
    assert!(svg_of(b"512 0 0").is_err());
}

#[test]
fn without_a_mistake_the_simulation_is_the_placement_order() {
    for n in [1, 2, 4, 8, 16] {
        for (row, col) in [(0, 0), (n - 1, 0), (n / 2, n / 2), (n - 1, n - 1)] {
            let mut real = Vec::new();
            order::write_labels(&order::placement_order(n, row, col), n, b"0", &mut real).unwrap();
            assert_eq!(
                reference_text(n, row, col),
                real,
                "n {n} hole ({row}, {col})"
            );
        }
    }
}

#[test]
fn order_mistakes_give_valid_tilings_in_another_order() {
    use reference::Mistake::{CentreLast, ClockwiseQuadrants};
    for mistake in [ClockwiseQuadrants, CentreLast] {
        for n in [4u32, 8] {
            for (row, col) in [(0, 0), (3, 1), (n - 1, n - 2)] {
                let i = instance(n, row, col);
                let mut out = Vec::new();
                reference::answer(&i, Format::Plain, Some(mistake), &mut out).unwrap();
                assert_eq!(
                    check_output(&i, &out, Format::Plain, false),
                    Verdict::Correct
                );
                assert_ne!(
                    check_output(&i, &out, Format::Plain, true),
                    Verdict::Correct
                );
            }
        }
    }
}

/// The mistaken reference's answer to `i` in `format`.
fn mistaken(i: &Instance, format: Format, mistake: reference::Mistake) -> String {
    let mut out = Vec::new();
    reference::answer(i, format, Some(mistake), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn rule_mistakes_give_answers_the_boj_judge_refuses() {
    use reference::Mistake::*;
    // BOJ: K = 1 with x = 1, y = 2 is the hole at the top left, and so on.
    let cases = [
        // y = 2 taken from the top: the bottom-left cell.
        (YFromTop, instance(2, 0, 0), "1 1\n-1 1\n"),
        // x = 1, y = 2 read as x = 2, y = 1: the bottom-right cell.
        (XySwapped, instance(2, 0, 0), "1 1\n1 -1\n"),
        // x = 1, y = 2 as row 0, column 1: the top-right cell.
        (XAsRow, instance(2, 0, 0), "1 -1\n1 1\n"),
        (LabelsFromZero, instance(2, 0, 0), "-1 0\n0 0\n"),
        (
            LabelsFromZero,
            instance(4, 0, 0),
            "-1 1 2 2\n1 1 0 2\n3 0 0 4\n3 3 4 4\n",
        ),
        (StopsAtTwo, instance(2, 0, 0), "-1 0\n0 0\n"),
        (
            StopsAtTwo,
            instance(4, 0, 0),
            "-1 0 0 0\n0 0 1 0\n0 1 1 0\n0 0 0 0\n",
        ),
        // A hole at the bottom right is taken for one at the top left: the
        // tromino covers it and leaves the top left empty.
        (QuadrantOffByOne, instance(2, 1, 1), "0 1\n1 1\n"),
        (
            LabelsByDepth,
            instance(4, 0, 0),
            "-1 2 2 2\n2 2 1 2\n2 1 1 2\n2 2 2 2\n",
        ),
        (HoleUnmarked, instance(2, 0, 0), "0 1\n1 1\n"),
        // The hole at the bottom right (x = 2, y = 1), marked at the top
        // right or the bottom left, which the centre tromino then covers.
        (HoleMarkRowDropped, instance(2, 1, 1), "1 1\n1 0\n"),
        (HoleMarkColumnDropped, instance(2, 1, 1), "1 1\n1 0\n"),
    ];
    for (mistake, i, want) in cases {
        let got = mistaken(&i, Format::Boj, mistake);
        assert_eq!(got, want, "{mistake:?} on {i:?}");
        assert!(
            matches!(
                check_output(&i, got.as_bytes(), Format::Boj, false),
                Verdict::Wrong(_)
            ),
            "{mistake:?} on {i:?}"
        );
    }
    // Each changes the answer, except where the rule it breaks does not
    // come up: a hole off the middle rows and columns at every level, a
    // hole on the diagonal x = y, a single tromino by depth, and the own
    // format's hole, which is 0 anyway.
    let right = |i: &Instance, format| {
        let mut out = Vec::new();
        reference::answer(i, format, None, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let same = |mistake, i: Instance, format| mistaken(&i, format, mistake) == right(&i, format);
    assert!(same(QuadrantOffByOne, instance(2, 0, 0), Format::Boj));
    assert!(same(XySwapped, instance(4, 3, 0), Format::Boj));
    assert!(same(XySwapped, instance(4, 2, 2), Format::Plain));
    assert!(same(LabelsByDepth, instance(2, 1, 0), Format::Boj));
    assert!(same(HoleUnmarked, instance(8, 3, 5), Format::Plain));
    assert!(same(HoleMarkRowDropped, instance(4, 0, 3), Format::Boj));
    assert!(same(HoleMarkColumnDropped, instance(4, 3, 0), Format::Boj));
    assert!(same(HoleMarkRowDropped, instance(8, 3, 5), Format::Plain));
    assert!(same(
        HoleMarkColumnDropped,
        instance(8, 3, 5),
        Format::Plain
    ));
    assert!(!same(YFromTop, instance(8, 3, 5), Format::Plain));
}

#[test]
fn the_reference_refuses_sides_that_are_not_powers_of_two() {
    let mut out = Vec::new();
    let refused = reference::answer(&instance(5, 0, 0), Format::Plain, None, &mut out);
    assert!(matches!(refused, Err(Error::Refused(_))));
}

#[test]
fn shrinking_keeps_instances_the_format_can_write() {
    let smaller: Vec<Instance> = shrink(&instance(2, 1, 1), Format::Boj).collect();
    assert_eq!(smaller, [instance(2, 0, 1), instance(2, 1, 0)]);
    let smaller: Vec<Instance> = shrink(&instance(2, 1, 1), Format::Plain).collect();
    assert_eq!(smaller[0], instance(1, 0, 0));
    // 5 1 2 and 5 2 1 cannot be tiled.
    let smaller: Vec<Instance> = shrink(&instance(5, 2, 2), Format::Plain).collect();
    assert_eq!(smaller, []);
}

#[test]
fn largest_cases_and_the_sizes_drawn() {
    use crate::puzzles::{Ask, GenOptions, Generate, Limits};
    use rand::SeedableRng;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(3);
    let k7 = Limits::TrominoK { max_k: 7 };
    let largest = GenOptions {
        largest: true,
        ..GenOptions::default()
    };
    for _ in 0..20 {
        assert_eq!(
            BOJ.generate(&mut rng, Ask::within(&largest, Some(&k7)))
                .unwrap()
                .n,
            128
        );
        assert_eq!(
            PLAIN.generate(&mut rng, Ask::own(&largest)).unwrap().n,
            1024
        );
    }
    // An explicit side wins over the largest.
    let eight = GenOptions {
        n: Some(8),
        largest: true,
        ..GenOptions::default()
    };
    assert_eq!(
        BOJ.generate(&mut rng, Ask::within(&eight, Some(&k7)))
            .unwrap()
            .n,
        8
    );
    assert_eq!(
        BOJ.sizes_drawn(Ask::within(&GenOptions::default(), Some(&k7))),
        "K 1..7, at the largest K = 7, holes uniform, a quarter on quadrant borders and corners"
    );
    let hard = GenOptions {
        hard: true,
        ..GenOptions::default()
    };
    assert_eq!(
        PLAIN.sizes_drawn(Ask::own(&hard)),
        "n a power of two from 1 to 16, at the largest n = 1024, holes on quadrant borders and corners"
    );
    assert_eq!(
        BOJ.sizes_drawn(Ask::within(&eight, Some(&k7))),
        "n = 8, holes uniform, a quarter on quadrant borders and corners"
    );
}

#[test]
fn features_are_the_facts_of_the_hole() {
    let of = |n, row, col, format| features(&instance(n, row, col), format);
    assert_eq!(
        of(4, 0, 0, Format::Boj),
        [
            "the board is larger than 2×2",
            "the hole is in a corner of the board",
            "the hole is on an edge of the board",
            "x and y differ",
            "the hole is in a corner of its quadrant",
            "the hole is in the top-left quadrant",
            "the hole is in the top half",
            "the hole is in the left half",
        ]
    );
    // x = y = 1: the bottom-left corner; the own format's row = column.
    assert!(!of(4, 3, 0, Format::Boj).contains(&"x and y differ"));
    assert!(of(4, 3, 0, Format::Plain).contains(&"the hole's row and column differ"));
    assert!(!of(4, 2, 2, Format::Plain).contains(&"the hole's row and column differ"));
    assert_eq!(
        of(16, 8, 5, Format::Plain),
        [
            "the board is larger than 2×2",
            "the hole's row and column differ",
            "the hole is on the border between quadrants",
            "the hole is in the bottom-left quadrant",
            "the hole is in the bottom half",
            "the hole is in the left half",
        ]
    );
    let centre = of(16, 7, 8, Format::Plain);
    assert!(centre.contains(&"the hole is next to the centre"));
    assert!(centre.contains(&"the hole is in a corner of its quadrant"));
    assert!(centre.contains(&"the hole is in the top-right quadrant"));
    // A 2×2 board has no quadrants to speak of; other sides no split.
    assert_eq!(
        of(2, 1, 1, Format::Boj),
        [
            "the board is 2×2",
            "the hole is in a corner of the board",
            "the hole is on an edge of the board",
            "x and y differ",
        ]
    );
    assert_eq!(
        of(10, 4, 1, Format::Plain),
        [
            "the board is larger than 2×2",
            "the hole's row and column differ"
        ]
    );
    // Through the entry, from judge text.
    let f = crate::puzzles::BOJ_14601
        .features(b"3\n1 8\n", &SolveOptions::default())
        .unwrap();
    assert!(f.contains(&"the hole is in a corner of the board"), "{f:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn streamed_equals_reference_on_random_boards(k in 0u32..=6, r in 0usize..64, c in 0usize..64) {
        let n = 1usize << k;
        let (row, col) = (r % n, c % n);
        prop_assert_eq!(text(n, row, col), reference_text(n, row, col));
    }

    #[test]
    fn every_writer_streams_the_reference_text(k in 0u32..=8, r in 0usize..256, c in 0usize..256) {
        // Each way of making a row pair's text, on boards with many bands (tests use small ones), bands starting in
        // either half of the 4×4 squares, and three hole marks.
        use order::Writer;
        let n = 1usize << k;
        let (row, col) = (r % n, c % n);
        let streamed = |writer: Writer, mark: &[u8]| {
            let mut out = Vec::new();
            order::write_placement_order_with(writer, n, (row, col), mark, &mut out).unwrap();
            out
        };
        let expected = reference_text(n, row, col);
        for writer in [Writer::Cells, Writer::Fours] {
            prop_assert!(streamed(writer, b"0") == expected, "{:?}", writer);
            for mark in [&b"-1"[..], b"hole"] {
                prop_assert!(streamed(writer, mark) == streamed(Writer::Cells, mark), "{:?}", writer);
            }
        }
    }

    #[test]
    fn constructive_tiling_checks_on_random_boards(seed in any::<u64>()) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        let n = loop {
            let n = rng.random_range(1..=64);
            if n % 3 != 0 {
                break n;
            }
        };
        let i = random(&mut rng, n);
        let back = parse(PLAIN.to_text(&i).as_bytes()).unwrap();
        prop_assert_eq!(back, i);
        let out = answer_text(&i);
        prop_assert_eq!(check_output(&i, &out, Format::Plain, false), Verdict::Correct);
    }

    #[test]
    fn tileability_equals_exhaustive_search(n in 1usize..=8, r in 0usize..8, c in 0usize..8) {
        let (row, col) = (r % n, c % n);
        prop_assert_eq!(general::tileability(n, row, col).is_ok(), reference::tileable(n, row, col));
    }
}
