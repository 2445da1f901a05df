//! The picture for `--svg`: the board with its values, and each piece's
//! route in the optimal play in its own colour.

use super::board::{BOARD, CENTRE_25, END, FORTY, START, SquareId, path};
use super::explain::{Play, Turn};
use crate::text::svg::{Svg, Tag, tenths};

/// Picture coordinates of every square: the outer path around the frame,
/// with 10, 20, 30 and 40 at its corners, the blue arms and the centre route on
/// the diagonals, start and end outside the 40 corner.
fn square_xy(id: SquareId) -> (f64, f64) {
    const LO: f64 = 80.0;
    const HI: f64 = 560.0;
    const SIDE: f64 = HI - LO;
    const MID: f64 = f64::midpoint(LO, HI);
    let along =
        |a: (f64, f64), b: (f64, f64), t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    let (tr, tl, bl, br, c) = ((HI, LO), (LO, LO), (LO, HI), (HI, HI), (MID, MID));
    let i = f64::from(id);
    // Room above the board for the title and the legend.
    let shift = |(x, y): (f64, f64)| (x, y + 80.0);
    shift(match id {
        START => (HI + 70.0, HI),
        END => (HI, HI + 70.0),
        1..=4 => (HI, HI - SIDE * i / 5.0),
        5..=9 => (HI - SIDE * (i - 5.0) / 5.0, LO),
        10..=14 => (LO, LO + SIDE * (i - 10.0) / 5.0),
        15..=19 => (LO + SIDE * (i - 15.0) / 5.0, HI),
        FORTY => br,
        21..=23 => along(tr, c, (i - 20.0) / 4.0),
        24..=25 => along(tl, c, (i - 23.0) / 3.0),
        26..=28 => along(bl, c, (i - 25.0) / 4.0),
        CENTRE_25 => c,
        _ => along(c, br, (i - 29.0) / 3.0),
    })
}

/// Piece colours: none of them a grey or a blue of the board itself.
const PIECE_COLOURS: [&str; 4] = ["#c0392b", "#1e8449", "#d35400", "#7d3c98"];
/// Dash patterns, so that the four routes differ without colour too.
const PIECE_DASHES: [&str; 4] = ["none", "9 4", "3 3", "12 4 3 4"];

/// The board with its values, and each piece's route in the optimal play
/// in its own colour, landing squares marked with the turn number.
pub(super) fn draw(play: &Play) -> String {
    let mut svg = Svg::picture(720, 800);
    svg.tag("text")
        .attr("x", 20)
        .attr("y", 36)
        .attr("font-size", 20)
        .text(format_args!("maximum score {}", play.max));
    edges(&mut svg);
    // Routes under the squares, so that no line crosses a label; the turn
    // markers over them.
    let mut markers = Vec::new();
    for piece in 0..4u8 {
        let steps: Vec<&Turn> = play.moves.iter().filter(|m| m.piece == piece + 1).collect();
        if !steps.is_empty() {
            route(&mut svg, piece, &steps);
            markers.push((piece, steps));
        }
    }
    squares(&mut svg);
    for (piece, steps) in markers {
        turn_markers(&mut svg, piece, &steps);
    }
    svg.finish()
}

/// Edges: plain successors grey, blue routes blue.
fn edges(svg: &mut Svg) {
    for (id, c) in BOARD.iter().enumerate() {
        let id = id as SquareId;
        let (x1, y1) = square_xy(id);
        let mut edge = |to: SquareId, colour: &str| {
            let (x2, y2) = square_xy(to);
            svg.tag("line")
                .attr("x1", tenths(x1))
                .attr("y1", tenths(y1))
                .attr("x2", tenths(x2))
                .attr("y2", tenths(y2))
                .attr("stroke", colour)
                .attr("stroke-width", 2)
                .end();
        };
        if id != END {
            edge(c.next, if id > FORTY { "#6baed6" } else { "#999" });
        }
        if let Some(b) = c.blue {
            edge(b, "#6baed6");
        }
    }
}

/// How far each piece's route is shifted from the squares' centres, so
/// that shared stretches stay visible.
const PIECE_SHIFT: [(f64, f64); 4] = [(-5.0, -5.0), (5.0, -5.0), (-5.0, 5.0), (5.0, 5.0)];

