//! The memoised count on threads: the count split by the memoised counter's own branching, the pieces counted on rayon threads that share one cache.
//!
//! [`ParallelMemoCounter`] is the count, [`ParallelCount`] the count by the
//! method the core's rule decides. Its modules, by job: `layered.rs` the
//! layered count on threads (and [`diagram_on`]), `pieces.rs` the
//! depth-first count cut into pieces, `count.rs` the method dispatch.

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use dlx_core::memo::{MemoCache, MemoStats, SweepStats};
use dlx_core::{Budget, Count, MemoCounter, MemoError, MemoSettings, Problem};
use rayon::prelude::*;

use crate::pool::{ParallelError, Pool};
use crate::progress::Progress;
use crate::steal::Halt;

mod count;
mod layered;
mod pieces;

pub use count::{count_solutions_on, ParallelCount, PieceCount};
pub use layered::diagram_on;
pub use pieces::MemoPiece;
use pieces::{first_stop, Job};

/// How many pieces per thread a memoised count is split into.
///
/// Fewer than the plain search's plain search's 32: the pieces
/// share their subproblems through the cache, so a piece that starts late
/// finds most of its work done, and the time of a piece is not its share of
/// the tree. More pieces make the threads meet on the same subproblems
/// (each counts it, one stores it) more often.
pub(crate) const MEMO_PIECES_PER_THREAD: usize = 8;

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
    /// A piece to count is not one of the problem's split.
    #[error("piece {index} is not a piece of this problem's split: {reason}")]
    Split {
        /// The piece's index.
        index: usize,
        /// Why.
        reason: String,
    },
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
/// assert_eq!(counter.count()?, 34u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelMemoCounter {
    root: MemoCounter,
    pool: Pool,
    stats: MemoStats,
    sweep: Option<SweepStats>,
    budget: Budget,
    pub(crate) progress: Option<Arc<Progress>>,
    /// The threads of the pool the count runs on (`None`: all of them).
    pub(crate) workers: Option<usize>,
}

on_pool!(ParallelMemoCounter);

impl ParallelMemoCounter {
    /// A memoised count of `problem` on rayon's global pool, with a cache of its own.
    pub fn new(
        problem: &Problem,
        settings: &MemoSettings,
    ) -> Result<ParallelMemoCounter, MemoError> {
        Ok(ParallelMemoCounter::from_counter(&MemoCounter::new(
            problem, settings,
        )?))
    }

    /// A memoised count of `counter`'s problem from the start, sharing its
    /// cache (for instance after the probe of a [`dlx_core::CountJob`]), on rayon's
    /// global pool.
    pub fn from_counter(counter: &MemoCounter) -> ParallelMemoCounter {
        ParallelMemoCounter {
            root: counter.fresh(),
            pool: Pool::global(),
            stats: MemoStats::default(),
            sweep: None,
            budget: counter.budget().clone(),
            progress: None,
            workers: None,
        }
    }

    /// The budget of the count (see [`Budget`]; at first, the counter's it
    /// was made from): every thread draws its nodes from the one pool and
    /// reads the deadline and the cancel flags between slices. A count it
    /// stops is [`MemoError::Stopped`] (a memoised count has no partial
    /// value: the counts of the pieces finished are not a count of
    /// anything); the caller's flags are never written.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// A live view of the count, to read from another thread while it runs:
    /// its nodes, and as its fraction the share of the tree in the pieces
    /// finished (each piece's share is `1 / (d_1 ... d_k)`, as below; a
    /// piece that starts late is often mostly cached, so this runs behind).
    pub fn progress(&mut self) -> Arc<Progress> {
        let threads = self.threads();
        Progress::shared(&mut self.progress, threads)
    }

    /// The number of threads the count runs on: the pool's, or fewer when
    /// limited (a limit the layered count does not take: its threads never
    /// meet; [`ParallelCount`] limits the depth-first count by the pool's
    /// thread rule, [`Pool::threads_for`](crate::Pool::threads_for)).
    pub fn threads(&self) -> usize {
        if self.root.sweeps() {
            return self.pool_threads();
        }
        self.workers
            .map_or(self.pool_threads(), |n| n.clamp(1, self.pool_threads()))
    }

    /// The number of threads of the pool.
    fn pool_threads(&self) -> usize {
        self.pool.threads()
    }

    /// Counts the solutions.
    ///
    /// A narrow problem ([`MemoCounter::sweeps`]) is counted layer by layer
    /// ([`dlx_core::layers`]): on two threads from both ends at once
    /// ([`Layers::meet`](dlx_core::layers::Layers::meet)), on more with each
    /// layer of 1,024 states or more cut by key into a part per thread, each
    /// part expanded into a chunk of its own. The states, and so the count,
    /// are the same on any number of threads. When the layers pass the
    /// memory granted, or for any other problem, the count is split into 8
    /// pieces per thread:
    /// the largest piece (by its share of the tree, `1 / (d_1 ... d_k)` for
    /// the numbers of options `d_j` of the items branched on) is replaced by
    /// one piece per option of the item the memoised counter branches on
    /// there ([`MemoCounter::branch`]), until there are enough; the pieces'
    /// counts add up to the whole. Each thread takes the next piece in
    /// order, fixes its choices on a clone of the counter
    /// ([`MemoCounter::choose`]) and counts it; the clones share the cache.
    pub fn count(&mut self) -> Result<Count, MemoError> {
        self.sweep = None;
        if self.root.sweeps() {
            if let Some(count) = self.count_layers()? {
                return Ok(count);
            }
        }
        let threads = self.threads();
        let (pieces, expanded) = self
            .split(threads * MEMO_PIECES_PER_THREAD)
            .map_err(MemoError::Stopped)?;
        let progress = self.progress.clone();
        if let Some(progress) = &progress {
            progress.reset();
            progress.add_nodes(expanded);
        }
        let job = Job {
            root: &self.root,
            pieces: &pieces,
            next: AtomicUsize::new(0),
            budget: &self.budget,
            halt: Halt::default(),
            progress: progress.as_deref(),
        };
        let work = || -> Vec<(Result<Count, MemoError>, MemoStats)> {
            (0..threads)
                .into_par_iter()
                .map(|worker| job.count_pieces(worker))
                .collect()
        };
        let results = self.pool.install(work);
        self.stats = MemoStats::default();
        self.stats.nodes = expanded;
        let mut total = Count::ZERO;
        for (result, stats) in results {
            self.stats += stats;
            // A thread stopped: the reason is the run's, below.
            if let Ok(count) = result {
                total += count;
            }
        }
        match first_stop(&job.halt) {
            Some(stop) => Err(MemoError::Stopped(stop)),
            None => Ok(total),
        }
    }

    /// The statistics of the last count, summed over the threads (the
    /// nodes expanded by the split count one each).
    pub fn stats(&self) -> MemoStats {
        self.stats
    }

    /// The statistics of the last count's layers, when it was layered.
    pub fn sweep_stats(&self) -> Option<SweepStats> {
        self.sweep
    }

    /// The cache the threads share.
    pub fn cache(&self) -> &MemoCache {
        self.root.cache()
    }
}
