//! The count on threads by the method the core's rule decides: the core's [`CountJob`] decides, and the count it chose goes on on the pool's threads.

use std::sync::Arc;

use dlx_core::memo::{Decision, MemoStats};
use dlx_core::{
    Budget, Count, CountJob, CountMode, Counted, MemoCounter, MemoError, MemoSettings, Method,
    Problem, Solver, Stats, Step, Why,
};

use dlx_core::subtree::SubtreeSearch as _;
use dlx_core::Outcome;

use super::{CountError, MemoPiece, ParallelMemoCounter};
use crate::dimers::count_dimers_on;
use crate::pool::{Job, Pool};
use crate::progress::Progress;
use crate::search::{ParallelSolver, SubCount};
use crate::split::Split;
use crate::steal::Balance;

/// A count on the threads of a pool, by the method the core's rule
/// chooses ([`CountJob`], the one place that decides): the memoised count
/// where a short probe finds that it pays, else the plain count; within a
/// [`Budget`], with a live [`Progress`]. What this adds to the core's job
/// is only the threads: the decision runs on the calling thread, and the
/// count it chose goes on on the pool (the depth-first memoised count on
/// as many threads as [`Pool::threads_for`] gives [`Job::MemoCount`]).
///
/// On one thread the plain count goes on from where the probe left it (its
/// work is not lost); on more it starts over on the threads, whose speed
/// soon makes up for the probe's few thousand nodes.
///
/// ```
/// use dlx_core::{parse_dlx, Count, CountMode, MemoSettings, Outcome};
/// use dlx_parallel::ParallelCount;
///
/// // The 2 x 8 board has 34 domino tilings (a Fibonacci number).
/// let mut text = (0..8).map(|c| format!("a{c} b{c} ")).collect::<String>() + "\n";
/// for c in 0..8 {
///     text += &format!("a{c} b{c}\n");
///     if c < 7 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let problem = parse_dlx(&text)?;
/// let mut count = ParallelCount::new(&MemoSettings::new(), CountMode::Auto).with_threads(2)?;
/// let counted = count.count(&problem)?;
/// assert_eq!(
///     (counted.count, counted.outcome),
///     (Some(Count::from(34u64)), Outcome::Finished)
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelCount {
    pool: Pool,
    settings: MemoSettings,
    mode: CountMode,
    budget: Budget,
    pub(crate) progress: Option<Arc<Progress>>,
    balance: Balance,
}

on_pool!(ParallelCount);

impl ParallelCount {
    /// A count with `settings` (the memoised count's) and `mode` (the
    /// method, or the automatic choice), on rayon's global pool.
    pub fn new(settings: &MemoSettings, mode: CountMode) -> ParallelCount {
        ParallelCount {
            pool: Pool::global(),
            settings: settings.clone(),
            mode,
            budget: Budget::new(),
            progress: None,
            balance: Balance::default(),
        }
    }

    /// The budget of the count (see [`Budget`]): the probe, the plain and
    /// the memoised count all draw on it.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// The number of threads of the pool.
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// How the last plain count on threads balanced its load (nothing for
    /// a memoised count, or a plain one on one thread).
    pub fn balance(&self) -> Balance {
        self.balance
    }

    /// A live view of the count, to read from another thread while it runs.
    pub fn progress(&mut self) -> Arc<Progress> {
        let threads = self.threads();
        self.progress
            .get_or_insert_with(|| Arc::new(Progress::new(threads)))
            .clone()
    }

    /// Counts the solutions of `problem`: the method decided (unless the
    /// mode names one), then the count on the threads; its outcome says
    /// whether the budget stopped it. [`CountMode::Memo`] on a problem the
    /// memoised count cannot count is [`CountError::Memo`].
    pub fn count(&mut self, problem: &Problem) -> Result<Counted, CountError> {
        let counted = self.count_unless_plain(problem, false)?;
        Ok(counted.expect("a count with no plain count of the caller's is made"))
    }

    /// [`ParallelCount::count`], for a caller with a faster plain count of
    /// its own (a count by symmetry): with `own_plain`, a count the rule
    /// (or the mode) gives to the plain search is not made, `Ok(None)`.
    pub fn count_unless_plain(
        &mut self,
        problem: &Problem,
        own_plain: bool,
    ) -> Result<Option<Counted>, CountError> {
        if own_plain && self.mode == CountMode::Plain {
            return Ok(None);
        }
        let mut job = CountJob::new(problem, &self.settings, self.mode)?;
        self.prepare(&mut job, own_plain);
        self.go_on_unless_plain(problem, job, own_plain)
    }

