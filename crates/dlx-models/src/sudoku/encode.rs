//! The lean exact cover encoding of a sudoku, and the ways to solve one.

use dlx_core::{ItemId, ItemKind, OptionId, Problem, ProblemBuilder, Solver};

use super::{find_clash, Cell, Clash, Grid, Variant};
use crate::rng::SplitMix64;

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
/// let solution = encoding.solver().first().expect("solvable");
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
    /// `r1c2`, and pairs `r1#5` (row 1 needs 5), `c2#5`, `b3#5`, `d#5` (main
    /// diagonal) and `a#5` (anti-diagonal).
    pub fn with_names(grid: &Grid, variant: Variant) -> Result<Encoding, Clash> {
        Ok(build(grid, Board::new(grid, variant)?, variant, true, None))
    }

    /// Encodes a puzzle with its options in an order shuffled by `rng` (the
    /// generator's way of making the first solution random).
    pub(crate) fn shuffled(
        grid: &Grid,
        variant: Variant,
        rng: &mut SplitMix64,
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
            .primary(&name())
            .unwrap_or_else(|_| builder.item(ItemKind::Primary))
    } else {
        builder.item(ItemKind::Primary)
    };
    id.index() as u32
}

/// The digits each unit already holds, one bit a digit, over a grid being filled.
struct Board {
    n: usize,
    diagonal: bool,
    full: u64,
    cells: Vec<u8>,
    /// The row, column and box of every cell, and bit 0/1 set when it lies
    /// on the main/anti-diagonal of a diagonal sudoku (no division in the loops).
    place_of: Vec<[u8; 4]>,
    /// Cell indices of every unit: rows, columns, boxes, then diagonals.
    units: Vec<u16>,
    row_used: Vec<u64>,
    col_used: Vec<u64>,
    box_used: Vec<u64>,
    diag_used: [u64; 2],
    /// After [`Board::presolve`], the candidates it left for every blank
    /// (empty before): a subset of [`Board::candidates`].
    cand: Vec<u64>,
}

