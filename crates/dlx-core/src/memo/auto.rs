//! Whether memoisation pays: a short plain count, then a short memoised probe that measures its leverage.

use crate::problem::Problem;
use crate::search::{Solver, Stats, Step};

use super::{CacheStats, MemoCounter, MemoError, MemoSettings, MemoStats, MemoStep};

/// Nodes of a plain count run before memoisation is tried at all: problems
/// this small are counted plainly, with no cache to build.
pub const PLAIN_FIRST_NODES: u64 = 1 << 12;

/// Nodes of the memoised probe.
pub const PROBE_NODES: u64 = 1 << 12;

/// The leverage from which memoisation is kept (see [`decide_method`]).
pub const MIN_LEVERAGE: f64 = 8.0;

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
        count: u128,
        /// The search that finished it.
        method: Method,
        /// The plain count's statistics.
        plain: Stats,
        /// The memoised probe's statistics (zero if it did not run).
        memo: MemoStats,
        /// The cache's statistics (zero if none was made).
        cache: CacheStats,
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
    /// It does not, or it cannot (the problem needs Algorithm M): go on with
    /// this solver, which has counted part of the solutions already.
    Plain {
        /// The solver, ready to go on (boxed, as the counter is).
        solver: Box<Solver>,
        /// The probe's statistics (its work is lost; zero if it did not run).
        memo: MemoStats,
        /// The leverage the probe measured (0 if it did not run).
        leverage: f64,
    },
}

/// A finished count, from [`count_solutions`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Counted {
    /// The number of solutions.
    pub count: u128,
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
    /// The leverage the probe measured (0 if none ran).
    pub leverage: f64,
}

/// Decides between the plain and the memoised count of `problem`.
///
/// The rule:
/// 1. The plain count runs for [`PLAIN_FIRST_NODES`] nodes; if it finishes,
///    that is the count (small problems never build a cache).
/// 2. Otherwise the memoised count runs for [`PROBE_NODES`] nodes; if it
///    finishes, that is the count.
/// 3. Otherwise its *leverage* decides: the nodes a search without the
///    cache would have entered to get as far, divided by the nodes entered.
///    From [`MIN_LEVERAGE`] on, the memoised count goes on; below, the
///    plain count goes on from where it paused.
///
/// A memoised node costs 2 to 5 plain nodes (it hashes a key, and the
/// cache misses the processor's caches), so the plain count wins below a
/// leverage of about 5; where memoisation pays, the leverage is in the
/// thousands within the first thousand nodes (a board's tilings), while on
/// problems whose subproblems rarely repeat (queens, pentominoes, Langford
/// pairs) it stays between 1 and 2. The lost work is at most one probe, a
/// few milliseconds.
pub fn decide_method(problem: &Problem, settings: &MemoSettings) -> Decision {
    let mut solver = Solver::new(problem);
    if let Step::Done = solver.run_counting(PLAIN_FIRST_NODES) {
        return Decision::Done {
            count: u128::from(solver.stats().solutions),
            method: Method::Plain,
            plain: *solver.stats(),
            memo: MemoStats::default(),
            cache: CacheStats::default(),
        };
    }
    let Ok(mut counter) = MemoCounter::new(problem, settings) else {
        // Multiplicities: only the plain count can go on.
        return Decision::Plain {
            solver: Box::new(solver),
            memo: MemoStats::default(),
            leverage: 0.0,
        };
    };
    match counter.run(PROBE_NODES) {
        Ok(MemoStep::Done(count)) => Decision::Done {
            count,
            method: Method::Memo,
            plain: *solver.stats(),
            memo: counter.stats(),
            cache: counter.cache().stats(),
        },
        // An overflow: the count is too large for a plain search anyway,
        // and the memoised count reports the error.
        Err(_) => Decision::Memo {
            plain: *solver.stats(),
            leverage: f64::INFINITY,
            counter: Box::new(counter),
        },
        Ok(MemoStep::Paused | MemoStep::Stopped) => {
            let leverage = counter.leverage();
            if leverage >= MIN_LEVERAGE {
                Decision::Memo {
                    plain: *solver.stats(),
                    leverage,
                    counter: Box::new(counter),
                }
            } else {
                Decision::Plain {
                    solver: Box::new(solver),
                    memo: counter.stats(),
                    leverage,
                }
            }
        }
    }
}

/// Counts the solutions of `problem` with the search `mode` asks for.
///
/// ```
/// use dlx_core::{count_solutions, parse_dlx, CountMode, MemoSettings, Method};
///
/// // Two parts no option joins: a and b (2 ways: {a b} or {a} {b}), and c, d
/// // and e (4 ways: {c d e}, {c d} {e}, {c} {d e}, {c} {d} {e}).
/// let problem = parse_dlx("a b c d e\na b\na\nb\nc d e\nc d\nd e\nc\nd\ne\n")?;
/// let counted = count_solutions(&problem, &MemoSettings::new(), CountMode::Memo)?;
/// assert_eq!(counted.count, 2 * 4);
/// assert_eq!(counted.method, Method::Memo);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_solutions(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
) -> Result<Counted, MemoError> {
    match mode {
        CountMode::Plain => Ok(finish_plain(
            Solver::new(problem),
            MemoStats::default(),
            0.0,
        )),
        CountMode::Memo => {
            let mut counter = MemoCounter::new(problem, settings)?;
            finish_memo(&mut counter, Stats::default(), 0.0)
        }
        CountMode::Auto => match decide_method(problem, settings) {
            Decision::Done {
                count,
                method,
                plain,
                memo,
                cache,
            } => Ok(Counted {
                count,
                method,
                plain,
                memo,
                cache,
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

fn finish_plain(mut solver: Solver, memo: MemoStats, leverage: f64) -> Counted {
    solver.count();
    Counted {
        count: u128::from(solver.stats().solutions),
        method: Method::Plain,
        plain: *solver.stats(),
        memo,
        cache: CacheStats::default(),
        leverage,
    }
}

fn finish_memo(
    counter: &mut MemoCounter,
    plain: Stats,
    leverage: f64,
) -> Result<Counted, MemoError> {
    let count = counter.count()?;
    Ok(Counted {
        count,
        method: Method::Memo,
        plain,
        memo: counter.stats(),
        cache: counter.cache().stats(),
        leverage,
    })
}
