//! `Polycube`, `Polyiamond`, `Polyhex` and their `Packing`: the polyform boards of `dlx_models::polyform` for Python, written once over the family and counted by the models' one policy.
//!
//! [`Faced`] is the face of one [`Polyform`], generic over its [`Family`]:
//! it reads the board and the pieces, builds the model within
//! `max_memory`, and runs each method on the searches every model uses
//! ([`count`] is `dlx_models::tilings::count_tilings` on the call's
//! searcher, as for `Polyomino`). `polyform_class!` declares the three
//! Python classes over it; what a family adds is [`Face`], its cells as
//! tuples. A [`Packing`] is one class for the three families: it holds the
//! model's packing behind [`Shown`].

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use dlx_core::{Footprint, OptionId, Outcome, Problem as CoreProblem, Solver};
use dlx_models::polycube::Cubic;
use dlx_models::polyform::{Board, Family, Motions, Packing as ModelPacking, PieceSet, Polyform};
use dlx_models::polyhex::Hexagonal;
use dlx_models::polyiamond::Triangular;
use dlx_models::tilings::{count_tilings, Tilings};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt as _;

use crate::answers::{count_to_py, each};
use crate::args::{count_mode, Kw, Limits, Object, Objects, Whole, SEARCH};
use crate::errors;
use crate::problem::{option_ids, Problem};
use crate::run::{first_sliced, on_searcher};
use crate::searches::Search;
use crate::solutions::{Decode, Solutions};

/// What a family adds to be shown in Python: a cell as a tuple of its
/// lattice's coordinates (those of the item names).
pub(crate) trait Face: Family {
    /// The tuple.
    type Coords: for<'py> IntoPyObject<'py>;

    /// The cell's tuple.
    fn coords(cell: Self::Cell) -> Self::Coords;
}

impl Face for Cubic {
    type Coords = (i32, i32, i32);

    fn coords(cell: Self::Cell) -> Self::Coords {
        (cell.x, cell.y, cell.z)
    }
}

impl Face for Triangular {
    type Coords = (i32, i32, bool);

    fn coords(cell: Self::Cell) -> Self::Coords {
        (cell.x, cell.y, cell.down)
    }
}

impl Face for Hexagonal {
    type Coords = (i32, i32);

    fn coords(cell: Self::Cell) -> Self::Coords {
        (cell.x, cell.y)
    }
}

/// The number of tilings of a board model, or with `distinct` the number
/// up to its symmetries, by the models' one policy on the call's searcher
/// (`limits`); a count the budget stopped raises `SearchStopped` with the
/// count so far.
pub(crate) fn count<M: Tilings + Sync + ?Sized>(
    py: Python<'_>,
    model: &M,
    distinct: bool,
    method: &str,
    limits: Option<&Kw>,
) -> Object {
    let mode = count_mode(method)?;
    let limits = Limits::of("count", limits, SEARCH, None)?;
    let counted = on_searcher(py, &limits, |searcher| {
        count_tilings(model, distinct, mode, searcher)
    })?
    .map_err(|error| {
        let message = format!("cannot count: {}", errors::chain(&error));
        errors::input(py, "InputError", message, None, None)
    })?;
    let count = if distinct {
        counted.distinct
    } else {
        counted.all
    };
    let count = count.map(|count| count_to_py(py, &count)).transpose()?;
    if let Outcome::Stopped(stop) = counted.outcome {
        let stats = match (counted.weighed, counted.counted) {
            (Some(weighed), _) => weighed.stats,
            (None, Some(counted)) => counted.plain,
            (None, None) => dlx_core::Stats::default(),
        };
        let partial = count.unwrap_or_else(|| py.None());
        return Err(errors::stopped(py, stop, "count", partial, stats));
    }
    count.ok_or_else(|| PyRuntimeError::new_err("internal error: a count without a value"))
}

/// Refuses a model whose `footprint` with its solvers (one a thread of the
/// searches at their defaults, the root and the count by symmetry's own
/// problem, as the CLI counts them) would take more than `max_memory`.
pub(crate) fn fits(py: Python<'_>, footprint: &Footprint, max_memory: u64) -> PyResult<()> {
    let threads = Limits::threads(None)?.pool()?.threads();
    let solvers = u64::try_from(threads).unwrap_or(u64::MAX).saturating_add(2);
    let needs = footprint.total(solvers);
    if needs > max_memory {
        let message = format!(
            "the tiling problem would take about {} MiB, more than max_memory={max_memory} bytes allows",
            needs >> 20
        );
        return Err(errors::input(py, "InputError", message, None, None));
    }
    Ok(())
}

