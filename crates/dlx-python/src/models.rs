//! The puzzles of `dlx_models` for Python: sudoku, N-queens, polyomino
//! boards; each gives its exact cover problem, its answers as its own
//! objects, and its pictures (`to_svg`, and `_repr_svg_` for Jupyter).

use std::sync::Arc;

use dlx_core::{CountMode, OptionId, Problem as CoreProblem, Solver, Step};
use dlx_models::polyomino::{Board, PieceSet, Polyomino as Model, Tiling as ModelTiling};
use dlx_models::queens::{
    Board as QueensGrid, Encoding as QueensEncoding, Queens as QueensModel, Square,
};
use dlx_models::sudoku::{
    generate_puzzle_within, Alphabet, Encoding, Grid, Puzzle, Shape, Variant,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

use crate::errors;
use crate::problem::{self, Decode, Problem, Solutions};
use crate::run::{first_here, interruptible, Limits, SLICE};

/// The first solution of `solver` run on this thread to its end (None
/// when there is none).
fn sliced_first(
    py: Python<'_>,
    solver: &mut Solver,
    what: &str,
) -> PyResult<Option<Vec<OptionId>>> {
    Ok(first_here(py, solver, what, u64::MAX)?.flatten())
}

/// The solutions of `solver` counted to its end (or its limit), in slices.
fn sliced_count(py: Python<'_>, solver: &mut Solver, what: &str) -> PyResult<u64> {
    loop {
        let step = py.detach(|| solver.run_counting(SLICE));
        match step {
            Step::Solution | Step::Paused => py.check_signals()?,
            Step::End(dlx_core::Outcome::Stopped(stop)) => {
                py.check_signals()?;
                let partial = solver
                    .stats()
                    .solutions
                    .into_pyobject(py)?
                    .into_any()
                    .unbind();
                return Err(errors::stopped(py, stop, what, partial, *solver.stats()));
            }
            Step::End(_) => return Ok(solver.stats().solutions),
        }
    }
}

fn input(py: Python<'_>, error: &dyn std::error::Error) -> PyErr {
    errors::input(py, "InputError", errors::chain(error), None, None)
}

// ---------------------------------------------------------------- sudoku

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

    fn encoding(&self, py: Python<'_>) -> PyResult<Encoding> {
        Encoding::presolved(&self.grid, self.variant).map_err(|clash| {
            errors::input(
                py,
                "InputError",
                format!("the givens break the rules: {clash}"),
                None,
                None,
            )
        })
    }
}

