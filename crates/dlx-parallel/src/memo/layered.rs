//! The layered count on threads: each large layer cut by key over the threads, or, on two threads, the count made from both ends at once.

use std::sync::{Arc, Mutex, PoisonError};

use dlx_core::layers::{Chunk, LayerEnd, LayerMaker, Layers};
use dlx_core::{Budget, Count, Diagram, MemoError, MemoSettings, Problem};
use rayon::prelude::*;

use super::pieces::run_to_end;
use super::ParallelMemoCounter;
use crate::pool::Pool;
use crate::progress::Progress;
use crate::steal::Halt;

/// Layers of a layered count with fewer states than this are made on one
/// thread: on more, starting the threads costs more than they save. The
/// one threshold of the layered count on threads ([`OnThreads::is_large`]):
/// for the layers cut by key, and for the halves of a diagram's backward
/// pass.
const PARALLEL_LAYER: u64 = 1 << 10;

/// The [`LayerMaker`] of a pool: a layer of [`PARALLEL_LAYER`] states or
/// more is cut into a part per thread ([`Layers::split`]), the parts
/// expanded on the threads of the pool (its own, or the one it is called
/// in), and a smaller layer is made on the calling thread.
#[derive(Debug)]
pub(crate) struct OnThreads {
    threads: usize,
    /// The pool, entered for each large layer when called from outside it;
    /// `None`: always called on a thread of the pool to use.
    pool: Option<Pool>,
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
    pub(crate) fn of(pool: Pool) -> OnThreads {
        OnThreads {
            threads: pool.threads(),
            pool: Some(pool),
            chunks: Mutex::new(Vec::new()),
        }
    }

    /// Makes the whole of the current layer, of `states` states:
    /// [`LayerEnd::Made`], or [`LayerEnd::OverMemory`] when the layers
    /// passed the memory granted.
    pub(crate) fn make_whole(&self, layers: &mut Layers, states: u64) -> LayerEnd {
        if !self.is_large(states) {
            return layers.run_layer(u64::MAX);
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
                // One limb wider: the same layer again.
                LayerEnd::Wider => {}
                end => return end,
            }
        };
        let end = match &self.pool {
            Some(pool) => pool.install(cut),
            None => cut(),
        };
        *self.chunks.lock().unwrap_or_else(PoisonError::into_inner) = chunks;
        end
    }
}

impl LayerMaker for OnThreads {
    fn is_large(&self, states: u64) -> bool {
        self.threads >= 2 && states >= PARALLEL_LAYER
    }

    fn join(&self, a: &mut (dyn FnMut() + Send), b: &mut (dyn FnMut() + Send)) {
        match &self.pool {
            Some(pool) => pool.join(a, b),
            None => {
                rayon::join(a, b);
            }
        }
    }

    fn make_layer(&self, layers: &mut Layers, slice: u64) -> LayerEnd {
        let Some(states) = layers.begin() else {
            return LayerEnd::Finished;
        };
        if !self.is_large(states) || slice == 0 {
            // Small, or no nodes left: the metered slices of the calling thread.
            return layers.run_layer(slice);
        }
        self.make_whole(layers, states)
    }
}

/// Builds the [`Diagram`] of `problem`'s solutions ([`Diagram::build`])
/// with the layers of a narrow problem made on the threads of `pool`
/// (each layer of 1,024 states or more cut into a part per
/// thread, as the layered count on threads does), for samples and frequencies. The
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
/// let pool = dlx_parallel::Pool::new(2)?;
/// let diagram = dlx_parallel::diagram_on(&problem, &MemoSettings::new(), &Budget::new(), &pool)?;
/// assert_eq!(diagram.count().to_string(), "13");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diagram_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    pool: &Pool,
) -> Result<Diagram, MemoError> {
    if pool.threads() < 2 {
        return Diagram::build(problem, settings, budget);
    }
    let maker = Arc::new(OnThreads::of(pool.clone()));
    // The whole build runs inside the pool, as the layered count does, so
    // that its threads stay awake from one layer to the next.
    pool.install(|| Diagram::build_with(problem, settings, budget, maker))
}

impl ParallelMemoCounter {
    /// The layered count on the threads; `None` when its layers passed the
    /// memory granted (the root then leaves the layered count).
    pub(super) fn count_layers(&mut self) -> Result<Option<Count>, MemoError> {
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
        let pool = self.pool.clone();
        let layers = counter.layers().expect("the counter sweeps");
        // The whole sweep runs inside the pool: the thread that drives it is
        // one of the pool's and merges a part of each layer itself, and the
        // others, between two layers, are still awake for the next (handing
        // each layer to the pool from outside woke them every time).
        let sweep = || -> LayerEnd {
            let maker = OnThreads::new(threads);
            // On two threads, from both ends at once: the threads meet once
            // a count. On more, each large layer is cut by key.
            if threads == 2 && layers.meets() {
                return meet(&maker, layers, budget, progress.as_deref());
            }
            while let Some(states) = layers.begin() {
                // The deadline and the flags (`spend(0)` takes no node).
                if let Err(stop) = budget.spend(0) {
                    return LayerEnd::Stopped(stop);
                }
                let before = layers.memo_stats().nodes;
                let end = maker.make_whole(layers, states);
                let nodes = layers.memo_stats().nodes - before;
                if let Err(stop) = budget.spend(nodes) {
                    return LayerEnd::Stopped(stop);
                }
                if let Some(progress) = &progress {
                    progress.add_nodes(nodes);
                    let (place, of) = layers.place();
                    progress.set_finished(f64::from(place) / f64::from(of.max(1)));
                }
                if end != LayerEnd::Made {
                    return end;
                }
            }
            LayerEnd::Finished
        };
        let end = pool.install(sweep);
        if let LayerEnd::Stopped(stop) = end {
            return Err(MemoError::Stopped(stop));
        }
        let layers = counter.layers().expect("the counter sweeps");
        self.stats = layers.memo_stats();
        self.sweep = Some(layers.stats());
        if end == LayerEnd::Finished {
            return Ok(Some(layers.count()));
        }
        debug_assert_eq!(end, LayerEnd::OverMemory, "a whole count's other end");
        self.root.leave_layers();
        Ok(None)
    }
}

/// The layered count on two threads, from both ends at once
/// ([`Layers::meet`]): the threads meet once, where the layers made from
/// the start meet those made back from the end. Each side spends the
/// options it took from the budget after each layer; the first stop's
/// reason is the count's.
///
/// Measured with the criterion bench `layered`, one thread against two,
/// on a 2-core machine: 2.07x on the 16 x 16 board (16.3 ms against 7.9
/// ms), 1.94x on the Aztec diamond of order 12 (4.5 ms, 2.3 ms) and 2.31x
/// on order 16 (102 ms, 44 ms).
fn meet(
    maker: &OnThreads,
    layers: &mut Layers,
    budget: &Budget,
    progress: Option<&Progress>,
) -> LayerEnd {
    // The deadline and the flags before the first layer.
    if let Err(stop) = budget.spend(0) {
        return LayerEnd::Stopped(stop);
    }
    let (_, of) = layers.place();
    let check = |nodes: u64, left: u32| {
        if let Some(progress) = progress {
            progress.add_nodes(nodes);
            progress.set_finished(1.0 - f64::from(left) / f64::from(of.max(1)));
        }
        budget.spend(nodes)
    };
    layers.meet(maker, &check)
}
