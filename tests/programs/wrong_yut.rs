// A dice yut (BOJ 17825) solution for the stress tests, right or with one
// deliberate mistake chosen by the first argument: correct | no-blue (the
// blue routes forgotten) | blue-24-scores-23 (a typo in the board: the
// 24 of the blue route from 20 scores 23; no catalogue mistake explains it)
// or a catalogue id: blue-when-passing | thirty-one-cell | forty-shared |
// stack-allowed | finish-piece-moves | centre-per-route | forty-per-route |
// cell-by-number | forty-stuck | forty-finishes | passing-forty-scores |
// exact-finish | finish-occupied | twenty-not-blue | thirty-not-blue |
// arms-share-outer-cells, or one of the breadth-first searches that
// keep the first arrival at a position and drop a later, higher-scoring one:
// first-arrival-wins (one visited set over all turns of the cells as a
// multiset), first-arrival-sorted (the same, each state a sorted tuple),
// first-arrival-ordered (one set of the pieces' cells in their order), and
// the same three with a visited set per turn: first-arrival-per-turn (the
// sorted tuple), first-arrival-per-turn-multiset, first-arrival-per-turn-
// ordered. Where no piece can move, the dice left score nothing.
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::Read;

type Pieces = [Option<(usize, usize)>; 4];

const OUTER: [u32; 21] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40];
const B10: [u32; 8] = [10, 13, 16, 19, 25, 30, 35, 40];
const B20: [u32; 7] = [20, 22, 24, 25, 30, 35, 40];
const B30: [u32; 8] = [30, 28, 27, 26, 25, 30, 35, 40];

fn route(r: usize) -> &'static [u32] {
    [&OUTER[..], &B10[..], &B20[..], &B30[..]][r]
}

fn corner(r: usize, i: usize) -> bool {
    r == 0 && (i == 5 || i == 10 || i == 15)
}

// Whether the mode lets the piece at `p` move `d` at all.
fn may_move(p: (usize, usize), d: usize, mode: &str) -> bool {
    let (mut r, mut i) = p;
    if mode == "forty-stuck" && route(r)[i] == 40 {
        return false;
    }
    if corner(r, i) {
        r = i / 5;
        i = 0;
    }
    // The finish is one past the end of the route.
    !(mode == "exact-finish" && i + d > route(r).len())
}

// A piece is (route, index) or None when finished.
fn step(p: Option<(usize, usize)>, d: usize, mode: &str) -> Option<(usize, usize)> {
    let (mut r, mut i) = p?;
    // twenty-not-blue, thirty-not-blue: a corner left out of the blue ones.
    let left_out = (mode == "twenty-not-blue" && i == 10) || (mode == "thirty-not-blue" && i == 15);
    if mode != "no-blue" && corner(r, i) && !left_out {
        r = i / 5;
        i = 0;
    }
    for s in 1..=d {
        i += 1;
        if i >= route(r).len() || (mode == "forty-finishes" && route(r)[i] == 40) {
            return None;
        }
        if mode == "blue-when-passing" && s < d && corner(r, i) {
            r = i / 5;
            i = 0;
        }
    }
    Some((r, i))
}

fn cell(p: (usize, usize), mode: &str) -> (usize, u32) {
    let v = route(p.0)[p.1];
    let centre = p.0 > 0 && p.1 + 4 >= route(p.0).len();
    if mode == "cell-by-number" {
        (0, v)
    } else if mode == "forty-per-route" && v == 40 && p.0 == 0 {
        (0, 40)
    } else if mode == "centre-per-route" && centre && v != 40 {
        (10 + p.0, v)
    } else if v == 40 || centre || (mode == "thirty-one-cell" && v == 30) {
        (9, v)
    } else if p.0 == 0 || p.1 == 0 || mode == "arms-share-outer-cells" {
        (0, v)
    } else {
        (p.0, v)
    }
}

