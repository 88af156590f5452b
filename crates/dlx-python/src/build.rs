//! A problem made from Python's input: items and options given as lists or strings, a 0/1 matrix, Knuth's text, or a file of it read within a size limit.

use std::collections::HashMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;

use dlx_core::{Entry, ItemId, Multiplicity, OptionId, Problem as CoreProblem, ProblemBuilder};
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyString, PyTuple};

use crate::args::Whole;
use crate::errors;
use crate::run::SIGNAL_CHECK;

/// The most bytes `Problem.read` reads unless told otherwise (256 MiB): a
/// problem in Knuth's text that large is rare, and an endless input
/// (`/dev/zero`, a pipe that never ends) stops there with an error.
pub(crate) const MAX_INPUT: u64 = 256 << 20;

/// The arguments of `Problem(primary, options, secondary, costs=)`.
pub(crate) struct Lists<'a, 'py> {
    pub(crate) primary: &'a Bound<'py, PyAny>,
    pub(crate) options: Option<&'a Bound<'py, PyAny>>,
    pub(crate) secondary: Option<&'a Bound<'py, PyAny>>,
    pub(crate) costs: Option<Vec<u64>>,
}

/// The problem of `Problem(primary, options, secondary, costs=)`.
pub(crate) fn from_lists(py: Python<'_>, lists: Lists<'_, '_>) -> PyResult<CoreProblem> {
    let Lists {
        primary,
        options,
        secondary,
        costs,
    } = lists;
    let mut items = Items::default();
    let mut bounds = Vec::new();
    for item in primary.try_iter()? {
        let (name, multiplicity) = item_spec(&item?)?;
        let id = items.add(py, &name, "primary item")?;
        if let Some(multiplicity) = multiplicity {
            bounds.push((id, name, multiplicity));
        }
    }
    if let Some(secondary) = secondary {
        for item in secondary.try_iter()? {
            let name: String = item?.extract()?;
            items.add(py, &name, "secondary item")?;
        }
    }
    for (id, name, multiplicity) in bounds {
        items
            .builder
            .set_multiplicity(id, multiplicity)
            .map_err(|e| errors::build(py, &format!("item `{name}`"), errors::chain(&e)))?;
    }
    let mut n_options = 0;
    if let Some(options) = options {
        for (index, option) in options.try_iter()?.enumerate() {
            items.option(py, index, &option_spec(&option?)?)?;
            n_options += 1;
        }
    }
    if let Some(costs) = &costs {
        if costs.len() != n_options {
            let message = format!(
                "{} costs for {n_options} options: give one cost per option",
                costs.len()
            );
            return Err(errors::input(py, "BuildError", message, None, None));
        }
    }
    let mut problem = items.build(py, "the problem")?;
    for (index, cost) in costs.into_iter().flatten().enumerate() {
        problem
            .set_cost(OptionId::new(index), cost)
            .map_err(|e| errors::build(py, &format!("option {index}"), errors::chain(&e)))?;
    }
    Ok(problem)
}

/// The items named so far, and the builder they are in.
#[derive(Default)]
struct Items {
    builder: ProblemBuilder,
    ids: HashMap<String, ItemId>,
}

impl Items {
    /// Adds item `name` (`kind` says which: "primary item", "secondary
    /// item", "column 3"); a name given twice is a `BuildError`.
    fn add(&mut self, py: Python<'_>, name: &str, kind: &str) -> PyResult<ItemId> {
        check_name(py, name, kind)?;
        let added = if kind == "secondary item" || kind.ends_with("(secondary)") {
            self.builder.secondary(name)
        } else {
            self.builder.primary(name)
        };
        let id = added.map_err(|e| errors::build(py, kind, errors::chain(&e)))?;
        if self.ids.insert(name.to_owned(), id).is_some() {
            return Err(errors::build(
                py,
                &format!("item `{name}`"),
                "it is named twice",
            ));
        }
        Ok(id)
    }

    /// Adds option `index` of item names, each perhaps `name:color`.
    fn option(&mut self, py: Python<'_>, index: usize, names: &[String]) -> PyResult<()> {
        let place = format!("option {index} (`{}`)", names.join(" "));
        let mut entries = Vec::with_capacity(names.len());
        for text in names {
            let (name, color) = match text.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (text.as_str(), None),
            };
            let Some(&item) = self.ids.get(name) else {
                return Err(errors::build(py, &place, format!("unknown item `{name}`")));
            };
            let color = match color {
                None => None,
                Some("") => {
                    let why = format!("item `{name}` has `:` but no color after it");
                    return Err(errors::build(py, &place, why));
                }
                Some(color) => {
                    check_name(py, color, &place)?;
                    Some(self.builder.color(color))
                }
            };
            entries.push(Entry { item, color });
        }
        self.builder
            .colored_option(entries)
            .map_err(|e| errors::build(py, &place, errors::chain(&e)))?;
        Ok(())
    }

    fn build(self, py: Python<'_>, what: &str) -> PyResult<CoreProblem> {
        self.builder
            .build()
            .map_err(|e| errors::build(py, what, errors::chain(&e)))
    }
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
            let bound = |index: usize, what: &str| -> PyResult<Option<u32>> {
                let value: Option<Whole> = tuple.get_item(index)?.extract()?;
                let name = format!("item `{name}`: {what}");
                value
                    .map(|v| v.get(&name, u64::from(u32::MAX)))
                    .transpose()
                    .map(|v| v.map(|v| u32::try_from(v).unwrap_or(u32::MAX)))
            };
            let min = bound(1, "lo")?.unwrap_or(0);
            let max = bound(2, "hi")?;
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
    let why = if name.is_empty() {
        "it is empty"
    } else if name.chars().any(char::is_whitespace) {
        "it holds white space"
    } else if name.contains('|') {
        "it holds `|`, which Knuth's format keeps for comments and costs"
    } else if name.contains(':') {
        "it holds `:`, which separates an item from its color"
    } else {
        return Ok(());
    };
    Err(errors::build(
        py,
        place,
        format!("`{name}` is not a valid item name: {why}"),
    ))
}

