//! Problems: items, options and colors, checked as they are built.
//!
//! [`Problem`] is what a search reads; [`ProblemBuilder`] (in `builder`)
//! makes one, checking every item and option as it is added.

mod builder;
mod footprint;

pub use builder::ProblemBuilder;
pub use footprint::Footprint;

use std::borrow::Cow;

use crate::index::{to_u64, to_usize, Color, ItemId, OptionId};

/// The largest number of nodes (item headers, option nodes and spacers) a
/// problem may have: every link is a `u32`.
pub const MAX_NODES: u64 = u32::MAX as u64 - 1;

/// Whether an item must be covered exactly once or at most once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one option of every solution.
    Primary,
    /// Covered by at most one option of a solution, or by several options
    /// that all give it the same color.
    Secondary,
}

/// How many times a primary item must and may be covered (Knuth's Algorithm M).
///
/// A problem with any bounds other than [`Multiplicity::EXACT`] is searched
/// with Algorithm M, except in one case: when the other bounds are all `0:1`
/// (at most once) and every option has an item covered exactly once, those
/// items behave as secondary items, and the search runs Algorithm X on them
/// as such (the same solutions; the statistics are then Algorithm X's, and
/// the search can be split across threads).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Multiplicity {
    /// The least number of options of a solution that cover the item.
    pub min: u32,
    /// The most, or `None` for no limit.
    pub max: Option<u32>,
}

impl Multiplicity {
    /// Exactly once: the bounds of an ordinary primary item.
    pub const EXACT: Multiplicity = Multiplicity {
        min: 1,
        max: Some(1),
    };

    /// At least once, with no upper limit (a repeated cover's items).
    pub const AT_LEAST_ONCE: Multiplicity = Multiplicity { min: 1, max: None };

    /// Whether `times` coverings are allowed.
    pub fn allows(self, times: u32) -> bool {
        times >= self.min && self.max.is_none_or(|max| times <= max)
    }
}

impl std::fmt::Display for Multiplicity {
    /// Knuth's DLX3 notation without the name: `u:v`, or `u:` when unbounded.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.max {
            Some(max) => write!(f, "{}:{}", self.min, max),
            None => write!(f, "{}:", self.min),
        }
    }
}

/// One item of an option: which item, and the color it is given (secondary items only).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item.
    pub item: ItemId,
    /// The color given to a secondary item, if any.
    pub color: Option<Color>,
}

/// Why a problem could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("item name `{name}` is used twice")]
    DuplicateItemName {
        /// The repeated name.
        name: String,
    },
    /// An item name that the DLX text format could not represent.
    #[error("item name `{name}` is not allowed: {reason}")]
    InvalidItemName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An option names an item index that was never added.
    #[error("option {option} names item {item}, but the problem has only {n_items} items")]
    UnknownItem {
        /// The option being added (its future index).
        option: usize,
        /// The unknown item index.
        item: usize,
        /// How many items the problem has.
        n_items: usize,
    },
    /// An option names the same item twice.
    #[error("option {option} names item {item} twice")]
    RepeatedItem {
        /// The option being added.
        option: usize,
        /// The item, by name when it has one.
        item: String,
    },
    /// An option with no items at all.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option being added.
        option: usize,
    },
    /// An option made only of secondary items.
    ///
    /// Algorithm X reaches options only through primary items, so such an
    /// option could never be chosen; it is refused rather than silently ignored.
    #[error("option {option} has no primary item, so no search could ever choose it")]
    NoPrimaryItem {
        /// The option being added.
        option: usize,
    },
    /// A color on a primary item.
    #[error(
        "option {option} gives a color to primary item {item}; only secondary items take colors"
    )]
    ColorOnPrimary {
        /// The option being added.
        option: usize,
        /// The item, by name when it has one.
        item: String,
    },
    /// Bounds a primary item could never meet, or bounds on a secondary item.
    #[error("item `{item}` cannot take these multiplicities: {reason}")]
    InvalidMultiplicity {
        /// The item, by name when it has one.
        item: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A cost given to an option that was never added.
    #[error("option {option} does not exist; the problem has {n_options} options")]
    UnknownOption {
        /// The option index.
        option: usize,
        /// How many options the problem has.
        n_options: usize,
    },
    /// The problem needs more nodes than the `u32` link type can address.
    #[error("the problem needs {nodes} nodes, more than the limit of {limit}")]
    TooManyNodes {
        /// Nodes the problem would need.
        nodes: u64,
        /// The largest number allowed.
        limit: u64,
    },
}

