//! The hooks of a driver on threads: a [`LayerMaker`] makes each layer, and one that has threads cuts a large layer into [`Part`]s expanded each on a thread of its own.

use super::{Chunk, Cursor, LayerEnd, Layers};
use crate::memo::sweep::merge::widened;

/// The states sampled from a layer to cut its expansion into parts.
const SAMPLE: usize = 256;

/// Makes a layered sweep's layers, one at a time, for a
/// [`crate::Diagram`] ([`crate::Diagram::build_with`]), which keeps it for
/// the layers it makes again between checkpoints: on the calling thread
/// ([`OnThisThread`], what [`crate::Diagram::build`] uses), or cut into
/// parts on threads, as `dlx-parallel` does with [`Layers::split`],
/// [`Layers::expand`] and [`Layers::end`]. The maker, not the count,
/// knows what threads cost: it says which layers are large enough to
/// pay for them ([`LayerMaker::is_large`]).
pub trait LayerMaker: Send + Sync + std::fmt::Debug {
    /// Makes the next layer of `layers`, whose current layer is not the
    /// last ([`Layers::begin`] is not `None`), taking about `slice` options
    /// at most ([`Layers::run_layer`]; a layer made on threads is made
    /// whole, whatever `slice`; with a slice of 0, only a layer that takes
    /// no option may be made, as `run_layer` does): [`LayerEnd::Made`] once
    /// the next layer is current, [`LayerEnd::Paused`] when the slice ran
    /// out first, [`LayerEnd::OverMemory`] when the layers passed the
    /// memory granted.
    fn make_layer(&self, layers: &mut Layers, slice: u64) -> LayerEnd;

    /// Whether a layer of `states` states is large enough to be cut over
    /// threads (the backward pass of a diagram's frequencies then cuts it
    /// in two halves for [`LayerMaker::join`]); never, by default.
    fn is_large(&self, states: u64) -> bool {
        let _ = states;
        false
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
    fn make_layer(&self, layers: &mut Layers, slice: u64) -> LayerEnd {
        layers.run_layer(slice)
    }
}

/// One share of a layer's expansion for one thread: the states that make
/// the next layer's states in one range of keys, as a range of the current
/// layer for each way a state moves on (see [`Layers::split`]).
#[derive(Clone, Debug, Default)]
pub struct Part {
    pub(super) from: Vec<Cursor>,
    pub(super) to: Vec<Cursor>,
}

impl Layers {
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
    /// `chunks`, for their memory: [`LayerEnd::Made`], or
    /// [`LayerEnd::OverMemory`] when the layers passed the memory granted,
    /// or [`LayerEnd::Wider`] when a number outgrew its limbs (split and
    /// expand the same layer again, one limb wider now).
    pub fn end(&mut self, chunks: &mut Vec<Chunk>) -> LayerEnd {
        if widened(chunks, &mut self.stride, &mut self.work.tried) {
            return LayerEnd::Wider;
        }
        let mut next: Vec<Chunk> = chunks.drain(..).filter(|c| c.len() > 0).collect();
        let old = std::mem::take(&mut self.current);
        chunks.extend(old);
        if next.is_empty() {
            next.push(Chunk {
                stride: self.stride,
                ..Chunk::default()
            });
        }
        self.current = next;
        self.moved_on(chunks.iter().map(Chunk::bytes).sum())
    }
}
