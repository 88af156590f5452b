//! The layered count: a narrow problem counted layer by layer along its sweep, every subproblem a small bitset of the sweep's window.
//!
//! # The states
//! Number the primary items by their place in the sweep ([`Layout::rank`]).
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
//! items, nothing is ever evicted, and only two layers are held at once. The Aztec diamond of order 20 (840 items) held 8 GB in the
//! depth-first count's cache; here its widest layer has 184,756 states.
//!
//! # The numbers
//! The ways of a state are a number of as many 64-bit limbs as it needs,
//! stored in a flat array beside the keys (a table widens its limbs when a
//! sum carries out of the widest), so no number allocates and the counts
//! are exact however large.
//!
//! # The merge
//! A state moves on to the next layer in one of a few *ways*: as it is
//! (its item at `p` covered: the key shifts by one), or by one of the
//! options whose first item is at `p` (the key, with the option's bits,
//! shifts by one). Each way keeps the order of the keys it applies to, so
//! with the layer's states in increasing order of key, the next layer is a
//! merge of a few sorted runs, equal keys added up: no hashing, and memory
//! read and written in order, which is what made the layered count fast
//! (a hash table of the states spent most of its time waiting for memory).
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
//! a chunk of its own, and the chunks in order are the next layer.
//! `dlx-parallel` does that at each layer large enough to pay. The states
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

use num_bigint::BigUint;

use super::layout::Layout;
use super::MemoStats;
use crate::count::Count;

mod meet;
#[cfg(test)]
pub(crate) use meet::count_meeting_at;
pub use meet::MeetEnd;

/// The states sampled from a layer to cut its expansion into parts.
const SAMPLE: usize = 256;

/// The widest window, in places, that a state holds.
const MOST_WIDTH: u32 = 127;

/// The options of a problem as the layered count reads them.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The number of places (primary items).
    n: u32,
    /// The options whose first item is at place `p` are `masks[first[p]..first[p + 1]]`.
    first: Vec<u32>,
    /// Each option's items as a bitset relative to its first place.
    masks: Vec<u128>,
    /// Each mask's option, by index in the problem (the count does not read them).
    ids: Vec<u32>,
    /// The most places an option spans.
    window: u32,
}

impl Plan {
    /// The plan of `layout`, or `None` when the layered count does not
    /// apply: the sweep is wide, or wider than [`MOST_WIDTH`], an option
    /// names a secondary item or colors one, or an option has no primary item.
    pub(crate) fn new(layout: &Layout) -> Option<Plan> {
        if !layout.narrow || layout.has_colors {
            return None;
        }
        let n = u32::try_from(layout.n_primary).ok()?;
        let mut by_first: Vec<(u32, u128, u32)> = Vec::with_capacity(layout.n_options());
        let mut span_most = 0;
        for o in 0..layout.n_options() {
            let (start, end) = layout.node_range(o as u32);
            let items = &layout.opt_items[start as usize..end as usize];
            if items.is_empty() || items.iter().any(|&i| !layout.is_primary[i as usize]) {
                return None;
            }
            let ranks = items.iter().map(|&i| layout.rank[i as usize]);
            let low = ranks.clone().min()?;
            let high = ranks.clone().max()?;
            if high - low >= MOST_WIDTH || high >= n {
                return None;
            }
            span_most = span_most.max(high - low);
            let mask = ranks.fold(0u128, |mask, r| mask | 1 << (r - low));
            by_first.push((low, mask, o as u32));
        }
        // Stable: the options of one place stay in the problem's order.
        by_first.sort_by_key(|&(low, _, _)| low);
        let mut first = vec![0u32; n as usize + 1];
        for &(low, _, _) in &by_first {
            first[low as usize + 1] += 1;
        }
        for p in 0..n as usize {
            first[p + 1] += first[p];
        }
        Some(Plan {
            n,
            first,
            masks: by_first.iter().map(|&(_, mask, _)| mask).collect(),
            ids: by_first.iter().map(|&(_, _, id)| id).collect(),
            window: span_most + 1,
        })
    }

    /// The statistics of a count not started: its layers and its window.
    pub(crate) fn stats(&self) -> SweepStats {
        SweepStats {
            layers: u64::from(self.n),
            window: self.window,
            ..SweepStats::default()
        }
    }

