//! The memoised count: one loop over an explicit stack of sums (a branching item's options) and products (parts).

use std::sync::Arc;

use super::cache::{Entry, Found, Reach};
use super::count::{Bigs, Tally};
use super::layout::Layout;
use super::parts::{PartFinder, MAX_GROUPS};
use super::state::State;
use super::{MemoStats, Rule};

/// Where the counts of subproblems are kept: the cache, alone (no lock) or
/// shared (a lock per shard), or a [`Diagram`](super::Diagram) being built,
/// which also keeps each subproblem's branches (`RECORDS`).
pub(crate) trait Store {
    /// Whether the search hands each subproblem's branches to `put`.
    const RECORDS: bool;
    /// The count, the weight and (when recording) the node of a key.
    fn get(&mut self, key: &[u64], hash: u64) -> Option<(Found, u16, u32)>;
    /// Stores `entry` and, when recording, the subproblem's branches;
    /// returns its node (when recording).
    fn put(&mut self, key: &[u64], hash: u64, entry: Entry, edges: &[Edge]) -> u32;
}

/// A branch of a subproblem kept by a recording store: a part of a product
/// (`option` is [`Edge::PART`]), or the subproblem left by choosing `option`
/// of its branching item; `child` is that subproblem's node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub(crate) option: u32,
    pub(crate) child: u32,
}

impl Edge {
    /// The `option` of a part of a product.
    pub(crate) const PART: u32 = u32::MAX;
}

/// The node of a subproblem with no solution, and of one with nothing left
/// to cover (one solution, the empty one), in a recording store.
pub(crate) const NODE_ZERO: u32 = 0;
pub(crate) const NODE_ONE: u32 = 1;

impl<C: Reach> Store for C {
    const RECORDS: bool = false;
    #[inline]
    fn get(&mut self, key: &[u64], hash: u64) -> Option<(Found, u16, u32)> {
        self.find(key, hash)
            .map(|(found, weight)| (found, weight, 0))
    }
    #[inline]
    fn put(&mut self, key: &[u64], hash: u64, entry: Entry, _: &[Edge]) -> u32 {
        self.store(key, hash, entry);
        0
    }
}

/// Where a call to [`Search::run`] stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// The count is finished (the tally is the caller's to turn into a count).
    Done(Tally),
    /// The slice of nodes ran out.
    Paused,
}

/// What the loop does next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// Enter the subproblem of the current state inside the current active
    /// mask; `part` when it is one part just found (so it is connected).
    Enter { part: bool },
    /// Try the next option of the branching item of the top frame.
    Advance,
    /// Hand a count to the top frame.
    Return(Tally),
    /// The count is finished.
    Done(Tally),
}

/// A frame of the explicit stack.
#[derive(Copy, Clone, Debug)]
enum Frame {
    /// A subproblem counted as the sum over the options of `item`.
    Sum {
        /// The item, covered while its options are tried.
        item: u32,
        /// The next option to try, as a place in the item's live prefix, and the prefix's length.
        pos: u32,
        end: u32,
        /// The node of the option chosen now, to undo when its count returns.
        chosen: u32,
        sum: Tally,
        /// The virtual node count when the subproblem was entered.
        virt_start: u64,
        /// Where its branches start in `Search::edges` (when recording).
        edges_start: u32,
    },
    /// A subproblem counted as the product of its parts.
    Product {
        /// The next part to count, and how many there are.
        next: u32,
        parts: u32,
        /// Whether each is one part (else a group of parts, to split again).
        single: bool,
        /// Where the parts' masks start in the arena; the active mask to restore.
        masks_base: u32,
        saved_active: u32,
        product: Tally,
        virt_start: u64,
        edges_start: u32,
    },
}

/// One memoised count in progress, resumable between calls.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    layout: Arc<Layout>,
    pub(crate) state: State,
    rule: Rule,
    parts: bool,
    frames: Vec<Frame>,
    /// The active masks: the whole problem at 0, then the parts of every open product.
    masks: Vec<u64>,
    active: usize,
    key: Vec<u64>,
    finder: PartFinder,
    next: Next,
    pub(crate) stats: MemoStats,
    /// Nodes a search without the cache would have entered: the nodes
    /// entered, plus for each hit the nodes its entry stood for.
    pub(crate) virt: u64,
    /// List entries looked at by searches for parts that found none.
    idle_part_work: u64,
    /// The most words the arena of active masks may hold.
    mask_room: usize,
    /// The big numbers of the tallies in flight.
    pub(crate) bigs: Bigs,
    /// The branches of the open subproblems, when the store records them.
    edges: Vec<Edge>,
    /// The node of the count last returned, when the store records nodes.
    returned: u32,
    started: bool,
}

/// Searches for parts may cost at most 1/PART_SHARE of the updates while they find none.
const PART_SHARE: u64 = 16;

/// ... plus this many list entries, so that small problems are always split.
const PART_ALLOWANCE: u64 = 1 << 12;

