//! The static view of a problem the memoised count searches: flat option and item lists, and the layout of a cache key.

use std::collections::HashMap;

use crate::index::{to_u32, ItemId};
use crate::problem::{ItemKind, Problem};

use super::MemoError;

mod order;

use order::Sweep;

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
    /// Each item's place in the sweep of the primary items (see [`Sweep`]).
    pub(crate) rank: Vec<u32>,
    /// Whether the sweep is narrow (see [`Sweep::new`]): the frontier rule
    /// then branches along it instead of on the fewest options.
    pub(crate) narrow: bool,
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
    /// Refuses a problem that needs Algorithm M (see [`Layout::new`]).
    pub(crate) fn check(problem: &Problem) -> Result<(), MemoError> {
        if !problem.needs_algorithm_m() {
            return Ok(());
        }
        let first = problem
            .item_ids()
            .find(|&i| problem.multiplicity(i) != crate::Multiplicity::EXACT);
        Err(MemoError::Multiplicities {
            item: first.map_or_else(String::new, |i| problem.item_label(i)),
            bounds: first.map_or_else(String::new, |i| problem.multiplicity(i).to_string()),
        })
    }

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
        Layout::check(problem)?;
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
            narrow: false,
        };
        let sweep = Sweep::new(&layout);
        layout.rank = sweep.rank;
        layout.narrow = sweep.narrow;
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
