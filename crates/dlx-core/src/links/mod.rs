//! The link arrays: Knuth's layout for Algorithms X, C and M, with `u32` indices.
//!
//! Nodes live in flat arrays indexed by `u32` (Knuth: "a pointer is an array
//! index"). Nodes `1..=n_items` are the item headers (primary items first,
//! then secondary ones); node `0` is the root. After them come the options,
//! stored one after another, with a spacer node before the first option and
//! after every option. A spacer's `up` is the first node of the option before
//! it and its `down` the last node of the option after it, so a cold walk
//! along an option can wrap around without knowing its length; the hot walks
//! (hide and unhide) use each node's [`Span`] instead, which needs no test
//! for a spacer (ARCHITECTURE.md, "Why the hot loop is the way it is").
//! The items form two circular doubly linked lists, primary items under head
//! `0` and secondary items under head `n_items + 1`; only primary items are
//! ever chosen for branching. Only primary items leave their list when
//! covered (the item choice and the test for a solution read it); a covered
//! secondary item stays in its list and carries [`OUT_OF_LIST`] in its LEN.
//!
//! The module is split by concern: the layout and the checked accessors
//! (here), the item choice (`choose`), the dancing operations of Algorithms X
//! and C on a [`Dance`], the view of the arrays a search loop works on
//! (`dance`), Algorithm M's tallies (`tally`), the bounds of the optimising
//! searches (`bounds`), Knuth's sanity check (`check`) and the one place that
//! reads an array without a bounds check (`raw`).
//!
//! # Invariants of the search
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
//!
//! # Memory safety
//! The inner walks of the dancing operations read the arrays without bounds
//! checks (`raw`). They are sound for *any* sequence of calls of this
//! module's `pub(crate)` methods with *any* arguments, because of these
//! invariants, which [`Links::new`] establishes and every write in this
//! module preserves:
//!
//! - **(M1)** `links`, `tops`, `colors`, `spans` and `option_of_node` have the
//!   same length `n_nodes`, and no array ever changes length after `new`.
//! - **(M2)** every `up` and `down` stored in `links` is below `n_nodes`:
//!   every write stores a value just read from `links`, or a node index that
//!   has just indexed an array of length `n_nodes`.
//! - **(M3)** every span is either empty (`start == end`: headers and
//!   spacers) or holds the node it belongs to, with `end <= n_nodes`; spans
//!   are written only by `new`. So a walk that starts at a node of a
//!   non-empty span and wraps at `end` stays inside it.
//! - **(M4)** the `top` of every node inside a non-empty span (an option
//!   node) is an item header, in `1..=n_items`, and is never written after
//!   `new` (the writes to `tops` go to headers only: LEN and its flag).
//! - **(M5)** `items` has `n_items + 2` entries and every `left` and `right`
//!   in it is below that; `n_items + 2 <= n_nodes`.
//! - **(M6)** bit `i` of `active` is set only for primary headers
//!   `1..=n_primary`; `active` has a bit for each of them.
//! - **(M7)** `times`, `least` and `most` are empty or have `n_items + 2` entries.
//!
//! Entry points that take an index from outside the module (`cover(i)`,
//! `commit_option(x)`, the accessors, on [`Links`] and on [`Dance`]) check it with an ordinary bounds check
//! before the unchecked walks begin; everything those walks then index comes
//! out of the arrays themselves, which the invariants bound. A wrong index
//! from outside is therefore a panic (a bug report), never undefined
//! behaviour. The `checked` build profile (`cargo test --profile checked`)
//! turns on debug assertions, which make every unchecked read a checked one.

mod bounds;
mod check;
mod choose;
mod dance;
mod raw;
mod tally;

pub use check::LinkError;
use choose::{Short, HUGE_CHOICE};
pub(crate) use dance::Dance;

use crate::index::{to_u32, to_usize, ItemId, OptionId};
use crate::problem::{ItemKind, Problem};

