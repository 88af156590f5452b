//! The state of a memoised count: each item's live options as the prefix of its list (Knuth's "dancing cells"), and the cache key they make.
//!
//! Every entry of every option (a *node*, an index into `Layout::opt_items`)
//! sits in its item's list `cells[item_start[i]..item_start[i + 1]]`, and
//! `place[node]` is where. Hiding an option from an item swaps its node
//! with the last one of the item's live prefix and shortens the prefix;
//! undoing hides in exactly the reverse order only lengthens the prefix
//! again, since the node is still where the swap left it.
//!
//! **Invariants** (between two steps of the search):
//! - an option is *live* when no primary item of it is covered, no
//!   secondary item of it is taken, and every secondary item it colors is
//!   free or already has that color; a live option is in the live prefix of
//!   every item it names, except of the item being branched on (whose list
//!   is left as it was when that item was covered, as in Knuth's DLX);
//! - `len[i]` is the length of item `i`'s live prefix; for an item not
//!   covered, the number of live options that name it; bit `i` of
//!   `touched` is set when `len[i]` is below the item's number of options;
//! - bit `i` of `live` is set for a primary item when it is not covered,
//!   and for a secondary item when it is not taken and `len[i] > 0`;
//! - `dead` is the number of primary items not covered with `len == 0`: a
//!   subproblem with `dead > 0` has no solution;
//! - `color[i]` is the color (renumbered per item, from 1) a colored
//!   secondary item has been given, 0 while it is free; `tints[i]` is how
//!   many chosen options gave it that color, `purged[i]` how many options
//!   giving another color that left its list.

use super::layout::Layout;
use super::Rule;

/// The dynamic state of one search.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) live: Vec<u64>,
    /// Secondary items taken by an option without a color.
    taken: Vec<u64>,
    /// Items that have lost an option: `len < degree`.
    touched: Vec<u64>,
    pub(crate) len: Vec<u32>,
    /// Each item's list of nodes, live ones first.
    cells: Vec<u32>,
    /// Where each node is in its item's list.
    place: Vec<u32>,
    color: Vec<u32>,
    tints: Vec<u32>,
    purged: Vec<u32>,
    pub(crate) dead: u32,
    /// Knuth's `updates`: one per node hidden.
    pub(crate) updates: u64,
}

impl State {
    /// The state of the whole problem, before any choice.
    pub(crate) fn new(layout: &Layout) -> State {
        let n_items = layout.n_items();
        let n_nodes = layout.opt_items.len();
        let mut cells = vec![0u32; n_nodes];
        let mut place = vec![0u32; n_nodes];
        let mut fill: Vec<u32> = layout.item_start[..n_items].to_vec();
        for (node, (&item, at)) in layout.opt_items.iter().zip(&mut place).enumerate() {
            let item = item as usize;
            cells[fill[item] as usize] = node as u32;
            *at = fill[item];
            fill[item] += 1;
        }
        let mut state = State {
            live: vec![0; layout.words],
            taken: vec![0; layout.words],
            touched: vec![0; layout.words],
            len: (0..n_items).map(|i| layout.degree(i as u32)).collect(),
            cells,
            place,
            color: vec![0; n_items],
            tints: vec![0; n_items],
            purged: vec![0; n_items],
            dead: 0,
            updates: 0,
        };
        for i in 0..n_items {
            if layout.is_primary[i] || state.len[i] > 0 {
                state.live[i / 64] |= 1 << (i % 64);
            }
            if layout.is_primary[i] && state.len[i] == 0 {
                state.dead += 1;
            }
        }
        state
    }

    #[inline]
    fn bit(set: &[u64], i: u32) -> bool {
        set[i as usize / 64] & (1 << (i % 64)) != 0
    }

    /// The live options of item `i` not covered (or of the branching item,
    /// those it had when covered), as nodes.
    #[inline]
    pub(crate) fn cells_of(&self, layout: &Layout, i: u32) -> &[u32] {
        let start = layout.item_start[i as usize] as usize;
        &self.cells[start..start + self.len[i as usize] as usize]
    }

    /// Node `at` of item `i`'s list.
    #[inline]
    pub(crate) fn cell(&self, layout: &Layout, i: u32, at: u32) -> u32 {
        self.cells[(layout.item_start[i as usize] + at) as usize]
    }