/// An exact cover problem: items, and options that are sets of items.
///
/// A solution is a set of options that covers every primary item exactly once
/// and every secondary item at most once (or several times with one color).
/// Build one with [`ProblemBuilder`] or read one with [`crate::parse_dlx`].
///
/// ```
/// use dlx_core::{ProblemBuilder, Solver};
///
/// // Knuth's example from "Dancing Links" (2000): the unique cover is {a d}, {b g}, {c e f}.
/// let mut b = ProblemBuilder::new();
/// let [a, bb, c, d, e, f, g] = ["a", "b", "c", "d", "e", "f", "g"].map(|n| b.primary(n).unwrap());
/// for option in [vec![c, e, f], vec![a, d, g], vec![bb, c, f], vec![a, d], vec![bb, g], vec![d, e, g]] {
///     b.option(option)?;
/// }
/// let problem = b.build()?;
/// assert_eq!(Solver::new(&problem).count().complete(), Ok(1u64.into()));
/// # Ok::<(), dlx_core::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) kinds: Vec<ItemKind>,
    /// Item names as bytes: Knuth's programs read names as bytes, and some
    /// of his generators write labels that are not UTF-8.
    pub(crate) names: Vec<Option<Box<[u8]>>>,
    /// Option `k` is `entries[starts[k]..starts[k + 1]]`.
    pub(crate) starts: Vec<u32>,
    pub(crate) entries: Vec<Entry>,
    pub(crate) color_names: Vec<Option<Box<[u8]>>>,
    /// How many times each item must and may be covered (primary items only; `1..=1` unless set).
    pub(crate) bounds: Vec<Multiplicity>,
    /// The cost of every option (Knuth's DLX5); all zero unless set.
    pub(crate) costs: Vec<u64>,
    pub(crate) n_primary: usize,
    /// The Kasteleyn matrix of a perfect matching problem, when the caller
    /// gave one ([`Problem::with_matchings`]).
    pub(crate) matchings: Option<std::sync::Arc<crate::dimers::Matrix>>,
}

impl Default for Problem {
    fn default() -> Self {
        Problem {
            kinds: Vec::new(),
            names: Vec::new(),
            starts: vec![0],
            bounds: Vec::new(),
            costs: Vec::new(),
            entries: Vec::new(),
            color_names: Vec::new(),
            n_primary: 0,
            matchings: None,
        }
    }
}

impl Problem {
    /// How many items, primary and secondary.
    pub fn n_items(&self) -> usize {
        self.kinds.len()
    }

    /// How many primary items.
    pub fn n_primary(&self) -> usize {
        self.n_primary
    }

    /// How many secondary items.
    pub fn n_secondary(&self) -> usize {
        self.kinds.len() - self.n_primary
    }

    /// How many options.
    pub fn n_options(&self) -> usize {
        self.starts.len() - 1
    }

    /// How many times the item must and may be covered.
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn multiplicity(&self, item: ItemId) -> Multiplicity {
        self.bounds[item.index()]
    }