/// A grid from a string (one line of cells, or the rows on lines; `.` or
/// `0` for a blank) or from a list of rows of numbers (0 for a blank).
fn read_grid(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<(Grid, Alphabet)> {
    if let Ok(text) = puzzle.cast::<PyString>() {
        let text = text.extract::<String>()?;
        let text = text.as_str();
        let parsed = Puzzle::parse_one(text, None).map_err(|error| {
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
        pyo3::exceptions::PyTypeError::new_err(
            "a sudoku is a string of cells or a list of rows of numbers (0 for a blank)",
        )
    })?;
    let size = rows.len();
    let shape = Shape::for_size(size).map_err(|error| input(py, &error))?;
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != size {
            return Err(errors::input(
                py,
                "InputError",
                format!(
                    "row {} has {} cells; a {size}x{size} grid has {size} in each row",
                    r + 1,
                    row.len()
                ),
                Some(r + 1),
                None,
            ));
        }
        for (c, &value) in row.iter().enumerate() {
            if value as usize > size {
                return Err(errors::input(
                    py,
                    "InputError",
                    format!("row {}, column {}: {value} is not a digit of a {size}x{size} grid (0 for a blank, 1 to {size})", r + 1, c + 1),
                    Some(r + 1),
                    Some(c + 1),
                ));
            }
            cells.push(value as u8);
        }
    }
    let grid = Grid::from_cells(shape, cells).map_err(|error| input(py, &error))?;
    let alphabet = if size > 9 {
        Alphabet::Numbers
    } else {
        Alphabet::Digits
    };
    Ok((grid, alphabet))
}

/// The line of a sudoku parse error, read from its message ("line N: ...").
fn line_of(error: &dlx_models::sudoku::ParseError) -> Option<usize> {
    let text = error.to_string();
    let rest = text.strip_prefix("line ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn variant_of(diagonal: bool) -> Variant {
    if diagonal {
        Variant::Diagonal
    } else {
        Variant::Plain
    }
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
            variant: variant_of(diagonal),
        })
    }

    /// A puzzle with exactly one solution, made from `seed` (the same seed
    /// makes the same puzzle), of `size` x `size` cells.
    #[staticmethod]
    #[pyo3(signature = (size = 9, *, seed = 0, diagonal = false, time_limit = None))]
    fn generate(
        py: Python<'_>,
        size: usize,
        seed: u64,
        diagonal: bool,
        time_limit: Option<f64>,
    ) -> PyResult<Sudoku> {
        let shape = Shape::for_size(size).map_err(|error| input(py, &error))?;
        let variant = variant_of(diagonal);
        let limits = Limits::new(Some(1), None, time_limit, None)?;
        let budget = limits.budget.clone();
        let made = interruptible(py, &limits.cancel, move || {
            generate_puzzle_within(shape, variant, seed, &budget)
        })?;
        match (made.value, made.outcome) {
            (Some((puzzle, _)), _) => Ok(Sudoku {
                grid: puzzle,
                alphabet: if size > 9 {
                    Alphabet::Numbers
                } else {
                    Alphabet::Digits
                },
                variant,
            }),
            (None, dlx_core::Outcome::Stopped(stop)) => Err(errors::stopped(
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
        let encoding = self.encoding(py)?;
        let mut solver = encoding.solver();
        Ok(sliced_first(py, &mut solver, "solve")?.map(|s| self.like(encoding.decode(&s))))
    }

    /// The number of solutions, counted up to `limit` when one is given.
    #[pyo3(signature = (*, limit = None))]
    fn count(&self, py: Python<'_>, limit: Option<u64>) -> PyResult<u64> {
        let encoding = self.encoding(py)?;
        let mut solver = encoding.solver();
        solver.set_limit(limit);
        sliced_count(py, &mut solver, "count")
    }

    /// Whether the puzzle has exactly one solution.
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.count(py, Some(2))? == 1)
    }

    /// The exact cover problem of the puzzle (items named `p{r}{c}`,
    /// `r{r}{d}`, `c{c}{d}`, `b{b}{d}`), which `decode` turns back.
    fn problem(&self, py: Python<'_>) -> PyResult<Problem> {
        let encoding = Encoding::with_names(&self.grid, self.variant).map_err(|clash| {
            errors::input(
                py,
                "InputError",
                format!("the givens break the rules: {clash}"),
                None,
                None,
            )
        })?;
        Ok(Problem::wrap(encoding.problem().clone()))
    }

    /// The grid a solution of `problem()` makes (its option indices).
    fn decode(&self, py: Python<'_>, solution: Vec<usize>) -> PyResult<Sudoku> {
        let encoding = Encoding::with_names(&self.grid, self.variant).map_err(|clash| {
            errors::input(
                py,
                "InputError",
                format!("the givens break the rules: {clash}"),
                None,
                None,
            )
        })?;
        let options = problem::option_ids(encoding.problem(), &solution)?;
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
    threads: Option<usize>,
    diagonal: bool,
) -> PyResult<Vec<Option<String>>> {
    let limits = Limits::new(threads, None, None, None)?;
    let pool = limits.pool()?;
    let variant = variant_of(diagonal);
    let cancel = Arc::clone(&limits.cancel);
    let solved = interruptible(py, &limits.cancel, move || {
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

// ---------------------------------------------------------------- queens

/// The N-queens puzzle: `n` queens on an `n` x `n` board, no two on a row,
/// a column or a diagonal, some perhaps placed already.
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug)]
pub struct Queens {
    model: Arc<QueensModel>,
    encoding: Arc<QueensEncoding>,
    problem: Arc<CoreProblem>,
}

/// A board of queens: an answer of `Queens`.
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug, Clone)]
pub struct QueensBoard {
    model: Arc<QueensModel>,
    board: QueensGrid,
}

