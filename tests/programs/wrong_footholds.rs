// A disappearing-footholds solution for the stress tests, reading the
// plain text form (R C, the rows, ar ac br bc), right or with one mistake
// chosen by the first argument, named by its catalogue id: correct |
// no-vanish-check | first-winning-move | winner-maximizes |
// loser-minimizes | vanish-not-restored | opponent-cell-blocked |
// b-moves-first | loser-turn-counted | negative-index-wraps | no-step-up.
// Steps are tried up, down, left, right.
use std::io::Read;

fn play(g: &mut Vec<Vec<u8>>, me: (i32, i32), you: (i32, i32), mode: &str) -> (bool, u32) {
    let stuck = (false, if mode == "loser-turn-counted" { 1 } else { 0 });
    if mode != "no-vanish-check" && g[me.0 as usize][me.1 as usize] == 0 {
        return stuck;
    }
    let (rows, cols) = (g.len() as i32, g[0].len() as i32);
    let mut best: Option<(bool, u32)> = None;
    // no-step-up: the sign of the first row step dropped.
    let up = if mode == "no-step-up" { 1 } else { -1 };
    for (dr, dc) in [(up, 0), (1, 0), (0, -1), (0, 1)] {
        let mut to = (me.0 + dr, me.1 + dc);
        if mode == "negative-index-wraps" {
            // As Python reads board[-1]: the last row (or column).
            if to.0 < 0 {
                to.0 += rows;
            }
            if to.1 < 0 {
                to.1 += cols;
            }
        }
        if to.0 < 0 || to.1 < 0 || to.0 >= rows || to.1 >= cols {
            continue;
        }
        if g[to.0 as usize][to.1 as usize] == 0 {
            continue;
        }
        if mode == "opponent-cell-blocked" && to == you {
            continue;
        }
        let had = g[me.0 as usize][me.1 as usize];
        g[me.0 as usize][me.1 as usize] = 0;
        let (they, rest) = play(g, you, to, mode);
        if mode != "vanish-not-restored" {
            g[me.0 as usize][me.1 as usize] = had;
        }
        let mine = (!they, rest + 1);
        if mode == "first-winning-move" && mine.0 {
            // The shortcut: a win is a win, stop looking.
            return mine;
        }
        best = Some(match best {
            None => mine,
            Some(o) => {
                if o.0 != mine.0 {
                    if o.0 { o } else { mine }
                } else if o.0 && mode != "winner-maximizes" {
                    (true, o.1.min(mine.1))
                } else if !o.0 && mode == "loser-minimizes" {
                    (false, o.1.min(mine.1))
                } else {
                    (o.0, o.1.max(mine.1))
                }
            }
        });
    }
    best.unwrap_or(stuck)
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "correct".into());
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<i32> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (r, c) = (v[0] as usize, v[1] as usize);
    let mut g: Vec<Vec<u8>> = (0..r).map(|i| v[2 + i * c..2 + (i + 1) * c].iter().map(|&x| x as u8).collect()).collect();
    let k = 2 + r * c;
    let (mut a, mut b) = ((v[k], v[k + 1]), (v[k + 2], v[k + 3]));
    if mode == "b-moves-first" {
        std::mem::swap(&mut a, &mut b);
    }
    println!("{}", play(&mut g, a, b, &mode).1);
}
