//! Seeded grids and unique-solution puzzles, reproducible on every machine.

use dlx_core::{Answer, Budget, Outcome, Step, Stop};

use super::{Encoding, Grid, Shape, Variant};
use crate::rng::Rng;

/// Search nodes allowed for one attempt at filling a grid, per cell.
const FILL_NODES_PER_CELL: u64 = 40;
/// Attempts at filling a grid before giving up.
const FILL_ATTEMPTS: usize = 50;
/// Search nodes allowed for proving one candidate puzzle unique.
const UNIQUE_NODES: u64 = 20_000;
/// The most cells of a grid filled by the shuffled search. Beyond, the
/// shuffled search almost always runs out: at 49x49 all 50 attempts did, for
/// 10 s, though a plain search fills the empty grid in a fraction of a
/// second (issue 20). Larger grids are drawn from a canonical one instead.
const SHUFFLED_FILL_MAX_CELLS: usize = 36 * 36;
/// Search nodes allowed per cell for the canonical diagonal grid beyond
/// 36x36. With 7x7 boxes the search needs 20 (46,772 nodes, 0.2 s); with
/// 6x7, 7x6, 7x8, 8x7 and 8x8 boxes it had not found one after 20 s (8 to 20
/// million nodes), so those grids are not made, after a few seconds.
const CANONICAL_FILL_NODES_PER_CELL: u64 = 400;

/// A complete random grid from a seed: the same seed, shape and variant give
/// the same grid on every machine.
///
/// Up to 36x36, the empty grid is encoded with its options shuffled by the
/// seeded generator (dlx-core's `WyRand`, written out there) and the search
/// takes the first solution; an attempt that needs more than a few search
/// nodes per cell is dropped for a fresh shuffle (9x9 and 16x16 take
/// milliseconds). Larger grids, and any whose attempts all run out, are drawn
/// from a canonical grid instead: the digits relabelled at random, and for
/// plain sudoku the bands, the stacks, and the rows and columns within them
/// shuffled (a diagonal sudoku keeps its lines, which carry the diagonals),
/// all by the same generator; those grids are all of one equivalence class.
/// `None` when no grid was found: the search proved there is none (a
/// diagonal sudoku of size 2 or 3), or the canonical diagonal grid was not
/// found within its budget (diagonal sudoku beyond 36x36 but for 7x7 boxes).
///
/// ```
/// use dlx_models::sudoku::{check, generate_grid, Grid, Shape, Variant};
///
/// let shape = Shape::for_size(9)?;
/// let grid = generate_grid(shape, Variant::Diagonal, 7).expect("found");
/// assert!(check(&grid, &Grid::empty(shape), Variant::Diagonal).is_ok());
/// assert_eq!(generate_grid(shape, Variant::Diagonal, 7), Some(grid));
/// # Ok::<(), dlx_models::sudoku::ShapeError>(())
/// ```
pub fn generate_grid(shape: Shape, variant: Variant, seed: u64) -> Option<Grid> {
    crate::whole(generate_grid_within(shape, variant, seed, &Budget::new()))
}

/// [`generate_grid`] within `budget` (its searches draw on it): the grid,
/// or `None` with the outcome saying whether none was found or the budget
/// stopped the generator first.
pub fn generate_grid_within(
    shape: Shape,
    variant: Variant,
    seed: u64,
    budget: &Budget,
) -> Answer<Option<Grid>> {
    fill(shape, variant, &mut Rng::new(seed), budget)
}

fn fill(shape: Shape, variant: Variant, rng: &mut Rng, budget: &Budget) -> Answer<Option<Grid>> {
    if shape.n_cells() <= SHUFFLED_FILL_MAX_CELLS {
        let empty = Grid::empty(shape);
        let slice = FILL_NODES_PER_CELL * shape.n_cells() as u64;
        for _ in 0..FILL_ATTEMPTS {
            // An empty grid has no clash.
            let Ok(encoding) = Encoding::shuffled(&empty, variant, rng) else {
                return Answer::new(None, Outcome::Finished);
            };
            let mut solver = encoding.solver();
            solver.set_budget(budget.clone());
            match solver.run(slice) {
                Step::Solution => {
                    let grid = encoding.decode(solver.solution());
                    return Answer::new(Some(grid), Outcome::LimitReached);
                }
                Step::End(outcome) => return Answer::new(None, outcome),
                Step::Paused => {}
            }
        }
    }
    relabelled(shape, variant, rng, budget)
}

/// A grid drawn from a canonical one: its digits relabelled, and for plain
/// sudoku its bands, stacks, rows within a band and columns within a stack
/// shuffled, each of which keeps every row, column and box whole.
fn relabelled(
    shape: Shape,
    variant: Variant,
    rng: &mut Rng,
    budget: &Budget,
) -> Answer<Option<Grid>> {
    let size = shape.size();
    let canonical = match variant {
        // The pattern grid: row r of band b (r counted within the band) is
        // the digits shifted by r times the width of a box plus b.
        Variant::Plain => (0..shape.n_cells())
            .map(|index| {
                let (row, col) = (index / size, index % size);
                let shift = shape.box_cols() * (row % shape.box_rows()) + row / shape.box_rows();
                ((shift + col) % size) as u8 + 1
            })
            .collect(),
        // The first grid of the plain search, which fills an empty 49x49
        // diagonal sudoku in a tenth of a second.
        Variant::Diagonal => {
            let Ok(encoding) = Encoding::new(&Grid::empty(shape), variant) else {
                return Answer::new(None, Outcome::Finished);
            };
            let mut solver = encoding.solver();
            solver.set_budget(budget.clone());
            let slice = CANONICAL_FILL_NODES_PER_CELL * shape.n_cells() as u64;
            match solver.run(slice) {
                Step::Solution => encoding.decode(solver.solution()).cells,
                // Not found within the generator's own slice: it gives up.
                Step::Paused => return Answer::new(None, Outcome::Finished),
                Step::End(outcome) => return Answer::new(None, outcome),
            }
        }
    };
    let mut digits: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut digits);
    let (rows, cols): (Vec<usize>, Vec<usize>) = match variant {
        Variant::Plain => (
            line_order(size, shape.box_rows(), rng),
            line_order(size, shape.box_cols(), rng),
        ),
        Variant::Diagonal => ((0..size).collect(), (0..size).collect()),
    };
    let cells = (0..shape.n_cells())
        .map(|index| {
            let from = rows[index / size] * size + cols[index % size];
            digits[usize::from(canonical[from]) - 1]
        })
        .collect();
    Answer::new(Grid::from_cells(shape, cells).ok(), Outcome::Finished)
}

