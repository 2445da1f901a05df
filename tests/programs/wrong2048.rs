// A 2048 (BOJ 12100) solution for the stress tests, right or with one
// deliberate mistake chosen by the first argument, named by its catalogue
// id: correct | merge-again | merge-cascade | far-side-first |
// no-merge-across-gap | one-merge-per-line | one-move-short |
// one-move-long | stops-on-unchanged | board-not-copied | left-up-only |
// no-repeat-move | greedy-largest-now | right-down-from-far-side |
// merge-marks-kept | bound-one-move-tight | D-never-made |
// D-moves-left-column-only (D up or down) | D-moves-top-row-only (D left
// or right) | largest-in-first-cell | largest-in-top-row |
// largest-in-top-two-rows | largest-misses-last-row |
// largest-misses-last-column | no-repeat-if-merged-equals-next |
// merge-again-across-gap
// The second argument is K (default 5). Plain search over all 4^K lines,
// except where the mistake is in the search itself (the modes after
// stops-on-unchanged are written apart, as a C++-minded contestant would:
// a board struct moved in place).
use std::io::Read;

fn merge(line: &[u64], mode: &str) -> Vec<u64> {
    let blocks: Vec<u64> = line.iter().copied().filter(|&v| v != 0).collect();
    let mut out: Vec<u64> = Vec::new();
    match mode {
        "merge-again" => {
            // The common bug: no "already merged" flag.
            for v in blocks {
                if out.last() == Some(&v) {
                    *out.last_mut().unwrap() *= 2;
                } else {
                    out.push(v);
                }
            }
        }
        "merge-cascade" => {
            for v in blocks {
                out.push(v);
                while out.len() >= 2 && out[out.len() - 1] == out[out.len() - 2] {
                    let v = out.pop().unwrap();
                    *out.last_mut().unwrap() += v;
                }
            }
        }
        "far-side-first" => {
            let mut i = blocks.len();
            while i > 0 {
                if i >= 2 && blocks[i - 1] == blocks[i - 2] {
                    out.insert(0, blocks[i - 1] * 2);
                    i -= 2;
                } else {
                    out.insert(0, blocks[i - 1]);
                    i -= 1;
                }
            }
        }
        "merge-again-across-gap" => {
            // The flag is reset by every cell looked at, empty ones too.
            let mut merged = false;
            for &v in line {
                if v == 0 {
                    merged = false;
                } else if !merged && out.last() == Some(&v) {
                    *out.last_mut().unwrap() *= 2;
                    merged = true;
                } else {
                    out.push(v);
                    merged = false;
                }
            }
        }
        "no-merge-across-gap" => {
            let mut i = 0;
            while i < line.len() {
                if line[i] != 0 && i + 1 < line.len() && line[i] == line[i + 1] {
                    out.push(line[i] * 2);
                    i += 2;
                } else {
                    if line[i] != 0 {
                        out.push(line[i]);
                    }
                    i += 1;
                }
            }
        }
        _ => {
            let mut merged = false;
            let mut i = 0;
            while i < blocks.len() {
                let allowed = !(mode == "one-merge-per-line" && merged);
                if allowed && i + 1 < blocks.len() && blocks[i] == blocks[i + 1] {
                    out.push(blocks[i] * 2);
                    merged = true;
                    i += 2;
                } else {
                    out.push(blocks[i]);
                    i += 1;
                }
            }
        }
    }
    out.resize(line.len(), 0);
    out
}

const DIRS: [&str; 4] = ["up", "down", "left", "right"];

/// The largest block, read over the part of the board the mode reads.
fn largest(b: &[Vec<u64>], mode: &str) -> u64 {
    let n = b.len();
    let mut top = 0;
    for r in 0..n {
        for c in 0..n {
            let read = match mode {
                "largest-in-first-cell" => r == 0 && c == 0,
                "largest-in-top-row" => r == 0,
                "largest-in-top-two-rows" => r < 2,
                "largest-misses-last-row" => r < n - 1,
                "largest-misses-last-column" => c < n - 1,
                _ => true,
            };
            if read {
                top = top.max(b[r][c]);
            }
        }
    }
    top
}

