//! The merge that makes a layer (the module `sweep.rs`, "The merge"), written once for both directions.
//!
//! Forward, way `j` moves a state of the current layer on to a key of the
//! next one ([`Layers::moved`]); backward (`meet.rs`), way `j` finds the
//! states of the layer before that lead to a state held. [`merge`] takes
//! the least head of the runs, adds up the numbers of ways of every run at
//! that key, and moves those runs on; what differs between the directions
//! is only how a run finds its next state ([`Runs`]).

use super::{Chunk, Cursor, Layers, Part};
use crate::memo::limbs;

/// The runs a layer is merged from: for each way `j`, the states it
/// applies to, in increasing order of the key it makes of them.
pub(super) trait Runs {
    /// A place in the layer the runs read.
    type At: Copy;

    /// The first state at or after `at` that way `j` applies to, and the
    /// key it makes; `None` when its run has no state left.
    fn seek(&self, j: usize, at: Self::At) -> (Self::At, Option<u128>);

    /// The place after `at`.
    fn after(at: Self::At) -> Self::At;

    /// The number of ways of the state at `at`, in its layer's limbs.
    fn ways(&self, at: Self::At) -> &[u64];
}

/// Merges `runs` into `out` from `at` (a place for each way, moved on as
/// the runs are read), stopping after `slice` options taken; whether it
/// got to the end. Each key of `out` has the sum of the numbers of ways of
/// the states that make it, summed in place in `out`'s stride; a sum that
/// carries out of its top limb sets `out.overflow` (see [`widened`]).
#[inline]
#[allow(
    clippy::needless_range_loop,
    reason = "way j's head and its place are indexed together"
)]
pub(super) fn merge<R: Runs>(runs: &R, at: &mut [R::At], out: &mut Chunk, slice: u64) -> bool {
    let ways = at.len();
    let mut heads: Vec<Option<u128>> = Vec::with_capacity(ways);
    for j in 0..ways {
        let (first, key) = runs.seek(j, at[j]);
        at[j] = first;
        heads.push(key);
    }
    let stride = out.stride;
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
            out.overflow |= limbs::add(&mut out.ways[base..], runs.ways(at[j]));
            out.tried += 1;
            (at[j], heads[j]) = runs.seek(j, R::after(at[j]));
        }
        out.keys.push(least);
    }
    true
}

/// Counts the options taken in making `made` into `tried`, and whether a
/// number in them outgrew its limbs: then `stride` is a limb wider, and
/// the layer must be made again from its start (the options taken stay
/// counted: the node count never goes back).
pub(super) fn widened(made: &[Chunk], stride: &mut usize, tried: &mut u64) -> bool {
    *tried += made.iter().map(|chunk| chunk.tried).sum::<u64>();
    let wider = made.iter().any(|chunk| chunk.overflow);
    if wider {
        *stride += 1;
    }
    wider
}

/// The forward runs: the current layer's states (its chunks in order),
/// way `j`'s read up to `to[j]`.
struct Forward<'a> {
    current: &'a [Chunk],
    options: &'a [u128],
    entering: u128,
    to: &'a [Cursor],
}

impl Runs for Forward<'_> {
    type At = Cursor;

    #[inline]
    fn seek(&self, j: usize, at: Cursor) -> (Cursor, Option<u128>) {
        seek(self.current, self.options, j, self.entering, at, self.to[j])
    }

    #[inline]
    fn after(at: Cursor) -> Cursor {
        Cursor {
            c: at.c,
            i: at.i + 1,
        }
    }

    #[inline]
    fn ways(&self, at: Cursor) -> &[u64] {
        self.current[at.c].ways(at.i)
    }
}

/// The first state at or after `at`, before `to`, that way `j` applies
/// to, and the key it makes ([`Layers::moved`]): the keys of one chunk at
/// a time, as a slice. Not inlined: inlined into the merge, with the
/// workspace's one codegen unit, the forward layers of the Aztec diamond
/// of order 12 took 5.6 ms on one thread, against 4.3 ms so.
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

impl Layers {
    /// The ways a state of the current layer moves on: 0 as it is, `j > 0`
    /// by the `j`-th option whose first item is at the place.
    pub(super) fn n_ways(&self) -> usize {
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

    /// The place past the current layer's last state.
    pub(super) fn end_cursor(&self) -> Cursor {
        Cursor {
            c: self.current.len(),
            i: 0,
        }
    }

    /// Expands `part` into `out` (of the layer's stride), stopping after `slice` options taken; whether it got to the end.
    /// The cursors of `part` move on.
    pub(super) fn expand_into(&self, part: &mut Part, out: &mut Chunk, slice: u64) -> bool {
        let runs = Forward {
            current: &self.current,
            options: self.plan.options_at(self.place),
            entering: self.entering(),
            to: &part.to,
        };
        merge(&runs, &mut part.from, out, slice)
    }
}
