//! The optimal play: the largest block with the shortest line of moves
//! reaching it, what each first move would give, and the boards along the
//! line with their merged blocks, as `--json` prints it and `--explain`
//! words it.

use super::board::{Board, Direction, value_of};
use super::solve::{
    Search, best_exponent, best_exponent_capped, bounded_exponent, reaches, unfinished,
};
use crate::puzzles::error::Error;
use crate::search::context::RunContext;
use crate::search::maximize;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;

/// The largest block reachable within K moves when the line starts with
/// each move; `None` where that move changes nothing (or K is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FirstMoves {
    /// Starting with up.
    pub up: Option<u128>,
    /// Starting with down.
    pub down: Option<u128>,
    /// Starting with left.
    pub left: Option<u128>,
    /// Starting with right.
    pub right: Option<u128>,
}

impl FirstMoves {
    /// The value for `dir`.
    pub fn get(&self, dir: Direction) -> Option<u128> {
        match dir {
            Direction::Up => self.up,
            Direction::Down => self.down,
            Direction::Left => self.left,
            Direction::Right => self.right,
        }
    }
}

/// An optimal line of play: the largest block, the moves reaching it, what
/// each first move gives, and the boards along the line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The largest block value reachable within the allowed moves.
    pub max: u128,
    /// The shortest move sequence reaching it, first in Up < Down < Left < Right
    /// order among the shortest.
    pub moves: Vec<Direction>,
    /// The largest block reachable when the line starts with each move.
    pub by_first_move: FirstMoves,
    /// The start board, then the board after each move: rows of block
    /// values, 0 for an empty cell.
    pub boards: Vec<Vec<Vec<u128>>>,
    /// For each move, the `[row, column]` cells of the board after it that
    /// hold a block made by a merge in that move.
    pub merged: Vec<Vec<[usize; 2]>>,
}

impl Play {
    /// Digits of the longest block value on any board of the line, so
    /// that every board of the line can share one column width.
    pub(super) fn widest_number(&self) -> usize {
        self.boards
            .iter()
            .flatten()
            .flatten()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
    }
}

/// The optimal value, the shortest first-in-order line reaching it, and
/// what each first move would give.
///
/// ```
/// use boardsolve_core::puzzles::game2048::{play, Board, Direction};
/// let b = Board::from_values(2, &[2, 0, 2, 0]).unwrap();
/// let line = play(&b, 5);
/// assert_eq!((line.max, line.moves.clone()), (4, vec![Direction::Up]));
/// assert_eq!(line.by_first_move.left, None);
/// assert_eq!(line.by_first_move.right, Some(4));
/// ```
pub fn play(board: &Board, moves: u32) -> Play {
    play_or_bounds(board, moves, None).expect("nothing stops the search")
}

/// [`play`], or what the searches proved when they were stopped from
/// outside (by `context`) before the line was found.
///
/// # Errors
/// [`Error::Unfinished`]: the largest block reached and the merge-tree
/// bound if the largest block is not proven; both the proven largest block
/// if only its line is missing.
pub(super) fn play_or_bounds(
    board: &Board,
    moves: u32,
    context: Option<&RunContext>,
) -> Result<Play, Error> {
    let (e, upper) = bounded_exponent(board, moves, context);
    if e < upper {
        return Err(unfinished(e, upper));
    }
    let max = value_of(e as u8);
    // Proven, but stopped while looking for its line: both bounds are it.
    let proven = Error::Unfinished {
        lower: max,
        upper: max,
    };
    let mut oracle = Oracle::new(e, context);
    oracle.learn(board, moves, true);
    // First-move values before the line: when the shortest line takes all
    // `moves`, its first step asks exactly what they asked.
    let by_first_move = by_first_move_with(board, moves, &mut oracle);
    let stopped = || context.is_some_and(RunContext::cut_short);
    if stopped() {
        return Err(proven);
    }
    let path = maximize::first_line_with(&Search::new(board, 1), board, moves, |node, left| {
        oracle.reaches(node, left)
    });
    if stopped() {
        return Err(proven);
    }
    let moves_played: Vec<Direction> = path
        .expect("the optimum found by the search is reachable")
        .into_iter()
        .map(|m| Direction::ALL[m])
        .collect();
    let mut boards = vec![rows_of(board)];
    let mut merged = Vec::with_capacity(moves_played.len());
    let mut current = board.clone();
    for &dir in &moves_played {
        let (next, marks) = current
            .slide_marked(dir)
            .expect("moves on an optimal line change the board");
        boards.push(rows_of(&next));
        merged.push(
            marks
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m)
                .map(|(k, _)| [k / board.n, k % board.n])
                .collect(),
        );
        current = next;
    }
    Ok(Play {
        max,
        moves: moves_played,
        by_first_move,
        boards,
        merged,
    })
}

