//! The layered count: a narrow problem counted layer by layer along its sweep, every subproblem a small bitset of the sweep's window.
//!
//! # The states
//! Number the primary items by their place in the sweep
//! ([`Layout::rank`](crate::memo::layout::Layout::rank)).
//! The count takes the places in order, and at each place either finds its
//! item covered already, or covers it with one of the options whose first
//! item it is (the count does not depend on the order it branches in).
//! Then every subproblem met at place `p` has all the items before `p`
//! covered, and the options chosen so far each had its first item before
//! `p`; so it is determined by `p` and by which items from `p` on are
//! covered, and those lie within the *window* of the sweep: an option whose
//! items span places `q` to `q + w` covers nothing past `q + w`. The window
//! is at most 127 places wide here, and a state is a `u128` bitset
//! relative to `p` (bit `j`: the item at `p + j` is covered). Secondary
//! items, colors and multiplicities are left to the depth-first memoised
//! count ([`super::Search`]).
//!
//! # The layers
//! A layer is the set of states at one place, each with the number of ways
//! (sets of options) that lead to it. The count expands one layer into the
//! next: a state whose item at `p` is covered moves on as it is; any other
//! state tries the options whose first item is at `p`, and each option that
//! finds its items free makes a state of the next layer, whose number of
//! ways grows by the state's. The last layer has one state, everything
//! covered, and its ways are the count. This is the transfer-matrix
//! method, and the forward pass of a frontier-based search (Knuth's
//! SIMPATH; the ZDD constructions of Minato, Iwashita and Kawahara): it
//! enters each subproblem once, as the depth-first count does with its
//! cache, but a state is two words instead of the whole bitset of the
//! items, nothing is ever evicted, and only two layers are held at once.
//! The Aztec diamond of order 20 (840 items) held 8 GB in the depth-first
//! count's cache; here its widest layer has 184,756 states.
//!
//! # The numbers
//! The ways of a state are a number of as many 64-bit limbs as it needs,
//! stored in a flat array beside the keys (a layer widens its limbs when a
//! sum carries out of the widest, and is made again), so no number
//! allocates and the counts are exact however large (`limbs.rs`).
//!
//! # The merge
//! A state moves on to the next layer in one of a few *ways*: as it is
//! (its item at `p` covered: the key shifts by one), or by one of the
//! options whose first item is at `p` (the key, with the option's bits,
//! shifts by one). Each way keeps the order of the keys it applies to, so
//! with the layer's states in increasing order of key, the next layer is a
//! merge of a few sorted runs, equal keys added up (`merge.rs`, which the
//! count from both ends shares): no hashing, and memory read and written
//! in order, which is what makes the layered count fast (a hash table of
//! the states spends most of its time waiting for memory).
//!
//! # Options fixed
//! A count with options fixed first ([`crate::MemoCounter::choose`], a piece
//! of a shard) starts with their places covered. A covered place within the
//! first window is set in the first state; one past it enters the states
//! when the window reaches it: every key moving on from place `p` gains the
//! bit of place `p + window` (relative to `p + 1`) when that place was
//! covered, a bit no state has yet (an option whose first item is at `p` or
//! before ends before it), so the order of the keys, and the merge, hold.
//! No option over a covered place is ever taken.
//!
//! # Threads
//! Cut the next layer's keys into ranges: each way's states that go to one
//! range are one stretch of the current layer (found by bisection, each way
//! keeping the order), so each range is merged on a thread of its own, into
//! a chunk of its own, and the chunks in order are the next layer
//! (`driver.rs`: the hooks of [`crate::layers`]). `dlx-parallel` does that
//! at each layer its [`LayerMaker`] finds large enough to pay. The states
//! and their numbers of ways are the same on any number of threads, and so
//! is the count.
//!
//! On two threads the count is made from both ends at once instead
//! ([`Layers::meet`], in `meet.rs`): the layers from the start on one,
//! the numbers of ways to finish from the end back on the other, until
//! they meet at one layer. The threads meet once a count, and neither
//! reads the other's states until then (a layer cut by key reads, at every
//! layer, states the other core wrote: a key moves down one place a
//! layer, so no cut keeps a part's reads on its core).

