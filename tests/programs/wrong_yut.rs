// A dice yut (BOJ 17825) solution for the stress tests, right or with one
// deliberate mistake chosen by the first argument: correct | no-blue (the
// blue routes forgotten) or a catalogue id: blue-when-passing |
// thirty-one-cell | forty-shared | stack-allowed | finish-piece-moves
use std::collections::HashMap;
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

// A piece is (route, index) or None when finished.
fn step(p: Option<(usize, usize)>, d: usize, mode: &str) -> Option<(usize, usize)> {
    let (mut r, mut i) = p?;
    if mode != "no-blue" && corner(r, i) {
        r = i / 5;
        i = 0;
    }
    for s in 1..=d {
        i += 1;
        if i >= route(r).len() {
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
    if v == 40 || (p.0 > 0 && p.1 + 4 >= route(p.0).len()) || (mode == "thirty-one-cell" && v == 30) {
        (9, v)
    } else if p.0 == 0 || p.1 == 0 {
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
        let to = step(ps[k], dice[0], mode);
        if let Some(t) = to {
            let here = cell(t, mode);
            let may_share = mode == "stack-allowed" || (mode == "forty-shared" && here.1 == 40);
            if !may_share && (0..4).any(|j| j != k && ps[j].map(|p| cell(p, mode)) == Some(here)) {
                continue;
            }
        }
        let mut next = ps;
        next[k] = to;
        let gain = to.map_or(0, |t| route(t.0)[t.1]);
        top = top.max(gain + best(next, &dice[1..], mode, memo));
    }
    memo.insert(key, top);
    top
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "correct".into());
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let dice: Vec<usize> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    println!("{}", best([Some((0, 0)); 4], &dice, &mode, &mut HashMap::new()));
}
