//! The link arrays: Knuth's layout for Algorithms X and C, with `u32` indices.
//!
//! Nodes live in one flat array. Nodes `1..=n_items` are the item headers
//! (primary items first, then secondary ones); node `0` is unused. After
//! them come the options, stored one after another, with a spacer node before
//! the first option and after every option. A spacer's `up` is the first node
//! of the option before it and its `down` the last node of the option after
//! it, so a walk along an option can wrap around without knowing its length;
//! the hot walks (hide and unhide) use each node's [`Span`] instead, which
//! needs no test for a spacer.
//! The items form two circular doubly linked lists, primary items under head
//! `0` and secondary items under head `n_items + 1`; only primary items are
//! ever chosen for branching. Only primary items leave their list when
//! covered (the item choice and the test for a solution read it); a covered
//! secondary item stays in its list and carries [`OUT_OF_LIST`] in its LEN.
//!
//! **Invariant:** for every item `i` still in its list, the nodes reachable
//! from header `i` by `down` are exactly the nodes of the options still
//! available that contain `i`, and `len(i)` (the header's `top`) counts them.
//! **Invariant:** cover removes the item from its list and hides every option
//! in its vertical list; hide removes every *other* node of an option from its
//! item's list, so the covered item's own list stays intact (this is what
//! lets uncover run, and what Knuth's progress estimate walks).
//! **Invariant:** uncover, unhide and unpurify undo cover, hide and purify in
//! exactly the reverse order, so every link returns to its old value.
//!
//! Colors (Algorithm C): `color > 0` is a color, `0` none, and `-1` marks a
//! node whose color matched the one a purify imposed; hide and unhide skip
//! such nodes, and unpurify gives them their color back.

use crate::index::{to_u32, to_usize};
use crate::problem::{ItemKind, Problem};

/// Set in the `top` (LEN) of a primary header while its item is out of the
/// item list (of a secondary header while its item is covered), so that the item choice can take the least `top` over a dense
/// array without testing which items are active.
///
/// A length never reaches this bit: every option takes at least two nodes
/// (one of its items and its spacer) and there are at most
/// [`MAX_NODES`](crate::problem::MAX_NODES) nodes, so a list holds fewer than
/// `2^31` options.
pub(crate) const OUT_OF_LIST: u32 = 1 << 31;

/// From this many primary items on, the item choice reads the lengths of
/// whole blocks with vector instructions; below, it reads the active items'
/// one at a time. Vector loads that overlap the length updates just stored
/// wait for those stores to reach the cache (scalar loads take the value
/// from the store), which costs more than it saves when there are few items
/// and few updates per node (`perf stat` cycles, vector against scalar):
/// 13-queens (26 primary items) +5%, Langford n = 11 (33) +6%, pentomino
/// 6x10 (72) -2.5%, sudoku (about 210) -15%.
const DENSE_CHOICE: u32 = 64;

/// Set in the `end` of a [`Span`] of an option with no colored node, in a
/// problem with colors: such an option is hidden and unhidden exactly as in
/// a problem without colors, by the unrolled walks. Only problems of fewer
/// than `2^31` nodes carry it (an `end` needs the bit otherwise); without it
/// an option takes the walk that tests colors, which is always right.
pub(crate) const PLAIN_OPTION: u32 = 1 << 31;

/// One node, as Knuth writes it: ULINK, DLINK, TOP (LEN in a header) and COLOR.
///
/// The arrays store these fields apart (see [`Links`]); this struct is how
/// cold code reads a whole node at once.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    /// The item of an option node; `0` in a spacer; the length of the list in a header.
    pub top: u32,
    pub color: i32,
}

/// The vertical links of a node, kept together: hide and unhide read both.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct UpDown {
    pub up: u32,
    pub down: u32,
}

/// The nodes `start..end` of the option holding a node.
///
/// Hide and unhide walk an option by this range, wrapping at `end` with a
/// conditional move, so that they never meet a spacer: a spacer's test is a
/// branch whose outcome depends on where the walk started, which the branch
/// predictor cannot learn (ARCHITECTURE.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Span {
    pub start: u32,
    pub end: u32,
}

/// The left and right neighbours of an item in its item list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct ItemLink {
    pub left: u32,
    pub right: u32,
}