use std::sync::Arc;

use super::{limbs, MemoStats};
use crate::budget::Stop;
use crate::count::Count;

mod driver;
mod meet;
mod merge;
mod plan;
#[cfg(test)]
pub(crate) mod tests;

pub use driver::{LayerMaker, OnThisThread, Part};
pub(crate) use plan::Plan;

/// Whether bit `q` of the bitset `bits` (low bit first) is set; past its end, not.
#[inline]
fn is_set(bits: &[u64], q: u32) -> bool {
    bits.get(q as usize / 64)
        .is_some_and(|word| word >> (q % 64) & 1 != 0)
}

/// A run of a layer's states in increasing order of key, each with its
/// number of ways in `stride` limbs: a layer is one chunk, or one per
/// thread that made it, their keys in increasing order from one to the next.
#[derive(Clone, Debug, Default)]
pub struct Chunk {
    keys: Vec<u128>,
    ways: Vec<u64>,
    stride: usize,
    /// A sum carried out of the top limb: the chunk must be made again, wider.
    overflow: bool,
    /// Options taken (states made before the merge).
    tried: u64,
}

impl Chunk {
    /// The number of states.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The bytes its vectors hold.
    pub(crate) fn bytes(&self) -> usize {
        self.keys.capacity() * 16 + self.ways.capacity() * 8
    }

    /// The bytes its states need (its vectors may hold more).
    pub(crate) fn used_bytes(&self) -> usize {
        self.keys.len() * 16 + self.ways.len() * 8
    }

    /// The keys of the states, in increasing order.
    pub(crate) fn keys(&self) -> &[u128] {
        &self.keys
    }

    /// A copy holding no more memory than its states need, and none of the
    /// counters of its making.
    pub(crate) fn kept(&self) -> Chunk {
        Chunk {
            keys: self.keys.clone(),
            ways: self.ways.clone(),
            stride: self.stride,
            ..Chunk::default()
        }
    }

    /// Empties the chunk for a layer of `stride` limbs, keeping its memory.
    fn clear(&mut self, stride: usize) {
        self.keys.clear();
        self.ways.clear();
        self.stride = stride;
        self.overflow = false;
        self.tried = 0;
    }

    /// The number of ways of state `i`, in [`Chunk::stride`] limbs.
    #[inline]
    pub(crate) fn ways(&self, i: usize) -> &[u64] {
        &self.ways[i * self.stride..(i + 1) * self.stride]
    }
}

/// A place in a layer made of chunks: chunk `c`, state `i` in it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Cursor {
    c: usize,
    i: usize,
}

/// Statistics of a layered count.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SweepStats {
    /// The layers (places of the sweep), and so the primary items.
    pub layers: u64,
    /// The window of the sweep: how many places an option spans, at most.
    pub window: u32,
    /// The most states a layer had.
    pub widest: u64,
    /// The most bytes two layers held at once (a count from both ends,
    /// [`Layers::meet`](crate::layers::Layers::meet): each side's most, added).
    pub peak_bytes: usize,
    /// The layers a [`crate::Diagram`] kept (0 for a count, which keeps none).
    pub kept_layers: u64,
    /// The bytes of the layers a [`crate::Diagram`] kept.
    pub kept_bytes: usize,
    /// The places from one layer a [`crate::Diagram`] kept to the next (1:
    /// every layer kept; more: checkpoints, the layers between made again
    /// when needed; 0 for a count).
    pub checkpoint_interval: u32,
}

