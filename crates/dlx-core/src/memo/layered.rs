//! The diagram of a narrow problem kept layer by layer: the layered count's layers, each state with its number of ways from the start, sampled backward from the end and read for frequencies by a backward pass.
//!
//! # Forward: the layered count, its layers kept
//! The layered count (the module `sweep.rs`) makes the layers of a narrow
//! problem one after another: the states at each place of the sweep, each
//! with its number of ways from the start (its *forward count*; the
//! transfer-matrix method). A [`Diagram`](super::Diagram) of such a
//! problem runs that count and keeps each layer as it is made: on the
//! calling thread, or with each large layer cut over threads by a
//! [`LayerMaker`] (`dlx_parallel::diagram_on`), which makes the same
//! layers, and makes the layers between checkpoints (below) again when
//! they are needed. Every state kept was reached, so its forward count is
//! at least 1; the last layer has one state, everything covered, and its
//! forward count is the count. These layers are the nodes of a frontier-based decision
//! diagram (Knuth's SIMPATH; the ZDDs of Minato, Iwashita and Kawahara),
//! with the numbers of its forward pass, and without its edges: the edges
//! into a state are found again from its key.
//!
//! # Memory: checkpoints
//! The layers are kept while they fit in half the budget's memory (with no
//! memory limit, half of [`KEPT_MEMORY`]); the other half is left for the
//! layers made again. When they pass it, only every second kept layer
//! stays (the places that are multiples of twice the interval), as often
//! as needed: the layers kept are then *checkpoints*, every `interval`
//! places, and the last layer. The layers between two checkpoints (a
//! *segment*) are made again, when a draw or the frequencies need them,
//! by the layered count started at the checkpoint before them: all at
//! once when they fit in the memory the checkpoints leave; else the layer
//! halfway is made and held while the half after it and then the half
//! before it are visited the same way, so a segment of `s` layers holds
//! about `log2 s` layers at worst and makes each about `log2 s` times
//! (the checkpointing of reverse-mode differentiation, Griewank's
//! "revolve", in its simplest form). When even the two layers of the count
//! pass a memory limit, or the kept layers do with only the first and the
//! last left, the build stops ([`Stop::Memory`]).
//!
//! # Sampling, backward
//! A draw walks from the end to the start. At place `p + 1`, in a state of
//! key `k'` and forward count `F`, the states of place `p` that lead to it
//! are found from the key: with `full = k' << 1 | 1` (place `p` covered),
//! the state `full` (way 0: its item at `p` was covered already), and for
//! each option of mask `m` whose first item is at `p` and with
//! `full & m == m`, the state `full & !m` (that option taken), when layer
//! `p` holds it (a bisection). Their forward counts add up to exactly `F`,
//! since they are all the ways into `k'`. A number below `F` drawn
//! uniformly picks one, each with probability its forward count over `F`;
//! the options taken on the way back are the solution. The probabilities
//! telescope: a solution's is 1 over the count, exactly.
//!
//! Each draw has its own [`WyRand`], seeded by one word of the caller's
//! random stream, so a seed draws the same solutions however many layers
//! are kept; with checkpoints, [`super::Samples`] draws a batch of them at
//! once, so that one making of each segment serves the whole batch.
//!
//! # Frequencies, backward
//! The *backward count* of a state is its number of ways to the end: 1 for
//! the last layer's state, and for a state at `p`, the sum of the backward
//! counts of the states its ways make at `p + 1`. Each way maps keys in
//! increasing order to keys in increasing order, so a cursor per way walks
//! layer `p + 1` without bisection. An option whose first item is at `p`
//! is in `fwd(s) × bwd(s')` solutions through each state `s` it moves to
//! `s'`; its frequency is the sum. With checkpoints, the pass goes segment
//! by segment from the end, each made again forward, carrying the backward
//! counts of its first layer to the segment before. A layer the maker finds
//! large enough for threads ([`LayerMaker::is_large`]) is cut in two
//! halves, each with its own cursors (started by bisection) and its own
//! sums for the options, which the maker's [`LayerMaker::join`] runs at
//! once.
//!
//! # The numbers
//! Every number the backward passes use is at most the count: a state kept
//! was reached, so its backward count is at most the count, and a forward
//! count is read only for a state that leads to the end (so it is at most
//! the count), and `fwd(s) × bwd(s')` counts solutions. They are therefore
//! held in as many 64-bit limbs as the count has (flat arrays, nothing
//! allocated per number; `limbs.rs`), and a product cut to that width is
//! exact.

