//! The count as one resumable job: its method decided (or named), then the count, run in slices under a budget.

use std::sync::Arc;

use crate::budget::{Budget, Outcome};
use crate::count::Count;
use crate::dimers::{Crt, Matrix, Primes};
use crate::problem::Problem;
use crate::search::{Solver, Stats, Step};

use super::auto::{decide, PLAIN_SHARE};
use super::layout::Layout;
use super::{
    CacheStats, CountMode, Decision, MemoCounter, MemoError, MemoSettings, MemoStats, MemoStep,
    Method, SweepStats, Why,
};

/// A count from a [`CountJob`] (or [`count_solutions`]), and how it ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Counted {
    /// The number of solutions: complete when the outcome is; when the
    /// budget stopped the count, the solutions the plain count found so far,
    /// or `None` for the memoised count, which has no partial value.
    pub count: Option<Count>,
    /// How the count ended.
    pub outcome: Outcome,
    /// The search that counted them.
    pub method: Method,
    /// Why that search.
    pub why: Why,
    /// The plain search's statistics (including a first slice whose work was
    /// lost when the memoised count took over).
    pub plain: Stats,
    /// The memoised search's statistics (including a probe whose work was
    /// lost when the plain count took over).
    pub memo: MemoStats,
    /// The cache's statistics (zero when no cache was made).
    pub cache: CacheStats,
    /// The layers' statistics, when the memoised count ran layer by layer.
    pub sweep: Option<SweepStats>,
}

impl Counted {
    /// A count by `method` that ended with `outcome`, its statistics zero.
    pub fn new(count: Option<Count>, outcome: Outcome, method: Method, why: Why) -> Counted {
        Counted {
            count,
            outcome,
            method,
            why,
            plain: Stats::default(),
            memo: MemoStats::default(),
            cache: CacheStats::default(),
            sweep: None,
        }
    }

    /// The nodes of both searches.
    pub fn nodes(&self) -> u64 {
        self.plain.nodes + self.memo.nodes
    }
}

/// Where the job stands.
#[derive(Debug)]
enum State<'p> {
    /// Nothing has run yet: the rule (or the search `mode` names) starts at
    /// the first call of [`CountJob::run`], under the budget set by then.
    Start { source: Source<'p>, mode: CountMode },
    /// The plain count, under way.
    Plain {
        solver: Box<Solver>,
        memo: MemoStats,
        why: Why,
    },
    /// The memoised count, under way.
    Memo {
        counter: Box<MemoCounter>,
        plain: Stats,
        why: Why,
    },
    /// Kasteleyn's determinant, a prime at a time.
    Dimers(Box<Determinant>),
    /// The count ended (finished or stopped).
    Done(Box<Counted>),
}

/// A determinant under way: the residues modulo the primes so far.
#[derive(Debug)]
struct Determinant {
    matrix: Arc<Matrix>,
    primes: Primes,
    next: usize,
    crt: Crt,
    plain: Stats,
    why: Why,
}

impl State<'_> {
    /// The state a decision leads to.
    fn of(decision: Decision) -> Self {
        match decision {
            Decision::Done(counted) => State::Done(counted),
            Decision::Plain { solver, memo, why } => State::Plain { solver, memo, why },
            Decision::Memo {
                counter,
                plain,
                why,
            } => State::Memo {
                counter,
                plain,
                why,
            },
            Decision::Dimers { matrix, plain, why } => State::Dimers(Box::new(Determinant {
                primes: matrix.primes(),
                matrix,
                next: 0,
                crt: Crt::new(),
                plain,
                why,
            })),
        }
    }
}

/// The problem of a job that has not decided yet.
#[derive(Debug)]
enum Source<'p> {
    Borrowed(&'p Problem),
    Shared(Arc<Problem>),
}

impl Source<'_> {
    fn get(&self) -> &Problem {
        match self {
            Source::Borrowed(problem) => problem,
            Source::Shared(problem) => problem,
        }
    }
}