    /// Takes node `node` out of its item's live prefix.
    #[inline]
    fn hide_node(&mut self, layout: &Layout, node: u32) {
        let j = layout.opt_items[node as usize];
        let len = self.len[j as usize] - 1;
        self.len[j as usize] = len;
        if len + 1 == layout.degrees[j as usize] {
            self.touched[j as usize / 64] |= 1 << (j % 64);
        }
        let last = layout.item_start[j as usize] + len;
        let at = self.place[node as usize];
        let other = self.cells[last as usize];
        self.cells[last as usize] = node;
        self.cells[at as usize] = other;
        self.place[node as usize] = last;
        self.place[other as usize] = at;
        self.updates += 1;
        if len == 0 {
            if layout.is_primary[j as usize] {
                if Self::bit(&self.live, j) {
                    self.dead += 1;
                }
            } else {
                self.live[j as usize / 64] &= !(1 << (j % 64));
            }
        }
    }

    /// Undoes the last [`State::hide_node`] of `node`'s item.
    #[inline]
    fn unhide_node(&mut self, layout: &Layout, node: u32) {
        let j = layout.opt_items[node as usize];
        let len = self.len[j as usize];
        debug_assert_eq!(
            self.place[node as usize],
            layout.item_start[j as usize] + len
        );
        if len == 0 {
            if layout.is_primary[j as usize] {
                if Self::bit(&self.live, j) {
                    self.dead -= 1;
                }
            } else if !Self::bit(&self.taken, j) {
                self.live[j as usize / 64] |= 1 << (j % 64);
            }
        }
        self.len[j as usize] = len + 1;
        if len + 1 == layout.degrees[j as usize] {
            self.touched[j as usize / 64] &= !(1 << (j % 64));
        }
    }

    /// Hides the option of `node` from the lists of its other items.
    #[inline]
    fn hide_others(&mut self, layout: &Layout, node: u32) {
        let o = layout.node_option[node as usize];
        let (start, end) = layout.node_range(o);
        for other in start..end {
            if other != node {
                self.hide_node(layout, other);
            }
        }
    }

    #[inline]
    fn unhide_others(&mut self, layout: &Layout, node: u32) {
        let o = layout.node_option[node as usize];
        let (start, end) = layout.node_range(o);
        for other in (start..end).rev() {
            if other != node {
                self.unhide_node(layout, other);
            }
        }
    }

    /// Covers item `i` (primary, or secondary taken without a color): its
    /// live options leave every other item's list; its own list stays.
    pub(crate) fn cover(&mut self, layout: &Layout, i: u32) {
        if layout.is_primary[i as usize] {
            if self.len[i as usize] == 0 {
                self.dead -= 1;
            }
        } else {
            self.taken[i as usize / 64] |= 1 << (i % 64);
        }
        self.live[i as usize / 64] &= !(1 << (i % 64));
        let start = layout.item_start[i as usize];
        for at in start..start + self.len[i as usize] {
            let node = self.cells[at as usize];
            self.hide_others(layout, node);
        }
    }

