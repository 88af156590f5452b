//! `Polyomino` and `Tiling`: the polyomino boards of `dlx_models` for Python, counted by the models' one policy.

use std::sync::Arc;

use dlx_core::{Problem as CoreProblem, Solver};
use dlx_models::polyomino::{Board, PieceSet, Polyomino as Model, Tiling as ModelTiling};
use pyo3::prelude::*;

use crate::answers::each;
use crate::args::{Kw, Limits, Object, Objects, Whole, SEARCH};
use crate::errors;
use crate::polyform::{count, fits};
use crate::problem::{option_ids, Problem};
use crate::run::first_sliced;
use crate::searches::Search;
use crate::solutions::{Decode, Solutions};

/// The names of the built-in piece sets.
#[pyfunction]
pub fn piece_sets() -> Vec<&'static str> {
    vec!["pentominoes", "tetrominoes", "hexominoes", "domino"]
}

/// The tilings of a board by a set of polyominoes.
///
/// `board` is a size `"WxH"` (`"10x6"` is 6 rows of 10; `x`, `X` or `*`)
/// or a picture: lines of `#` (or any letter or digit) for a cell and `.`
/// or a space for a hole; a one-line picture holds a `#` or a `.`.
/// `pieces` is the name of a built-in set (`piece_sets()`: pentominoes,
/// tetrominoes, hexominoes, domino) or piece text (pictures of pieces
/// separated by blank lines, a block headed `NAME:` or `NAME*K:` for K
/// copies). A single piece smaller than the board is copied as often as it
/// takes to cover it. `one_sided=True` forbids turning pieces over. A board
/// and pieces whose problem would take more than `max_memory` bytes (1 GiB,
/// 1073741824, by default) with its solvers are refused before anything is
/// built.
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

/// A board: a picture when the text has more than one line, a `#` or a
/// `.`; else a size `WxH`.
fn read_board(text: &str) -> Result<Board, dlx_models::polyomino::BoardError> {
    if text.contains(['\n', '#', '.']) {
        Board::parse(text)
    } else {
        Board::parse_size(text)
    }
}

impl Polyomino {
    fn tiling(&self, solution: &[dlx_core::OptionId]) -> Tiling {
        Tiling {
            tiling: self.model.decode(solution),
        }
    }

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
    /// The tilings of `board` by `pieces` (see the class).
    #[new]
    #[pyo3(
        signature = (board, pieces = "pentominoes", *, one_sided = false, max_memory = Whole::of(1 << 30)),
        text_signature = "(board, pieces='pentominoes', *, one_sided=False, max_memory=1073741824)"
    )]
    fn new(
        py: Python<'_>,
        board: &str,
        pieces: &str,
        one_sided: bool,
        max_memory: Whole,
    ) -> PyResult<Polyomino> {
        let max_memory = max_memory.get("max_memory", u64::MAX)?;
        let board = read_board(board).map_err(|error| errors::bad_input(py, &error))?;
        let pieces = if pieces.contains(['\n', '#']) {
            PieceSet::parse(pieces)
        } else {
            PieceSet::builtin(pieces)
        }
        .map_err(|error| errors::bad_input(py, &error))?;
        fits(
            py,
            &Model::footprint(&board, &pieces, one_sided),
            max_memory,
        )?;
        let model = Model::new(board, pieces, one_sided).map_err(|e| errors::bad_input(py, &e))?;
        Ok(Polyomino {
            problem: Arc::new(model.problem().clone()),
            model: Arc::new(model),
        })
    }

    /// The number of tilings (exact, of any size), or with `distinct=True`
    /// the number up to the board's rotations and reflections, counted as
    /// `dlx polyomino --count` and `--distinct` count them (the models' one
    /// policy: memoised where regions repeat, else one search by symmetry
    /// that gives both counts). `method` and `**limits` as for
    /// `Problem.count`.
    #[pyo3(signature = (*, distinct = false, method = "auto", **limits))]
    fn count(&self, py: Python<'_>, distinct: bool, method: &str, limits: Option<&Kw>) -> Object {
        count(py, &*self.model, distinct, method, limits)
    }

    /// A tiling, or None.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<Tiling>> {
        let mut solver = Solver::new(&self.problem);
        Ok(first_sliced(py, &mut solver, "solve")?.map(|s| self.tiling(&s)))
    }

    /// The tilings, lazily, in the sequential search's order at any number
    /// of threads; `**limits`: `threads=1` (None or 0 for one per core),
    /// `max_nodes=None`, `time_limit=None`.
    #[pyo3(signature = (*, limit = None, **limits))]
    fn tilings(&self, limit: Option<Whole>, limits: Option<&Kw>) -> PyResult<Solutions> {
        Solutions::of_model("tilings", &self.problem, limit, limits, self.decoder())
    }

    /// `k` tilings drawn uniformly at random (with replacement), seeded;
    /// `**limits` as for `Problem.sample`, the same tilings on any number
    /// of threads.
    #[pyo3(signature = (k = Whole::of(1), *, seed = 0, **limits), text_signature = "($self, k=1, *, seed=0, **limits)")]
    fn sample(&self, py: Python<'_>, k: Whole, seed: u64, limits: Option<&Kw>) -> Objects {
        let k = k.size("k", usize::MAX)?;
        let limits = Limits::of("sample", limits, SEARCH, None)?;
        let search = Search {
            py,
            problem: &self.problem,
            limits: &limits,
        };
        let drawn = search.sample(k, seed)?;
        each(py, &drawn, |py, solution| {
            Ok(Py::new(py, self.tiling(solution))?.into_any())
        })
    }

    /// The board drawn as text (`#` a cell, `.` a hole).
    #[getter]
    fn board(&self) -> String {
        self.model.board().to_art()
    }

    /// The names of the pieces.
    #[getter]
    fn pieces(&self) -> Vec<String> {
        let names = self.model.pieces().names();
        names.into_iter().map(str::to_owned).collect()
    }

    /// The exact cover problem: one primary item a cell, one a piece; one
    /// option a placement.
    fn problem(&self) -> Problem {
        Problem::wrap((*self.problem).clone())
    }

    /// The tiling a solution of `problem()` makes (its option indices).
    fn decode(&self, solution: Vec<usize>) -> PyResult<Tiling> {
        Ok(self.tiling(&option_ids(&self.problem, &solution)?))
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
                let name = self.tiling.piece_name(placed.piece).unwrap_or("?");
                (name.to_owned(), placed.cells.clone())
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