/// A packing of any family, as [`Packing`] shows it.
trait Shown: Debug + Send + Sync + 'static {
    /// The pieces placed: (name, cells), each cell its family's tuple.
    fn pieces(&self, py: Python<'_>) -> PyResult<Vec<(String, Vec<Py<PyAny>>)>>;
    /// The number of pieces placed.
    fn n_placed(&self) -> usize;
    /// The SVG picture.
    fn svg(&self) -> String;
    /// The text drawing.
    fn text(&self) -> String;
    /// Itself, to compare with another packing of its family.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is the same packing.
    fn same(&self, other: &dyn Shown) -> bool;
}

impl<F: Face> Shown for ModelPacking<F> {
    fn pieces(&self, py: Python<'_>) -> PyResult<Vec<(String, Vec<Py<PyAny>>)>> {
        self.placed()
            .iter()
            .map(|placed| {
                let name = self.piece_name(placed.piece).unwrap_or("?").to_owned();
                let cells = placed.cells.iter().map(|&c| F::coords(c).into_py_any(py));
                Ok((name, cells.collect::<PyResult<_>>()?))
            })
            .collect()
    }

    fn n_placed(&self) -> usize {
        self.placed().len()
    }

    fn svg(&self) -> String {
        self.to_svg()
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Shown) -> bool {
        other.as_any().downcast_ref::<Self>() == Some(self)
    }
}

/// One packing of a board by polycubes, polyiamonds or polyhexes.
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug, Clone)]
pub struct Packing {
    packing: Arc<dyn Shown>,
}

#[pymethods]
impl Packing {
    /// The pieces placed: (name, cells), each cell a tuple of its lattice's
    /// coordinates: (x, y, z) a cube, (x, y, down) a triangle, (x, y) a
    /// hexagon.
    #[getter]
    fn pieces(&self, py: Python<'_>) -> PyResult<Vec<(String, Vec<Py<PyAny>>)>> {
        self.packing.pieces(py)
    }

    /// The packing as an SVG picture, each piece in a color of its own.
    fn to_svg(&self) -> String {
        self.packing.svg()
    }

    fn _repr_svg_(&self) -> String {
        self.packing.svg()
    }

    fn __str__(&self) -> String {
        self.packing.text()
    }

    fn __repr__(&self) -> String {
        format!("<dlx_rs.Packing of {} pieces>", self.packing.n_placed())
    }

    fn __eq__(&self, other: &Packing) -> bool {
        self.packing.same(&*other.packing)
    }
}

/// The face of one polyform model: what the three classes share.
#[derive(Debug)]
pub(crate) struct Faced<F: Face> {
    model: Arc<Polyform<F>>,
    problem: Arc<CoreProblem>,
}

impl<F: Face> Faced<F> {
    /// The packings of `board` (a name, a size or art) by `pieces` (a
    /// built-in set or piece text), moved as `motions` allow.
    fn new(
        py: Python<'_>,
        board: &str,
        pieces: &str,
        motions: Motions,
        max_memory: &Whole,
    ) -> PyResult<Faced<F>> {
        let max_memory = max_memory.get("max_memory", u64::MAX)?;
        let board = Board::<F>::parse(board).map_err(|error| errors::bad_input(py, &error))?;
        let pieces = if pieces.contains(['\n', '#']) {
            PieceSet::<F>::parse(pieces)
        } else {
            PieceSet::<F>::builtin(pieces)
        }
        .map_err(|error| errors::bad_input(py, &error))?;
        fits(
            py,
            &Polyform::footprint(&board, &pieces, motions),
            max_memory,
        )?;
        let model = Polyform::new(board, pieces, motions).map_err(|e| errors::bad_input(py, &e))?;
        Ok(Faced {
            problem: Arc::new(model.problem().clone()),
            model: Arc::new(model),
        })
    }

    fn packing(&self, solution: &[OptionId]) -> Packing {
        Packing {
            packing: Arc::new(self.model.decode(solution)),
        }
    }

    fn decoder(&self) -> Decode {
        let model = Arc::clone(&self.model);
        Box::new(move |py, solution| {
            if !model.lists(solution) {
                return Ok(None);
            }
            let packing = Packing {
                packing: Arc::new(model.decode(solution)),
            };
            Ok(Some(Py::new(py, packing)?.into_any()))
        })
    }

