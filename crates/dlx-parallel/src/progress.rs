//! A live view of a running parallel search, to read from another thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use dlx_core::Solver;

/// How often a worker recomputes where its search is (Knuth's estimate walks
/// every level, so not at every slice of a deep search).
const EVERY_NANOS: u64 = 20_000_000;

/// Solutions, nodes and the estimated fraction done of a running search,
/// updated by the worker threads as they go.
///
/// Get it from [`ParallelSolver::progress`](crate::ParallelSolver::progress)
/// before starting a search and read it from another thread while the search
/// runs. The fraction adds up the shares of Knuth's estimate that the workers
/// have finished, and how far each running one is into its own share.
#[derive(Debug)]
pub struct Progress {
    started: Instant,
    workers: Vec<Slot>,
    /// The estimate's share of the finished tasks, as `f64` bits.
    finished: Mutex<f64>,
    nodes: AtomicU64,
    solutions: AtomicU64,
}

/// The levels of Knuth's progress string kept for [`Progress::choices`].
const CHOICE_LEVELS: usize = 12;

/// One worker's task: where its share starts and where the search is in it.
#[derive(Debug, Default)]
struct Slot {
    busy: AtomicBool,
    origin: AtomicU64,
    position: AtomicU64,
    last: AtomicU64,
    /// Knuth's progress string of the worker's path, `k` of `d` per level.
    choices: Mutex<Vec<(u32, u32)>>,
}

impl Progress {
    /// The progress a run hands out, kept in `slot`: made there for
    /// `workers` threads the first time it is asked for.
    pub(crate) fn shared(slot: &mut Option<Arc<Progress>>, workers: usize) -> Arc<Progress> {
        Arc::clone(slot.get_or_insert_with(|| Arc::new(Progress::new(workers))))
    }

    pub(crate) fn new(workers: usize) -> Progress {
        Progress {
            started: Instant::now(),
            workers: (0..workers).map(|_| Slot::default()).collect(),
            finished: Mutex::new(0.0),
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
        }
    }

    /// Starts over, for the next search.
    pub(crate) fn reset(&self) {
        for slot in &self.workers {
            slot.busy.store(false, Ordering::Relaxed);
        }
        *self.finished.lock().unwrap_or_else(PoisonError::into_inner) = 0.0;
        self.nodes.store(0, Ordering::Relaxed);
        self.solutions.store(0, Ordering::Relaxed);
    }

    /// Worker `worker`, whose task's share starts at `origin`, searched
    /// `nodes` more nodes and found `solutions` more solutions.
    pub(crate) fn advance(
        &self,
        worker: usize,
        origin: f64,
        solver: &Solver,
        nodes: u64,
        solutions: u64,
    ) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.solutions.fetch_add(solutions, Ordering::Relaxed);
        let Some(slot) = self.workers.get(worker) else {
            return;
        };
        let now = u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let fresh = slot.busy.load(Ordering::Relaxed)
            && slot.origin.load(Ordering::Relaxed) == origin.to_bits();
        if fresh && now.saturating_sub(slot.last.load(Ordering::Relaxed)) < EVERY_NANOS {
            return;
        }
        slot.last.store(now, Ordering::Relaxed);
        slot.origin.store(origin.to_bits(), Ordering::Relaxed);
        slot.position
            .store(solver.progress().max(origin).to_bits(), Ordering::Relaxed);
        *slot.choices.lock().unwrap_or_else(PoisonError::into_inner) =
            solver.choices(CHOICE_LEVELS);
        slot.busy.store(true, Ordering::Relaxed);
    }

    /// Work that no [`Solver`] did (a memoised count's): `nodes` more nodes.
    pub(crate) fn add_nodes(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The fraction done of a count that knows it (a layered count's
    /// places passed), in place of the tasks' shares.
    pub(crate) fn set_finished(&self, fraction: f64) {
        *self.finished.lock().unwrap_or_else(PoisonError::into_inner) = fraction;
    }

    /// Worker `worker`'s task, whose share started at `origin`, ended at `end`.
    pub(crate) fn finish(&self, worker: usize, origin: f64, end: f64) {
        let mut finished = self.finished.lock().unwrap_or_else(PoisonError::into_inner);
        *finished += (end - origin).max(0.0);
        self.idle(worker);
    }

    /// Worker `worker` has no task any more.
    pub(crate) fn idle(&self, worker: usize) {
        if let Some(slot) = self.workers.get(worker) {
            slot.busy.store(false, Ordering::Relaxed);
        }
    }

    /// The estimated fraction of the whole tree explored, in `[0, 1]`:
    /// finished tasks count fully, running ones by Knuth's estimate of how
    /// far they are into their share.
    pub fn fraction(&self) -> f64 {
        let mut total = *self.finished.lock().unwrap_or_else(PoisonError::into_inner);
        for slot in &self.workers {
            if slot.busy.load(Ordering::Relaxed) {
                let origin = f64::from_bits(slot.origin.load(Ordering::Relaxed));
                let position = f64::from_bits(slot.position.load(Ordering::Relaxed));
                total += (position - origin).max(0.0);
            }
        }
        total.clamp(0.0, 1.0)
    }

    /// Knuth's progress string of the leftmost running task (the one whose
    /// share starts first, which the fraction done waits on): the choice at
    /// each of its first levels, `k` of `d` (`k` from 1), at most
    /// 12 levels; empty when no task runs. On one thread it is the
    /// search's own path, as Knuth's DLX1 prints it.
    pub fn choices(&self) -> Vec<(u32, u32)> {
        self.workers
            .iter()
            .filter(|slot| slot.busy.load(Ordering::Relaxed))
            .min_by(|a, b| {
                let origin = |slot: &Slot| f64::from_bits(slot.origin.load(Ordering::Relaxed));
                origin(a).total_cmp(&origin(b))
            })
            .map(|slot| {
                slot.choices
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clone()
            })
            .unwrap_or_default()
    }

    /// Nodes entered so far by the workers' searches.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solutions found so far (in counting mode, possibly past a limit).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }
}
