//! The exceptions `dlx_rs` raises, made from the Rust errors.
//!
//! The classes are Python's own (`python/dlx_rs/_errors.py`): `InputError`
//! is both a `DlxError` and a `ValueError`, which a class made in Rust with
//! one base could not be. Each is made here with its message and the
//! attributes the error knows (line, column), then raised.

use dlx_core::{Stats as CoreStats, Stop};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::answers::Stats;

/// The exception class `name` of `dlx_rs._errors`, called with `message`
/// and the keyword arguments `kwargs`.
fn make(py: Python<'_>, name: &str, message: String, kwargs: &Bound<'_, PyDict>) -> PyErr {
    let made = py
        .import("dlx_rs._errors")
        .and_then(|module| module.getattr(name))
        .and_then(|class| class.call((message,), Some(kwargs)));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(error) => error,
    }
}

/// An input that cannot be read or built (`kind` is `InputError` or one of
/// its subclasses: `ParseError`, `BuildError`), at `line` and `column`
/// (1-based) when the error knows them.
pub(crate) fn input(
    py: Python<'_>,
    kind: &str,
    message: impl ToString,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let kwargs = PyDict::new(py);
    let set = || -> PyResult<()> {
        kwargs.set_item("line", line)?;
        kwargs.set_item("column", column)?;
        Ok(())
    };
    if let Err(error) = set() {
        return error;
    }
    make(py, kind, message.to_string(), &kwargs)
}

/// An argument out of its range: `ArgumentError`, both a `ValueError` and
/// the `OverflowError` Python raises for an int too large for its place.
pub(crate) fn argument(py: Python<'_>, message: String) -> PyErr {
    make(py, "ArgumentError", message, &PyDict::new(py))
}

/// An `InputError` at `line` and `column` (1-based): a cell of a matrix or a grid.
pub(crate) fn at(py: Python<'_>, message: String, line: usize, column: usize) -> PyErr {
    input(py, "InputError", message, Some(line), Some(column))
}

/// An `InputError` whose message is `error` and its causes.
pub(crate) fn bad_input(py: Python<'_>, error: &dyn std::error::Error) -> PyErr {
    input(py, "InputError", chain(error), None, None)
}

/// A `BuildError` at `place` (the option, the item): the problem's rule it breaks.
pub(crate) fn build(py: Python<'_>, place: &str, why: impl std::fmt::Display) -> PyErr {
    input(py, "BuildError", format!("{place}: {why}"), None, None)
}

/// The error of `error` and its causes, as one line: "what: because why".
pub(crate) use dlx_core::format::error_line as chain;

/// A search stopped by its budget: `SearchStopped`, with the reason
/// (`"nodes"`, `"time"`, `"memory"`, `"cancelled"`), what was found before
/// the stop and the search's statistics.
pub(crate) fn stopped(
    py: Python<'_>,
    stop: Stop,
    what: &str,
    partial: Py<PyAny>,
    stats: CoreStats,
) -> PyErr {
    let kwargs = PyDict::new(py);
    let set = || -> PyResult<()> {
        kwargs.set_item("reason", reason(stop))?;
        kwargs.set_item("partial", partial)?;
        kwargs.set_item("stats", Py::new(py, Stats::from(stats))?)?;
        Ok(())
    };
    if let Err(error) = set() {
        return error;
    }
    make(
        py,
        "SearchStopped",
        format!("{what} stopped before the end: {stop}; the answer is partial"),
        &kwargs,
    )
}

/// The word of `stop` in Python.
fn reason(stop: Stop) -> &'static str {
    match stop {
        Stop::Nodes => "nodes",
        Stop::Time => "time",
        Stop::Memory => "memory",
        Stop::Cancelled => "cancelled",
        // `Stop` is non-exhaustive: a reason added later reads as a stop.
        _ => "stopped",
    }
}