/// How a step of the layered count ended, with its reason when it stopped:
/// a layer made ([`Layers::run_layer`], [`LayerMaker::make_layer`],
/// [`Layers::end`]), or the whole count ([`Layers::meet`], and the
/// counter's own run).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayerEnd {
    /// The layer is made: the next one is current.
    Made,
    /// Every layer is made: [`Layers::count`] is the count.
    Finished,
    /// The slice of options ran out first; the same call again goes on.
    Paused,
    /// A number outgrew its limbs: split and expand the same layer again,
    /// one limb wider now ([`Layers::end`] only).
    Wider,
    /// The layers passed the memory granted: the count must be left to the
    /// depth-first count ([`crate::MemoCounter::leave_layers`]).
    OverMemory,
    /// The caller's check stopped the count, for this reason ([`Layers::meet`]).
    Stopped(Stop),
}

/// What a side of the count has done: the options taken (the count's
/// nodes), the states made and met again, and the layers' statistics.
#[derive(Clone, Debug, Default)]
struct Work {
    tried: u64,
    made: u64,
    met: u64,
    stats: SweepStats,
}

impl Work {
    /// Counts a layer made, of `chunks`, while the two layers held `bytes`.
    fn layer_made(&mut self, chunks: &[Chunk], bytes: usize) {
        let states: u64 = chunks.iter().map(|c| c.len() as u64).sum();
        let tried: u64 = chunks.iter().map(|c| c.tried).sum();
        self.made += states;
        self.met += tried.saturating_sub(states);
        self.stats.widest = self.stats.widest.max(states);
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
    }
}

/// A layered count in progress (see the module `sweep.rs` of the memoised
/// count): what [`crate::MemoCounter`] runs on a narrow problem, and the
/// hooks a driver on threads runs it by ([`crate::MemoCounter::layers`]).
///
/// Each layer is a merge of sorted runs, one per way a state moves on
/// (see the module's "The merge"). The driver's loop on threads:
/// [`Layers::begin`] gives the size of the current layer; [`Layers::split`]
/// cuts its expansion into parts that make disjoint ranges of the next
/// layer's keys; each part is expanded into a [`Chunk`] of its own by
/// [`Layers::expand`], on its own thread; [`Layers::end`] takes the chunks
/// in order as the next layer (or asks for the parts again, one limb
/// wider, when a number outgrew its limbs). A small layer is better
/// expanded on one thread, by [`Layers::run_layer`]. When `begin` gives
/// `None`, [`Layers::count`] is the count.
#[derive(Clone, Debug)]
pub struct Layers {
    plan: Arc<Plan>,
    /// The layer being expanded.
    current: Vec<Chunk>,
    /// The layer after it, made on this thread.
    next: Chunk,
    /// The place of the current layer (`plan.n`: the count is done).
    place: u32,
    /// Limbs of the next layer's numbers.
    stride: usize,
    /// The expansion on this thread in progress: its cursors and ends.
    merge: Option<Part>,
    memory: usize,
    work: Work,
    /// The places covered before the count started (by the options fixed
    /// with [`crate::MemoCounter::choose`]), a bit each; empty when none.
    covered: Arc<[u64]>,
}

impl Layers {
    /// A count of `plan`'s problem from the start, holding at most `memory` bytes.
    pub(crate) fn new(plan: Arc<Plan>, memory: usize) -> Layers {
        Layers::with_covered(plan, memory, Arc::from([]))
    }

    /// A count of `plan`'s problem with the places of `covered` (a bit per
    /// place, low bit first; shorter means the rest are not) covered
    /// already, by options fixed before the count: each enters the states
    /// when the window reaches it, so that no option over it is taken.
    pub(crate) fn with_covered(plan: Arc<Plan>, memory: usize, covered: Arc<[u64]>) -> Layers {
        // The whole problem, the places covered within the first window
        // set, in one way.
        let start_key = (0..plan.window.min(plan.n))
            .filter(|&q| is_set(&covered, q))
            .fold(0u128, |key, q| key | 1 << q);
        let start = Chunk {
            keys: vec![start_key],
            ways: vec![1],
            stride: 1,
            ..Chunk::default()
        };
        let mut layers = Layers::from_layer(plan, 0, start, memory);
        layers.work.made = 1;
        layers.covered = covered;
        layers
    }

