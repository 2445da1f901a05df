//! The unit tests and proptests of dice yut: the board against the rules,
//! the solver against hand-worked games and against the plain reference.

use super::board::{Pieces, sorted};
use super::reference::{self, Mistake};
use super::solve::Memo;
use super::*;
use crate::puzzles::Mistake as _;
use crate::puzzles::Text;
use crate::text::InputError;
use proptest::prelude::*;
use rand::SeedableRng;

/// Judge text to an instance, through the one way in.
fn parse(text: &[u8]) -> Result<Instance, InputError> {
    Yut.parse(text)
}

fn name(id: SquareId) -> &'static str {
    BOARD[id as usize].name
}

/// The squares visited from `from` following `next` only, names and values.
fn route_from(from: SquareId) -> Vec<(&'static str, u8)> {
    let mut out = vec![];
    let mut at = from;
    loop {
        out.push((name(at), BOARD[at as usize].value));
        if at == END {
            return out;
        }
        at = BOARD[at as usize].next;
    }
}

#[test]
fn board_matches_the_spec() {
    let values = |r: &[(&str, u8)]| r.iter().map(|&(_, v)| v).collect::<Vec<_>>();
    // Outer path: S 2 4 ... 40 E.
    let outer = route_from(START);
    let mut want: Vec<u8> = (0..=20).map(|k| 2 * k).collect();
    want.push(0);
    assert_eq!(values(&outer), want);
    assert_eq!(outer.last().unwrap().0, "end");
    // Blue routes start only at the three corners.
    let corners: Vec<(SquareId, u8)> = BOARD
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.blue.map(|_| (i as SquareId, c.value)))
        .collect();
    assert_eq!(corners, [(OUTER_10, 10), (OUTER_20, 20), (OUTER_30, 30)]);
    let blue = |c: SquareId| values(&route_from(BOARD[c as usize].blue.unwrap()));
    assert_eq!(blue(OUTER_10), [13, 16, 19, 25, 30, 35, 40, 0]);
    assert_eq!(blue(OUTER_20), [22, 24, 25, 30, 35, 40, 0]);
    assert_eq!(blue(OUTER_30), [28, 27, 26, 25, 30, 35, 40, 0]);
    // Shared squares: one 25 for all arms, one 40 for outer and centre.
    for corner in [OUTER_10, OUTER_20, OUTER_30] {
        let mut at = BOARD[corner as usize].blue.unwrap();
        while BOARD[at as usize].value != 25 {
            at = BOARD[at as usize].next;
        }
        assert_eq!(at, CENTRE_25);
    }
    assert_eq!(BOARD[19].next, FORTY);
    assert_eq!(BOARD[31].next, FORTY);
    // Every square is on some route, reached exactly as drawn above.
    let mut reached = [false; SQUARES];
    for from in [START, 21, 24, 26] {
        let mut at = from;
        loop {
            reached[at as usize] = true;
            if at == END {
                break;
            }
            at = BOARD[at as usize].next;
        }
    }
    assert!(reached.iter().all(|&r| r));
    // Names are unique.
    let mut names: Vec<&str> = BOARD.iter().map(|c| c.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), SQUARES);
}

#[test]
fn blue_route_only_when_the_move_starts_on_a_corner() {
    // From 8, a 2 passes 10 and stays outside; a 1 stops on 10.
    assert_eq!(name(destination(4, 2)), "12");
    assert_eq!(name(destination(4, 1)), "10");
    // From 10 every die goes blue.
    let from10: Vec<_> = (1..=5).map(|d| name(destination(OUTER_10, d))).collect();
    assert_eq!(from10, ["13b", "16b", "19b", "25c", "30c"]);
    let from20: Vec<_> = (1..=5).map(|d| name(destination(OUTER_20, d))).collect();
    assert_eq!(from20, ["22b", "24b", "25c", "30c", "35c"]);
    let from30: Vec<_> = (1..=5).map(|d| name(destination(OUTER_30, d))).collect();
    assert_eq!(from30, ["28b", "27b", "26b", "25c", "30c"]);
    // Centre to 40 and on past the end.
    let from25: Vec<_> = (1..=5).map(|d| name(destination(CENTRE_25, d))).collect();
    assert_eq!(from25, ["30c", "35c", "40", "end", "end"]);
    assert_eq!(name(destination(19, 1)), "40");
    assert_eq!(name(destination(19, 2)), "end");
    assert_eq!(name(destination(FORTY, 1)), "end");
    assert_eq!(path(19, 5), [FORTY, END]);
}