/// The largest block reachable within `moves` moves from `board` when the
/// line starts with each move.
pub fn by_first_move(board: &Board, moves: u32) -> FirstMoves {
    let (e, _) = best_exponent(board, moves, None);
    by_first_move_with(board, moves, &mut Oracle::new(e, None))
}

/// [`by_first_move`], knowing the largest block of all, `2^oracle.target`:
/// a first move either still reaches it in the moves left (one search for
/// a line, quick) or gives the best below it (a search that stops as soon
/// as it makes `2^(target - 1)`), never a search proving that nothing
/// beats its best.
fn by_first_move_with(board: &Board, moves: u32, oracle: &mut Oracle) -> FirstMoves {
    let mut after = |dir: Direction| {
        if moves == 0 {
            return None;
        }
        let next = board.slide(dir)?;
        let e = if oracle.reaches(&next, moves - 1) {
            oracle.target
        } else {
            let cap = oracle.target.saturating_sub(1);
            best_exponent_capped(&next, moves - 1, cap, oracle.context).0
        };
        Some(value_of(e as u8))
    };
    FirstMoves {
        up: after(Direction::Up),
        down: after(Direction::Down),
        left: after(Direction::Left),
        right: after(Direction::Right),
    }
}

/// "Can `2^target` be made within this many moves from this board?",
/// remembering each answer: the first-move values and the line ask the
/// same questions of the same boards.
///
/// Answers are monotone in the moves allowed: a board that reaches the
/// target in m moves reaches it in more, one that cannot in m cannot in
/// fewer. So each board keeps the most moves proven too few and the
/// fewest proven enough. A question about a board whose children are
/// partly answered already is split into its children: the line's "is
/// there a shorter line?" comes right after the first-move values, which
/// settled some of the children.
pub(super) struct Oracle<'c> {
    target: u32,
    /// The run the searches belong to, if any.
    context: Option<&'c RunContext>,
    /// Per board: the most moves proven too few, the fewest proven enough.
    known: HashMap<Vec<u8>, (Option<u32>, Option<u32>)>,
}

