//! The threads a search runs on: one pool type for every search of this crate, the rule of how many threads each kind of search takes, and a wait that lets the caller look up between two looks at a search on another thread.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

/// The two ways every parallel search of this crate is given its threads
/// (`with_threads` and `with_pool`), written once for each type with a
/// `pool` and a `progress` field: a new pool drops the progress made for
/// the old one.
macro_rules! on_pool {
    ($ty:ident) => {
        impl $ty {
            /// Runs on a pool of its own of `threads` threads (0: one per
            /// core; at most [`MAX_THREADS`](crate::MAX_THREADS)).
            pub fn with_threads(mut self, threads: usize) -> Result<Self, crate::ParallelError> {
                self.pool = crate::Pool::new(threads)?;
                self.progress = None;
                Ok(self)
            }

            /// Runs on the threads of `pool`.
            pub fn with_pool(mut self, pool: &crate::Pool) -> $ty {
                self.pool = pool.clone();
                self.progress = None;
                self
            }
        }
    };
}

/// The most threads a caller may ask for: far more than any machine's
/// cores, and few enough that starting them is quick.
pub const MAX_THREADS: usize = 1024;

/// Why a pool could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParallelError {
    /// Rayon could not start the threads asked for.
    #[error("rayon could not start {threads} threads: {reason}")]
    Pool {
        /// The number of threads asked for.
        threads: usize,
        /// What rayon reported (its own error repeats its cause, so it is kept as text).
        reason: String,
    },
    /// More threads were asked for than [`MAX_THREADS`].
    #[error("{threads} threads: at most {MAX_THREADS} (0 for one per core)")]
    TooMany {
        /// The number of threads asked for.
        threads: usize,
    },
}

/// The kinds of search whose threads the rule decides ([`Pool::threads_for`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Job {
    /// One search on the pool's threads (a count, a listing, an optimum).
    Search,
    /// A depth-first memoised count: its threads meet on the same
    /// subproblems and count them twice, and on this project's 2-core
    /// machine two were slower than one (16 x 16 dominoes: 0.49 s on one
    /// thread, 0.86 s on two, interleaved medians), so one unless the
    /// caller named the threads. A layered count (a narrow problem) takes
    /// the whole pool whatever this says: its threads never meet.
    MemoCount,
    /// The cases of an input of `n`: one thread per case at a time, the
    /// pool's threads shared among them; a case alone in its input gets
    /// them all.
    Cases(usize),
}

/// A rayon pool, or rayon's global one: cheap to clone, shared by clones.
/// Every search of this crate runs on one ([`ParallelSolver::with_pool`](crate::ParallelSolver::with_pool) and the like).
///
/// ```
/// use dlx_parallel::{Job, Pool};
///
/// let pool = Pool::new(2)?;
/// assert_eq!((pool.threads(), pool.threads_for(Job::MemoCount)), (2, 2));
/// // One per core, unless named: the memoised count then takes one.
/// let cores = Pool::new(0)?;
/// assert_eq!(cores.threads_for(Job::MemoCount), 1);
/// # Ok::<(), dlx_parallel::ParallelError>(())
/// ```
#[derive(Clone, Default)]
pub struct Pool {
    /// `None`: rayon's global pool.
    pool: Option<Arc<ThreadPool>>,
    /// The threads the caller named (`None`: one per core).
    asked: Option<usize>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.threads())
            .field("asked", &self.asked)
            .finish()
    }
}