/// The count of a problem's solutions as one job: the method decided by the
/// rule of [`Decision`] (or named by the [`CountMode`]), then the plain or
/// the memoised count, run in slices of nodes under a [`Budget`].
///
/// Every count of the workspace is this job: [`count_solutions`] runs it to
/// its end, the web page runs it a slice at a time between two messages of
/// its worker, and `dlx-parallel` runs its decision and takes the count it
/// chose over onto threads ([`CountJob::decide`]). A job stopped by its
/// budget ends with its partial count ([`Counted::outcome`] says why);
/// a memoised count has none.
///
/// ```
/// use dlx_core::{parse_dlx, Count, CountJob, CountMode, MemoSettings, Method, Outcome};
///
/// // Two parts no option joins: a and b (2 ways), and c, d and e (4 ways).
/// let problem = parse_dlx("a b c d e\na b\na\nb\nc d e\nc d\nd e\nc\nd\ne\n")?;
/// let mut job = CountJob::new(&problem, &MemoSettings::new(), CountMode::Memo)?;
/// let counted = loop {
///     // A slice of nodes at a time, as a page's worker runs it.
///     if let Some(counted) = job.run(1) {
///         break counted.clone();
///     }
/// };
/// assert_eq!((counted.count, counted.outcome), (Some(Count::from(8u64)), Outcome::Finished));
/// assert_eq!(counted.method, Method::Memo);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CountJob<'p> {
    settings: MemoSettings,
    budget: Budget,
    /// The plain count runs beside the probe this many times as long.
    plain_share: u32,
    state: State<'p>,
}

