//! `Sudoku` and `solve_sudokus`: the sudoku model of `dlx_models` for Python.

use std::sync::Arc;

use dlx_core::Outcome;
use dlx_models::sudoku::{
    generate_puzzle_within, Alphabet, Encoding, Grid, Puzzle, Shape, Variant,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

use crate::args::{Limits, Whole};
use crate::errors;
use crate::problem::{option_ids, Problem};
use crate::run::{count_sliced, first_sliced, interruptible};

/// A sudoku grid of any size from 4x4 (boxes 2x2) to 64x64, plain or
/// diagonal (both main diagonals hold every digit once).
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug, Clone)]
pub struct Sudoku {
    grid: Grid,
    alphabet: Alphabet,
    variant: Variant,
}

impl Sudoku {
    fn like(&self, grid: Grid) -> Sudoku {
        Sudoku {
            grid,
            alphabet: self.alphabet,
            variant: self.variant,
        }
    }

    /// The encoding with the givens placed (`named`: items with names, as
    /// `problem()` shows them; else the lean encoding the searches use).
    fn encoding(&self, py: Python<'_>, named: bool) -> PyResult<Encoding> {
        let encoded = if named {
            Encoding::with_names(&self.grid, self.variant)
        } else {
            Encoding::presolved(&self.grid, self.variant)
        };
        encoded.map_err(|clash| {
            let message = format!("the givens break the rules: {clash}");
            errors::input(py, "InputError", message, None, None)
        })
    }
}

/// The symbols of a grid of side `size`: digits up to 9, numbers above.
fn alphabet_of(size: usize) -> Alphabet {
    if size > 9 {
        Alphabet::Numbers
    } else {
        Alphabet::Digits
    }
}

/// A grid from a string (one line of cells, or the rows on lines; `.` or
/// `0` for a blank) or from a list of rows of numbers (0 for a blank).
fn read_grid(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<(Grid, Alphabet)> {
    if let Ok(text) = puzzle.cast::<PyString>() {
        let text = text.extract::<String>()?;
        let parsed = Puzzle::parse_one(&text, None).map_err(|error| {
            errors::input(
                py,
                "ParseError",
                errors::chain(&error),
                line_of(&error),
                None,
            )
        })?;
        let alphabet = parsed.alphabet();
        return Ok((parsed.into_grid(), alphabet));
    }
    let rows: Vec<Vec<u32>> = puzzle.extract().map_err(|_| {
        PyTypeError::new_err(
            "a sudoku is a string of cells or a list of rows of numbers (0 for a blank)",
        )
    })?;
    let size = rows.len();
    let shape = Shape::for_size(size).map_err(|error| errors::bad_input(py, &error))?;
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != size {
            let message = format!(
                "row {} has {} cells; a {size}x{size} grid has {size} in each row",
                r + 1,
                row.len()
            );
            return Err(errors::input(py, "InputError", message, Some(r + 1), None));
        }
        for (c, &value) in row.iter().enumerate() {
            let Some(digit) = u8::try_from(value).ok().filter(|&d| usize::from(d) <= size) else {
                let message = format!(
                    "row {}, column {}: {value} is not a digit of a {size}x{size} grid (0 for a blank, 1 to {size})",
                    r + 1,
                    c + 1
                );
                return Err(errors::at(py, message, r + 1, c + 1));
            };
            cells.push(digit);
        }
    }
    let grid = Grid::from_cells(shape, cells).map_err(|error| errors::bad_input(py, &error))?;
    Ok((grid, alphabet_of(size)))
}

