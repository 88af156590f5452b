//! Whether memoisation pays: a short plain count, then a short memoised probe that measures its leverage.
//!
//! The rule is [`Decision`]'s; [`CountJob`](super::CountJob) runs it and
//! then the count it chose, and is the only way in: callers never match on
//! a decision, except `dlx-parallel`, which takes the decided count over
//! onto its threads ([`CountJob::decide`](super::CountJob::decide)).

use std::sync::Arc;

use crate::time::Instant;

use crate::budget::{Budget, Outcome};
use crate::dimers::Matrix;
use crate::problem::Problem;
use crate::search::{Solver, Stats, Step};

use crate::count::Count;

use super::{CacheStats, Counted, MemoCounter, MemoSettings, MemoStats, MemoStep};

/// Nodes of a plain count run before memoisation is tried at all: problems
/// this small are counted plainly, with no cache to build.
pub const PLAIN_FIRST_NODES: u64 = 1 << 12;

/// Nodes of the memoised probe, at most.
pub const PROBE_NODES: u64 = 1 << 12;

/// The leverage from which memoisation is kept (see [`Decision`]).
pub const MIN_LEVERAGE: f64 = 8.0;

/// The leverage that decides for memoisation before the probe's end.
const CLEAR_LEVERAGE: f64 = 64.0;

/// The leverage below which, after [`EARLY_NODES`], the probe decides for
/// the plain count before its end.
const LOW_LEVERAGE: f64 = 2.0;

/// Nodes of the probe after which a low leverage decides.
const EARLY_NODES: u64 = 1 << 10;

/// The share of the probe's nodes that found their subproblem in the cache
/// from which, when the leverage is not yet clear, the probe goes on
/// ([`Why::Projected`]): subproblems repeat, and a depth-first search meets
/// its large repeats last. Measured at 512 and 1024 nodes (hits over hits
/// and misses): 0.03 to 0.06 on queens, Langford pairs and the 6x10 and
/// 8x8 pentominoes, whose leverage stays below 2 (0.10 and 0.15 on the
/// 3x20 pentominoes, which the plain count beside the probe nearly
/// finishes by then); 0.11 to 0.36 on boards with two or three of each
/// tetromino, whose leverage at 4096 nodes (2 to 4) was 7 to 75 at the end.
const REPEATS: f64 = 1.0 / 8.0;

/// Nodes of the probe from which repeated subproblems ([`REPEATS`]) send
/// it on alone: the plain count beside it until then is lost if the
/// memoised count goes on (36 ms of 0.25 s on two of each tetromino on
/// 10x4 when it was 1024).
const REPEATS_NODES: u64 = 1 << 9;

/// Knuth's random probes that estimate the plain count's tree for
/// [`Why::Projected`] (a few milliseconds).
const PLAIN_PROBES: u64 = 256;

/// How many times shorter the memoised count's projected time must be
/// than the plain count's for the probe to go on as the count: the
/// projections rest on the clock and on Knuth's estimate, and a machine's
/// load can sway either (two of each tetromino on 10x4 projects 0.2 s
/// against 0.66 s, and takes 0.23 s against 0.50 s).
const MEMO_MARGIN: f64 = 2.0;

/// The largest power of its time by which the rule projects the growth of
/// the plain nodes the probe stands for.
const MAX_POWER: f64 = 2.5;

/// Nodes of the probe between two looks at its leverage.
const PROBE_SLICE: u64 = 1 << 8;

/// Nodes of the plain count between two looks at the clock.
const PLAIN_SLICE: u64 = 1 << 12;

/// The widest window of a layered count that the rule prefers to a
/// determinant: measured on domino strips (`dlx polyomino --board WxH
/// --pieces domino --count -j 1`, hyperfine medians against `--memo`),
/// the determinant took 2.3x the layered count's time on 2x1000 (a window
/// of 3 items), 1.1x on 3x800 to 7x400 (windows 4 to 8), 0.88x on 8x300
/// (9), 0.46x on 10x30 (11) and 0.26x on 16x16.
const NARROW_WINDOW: u32 = 8;

/// The plain count runs at least this many times as long as the probe.
pub(crate) const PLAIN_SHARE: u32 = 8;

/// Which search counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Knuth's search, visiting every solution ([`Solver::count`]).
    Plain,
    /// The memoised count ([`MemoCounter::count`]).
    Memo,
    /// Kasteleyn's determinant, for a perfect matching problem that carries
    /// its matrix ([`Problem::with_matchings`]; [`crate::dimers::count`]).
    Dimers,
}

