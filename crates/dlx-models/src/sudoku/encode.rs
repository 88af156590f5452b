//! The lean exact cover encoding of a sudoku, and the ways to solve one.

use dlx_core::{Count, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, Solver};

use super::board::Board;
use super::{Cell, Clash, Grid, Variant};
use crate::rng::Rng;

/// A sudoku as an exact cover problem, with the map back from options to cells.
///
/// Items (all primary), in this order: every empty cell; then every
/// (row, digit), (column, digit) and (box, digit) pair, and for
/// [`Variant::Diagonal`] every (diagonal, digit) pair, that no given already
/// satisfies. Options: every (cell, digit) pair of an empty cell that no given
/// rules out, covering the cell and the pairs the digit satisfies. Givens
/// therefore never appear in the problem: a solution is the set of digits
/// written into the empty cells.
///
/// ```
/// use dlx_core::verify;
/// use dlx_models::sudoku::{Encoding, Grid, Variant};
///
/// let grid: Grid = "1..4..........3.".parse()?;
/// let encoding = Encoding::new(&grid, Variant::Plain)?;
/// // 13 empty cells, and 13 (row, digit), 13 (column, digit) and 13 (box,
/// // digit) pairs that no given satisfies yet.
/// assert_eq!(encoding.problem().n_primary(), 13 + 13 + 13 + 13);
/// let solution = encoding.solver().first().value.expect("solvable");
/// assert!(verify(encoding.problem(), &solution).is_ok());
/// let answer = encoding.decode(&solution);
/// assert!(answer.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    givens: Grid,
    /// The givens plus the cells filled before the search (see [`Encoding::presolved`]).
    start: Grid,
    variant: Variant,
    /// The (cell index, digit) each option writes.
    placements: Vec<(u16, u8)>,
}

/// How many solutions a puzzle has, counted up to two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution, given here.
    Unique(Grid),
    /// Two or more solutions.
    Several,
}

/// The solutions of a puzzle as complete grids, made by [`Grid::solutions`].
#[derive(Clone, Debug)]
pub struct Solutions {
    encoding: Encoding,
    solver: Solver,
}

/// No item: the slot is filled by a given.
const NONE: u32 = u32::MAX;

/// The most nodes ([`Problem::node_count`]) the encoding of a grid of size `n`
/// can need: at most `n * n` cell items, `3 * n * n + 2 * n` (unit, digit)
/// items, and `n * n * n` options of at most 6 items each (cell, row, column,
/// box and the two diagonals), each with a spacer.
#[allow(
    dead_code,
    reason = "used only by the `const _` assertion below, which rustc 1.85 (the MSRV check) does not see"
)]
const fn max_nodes(n: u64) -> u64 {
    let items = n * n + 3 * n * n + 2 * n;
    let options = n * n * n;
    items + 2 + options * 6 + options + 1
}

// **Invariant:** every grid the crate can make (size at most `MAX_SIZE`, which
// `Shape` enforces) encodes within the engine's node limit; checked when
// compiling, so raising `MAX_SIZE` past the limit fails the build, not a search.
// For 64x64, about 1.9 million nodes against a limit of about 4.3 billion.
const _: () = assert!(max_nodes(super::MAX_SIZE as u64) <= dlx_core::MAX_NODES);

impl Encoding {
    /// Encodes a puzzle; items are unnamed, which keeps encoding cheap.
    ///
    /// Fails with the first [`Clash`] when two givens share a unit.
    pub fn new(grid: &Grid, variant: Variant) -> Result<Encoding, Clash> {
        Ok(build(
            grid,
            Board::new(grid, variant)?,
            variant,
            false,
            None,
        ))
    }

    /// Encodes a puzzle after filling its forced cells: blanks with a single
    /// candidate (naked singles) and digits with a single place in a row,
    /// column, box or diagonal (hidden singles), repeated until none is left,
    /// with candidates struck by locked candidates in boxes ("pointing": a
    /// digit whose places in a box share one row or column is struck from
    /// the rest of that line). Those cells never become items and struck
    /// candidates never become options; the problem is smaller and has the
    /// same solutions. This is what [`Grid::solve`] and its siblings use.
    pub fn presolved(grid: &Grid, variant: Variant) -> Result<Encoding, Clash> {
        let mut board = Board::new(grid, variant)?;
        board.presolve();
        Ok(build(grid, board, variant, false, None))
    }

