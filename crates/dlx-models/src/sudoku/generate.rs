//! Seeded grids and unique-solution puzzles, reproducible on every machine.

use dlx_core::Step;

use super::{Encoding, Grid, Shape, Variant};
use crate::rng::SplitMix64;

/// Search nodes allowed for one attempt at filling a grid, per cell.
const FILL_NODES_PER_CELL: u64 = 40;
/// Attempts at filling a grid before giving up.
const FILL_ATTEMPTS: usize = 50;
/// Search nodes allowed for proving one candidate puzzle unique.
const UNIQUE_NODES: u64 = 20_000;

/// A complete random grid from a seed: the same seed, shape and variant give
/// the same grid on every machine.
///
/// The empty grid is encoded with its options shuffled by the seeded
/// generator (SplitMix64, written out in this crate) and
/// the search takes the first solution; an attempt that needs more than a
/// few search nodes per cell is dropped for a fresh shuffle. `None` when no
/// grid was found (the search proved there is none, or every attempt ran out).
/// Sizes up to 25 work (9x9 and 16x16 in milliseconds); from about 36 on, the
/// random fill rarely completes within its budget and `None` is likely.
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
    fill(shape, variant, &mut SplitMix64::new(seed))
}

fn fill(shape: Shape, variant: Variant, rng: &mut SplitMix64) -> Option<Grid> {
    let empty = Grid::empty(shape);
    let budget = FILL_NODES_PER_CELL * shape.n_cells() as u64;
    for _ in 0..FILL_ATTEMPTS {
        // An empty grid has no clash.
        let encoding = Encoding::shuffled(&empty, variant, rng).ok()?;
        let mut solver = encoding.solver();
        match solver.run(budget) {
            Step::Solution => return Some(encoding.decode(solver.solution())),
            Step::End(_) => return None,
            Step::Paused => {}
        }
    }
    None
}

/// Whether a puzzle has exactly one solution, proved within `UNIQUE_NODES` nodes.
fn proved_unique(puzzle: &Grid, variant: Variant) -> bool {
    let Ok(encoding) = Encoding::presolved(puzzle, variant) else {
        return false;
    };
    let mut solver = encoding.solver();
    solver.set_limit(Some(2));
    matches!(solver.run_counting(UNIQUE_NODES), Step::End(_)) && solver.stats().solutions == 1
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
    let mut rng = SplitMix64::new(seed);
    let solution = fill(shape, variant, &mut rng)?;
    let mut order: Vec<usize> = (0..shape.n_cells()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    for index in order {
        let digit = puzzle.cells[index];
        puzzle.cells[index] = 0;
        if !proved_unique(&puzzle, variant) {
            puzzle.cells[index] = digit;
        }
    }
    Some((puzzle, solution))
}