impl Method {
    /// The method's name in the workspace's outputs: `plain` or `memo`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Plain => "plain",
            Method::Memo => "memo",
            Method::Dimers => "dimers",
        }
    }
}

/// How a count chooses its search ([`CountJob`](super::CountJob)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CountMode {
    /// The memoised count where the rule finds that it pays, else the plain one.
    #[default]
    Auto,
    /// Always the memoised count.
    Memo,
    /// Always the plain count.
    Plain,
}

/// Why a count took its method: what `dlx estimate` and `--stats` say.
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Why {
    /// The caller named the method ([`CountMode::Plain`] or [`CountMode::Memo`]).
    Asked,
    /// The plain count finished within its first nodes, before any probe.
    Small,
    /// A count finished while the rule was deciding: the plain count beside
    /// the probe, or the probe itself.
    Finished,
    /// A narrow problem, counted layer by layer: each subproblem is met once
    /// in its layer, so it pays wherever the plain count did not finish at once.
    Layered,
    /// The probe's leverage decided: memoised from 8 on, plainly below.
    Leverage(f64),
    /// The memoised count cannot count the problem (it needs Algorithm M).
    Cannot,
    /// The budget stopped the decision before it could say: the plain
    /// count it began is the partial count.
    Stopped,
    /// The problem is the perfect matchings of a planar graph, with its
    /// Kasteleyn matrix ([`Problem::with_matchings`]): a determinant counts
    /// it in polynomial time, where the memoised count is exponential in
    /// the board's width.
    Planar,
    /// Subproblems repeat (at least an eighth of the probe's subproblems
    /// were in the cache) but the leverage was not yet clear: the probe went
    /// on alone, and the time each count would take over the nodes left of
    /// Knuth's estimate of the plain count's tree decided: the plain count
    /// at its pace so far, the memoised count as the plain nodes it stood
    /// for grow (a power of its time, fitted as it goes). The figures are
    /// the projected seconds left to each.
    Projected {
        /// The memoised count's projected seconds left.
        memo: f64,
        /// The plain count's projected seconds left.
        plain: f64,
    },
}

impl Why {
    /// The leverage the probe measured, when it decided.
    pub fn leverage(self) -> Option<f64> {
        match self {
            Why::Leverage(leverage) => Some(leverage),
            _ => None,
        }
    }
}

impl std::fmt::Display for Why {
    /// A clause that ends "counted plainly because ..." or "memoised because ...".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Asked => f.write_str("the caller asked for it"),
            Why::Small => write!(
                f,
                "the plain count finished within its first {PLAIN_FIRST_NODES} nodes"
            ),
            Why::Finished => f.write_str("a count finished while the rule was deciding"),
            Why::Layered => f.write_str(
                "the problem is narrow: it is counted layer by layer along the sweep of its items",
            ),
            Why::Leverage(leverage) if *leverage >= MIN_LEVERAGE => {
                write!(
                    f,
                    "the probe's leverage {leverage:.3e} is at least {MIN_LEVERAGE}"
                )
            }
            Why::Leverage(leverage) => write!(
                f,
                "the probe's leverage {leverage:.2} is too low for the memoised count to pay"
            ),
            Why::Cannot => {
                f.write_str("the memoised count cannot count a problem with multiplicities")
            }
            Why::Stopped => f.write_str("the budget stopped the decision"),
            Why::Planar => f.write_str("the problem is the perfect matchings of a planar graph: Kasteleyn's determinant counts them in polynomial time"),
            Why::Projected { memo, plain } if *memo * MEMO_MARGIN < *plain => write!(
                f,
                "subproblems repeat, and the probe's pace projects {memo:.3} s left to the memoised count against {plain:.3} s to the plain one"
            ),
            Why::Projected { memo, plain } => write!(
                f,
                "subproblems repeat, but the probe's pace projects {memo:.3} s left to the memoised count against {plain:.3} s to the plain one"
            ),
        }
    }
}

