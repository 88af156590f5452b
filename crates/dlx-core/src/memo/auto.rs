//! Whether memoisation pays: a short plain count, then a short memoised probe that measures its leverage.

use crate::time::Instant;

use crate::budget::{Budget, Outcome};
use crate::problem::Problem;
use crate::search::{Solver, Stats, Step};

use super::{
    CacheStats, Count, MemoCounter, MemoError, MemoSettings, MemoStats, MemoStep, SweepStats,
};

/// Nodes of a plain count run before memoisation is tried at all: problems
/// this small are counted plainly, with no cache to build.
pub const PLAIN_FIRST_NODES: u64 = 1 << 12;

/// Nodes of the memoised probe, at most.
pub const PROBE_NODES: u64 = 1 << 12;

/// The leverage from which memoisation is kept (see [`decide_method`]).
pub const MIN_LEVERAGE: f64 = 8.0;

/// The leverage that decides for memoisation before the probe's end.
const CLEAR_LEVERAGE: f64 = 64.0;

/// The leverage below which, after [`EARLY_NODES`], the probe decides for
/// the plain count before its end.
const LOW_LEVERAGE: f64 = 2.0;

/// Nodes of the probe after which a low leverage decides.
const EARLY_NODES: u64 = 1 << 10;

/// Nodes of the probe between two looks at its leverage.
const PROBE_SLICE: u64 = 1 << 8;

/// Nodes of the plain count between two looks at the clock.
const PLAIN_SLICE: u64 = 1 << 12;

/// The plain count runs at least this many times as long as the probe.
const PLAIN_SHARE: u32 = 8;

/// Which search counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Knuth's search, visiting every solution ([`Solver::count`]).
    Plain,
    /// The memoised count ([`MemoCounter::count`]).
    Memo,
}

/// How [`count_solutions`] chooses its search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CountMode {
    /// The memoised count where [`decide_method`] finds that it pays, else the plain one.
    #[default]
    Auto,
    /// Always the memoised count.
    Memo,
    /// Always the plain count.
    Plain,
}

/// What [`decide_method`] found.
#[derive(Debug)]
pub enum Decision {
    /// The count finished while deciding.
    Done {
        /// The number of solutions.
        count: Count,
        /// The search that finished it.
        method: Method,
        /// The plain count's statistics.
        plain: Stats,
        /// The memoised probe's statistics (zero if it did not run).
        memo: MemoStats,
        /// The cache's statistics (zero if none was made).
        cache: CacheStats,
        /// The layers' statistics, when the memoised count ran layer by layer.
        sweep: Option<SweepStats>,
    },
    /// Memoisation pays: go on with this counter, which has run its probe.
    Memo {
        /// The counter, ready to go on (boxed: it is far larger than the
        /// other variants).
        counter: Box<MemoCounter>,
        /// The statistics of the plain count that ran first (its work is lost).
        plain: Stats,
        /// The leverage the probe measured.
        leverage: f64,
    },
    /// It does not, or it cannot (the problem needs Algorithm M), or the
    /// budget stopped the decision: go on with this solver, which has
    /// counted part of the solutions already (and which stops at once, with
    /// its partial count, when the budget is spent).
    Plain {
        /// The solver, ready to go on (boxed, as the counter is).
        solver: Box<Solver>,
        /// The probe's statistics (its work is lost; zero if it did not run).
        memo: MemoStats,
        /// The leverage the probe measured (0 if it did not run).
        leverage: f64,
    },
}

/// A count from [`count_solutions`], and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The number of solutions: complete when the outcome is; when the
    /// budget stopped the count, the solutions the plain count found so far,
    /// or `None` for the memoised count, which has no partial value.
    pub count: Option<Count>,
    /// How the count ended.
    pub outcome: Outcome,
    /// The search that counted them.
    pub method: Method,
    /// The plain search's statistics (including a first slice whose work was
    /// lost when the memoised count took over).
    pub plain: Stats,
    /// The memoised search's statistics (including a probe whose work was
    /// lost when the plain count took over).
    pub memo: MemoStats,
    /// The cache's statistics (zero when no cache was made).
    pub cache: CacheStats,
    /// The layers' statistics, when the memoised count ran layer by layer
    /// ([`MemoCounter::sweeps`]; its leverage is then 0: no probe measured one).
    pub sweep: Option<SweepStats>,
    /// The leverage the probe measured (0 if none ran).
    pub leverage: f64,
}

