//! `Solutions`: the solutions of a problem, lazily, in the sequential search's order at any number of threads.
//!
//! On one thread the solver runs in slices on the calling thread, between
//! two `__next__` calls only as far as the next solution. On more, a
//! [`dlx_parallel::Listing`] runs the search on a pool of its own (a
//! listing left paused holds no thread another search needs), a few
//! hundred solutions ahead at most, and is stopped when the iterator is
//! closed or collected.

use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::{OptionId, Outcome, Problem as CoreProblem, Solver, Stats as CoreStats, Step};
use dlx_parallel::{Listing, Pulled};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::answers::solution_object;
use crate::args::{optional, threads_error, Kw, Limits, Whole, ON_THREADS};
use crate::errors;
use crate::run::{SIGNAL_CHECK, SLICE};

/// What a model's listing makes of each solution: its own object, or None
/// for a solution that is not listed (one of the orders of a polyomino's
/// copies, which make the same tiling).
pub(crate) type Decode =
    Box<dyn Fn(Python<'_>, &[OptionId]) -> PyResult<Option<Py<PyAny>>> + Send + Sync>;

/// Where the solutions come from.
enum Source {
    /// One thread: the solver, run in slices by `__next__`.
    Inline(Box<Solver>),
    /// Threads: the listing of `dlx_parallel`, pulled (the lock is for
    /// `Sync` only: `__next__` borrows the iterator mutably).
    Threads(Mutex<Listing>),
    /// The search has ended.
    Done,
}

/// The solutions of a problem, lazily (see `Problem.solutions`).
#[pyclass(module = "dlx_rs")]
pub struct Solutions {
    problem: Arc<CoreProblem>,
    source: Source,
    names: bool,
    decode: Option<Decode>,
    limit: Option<u64>,
    found: u64,
}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("found", &self.found)
            .finish_non_exhaustive()
    }
}

impl Solutions {
    /// The listing of `problem` within `limits`, up to `limit` solutions
    /// made by `decode` (else option indices, or names with `names`).
    pub(crate) fn new(
        problem: Arc<CoreProblem>,
        limits: &Limits,
        limit: Option<u64>,
        names: bool,
        decode: Option<Decode>,
    ) -> PyResult<Solutions> {
        let source = if limits.threads == 1 {
            let mut solver = Solver::new(&problem);
            solver.set_budget(limits.budget.clone());
            Source::Inline(Box::new(solver))
        } else {
            let listing = Listing::new(&problem, limits.threads, limits.budget.clone())
                .map_err(|error| threads_error(&error))?;
            Source::Threads(Mutex::new(listing))
        };
        Ok(Solutions {
            problem,
            source,
            names,
            decode,
            limit,
            found: 0,
        })
    }

    /// The listing of a model's `method` (`Queens.solutions`,
    /// `Polyomino.tilings`): up to `limit` solutions within `limits` (one
    /// thread unless told), each made by `decode`.
    pub(crate) fn of_model(
        method: &str,
        problem: &Arc<CoreProblem>,
        limit: Option<Whole>,
        limits: Option<&Kw<'_>>,
        decode: Decode,
    ) -> PyResult<Solutions> {
        let limits = Limits::of(method, limits, ON_THREADS, Some(1))?;
        let limit = optional(limit, "limit", u64::MAX)?;
        Solutions::new(Arc::clone(problem), &limits, limit, false, Some(decode))
    }

    /// Ends the listing: a listing on threads stopped, its threads waited for.
    fn stop(&mut self) {
        self.source = Source::Done;
    }

    /// The end of the search: `SearchStopped` after the solutions given
    /// when the budget stopped it.
    fn ended(&mut self, py: Python<'_>, outcome: Outcome, stats: CoreStats) -> PyResult<()> {
        self.stop();
        if let Outcome::Stopped(stop) = outcome {
            py.check_signals()?;
            let partial = self.found.into_pyobject(py)?.into_any().unbind();
            return Err(errors::stopped(py, stop, "the listing", partial, stats));
        }
        Ok(())
    }

    /// The next solution of the search, or None at its end.
    fn next_solution(&mut self, py: Python<'_>) -> PyResult<Option<Vec<OptionId>>> {
        loop {
            let (outcome, stats) = match &mut self.source {
                Source::Done => return Ok(None),
                Source::Inline(solver) => match py.detach(|| solver.run(SLICE)) {
                    Step::Solution => return Ok(Some(solver.solution().to_vec())),
                    Step::Paused => {
                        py.check_signals()?;
                        continue;
                    }
                    Step::End(outcome) => (outcome, *solver.stats()),
                },
                Source::Threads(listing) => {
                    let listing = listing.get_mut().unwrap_or_else(PoisonError::into_inner);
                    match py.detach(|| listing.pull(SIGNAL_CHECK)) {
                        Pulled::Solution(solution) => return Ok(Some(solution)),
                        Pulled::Waiting => {
                            if let Err(signal) = py.check_signals() {
                                self.stop();
                                return Err(signal);
                            }
                            continue;
                        }
                        Pulled::End(outcome, stats) => (outcome, stats),
                    }
                }
            };
            self.ended(py, outcome, stats)?;
            return Ok(None);
        }
    }

    fn next_object(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
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
}

/// The iterator, borrowed to go on: a second Python thread that calls it
/// while the first waits for a solution gets Python's own error for a
/// generator already running, not pyo3's.
fn going_on<'py>(slf: &Bound<'py, Solutions>) -> PyResult<PyRefMut<'py, Solutions>> {
    slf.try_borrow_mut()
        .map_err(|_| PyValueError::new_err("generator already executing"))
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
        going_on(slf)?.next_object(slf.py())
    }

    /// Stops the search and frees it (as leaving a `for` loop does, once
    /// the iterator is collected); the iterator then ends.
    fn close(slf: &Bound<'_, Self>) -> PyResult<()> {
        going_on(slf)?.stop();
        Ok(())
    }

    /// The number of solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (_kind, _value, _traceback))]
    fn __exit__(
        slf: &Bound<'_, Self>,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        going_on(slf)?.stop();
        Ok(false)
    }
}