    /// A count of `plan`'s problem from place `place` on, with `layer` (the
    /// states at that place and their numbers of ways, as a count from the
    /// start made them) as its current layer: the layers after a checkpoint
    /// made again. Its statistics count only what it makes.
    pub(crate) fn from_layer(plan: Arc<Plan>, place: u32, layer: Chunk, memory: usize) -> Layers {
        debug_assert!(place <= plan.n, "a place of the sweep");
        debug_assert!(
            layer.keys.windows(2).all(|w| w[0] < w[1]),
            "keys in increasing order"
        );
        let stride = layer.stride.max(1);
        Layers {
            work: Work {
                stats: SweepStats {
                    widest: layer.len() as u64,
                    ..plan.stats()
                },
                ..Work::default()
            },
            plan,
            current: vec![layer],
            next: Chunk::default(),
            place,
            stride,
            merge: None,
            memory,
            covered: Arc::from([]),
        }
    }

    /// What every key moving on from the current place gains: the bit of
    /// the place the window reaches (relative to the next place), when that
    /// place was covered before the count started. No state has it yet: an
    /// option whose first item is at the current place or before ends
    /// before it.
    #[inline]
    fn entering(&self) -> u128 {
        entering(&self.plan, &self.covered, self.place)
    }

    /// A copy of the current layer in one chunk, made on one thread or on
    /// several ([`Chunk::kept`]): the chunks of the parts hold disjoint
    /// ranges of keys, in order, with numbers of the same width.
    pub(crate) fn kept_layer(&self) -> Chunk {
        if let [one] = self.current.as_slice() {
            return one.kept();
        }
        let stride = self.current.first().map_or(1, |c| c.stride);
        debug_assert!(self.current.iter().all(|c| c.stride == stride), "one width");
        let mut kept = Chunk {
            keys: Vec::with_capacity(self.current.iter().map(Chunk::len).sum()),
            ways: Vec::with_capacity(self.current.iter().map(|c| c.ways.len()).sum()),
            stride,
            ..Chunk::default()
        };
        for chunk in &self.current {
            kept.keys.extend_from_slice(&chunk.keys);
            kept.ways.extend_from_slice(&chunk.ways);
        }
        debug_assert!(
            kept.keys.windows(2).all(|w| w[0] < w[1]),
            "the parts' keys in order"
        );
        kept
    }

    /// The bytes the current layer's states need.
    pub(crate) fn layer_used_bytes(&self) -> usize {
        self.current.iter().map(Chunk::used_bytes).sum()
    }

    /// The bytes the layers hold now.
    pub(crate) fn bytes(&self) -> usize {
        self.current.iter().map(Chunk::bytes).sum::<usize>() + self.next.bytes()
    }

    /// The number of states of the current layer; `None` when every layer
    /// is expanded, and [`Layers::count`] is the count.
    pub fn begin(&self) -> Option<u64> {
        (self.place < self.plan.n).then(|| self.current.iter().map(|c| c.len() as u64).sum())
    }

    /// Expands the current layer on this thread for at most `slice` options
    /// taken, starting it again wider when a number outgrows its limbs:
    /// [`LayerEnd::Made`] once the next layer is current,
    /// [`LayerEnd::Paused`] when the slice ran out first,
    /// [`LayerEnd::OverMemory`] when the layers passed the memory granted.
    pub fn run_layer(&mut self, slice: u64) -> LayerEnd {
        debug_assert!(self.place < self.plan.n, "a layer left to expand");
        let start = self.nodes();
        loop {
            let left = slice.saturating_sub(self.nodes() - start);
            match self.step_here(left) {
                LayerEnd::Wider => {}
                end => return end,
            }
        }
    }