// Remembered by the dice left and the pieces as a set (they are
// interchangeable), so that long dice sequences stay quick.
fn best(ps: Pieces, dice: &[usize], mode: &str, memo: &mut HashMap<u64, u32>) -> u32 {
    if dice.is_empty() || ps.iter().all(|p| p.is_none()) {
        return 0;
    }
    // One byte a piece (route and index, 255 when finished), sorted.
    let mut bytes = ps.map(|p| p.map_or(255u8, |(r, i)| (r * 32 + i) as u8));
    bytes.sort();
    let key = u64::from(u32::from_le_bytes(bytes)) | (dice.len() as u64) << 32;
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut top = 0;
    for k in 0..4 {
        if ps[k].is_none() {
            if mode == "finish-piece-moves" {
                top = top.max(best(ps, &dice[1..], mode, memo));
            }
            continue;
        }
        if !may_move(ps[k].unwrap(), dice[0], mode) {
            continue;
        }
        let to = step(ps[k], dice[0], mode);
        if to.is_none() && mode == "finish-occupied" && (0..4).any(|j| j != k && ps[j].is_none()) {
            continue;
        }
        if let Some(t) = to {
            let here = cell(t, mode);
            let may_share = mode == "stack-allowed" || (mode == "forty-shared" && here.1 == 40);
            if !may_share && (0..4).any(|j| j != k && ps[j].map(|p| cell(p, mode)) == Some(here)) {
                continue;
            }
        }
        let mut next = ps;
        next[k] = to;
        let from = ps[k].unwrap();
        let passes_forty = mode == "passing-forty-scores" && route(from.0)[from.1] != 40;
        let gain = to.map_or(if passes_forty { 40 } else { 0 }, |t| points(t, mode));
        top = top.max(gain + best(next, &dice[1..], mode, memo));
    }
    memo.insert(key, top);
    top
}

fn points(p: (usize, usize), mode: &str) -> u32 {
    let v = route(p.0)[p.1];
    if mode == "blue-24-scores-23" && p == (2, 2) {
        23
    } else {
        v
    }
}

// The board as 33 numbered squares, each with its red and blue next
// square: 0 start, 1..=20 the outer 2..40 (20 is the one 40), 21..=23 the
// arm from 10, 24..=25 the arm from 20, 26..=28 the arm from 30, 29 the
// centre 25, 30 the centre 30, 31 35, 32 the finish.
fn square_value(s: usize) -> u32 {
    const ARMS: [u32; 12] = [13, 16, 19, 22, 24, 28, 27, 26, 25, 30, 35, 0];
    if s <= 20 { 2 * s as u32 } else { ARMS[s - 21] }
}

fn red_next(s: usize) -> usize {
    match s {
        0..=19 => s + 1,
        20 => 32,
        23 | 25 | 28 => 29,
        31 => 20,
        32 => 32,
        _ => s + 1,
    }
}

fn blue_start(s: usize) -> usize {
    match s {
        5 => 21,
        10 => 24,
        15 => 26,
        _ => red_next(s),
    }
}

// Breadth-first over the turns; a state is four squares and a score. The
// mistake: a visited set of the squares (over all turns, or one per turn;
// as a sorted multiset or piece by piece), so the first score to reach
// them is the only one kept. With `sorted_state` the state itself is kept
// sorted, so its pieces are tried from the lowest square.
fn first_arrival(dice: &[usize], per_turn: bool, multiset: bool, sorted_state: bool) -> u32 {
    let mut queue = VecDeque::from([([0usize; 4], 0usize, 0u32)]);
    let mut seen = HashSet::new();
    seen.insert((0, [0usize; 4]));
    let mut answer = 0;
    while let Some((at, turn, score)) = queue.pop_front() {
        if turn == dice.len() || at.iter().all(|&s| s == 32) {
            answer = answer.max(score);
            continue;
        }
        for k in 0..4 {
            if at[k] == 32 {
                continue;
            }
            let mut to = blue_start(at[k]);
            for _ in 1..dice[turn] {
                to = red_next(to);
            }
            if to != 32 && (0..4).any(|j| j != k && at[j] == to) {
                continue;
            }
            let mut next = at;
            next[k] = to;
            let mut key = next;
            if multiset {
                key.sort();
            }
            if seen.insert((if per_turn { turn + 1 } else { 0 }, key)) {
                if sorted_state {
                    next.sort();
                }
                queue.push_back((next, turn + 1, score + square_value(to)));
            }
        }
    }
    answer
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "correct".into());
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let dice: Vec<usize> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let searches = [
        ("first-arrival-wins", false, true, false),
        ("first-arrival-sorted", false, true, true),
        ("first-arrival-ordered", false, false, false),
        ("first-arrival-per-turn", true, true, true),
        ("first-arrival-per-turn-multiset", true, true, false),
        ("first-arrival-per-turn-ordered", true, false, false),
    ];
    for (name, per_turn, multiset, sorted_state) in searches {
        if mode == name {
            println!("{}", first_arrival(&dice, per_turn, multiset, sorted_state));
            return;
        }
    }
    println!("{}", best([Some((0, 0)); 4], &dice, &mode, &mut HashMap::new()));
}
