//! The static view of a problem the memoised count searches: flat option and item lists, and the layout of a cache key.

use std::collections::HashMap;

use crate::index::{to_u32, ItemId};
use crate::problem::{ItemKind, Problem};

use super::MemoError;

/// A problem as the memoised count reads it, built once and shared by every
/// counter of the problem (they hold it in an `Arc`).
///
/// Items keep their indices; an item's bit in a state's bitset is bit
/// `item % 64` of word `item / 64`. Colors are renumbered per item, from 1,
/// so that a colored secondary item's state fits in a few bits of the key.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Words of a bitset over the items.
    pub(crate) words: usize,
    /// Words of a cache key: the bitset, then the packed color codes.
    pub(crate) key_words: usize,
    /// `primary[w]` has a bit for each primary item in word `w`.
    pub(crate) primary: Vec<u64>,
    /// Whether each item is primary.
    pub(crate) is_primary: Vec<bool>,
    /// Option `o` is `opt_items[opt_start[o]..opt_start[o + 1]]`.
    pub(crate) opt_start: Vec<u32>,
    pub(crate) opt_items: Vec<u32>,
    /// The color each entry of `opt_items` gives its item (0: none).
    pub(crate) opt_colors: Vec<u32>,
    /// The option each node (entry of `opt_items`) belongs to.
    pub(crate) node_option: Vec<u32>,
    /// Item `i`'s list of nodes is `item_start[i]..item_start[i + 1]` in `State::cells`.
    pub(crate) item_start: Vec<u32>,
    /// The number of options of each item.
    pub(crate) degrees: Vec<u32>,
    /// The secondary items that some option colors, with the offset in bits
    /// of their code in the key's color words and the code's width.
    pub(crate) colored: Vec<ColorCode>,
    /// Whether any option colors an item.
    pub(crate) has_colors: bool,
    /// Each item's place in a sweep of the primary items (see [`sweep_rank`]).
    pub(crate) rank: Vec<u32>,
    pub(crate) n_primary: usize,
}

/// Where a colored secondary item's state lives in a cache key.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ColorCode {
    pub(crate) item: u32,
    /// Bit offset from the start of the key's color words; the code takes
    /// as many bits as the item's number of colors needs.
    pub(crate) offset: u32,
}