#[test]
fn longest_route_is_computed_from_the_board() {
    // A move never goes backwards, so the most moves from a square is a
    // maximum over the five dice of one more than from the landing square.
    fn most_moves(at: SquareId) -> usize {
        if at == END {
            return 0;
        }
        (1..=5)
            .map(|d| 1 + most_moves(destination(at, d)))
            .max()
            .unwrap()
    }
    assert_eq!(most_moves(START), LONGEST_ROUTE);
}

/// All valid positions: four squares, no two equal except start and end.
fn all_positions() -> Vec<Pieces> {
    let mut out = vec![];
    for a in 0..SQUARES as u8 {
        for b in a..SQUARES as u8 {
            for c in b..SQUARES as u8 {
                for d in c..SQUARES as u8 {
                    let p = [a, b, c, d];
                    let ok = (1..4).all(|i| p[i] != p[i - 1] || p[i] == START || p[i] == END);
                    if ok {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn some_piece_can_always_move() {
    for p in all_positions() {
        if p[0] == END {
            continue;
        }
        for die in 1..=5 {
            let can = p.iter().any(|&from| {
                let to = destination(from, die);
                from != END && (to == END || !p.contains(&to))
            });
            assert!(can, "{p:?} die {die}");
        }
    }
}

/// The reference answers `None` when a turn has no move; with a catalogued
/// mistake the rules change, so check that every position it can reach
/// still has a move for every die (the variants of `stress --diagnose`
/// would otherwise fail instead of answering), except with the mistakes
/// that say how they stall.
#[test]
fn the_reference_always_has_a_move_even_with_a_mistake() {
    // The mistakes that can stall score nothing for the dice left instead.
    let catalogue = Mistake::ALL
        .iter()
        .filter(|m| !m.stalls())
        .map(|&m| Some(m));
    for mistake in std::iter::once(None).chain(catalogue) {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![[reference::START; 4]];
        while let Some(pieces) = todo.pop() {
            let mut key = pieces;
            key.sort_unstable();
            if !seen.insert(key) || pieces.iter().all(|&p| p == reference::DONE) {
                continue;
            }
            for die in 1..=5 {
                let before = todo.len();
                todo.extend(reference::children(pieces, die, mistake).map(|(next, _)| next));
                assert!(todo.len() > before, "{mistake:?} {pieces:?} die {die}");
            }
        }
    }
}

#[test]
fn samples() {
    assert_eq!(answer(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2]), 190);
    assert_eq!(answer(&[1; 10]), 133);
    assert_eq!(answer(&[5, 1, 2, 3, 4, 5, 5, 3, 2, 4]), 214);
    assert_eq!(answer(&[5; 10]), 130);
}

#[test]
fn collisions_on_shared_squares() {
    // A piece on 25 blocks one coming from the 20 arm (24b + 1) and
    // one from the 30 arm (26b + 1) and one from the 10 arm (19b + 1).
    for (other, die) in [(25u8, 1u8), (28, 1), (23, 1), (OUTER_20, 3), (OUTER_10, 4)] {
        assert_eq!(destination(other, die), CENTRE_25);
    }
    // A piece on 40 (reached from 35c) blocks 38 + 1, and the reverse.
    assert_eq!(destination(19, 1), destination(31, 1));
    // Two pieces may both finish.
    assert_eq!(destination(FORTY, 3), END);
    // Whole games where these collisions decide the answer, checked
    // against the reference; the numbers are worked out by hand below.
    // 5 4: 10, then 10 -> 25c (blue) = 35.
    assert_eq!(answer(&[5, 4]), 35);
    // Fives: each piece 10, 30c, end (40 points in 3 moves), one piece
    // on 10 and on 30c at a time: 12 fives reach 160, more add nothing.
    assert_eq!(answer(&[5; 12]), 160);
    assert_eq!(answer(&[5; 1000]), 160);
    // Games that send pieces into 25c and 40 along different routes.
    for dice in [
        &[5u8, 4, 5, 5, 4, 3][..],
        &[5, 3, 5, 1, 1, 2, 1],
        &[5, 5, 5, 5, 1, 5, 1, 2, 5],
        &[5, 5, 3, 5, 5, 5, 5, 2, 3, 4],
    ] {
        assert_eq!(
            Some(answer(dice)),
            reference::answer(dice, None),
            "{dice:?}"
        );
    }
}

/// The best score from a hand-made position (any order of pieces).
fn best_from(pieces: Pieces, dice: &[u8]) -> u16 {
    Memo::new(dice).best(0, sorted(pieces))
}

#[test]
fn arrivals_on_shared_squares_from_other_routes_are_blocked() {
    // 19b, 26b and 24b are one step from 25c, by three different arms;
    // with 25c occupied only the piece on it can move a 1.
    assert_eq!(best_from([23, 28, 25, CENTRE_25], &[1]), 30);
    // Without the piece on 25c, one of them takes it (and blocks the others).
    assert_eq!(best_from([23, 28, 25, END], &[1]), 25);
    assert_eq!(best_from([23, 28, 25, END], &[1, 1]), 25 + 30);
    // 40 from the outer 38 and from the centre's 35c: with 40 occupied
    // both are blocked, so the only move is 40 to the end, worth 0.
    assert_eq!(best_from([FORTY, 19, 31, END], &[1]), 0);
    assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1]), 40);
    assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1, 1]), 40);
    assert_eq!(best_from([FORTY, 19, 31, END], &[1, 1, 1, 1]), 80);
}

