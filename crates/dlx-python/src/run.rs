//! How a search runs under Python: its budget, its threads, and the wait
//! that lets Ctrl-C through.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx_core::{Budget, OptionId, Outcome, Solver, Step};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::errors;

/// How often a caller waiting for a search asks Python for signals.
pub(crate) const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Nodes of a search on the calling thread between two questions to
/// Python about signals (about a millisecond).
pub(crate) const SLICE: u64 = 1 << 14;

/// The most threads a search may ask for (as the CLI's `--threads`).
const MAX_THREADS: usize = 1024;

/// What one call may spend, and its own cancel flag (raised by Ctrl-C).
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    /// Threads: 0 for one per core.
    pub(crate) threads: usize,
    /// Whether the caller named the threads (the memoised count runs on one
    /// thread unless asked for more, as the CLI's does).
    pub(crate) threads_asked: bool,
    /// The budget: the caller's nodes, time and memory, and `cancel`.
    pub(crate) budget: Budget,
    /// Raised when a signal's exception is pending: the search stops.
    pub(crate) cancel: Arc<AtomicBool>,
}

impl Limits {
    /// The limits of a call's keyword arguments: `threads` (None: one per
    /// core; 0: one per core), `max_nodes`, `time_limit` in seconds,
    /// `max_memory` in bytes.
    pub(crate) fn new(
        threads: Option<usize>,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        max_memory: Option<usize>,
    ) -> PyResult<Limits> {
        if let Some(threads) = threads {
            if threads > MAX_THREADS {
                return Err(PyValueError::new_err(format!(
                    "threads={threads}: at most {MAX_THREADS} threads (0 for one per core)"
                )));
            }
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let mut budget = Budget::new().with_cancel(Arc::clone(&cancel));
        if let Some(nodes) = max_nodes {
            budget = budget.with_nodes(nodes);
        }
        if let Some(seconds) = time_limit {
            let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
                PyValueError::new_err(format!(
                    "time_limit={seconds}: a time limit is a number of seconds, 0 or more"
                ))
            })?;
            budget = budget.with_time(time);
        }
        if let Some(bytes) = max_memory {
            budget = budget.with_memory(bytes);
        }
        Ok(Limits {
            threads: threads.unwrap_or(0),
            threads_asked: threads.is_some(),
            budget,
            cancel,
        })
    }

    /// The number of threads the search runs on (0 resolved to the cores).
    pub(crate) fn thread_count(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            self.threads
        }
    }

    /// The pool of [`Limits::thread_count`] threads.
    pub(crate) fn pool(&self) -> PyResult<Arc<ThreadPool>> {
        pool(self.thread_count())
    }
}

/// The pools made so far, one per number of threads, kept for the life of
/// the process: starting threads for every call would cost more than a
/// small search.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The pool of `threads` threads, made on first use.
pub(crate) fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("dlx-{i}"))
        .build()
        .map_err(|error| PyRuntimeError::new_err(format!("cannot start the threads: {error}")))?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// Runs `work` on a thread of its own with the GIL released, while the
/// calling thread waits for it and asks Python for pending signals every
/// 50 ms. A signal whose handler raises (Ctrl-C's `KeyboardInterrupt`)
/// raises `cancel`, which `work`'s budget reads, waits for `work` to stop,
/// and is what this returns.
pub(crate) fn interruptible<T, F>(py: Python<'_>, cancel: &AtomicBool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::sync_channel(1);
            scope.spawn(move || {
                // The receiver waits until the value comes or this thread ends.
                let _ = sender.send(work());
            });
            let mut signal = None;
            loop {
                match receiver.recv_timeout(SIGNAL_CHECK) {
                    Ok(value) => return signal.map_or(Ok(value), Err),
                    Err(RecvTimeoutError::Timeout) => {
                        if signal.is_none() {
                            if let Err(error) = Python::attach(|py| py.check_signals()) {
                                cancel.store(true, Ordering::Relaxed);
                                signal = Some(error);
                            }
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err(
                            "internal error: the search's thread ended without an answer",
                        ))
                    }
                }
            }
        })
    })
}

/// Runs `solver` on the calling thread in slices of [`SLICE`] nodes with
/// the GIL released, asking Python for signals between them, until a
/// solution (`Some(Some(it))`), the end of the search (`Some(None)`), or
/// `nodes` nodes in all (`None`: not decided yet). Raises `SearchStopped`
/// when the solver's budget stops it (`what` names the search).
pub(crate) fn first_here(
    py: Python<'_>,
    solver: &mut Solver,
    what: &str,
    nodes: u64,
) -> PyResult<Option<Option<Vec<OptionId>>>> {
    loop {
        let step = py.detach(|| solver.run(SLICE));
        match step {
            Step::Solution => return Ok(Some(Some(solver.solution().to_vec()))),
            Step::End(Outcome::Stopped(stop)) => {
                py.check_signals()?;
                return Err(errors::stopped(py, stop, what, py.None(), *solver.stats()));
            }
            Step::End(_) => return Ok(Some(None)),
            Step::Paused => py.check_signals()?,
        }
        if solver.stats().nodes >= nodes {
            return Ok(None);
        }
    }
}
