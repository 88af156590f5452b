//! How a search runs under Python: with the GIL released, and Ctrl-C let through between two slices of it.
//!
//! A search runs either on the calling thread in slices of [`SLICE`] nodes,
//! asking Python for pending signals between them, or (a search on a pool's
//! threads, which runs to its end in one call) beside the calling thread,
//! which looks at the signals every [`SIGNAL_CHECK`] while it waits
//! ([`dlx_parallel::wait_for`]). A signal whose handler raises (Ctrl-C's
//! `KeyboardInterrupt`) raises the call's cancel flag, which the search's
//! budget reads, and its exception is what the call raises.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use dlx_core::{MemoSettings, OptionId, Outcome, Searcher, Sequential, Solver, Step};
use dlx_parallel::Searches;
use pyo3::prelude::*;

use crate::args::Limits;
use crate::errors;

/// How often a caller waiting for a search asks Python for signals.
pub(crate) const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Nodes of a search on the calling thread between two questions to
/// Python about signals (about a millisecond).
pub(crate) const SLICE: u64 = 1 << 14;

/// The signals a call without the GIL looks at: the first one whose
/// handler raised, kept, and the call's cancel flag raised.
pub(crate) struct Signals<'a> {
    cancel: &'a AtomicBool,
    caught: Mutex<Option<PyErr>>,
}

impl<'a> Signals<'a> {
    pub(crate) fn new(cancel: &'a AtomicBool) -> Signals<'a> {
        Signals {
            cancel,
            caught: Mutex::new(None),
        }
    }

    /// Asks Python (taking the GIL for a moment) whether a signal is
    /// pending; one whose handler raises stops the search.
    pub(crate) fn look(&self) {
        let mut caught = self.caught.lock().unwrap_or_else(PoisonError::into_inner);
        if caught.is_none() {
            if let Err(error) = Python::attach(|py| py.check_signals()) {
                self.cancel.store(true, Ordering::Relaxed);
                *caught = Some(error);
            }
        }
    }

    /// `value`, unless a signal's handler raised: then its exception.
    pub(crate) fn answer<T>(self, value: T) -> PyResult<T> {
        match self
            .caught
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Some(error) => Err(error),
            None => Ok(value),
        }
    }
}

/// Runs `work` (a search on a pool's threads, or a batch) on a thread of
/// its own with the GIL released, while the calling thread waits for it
/// and looks at the signals every [`SIGNAL_CHECK`]; a signal raises
/// `cancel`, which `work`'s budget reads, and is what this returns once
/// `work` stopped.
pub(crate) fn interruptible<T, F>(py: Python<'_>, cancel: &AtomicBool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    let signals = Signals::new(cancel);
    let value = py.detach(|| dlx_parallel::wait_for(work, SIGNAL_CHECK, || signals.look()));
    signals.answer(value)
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

/// The first solution of `solver`, run on this thread to its end (None
/// when there is none).
pub(crate) fn first_sliced(
    py: Python<'_>,
    solver: &mut Solver,
    what: &str,
) -> PyResult<Option<Vec<OptionId>>> {
    Ok(first_here(py, solver, what, u64::MAX)?.flatten())
}

/// The solutions of `solver` counted to its end (or its limit) on this
/// thread, in slices; `SearchStopped` with the count so far when its
/// budget stops it.
pub(crate) fn count_sliced(py: Python<'_>, solver: &mut Solver, what: &str) -> PyResult<u64> {
    loop {
        let step = py.detach(|| solver.run_counting(SLICE));
        match step {
            Step::Solution | Step::Paused => py.check_signals()?,
            Step::End(Outcome::Stopped(stop)) => {
                py.check_signals()?;
                let found = solver.stats().solutions;
                let partial = found.into_pyobject(py)?.into_any().unbind();
                return Err(errors::stopped(py, stop, what, partial, *solver.stats()));
            }
            Step::End(_) => return Ok(solver.stats().solutions),
        }
    }
}

/// Runs a model's policy (`work`, given a [`Searcher`]) within `limits`:
/// on one thread the core's [`Sequential`] searcher on the calling thread,
/// looking at the signals between its slices; on more, the pool's
/// ([`dlx_parallel::Searches`]) beside the calling thread.
pub(crate) fn on_searcher<T, F>(py: Python<'_>, limits: &Limits, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&mut dyn Searcher) -> T + Send,
{
    let settings = MemoSettings::new();
    if limits.threads == 1 {
        let signals = Signals::new(&limits.cancel);
        let value = py.detach(|| {
            let mut searcher = Sequential::new()
                .with_budget(limits.budget.clone())
                .with_settings(settings)
                .with_hook(SLICE, |_| signals.look());
            work(&mut searcher)
        });
        return signals.answer(value);
    }
    let pool = limits.pool()?;
    interruptible(py, &limits.cancel, || {
        work(&mut Searches::new(&pool, limits.budget.clone(), settings))
    })
}
