// An L-tromino tiler for the stress tests, numbering in placement order
// (`correct`) or with one mistake named by its catalogue id. It reads
// `n row col` (the own format, the hole printed 0), or with a second
// argument `boj` BOJ 14600/14601's `K` then `x y` (x the column from the
// left, y the row from the bottom, 1-based; the hole printed -1).
//
// Mistakes of the order: `clockwise-quadrants` (top-left, top-right,
// bottom-right, bottom-left) and `centre-last` (the centre tromino
// numbered after the four quadrants). Mistakes of the rules:
// `y-from-top` (the hole's row counted from the other edge),
// `xy-swapped` (the hole's two coordinates read the other way round),
// `x-as-row` (BOJ's x taken for the row from the top, y for the column;
// in the own format the same as `xy-swapped`),
// `labels-from-zero`, `stops-at-two` (the recursion returns at 2x2
// squares without tiling them), `quadrant-off-by-one` (the hole's
// quadrant decided with <= at the middle), `labels-by-depth` (each
// tromino numbered by its depth), `hole-unmarked` (the hole never set
// to -1), `hole-mark-row-dropped` and `hole-mark-column-dropped` (the -1
// written on the first row or column). `reading-order` is a valid tiling numbered in another way (the
// placement order's trominoes renumbered by where they first appear, row
// by row), which no catalogue mistake explains.
use std::io::Read;

struct Plan<'a> {
    mode: &'a str,
    order: [usize; 4],
}

fn tile(g: &mut Vec<Vec<i64>>, plan: &Plan, top: usize, left: usize, size: usize, hole: (usize, usize), depth: i64, next: &mut i64) {
    if size == 1 || (size == 2 && plan.mode == "stops-at-two") {
        return;
    }
    let half = size / 2;
    // Which half a coordinate is in; `quadrant-off-by-one` writes <= for <.
    let lower = |x: usize, mid: usize| if plan.mode == "quadrant-off-by-one" { !(x <= mid) } else { !(x < mid) };
    let q_of = |r: usize, c: usize| lower(r, top + half) as usize * 2 + lower(c, left + half) as usize;
    let hq = q_of(hole.0, hole.1);
    let mid = [
        (top + half - 1, left + half - 1),
        (top + half - 1, left + half),
        (top + half, left + half - 1),
        (top + half, left + half),
    ];
    let centre = |g: &mut Vec<Vec<i64>>, next: &mut i64| {
        *next += 1;
        let label = match plan.mode {
            "labels-by-depth" => depth + 1,
            "labels-from-zero" => *next - 1,
            _ => *next,
        };
        for q in 0..4 {
            if q != hq {
                g[mid[q].0][mid[q].1] = label;
            }
        }
    };
    let last = plan.mode == "centre-last";
    if !last {
        centre(g, next);
    }
    let corner = [(top, left), (top, left + half), (top + half, left), (top + half, left + half)];
    for &q in &plan.order {
        let h = if q == hq { hole } else { mid[q] };
        tile(g, plan, corner[q].0, corner[q].1, half, h, depth + 1, next);
    }
    if last {
        centre(g, next);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("", String::as_str);
    let boj = args.get(2).is_some_and(|a| a == "boj");
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, mut r, mut c);
    if boj {
        n = 1usize << v[0];
        let (mut x, mut y) = (v[1], v[2]);
        if mode == "xy-swapped" {
            std::mem::swap(&mut x, &mut y);
        }
        r = if mode == "y-from-top" { y - 1 } else { n - y };
        c = x - 1;
        if mode == "x-as-row" {
            r = x - 1;
            c = y - 1;
        }
    } else {
        n = v[0];
        r = v[1];
        c = v[2];
        if mode == "xy-swapped" || mode == "x-as-row" {
            std::mem::swap(&mut r, &mut c);
        }
        if mode == "y-from-top" {
            r = n - 1 - r;
        }
    }
    let mut g = vec![vec![0i64; n]; n];
    // hole-mark-row-dropped / hole-mark-column-dropped: the -1 written
    // through a flat index missing one term.
    if mode == "hole-mark-row-dropped" {
        g[0][c] = -1;
    } else if mode == "hole-mark-column-dropped" {
        g[r][0] = -1;
    } else if mode != "hole-unmarked" {
        g[r][c] = -1;
    }
    let plan = Plan {
        mode,
        order: if mode == "clockwise-quadrants" { [0, 1, 3, 2] } else { [0, 1, 2, 3] },
    };
    let mut next = 0;
    tile(&mut g, &plan, 0, 0, n, (r, c), 0, &mut next);
    if mode == "reading-order" {
        let mut new = std::collections::HashMap::new();
        for x in g.iter_mut().flatten() {
            if *x > 0 {
                let k = new.len() as i64 + 1;
                *x = *new.entry(*x).or_insert(k);
            }
        }
    }
    let hole = if boj { "-1" } else { "0" };
    let mut out = String::new();
    for row in g {
        let line: Vec<String> = row.iter().map(|&x| if x == -1 { hole.to_string() } else { x.to_string() }).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    print!("{out}");
}