    /// The options whose first item is at place `p`.
    #[inline]
    pub(crate) fn options_at(&self, p: u32) -> &[u128] {
        &self.masks[self.first[p as usize] as usize..self.first[p as usize + 1] as usize]
    }

    /// The indices in the problem of the options whose first item is at
    /// place `p`, in the order of [`Plan::options_at`].
    #[inline]
    pub(crate) fn ids_at(&self, p: u32) -> &[u32] {
        &self.ids[self.first[p as usize] as usize..self.first[p as usize + 1] as usize]
    }

    /// The number of places (primary items), and so of layers after the first.
    pub(crate) fn places(&self) -> u32 {
        self.n
    }
}

/// The first state at or after `at`, before `to`, that way `j` applies
/// to, and the key it makes ([`Layers::moved`]): the keys of one chunk at
/// a time, as a slice. Not inlined: inlined into `Layers::expand_into`,
/// with the workspace's one codegen unit, the forward layers of the Aztec
/// diamond of order 12 took 5.6 ms on one thread, against 4.3 ms so
/// (and 5.2 ms with the seek before, which looked at the chunks at each
/// state).
#[inline(never)]
fn seek(
    current: &[Chunk],
    options: &[u128],
    j: usize,
    entering: u128,
    mut at: Cursor,
    to: Cursor,
) -> (Cursor, Option<u128>) {
    while at < to {
        let Some(chunk) = current.get(at.c) else {
            break;
        };
        let end = if at.c == to.c {
            to.i.min(chunk.len())
        } else {
            chunk.len()
        };
        let keys = &chunk.keys[..end];
        while at.i < keys.len() {
            if let Some(key) = Layers::moved(options, j, keys[at.i], entering) {
                return (at, Some(key));
            }
            at.i += 1;
        }
        if at.c == to.c {
            break;
        }
        at = Cursor { c: at.c + 1, i: 0 };
    }
    (at, None)
}

/// Whether bit `q` of the bitset `bits` (low bit first) is set; past its end, not.
#[inline]
fn is_set(bits: &[u64], q: u32) -> bool {
    bits.get(q as usize / 64)
        .is_some_and(|word| word >> (q % 64) & 1 != 0)
}

/// Adds `value` into `sum`, which may be wider (a number of the layer
/// before a widening adds as it is); whether a carry is left out of the
/// top limb of `sum`.
#[inline]
fn add_limbs(sum: &mut [u64], value: &[u64]) -> bool {
    debug_assert!(sum.len() >= value.len(), "a sum as wide as its terms");
    let (low, high) = sum.split_at_mut(value.len());
    let mut carry = false;
    for (s, &v) in low.iter_mut().zip(value) {
        let (a, c1) = s.overflowing_add(v);
        let (b, c2) = a.overflowing_add(u64::from(carry));
        *s = b;
        carry = c1 || c2;
    }
    carry
        && high.iter_mut().all(|limb| {
            let (next, carry) = limb.overflowing_add(1);
            *limb = next;
            carry
        })
}