impl Board {
    /// The board of a grid's givens, or the first clash among them.
    fn new(grid: &Grid, variant: Variant) -> Result<Board, Clash> {
        let shape = grid.shape();
        let n = shape.size();
        let diagonal = variant == Variant::Diagonal;
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut place_of = Vec::with_capacity(n * n);
        let n_units = if diagonal { 3 * n + 2 } else { 3 * n };
        let mut units = vec![0u16; n_units * n];
        let mut box_fill = vec![0usize; n];
        for r in 0..n {
            for c in 0..n {
                let b = (r / br) * br + c / bc;
                let index = r * n + c;
                let mut diag = 0u8;
                if diagonal && r == c {
                    diag |= 1;
                    units[3 * n * n + r] = index as u16;
                }
                if diagonal && r + c == n - 1 {
                    diag |= 2;
                    units[(3 * n + 1) * n + r] = index as u16;
                }
                place_of.push([r as u8, c as u8, b as u8, diag]);
                units[r * n + c] = index as u16;
                units[(n + c) * n + r] = index as u16;
                units[(2 * n + b) * n + box_fill[b]] = index as u16;
                box_fill[b] += 1;
            }
        }
        let mut board = Board {
            n,
            diagonal,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            cells: vec![0; n * n],
            place_of,
            units,
            row_used: vec![0; n],
            col_used: vec![0; n],
            box_used: vec![0; n],
            diag_used: [0; 2],
            cand: Vec::new(),
        };
        let mut clash = false;
        for (index, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                clash |= board.candidates(index) & (1u64 << (v - 1)) == 0;
                board.place(index, v);
            }
        }
        if clash {
            if let Some(clash) = find_clash(grid, variant) {
                return Err(clash);
            }
        }
        Ok(board)
    }

    /// The digits no filled cell rules out for cell `index` (blank or not).
    #[inline]
    fn candidates(&self, index: usize) -> u64 {
        let [r, c, b, diag] = self.place_of[index];
        let mut used = self.row_used[usize::from(r)]
            | self.col_used[usize::from(c)]
            | self.box_used[usize::from(b)];
        if diag != 0 {
            if diag & 1 != 0 {
                used |= self.diag_used[0];
            }
            if diag & 2 != 0 {
                used |= self.diag_used[1];
            }
        }
        self.full & !used
    }

    /// Writes a digit into a cell and marks it used in the cell's units.
    #[inline]
    fn place(&mut self, index: usize, digit: u8) {
        let [r, c, b, diag] = self.place_of[index];
        let bit = 1u64 << (digit - 1);
        self.cells[index] = digit;
        self.row_used[usize::from(r)] |= bit;
        self.col_used[usize::from(c)] |= bit;
        self.box_used[usize::from(b)] |= bit;
        if diag & 1 != 0 {
            self.diag_used[0] |= bit;
        }
        if diag & 2 != 0 {
            self.diag_used[1] |= bit;
        }
    }

    /// The digits a unit already holds.
    fn unit_used(&self, unit: usize) -> u64 {
        let n = self.n;
        match unit / n {
            0 => self.row_used[unit],
            1 => self.col_used[unit - n],
            2 => self.box_used[unit - 2 * n],
            _ if unit == 3 * n => self.diag_used[0],
            _ => self.diag_used[1],
        }
    }

    /// Fills forced cells until none is left: a blank with one candidate
    /// (naked single), or a digit with one place in a unit (hidden single).
    /// Stops early at a contradiction (a blank with no candidate, a digit with
    /// no place), which the encoding then shows as an item with no option.
    ///
    /// Between rounds, locked candidates ("pointing") strike more: when a
    /// digit's places in a box all lie in one row (or column), the rest of
    /// that row (column) cannot hold it. The candidates left are kept for the
    /// encoding, which makes no option of a struck one.
    fn presolve(&mut self) {
        let mut cand = Vec::new();
        self.presolve_into(&mut cand);
        self.cand = cand;
    }

    fn presolve_into(&mut self, cand: &mut Vec<u64>) {
        let n = self.n;
        let n_units = self.units.len() / n;
        // The candidates of every blank (0 for a filled cell), kept up to date
        // as cells are filled, and a stack of blanks left with one candidate.
        *cand = (0..self.cells.len())
            .map(|i| {
                if self.cells[i] == 0 {
                    self.candidates(i)
                } else {
                    0
                }
            })
            .collect();
        let mut singles = Vec::new();
        for (index, &c) in cand.iter().enumerate() {
            if self.cells[index] == 0 {
                if c == 0 {
                    return;
                }
                if c & (c - 1) == 0 {
                    singles.push(index);
                }
            }
        }
        loop {
            while let Some(index) = singles.pop() {
                let c = cand[index];
                if self.cells[index] != 0 {
                    continue;
                }
                if c == 0 || !self.assign(index, c, cand, &mut singles) {
                    return;
                }
            }
            let mut progress = false;
            for unit in 0..n_units {
                let cells = &self.units[unit * n..(unit + 1) * n];
                let (mut once, mut twice) = (0u64, 0u64);
                for &index in cells {
                    let c = cand[usize::from(index)];
                    twice |= once & c;
                    once |= c;
                }
                if (once | self.unit_used(unit)) != self.full {
                    return;
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let found = self.units[unit * n..(unit + 1) * n]
                        .iter()
                        .map(|&i| usize::from(i))
                        .find(|&i| cand[i] & bit != 0);
                    if let Some(index) = found {
                        if !self.assign(index, bit, cand, &mut singles) {
                            return;
                        }
                        progress = true;
                    }
                }
            }
            if progress || !singles.is_empty() {
                continue;
            }
            match self.pointing(cand, &mut singles) {
                Some(true) => {}
                Some(false) | None => return,
            }
        }
    }

    /// Locked candidates in boxes; `Some(true)` when a candidate was struck,
    /// `None` at a contradiction.
    fn pointing(&self, cand: &mut [u64], singles: &mut Vec<usize>) -> Option<bool> {
        let n = self.n;
        let mut struck = false;
        // The rows and the columns where each digit can go in the box, in one
        // pass over the box's cells.
        let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
        for b in 0..n {
            let box_cells = &self.units[(2 * n + b) * n..(2 * n + b + 1) * n];
            rows[..n].fill(0);
            cols[..n].fill(0);
            for &i in box_cells {
                let [r, c, _, _] = self.place_of[usize::from(i)];
                let mut digits = cand[usize::from(i)];
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    rows[d] |= 1 << r;
                    cols[d] |= 1 << c;
                }
            }
            for d in 0..n {
                let bit = 1u64 << d;
                for (lines, unit_base) in [(rows[d], 0), (cols[d], n)] {
                    // No place, or places on more than one line: nothing to strike.
                    if lines == 0 || lines & (lines - 1) != 0 {
                        continue;
                    }
                    let unit = unit_base + lines.trailing_zeros() as usize;
                    for &j in &self.units[unit * n..(unit + 1) * n] {
                        let j = usize::from(j);
                        if usize::from(self.place_of[j][2]) != b && cand[j] & bit != 0 {
                            let after = cand[j] & !bit;
                            cand[j] = after;
                            if after == 0 {
                                return None;
                            }
                            if after & (after - 1) == 0 {
                                singles.push(j);
                            }
                            struck = true;
                        }
                    }
                }
            }
        }
        Some(struck)
    }

    /// Fills a blank with the digit of `bit` and strikes it from the
    /// candidates of the blanks that share a unit; `false` at a contradiction.
    fn assign(
        &mut self,
        index: usize,
        bit: u64,
        cand: &mut [u64],
        singles: &mut Vec<usize>,
    ) -> bool {
        let n = self.n;
        self.place(index, bit.trailing_zeros() as u8 + 1);
        cand[index] = 0;
        let [r, c, b, diag] = self.place_of[index];
        let mut units = [
            usize::from(r),
            n + usize::from(c),
            2 * n + usize::from(b),
            0,
            0,
        ];
        let mut n_units = 3;
        if diag & 1 != 0 {
            units[n_units] = 3 * n;
            n_units += 1;
        }
        if diag & 2 != 0 {
            units[n_units] = 3 * n + 1;
            n_units += 1;
        }
        for &unit in &units[..n_units] {
            for &peer in &self.units[unit * n..(unit + 1) * n] {
                let peer = usize::from(peer);
                let before = cand[peer];
                if before & bit != 0 {
                    let after = before & !bit;
                    cand[peer] = after;
                    if after == 0 {
                        return false;
                    }
                    if after & (after - 1) == 0 {
                        singles.push(peer);
                    }
                }
            }
        }
        true
    }
}

fn build(
    givens: &Grid,
    board: Board,
    variant: Variant,
    names: bool,
    rng: Option<&mut SplitMix64>,
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
                format!("r{}c{}", index / n + 1, index % n + 1)
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
                        format!("{prefix}{}#{}", unit + 1, d + 1)
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
        Ok(solver.next_solution().map(|s| encoding.decode(s)))
    }

    /// The number of solutions, stopping at `limit` when one is given.
    pub fn count(&self, variant: Variant, limit: Option<u64>) -> Result<u64, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let mut solver = encoding.solver();
        solver.set_limit(limit);
        Ok(solver.count())
    }

    /// Whether the puzzle has no, one or several solutions (counting to two).
    pub fn uniqueness(&self, variant: Variant) -> Result<Uniqueness, Clash> {
        let encoding = Encoding::presolved(self, variant)?;
        let mut solver = encoding.solver();
        let Some(first) = solver.first() else {
            return Ok(Uniqueness::None);
        };
        Ok(match solver.next_solution() {
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
        let solution = self.solver.next_solution()?;
        Some(self.encoding.decode(solution))
    }
}
