//! The 2048 solver's tests, by concern.

use super::ahead;
use super::board::{slide_scalar, value_of};
use super::counts::EXPONENT_SLOTS;
use super::merges::{counts_above_scalar, counts_after_moves, counts_after_moves_above};
use super::parse::parse;
#[cfg(target_arch = "x86_64")]
use super::slide;
use super::solve::{
    Search, merge_tree_bound, narrowed_exponent, upper_exponent, walks_first_agree,
};
use super::*;
use super::{lanes, walk};
use crate::search::maximize::{ChildBounds, Climb, Climbing};
use proptest::prelude::*;

mod bounds;
mod look;
mod mistakes;
mod moves;
mod search;

/// The `n`×`n` board of `v`, which must be valid.
fn board(n: usize, v: &[u64]) -> Board {
    Board::from_values(n, v).unwrap()
}

/// The one row `v` (on a board of its length, the rest empty) moved left.
fn row_left(v: &[u64]) -> Vec<u128> {
    let b = board(v.len(), &{
        let mut all = v.to_vec();
        all.resize(v.len() * v.len(), 0);
        all
    });
    let moved = b.slide(Direction::Left).unwrap_or(b);
    (0..v.len()).map(|c| moved.value(0, c)).collect()
}

/// Boards of side 1..=6 with blocks 2..=64 and some empty cells; dense
/// small values make merges, and equal runs, common.
fn small_board() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (1usize..=6).prop_flat_map(|n| {
        let cell = prop_oneof![2 => Just(0u64), 3 => (1u32..=6).prop_map(|e| 1u64 << e)];
        (Just(n), prop::collection::vec(cell, n * n))
    })
}

/// An n×n board (as exponents) from `seed`: a random share of empty
/// cells and a few neighbouring exponents, so runs of equal blocks and
/// empty stretches are common and rows straddle mask words. Half the
/// boards use the smallest exponents, the others sit anywhere up to the
/// largest input block.
fn random_cells(n: usize, seed: u64) -> Vec<u8> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let empty = rng.random_range(0..=100u32);
    let kinds = rng.random_range(1..=8u8);
    let base = if rng.random_range(0..2) == 0 {
        0
    } else {
        rng.random_range(0..=MAX_INPUT_EXPONENT - kinds)
    };
    (0..n * n)
        .map(|_| {
            if rng.random_range(0..100) < empty {
                0
            } else {
                base + rng.random_range(1..=kinds)
            }
        })
        .collect()
}

/// Boards of side 1..=5 with blocks 2..=16 and some empty cells: merges
/// within a few moves are common, so the capacities are tested where they
/// matter.
fn merging_board() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (1usize..=5).prop_flat_map(|n| {
        let cell = prop_oneof![1 => Just(0u64), 3 => (1u32..=4).prop_map(|e| 1u64 << e)];
        (Just(n), prop::collection::vec(cell, n * n))
    })
}
