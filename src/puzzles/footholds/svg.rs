//! The picture for `--svg`: the board with both players' paths along the
//! optimal line, every move numbered where it lands, and the footholds
//! that vanished marked with the move that left them.

use super::board::{Coord, Instance, Player};
use super::explain::{Defeat, Play};
use std::fmt::Write as _;

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
    let mut s = String::new();
    // Writing to a String cannot fail.
    let loser = play.winner.other();
    let why = match play.ending {
        Defeat::NoMove => "has no foothold to move to",
        Defeat::FootholdGone => "stands where the foothold vanished",
    };
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"30\" font-size=\"18\">{} wins; {} {} in total</text>\n\
         <text x=\"{LEFT}\" y=\"52\" font-size=\"13\">A: solid line, B: dashed; numbers are the moves</text>\n\
         <text x=\"{LEFT}\" y=\"72\" font-size=\"13\">grey ×k: foothold gone after move k</text>\n",
        play.winner,
        play.moves,
        if play.moves == 1 { "move" } else { "moves" },
    );
    // When each foothold vanished: the move that left it.
    let mut gone_after = vec![vec![None; cols]; rows];
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
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4
            );
            if let Some(k) = gone {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#555\">×{k}</text>",
                    x + 6,
                    y + CELL - 8
                );
            }
        }
    }
    for player in [Player::A, Player::B] {
        let (colour, dash) = style(player);
        let start = if player == Player::A {
            instance.a
        } else {
            instance.b
        };
        let mut points = vec![centre(start)];
        let steps: Vec<(usize, Coord)> = play
            .line
            .iter()
            .enumerate()
            .filter(|(_, m)| m.player == player)
            .map(|(i, m)| (i + 1, m.to))
            .collect();
        points.extend(steps.iter().map(|&(_, to)| centre(to)));
        // B's path a few pixels off A's, so that shared stretches show both.
        let shift = if player == Player::A { 0 } else { 6 };
        let list: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", x + shift, y + shift))
            .collect();
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\" stroke-dasharray=\"{dash}\" stroke-linejoin=\"round\"/>",
            list.join(" ")
        );
        let (sx, sy) = centre(start);
        let (dx, dy) = if player == Player::A {
            (-16, -16)
        } else {
            (16, -16)
        };
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"11\" fill=\"white\" stroke=\"{colour}\" stroke-width=\"3\"/>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" fill=\"{colour}\" text-anchor=\"middle\">{player}</text>",
            sx as i64 + dx,
            sy as i64 + dy,
            sx as i64 + dx,
            sy as i64 + dy + 5
        );
        for (k, to) in steps {
            let (x, y) = centre(to);
            let (x, y) = (x + shift, y + shift);
            let _ = writeln!(
                s,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"11\" fill=\"{colour}\"/>\n\
                 <text x=\"{x}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" fill=\"white\" text-anchor=\"middle\">{k}</text>",
                y + 4
            );
        }
    }
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"{}\" font-size=\"14\">then {loser} {why}</text>\n</svg>",
        TOP + rows * CELL + 30
    );
    s
}