impl<'p> CountJob<'p> {
    /// The count of `problem` by the search `mode` names (or the rule
    /// decides), with the memoised count's `settings`; nothing runs yet.
    /// [`CountMode::Memo`] on a problem the memoised count cannot count is
    /// refused here ([`MemoError::Multiplicities`]).
    pub fn new(
        problem: &'p Problem,
        settings: &MemoSettings,
        mode: CountMode,
    ) -> Result<CountJob<'p>, MemoError> {
        CountJob::with_source(Source::Borrowed(problem), settings, mode)
    }

    fn with_source(
        source: Source<'p>,
        settings: &MemoSettings,
        mode: CountMode,
    ) -> Result<CountJob<'p>, MemoError> {
        if mode == CountMode::Memo {
            Layout::check(source.get())?;
        }
        Ok(CountJob {
            settings: settings.clone(),
            budget: Budget::new(),
            plain_share: PLAIN_SHARE,
            state: State::Start { source, mode },
        })
    }

    /// Starts the search the mode names, or runs the rule.
    fn start(&self, source: &Source<'_>, mode: CountMode) -> State<'p> {
        let problem = source.get();
        let settings = self.settings.within(&self.budget);
        let decision = match mode {
            CountMode::Auto => decide(problem, &settings, &self.budget, self.plain_share),
            CountMode::Plain => {
                let mut solver = Solver::new(problem);
                solver.set_budget(self.budget.clone());
                Decision::Plain {
                    solver: Box::new(solver),
                    memo: MemoStats::default(),
                    why: Why::Asked,
                }
            }
            CountMode::Memo => match MemoCounter::new(problem, &settings) {
                Ok(mut counter) => {
                    counter.set_budget(self.budget.clone());
                    Decision::Memo {
                        counter: Box::new(counter),
                        plain: Stats::default(),
                        why: Why::Asked,
                    }
                }
                // Checked by `new`: a problem refused there never gets here.
                Err(err) => unreachable!("{err}"),
            },
        };
        State::of(decision)
    }

    /// The budget of the count (see [`Budget`]): the decision, the plain and
    /// the memoised count all draw on it; the memoised count's cache keeps
    /// within its memory.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        match &mut self.state {
            State::Plain { solver, .. } => {
                solver.set_budget(budget.clone());
            }
            State::Memo { counter, .. } => {
                counter.set_budget(budget.clone());
            }
            State::Start { .. } | State::Dimers(_) | State::Done(_) => {}
        }
        self.budget = budget;
        self
    }

    /// For a caller that counts plainly from the start when the plain count
    /// is chosen (on threads, which do not go on from one solver's count):
    /// no plain count runs beside the probe, as its work would be thrown
    /// away. The plain count chosen is still under way, as far as the first
    /// plain nodes took it.
    ///
    /// Scott's pentomino board (the 8x8 square less its centre, 520 tilings)
    /// spent 100 to 170 ms of a 0.36 s count on two threads on that plain
    /// count beside the probe.
    pub fn plain_elsewhere(&mut self) -> &mut Self {
        self.plain_share = 0;
        self
    }

    /// Runs the job until it ends or about `slice` more nodes were entered
    /// (the decision, a few thousand nodes, runs whole in the first call):
    /// the count once it ended, finished or stopped by the budget.
    pub fn run(&mut self, slice: u64) -> Option<&Counted> {
        if let State::Start { source, mode } = &self.state {
            self.state = self.start(source, *mode);
            return self.counted();
        }
        let ended = match &mut self.state {
            State::Start { .. } => unreachable!("started above"),
            State::Done(_) => None,
            State::Plain { solver, memo, why } => match solver.run_counting(slice) {
                Step::End(outcome) => Some(Counted {
                    count: Some(Count::from(solver.stats().solutions)),
                    outcome,
                    method: Method::Plain,
                    why: *why,
                    plain: *solver.stats(),
                    memo: *memo,
                    cache: CacheStats::default(),
                    sweep: None,
                }),
                Step::Solution | Step::Paused => None,
            },
            State::Dimers(determinant) => determinant.run(slice, &self.budget),
            State::Memo {
                counter,
                plain,
                why,
            } => {
                let (count, outcome) = match counter.run(slice) {
                    MemoStep::Done(count) => (Some(count), Outcome::Finished),
                    MemoStep::Stopped(stop) => (None, Outcome::Stopped(stop)),
                    MemoStep::Paused => return None,
                };
                Some(Counted {
                    count,
                    outcome,
                    method: Method::Memo,
                    why: *why,
                    plain: *plain,
                    memo: counter.stats(),
                    cache: counter.cache().stats(),
                    sweep: counter.sweep_stats(),
                })
            }
        };
        if let Some(counted) = ended {
            self.state = State::Done(Box::new(counted));
        }
        self.counted()
    }

    /// Runs the job to its end (finished, or stopped by the budget).
    pub fn finish(mut self) -> Counted {
        loop {
            if self.run(u64::MAX).is_some() {
                break;
            }
        }
        match self.state {
            State::Done(counted) => *counted,
            _ => unreachable!("run ended the job"),
        }
    }

    /// Runs the rule if it has not run, and gives the decided count to go
    /// on with: for a driver that takes a plain or memoised count over onto
    /// threads (`dlx-parallel`). A job that ended gives
    /// [`Decision::Done`].
    pub fn decide(mut self) -> Decision {
        if let State::Start { .. } = self.state {
            let _ = self.run(0);
        }
        match self.state {
            State::Start { .. } => unreachable!("run started the job"),
            State::Done(counted) => Decision::Done(counted),
            State::Plain { solver, memo, why } => Decision::Plain { solver, memo, why },
            State::Memo {
                counter,
                plain,
                why,
            } => Decision::Memo {
                counter,
                plain,
                why,
            },
            State::Dimers(determinant) => Decision::Dimers {
                matrix: determinant.matrix,
                plain: determinant.plain,
                why: determinant.why,
            },
        }
    }

    /// The count, once the job ended.
    pub fn counted(&self) -> Option<&Counted> {
        match &self.state {
            State::Done(counted) => Some(counted),
            _ => None,
        }
    }

    /// The search that counts and why, once decided.
    pub fn method(&self) -> Option<(Method, Why)> {
        match &self.state {
            State::Start { .. } => None,
            State::Plain { why, .. } => Some((Method::Plain, *why)),
            State::Memo { why, .. } => Some((Method::Memo, *why)),
            State::Dimers(determinant) => Some((Method::Dimers, determinant.why)),
            State::Done(counted) => Some((counted.method, counted.why)),
        }
    }

    /// The plain count's solver while it counts: its statistics and Knuth's
    /// estimate of its progress ([`Solver::progress`]).
    pub fn solver(&self) -> Option<&Solver> {
        match &self.state {
            State::Plain { solver, .. } => Some(solver),
            _ => None,
        }
    }

    /// Knuth's statistics of both searches so far, added up (the solutions:
    /// those the plain count found).
    pub fn stats(&self) -> Stats {
        let (plain, memo) = match &self.state {
            State::Start { .. } => (Stats::default(), MemoStats::default()),
            State::Plain { solver, memo, .. } => (*solver.stats(), *memo),
            State::Memo { counter, plain, .. } => (*plain, counter.stats()),
            State::Dimers(determinant) => (determinant.plain, MemoStats::default()),
            State::Done(counted) => (counted.plain, counted.memo),
        };
        Stats {
            nodes: plain.nodes + memo.nodes,
            updates: plain.updates + memo.updates,
            solutions: plain.solutions,
            max_level: plain.max_level.max(memo.max_level),
        }
    }

    /// The solutions a plain count found so far (its partial count).
    pub fn count_so_far(&self) -> Option<Count> {
        match &self.state {
            State::Plain { solver, .. } => Some(Count::from(solver.stats().solutions)),
            State::Done(counted) => counted.count.clone(),
            _ => None,
        }
    }
}