    fn count(&self, py: Python<'_>, distinct: bool, method: &str, limits: Option<&Kw>) -> Object {
        count(py, &*self.model, distinct, method, limits)
    }

    fn solve(&self, py: Python<'_>) -> PyResult<Option<Packing>> {
        let mut solver = Solver::new(&self.problem);
        Ok(first_sliced(py, &mut solver, "solve")?.map(|s| self.packing(&s)))
    }

    fn packings(&self, limit: Option<Whole>, limits: Option<&Kw>) -> PyResult<Solutions> {
        Solutions::of_model("packings", &self.problem, limit, limits, self.decoder())
    }

    fn sample(&self, py: Python<'_>, k: &Whole, seed: u64, limits: Option<&Kw>) -> Objects {
        let k = k.size("k", usize::MAX)?;
        let limits = Limits::of("sample", limits, SEARCH, None)?;
        let search = Search {
            py,
            problem: &self.problem,
            limits: &limits,
        };
        let drawn = search.sample(k, seed)?;
        each(py, &drawn, |py, solution| {
            Ok(Py::new(py, self.packing(solution))?.into_any())
        })
    }

    fn board(&self) -> String {
        self.model.board().to_art()
    }

    fn pieces(&self) -> Vec<String> {
        let names = self.model.pieces().names();
        names.into_iter().map(str::to_owned).collect()
    }

    fn problem(&self) -> Problem {
        Problem::wrap((*self.problem).clone())
    }

    fn decode(&self, solution: &[usize]) -> PyResult<Packing> {
        Ok(self.packing(&option_ids(&self.problem, solution)?))
    }

    fn repr(&self, class: &str) -> String {
        format!(
            "<dlx_rs.{class}: {} cells, pieces {}>",
            self.model.board().n_cells(),
            self.model.pieces().names().join(" ")
        )
    }
}

