//! `Problem`: an exact cover problem built in Python or read from Knuth's
//! text, and every search of it; `Solutions`, the lazy iterator over its
//! solutions; `Stats` and `Estimate`.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use dlx_core::{
    format_option, parse_dlx, read_dlx, verify, write_dlx, Count, CountMode, Decision, Entry,
    ItemKind, MemoSettings, Multiplicity, OptionId, Outcome, Problem as CoreProblem,
    ProblemBuilder, Solver, Stats as CoreStats, Step, WyRand,
};
use dlx_parallel::ParallelSolver;
use dlx_parallel::{decide_method_on, ParallelCount};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PySequence, PyString, PyTuple};

use crate::errors;
use crate::run::{first_here, interruptible, Limits, SIGNAL_CHECK, SLICE};

/// Nodes a `solve()` on threads first spends on the calling thread: a small
/// problem is answered before any thread is woken.
const INLINE_FIRST: u64 = 1 << 15;

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

    /// A solution as Python sees it: option indices, or each option's items.
    pub(crate) fn solution_object(
        &self,
        py: Python<'_>,
        solution: &[OptionId],
        names: bool,
    ) -> PyResult<Py<PyAny>> {
        solution_object(py, &self.inner, solution, names)
    }
}

pub(crate) fn solution_object(
    py: Python<'_>,
    problem: &CoreProblem,
    solution: &[OptionId],
    names: bool,
) -> PyResult<Py<PyAny>> {
    if names {
        let options: Vec<Vec<String>> = solution
            .iter()
            .map(|&option| option_names(problem, option))
            .collect();
        Ok(PyList::new(py, options)?.into_any().unbind())
    } else {
        let indices: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        Ok(PyList::new(py, indices)?.into_any().unbind())
    }
}

