//! The layered count from both ends at once: the layers from the start and, on another thread, the numbers of ways to finish from the end, until they meet.
//!
//! The count is the sum, over the states of any one layer, of the ways to
//! reach the state from the start times the ways to finish from it. The
//! forward count ([`Layers`]) makes the first factors, layer by layer from
//! the start; the backward count here makes the second, layer by layer
//! from the end, where the one state, everything covered, has one way to
//! finish. Each side takes the next layer from a shared number of layers
//! left between them, so the faster side makes more, and they meet at
//! whatever layer that number reaches 0; the count is then one pass over
//! the two layers held there, by key. Two threads meet once a count,
//! instead of at every layer (a layer cut by key), and neither reads what
//! the other wrote until the end.
//!
//! # The backward layers
//! A state `k` at place `p` moves on to `k' = k >> 1 | e` when its item at
//! `p` is covered, or to `k' = (k | m) >> 1 | e` by an option of mask `m`
//! whose first item is at `p` and whose items are free in `k`, where `e`
//! is the entering bit of a place covered before the count started
//! ([`Layers`]' options fixed). So the states at `p` that lead to a `k'`
//! holding `e` are `full = (k' ^ e) << 1 | 1` itself, and `full & !m` for
//! each such mask that `full` contains. Each of those ways keeps the order
//! of the keys, as the forward ways do, so a backward layer is made by
//! the same merge of sorted runs (`merge.rs`, its runs [`Back`]). A key is
//! kept only when every bit it has could be set at `p` (some option whose
//! first item is before `p` covers that place, or it was covered before
//! the count) and it has every bit of its window covered before the
//! count. The backward count still meets states that the forward count
//! never makes (no way from the start leads to them); they add nothing to
//! the count, only work.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::merge::{self, Runs};
use super::{entering, is_set, limbs, Chunk, LayerEnd, LayerMaker, Layers, Plan, Work};
use crate::budget::Stop;
#[cfg(test)]
use crate::Count;

/// The backward count: the numbers of ways to finish from each state of a
/// layer, made from the last layer back.
#[derive(Debug)]
struct Backward {
    plan: Arc<Plan>,
    /// The place of the layer held (`plan.n`: the end, one state).
    place: u32,
    current: Chunk,
    next: Chunk,
    /// Limbs of the next layer's numbers.
    stride: usize,
    /// The union of the masks of the options at each place.
    reach: Vec<u128>,
    /// The places covered before the count started, as [`Layers`] has them.
    covered: Arc<[u64]>,
    /// The options taken, the states made (the end state is given, not
    /// made: the forward count does not make the last layer either, when
    /// the two meet before it) and met again, the widest layer and the
    /// most bytes held.
    work: Work,
}

impl Backward {
    fn new(plan: Arc<Plan>, covered: Arc<[u64]>) -> Backward {
        let reach = (0..plan.n)
            .map(|p| plan.options_at(p).iter().fold(0, |all, &m| all | m))
            .collect();
        let mut work = Work::default();
        work.stats.widest = 1;
        Backward {
            place: plan.n,
            current: Chunk {
                keys: vec![0],
                ways: vec![1],
                stride: 1,
                ..Chunk::default()
            },
            next: Chunk::default(),
            stride: 1,
            reach,
            covered,
            work,
            plan,
        }
    }

    /// The bits a state at place `p` may have: the places from `p` on that
    /// an option whose first item is before `p` covers, or that were
    /// covered before the count started.
    fn possible(&self, p: u32) -> u128 {
        let window = self.plan.window;
        (1..=window.min(p))
            .map(|d| self.reach[(p - d) as usize] >> d)
            .fold(self.required(p), |all, bits| all | bits)
    }

    /// The bits every state at place `p` has: the places of its window
    /// covered before the count started ([`Layers::with_covered`]).
    fn required(&self, p: u32) -> u128 {
        (0..self.plan.window.min(self.plan.n - p))
            .filter(|&i| is_set(&self.covered, p + i))
            .fold(0, |all, i| all | 1 << i)
    }