impl Queens {
    fn decoder(&self) -> Decode {
        let model = Arc::clone(&self.model);
        let encoding = Arc::clone(&self.encoding);
        Box::new(move |py, solution| {
            let board = QueensBoard {
                board: encoding.decode(solution),
                model: Arc::clone(&model),
            };
            Ok(Some(Py::new(py, board)?.into_any()))
        })
    }
}

#[pymethods]
impl Queens {
    /// The board of side `n`, with `queens` ((row, column) pairs, from 0)
    /// placed already.
    #[new]
    #[pyo3(signature = (n, queens = Vec::new()))]
    fn new(py: Python<'_>, n: usize, queens: Vec<(usize, usize)>) -> PyResult<Queens> {
        let model = QueensModel::with_queens(n, queens.into_iter().map(|(r, c)| Square::new(r, c)))
            .map_err(|error| input(py, &error))?;
        let encoding = model.encode().map_err(|error| input(py, &error))?;
        Ok(Queens {
            problem: Arc::new(encoding.problem().clone()),
            encoding: Arc::new(encoding),
            model: Arc::new(model),
        })
    }

    /// The side of the board.
    #[getter]
    fn n(&self) -> usize {
        self.model.n()
    }

    /// The number of ways to complete the board (exact; see `Problem.count`
    /// for the keywords).
    #[pyo3(signature = (*, threads = None, max_nodes = None, time_limit = None))]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let limits = Limits::new(threads, max_nodes, time_limit, None)?;
        let (count, _) = problem::count(py, &self.problem, CountMode::Auto, &limits)?;
        problem::count_to_py(py, &count)
    }

    /// A completed board, or None.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<QueensBoard>> {
        let mut solver = Solver::new(&self.problem);
        Ok(
            sliced_first(py, &mut solver, "solve")?.map(|s| QueensBoard {
                board: self.encoding.decode(&s),
                model: Arc::clone(&self.model),
            }),
        )
    }

    /// The completed boards, lazily, in the sequential search's order (at
    /// any number of threads).
    #[pyo3(signature = (*, limit = None, threads = 1, max_nodes = None, time_limit = None))]
    fn solutions(
        &self,
        limit: Option<u64>,
        threads: usize,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<Solutions> {
        let limits = Limits::new(Some(threads), max_nodes, time_limit, None)?;
        Solutions::new(
            Arc::clone(&self.problem),
            limits,
            limit,
            false,
            Some(self.decoder()),
        )
    }

    /// The exact cover problem (Knuth's encoding: rows and columns primary,
    /// diagonals secondary).
    fn problem(&self) -> Problem {
        Problem::wrap((*self.problem).clone())
    }

    /// The board a solution of `problem()` makes (its option indices).
    fn decode(&self, solution: Vec<usize>) -> PyResult<QueensBoard> {
        let options = problem::option_ids(&self.problem, &solution)?;
        Ok(QueensBoard {
            board: self.encoding.decode(&options),
            model: Arc::clone(&self.model),
        })
    }

    /// The board with the queens placed already, as an SVG picture.
    fn to_svg(&self) -> String {
        self.model.to_svg(None)
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    fn __repr__(&self) -> String {
        let placed: Vec<String> = self
            .model
            .placed()
            .queens()
            .map(|q| format!("({}, {})", q.row, q.col))
            .collect();
        format!("Queens({}, [{}])", self.model.n(), placed.join(", "))
    }
}

#[pymethods]
impl QueensBoard {
    /// The column of the queen of each row (None where a row has none).
    #[getter]
    fn columns(&self) -> Vec<Option<usize>> {
        self.board.columns().to_vec()
    }

    /// The queens as (row, column) pairs.
    #[getter]
    fn queens(&self) -> Vec<(usize, usize)> {
        self.board.queens().map(|q| (q.row, q.col)).collect()
    }

    /// The board as an SVG picture, the queens placed before told apart.
    fn to_svg(&self) -> String {
        self.model.to_svg(Some(&self.board))
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    fn __str__(&self) -> String {
        self.board.render()
    }

    fn __repr__(&self) -> String {
        format!("<dlx_rs.QueensBoard {:?}>", self.board.columns())
    }

    fn __eq__(&self, other: &QueensBoard) -> bool {
        self.board == other.board
    }
}

// ---------------------------------------------------------------- polyomino

/// The tilings of a board by a set of polyominoes.
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug)]
pub struct Polyomino {
    model: Arc<Model>,
    problem: Arc<CoreProblem>,
}