use std::collections::VecDeque;
use std::sync::Arc;

use super::limbs::{self, fit, less, mul_add, sub};
use super::sweep::{Chunk, LayerEnd, LayerMaker, Layers, Plan, SweepStats};
use super::{MemoError, MemoStats};
use crate::budget::{Budget, Pace, Stop};
use crate::count::Count;
use crate::index::OptionId;
use crate::random::WyRand;
use crate::time::Instant;

/// The memory a [`Diagram`](super::Diagram) kept layer by layer holds
/// when the budget sets no limit, 1 GiB: half of it for the layers kept,
/// the rest for the layers made again between them.
pub const KEPT_MEMORY: usize = 1 << 30;

/// How many draws [`super::Samples`] makes at once from a diagram whose
/// layers between checkpoints are made again (one making serves them all).
pub(crate) const BATCH: usize = 64;

/// The layers of a narrow problem's layered count, kept whole or at checkpoints.
#[derive(Clone, Debug)]
pub(crate) struct Layered {
    plan: Arc<Plan>,
    /// The layers kept, by place in increasing order: the first, every
    /// `interval`-th, and the last.
    kept: Vec<(u32, Chunk)>,
    interval: u32,
    /// The memory the kept layers and the layers made again share.
    cap: usize,
    /// The bytes of the largest layer.
    largest: usize,
    count: Count,
    /// The limbs of the count: every number of the backward passes fits.
    width: usize,
    n_options: usize,
    memo: MemoStats,
    sweep: SweepStats,
    /// What makes the layers, and makes them again between checkpoints.
    maker: Arc<dyn LayerMaker>,
}

/// A draw in progress, walking back from the end.
#[derive(Clone, Debug)]
struct Walker {
    random: WyRand,
    /// The state reached: its key, and its forward count in `width` limbs.
    key: u128,
    fwd: Vec<u64>,
    chosen: Vec<OptionId>,
}

impl Layered {
    /// Runs the layered count of `plan` within `budget`, its layers made by
    /// `maker`, keeping them.
    pub(crate) fn build(
        plan: Arc<Plan>,
        n_options: usize,
        budget: &Budget,
        maker: Arc<dyn LayerMaker>,
    ) -> Result<Layered, MemoError> {
        let limit = budget.memory();
        let cap = limit.unwrap_or(KEPT_MEMORY);
        let n = plan.places();
        let mut layers = Layers::new(Arc::clone(&plan), limit.unwrap_or(usize::MAX));
        let mut kept = vec![(0, layers.kept_layer())];
        let mut kept_bytes = kept[0].1.bytes();
        let mut interval = 1u32;
        let mut largest = kept_bytes;
        let mut pace = Pace::new();
        while layers.place().0 < n {
            budget.check_clock().map_err(MemoError::Stopped)?;
            let granted = budget.take_nodes(pace.slice());
            let (before, started) = (layers.nodes(), Instant::now());
            let end = maker.make_layer(&mut layers, granted);
            let used = layers.nodes() - before;
            budget.settle_nodes(granted, used);
            match end {
                LayerEnd::Paused if granted == 0 => return Err(MemoError::Stopped(Stop::Nodes)),
                LayerEnd::Paused => {}
                LayerEnd::Stopped(stop) => return Err(MemoError::Stopped(stop)),
                LayerEnd::OverMemory => return Err(MemoError::Stopped(Stop::Memory)),
                made => {
                    debug_assert_eq!(made, LayerEnd::Made, "a maker makes a layer or pauses");
                    let place = layers.place().0;
                    largest = largest.max(layers.layer_used_bytes());
                    if place % interval == 0 || place == n {
                        let layer = layers.kept_layer();
                        kept_bytes += layer.bytes();
                        kept.push((place, layer));
                    }
                    // Thinned to every second checkpoint while over; the
                    // first and last layers always stay.
                    while kept_bytes + layers.bytes() > cap / 2 && interval < n {
                        interval = interval.saturating_mul(2);
                        kept.retain(|&(p, _)| p % interval == 0 || p == n);
                        kept_bytes = kept.iter().map(|(_, layer)| layer.bytes()).sum();
                    }
                    if limit.is_some() && kept_bytes + layers.bytes() > cap {
                        return Err(MemoError::Stopped(Stop::Memory));
                    }
                }
            }
            pace.learn(used, started.elapsed());
        }
        let count = layers.count();
        let width = limbs::width(&count);
        let mut sweep = layers.stats();
        sweep.kept_layers = kept.len() as u64;
        sweep.kept_bytes = kept_bytes;
        sweep.checkpoint_interval = interval;
        Ok(Layered {
            plan,
            kept,
            interval,
            cap,
            largest,
            count,
            width,
            n_options,
            memo: layers.memo_stats(),
            sweep,
            maker,
        })
    }

