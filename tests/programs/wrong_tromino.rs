// An L-tromino tiler for the stress tests, reading `n row col`, numbering
// in placement order (`correct`) or solving the quadrants clockwise
// (`clockwise`: top-left, top-right, bottom-right, bottom-left).
use std::io::Read;

fn tile(g: &mut Vec<Vec<u64>>, top: usize, left: usize, size: usize, hole: (usize, usize), order: &[usize; 4], next: &mut u64) {
    if size == 1 {
        return;
    }
    let half = size / 2;
    *next += 1;
    let id = *next;
    let q_of = |r: usize, c: usize| (r >= top + half) as usize * 2 + (c >= left + half) as usize;
    let hq = q_of(hole.0, hole.1);
    let mid = [
        (top + half - 1, left + half - 1),
        (top + half - 1, left + half),
        (top + half, left + half - 1),
        (top + half, left + half),
    ];
    for q in 0..4 {
        if q != hq {
            g[mid[q].0][mid[q].1] = id;
        }
    }
    let corner = [(top, left), (top, left + half), (top + half, left), (top + half, left + half)];
    for &q in order {
        let h = if q == hq { hole } else { mid[q] };
        tile(g, corner[q].0, corner[q].1, half, h, order, next);
    }
}

fn main() {
    let clockwise = std::env::args().nth(1).as_deref() == Some("clockwise");
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, r, c) = (v[0], v[1], v[2]);
    let mut g = vec![vec![0u64; n]; n];
    let order = if clockwise { [0, 1, 3, 2] } else { [0, 1, 2, 3] };
    let mut next = 0;
    tile(&mut g, 0, 0, n, (r, c), &order, &mut next);
    for row in g {
        let line: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        println!("{}", line.join(" "));
    }
}
