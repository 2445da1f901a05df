// A correct L-tromino tiler in BOJ 14600/14601's format (`K`, then `x y`
// with x the column from the left and y the row from the bottom, both
// 1-based; the hole printed as -1) that numbers its trominoes in its own
// order: each level's centre tromino first, then the quadrants clockwise
// from the top left. Any valid tiling is a right answer at the judge, so
// this program must pass there; it is not the placement order.
//
// Its board is a fixed array of CAP×CAP cells, CAP the first argument, the
// way a contestant sizes it from the statement: past the judge's limits it
// panics (a runtime error), within them it is right.
use std::io::Read;

fn tile(g: &mut [i64], cap: usize, top: usize, left: usize, size: usize, hole: (usize, usize), next: &mut i64) {
    if size == 1 {
        return;
    }
    let half = size / 2;
    // Clockwise: top left, top right, bottom right, bottom left.
    let quads = [(0, 0), (0, 1), (1, 1), (1, 0)];
    let inside = |q: (usize, usize)| {
        let (r, c) = (top + q.0 * half, left + q.1 * half);
        hole.0 >= r && hole.0 < r + half && hole.1 >= c && hole.1 < c + half
    };
    let corner = |q: (usize, usize)| (top + half - 1 + q.0, left + half - 1 + q.1);
    *next += 1;
    for &q in &quads {
        if !inside(q) {
            let (r, c) = corner(q);
            g[r * cap + c] = *next;
        }
    }
    for &q in &quads {
        let sub_hole = if inside(q) { hole } else { corner(q) };
        tile(g, cap, top + q.0 * half, left + q.1 * half, half, sub_hole, next);
    }
}

fn main() {
    let cap: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(128);
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<usize> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (k, x, y) = (v[0], v[1], v[2]);
    let n = 1usize << k;
    let mut g = vec![0i64; cap * cap];
    let hole = (n - y, x - 1);
    assert!(n <= cap, "board of {n} past the array of {cap}");
    g[hole.0 * cap + hole.1] = -1;
    let mut next = 0;
    tile(&mut g, cap, 0, 0, n, hole, &mut next);
    let mut out = String::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| g[r * cap + c].to_string()).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    print!("{out}");
}
