//! The searches of a problem under Python's limits: each one call below (`dlx_core`, `dlx_parallel`), its answer or its stop converted.

use std::sync::Arc;

use dlx_core::{
    Costed, Count, CountMode, Counted, MemoError, MemoSettings, OptionId, Outcome,
    Problem as CoreProblem, Solver, Stats as CoreStats,
};
use dlx_parallel::{CountError, ParallelCount, ParallelSolver};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::answers::{count_to_py, Estimate, Stats};
use crate::args::Limits;
use crate::errors;
use crate::run::{first_here, interruptible, SLICE};

/// A problem and the limits of one call: what every search here runs on.
pub(crate) struct Search<'a, 'py> {
    pub(crate) py: Python<'py>,
    pub(crate) problem: &'a Arc<CoreProblem>,
    pub(crate) limits: &'a Limits,
}

/// Nodes a `solve()` on threads first spends on the calling thread: a small
/// problem is answered before any thread is woken.
const INLINE_FIRST: u64 = 1 << 15;

impl Search<'_, '_> {
    /// The first solution of `problem` within `limits`, and the search's
    /// statistics: on the calling thread for a slice, then on the threads.
    pub(crate) fn first(&self) -> PyResult<(Option<Vec<OptionId>>, CoreStats)> {
        let (py, problem, limits) = (self.py, self.problem, self.limits);
        let mut solver = Solver::new(problem);
        solver.set_budget(limits.budget.clone());
        let pool = if limits.threads == 1 {
            None
        } else {
            Some(limits.pool()?).filter(|pool| pool.threads() > 1)
        };
        let here = if pool.is_some() {
            INLINE_FIRST
        } else {
            u64::MAX
        };
        if let Some(found) = first_here(py, &mut solver, "solve", here)? {
            return Ok((found, *solver.stats()));
        }
        let Some(pool) = pool else {
            unreachable!("the search on this thread runs to its end");
        };
        // Not found on this thread soon: the threads start over (the few
        // thousand nodes spent are soon made up).
        let budget = limits.budget.clone();
        let (answer, stats) = interruptible(py, &limits.cancel, || {
            let mut parallel = ParallelSolver::new(problem).with_pool(&pool);
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
    /// statistics of the search that counted them: the core's one count job
    /// ([`ParallelCount::start`]), run in slices on this thread when the pool
    /// has one, else its decision here (a small problem is answered before any
    /// thread wakes) and the rest on the threads.
    pub(crate) fn count(&self, mode: CountMode) -> PyResult<(Count, Stats)> {
        let (py, problem, limits) = (self.py, self.problem, self.limits);
        let settings = MemoSettings::new();
        let pool = limits.pool()?;
        let mut counter = ParallelCount::new(&settings, mode).with_pool(&pool);
        counter.set_budget(limits.budget.clone());
        let mut job = counter
            .start(Arc::clone(problem))
            .map_err(|error| cannot_count(py, &error))?;
        let counted = if pool.threads() == 1 {
            loop {
                if let Some(counted) = py.detach(|| job.run(SLICE).cloned()) {
                    break counted;
                }
                py.check_signals()?;
            }
        } else {
            let decided = py.detach(|| job.run(0).cloned());
            py.check_signals()?;
            match decided {
                Some(counted) => counted,
                None => interruptible(py, &limits.cancel, || counter.go_on(problem, job))?
                    .map_err(|error| cannot_count(py, &error))?,
            }
        };
        py.check_signals()?;
        counted_answer(py, &counted)
    }

    /// `k` uniformly random solutions of `problem`, drawn from its diagram
    /// within the budget ([`dlx_parallel::sample_on`]); `SearchStopped` with
    /// the number drawn when it stops the draws.
    pub(crate) fn sample(&self, k: usize, seed: u64) -> PyResult<Vec<Vec<OptionId>>> {
        let (py, problem, limits) = (self.py, self.problem, self.limits);
        let budget = limits.budget.clone();
        let pool = limits.pool()?;
        let drawn = interruptible(py, &limits.cancel, || {
            dlx_parallel::sample_on(problem, &MemoSettings::new(), &budget, &pool, seed, k)
        })?;
        match drawn {
            Ok(drawn) => match drawn.outcome {
                Outcome::Stopped(stop) => {
                    let partial = drawn.value.len().into_pyobject(py)?.into_any().unbind();
                    Err(errors::stopped(
                        py,
                        stop,
                        "sample",
                        partial,
                        CoreStats::default(),
                    ))
                }
                _ => Ok(drawn.value),
            },
            Err(MemoError::Stopped(stop)) => Err(errors::stopped(
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

    /// Knuth's estimate of `problem`'s search from `probes` probes seeded by
    /// `seed` (`Solver::estimate`); `SearchStopped` with the estimate of the
    /// probes made when the budget's deadline comes first.
    pub(crate) fn estimate(&self, probes: u64, seed: u64) -> PyResult<Estimate> {
        let (py, problem, limits) = (self.py, self.problem, self.limits);
        let budget = limits.budget.clone();
        let answer = interruptible(py, &limits.cancel, || {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            solver.estimate(probes, seed)
        })?;
        let estimate = Estimate::from(&answer.value);
        if let Outcome::Stopped(stop) = answer.outcome {
            let partial = Py::new(py, estimate)?.into_any();
            return Err(errors::stopped(
                py,
                stop,
                "estimate",
                partial,
                CoreStats::default(),
            ));
        }
        Ok(estimate)
    }

    /// The optimum of `problem` within `limits`, on its threads.
    pub(crate) fn optimum(&self, optimum: Optimum) -> PyResult<Optimised> {
        let (py, problem, limits) = (self.py, self.problem, self.limits);
        let budget = limits.budget.clone();
        let threads = limits.threads;
        let pool = match optimum {
            Optimum::MinCover => None,
            _ => Some(limits.pool()?),
        };
        let one = |options: Option<Vec<OptionId>>| {
            options
                .map(|options| vec![Costed { cost: 0, options }])
                .unwrap_or_default()
        };
        let found = interruptible(py, &limits.cancel, || {
            let Some(pool) = pool else {
                let (cover, stats) = dlx_parallel::min_cover(problem, threads, &budget)?;
                return Ok((cover.map(one), stats));
            };
            let mut solver = ParallelSolver::new(problem).with_pool(&pool);
            solver.set_budget(budget);
            let answer = match optimum {
                Optimum::Cheapest(k) => solver.min_cost(k),
                _ => solver.min_options().map(one),
            };
            Ok::<_, dlx_parallel::ParallelError>((answer, *solver.stats()))
        })?;
        let (answer, stats) = found.map_err(|error| crate::args::threads_error(&error))?;
        Ok(Optimised {
            best: answer.value,
            outcome: answer.outcome,
            stats,
        })
    }
}

fn cannot_count(py: Python<'_>, error: &CountError) -> PyErr {
    let message = format!("cannot count: {}", errors::chain(error));
    errors::input(py, "InputError", message, None, None)
}

/// A count's answer, or `SearchStopped` with its partial count (None for a
/// memoised count, which has none).
fn counted_answer(py: Python<'_>, counted: &Counted) -> PyResult<(Count, Stats)> {
    match (&counted.outcome, &counted.count) {
        (Outcome::Stopped(stop), partial) => {
            let partial = match partial {
                Some(count) => count_to_py(py, count)?,
                None => py.None(),
            };
            Err(errors::stopped(py, *stop, "count", partial, counted.plain))
        }
        (_, Some(count)) => Ok((count.clone(), Stats::counted(counted))),
        (_, None) => Err(PyRuntimeError::new_err(
            "internal error: a finished count without a value",
        )),
    }
}

/// Which optimum a search looks for.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Optimum {
    /// The `k` cheapest solutions.
    Cheapest(usize),
    /// A solution with the fewest options.
    FewestOptions,
    /// The fewest options covering every primary item at least once.
    MinCover,
}

/// The answer of an optimising search: the best solutions found (complete
/// unless `outcome` says it stopped), with their costs for `Cheapest`.
pub(crate) struct Optimised {
    pub(crate) best: Vec<Costed>,
    pub(crate) outcome: Outcome,
    pub(crate) stats: CoreStats,
}
