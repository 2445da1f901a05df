// A dice yut (BOJ 17825) solution for the stress tests, right or, with the
// argument `no-blue`, one that forgets the blue routes.
use std::io::Read;

const OUTER: [u32; 21] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40];
const B10: [u32; 8] = [10, 13, 16, 19, 25, 30, 35, 40];
const B20: [u32; 7] = [20, 22, 24, 25, 30, 35, 40];
const B30: [u32; 8] = [30, 28, 27, 26, 25, 30, 35, 40];

fn route(r: usize) -> &'static [u32] {
    [&OUTER[..], &B10[..], &B20[..], &B30[..]][r]
}

// A piece is (route, index) or None when finished.
fn step(p: Option<(usize, usize)>, d: usize, blue: bool) -> Option<(usize, usize)> {
    let (mut r, mut i) = p?;
    if blue && r == 0 && (i == 5 || i == 10 || i == 15) {
        r = i / 5;
        i = 0;
    }
    i += d;
    if i >= route(r).len() { None } else { Some((r, i)) }
}

fn cell(p: (usize, usize)) -> (usize, u32) {
    let v = route(p.0)[p.1];
    if v == 40 || (p.0 > 0 && p.1 + 4 >= route(p.0).len()) {
        (9, v)
    } else if p.0 == 0 || p.1 == 0 {
        (0, v)
    } else {
        (p.0, v)
    }
}

fn best(ps: [Option<(usize, usize)>; 4], dice: &[usize], blue: bool) -> u32 {
    if dice.is_empty() || ps.iter().all(|p| p.is_none()) {
        return 0;
    }
    let mut top = 0;
    for k in 0..4 {
        if ps[k].is_none() {
            continue;
        }
        let to = step(ps[k], dice[0], blue);
        if let Some(t) = to {
            if (0..4).any(|j| j != k && ps[j].map(cell) == Some(cell(t))) {
                continue;
            }
        }
        let mut next = ps;
        next[k] = to;
        let gain = to.map_or(0, |t| route(t.0)[t.1]);
        top = top.max(gain + best(next, &dice[1..], blue));
    }
    top
}

fn main() {
    let blue = std::env::args().nth(1).as_deref() != Some("no-blue");
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let dice: Vec<usize> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    println!("{}", best([Some((0, 0)); 4], &dice, blue));
}