impl Determinant {
    /// Takes residues modulo the next primes until the work of about `slice`
    /// nodes is done (one prime at least), or the last: the count then.
    fn run(&mut self, slice: u64, budget: &Budget) -> Option<Counted> {
        let per_prime = self.matrix.cost().updates_per_prime.max(1);
        let mut work = 0u64;
        let counted = |count, outcome| {
            let mut counted = Counted::new(count, outcome, Method::Dimers, self.why);
            counted.plain = self.plain;
            counted
        };
        while let Some(&p) = self.primes.as_slice().get(self.next) {
            match self.matrix.det_mod(p, budget) {
                Ok(residue) => self.crt.add(p, residue),
                Err(stop) => return Some(counted(None, Outcome::Stopped(stop))),
            }
            self.next += 1;
            work = work.saturating_add(per_prime);
            if work >= slice.saturating_mul(UPDATES_PER_NODE) {
                break;
            }
        }
        (self.next == self.primes.len())
            .then(|| counted(Some(Count::from(self.crt.magnitude())), Outcome::Finished))
    }
}

/// Multiply-adds of a determinant that weigh about one search node, for
/// cutting it into slices of a job.
const UPDATES_PER_NODE: u64 = 64;

impl CountJob<'static> {
    /// [`CountJob::new`] for a caller that holds its problem behind an `Arc`
    /// (Python, the page): the job keeps the problem until it has decided.
    pub fn shared(
        problem: Arc<Problem>,
        settings: &MemoSettings,
        mode: CountMode,
    ) -> Result<CountJob<'static>, MemoError> {
        CountJob::with_source(Source::Shared(problem), settings, mode)
    }
}

/// Counts the solutions of `problem` with the search `mode` asks for,
/// within `budget`: a [`CountJob`] run to its end (a count the budget
/// stopped is partial, or has no value if it was memoised).
///
/// ```
/// use dlx_core::{count_solutions, parse_dlx, Budget, Count, CountMode, MemoSettings, Outcome};
///
/// let problem = parse_dlx("a b c d e\na b\na\nb\nc d e\nc d\nd e\nc\nd\ne\n")?;
/// let counted = count_solutions(&problem, &MemoSettings::new(), CountMode::Auto, &Budget::new())?;
/// assert_eq!((counted.count, counted.outcome), (Some(Count::from(8u64)), Outcome::Finished));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_solutions(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
    budget: &Budget,
) -> Result<Counted, MemoError> {
    let mut job = CountJob::new(problem, settings, mode)?;
    job.set_budget(budget.clone());
    Ok(job.finish())
}