/// The whole dancing-links structure of a problem.
///
/// The node fields live in parallel arrays rather than one array of
/// 16-byte nodes: every element is then 4 or 8 bytes, which x86-64 scales
/// inside the address itself, and the hot loop measured about a fifth fewer
/// instructions than with an array of structs (ARCHITECTURE.md).
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// ULINK and DLINK of every node.
    pub links: Vec<UpDown>,
    /// TOP of every node: the item of an option node, `0` in a spacer, LEN in a header.
    pub tops: Vec<u32>,
    /// COLOR of every node (all zero when the problem has no colors).
    pub colors: Vec<i32>,
    /// The option range of every option node (empty in headers and spacers).
    pub spans: Vec<Span>,
    pub items: Vec<ItemLink>,
    /// The problem's option index of every node (`u32::MAX` for headers and spacers).
    pub option_of_node: Vec<u32>,
    /// The first node of every option.
    pub first_node: Vec<u32>,
    /// The problem's item index of every header (`item_of_header[0]` is unused).
    pub item_of_header: Vec<u32>,
    pub n_items: u32,
    pub n_primary: u32,
    /// Bit `i` is set while primary header `i` is in the item list: the item
    /// choice scans these words and the dense `tops` array instead of chasing
    /// the list's links.
    pub active: Vec<u64>,
    /// Whether the processor has AVX2, for the item choice.
    pub avx2: bool,
    /// Algorithm M: how many chosen options cover each primary header, and
    /// the least and most allowed (`u32::MAX` for no limit). Empty unless the
    /// search runs Algorithm M (see [`Problem::needs_algorithm_m`]).
    pub times: Vec<u32>,
    pub least: Vec<u32>,
    pub most: Vec<u32>,
}

/// What a link sanity check found wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("link check failed at node {node}: {what}")]
pub struct LinkError {
    /// The node (or item header) where the check failed.
    pub node: usize,
    /// What was inconsistent.
    pub what: String,
}

impl Links {
    /// The whole node at index `x` (for cold code).
    pub fn node(&self, x: u32) -> Node {
        let UpDown { up, down } = checked::get(&self.links, x);
        Node {
            up,
            down,
            top: self.top(x),
            color: self.color(x),
        }
    }

    /// ULINK(x) and DLINK(x).
    #[inline(always)]
    pub fn up_down(&self, x: u32) -> UpDown {
        checked::get(&self.links, x)
    }

    /// DLINK(x).
    #[inline(always)]
    pub fn down(&self, x: u32) -> u32 {
        checked::get(&self.links, x).down
    }

    /// ULINK(x).
    #[inline(always)]
    pub fn up(&self, x: u32) -> u32 {
        checked::get(&self.links, x).up
    }

    /// The nodes of the option holding option node `x`.
    #[inline(always)]
    pub fn span(&self, x: u32) -> Span {
        let Span { start, end } = checked::get(&self.spans, x);
        Span {
            start,
            end: end & !PLAIN_OPTION,
        }
    }

    /// The nodes of the option holding `x`, and whether the walks may ignore
    /// colors on it: always without colors, and with colors when the option
    /// has no colored node ([`PLAIN_OPTION`]).
    #[inline(always)]
    fn span_for<const COLORS: bool>(&self, x: u32) -> (Span, bool) {
        let span = checked::get(&self.spans, x);
        if !COLORS {
            // Without colors no span carries the bit.
            return (span, true);
        }
        let plain = span.end & PLAIN_OPTION != 0;
        let end = span.end & !PLAIN_OPTION;
        (
            Span {
                start: span.start,
                end,
            },
            plain,
        )
    }

    /// TOP(x): the item of an option node, `0` in a spacer, LEN in a header.
    #[inline(always)]
    pub fn top(&self, x: u32) -> u32 {
        checked::get(&self.tops, x)
    }

    /// COLOR(x).
    #[inline(always)]
    pub fn color(&self, x: u32) -> i32 {
        checked::get(&self.colors, x)
    }

    #[inline(always)]
    fn set_up(&mut self, x: u32, up: u32) {
        checked::get_mut(&mut self.links, x).up = up;
    }

    #[inline(always)]
    fn set_down(&mut self, x: u32, down: u32) {
        checked::get_mut(&mut self.links, x).down = down;
    }

    #[inline(always)]
    fn top_mut(&mut self, x: u32) -> &mut u32 {
        checked::get_mut(&mut self.tops, x)
    }

    #[inline(always)]
    fn set_color(&mut self, x: u32, color: i32) {
        *checked::get_mut(&mut self.colors, x) = color;
    }

    /// The item-list links of header `i`.
    #[inline(always)]
    pub fn item(&self, i: u32) -> ItemLink {
        checked::get(&self.items, i)
    }

    /// The item-list links of header `i`, to change them.
    #[inline(always)]
    fn item_mut(&mut self, i: u32) -> &mut ItemLink {
        checked::get_mut(&mut self.items, i)
    }

