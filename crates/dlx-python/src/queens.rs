//! `Queens` and `QueensBoard`: the N-queens model of `dlx_models` for Python, its squares counted from 0.

use std::sync::Arc;

use dlx_core::{Outcome, Problem as CoreProblem};
use dlx_models::queens::{
    Board as QueensGrid, Encoding as QueensEncoding, Queens as QueensModel, QueensError, Square,
    MAX_N,
};
use pyo3::prelude::*;

use crate::answers::count_to_py;
use crate::args::{count_mode, Kw, Limits, Object, Whole, BUDGET, ON_THREADS};
use crate::errors;
use crate::problem::{option_ids, Problem};
use crate::run::{interruptible, on_searcher};
use crate::searches::Search;
use crate::solutions::{Decode, Solutions};

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

/// A square as Python writes it: (row, column), from 0.
fn shown(square: Square) -> String {
    format!("({}, {})", square.row, square.col)
}

/// The model's error in Python's words: its squares counted from 0, as
/// the API counts them.
fn queens_error(py: Python<'_>, error: &QueensError) -> PyErr {
    let message = match error {
        QueensError::OffBoard { square, n } => {
            format!(
                "queen {} is off the {n}x{n} board (rows and columns count from 0)",
                shown(*square)
            )
        }
        QueensError::PlacedTwice { square } => format!("queen {} is placed twice", shown(*square)),
        QueensError::Clash {
            first,
            second,
            line,
        } => format!(
            "pre-placed queens {} and {} attack each other on the same {line}",
            shown(*first),
            shown(*second)
        ),
        other => errors::chain(other),
    };
    errors::input(py, "InputError", message, None, None)
}

impl Queens {
    fn board(&self, board: QueensGrid) -> QueensBoard {
        QueensBoard {
            board,
            model: Arc::clone(&self.model),
        }
    }

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

    /// The solutions up to the board's symmetries (those that keep the
    /// placed queens in place): the canonical ones, by the model's test.
    fn count_distinct(&self, py: Python<'_>, limits: &Limits) -> Object {
        let symmetries = self.model.symmetries();
        let encoding = &self.encoding;
        let weighed = on_searcher(py, limits, |searcher| {
            searcher.weigh(&self.problem, &|solution| {
                let mut canonical = encoding.canonical(&symmetries);
                canonical.is_canonical(solution).then_some(1)
            })
        })?;
        let distinct = weighed.value.kept;
        if let Outcome::Stopped(stop) = weighed.outcome {
            let partial = distinct.into_pyobject(py)?.into_any().unbind();
            return Err(errors::stopped(
                py,
                stop,
                "count",
                partial,
                weighed.value.stats,
            ));
        }
        Ok(distinct.into_pyobject(py)?.into_any().unbind())
    }
}

#[pymethods]
impl Queens {
    /// The board of side `n` (1 to 1000), with `queens` ((row, column)
    /// pairs, each from 0 to n - 1) placed already.
    #[new]
    #[pyo3(signature = (n, queens = Vec::new()), text_signature = "(n, queens=[])")]
    fn new(py: Python<'_>, n: Whole, queens: Vec<(Whole, Whole)>) -> PyResult<Queens> {
        let n = n.size("n", MAX_N)?;
        let mut squares = Vec::with_capacity(queens.len());
        for (row, col) in queens {
            let (row, col) = (
                row.size("row", usize::MAX)?,
                col.size("column", usize::MAX)?,
            );
            squares.push(Square::new(row, col));
        }
        let model = QueensModel::with_queens(n, squares).map_err(|e| queens_error(py, &e))?;
        let encoding = model.encode().map_err(|e| queens_error(py, &e))?;
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

    /// The number of ways to complete the board (exact), or with
    /// `distinct=True` the number up to the board's rotations and
    /// reflections that keep the placed queens in place (as `dlx queens
    /// --distinct`). `method` as for `Problem.count`; `**limits`:
    /// `threads=None` (one per core), `max_nodes=None`, `time_limit=None`.
    #[pyo3(signature = (*, distinct = false, method = "auto", **limits))]
    fn count(&self, py: Python<'_>, distinct: bool, method: &str, limits: Option<&Kw>) -> Object {
        let mode = count_mode(method)?;
        let limits = Limits::of("count", limits, ON_THREADS, None)?;
        if distinct {
            return self.count_distinct(py, &limits);
        }
        let search = Search {
            py,
            problem: &self.problem,
            limits: &limits,
        };
        count_to_py(py, &search.count(mode)?.0)
    }

    /// A completed board, or None: the model's strategy, as `dlx queens N`
    /// (the first of the search when it comes soon, else of searches
    /// restarted on shuffled options, each with twice the nodes), so that
    /// `Queens(1000).solve()` answers in about a second. `**limits`:
    /// `max_nodes=None`, `time_limit=None`; a budget that stops it first
    /// raises `SearchStopped`.
    #[pyo3(signature = (**limits))]
    fn solve(&self, py: Python<'_>, limits: Option<&Kw>) -> PyResult<Option<QueensBoard>> {
        let limits = Limits::of("solve", limits, BUDGET, Some(1))?;
        let model = &self.model;
        let (answer, stats) =
            interruptible(py, &limits.cancel, || model.first_within(&limits.budget))?
                .map_err(|e| queens_error(py, &e))?;
        if let Outcome::Stopped(stop) = answer.outcome {
            return Err(errors::stopped(py, stop, "solve", py.None(), stats));
        }
        Ok(answer.value.map(|board| self.board(board)))
    }

    /// The completed boards, lazily, in the sequential search's order at
    /// any number of threads; `**limits`: `threads=1` (None or 0 for one
    /// per core), `max_nodes=None`, `time_limit=None`.
    #[pyo3(signature = (*, limit = None, **limits))]
    fn solutions(&self, limit: Option<Whole>, limits: Option<&Kw>) -> PyResult<Solutions> {
        Solutions::of_model("solutions", &self.problem, limit, limits, self.decoder())
    }

    /// The exact cover problem (Knuth's encoding: rows and columns primary,
    /// diagonals secondary).
    fn problem(&self) -> Problem {
        Problem::wrap((*self.problem).clone())
    }

    /// The board a solution of `problem()` makes (its option indices).
    fn decode(&self, solution: Vec<usize>) -> PyResult<QueensBoard> {
        let options = option_ids(&self.problem, &solution)?;
        Ok(self.board(self.encoding.decode(&options)))
    }

    /// The board with the queens placed already, as an SVG picture.
    fn to_svg(&self) -> String {
        self.model.to_svg(None)
    }

    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    fn __repr__(&self) -> String {
        let placed: Vec<String> = self.model.placed().queens().map(shown).collect();
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
