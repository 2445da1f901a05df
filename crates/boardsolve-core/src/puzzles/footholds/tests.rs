//! The unit tests and property tests of disappearing footholds: the
//! engine against the plain reference search, the parser's forms and
//! messages, the principal variation's legality.

use super::board::{component, spread};
use super::solve::{Search, score, walk_bound};
use super::*;
use crate::puzzles::{Rules, Text};
use proptest::prelude::*;

fn game(text: &str) -> Instance {
    Footholds.parse(text.as_bytes()).unwrap()
}

/// The winner and the total number of moves under optimal play.
fn outcome(instance: &Instance) -> (Player, u32) {
    let (s, _) = score(instance, Search::new(instance.rows, instance.cols));
    let winner = if s.wins() { Player::A } else { Player::B };
    (winner, s.distance())
}

#[test]
fn samples() {
    assert_eq!(answer(&game("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]")), 5);
    assert_eq!(answer(&game("[[1,1,1],[1,0,1],[1,1,1]] [1,0] [1,2]")), 4);
    assert_eq!(answer(&game("[[1,1,1,1,1]] [0,0] [0,4]")), 4);
    assert_eq!(answer(&game("[[1]] [0,0] [0,0]")), 0);
}

#[test]
fn same_cell_and_stuck_starts() {
    // Both on one cell: whoever can step off wins at once.
    assert_eq!(outcome(&game("[[1,1]] [0,0] [0,0]")), (Player::A, 1));
    assert_eq!(outcome(&game("[[1,1],[1,1]] [1,1] [1,1]")), (Player::A, 1));
    // A cannot move at all.
    assert_eq!(outcome(&game("[[1,0,1]] [0,0] [0,2]")), (Player::B, 0));
    // B cannot move: A moves anywhere, B is stuck.
    assert_eq!(outcome(&game("[[1,1,0,1]] [0,0] [0,3]")), (Player::A, 1));
}

#[test]
fn separated_regions_follow_the_longest_walks() {
    let cases = [
        // A walks 3, B walks 2: B runs out first (2·2 + 1 moves).
        ("[[1,1,1,1,0,1,1,1]] [0,0] [0,5]", Player::A, 5),
        // Equal walks: the first to move runs out first.
        ("[[1,1,1,0,1,1,1]] [0,0] [0,6]", Player::B, 4),
        // A 5×1 board split in the middle.
        ("5 1\n1\n1\n0\n1\n1\n0 0 4 0\n", Player::B, 2),
        // B's region is larger but B is in a corner of a snake.
        ("3 4\n1 1 0 1\n1 1 0 1\n0 0 0 1\n0 0 2 3\n", Player::A, 5),
    ];
    for (text, winner, moves) in cases {
        let g = game(text);
        assert_eq!(outcome(&g), (winner, moves), "{text}");
        assert_eq!(reference::answer(&g, None), moves, "{text}");
    }
}

#[test]
fn longest_path_and_its_bound() {
    let mut f = Search::new(3, 3);
    let full = 0b111 | 0b111 << 8 | 0b111 << 16;
    assert_eq!(f.longest_path(full, 0), 8);
    assert_eq!(f.longest_path(full, 9), 8);
    // From an edge cell the colours allow 8 of the 9 cells: 7 moves.
    assert_eq!(walk_bound(full, 1), 7);
    assert_eq!(f.longest_path(full, 1), 7);
}

#[test]
fn parse_forms_agree_and_round_trip() {
    let forms = [
        "[[1, 1, 1], [1, 0, 1], [1, 1, 1]]  [1, 0]  [1, 2]",
        "[[1,1,1],[1,0,1],[1,1,1]],[1,0],[1,2]\n",
        "{\"board\": [[1,1,1],[1,0,1],[1,1,1]], \"aloc\": [1,0], \"bloc\": [1,2]}",
        "{\"bloc\": [1,2], \"aloc\": [1,0],\n \"board\": [[1,1,1],[1,0,1],[1,1,1]]}",
        "3 3\n1 1 1\n1 0 1\n1 1 1\n1 0 1 2\n",
    ];
    let first = game(forms[0]);
    for f in forms {
        assert_eq!(game(f), first, "{f}");
    }
    assert_eq!(game(&first.to_string()), first);
}