impl Pool {
    /// A pool of its own of `threads` threads (0: one per core).
    pub fn new(threads: usize) -> Result<Pool, ParallelError> {
        if threads > MAX_THREADS {
            return Err(ParallelError::TooMany { threads });
        }
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("dlx-{i}"))
            .build()
            .map_err(|source: ThreadPoolBuildError| ParallelError::Pool {
                threads,
                reason: source.to_string(),
            })?;
        Ok(Pool {
            pool: Some(Arc::new(pool)),
            asked: (threads > 0).then_some(threads),
        })
    }

    /// Rayon's global pool (one thread per core).
    pub fn global() -> Pool {
        Pool::default()
    }

    /// A pool of `threads` threads (0: one per core) kept for the life of
    /// the process and shared by every caller that asks for as many, for a
    /// caller that starts many short searches (starting threads for each
    /// would cost more than a small search). Searches that run to their end
    /// may share a pool; a listing that the caller pulls from, and may
    /// leave paused, holds its threads, so it runs on a pool of its own
    /// ([`Listing`](crate::Listing) makes one).
    pub fn shared(threads: usize) -> Result<Pool, ParallelError> {
        static POOLS: Mutex<Vec<(usize, Pool)>> = Mutex::new(Vec::new());
        let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
            return Ok(pool.clone());
        }
        let pool = Pool::new(threads)?;
        pools.push((threads, pool.clone()));
        Ok(pool)
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.pool
            .as_ref()
            .map_or_else(rayon::current_num_threads, |pool| {
                pool.current_num_threads()
            })
    }

    /// Whether the caller named the number of threads (else one per core).
    pub fn asked(&self) -> Option<usize> {
        self.asked
    }

    /// The thread rule, in one place: how many of the pool's threads a kind
    /// of search takes.
    pub fn threads_for(&self, job: Job) -> usize {
        let threads = self.threads();
        match job {
            Job::Search => threads,
            Job::MemoCount => self.asked.map_or(1, |asked| asked.min(threads)),
            Job::Cases(n) => threads.clamp(1, n.max(1)),
        }
    }

    /// Runs `op` on one of the pool's threads (at once, if the caller is one).
    pub fn install<R: Send>(&self, op: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(pool) if pool.current_thread_index().is_none() => pool.install(op),
            Some(_) => op(),
            // `scope` runs its body on a thread of the global pool.
            None => rayon::scope(|_| op()),
        }
    }

    /// Runs `op` in a rayon scope of the pool, on the calling thread, so
    /// that the tasks it spawns run on the pool's threads (a caller's own
    /// work spread over them, such as the cases of an input).
    pub fn in_place_scope<'scope, R>(&self, op: impl FnOnce(&rayon::Scope<'scope>) -> R) -> R {
        match &self.pool {
            None => rayon::in_place_scope(op),
            Some(pool) => pool.in_place_scope(op),
        }
    }

    /// Runs `a` and `b`, on two of the pool's threads when one is free.
    pub(crate) fn join(&self, a: impl FnOnce() + Send, b: impl FnOnce() + Send) {
        self.install(|| {
            rayon::join(a, b);
        });
    }

    /// Runs `op(worker)` once on every thread of the pool, at the same time,
    /// and gives their answers in the workers' order.
    pub(crate) fn broadcast<R: Send>(&self, op: impl Fn(usize) -> R + Sync) -> Vec<R> {
        let op = |ctx: rayon::BroadcastContext<'_>| op(ctx.index());
        match &self.pool {
            None => rayon::broadcast(op),
            Some(pool) => pool.broadcast(op),
        }
    }

    /// Runs `op(worker)` once on every thread of the pool, at the same
    /// time, while `beside` runs on the calling thread (which is not one of
    /// the pool's); returns when both are done, with what `beside` returned.
    /// No thread is started: a listing of each of 49,158 sudokus paid for
    /// one OS thread per search before.
    pub(crate) fn broadcast_beside<R>(
        &self,
        op: impl Fn(usize) + Sync,
        beside: impl FnOnce() -> R,
    ) -> R {
        fn spawn_then<'scope, R>(
            scope: &rayon::Scope<'scope>,
            op: &'scope (impl Fn(usize) + Sync),
            beside: impl FnOnce() -> R,
        ) -> R {
            scope.spawn_broadcast(move |_, ctx| op(ctx.index()));
            beside()
        }
        let op = &op;
        match &self.pool {
            None => rayon::in_place_scope(|scope| spawn_then(scope, op, beside)),
            Some(pool) => pool.in_place_scope(|scope| spawn_then(scope, op, beside)),
        }
    }
}

impl From<Arc<ThreadPool>> for Pool {
    /// A caller's own rayon pool, shared with its other work.
    fn from(pool: Arc<ThreadPool>) -> Pool {
        let threads = pool.current_num_threads();
        Pool {
            pool: Some(pool),
            asked: Some(threads),
        }
    }
}

/// Runs `work` on a thread of its own while the calling thread waits for
/// it, calling `look` every `every` (a caller that must answer between two
/// looks, as Python asks for pending signals, while `work` runs; `look`
/// stops `work` through its budget's cancel flag, if it must); returns what
/// `work` returned.
///
/// ```
/// use std::time::Duration;
///
/// let mut looks = 0;
/// let answer = dlx_parallel::wait_for(
///     || { std::thread::sleep(Duration::from_millis(30)); 42 },
///     Duration::from_millis(5),
///     || looks += 1,
/// );
/// assert_eq!(answer, 42);
/// assert!(looks >= 1);
/// ```
pub fn wait_for<T: Send>(
    work: impl FnOnce() -> T + Send,
    every: Duration,
    mut look: impl FnMut(),
) -> T {
    let waiter = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let answer = work();
            waiter.unpark();
            answer
        });
        while !worker.is_finished() {
            std::thread::park_timeout(every);
            if !worker.is_finished() {
                look();
            }
        }
        match worker.join() {
            Ok(answer) => answer,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