/// One tiling of a board.
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug, Clone)]
pub struct Tiling {
    tiling: ModelTiling,
}

/// The names of the built-in piece sets.
#[pyfunction]
pub fn piece_sets() -> Vec<&'static str> {
    vec!["pentominoes", "tetrominoes", "hexominoes", "domino"]
}

impl Polyomino {
    fn decoder(&self) -> Decode {
        let model = Arc::clone(&self.model);
        Box::new(move |py, solution| {
            if !model.lists(solution) {
                return Ok(None);
            }
            let tiling = Tiling {
                tiling: model.decode(solution),
            };
            Ok(Some(Py::new(py, tiling)?.into_any()))
        })
    }
}

#[pymethods]
impl Polyomino {
    /// The board is a size `"WxH"` or a picture (`#` or any letter for a
    /// cell, `.` or a space for a hole, one line a row); the pieces the
    /// name of a built-in set (`piece_sets()`) or piece text (pictures of
    /// pieces separated by blank lines, a block headed `NAME:` or
    /// `NAME*K:` for K copies). A single piece smaller than the board is
    /// copied as often as it takes to cover it. `one_sided=True` forbids
    /// turning pieces over. A board and pieces whose problem would take
    /// more than `max_memory` bytes (1 GiB by default) with its solvers are
    /// refused before anything is built.
    #[new]
    #[pyo3(signature = (board, pieces = "pentominoes", *, one_sided = false, max_memory = 1 << 30))]
    fn new(
        py: Python<'_>,
        board: &str,
        pieces: &str,
        one_sided: bool,
        max_memory: u64,
    ) -> PyResult<Polyomino> {
        let board = if board.contains('\n') || !board.contains(['x', 'X']) {
            Board::parse(board)
        } else {
            Board::parse_size(board)
        }
        .map_err(|error| input(py, &error))?;
        let pieces = if pieces.contains('\n') || pieces.contains('#') {
            PieceSet::parse(pieces)
        } else {
            PieceSet::builtin(pieces)
        }
        .map_err(|error| input(py, &error))?;
        // A solver a thread, as the CLI counts them.
        let solvers = std::thread::available_parallelism().map_or(1, usize::from) as u64 + 1;
        let needs = Model::footprint(&board, &pieces, one_sided).total(solvers);
        if needs > max_memory {
            return Err(errors::input(
                py,
                "InputError",
                format!(
                    "the tiling problem would take about {} MiB, more than max_memory={max_memory} bytes allows",
                    needs >> 20
                ),
                None,
                None,
            ));
        }
        let model = Model::new(board, pieces, one_sided).map_err(|error| input(py, &error))?;
        Ok(Polyomino {
            problem: Arc::new(model.problem().clone()),
            model: Arc::new(model),
        })
    }