/// What the rule decided: a count finished while deciding, or the search
/// that goes on, begun.
///
/// The rule:
/// 1. The plain count runs for 4096 nodes; if it finishes,
///    that is the count (small problems never build a cache).
/// 2. A problem that carries its Kasteleyn matrix (a planar perfect
///    matching problem, [`Problem::with_matchings`]) is counted by the
///    determinant ([`Why::Planar`]): polynomial in the board's size; unless
///    it is so narrow (a layered count's window of 8 items or fewer) that
///    the layered count is as fast, as on a strip.
/// 3. Otherwise the memoised count runs a probe of at most 4096
///    nodes, in slices, and the plain count runs beside it so that it has
///    always run at least 8 times as long as the probe (by the clock): a
///    problem that the plain count finishes meanwhile is counted plainly,
///    having spent at most an eighth more, and whichever count finishes
///    first gives the count. (A caller that counts plainly from the start
///    when the plain count is chosen, on threads, runs no plain count
///    beside the probe: [`CountJob::plain_elsewhere`](super::CountJob::plain_elsewhere).)
/// 4. Otherwise the probe's *leverage* decides: the nodes a search without
///    the cache would have entered to get as far, divided by the nodes
///    entered. It decides as soon as it is clear (64 or more: memoise;
///    below 2 after 1024 nodes: count plainly), else at the probe's end:
///    from 8 on, the memoised count goes on; below, the
///    plain count goes on from where it paused.
/// 5. Unless subproblems repeat (from 512 nodes, at least an eighth of
///    the probe's subproblems found in the cache) while the leverage is not
///    yet clear: a depth-first search meets its deep, small repeats first
///    and its large ones last, so the leverage at 4096 nodes can be a tenth
///    of the final one (two of each tetromino on 10x4: 2.3 and 16.7). The
///    plain count stops, and the probe goes on alone while its pace is
///    measured: over the nodes left of Knuth's estimate of the plain tree
///    (256 random probes), the memoised count's projected time against the
///    plain count's (at its pace so far). The plain nodes the probe stood
///    for grow about as a power of its time (1.6 on that board, 1 where
///    nothing repeats), fitted from the rule's start once its time has
///    doubled (at most 2.5). The memoised count goes on as soon as its
///    projected time is less than half the plain count's; the plain count, once the probe has
///    run alone for an eighth of the plain count's projected time
///    ([`Why::Projected`]), so that the probe costs a plain count at most
///    an eighth more.
///
/// A narrow problem is counted layer by layer ([`Why::Layered`]) without a
/// probe. Both searches draw on the budget (nodes, time, the cancel flag)
/// as any search does; when it stops them the decision is
/// [`Decision::Plain`] ([`Why::Stopped`]), whose solver then ends at once
/// with its partial count.
///
/// A memoised node costs 2 to 50 plain nodes (it hashes a key, looks for
/// parts, and the cache misses the processor's caches), so the plain count
/// wins below a leverage of about 5 on most problems; where memoisation
/// pays, the leverage passes 20 within 256 nodes and 100 within 512 (a
/// board's tilings), while on problems whose subproblems rarely repeat
/// (queens, pentominoes, Langford pairs) it stays between 1 and 2. The work
/// lost is the probe and the plain count run beside it, a few
/// milliseconds; the decision depends on the clock, the count never does.
#[derive(Debug)]
pub enum Decision {
    /// The count finished while deciding.
    Done(Box<Counted>),
    /// Memoisation pays: go on with this counter, which has run its probe.
    Memo {
        /// The counter, ready to go on (boxed: it is far larger than a count).
        counter: Box<MemoCounter>,
        /// The statistics of the plain count that ran first (its work is lost).
        plain: Stats,
        /// Why.
        why: Why,
    },
    /// The problem is a planar perfect matching problem: count it by this
    /// matrix's determinant ([`crate::dimers::count`]).
    Dimers {
        /// Kasteleyn's matrix of the problem ([`Problem::matchings`]).
        matrix: Arc<Matrix>,
        /// The statistics of the plain count that ran first (its work is lost).
        plain: Stats,
        /// Why.
        why: Why,
    },
    /// It does not, or it cannot, or the budget stopped the decision: go on
    /// with this solver, which has counted part of the solutions already
    /// (and which stops at once, with its partial count, when the budget is
    /// spent).
    Plain {
        /// The solver, ready to go on (boxed, as the counter is).
        solver: Box<Solver>,
        /// The probe's statistics (its work is lost; zero if it did not run).
        memo: MemoStats,
        /// Why.
        why: Why,
    },
}