    /// Lays out the nodes of a problem that the builder has already checked.
    pub fn new(problem: &Problem) -> Links {
        let n_items = problem.n_items();
        // The kinds the search sees (`0:1` items may be secondary there).
        let algorithm_m = problem.needs_algorithm_m();
        let kinds = problem.search_kinds(algorithm_m);
        let n_primary = kinds.iter().filter(|&&k| k == ItemKind::Primary).count();
        // Primary items first, each group in the order the items were added.
        let mut header_of_item = vec![0u32; n_items];
        let mut item_of_header = vec![0u32; n_items + 1];
        let (mut next_primary, mut next_secondary) = (1usize, n_primary + 1);
        for (item, kind) in kinds.iter().enumerate() {
            let slot = match kind {
                ItemKind::Primary => &mut next_primary,
                ItemKind::Secondary => &mut next_secondary,
            };
            header_of_item[item] = to_u32(*slot);
            item_of_header[*slot] = to_u32(item);
            *slot += 1;
        }

        let mut items = vec![ItemLink::default(); n_items + 2];
        let link_list = |items: &mut [ItemLink], head: usize, first: usize, last: usize| {
            // A circular list head -> first ..= last -> head.
            let mut prev = head;
            for i in first..=last {
                items[prev].right = to_u32(i);
                items[i].left = to_u32(prev);
                prev = i;
            }
            items[prev].right = to_u32(head);
            items[head].left = to_u32(prev);
        };
        link_list(&mut items, 0, 1, n_primary);
        link_list(&mut items, n_items + 1, n_primary + 1, n_items);

        // Dense colors 1, 2, ... in order of first appearance.
        let mut dense_color = std::collections::HashMap::new();
        let total = n_items + 2 + problem.entries.len() + problem.n_options();
        // Headers link to themselves; spacers and option nodes are filled below.
        let mut links: Vec<UpDown> = (0..to_u32(total))
            .map(|x| UpDown { up: x, down: x })
            .collect();
        let mut tops = vec![0u32; total];
        let mut option_of_node = vec![u32::MAX; total];
        let mut spans = vec![Span::default(); total];
        // Every node's color, zero (none) unless an entry gives one.
        let mut colors = vec![0; total];
        let has_colors = problem.has_colors();
        // The root is never in the item list: the item choice reads its `top` with the lengths.
        tops[0] = OUT_OF_LIST;
        // The first spacer: its `down` is set with the first option.
        let mut spacer = n_items + 1;
        links[spacer] = UpDown::default();
        let mut first_node = Vec::with_capacity(problem.n_options());
        for option in problem.option_ids() {
            let entries = problem.option(option);
            let start = to_u32(spacer + 1);
            let end = start + to_u32(entries.len());
            first_node.push(start);
            let index = to_u32(option.index());
            for (x, entry) in (start..end).zip(entries) {
                let header = header_of_item[entry.item.index()];
                let h = to_usize(header);
                if let Some(c) = entry.color {
                    let next = i32::try_from(dense_color.len() + 1).unwrap_or(i32::MAX);
                    let color = *dense_color.entry(c).or_insert(next);
                    colors[to_usize(x)] = color;
                }
                let up = links[h].up;
                links[to_usize(x)] = UpDown { up, down: header };
                tops[to_usize(x)] = header;
                option_of_node[to_usize(x)] = index;
                spans[to_usize(x)] = Span { start, end };
                links[to_usize(up)].down = x;
                links[h].up = x;
                tops[h] += 1;
            }
            links[spacer].down = end - 1;
            if has_colors
                && total < to_usize(PLAIN_OPTION)
                && entries.iter().all(|e| e.color.is_none())
            {
                for x in start..end {
                    spans[to_usize(x)].end |= PLAIN_OPTION;
                }
            }
            spacer = to_usize(end);
            links[spacer] = UpDown { up: start, down: 0 };
        }
        debug_assert_eq!(spacer + 1, total, "the node count");
        Links {
            links,
            tops,
            colors,
            spans,
            items,
            option_of_node,
            first_node,
            item_of_header,
            n_items: to_u32(n_items),
            n_primary: to_u32(n_primary),
            active: {
                let mut active = vec![0u64; (n_primary + 1).div_ceil(64)];
                for h in 1..=n_primary {
                    active[h / 64] |= 1 << (h % 64);
                }
                active
            },
            avx2: wide::has_avx2(),
            times: Vec::new(),
            least: Vec::new(),
            most: Vec::new(),
        }
        .with_multiplicities(problem, algorithm_m)
    }

    /// Whether the search runs Algorithm M: its counts are kept exactly then.
    pub fn needs_algorithm_m(&self) -> bool {
        !self.times.is_empty()
    }

    /// Fills the Algorithm M arrays when the search needs Algorithm M.
    fn with_multiplicities(mut self, problem: &Problem, algorithm_m: bool) -> Links {
        if !algorithm_m {
            return self;
        }
        let headers = to_usize(self.n_items) + 2;
        self.times = vec![0; headers];
        self.least = vec![1; headers];
        self.most = vec![1; headers];
        for h in 1..=to_usize(self.n_primary) {
            let bounds = problem.bounds[to_usize(self.item_of_header[h])];
            self.least[h] = bounds.min;
            self.most[h] = bounds.max.unwrap_or(u32::MAX);
        }
        self
    }

    /// The number of options still in the list of header `i`.
    #[inline(always)]
    pub fn len(&self, i: u32) -> u32 {
        self.top(i) & !OUT_OF_LIST
    }

    /// Whether header `i` is still in its item list (not covered).
    pub fn is_active(&self, i: u32) -> bool {
        if i > self.n_primary {
            // Secondary items stay in their list; their LEN carries the flag.
            return self.top(i) & OUT_OF_LIST == 0;
        }
        let link = self.item(i);
        self.item(link.left).right == i
    }