/// Whether moving `line` towards index 0 makes some merged block equal
/// to the block after it.
fn merged_equals_next(line: &[u64]) -> bool {
    let blocks: Vec<u64> = line.iter().copied().filter(|&v| v != 0).collect();
    let mut moved: Vec<(u64, bool)> = Vec::new();
    let mut i = 0;
    while i < blocks.len() {
        if i + 1 < blocks.len() && blocks[i] == blocks[i + 1] {
            moved.push((blocks[i] * 2, true));
            i += 2;
        } else {
            moved.push((blocks[i], false));
            i += 1;
        }
    }
    (1..moved.len()).any(|j| moved[j - 1].1 && moved[j - 1].0 == moved[j].0)
}

fn best(b: &Vec<Vec<u64>>, k: u32, mode: &str, banned: usize) -> u64 {
    let n = b.len();
    let mut top = largest(b, mode);
    if k == 0 {
        return top;
    }
    for dir in 0..4 {
        if mode == format!("{}-never-made", DIRS[dir]) || dir == banned {
            continue;
        }
        let first_only = mode.starts_with(&format!("{}-moves-", DIRS[dir]));
        let mut next = vec![vec![0u64; n]; n];
        let mut equal_after_merge = false;
        for i in 0..n {
            let i = if first_only { 0 } else { i };
            let pos = |j: usize| match dir {
                0 => (j, i),
                1 => (n - 1 - j, i),
                2 => (i, j),
                _ => (i, n - 1 - j),
            };
            let line: Vec<u64> = (0..n).map(|j| { let (r, c) = pos(j); b[r][c] }).collect();
            equal_after_merge |= merged_equals_next(&line);
            for (j, v) in merge(&line, mode).into_iter().enumerate() {
                let (r, c) = pos(j);
                next[r][c] = v;
            }
        }
        if mode == "stops-on-unchanged" && &next == b {
            break;
        }
        let pruned = mode == "no-repeat-if-merged-equals-next" && equal_after_merge;
        top = top.max(best(&next, k - 1, mode, if pruned { dir } else { 4 }));
    }
    top
}

// The search-side mistakes: a board in a struct, moved in place, with
// per-cell merge marks.
#[derive(Clone)]
struct Game {
    n: usize,
    a: Vec<Vec<u64>>,
    merged: Vec<Vec<bool>>,
}

impl Game {
    fn top(&self) -> u64 {
        self.a.iter().flatten().copied().max().unwrap_or(0)
    }

    // Moves the blocks in place towards `dir` (0 up, 1 down, 2 left,
    // 3 right); `clear_marks` false keeps the marks of earlier moves;
    // `far_side` merges right and down pairs from the far end.
    fn slide(&mut self, dir: usize, clear_marks: bool, far_side: bool) {
        let n = self.n;
        if clear_marks {
            self.merged = vec![vec![false; n]; n];
        }
        for i in 0..n {
            // Cells of the line, the wall first.
            let at: Vec<(usize, usize)> = (0..n)
                .map(|k| match dir {
                    0 => (k, i),
                    1 => (n - 1 - k, i),
                    2 => (i, k),
                    _ => (i, n - 1 - k),
                })
                .collect();
            if far_side && (dir == 1 || dir == 3) {
                // Written like the loop for left/up: pairs from index 0 of
                // the row (the far side for right/down), then packed.
                let mut vals: Vec<u64> = at.iter().rev().map(|&(r, c)| self.a[r][c]).filter(|&v| v != 0).collect();
                let mut j = 0;
                let mut packed = Vec::new();
                while j < vals.len() {
                    if j + 1 < vals.len() && vals[j] == vals[j + 1] {
                        packed.push(vals[j] * 2);
                        j += 2;
                    } else {
                        packed.push(vals[j]);
                        j += 1;
                    }
                }
                vals = packed;
                for &(r, c) in &at {
                    self.a[r][c] = 0;
                }
                for (k, v) in vals.iter().rev().enumerate() {
                    let (r, c) = at[k];
                    self.a[r][c] = *v;
                }
                continue;
            }
            let mut w = 0; // next free cell, counted from the wall
            for k in 0..n {
                let (r, c) = at[k];
                let v = self.a[r][c];
                if v == 0 {
                    continue;
                }
                self.a[r][c] = 0;
                if w > 0 {
                    let (pr, pc) = at[w - 1];
                    if self.a[pr][pc] == v && !self.merged[pr][pc] {
                        self.a[pr][pc] = v * 2;
                        self.merged[pr][pc] = true;
                        continue;
                    }
                }
                let (wr, wc) = at[w];
                self.a[wr][wc] = v;
                w += 1;
            }
        }
    }
}

