//! The memoised count on threads: the count split by the memoised counter's own branching, the pieces counted on rayon threads that share one cache.

use std::sync::atomic::{AtomicUsize, Ordering};

use dlx_core::{
    count_solutions, decide_method, CacheStats, CountMode, Counted, Decision, MemoCache,
    MemoCounter, MemoError, MemoSettings, MemoStats, Method, OptionId, Problem, Stats,
};
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::search::{ParallelError, ParallelSolver};

/// How many pieces per thread a memoised count is split into.
///
/// Fewer than the plain search's [`crate::PIECES_PER_THREAD`]: the pieces
/// share their subproblems through the cache, so a piece that starts late
/// finds most of its work done, and the time of a piece is not its share of
/// the tree. More pieces make the threads meet on the same subproblems
/// (each counts it, one stores it) more often.
pub const MEMO_PIECES_PER_THREAD: usize = 8;

/// Why a count on threads failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The memoised count could not be made or finished.
    #[error("the memoised count failed")]
    Memo(#[from] MemoError),
    /// The threads could not be started.
    #[error("cannot count on threads")]
    Threads(#[from] ParallelError),
}

/// A memoised count split into pieces counted on the threads of a rayon
/// pool, all sharing one [`MemoCache`]: the same count on any number of
/// threads.
///
/// ```
/// use dlx_core::{parse_dlx, MemoSettings};
/// use dlx_parallel::ParallelMemoCounter;
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
/// let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())?.with_threads(2)?;
/// assert_eq!(counter.count()?, 34);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelMemoCounter<'p> {
    root: MemoCounter,
    pool: Threads<'p>,
    stats: MemoStats,
}

#[derive(Debug)]
enum Threads<'p> {
    Global,
    Owned(ThreadPool),
    Borrowed(&'p ThreadPool),
}

impl Threads<'_> {
    fn pool(&self) -> Option<&ThreadPool> {
        match self {
            Threads::Global => None,
            Threads::Owned(pool) => Some(pool),
            Threads::Borrowed(pool) => Some(pool),
        }
    }
}

impl ParallelMemoCounter<'static> {
    /// A memoised count of `problem` on rayon's global pool, with a cache of its own.
    pub fn new(
        problem: &Problem,
        settings: &MemoSettings,
    ) -> Result<ParallelMemoCounter<'static>, MemoError> {
        Ok(ParallelMemoCounter::from_counter(&MemoCounter::new(
            problem, settings,
        )?))
    }

    /// A memoised count of `counter`'s problem from the start, sharing its
    /// cache (for instance after the probe of [`decide_method`]), on rayon's
    /// global pool.
    pub fn from_counter(counter: &MemoCounter) -> ParallelMemoCounter<'static> {
        ParallelMemoCounter {
            root: counter.fresh(),
            pool: Threads::Global,
            stats: MemoStats::default(),
        }
    }

    /// Runs on a pool of its own of `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Result<Self, ParallelError> {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|source| ParallelError::Pool { threads, source })?;
        self.pool = Threads::Owned(pool);
        Ok(self)
    }
}

impl<'p> ParallelMemoCounter<'p> {
    /// Runs on the threads of `pool`.
    pub fn with_pool<'q>(self, pool: &'q ThreadPool) -> ParallelMemoCounter<'q> {
        ParallelMemoCounter {
            root: self.root,
            pool: Threads::Borrowed(pool),
            stats: self.stats,
        }
    }

    /// The number of threads the count runs on.
    pub fn threads(&self) -> usize {
        self.pool
            .pool()
            .map_or_else(rayon::current_num_threads, ThreadPool::current_num_threads)
    }

    /// Counts the solutions.
    ///
    /// The count is split into [`MEMO_PIECES_PER_THREAD`] pieces per thread:
    /// the largest piece (by its share of the tree, `1 / (d_1 ... d_k)` for
    /// the numbers of options `d_j` of the items branched on) is replaced by
    /// one piece per option of the item the memoised counter branches on
    /// there ([`MemoCounter::branch`]), until there are enough; the pieces'
    /// counts add up to the whole. Each thread takes the next piece in
    /// order, fixes its choices on a clone of the counter
    /// ([`MemoCounter::choose`]) and counts it; the clones share the cache.
    pub fn count(&mut self) -> Result<u128, MemoError> {
        let threads = self.threads();
        let (pieces, expanded) = self.split(threads * MEMO_PIECES_PER_THREAD);
        let next = AtomicUsize::new(0);
        let root = &self.root;
        let work = || -> Vec<Result<(u128, MemoStats), MemoError>> {
            (0..threads)
                .into_par_iter()
                .map(|_| count_pieces(root, &pieces, &next))
                .collect()
        };
        let results = match self.pool.pool() {
            None => work(),
            Some(pool) => pool.install(work),
        };
        self.stats = MemoStats::default();
        self.stats.nodes = expanded;
        let mut total = 0u128;
        for result in results {
            let (count, stats) = result?;
            self.stats += stats;
            total = add(total, count)?;
        }
        Ok(total)
    }

    /// The statistics of the last count, summed over the threads (the
    /// nodes expanded by the split count one each).
    pub fn stats(&self) -> MemoStats {
        self.stats
    }

    /// The cache the threads share.
    pub fn cache(&self) -> &MemoCache {
        self.root.cache()
    }

    /// The pieces: paths of choices from the root, in the order of the
    /// sequential search, and the number of nodes expanded to make them.
    fn split(&self, goal: usize) -> (Vec<Vec<OptionId>>, u64) {
        // Each piece: its path, its share of the tree, whether it can be expanded.
        let mut pieces: Vec<(Vec<OptionId>, f64, bool)> = vec![(Vec::new(), 1.0, true)];
        let mut expanded = 0;
        while pieces.len() < goal {
            let Some(k) = pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.2)
                .max_by(|a, b| a.1 .1.total_cmp(&b.1 .1).then(b.0.cmp(&a.0)))
                .map(|(k, _)| k)
            else {
                break;
            };
            let counter = at(&self.root, &pieces[k].0);
            match counter.branch() {
                // Nothing left to cover: the path is a solution, counted as a piece.
                None => pieces[k].2 = false,
                Some(branch) => {
                    expanded += 1;
                    let (path, weight, _) = pieces[k].clone();
                    let share = weight / branch.options.len().max(1) as f64;
                    let children = branch.options.iter().map(|&o| {
                        let mut child = path.clone();
                        child.push(o);
                        (child, share, true)
                    });
                    pieces.splice(k..=k, children);
                }
            }
        }
        (pieces.into_iter().map(|p| p.0).collect(), expanded)
    }
}