#[test]
fn the_end_takes_any_number_of_pieces() {
    // 38 + 5 and 35c + 5 both pass the end; finishing scores 0.
    assert_eq!(best_from([19, 31, END, END], &[5, 5]), 0);
    assert_eq!(best_from([19, 31, END, END], &[5, 5, 5]), 0);
    assert_eq!(best_from([19, 31, END, END], &[1, 5, 5]), 40);
    // All finished: nothing more to score.
    assert_eq!(best_from([END; 4], &[1, 2, 3]), 0);
}

#[test]
fn passing_the_end_finishes_and_leaves_dice_unused() {
    // Every die a 5 forever: pieces finish, the rest are unused.
    let fives = play(&[5; 100]);
    assert_eq!(fives.max, 160);
    assert_eq!(fives.moves.len(), 12);
    assert_eq!(fives.unused, 88);
    assert!(fives.moves.iter().filter(|m| m.to == "end").count() == 4);
    // The most turns any game can use.
    let ones = play(&[1; 200]);
    assert!(ones.moves.len() <= MAX_USEFUL_DICE);
    assert_eq!(ones.max, answer(&[1; MAX_USEFUL_DICE]));
}

#[test]
fn every_sequence_up_to_five_dice_equals_the_reference() {
    for len in 1..=5u32 {
        for code in 0..5usize.pow(len) {
            let dice: Vec<u8> = (0..len)
                .map(|k| (code / 5usize.pow(k) % 5) as u8 + 1)
                .collect();
            assert_eq!(
                Some(answer(&dice)),
                reference::answer(&dice, None),
                "{dice:?}"
            );
        }
    }
}