impl Layout {
    /// Lays out `problem`, or refuses it when it needs Algorithm M.
    ///
    /// A problem whose only bounds other than exactly once are `0:1`, with
    /// an exactly-once item in every option, has the same solutions with
    /// those items secondary (see [`Problem::needs_algorithm_m`]); it is
    /// laid out that way. Any other multiplicity is refused: the state of a
    /// subproblem would have to include how many times each such item has
    /// been covered so far, and the branching step of Algorithm M (which may
    /// also leave an item as it is) differs from the one counted here.
    pub(crate) fn new(problem: &Problem) -> Result<Layout, MemoError> {
        if problem.needs_algorithm_m() {
            let item = problem
                .item_ids()
                .find(|&i| problem.multiplicity(i) != crate::Multiplicity::EXACT)
                .map_or_else(String::new, |i| problem.item_label(i));
            let bounds = problem
                .item_ids()
                .find(|&i| problem.multiplicity(i) != crate::Multiplicity::EXACT)
                .map_or_else(String::new, |i| problem.multiplicity(i).to_string());
            return Err(MemoError::Multiplicities { item, bounds });
        }
        let kinds = problem.search_kinds(false);
        let n_items = problem.n_items();
        let words = n_items.div_ceil(64).max(1);
        let mut primary = vec![0u64; words];
        let is_primary: Vec<bool> = kinds.iter().map(|&k| k == ItemKind::Primary).collect();
        for (i, &p) in is_primary.iter().enumerate() {
            if p {
                primary[i / 64] |= 1 << (i % 64);
            }
        }

        // Colors renumbered per item, from 1, in order of first use. The
        // numbers are found in a map: an item may have as many colors as
        // options, and a search of the item's colors so far made this
        // quadratic in their number (40,000 colors of one item took 0.5 s).
        let mut color_ids: HashMap<(usize, u32), u32> = HashMap::new();
        let mut n_colors = vec![0u32; n_items];
        let mut opt_start = Vec::with_capacity(problem.n_options() + 1);
        let mut opt_items = Vec::new();
        let mut opt_colors = Vec::new();
        opt_start.push(0);
        for option in problem.option_ids() {
            for entry in problem.option(option) {
                let item = entry.item.index();
                let color = match entry.color {
                    None => 0,
                    Some(color) => *color_ids.entry((item, color.value())).or_insert_with(|| {
                        n_colors[item] += 1;
                        n_colors[item]
                    }),
                };
                opt_items.push(to_u32(item));
                opt_colors.push(color);
            }
            opt_start.push(to_u32(opt_items.len()));
        }

        // Each item's options, in the problem's order.
        let mut item_start = vec![0u32; n_items + 1];
        for &item in &opt_items {
            item_start[item as usize + 1] += 1;
        }
        for i in 0..n_items {
            item_start[i + 1] += item_start[i];
        }
        let mut node_option = vec![0u32; opt_items.len()];
        for o in 0..problem.n_options() {
            node_option[opt_start[o] as usize..opt_start[o + 1] as usize].fill(to_u32(o));
        }

        // The key: the bitset, then a code per colored secondary item wide
        // enough for "free" (0) and each of its colors.
        let mut colored = Vec::new();
        let mut offset = 0u32;
        for (item, &colors) in n_colors.iter().enumerate() {
            if colors == 0 {
                continue;
            }
            let width = 32 - colors.leading_zeros();
            // A code never straddles two words: it is written with one shift.
            if offset % 64 + width > 64 {
                offset = offset.next_multiple_of(64);
            }
            colored.push(ColorCode {
                item: to_u32(item),
                offset,
            });
            offset += width;
        }
        let color_words = (offset as usize).div_ceil(64);
        let has_colors = !colored.is_empty();
        let mut layout = Layout {
            words,
            key_words: words + color_words,
            primary,
            is_primary,
            opt_start,
            opt_items,
            opt_colors,
            node_option,
            degrees: item_start.windows(2).map(|w| w[1] - w[0]).collect(),
            item_start,
            colored,
            has_colors,
            n_primary: kinds.iter().filter(|&&k| k == ItemKind::Primary).count(),
            rank: Vec::new(),
        };
        layout.rank = sweep_rank(&layout);
        Ok(layout)
    }

    /// How many items.
    pub(crate) fn n_items(&self) -> usize {
        self.is_primary.len()
    }

    /// How many options.
    pub(crate) fn n_options(&self) -> usize {
        self.opt_start.len() - 1
    }

    /// The nodes of option `o`.
    #[inline]
    pub(crate) fn node_range(&self, o: u32) -> (u32, u32) {
        (self.opt_start[o as usize], self.opt_start[o as usize + 1])
    }

    /// How many options name item `i`.
    #[inline]
    pub(crate) fn degree(&self, i: u32) -> u32 {
        self.degrees[i as usize]
    }

    /// The public id of item `i`.
    pub(crate) fn item_id(i: u32) -> ItemId {
        ItemId::new(i as usize)
    }
}