    pub(crate) fn count(&self) -> &Count {
        &self.count
    }

    /// The states made: every layer's, the first included.
    pub(crate) fn states(&self) -> usize {
        usize::try_from(self.memo.misses).unwrap_or(usize::MAX)
    }

    pub(crate) fn memo_stats(&self) -> MemoStats {
        self.memo
    }

    pub(crate) fn sweep_stats(&self) -> SweepStats {
        self.sweep
    }

    /// Whether the layers between checkpoints must be made again.
    pub(crate) fn thinned(&self) -> bool {
        self.interval > 1
    }

    /// The layer at place `to` (past `from`), made again from `layer`, the
    /// one at `from`, holding two layers at a time.
    fn made_at(&self, from: u32, layer: &Chunk, to: u32) -> Chunk {
        let mut layers = Layers::from_layer(Arc::clone(&self.plan), from, layer.kept(), usize::MAX);
        while layers.place().0 < to {
            let end = self.maker.make_layer(&mut layers, u64::MAX);
            debug_assert_eq!(end, LayerEnd::Made, "made before within the memory");
        }
        layers.kept_layer()
    }

    /// Calls `visit(p, layer p, layer p + 1)` for every place `p` from the
    /// last to the first, each layer left out made again from the
    /// checkpoint before it.
    fn backward(&self, visit: &mut dyn FnMut(u32, &Chunk, &Chunk)) {
        let room = self.cap.saturating_sub(self.sweep.kept_bytes);
        for k in (0..self.kept.len() - 1).rev() {
            let (from, ref first) = self.kept[k];
            let (to, ref last) = self.kept[k + 1];
            self.backward_between(from, first, to, last, room, visit);
        }
    }

    /// [`Layered::backward`] from `to` down to `from`, given their layers,
    /// within `room` bytes for the layers made again: all the layers between
    /// when they fit, else the layer halfway, made and held while the half
    /// after it and then the half before it are visited the same way (so
    /// that a segment of `s` layers holds about `log2 s` layers at worst,
    /// and makes each layer about `log2 s` times).
    fn backward_between(
        &self,
        from: u32,
        first: &Chunk,
        to: u32,
        last: &Chunk,
        room: usize,
        visit: &mut dyn FnMut(u32, &Chunk, &Chunk),
    ) {
        debug_assert!(from < to, "a segment of one layer at least");
        let between = (to - from - 1) as usize;
        if between.saturating_mul(self.largest) <= room {
            let mut made = Vec::with_capacity(between);
            if between > 0 {
                let mut layers =
                    Layers::from_layer(Arc::clone(&self.plan), from, first.kept(), usize::MAX);
                while layers.place().0 + 1 < to {
                    let end = self.maker.make_layer(&mut layers, u64::MAX);
                    debug_assert_eq!(end, LayerEnd::Made, "made before within the memory");
                    made.push(layers.kept_layer());
                }
            }
            let layer = |p: u32| -> &Chunk {
                if p == from {
                    first
                } else if p == to {
                    last
                } else {
                    &made[(p - from - 1) as usize]
                }
            };
            for p in (from..to).rev() {
                visit(p, layer(p), layer(p + 1));
            }
            return;
        }
        let middle = from + (to - from) / 2;
        let halfway = self.made_at(from, first, middle);
        let room = room.saturating_sub(halfway.bytes());
        self.backward_between(middle, &halfway, to, last, room, visit);
        self.backward_between(from, first, middle, &halfway, room, visit);
    }

