//! The dancing operations of Algorithms X, C and M: cover, uncover, hide,
//! unhide, purify, unpurify, commit and uncommit, and Algorithm M's tallies.
//!
//! They work on a [`Dance`]: the link arrays as slices held by a local value
//! for the length of one run of a search loop. The `pub(crate)` operations
//! take an index from outside the module and check it once; their inner
//! walks then follow indices out of the arrays, which the module's
//! invariants (M1 to M7, in `links/mod.rs`) keep in bounds, and read them
//! with [`raw`](super::raw).

#![allow(
    unsafe_code,
    reason = "the inner walks read the arrays unchecked; every block names the invariant that bounds its index"
)]

use super::raw::{get, get_mut};
use super::{choose, ItemLink, Links, Short, Span, UpDown, OUT_OF_LIST, PLAIN_OPTION};
use crate::index::to_usize;

/// The link arrays of a [`Links`], borrowed as slices for one run of a search loop.
///
/// Held by a local, the slices' addresses and lengths stay in registers
/// across the loop: reached through the fields of `Links`, the compiler
/// reloads them from memory after every store into an array, since it cannot
/// tell that the store leaves `Links` itself alone (13-queens took 9% longer
/// that way; docs/perf-notes.md). The view changes nothing else: it is the same
/// arrays, with the same invariants.
///
/// With `SHORT`, every change of a length or of the active set also keeps
/// the links' [`Short`] counts, which the item choice then reads; it is on
/// exactly when the links keep them ([`Links::short_counts`]).
#[derive(Debug)]
pub(crate) struct Dance<'a, const SHORT: bool = false> {
    pub(super) links: &'a mut [UpDown],
    pub(super) tops: &'a mut [u32],
    pub(super) colors: &'a mut [i32],
    pub(super) spans: &'a [Span],
    pub(super) items: &'a mut [ItemLink],
    pub(super) active: &'a mut [u64],
    pub(super) option_of_node: &'a [u32],
    /// Algorithm M's tallies and bounds (empty without multiplicities, M7).
    pub(super) times: &'a mut [u32],
    pub(super) least: &'a [u32],
    pub(super) most: &'a [u32],
    pub(super) n_items: u32,
    pub(super) n_primary: u32,
    pub(super) avx2: bool,
    pub(super) short: &'a mut Short,
}

impl Links {
    /// The arrays as a [`Dance`] that keeps no [`Short`] counts, for a run
    /// of a search loop on links that keep none (Algorithm M's always).
    #[inline(always)]
    pub(crate) fn dance(&mut self) -> Dance<'_> {
        self.dance_with::<false>()
    }

    /// The arrays as a [`Dance`] that keeps the [`Short`] counts when
    /// `SHORT`, which must be what the links keep: a loop that changed the
    /// lengths without them would leave the counts wrong.
    #[inline(always)]
    pub(crate) fn dance_with<const SHORT: bool>(&mut self) -> Dance<'_, SHORT> {
        assert_eq!(
            SHORT, self.short.on,
            "a dance that disagrees with the links on the short counts"
        );
        Dance {
            links: &mut self.links,
            tops: &mut self.tops,
            colors: &mut self.colors,
            spans: &self.spans,
            items: &mut self.items,
            active: &mut self.active,
            option_of_node: &self.option_of_node,
            times: &mut self.times,
            least: &self.least,
            most: &self.most,
            n_items: self.n_items,
            n_primary: self.n_primary,
            avx2: self.avx2,
            short: &mut self.short,
        }
    }

    /// [`Dance::cover`], for cold code.
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) {
        if self.short.on {
            self.dance_with::<true>().cover::<COLORS>(i, updates);
        } else {
            self.dance().cover::<COLORS>(i, updates);
        }
    }

    /// [`Dance::uncover`], for cold code.
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        if self.short.on {
            self.dance_with::<true>().uncover::<COLORS>(i);
        } else {
            self.dance().uncover::<COLORS>(i);
        }
    }

    /// [`Dance::commit_option`], for cold code.
    pub(crate) fn commit_option<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        if self.short.on {
            self.dance_with::<true>()
                .commit_option::<COLORS>(x, updates);
        } else {
            self.dance().commit_option::<COLORS>(x, updates);
        }
    }

    /// [`Dance::uncommit_option`], for cold code.
    pub(crate) fn uncommit_option<const COLORS: bool>(&mut self, x: u32) {
        if self.short.on {
            self.dance_with::<true>().uncommit_option::<COLORS>(x);
        } else {
            self.dance().uncommit_option::<COLORS>(x);
        }
    }
}