    /// A lower bound on the options still needed to cover the active primary items.
    ///
    /// Takes an active primary item not yet marked, counts one, and marks
    /// every item of every option still in its list; no option covers two
    /// counted items. `marks` holds `generation` for the marked items.
    pub fn lower_bound(&self, marks: &mut [u32], generation: u32) -> u32 {
        let mut bound = 0;
        let mut i = self.item(0).right;
        while i != 0 {
            // With multiplicities, an item covered often enough needs nothing more.
            let satisfied =
                !self.times.is_empty() && self.times[to_usize(i)] >= self.least[to_usize(i)];
            if !satisfied && marks[to_usize(i)] != generation {
                bound += 1;
                let mut p = self.down(i);
                while p != i {
                    // Mark every item of the option holding p, walking from its start.
                    let mut q = p;
                    while self.top(q - 1) != 0 {
                        q -= 1;
                    }
                    while self.top(q) != 0 {
                        marks[to_usize(self.top(q))] = generation;
                        q += 1;
                    }
                    p = self.down(p);
                }
            }
            i = self.item(i).right;
        }
        bound
    }

    /// Every option's cost shared among its primary items, times `scale`,
    /// rounded down (so the sum of the shares never exceeds the cost).
    pub fn option_taxes(&self, costs: &[u64], scale: u64) -> Vec<u64> {
        self.first_node
            .iter()
            .zip(costs)
            .map(|(&first, &cost)| {
                let mut n_primary = 0u64;
                let mut q = first;
                while self.top(q) != 0 {
                    if self.top(q) <= self.n_primary {
                        n_primary += 1;
                    }
                    q += 1;
                }
                let share = u128::from(cost) * u128::from(scale) / u128::from(n_primary.max(1));
                u64::try_from(share).unwrap_or(u64::MAX)
            })
            .collect()
    }

    /// A lower bound on the cost still to pay, in units of the tax scale:
    /// every active primary item pays the smallest tax among its options.
    pub fn cost_lower_bound(&self, taxes: &[u64]) -> u64 {
        let mut bound = 0u64;
        let mut i = self.item(0).right;
        while i != 0 {
            // With multiplicities, an item needs as many more options as it lacks.
            let deficit = if self.times.is_empty() {
                1
            } else {
                self.least[to_usize(i)].saturating_sub(self.times[to_usize(i)])
            };
            if deficit == 0 {
                i = self.item(i).right;
                continue;
            }
            let mut cheapest = u64::MAX;
            let mut p = self.down(i);
            while p != i {
                cheapest = cheapest.min(taxes[to_usize(self.option_of_node[to_usize(p)])]);
                p = self.down(p);
            }
            if cheapest == u64::MAX {
                // An item with no option left: this branch has no solution at all.
                return u64::MAX;
            }
            if self.len(i) < deficit {
                return u64::MAX;
            }
            bound = bound.saturating_add(cheapest.saturating_mul(u64::from(deficit)));
            i = self.item(i).right;
        }
        bound
    }

    /// Knuth's step C3: the active primary item with the fewest options, ties to the leftmost.
    ///
    /// On x86-64 processors with AVX2 (checked once, when the links are
    /// laid out) the same code runs compiled for AVX2, whose minimum takes
    /// eight lengths at once; elsewhere it runs as compiled for the target.
    #[inline(always)]
    pub fn choose_item(&self) -> u32 {
        if self.n_primary < DENSE_CHOICE {
            return self.choose_item_sparse();
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            return wide::choose_item_avx2(self);
        }
        self.choose_item_portable()
    }

    /// [`Links::choose_item`] for a few primary items: the active ones only,
    /// one at a time, by the bits of the active set.
    #[inline(always)]
    fn choose_item_sparse(&self) -> u32 {
        self.least_active(|p| i64::from(self.top(p))).0
    }

