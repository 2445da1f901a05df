//! The picture for `--svg`: the board with both players' paths along the
//! optimal line, every move numbered where it lands, and the footholds
//! that vanished marked with the move that left them.

use super::board::{Coord, Instance, Player};
use super::explain::{Defeat, Play};
use crate::text::svg::Svg;
use std::fmt::Display;

/// Side of a cell in the picture.
const CELL: usize = 64;
/// Room left of and above the board.
const LEFT: usize = 30;
const TOP: usize = 110;

/// The players' colours, each path also drawn its own way (A solid, B
/// dashed) so that the picture reads without colour.
fn style(p: Player) -> (&'static str, &'static str) {
    match p {
        Player::A => ("#b03a2e", "none"),
        Player::B => ("#1f4e79", "8 5"),
    }
}

fn centre(c: Coord) -> (usize, usize) {
    (LEFT + c.1 * CELL + CELL / 2, TOP + c.0 * CELL + CELL / 2)
}

/// The picture of `play` on `instance`.
pub(super) fn draw(instance: &Instance, play: &Play) -> String {
    let (rows, cols) = (instance.rows, instance.cols);
    let width = (LEFT * 2 + cols * CELL).max(460);
    let height = TOP + rows * CELL + 60;
    let mut svg = Svg::picture(width, height);
    let unit = if play.moves == 1 { "move" } else { "moves" };
    let lines = [
        (
            30,
            18,
            format!("{} wins; {} {unit} in total", play.winner, play.moves),
        ),
        (
            52,
            13,
            "A: solid line, B: dashed; numbers are the moves".into(),
        ),
        (72, 13, "grey ×k: foothold gone after move k".into()),
    ];
    for (y, size, line) in lines {
        svg.tag("text")
            .attr("x", LEFT)
            .attr("y", y)
            .attr("font-size", size)
            .text(line);
    }
    cells(&mut svg, instance, play);
    for player in [Player::A, Player::B] {
        player_path(&mut svg, instance, play, player);
    }
    let why = match play.ending {
        Defeat::NoMove => "has no foothold to move to",
        Defeat::FootholdGone => "stands where the foothold vanished",
    };
    svg.tag("text")
        .attr("x", LEFT)
        .attr("y", TOP + rows * CELL + 30)
        .attr("font-size", 14)
        .text(format_args!("then {} {why}", play.winner.other()));
    svg.finish()
}

/// Every cell: footholds green, those that vanished grey with the move
/// that left them.
fn cells(svg: &mut Svg, instance: &Instance, play: &Play) {
    let mut gone_after = vec![vec![None; instance.cols]; instance.rows];
    for (i, m) in play.line.iter().enumerate() {
        gone_after[m.from.0][m.from.1] = Some(i + 1);
    }
    for (r, row) in gone_after.iter().enumerate() {
        for (c, &gone) in row.iter().enumerate() {
            let (x, y) = (LEFT + c * CELL, TOP + r * CELL);
            let (fill, stroke) = match (instance.has_foothold((r, c)), gone) {
                (false, _) => ("#ffffff", "#bbbbbb"),
                (true, None) => ("#d9ead3", "#6aa84f"),
                (true, Some(_)) => ("#d0d0d0", "#888888"),
            };
            svg.cell((x, y), CELL, 5)
                .attr("fill", fill)
                .attr("stroke", stroke)
                .attr("stroke-width", 2)
                .end();
            if let Some(k) = gone {
                svg.tag("text")
                    .attr("x", x + 6)
                    .attr("y", y + CELL - 8)
                    .attr("font-size", 12)
                    .attr("fill", "#555")
                    .text(format_args!("×{k}"));
            }
        }
    }
}

/// The path of `player` from its start, its start marked with its name
/// and every move it makes numbered where it lands.
fn player_path(svg: &mut Svg, instance: &Instance, play: &Play, player: Player) {
    let (colour, dash) = style(player);
    let start = if player == Player::A {
        instance.a
    } else {
        instance.b
    };
    let steps: Vec<(usize, Coord)> = play
        .line
        .iter()
        .enumerate()
        .filter(|(_, m)| m.player == player)
        .map(|(i, m)| (i + 1, m.to))
        .collect();
    let mut points = vec![centre(start)];
    points.extend(steps.iter().map(|&(_, to)| centre(to)));
    // B's path a few pixels off A's, so that shared stretches show both.
    let shift = if player == Player::A { 0 } else { 6 };
    let list: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{},{}", x + shift, y + shift))
        .collect();
    svg.tag("polyline")
        .attr("points", list.join(" "))
        .attr("fill", "none")
        .attr("stroke", colour)
        .attr("stroke-width", 4)
        .attr("stroke-dasharray", dash)
        .attr("stroke-linejoin", "round")
        .end();
    let (sx, sy) = centre(start);
    let dx = if player == Player::A { -16 } else { 16 };
    let (x, y) = (sx as i64 + dx, sy as i64 - 16);
    svg.tag("circle")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", 11)
        .attr("fill", "white")
        .attr("stroke", colour)
        .attr("stroke-width", 3)
        .end();
    marker_text(svg, (x, y + 5), 13, colour, player);
    for (k, to) in steps {
        let (x, y) = centre(to);
        let (x, y) = (x + shift, y + shift);
        svg.tag("circle")
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", 11)
            .attr("fill", colour)
            .end();
        marker_text(svg, (x as i64, y as i64 + 4), 12, "white", k);
    }
}

/// A bold centred label of a marker.
fn marker_text(svg: &mut Svg, (x, y): (i64, i64), size: u32, fill: &str, label: impl Display) {
    svg.tag("text")
        .attr("x", x)
        .attr("y", y)
        .attr("font-size", size)
        .attr("font-weight", "bold")
        .attr("fill", fill)
        .attr("text-anchor", "middle")
        .text(label);
}