/// The bytes of active masks a search may hold, at least (see `Search::new`).
const MASK_BYTES: usize = 8 << 20;

impl Search {
    pub(crate) fn new(layout: Arc<Layout>, rule: Rule, parts: bool) -> Search {
        let words = layout.words;
        // Room for 64 splits' masks, or 8 MiB of them when the problem is
        // large; a split that would not fit is skipped (it is an
        // optimisation only), so this memory is bounded.
        let mask_room = (MASK_BYTES / 8).max(words * (1 + 64 * MAX_GROUPS));
        let mut masks = Vec::with_capacity(words * (1 + 4 * MAX_GROUPS));
        masks.resize(words, u64::MAX);
        Search {
            state: State::new(&layout),
            finder: PartFinder::new(&layout),
            key: vec![0; layout.key_words],
            frames: Vec::with_capacity(2 * layout.n_primary + 2),
            masks,
            active: 0,
            next: Next::Enter { part: false },
            stats: MemoStats::default(),
            virt: 0,
            idle_part_work: 0,
            mask_room,
            bigs: Bigs::default(),
            edges: Vec::new(),
            returned: 0,
            started: false,
            rule,
            parts,
            layout,
        }
    }

    /// A search of the same problem with the same settings, from the start.
    pub(crate) fn fresh(&self) -> Search {
        Search::new(Arc::clone(&self.layout), self.rule, self.parts)
    }

    /// The node of the count last returned (the root's, once the count is
    /// done), when the store records nodes.
    pub(crate) fn returned_node(&self) -> u32 {
        self.returned
    }

    pub(crate) fn started(&self) -> bool {
        self.started
    }