    /// Undoes [`State::cover`] of item `i`.
    pub(crate) fn uncover(&mut self, layout: &Layout, i: u32) {
        let start = layout.item_start[i as usize];
        for at in (start..start + self.len[i as usize]).rev() {
            let node = self.cells[at as usize];
            self.unhide_others(layout, node);
        }
        if layout.is_primary[i as usize] {
            self.live[i as usize / 64] |= 1 << (i % 64);
            if self.len[i as usize] == 0 {
                self.dead += 1;
            }
        } else {
            self.taken[i as usize / 64] &= !(1 << (i % 64));
            if self.len[i as usize] > 0 {
                self.live[i as usize / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Gives secondary item `i` color `c`: the live options that name it
    /// with another color, or with none, leave every list, its own included.
    fn purify(&mut self, layout: &Layout, i: u32, c: u32) {
        let start = layout.item_start[i as usize];
        let mut purged = 0;
        // Backwards, so that the node swapped into place has been looked at.
        for at in (start..start + self.len[i as usize]).rev() {
            let node = self.cells[at as usize];
            if layout.opt_colors[node as usize] != c {
                let o = layout.node_option[node as usize];
                let (first, end) = layout.node_range(o);
                for other in first..end {
                    self.hide_node(layout, other);
                }
                purged += 1;
            }
        }
        self.purged[i as usize] = purged;
    }

    /// Undoes [`State::purify`]: the purged options come back in the reverse order.
    fn unpurify(&mut self, layout: &Layout, i: u32) {
        let start = layout.item_start[i as usize];
        for _ in 0..self.purged[i as usize] {
            let node = self.cells[(start + self.len[i as usize]) as usize];
            let o = layout.node_option[node as usize];
            let (first, end) = layout.node_range(o);
            for other in (first..end).rev() {
                self.unhide_node(layout, other);
            }
        }
        self.purged[i as usize] = 0;
    }

    /// Chooses the option of `node`, whose item has been covered: covers its
    /// other primary items and its uncolored secondary items, and gives its
    /// colored ones their colors (Knuth's Algorithm C, step C5).
    pub(crate) fn commit(&mut self, layout: &Layout, node: u32) {
        let o = layout.node_option[node as usize];
        let (start, end) = layout.node_range(o);
        for other in start..end {
            if other == node {
                continue;
            }
            let j = layout.opt_items[other as usize];
            let c = layout.opt_colors[other as usize];
            if c == 0 {
                self.cover(layout, j);
            } else {
                let t = &mut self.tints[j as usize];
                *t += 1;
                if *t == 1 {
                    self.color[j as usize] = c;
                    self.purify(layout, j, c);
                }
            }
        }
    }

    /// Undoes [`State::commit`], in the reverse order.
    pub(crate) fn uncommit(&mut self, layout: &Layout, node: u32) {
        let o = layout.node_option[node as usize];
        let (start, end) = layout.node_range(o);
        for other in (start..end).rev() {
            if other == node {
                continue;
            }
            let j = layout.opt_items[other as usize];
            let c = layout.opt_colors[other as usize];
            if c == 0 {
                self.uncover(layout, j);
            } else {
                let t = &mut self.tints[j as usize];
                *t -= 1;
                if *t == 0 {
                    self.unpurify(layout, j);
                    self.color[j as usize] = 0;
                }
            }
        }
    }

    /// The node of option `o` through which choosing it covers a primary
    /// item, if `o` is live (for fixing a prefix of choices).
    pub(crate) fn live_node(&self, layout: &Layout, o: u32) -> Option<u32> {
        let (start, end) = layout.node_range(o);
        let mut primary = None;
        for node in start..end {
            let j = layout.opt_items[node as usize];
            let at = self.place[node as usize] - layout.item_start[j as usize];
            let in_prefix = at < self.len[j as usize];
            if layout.is_primary[j as usize] {
                if !Self::bit(&self.live, j) || !in_prefix {
                    return None;
                }
                primary.get_or_insert(node);
            } else if !in_prefix || Self::bit(&self.taken, j) {
                return None;
            }
        }
        primary
    }

    /// Writes the cache key of the subproblem restricted to `active` into
    /// `key` and returns its hash.
    ///
    /// The key is the live items inside `active`, then the color of each
    /// live colored secondary item there. Two subproblems with the same key
    /// have the same live options (see the module docs of `memo`), hence the
    /// same count.
    #[inline]
    pub(crate) fn key(&self, layout: &Layout, active: &[u64], key: &mut [u64]) -> u64 {
        let words = layout.words;
        for ((k, &l), &a) in key[..words].iter_mut().zip(&self.live).zip(active) {
            *k = l & a;
        }
        if layout.has_colors {
            key[words..].fill(0);
            for code in &layout.colored {
                let i = code.item as usize;
                if key[i / 64] & (1 << (i % 64)) != 0 {
                    let offset = code.offset as usize;
                    key[words + offset / 64] |= u64::from(self.color[i]) << (offset % 64);
                }
            }
        }
        hash(key)
    }

    /// Whether some primary item of `active` is still to be covered.
    #[inline]
    pub(crate) fn has_work(&self, layout: &Layout, active: &[u64]) -> bool {
        self.live
            .iter()
            .zip(active)
            .zip(&layout.primary)
            .any(|((&l, &a), &p)| l & a & p != 0)
    }

    /// The primary item of `active` to branch on, by `rule`.
    ///
    /// Called only when [`State::has_work`] holds and `dead == 0`.
    #[inline]
    pub(crate) fn choose_item(&self, layout: &Layout, active: &[u64], rule: Rule) -> u32 {
        match rule {
            Rule::FirstItem => match self.to_cover(layout, active).next() {
                Some(i) => i,
                None => unreachable!("choose_item is called only when an item is left to cover"),
            },
            Rule::FewestOptions => self.fewest_by(layout, active, |i, _| i),
            Rule::Frontier => {
                // Among the items some of whose options the choices so far
                // have excluded (the border of the covered region): on a
                // narrow sweep, the first in the sweep, so that what is
                // covered is the sweep's first items and some of its
                // frontier, and the subproblems met at each place are at
                // most 2^frontier (branching on fewer options instead lets
                // the border wander along the sweep's front: the Aztec
                // diamond of order 12 took 30 times the nodes); otherwise
                // the fewest options, ties to the first in the sweep, a
                // single option ending the scan. When no item is touched,
                // the same among all the items.
                let narrow = layout.narrow;
                let mut best = u32::MAX;
                let mut best_key = (u32::MAX, u32::MAX);
                for (w, (((&l, &t), &a), &p)) in self
                    .live
                    .iter()
                    .zip(&self.touched)
                    .zip(active)
                    .zip(&layout.primary)
                    .enumerate()
                {
                    let mut bits = l & t & a & p;
                    while bits != 0 {
                        let i = (w * 64) as u32 + bits.trailing_zeros();
                        bits &= bits - 1;
                        let len = self.len[i as usize];
                        if narrow {
                            let key = (0, layout.rank[i as usize]);
                            if key < best_key {
                                best_key = key;
                                best = i;
                            }
                            continue;
                        }
                        if len <= 1 {
                            return i;
                        }
                        let key = (len, layout.rank[i as usize]);
                        if key < best_key {
                            best_key = key;
                            best = i;
                        }
                    }
                }
                if best != u32::MAX {
                    return best;
                }
                if narrow {
                    self.first_in_sweep(layout, active)
                } else {
                    self.fewest_by(layout, active, |i, _| layout.rank[i as usize])
                }
            }
        }
    }

    /// The item of `active` first in the sweep.
    fn first_in_sweep(&self, layout: &Layout, active: &[u64]) -> u32 {
        let mut best = u32::MAX;
        let mut best_rank = u32::MAX;
        for i in self.to_cover(layout, active) {
            if layout.rank[i as usize] < best_rank {
                best_rank = layout.rank[i as usize];
                best = i;
            }
        }
        best
    }

    /// The primary items of `active` still to cover, in order.
    #[inline]
    pub(crate) fn to_cover<'a>(
        &'a self,
        layout: &'a Layout,
        active: &'a [u64],
    ) -> Ones<impl Iterator<Item = u64> + 'a> {
        let words = self.live.iter().zip(active).zip(&layout.primary);
        ones(words.map(|((&l, &a), &p)| l & a & p))
    }

    /// The item of `active` with the least `(len, key(item, len))`, where
    /// `len` counts its live options; an item with a single option ends the scan.
    #[inline]
    fn fewest_by(&self, layout: &Layout, active: &[u64], key: impl Fn(u32, u32) -> u32) -> u32 {
        let mut best = u32::MAX;
        let mut best_key = (u32::MAX, u32::MAX);
        for i in self.to_cover(layout, active) {
            let len = self.len[i as usize];
            if len <= 1 {
                return i;
            }
            let k = (len, key(i, len));
            if k < best_key {
                best_key = k;
                best = i;
            }
        }
        best
    }
}

/// The indices of the bits set in a bitset given word by word, in order.
#[inline]
fn ones<I: Iterator<Item = u64>>(words: I) -> Ones<I> {
    Ones {
        words,
        // The index of the first bit of the word before the first.
        base: 0u32.wrapping_sub(64),
        bits: 0,
    }
}

/// The iterator of [`ones`]: the word being read, and the words after it.
pub(crate) struct Ones<I> {
    words: I,
    base: u32,
    bits: u64,
}

impl<I: Iterator<Item = u64>> Iterator for Ones<I> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        while self.bits == 0 {
            self.bits = self.words.next()?;
            self.base = self.base.wrapping_add(64);
        }
        let i = self.base + self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(i)
    }
}

/// The hash of a key: a multiply-rotate fold, then Murmur3's finalizer so
/// that every bit of the result depends on every bit of the key (the shard,
/// the bucket and the tag are taken from different bits).
#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}