/// Set in the `top` (LEN) of a primary header while its item is out of the
/// item list (of a secondary header while its item is covered), so that the
/// item choice can take the least `top` over a dense array without testing
/// which items are active.
///
/// A length never reaches this bit: every option takes at least two nodes
/// (one of its items and its spacer) and there are at most
/// [`MAX_NODES`](crate::problem::MAX_NODES) nodes, so a list holds fewer than
/// `2^31` options.
pub(crate) const OUT_OF_LIST: u32 = 1 << 31;

/// Set in the `end` of a [`Span`] of an option with no colored node, in a
/// problem with colors: such an option is hidden and unhidden exactly as in
/// a problem without colors, by the unrolled walks. Only problems of fewer
/// than `2^31` nodes carry it (an `end` needs the bit otherwise); without it
/// an option takes the walk that tests colors, which is always right.
const PLAIN_OPTION: u32 = 1 << 31;

/// The vertical links of a node, kept together: hide and unhide read both.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
struct UpDown {
    up: u32,
    down: u32,
}

/// The nodes `start..end` of the option holding a node (empty for headers and spacers).
///
/// Hide and unhide walk an option by this range, wrapping at `end` with a
/// conditional move, so that they never meet a spacer: a spacer's test is a
/// branch whose outcome depends on where the walk started, which the branch
/// predictor cannot learn (docs/perf-notes.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
struct Span {
    start: u32,
    end: u32,
}

/// The left and right neighbours of an item in its item list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
struct ItemLink {
    left: u32,
    right: u32,
}

/// The whole dancing-links structure of a problem.
///
/// The node fields live in parallel arrays rather than one array of
/// 16-byte nodes: every element is then 4 or 8 bytes, which x86-64 scales
/// inside the address itself, and the hot loop measured about a fifth fewer
/// instructions than with an array of structs (docs/perf-notes.md).
/// The fields are private to this module, whose invariants they carry.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// ULINK and DLINK of every node.
    links: Vec<UpDown>,
    /// TOP of every node: the item of an option node, `0` in a spacer, LEN in a header.
    tops: Vec<u32>,
    /// COLOR of every node (all zero when the problem has no colors).
    colors: Vec<i32>,
    /// The option range of every node (empty in headers and spacers).
    spans: Vec<Span>,
    items: Vec<ItemLink>,
    /// The problem's option index of every node (`u32::MAX` for headers and spacers).
    option_of_node: Vec<u32>,
    /// The first node of every option.
    first_node: Vec<u32>,
    /// The problem's item index of every header (`item_of_header[0]` is unused).
    item_of_header: Vec<u32>,
    n_items: u32,
    n_primary: u32,
    /// Bit `i` is set while primary header `i` is in the item list: the item
    /// choice scans these words and the dense `tops` array instead of chasing
    /// the list's links.
    active: Vec<u64>,
    /// Whether the processor has AVX2, for the item choice.
    avx2: bool,
    /// The counts of short lists that the item choice of a problem with very
    /// many primary items reads (`choose.rs`); off (and empty) otherwise.
    short: Short,
    /// Algorithm M: how many chosen options cover each primary header, and
    /// the least and most allowed (`u32::MAX` for no limit). Empty unless the
    /// search runs Algorithm M (see [`Problem::needs_algorithm_m`]).
    times: Vec<u32>,
    least: Vec<u32>,
    most: Vec<u32>,
}

impl Links {
    /// Lays out the nodes of a problem that the builder has already checked.
    pub(crate) fn new(problem: &Problem) -> Links {
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
        let mut active = vec![0u64; (n_primary + 1).div_ceil(64)];
        for h in 1..=n_primary {
            active[h / 64] |= 1 << (h % 64);
        }
        let mut links = Links {
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
            active,
            avx2: choose::has_avx2(),
            short: Short::default(),
            times: Vec::new(),
            least: Vec::new(),
            most: Vec::new(),
        };
        if algorithm_m {
            links.lay_out_multiplicities(problem);
        }
        links.keep_short_counts(links.n_primary >= HUGE_CHOICE);
        links
    }