/// An option's items as Knuth's text writes them (`name` or `name:color`).
fn option_names(problem: &CoreProblem, option: OptionId) -> Vec<String> {
    format_option(problem, option)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// An item of the constructor: a name, or `(name, lo, hi)` for a primary
/// item covered between `lo` and `hi` times (`hi` None for no limit).
fn item_spec(item: &Bound<'_, PyAny>) -> PyResult<(String, Option<Multiplicity>)> {
    if let Ok(name) = item.cast::<PyString>() {
        return Ok((name.extract::<String>()?, None));
    }
    if let Ok(tuple) = item.cast::<PyTuple>() {
        if tuple.len() == 3 {
            let name: String = tuple.get_item(0)?.extract()?;
            let min: u32 = tuple.get_item(1)?.extract()?;
            let max: Option<u32> = tuple.get_item(2)?.extract()?;
            return Ok((name, Some(Multiplicity { min, max })));
        }
    }
    Err(PyTypeError::new_err(format!(
        "an item is a name (str) or (name, lo, hi) for a multiplicity, not {}",
        item.repr()?
    )))
}

/// The names of an option of the constructor: a string of names separated
/// by spaces, or a sequence of names.
fn option_spec(option: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = option.cast::<PyString>() {
        return Ok(text
            .extract::<String>()?
            .split_whitespace()
            .map(str::to_owned)
            .collect());
    }
    let Ok(sequence) = option.cast::<PySequence>() else {
        return Err(PyTypeError::new_err(format!(
            "an option is a list of item names or a string of them, not {}",
            option.repr()?
        )));
    };
    let mut names = Vec::with_capacity(sequence.len()?);
    for name in sequence.try_iter()? {
        names.push(name?.extract::<String>()?);
    }
    Ok(names)
}

/// Whether `name` may name an item in Knuth's text (so that `to_dlx` can
/// write it back): not empty, no white space, none of `|` and `:`.
fn check_name(py: Python<'_>, name: &str, place: &str) -> PyResult<()> {
    let bad = if name.is_empty() {
        Some("it is empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("it holds white space")
    } else if name.contains('|') {
        Some("it holds `|`, which Knuth's format keeps for comments and costs")
    } else if name.contains(':') {
        Some("it holds `:`, which separates an item from its color")
    } else {
        None
    };
    match bad {
        Some(why) => Err(errors::input(
            py,
            "BuildError",
            format!("{place}: `{name}` is not a valid item name: {why}"),
            None,
            None,
        )),
        None => Ok(()),
    }
}

fn build_error(py: Python<'_>, place: &str, error: &dlx_core::BuildError) -> PyErr {
    errors::input(
        py,
        "BuildError",
        format!("{place}: {}", errors::chain(error)),
        None,
        None,
    )
}

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
        let mut builder = ProblemBuilder::new();
        let mut ids = HashMap::new();
        let mut bounds = Vec::new();
        for item in primary.try_iter()? {
            let (name, multiplicity) = item_spec(&item?)?;
            check_name(py, &name, "primary item")?;
            let id = builder
                .primary(&name)
                .map_err(|e| build_error(py, "primary item", &e))?;
            if ids.insert(name.clone(), id).is_some() {
                return Err(errors::input(
                    py,
                    "BuildError",
                    format!("item `{name}` is named twice"),
                    None,
                    None,
                ));
            }
            if let Some(multiplicity) = multiplicity {
                bounds.push((id, name, multiplicity));
            }
        }
        if let Some(secondary) = secondary {
            for item in secondary.try_iter()? {
                let name: String = item?.extract()?;
                check_name(py, &name, "secondary item")?;
                let id = builder
                    .secondary(&name)
                    .map_err(|e| build_error(py, "secondary item", &e))?;
                if ids.insert(name.clone(), id).is_some() {
                    return Err(errors::input(
                        py,
                        "BuildError",
                        format!("item `{name}` is named twice"),
                        None,
                        None,
                    ));
                }
            }
        }
        for (id, name, multiplicity) in bounds {
            builder
                .set_multiplicity(id, multiplicity)
                .map_err(|e| build_error(py, &format!("item `{name}`"), &e))?;
        }
        let mut n_options = 0;
        if let Some(options) = options {
            for (index, option) in options.try_iter()?.enumerate() {
                let names = option_spec(&option?)?;
                let place = format!("option {index} (`{}`)", names.join(" "));
                let mut entries = Vec::with_capacity(names.len());
                for text in &names {
                    let (name, color) = match text.split_once(':') {
                        Some((name, color)) => (name, Some(color)),
                        None => (text.as_str(), None),
                    };
                    let Some(&item) = ids.get(name) else {
                        return Err(errors::input(
                            py,
                            "BuildError",
                            format!("{place}: unknown item `{name}`"),
                            None,
                            None,
                        ));
                    };
                    let color = match color {
                        None => None,
                        Some("") => {
                            return Err(errors::input(
                                py,
                                "BuildError",
                                format!("{place}: item `{name}` has `:` but no color after it"),
                                None,
                                None,
                            ))
                        }
                        Some(color) => {
                            check_name(py, color, &place)?;
                            Some(builder.color(color))
                        }
                    };
                    entries.push(Entry { item, color });
                }
                builder
                    .colored_option(entries)
                    .map_err(|e| build_error(py, &place, &e))?;
                n_options += 1;
            }
        }
        if let Some(costs) = &costs {
            if costs.len() != n_options {
                return Err(errors::input(
                    py,
                    "BuildError",
                    format!(
                        "{} costs for {n_options} options: give one cost per option",
                        costs.len()
                    ),
                    None,
                    None,
                ));
            }
        }
        let mut problem = builder
            .build()
            .map_err(|e| build_error(py, "the problem", &e))?;
        for (index, cost) in costs.into_iter().flatten().enumerate() {
            problem
                .set_cost(OptionId::new(index), cost)
                .map_err(|e| build_error(py, &format!("option {index}"), &e))?;
        }
        Ok(Problem::wrap(problem))
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

    /// Reads a problem in Knuth's text format from the file at `path`;
    /// what Knuth's programs skip (options with no primary item) is skipped
    /// with a `UserWarning`.
    #[staticmethod]
    fn read(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Problem> {
        let bytes = std::fs::read(&path).map_err(|error| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot read {}: {error}", path.display()))
        })?;
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
        let rows = if rows.hasattr("tolist")? {
            rows.call_method0("tolist")?
        } else {
            rows.clone()
        };
        let mut matrix: Vec<Vec<bool>> = Vec::new();
        for (r, row) in rows.try_iter()?.enumerate() {
            let row = row?;
            let mut cells = Vec::new();
            for (c, cell) in row.try_iter()?.enumerate() {
                let cell = cell?;
                let value: i64 = cell.extract().map_err(|_| {
                    errors::input(
                        py,
                        "InputError",
                        format!("row {r}, column {c}: a matrix holds 0 and 1, not {cell}"),
                        Some(r + 1),
                        Some(c + 1),
                    )
                })?;
                match value {
                    0 => cells.push(false),
                    1 => cells.push(true),
                    _ => {
                        return Err(errors::input(
                            py,
                            "InputError",
                            format!("row {r}, column {c}: a matrix holds 0 and 1, not {value}"),
                            Some(r + 1),
                            Some(c + 1),
                        ))
                    }
                }
            }
            if let Some(first) = matrix.first() {
                if first.len() != cells.len() {
                    return Err(errors::input(
                        py,
                        "InputError",
                        format!(
                            "row {r} has {} columns, row 0 has {}: every row has as many",
                            cells.len(),
                            first.len()
                        ),
                        Some(r + 1),
                        None,
                    ));
                }
            }
            matrix.push(cells);
        }
        let width = match (&names, matrix.first()) {
            (Some(names), _) => names.len(),
            (None, Some(row)) => row.len(),
            (None, None) => 0,
        };
        if let (Some(names), Some(row)) = (&names, matrix.first()) {
            if names.len() != row.len() {
                return Err(errors::input(
                    py,
                    "InputError",
                    format!("{} names for {} columns", names.len(), row.len()),
                    None,
                    None,
                ));
            }
        }
        let names = names.unwrap_or_else(|| (0..width).map(|c| c.to_string()).collect());
        let secondary = secondary.unwrap_or_default();
        if let Some(&c) = secondary.iter().find(|&&c| c >= width) {
            return Err(PyIndexError::new_err(format!(
                "secondary column {c}: the matrix has {width} columns"
            )));
        }
        let mut builder = ProblemBuilder::new();
        let mut ids = Vec::with_capacity(width);
        for (c, name) in names.iter().enumerate() {
            check_name(py, name, &format!("column {c}"))?;
            let id = if secondary.contains(&c) {
                builder.secondary(name)
            } else {
                builder.primary(name)
            };
            ids.push(id.map_err(|e| build_error(py, &format!("column {c}"), &e))?);
        }
        for (r, row) in matrix.iter().enumerate() {
            let items = row
                .iter()
                .zip(&ids)
                .filter(|(&one, _)| one)
                .map(|(_, &id)| id);
            builder.option(items).map_err(|e| {
                errors::input(
                    py,
                    "BuildError",
                    format!("row {r}: {}", errors::chain(&e)),
                    Some(r + 1),
                    None,
                )
            })?;
        }
        let problem = builder
            .build()
            .map_err(|e| build_error(py, "the matrix", &e))?;
        Ok(Problem::wrap(problem))
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
        let option = self.option_id(index)?;
        Ok(option_names(&self.inner, option))
    }

    /// The cost of option `index` (0 unless costs were given).
    fn cost(&self, index: usize) -> PyResult<u64> {
        Ok(self.inner.cost(self.option_id(index)?))
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
        verify(&self.inner, &options)
            .map_err(|error| errors::input(py, "InputError", errors::chain(&error), None, None))
    }

    /// The solutions, lazily, in the order of the sequential search at any
    /// number of threads (1 by default; 0 for one per core). Each is a list
    /// of option indices, or with `names=True` a list of options, each the
    /// list of its items. `limit` stops after that many solutions. A budget
    /// (`max_nodes`, `time_limit` in seconds from now, `max_memory` in
    /// bytes) that stops the search raises `SearchStopped` after the
    /// solutions found before the stop. Leaving the loop early frees the
    /// search.
    #[pyo3(signature = (*, threads = 1, limit = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    fn solutions(
        &self,
        threads: usize,
        limit: Option<u64>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Solutions> {
        let limits = Limits::new(Some(threads), max_nodes, time_limit, max_memory)?;
        Solutions::new(Arc::clone(&self.inner), limits, limit, names, None)
    }

    /// A solution, or None when there is none. On one thread the first of
    /// the sequential search; on more, the first any thread finds. Raises
    /// `SearchStopped` when the budget stops the search first.
    #[pyo3(signature = (*, threads = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    fn solve(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let (found, stats) = first(py, &self.inner, &limits)?;
        self.remember(Stats::from(stats));
        found
            .map(|solution| self.solution_object(py, &solution, names))
            .transpose()
    }

    /// The number of solutions, exact whatever its size (a Python int).
    ///
    /// `method="auto"` counts by Knuth's search or, where a short probe finds
    /// that it pays, by the memoised count (subproblems met again counted
    /// once); `"plain"` and `"memo"` force one. `threads` (None: one per
    /// core for the plain count, one for the memoised count). A budget that
    /// stops the count raises `SearchStopped`, whose `partial` is the count
    /// so far (None for the memoised count, which has no partial value).
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
        let mode = count_mode(method)?;
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let (count, stats) = count(py, &self.inner, mode, &limits)?;
        self.remember(stats);
        count_to_py(py, &count)
    }

    /// The `k` cheapest solutions by the options' costs (Knuth's DLX5),
    /// cheapest first, as `(cost, solution)` pairs; fewer when there are
    /// fewer. Raises `SearchStopped` (with the best found so far) when the
    /// budget stops it.
    #[pyo3(signature = (k = 1, *, threads = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    #[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
    fn min_cost(
        &self,
        py: Python<'_>,
        k: usize,
        threads: Option<usize>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Vec<(Py<PyAny>, Py<PyAny>)>> {
        if k == 0 {
            return Err(PyValueError::new_err("k=0: ask for at least one solution"));
        }
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let pool = limits.pool()?;
        let problem = Arc::clone(&self.inner);
        let budget = limits.budget.clone();
        let (answer, stats) = interruptible(py, &limits.cancel, move || {
            let mut solver = ParallelSolver::new(&problem).with_pool(&pool);
            solver.set_budget(budget);
            let answer = solver.min_cost(k);
            (answer, *solver.stats())
        })?;
        self.remember(Stats::from(stats));
        let best = answer
            .value
            .iter()
            .map(|costed| {
                Ok((
                    count_to_py(py, &Count::from(costed.cost))?,
                    self.solution_object(py, &costed.options, names)?,
                ))
            })
            .collect::<PyResult<Vec<_>>>()?;
        if let Outcome::Stopped(stop) = answer.outcome {
            let partial = PyList::new(py, &best)?.into_any().unbind();
            return Err(errors::stopped(py, stop, "min_cost", partial, stats));
        }
        Ok(best)
    }

    /// A solution with the fewest options, or None when there is none.
    #[pyo3(signature = (*, threads = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    fn min_options(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let pool = limits.pool()?;
        let problem = Arc::clone(&self.inner);
        let budget = limits.budget.clone();
        let (answer, stats) = interruptible(py, &limits.cancel, move || {
            let mut solver = ParallelSolver::new(&problem).with_pool(&pool);
            solver.set_budget(budget);
            let answer = solver.min_options();
            (answer, *solver.stats())
        })?;
        self.answer(py, answer, stats, names, "min_options")
    }

    /// A minimum repeated cover: the fewest options that cover every
    /// primary item at least once (secondary items as usual), or None when
    /// no set of options does.
    #[pyo3(signature = (*, threads = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    fn min_cover(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let threads = limits.thread_count();
        let problem = Arc::clone(&self.inner);
        let budget = limits.budget.clone();
        let (answer, stats) = interruptible(py, &limits.cancel, move || {
            dlx_parallel::min_cover(&problem, threads, &budget)
        })?
        .map_err(|error| PyValueError::new_err(errors::chain(&error)))?;
        self.answer(py, answer, stats, names, "min_cover")
    }

    /// Knuth's estimate of the search's size before it is run: the mean of
    /// `probes` random paths down the tree (nodes, updates, solutions),
    /// seeded by `seed`.
    #[pyo3(signature = (probes = 1000, *, seed = 0))]
    fn estimate(&self, py: Python<'_>, probes: u32, seed: u64) -> PyResult<Estimate> {
        if probes == 0 {
            return Err(PyValueError::new_err("probes=0: take at least one probe"));
        }
        let problem = Arc::clone(&self.inner);
        let cancel = AtomicBool::new(false);
        let sums = interruptible(py, &cancel, || {
            let mut solver = Solver::new(&problem);
            let mut random = WyRand::new(seed);
            let mut sums = [0.0f64; 4];
            for _ in 0..probes {
                if cancel.load(Ordering::Relaxed) {
                    break;
                }
                let probe = solver.probe(|d| random.below(d));
                sums[0] += probe.nodes;
                sums[1] += probe.updates;
                sums[2] += probe.solutions;
                sums[3] += probe.nodes * probe.nodes;
            }
            sums
        })?;
        let n = f64::from(probes);
        let nodes = sums[0] / n;
        let variance = (sums[3] / n - nodes * nodes).max(0.0);
        Ok(Estimate {
            nodes,
            updates: sums[1] / n,
            solutions: sums[2] / n,
            nodes_error: (variance / n).sqrt(),
            probes,
        })
    }

    /// `k` solutions drawn uniformly at random (each solution as likely as
    /// any other; with replacement), seeded by `seed`, from the diagram of
    /// the memoised count. Empty when there is no solution. `threads`
    /// (None: one per core) make the layers of a narrow problem's diagram;
    /// the draws for a seed are the same on any number of them.
    #[pyo3(signature = (k = 1, *, seed = 0, threads = None, names = false, max_nodes = None, time_limit = None, max_memory = None))]
    #[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
    fn sample(
        &self,
        py: Python<'_>,
        k: usize,
        seed: u64,
        threads: Option<usize>,
        names: bool,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let limits = Limits::new(threads, max_nodes, time_limit, max_memory)?;
        let drawn = sample(py, &self.inner, k, seed, &limits)?;
        drawn
            .iter()
            .map(|solution| self.solution_object(py, solution, names))
            .collect()
    }
}