    /// The job [`ParallelCount::count`] runs, made as it makes it, for a
    /// caller that holds its problem behind an `Arc` and runs the job's
    /// decision on its own thread first ([`CountJob::run`]), so that a small
    /// problem is answered before any thread starts (Python, between two
    /// looks at its signals); [`ParallelCount::go_on`] counts the rest.
    pub fn start(&self, problem: Arc<Problem>) -> Result<CountJob<'static>, CountError> {
        let mut job = CountJob::shared(problem, &self.settings, self.mode)?;
        self.prepare(&mut job, false);
        Ok(job)
    }

    /// Counts the rest of `job` (made by [`ParallelCount::start`] for
    /// `problem`, its decision run or not) as [`ParallelCount::count`]
    /// would: the count it chose, on the threads.
    pub fn go_on(&mut self, problem: &Problem, job: CountJob<'_>) -> Result<Counted, CountError> {
        let counted = self.go_on_unless_plain(problem, job, false)?;
        Ok(counted.expect("a count with no plain count of the caller's is made"))
    }

    /// The budget, and on threads no plain count beside the probe (it
    /// starts over there).
    fn prepare(&self, job: &mut CountJob<'_>, own_plain: bool) {
        job.set_budget(self.budget.clone());
        if own_plain || self.threads() > 1 {
            job.plain_elsewhere();
        }
    }

    fn go_on_unless_plain(
        &mut self,
        problem: &Problem,
        job: CountJob<'_>,
        own_plain: bool,
    ) -> Result<Option<Counted>, CountError> {
        match job.decide() {
            Decision::Done(counted) => Ok(Some(*counted)),
            Decision::Plain { .. } if own_plain => Ok(None),
            Decision::Plain { solver, memo, why } => {
                Ok(Some(self.plain(problem, *solver, memo, why)))
            }
            Decision::Dimers { matrix, plain, why } => {
                let answer = count_dimers_on(&matrix, &self.budget, &self.pool);
                let mut counted = Counted::new(answer.value, answer.outcome, Method::Dimers, why);
                counted.plain = plain;
                Ok(Some(counted))
            }
            Decision::Memo {
                counter,
                plain,
                why,
            } => {
                let mut probe = counter.stats();
                let mut counted = self.memo(&counter, plain, why)?;
                probe += counted.memo;
                counted.memo = probe;
                Ok(Some(counted))
            }
        }
    }

    /// The plain count: on one thread from where `begun` stands (the
    /// probe's), else on the threads from the start.
    fn plain(&mut self, problem: &Problem, begun: Solver, memo: MemoStats, why: Why) -> Counted {
        let progress = self.progress.clone();
        let counted = |count: Count, outcome, plain| {
            let mut counted = Counted::new(Some(count), outcome, Method::Plain, why);
            counted.plain = plain;
            counted.memo = memo;
            counted
        };
        // A decision the budget stopped leaves the count it began: it is the
        // partial count (the threads, starting over, would find none).
        if self.threads() == 1 || why == Why::Stopped {
            let mut solver = begun;
            solver.set_budget(self.budget.clone());
            if let Some(progress) = &progress {
                progress.reset();
            }
            let mut last = *solver.stats();
            let outcome = loop {
                let step = solver.run_counting(PLAIN_SLICE);
                let now = *solver.stats();
                if let Some(progress) = &progress {
                    let (nodes, found) = (now.nodes - last.nodes, now.solutions - last.solutions);
                    progress.advance(0, 0.0, &solver, nodes, found);
                }
                last = now;
                if let Step::End(outcome) = step {
                    break outcome;
                }
            };
            return counted(
                Count::from(solver.stats().solutions),
                outcome,
                *solver.stats(),
            );
        }
        let mut parallel = ParallelSolver::new(problem).with_pool(&self.pool);
        parallel.set_budget(self.budget.clone());
        parallel.progress = progress;
        let count = parallel.count();
        self.balance = parallel.balance();
        counted(count.value, count.outcome, *parallel.stats())
    }

    /// The memoised count of `counter`'s problem on the memoised count's threads.
    fn memo(
        &mut self,
        counter: &MemoCounter,
        plain: Stats,
        why: Why,
    ) -> Result<Counted, CountError> {
        let mut parallel = ParallelMemoCounter::from_counter(counter).with_pool(&self.pool);
        parallel.workers = Some(self.pool.threads_for(Job::MemoCount));
        parallel.set_budget(self.budget.clone());
        parallel.progress = self.progress.clone();
        let (count, outcome) = match parallel.count() {
            Ok(count) => (Some(count), Outcome::Finished),
            Err(MemoError::Stopped(stop)) => (None, Outcome::Stopped(stop)),
            Err(err) => return Err(err.into()),
        };
        let mut counted = Counted::new(count, outcome, Method::Memo, why);
        counted.plain = plain;
        counted.memo = parallel.stats();
        counted.cache = parallel.cache().stats();
        counted.sweep = parallel.sweep_stats();
        Ok(counted)
    }
}