/// Runs the rule of [`Decision`] on `problem`, the plain count running
/// beside the probe at least `plain_share` times as long (0: not at all).
pub(crate) fn decide(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    plain_share: u32,
) -> Decision {
    let started = Instant::now();
    let mut solver = Solver::new(problem);
    solver.set_budget(budget.clone());
    let plain = |solver: Solver, memo: MemoStats, why: Why| Decision::Plain {
        solver: Box::new(solver),
        memo,
        why,
    };
    match solver.run_counting(PLAIN_FIRST_NODES) {
        Step::End(Outcome::Stopped(_)) => return plain(solver, MemoStats::default(), Why::Stopped),
        Step::End(_) => {
            return plain_done(
                &solver,
                MemoStats::default(),
                CacheStats::default(),
                Why::Small,
            )
        }
        Step::Solution | Step::Paused => {}
    }
    let mut plain_time = started.elapsed();
    let probe_started = Instant::now();
    let made = MemoCounter::new(problem, &settings.within(budget));
    let mut memo_time = probe_started.elapsed();
    if let Some(matrix) = &problem.matchings {
        if determinant_over(made.as_ref().ok()) {
            return Decision::Dimers {
                matrix: Arc::clone(matrix),
                plain: *solver.stats(),
                why: Why::Planar,
            };
        }
    }
    let Ok(mut counter) = made else {
        // Multiplicities: only the plain count can go on.
        return plain(solver, MemoStats::default(), Why::Cannot);
    };
    counter.set_budget(budget.clone());
    if counter.sweeps() {
        // A narrow problem, counted layer by layer: the probe only runs it for its nodes.
        return match counter.run(PROBE_NODES) {
            MemoStep::Done(count) => memo_done(count, &solver, &counter, Why::Layered),
            MemoStep::Stopped(_) => plain(solver, counter.stats(), Why::Stopped),
            MemoStep::Paused => Decision::Memo {
                plain: *solver.stats(),
                why: Why::Layered,
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
            MemoStep::Done(count) => return memo_done(count, &solver, &counter, Why::Finished),
            MemoStep::Stopped(_) => return plain(solver, counter.stats(), Why::Stopped),
            MemoStep::Paused => {}
        }
        let memoise =
            leverage >= CLEAR_LEVERAGE || (nodes >= PROBE_NODES && leverage >= MIN_LEVERAGE);
        if memoise {
            return Decision::Memo {
                plain: *solver.stats(),
                why: Why::Leverage(leverage),
                counter: Box::new(counter),
            };
        }
        if nodes >= REPEATS_NODES && repeats(&counter) {
            let plain_rate = solver.stats().nodes as f64 / plain_time.as_secs_f64().max(1e-9);
            return project(problem, solver, counter, plain_rate, memo_time, budget);
        }
        if nodes >= PROBE_NODES || (nodes >= EARLY_NODES && leverage < LOW_LEVERAGE) {
            return plain(solver, counter.stats(), Why::Leverage(leverage));
        }
        // The plain count keeps ahead of the probe.
        while plain_time < memo_time * plain_share {
            let slice_started = Instant::now();
            let step = solver.run_counting(PLAIN_SLICE);
            plain_time += slice_started.elapsed();
            match step {
                Step::End(Outcome::Stopped(_)) => {
                    return plain(solver, counter.stats(), Why::Stopped)
                }
                Step::End(_) => {
                    return plain_done(
                        &solver,
                        counter.stats(),
                        counter.cache().stats(),
                        Why::Finished,
                    )
                }
                Step::Solution | Step::Paused => {}
            }
        }
    }
}

/// Whether at least [`REPEATS`] of the subproblems the probe met were in
/// its cache.
fn repeats(counter: &MemoCounter) -> bool {
    let stats = counter.stats();
    let met = stats.hits + stats.misses;
    met > 0 && stats.hits as f64 >= REPEATS * met as f64
}

/// Rule 5 of [`Decision`]: the probe goes on alone, its pace measured
/// against the plain count's (`plain_rate` nodes a second) over the nodes
/// left of Knuth's estimate of the plain tree; `probe_time` is the probe's
/// time so far.
fn project(
    problem: &Problem,
    solver: Solver,
    mut counter: MemoCounter,
    plain_rate: f64,
    probe_time: std::time::Duration,
    budget: &Budget,
) -> Decision {
    let mut estimator = Solver::new(problem);
    estimator.set_budget(budget.clone());
    let answer = estimator.estimate(PLAIN_PROBES, 1);
    if let Outcome::Stopped(_) = answer.outcome {
        return Decision::Plain {
            memo: counter.stats(),
            why: Why::Stopped,
            solver: Box::new(solver),
        };
    }
    let estimate = answer.value.nodes.mean();
    let plain_done = solver.stats().nodes as f64;
    // Knuth's estimate can fall short of the nodes known to be there (it
    // often does on a lopsided tree): then the tree is taken to be at
    // least twice those.
    let tree_beyond = |virt: f64| estimate.max(2.0 * virt.max(plain_done));
    let plain_left = |tree: f64| (tree - plain_done).max(0.0) / plain_rate;
    let allowance =
        plain_left(tree_beyond(counter.virtual_nodes() as f64)) / f64::from(PLAIN_SHARE);
    let started = Instant::now();
    // The probe's clock: its time before this rule, then this rule's.
    let clock = |counter: &MemoCounter| {
        (
            probe_time.as_secs_f64() + started.elapsed().as_secs_f64(),
            counter.virtual_nodes() as f64,
        )
    };
    let first = clock(&counter);
    loop {
        match counter.run(PROBE_SLICE) {
            MemoStep::Done(count) => return memo_done(count, &solver, &counter, Why::Finished),
            MemoStep::Stopped(_) => {
                return Decision::Plain {
                    memo: counter.stats(),
                    why: Why::Stopped,
                    solver: Box::new(solver),
                }
            }
            MemoStep::Paused => {}
        }
        let now = clock(&counter);
        // The plain nodes the probe stood for grow as a power of its time,
        // fitted from this rule's start (1 until the time has doubled).
        let power = if now.0 >= 2.0 * first.0 && now.1 > first.1 {
            ((now.1 / first.1).ln() / (now.0 / first.0).ln()).clamp(1.0, MAX_POWER)
        } else {
            1.0
        };
        let tree = tree_beyond(now.1);
        let memo_left = now.0 * ((tree / now.1.max(1.0)).powf(1.0 / power) - 1.0);
        let plain_left = plain_left(tree);
        let why = Why::Projected {
            memo: memo_left,
            plain: plain_left,
        };
        if memo_left * MEMO_MARGIN < plain_left {
            return Decision::Memo {
                plain: *solver.stats(),
                why,
                counter: Box::new(counter),
            };
        }
        if now.0 - first.0 >= allowance {
            return Decision::Plain {
                memo: counter.stats(),
                why,
                solver: Box::new(solver),
            };
        }
    }
}

/// Whether the rule counts `problem` by Kasteleyn's determinant (rule 2 of
/// [`Decision`]): it carries its matrix ([`Problem::with_matchings`]) and is
/// not so narrow that the layered count is as fast. Jobs other than the
/// count (the frequencies of each option) follow the count's choice by it.
///
/// ```
/// use dlx_core::{memo::counts_by_determinant, parse_dlx};
///
/// // No matrix: never the determinant.
/// let problem = parse_dlx("a b\na\nb\n")?;
/// assert!(!counts_by_determinant(&problem));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub fn counts_by_determinant(problem: &Problem) -> bool {
    problem.matchings.is_some()
        && determinant_over(
            MemoCounter::new(problem, &MemoSettings::new())
                .ok()
                .as_ref(),
        )
}

