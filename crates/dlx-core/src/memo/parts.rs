//! Parts: the connected components of a subproblem, counted apart and multiplied.
//!
//! Two live items are joined when a live option names both; a part is a
//! class of that relation, taken over the live items of the subproblem
//! (primary items still to cover and secondary items some live option
//! names). Every live option lies inside one part, so a solution of the
//! subproblem is exactly a choice of one solution in each part, and the
//! count is the product of the parts' counts.

use super::layout::Layout;
use super::state::State;

/// The most bitsets one split appends: more parts are grouped.
pub(crate) const MAX_GROUPS: usize = 8;

/// The scratch space of a search for parts, allocated once per counter.
#[derive(Clone, Debug)]
pub(crate) struct PartFinder {
    /// `item_mark[i] == epoch` when item `i` has been reached in this call.
    item_mark: Vec<u32>,
    /// `option_mark[o] == epoch` when option `o` has been walked in this call.
    option_mark: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
    /// A copy of the active mask the parts are taken from.
    active: Vec<u64>,
}

impl PartFinder {
    pub(crate) fn new(layout: &Layout) -> PartFinder {
        PartFinder {
            item_mark: vec![0; layout.n_items()],
            option_mark: vec![0; layout.n_options()],
            epoch: 0,
            queue: Vec::with_capacity(layout.n_items()),
            active: vec![0; layout.words],
        }
    }

    /// Splits the live items of the active mask at `masks[active..]` into parts.
    ///
    /// When there are two parts or more, appends one bitset (`layout.words`
    /// words) per group of parts to `masks`, the smallest group first, and
    /// returns the number of groups and whether each group is one part:
    /// parts are dealt round robin into at most [`MAX_GROUPS`] groups, so
    /// that a subproblem of many tiny parts needs few bitsets (a group is
    /// split again when it is counted). Otherwise appends nothing and
    /// returns `(1, true)`. `work` grows by the number of list entries looked at.
    pub(crate) fn split(
        &mut self,
        layout: &Layout,
        state: &State,
        masks: &mut Vec<u64>,
        active: usize,
        work: &mut u64,
    ) -> (usize, bool) {
        self.next_epoch();
        let words = layout.words;
        let mut scratch = std::mem::take(&mut self.active);
        scratch.copy_from_slice(&masks[active..active + words]);
        let found = self.split_from(layout, state, &scratch, masks, work);
        self.active = scratch;
        found
    }

    fn split_from(
        &mut self,
        layout: &Layout,
        state: &State,
        active: &[u64],
        masks: &mut Vec<u64>,
        work: &mut u64,
    ) -> (usize, bool) {
        let words = layout.words;
        let base = masks.len();
        let mut parts = 0;
        // Each round starts from the first primary item left unreached and
        // walks its part breadth first.
        for start in state.to_cover(layout, active) {
            if self.item_mark[start as usize] == self.epoch {
                continue;
            }
            let group = parts % MAX_GROUPS;
            if group == parts {
                masks.resize(masks.len() + words, 0);
            }
            let at = base + group * words;
            self.walk(layout, state, start, &mut masks[at..at + words], work);
            parts += 1;
            if parts == 1 && self.reached_all(layout, state, active, &masks[at..at + words]) {
                masks.truncate(base);
                return (1, true);
            }
        }
        if parts <= 1 {
            masks.truncate(base);
            return (1, true);
        }
        let groups = parts.min(MAX_GROUPS);
        // Smallest first (a part with no solution ends the product soonest),
        // by selection in place: groups are few.
        let size = |masks: &[u64], k: usize| -> u32 {
            masks[base + k * words..base + (k + 1) * words]
                .iter()
                .map(|m| m.count_ones())
                .sum()
        };
        for k in 0..groups {
            let smallest = (k..groups)
                .min_by_key(|&j| (size(masks, j), j))
                .unwrap_or(k);
            if smallest != k {
                for w in 0..words {
                    masks.swap(base + k * words + w, base + smallest * words + w);
                }
            }
        }
        (groups, parts <= MAX_GROUPS)
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.item_mark.fill(0);
            self.option_mark.fill(0);
            self.epoch = 1;
        }
    }

    /// Marks the part of `start` in `mask`, breadth first through live
    /// options (an item not covered has exactly those in its live prefix).
    fn walk(
        &mut self,
        layout: &Layout,
        state: &State,
        start: u32,
        mask: &mut [u64],
        work: &mut u64,
    ) {
        let epoch = self.epoch;
        self.queue.clear();
        self.queue.push(start);
        self.item_mark[start as usize] = epoch;
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            mask[i as usize / 64] |= 1 << (i % 64);
            let cells = state.cells_of(layout, i);
            *work += cells.len() as u64;
            for &node in cells {
                let o = layout.node_option[node as usize];
                if self.option_mark[o as usize] == epoch {
                    continue;
                }
                self.option_mark[o as usize] = epoch;
                let (start, end) = layout.node_range(o);
                *work += u64::from(end - start);
                for &j in &layout.opt_items[start as usize..end as usize] {
                    if self.item_mark[j as usize] != epoch {
                        self.item_mark[j as usize] = epoch;
                        self.queue.push(j);
                    }
                }
            }
        }
    }

    /// Whether `mask` holds every primary item of `active` still to cover.
    fn reached_all(&self, layout: &Layout, state: &State, active: &[u64], mask: &[u64]) -> bool {
        state
            .live
            .iter()
            .zip(active)
            .zip(&layout.primary)
            .zip(mask)
            .all(|(((&l, &a), &p), &m)| l & a & p & !m == 0)
    }
}