/// Declares a Python class over [`Faced`]: `solid` for pieces that only
/// rotate, `flat` for pieces that may be turned over unless `one_sided`.
macro_rules! polyform_class {
    (solid $(#[doc = $doc:tt])* $class:ident($family:ty), pieces = $pieces:tt, text = $text:tt) => {
        polyform_class!(@class $(#[doc = $doc])* $class($family) {
            #[new]
            #[pyo3(signature = (board, pieces = $pieces, *, max_memory = Whole::of(1 << 30)), text_signature = $text)]
            fn new(py: Python<'_>, board: &str, pieces: &str, max_memory: Whole) -> PyResult<$class> {
                Faced::new(py, board, pieces, Motions::Rotations, &max_memory).map($class)
            }
        });
    };
    (flat $(#[doc = $doc:tt])* $class:ident($family:ty), pieces = $pieces:tt, text = $text:tt) => {
        polyform_class!(@class $(#[doc = $doc])* $class($family) {
            #[new]
            #[pyo3(signature = (board, pieces = $pieces, *, one_sided = false, max_memory = Whole::of(1 << 30)), text_signature = $text)]
            fn new(py: Python<'_>, board: &str, pieces: &str, one_sided: bool, max_memory: Whole) -> PyResult<$class> {
                let motions = if one_sided { Motions::Rotations } else { Motions::All };
                Faced::new(py, board, pieces, motions, &max_memory).map($class)
            }
        });
    };
    (@class $(#[doc = $doc:tt])* $class:ident($family:ty) { $($new:tt)* }) => {
        $(#[doc = $doc])*
        #[pyclass(module = "dlx_rs", frozen)]
        #[derive(Debug)]
        pub struct $class(Faced<$family>);

        #[pymethods]
        impl $class {
            $($new)*

            /// The number of packings (exact, of any size), or with
            /// `distinct=True` the number up to the board's symmetries,
            /// counted as the CLI's `--count` and `--distinct` count them
            /// (the models' one policy). `method` and `**limits` as for
            /// `Problem.count`.
            #[pyo3(signature = (*, distinct = false, method = "auto", **limits))]
            fn count(&self, py: Python<'_>, distinct: bool, method: &str, limits: Option<&Kw>) -> Object {
                self.0.count(py, distinct, method, limits)
            }

            /// A packing, or None.
            fn solve(&self, py: Python<'_>) -> PyResult<Option<Packing>> {
                self.0.solve(py)
            }

            /// The packings, lazily, in the sequential search's order at
            /// any number of threads; `**limits`: `threads=1` (None or 0
            /// for one per core), `max_nodes=None`, `time_limit=None`.
            #[pyo3(signature = (*, limit = None, **limits))]
            fn packings(&self, limit: Option<Whole>, limits: Option<&Kw>) -> PyResult<Solutions> {
                self.0.packings(limit, limits)
            }

            /// `k` packings drawn uniformly at random (with replacement),
            /// seeded; `**limits` as for `Problem.sample`, the same packings
            /// on any number of threads.
            #[pyo3(signature = (k = Whole::of(1), *, seed = 0, **limits), text_signature = "($self, k=1, *, seed=0, **limits)")]
            fn sample(&self, py: Python<'_>, k: Whole, seed: u64, limits: Option<&Kw>) -> Objects {
                self.0.sample(py, &k, seed, limits)
            }

            /// The board drawn as text, in the form the class reads.
            #[getter]
            fn board(&self) -> String {
                self.0.board()
            }

            /// The names of the pieces.
            #[getter]
            fn pieces(&self) -> Vec<String> {
                self.0.pieces()
            }

            /// The exact cover problem: one primary item a cell, one a
            /// piece; one option a placement.
            fn problem(&self) -> Problem {
                self.0.problem()
            }

            /// The packing a solution of `problem()` makes (its option indices).
            fn decode(&self, solution: Vec<usize>) -> PyResult<Packing> {
                self.0.decode(&solution)
            }

            fn __repr__(&self) -> String {
                self.0.repr(stringify!($class))
            }
        }
    };
}

polyform_class! {
    solid
    /// The packings of a box (or a solid drawn in layers) by polycubes.
    ///
    /// `board` is a box `"XxYxZ"` (X columns, Y lines, Z layers: `"3x3x3"`)
    /// or layers of ASCII art (`#` a cube, `.` or a space a hole, a blank
    /// line between two layers, the first drawn z=0). `pieces` is a built-in
    /// set (soma, tetracubes, pentacubes, planar-pentacubes, polycubes:N;
    /// `NAME*K` for K copies of each) or piece text (each piece under a
    /// header `NAME:` or `NAME*K:`, drawn in layers). Pieces rotate but are
    /// never reflected; the count up to symmetry uses the reflections too
    /// when the set is its own mirror image, as Soma is. A board and pieces
    /// whose problem would take more than `max_memory` bytes (1 GiB by
    /// default) with its solvers are refused before anything is built.
    Polycube(Cubic), pieces = "soma", text = "(board, pieces='soma', *, max_memory=1073741824)"
}

polyform_class! {
    flat
    /// The packings of a board of triangles by polyiamonds.
    ///
    /// `board` is a name (`"parallelogram:WxH"`, `"rhombus:N"`,
    /// `"hexagon:N"`, `"triangle:N"`) or ASCII art of triangles. `pieces`
    /// is a built-in set (diamond, triamonds, tetriamonds, pentiamonds,
    /// hexiamonds, heptiamonds, polyiamonds:N; `NAME*K` for K copies of
    /// each) or piece text. A single piece smaller than the board is copied
    /// as often as it takes to cover it (the diamond: lozenge tilings).
    /// `one_sided=True` forbids turning pieces over. A board and pieces
    /// whose problem would take more than `max_memory` bytes (1 GiB by
    /// default) with its solvers are refused before anything is built.
    Polyiamond(Triangular), pieces = "hexiamonds", text = "(board, pieces='hexiamonds', *, one_sided=False, max_memory=1073741824)"
}

polyform_class! {
    flat
    /// The packings of a board of hexagons by polyhexes.
    ///
    /// `board` is a name (`"parallelogram:WxH"`, `"rhombus:N"`,
    /// `"hexagon:N"`, `"triangle:N"`) or ASCII art of hexagons (two
    /// characters a hexagon, each row shifted one character from the next).
    /// `pieces` is a built-in set (dihex, trihexes, tetrahexes, pentahexes,
    /// hexahexes, polyhexes:N; `NAME*K` for K copies of each) or piece
    /// text. `one_sided=True` forbids turning pieces over. A board and
    /// pieces whose problem would take more than `max_memory` bytes (1 GiB
    /// by default) with its solvers are refused before anything is built.
    Polyhex(Hexagonal), pieces = "tetrahexes", text = "(board, pieces='tetrahexes', *, one_sided=False, max_memory=1073741824)"
}