/// Decides between the plain and the memoised count of `problem`.
///
/// The rule:
/// 1. The plain count runs for 4096 nodes; if it finishes,
///    that is the count (small problems never build a cache).
/// 2. Otherwise the memoised count runs a probe of at most 4096
///    nodes, in slices, and the plain count runs beside it so that it has
///    always run at least 8 times as long as the probe (by the clock): a
///    problem that the plain count finishes meanwhile is counted plainly,
///    having spent at most an eighth more, and whichever count finishes
///    first gives the count.
/// 3. Otherwise the probe's *leverage* decides: the nodes a search without
///    the cache would have entered to get as far, divided by the nodes
///    entered. It decides as soon as it is clear (64 or more: memoise;
///    below 2 after 1024 nodes: count plainly), else at the probe's end:
///    from 8 on, the memoised count goes on; below, the
///    plain count goes on from where it paused.
///
/// Both searches draw on `budget` (nodes, time, the cancel flag) as any
/// search does; when it stops them the decision is [`Decision::Plain`],
/// whose solver then ends at once with its partial count.
///
/// A memoised node costs 2 to 50 plain nodes (it hashes a key, looks for
/// parts, and the cache misses the processor's caches), so the plain count
/// wins below a leverage of about 5 on most problems; where memoisation
/// pays, the leverage passes 20 within 256 nodes and 100 within 512 (a
/// board's tilings), while on problems whose subproblems rarely repeat
/// (queens, pentominoes, Langford pairs) it stays between 1 and 2. The work
/// lost is the probe and the plain count run beside it, a few
/// milliseconds; the decision depends on the clock, the count never does.
pub fn decide_method(problem: &Problem, settings: &MemoSettings, budget: &Budget) -> Decision {
    decide(problem, settings, budget, PLAIN_SHARE)
}

/// Decides as [`decide_method`] does, for a caller that counts plainly
/// from the start when the plain count is chosen (on threads, which do not
/// go on from one solver's count; or by a count of its own): no plain
/// count runs beside the probe, as its work would be thrown away.
///
/// Scott's pentomino board (the 8x8 square less its centre, 520 tilings)
/// spent 100 to 170 ms of a 0.36 s count on two threads on that plain
/// count beside the probe. Here the work lost is the first plain nodes
/// (4,096) and the probe (at most 4,096 memoised nodes), and a problem
/// that the plain count would have finished beside the probe is counted
/// by the method decided. A [`Decision::Plain`]'s solver is still a plain
/// count under way, as far as the first plain nodes took it.
///
/// ```
/// use dlx_core::{decide_method_fresh, parse_dlx, Budget, Decision, MemoSettings};
///
/// // Small enough for the first plain nodes: counted at once, either way.
/// let problem = parse_dlx("a b\na\nb\na b\n")?;
/// match decide_method_fresh(&problem, &MemoSettings::new(), &Budget::new()) {
///     Decision::Done { count, .. } => assert_eq!(count, 2u64),
///     _ => unreachable!("two options counted at once"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decide_method_fresh(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
) -> Decision {
    decide(problem, settings, budget, 0)
}

/// [`decide_method`], the plain count running beside the probe at least
/// `plain_share` times as long (0: not at all).
fn decide(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    plain_share: u32,
) -> Decision {
    let started = Instant::now();
    let mut solver = Solver::new(problem);
    solver.set_budget(budget.clone());
    let plain = |solver: Solver, memo: MemoStats, leverage: f64| Decision::Plain {
        solver: Box::new(solver),
        memo,
        leverage,
    };
    match solver.run_counting(PLAIN_FIRST_NODES) {
        Step::End(Outcome::Stopped(_)) => return plain(solver, MemoStats::default(), 0.0),
        Step::End(_) => return plain_done(&solver, MemoStats::default(), CacheStats::default()),
        Step::Solution | Step::Paused => {}
    }
    let mut plain_time = started.elapsed();
    let probe_started = Instant::now();
    let made = MemoCounter::new(problem, &settings.within(budget));
    let mut memo_time = probe_started.elapsed();
    let Ok(mut counter) = made else {
        // Multiplicities: only the plain count can go on.
        return plain(solver, MemoStats::default(), 0.0);
    };
    counter.set_budget(budget.clone());
    if counter.sweeps() {
        // A narrow problem, counted layer by layer: each subproblem is
        // entered once, as two words, so it pays wherever the plain count
        // did not finish at once. The probe only runs it for its nodes.
        return match counter.run(PROBE_NODES) {
            MemoStep::Done(count) => Decision::Done {
                count,
                method: Method::Memo,
                plain: *solver.stats(),
                memo: counter.stats(),
                cache: counter.cache().stats(),
                sweep: counter.sweep_stats(),
            },
            MemoStep::Stopped(_) => plain(solver, counter.stats(), 0.0),
            MemoStep::Paused => Decision::Memo {
                plain: *solver.stats(),
                leverage: 0.0,
                counter: Box::new(counter),
            },
        };
    }
    loop {
        let slice = PROBE_SLICE.min(PROBE_NODES.saturating_sub(counter.stats().nodes));
        let slice_started = Instant::now();
        let step = counter.run(slice);
        memo_time += slice_started.elapsed();
        let leverage = counter.leverage();
        let nodes = counter.stats().nodes;
        match step {
            MemoStep::Done(count) => {
                return Decision::Done {
                    count,
                    method: Method::Memo,
                    plain: *solver.stats(),
                    memo: counter.stats(),
                    cache: counter.cache().stats(),
                    sweep: None,
                }
            }
            MemoStep::Stopped(_) => return plain(solver, counter.stats(), leverage),
            MemoStep::Paused => {}
        }
        let memoise =
            leverage >= CLEAR_LEVERAGE || (nodes >= PROBE_NODES && leverage >= MIN_LEVERAGE);
        if memoise {
            return Decision::Memo {
                plain: *solver.stats(),
                leverage,
                counter: Box::new(counter),
            };
        }
        if nodes >= PROBE_NODES || (nodes >= EARLY_NODES && leverage < LOW_LEVERAGE) {
            return Decision::Plain {
                solver: Box::new(solver),
                memo: counter.stats(),
                leverage,
            };
        }
        // The plain count keeps ahead of the probe.
        while plain_time < memo_time * plain_share {
            let slice_started = Instant::now();
            let step = solver.run_counting(PLAIN_SLICE);
            plain_time += slice_started.elapsed();
            match step {
                Step::End(Outcome::Stopped(_)) => return plain(solver, counter.stats(), leverage),
                Step::End(_) => {
                    return plain_done(&solver, counter.stats(), counter.cache().stats())
                }
                Step::Solution | Step::Paused => {}
            }
        }
    }
}

