//! The counters of a [`crate::search::maximize`] search: positions
//! entered, table hits, bound cuts, and the shape of the tree by moves left.

/// Counters of one search, for benchmarks and `--stats`-style reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions entered.
    pub nodes: u64,
    /// Positions skipped because the table had them at the same depth or deeper.
    pub table_hits: u64,
    /// Positions cut by the upper bound.
    pub bound_cuts: u64,
    /// Where the work went, by moves left.
    pub by_moves_left: [LevelStats; LEVELS],
}

/// Slots of [`SearchStats::by_moves_left`]: positions with more moves left
/// than the last slot are counted in it.
pub const LEVELS: usize = 32;

/// What a search did at the positions with a given number of moves left:
/// the shape of its tree, which tells where a stronger bound would cut.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Positions entered.
    pub entered: u64,
    /// Positions built only to look at their children's bounds
    /// ([`crate::search::maximize::Climb::child_outlook`]) before deciding whether to enter them.
    pub looked_at: u64,
    /// Of those, the ones never entered because no child could beat the best.
    pub cut_by_look: u64,
}

impl SearchStats {
    /// The counters of two searches together.
    pub fn add(&self, other: &SearchStats) -> SearchStats {
        let mut by_moves_left = self.by_moves_left;
        for (a, b) in by_moves_left.iter_mut().zip(&other.by_moves_left) {
            a.entered += b.entered;
            a.looked_at += b.looked_at;
            a.cut_by_look += b.cut_by_look;
        }
        SearchStats {
            nodes: self.nodes + other.nodes,
            table_hits: self.table_hits + other.table_hits,
            bound_cuts: self.bound_cuts + other.bound_cuts,
            by_moves_left,
        }
    }

    /// The counters of the positions with `remaining` moves left.
    pub(crate) fn level(&mut self, remaining: u32) -> &mut LevelStats {
        &mut self.by_moves_left[(remaining as usize).min(LEVELS - 1)]
    }
}
