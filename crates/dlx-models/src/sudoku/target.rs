//! Target (archery) sudoku, NOIP 2009: weights by ring, the best score over all solutions.

use dlx_core::{OptionId, Problem};

use super::{Cell, Clash, Encoding, Grid, Variant};

/// The weight of a cell in target sudoku: 6 on the outer ring, one more on
/// each ring inward (7, 8, 9 on a 9x9 grid, 10 on its centre cell).
///
/// NOIP 2009 defines the weights for 9x9 grids; other sizes follow the same
/// rule, ring `k` from the outside weighing `6 + k`.
pub fn target_weight(size: usize, cell: Cell) -> u64 {
    let ring = cell
        .row
        .min(cell.col)
        .min(size - 1 - cell.row)
        .min(size - 1 - cell.col);
    6 + ring as u64
}

/// The score of a grid: the sum over filled cells of weight x digit.
///
/// ```
/// use dlx_models::sudoku::{target_score, Grid};
///
/// let grid: Grid = "754938261128645937639217485865429173972351648413876529547182396291763854386594712".parse()?;
/// assert_eq!(target_score(&grid), 2829);
/// # Ok::<(), dlx_models::sudoku::ParseError>(())
/// ```
pub fn target_score(grid: &Grid) -> u64 {
    let shape = grid.shape();
    grid.cells()
        .iter()
        .enumerate()
        .map(|(index, &v)| target_weight(shape.size(), shape.cell(index)) * u64::from(v))
        .sum()
}

/// The highest score over every solution of the puzzle, with a grid that
/// scores it, or `None` when there is no solution (NOIP prints -1).
///
/// The search visits every solution; the score of each is the givens' score
/// (and of the cells filled before the search) plus the weights of its options, so no grid is built until the best is known.
pub fn max_target_score(puzzle: &Grid, variant: Variant) -> Result<Option<(u64, Grid)>, Clash> {
    let encoding = Encoding::presolved(puzzle, variant)?;
    let gain = gains(&encoding, puzzle.size());
    let base = target_score(encoding.start());
    let mut best: Option<(u64, Vec<OptionId>)> = None;
    let mut solver = encoding.solver();
    while let Some(solution) = crate::next_whole(solver.next_solution()) {
        let score = base + solution.iter().map(|o| gain[o.index()]).sum::<u64>();
        let better = match &best {
            None => true,
            Some((b, _)) => score > *b,
        };
        if better {
            best = Some((score, solution.to_vec()));
        }
    }
    Ok(best.map(|(score, solution)| (score, encoding.decode(&solution))))
}

/// The same highest score as [`max_target_score`], found by dlx-core's
/// cost search (branch and bound) instead of visiting every solution.
///
/// Every solution fills the same number of empty cells, so giving each
/// placement the cost `max_gain - weight x digit` turns the highest score
/// into the lowest total cost.
///
/// ```
/// use dlx_models::sudoku::{max_target_score_by_cost, Grid, Variant};
///
/// let puzzle: Grid = "700900001100005900000200080005020003000000648413000000007002090201060804080504012".parse()?;
/// let (score, _) = max_target_score_by_cost(&puzzle, Variant::Plain)?.expect("the sample has solutions");
/// assert_eq!(score, 2829);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn max_target_score_by_cost(
    puzzle: &Grid,
    variant: Variant,
) -> Result<Option<(u64, Grid)>, Clash> {
    let target = TargetCost::new(puzzle, variant)?;
    let ranked = crate::whole(dlx_core::Solver::new(target.problem()).min_cost(1));
    Ok(ranked
        .into_iter()
        .next()
        .map(|best| target.score(&best.options)))
}

/// The cost problem behind [`max_target_score_by_cost`], for callers that
/// run the search themselves (with a budget, on threads):
/// a solution of least cost under the options' costs has the greatest score.
///
/// ```
/// use dlx_core::Solver;
/// use dlx_models::sudoku::{Grid, TargetCost, Variant};
///
/// let puzzle: Grid = "700900001100005900000200080005020003000000648413000000007002090201060804080504012".parse()?;
/// let target = TargetCost::new(&puzzle, Variant::Plain)?;
/// let best = Solver::new(target.problem()).min_cost(1).value.remove(0);
/// assert_eq!(target.score(&best.options).0, 2829);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct TargetCost {
    encoding: Encoding,
    problem: Problem,
    gain: Vec<u64>,
}

impl TargetCost {
    /// The puzzle's presolved problem, each option costing the most any
    /// option gains less what it gains.
    pub fn new(puzzle: &Grid, variant: Variant) -> Result<TargetCost, Clash> {
        let encoding = Encoding::presolved(puzzle, variant)?;
        let gain = gains(&encoding, puzzle.size());
        let max_gain = gain.iter().copied().max().unwrap_or(0);
        let mut problem = encoding.problem().clone();
        for option in encoding.problem().option_ids() {
            // `option` comes from this very problem, so it always exists.
            let _ = problem.set_cost(option, max_gain - gain[option.index()]);
        }
        Ok(TargetCost {
            encoding,
            problem,
            gain,
        })
    }

    /// The problem to search for a solution of least cost.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// A solution's score and its grid.
    pub fn score(&self, solution: &[OptionId]) -> (u64, Grid) {
        let base = target_score(self.encoding.start());
        let score = base + solution.iter().map(|o| self.gain[o.index()]).sum::<u64>();
        (score, self.encoding.decode(solution))
    }
}

/// What each option of the encoding adds to the score: its cell's weight times its digit.
fn gains(encoding: &Encoding, size: usize) -> Vec<u64> {
    encoding
        .problem()
        .option_ids()
        .map(|option| {
            let (cell, digit) = encoding.placement(option);
            target_weight(size, cell) * u64::from(digit)
        })
        .collect()
}
