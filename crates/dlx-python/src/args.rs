//! Python's arguments converted: whole numbers that name themselves when they are out of range, the budget and the threads of a call, the count's method.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use dlx_core::{Budget, CountMode};
use dlx_parallel::{ParallelError, Pool, MAX_THREADS};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use crate::errors;

/// A whole-number argument as Python gave it: a value of up to 64 bits, or
/// the text of an int out of that range (negative, or too large), so that
/// the error can name the argument ([`Whole::get`]) instead of pyo3's bare
/// `OverflowError`.
#[derive(Debug, Clone)]
pub(crate) struct Whole(Result<u64, String>);

impl Whole {
    /// A value (for defaults).
    pub(crate) const fn of(value: u64) -> Whole {
        Whole(Ok(value))
    }

    /// The value of argument `name`, at most `max`; else a `ValueError`
    /// that names the argument and the range.
    pub(crate) fn get(&self, name: &str, max: u64) -> PyResult<u64> {
        match &self.0 {
            Ok(value) if *value <= max => Ok(*value),
            Ok(value) => Err(out_of_range(name, &value.to_string(), max)),
            Err(text) => Err(out_of_range(name, text, max)),
        }
    }

    /// [`Whole::get`] as a `usize`.
    pub(crate) fn size(&self, name: &str, max: usize) -> PyResult<usize> {
        let max = u64::try_from(max).unwrap_or(u64::MAX);
        // At most `max`, which is a `usize`.
        Ok(usize::try_from(self.get(name, max)?).unwrap_or(usize::MAX))
    }
}

fn out_of_range(name: &str, value: &str, max: u64) -> PyErr {
    let message = format!("{name}={value}: expected a whole number from 0 to {max}");
    Python::attach(|py| errors::argument(py, message))
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        let Ok(int) = obj.cast::<PyInt>() else {
            return Err(PyTypeError::new_err(format!(
                "expected an int, not {}",
                obj.get_type().name()?
            )));
        };
        match int.extract::<u64>() {
            Ok(value) => Ok(Whole(Ok(value))),
            Err(_) => Ok(Whole(Err(int.str()?.to_string()))),
        }
    }
}

/// An optional whole number `name` (None stays None), at most `max`.
pub(crate) fn optional(value: Option<Whole>, name: &str, max: u64) -> PyResult<Option<u64>> {
    value.map(|value| value.get(name, max)).transpose()
}

/// What one call may spend, and its own cancel flag (raised by Ctrl-C).
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    /// Threads: 0 for one per core (the caller gave None).
    pub(crate) threads: usize,
    /// The budget: the caller's nodes, time and memory, and `cancel`.
    pub(crate) budget: Budget,
    /// Raised when a signal's exception is pending: the search stops.
    pub(crate) cancel: Arc<AtomicBool>,
}

/// The keywords of a search's limits, as Python passes them (`**limits`:
/// pyo3 takes them as `Option<&Kw>`).
pub(crate) type Kw<'py> = Bound<'py, PyDict>;

/// A Python object, or the error raised instead.
pub(crate) type Object = PyResult<Py<PyAny>>;

/// Python objects, or the error raised instead.
pub(crate) type Objects = PyResult<Vec<Py<PyAny>>>;

/// The limits every search takes: threads, nodes, seconds, bytes.
pub(crate) const SEARCH: &[&str] = &["threads", "max_nodes", "time_limit", "max_memory"];

/// The limits of a search that holds nothing that grows: threads, nodes, seconds.
pub(crate) const ON_THREADS: &[&str] = &["threads", "max_nodes", "time_limit"];

/// The limits of a search on the calling thread: nodes, seconds.
pub(crate) const BUDGET: &[&str] = &["max_nodes", "time_limit"];

impl Limits {
    /// The limits of `method`'s keyword arguments `keywords`, those named
    /// in `accepted` (another is Python's own `TypeError`): `threads`
    /// (None or 0 for one per core; `threads` here when not given),
    /// `max_nodes`, `time_limit` in seconds and `max_memory` in bytes,
    /// each checked and named when out of range.
    pub(crate) fn of(
        method: &str,
        keywords: Option<&Kw<'_>>,
        accepted: &[&str],
        threads: Option<u64>,
    ) -> PyResult<Limits> {
        let mut given = Given {
            threads: threads.map(Whole::of),
            ..Given::default()
        };
        for (key, value) in keywords.into_iter().flatten() {
            let key: String = key.extract()?;
            if !accepted.contains(&key.as_str()) {
                return Err(PyTypeError::new_err(format!(
                    "{method}() got an unexpected keyword argument '{key}'"
                )));
            }
            match key.as_str() {
                "threads" => given.threads = value.extract()?,
                "max_nodes" => given.max_nodes = value.extract()?,
                "time_limit" => given.time_limit = value.extract()?,
                _ => given.max_memory = value.extract()?,
            }
        }
        given.limits()
    }

    /// The limits of a call with a `time_limit` only, on the calling thread.
    pub(crate) fn time(time_limit: Option<f64>) -> PyResult<Limits> {
        let given = Given {
            threads: Some(Whole::of(1)),
            time_limit,
            ..Given::default()
        };
        given.limits()
    }

    /// The limits of a call that takes its threads only.
    pub(crate) fn threads(threads: Option<Whole>) -> PyResult<Limits> {
        let given = Given {
            threads,
            ..Given::default()
        };
        given.limits()
    }

    /// The pool of the call's threads, shared with every call that asks for
    /// as many (a search that runs to its end; a listing has its own).
    pub(crate) fn pool(&self) -> PyResult<Pool> {
        Pool::shared(self.threads).map_err(|error| threads_error(&error))
    }
}

/// The limits as given, before they are checked.
#[derive(Default)]
struct Given {
    threads: Option<Whole>,
    max_nodes: Option<Whole>,
    time_limit: Option<f64>,
    max_memory: Option<Whole>,
}

impl Given {
    fn limits(self) -> PyResult<Limits> {
        let max_threads = u64::try_from(MAX_THREADS).unwrap_or(u64::MAX);
        let threads = optional(self.threads, "threads", max_threads)?.unwrap_or(0);
        let cancel = Arc::new(AtomicBool::new(false));
        let mut budget = Budget::new().with_cancel(Arc::clone(&cancel));
        if let Some(nodes) = optional(self.max_nodes, "max_nodes", u64::MAX)? {
            budget = budget.with_nodes(nodes);
        }
        if let Some(seconds) = self.time_limit {
            let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
                PyValueError::new_err(format!(
                    "time_limit={seconds}: a time limit is a number of seconds, 0 or more"
                ))
            })?;
            budget = budget.with_time(time);
        }
        let max_bytes = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
        if let Some(bytes) = optional(self.max_memory, "max_memory", max_bytes)? {
            budget = budget.with_memory(usize::try_from(bytes).unwrap_or(usize::MAX));
        }
        Ok(Limits {
            threads: usize::try_from(threads).unwrap_or(MAX_THREADS),
            budget,
            cancel,
        })
    }
}

/// Threads that could not be had, as Python's error.
pub(crate) fn threads_error(error: &ParallelError) -> PyErr {
    match error {
        ParallelError::TooMany { .. } => PyValueError::new_err(format!("threads: {error}")),
        _ => {
            pyo3::exceptions::PyRuntimeError::new_err(format!("cannot start the threads: {error}"))
        }
    }
}

/// The count's method of `method`: "auto", "plain" or "memo".
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
