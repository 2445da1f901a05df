//! The tiling as an SVG picture.

use super::parse::Instance;
use super::solve::tiling;
use crate::puzzles::error::Error;
use crate::puzzles::refusal::Refusal;
use crate::text::svg::{Data, Svg};

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
/// [`Error::Refused`] for a side above [`MAX_SVG_N`].
pub(super) fn picture(instance: &Instance) -> Result<String, Error> {
    if instance.n > MAX_SVG_N {
        return Err(Refusal::BoardTooLarge {
            task: "--svg draws boards",
            most: MAX_SVG_N,
            n: instance.n,
        }
        .into());
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
    let colour = colouring(n, labels, &cells);
    let cell = (768 / n).clamp(3, 40);
    let mut svg = Svg::new(-2, -2, cell * n + 4, cell * n + 4);
    for (k, &v) in labels.iter().enumerate() {
        let fill = if v == 0 {
            "#222222"
        } else {
            PALETTE[colour[v as usize]]
        };
        svg.tag("rect")
            .attr("x", (k % n) * cell)
            .attr("y", (k / n) * cell)
            .attr("width", cell)
            .attr("height", cell)
            .attr("fill", fill)
            .end();
    }
    lines(&mut svg, n, cell, labels);
    if let Some(k) = labels.iter().position(|&v| v == 0) {
        hole(&mut svg, ((k % n) * cell, (k / n) * cell), cell);
    }
    if n <= NUMBERS_UP_TO {
        numbers(&mut svg, n, cell, &cells);
    }
    svg.finish()
}

/// A palette index for every tile (`cells[t]`, its cells), each unlike
/// those of its neighbours coloured before it.
fn colouring(n: usize, labels: &[u32], cells: &[Vec<usize>]) -> Vec<usize> {
    let mut colour = vec![usize::MAX; cells.len()];
    for t in 1..cells.len() {
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
    colour
}

/// The thin grid, then the tromino outlines over it.
fn lines(svg: &mut Svg, n: usize, cell: usize, labels: &[u32]) {
    let size = cell * n;
    let mut grid = Data::default();
    for i in 0..=n {
        let p = i * cell;
        grid.push(format_args!("M{p} 0V{size}M0 {p}H{size}"));
    }
    svg.tag("path")
        .attr("d", grid)
        .attr("stroke", "#555555")
        .attr("stroke-width", "0.3")
        .attr("fill", "none")
        .end();
    let mut outline = Data::from(format_args!("M0 0H{size}V{size}H0Z"));
    for r in 0..n {
        for c in 0..n {
            let v = labels[r * n + c];
            let (x, y) = (c * cell, r * cell);
            if c + 1 < n && labels[r * n + c + 1] != v {
                outline.push(format_args!("M{} {y}v{cell}", x + cell));
            }
            if r + 1 < n && labels[(r + 1) * n + c] != v {
                outline.push(format_args!("M{x} {}h{cell}", y + cell));
            }
        }
    }
    svg.tag("path")
        .attr("d", outline)
        .attr("stroke", "#000000")
        .attr("stroke-width", if n <= 64 { 2.0 } else { 1.0 })
        .attr("fill", "none")
        .end();
}

/// The hole: a white cross on its dark cell, whose corner is `(x, y)`.
fn hole(svg: &mut Svg, (x, y): (usize, usize), cell: usize) {
    let m = cell / 4;
    let (near, far) = (m, cell - m);
    let cross = format_args!(
        "M{} {}L{} {}M{} {}L{} {}",
        x + near,
        y + near,
        x + far,
        y + far,
        x + far,
        y + near,
        x + near,
        y + far
    );
    svg.tag("path")
        .attr("d", cross)
        .attr("stroke", "#ffffff")
        .attr("stroke-width", (cell / 10).max(1))
        .end();
}

/// Each tromino's number, in its elbow: the cell next to both others.
fn numbers(svg: &mut Svg, n: usize, cell: usize, cells: &[Vec<usize>]) {
    let font = cell * 2 / 5;
    for (t, tile) in cells.iter().enumerate().skip(1) {
        let elbow = tile
            .iter()
            .copied()
            .find(|&k| {
                tile.iter()
                    .filter(|&&j| j != k)
                    .all(|&j| j + 1 == k || k + 1 == j || j + n == k || k + n == j)
            })
            .unwrap_or(tile[0]);
        svg.tag("text")
            .attr("x", (elbow % n) * cell + cell / 2)
            .attr("y", (elbow / n) * cell + cell / 2)
            .attr("font-size", font)
            .attr("font-family", "sans-serif")
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central")
            .text(t);
    }
}