    /// Solutions drawn uniformly at random, one for each seed in `seeds`
    /// (each draw walking with its own [`WyRand`] from its seed), in order;
    /// empty when there is no solution.
    pub(crate) fn sample_batch(&self, seeds: &[u64]) -> Vec<Vec<OptionId>> {
        if self.count.is_zero() {
            return Vec::new();
        }
        let mut fwd = vec![0u64; self.width];
        fit(self.kept[self.kept.len() - 1].1.ways(0), &mut fwd);
        let mut walkers: Vec<Walker> = seeds
            .iter()
            .map(|&seed| Walker {
                random: WyRand::new(seed),
                key: 0,
                fwd: fwd.clone(),
                chosen: Vec::new(),
            })
            .collect();
        self.backward(&mut |p, layer, _| {
            for walker in &mut walkers {
                self.step_back(walker, layer, p);
            }
        });
        walkers.into_iter().map(|w| w.chosen).collect()
    }

    /// Moves `walker` from its state at place `p + 1` to one of the states
    /// of `layer` (place `p`) that lead to it, each with probability its
    /// forward count over the walker's.
    fn step_back(&self, walker: &mut Walker, layer: &Chunk, p: u32) {
        let options = self.plan.options_at(p);
        let ids = self.plan.ids_at(p);
        let full = walker.key << 1 | 1;
        // Way 0 (the item at `p` covered already), then each option that
        // covers the item at `p` and only items covered at `p + 1`.
        let before = |j: usize| -> Option<u128> {
            if j == 0 {
                return Some(full);
            }
            let mask = options[j - 1];
            (full & mask == mask).then_some(full & !mask)
        };
        debug_assert!(
            {
                let mut total = vec![0u64; self.width];
                let mut f = vec![0u64; self.width];
                for key in (0..=options.len()).filter_map(before) {
                    if let Ok(i) = layer.keys().binary_search(&key) {
                        fit(layer.ways(i), &mut f);
                        debug_assert!(!limbs::add(&mut total, &f), "within the count");
                    }
                }
                total == walker.fwd
            },
            "the ways into a state add up to its forward count"
        );
        let random = &mut walker.random;
        let mut left = limbs::below(&walker.fwd, &mut || random.next_u64());
        let mut f = vec![0u64; self.width];
        for j in 0..=options.len() {
            let Some(key) = before(j) else { continue };
            let Ok(i) = layer.keys().binary_search(&key) else {
                continue;
            };
            fit(layer.ways(i), &mut f);
            if less(&left, &f) {
                walker.key = key;
                walker.fwd.copy_from_slice(&f);
                if j > 0 {
                    walker.chosen.push(OptionId::new(ids[j - 1] as usize));
                }
                return;
            }
            sub(&mut left, &f);
        }
        unreachable!("the ways into a state add up to its forward count");
    }

    /// For each option of the problem, the number of solutions that contain it.
    pub(crate) fn frequencies(&self) -> Vec<Count> {
        let w = self.width;
        let mut frequencies = vec![0u64; self.n_options * w];
        // The backward counts of the last layer: 1 for its one state.
        let last = &self.kept[self.kept.len() - 1].1;
        let mut bwd_next = vec![0u64; last.len() * w];
        for i in 0..last.len() {
            bwd_next[i * w] = 1;
        }
        self.backward(&mut |p, layer, next| {
            let options = self.plan.options_at(p);
            let ids = self.plan.ids_at(p);
            let mut bwd = vec![0u64; layer.len() * w];
            // The layer's options' shares, one set per half.
            let mut shares = [vec![0u64; options.len() * w], vec![0u64; options.len() * w]];
            let len = layer.len();
            let mid = if self.maker.is_large(len as u64) {
                len / 2
            } else {
                len
            };
            {
                let (low, high) = bwd.split_at_mut(mid * w);
                let [s_low, s_high] = &mut shares;
                let bwd_next = &bwd_next;
                self.maker.join(
                    &mut || self.backward_range(p, layer, next, bwd_next, 0..mid, low, s_low),
                    &mut || self.backward_range(p, layer, next, bwd_next, mid..len, high, s_high),
                );
            }
            for share in &shares {
                for (k, &id) in ids.iter().enumerate() {
                    let id = id as usize;
                    let carried = limbs::add(
                        &mut frequencies[id * w..(id + 1) * w],
                        &share[k * w..(k + 1) * w],
                    );
                    debug_assert!(!carried, "a frequency is at most the count");
                }
            }
            bwd_next = bwd;
        });
        frequencies.chunks(w).map(limbs::to_count).collect()
    }