    /// The number of tilings (exact, of any size; memoised where it pays;
    /// see `Problem.count` for the keywords).
    #[pyo3(signature = (*, method = "auto", threads = None, max_nodes = None, time_limit = None, max_memory = None))]
    fn count(
        &self,
        py: Python<'_>,
        method: &str,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Py<PyAny>> {
        let mode = problem::count_mode(method)?;
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let (count, _) = problem::count(py, &self.problem, mode, &limits)?;
        let tilings = count.div_floor(self.model.solutions_per_tiling());
        problem::count_to_py(py, &tilings)
    }

    /// A tiling, or None.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<Tiling>> {
        let mut solver = Solver::new(&self.problem);
        Ok(sliced_first(py, &mut solver, "solve")?.map(|s| Tiling {
            tiling: self.model.decode(&s),
        }))
    }

    /// The tilings, lazily, in the sequential search's order (at any number
    /// of threads).
    #[pyo3(signature = (*, limit = None, threads = 1, max_nodes = None, time_limit = None))]
    fn tilings(
        &self,
        limit: Option<u64>,
        threads: usize,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<Solutions> {
        let limits = Limits::new(Some(threads), max_nodes, time_limit, None)?;
        Solutions::new(
            Arc::clone(&self.problem),
            limits,
            limit,
            false,
            Some(self.decoder()),
        )
    }

    /// `k` tilings drawn uniformly at random (with replacement), seeded;
    /// `threads` (None: one per core) as for `Problem.sample`, the same
    /// tilings on any number of them.
    #[pyo3(signature = (k = 1, *, seed = 0, threads = None, time_limit = None, max_memory = None))]
    fn sample(
        &self,
        py: Python<'_>,
        k: usize,
        seed: u64,
        threads: Option<usize>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Vec<Tiling>> {
        let limits = Limits::new(threads, None, time_limit, max_memory)?;
        let drawn = problem::sample(py, &self.problem, k, seed, &limits)?;
        Ok(drawn
            .iter()
            .map(|solution| Tiling {
                tiling: self.model.decode(solution),
            })
            .collect())
    }

    /// The board drawn as text (`#` a cell, `.` a hole).
    #[getter]
    fn board(&self) -> String {
        self.model.board().to_art()
    }

    /// The names of the pieces.
    #[getter]
    fn pieces(&self) -> Vec<String> {
        self.model
            .pieces()
            .names()
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    /// The exact cover problem: one primary item a cell, one a piece; one
    /// option a placement.
    fn problem(&self) -> Problem {
        Problem::wrap((*self.problem).clone())
    }

    /// The tiling a solution of `problem()` makes (its option indices).
    fn decode(&self, solution: Vec<usize>) -> PyResult<Tiling> {
        let options = problem::option_ids(&self.problem, &solution)?;
        Ok(Tiling {
            tiling: self.model.decode(&options),
        })
    }

    fn __repr__(&self) -> String {
        let board = self.model.board();
        format!(
            "<dlx_rs.Polyomino: {} cells ({}x{}), pieces {}>",
            board.n_cells(),
            board.width(),
            board.height(),
            self.model.pieces().names().join(" ")
        )
    }
}

#[pymethods]
impl Tiling {
    /// The pieces placed: (name, cells), each cell a (row, column) pair.
    #[getter]
    fn pieces(&self) -> Vec<(String, Vec<(usize, usize)>)> {
        self.tiling
            .placed()
            .iter()
            .map(|placed| {
                let name = self
                    .tiling
                    .piece_name(placed.piece)
                    .unwrap_or("?")
                    .to_owned();
                (name, placed.cells.clone())
            })
            .collect()
    }

    /// The tiling as an SVG picture, each piece in a color of its own.
    fn to_svg(&self) -> String {
        self.tiling.to_svg()
    }

    fn _repr_svg_(&self) -> String {
        self.tiling.to_svg()
    }

    fn __str__(&self) -> String {
        self.tiling.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<dlx_rs.Tiling of {} pieces>", self.tiling.placed().len())
    }

    fn __eq__(&self, other: &Tiling) -> bool {
        self.tiling == other.tiling
    }
}