impl<const SHORT: bool> Dance<'_, SHORT> {
    /// Knuth's step C3: see [`Links::choose_item`].
    #[inline(always)]
    pub(crate) fn choose_item(&self) -> u32 {
        if SHORT {
            return choose::choose_item_short(self.tops, self.active, self.n_primary, self.short);
        }
        choose::choose_item(self.tops, self.active, self.n_primary, self.avx2)
    }

    /// The first primary item still in the item list, `0` when none is left.
    #[inline(always)]
    pub(crate) fn first_active(&self) -> u32 {
        // SAFETY: `items` has `n_items + 2 >= 2` entries (M5).
        unsafe { get(self.items, 0) }.right
    }

    /// DLINK(x).
    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.links[to_usize(x)].down
    }

    /// TOP(x).
    #[inline(always)]
    pub(crate) fn top(&self, x: u32) -> u32 {
        self.tops[to_usize(x)]
    }

    /// The number of options still in the list of header `i`.
    #[inline(always)]
    pub(crate) fn len(&self, i: u32) -> u32 {
        self.top(i) & !OUT_OF_LIST
    }

    /// The primary item after `i` in the item list (`0` after the last).
    #[inline(always)]
    pub(crate) fn next_active(&self, i: u32) -> u32 {
        self.items[to_usize(i)].right
    }

    /// Whether the search runs Algorithm M: its tallies are kept then.
    #[inline(always)]
    pub(crate) fn algorithm_m(&self) -> bool {
        !self.times.is_empty()
    }

    /// The nodes `start..end` of the option holding option node `x`.
    pub(crate) fn span(&self, x: u32) -> (u32, u32) {
        let Span { start, end } = self.spans[to_usize(x)];
        (start, end & !PLAIN_OPTION)
    }

    /// The problem's option index of option node `x`.
    pub(crate) fn option_index(&self, x: u32) -> usize {
        to_usize(self.option_of_node[to_usize(x)])
    }

    /// Whether node `x` is an option node (not a header or a spacer).
    #[inline(always)]
    pub(crate) fn is_option_node(&self, x: u32) -> bool {
        self.option_of_node
            .get(to_usize(x))
            .is_some_and(|&o| o != u32::MAX)
    }

    /// Removes item `i` from its list and hides every option that contains it (cover').
    #[inline(always)]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) {
        // The one check of an index from outside: `i` names an entry of `items`.
        assert!(to_usize(i) < self.items.len(), "cover of non-item {i}");
        // SAFETY: `i < items.len() <= n_nodes` (M5), just checked.
        unsafe { self.cover_item::<COLORS>(i, updates) }
    }

    /// Undoes `cover(i)` (uncover').
    #[inline(always)]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        assert!(to_usize(i) < self.items.len(), "uncover of non-item {i}");
        // SAFETY: `i < items.len() <= n_nodes` (M5), just checked.
        unsafe { self.uncover_item::<COLORS>(i) }
    }

    /// Steps C4 and C5's first move: covers item `i` and returns the first
    /// node of its list (`i` itself when it has no option).
    #[inline(always)]
    pub(crate) fn cover_and_first<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) -> u32 {
        assert!(to_usize(i) < self.items.len(), "cover of non-item {i}");
        // SAFETY: `i < items.len() <= n_nodes` (M5), just checked.
        unsafe {
            self.cover_item::<COLORS>(i, updates);
            get(self.links, i).down
        }
    }

    /// Step X5/C5 after the chosen item: covers (or purifies) every other item
    /// of the option holding `x`. Nothing happens if `x` is not an option node.
    #[inline(always)]
    pub(crate) fn commit_option<const COLORS: bool>(&mut self, x: u32, updates: &mut u64) {
        // The one check of an index from outside: `x` is a node.
        let Span { start, end } = self.spans[to_usize(x)];
        let end = end & !PLAIN_OPTION;
        // The span is empty or holds `x` (M3), so the walk stays inside it.
        let mut p = x;
        for _ in 1..end - start {
            p += 1;
            p = if p == end { start } else { p };
            // SAFETY: `p` is a node of the span, an option node (M3).
            unsafe { self.commit_node::<COLORS>(p, updates) };
        }
    }

    /// Step X6/C6: undoes `commit_option(x)` in reverse order.
    #[inline(always)]
    pub(crate) fn uncommit_option<const COLORS: bool>(&mut self, x: u32) {
        let Span { start, end } = self.spans[to_usize(x)];
        let end = end & !PLAIN_OPTION;
        let mut p = x;
        for _ in 1..end - start {
            p = if p == start { end } else { p };
            p -= 1;
            // SAFETY: `p` is a node of the span, an option node (M3).
            unsafe { self.uncommit_node::<COLORS>(p) };
        }
    }

    /// Step C6: undoes `commit_option(x)` and returns the next node of `x`'s list.
    #[inline(always)]
    pub(crate) fn uncommit_and_next<const COLORS: bool>(&mut self, x: u32) -> u32 {
        self.uncommit_option::<COLORS>(x);
        // SAFETY: `x < n_nodes`: `uncommit_option` has just indexed `spans` with it (M1).
        unsafe { get(self.links, x).down }
    }

    /// Step C6 on backing up to a level: undoes `commit_option(x)` and returns
    /// the item of `x` (the one its level covered) and the next node of its list.
    #[inline(always)]
    pub(crate) fn uncommit_and_next_of_item<const COLORS: bool>(&mut self, x: u32) -> (u32, u32) {
        self.uncommit_option::<COLORS>(x);
        // SAFETY: `x < n_nodes`: `uncommit_option` has just indexed `spans` with it (M1).
        unsafe { (get(self.tops, x), get(self.links, x).down) }
    }

    /// Covers the item of option node `p`, or purifies it to `p`'s color.
    ///
    /// # Safety
    /// `p` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    pub(super) unsafe fn commit_node<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        // SAFETY: `p < n_nodes` and `top(p)` is an item header (the caller, M4).
        unsafe {
            let item = get(self.tops, p);
            if !COLORS || get(self.colors, p) == 0 {
                self.cover_item::<COLORS>(item, updates);
            } else if get(self.colors, p) > 0 {
                self.purify(p, updates);
            }
        }
    }

    /// Undoes `commit_node(p)`.
    ///
    /// # Safety
    /// `p` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    pub(super) unsafe fn uncommit_node<const COLORS: bool>(&mut self, p: u32) {
        // SAFETY: as in `commit_node`.
        unsafe {
            let item = get(self.tops, p);
            if !COLORS || get(self.colors, p) == 0 {
                self.uncover_item::<COLORS>(item);
            } else if get(self.colors, p) > 0 {
                self.unpurify(p);
            }
        }
    }

    /// `cover` once its index is known to be in bounds.
    ///
    /// # Safety
    /// `i < items.len()`.
    #[inline(always)]
    pub(super) unsafe fn cover_item<const COLORS: bool>(&mut self, i: u32, updates: &mut u64) {
        debug_assert!(i >= 1 && i <= self.n_items, "cover of non-item {i}");
        // SAFETY: `i < items.len() <= n_nodes` (the caller, M5); every `p` is
        // read from `links` (M2); `left` and `right` from `items` (M5).
        unsafe {
            let mut p = get(self.links, i).down;
            while p != i {
                self.hide::<COLORS>(p, updates);
                p = get(self.links, p).down;
            }
            // Only primary items leave their list (the choice and the test for a
            // solution read it); a secondary item is marked by its flag alone.
            if i <= self.n_primary {
                let ItemLink { left, right } = get(self.items, i);
                get_mut(self.items, left).right = right;
                get_mut(self.items, right).left = left;
            }
            self.set_active(i, false);
        }
        *updates += 1;
    }

    /// `uncover` once its index is known to be in bounds.
    ///
    /// # Safety
    /// `i < items.len()`.
    #[inline(always)]
    pub(super) unsafe fn uncover_item<const COLORS: bool>(&mut self, i: u32) {
        debug_assert!(i >= 1 && i <= self.n_items, "uncover of non-item {i}");
        // SAFETY: as in `cover_item`.
        unsafe {
            if i <= self.n_primary {
                let ItemLink { left, right } = get(self.items, i);
                get_mut(self.items, left).right = i;
                get_mut(self.items, right).left = i;
            }
            self.set_active(i, true);
            let mut p = get(self.links, i).up;
            while p != i {
                self.unhide::<COLORS>(p);
                p = get(self.links, p).up;
            }
        }
    }

    /// Marks header `i` as in (or out of) the item list, for the item choice.
    ///
    /// # Safety
    /// `i < items.len()`.
    #[inline(always)]
    pub(super) unsafe fn set_active(&mut self, i: u32, on: bool) {
        // SAFETY: `i < items.len() <= n_nodes` (the caller, M5); a primary
        // header has its bit in `active` (M6).
        unsafe {
            if i <= self.n_primary {
                let word = get_mut(self.active, i / 64);
                let was = *word >> (i % 64) & 1 == 1;
                if on {
                    *word |= 1 << (i % 64);
                } else {
                    *word &= !(1 << (i % 64));
                }
                if SHORT && was != on {
                    let empty = *word == 0;
                    let len = get(self.tops, i) & !OUT_OF_LIST;
                    self.count_activity(i / 64, empty, len, on);
                }
            }
            let top = get_mut(self.tops, i);
            if on {
                *top &= !OUT_OF_LIST;
            } else {
                *top |= OUT_OF_LIST;
            }
        }
    }

    /// The nodes of the option holding node `p` (empty for headers and
    /// spacers), and whether the walks may ignore colors on it: always
    /// without colors, and with colors when the option has no colored node.
    ///
    /// # Safety
    /// `p < n_nodes`.
    #[inline(always)]
    unsafe fn span_for<const COLORS: bool>(&self, p: u32) -> (u32, u32, bool) {
        // SAFETY: `p < n_nodes` (the caller).
        let Span { start, end } = unsafe { get(self.spans, p) };
        if COLORS {
            (start, end & !PLAIN_OPTION, end & PLAIN_OPTION != 0)
        } else {
            // Without colors no span carries the flag.
            (start, end, true)
        }
    }

    /// Removes the other nodes of the option holding `p` from their item lists
    /// (hide'); nothing if `p` is not an option node.
    ///
    /// The walk goes right from `p` and wraps to the option's first node, as
    /// Knuth's does, but by the option's [`Span`] rather than at a spacer.
    ///
    /// # Safety
    /// `p < n_nodes`.
    #[inline(always)]
    pub(super) unsafe fn hide<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        // SAFETY: `p < n_nodes` (the caller).
        let (start, end, plain) = unsafe { self.span_for::<COLORS>(p) };
        if plain {
            // Every other node is removed: one update each. (An empty span,
            // which only a misuse can reach, wraps this count; it walks nothing.)
            *updates += u64::from((end - start).wrapping_sub(1));
            // Options of 4 to 6 nodes (queens, sudoku, tetromino and
            // pentomino placements) are unrolled, each node's index computed
            // from `p` alone rather than from the node before: 6x10 took 8%
            // fewer cycles, queens-14 and sudoku 1-2%. Options of 3 nodes
            // (Langford pairs) measured no better unrolled, and queens-14 3%
            // worse (its corner options have 3 nodes).
            // SAFETY (all three): the span holds `p` (M3) and has `N` nodes.
            match end - start {
                4 => return unsafe { self.hide_fixed::<4>(p, end) },
                5 => return unsafe { self.hide_fixed::<5>(p, end) },
                6 => return unsafe { self.hide_fixed::<6>(p, end) },
                _ => {}
            }
        }
        // The span is empty or holds `p` (M3): the walk stays inside it.
        let mut q = p;
        for _ in 1..end - start {
            q += 1;
            q = if q == end { start } else { q };
            // SAFETY: `q` is a node of the span, an option node (M3).
            unsafe {
                if COLORS && !plain {
                    if get(self.colors, q) < 0 {
                        continue;
                    }
                    *updates += 1;
                }
                self.unlink_node(q);
            }
        }
    }

    /// Puts back what `hide(p)` removed, in reverse order (unhide').
    ///
    /// # Safety
    /// `p < n_nodes`.
    #[inline(always)]
    pub(super) unsafe fn unhide<const COLORS: bool>(&mut self, p: u32) {
        // SAFETY: `p < n_nodes` (the caller).
        let (start, end, plain) = unsafe { self.span_for::<COLORS>(p) };
        if plain {
            // SAFETY (all three): the span holds `p` (M3) and has `N` nodes.
            match end - start {
                4 => return unsafe { self.unhide_fixed::<4>(p, end) },
                5 => return unsafe { self.unhide_fixed::<5>(p, end) },
                6 => return unsafe { self.unhide_fixed::<6>(p, end) },
                _ => {}
            }
        }
        let mut q = p;
        for _ in 1..end - start {
            q = if q == start { end } else { q };
            q -= 1;
            // SAFETY: `q` is a node of the span, an option node (M3).
            unsafe {
                if COLORS && !plain && get(self.colors, q) < 0 {
                    continue;
                }
                self.relink_node(q);
            }
        }
    }

    /// `hide(p)` for an option of `N` nodes and no colors, unrolled.
    ///
    /// # Safety
    /// `p` is a node of an option of exactly `N` nodes, which end at `end`.
    #[inline(always)]
    unsafe fn hide_fixed<const N: u32>(&mut self, p: u32, end: u32) {
        for k in 1..N {
            // Each node's index comes from `p` alone, not from the one before.
            let q = p + k;
            let q = if q >= end { q - N } else { q };
            // SAFETY: `q` is a node of `p`'s option (the caller).
            unsafe { self.unlink_node(q) };
        }
    }

    /// `unhide(p)` for an option of `N` nodes and no colors, unrolled.
    ///
    /// # Safety
    /// `p` is a node of an option of exactly `N` nodes, which end at `end`.
    #[inline(always)]
    unsafe fn unhide_fixed<const N: u32>(&mut self, p: u32, end: u32) {
        for k in 1..N {
            // `p - k`, wrapped into the option, from `p` alone.
            let q = p + N - k;
            let q = if q >= end { q - N } else { q };
            // SAFETY: `q` is a node of `p`'s option (the caller).
            unsafe { self.relink_node(q) };
        }
    }

    /// Takes option node `q` out of its item's list, one shorter (the step of hide).
    ///
    /// # Safety
    /// `q` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    pub(super) unsafe fn unlink_node(&mut self, q: u32) {
        // SAFETY: `q < n_nodes` (the caller); `x = top(q)` is a header (M4);
        // `up` and `down` come from `links` (M2).
        unsafe {
            let x = get(self.tops, q);
            let UpDown { up, down } = get(self.links, q);
            get_mut(self.links, up).down = down;
            get_mut(self.links, down).up = up;
            let len = get_mut(self.tops, x);
            *len -= 1;
            // A header out of the list carries `OUT_OF_LIST`: never below 2.
            if SHORT && *len < 2 && x <= self.n_primary {
                let len = *len;
                self.count_shorter(len);
            }
        }
    }

    /// Puts option node `q` back where `unlink_node(q)` took it from (the step of unhide).
    ///
    /// # Safety
    /// `q` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    pub(super) unsafe fn relink_node(&mut self, q: u32) {
        // SAFETY: as in `unlink_node`; the stored `q` is below `n_nodes` (M2).
        unsafe {
            let x = get(self.tops, q);
            let UpDown { up, down } = get(self.links, q);
            get_mut(self.links, up).down = q;
            get_mut(self.links, down).up = q;
            let len = get_mut(self.tops, x);
            *len += 1;
            if SHORT && (*len == 1 || *len == 2) && x <= self.n_primary {
                let len = *len;
                self.count_longer(len);
            }
        }
    }

    /// Keeps the [`Short`] counts as an active primary list gets one option
    /// shorter, down to `len` (0 or 1).
    #[inline(always)]
    fn count_shorter(&mut self, len: u32) {
        let lens = &mut self.short.lens;
        if len == 0 {
            lens[0] += 1;
            lens[1] -= 1;
        } else {
            lens[1] += 1;
        }
    }

    /// Keeps the [`Short`] counts as an active primary list gets one option
    /// longer, up to `len` (1 or 2).
    #[inline(always)]
    fn count_longer(&mut self, len: u32) {
        let lens = &mut self.short.lens;
        if len == 1 {
            lens[0] -= 1;
            lens[1] += 1;
        } else {
            lens[1] -= 1;
        }
    }

    /// Keeps the [`Short`] counts as a primary item of length `len` enters
    /// (`on`) or leaves the item list, word `w` of the active set now being
    /// `empty` or not.
    #[inline(always)]
    fn count_activity(&mut self, w: u32, empty: bool, len: u32, on: bool) {
        let short = &mut *self.short;
        if let Some(count) = short.lens.get_mut(to_usize(len)) {
            if on {
                *count += 1;
            } else {
                *count -= 1;
            }
        }
        let (s, bit) = (to_usize(w / 64), 1u64 << (w % 64));
        if empty {
            short.summary[s] &= !bit;
        } else {
            short.summary[s] |= bit;
        }
    }

    /// Keeps only the options that agree with the color of node `p` on its item (purify).
    ///
    /// # Safety
    /// `p` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    unsafe fn purify(&mut self, p: u32, updates: &mut u64) {
        // SAFETY: `p < n_nodes`, `i = top(p)` a header (the caller, M4); every
        // `q` is read from `links` (M2).
        unsafe {
            let (i, color) = (get(self.tops, p), get(self.colors, p));
            debug_assert!(color > 0, "purify of uncolored node {p}");
            // The header remembers the color imposed on its item (Knuth's COLOR(i)).
            *get_mut(self.colors, i) = color;
            let mut q = get(self.links, i).down;
            while q != i {
                if get(self.colors, q) == color {
                    if q != p {
                        *get_mut(self.colors, q) = -1;
                    }
                } else {
                    self.hide::<true>(q, updates);
                }
                q = get(self.links, q).down;
            }
        }
    }

    /// Undoes `purify(p)`.
    ///
    /// # Safety
    /// `p` is an option node: a node of a non-empty span (M3).
    #[inline(always)]
    unsafe fn unpurify(&mut self, p: u32) {
        // SAFETY: as in `purify`.
        unsafe {
            let (i, color) = (get(self.tops, p), get(self.colors, p));
            *get_mut(self.colors, i) = 0;
            let mut q = get(self.links, i).up;
            while q != i {
                if get(self.colors, q) < 0 {
                    *get_mut(self.colors, q) = color;
                } else if q != p {
                    self.unhide::<true>(q);
                }
                q = get(self.links, q).up;
            }
        }
    }
}
