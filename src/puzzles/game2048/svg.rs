//! The picture for `--svg`: the optimal line as a strip of boards, the
//! start and the board after each move, tiles coloured by exponent and
//! the blocks made by a merge outlined and starred.

use super::explain::Play;
use crate::puzzles::Error;
use std::fmt::Write as _;

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
/// [`Error::Usage`] when the strip has more than [`MAX_SVG_CELLS`] cells.
pub(super) fn draw(play: &Play, moves: u32) -> Result<String, Error> {
    let n = play.boards[0].len();
    let boards = play.boards.len();
    if boards * n * n > MAX_SVG_CELLS {
        return Err(Error::Usage(format!(
            "--svg draws up to {MAX_SVG_CELLS} cells of boards; this line has {boards} boards of {n}×{n}"
        )));
    }
    // Every number fits its tile at 14 px: about 8.5 px a digit.
    let digits = play.widest_number();
    let cell = (digits * 9 + 14).max(30);
    let side = n * cell + 6;
    let (gap, caption) = (24, 26);
    let columns = boards.min(PER_ROW);
    let rows = boards.div_ceil(PER_ROW);
    let width = columns * side + (columns + 1) * gap;
    let height = 60 + rows * (side + caption + gap);
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{gap}\" y=\"32\" font-size=\"20\">largest block within {moves} {}: {}</text>\n\
         <text x=\"{gap}\" y=\"52\" font-size=\"13\" fill=\"#444\">blocks made by a merge are outlined and marked *</text>\n",
        if moves == 1 { "move" } else { "moves" },
        play.max
    );
    for (b, board) in play.boards.iter().enumerate() {
        let x0 = gap + (b % PER_ROW) * (side + gap);
        let y0 = 60 + (b / PER_ROW) * (side + caption + gap) + caption;
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
        let _ = write!(
            s,
            "<text x=\"{x0}\" y=\"{}\" font-size=\"15\">{title}</text>\n\
             <rect x=\"{x0}\" y=\"{y0}\" width=\"{side}\" height=\"{side}\" rx=\"4\" fill=\"#bbada0\"/>\n",
            y0 - 8
        );
        let merged = if b == 0 {
            &[][..]
        } else {
            &play.merged[b - 1][..]
        };
        for (r, row) in board.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let (x, y) = (x0 + 3 + c * cell, y0 + 3 + r * cell);
                let e = if v == 0 { 0 } else { v.trailing_zeros() };
                let (fill, ink) = colours(e);
                let is_merged = merged.contains(&[r, c]);
                let outline = if is_merged {
                    " stroke=\"#000\" stroke-width=\"3\""
                } else {
                    ""
                };
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"{fill}\"{outline}/>",
                    x + 2,
                    y + 2,
                    cell - 4,
                    cell - 4
                );
                if v != 0 {
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" fill=\"{ink}\" text-anchor=\"middle\">{v}</text>",
                        x + cell / 2,
                        y + cell / 2 + 5
                    );
                }
                if is_merged {
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" fill=\"{ink}\" text-anchor=\"end\">*</text>",
                        x + cell - 5,
                        y + 14
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    Ok(s)
}
