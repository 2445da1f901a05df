// An L-tromino tiler for the stress tests, reading `n row col`, numbering
// in placement order (`correct`) or with one mistake named by its
// catalogue id: `clockwise-quadrants` (top-left, top-right, bottom-right,
// bottom-left) or `centre-last` (the centre tromino numbered after the
// four quadrants); `reading-order` is a valid tiling numbered in another
// way (the placement order's trominoes renumbered by where they first
// appear, row by row), which no catalogue mistake explains.
use std::io::Read;

fn tile(g: &mut Vec<Vec<u64>>, top: usize, left: usize, size: usize, hole: (usize, usize), order: &[usize; 4], last: bool, next: &mut u64) {
    if size == 1 {
        return;
    }
    let half = size / 2;
    let q_of = |r: usize, c: usize| (r >= top + half) as usize * 2 + (c >= left + half) as usize;
    let hq = q_of(hole.0, hole.1);
    let mid = [
        (top + half - 1, left + half - 1),
        (top + half - 1, left + half),
        (top + half, left + half - 1),
        (top + half, left + half),
    ];
    let centre = |g: &mut Vec<Vec<u64>>, next: &mut u64| {
        *next += 1;
        for q in 0..4 {
            if q != hq {
                g[mid[q].0][mid[q].1] = *next;
            }
        }
    };
    if !last {
        centre(g, next);
    }
    let corner = [(top, left), (top, left + half), (top + half, left), (top + half, left + half)];
    for &q in order {
        let h = if q == hq { hole } else { mid[q] };
        tile(g, corner[q].0, corner[q].1, half, h, order, last, next);
    }
    if last {
        centre(g, next);
    }
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let clockwise = mode == "clockwise-quadrants";
    let last = mode == "centre-last";
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, r, c) = (v[0], v[1], v[2]);
    let mut g = vec![vec![0u64; n]; n];
    let order = if clockwise { [0, 1, 3, 2] } else { [0, 1, 2, 3] };
    let mut next = 0;
    tile(&mut g, 0, 0, n, (r, c), &order, last, &mut next);
    if mode == "reading-order" {
        let mut new = std::collections::HashMap::new();
        for x in g.iter_mut().flatten() {
            if *x != 0 {
                let k = new.len() as u64 + 1;
                *x = *new.entry(*x).or_insert(k);
            }
        }
    }
    for row in g {
        let line: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        println!("{}", line.join(" "));
    }
}