/// A sweep of the primary items: breadth first from an item at the edge of
/// the problem (Gibbs, Poole and Stockmeyer's pseudo-peripheral item: the
/// last item reached by a breadth-first walk, walked from again while that
/// goes deeper), neighbours in order of fewest options (Cuthill and McKee).
/// Two items are neighbours when an option names both.
///
/// On a board the sweep's levels are the diagonals from a corner, so a
/// count that branches along it keeps the covered cells in one region whose
/// border stays short, whatever order the problem lists its items in.
fn sweep_rank(layout: &Layout) -> Vec<u32> {
    let n = layout.n_items();
    // Each item's options.
    let mut item_opts = vec![0u32; layout.opt_items.len()];
    let mut fill: Vec<u32> = layout.item_start[..n].to_vec();
    for (node, &item) in layout.opt_items.iter().enumerate() {
        item_opts[fill[item as usize] as usize] = layout.node_option[node];
        fill[item as usize] += 1;
    }
    let mut walker = Walker {
        layout,
        item_opts,
        rank: vec![u32::MAX; n],
        seen: vec![0; n],
        walked: vec![0; layout.n_options()],
        stamp: 0,
        queue: Vec::with_capacity(n),
        neighbours: Vec::new(),
    };
    // Walks start from the primary items with the fewest options first.
    let mut starts: Vec<u32> = (0..to_u32(n))
        .filter(|&i| layout.is_primary[i as usize])
        .collect();
    starts.sort_by_key(|&i| (layout.degree(i), i));
    let mut next = 0u32;
    for &first in &starts {
        if walker.rank[first as usize] != u32::MAX {
            continue;
        }
        // Look for a start at the edge of this component.
        let mut start = first;
        let mut depth = walker.walk(start);
        for _ in 0..8 {
            let last = *walker.queue.last().expect("a walk holds its start");
            let d = walker.walk(last);
            if d <= depth {
                break;
            }
            depth = d;
            start = last;
        }
        walker.walk(start);
        for k in 0..walker.queue.len() {
            let i = walker.queue[k];
            walker.rank[i as usize] = next;
            next += 1;
        }
    }
    // Secondary items come last: they are never branched on.
    for r in walker.rank.iter_mut() {
        if *r == u32::MAX {
            *r = next;
            next += 1;
        }
    }
    walker.rank
}

/// Breadth-first walks over the primary items not ranked yet.
struct Walker<'a> {
    layout: &'a Layout,
    item_opts: Vec<u32>,
    rank: Vec<u32>,
    /// `seen[i] == stamp` when item `i` has been reached by the current walk.
    seen: Vec<u32>,
    /// `walked[o] == stamp` when option `o`'s items have been looked at by
    /// the current walk: the items of an option are all seen once it has
    /// been walked, so walking it again from another of its items finds
    /// nothing new. Without this mark a walk costs the sum over items of
    /// their options' lengths, quadratic for a long option (one option of
    /// 40,000 items took 10 s); with it, the total length of the options.
    walked: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    neighbours: Vec<u32>,
}

impl Walker<'_> {
    /// Walks from `start`, leaving the items reached in `queue` in walk
    /// order; returns the number of levels.
    fn walk(&mut self, start: u32) -> usize {
        let layout = self.layout;
        self.stamp += 1;
        self.queue.clear();
        self.queue.push(start);
        self.seen[start as usize] = self.stamp;
        let mut head = 0;
        let mut levels = 0;
        while head < self.queue.len() {
            let level_end = self.queue.len();
            levels += 1;
            while head < level_end {
                let i = self.queue[head] as usize;
                head += 1;
                self.neighbours.clear();
                let options = layout.item_start[i] as usize..layout.item_start[i + 1] as usize;
                for &o in &self.item_opts[options] {
                    if self.walked[o as usize] == self.stamp {
                        continue;
                    }
                    self.walked[o as usize] = self.stamp;
                    let (start, end) = layout.node_range(o);
                    for &j in &layout.opt_items[start as usize..end as usize] {
                        let j = j as usize;
                        if layout.is_primary[j]
                            && self.rank[j] == u32::MAX
                            && self.seen[j] != self.stamp
                        {
                            self.seen[j] = self.stamp;
                            self.neighbours.push(j as u32);
                        }
                    }
                }
                self.neighbours.sort_by_key(|&j| (layout.degree(j), j));
                self.queue.extend_from_slice(&self.neighbours);
            }
        }
        levels
    }
}