    /// The backward counts of the states `range` of `layer` (place `p`)
    /// into `bwd` (theirs alone, from the range's first), from those of
    /// `next`'s states, `bwd_next`; and the shares of the solutions through
    /// them of the options at `p`, added into `shares` (one number each,
    /// in the order of the options at `p`).
    #[allow(
        clippy::too_many_arguments,
        reason = "one pass's slices, for a thread each"
    )]
    fn backward_range(
        &self,
        p: u32,
        layer: &Chunk,
        next: &Chunk,
        bwd_next: &[u64],
        range: std::ops::Range<usize>,
        bwd: &mut [u64],
        shares: &mut [u64],
    ) {
        let w = self.width;
        let next = next.keys();
        let options = self.plan.options_at(p);
        let keys = layer.keys();
        let Some(&first) = keys.get(range.start) else {
            return;
        };
        // Each way keeps the order of keys: its cursor starts at the first
        // key it could make from the range's first state, and only moves on.
        let mut cursors: Vec<usize> = (0..=options.len())
            .map(|j| next.partition_point(|&k| k < Layers::bound(options, j, first, 0)))
            .collect();
        let mut fwd = vec![0u64; w];
        for i in range.clone() {
            let key = keys[i];
            let mine = &mut bwd[(i - range.start) * w..(i - range.start + 1) * w];
            let mut fwd_read = false;
            for (j, at) in cursors.iter_mut().enumerate() {
                // A diagram counts the whole problem: no covered place enters.
                let Some(moved) = Layers::moved(options, j, key, 0) else {
                    continue;
                };
                while next[*at] < moved {
                    *at += 1;
                }
                debug_assert_eq!(next[*at], moved, "a state made is in the next layer");
                let b = &bwd_next[*at * w..(*at + 1) * w];
                if b.iter().all(|&limb| limb == 0) {
                    continue;
                }
                let carried = limbs::add(mine, b);
                debug_assert!(!carried, "a backward count is at most the count");
                if j > 0 {
                    if !fwd_read {
                        fit(layer.ways(i), &mut fwd);
                        fwd_read = true;
                    }
                    mul_add(&mut shares[(j - 1) * w..j * w], &fwd, b);
                }
            }
        }
    }
}

/// Walkers' draws wait here between batches: see [`super::Samples`].
pub(crate) type Ready = VecDeque<Vec<OptionId>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::layout::Layout;
    use crate::memo::sweep::tests::strip as board;
    use crate::memo::sweep::OnThisThread;
    use crate::parse_dlx;

    #[test]
    fn layers_made_again_by_halves_give_the_same_draws_and_frequencies() {
        let problem = parse_dlx(&board(5, 6)).unwrap();
        let plan = Arc::new(Plan::new(&Layout::new(&problem).unwrap()).unwrap());
        let whole = Layered::build(
            plan,
            problem.n_options(),
            &Budget::new(),
            Arc::new(OnThisThread),
        )
        .unwrap();
        assert_eq!(whole.count, Count::from(1183u64));
        // Only the ends kept, and no room to make a segment's layers all at
        // once: every segment is halved, down to single places.
        let mut tight = whole.clone();
        let n = tight.plan.places();
        tight.kept.retain(|&(p, _)| p == 0 || p == n);
        tight.interval = n;
        tight.cap = 0;
        assert_eq!(tight.frequencies(), whole.frequencies());
        let seeds: Vec<u64> = (0..40).collect();
        assert_eq!(tight.sample_batch(&seeds), whole.sample_batch(&seeds));
    }
}
