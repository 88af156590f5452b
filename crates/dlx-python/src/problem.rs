//! `Problem`: an exact cover problem built in Python or read from Knuth's text, and every search of it, each one call below.

use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::{
    parse_dlx, read_dlx, verify, write_dlx, Count, ItemKind, OptionId, Problem as CoreProblem,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::answers::{count_to_py, each, option_names, solution_object, Estimate, Stats};
use crate::args::{count_mode, optional, Kw, Limits, Object, Objects, Whole, SEARCH};
use crate::build::{self, MAX_INPUT};
use crate::errors;
use crate::searches::{Optimum, Search};
use crate::solutions::Solutions;

/// The most probes an estimate takes (as `dlx estimate --probes`).
const MAX_PROBES: u64 = u32::MAX as u64;

/// An exact cover problem: primary items (each covered exactly once, or
/// between `lo` and `hi` times), secondary items (at most once, or with one
/// color), and options (sets of items, each with a cost).
#[pyclass(module = "dlx_rs", frozen)]
#[derive(Debug)]
pub struct Problem {
    pub(crate) inner: Arc<CoreProblem>,
    last: Mutex<Option<Stats>>,
}

impl Problem {
    pub(crate) fn wrap(problem: CoreProblem) -> Problem {
        Problem {
            inner: Arc::new(problem),
            last: Mutex::new(None),
        }
    }

    fn remember(&self, stats: Stats) {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(stats);
    }

    fn solution(&self, py: Python<'_>, solution: &[OptionId], names: bool) -> Object {
        solution_object(py, &self.inner, solution, names)
    }

    fn items(&self, kind: ItemKind) -> Vec<String> {
        self.inner
            .item_ids()
            .filter(|&item| self.inner.item_kind(item) == kind)
            .map(|item| self.inner.item_label(item))
            .collect()
    }

    /// The searches of this problem within `limits`.
    fn search<'a, 'py>(&'a self, py: Python<'py>, limits: &'a Limits) -> Search<'a, 'py> {
        Search {
            py,
            problem: &self.inner,
            limits,
        }
    }

    /// The best solutions of an optimising search, with their costs, or
    /// `SearchStopped` with them when the budget stopped it.
    fn best(&self, py: Python<'_>, optimum: Optimum, names: bool, limits: Option<&Kw>) -> Answers {
        let what = match optimum {
            Optimum::Cheapest(_) => "min_cost",
            Optimum::FewestOptions => "min_options",
            Optimum::MinCover => "min_cover",
        };
        let limits = Limits::of(what, limits, SEARCH, None)?;
        let found = self.search(py, &limits).optimum(optimum)?;
        self.remember(Stats::from(found.stats));
        let best = found
            .best
            .iter()
            .map(|costed| {
                let cost = count_to_py(py, &Count::from(costed.cost))?;
                Ok((cost, self.solution(py, &costed.options, names)?))
            })
            .collect::<PyResult<Vec<_>>>()?;
        if let dlx_core::Outcome::Stopped(stop) = found.outcome {
            let partial = match optimum {
                Optimum::Cheapest(_) => PyList::new(py, &best)?.into_any().unbind(),
                _ => best
                    .first()
                    .map_or_else(|| py.None(), |(_, s)| s.clone_ref(py)),
            };
            return Err(errors::stopped(py, stop, what, partial, found.stats));
        }
        Ok(best)
    }
}

/// The solutions of an optimising search, each with its cost.
type Answers = PyResult<Vec<(Py<PyAny>, Py<PyAny>)>>;

/// One solution, or None.
type Found = PyResult<Option<Py<PyAny>>>;

#[pymethods]
impl Problem {
    /// Builds a problem.
    ///
    /// `primary` and `secondary` name the items; a primary item may be
    /// `(name, lo, hi)`: covered at least `lo` and at most `hi` times
    /// (`hi=None`: no limit; Knuth's Algorithm M). Each option is a list of
    /// item names, or one string of them separated by spaces; a secondary
    /// item may be given a color as `name:color`. `costs`, one per option,
    /// are the costs `min_cost` adds up.
    #[new]
    #[pyo3(signature = (primary, options = None, secondary = None, *, costs = None))]
    fn new(
        py: Python<'_>,
        primary: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<Problem> {
        let lists = build::Lists {
            primary,
            options,
            secondary,
            costs,
        };
        build::from_lists(py, lists).map(Problem::wrap)
    }

    /// Reads a problem in Knuth's text format (DLX1 to DLX6: `|` separates
    /// primary from secondary items, `u:v|name` multiplicities,
    /// `name:color`, `|cost`). Raises `ParseError`, whose `line` is the line
    /// at fault.
    #[staticmethod]
    fn from_dlx(py: Python<'_>, text: &str) -> PyResult<Problem> {
        parse_dlx(text)
            .map(Problem::wrap)
            .map_err(|error| parse_error(py, &error))
    }

    /// Reads a problem in Knuth's text format from the file at `path`, at
    /// most `max_bytes` of it (256 MiB by default: a longer file, or an
    /// endless one such as `/dev/zero`, raises `InputError`; give a larger
    /// `max_bytes` to read it). Ctrl-C stops the reading. What Knuth's
    /// programs skip (options with no primary item) is skipped with a
    /// `UserWarning`.
    #[staticmethod]
    #[pyo3(signature = (path, *, max_bytes = Whole::of(MAX_INPUT)), text_signature = "(path, *, max_bytes=268435456)")]
    fn read(py: Python<'_>, path: std::path::PathBuf, max_bytes: Whole) -> PyResult<Problem> {
        let limit = max_bytes.get("max_bytes", u64::MAX - 1)?;
        let bytes = build::read_file(py, &path, limit)?;
        let parsed = read_dlx(&bytes).map_err(|error| parse_error(py, &error))?;
        if !parsed.warnings.is_empty() {
            let warnings = py.import("warnings")?;
            for warning in &parsed.warnings {
                warnings.call_method1("warn", (format!("{}: {warning}", path.display()),))?;
            }
        }
        Ok(Problem::wrap(parsed.problem))
    }

    /// A problem from a 0/1 matrix: a list of rows (or a NumPy array, or
    /// anything with `tolist()`), each row an option and each column an
    /// item. Columns are named `names` (default `"0"`, `"1"`, ...); those
    /// whose index is in `secondary` are secondary items.
    #[staticmethod]
    #[pyo3(signature = (rows, names = None, secondary = None))]
    fn from_matrix(
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        names: Option<Vec<String>>,
        secondary: Option<Vec<usize>>,
    ) -> PyResult<Problem> {
        build::from_matrix(py, rows, names, secondary).map(Problem::wrap)
    }

    /// The problem in Knuth's text format, which `from_dlx` reads back.
    fn to_dlx(&self) -> String {
        write_dlx(&self.inner)
    }

    /// The names of the primary items, in order.
    #[getter]
    fn primary(&self) -> Vec<String> {
        self.items(ItemKind::Primary)
    }

    /// The names of the secondary items, in order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        self.items(ItemKind::Secondary)
    }

    /// The number of options.
    #[getter]
    fn n_options(&self) -> usize {
        self.inner.n_options()
    }

    /// The items of option `index`, as Knuth's text writes them.
    fn option(&self, index: usize) -> PyResult<Vec<String>> {
        Ok(option_names(&self.inner, option_id(&self.inner, index)?))
    }

    /// The cost of option `index` (0 unless costs were given).
    fn cost(&self, index: usize) -> PyResult<u64> {
        Ok(self.inner.cost(option_id(&self.inner, index)?))
    }

    /// Every option's items, in order.
    #[getter]
    fn options(&self) -> Vec<Vec<String>> {
        self.inner
            .option_ids()
            .map(|option| option_names(&self.inner, option))
            .collect()
    }

    /// The statistics of the last search of this problem (Knuth's nodes and
    /// updates, the solutions found, the deepest level), None before one.
    #[getter]
    fn stats(&self) -> Option<Stats> {
        self.last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<dlx_rs.Problem: {} primary items, {} secondary, {} options>",
            self.inner.n_primary(),
            self.inner.n_secondary(),
            self.inner.n_options()
        )
    }

    /// The problem drawn as SVG text: its options (rows, numbered from 0)
    /// against its items (columns, the primary ones first), with the
    /// options of `solution` (option indices) marked. At most 256 options
    /// are drawn: with a solution, its own; without, the first ones.
    ///
    /// >>> import dlx_rs
    /// >>> p = dlx_rs.Problem(["a", "b"], [["a"], ["b"], ["a", "b"]])
    /// >>> p.to_svg(solution=[2]).startswith("<svg")
    /// True
    #[pyo3(signature = (solution = None))]
    fn to_svg(&self, solution: Option<Vec<usize>>) -> PyResult<String> {
        let options = solution
            .map(|solution| option_ids(&self.inner, &solution))
            .transpose()?;
        Ok(dlx_models::picture::to_svg(&self.inner, options.as_deref()))
    }

    /// The picture Jupyter shows: `to_svg()` without a solution.
    fn _repr_svg_(&self) -> String {
        dlx_models::picture::to_svg(&self.inner, None)
    }

    /// Whether `solution` (option indices) is an exact cover: every primary
    /// item covered as often as its multiplicity asks, secondary items at
    /// most once or with one color. Raises `InputError` saying why not.
    fn verify(&self, py: Python<'_>, solution: Vec<usize>) -> PyResult<()> {
        let options = option_ids(&self.inner, &solution)?;
        verify(&self.inner, &options).map_err(|error| errors::bad_input(py, &error))
    }

    /// The solutions, lazily, in the order of the sequential search at any
    /// number of threads. Each is a list of option indices, or with
    /// `names=True` a list of options, each the list of its items. `limit`
    /// stops after that many solutions. `**limits`: `threads=1` (None or 0
    /// for one per core), `max_nodes=None`, `time_limit=None` (seconds from
    /// now), `max_memory=None` (bytes); a budget that stops the search
    /// raises `SearchStopped` after the solutions found before the stop.
    /// Leaving the loop early frees the search and its threads.
    #[pyo3(signature = (*, limit = None, names = false, **limits))]
    fn solutions(
        &self,
        limit: Option<Whole>,
        names: bool,
        limits: Option<&Kw>,
    ) -> PyResult<Solutions> {
        let limits = Limits::of("solutions", limits, SEARCH, Some(1))?;
        let limit = optional(limit, "limit", u64::MAX)?;
        Solutions::new(Arc::clone(&self.inner), &limits, limit, names, None)
    }

    /// A solution, or None when there is none. On one thread the first of
    /// the sequential search; on more, the first any thread finds.
    /// `**limits`: `threads=None` (one per core), `max_nodes=None`,
    /// `time_limit=None`, `max_memory=None`; a budget that stops the search
    /// first raises `SearchStopped`.
    #[pyo3(signature = (*, names = false, **limits))]
    fn solve(
        &self,
        py: Python<'_>,
        names: bool,
        limits: Option<&Kw>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let limits = Limits::of("solve", limits, SEARCH, None)?;
        let (found, stats) = self.search(py, &limits).first()?;
        self.remember(Stats::from(stats));
        found
            .map(|solution| self.solution(py, &solution, names))
            .transpose()
    }

    /// The number of solutions, exact whatever its size (a Python int).
    ///
    /// `method="auto"` counts by Knuth's search or, where a short probe finds
    /// that it pays, by the memoised count (subproblems met again counted
    /// once); `"plain"` and `"memo"` force one. `**limits`: `threads=None`
    /// (one per core for the plain count, one for the memoised count; a
    /// number for both), `max_nodes=None`, `time_limit=None` (seconds),
    /// `max_memory=None` (bytes). A budget that stops the count raises
    /// `SearchStopped`, whose `partial` is the count so far (None for the
    /// memoised count, which has no partial value).
    #[pyo3(signature = (*, method = "auto", **limits))]
    fn count(&self, py: Python<'_>, method: &str, limits: Option<&Kw>) -> Object {
        let mode = count_mode(method)?;
        let limits = Limits::of("count", limits, SEARCH, None)?;
        let (count, stats) = self.search(py, &limits).count(mode)?;
        self.remember(stats);
        count_to_py(py, &count)
    }

    /// The `k` cheapest solutions by the options' costs (Knuth's DLX5),
    /// cheapest first, as `(cost, solution)` pairs; fewer when there are
    /// fewer. `**limits` as for `count`; a budget that stops the search
    /// raises `SearchStopped` with the best found so far.
    #[pyo3(signature = (k = Whole::of(1), *, names = false, **limits), text_signature = "($self, k=1, *, names=False, **limits)")]
    fn min_cost(&self, py: Python<'_>, k: Whole, names: bool, limits: Option<&Kw>) -> Answers {
        let k = k.size("k", usize::MAX)?;
        if k == 0 {
            return Err(PyValueError::new_err("k=0: ask for at least one solution"));
        }
        self.best(py, Optimum::Cheapest(k), names, limits)
    }

    /// A solution with the fewest options, or None when there is none
    /// (`**limits` as for `count`).
    #[pyo3(signature = (*, names = false, **limits))]
    fn min_options(&self, py: Python<'_>, names: bool, limits: Option<&Kw>) -> Found {
        let best = self.best(py, Optimum::FewestOptions, names, limits)?;
        Ok(best.into_iter().next().map(|(_, solution)| solution))
    }

    /// A minimum repeated cover: the fewest options that cover every
    /// primary item at least once (secondary items as usual), or None when
    /// no set of options does (`**limits` as for `count`).
    #[pyo3(signature = (*, names = false, **limits))]
    fn min_cover(&self, py: Python<'_>, names: bool, limits: Option<&Kw>) -> Found {
        let best = self.best(py, Optimum::MinCover, names, limits)?;
        Ok(best.into_iter().next().map(|(_, solution)| solution))
    }

    /// Knuth's estimate of the search's size before it is run: the means
    /// of `probes` random paths down the tree (nodes, updates, solutions)
    /// with their standard errors, seeded by `seed` (at most 4294967295
    /// probes, as `dlx estimate`). A `time_limit` that passes first raises
    /// `SearchStopped` with the estimate of the probes made.
    #[pyo3(
        signature = (probes = Whole::of(1000), *, seed = 0, time_limit = None),
        text_signature = "($self, probes=1000, *, seed=0, time_limit=None)"
    )]
    fn estimate(
        &self,
        py: Python<'_>,
        probes: Whole,
        seed: u64,
        time_limit: Option<f64>,
    ) -> PyResult<Estimate> {
        let probes = probes.get("probes", MAX_PROBES)?;
        if probes == 0 {
            return Err(PyValueError::new_err("probes=0: take at least one probe"));
        }
        let limits = Limits::time(time_limit)?;
        self.search(py, &limits).estimate(probes, seed)
    }

    /// `k` solutions drawn uniformly at random (each solution as likely as
    /// any other; with replacement), seeded by `seed`, from the diagram of
    /// the memoised count. Empty when there is no solution. `**limits` as
    /// for `count`: `threads` make the layers of a narrow problem's diagram
    /// (the draws for a seed are the same on any number of them);
    /// `max_memory` bounds the diagram and the draws held (a `k` that cannot
    /// fit is refused at once), and Ctrl-C or the `time_limit` stop them
    /// between two draws (`SearchStopped`, whose `partial` is the number
    /// drawn).
    #[pyo3(signature = (k = Whole::of(1), *, seed = 0, names = false, **limits), text_signature = "($self, k=1, *, seed=0, names=False, **limits)")]
    fn sample(
        &self,
        py: Python<'_>,
        k: Whole,
        seed: u64,
        names: bool,
        limits: Option<&Kw>,
    ) -> Objects {
        let k = k.size("k", usize::MAX)?;
        let limits = Limits::of("sample", limits, SEARCH, None)?;
        let drawn = self.search(py, &limits).sample(k, seed)?;
        each(py, &drawn, |py, solution| {
            self.solution(py, solution, names)
        })
    }
}

/// Option `index` of `problem`, or an `IndexError` past its last option.
pub(crate) fn option_id(problem: &CoreProblem, index: usize) -> PyResult<OptionId> {
    if index < problem.n_options() {
        Ok(OptionId::new(index))
    } else {
        Err(PyIndexError::new_err(format!(
            "option {index}: the problem has {} options",
            problem.n_options()
        )))
    }
}

/// The options of a solution given as indices, each checked.
pub(crate) fn option_ids(problem: &CoreProblem, solution: &[usize]) -> PyResult<Vec<OptionId>> {
    solution
        .iter()
        .map(|&index| option_id(problem, index))
        .collect()
}

/// The error of Knuth's text, with its line.
fn parse_error(py: Python<'_>, error: &dlx_core::ParseError) -> PyErr {
    errors::input(py, "ParseError", errors::chain(error), error.line(), None)
}