    /// The active primary header of least `score`, ties to the leftmost, and
    /// its score; the first with a score of 0 or less at once; `(0,
    /// i64::MAX)` when no item is active. The least (score, header) pair is
    /// kept with a `min` rather than a branch: which item scores less is what
    /// a branch predictor cannot guess. Scores must stay below `2^31`.
    #[inline(always)]
    fn least_active(&self, score: impl Fn(u32) -> i64) -> (u32, i64) {
        let mut best = u64::MAX;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = to_u32(w * 64) + bits.trailing_zeros();
                bits &= bits - 1;
                let value = score(p);
                if value <= 0 {
                    return (p, value);
                }
                let value = u64::try_from(value).unwrap_or(u64::MAX >> 32);
                best = best.min(value << 32 | u64::from(p));
            }
        }
        if best == u64::MAX {
            (0, i64::MAX)
        } else {
            ((best & 0xffff_ffff) as u32, (best >> 32) as i64)
        }
    }

    /// [`Links::choose_item`] as compiled for the target.
    ///
    /// Headers in increasing order are the item list's order. The scan takes
    /// each 64-header block with an active item and the least `top` in it, a
    /// loop without branches that the compiler vectorises; the headers out
    /// of the list carry [`OUT_OF_LIST`], so they never win. Only the winning
    /// block is searched again for the position of its least `top`.
    #[inline(always)]
    fn choose_item_portable(&self) -> u32 {
        let lens = &self.tops[..=to_usize(self.n_primary)];
        let mut best_len = OUT_OF_LIST;
        let mut best_block = 0;
        for (w, &word) in self.active.iter().enumerate() {
            if word == 0 {
                continue;
            }
            // The root's `top` (header 0) carries the flag too, so block 0 starts at 0.
            let block = &lens[w * 64..lens.len().min(w * 64 + 64)];
            let least = least_of(block);
            if least < best_len {
                best_len = least;
                best_block = w;
                if least == 0 {
                    break;
                }
            }
        }
        if best_len == OUT_OF_LIST {
            return 0;
        }
        // The first header of the winning block whose length is the least.
        let start = best_block * 64;
        let block = &lens[start..lens.len().min(start + 64)];
        to_u32(start) + first_equal(block, best_len)
    }

    /// Marks header `i` as in (or out of) the item list, for the item choice.
    #[inline(always)]
    fn set_active(&mut self, i: u32, on: bool) {
        if i <= self.n_primary {
            let word = checked::get_mut(&mut self.active, i / 64);
            let top = checked::get_mut(&mut self.tops, i);
            if on {
                *word |= 1 << (i % 64);
                *top &= !OUT_OF_LIST;
            } else {
                *word &= !(1 << (i % 64));
                *top |= OUT_OF_LIST;
            }
        } else {
            let top = checked::get_mut(&mut self.tops, i);
            if on {
                *top &= !OUT_OF_LIST;
            } else {
                *top |= OUT_OF_LIST;
            }
        }
    }

    /// Removes the other nodes of the option holding `p` from their item lists (hide').
    ///
    /// The walk goes right from `p` and wraps to the option's first node, as
    /// Knuth's does, but by the option's [`Span`] rather than at a spacer.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        let (Span { start, end }, plain) = self.span_for::<COLORS>(p);
        debug_assert!(start <= p && p < end, "node {p} outside its option");
        if plain {
            // Every other node is removed: one update each.
            *updates += u64::from(end - start - 1);
            // Options of 4 to 6 nodes (queens, sudoku, tetromino and
            // pentomino placements) are unrolled, each node's index computed
            // from `p` alone rather than from the node before: 6x10 took 8%
            // fewer cycles, queens-14 and sudoku 1-2%. Options of 3 nodes
            // (Langford pairs) measured no better unrolled, and queens-14 3%
            // worse (its corner options have 3 nodes).
            match end - start {
                4 => return self.hide_fixed::<4>(p, start, end),
                5 => return self.hide_fixed::<5>(p, start, end),
                6 => return self.hide_fixed::<6>(p, start, end),
                _ => {}
            }
        }
        let mut q = p;
        for _ in 1..end - start {
            q += 1;
            q = if q == end { start } else { q };
            if COLORS && !plain {
                if self.color(q) < 0 {
                    continue;
                }
                *updates += 1;
            }
            self.unlink_node(q);
        }
    }

    /// `hide(p)` for an option of `N` nodes and no colors, unrolled.
    #[inline(always)]
    fn hide_fixed<const N: u32>(&mut self, p: u32, start: u32, end: u32) {
        debug_assert_eq!(end - start, N, "option length");
        for k in 1..N {
            // Each node's index comes from `p` alone, not from the one before.
            let q = p + k;
            let q = if q >= end { q - N } else { q };
            self.unlink_node(q);
        }
    }

    /// `unhide(p)` for an option of `N` nodes and no colors, unrolled.
    #[inline(always)]
    fn unhide_fixed<const N: u32>(&mut self, p: u32, start: u32, end: u32) {
        debug_assert_eq!(end - start, N, "option length");
        for k in 1..N {
            // `p - k`, wrapped into the option, from `p` alone.
            let q = p + N - k;
            let q = if q >= end { q - N } else { q };
            self.relink_node(q);
        }
    }

    /// Puts back what `hide(p)` removed, in reverse order (unhide').
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        let (Span { start, end }, plain) = self.span_for::<COLORS>(p);
        if plain {
            match end - start {
                4 => return self.unhide_fixed::<4>(p, start, end),
                5 => return self.unhide_fixed::<5>(p, start, end),
                6 => return self.unhide_fixed::<6>(p, start, end),
                _ => {}
            }
        }
        let mut q = p;
        for _ in 1..end - start {
            q = if q == start { end } else { q };
            q -= 1;
            if COLORS && !plain && self.color(q) < 0 {
                continue;
            }
            self.relink_node(q);
        }
    }

    /// Removes item `i` from its list and hides every option that contains it (cover').
    #[inline(always)]
    pub fn cover<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) {
        debug_assert!(i >= 1 && i <= self.n_items, "cover of non-item {i}");
        debug_assert!(
            self.is_active(i),
            "cover of item {i}, which is already covered"
        );
        let mut p = self.down(i);
        while p != i {
            self.hide::<COLORS>(p, updates);
            p = self.down(p);
        }
        // Only primary items leave their list (the choice and the test for a
        // solution read it); a secondary item is marked by its flag alone.
        if i <= self.n_primary {
            let ItemLink { left, right } = self.item(i);
            self.item_mut(left).right = right;
            self.item_mut(right).left = left;
        }
        self.set_active(i, false);
        *updates += 1;
    }

    /// Undoes `cover(i)` (uncover').
    #[inline(always)]
    pub fn uncover<const COLORS: bool>(&mut self, i: u32) {
        debug_assert!(i >= 1 && i <= self.n_items, "uncover of non-item {i}");
        debug_assert!(
            !self.is_active(i),
            "uncover of item {i}, which is not covered"
        );
        if i <= self.n_primary {
            let ItemLink { left, right } = self.item(i);
            self.item_mut(left).right = i;
            self.item_mut(right).left = i;
        }
        self.set_active(i, true);
        let mut p = self.up(i);
        while p != i {
            self.unhide::<COLORS>(p);
            p = self.up(p);
        }
    }

    /// Keeps only the options that agree with the color of node `p` on its item (purify).
    #[inline(always)]
    fn purify(&mut self, p: u32, updates: &mut u64) {
        let (i, color) = (self.top(p), self.color(p));
        debug_assert!(color > 0, "purify of uncolored node {p}");
        // The header remembers the color imposed on its item (Knuth's COLOR(i)).
        self.set_color(i, color);
        let mut q = self.down(i);
        while q != i {
            if self.color(q) == color {
                if q != p {
                    self.set_color(q, -1);
                }
            } else {
                self.hide::<true>(q, updates);
            }
            q = self.down(q);
        }
    }

    /// Undoes `purify(p)`.
    #[inline(always)]
    fn unpurify(&mut self, p: u32) {
        let (i, color) = (self.top(p), self.color(p));
        self.set_color(i, 0);
        let mut q = self.up(i);
        while q != i {
            if self.color(q) < 0 {
                self.set_color(q, color);
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.up(q);
        }
    }

    /// Step X5/C5 after the chosen item: covers (or purifies) every other item of the option holding `x`.
    #[inline(always)]
    pub fn commit_option<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        let Span { start, end } = self.span(x);
        let mut p = x;
        for _ in 1..end - start {
            p += 1;
            p = if p == end { start } else { p };
            let item = self.top(p);
            if !COLORS || self.color(p) == 0 {
                self.cover::<COLORS>(item, updates);
            } else if self.color(p) > 0 {
                self.purify(p, updates);
            }
        }
    }

    /// Step X6/C6: undoes `commit_option(x)` in reverse order.
    #[inline(always)]
    pub fn uncommit_option<const COLORS: bool>(&mut self, x: u32) {
        let Span { start, end } = self.span(x);
        let mut p = x;
        for _ in 1..end - start {
            p = if p == start { end } else { p };
            p -= 1;
            let item = self.top(p);
            if !COLORS || self.color(p) == 0 {
                self.uncover::<COLORS>(item);
            } else if self.color(p) > 0 {
                self.unpurify(p);
            }
        }
    }

    /// Takes node `q` out of its item's list, one shorter (the step of hide).
    #[inline(always)]
    fn unlink_node(&mut self, q: u32) {
        let x = self.top(q);
        let UpDown { up, down } = self.up_down(q);
        self.set_down(up, down);
        self.set_up(down, up);
        *self.top_mut(x) -= 1;
    }

    /// Puts node `q` back where `unlink_node(q)` took it from (the step of unhide).
    #[inline(always)]
    fn relink_node(&mut self, q: u32) {
        let x = self.top(q);
        let UpDown { up, down } = self.up_down(q);
        self.set_down(up, q);
        self.set_up(down, q);
        *self.top_mut(x) += 1;
    }

    /// Algorithm M: takes the option holding `p` out of every list, `p`'s own included,
    /// so that it can be neither chosen nor counted again (Knuth's tweak).
    #[inline(always)]
    pub fn exclude_option<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        self.unlink_node(p);
        *updates += 1;
        self.hide::<COLORS>(p, updates);
    }

    /// Undoes `exclude_option(p)`.
    #[inline(always)]
    pub fn include_option<const COLORS: bool>(&mut self, p: u32) {
        self.unhide::<COLORS>(p);
        self.relink_node(p);
    }

    /// Algorithm M: one more option covers node `q`'s item.
    #[inline(always)]
    fn count_node<const COLORS: bool>(&mut self, q: u32, updates: &mut u64) {
        let item = self.top(q);
        if item <= self.n_primary {
            let times = checked::get_mut(&mut self.times, item);
            *times += 1;
            if *times == checked::get(&self.most, item) {
                self.cover::<COLORS>(item, updates);
            }
        } else if !COLORS || self.color(q) == 0 {
            self.cover::<COLORS>(item, updates);
        } else if self.color(q) > 0 {
            self.purify(q, updates);
        }
    }

    /// Undoes `count_node(q)`.
    #[inline(always)]
    fn uncount_node<const COLORS: bool>(&mut self, q: u32) {
        let item = self.top(q);
        if item <= self.n_primary {
            if checked::get(&self.times, item) == checked::get(&self.most, item) {
                self.uncover::<COLORS>(item);
            }
            *checked::get_mut(&mut self.times, item) -= 1;
        } else if !COLORS || self.color(q) == 0 {
            self.uncover::<COLORS>(item);
        } else if self.color(q) > 0 {
            self.unpurify(q);
        }
    }

    /// Algorithm M's commit: counts every item of the option holding `x` but
    /// `x`'s own, covering the items that reach their most.
    #[inline(always)]
    pub fn commit_counting<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        // By the option's span, as `commit_option`: no spacer test to mispredict.
        let Span { start, end } = self.span(x);
        let mut p = x;
        for _ in 1..end - start {
            p += 1;
            p = if p == end { start } else { p };
            self.count_node::<COLORS>(p, updates);
        }
    }

    /// Undoes `commit_counting(x)` in reverse order.
    #[inline(always)]
    pub fn uncommit_counting<const COLORS: bool>(&mut self, x: u32) {
        let Span { start, end } = self.span(x);
        let mut p = x;
        for _ in 1..end - start {
            p = if p == start { end } else { p };
            p -= 1;
            self.uncount_node::<COLORS>(p);
        }
    }

    /// Counts every item of the option holding `x`, `x`'s own first.
    #[inline(always)]
    pub fn apply_counting<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        self.count_node::<COLORS>(x, updates);
        self.commit_counting::<COLORS>(x, updates);
    }

    /// Undoes `apply_counting(x)`.
    #[inline(always)]
    pub fn unapply_counting<const COLORS: bool>(&mut self, x: u32) {
        self.uncommit_counting::<COLORS>(x);
        self.uncount_node::<COLORS>(x);
    }

    /// Algorithm M's branching degree of header `i`: its options, plus one for
    /// leaving it as it is when it has been covered often enough, less the
    /// options it still needs beyond one (Knuth's θ).
    #[inline(always)]
    pub fn branching_degree(&self, i: u32) -> i64 {
        let (times, least) = (checked::get(&self.times, i), checked::get(&self.least, i));
        i64::from(self.len(i)) + 1 - i64::from(least.saturating_sub(times))
    }

    /// Algorithm M's item choice: the smallest branching degree, ties to the leftmost.
    ///
    /// The items in the list are those of the active set, in header order,
    /// which is the list's order, so the scan is the one of the scalar
    /// choice of Algorithm X ([`Links::least_active`]) with degrees for lengths.
    pub fn choose_item_counting(&self) -> (u32, i64) {
        // A degree is at most a length plus one, below 2^31.
        self.least_active(|p| self.branching_degree(p))
    }

    /// Takes header `i` out of the item list without touching its options.
    pub fn unlink_item(&mut self, i: u32) {
        let ItemLink { left, right } = self.item(i);
        self.item_mut(left).right = right;
        self.item_mut(right).left = left;
        self.set_active(i, false);
    }

    /// Undoes `unlink_item(i)`.
    pub fn relink_item(&mut self, i: u32) {
        let ItemLink { left, right } = self.item(i);
        self.item_mut(left).right = i;
        self.item_mut(right).left = i;
        self.set_active(i, true);
    }

    /// Knuth's sanity check: every list is doubly linked, every length is right.
    pub fn check(&self) -> Result<(), LinkError> {
        let fail = |node: usize, what: String| Err(LinkError { node, what });
        for i in 1..=self.n_primary {
            let bit = self.active[to_usize(i / 64)] >> (i % 64) & 1 == 1;
            let flag = self.top(i) & OUT_OF_LIST == 0;
            if flag != bit {
                return fail(
                    to_usize(i),
                    format!("item {i}: the active bit says {bit}, the length's flag does not"),
                );
            }
            if bit != self.is_active(i) {
                return fail(
                    to_usize(i),
                    format!("item {i}: the active bit says {bit}, the item list does not"),
                );
            }
        }
        for head in [0usize, to_usize(self.n_items) + 1] {
            let mut p = head;
            let mut steps = 0usize;
            loop {
                let right = to_usize(self.items[p].right);
                if to_usize(self.items[right].left) != p {
                    return fail(
                        p,
                        format!("item list: right of {p} is {right}, whose left is not {p}"),
                    );
                }
                p = right;
                steps += 1;
                if p == head {
                    break;
                }
                if steps > self.items.len() {
                    return fail(head, "item list does not return to its head".into());
                }
            }
        }
        for i in 1..=to_usize(self.n_items) {
            if !self.is_active(to_u32(i)) {
                continue;
            }
            let mut count = 0u32;
            let mut p = i;
            loop {
                let down = to_usize(self.down(to_u32(p)));
                if to_usize(self.up(to_u32(down))) != p {
                    return fail(p, format!("down of {p} is {down}, whose up is not {p}"));
                }
                p = down;
                if p == i {
                    break;
                }
                if to_usize(self.top(to_u32(p))) != i {
                    return fail(
                        p,
                        format!(
                            "node in the list of item {i} has top {}",
                            self.top(to_u32(p))
                        ),
                    );
                }
                count += 1;
                if count as usize > self.tops.len() {
                    return fail(i, "vertical list does not return to its header".into());
                }
            }
            if count != self.len(to_u32(i)) {
                return fail(
                    i,
                    format!("item {i} has len {} but {count} nodes", self.len(to_u32(i))),
                );
            }
        }
        Ok(())
    }
}