#[test]
fn parse_errors_name_the_place() {
    let err = |s: &str| Footholds.parse(s.as_bytes()).unwrap_err().to_string();
    assert_eq!(
        err("[[1,1],[1]] [0,0] [0,1]"),
        "1:8: row 2 has 1 cell, expected 2 like row 1"
    );
    assert_eq!(
        err("[[1,2]] [0,0] [0,0]"),
        "1:5: expected a cell (0 or 1) in row 1, found 2"
    );
    assert_eq!(
        err("[[1,1]] [0,0] [1,0]"),
        "1:15: bloc [1, 0] is outside the 1×2 board"
    );
    assert_eq!(
        err("[[1,0]] [0,1] [0,0]"),
        "1:9: aloc [0, 1] has no foothold"
    );
    assert!(err(&format!("[{}[1]]", "[1],".repeat(8))).contains("more than 8 rows"));
    assert!(err("[[1,1,1,1,1,1,1,1,1]] [0,0] [0,0]").contains("more than 8 values"));
    assert_eq!(
        err("3 3\n1 1 1\n1 1\n1 1 1\n0 0 0 0\n"),
        "3:4: row 2 has 2 cells, expected 3"
    );
    assert_eq!(
        err("2 2\n1 1 1\n1 1\n0 0 0 0\n"),
        "2:5: row 1 has more than 2 cells"
    );
    assert_eq!(
        err("9 1\n"),
        "1:1: expected the number of rows R from 1 to 8, found 9"
    );
    assert_eq!(
        err("{\"board\": [[1]], \"aloc\": [0,0]}"),
        "1:1: the object has no \"bloc\""
    );
    assert!(err("{\"board\": [[1]], \"cloc\": [0,0]}").starts_with("1:18: unknown key"));
    assert!(err("[[1]] [0,0] [0,0] x").starts_with("1:19: unexpected \"x\""));
    assert!(err("[[1]] [0,0] [-1,0]").starts_with("1:14: unexpected \"-1\""));
    assert_eq!(
        err("[[1]] [0,0]"),
        "1:12: expected '[' starting bloc, found end of input"
    );
}

#[test]
fn principal_variation_is_legal_and_as_long_as_the_answer() {
    let g = game("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]");
    let e = play(&g);
    assert_eq!((e.winner, e.moves, e.line.len()), (Player::A, 5, 5));
    let mut grid = g.grid();
    let (mut a, mut b) = (g.a, g.b);
    for step in &e.line {
        let me = if step.player == Player::A {
            &mut a
        } else {
            &mut b
        };
        assert_eq!(*me, step.from);
        assert_eq!(
            step.from.0.abs_diff(step.to.0) + step.from.1.abs_diff(step.to.1),
            1
        );
        assert!(grid[step.to.0][step.to.1]);
        grid[step.from.0][step.from.1] = false;
        *me = step.to;
    }
}

