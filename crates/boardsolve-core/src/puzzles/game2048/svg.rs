//! The picture for `--svg`: the optimal line as a strip of boards, the
//! start and the board after each move, tiles coloured by exponent and
//! the blocks made by a merge outlined and starred.

use super::explain::Play;
use crate::puzzles::error::Error;
use crate::text::svg::Svg;
use std::fmt::Display;

/// Most cells the strip draws (boards × N²): a 20×20 line of ten moves is
/// 4400; a 64×64 board at K = 100 would be an SVG of hundreds of MB.
pub const MAX_SVG_CELLS: usize = 100_000;

/// Boards per row of the strip.
const PER_ROW: usize = 4;

/// The fill of a block `2^e` (`e` 0 for empty) and a text colour that
/// stays readable on it: light tiles get dark text, dark tiles white.
fn colours(e: u32) -> (String, &'static str) {
    if e == 0 {
        return ("#cdc1b4".into(), "#000");
    }
    let hue = (40 + 720 - 23 * i64::from(e)).rem_euclid(360);
    let light = 86i64.saturating_sub(4 * i64::from(e)).max(28);
    let text = if light > 55 { "#1b1b1b" } else { "#ffffff" };
    (format!("hsl({hue}, 70%, {light}%)"), text)
}

/// The strip for `play`, the line of at most `moves` moves.
///
/// # Errors
/// [`Error::Refused`] when the strip has more than [`MAX_SVG_CELLS`] cells.
pub(super) fn draw(play: &Play, moves: u32) -> Result<String, Error> {
    let n = play.boards[0].len();
    let boards = play.boards.len();
    if boards * n * n > MAX_SVG_CELLS {
        return Err(crate::puzzles::refusal::Refusal::StripTooLarge {
            most: MAX_SVG_CELLS,
            boards,
            n,
        }
        .into());
    }
    // Every number fits its tile at 14 px: about 8.5 px a digit.
    let digits = play.widest_number();
    let cell = (digits * 9 + 14).max(30);
    let side = n * cell + 6;
    let columns = boards.min(PER_ROW);
    let rows = boards.div_ceil(PER_ROW);
    let width = columns * side + (columns + 1) * GAP;
    let height = 60 + rows * (side + CAPTION + GAP);
    let mut svg = Svg::picture(width, height);
    let unit = if moves == 1 { "move" } else { "moves" };
    svg.tag("text")
        .attr("x", GAP)
        .attr("y", 32)
        .attr("font-size", 20)
        .text(format_args!(
            "largest block within {moves} {unit}: {}",
            play.max
        ));
    svg.tag("text")
        .attr("x", GAP)
        .attr("y", 52)
        .attr("font-size", 13)
        .attr("fill", "#444")
        .text("blocks made by a merge are outlined and marked *");
    for b in 0..boards {
        let x0 = GAP + (b % PER_ROW) * (side + GAP);
        let y0 = 60 + (b / PER_ROW) * (side + CAPTION + GAP) + CAPTION;
        board(&mut svg, play, b, (x0, y0), cell);
    }
    Ok(svg.finish())
}

/// Room between boards and around the strip.
const GAP: usize = 24;
/// Room for a board's caption above it.
const CAPTION: usize = 26;

/// Board `b` of `play` with its caption, its corner at `(x0, y0)`.
fn board(svg: &mut Svg, play: &Play, b: usize, (x0, y0): (usize, usize), cell: usize) {
    let title = if b == 0 {
        "start".to_string()
    } else {
        let merges = play.merged[b - 1].len();
        format!(
            "{b}. {} ({merges} {})",
            play.moves[b - 1].name(),
            if merges == 1 { "merge" } else { "merges" }
        )
    };
    let side = play.boards[b].len() * cell + 6;
    let caption = svg.tag("text").attr("x", x0).attr("y", y0 - 8);
    caption.attr("font-size", 15).text(title);
    svg.tag("rect")
        .attr("x", x0)
        .attr("y", y0)
        .attr("width", side)
        .attr("height", side)
        .attr("rx", 4)
        .attr("fill", "#bbada0")
        .end();
    let merged = if b == 0 {
        &[][..]
    } else {
        &play.merged[b - 1][..]
    };
    for (r, row) in play.boards[b].iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            let corner = (x0 + 3 + c * cell, y0 + 3 + r * cell);
            tile(svg, corner, cell, v, merged.contains(&[r, c]));
        }
    }
}

/// One tile of value `v` (0 for empty), its corner at `(x, y)`, outlined
/// and starred when a merge made it.
fn tile(svg: &mut Svg, (x, y): (usize, usize), cell: usize, v: u128, merged: bool) {
    let e = if v == 0 { 0 } else { v.trailing_zeros() };
    let (fill, ink) = colours(e);
    svg.cell((x, y), cell, 3)
        .attr("fill", fill)
        .attr_if(merged, "stroke", "#000")
        .attr_if(merged, "stroke-width", 3)
        .end();
    let bold =
        |svg: &mut Svg, x: usize, y: usize, size: u32, anchor: &str, content: &dyn Display| {
            svg.tag("text")
                .attr("x", x)
                .attr("y", y)
                .attr("font-size", size)
                .attr("font-weight", "bold")
                .attr("fill", ink)
                .attr("text-anchor", anchor)
                .text(content);
        };
    if v != 0 {
        bold(svg, x + cell / 2, y + cell / 2 + 5, 14, "middle", &v);
    }
    if merged {
        bold(svg, x + cell - 5, y + 14, 13, "end", &"*");
    }
}