impl<'c> Oracle<'c> {
    pub(super) fn new(target: u32, context: Option<&'c RunContext>) -> Oracle<'c> {
        Oracle {
            target,
            context,
            known: HashMap::new(),
        }
    }

    /// Records an answer already proven elsewhere.
    fn learn(&mut self, board: &Board, moves: u32, answer: bool) {
        let (too_few, enough) = self.known.entry(board.exponents().to_vec()).or_default();
        if answer {
            *enough = Some(enough.map_or(moves, |m| m.min(moves)));
        } else {
            *too_few = Some(too_few.map_or(moves, |m| m.max(moves)));
        }
    }

    /// The answer if what is known settles it.
    fn recall(&self, board: &Board, moves: u32) -> Option<bool> {
        let &(too_few, enough) = self.known.get(board.exponents())?;
        if enough.is_some_and(|m| m <= moves) {
            Some(true)
        } else if too_few.is_some_and(|m| m >= moves) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether `2^target` can be made within `moves` moves from `board`.
    pub(super) fn reaches(&mut self, board: &Board, moves: u32) -> bool {
        if let Some(answer) = self.recall(board, moves) {
            return answer;
        }
        let answer = match self.split(board, moves) {
            Some(answer) => answer,
            None => reaches(board, moves, self.target, self.context),
        };
        // A stopped search may answer "no" wrongly: not worth keeping.
        if !self.context.is_some_and(RunContext::cut_short) {
            self.learn(board, moves, answer);
        }
        answer
    }

    /// The answer from the board's children, when some of them are settled
    /// already (else `None`): the target is made within `moves` moves if the
    /// board has it now or some child makes it within `moves - 1`.
    fn split(&mut self, board: &Board, moves: u32) -> Option<bool> {
        if moves == 0 || u32::from(board.max_exponent()) >= self.target {
            return None;
        }
        let children: Vec<Board> = Direction::ALL
            .iter()
            .filter_map(|&d| board.slide(d))
            .collect();
        let settled: Vec<Option<bool>> =
            children.iter().map(|c| self.recall(c, moves - 1)).collect();
        if settled.contains(&Some(true)) {
            return Some(true);
        }
        if !settled.contains(&Some(false)) {
            return None;
        }
        let open: Vec<&Board> = children
            .iter()
            .zip(&settled)
            .filter(|(_, s)| s.is_none())
            .map(|(c, _)| c)
            .collect();
        Some(open.into_iter().any(|c| self.reaches(c, moves - 1)))
    }
}

/// The board as rows of block values.
fn rows_of(board: &Board) -> Vec<Vec<u128>> {
    (0..board.n)
        .map(|r| (0..board.n).map(|c| board.value(r, c)).collect())
        .collect()
}

/// `rows` right-aligned in columns `width` wide, each value followed by
/// `*` when its cell is in `merged`; no trailing spaces.
fn write_board(
    out: &mut dyn Write,
    rows: &[Vec<u128>],
    merged: &[[usize; 2]],
    width: usize,
) -> std::io::Result<()> {
    for (r, row) in rows.iter().enumerate() {
        let mut line = String::new();
        for (c, v) in row.iter().enumerate() {
            if c > 0 {
                line.push(' ');
            }
            let mark = if merged.contains(&[r, c]) { '*' } else { ' ' };
            line.push_str(&format!("{v:>width$}{mark}"));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// Words `line`, the optimal play within `moves` moves: the
/// answer, the moves, what each first move gives, and the board after
/// each move with its merged blocks marked.
pub(super) fn write_explanation(
    moves: u32,
    line: &Play,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let plural = |k: usize| if k == 1 { "move" } else { "moves" };
    writeln!(
        out,
        "largest block within {moves} {}: {}",
        plural(moves as usize),
        line.max
    )?;
    if line.moves.is_empty() {
        writeln!(out, "already on the board: no move needed")?;
    } else {
        let names: Vec<&str> = line.moves.iter().map(|d| d.name()).collect();
        writeln!(
            out,
            "shortest line ({} {}): {}",
            line.moves.len(),
            plural(line.moves.len()),
            names.join(" ")
        )?;
    }
    if moves > 0 {
        let firsts: Vec<String> = Direction::ALL
            .iter()
            .map(|&d| match line.by_first_move.get(d) {
                Some(v) => format!("{} {v}", d.name()),
                None => format!("{} changes nothing", d.name()),
            })
            .collect();
        writeln!(out, "by first move: {}", firsts.join(", "))?;
    }
    let width = line.widest_number();
    writeln!(out, "\nstart:")?;
    write_board(out, &line.boards[0], &[], width)?;
    for (i, &dir) in line.moves.iter().enumerate() {
        let merges = line.merged[i].len();
        let what = match merges {
            0 => "no merge".to_string(),
            1 => "1 merge, marked *".to_string(),
            k => format!("{k} merges, marked *"),
        };
        writeln!(out, "\nmove {}: {} ({what})", i + 1, dir.name())?;
        write_board(out, &line.boards[i + 1], &line.merged[i], width)?;
    }
    Ok(())
}
