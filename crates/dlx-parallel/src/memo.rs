//! The memoised count on threads: the count split by the memoised counter's own branching, the pieces counted on rayon threads that share one cache.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Instant;

use dlx_core::{
    count_solutions, decide_method, decide_method_fresh, Budget, CacheStats, Chunk, Count,
    CountMode, Counted, Decision, Diagram, LayerEnd, LayerMaker, Layers, MeetEnd, MemoCache,
    MemoCounter, MemoError, MemoSettings, MemoStats, MemoStep, Method, OptionId, Outcome, Problem,
    Solver, Stats, Step, Stop, SweepStats,
};
use rayon::prelude::*;
use rayon::ThreadPool;

use crate::progress::Progress;
use crate::search::{pool_of, ParallelError, ParallelSolver};
use crate::steal::Balance;
use crate::steal::{Halt, Why};

/// Nodes a piece's count runs between two looks at the node budget and
/// two reports to the progress.
const SLICE: u64 = 1 << 12;

/// Layers of a layered count with fewer states than this are expanded on
/// one thread: on more, starting the threads costs more than they save.
const PARALLEL_LAYER: u64 = 1 << 10;

/// How many pieces per thread a memoised count is split into.
///
/// Fewer than the plain search's plain search's 32: the pieces
/// share their subproblems through the cache, so a piece that starts late
/// finds most of its work done, and the time of a piece is not its share of
/// the tree. More pieces make the threads meet on the same subproblems
/// (each counts it, one stores it) more often.
pub(crate) const MEMO_PIECES_PER_THREAD: usize = 8;

/// The [`LayerMaker`] of a pool: a layer of [`PARALLEL_LAYER`] states or
/// more is cut into a part per thread ([`Layers::split`]), the parts
/// expanded on the threads of the pool (its own, or the one it is called
/// in), and a smaller layer is made on the calling thread.
#[derive(Debug)]
pub(crate) struct OnThreads {
    threads: usize,
    /// The pool, entered for each large layer when called from outside it;
    /// `None`: always called on a thread of the pool to use.
    pool: Option<Arc<ThreadPool>>,
    /// The chunks of the parts, kept for their memory from layer to layer.
    chunks: Mutex<Vec<Chunk>>,
}

impl OnThreads {
    /// The maker of a sweep that runs on a thread of its pool, of `threads` threads.
    pub(crate) fn new(threads: usize) -> OnThreads {
        OnThreads {
            threads,
            pool: None,
            chunks: Mutex::new(Vec::new()),
        }
    }

    /// The maker of `pool`, called from anywhere.
    pub(crate) fn of(pool: Arc<ThreadPool>) -> OnThreads {
        OnThreads {
            threads: pool.current_num_threads(),
            pool: Some(pool),
            chunks: Mutex::new(Vec::new()),
        }
    }

    /// Makes the whole of the current layer, of `states` states; `false`
    /// when the layers passed the memory granted.
    pub(crate) fn make_whole(&self, layers: &mut Layers, states: u64) -> bool {
        if states < PARALLEL_LAYER || self.threads < 2 {
            return layers.finish_here();
        }
        let mut chunks =
            std::mem::take(&mut *self.chunks.lock().unwrap_or_else(PoisonError::into_inner));
        let mut cut = || loop {
            let parts = layers.split(self.threads);
            chunks.resize_with(parts.len(), Chunk::default);
            let shared = &*layers;
            parts
                .par_iter()
                .zip(chunks.par_iter_mut())
                .for_each(|(part, chunk)| {
                    shared.expand(part, chunk);
                });
            match layers.end(&mut chunks) {
                LayerEnd::Next => return true,
                // One limb wider: the same layer again.
                LayerEnd::Wider => {}
                LayerEnd::OverMemory => return false,
            }
        };
        let fits = match &self.pool {
            Some(pool) if pool.current_thread_index().is_none() => pool.install(cut),
            _ => cut(),
        };
        *self.chunks.lock().unwrap_or_else(PoisonError::into_inner) = chunks;
        fits
    }
}

impl LayerMaker for OnThreads {
    fn threads(&self) -> usize {
        self.threads
    }

    fn join(&self, a: &mut (dyn FnMut() + Send), b: &mut (dyn FnMut() + Send)) {
        match &self.pool {
            Some(pool) if pool.current_thread_index().is_none() => {
                pool.install(|| rayon::join(a, b));
            }
            _ => {
                rayon::join(a, b);
            }
        }
    }