impl Problem {
    fn items(&self, kind: ItemKind) -> Vec<String> {
        self.inner
            .item_ids()
            .filter(|&item| self.inner.item_kind(item) == kind)
            .map(|item| self.inner.item_label(item))
            .collect()
    }

    fn option_id(&self, index: usize) -> PyResult<OptionId> {
        option_id(&self.inner, index)
    }

    /// One solution or None, from an answer: raises `SearchStopped` when
    /// the budget stopped the search.
    fn answer(
        &self,
        py: Python<'_>,
        answer: dlx_core::Answer<Option<Vec<OptionId>>>,
        stats: CoreStats,
        names: bool,
        what: &str,
    ) -> PyResult<Option<Py<PyAny>>> {
        self.remember(Stats::from(stats));
        let found = answer
            .value
            .as_deref()
            .map(|solution| self.solution_object(py, solution, names))
            .transpose()?;
        if let Outcome::Stopped(stop) = answer.outcome {
            let partial = found.unwrap_or_else(|| py.None());
            return Err(errors::stopped(py, stop, what, partial, stats));
        }
        Ok(found)
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

pub(crate) fn count_mode(method: &str) -> PyResult<CountMode> {
    match method {
        "auto" => Ok(CountMode::Auto),
        "plain" => Ok(CountMode::Plain),
        "memo" => Ok(CountMode::Memo),
        _ => Err(PyValueError::new_err(format!(
            "method={method:?}: the count's method is \"auto\", \"plain\" or \"memo\""
        ))),
    }
}

/// A count as a Python int, of any size.
pub(crate) fn count_to_py(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    if let Some(small) = count.to_u128() {
        return Ok(small.into_pyobject(py)?.into_any().unbind());
    }
    let bytes = PyBytes::new(py, &count.to_biguint().to_bytes_le());
    let int = py.import("builtins")?.getattr("int")?;
    Ok(int.call_method1("from_bytes", (bytes, "little"))?.unbind())
}

/// The first solution of `problem` within `limits`, and the search's
/// statistics: on the calling thread for a slice, then on the threads.
pub(crate) fn first(
    py: Python<'_>,
    problem: &Arc<CoreProblem>,
    limits: &Limits,
) -> PyResult<(Option<Vec<OptionId>>, CoreStats)> {
    let mut solver = Solver::new(problem);
    solver.set_budget(limits.budget.clone());
    let parallel = limits.thread_count() > 1;
    let here = if parallel { INLINE_FIRST } else { u64::MAX };
    if let Some(found) = first_here(py, &mut solver, "solve", here)? {
        return Ok((found, *solver.stats()));
    }
    // Not found on this thread soon: the threads start over (the few
    // thousand nodes spent are soon made up).
    let pool = limits.pool()?;
    let owned = Arc::clone(problem);
    let budget = limits.budget.clone();
    let (answer, stats) = interruptible(py, &limits.cancel, move || {
        let mut parallel = ParallelSolver::new(&owned).with_pool(&pool);
        parallel.set_budget(budget);
        let answer = parallel.first();
        (answer, *parallel.stats())
    })?;
    if let Outcome::Stopped(stop) = answer.outcome {
        return Err(errors::stopped(py, stop, "solve", py.None(), stats));
    }
    Ok((answer.value, stats))
}

/// The number of solutions of `problem` by `mode` within `limits`, and the
/// statistics of the search that counted them.
pub(crate) fn count(
    py: Python<'_>,
    problem: &Arc<CoreProblem>,
    mode: CountMode,
    limits: &Limits,
) -> PyResult<(Count, Stats)> {
    let settings = MemoSettings::new();
    // The decision's short probe runs here, and answers small problems
    // before any thread starts.
    let decision = if mode == CountMode::Auto {
        let budget = limits.budget.clone();
        let threads = limits.thread_count();
        let decision = py.detach(|| decide_method_on(problem, &settings, &budget, threads));
        py.check_signals()?;
        if let Decision::Done {
            count,
            method,
            plain,
            ..
        } = decision
        {
            return Ok((count, Stats::of(plain, method)));
        }
        Some(decision)
    } else {
        None
    };
    let pool = limits.pool()?;
    let owned = Arc::clone(problem);
    let budget = limits.budget.clone();
    let memo_threads = if limits.threads_asked {
        limits.thread_count()
    } else {
        1
    };
    let counted = interruptible(py, &limits.cancel, move || {
        let mut counter = ParallelCount::new(&settings, mode).with_pool(&pool);
        counter
            .set_budget(budget)
            .set_memo_threads(Some(memo_threads));
        match decision {
            Some(decision) => counter.finish(&owned, decision),
            None => counter.count(&owned),
        }
    })?
    .map_err(|error| {
        errors::input(
            py,
            "InputError",
            format!("cannot count: {}", errors::chain(&error)),
            None,
            None,
        )
    })?;
    let mut stats = Stats::of(counted.plain, counted.method);
    if counted.method == dlx_core::Method::Memo {
        stats.nodes += counted.memo.nodes;
    }
    match (counted.outcome, counted.count) {
        (Outcome::Stopped(stop), partial) => {
            let partial = match &partial {
                Some(count) => count_to_py(py, count)?,
                None => py.None(),
            };
            Err(errors::stopped(py, stop, "count", partial, counted.plain))
        }
        (_, Some(count)) => Ok((count, stats)),
        (_, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "internal error: a finished count without a value",
        )),
    }
}

/// `k` uniformly random solutions of `problem`, from its diagram.
pub(crate) fn sample(
    py: Python<'_>,
    problem: &Arc<CoreProblem>,
    k: usize,
    seed: u64,
    limits: &Limits,
) -> PyResult<Vec<Vec<OptionId>>> {
    let owned = Arc::clone(problem);
    let budget = limits.budget.clone();
    let pool = limits.pool()?;
    let drawn = interruptible(py, &limits.cancel, move || {
        let diagram = dlx_parallel::diagram_on(&owned, &MemoSettings::new(), &budget, &pool)?;
        Ok::<_, dlx_core::MemoError>(diagram.samples(seed).take(k).collect::<Vec<_>>())
    })?;
    match drawn {
        Ok(drawn) => Ok(drawn),
        Err(dlx_core::MemoError::Stopped(stop)) => Err(errors::stopped(
            py,
            stop,
            "sample",
            py.None(),
            CoreStats::default(),
        )),
        Err(error) => Err(errors::input(
            py,
            "InputError",
            format!("cannot sample: {}", errors::chain(&error)),
            None,
            None,
        )),
    }
}

/// The statistics of a search: Knuth's nodes and updates, the solutions
/// found, the deepest level reached, and the method of a count.
#[pyclass(module = "dlx_rs", frozen, get_all)]
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Nodes of the search tree entered (Knuth's "nodes").
    pub nodes: u64,
    /// Links updated by covering items (Knuth's "updates").
    pub updates: u64,
    /// Solutions found (a plain count's solutions; 0 for a memoised count).
    pub solutions: u64,
    /// The deepest level of the tree reached.
    pub max_level: usize,
    /// How a count counted: "plain" or "memo"; None for other searches.
    pub method: Option<&'static str>,
}

impl Stats {
    fn of(stats: CoreStats, method: dlx_core::Method) -> Stats {
        let mut made = Stats::from(stats);
        made.method = Some(match method {
            dlx_core::Method::Memo => "memo",
            _ => "plain",
        });
        made
    }
}

impl From<CoreStats> for Stats {
    fn from(stats: CoreStats) -> Stats {
        Stats {
            nodes: stats.nodes,
            updates: stats.updates,
            solutions: stats.solutions,
            max_level: stats.max_level,
            method: None,
        }
    }
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        let method = self
            .method
            .map(|m| format!(", method={m:?}"))
            .unwrap_or_default();
        format!(
            "Stats(nodes={}, updates={}, solutions={}, max_level={}{method})",
            self.nodes, self.updates, self.solutions, self.max_level
        )
    }
}