/// A problem from a 0/1 matrix: each row an option, each column an item
/// named `names` (default its index), those in `secondary` secondary.
pub(crate) fn from_matrix(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    names: Option<Vec<String>>,
    secondary: Option<Vec<usize>>,
) -> PyResult<CoreProblem> {
    let rows = if rows.hasattr("tolist")? {
        rows.call_method0("tolist")?
    } else {
        rows.clone()
    };
    let mut matrix: Vec<Vec<bool>> = Vec::new();
    for (r, row) in rows.try_iter()?.enumerate() {
        let cells = matrix_row(py, r, &row?)?;
        if let Some(first) = matrix.first() {
            if first.len() != cells.len() {
                let message = format!(
                    "row {r} has {} columns, row 0 has {}: every row has as many",
                    cells.len(),
                    first.len()
                );
                return Err(errors::input(py, "InputError", message, Some(r + 1), None));
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
            let message = format!("{} names for {} columns", names.len(), row.len());
            return Err(errors::input(py, "InputError", message, None, None));
        }
    }
    let names = names.unwrap_or_else(|| (0..width).map(|c| c.to_string()).collect());
    let secondary = secondary.unwrap_or_default();
    if let Some(&c) = secondary.iter().find(|&&c| c >= width) {
        return Err(PyIndexError::new_err(format!(
            "secondary column {c}: the matrix has {width} columns"
        )));
    }
    let mut items = Items::default();
    let mut ids = Vec::with_capacity(width);
    for (c, name) in names.iter().enumerate() {
        let kind = if secondary.contains(&c) {
            format!("column {c} (secondary)")
        } else {
            format!("column {c}")
        };
        ids.push(items.add(py, name, &kind)?);
    }
    for (r, row) in matrix.iter().enumerate() {
        let chosen = row
            .iter()
            .zip(&ids)
            .filter(|(&one, _)| one)
            .map(|(_, &id)| id);
        items.builder.option(chosen).map_err(|e| {
            let message = format!("row {r}: {}", errors::chain(&e));
            errors::input(py, "BuildError", message, Some(r + 1), None)
        })?;
    }
    items.build(py, "the matrix")
}

/// Row `r` of a matrix: 0 and 1 (ints or bools), anything else an error
/// that shows the cell as Python writes it.
fn matrix_row(py: Python<'_>, r: usize, row: &Bound<'_, PyAny>) -> PyResult<Vec<bool>> {
    let mut cells = Vec::new();
    for (c, cell) in row.try_iter()?.enumerate() {
        let cell = cell?;
        match cell.extract::<i64>() {
            Ok(0) => cells.push(false),
            Ok(1) => cells.push(true),
            _ => {
                let message = format!(
                    "row {r}, column {c}: a matrix holds 0 and 1, not {}",
                    cell.repr()?
                );
                return Err(errors::at(py, message, r + 1, c + 1));
            }
        }
    }
    Ok(cells)
}

/// The bytes of the file at `path`, at most `limit` of them (more is an
/// `InputError` that says how to raise the limit). The file is read on a
/// thread of its own in chunks while the caller looks at the signals: a
/// read that blocks (a pipe, a terminal) or never ends leaves the call at
/// Ctrl-C, the reader stopping at its next chunk.
pub(crate) fn read_file(py: Python<'_>, path: &Path, limit: u64) -> PyResult<Vec<u8>> {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let (owned, stopped) = (path.to_path_buf(), Arc::clone(&stop));
    std::thread::Builder::new()
        .name("dlx-read".into())
        .spawn(move || {
            // The caller may have gone (a signal): nobody waits for the bytes.
            let _ = sender.send(read_chunks(&owned, limit, &stopped));
        })
        .map_err(|error| PyOSError::new_err(format!("cannot start the reader: {error}")))?;
    let mut receiver = receiver;
    let read = loop {
        let waiting = &mut receiver;
        match py.detach(move || waiting.recv_timeout(SIGNAL_CHECK)) {
            Ok(read) => break read,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(signal);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyOSError::new_err(format!(
                    "cannot read {}",
                    path.display()
                )))
            }
        }
    };
    match read {
        Ok(bytes) if bytes.len() as u64 > limit => Err(errors::input(
            py,
            "InputError",
            format!(
                "{} holds more than {limit} bytes, the limit (max_bytes={limit}; give a larger max_bytes to read it)",
                path.display()
            ),
            None,
            None,
        )),
        Ok(bytes) => Ok(bytes),
        Err(error) => Err(PyOSError::new_err(format!(
            "cannot read {}: {error}",
            path.display()
        ))),
    }
}

/// Up to `limit + 1` bytes of the file (one more than allowed says it is
/// too long), read a megabyte at a time until `stop`.
fn read_chunks(path: &PathBuf, limit: u64, stop: &AtomicBool) -> std::io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?.take(limit.saturating_add(1));
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 20];
    while !stop.load(Ordering::Relaxed) {
        match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(bytes)
}