/// Rule 2's test of the layered count's window, `counter` being the
/// problem's memoised counter (`None`: it cannot count the problem).
/// Polynomial where the layered count is exponential in the window: the
/// determinant, unless the window is so narrow that the layers stay small
/// (as on a strip).
fn determinant_over(counter: Option<&MemoCounter>) -> bool {
    counter
        .and_then(MemoCounter::sweep_stats)
        .is_none_or(|sweep| sweep.window > NARROW_WINDOW)
}

/// The decision when the plain count finished.
fn plain_done(solver: &Solver, memo: MemoStats, cache: CacheStats, why: Why) -> Decision {
    Decision::Done(Box::new(Counted {
        count: Some(Count::from(solver.stats().solutions)),
        outcome: Outcome::Finished,
        method: Method::Plain,
        plain: *solver.stats(),
        memo,
        cache,
        sweep: None,
        why,
    }))
}

/// The decision when the memoised count finished.
fn memo_done(count: Count, solver: &Solver, counter: &MemoCounter, why: Why) -> Decision {
    Decision::Done(Box::new(Counted {
        count: Some(count),
        outcome: Outcome::Finished,
        method: Method::Memo,
        plain: *solver.stats(),
        memo: counter.stats(),
        cache: counter.cache().stats(),
        sweep: counter.sweep_stats(),
        why,
    }))
}