    /// Encodes a puzzle with named items, for [`dlx_core::write_dlx`]: cells
    /// `r0c2` (row 0, column 2), and pairs `r0#5` (row 0 needs 5), `c2#5`,
    /// `b3#5`, `d#5` (main diagonal) and `a#5` (anti-diagonal).
    ///
    /// Rows, columns and boxes count from 0 and digits keep their value, as
    /// in Knuth's `sudoku-dlx` (whose items are `p02`, `r05`, `c25`, `b35`)
    /// and as every index of dlx's JSON; the `#` keeps the names unambiguous
    /// beyond 9x9.
    pub fn with_names(grid: &Grid, variant: Variant) -> Result<Encoding, Clash> {
        Ok(build(grid, Board::new(grid, variant)?, variant, true, None))
    }

    /// Encodes a puzzle with its options in an order shuffled by `rng` (the
    /// generator's way of making the first solution random).
    pub(crate) fn shuffled(
        grid: &Grid,
        variant: Variant,
        rng: &mut Rng,
    ) -> Result<Encoding, Clash> {
        Ok(build(
            grid,
            Board::new(grid, variant)?,
            variant,
            false,
            Some(rng),
        ))
    }

    /// The exact cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The puzzle that was encoded.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The givens plus the cells [`Encoding::presolved`] filled before the
    /// search (the givens alone for [`Encoding::new`]): what every solution adds to.
    pub fn start(&self) -> &Grid {
        &self.start
    }

    /// The variant that was encoded.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The cell an option fills, and the digit it writes there.
    ///
    /// # Panics
    /// If the option does not belong to this encoding's problem.
    pub fn placement(&self, option: OptionId) -> (Cell, u8) {
        let (index, digit) = self.placements[option.index()];
        (self.givens.shape().cell(usize::from(index)), digit)
    }

    /// A fresh solver for the problem.
    pub fn solver(&self) -> Solver {
        Solver::new(&self.problem)
    }

    /// The grid of a solution: the givens, plus the digit of every option.
    ///
    /// # Panics
    /// If an option does not belong to this encoding's problem.
    pub fn decode(&self, solution: &[OptionId]) -> Grid {
        let mut grid = self.start.clone();
        for &option in solution {
            let (index, digit) = self.placements[option.index()];
            grid.cells[usize::from(index)] = digit;
        }
        grid
    }
}

/// Adds one item, named by `name` when names are wanted.
fn add_item(builder: &mut ProblemBuilder, names: bool, name: impl FnOnce() -> String) -> u32 {
    let id = if names {
        // Names are distinct by construction and hold no reserved character.
        builder
            .primary(name())
            .unwrap_or_else(|_| builder.item(ItemKind::Primary))
    } else {
        builder.item(ItemKind::Primary)
    };
    id.index() as u32
}