    /// Makes the layer before the one held; the bytes its two layers hold.
    fn step(&mut self) -> usize {
        debug_assert!(self.place > 0, "a layer before");
        let p = self.place - 1;
        loop {
            let mut next = std::mem::take(&mut self.next);
            next.clear(self.stride);
            let runs = Back {
                from: &self.current,
                options: self.plan.options_at(p),
                possible: self.possible(p),
                required: self.required(p),
                entering: entering(&self.plan, &self.covered, p),
            };
            let mut at = vec![0; 1 + runs.options.len()];
            merge::merge(&runs, &mut at, &mut next, u64::MAX);
            if merge::widened(
                std::slice::from_ref(&next),
                &mut self.stride,
                &mut self.work.tried,
            ) {
                self.next = next;
                continue;
            }
            let old = std::mem::replace(&mut self.current, next);
            let bytes = old.bytes() + self.current.bytes();
            self.work
                .layer_made(std::slice::from_ref(&self.current), bytes);
            self.next = old;
            self.place = p;
            return bytes;
        }
    }
}

/// The backward runs at place `p`: the states of `from` (place `p + 1`),
/// way `j` reaching the states at `p` that lead to them (0: the item at
/// `p` covered already; `j > 0`: the `j`-th option whose first item is at
/// `p` taken), each kept only when it could be a state at `p`.
struct Back<'a> {
    from: &'a Chunk,
    options: &'a [u128],
    possible: u128,
    required: u128,
    entering: u128,
}

impl Back<'_> {
    /// The key way `j` makes of the state held at `i`, if any.
    #[inline]
    fn before(&self, j: usize, i: usize) -> Option<u128> {
        let key = self.from.keys[i];
        if key & self.entering != self.entering {
            return None;
        }
        let full = (key ^ self.entering) << 1 | 1;
        let key = match j {
            0 => full,
            _ => {
                let mask = self.options[j - 1];
                if full & mask != mask {
                    return None;
                }
                full ^ mask
            }
        };
        (key & !self.possible == 0 && key & self.required == self.required).then_some(key)
    }
}

impl Runs for Back<'_> {
    type At = usize;

    #[inline]
    fn seek(&self, j: usize, mut i: usize) -> (usize, Option<u128>) {
        while i < self.from.len() {
            if let Some(key) = self.before(j, i) {
                return (i, Some(key));
            }
            i += 1;
        }
        (i, None)
    }

    #[inline]
    fn after(i: usize) -> usize {
        i + 1
    }

    #[inline]
    fn ways(&self, i: usize) -> &[u64] {
        self.from.ways(i)
    }
}

impl Layers {
    /// Whether [`Layers::meet`] applies: no layer is half made.
    pub fn meets(&self) -> bool {
        self.merge.is_none()
    }