/// A clone of `root` with the choices of `path` fixed.
fn at(root: &MemoCounter, path: &[OptionId]) -> MemoCounter {
    let mut counter = root.clone();
    for &option in path {
        counter
            .choose(option)
            .expect("a path of the split chooses options the counter branched on");
    }
    counter
}

/// One thread's share: the next piece not taken, until none is left.
fn count_pieces(
    root: &MemoCounter,
    pieces: &[Vec<OptionId>],
    next: &AtomicUsize,
) -> Result<(u128, MemoStats), MemoError> {
    let mut total = 0u128;
    let mut stats = MemoStats::default();
    loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some(path) = pieces.get(k) else {
            return Ok((total, stats));
        };
        let mut counter = at(root, path);
        let count = counter.count()?;
        stats += counter.stats();
        total = add(total, count)?;
    }
}

/// `a + b`, or the overflow error a memoised count reports.
fn add(a: u128, b: u128) -> Result<u128, MemoError> {
    a.checked_add(b)
        .filter(|&s| s != u128::MAX)
        .ok_or(MemoError::Overflow {
            limit: u128::MAX - 1,
        })
}

/// Counts the solutions of `problem` on `threads` threads (one: the
/// sequential [`count_solutions`]) with the search `mode` asks for; the
/// automatic choice probes on one thread ([`decide_method`]) and then runs
/// the chosen search on all of them. The same count on any number of threads.
pub fn count_solutions_on(
    problem: &Problem,
    settings: &MemoSettings,
    mode: CountMode,
    threads: usize,
) -> Result<Counted, CountError> {
    if threads <= 1 {
        return Ok(count_solutions(problem, settings, mode)?);
    }
    match mode {
        CountMode::Plain => plain_on(problem, threads, MemoStats::default(), 0.0),
        CountMode::Memo => {
            let counter = MemoCounter::new(problem, settings)?;
            memo_on(&counter, threads, Stats::default(), 0.0)
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
                counter,
                plain,
                leverage,
            } => {
                let mut probe = counter.stats();
                let mut counted = memo_on(&counter, threads, plain, leverage)?;
                probe += counted.memo;
                counted.memo = probe;
                Ok(counted)
            }
            // The plain count starts over on the threads: the slice done on
            // one thread is too small to be worth carrying over.
            Decision::Plain { memo, leverage, .. } => plain_on(problem, threads, memo, leverage),
        },
    }
}

fn plain_on(
    problem: &Problem,
    threads: usize,
    memo: MemoStats,
    leverage: f64,
) -> Result<Counted, CountError> {
    let mut solver = ParallelSolver::new(problem).with_threads(threads)?;
    let count = solver.count();
    Ok(Counted {
        count: u128::from(count),
        method: Method::Plain,
        plain: *solver.stats(),
        memo,
        cache: CacheStats::default(),
        leverage,
    })
}

fn memo_on(
    counter: &MemoCounter,
    threads: usize,
    plain: Stats,
    leverage: f64,
) -> Result<Counted, CountError> {
    let mut parallel = ParallelMemoCounter::from_counter(counter).with_threads(threads)?;
    let count = parallel.count()?;
    Ok(Counted {
        count,
        method: Method::Memo,
        plain,
        memo: parallel.stats(),
        cache: parallel.cache().stats(),
        leverage,
    })
}