    fn make_layer(&self, layers: &mut Layers, slice: u64) -> Option<bool> {
        let states = layers.begin()?;
        if states < PARALLEL_LAYER || self.threads < 2 || slice == 0 {
            // Small, or no nodes left: the metered slices of the calling thread.
            return layers.run_layer(slice);
        }
        Some(self.make_whole(layers, states))
    }
}

/// Builds the [`Diagram`] of `problem`'s solutions ([`Diagram::build`])
/// with the layers of a narrow problem made on the threads of `pool`
/// (each layer of 1,024 states or more cut into a part per thread, as the
/// layered count on threads does), for samples and frequencies. The
/// diagram is the same as on one thread, and so are its draws for a seed.
/// It keeps the pool, to make the layers between its checkpoints again on
/// its threads (a diagram larger than half its memory keeps only some).
/// The budget is read between layers: a layer made on threads is made
/// whole, so a node budget may be passed by one layer's options.
///
/// ```
/// use dlx_core::{parse_dlx, Budget, MemoSettings};
///
/// // Domino tilings of a 2x6 strip: 13 (Fibonacci).
/// let mut text = String::new();
/// for c in 0..6 { text += &format!("a{c} b{c} "); }
/// text += "\n";
/// for c in 0..6 { text += &format!("a{c} b{c}\n"); }
/// for c in 0..5 { text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1); }
/// let problem = parse_dlx(&text)?;
/// let pool = std::sync::Arc::new(rayon::ThreadPoolBuilder::new().num_threads(2).build()?);
/// let diagram = dlx_parallel::diagram_on(&problem, &MemoSettings::new(), &Budget::new(), &pool)?;
/// assert_eq!(diagram.count().to_string(), "13");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diagram_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    pool: &Arc<ThreadPool>,
) -> Result<Diagram, MemoError> {
    if pool.current_num_threads() < 2 {
        return Diagram::build(problem, settings, budget);
    }
    let maker = Arc::new(OnThreads::of(Arc::clone(pool)));
    // The whole build runs inside the pool, as the layered count does, so
    // that its threads stay awake from one layer to the next.
    pool.install(|| Diagram::build_with(problem, settings, budget, maker))
}

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
/// assert_eq!(counter.count()?, 34u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelMemoCounter<'p> {
    root: MemoCounter,
    pool: Threads<'p>,
    stats: MemoStats,
    sweep: Option<SweepStats>,
    budget: Budget,
    pub(crate) progress: Option<Arc<Progress>>,
    /// The threads of the pool the count runs on (`None`: all of them).
    pub(crate) workers: Option<usize>,
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
            sweep: None,
            budget: counter.budget().clone(),
            progress: None,
            workers: None,
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
            sweep: self.sweep,
            budget: self.budget,
            progress: self.progress,
            workers: self.workers,
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
        self.progress
            .get_or_insert_with(|| Arc::new(Progress::new(threads)))
            .clone()
    }

    /// The number of threads the count runs on: the pool's, or fewer when
    /// limited (a limit the layered count does not take: see
    /// [`ParallelCount::set_memo_threads`]).
    pub fn threads(&self) -> usize {
        if self.root.sweeps() {
            return self.pool_threads();
        }
        self.workers
            .map_or(self.pool_threads(), |n| n.clamp(1, self.pool_threads()))
    }

    /// The number of threads of the pool.
    fn pool_threads(&self) -> usize {
        self.pool
            .pool()
            .map_or_else(rayon::current_num_threads, ThreadPool::current_num_threads)
    }

    /// Counts the solutions.
    ///
    /// A narrow problem ([`MemoCounter::sweeps`]) is counted layer by layer
    /// ([`dlx_core::Layers`]): each layer's shards are expanded on the
    /// threads, each into buffers of its own, and then each shard takes in
    /// the states made for it, on the threads too. The states, and so the
    /// count, are the same on any number of threads. When the layers pass
    /// the memory granted, or for any other problem, the count is split:
    ///
    /// The count is split into 8 pieces per thread:
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
        let results = match self.pool.pool() {
            None => work(),
            Some(pool) => pool.install(work),
        };
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
        match job.halt.why() {
            Some(Why::Stop(stop)) => Err(MemoError::Stopped(stop)),
            _ => Ok(total),
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

    /// The layered count on the threads; `None` when its layers passed the
    /// memory granted (the root then leaves the layered count).
    fn count_layers(&mut self) -> Result<Option<Count>, MemoError> {
        let threads = self.threads();
        let progress = self.progress.clone();
        if let Some(progress) = &progress {
            progress.reset();
        }
        let mut counter = self.root.fresh();
        if threads == 1 {
            // The metered slices of the counter itself.
            let halt = Halt::default();
            counter.set_budget(self.budget.clone());
            let count = run_to_end(&mut counter, progress.as_deref(), &halt);
            self.stats = counter.stats();
            self.sweep = counter.sweep_stats();
            // A count whose layers passed the memory went on depth first,
            // from the start, in the same counter: its count is as good.
            return count.map(Some).map_err(MemoError::Stopped);
        }
        let budget = &self.budget;
        let pool = self.pool.pool();
        let layers = counter.layers().expect("the counter sweeps");
        // The whole sweep runs inside the pool: the thread that drives it is
        // one of the pool's and merges a part of each layer itself, and the
        // others, between two layers, are still awake for the next (handing
        // each layer to the pool from outside woke them every time).
        let mut sweep = || -> Result<bool, MemoError> {
            let maker = OnThreads::new(threads);
            // On two threads, from both ends at once: the threads meet once
            // a count. On more, each large layer is cut by key.
            if threads == 2 && layers.meets() {
                return meet(&maker, layers, budget, progress.as_deref());
            }
            while let Some(states) = layers.begin() {
                if let Some(stop) = clock_stop(budget) {
                    return Err(MemoError::Stopped(stop));
                }
                let before = layers.memo_stats().nodes;
                let fits = maker.make_whole(layers, states);
                let nodes = layers.memo_stats().nodes - before;
                budget.spend(nodes).map_err(MemoError::Stopped)?;
                if let Some(progress) = &progress {
                    progress.add_nodes(nodes);
                    let (place, of) = layers.place();
                    progress.set_finished(f64::from(place) / f64::from(of.max(1)));
                }
                if !fits {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        let fits = match pool {
            // `scope` runs its body on a thread of the global pool.
            None => rayon::scope(|_| sweep())?,
            Some(pool) => pool.install(sweep)?,
        };
        let layers = counter.layers().expect("the counter sweeps");
        self.stats = layers.memo_stats();
        self.sweep = Some(layers.stats());
        if fits {
            return Ok(Some(layers.count()));
        }
        self.root.leave_layers();
        Ok(None)
    }

    /// The cache the threads share.
    pub fn cache(&self) -> &MemoCache {
        self.root.cache()
    }

    /// The pieces: paths of choices from the root, in the order of the
    /// sequential search, with their shares of the tree, and the number of
    /// nodes expanded to make them.
    /// Each expansion is a node of the count's budget, and the budget's
    /// deadline and flags are read at each (a forced chain is walked to
    /// its end here).
    fn split(&self, goal: usize) -> Result<(Vec<Piece>, u64), Stop> {
        // Each piece: its path, its share of the tree, whether it can be expanded.
        let mut pieces: Vec<(Vec<OptionId>, f64, bool)> = vec![(Vec::new(), 1.0, true)];
        let mut expanded = 0;
        // The piece expanded last when it had a single option, and its
        // counter: its only child takes its place with the same share, so
        // it is the next piece expanded, and it goes on from that counter
        // with one more choice. Replaying each piece's path from the root
        // made a forced chain of n levels cost n^2 / 2 choices and n clones
        // of the counter (40,000 levels took 27 s).
        let mut last: Option<(usize, MemoCounter)> = None;
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
            let counter = match last.take() {
                Some((only_child, mut counter)) if only_child == k => {
                    let option = *pieces[k]
                        .0
                        .last()
                        .expect("a child's path ends in its option");
                    counter
                        .choose(option)
                        .expect("a path of the split chooses options the counter branched on");
                    counter
                }
                _ => at(&self.root, &pieces[k].0),
            };
            match counter.branch() {
                // Nothing left to cover: the path is a solution, counted as a piece.
                None => pieces[k].2 = false,
                Some(branch) => {
                    self.budget.spend(1)?;
                    expanded += 1;
                    let (mut path, weight, _) = std::mem::take(&mut pieces[k]);
                    let share = weight / branch.options.len().max(1) as f64;
                    if let [only] = branch.options[..] {
                        // The path grows in place: copied, a chain's paths
                        // would cost the square of its length too.
                        path.push(only);
                        pieces[k] = (path, share, true);
                        last = Some((k, counter));
                        continue;
                    }
                    let children = branch.options.iter().map(|&o| {
                        let mut child = path.clone();
                        child.push(o);
                        (child, share, true)
                    });
                    pieces.splice(k..=k, children);
                }
            }
        }
        Ok((pieces.into_iter().map(|p| (p.0, p.1)).collect(), expanded))
    }
}

/// One piece's memoised count, from [`ParallelMemoCounter::count_ways`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MemoPiece {
    /// The index the caller gave the piece.
    pub index: usize,
    /// Its number of solutions.
    pub count: Count,
    /// The statistics of its count.
    pub stats: MemoStats,
    /// Seconds its count took.
    pub seconds: f64,
}

impl ParallelMemoCounter<'_> {
    /// Counts pieces of the problem one by one, each given by its index and
    /// the options all its solutions share (its way down, as
    /// [`Solver::entered_way`] gives it for a piece of a plain split), on
    /// the pool's threads sharing the cache, so that a subproblem two
    /// pieces meet is counted once (on a narrow problem, each piece is
    /// counted layer by layer on its thread instead, its options' places
    /// covered from the start: see [`MemoCounter::sweeps`]). `done` gets each piece's count as soon
    /// as it is counted, in no particular order, on the calling thread.
    ///
    /// Returns how the counts ended: `Finished` when every piece was
    /// counted; when the budget stopped them, the stop, and the pieces cut
    /// short were not given to `done` (a memoised count has no partial
    /// value). A way whose options conflict has no solution: its count is 0.
    ///
    /// ```
    /// use dlx_core::subtree::SubtreeSearch;
    /// use dlx_core::{parse_dlx, MemoSettings, Outcome, Solver};
    /// use dlx_parallel::ParallelMemoCounter;
    ///
    /// // The 2 x 3 board's 3 domino tilings, split at its first choice.
    /// let problem = parse_dlx("a0 a1 a2 b0 b1 b2\na0 b0\na1 b1\na2 b2\na0 a1\na1 a2\nb0 b1\nb1 b2\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let pieces = solver.divide(&solver.root_subtree())?.expect("a choice").parts;
    /// let mut ways = Vec::new();
    /// for (index, piece) in pieces.iter().enumerate() {
    ///     let mut entering = Solver::new(&problem);
    ///     entering.enter(piece)?;
    ///     ways.push((index, entering.entered_way().expect("one alternative")));
    /// }
    /// let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())?.with_threads(2)?;
    /// let mut total = 0u64;
    /// let outcome = counter.count_ways(&ways, |piece| total += piece.count.to_u64().unwrap());
    /// assert_eq!((total, outcome), (3, Outcome::Finished));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_ways(
        &mut self,
        ways: &[(usize, Vec<OptionId>)],
        mut done: impl FnMut(MemoPiece),
    ) -> Outcome {
        let threads = self.threads();
        let next = AtomicUsize::new(0);
        let halt = Halt::default();
        let (root, budget, progress) = (&self.root, &self.budget, self.progress.as_deref());
        let pool = self.pool.pool();
        let (sender, receiver) = mpsc::channel::<MemoPiece>();
        let stats = std::thread::scope(|scope| {
            let (next, halt) = (&next, &halt);
            let workers = scope.spawn(move || {
                let work = || -> MemoStats {
                    (0..threads)
                        .into_par_iter()
                        .map(|_| {
                            let sender = sender.clone();
                            let mut stats = MemoStats::default();
                            while let Some((index, way)) =
                                ways.get(next.fetch_add(1, Ordering::Relaxed))
                            {
                                if halt.is_raised() {
                                    break;
                                }
                                let started = Instant::now();
                                let Some(mut counter) = try_at(root, way) else {
                                    let piece = MemoPiece {
                                        index: *index,
                                        count: Count::ZERO,
                                        stats: MemoStats::default(),
                                        seconds: started.elapsed().as_secs_f64(),
                                    };
                                    let _ = sender.send(piece);
                                    continue;
                                };
                                counter.set_budget(budget.clone().with_cancel(halt.flag()));
                                let count = run_to_end(&mut counter, progress, halt).ok();
                                stats += counter.stats();
                                let Some(count) = count else { break };
                                let piece = MemoPiece {
                                    index: *index,
                                    count,
                                    stats: counter.stats(),
                                    seconds: started.elapsed().as_secs_f64(),
                                };
                                let _ = sender.send(piece);
                            }
                            stats
                        })
                        .reduce(MemoStats::default, |mut a, b| {
                            a += b;
                            a
                        })
                };
                match pool {
                    None => work(),
                    Some(pool) => pool.install(work),
                }
            });
            for piece in receiver {
                done(piece);
            }
            workers
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.stats = stats;
        match halt.why() {
            Some(Why::Stop(stop)) => Outcome::Stopped(stop),
            _ => Outcome::Finished,
        }
    }
}

/// Runs `counter` to its end in slices of [`SLICE`] nodes, adding them to
/// `progress`; a stop (the budget's, or `halt`'s flag) is raised on `halt`,
/// unless it was already, and returned.
fn run_to_end(
    counter: &mut MemoCounter,
    progress: Option<&Progress>,
    halt: &Halt,
) -> Result<Count, Stop> {
    loop {
        let before = counter.stats().nodes;
        let step = counter.run(SLICE);
        if let Some(progress) = progress {
            progress.add_nodes(counter.stats().nodes - before);
        }
        match step {
            MemoStep::Done(count) => return Ok(count),
            MemoStep::Paused => {}
            MemoStep::Stopped(stop) => {
                if !halt.is_raised() {
                    halt.raise(Why::Stop(stop));
                }
                return Err(stop);
            }
        }
    }
}

/// The layered count on two threads, from both ends at once
/// ([`Layers::meet`]): the threads meet once, where the layers made from
/// the start meet those made back from the end. `Ok(false)` when the
/// layers passed the memory granted.
///
/// Measured with the criterion bench `layered`, one thread against two,
/// on a 2-core machine: 2.07x on the 16 x 16 board (16.3 ms against 7.9
/// ms), 1.94x on the Aztec diamond of order 12 (4.5 ms, 2.3 ms) and 2.31x
/// on order 16 (102 ms, 44 ms). The runs of layers by halves before (the
/// states split by the parity of bits that no option of a run of layers
/// changes, a thread kept spinning for the halves) gave 1.71x, 1.43x and
/// 1.55x in the same session.
fn meet(
    maker: &OnThreads,
    layers: &mut Layers,
    budget: &Budget,
    progress: Option<&Progress>,
) -> Result<bool, MemoError> {
    if let Some(stop) = clock_stop(budget) {
        return Err(MemoError::Stopped(stop));
    }
    let stopped = Mutex::new(None);
    let (_, of) = layers.place();
    let check = |nodes: u64, left: u32| {
        if let Some(progress) = progress {
            progress.add_nodes(nodes);
            progress.set_finished(1.0 - f64::from(left) / f64::from(of.max(1)));
        }
        match clock_stop(budget).map_or_else(|| budget.spend(nodes), Err) {
            Ok(()) => true,
            Err(stop) => {
                *stopped.lock().unwrap_or_else(PoisonError::into_inner) = Some(stop);
                false
            }
        }
    };
    match layers.meet(maker, &check) {
        MeetEnd::Done => Ok(true),
        MeetEnd::OverMemory => Ok(false),
        MeetEnd::Stopped => {
            let stop = stopped
                .into_inner()
                .unwrap_or_else(PoisonError::into_inner)
                .unwrap_or(Stop::Cancelled);
            Err(MemoError::Stopped(stop))
        }
    }
}

/// Whether the budget's cancel flags or its deadline stop a count now.
fn clock_stop(budget: &Budget) -> Option<Stop> {
    if budget.is_cancelled() {
        Some(Stop::Cancelled)
    } else if budget
        .deadline()
        .is_some_and(|deadline| Instant::now() >= deadline)
    {
        Some(Stop::Time)
    } else {
        None
    }
}

/// A clone of `root` with the choices of `way` fixed, or `None` when they conflict.
fn try_at(root: &MemoCounter, way: &[OptionId]) -> Option<MemoCounter> {
    let mut counter = root.clone();
    for &option in way {
        counter.choose(option).ok()?;
    }
    Some(counter)
}

/// A piece of a memoised count: its path of choices from the root, and its share of the tree.
type Piece = (Vec<OptionId>, f64);

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
    /// The caller's budget, which every piece's count draws on.
    budget: &'a Budget,
    /// The count's own stop: another thread's error, or a stop of the budget.
    halt: Halt,
    progress: Option<&'a Progress>,
}