/// The route of `piece` (0-based) over its `steps`, dashed its own way so
/// that the routes differ without colour too, and its line in the legend.
fn route(svg: &mut Svg, piece: u8, steps: &[&Turn]) {
    let colour = PIECE_COLOURS[piece as usize];
    let dash = PIECE_DASHES[piece as usize];
    let (dx, dy) = PIECE_SHIFT[piece as usize];
    let mut points = vec![START];
    for m in steps {
        points.extend(path(m.from_id, m.die));
    }
    let coords: Vec<String> = points
        .iter()
        .map(|&p| {
            let (x, y) = square_xy(p);
            format!("{:.1},{:.1}", x + dx, y + dy)
        })
        .collect();
    svg.tag("polyline")
        .attr("points", coords.join(" "))
        .attr("fill", "none")
        .attr("stroke", colour)
        .attr("stroke-width", 3)
        .attr("stroke-dasharray", dash)
        .attr("stroke-opacity", "0.9")
        .end();
    let total: u32 = steps.iter().map(|m| m.score).sum();
    let plural = |k: usize, one: &'static str, many: &'static str| if k == 1 { one } else { many };
    let y = tenths(57.0 + 18.0 * f64::from(piece));
    svg.tag("line")
        .attr("x1", 20)
        .attr("y1", &y)
        .attr("x2", 50)
        .attr("y2", &y)
        .attr("stroke", colour)
        .attr("stroke-width", 3)
        .attr("stroke-dasharray", dash)
        .end();
    svg.tag("text")
        .attr("x", 58)
        .attr("y", 62 + 18 * u32::from(piece))
        .attr("font-size", 14)
        .attr("fill", colour)
        .text(format_args!(
            "piece {}: {} {}, {} {}",
            piece + 1,
            steps.len(),
            plural(steps.len(), "move", "moves"),
            total,
            plural(total as usize, "point", "points"),
        ));
}

/// Every square: a circle with its value, blue on the blue routes.
fn squares(svg: &mut Svg) {
    for (id, c) in BOARD.iter().enumerate() {
        let (x, y) = square_xy(id as SquareId);
        let fill = if c.blue.is_some() || (21..=31).contains(&id) {
            "#c6dbef"
        } else {
            "#f2f2f2"
        };
        let label = match id as SquareId {
            START => "S".to_string(),
            END => "E".to_string(),
            _ => c.value.to_string(),
        };
        circle(svg, (x, y), 19, fill).attr("stroke", "#333").end();
        svg.tag("text")
            .attr("x", tenths(x))
            .attr("y", tenths(y + 5.0))
            .attr("font-size", 14)
            .attr("text-anchor", "middle")
            .text(label);
    }
}

/// A circle of radius `r` centred at (`x`, `y`); more attributes may follow.
fn circle<'a>(svg: &'a mut Svg, (x, y): (f64, f64), r: u32, fill: &str) -> Tag<'a> {
    let circle = svg
        .tag("circle")
        .attr("cx", tenths(x))
        .attr("cy", tenths(y));
    circle.attr("r", r).attr("fill", fill)
}

/// The turn numbers of `piece` where its `steps` land, outside the
/// square's circle (radius 19), each piece at its own corner.
fn turn_markers(svg: &mut Svg, piece: u8, steps: &[&Turn]) {
    let colour = PIECE_COLOURS[piece as usize];
    let (dx, dy) = PIECE_SHIFT[piece as usize];
    for m in steps {
        let (x, y) = square_xy(m.to_id);
        let (mx, my) = (x + 4.6 * dx, y + 4.6 * dy);
        circle(svg, (mx, my), 8, colour).end();
        svg.tag("text")
            .attr("x", tenths(mx))
            .attr("y", tenths(my + 3.5))
            .attr("font-size", 10)
            .attr("fill", "white")
            .attr("text-anchor", "middle")
            .text(m.turn);
    }
}

/// The board for the `--html` page: every square with its name (as the
/// play names it), value, position in the picture's coordinates, the
/// squares it leads to, and whether it is on a blue route.
pub(super) fn layout() -> serde_json::Value {
    let squares: Vec<serde_json::Value> = BOARD
        .iter()
        .enumerate()
        .map(|(id, c)| {
            let (x, y) = square_xy(id as SquareId);
            let next: Vec<&str> = [(id as SquareId != END).then_some(c.next), c.blue]
                .into_iter()
                .flatten()
                .map(|to| BOARD[to as usize].name)
                .collect();
            serde_json::json!({
                "name": c.name,
                "value": c.value,
                "x": x,
                "y": y,
                "next": next,
                "blue": c.blue.is_some() || (21..=31).contains(&id),
            })
        })
        .collect();
    serde_json::json!({ "width": 720, "height": 800, "squares": squares })
}
