//! The memoised count on threads: the count split by the memoised counter's own branching, the pieces counted on rayon threads that share one cache.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use dlx_core::{
    count_solutions, decide_method, CacheStats, CountMode, Counted, Decision, MemoCache,
    MemoCounter, MemoError, MemoSettings, MemoStats, MemoStep, Method, OptionId, Problem, Stats,
};
use rayon::prelude::*;
use rayon::ThreadPool;

use crate::progress::Progress;
use crate::search::{pool_of, ParallelError, ParallelSolver};

/// Nodes a piece's count runs between two looks at the node budget and
/// two reports to the progress.
const SLICE: u64 = 1 << 12;

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
    stop: Option<Arc<AtomicBool>>,
    node_budget: Option<u64>,
    budget_spent: bool,
    progress: Option<Arc<Progress>>,
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
            stop: None,
            node_budget: None,
            budget_spent: false,
            progress: None,
        }
    }

    /// Runs on a pool of its own of `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Result<Self, ParallelError> {
        self.pool = Threads::Owned(pool_of(threads)?);
        self.progress = None;
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
            stop: self.stop,
            node_budget: self.node_budget,
            budget_spent: false,
            progress: self.progress,
        }
    }

    /// A flag shared with every thread: raise it to stop the count, which
    /// then returns [`MemoError::Stopped`] (a memoised count has no partial
    /// value: the counts of the pieces finished are not a count of anything).
    /// The count raises it itself when its node budget is spent.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) -> &mut Self {
        self.stop = Some(flag);
        self
    }

    /// Stops the count after about `nodes` nodes (all threads together; a
    /// thread may pass it by a slice of nodes): the stop flag is raised then,
    /// and [`budget_spent`](Self::budget_spent) says so.
    pub fn set_node_budget(&mut self, nodes: Option<u64>) -> &mut Self {
        self.node_budget = nodes;
        self
    }

    /// Whether the last count stopped because its node budget was spent.
    pub fn budget_spent(&self) -> bool {
        self.budget_spent
    }

    /// A live view of the count, to read from another thread while it runs:
    /// its nodes, and as its fraction the share of the tree in the pieces
    /// finished (each piece's share is `1 / (d_1 ... d_k)`, as below; a
    /// piece that starts late is often mostly cached, so this runs behind).
    pub fn progress(&mut self) -> Arc<Progress> {
        let threads = self.threads();
        self.progress
            .get_or_insert_with(|| Arc::new(Progress::new(threads)))
            .clone()
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
        let progress = self.progress.clone();
        if let Some(progress) = &progress {
            progress.reset();
            progress.add_nodes(expanded);
        }
        let job = Job {
            root: &self.root,
            pieces: &pieces,
            next: AtomicUsize::new(0),
            stop: self.stop.clone().unwrap_or_default(),
            nodes: AtomicU64::new(expanded),
            node_budget: self.node_budget,
            budget_spent: AtomicBool::new(false),
            progress: progress.as_deref(),
        };
        let work = || -> Vec<(Result<u128, MemoError>, MemoStats)> {
            (0..threads)
                .into_par_iter()
                .map(|worker| job.count_pieces(worker))
                .collect()
        };
        let results = match self.pool.pool() {
            None => work(),
            Some(pool) => pool.install(work),
        };
        self.budget_spent = job.budget_spent.load(Ordering::Relaxed);
        self.stats = MemoStats::default();
        self.stats.nodes = expanded;
        let mut total = 0u128;
        let mut failed = None;
        for (result, stats) in results {
            self.stats += stats;
            match result {
                Ok(count) => match add(total, count) {
                    Ok(sum) => total = sum,
                    Err(err) => failed = Some(err),
                },
                // An overflow is reported before a stop it caused.
                Err(err @ MemoError::Stopped) => {
                    failed.get_or_insert(err);
                }
                Err(err) => failed = Some(err),
            }
        }
        failed.map_or(Ok(total), Err)
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
    /// sequential search, with their shares of the tree, and the number of
    /// nodes expanded to make them.
    fn split(&self, goal: usize) -> (Vec<(Vec<OptionId>, f64)>, u64) {
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
        (pieces.into_iter().map(|p| (p.0, p.1)).collect(), expanded)
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

/// What the threads of one count share.
struct Job<'a> {
    root: &'a MemoCounter,
    /// The pieces and their shares of the tree.
    pieces: &'a [(Vec<OptionId>, f64)],
    next: AtomicUsize,
    stop: Arc<AtomicBool>,
    /// Nodes entered by all threads so far.
    nodes: AtomicU64,
    node_budget: Option<u64>,
    budget_spent: AtomicBool,
    progress: Option<&'a Progress>,
}

impl Job<'_> {
    /// One thread's share: the next piece not taken, until none is left, or
    /// until the stop flag is raised (by another thread, the caller, or this
    /// one when the node budget is spent).
    /// Returns the sum of its pieces' counts and its statistics (of the
    /// pieces finished, and of the one a stop or an error ended).
    fn count_pieces(&self, worker: usize) -> (Result<u128, MemoError>, MemoStats) {
        let mut total = 0u128;
        let mut stats = MemoStats::default();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((path, share)) = self.pieces.get(k) else {
                return (Ok(total), stats);
            };
            let mut counter = at(self.root, path);
            counter.set_stop_flag(Arc::clone(&self.stop));
            loop {
                let before = counter.stats().nodes;
                let step = counter.run(SLICE);
                let spent = counter.stats().nodes - before;
                let nodes = self.nodes.fetch_add(spent, Ordering::Relaxed) + spent;
                if let Some(progress) = self.progress {
                    progress.add_nodes(spent);
                }
                if self.node_budget.is_some_and(|max| nodes >= max) {
                    self.budget_spent.store(true, Ordering::Relaxed);
                    self.stop.store(true, Ordering::Relaxed);
                }
                let failed = match step {
                    Ok(MemoStep::Done(count)) => match add(total, count) {
                        Ok(sum) => {
                            total = sum;
                            break;
                        }
                        Err(err) => err,
                    },
                    Ok(MemoStep::Paused) => continue,
                    Ok(MemoStep::Stopped) => MemoError::Stopped,
                    Err(err) => err,
                };
                // The other threads need not go on: the count cannot finish.
                self.stop.store(true, Ordering::Relaxed);
                stats += counter.stats();
                return (Err(failed), stats);
            }
            stats += counter.stats();
            if let Some(progress) = self.progress {
                progress.finish(worker, 0.0, *share);
            }
        }
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
