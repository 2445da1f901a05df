//! The plain references the tests compare against, written apart from the
//! fast code: a literal simulation of SPEC.md §3 that finds each sub-board's
//! hole by scanning it, and an exhaustive tileability search.

/// The placement-order board, by literal simulation: a grid of cells
/// (`None` free), each sub-board scanned for its one covered cell. Slow
/// (O(n² log n)); for small `n`, a power of two.
pub fn placement_order(n: usize, row: usize, col: usize) -> Vec<Vec<u64>> {
    let mut grid: Vec<Vec<Option<u64>>> = vec![vec![None; n]; n];
    grid[row][col] = Some(0);
    let mut counter = 0u64;
    solve(&mut grid, 0, 0, n, &mut counter);
    grid.into_iter()
        .map(|r| {
            r.into_iter()
                .map(|v| v.expect("every cell covered"))
                .collect()
        })
        .collect()
}

fn solve(grid: &mut [Vec<Option<u64>>], top: usize, left: usize, size: usize, counter: &mut u64) {
    if size < 2 {
        return;
    }
    *counter += 1;
    let label = *counter;
    if size == 2 {
        for line in &mut grid[top..top + 2] {
            for cell in &mut line[left..left + 2] {
                if cell.is_none() {
                    *cell = Some(label);
                }
            }
        }
        return;
    }
    let half = size / 2;
    let corners = [
        (top, left),
        (top, left + half),
        (top + half, left),
        (top + half, left + half),
    ];
    // The one quadrant already holding a covered cell keeps it as its hole;
    // each of the others gets its cell nearest the centre covered.
    for (i, &(qt, ql)) in corners.iter().enumerate() {
        let occupied = (qt..qt + half).any(|r| (ql..ql + half).any(|c| grid[r][c].is_some()));
        if !occupied {
            let r = if i < 2 { top + half - 1 } else { top + half };
            let c = if i % 2 == 0 {
                left + half - 1
            } else {
                left + half
            };
            grid[r][c] = Some(label);
        }
    }
    for &(qt, ql) in &corners {
        solve(grid, qt, ql, half, counter);
    }
}

/// Whether the n×n board minus (`row`, `col`) has any L-tromino tiling, by
/// trying every tromino on the lowest-numbered free cell (column-major here,
/// unlike the constructive search) and backtracking. Exponential; small `n`.
pub fn tileable(n: usize, row: usize, col: usize) -> bool {
    let mut free = vec![vec![true; n]; n];
    free[row][col] = false;
    if !(n * n - 1).is_multiple_of(3) {
        return false;
    }
    cover(&mut free, n)
}

fn cover(free: &mut [Vec<bool>], n: usize) -> bool {
    let Some((r, c)) = (0..n)
        .flat_map(|c| (0..n).map(move |r| (r, c)))
        .find(|&(r, c)| free[r][c])
    else {
        return true;
    };
    // Every L containing (r, c) as its first free cell in column-major order:
    // the 2×2 boxes with (r, c) in their left column.
    let candidates: [[(isize, isize); 3]; 4] = [
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 1)],
        [(0, 0), (0, 1), (-1, 1)],
    ];
    for shape in candidates {
        let cells: Vec<(usize, usize)> = shape
            .iter()
            .map(|&(dr, dc)| (r as isize + dr, c as isize + dc))
            .filter(|&(a, b)| a >= 0 && b >= 0 && (a as usize) < n && (b as usize) < n)
            .map(|(a, b)| (a as usize, b as usize))
            .collect();
        if cells.len() == 3 && cells.iter().all(|&(a, b)| free[a][b]) {
            for &(a, b) in &cells {
                free[a][b] = false;
            }
            if cover(free, n) {
                return true;
            }
            for &(a, b) in &cells {
                free[a][b] = true;
            }
        }
    }
    false
}