    /// Whether any primary item has bounds other than exactly once.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != Multiplicity::EXACT)
    }

    /// Whether the search needs Algorithm M for these multiplicities.
    ///
    /// A primary item that may be covered at most once and need not be
    /// (`0:1`) is exactly a secondary item without color, so when every other
    /// primary item is covered exactly once, and every option keeps an item
    /// covered exactly once (Algorithm X chooses options only through such
    /// items), Algorithm X finds the same solutions with those items made
    /// secondary. The search then runs the faster loop, and can be split.
    pub(crate) fn needs_algorithm_m(&self) -> bool {
        if !self.has_multiplicities() {
            return false;
        }
        let at_most_once = Multiplicity {
            min: 0,
            max: Some(1),
        };
        if self
            .bounds
            .iter()
            .any(|&b| b != Multiplicity::EXACT && b != at_most_once)
        {
            return true;
        }
        let exact = |entry: &Entry| {
            self.kinds[entry.item.index()] == ItemKind::Primary
                && self.bounds[entry.item.index()] == Multiplicity::EXACT
        };
        self.option_ids().any(|o| !self.option(o).iter().any(exact))
    }

    /// The kind each item has in the search: its own, except that a `0:1`
    /// item is secondary when Algorithm M is not needed (`algorithm_m`, the
    /// answer of [`Problem::needs_algorithm_m`]).
    pub(crate) fn search_kinds(&self, algorithm_m: bool) -> Vec<ItemKind> {
        let reduce = self.has_multiplicities() && !algorithm_m;
        self.kinds
            .iter()
            .zip(&self.bounds)
            .map(|(&kind, &bounds)| {
                if reduce && kind == ItemKind::Primary && bounds != Multiplicity::EXACT {
                    ItemKind::Secondary
                } else {
                    kind
                }
            })
            .collect()
    }

    /// The cost of an option (0 unless set).
    ///
    /// # Panics
    /// If `option` does not belong to this problem.
    pub fn cost(&self, option: OptionId) -> u64 {
        self.costs[option.index()]
    }

    /// Gives an option of a built problem a new cost (for instance to weigh
    /// the options of a model's encoding).
    pub fn set_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        let n_options = self.n_options();
        let Some(slot) = self.costs.get_mut(option.index()) else {
            return Err(BuildError::UnknownOption {
                option: option.index(),
                n_options,
            });
        };
        *slot = cost;
        Ok(())
    }

    /// Whether any option has a nonzero cost.
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c > 0)
    }

    /// The total cost of a set of options of this problem, exact: costs are
    /// summed in a `u128`, since the costs of a solution may add up past
    /// `u64::MAX` (each option's cost is a `u64`, and nothing limits their
    /// sum: only a search that sums costs needs sums, and it sums them so).
    pub fn total_cost(&self, options: &[OptionId]) -> u128 {
        options.iter().fold(0u128, |sum, &o| {
            sum.saturating_add(u128::from(self.costs.get(o.index()).copied().unwrap_or(0)))
        })
    }

    /// Whether any option gives a color to an item.
    pub fn has_colors(&self) -> bool {
        self.entries.iter().any(|e| e.color.is_some())
    }

    /// All item ids, in the order they were added.
    pub fn item_ids(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.n_items()).map(ItemId::new)
    }

    /// All option ids, in the order they were added.
    pub fn option_ids(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.n_options()).map(OptionId::new)
    }

    /// Whether the item is primary or secondary.
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.kinds[item.index()]
    }

    /// The item's name, if it has one and it is UTF-8 text (see
    /// [`Problem::item_name_bytes`] for names that are not).
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn item_name(&self, item: ItemId) -> Option<&str> {
        self.item_name_bytes(item)
            .and_then(|name| std::str::from_utf8(name).ok())
    }

    /// The item's name as the bytes it was given, if it has one.
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn item_name_bytes(&self, item: ItemId) -> Option<&[u8]> {
        self.names[item.index()].as_deref()
    }

    /// The item's name, or its index when it has none, for messages: bytes
    /// that are not UTF-8 are shown as `\xNN` escapes.
    pub fn item_label(&self, item: ItemId) -> String {
        match self.names.get(item.index()).and_then(|n| n.as_deref()) {
            Some(name) => display_name(name).into_owned(),
            None => format!("#{}", item.index()),
        }
    }

    /// The name given to a color by [`ProblemBuilder::color`], if any and if
    /// it is UTF-8 text (see [`Problem::color_name_bytes`]).
    pub fn color_name(&self, color: Color) -> Option<&str> {
        self.color_name_bytes(color)
            .and_then(|name| std::str::from_utf8(name).ok())
    }

    /// The name given to a color, as bytes, if any.
    pub fn color_name_bytes(&self, color: Color) -> Option<&[u8]> {
        self.color_names
            .get(to_usize(color.0))
            .and_then(|n| n.as_deref())
    }

    /// The items of an option, in the order they were given.
    ///
    /// # Panics
    /// If `option` does not belong to this problem.
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let k = option.index();
        &self.entries[to_usize(self.starts[k])..to_usize(self.starts[k + 1])]
    }

    /// How many nodes the link arrays need: a header per item and two list
    /// heads, one node per entry, and a spacer before and after every option.
    pub fn node_count(&self) -> u64 {
        to_u64(self.kinds.len()) + 2 + to_u64(self.entries.len()) + to_u64(self.n_options()) + 1
    }
}

/// A name for messages: as it is when it is UTF-8 text, with `\xNN` escapes
/// for the bytes of a name that is not, and for control characters (all
/// but the tab), which a terminal would obey rather than show: `\x1b` could
/// recolor it or move its cursor (issue 20).
pub(crate) fn display_name(name: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(name) {
        Ok(text) if !text.chars().any(is_escaped) => Cow::Borrowed(text),
        Ok(text) => {
            let mut shown = String::with_capacity(text.len() + 8);
            for c in text.chars() {
                if is_escaped(c) {
                    let mut bytes = [0; 4];
                    for byte in c.encode_utf8(&mut bytes).bytes() {
                        shown.push_str(&format!("\\x{byte:02x}"));
                    }
                } else {
                    shown.push(c);
                }
            }
            Cow::Owned(shown)
        }
        Err(_) => Cow::Owned(name.escape_ascii().to_string()),
    }
}

/// Whether a character of a name is escaped in messages: a control
/// character other than the tab (which separates names in an option line).
fn is_escaped(c: char) -> bool {
    c.is_control() && c != '\t'
}