/// The least of a block of lengths; a whole block of 64 has a fixed trip
/// count, which the compiler unrolls into a few vector minima.
#[inline(always)]
fn least_of(block: &[u32]) -> u32 {
    match <&[u32; 64]>::try_from(block) {
        Ok(whole) => whole.iter().fold(u32::MAX, |least, &len| least.min(len)),
        Err(_) => block.iter().fold(u32::MAX, |least, &len| least.min(len)),
    }
}

/// The position of the first `value` in a block that holds it; a whole
/// block of 64 is compared at once into a bit mask.
#[inline(always)]
fn first_equal(block: &[u32], value: u32) -> u32 {
    match <&[u32; 64]>::try_from(block) {
        Ok(whole) => {
            let mut mask = 0u64;
            for (k, &len) in whole.iter().enumerate() {
                mask |= u64::from(len == value) << k;
            }
            mask.trailing_zeros()
        }
        Err(_) => to_u32(
            block
                .iter()
                .position(|&len| len == value)
                .unwrap_or_default(),
        ),
    }
}

/// The item choice compiled for wider vectors than the target's baseline.
#[allow(
    unsafe_code,
    reason = "calling a function compiled for AVX2 is safe only once AVX2 is detected"
)]
mod wide {
    use super::Links;

    /// Whether the processor running us has AVX2.
    pub(super) fn has_avx2() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            std::arch::is_x86_feature_detected!("avx2")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    /// [`Links::choose_item`] on a processor with AVX2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn choose_item_avx2(links: &Links) -> u32 {
        debug_assert!(has_avx2(), "the AVX2 item choice without AVX2");
        // SAFETY: `links.avx2` is set only when `has_avx2()` found AVX2.
        unsafe { choose_item(links) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn choose_item(links: &Links) -> u32 {
        links.choose_item_portable()
    }
}

/// Array access in the hot loop.
///
/// Every index stored in the link arrays was made by [`Links::new`] and is
/// smaller than the length of the array it points into; the arrays never
/// change length afterwards. Skipping the bounds checks here measured
/// faster on the pentomino benches (see ARCHITECTURE.md).
#[allow(
    unsafe_code,
    reason = "the one place that skips bounds checks; each access is debug-asserted"
)]
mod checked {
    use crate::index::to_usize;