#[test]
fn best_play_is_consistent() {
    let dice = [5, 1, 2, 3, 4, 5, 5, 3, 2, 4];
    let best = play(&dice);
    assert_eq!(best.max, 214);
    assert_eq!(best.moves.last().unwrap().total, 214);
    assert_eq!(best.moves[0].piece, 1);
}

#[test]
fn parse_and_display() {
    let i = parse(b"1 2 3 4 1 2 3 4 1 2\n").unwrap();
    assert_eq!(i.to_string(), "1 2 3 4 1 2 3 4 1 2\n");
    assert_eq!(parse(b"\r\n 05\t1").unwrap().dice(), [5, 1]);
    let err = |s: &[u8]| parse(s).unwrap_err().to_string();
    assert_eq!(err(b"1 2 6"), "1:5: expected a die from 1 to 5, found 6");
    assert_eq!(err(b"1 2\n 0"), "2:2: expected a die from 1 to 5, found 0");
    assert_eq!(
        err(b"1 x"),
        "1:3: expected a die, found \"x\" (not a whole number)"
    );
    assert_eq!(
        err(b"1 -1"),
        "1:3: expected a die, found \"-1\" (signs are not allowed)"
    );
    assert_eq!(
        err(b"99999999999999999999999"),
        "1:1: expected a die, found \"99999999999999999999999\" (too large)"
    );
    assert_eq!(
        err(b" \n"),
        "1:1: expected at least one die (1 to 5), found end of input"
    );
}

#[test]
fn every_catalogued_mistake_changes_some_answer() {
    // The hard dice are drawn until a rule decides the answer, so each
    // mistake is met within a few dozen cases of ten dice.
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(17);
    for &mistake in Mistake::ALL {
        let differs = (0..200).any(|_| {
            let inst = hard(&mut rng, 10);
            reference::answer(inst.dice(), Some(mistake)) != Some(answer(inst.dice()))
        });
        assert!(differs, "{mistake:?} never changes an answer");
    }
}

/// For each mistake a few dice where it changes the answer (found by
/// shrinking generated cases), with the right total and the mistaken one.
#[test]
fn each_mistake_on_a_small_case() {
    for (mistake, dice, truth, wrong) in [
        (Mistake::BlueWhenPassing, &[3u8, 3][..], 18, 19),
        (
            Mistake::ThirtyIsOneSquare,
            &[5, 5, 1, 5, 5, 3, 1, 2],
            174,
            171,
        ),
        (Mistake::FortyNotOccupied, &[5, 5, 2, 5, 4, 3], 121, 155),
        (Mistake::StackAllowed, &[5, 4, 5, 4], 64, 70),
        (
            Mistake::FinishPieceMoves,
            &[5, 5, 5, 5, 5, 5, 5, 1],
            103,
            125,
        ),
        (
            Mistake::FinishPieceMoves,
            &[5, 5, 5, 5, 5, 5, 5, 1, 1, 1],
            138,
            178,
        ),
        (Mistake::FirstArrivalWins, &[5, 2, 4, 2], 74, 65),
        (Mistake::FirstArrivalPerTurn, &[5, 4, 1, 4], 73, 65),
        (Mistake::FirstArrivalSorted, &[5, 4, 1, 4], 73, 65),
        (Mistake::FirstArrivalPerTurnMultiset, &[5, 3, 4, 3], 81, 75),
        (Mistake::FirstArrivalOrdered, &[5, 2, 5, 2, 3], 101, 94),
        (
            Mistake::FirstArrivalPerTurnOrdered,
            &[5, 2, 4, 2, 4],
            86,
            82,
        ),
        (Mistake::CentrePerRoute, &[5, 5, 3, 4, 3, 4], 90, 110),
        (Mistake::FortyPerRoute, &[5, 4, 5, 5, 5, 5, 2, 1], 176, 212),
        (Mistake::CellByNumber, &[5, 2, 3, 5, 3, 5], 110, 108),
        (Mistake::FortyStuck, &[5, 5, 2, 1, 5, 5, 2], 160, 159),
        // 10, 25c, then 25c + 3 = 40: the mistake finishes there for 0.
        (Mistake::FortyFinishes, &[5, 4, 3], 75, 41),
        // 10, 19b, then 19b + 5 passes 40 to the finish: 40 more.
        (Mistake::PassingFortyScores, &[5, 3, 5], 46, 69),
        (Mistake::ExactFinish, &[5, 5, 5, 5, 1], 63, 50),
        (Mistake::FinishOccupied, &[5, 5, 5, 5, 5, 5, 5, 1], 103, 90),
        (
            Mistake::TwentyNotBlue,
            &[2, 1, 5, 2, 5, 2, 5, 1, 2, 3],
            205,
            209,
        ),
        (
            Mistake::ThirtyNotBlue,
            &[1, 1, 1, 1, 1, 4, 4, 1, 2, 1],
            148,
            150,
        ),
        (
            Mistake::ArmsShareOuterCells,
            &[2, 1, 5, 2, 5, 2, 5, 1, 2, 3],
            205,
            200,
        ),
    ] {
        assert_eq!(answer(dice), truth, "{dice:?}");
        assert_eq!(reference::answer(dice, None), Some(truth), "{dice:?}");
        assert_eq!(
            reference::answer(dice, Some(mistake)),
            Some(wrong),
            "{mistake:?} {dice:?}"
        );
    }
}