/// An order of `size` lines that keeps each group of `group` consecutive
/// lines (a band of rows, a stack of columns) together: the groups
/// shuffled, then the lines within each.
fn line_order(size: usize, group: usize, rng: &mut Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..size / group).collect();
    rng.shuffle(&mut groups);
    let mut order = Vec::with_capacity(size);
    for first in groups.into_iter().map(|g| g * group) {
        let mut lines: Vec<usize> = (first..first + group).collect();
        rng.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}

/// Whether a puzzle has exactly one solution, proved within `UNIQUE_NODES`
/// nodes; `Err` when the caller's budget stopped the proof.
fn proved_unique(puzzle: &Grid, variant: Variant, budget: &Budget) -> Result<bool, Stop> {
    let Ok(encoding) = Encoding::presolved(puzzle, variant) else {
        return Ok(false);
    };
    let mut solver = encoding.solver();
    solver.set_limit(Some(2)).set_budget(budget.clone());
    match solver.run_counting(UNIQUE_NODES) {
        Step::End(Outcome::Stopped(stop)) => Err(stop),
        Step::End(_) => Ok(solver.stats().solutions == 1),
        Step::Solution | Step::Paused => Ok(false),
    }
}

/// A puzzle with a unique solution, and that solution, from a seed.
///
/// The solution is [`generate_grid`]'s grid for the seed; then the cells, in
/// an order shuffled by the same generator, are blanked one by one, each
/// blank kept only if the puzzle still has exactly one solution. A blank
/// whose uniqueness the search cannot prove within a fixed node budget is
/// given back, so the puzzle is always unique, and minimal whenever no proof
/// ran out (always for 9x9 grids). Reproducible like [`generate_grid`].
///
/// ```
/// use dlx_models::sudoku::{generate_puzzle, Shape, Uniqueness, Variant};
///
/// let (puzzle, solution) = generate_puzzle(Shape::for_size(9)?, Variant::Plain, 1).expect("found");
/// assert_eq!(puzzle.uniqueness(Variant::Plain)?, Uniqueness::Unique(solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_puzzle(shape: Shape, variant: Variant, seed: u64) -> Option<(Grid, Grid)> {
    crate::whole(generate_puzzle_within(shape, variant, seed, &Budget::new()))
}

/// [`generate_puzzle`] within `budget` (its searches draw on it, and it is
/// looked at before each cell is blanked): the puzzle and its solution, or
/// `None` with the outcome saying whether no grid was found or the budget
/// stopped the generator first (a puzzle half made is none).
pub fn generate_puzzle_within(
    shape: Shape,
    variant: Variant,
    seed: u64,
    budget: &Budget,
) -> Answer<Option<(Grid, Grid)>> {
    let mut rng = Rng::new(seed);
    let filled = fill(shape, variant, &mut rng, budget);
    let Some(solution) = filled.value else {
        return Answer::new(None, filled.outcome);
    };
    let mut order: Vec<usize> = (0..shape.n_cells()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    for index in order {
        if let Err(stop) = budget.check() {
            return Answer::new(None, Outcome::Stopped(stop));
        }
        let digit = puzzle.cells[index];
        puzzle.cells[index] = 0;
        // A blank that the givens around it force keeps the puzzle's
        // solutions as they were, so it needs no proof; the proof would find
        // the same (the presolve fills the cell first, then meets the puzzle
        // proven before), at a 49x49 grid's cost (issue 20).
        if forced(&puzzle, index, variant) {
            continue;
        }
        match proved_unique(&puzzle, variant, budget) {
            Ok(true) => {}
            Ok(false) => puzzle.cells[index] = digit,
            Err(stop) => return Answer::new(None, Outcome::Stopped(stop)),
        }
    }
    Answer::new(Some((puzzle, solution)), Outcome::Finished)
}

/// Whether the givens of the blank cell's row, column, box (and diagonals,
/// for diagonal sudoku) hold every digit but one: a naked single.
fn forced(puzzle: &Grid, index: usize, variant: Variant) -> bool {
    let shape = puzzle.shape();
    let size = shape.size();
    let cell = shape.cell(index);
    let mut seen = 0u128;
    let mut see = |row: usize, col: usize| {
        let digit = puzzle.cells[row * size + col];
        seen |= 1 << digit;
    };
    let (top, left) = (
        cell.row / shape.box_rows() * shape.box_rows(),
        cell.col / shape.box_cols() * shape.box_cols(),
    );
    for k in 0..size {
        see(cell.row, k);
        see(k, cell.col);
        see(top + k / shape.box_cols(), left + k % shape.box_cols());
        if variant == Variant::Diagonal {
            if cell.row == cell.col {
                see(k, k);
            }
            if cell.row + cell.col == size - 1 {
                see(k, size - 1 - k);
            }
        }
    }
    // Bit 0 is the blanks, the cell's own among them.
    (seen >> 1).count_ones() as usize == size - 1
}