fn small_instance(max_side: usize) -> impl Strategy<Value = Instance> {
    (1..=max_side, 1..=max_side, 0u64.., 40u32..=100).prop_map(|(r, c, seed, p)| {
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        random(&mut rng, r, c, p)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn engine_equals_plain_search_up_to_4x4(g in small_instance(4)) {
        let want = reference::answer(&g, None);
        prop_assert_eq!(answer(&g), want, "{}", g);
        prop_assert_eq!(answer_without_split(&g).0, want);
        let e = play(&g);
        prop_assert_eq!(e.line.len() as u32, want);
        // The line is legal, alternates from A, and ends as it says.
        let mut grid = g.grid();
        let (mut a, mut b) = (g.a, g.b);
        for (i, step) in e.line.iter().enumerate() {
            prop_assert_eq!(step.player, if i.is_multiple_of(2) { Player::A } else { Player::B });
            let me = if step.player == Player::A { &mut a } else { &mut b };
            prop_assert_eq!(*me, step.from);
            prop_assert!(grid[step.from.0][step.from.1], "moved off a vanished cell");
            prop_assert_eq!(step.from.0.abs_diff(step.to.0) + step.from.1.abs_diff(step.to.1), 1);
            prop_assert!(grid[step.to.0][step.to.1]);
            grid[step.from.0][step.from.1] = false;
            *me = step.to;
            prop_assert_eq!((step.aloc, step.bloc), (a, b));
        }
        let loser = if e.line.len().is_multiple_of(2) { a } else { b };
        prop_assert_eq!(e.winner, if e.line.len().is_multiple_of(2) { Player::B } else { Player::A });
        prop_assert_eq!(e.ending == Defeat::FootholdGone, !grid[loser.0][loser.1]);
    }

    #[test]
    fn display_round_trips(g in small_instance(8)) {
        prop_assert_eq!(game(&g.to_string()), g);
    }
}

/// The longest walk by trying every walk.
fn plain_longest(region: u64, at: u8) -> u32 {
    let rest = region & !(1u64 << at);
    let mut best = 0;
    let mut next = spread(1u64 << at) & rest;
    while next != 0 {
        let n = next.trailing_zeros() as u8;
        next &= next - 1;
        best = best.max(1 + plain_longest(rest, n));
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn longest_walk_and_its_bound_hold_on_random_regions(
        rows in 1usize..=5,
        cols in 1usize..=5,
        cells in any::<u64>(),
        keep in any::<u64>(),
        start in any::<u8>(),
    ) {
        // A random region (about three cells in four) of a rows×cols
        // board, and the component of a start cell in it.
        let mut board = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                board |= 1u64 << (8 * r + c);
            }
        }
        let region = board & (cells | keep);
        prop_assume!(region != 0);
        let pick = usize::from(start) % region.count_ones() as usize;
        let mut bits = region;
        for _ in 0..pick {
            bits &= bits - 1;
        }
        let at = bits.trailing_zeros() as u8;
        let region = component(region, 1u64 << at);
        let truth = plain_longest(region, at);
        prop_assert!(walk_bound(region, at) >= truth);
        let mut f = Search::new(rows, cols);
        // Capped walks first, so the memo fills in that order too.
        for cap in [truth / 2, truth.saturating_sub(1), truth, truth + 1] {
            prop_assert_eq!(f.walk(region, at, cap), truth.min(cap), "cap {}", cap);
        }
        prop_assert_eq!(f.longest_path(region, at), truth);
        prop_assert_eq!(Search::new(rows, cols).longest_path(region, at), truth);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_equals_plain_search_on_5x5(seed in 0u64.., p in 50u32..=100) {
        use rand::SeedableRng;
        let g = random(&mut rand::rngs::ChaCha8Rng::seed_from_u64(seed), 5, 5, p);
        prop_assert_eq!(answer(&g), reference::answer(&g, None), "{}", g);
    }
}

#[test]
fn each_mistake_changes_some_answer() {
    use crate::puzzles::Mistake;
    use rand::SeedableRng;
    // Both on one cell: A steps off and B's foothold vanishes, unless B
    // may step after A anyway (and then A, on B's old cell, is stuck).
    let g = game("[[1,1]] [0,0] [0,0]");
    assert_eq!(reference::answer(&g, None), 1);
    assert_eq!(
        reference::answer(&g, Some(reference::Mistake::SharedCellIgnored)),
        2
    );
    let games: Vec<Instance> = (0..200)
        .map(|seed| random(&mut rand::rngs::ChaCha8Rng::seed_from_u64(seed), 3, 3, 80))
        .collect();
    for &mistake in reference::Mistake::ALL {
        assert!(
            games
                .iter()
                .any(|g| reference::answer(g, Some(mistake)) != reference::answer(g, None)),
            "{mistake:?}"
        );
    }
}

#[test]
fn each_mistake_on_a_smallest_game_where_it_shows() {
    use crate::puzzles::Mistake as _;
    use reference::Mistake::*;
    // (mistake, game, right answer, the mistake's answer): each the first
    // found by trying every board of up to 12 cells, smallest first.
    let cases = [
        // A steps off the shared cell; B, on no foothold, steps on.
        (SharedCellIgnored, "[[1, 1]] [0, 0] [0, 0]", 1, 2),
        // A's steps: up onto B loses, down wins in 5, right wins in 3.
        (
            FirstWinningMove,
            "[[1, 1], [1, 1], [1, 1]] [1, 0] [0, 0]",
            3,
            5,
        ),
        // A wins in 3 by stepping down, in 5 by stepping right.
        (
            WinnerMaximizes,
            "[[1, 1, 1], [1, 1, 1]] [0, 1] [0, 0]",
            3,
            5,
        ),
        // A loses in 2 stepping up onto B, in 4 stepping right.
        (LoserMinimizes, "[[1, 1, 1], [1, 1, 0]] [1, 0] [0, 0]", 4, 2),
        // A tries left first; (0, 1) stays gone when it then tries right.
        (VanishNotRestored, "[[1, 1, 1, 1]] [0, 1] [0, 3]", 2, 1),
        // A's one step is onto B, who is then stuck.
        (OpponentCellBlocked, "[[1, 1]] [0, 0] [0, 1]", 1, 0),
        // A in the corner loses in 2; B first, in the middle, wins at once.
        (BMovesFirst, "[[1, 1, 1]] [0, 0] [0, 1]", 2, 1),
        (LoserTurnCounted, "[[1]] [0, 0] [0, 0]", 0, 1),
        // Up from row 0 wraps to row 0 itself: A "steps" and its cell,
        // shared with B, vanishes under B.
        (NegativeIndexWraps, "[[1]] [0, 0] [0, 0]", 0, 1),
        // A's only step is up; then B, its cell gone, loses.
        (NoStepUp, "[[1], [1]] [1, 0] [0, 0]", 1, 0),
    ];
    assert_eq!(cases.len(), reference::Mistake::ALL.len());
    for (mistake, text, right, wrong) in cases {
        let g = game(text);
        assert_eq!(reference::answer(&g, None), right, "{text}");
        assert_eq!(answer(&g), right, "{text}");
        assert_eq!(
            reference::answer(&g, Some(mistake)),
            wrong,
            "{mistake:?} {text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn alternatives_equal_the_plain_search_after_each_move(g in small_instance(4)) {
        let e = play(&g);
        let mut grid = g.grid();
        let (mut a, mut b) = (g.a, g.b);
        for (i, step) in e.line.iter().enumerate() {
            let (me, you) = if step.player == Player::A { (a, b) } else { (b, a) };
            // Every legal move, in the order up, left, right, down.
            let legal: Vec<Coord> = [(-1isize, 0isize), (0, -1), (0, 1), (1, 0)]
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
                    let inside = r >= 0 && c >= 0 && (r as usize) < g.rows && (c as usize) < g.cols;
                    (inside && grid[r as usize][c as usize]).then_some((r as usize, c as usize))
                })
                .collect();
            let listed: Vec<Coord> = step.alternatives.iter().map(|o| o.to).collect();
            prop_assert_eq!(&listed, &legal, "move {}", i + 1);
            for other in &step.alternatives {
                let mut after = grid.clone();
                after[me.0][me.1] = false;
                let (they_win, rest) = reference::outcome(&mut after, you, other.to);
                let winner = if they_win { step.player.other() } else { step.player };
                prop_assert_eq!(other.winner, winner, "move {} to {:?}", i + 1, other.to);
                prop_assert_eq!(other.moves, i as u32 + 1 + rest, "move {} to {:?}", i + 1, other.to);
            }
            // The move played is optimal among them, and gives the answer.
            let played = step.alternatives.iter().find(|o| o.to == step.to).expect("played move listed");
            prop_assert_eq!((played.winner, played.moves), (e.winner, e.moves));
            grid[step.from.0][step.from.1] = false;
            if step.player == Player::A { a = step.to } else { b = step.to }
        }
    }
}

#[test]
fn explain_names_the_other_moves() {
    let g = game("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]");
    let mut out = Vec::new();
    Footholds.explain(&g, &play(&g), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("could also go to ("), "{text}");
    assert!(text.contains("wins, the game lasts "), "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every text form reads back as the instance it was written from, and
    /// is recognized as the form it is.
    #[test]
    fn every_text_form_round_trips(g in small_instance(8)) {
        use crate::puzzles::TextForm;
        for &form in Footholds::FORMS {
            let text = Footholds.to_text_in(&g, form);
            prop_assert_eq!(&Footholds.parse(text.as_bytes()).unwrap(), &g, "{}", text);
            prop_assert_eq!(Footholds.form_of(text.as_bytes()), Some(form));
            if form != TextForm::Plain {
                prop_assert_eq!(text.lines().count(), 1, "{}", text);
            }
        }
    }
}

/// The line features of [`features`](mod@features), found the slow way:
/// every optimal line followed move by move with the plain search of
/// `reference.rs` (no shortcut once the players are apart). Flags: first
/// winning step not the quickest, the winner could wait, the loser could
/// hurry, a shared cell, a vanished foothold at the end.
fn plain_line_features(instance: &Instance) -> [bool; 5] {
    type Seen = std::collections::HashSet<(Vec<Vec<bool>>, Coord, Coord)>;
    fn follow(
        grid: &mut Vec<Vec<bool>>,
        me: Coord,
        you: Coord,
        seen: &mut Seen,
        f: &mut [bool; 5],
    ) {
        if !seen.insert((grid.clone(), me, you)) {
            return;
        }
        f[3] |= me == you;
        if !grid[me.0][me.1] {
            f[4] = true;
            return;
        }
        let (rows, cols) = (grid.len() as isize, grid[0].len() as isize);
        let mut children = Vec::new();
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
            if r < 0 || c < 0 || r >= rows || c >= cols || !grid[r as usize][c as usize] {
                continue;
            }
            let to = (r as usize, c as usize);
            grid[me.0][me.1] = false;
            let (they_win, rest) = reference::outcome(grid, you, to);
            grid[me.0][me.1] = true;
            children.push((to, !they_win, rest + 1));
        }
        let Some(&(_, wins, _)) = children.iter().find(|c| c.1).or(children.first()) else {
            return;
        };
        let best = if wins {
            children.iter().filter(|c| c.1).map(|c| c.2).min().unwrap()
        } else {
            children.iter().map(|c| c.2).max().unwrap()
        };
        if wins {
            let first = children.iter().find(|c| c.1).unwrap().2;
            f[0] |= first != best;
            f[1] |= children.iter().any(|c| c.1 && c.2 > best);
        } else {
            f[2] |= children.iter().any(|c| c.2 < best);
        }
        for (to, w, len) in children {
            if w == wins && len == best {
                grid[me.0][me.1] = false;
                follow(grid, you, to, seen, f);
                grid[me.0][me.1] = true;
            }
        }
    }
    let mut f = [false; 5];
    follow(
        &mut instance.grid(),
        instance.a,
        instance.b,
        &mut Seen::new(),
        &mut f,
    );
    f
}

#[test]
fn features_name_the_facts_of_small_games() {
    use features::*;
    let of = |text: &str| Footholds.features(&game(text)).unwrap();
    // A's steps: up onto B loses, down wins in 5, right wins in 3.
    let f = of("[[1, 1], [1, 1], [1, 1]] [1, 0] [0, 0]");
    assert!(
        f.contains(&FIRST_WIN_NOT_QUICKEST) && f.contains(&WINNER_COULD_WAIT),
        "{f:?}"
    );
    // A steps off the shared cell and B's foothold is gone.
    assert_eq!(
        of("[[1, 1]] [0, 0] [0, 0]"),
        [SHARED_CELL, FOOTHOLD_GONE, NOT_SQUARE]
    );
    // A cannot move at all.
    assert_eq!(of("[[1, 0, 1]] [0, 0] [0, 2]"), [B_WINS, APART, NOT_SQUARE]);
    // A 1×5 row: A must walk towards B, and B steps onto A's cell last.
    let f = of("[[1, 1, 1, 1, 1]] [0, 0] [0, 4]");
    assert!(f.contains(&B_WINS) && f.contains(&SHARED_CELL), "{f:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn line_features_equal_the_plain_search(g in small_instance(4)) {
        use features::*;
        let found = Footholds.features(&g).unwrap();
        let plain = plain_line_features(&g);
        let clauses = [FIRST_WIN_NOT_QUICKEST, WINNER_COULD_WAIT, LOSER_COULD_HURRY, SHARED_CELL, FOOTHOLD_GONE];
        for (has, clause) in plain.into_iter().zip(clauses) {
            prop_assert_eq!(found.contains(&clause), has, "{}: {}", clause, g);
        }
        prop_assert_eq!(found.contains(&B_WINS), !outcome(&g).0.eq(&Player::A), "{}", g);
    }
}

#[test]
fn sizes_drawn_say_what_gen_draws() {
    use crate::puzzles::{Ask, GenOptions, GenRng, Generate, Limits};
    use rand::SeedableRng;
    let judge = Limits::Footholds { max_side: 5 };
    let plain = GenOptions::default();
    assert_eq!(
        Footholds.sizes_drawn(Ask::within(&plain, Some(&judge))),
        "rows and columns 1..5, larger more often, 50-100% footholds"
    );
    let largest = GenOptions {
        largest: true,
        cols: Some(3),
        density: Some(0.8),
        ..GenOptions::default()
    };
    assert_eq!(
        Footholds.sizes_drawn(Ask::within(&largest, Some(&judge))),
        "5×3, 80% footholds"
    );
    let hard = GenOptions {
        hard: true,
        rows: Some(2),
        ..GenOptions::default()
    };
    assert_eq!(
        Footholds.sizes_drawn(Ask::own(&hard)),
        "2 rows, columns 1..5, larger more often (5 half of the time), 50-100% footholds"
    );
    // Largest draws the judge's largest; otherwise every side from 1 to
    // it turns up.
    let mut rng = GenRng::seed_from_u64(1);
    for _ in 0..20 {
        let g = Footholds
            .generate(
                &mut rng,
                Ask::within(
                    &GenOptions {
                        largest: true,
                        ..GenOptions::default()
                    },
                    Some(&judge),
                ),
            )
            .unwrap();
        assert_eq!((g.rows, g.cols), (5, 5));
    }
    let mut seen = [false; 6];
    for _ in 0..300 {
        let g = Footholds
            .generate(&mut rng, Ask::within(&plain, Some(&judge)))
            .unwrap();
        assert!(g.rows <= 5 && g.cols <= 5);
        seen[g.rows] = true;
    }
    assert_eq!(seen, [false, true, true, true, true, true]);
}