/// The catalogue's first-arrival searches differ only in their visited
/// sets, and each makes its own answers: on the statement's samples
/// already some pairs differ.
#[test]
fn the_first_arrival_searches_differ() {
    let searches = [
        Mistake::FirstArrivalWins,
        Mistake::FirstArrivalPerTurn,
        Mistake::FirstArrivalSorted,
        Mistake::FirstArrivalPerTurnMultiset,
        Mistake::FirstArrivalOrdered,
        Mistake::FirstArrivalPerTurnOrdered,
    ];
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(3);
    let cases: Vec<Instance> = (0..100).map(|_| random(&mut rng, 10)).collect();
    for (i, &a) in searches.iter().enumerate() {
        for &b in &searches[i + 1..] {
            let differ = cases
                .iter()
                .filter(|c| {
                    reference::answer(c.dice(), Some(a)) != reference::answer(c.dice(), Some(b))
                })
                .count();
            assert!(differ >= 5, "{a:?} and {b:?} differ on {differ} of 100");
        }
    }
}

/// The statement's samples under the first-arrival search, worked out by
/// `tests/programs/wrong_yut.rs first-arrival-wins` (its own board and
/// search): the first arrival at a set of cells often scored less.
#[test]
fn first_arrival_wins_on_the_samples() {
    let first = |dice: &[u8]| reference::answer(dice, Some(Mistake::FirstArrivalWins));
    assert_eq!(first(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2]), Some(188));
    assert_eq!(first(&[5, 1, 2, 3, 4, 5, 5, 3, 2, 4]), Some(211));
    assert_eq!(first(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), Some(133));
    assert_eq!(first(&[5; 10]), Some(130));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Dropping arrivals only loses lines of play: never above the answer.
    #[test]
    fn first_arrival_never_beats_the_answer(dice in prop::collection::vec(1u8..=5, 1..=12)) {
        let first = reference::answer(&dice, Some(Mistake::FirstArrivalWins));
        prop_assert!(first <= Some(answer(&dice)));
    }

    #[test]
    fn fast_equals_reference(dice in prop::collection::vec(1u8..=5, 1..=7)) {
        prop_assert_eq!(Some(answer(&dice)), reference::answer(&dice, None));
    }

    #[test]
    fn play_replays_to_the_maximum(dice in prop::collection::vec(1u8..=5, 1..=16)) {
        let play = play(&dice);
        prop_assert_eq!(play.max, answer(&dice));
        let mut pieces = [START; 4];
        let mut total = 0;
        for m in &play.moves {
            let i = usize::from(m.piece - 1);
            let to = destination(pieces[i], dice[m.turn - 1]);
            prop_assert!(pieces[i] != END);
            prop_assert!(to == END || !pieces.contains(&to));
            pieces[i] = to;
            total += u32::from(BOARD[to as usize].value);
            prop_assert_eq!(total, m.total);
        }
        prop_assert_eq!(total, play.max);
    }

    #[test]
    fn display_round_trips(seed in any::<u64>(), n in 1usize..50) {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        let i = random(&mut rng, n);
        prop_assert_eq!(parse(i.to_string().as_bytes()).unwrap(), i);
    }
}

