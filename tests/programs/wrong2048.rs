// A 2048 (BOJ 12100) solution for the stress tests, right or with one
// deliberate mistake chosen by the first argument, named by its catalogue
// id: correct | merge-again | merge-cascade | far-side-first |
// no-merge-across-gap | one-merge-per-line | one-move-short |
// one-move-long | stops-on-unchanged
// The second argument is K (default 5). Plain search over all 4^K lines.
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

fn best(b: &Vec<Vec<u64>>, k: u32, mode: &str) -> u64 {
    let n = b.len();
    let mut top = b.iter().flatten().copied().max().unwrap_or(0);
    if k == 0 {
        return top;
    }
    for dir in 0..4 {
        let mut next = vec![vec![0u64; n]; n];
        for i in 0..n {
            let pos = |j: usize| match dir {
                0 => (j, i),
                1 => (n - 1 - j, i),
                2 => (i, j),
                _ => (i, n - 1 - j),
            };
            let line: Vec<u64> = (0..n).map(|j| { let (r, c) = pos(j); b[r][c] }).collect();
            for (j, v) in merge(&line, mode).into_iter().enumerate() {
                let (r, c) = pos(j);
                next[r][c] = v;
            }
        }
        if mode == "stops-on-unchanged" && &next == b {
            break;
        }
        top = top.max(best(&next, k - 1, mode));
    }
    top
}

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
    println!("{}", best(&board, k, &mode));
}
