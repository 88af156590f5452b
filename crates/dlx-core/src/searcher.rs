//! Where a policy's searches run: one trait, so that a puzzle's policy (in `dlx-models`) is written once and runs on this thread ([`Sequential`]) or on a pool's threads (`dlx-parallel`).
//!
//! A model's policy (how a board's tilings are counted, all of them and up
//! to symmetry) needs two searches of this crate: a count of a problem's
//! solutions by the count's rule ([`CountJob`]), and a walk over every
//! solution of a problem that weighs each one. [`Searcher`] is those two;
//! `dlx-parallel` implements it on a rayon pool, [`Sequential`] here on the
//! calling thread, so the faces (the CLI, Python, the page) call one policy
//! function with the searcher of their threads and convert its answer.

use crate::budget::{Answer, Budget, Outcome};
use crate::index::OptionId;
use crate::memo::{CountJob, CountMode, Counted, MemoError, MemoSettings, Method};
use crate::problem::Problem;
use crate::search::{Solver, Stats, Step};

/// What a walk over every solution found ([`Searcher::weigh`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Weighed {
    /// The solutions the weighing kept.
    pub kept: u64,
    /// The sum of their weights.
    pub weight: u64,
    /// The search's statistics (all threads together).
    pub stats: Stats,
}

impl Weighed {
    /// A walk's figures.
    pub fn new(kept: u64, weight: u64, stats: Stats) -> Weighed {
        Weighed {
            kept,
            weight,
            stats,
        }
    }
}

/// A solution's weight in a [`Searcher::weigh`]: `Some(w)` counts it with
/// weight `w`, `None` leaves it out. It reads its solution only, so threads
/// may share it.
pub type Weigh<'a> = dyn Fn(&[OptionId]) -> Option<u64> + Sync + 'a;

/// Runs the searches a model's policy needs, under the searcher's budget and
/// memoised count's settings: on this thread ([`Sequential`]) or on a
/// pool's (`dlx_parallel::Searches`). Both give the same answers.
pub trait Searcher {
    /// Counts the solutions of `problem` by the search `mode` names, or the
    /// one the count's rule decides ([`CountJob`]). With `own_plain`, a
    /// count the rule (or the mode) gives to the plain search is not made:
    /// `Ok(None)`, for a caller with a faster plain count of its own (a
    /// count by symmetry enumerates fewer solutions).
    fn count(
        &mut self,
        problem: &Problem,
        mode: CountMode,
        own_plain: bool,
    ) -> Result<Option<Counted>, MemoError>;

    /// Visits every solution of `problem` and weighs it: how many `weigh`
    /// kept and the sum of their weights; partial, with an outcome that
    /// says so, when the budget stops it.
    fn weigh(&mut self, problem: &Problem, weigh: &Weigh<'_>) -> Answer<Weighed>;
}

/// What a [`Sequential`] searcher calls between two slices.
type Hook<'h> = dyn FnMut(&Report) + 'h;

/// A [`Searcher`] on the calling thread, in slices of nodes between which
/// it reports to an optional hook (a page's worker posts its progress
/// there).
///
/// ```
/// use dlx_core::{parse_dlx, CountMode, Searcher, Sequential};
///
/// let problem = parse_dlx("a b\na\nb\na b\n")?;
/// let mut searcher = Sequential::new();
/// let counted = searcher.count(&problem, CountMode::Auto, false)?.expect("counted");
/// assert_eq!(counted.count, Some(2u64.into()));
/// // Every solution weighed: here the ones of two options, weight 5.
/// let weighed = searcher.weigh(&problem, &|s| (s.len() == 2).then_some(5)).value;
/// assert_eq!((weighed.kept, weighed.weight), (1, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Sequential<'h> {
    budget: Budget,
    settings: MemoSettings,
    slice: u64,
    hook: Option<Box<Hook<'h>>>,
}

impl std::fmt::Debug for Sequential<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sequential")
            .field("budget", &self.budget)
            .field("settings", &self.settings)
            .field("slice", &self.slice)
            .finish_non_exhaustive()
    }
}

/// What a [`Sequential`] searcher reports between two slices.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// The search under way: `Some(Plain)` or `Some(Memo)` for a count
    /// once its method is decided, `None` for a walk or before the decision.
    pub method: Option<Method>,
    /// The nodes so far.
    pub nodes: u64,
    /// The solutions found so far by a plain count or a walk.
    pub solutions: u64,
    /// Knuth's estimate of the fraction of the plain search done (0 to 1),
    /// when a plain search runs.
    pub fraction: Option<f64>,
}

impl Default for Sequential<'_> {
    fn default() -> Self {
        Sequential::new()
    }
}

impl<'h> Sequential<'h> {
    /// A searcher on this thread with no budget and the default settings.
    pub fn new() -> Sequential<'h> {
        Sequential {
            budget: Budget::new(),
            settings: MemoSettings::new(),
            slice: 1 << 16,
            hook: None,
        }
    }

    /// Its searches draw on `budget`.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The memoised count's settings.
    pub fn with_settings(mut self, settings: MemoSettings) -> Self {
        self.settings = settings;
        self
    }

    /// Calls `hook` every `slice` nodes or so with the search's progress.
    pub fn with_hook(mut self, slice: u64, hook: impl FnMut(&Report) + 'h) -> Self {
        self.slice = slice.max(1);
        self.hook = Some(Box::new(hook));
        self
    }

    fn report(&mut self, report: Report) {
        if let Some(hook) = &mut self.hook {
            hook(&report);
        }
    }
}

impl Searcher for Sequential<'_> {
    fn count(
        &mut self,
        problem: &Problem,
        mode: CountMode,
        own_plain: bool,
    ) -> Result<Option<Counted>, MemoError> {
        if own_plain && mode == CountMode::Plain {
            return Ok(None);
        }
        let mut job = CountJob::new(problem, &self.settings, mode)?;
        job.set_budget(self.budget.clone());
        if own_plain {
            job.plain_elsewhere();
        }
        loop {
            if let Some(counted) = job.run(self.slice) {
                return Ok(Some(counted.clone()));
            }
            let method = job.method().map(|(method, _)| method);
            if own_plain && method == Some(Method::Plain) {
                return Ok(None);
            }
            let solver = job.solver();
            self.report(Report {
                method,
                nodes: job.stats().nodes,
                solutions: solver.map_or(0, |s| s.stats().solutions),
                fraction: solver.map(Solver::progress),
            });
        }
    }

    fn weigh(&mut self, problem: &Problem, weigh: &Weigh<'_>) -> Answer<Weighed> {
        let mut solver = Solver::new(problem);
        solver.set_budget(self.budget.clone());
        let (mut kept, mut weight) = (0u64, 0u64);
        let outcome: Outcome = loop {
            match solver.run(self.slice) {
                Step::Solution => {
                    if let Some(w) = weigh(solver.solution()) {
                        kept += 1;
                        weight = weight.saturating_add(w);
                    }
                }
                Step::Paused => self.report(Report {
                    method: None,
                    nodes: solver.stats().nodes,
                    solutions: solver.stats().solutions,
                    fraction: Some(solver.progress()),
                }),
                Step::End(outcome) => break outcome,
            }
        };
        Answer::new(Weighed::new(kept, weight, *solver.stats()), outcome)
    }
}