/// A number of 64-bit limbs (low first) as a [`Count`].
pub(crate) fn count_of(limbs: &[u64]) -> Count {
    let len = limbs
        .iter()
        .rposition(|&limb| limb != 0)
        .map_or(0, |i| i + 1);
    match limbs[..len] {
        [] => Count::ZERO,
        [low] => Count::from(low),
        [low, high] => Count::from(u128::from(low) | u128::from(high) << 64),
        _ => Count::from(BigUint::new(
            limbs[..len]
                .iter()
                .flat_map(|&limb| [limb as u32, (limb >> 32) as u32])
                .collect(),
        )),
    }
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
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

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

/// One share of a layer's expansion for one thread: the states that make
/// the next layer's states in one range of keys, as a range of the current
/// layer for each way a state moves on (see [`Layers::split`]).
#[derive(Clone, Debug, Default)]
pub struct Part {
    from: Vec<Cursor>,
    to: Vec<Cursor>,
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
    /// [`Layers::meet`]: each side's most, added).
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

/// What [`Layers::end`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayerEnd {
    /// The layer is expanded: the next one is current.
    Next,
    /// A number outgrew its limbs: split and expand the same layer again,
    /// one limb wider now.
    Wider,
    /// The layers passed the memory granted: the count must be left to the
    /// depth-first count ([`crate::MemoCounter::leave_layers`]).
    OverMemory,
}

/// Makes a layered sweep's layers, one at a time, for a
/// [`crate::Diagram`] ([`crate::Diagram::build_with`]), which keeps it for
/// the layers it makes again between checkpoints: on the calling thread
/// ([`OnThisThread`], what [`crate::Diagram::build`] uses), or cut into
/// parts on threads, as `dlx-parallel` does with [`Layers::split`],
/// [`Layers::expand`] and [`Layers::end`].
pub trait LayerMaker: Send + Sync + std::fmt::Debug {
    /// Makes the next layer of `layers`, whose current layer is not the
    /// last ([`Layers::begin`] is not `None`), taking about `slice` options
    /// at most ([`Layers::run_layer`]; a layer made on threads is made
    /// whole, whatever `slice`; with a slice of 0, only a layer that takes
    /// no option may be made, as `run_layer` does). `Some(within memory)` once
    /// the next layer is current, `None` when the slice ran out first.
    fn make_layer(&self, layers: &mut Layers, slice: u64) -> Option<bool>;

    /// How many threads [`LayerMaker::join`] runs on (1: it runs its two
    /// tasks one after the other).
    fn threads(&self) -> usize {
        1
    }

    /// Runs two tasks, each to its end, at once when there are threads:
    /// the halves of a large layer of the frequencies' backward pass, and
    /// the two sides of a count from both ends ([`Layers::meet`]).
    fn join(&self, a: &mut (dyn FnMut() + Send), b: &mut (dyn FnMut() + Send)) {
        a();
        b();
    }
}

/// The [`LayerMaker`] of one thread: [`Layers::run_layer`] on the calling thread.
#[derive(Copy, Clone, Debug, Default)]
pub struct OnThisThread;

impl LayerMaker for OnThisThread {
    fn make_layer(&self, layers: &mut Layers, slice: u64) -> Option<bool> {
        layers.run_layer(slice)
    }
}

/// Where a call to [`Layers::run`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SweepEnd {
    /// The count.
    Done(Count),
    /// The slice ran out.
    Paused,
    /// The layers would pass the memory granted.
    TooBig,
}