/// The decision when the plain count finished.
fn plain_done(solver: &Solver, memo: MemoStats, cache: CacheStats) -> Decision {
    Decision::Done {
        count: Count::from(solver.stats().solutions),
        method: Method::Plain,
        plain: *solver.stats(),
        memo,
        cache,
        sweep: None,
    }
}

/// Counts the solutions of `problem` with the search `mode` asks for,
/// within `budget`: the count and how it ended (a count the budget stopped
/// is partial, or has no value if it was memoised).
///
/// ```
/// use dlx_core::{
///     count_solutions, parse_dlx, Budget, Count, CountMode, MemoSettings, Method, Outcome,
/// };
///
/// // Two parts no option joins: a and b (2 ways: {a b} or {a} {b}), and c, d
/// // and e (4 ways: {c d e}, {c d} {e}, {c} {d e}, {c} {d} {e}).
/// let problem = parse_dlx("a b c d e\na b\na\nb\nc d e\nc d\nd e\nc\nd\ne\n")?;
/// let counted = count_solutions(&problem, &MemoSettings::new(), CountMode::Memo, &Budget::new())?;
/// assert_eq!(
///     (counted.count, counted.outcome),
///     (Some(Count::from(2 * 4u64)), Outcome::Finished)
/// );
/// assert_eq!(counted.method, Method::Memo);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_solutions(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
    budget: &Budget,
) -> Result<Counted, MemoError> {
    match mode {
        CountMode::Plain => {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget.clone());
            Ok(finish_plain(solver, MemoStats::default(), 0.0))
        }
        CountMode::Memo => {
            let mut counter = MemoCounter::new(problem, &settings.within(budget))?;
            counter.set_budget(budget.clone());
            finish_memo(&mut counter, Stats::default(), 0.0)
        }
        CountMode::Auto => match decide_method(problem, settings, budget) {
            Decision::Done {
                count,
                method,
                plain,
                memo,
                cache,
                sweep,
            } => Ok(Counted {
                count: Some(count),
                outcome: Outcome::Finished,
                method,
                plain,
                memo,
                cache,
                sweep,
                leverage: 0.0,
            }),
            Decision::Memo {
                mut counter,
                plain,
                leverage,
            } => finish_memo(&mut counter, plain, leverage),
            Decision::Plain {
                solver,
                memo,
                leverage,
            } => Ok(finish_plain(*solver, memo, leverage)),
        },
    }
}

/// Goes on with a plain count (from where it stands) to its end or its stop.
pub(crate) fn finish_plain(mut solver: Solver, memo: MemoStats, leverage: f64) -> Counted {
    let outcome = solver.count().outcome;
    Counted {
        count: Some(Count::from(solver.stats().solutions)),
        outcome,
        method: Method::Plain,
        plain: *solver.stats(),
        memo,
        cache: CacheStats::default(),
        sweep: None,
        leverage,
    }
}

/// Goes on with a memoised count (whose probe may have run) to its end or
/// its stop; the statistics include the probe's.
pub(crate) fn finish_memo(
    counter: &mut MemoCounter,
    plain: Stats,
    leverage: f64,
) -> Result<Counted, MemoError> {
    let (count, outcome) = match counter.count() {
        Ok(count) => (Some(count), Outcome::Finished),
        Err(MemoError::Stopped(stop)) => (None, Outcome::Stopped(stop)),
        Err(err) => return Err(err),
    };
    Ok(Counted {
        count,
        outcome,
        method: Method::Memo,
        plain,
        memo: counter.stats(),
        cache: counter.cache().stats(),
        sweep: counter.sweep_stats(),
        leverage,
    })
}
