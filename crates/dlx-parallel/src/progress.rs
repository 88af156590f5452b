//! A live view of a running parallel search, to read from another thread.

use std::sync::atomic::{AtomicU64, Ordering};

/// Solutions, nodes and the estimated fraction done of a running search,
/// updated by the worker threads a few times per million nodes.
///
/// Get it from [`ParallelSolver::progress`](crate::ParallelSolver::progress)
/// before starting a search and read it from another thread while the search runs.
#[derive(Debug)]
pub struct Progress {
    /// Each subproblem's share of the tree (they sum to 1).
    weights: Vec<f64>,
    /// Each subproblem's own estimate of its fraction done, as `f64` bits.
    done: Vec<AtomicU64>,
    nodes: AtomicU64,
    solutions: AtomicU64,
}

impl Progress {
    pub(crate) fn new(weights: Vec<f64>) -> Progress {
        let done = weights.iter().map(|_| AtomicU64::new(0)).collect();
        Progress {
            weights,
            done,
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
        }
    }

    pub(crate) fn reset(&self) {
        for d in &self.done {
            d.store(0, Ordering::Relaxed);
        }
        self.nodes.store(0, Ordering::Relaxed);
        self.solutions.store(0, Ordering::Relaxed);
    }

    /// Records subproblem `index` at `fraction` done, with more nodes and solutions found.
    pub(crate) fn update(&self, index: usize, fraction: f64, nodes: u64, solutions: u64) {
        self.done[index].store(fraction.to_bits(), Ordering::Relaxed);
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.solutions.fetch_add(solutions, Ordering::Relaxed);
    }

    /// The estimated fraction of the whole tree explored, in `[0, 1]`: finished
    /// subproblems count fully, running ones by Knuth's estimate of their own
    /// progress, each weighted by its share of the tree.
    pub fn fraction(&self) -> f64 {
        let total: f64 = self
            .weights
            .iter()
            .zip(&self.done)
            .map(|(w, d)| w * f64::from_bits(d.load(Ordering::Relaxed)))
            .sum();
        total.clamp(0.0, 1.0)
    }

    /// Nodes entered so far by the subproblems' searches.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solutions found so far (in counting mode, possibly past a limit).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }
}