/// Knuth's estimate of a search's size: means over random probes.
#[pyclass(module = "dlx_rs", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Estimate {
    /// The estimated number of nodes of the search tree.
    pub nodes: f64,
    /// The estimated number of updates.
    pub updates: f64,
    /// The estimated number of solutions.
    pub solutions: f64,
    /// The standard error of `nodes` (the spread of the probes over their square root).
    pub nodes_error: f64,
    /// The number of probes taken.
    pub probes: u32,
}

#[pymethods]
impl Estimate {
    fn __repr__(&self) -> String {
        format!(
            "Estimate(nodes={:.4e} ± {:.2e}, updates={:.4e}, solutions={:.4e}, probes={})",
            self.nodes, self.nodes_error, self.updates, self.solutions, self.probes
        )
    }
}

/// What the threads of a listing send to the caller.
enum Message {
    Solution(Vec<OptionId>),
    End(Outcome, CoreStats),
}

/// Where the solutions come from.
enum Source {
    /// One thread: the solver, run in slices by `__next__`.
    Inline(Box<Solver>),
    /// Threads: a thread of the listing's own runs the ordered search and
    /// sends its solutions through a bounded channel.
    Threads {
        receiver: Mutex<Receiver<Message>>,
        thread: Option<JoinHandle<()>>,
    },
    /// The search has ended.
    Done,
}