impl Job<'_> {
    /// One thread's share: the next piece not taken, until none is left, or
    /// until the budget or another thread stops the count.
    /// Returns the sum of its pieces' counts and its statistics (of the
    /// pieces finished, and of the one a stop or an error ended).
    fn count_pieces(&self, worker: usize) -> (Result<Count, MemoError>, MemoStats) {
        let mut total = Count::ZERO;
        let mut stats = MemoStats::default();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((path, share)) = self.pieces.get(k) else {
                return (Ok(total), stats);
            };
            if self.halt.is_raised() {
                return (Err(MemoError::Stopped(Stop::Cancelled)), stats);
            }
            let mut counter = at(self.root, path);
            counter.set_budget(self.budget.clone().with_cancel(self.halt.flag()));
            match run_to_end(&mut counter, self.progress, &self.halt) {
                Ok(count) => total += count,
                Err(stop) => {
                    // The other threads need not go on: the count cannot finish.
                    self.halt.raise(Why::Stop(Stop::Cancelled));
                    stats += counter.stats();
                    return (Err(MemoError::Stopped(stop)), stats);
                }
            }
            stats += counter.stats();
            if let Some(progress) = self.progress {
                progress.finish(worker, 0.0, *share);
            }
        }
    }
}

/// A count on the threads of a rayon pool, by the method the core's rule
/// chooses ([`decide_method`], the one place that decides): the memoised
/// count where a short probe finds that it pays, else the plain count;
/// within a [`Budget`], with a live [`Progress`].
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
pub struct ParallelCount<'p> {
    pool: Threads<'p>,
    settings: MemoSettings,
    mode: CountMode,
    budget: Budget,
    progress: Option<Arc<Progress>>,
    memo_threads: Option<usize>,
    balance: Balance,
}

