//! The tiling as an SVG picture.

use super::{Instance, tiling};
use crate::puzzles::Error;
use std::fmt::Write;

/// Largest side `--svg` draws.
pub const MAX_SVG_N: u32 = 256;

/// Fill colours; greedy colouring needs at most 9 (an L touches at most 8 cells
/// outside itself), so neighbours always differ.
const PALETTE: [&str; 10] = [
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#ccebc5",
];

/// Boards up to this side show each tromino's number.
const NUMBERS_UP_TO: usize = 32;

/// The picture of the tiling of `instance`.
///
/// # Errors
/// [`Error::Usage`] for a side above [`MAX_SVG_N`].
pub(super) fn picture(instance: &Instance) -> Result<String, Error> {
    if instance.n > MAX_SVG_N {
        return Err(Error::Usage(format!(
            "--svg draws boards up to {MAX_SVG_N}×{MAX_SVG_N}; n = {} is above",
            instance.n
        )));
    }
    Ok(render(instance.n as usize, &tiling(instance)))
}

/// Draws `labels` (side `n`, hole label 0, tiles labelled 1..=T).
fn render(n: usize, labels: &[u32]) -> String {
    let tiles = labels.iter().copied().max().unwrap_or(0) as usize;
    // Cells of each tile, in row-major order.
    let mut cells = vec![Vec::with_capacity(3); tiles + 1];
    for (k, &v) in labels.iter().enumerate() {
        cells[v as usize].push(k);
    }
    let mut colour = vec![usize::MAX; tiles + 1];
    for t in 1..=tiles {
        let mut used = [false; PALETTE.len()];
        for &k in &cells[t] {
            let (r, c) = (k / n, k % n);
            let neighbours = [
                (r > 0).then(|| k - n),
                (r + 1 < n).then(|| k + n),
                (c > 0).then(|| k - 1),
                (c + 1 < n).then(|| k + 1),
            ];
            for j in neighbours.into_iter().flatten() {
                let other = labels[j] as usize;
                if other != t && other != 0 && colour[other] != usize::MAX {
                    used[colour[other]] = true;
                }
            }
        }
        colour[t] = used.iter().position(|&u| !u).unwrap_or(0);
    }

    let cell = (768 / n).clamp(3, 40);
    let size = cell * n;
    let mut svg = String::with_capacity(n * n * 64 + 1024);
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" viewBox=\"-2 -2 {w} {w}\">",
        w = size + 4
    );
    for (k, &v) in labels.iter().enumerate() {
        let (x, y) = ((k % n) * cell, (k / n) * cell);
        let fill = if v == 0 {
            "#222222"
        } else {
            PALETTE[colour[v as usize]]
        };
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>"
        );
    }
    // Thin grid, then tromino outlines over it.
    let mut grid = String::new();
    for i in 0..=n {
        let p = i * cell;
        let _ = write!(grid, "M{p} 0V{size}M0 {p}H{size}");
    }
    let _ = writeln!(
        svg,
        "<path d=\"{grid}\" stroke=\"#555555\" stroke-width=\"0.3\" fill=\"none\"/>"
    );
    let mut outline = format!("M0 0H{size}V{size}H0Z");
    for r in 0..n {
        for c in 0..n {
            let v = labels[r * n + c];
            let (x, y) = (c * cell, r * cell);
            if c + 1 < n && labels[r * n + c + 1] != v {
                let _ = write!(outline, "M{} {y}v{cell}", x + cell);
            }
            if r + 1 < n && labels[(r + 1) * n + c] != v {
                let _ = write!(outline, "M{x} {}h{cell}", y + cell);
            }
        }
    }
    let width = if n <= 64 { 2.0 } else { 1.0 };
    let _ = writeln!(
        svg,
        "<path d=\"{outline}\" stroke=\"#000000\" stroke-width=\"{width}\" fill=\"none\"/>"
    );
    // The hole: a white cross on its dark cell.
    if let Some(k) = labels.iter().position(|&v| v == 0) {
        let (x, y) = ((k % n) * cell, (k / n) * cell);
        let m = cell / 4;
        let _ = writeln!(
            svg,
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            x + m,
            y + m,
            x + cell - m,
            y + cell - m,
            x + cell - m,
            y + m,
            x + m,
            y + cell - m,
            (cell / 10).max(1)
        );
    }
    if n <= NUMBERS_UP_TO {
        let font = cell * 2 / 5;
        for (t, tile) in cells.iter().enumerate().skip(1) {
            // The number goes in the elbow: the cell next to both others.
            let elbow = tile
                .iter()
                .copied()
                .find(|&k| {
                    tile.iter()
                        .filter(|&&j| j != k)
                        .all(|&j| j + 1 == k || k + 1 == j || j + n == k || k + n == j)
                })
                .unwrap_or(tile[0]);
            let (x, y) = ((elbow % n) * cell + cell / 2, (elbow / n) * cell + cell / 2);
            let _ = writeln!(
                svg,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"{font}\" font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\">{t}</text>"
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}