    pub(crate) fn rule(&self) -> Rule {
        self.rule
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Runs until the count is finished or `node_budget` more nodes were
    /// entered (the budget and its flags are `MemoCounter::run`'s, between slices).
    pub(crate) fn run<S: Store>(&mut self, store: &mut S, node_budget: u64) -> End {
        self.started = true;
        let layout = Arc::clone(&self.layout);
        let layout = &*layout;
        let words = layout.words;
        let stop_at = self.stats.nodes.saturating_add(node_budget);
        loop {
            match self.next {
                Next::Done(count) => return End::Done(count),
                Next::Enter { part } => {
                    if self.stats.nodes >= stop_at {
                        return End::Paused;
                    }
                    self.stats.nodes += 1;
                    self.stats.max_level = self.stats.max_level.max(self.frames.len());
                    let active = &self.masks[self.active..self.active + words];
                    if self.state.dead > 0 {
                        self.virt = self.virt.saturating_add(1);
                        self.returned = NODE_ZERO;
                        self.next = Next::Return(Tally::ZERO);
                        continue;
                    }
                    if !self.state.has_work(layout, active) {
                        self.virt = self.virt.saturating_add(1);
                        self.returned = NODE_ONE;
                        self.next = Next::Return(Tally::ONE);
                        continue;
                    }
                    let hash = self.state.key(layout, active, &mut self.key);
                    if let Some((found, weight, node)) = store.get(&self.key, hash) {
                        self.returned = node;
                        self.stats.hits += 1;
                        self.virt = self.virt.saturating_add(nodes_of(weight));
                        let count = match found {
                            Found::Small(n) => Tally::small(n),
                            Found::Big(n) => self.bigs.tally(n),
                        };
                        self.next = Next::Return(count);
                        continue;
                    }
                    self.stats.misses += 1;
                    self.virt = self.virt.saturating_add(1);
                    let virt_start = self.virt - 1;
                    if self.parts && !part && self.may_split() {
                        let base = self.masks.len();
                        let mut work = 0;
                        let (n, single) = self.finder.split(
                            layout,
                            &self.state,
                            &mut self.masks,
                            self.active,
                            &mut work,
                        );
                        if n > 1 {
                            self.stats.splits += 1;
                            self.stats.parts += n as u64;
                            self.frames.push(Frame::Product {
                                next: 0,
                                parts: n as u32,
                                single,
                                masks_base: base as u32,
                                saved_active: self.active as u32,
                                product: Tally::ONE,
                                virt_start,
                                edges_start: self.edges.len() as u32,
                            });
                            self.active = base;
                            self.next = Next::Enter { part: single };
                            continue;
                        }
                        self.idle_part_work += work;
                    }
                    let active = &self.masks[self.active..self.active + words];
                    let item = self.state.choose_item(layout, active, self.rule);
                    let end = self.state.len[item as usize];
                    self.state.cover(layout, item);
                    self.frames.push(Frame::Sum {
                        item,
                        pos: 0,
                        end,
                        chosen: u32::MAX,
                        sum: Tally::ZERO,
                        virt_start,
                        edges_start: self.edges.len() as u32,
                    });
                    self.next = Next::Advance;
                }
                Next::Advance => {
                    let Some(Frame::Sum {
                        item,
                        pos,
                        end,
                        chosen,
                        ..
                    }) = self.frames.last_mut()
                    else {
                        unreachable!("Advance is reached only with a sum on top")
                    };
                    let item = *item;
                    if *pos == *end {
                        let Some(Frame::Sum {
                            sum,
                            virt_start,
                            edges_start,
                            ..
                        }) = self.frames.pop()
                        else {
                            unreachable!()
                        };
                        self.state.uncover(layout, item);
                        self.finish(layout, store, sum, virt_start, edges_start);
                        continue;
                    }
                    let node = self.state.cell(layout, item, *pos);
                    *pos += 1;
                    *chosen = node;
                    self.state.commit(layout, node);
                    self.next = Next::Enter { part: false };
                }
                Next::Return(count) => match self.frames.last_mut() {
                    None => self.next = Next::Done(count),
                    Some(Frame::Sum { chosen, sum, .. }) => {
                        self.state.uncommit(layout, *chosen);
                        if S::RECORDS {
                            self.edges.push(Edge {
                                option: layout.node_option[*chosen as usize],
                                child: self.returned,
                            });
                        }
                        *sum = self.bigs.add(*sum, count);
                        self.next = Next::Advance;
                    }
                    Some(Frame::Product {
                        next,
                        parts,
                        single,
                        masks_base,
                        product,
                        ..
                    }) => {
                        if S::RECORDS {
                            self.edges.push(Edge {
                                option: Edge::PART,
                                child: self.returned,
                            });
                        }
                        *product = self.bigs.mul(*product, count);
                        *next += 1;
                        if product.is_zero() || *next == *parts {
                            let Some(Frame::Product {
                                masks_base,
                                saved_active,
                                product,
                                virt_start,
                                edges_start,
                                ..
                            }) = self.frames.pop()
                            else {
                                unreachable!()
                            };
                            self.masks.truncate(masks_base as usize);
                            self.active = saved_active as usize;
                            if S::RECORDS && product.is_zero() {
                                // A part of no solution: the product is no
                                // solution, whatever the parts after it.
                                self.edges.truncate(edges_start as usize);
                                self.finish(layout, store, product, virt_start, edges_start);
                                self.returned = NODE_ZERO;
                                continue;
                            }
                            self.finish(layout, store, product, virt_start, edges_start);
                        } else {
                            self.active = *masks_base as usize + *next as usize * words;
                            self.next = Next::Enter { part: *single };
                        }
                    }
                },
            }
        }
    }

    /// Stores the count of the subproblem just finished (the state is back
    /// to what it was when it was entered) and returns it to its parent.
    fn finish<S: Store>(
        &mut self,
        layout: &Layout,
        store: &mut S,
        count: Tally,
        virt_start: u64,
        edges_start: u32,
    ) {
        let words = layout.words;
        let active = &self.masks[self.active..self.active + words];
        let hash = self.state.key(layout, active, &mut self.key);
        let entry = Entry {
            count,
            big: count.is_big().then(|| self.bigs.get(count)),
            weight: weight_of(self.virt - virt_start),
        };
        let edges = if S::RECORDS {
            &self.edges[edges_start as usize..]
        } else {
            &[]
        };
        self.returned = store.put(&self.key, hash, entry, edges);
        if S::RECORDS {
            self.edges.truncate(edges_start as usize);
        }
        self.next = Next::Return(count);
    }

    /// Whether to look for parts here: while the searches for parts that
    /// found none cost little next to the search itself, and while the
    /// arena of active masks has room for one more split.
    #[inline]
    fn may_split(&self) -> bool {
        self.idle_part_work <= self.state.updates / PART_SHARE + PART_ALLOWANCE
            && self.masks.len() + MAX_GROUPS * self.layout.words <= self.mask_room
    }

    /// Chooses the option of `node`, a node of a primary item, before the
    /// search starts (its count then covers only the solutions that contain it).
    pub(crate) fn commit_prefix(&mut self, node: u32) {
        let layout = Arc::clone(&self.layout);
        self.state.cover(&layout, layout.opt_items[node as usize]);
        self.state.commit(&layout, node);
    }
}

/// A node count as a cache weight: `256 * log2(nodes)`, rounded down.
#[inline]
pub(crate) fn weight_of(nodes: u64) -> u16 {
    if nodes == 0 {
        return 0;
    }
    let log = 63 - nodes.leading_zeros();
    // The 8 bits below the leading one are the fraction.
    let fraction = if log >= 8 {
        (nodes >> (log - 8)) & 0xFF
    } else {
        (nodes << (8 - log)) & 0xFF
    };
    (log << 8) as u16 | fraction as u16
}

/// The node count a weight stands for (within 1/256 of it).
#[inline]
pub(crate) fn nodes_of(weight: u16) -> u64 {
    let log = u32::from(weight >> 8);
    let mantissa = 0x100 | u64::from(weight & 0xFF);
    if log >= 8 {
        mantissa << (log - 8)
    } else {
        mantissa >> (8 - log)
    }
}