fn build(
    givens: &Grid,
    board: Board,
    variant: Variant,
    names: bool,
    rng: Option<&mut Rng>,
) -> Encoding {
    let n = board.n;
    let cells = &board.cells;
    // The options, (cell, digit) for every digit no filled cell rules out.
    let mut placements: Vec<(u16, u8)> = Vec::with_capacity(4 * n * n);
    for (index, &v) in cells.iter().enumerate() {
        if v != 0 {
            continue;
        }
        let mut candidates = board.candidates(index);
        if let Some(&left) = board.cand.get(index) {
            candidates &= left;
        }
        while candidates != 0 {
            let d = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            placements.push((index as u16, d + 1));
        }
    }
    let blanks = cells.iter().filter(|&&v| v == 0).count();
    // A blank's item and its digits' (unit, digit) items; every option has
    // one entry for each kind of unit that holds its cell, diagonals included.
    let units = if board.diagonal { 6 } else { 4 };
    let mut builder = ProblemBuilder::with_capacity(
        4 * blanks + 2 * n,
        placements.len(),
        units * placements.len(),
    );
    let mut cell_item = vec![NONE; n * n];
    for (index, &v) in cells.iter().enumerate() {
        if v == 0 {
            cell_item[index] = add_item(&mut builder, names, || {
                format!("r{}c{}", index / n, index % n)
            });
        }
    }
    // Unit items, `items[unit * n + digit - 1]`, for one kind of unit.
    let unit_items = |used: &[u64], prefix: &str, builder: &mut ProblemBuilder| {
        let mut items = vec![NONE; used.len() * n];
        for (unit, &u) in used.iter().enumerate() {
            let mut missing = board.full & !u;
            while missing != 0 {
                let d = missing.trailing_zeros() as usize;
                missing &= missing - 1;
                items[unit * n + d] = add_item(builder, names, || {
                    if used.len() == 1 {
                        format!("{prefix}#{}", d + 1)
                    } else {
                        format!("{prefix}{unit}#{}", d + 1)
                    }
                });
            }
        }
        items
    };
    let row_item = unit_items(&board.row_used, "r", &mut builder);
    let col_item = unit_items(&board.col_used, "c", &mut builder);
    let box_item = unit_items(&board.box_used, "b", &mut builder);
    let (diag_item, anti_item) = if board.diagonal {
        (
            unit_items(&board.diag_used[..1], "d", &mut builder),
            unit_items(&board.diag_used[1..], "a", &mut builder),
        )
    } else {
        (Vec::new(), Vec::new())
    };

    if let Some(rng) = rng {
        rng.shuffle(&mut placements);
    }
    let mut entries: Vec<u32> = Vec::with_capacity(6);
    for &(index, digit) in &placements {
        let index = usize::from(index);
        let d = usize::from(digit - 1);
        let [r, c, b, diag] = board.place_of[index];
        let (r, c, b) = (usize::from(r), usize::from(c), usize::from(b));
        entries.clear();
        entries.push(cell_item[index]);
        entries.push(row_item[r * n + d]);
        entries.push(col_item[c * n + d]);
        entries.push(box_item[b * n + d]);
        if diag & 1 != 0 {
            entries.push(diag_item[d]);
        }
        if diag & 2 != 0 {
            entries.push(anti_item[d]);
        }
        // **Invariant:** the option names distinct items that exist, all
        // primary: the cell is empty, and a digit that no given rules out
        // leaves each of its (unit, digit) pairs open, so no entry is `NONE`;
        // each entry comes from a range of items of its own, so none repeats.
        // With the node bound of `max_nodes`, checked when compiling, the
        // builder can refuse neither the option nor the problem.
        debug_assert!(
            !entries.contains(&NONE),
            "cell {index} digit {digit}: a slot the givens fill"
        );
        builder
            .option(entries.iter().map(|&item| ItemId::new(item as usize)))
            .expect("a sudoku option is valid by the invariant above");
    }
    let problem = builder
        .build()
        .expect("a sudoku problem fits by the bound of max_nodes");
    Encoding {
        problem,
        givens: givens.clone(),
        start: Grid {
            shape: givens.shape(),
            cells: board.cells,
        },
        variant,
        placements,
    }
}

impl Grid {
    /// The first solution (in the search's deterministic order), or `None`.
    pub fn solve(&self, variant: Variant) -> Result<Option<Grid>, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let mut solver = encoding.solver();
        Ok(crate::next_whole(solver.next_solution()).map(|s| encoding.decode(s)))
    }

    /// The number of solutions, stopping at `limit` when one is given.
    pub fn count(&self, variant: Variant, limit: Option<u64>) -> Result<Count, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let mut solver = encoding.solver();
        solver.set_limit(limit);
        Ok(crate::whole(solver.count()))
    }

    /// Whether the puzzle has no, one or several solutions (counting to two).
    pub fn uniqueness(&self, variant: Variant) -> Result<Uniqueness, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let mut solver = encoding.solver();
        let Some(first) = crate::whole(solver.first()) else {
            return Ok(Uniqueness::None);
        };
        Ok(match crate::next_whole(solver.next_solution()) {
            Some(_) => Uniqueness::Several,
            None => Uniqueness::Unique(encoding.decode(&first)),
        })
    }

    /// Every solution, one at a time.
    pub fn solutions(&self, variant: Variant) -> Result<Solutions, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let solver = encoding.solver();
        Ok(Solutions { encoding, solver })
    }
}

impl Solutions {
    /// The search statistics so far.
    pub fn stats(&self) -> &dlx_core::Stats {
        self.solver.stats()
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let solution = crate::next_whole(self.solver.next_solution())?;
        Some(self.encoding.decode(solution))
    }
}