impl ParallelCount<'static> {
    /// A count with `settings` (the memoised count's) and `mode` (the
    /// method, or the automatic choice), on rayon's global pool.
    pub fn new(settings: &MemoSettings, mode: CountMode) -> ParallelCount<'static> {
        ParallelCount {
            pool: Threads::Global,
            settings: settings.clone(),
            mode,
            budget: Budget::new(),
            progress: None,
            memo_threads: None,
            balance: Balance::default(),
        }
    }

    /// Runs on a pool of its own of `threads` threads (0: one per core).
    pub fn with_threads(mut self, threads: usize) -> Result<Self, ParallelError> {
        self.pool = Threads::Owned(pool_of(threads)?);
        self.progress = None;
        Ok(self)
    }
}

impl<'p> ParallelCount<'p> {
    /// Runs on the threads of `pool`.
    pub fn with_pool<'q>(self, pool: &'q ThreadPool) -> ParallelCount<'q> {
        ParallelCount {
            pool: Threads::Borrowed(pool),
            settings: self.settings,
            mode: self.mode,
            budget: self.budget,
            progress: None,
            memo_threads: self.memo_threads,
            balance: self.balance,
        }
    }

    /// The budget of the count (see [`Budget`]): the probe, the plain and
    /// the memoised count all draw on it.
    pub fn set_budget(&mut self, budget: Budget) -> &mut Self {
        self.budget = budget;
        self
    }

    /// The threads the depth-first memoised count uses, when fewer than the
    /// pool's (`None`: all of them): its threads meet on the same
    /// subproblems and count them twice, so fewer may be faster. The layered
    /// count ([`dlx_core::MemoCounter::sweeps`]) always runs on the whole
    /// pool: its threads take disjoint ranges of each layer's keys and never
    /// meet, and its layers too small to pay run on one thread.
    pub fn set_memo_threads(&mut self, threads: Option<usize>) -> &mut Self {
        self.memo_threads = threads;
        self
    }

    /// The number of threads of the pool.
    pub fn threads(&self) -> usize {
        self.pool
            .pool()
            .map_or_else(rayon::current_num_threads, ThreadPool::current_num_threads)
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
    /// whether the budget stopped it.
    pub fn count(&mut self, problem: &Problem) -> Result<Counted, CountError> {
        match self.mode {
            CountMode::Plain => self.plain(problem, None, MemoStats::default(), 0.0),
            CountMode::Memo => {
                let mut counter = MemoCounter::new(problem, &self.settings_within())?;
                counter.set_budget(self.budget.clone());
                self.memo(&counter, Stats::default(), 0.0)
            }
            CountMode::Auto => {
                let decision =
                    decide_method_on(problem, &self.settings, &self.budget, self.threads());
                self.finish(problem, decision)
            }
        }
    }

    /// Goes on with a count whose method the caller decided
    /// ([`decide_method`] with this count's settings and budget), for a
    /// caller that counts plainly in its own way and memoises otherwise.
    pub fn finish(&mut self, problem: &Problem, decision: Decision) -> Result<Counted, CountError> {
        match decision {
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
                counter,
                plain,
                leverage,
            } => {
                let mut probe = counter.stats();
                let mut counted = self.memo(&counter, plain, leverage)?;
                probe += counted.memo;
                counted.memo = probe;
                Ok(counted)
            }
            Decision::Plain {
                solver,
                memo,
                leverage,
            } => self.plain(problem, Some(*solver), memo, leverage),
        }
    }

    /// The memoised settings, the cache capped by the budget's memory.
    fn settings_within(&self) -> MemoSettings {
        let mut settings = self.settings.clone();
        if let Some(memory) = self.budget.memory() {
            settings.memory = settings.memory.min(memory);
        }
        settings
    }

    /// The plain count: on one thread from where `begun` stands (the
    /// probe's), else on the threads from the start.
    fn plain(
        &mut self,
        problem: &Problem,
        begun: Option<Solver>,
        memo: MemoStats,
        leverage: f64,
    ) -> Result<Counted, CountError> {
        let progress = self.progress.clone();
        // A decision the budget stopped leaves the count it began: it is the
        // partial count (the threads, starting over, would find none).
        let stopped = begun.is_some() && self.budget.check().is_err();
        if self.threads() == 1 || stopped {
            let mut solver = begun.unwrap_or_else(|| Solver::new(problem));
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
            return Ok(Counted {
                count: Some(Count::from(solver.stats().solutions)),
                outcome,
                method: Method::Plain,
                plain: *solver.stats(),
                memo,
                cache: CacheStats::default(),
                sweep: None,
                leverage,
            });
        }
        let mut parallel = match self.pool.pool() {
            Some(pool) => ParallelSolver::new(problem).with_pool(pool),
            None => ParallelSolver::new(problem),
        };
        parallel.set_budget(self.budget.clone());
        parallel.progress = progress;
        let count = parallel.count();
        self.balance = parallel.balance();
        Ok(Counted {
            count: Some(count.value),
            outcome: count.outcome,
            method: Method::Plain,
            plain: *parallel.stats(),
            memo,
            cache: CacheStats::default(),
            sweep: None,
            leverage,
        })
    }

    /// The memoised count of `counter`'s problem on the memoised count's threads.
    fn memo(
        &mut self,
        counter: &MemoCounter,
        plain: Stats,
        leverage: f64,
    ) -> Result<Counted, CountError> {
        let mut parallel = match self.pool.pool() {
            Some(pool) => ParallelMemoCounter::from_counter(counter).with_pool(pool),
            None => ParallelMemoCounter::from_counter(counter),
        };
        parallel.workers = self.memo_threads;
        parallel.set_budget(self.budget.clone());
        parallel.progress = self.progress.clone();
        let (count, outcome) = match parallel.count() {
            Ok(count) => (Some(count), Outcome::Finished),
            Err(MemoError::Stopped(stop)) => (None, Outcome::Stopped(stop)),
            Err(err) => return Err(err.into()),
        };
        Ok(Counted {
            count,
            outcome,
            method: Method::Memo,
            plain,
            memo: parallel.stats(),
            cache: parallel.cache().stats(),
            sweep: parallel.sweep_stats(),
            leverage,
        })
    }
}

/// Decides how `problem` is counted, for a count that goes on on
/// `threads` threads ([`ParallelCount::finish`]): [`decide_method`] on
/// one thread, which goes on from the decision's plain count, and
/// [`decide_method_fresh`] on more, where the plain count starts over and
/// the plain count the rule runs beside its probe would be thrown away.
pub fn decide_method_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    threads: usize,
) -> Decision {
    if threads > 1 {
        decide_method_fresh(problem, settings, budget)
    } else {
        decide_method(problem, settings, budget)
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
        return Ok(count_solutions(problem, settings, mode, budget)?);
    }
    let mut count = ParallelCount::new(settings, mode).with_threads(threads)?;
    count.set_budget(budget.clone());
    count.count(problem)
}