/// A layered count in progress (see the module `sweep.rs` of the memoised
/// count): what [`crate::MemoCounter`] runs on a narrow problem, and the
/// hooks a driver on threads runs it by ([`crate::MemoCounter::layers`]).
///
/// A state of a layer moves on to the next layer in one of several
/// *ways*: as it is, when the item at the layer's place is covered, or by
/// one of the options whose first item is there. Each way maps the keys of
/// the states it applies to in increasing order to keys in increasing
/// order, so the next layer is a merge of sorted runs, with no hashing,
/// reading and writing memory in order. The driver's loop on threads:
/// [`Layers::begin`] gives the size of the current layer; [`Layers::split`]
/// cuts its expansion into parts that make disjoint ranges of the next
/// layer's keys; each part is expanded into a [`Chunk`] of its own by
/// [`Layers::expand`], on its own thread; [`Layers::end`] takes the chunks
/// in order as the next layer (or asks for the parts again, one limb
/// wider, when a number outgrew its limbs). A small layer is better
/// expanded on one thread, by [`Layers::finish_here`]. When `begin` gives
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
    stats: SweepStats,
    /// Options taken (the count's nodes), states made, states met again.
    tried: u64,
    made: u64,
    met: u64,
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
        let stats = SweepStats {
            widest: 1,
            ..plan.stats()
        };
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
        Layers {
            plan,
            current: vec![start],
            next: Chunk::default(),
            place: 0,
            stride: 1,
            merge: None,
            memory,
            stats,
            tried: 0,
            made: 1,
            met: 0,
            covered,
        }
    }

    /// What every key moving on from the current place gains: the bit of
    /// the place the window reaches (relative to the next place), when that
    /// place was covered before the count started. No state has it yet: an
    /// option whose first item is at the current place or before ends
    /// before it.
    #[inline]
    fn entering(&self) -> u128 {
        let reached = self.place + self.plan.window;
        if reached < self.plan.n && is_set(&self.covered, reached) {
            1 << (self.plan.window - 1)
        } else {
            0
        }
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
            stats: SweepStats {
                widest: layer.len() as u64,
                ..plan.stats()
            },
            plan,
            current: vec![layer],
            next: Chunk::default(),
            place,
            stride,
            merge: None,
            memory,
            tried: 0,
            made: 0,
            met: 0,
            covered: Arc::from([]),
        }
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

    /// Expands the current layer on this thread for at most `slice` options
    /// taken, starting it again wider when a number outgrows its limbs;
    /// `Some(within memory)` once the next layer is current, `None` when
    /// the slice ran out first.
    pub fn run_layer(&mut self, slice: u64) -> Option<bool> {
        debug_assert!(self.place < self.plan.n, "a layer left to expand");
        let start = self.nodes();
        loop {
            let left = slice.saturating_sub(self.nodes() - start);
            match self.step_here(left) {
                None if self.merge.is_some() => return None,
                // A number outgrew its limbs: the layer starts again, wider.
                None => {}
                Some(fits) => return Some(fits),
            }
        }
    }

    /// The ways a state of the current layer moves on: 0 as it is, `j > 0`
    /// by the `j`-th option whose first item is at the place.
    fn n_ways(&self) -> usize {
        1 + self.plan.options_at(self.place).len()
    }

    /// The key that way `j` makes of `key`, or `None` when it does not
    /// apply to it.
    /// `entering` is [`Layers::entering`].
    #[inline]
    pub(crate) fn moved(options: &[u128], j: usize, key: u128, entering: u128) -> Option<u128> {
        if j == 0 {
            (key & 1 != 0).then_some(key >> 1 | entering)
        } else {
            let mask = options[j - 1];
            (key & 1 == 0 && key & mask == 0).then_some((key | mask) >> 1 | entering)
        }
    }

    /// An order-keeping extension of way `j` to every key: where its
    /// states' keys go, for cutting the layer by the keys they make.
    #[inline]
    pub(crate) fn bound(options: &[u128], j: usize, key: u128, entering: u128) -> u128 {
        let mask = if j == 0 { 0 } else { options[j - 1] };
        // No overflow: keys and masks are below 2^127, and `entering` below
        // 2^126. Added, not or-ed: a bound may have that bit already.
        ((key + mask) >> 1) + entering
    }

    fn end_cursor(&self) -> Cursor {
        Cursor {
            c: self.current.len(),
            i: 0,
        }
    }

    /// Expands `part` into `out` (cleared first, with the layer's stride),
    /// stopping after `slice` options taken; whether it got to the end.
    /// The cursors of `part` move on.
    #[allow(
        clippy::needless_range_loop,
        reason = "way j's head and its cursors in `part` are indexed together"
    )]
    fn expand_into(&self, part: &mut Part, out: &mut Chunk, slice: u64) -> bool {
        let options = self.plan.options_at(self.place);
        let entering = self.entering();
        let stride = out.stride;
        let current = &self.current;
        let seek = |j: usize, at: Cursor, to: Cursor| seek(current, options, j, entering, at, to);
        let ways = part.from.len();
        let mut heads: Vec<Option<u128>> = Vec::with_capacity(ways);
        for j in 0..ways {
            let (at, key) = seek(j, part.from[j], part.to[j]);
            part.from[j] = at;
            heads.push(key);
        }
        let start = out.tried;
        while let Some(least) = heads.iter().flatten().min().copied() {
            if out.tried - start >= slice {
                return false;
            }
            // The state's number is summed in place, at the end of `out`.
            let base = out.ways.len();
            out.ways.resize(base + stride, 0);
            for j in 0..ways {
                if heads[j] != Some(least) {
                    continue;
                }
                let at = part.from[j];
                let value = current[at.c].ways(at.i);
                out.overflow |= add_limbs(&mut out.ways[base..], value);
                out.tried += 1;
                (part.from[j], heads[j]) = seek(
                    j,
                    Cursor {
                        c: at.c,
                        i: at.i + 1,
                    },
                    part.to[j],
                );
            }
            out.keys.push(least);
        }
        true
    }

    /// The number of states of the current layer; `None` when every layer
    /// is expanded, and [`Layers::count`] is the count.
    pub fn begin(&self) -> Option<u64> {
        (self.place < self.plan.n).then(|| self.current.iter().map(|c| c.len() as u64).sum())
    }

    /// Cuts the expansion of the current layer into `parts` parts, in the
    /// order of the keys they make, each for a thread.
    pub fn split(&self, parts: usize) -> Vec<Part> {
        let options = self.plan.options_at(self.place);
        let entering = self.entering();
        let ways = self.n_ways();
        let len: usize = self.current.iter().map(Chunk::len).sum();
        let parts = parts.clamp(1, len.max(1));
        // The keys that cut: quantiles of a sample of the keys the ways
        // make (each way moves keys by its own amount, so the current
        // layer's own quantiles would leave the parts uneven).
        let mut sample = Vec::with_capacity(SAMPLE * ways);
        for step in 0..SAMPLE {
            let mut rank = step * len / SAMPLE;
            let mut c = 0;
            while c < self.current.len() && rank >= self.current[c].len() {
                rank -= self.current[c].len();
                c += 1;
            }
            let Some(&key) = self.current.get(c).and_then(|chunk| chunk.keys.get(rank)) else {
                break;
            };
            sample.extend((0..ways).filter_map(|j| Self::moved(options, j, key, entering)));
        }
        sample.sort_unstable();
        let cuts: Vec<u128> = (1..parts)
            .filter_map(|t| sample.get(t * sample.len() / parts).copied())
            .collect();
        let mut result = Vec::with_capacity(parts);
        let mut from: Vec<Cursor> = vec![Cursor::default(); ways];
        for t in 0..parts {
            let to: Vec<Cursor> = match cuts.get(t) {
                None => vec![self.end_cursor(); ways],
                Some(&cut) => (0..ways)
                    .map(|j| self.first_bound_at_least(options, j, entering, cut))
                    .collect(),
            };
            // The cuts are in order, and so are the cursors each makes.
            let to: Vec<Cursor> = to.into_iter().zip(&from).map(|(a, &b)| a.max(b)).collect();
            result.push(Part {
                from: from.clone(),
                to: to.clone(),
            });
            from = to;
        }
        result
    }

    /// The first state whose key way `j` bounds at `cut` or above.
    fn first_bound_at_least(
        &self,
        options: &[u128],
        j: usize,
        entering: u128,
        cut: u128,
    ) -> Cursor {
        for (c, chunk) in self.current.iter().enumerate() {
            let i = chunk
                .keys
                .partition_point(|&key| Self::bound(options, j, key, entering) < cut);
            if i < chunk.len() {
                return Cursor { c, i };
            }
        }
        self.end_cursor()
    }

    /// Expands `part` into `chunk`, on any thread; `false` when a number
    /// outgrew its limbs, and [`Layers::end`] will ask for all the parts again.
    pub fn expand(&self, part: &Part, chunk: &mut Chunk) -> bool {
        // Worked on in this thread's own stack frame: the chunks of the
        // threads sit side by side, and writing their lengths and counters
        // in place made the threads fight over the cache lines.
        let mut own = std::mem::take(chunk);
        own.clear(self.stride);
        let mut part = part.clone();
        self.expand_into(&mut part, &mut own, u64::MAX);
        *chunk = own;
        !chunk.overflow
    }

    /// Takes `chunks`, made from [`Layers::split`]'s parts in order, as the
    /// next layer, and gives the chunks of the layer before back in
    /// `chunks`, for their memory.
    pub fn end(&mut self, chunks: &mut Vec<Chunk>) -> LayerEnd {
        if chunks.iter().any(|c| c.overflow) {
            // The options taken stay counted, as on one thread.
            self.tried += chunks.iter().map(|c| c.tried).sum::<u64>();
            self.stride += 1;
            return LayerEnd::Wider;
        }
        let mut next: Vec<Chunk> = chunks.drain(..).filter(|c| c.len() > 0).collect();
        for chunk in &next {
            self.tried += chunk.tried;
        }
        let old = std::mem::take(&mut self.current);
        chunks.extend(old);
        if next.is_empty() {
            next.push(Chunk {
                stride: self.stride,
                ..Chunk::default()
            });
        }
        self.current = next;
        if self.moved_on(chunks.iter().map(Chunk::bytes).sum()) {
            LayerEnd::Next
        } else {
            LayerEnd::OverMemory
        }
    }

    /// Counts the new current layer and moves the place on; whether the
    /// memory held (the layer before, of `before` bytes, and this one) is
    /// within the budget.
    fn moved_on(&mut self, before: usize) -> bool {
        let states: u64 = self.current.iter().map(|c| c.len() as u64).sum();
        let tried_layer: u64 = self.current.iter().map(|c| c.tried).sum();
        self.made += states;
        self.met += tried_layer.saturating_sub(states);
        self.stats.widest = self.stats.widest.max(states);
        let bytes = before + self.current.iter().map(Chunk::bytes).sum::<usize>();
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes);
        self.place += 1;
        bytes <= self.memory
    }

    /// Expands the current layer on this thread for at most `slice`
    /// options taken; `Some(within memory)` once the layer is done and the
    /// next one current.
    fn step_here(&mut self, slice: u64) -> Option<bool> {
        let mut part = match self.merge.take() {
            Some(part) => part,
            None => {
                let mut next = std::mem::take(&mut self.next);
                next.clear(self.stride);
                self.next = next;
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
            return None;
        }
        if next.overflow {
            // Again from the layer's start, one limb wider; the options
            // taken stay counted (the node count never goes back).
            self.stride += 1;
            self.tried += next.tried;
            next.clear(self.stride);
            self.next = next;
            return None;
        }
        self.tried += next.tried;
        let mut old = std::mem::replace(&mut self.current, vec![next]);
        let before = old.iter().map(Chunk::bytes).sum();
        // The layer expanded keeps its memory for the layer after next.
        self.next = old.pop().unwrap_or_default();
        Some(self.moved_on(before))
    }

    /// Expands the current layer on this thread and moves on; `false` when
    /// the layers passed the memory granted.
    pub fn finish_here(&mut self) -> bool {
        loop {
            if let Some(fits) = self.step_here(u64::MAX) {
                return fits;
            }
        }
    }

    /// Runs the count on this thread for `slice` options taken at most
    /// (with none, it still moves through layers that take none).
    pub(crate) fn run(&mut self, slice: u64) -> SweepEnd {
        let start = self.nodes();
        while self.place < self.plan.n {
            let left = slice.saturating_sub(self.nodes() - start);
            match self.step_here(left) {
                // Paused; else a number outgrew its limbs, and the layer starts again.
                None if self.merge.is_some() => return SweepEnd::Paused,
                None | Some(true) => {}
                Some(false) => return SweepEnd::TooBig,
            }
        }
        SweepEnd::Done(self.count())
    }

    /// The options taken so far, the layer in progress included.
    pub(crate) fn nodes(&self) -> u64 {
        self.tried
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
            hits: self.met,
            misses: self.made,
            ..MemoStats::default()
        }
    }

    /// The statistics of the layers.
    pub fn stats(&self) -> SweepStats {
        self.stats
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
                total += count_of(chunk.ways(i));
            }
        }
        total
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::parse_dlx;

    /// The domino tilings of a `rows x cols` board, in Knuth's text.
    pub(crate) fn strip(rows: usize, cols: usize) -> String {
        let cell = |r: usize, c: usize| format!("r{r}c{c}");
        let mut text = String::new();
        for r in 0..rows {
            for c in 0..cols {
                text += &cell(r, c);
                text += " ";
            }
        }
        text += "\n";
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
                }
                if r + 1 < rows {
                    text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
                }
            }
        }
        text
    }

    fn layers(text: &str) -> Layers {
        let problem = parse_dlx(text).unwrap();
        let layout = Layout::new(&problem).unwrap();
        Layers::new(Arc::new(Plan::new(&layout).unwrap()), usize::MAX)
    }

    /// The count on this thread, in slices of `slice` options.
    fn sliced(text: &str, slice: u64) -> Count {
        let mut layers = layers(text);
        loop {
            match layers.run(slice) {
                SweepEnd::Done(count) => return count,
                SweepEnd::Paused => {}
                SweepEnd::TooBig => unreachable!(),
            }
        }
    }

    /// The count through the hooks of a driver on threads, on one, with
    /// each layer cut into `parts` parts.
    fn in_parts(text: &str, parts: usize) -> Count {
        let mut layers = layers(text);
        let mut chunks: Vec<Chunk> = Vec::new();
        while layers.begin().is_some() {
            layer_in_parts(&mut layers, parts, &mut chunks);
        }
        layers.count()
    }

    /// Makes the next layer cut into `parts` parts (a chunk each, as
    /// threads leave it), the parts expanded one after the other.
    fn layer_in_parts(layers: &mut Layers, parts: usize, chunks: &mut Vec<Chunk>) {
        loop {
            let split = layers.split(parts);
            chunks.resize_with(split.len(), Chunk::default);
            for (part, chunk) in split.iter().zip(chunks.iter_mut()) {
                layers.expand(part, chunk);
            }
            match layers.end(chunks) {
                LayerEnd::Next => return,
                LayerEnd::Wider => {}
                LayerEnd::OverMemory => unreachable!(),
            }
        }
    }

    #[test]
    fn domino_rectangles() {
        // OEIS A004003 (squares) and the 2 x n Fibonacci numbers; under
        // Miri (which interprets every step: the 4 x 4 square took two
        // minutes) the 2 x 2 square stands for the 8 x 8.
        let (side, tilings) = if cfg!(miri) {
            (2, 2u64)
        } else {
            (8, 12_988_816)
        };
        let square = strip(side, side);
        assert_eq!(sliced(&strip(2, 8), 1), Count::from(34u64));
        assert_eq!(sliced(&square, 3), Count::from(tilings));
        assert_eq!(sliced(&square, u64::MAX), Count::from(tilings));
        assert_eq!(in_parts(&square, 1), Count::from(tilings));
        assert_eq!(in_parts(&square, 3), Count::from(tilings));
        assert_eq!(sliced(&strip(3, 3), 5), Count::ZERO);
        assert_eq!(in_parts(&strip(3, 3), 2), Count::ZERO);
    }

    #[test]
    // No unsafe code runs here, and the 400 items take Miri many minutes.
    #[cfg_attr(miri, ignore)]
    fn numbers_widen_past_64_and_128_bits() {
        // The 2 x 200 strip: Fibonacci(201), past 2^128, its layers' numbers widened twice.
        let fib = |n: usize| {
            let (mut a, mut b) = (Count::ZERO, Count::from(1u64));
            for _ in 0..n {
                let c = a.clone() + b.clone();
                a = b;
                b = c;
            }
            a
        };
        let text = strip(2, 200);
        assert_eq!(sliced(&text, 5), fib(201));
        assert_eq!(in_parts(&text, 2), fib(201));
        assert!(fib(201).to_u128().is_none());
    }

    #[test]
    fn limbs_carry() {
        let mut sum = vec![u64::MAX, u64::MAX];
        assert!(add_limbs(&mut sum, &[1, 0]));
        assert_eq!(sum, [0, 0]);
        // A narrower number carries into the wider sum's upper limbs.
        let mut sum = vec![u64::MAX, u64::MAX, 7];
        assert!(!add_limbs(&mut sum, &[1]));
        assert_eq!(sum, [0, 0, 8]);
        let mut sum = vec![u64::MAX, u64::MAX];
        assert!(add_limbs(&mut sum, &[1]));
        assert_eq!(sum, [0, 0]);
        assert_eq!(
            count_of(&[u64::MAX, 1, 1]),
            Count::from(u128::MAX) + Count::from(1u128 << 65)
        );
        assert_eq!(count_of(&[0, 0, 0]), Count::ZERO);
    }

    #[test]
    fn counts_from_both_ends_meet_at_any_place() {
        // Every meeting place gives the count: domino boards (OEIS A004003,
        // the 2 x n Fibonacci numbers, an odd board with none), and one
        // past 2^64 and 2^128 by the meeting's own product.
        // Under Miri, which interprets every step, two small boards.
        let mut boards = vec![(strip(2, 3), Count::from(3u64)), (strip(3, 3), Count::ZERO)];
        if !cfg!(miri) {
            boards.push((strip(2, 5), Count::from(8u64)));
            boards.push((strip(4, 4), Count::from(36u64)));
            boards.push((strip(3, 6), Count::from(41u64)));
            boards.push((strip(6, 6), Count::from(6_728u64)));
            boards.push((strip(2, 100), sliced(&strip(2, 100), u64::MAX)));
            boards.push((strip(2, 200), sliced(&strip(2, 200), u64::MAX)));
            // Past 2^128, both sides widening their numbers apart.
            boards.push((strip(10, 40), sliced(&strip(10, 40), u64::MAX)));
        }
        for (text, expected) in boards {
            let n = layers(&text).place().1;
            let step = (n / 24).max(1);
            for m in (0..=n).step_by(step as usize).chain([n]) {
                let mut counted = layers(&text);
                let (count, _) = count_meeting_at(&mut counted, m);
                assert_eq!(count, expected, "met at {m} of {n}");
                assert_eq!(counted.begin(), None, "done");
            }
        }
    }

    #[test]
    fn the_backward_count_keeps_the_states_a_forward_count_could_have() {
        // On the 6 x 6 square met at the start, the backward layers hold
        // no more states than the forward ones would (the square is the
        // same from either end), within a few.
        if cfg!(miri) {
            return;
        }
        let text = strip(6, 6);
        let mut forward = layers(&text);
        while forward.begin().is_some() {
            assert!(forward.finish_here());
        }
        let made = forward.made;
        let (count, back_made) = count_meeting_at(&mut layers(&text), 0);
        assert_eq!(count, Count::from(6_728u64));
        assert!(
            back_made <= made * 2,
            "backward {back_made}, forward {made}"
        );
    }

    #[test]
    fn counts_with_options_fixed_meet_at_any_place() {
        // Two options fixed, one at the start and one whose places enter
        // the window later: every meeting place gives the forward count.
        let sides: &[usize] = if cfg!(miri) { &[2] } else { &[4, 6, 8] };
        for &side in sides {
            let text = strip(side, side);
            let plan = Arc::clone(&layers(&text).plan);
            let places = |p: u32, m: u128| {
                (0..128)
                    .filter(move |&b| m >> b & 1 != 0)
                    .map(move |b| p + b)
            };
            let first: Vec<u32> = places(0, plan.options_at(0)[0]).collect();
            let late = (plan.n / 2..plan.n)
                .find_map(|p| {
                    plan.options_at(p)
                        .iter()
                        .map(|&m| places(p, m).collect::<Vec<_>>())
                        .find(|ps| ps.iter().all(|q| !first.contains(q)))
                })
                .unwrap();
            let mut words = vec![0u64; (plan.n as usize).div_ceil(64)];
            for &q in first.iter().chain(&late) {
                words[q as usize / 64] |= 1 << (q % 64);
            }
            let covered: Arc<[u64]> = Arc::from(words);
            let mut forward =
                Layers::with_covered(Arc::clone(&plan), usize::MAX, Arc::clone(&covered));
            while forward.begin().is_some() {
                assert!(forward.finish_here());
            }
            let expected = forward.count();
            assert!(expected > Count::ZERO, "{side}");
            for m in 0..=plan.n {
                let mut counted =
                    Layers::with_covered(Arc::clone(&plan), usize::MAX, Arc::clone(&covered));
                let (count, _) = count_meeting_at(&mut counted, m);
                assert_eq!(count, expected, "{side} x {side} met at {m}");
            }
        }
    }

    #[test]
    fn a_layer_of_several_chunks_pauses_and_goes_on() {
        // Each other layer cut into parts (a layer of several chunks, as
        // threads leave it), the next expanded a few options at a time,
        // paused and resumed within and across its chunks.
        let boards: &[(usize, usize)] = if cfg!(miri) {
            &[(2, 3)]
        } else {
            &[(4, 4), (6, 6), (3, 9)]
        };
        for &(rows, cols) in boards {
            let text = strip(rows, cols);
            let expected = sliced(&text, u64::MAX);
            for slice in [1, 2, 5] {
                let mut layers = layers(&text);
                let mut chunks: Vec<Chunk> = Vec::new();
                while layers.begin().is_some() {
                    if layers.place % 2 == 0 {
                        layer_in_parts(&mut layers, 3, &mut chunks);
                    } else {
                        while layers.run_layer(slice).is_none() {}
                    }
                }
                assert_eq!(
                    layers.count(),
                    expected,
                    "{rows} x {cols}, slices of {slice}"
                );
            }
        }
    }
}