/// The line of a sudoku parse error, read from its message ("line N: ...").
fn line_of(error: &dlx_models::sudoku::ParseError) -> Option<usize> {
    let text = error.to_string();
    let rest = text.strip_prefix("line ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[pymethods]
impl Sudoku {
    /// A puzzle: a string (81 cells on one line for 9x9, `.` or `0` for a
    /// blank; other sizes and the rows on lines are read too) or a list of
    /// rows of numbers (0 for a blank). `diagonal=True` for X-sudoku.
    #[new]
    #[pyo3(signature = (puzzle, *, diagonal = false))]
    fn new(py: Python<'_>, puzzle: &Bound<'_, PyAny>, diagonal: bool) -> PyResult<Sudoku> {
        let (grid, alphabet) = read_grid(py, puzzle)?;
        Ok(Sudoku {
            grid,
            alphabet,
            variant: Variant::with_diagonals(diagonal),
        })
    }

    /// A puzzle with exactly one solution, made from `seed` (the same seed
    /// makes the same puzzle), of `size` x `size` cells.
    #[staticmethod]
    #[pyo3(
        signature = (size = Whole::of(9), *, seed = 0, diagonal = false, time_limit = None),
        text_signature = "(size=9, *, seed=0, diagonal=False, time_limit=None)"
    )]
    fn generate(
        py: Python<'_>,
        size: Whole,
        seed: u64,
        diagonal: bool,
        time_limit: Option<f64>,
    ) -> PyResult<Sudoku> {
        let size = size.size("size", 64)?;
        let shape = Shape::for_size(size).map_err(|error| errors::bad_input(py, &error))?;
        let variant = Variant::with_diagonals(diagonal);
        let limits = Limits::time(time_limit)?;
        let budget = limits.budget.clone();
        let made = interruptible(py, &limits.cancel, || {
            generate_puzzle_within(shape, variant, seed, &budget)
        })?;
        match (made.value, made.outcome) {
            (Some((grid, _)), _) => Ok(Sudoku {
                grid,
                alphabet: alphabet_of(size),
                variant,
            }),
            (None, Outcome::Stopped(stop)) => Err(errors::stopped(
                py,
                stop,
                "generate",
                py.None(),
                dlx_core::Stats::default(),
            )),
            (None, _) => Err(PyValueError::new_err(format!(
                "no {size}x{size} grid found for these rules"
            ))),
        }
    }

    /// The side of the grid (9 for the classic sudoku).
    #[getter]
    fn size(&self) -> usize {
        self.grid.size()
    }

    /// Whether both main diagonals must hold every digit once.
    #[getter]
    fn diagonal(&self) -> bool {
        self.variant == Variant::Diagonal
    }

    /// The cells, row by row (0 for a blank).
    #[getter]
    fn rows(&self) -> Vec<Vec<u32>> {
        // u32, not u8: PyO3 turns a Vec<u8> into bytes.
        self.grid
            .cells()
            .chunks(self.grid.size())
            .map(|row| row.iter().map(|&d| u32::from(d)).collect())
            .collect()
    }

    /// The number of givens (filled cells).
    #[getter]
    fn givens(&self) -> usize {
        self.grid.n_givens()
    }

    /// Whether every cell is filled.
    fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }

    /// The solved grid (the first in the search's order), or None.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<Sudoku>> {
        let encoding = self.encoding(py, false)?;
        let mut solver = encoding.solver();
        Ok(first_sliced(py, &mut solver, "solve")?.map(|s| self.like(encoding.decode(&s))))
    }

    /// The number of solutions, counted up to `limit` when one is given.
    #[pyo3(signature = (*, limit = None))]
    fn count(&self, py: Python<'_>, limit: Option<Whole>) -> PyResult<u64> {
        let limit = crate::args::optional(limit, "limit", u64::MAX)?;
        let encoding = self.encoding(py, false)?;
        let mut solver = encoding.solver();
        solver.set_limit(limit);
        count_sliced(py, &mut solver, "count")
    }

    /// Whether the puzzle has exactly one solution.
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.count(py, Some(Whole::of(2)))? == 1)
    }

    /// The exact cover problem of the puzzle (items named `p{r}{c}`,
    /// `r{r}{d}`, `c{c}{d}`, `b{b}{d}`), which `decode` turns back.
    fn problem(&self, py: Python<'_>) -> PyResult<Problem> {
        Ok(Problem::wrap(self.encoding(py, true)?.problem().clone()))
    }

    /// The grid a solution of `problem()` makes (its option indices).
    fn decode(&self, py: Python<'_>, solution: Vec<usize>) -> PyResult<Sudoku> {
        let encoding = self.encoding(py, true)?;
        let options = option_ids(encoding.problem(), &solution)?;
        Ok(self.like(encoding.decode(&options)))
    }

    /// The grid drawn on lines, with the boxes marked.
    fn render(&self) -> String {
        self.grid.render(self.alphabet)
    }

    /// The grid as an SVG picture (printable on A4); with `solution`, the
    /// solution's digits drawn apart from the givens.
    #[pyo3(signature = (solution = None))]
    fn to_svg(&self, solution: Option<&Sudoku>) -> String {
        self.grid
            .to_svg(solution.map(|s| &s.grid), self.variant, self.alphabet)
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg(None)
    }

    fn __str__(&self) -> String {
        self.grid.to_line(self.alphabet)
    }

    fn __repr__(&self) -> String {
        format!("Sudoku({:?})", self.grid.to_line(self.alphabet))
    }

    fn __eq__(&self, other: &Sudoku) -> bool {
        self.grid == other.grid && self.variant == other.variant
    }
}

/// Solves many sudokus (strings, as `Sudoku` reads them) on `threads`
/// threads (None: one per core): each one's solution as a string in the
/// puzzle's own symbols, or None when it has none, in the input's order.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None, diagonal = false))]
pub fn solve_sudokus(
    py: Python<'_>,
    puzzles: Vec<String>,
    threads: Option<Whole>,
    diagonal: bool,
) -> PyResult<Vec<Option<String>>> {
    let limits = Limits::threads(threads)?;
    let pool = limits.pool()?;
    let variant = Variant::with_diagonals(diagonal);
    let cancel = Arc::clone(&limits.cancel);
    let solved = interruptible(py, &limits.cancel, || {
        pool.install(|| {
            puzzles
                .par_iter()
                .enumerate()
                .map(|(index, text)| {
                    let puzzle = Puzzle::parse_one(text, None)
                        .map_err(|error| (index, errors::chain(&error)))?;
                    let alphabet = puzzle.alphabet();
                    let encoding = Encoding::presolved(puzzle.grid(), variant)
                        .map_err(|clash| (index, format!("the givens break the rules: {clash}")))?;
                    let mut solver = encoding.solver();
                    solver.set_budget(dlx_core::Budget::new().with_cancel(Arc::clone(&cancel)));
                    match solver.next_solution() {
                        Ok(found) => Ok(found.map(|s| encoding.decode(s).to_line(alphabet))),
                        Err(stop) => Err((index, stop.to_string())),
                    }
                })
                .collect::<Result<Vec<_>, (usize, String)>>()
        })
    })?;
    solved.map_err(|(index, message)| {
        errors::input(
            py,
            "InputError",
            format!("puzzle {index}: {message}"),
            None,
            None,
        )
    })
}