    /// Runs the count on this thread for `slice` options taken at most
    /// (with none, it still moves through layers that take none):
    /// [`LayerEnd::Finished`], [`LayerEnd::Paused`] or
    /// [`LayerEnd::OverMemory`].
    pub(crate) fn run(&mut self, slice: u64) -> LayerEnd {
        let start = self.nodes();
        while self.place < self.plan.n {
            match self.run_layer(slice.saturating_sub(self.nodes() - start)) {
                LayerEnd::Made => {}
                end => return end,
            }
        }
        LayerEnd::Finished
    }

    /// Expands the current layer on this thread for at most `slice`
    /// options taken: [`LayerEnd::Made`], [`LayerEnd::Paused`],
    /// [`LayerEnd::OverMemory`], or [`LayerEnd::Wider`] when the layer
    /// must be made again from its start.
    fn step_here(&mut self, slice: u64) -> LayerEnd {
        let mut part = match self.merge.take() {
            Some(part) => part,
            None => {
                self.next.clear(self.stride);
                Part {
                    from: vec![Cursor::default(); self.n_ways()],
                    to: vec![self.end_cursor(); self.n_ways()],
                }
            }
        };
        let mut next = std::mem::take(&mut self.next);
        let done = self.expand_into(&mut part, &mut next, slice);
        if !done {
            self.next = next;
            self.merge = Some(part);
            return LayerEnd::Paused;
        }
        if merge::widened(
            std::slice::from_ref(&next),
            &mut self.stride,
            &mut self.work.tried,
        ) {
            self.next = next;
            return LayerEnd::Wider;
        }
        let mut old = std::mem::replace(&mut self.current, vec![next]);
        let before = old.iter().map(Chunk::bytes).sum();
        // The layer expanded keeps its memory for the layer after next.
        self.next = old.pop().unwrap_or_default();
        self.moved_on(before)
    }

    /// Counts the new current layer and moves the place on:
    /// [`LayerEnd::Made`], or [`LayerEnd::OverMemory`] when the memory
    /// held (the layer before, of `before` bytes, and this one) passes the
    /// budget.
    fn moved_on(&mut self, before: usize) -> LayerEnd {
        let bytes = before + self.current.iter().map(Chunk::bytes).sum::<usize>();
        self.work.layer_made(&self.current, bytes);
        self.place += 1;
        if bytes <= self.memory {
            LayerEnd::Made
        } else {
            LayerEnd::OverMemory
        }
    }

    /// The options taken so far, the layer in progress included.
    pub(crate) fn nodes(&self) -> u64 {
        self.work.tried
            + if self.merge.is_some() {
                self.next.tried
            } else {
                0
            }
    }

    /// How many places of the sweep the count has passed, of how many.
    pub fn place(&self) -> (u32, u32) {
        (self.place, self.plan.n)
    }

    /// The statistics so far, as a memoised count's: the options taken as
    /// its nodes, the states met again as its hits, the states made as its
    /// misses.
    pub fn memo_stats(&self) -> MemoStats {
        MemoStats {
            nodes: self.nodes(),
            hits: self.work.met,
            misses: self.work.made,
            ..MemoStats::default()
        }
    }

    /// The statistics of the layers.
    pub fn stats(&self) -> SweepStats {
        self.work.stats
    }

    /// The count: the ways of the last layer's one state, everything
    /// covered (0 before the count is done).
    pub fn count(&self) -> Count {
        if self.place < self.plan.n {
            return Count::ZERO;
        }
        let mut total = Count::ZERO;
        for chunk in &self.current {
            for (i, &key) in chunk.keys.iter().enumerate() {
                debug_assert_eq!(key, 0, "no option covers a place past the last");
                total += limbs::to_count(chunk.ways(i));
            }
        }
        total
    }
}

/// What every key moving on from place `p` gains: the bit of the place
/// the window reaches (relative to `p + 1`), when that place was covered
/// before the count started (`covered`); the same for both directions.
#[inline]
fn entering(plan: &Plan, covered: &[u64], p: u32) -> u128 {
    let reached = p + plan.window;
    if reached < plan.n && is_set(covered, reached) {
        1 << (plan.window - 1)
    } else {
        0
    }
}