    /// Makes the rest of the count from both ends at once: this count's
    /// layers from the current one on, on this thread, and the numbers of
    /// ways to finish from the last layer back, on the other task of
    /// `maker`'s [`LayerMaker::join`], until they meet (see `meet.rs`). The
    /// side that goes faster makes more layers, so a thread that comes late
    /// (or not at all: the backward task then finds nothing left to make)
    /// costs nothing but its share. `check` is called by either side after
    /// each layer with the options it took and the layers left to make
    /// between the two; an `Err` stops both, and the first one's reason is
    /// the end's ([`LayerEnd::Stopped`]). Only when [`Layers::meets`].
    ///
    /// The forward layers keep to the memory granted as on one thread
    /// ([`LayerEnd::OverMemory`] when they pass it). When the two sides
    /// together pass it (seen after each backward layer), the backward
    /// count gives its layers up and the forward count makes every layer,
    /// as on one thread. Layers that `join` left unmade (a task it did not
    /// run to its end) are made on this thread afterwards, so the count
    /// does not depend on `join` running both.
    ///
    /// The count ([`LayerEnd::Finished`]) is the one the forward layers
    /// alone would make; the statistics add both sides' options taken,
    /// states (the layer where they meet is counted by both) and peak
    /// bytes, and the widest layer is either side's (the backward layers
    /// hold other states than the forward ones).
    pub fn meet(
        &mut self,
        maker: &dyn LayerMaker,
        check: &(dyn Fn(u64, u32) -> Result<(), Stop> + Sync),
    ) -> LayerEnd {
        debug_assert!(self.meets(), "no layer half made");
        let n = self.plan.n;
        // Layers left to make between the two sides.
        let left = AtomicU32::new(n - self.place);
        // Either side's stop, and the reason of the first.
        let stop = AtomicBool::new(false);
        let reason = OnceLock::new();
        let checked = |nodes: u64, left: u32| match check(nodes, left) {
            Ok(()) => true,
            Err(why) => {
                let _ = reason.set(why);
                stop.store(true, Ordering::Relaxed);
                false
            }
        };
        let claim = || {
            !stop.load(Ordering::Relaxed)
                && left
                    .fetch_update(Ordering::AcqRel, Ordering::Acquire, |l| l.checked_sub(1))
                    .is_ok()
        };
        let mut back = Backward::new(Arc::clone(&self.plan), Arc::clone(&self.covered));
        // The memory: the forward layers keep to it as on one thread. When
        // the two sides together pass it, the backward count gives its
        // layers up, and the forward one makes every layer.
        let memory = self.memory;
        let forward_bytes = AtomicUsize::new(self.bytes());
        let mut given_up = false;
        let mut fits = true;
        let forward = &mut *self;
        maker.join(
            &mut || {
                while claim() {
                    let before = forward.nodes();
                    fits = forward.run_layer(u64::MAX) == LayerEnd::Made;
                    forward_bytes.store(forward.bytes(), Ordering::Relaxed);
                    if !checked(forward.nodes() - before, left.load(Ordering::Relaxed)) || !fits {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            },
            &mut || {
                while claim() {
                    let before = back.work.tried;
                    let held = back.step();
                    if !checked(back.work.tried - before, left.load(Ordering::Relaxed)) {
                        return;
                    }
                    if held.saturating_add(forward_bytes.load(Ordering::Relaxed)) > memory {
                        given_up = true;
                        back.current = Chunk::default();
                        back.next = Chunk::default();
                        return;
                    }
                }
            },
        );
        self.absorb(&back);
        if given_up {
            back = Backward::new(Arc::clone(&self.plan), Arc::clone(&self.covered));
        }
        // The layers neither side made (the backward ones given up, or a
        // `join` that ran a task only in part), on this thread.
        while fits && !stop.load(Ordering::Relaxed) && self.place < back.place {
            let before = self.nodes();
            fits = self.run_layer(u64::MAX) == LayerEnd::Made;
            checked(self.nodes() - before, back.place - self.place);
        }
        if !fits {
            return LayerEnd::OverMemory;
        }
        if let Some(&why) = reason.get() {
            return LayerEnd::Stopped(why);
        }
        self.combine(&back);
        LayerEnd::Finished
    }

    /// Adds the backward count's statistics to this count's.
    fn absorb(&mut self, back: &Backward) {
        let (mine, theirs) = (&mut self.work, &back.work);
        mine.tried += theirs.tried;
        mine.made += theirs.made;
        mine.met += theirs.met;
        mine.stats.widest = mine.stats.widest.max(theirs.stats.widest);
        // Each side's peak, added: at least what both held at once.
        mine.stats.peak_bytes += theirs.stats.peak_bytes;
    }

    /// Ends the count where the backward count `back` met it: its one
    /// last state has the sum over the states held of the ways to each
    /// times the ways on from it.
    fn combine(&mut self, back: &Backward) {
        debug_assert_eq!(self.place, back.place, "the sides met");
        let stride = self.current.iter().map(|c| c.stride).max().unwrap_or(1);
        // Wide enough for any product, and for the sum of as many as there
        // are states (fewer than 2^64).
        let mut total = vec![0u64; stride + back.current.stride + 1];
        let held = &back.current;
        let mut i = 0;
        for chunk in &self.current {
            for (k, &key) in chunk.keys.iter().enumerate() {
                while i < held.len() && held.keys[i] < key {
                    i += 1;
                }
                if i < held.len() && held.keys[i] == key {
                    limbs::mul_add(&mut total, chunk.ways(k), held.ways(i));
                }
            }
        }
        self.place = self.plan.n;
        self.stride = total.len();
        self.current = vec![Chunk {
            keys: vec![0],
            ways: total,
            stride: self.stride,
            ..Chunk::default()
        }];
    }
}

/// The count of `layers` made forward to place `m` and backward from the
/// end to `m`, on this thread: for tests.
#[cfg(test)]
pub(crate) fn count_meeting_at(layers: &mut Layers, m: u32) -> (Count, u64) {
    let mut back = Backward::new(Arc::clone(&layers.plan), Arc::clone(&layers.covered));
    while layers.place < m {
        assert_eq!(layers.run_layer(u64::MAX), LayerEnd::Made);
    }
    while back.place > m {
        back.step();
    }
    layers.absorb(&back);
    layers.combine(&back);
    (layers.count(), back.work.made)
}
