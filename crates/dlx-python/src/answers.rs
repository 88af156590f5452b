//! The answers of a search as Python sees them: a count as an `int` of any size, a solution as option indices or names, `Stats` and `Estimate`.

use dlx_core::{Count, Counted, Method, OptionId, Problem as CoreProblem, Stats as CoreStats};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

/// A count as a Python int, of any size.
pub(crate) fn count_to_py(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    if let Some(small) = count.to_u128() {
        return Ok(small.into_pyobject(py)?.into_any().unbind());
    }
    let bytes = PyBytes::new(py, &count.to_biguint().to_bytes_le());
    let int = py.import("builtins")?.getattr("int")?;
    Ok(int.call_method1("from_bytes", (bytes, "little"))?.unbind())
}

/// A solution as Python sees it: option indices, or with `names` each
/// option's items as Knuth's text writes them (`name` or `name:color`).
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
pub(crate) fn option_names(problem: &CoreProblem, option: OptionId) -> Vec<String> {
    dlx_core::format_option(problem, option)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
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
    /// The statistics of a count: the plain search's, with the memoised
    /// search's nodes when it counted.
    pub(crate) fn counted(counted: &Counted) -> Stats {
        let mut made = Stats::from(counted.plain);
        made.method = Some(match counted.method {
            Method::Memo => "memo",
            _ => "plain",
        });
        if counted.method == Method::Memo {
            made.nodes += counted.memo.nodes;
        }
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

/// Knuth's estimate of a search's size: the means over random probes of
/// its nodes, updates and solutions, with their standard errors
/// (`dlx_core::Solver::estimate`, the one place that computes them).
#[pyclass(module = "dlx_rs", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Estimate {
    /// The estimated number of nodes of the search tree.
    pub nodes: f64,
    /// The estimated number of updates.
    pub updates: f64,
    /// The estimated number of solutions (0.0 when no probe reached one:
    /// see `hits`).
    pub solutions: f64,
    /// The standard error of `nodes`.
    pub nodes_error: f64,
    /// The standard error of `updates`.
    pub updates_error: f64,
    /// The standard error of `solutions`.
    pub solutions_error: f64,
    /// The probes that reached a solution: with none, the estimate of the
    /// solutions says nothing.
    pub hits: u64,
    /// The number of probes taken.
    pub probes: u64,
}

impl From<&dlx_core::Estimate> for Estimate {
    fn from(estimate: &dlx_core::Estimate) -> Estimate {
        Estimate {
            nodes: estimate.nodes.mean(),
            updates: estimate.updates.mean(),
            solutions: estimate.solutions.mean(),
            nodes_error: estimate.nodes.std_error(),
            updates_error: estimate.updates.std_error(),
            solutions_error: estimate.solutions.std_error(),
            hits: estimate.solutions.hits(),
            probes: estimate.probes,
        }
    }
}

#[pymethods]
impl Estimate {
    fn __repr__(&self) -> String {
        let solutions = if self.hits == 0 {
            "unknown (no probe reached one)".to_owned()
        } else {
            format!("{:.4e} ± {:.2e}", self.solutions, self.solutions_error)
        };
        format!(
            "Estimate(nodes={:.4e} ± {:.2e}, updates={:.4e}, solutions={solutions}, probes={})",
            self.nodes, self.nodes_error, self.updates, self.probes
        )
    }
}

/// Each of `items` made into a Python object by `make`, Python's signals
/// looked at every few thousand (a long batch stops at Ctrl-C).
pub(crate) fn each<T>(
    py: Python<'_>,
    items: &[T],
    mut make: impl FnMut(Python<'_>, &T) -> PyResult<Py<PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let mut made = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        if index % 4096 == 4095 {
            py.check_signals()?;
        }
        made.push(make(py, item)?);
    }
    Ok(made)
}