/// The solutions of a problem, lazily (see `Problem.solutions`).
#[pyclass(module = "dlx_rs")]
pub struct Solutions {
    problem: Arc<CoreProblem>,
    source: Source,
    cancel: Arc<AtomicBool>,
    names: bool,
    decode: Option<Decode>,
    limit: Option<u64>,
    found: u64,
}

/// What a model's listing makes of each solution: its own object, or None
/// for a solution that is not listed (one of the orders of a polyomino's
/// copies, which make the same tiling).
pub(crate) type Decode =
    Box<dyn Fn(Python<'_>, &[OptionId]) -> PyResult<Option<Py<PyAny>>> + Send + Sync>;

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("found", &self.found)
            .finish_non_exhaustive()
    }
}

/// Solutions a listing on threads may hold ready before the caller takes them.
const READY: usize = 256;

impl Solutions {
    pub(crate) fn new(
        problem: Arc<CoreProblem>,
        limits: Limits,
        limit: Option<u64>,
        names: bool,
        decode: Option<Decode>,
    ) -> PyResult<Solutions> {
        let cancel = Arc::clone(&limits.cancel);
        let source = if limits.thread_count() == 1 {
            let mut solver = Solver::new(&problem);
            solver.set_budget(limits.budget.clone());
            Source::Inline(Box::new(solver))
        } else {
            let pool = limits.pool()?;
            let (sender, receiver) = mpsc::sync_channel(READY);
            let owned = Arc::clone(&problem);
            let budget = limits.budget.clone();
            let thread = std::thread::Builder::new()
                .name("dlx-solutions".into())
                .spawn(move || {
                    let mut solver = ParallelSolver::new(&owned).with_pool(&pool);
                    solver.set_ordered(true).set_budget(budget);
                    let ended = solver.visit(|solution| {
                        match sender.send(Message::Solution(solution.to_vec())) {
                            Ok(()) => ControlFlow::Continue(()),
                            Err(_) => ControlFlow::Break(()),
                        }
                    });
                    if let ControlFlow::Continue(outcome) = ended {
                        let _ = sender.send(Message::End(outcome, *solver.stats()));
                    }
                })
                .map_err(|error| {
                    pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "cannot start the search's thread: {error}"
                    ))
                })?;
            Source::Threads {
                receiver: Mutex::new(receiver),
                thread: Some(thread),
            }
        };
        Ok(Solutions {
            problem,
            source,
            cancel,
            names,
            decode,
            limit,
            found: 0,
        })
    }

    /// Ends a listing on threads: its flag raised, its thread waited for.
    fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Source::Threads { thread, .. } = &mut self.source {
            let thread = thread.take();
            // Dropping the receiver ends a thread blocked on a full channel.
            self.source = Source::Done;
            if let Some(thread) = thread {
                let _ = thread.join();
            }
        }
        self.source = Source::Done;
    }

    fn ended(&mut self, py: Python<'_>, outcome: Outcome, stats: CoreStats) -> PyResult<()> {
        self.source = Source::Done;
        match outcome {
            Outcome::Stopped(stop) => {
                let partial = self.found.into_pyobject(py)?.into_any().unbind();
                Err(errors::stopped(py, stop, "the listing", partial, stats))
            }
            _ => Ok(()),
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Solutions {
    /// The next solution of the search, or None at its end.
    fn next_solution(&mut self, py: Python<'_>) -> PyResult<Option<Vec<OptionId>>> {
        let solution = match &mut self.source {
            Source::Done => return Ok(None),
            Source::Inline(solver) => loop {
                let step = py.detach(|| solver.run(SLICE));
                match step {
                    Step::Solution => break solver.solution().to_vec(),
                    Step::Paused => py.check_signals()?,
                    Step::End(outcome) => {
                        let stats = *solver.stats();
                        if outcome.is_complete() {
                            self.source = Source::Done;
                            return Ok(None);
                        }
                        py.check_signals()?;
                        self.ended(py, outcome, stats)?;
                        return Ok(None);
                    }
                }
            },
            Source::Threads { receiver, .. } => {
                // The lock is only for `Sync`: this is its one user.
                let receiver = receiver.get_mut().unwrap_or_else(PoisonError::into_inner);
                let message = loop {
                    let waiting = &mut *receiver;
                    let received = py.detach(move || waiting.recv_timeout(SIGNAL_CHECK));
                    match received {
                        Ok(message) => break Some(message),
                        Err(RecvTimeoutError::Timeout) => {
                            if let Err(error) = py.check_signals() {
                                self.stop();
                                return Err(error);
                            }
                        }
                        Err(RecvTimeoutError::Disconnected) => break None,
                    }
                };
                match message {
                    Some(Message::Solution(solution)) => solution,
                    Some(Message::End(outcome, stats)) => {
                        self.stop();
                        self.ended(py, outcome, stats)?;
                        return Ok(None);
                    }
                    None => {
                        self.stop();
                        return Err(pyo3::exceptions::PyRuntimeError::new_err(
                            "internal error: the search's thread ended without an end",
                        ));
                    }
                }
            }
        };
        Ok(Some(solution))
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            if self.limit.is_some_and(|limit| self.found >= limit) {
                self.stop();
                return Ok(None);
            }
            let Some(solution) = self.next_solution(py)? else {
                return Ok(None);
            };
            let made = match &self.decode {
                Some(decode) => decode(py, &solution)?,
                None => Some(solution_object(py, &self.problem, &solution, self.names)?),
            };
            if let Some(made) = made {
                self.found += 1;
                return Ok(Some(made));
            }
        }
    }
    /// Stops the search and frees it (as leaving a `for` loop does, once
    /// the iterator is collected); the iterator then ends.
    fn close(&mut self) {
        self.stop();
    }

    /// The number of solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &mut self,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> bool {
        self.stop();
        false
    }
}