    #[inline(always)]
    pub(super) fn get<T: Copy>(array: &[T], index: u32) -> T {
        debug_assert!(
            to_usize(index) < array.len(),
            "link {index} out of bounds ({})",
            array.len()
        );
        // SAFETY: links are always in bounds (module docs), and the debug assertion checks it.
        unsafe { *array.get_unchecked(to_usize(index)) }
    }

    #[inline(always)]
    pub(super) fn get_mut<T>(array: &mut [T], index: u32) -> &mut T {
        debug_assert!(
            to_usize(index) < array.len(),
            "link {index} out of bounds ({})",
            array.len()
        );
        // SAFETY: links are always in bounds (module docs), and the debug assertion checks it.
        unsafe { array.get_unchecked_mut(to_usize(index)) }
    }
}

#[cfg(test)]
mod tests {
    use super::Links;
    use crate::problem::{ItemKind, ProblemBuilder};
    use proptest::prelude::*;

    proptest! {
        /// The AVX2 copy of the item choice (when this processor runs it) and
        /// the portable one agree with a plain scan of the item list, as items
        /// are covered in any order, on problems of up to 200 items (whole
        /// and partial 64-item blocks).
        #[test]
        fn item_choice_is_the_leftmost_shortest(
            n_items in 1usize..200,
            options in prop::collection::vec(prop::collection::vec(0usize..200, 1..6), 0..120),
            order in prop::collection::vec(0usize..200, 0..60),
        ) {
            let mut builder = ProblemBuilder::new();
            let items = builder.items(ItemKind::Primary, n_items);
            for option in &options {
                let mut chosen: Vec<_> = option.iter().map(|&k| items[k % n_items]).collect();
                chosen.sort();
                chosen.dedup();
                builder.option(chosen).unwrap();
            }
            let mut links = Links::new(&builder.build().unwrap());
            let mut updates = 0;
            for k in order {
                let header = u32::try_from(k % n_items + 1).unwrap();
                if links.is_active(header) {
                    links.cover::<false>(header, &mut updates);
                }
                // Knuth's scan: the item list, strictly shorter wins.
                let (mut expected, mut best) = (0, u32::MAX);
                let mut i = links.item(0).right;
                while i != 0 {
                    if links.len(i) < best {
                        (expected, best) = (i, links.len(i));
                    }
                    i = links.item(i).right;
                }
                prop_assert_eq!(links.choose_item(), expected);
                prop_assert_eq!(links.choose_item_portable(), expected);
                prop_assert_eq!(links.choose_item_sparse(), expected);
            }
        }
    }
}