/// One piece of a split, counted ([`ParallelCount::count_pieces`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PieceCount {
    /// Counted by Knuth's search (`complete` false when a stop cut it short).
    Plain(SubCount),
    /// Counted by the memoised count.
    Memo(MemoPiece),
}

impl ParallelCount {
    /// Counts the pieces `indices` of `split` (a split of `problem`'s
    /// search from its root) as this count would count the whole: memoised
    /// where the count's rule memoises `problem` (layer by layer, each
    /// piece from its options' places covered, where the problem is narrow;
    /// else depth first, the pieces sharing one cache), the others by
    /// Knuth's search; `done` gets each piece as soon as it is counted.
    /// How the counting ended ([`CountError::Split`]: a piece is not of
    /// this problem's search).
    pub fn count_pieces(
        &mut self,
        problem: &Problem,
        split: &Split,
        indices: &[usize],
        mut done: impl FnMut(PieceCount),
    ) -> Result<Outcome, CountError> {
        let mut plain = indices.to_vec();
        let mut outcome = Outcome::Finished;
        let mut job = CountJob::new(problem, &self.settings, self.mode)?;
        job.set_budget(self.budget.clone()).plain_elsewhere();
        if let Decision::Memo { counter, .. } = job.decide() {
            let mut entering = Solver::new(problem);
            let mut ways = Vec::new();
            plain.clear();
            for &index in indices {
                let piece = split.pieces().get(index).ok_or(CountError::Split {
                    index,
                    reason: format!("the split has {} pieces", split.len()),
                })?;
                entering.enter(piece).map_err(|err| CountError::Split {
                    index,
                    reason: err.to_string(),
                })?;
                match entering.entered_way() {
                    Some(way) => ways.push((index, way)),
                    None => plain.push(index),
                }
            }
            let mut parallel = ParallelMemoCounter::from_counter(&counter).with_pool(&self.pool);
            parallel.set_budget(self.budget.clone());
            parallel.progress = self.progress.clone();
            outcome = parallel.count_ways(&ways, |piece| done(PieceCount::Memo(piece)));
        }
        if !plain.is_empty() && outcome.is_complete() {
            let mut parallel = ParallelSolver::new(problem).with_pool(&self.pool);
            parallel
                .set_budget(self.budget.clone())
                .set_split_to(split.clone());
            parallel.progress = self.progress.clone();
            outcome = parallel.count_each_with(&plain, |piece| done(PieceCount::Plain(piece)));
            self.balance = parallel.balance();
        }
        Ok(outcome)
    }
}

/// Nodes of a plain count on one thread between two reports to the progress.
const PLAIN_SLICE: u64 = 1 << 16;

/// Counts the solutions of `problem` on `threads` threads (0: one per core)
/// within `budget`, with the search `mode` asks for ([`ParallelCount`]):
/// the same count on any number of threads.
pub fn count_solutions_on(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
    budget: &Budget,
    threads: usize,
) -> Result<Counted, CountError> {
    if threads == 1 {
        return Ok(dlx_core::count_solutions(problem, settings, mode, budget)?);
    }
    let mut count = ParallelCount::new(settings, mode).with_threads(threads)?;
    count.set_budget(budget.clone());
    count.count(problem)
}