struct Search {
    k: usize,
    mode: String,
    ans: u64,
}

impl Search {
    fn dfs(&mut self, g: &mut Game, depth: usize, last: usize) {
        let mode = self.mode.clone();
        if depth == self.k {
            self.ans = self.ans.max(g.top());
            return;
        }
        if mode == "bound-one-move-tight" {
            // Should be << (k - depth): the current move counts too.
            let left = (self.k - depth - 1) as u32;
            if left < 64 && (g.top() << left) <= self.ans {
                return;
            }
        } else {
            self.ans = self.ans.max(g.top());
        }
        let dirs: &[usize] = if mode == "left-up-only" { &[0, 2] } else { &[0, 1, 2, 3] };
        let saved = g.clone();
        for &dir in dirs {
            if mode == "no-repeat-move" && dir == last {
                continue;
            }
            if mode != "board-not-copied" {
                *g = saved.clone();
            }
            let keep_marks = mode == "merge-marks-kept";
            let far = mode == "right-down-from-far-side";
            g.slide(dir, !keep_marks, far);
            if keep_marks {
                // The marks travel down the line of play and back.
                let mut child = g.clone();
                self.dfs(&mut child, depth + 1, dir);
            } else {
                let mut child = g.clone();
                self.dfs(&mut child, depth + 1, dir);
            }
        }
    }
}

fn greedy(b: &Vec<Vec<u64>>, k: u32) -> u64 {
    let n = b.len();
    let mut g = Game { n, a: b.clone(), merged: vec![vec![false; n]; n] };
    for _ in 0..k {
        let mut pick: Option<Game> = None;
        for dir in 0..4 {
            let mut t = g.clone();
            t.slide(dir, true, false);
            if pick.as_ref().map_or(true, |p| t.top() > p.top()) {
                pick = Some(t);
            }
        }
        g = pick.unwrap();
    }
    g.top()
}

const SEARCH_MODES: &[&str] = &[
    "board-not-copied",
    "left-up-only",
    "no-repeat-move",
    "right-down-from-far-side",
    "merge-marks-kept",
    "bound-one-move-tight",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("correct").to_string();
    let k: u32 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(5);
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let nums: Vec<u64> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let n = nums[0] as usize;
    let board: Vec<Vec<u64>> = (0..n).map(|r| nums[1 + r * n..1 + (r + 1) * n].to_vec()).collect();
    let k = match mode.as_str() {
        "one-move-short" => k.saturating_sub(1),
        "one-move-long" => k + 1,
        _ => k,
    };
    if mode == "greedy-largest-now" {
        println!("{}", greedy(&board, k));
        return;
    }
    if SEARCH_MODES.contains(&mode.as_str()) {
        let mut g = Game { n, a: board.clone(), merged: vec![vec![false; n]; n] };
        let mut s = Search { k: k as usize, mode, ans: 0 };
        s.dfs(&mut g, 0, 4);
        println!("{}", s.ans);
        return;
    }
    println!("{}", best(&board, k, &mode, 4));
}