proptest! {
    // Long sequences cost the reference the most; fewer cases.
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_equals_reference_up_to_ten(dice in prop::collection::vec(1u8..=5, 8..=10)) {
        prop_assert_eq!(Some(answer(&dice)), reference::answer(&dice, None));
    }
}

proptest! {
    // The full comparison, thousands of judge-sized cases (a few
    // seconds: tests are built with optimization, see Cargo.toml).
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn fast_equals_reference_thousands_up_to_ten(dice in prop::collection::vec(1u8..=5, 1..=10)) {
        prop_assert_eq!(Some(answer(&dice)), reference::answer(&dice, None));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn alternatives_equal_the_reference_after_each_move(
        dice in prop::collection::vec(1u8..=5, 1..=10),
    ) {
        let play = play(&dice);
        // The line replayed on the reference's own board.
        let mut pieces = [reference::START; 4];
        let mut before = 0u32;
        for m in &play.moves {
            let die = dice[m.turn - 1];
            prop_assert_eq!(m.alternatives.len(), 4);
            let mut expected: [Option<(u32, u32, [reference::Piece; 4])>; 4] = [None; 4];
            for (next, score) in reference::children(pieces, die, None) {
                let moved = (0..4).find(|&j| next[j] != pieces[j]).expect("a piece moved");
                let rest = reference::best_from(next, &dice, m.turn).expect("a move exists");
                expected[moved] = Some((score, before + score + rest, next));
            }
            for (k, alt) in m.alternatives.iter().enumerate() {
                prop_assert_eq!(usize::from(alt.piece), k + 1);
                match expected[k] {
                    None => prop_assert_eq!((alt.to, alt.total), (None, None), "turn {}", m.turn),
                    Some((score, total, _)) => {
                        prop_assert_eq!(alt.total, Some(total), "turn {} piece {}", m.turn, k + 1);
                        let to = alt.to.expect("a destination");
                        let square = BOARD.iter().find(|s| s.name == to).expect("a square");
                        prop_assert_eq!(u32::from(square.value), score);
                    }
                }
            }
            let played = expected[usize::from(m.piece - 1)].expect("the played piece can move");
            prop_assert_eq!(played.1, play.max);
            pieces = played.2;
            before += played.0;
        }
    }
}

#[test]
fn features_are_facts_of_the_best_line_shown() {
    use crate::puzzles::Rules;
    let features = |dice: &str| Yut.features(&parse(dice.as_bytes()).unwrap()).unwrap();
    // 10, then the blue route from 10 to 25c: no 40, no finish.
    assert_eq!(
        features("5 4"),
        [
            "the best line of --explain takes the blue route from 10",
            "a move of the best line of --explain passes or ends on the centre 25",
        ]
    );
    // One die of 1: the outer 2, nothing else.
    assert!(features("1").is_empty());
    // Twelve fives: each piece 10, 30c (passing 25c), the finish (passing
    // 40, not ending there); the last piece finishes on the last move.
    let fives = features("5 5 5 5 5 5 5 5 5 5 5 5");
    assert!(fives.contains(&"a piece finishes before the last move of the best line of --explain"));
    assert!(!fives.contains(&"a move of the best line of --explain ends on 40"));
    // Ten ones: the outer path step by step, never past 20.
    let ones = features("1 1 1 1 1 1 1 1 1 1");
    assert!(ones.iter().all(|f| !f.contains("finishes")), "{ones:?}");
    // The statement's third sample: 5 to 10, then the blue route.
    let third = features("5 1 2 3 4 5 5 3 2 4");
    assert!(third.contains(&"the best line of --explain takes the blue route from 10"));
    // Each feature agrees with the line itself.
    let line = play(&[5, 1, 2, 3, 4, 5, 5, 3, 2, 4]);
    let ends_on_40 = line.moves.iter().any(|m| m.to == "40");
    assert_eq!(
        third.contains(&"a move of the best line of --explain ends on 40"),
        ends_on_40
    );
}

/// The most points still to come from a position, by plain recursion over
/// every piece at every turn (no memo, no sorted states): the coach's
/// independent check.
fn plain_best_from(dice: &[u8], turn: usize, pieces: [SquareId; 4]) -> u32 {
    if turn == dice.len() {
        return 0;
    }
    let mut best = 0;
    for i in 0..4 {
        if pieces[i] == END {
            continue;
        }
        let to = destination(pieces[i], dice[turn]);
        if to != END && (0..4).any(|j| j != i && pieces[j] == to) {
            continue;
        }
        let mut next = pieces;
        next[i] = to;
        best =
            best.max(u32::from(BOARD[to as usize].value) + plain_best_from(dice, turn + 1, next));
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// From any position reached by random legal play, the coach's best
    /// and each choice's best equal the plain recursion's, and the best
    /// choice is the best from the position.
    #[test]
    fn the_coach_agrees_with_plain_recursion(
        dice in prop::collection::vec(1u8..=5, 1..=7),
        picks in prop::collection::vec(0usize..4, 7),
        played in 0usize..=7,
    ) {
        let mut pieces = [START; 4];
        let played = played.min(dice.len());
        let mut turn = 0;
        while turn < played {
            let options = choices(&dice, turn, pieces).unwrap();
            let Some(i) = (0..4).map(|k| (picks[turn] + k) % 4).find(|&i| options[i].is_some()) else {
                break;
            };
            pieces[i] = options[i].unwrap().to;
            turn += 1;
        }
        let plain = plain_best_from(&dice, turn, pieces);
        prop_assert_eq!(super::best_from(&dice, turn, pieces), Some(plain));
        if let Some(options) = choices(&dice, turn, pieces) {
            let mut best = None;
            for (i, option) in options.iter().enumerate() {
                if let Some(c) = option {
                    let mut next = pieces;
                    next[i] = c.to;
                    let after = plain_best_from(&dice, turn + 1, next);
                    prop_assert_eq!(c.best, c.score + after);
                    best = best.max(Some(c.best));
                }
            }
            prop_assert_eq!(best.unwrap_or(0), plain);
        }
    }
}

#[test]
fn the_coach_refuses_positions_that_cannot_be() {
    let dice = [1, 2, 3];
    assert_eq!(super::best_from(&dice, 0, [START; 4]), Some(answer(&dice)));
    assert_eq!(super::best_from(&dice, 4, [START; 4]), None);
    assert_eq!(super::best_from(&dice, 0, [3, 3, START, START]), None);
    assert_eq!(super::best_from(&dice, 0, [40, START, START, START]), None);
    assert_eq!(
        super::best_from(&dice, 0, [END, END, START, START]),
        Some(answer(&dice))
    );
    assert!(choices(&dice, 3, [START; 4]).is_none());
    // A finished piece cannot move; the others can.
    let c = choices(&dice, 0, [END, START, START, START]).unwrap();
    assert!(c[0].is_none() && c[1..].iter().all(Option::is_some));
}