    /// Starts (or stops) keeping the [`Short`] counts for the item choice,
    /// counted afresh from the lengths as they are; never under Algorithm M,
    /// which chooses by branching degree. [`Links::new`] keeps them from
    /// [`HUGE_CHOICE`] primary items on; tests turn them on for small
    /// problems, since any state of the links is a valid place to start.
    pub(crate) fn keep_short_counts(&mut self, on: bool) {
        self.short = Short::new(on && !self.algorithm_m(), &self.tops, &self.active);
    }

    /// Whether the [`Short`] counts are kept: the search then runs its copy
    /// that keeps them up to date.
    pub(crate) fn short_counts(&self) -> bool {
        self.short.on
    }

    /// The number of items (headers `1..=n_items`).
    pub(crate) fn n_items(&self) -> u32 {
        self.n_items
    }

    /// The first primary item still in the item list, `0` when none is left.
    pub(crate) fn first_active(&self) -> u32 {
        self.items[0].right
    }

    /// The number of primary items the search sees (headers `1..=n_primary`).
    pub(crate) fn n_primary(&self) -> u32 {
        self.n_primary
    }

    /// Whether the search runs Algorithm M: its tallies are kept exactly then.
    pub(crate) fn algorithm_m(&self) -> bool {
        !self.times.is_empty()
    }

    /// DLINK(x).
    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.links[to_usize(x)].down
    }

    /// ULINK(x).
    #[inline(always)]
    pub(crate) fn up(&self, x: u32) -> u32 {
        self.links[to_usize(x)].up
    }

    /// TOP(x): the item of an option node, `0` in a spacer, LEN (with
    /// [`OUT_OF_LIST`]) in a header.
    #[inline(always)]
    pub(crate) fn top(&self, x: u32) -> u32 {
        self.tops[to_usize(x)]
    }

    /// COLOR(x).
    #[inline(always)]
    pub(crate) fn color(&self, x: u32) -> i32 {
        self.colors[to_usize(x)]
    }

    /// The number of options still in the list of header `i`.
    #[inline(always)]
    pub(crate) fn len(&self, i: u32) -> u32 {
        self.top(i) & !OUT_OF_LIST
    }

    /// The primary item after `i` in the item list (`0` after the last).
    pub(crate) fn next_active(&self, i: u32) -> u32 {
        self.items[to_usize(i)].right
    }

    /// Whether header `i` is still in its item list (not covered).
    pub(crate) fn is_active(&self, i: u32) -> bool {
        if i > self.n_primary {
            // Secondary items stay in their list; their LEN carries the flag.
            return self.top(i) & OUT_OF_LIST == 0;
        }
        let link = self.items[to_usize(i)];
        self.items[to_usize(link.left)].right == i
    }

    /// Whether node `x` is an option node (not a header or a spacer).
    pub(crate) fn is_option_node(&self, x: u32) -> bool {
        self.option_of_node
            .get(to_usize(x))
            .is_some_and(|&o| o != u32::MAX)
    }

    /// The option holding option node `x`.
    pub(crate) fn option_of(&self, x: u32) -> OptionId {
        debug_assert!(self.is_option_node(x), "node {x} is not an option node");
        OptionId(self.option_of_node[to_usize(x)])
    }

    /// The first node of `option`, or `None` if the problem has no such option.
    pub(crate) fn first_node(&self, option: OptionId) -> Option<u32> {
        self.first_node.get(option.index()).copied()
    }

    /// The nodes `start..end` of the option holding option node `x`.
    pub(crate) fn span(&self, x: u32) -> (u32, u32) {
        let Span { start, end } = self.spans[to_usize(x)];
        (start, end & !PLAIN_OPTION)
    }

    /// The problem's item of header `h`.
    pub(crate) fn item_of_header(&self, h: u32) -> ItemId {
        ItemId(self.item_of_header[to_usize(h)])
    }
}
