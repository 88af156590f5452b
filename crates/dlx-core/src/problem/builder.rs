//! [`ProblemBuilder`]: items and options checked as they are added.

use std::collections::HashMap;

use super::{display_name, BuildError, Entry, ItemKind, Multiplicity, Problem, MAX_NODES};
use crate::index::{to_u32, Color, ItemId, OptionId};

/// Builds a [`Problem`], checking every item and option as it is added.
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    problem: Problem,
    by_name: HashMap<Box<[u8]>, ItemId>,
    colors_by_name: HashMap<Box<[u8]>, Color>,
    seen: Vec<u32>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty builder with room for `items` items and `options` options
    /// holding `entries` items in all, for programs that build many problems
    /// of a known size (one per sudoku, say); the sizes are only a hint.
    ///
    /// ```
    /// use dlx_core::{ItemKind, ProblemBuilder};
    ///
    /// let mut builder = ProblemBuilder::with_capacity(2, 1, 2);
    /// let items = builder.items(ItemKind::Primary, 2);
    /// builder.option(items)?;
    /// assert_eq!(builder.build()?.n_options(), 1);
    /// # Ok::<(), dlx_core::BuildError>(())
    /// ```
    pub fn with_capacity(items: usize, options: usize, entries: usize) -> Self {
        let mut builder = Self::default();
        let problem = &mut builder.problem;
        problem.kinds.reserve(items);
        problem.names.reserve(items);
        problem.bounds.reserve(items);
        problem.starts.reserve(options);
        problem.costs.reserve(options);
        problem.entries.reserve(entries);
        builder.seen.reserve(items);
        builder
    }

    /// Adds a named primary item.
    ///
    /// A name is any nonempty run of bytes other than ASCII whitespace,
    /// control characters, `|` and `:`, as Knuth's programs read names;
    /// it need not be UTF-8.
    pub fn primary(&mut self, name: impl AsRef<[u8]>) -> Result<ItemId, BuildError> {
        self.named_item(name.as_ref(), ItemKind::Primary)
    }

    /// Adds a named secondary item (names as for [`ProblemBuilder::primary`]).
    pub fn secondary(&mut self, name: impl AsRef<[u8]>) -> Result<ItemId, BuildError> {
        self.named_item(name.as_ref(), ItemKind::Secondary)
    }

    /// Adds an unnamed item of the given kind; it is known by its index.
    pub fn item(&mut self, kind: ItemKind) -> ItemId {
        let id = ItemId::new(self.problem.kinds.len());
        self.problem.kinds.push(kind);
        self.problem.names.push(None);
        self.problem.bounds.push(Multiplicity::EXACT);
        if kind == ItemKind::Primary {
            self.problem.n_primary += 1;
        }
        id
    }

    /// Adds `n` unnamed items of one kind and returns their ids in order.
    pub fn items(&mut self, kind: ItemKind, n: usize) -> Vec<ItemId> {
        (0..n).map(|_| self.item(kind)).collect()
    }

    fn named_item(&mut self, name: &[u8], kind: ItemKind) -> Result<ItemId, BuildError> {
        check_name(name)?;
        if self.by_name.contains_key(name) {
            return Err(BuildError::DuplicateItemName {
                name: display_name(name).into_owned(),
            });
        }
        let id = self.item(kind);
        self.problem.names[id.index()] = Some(name.into());
        self.by_name.insert(name.into(), id);
        Ok(id)
    }

    /// The item with this name, if one was added.
    pub fn item_by_name(&self, name: impl AsRef<[u8]>) -> Option<ItemId> {
        self.by_name.get(name.as_ref()).copied()
    }

    /// The color with this name, made on first use.
    pub fn color(&mut self, name: impl AsRef<[u8]>) -> Color {
        let name = name.as_ref();
        if let Some(&color) = self.colors_by_name.get(name) {
            return color;
        }
        let color = Color(to_u32(self.problem.color_names.len()));
        self.problem.color_names.push(Some(name.into()));
        self.colors_by_name.insert(name.into(), color);
        color
    }

    /// Adds an option made of uncolored items.
    pub fn option<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = ItemId>,
    {
        self.colored_option(items.into_iter().map(|item| Entry { item, color: None }))
    }

    /// Adds an option whose secondary items may carry colors.
    pub fn colored_option<I>(&mut self, entries: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = Entry>,
    {
        let option = self.problem.n_options();
        let start = self.problem.entries.len();
        let result = self.push_entries(option, entries);
        if let Err(err) = result {
            self.problem.entries.truncate(start);
            return Err(err);
        }
        let end = self.problem.entries.len();
        // The new option's spacer is not counted by `node_count` yet.
        let nodes = self.problem.node_count() + 1;
        if nodes > MAX_NODES {
            self.problem.entries.truncate(start);
            return Err(BuildError::TooManyNodes {
                nodes,
                limit: MAX_NODES,
            });
        }
        self.problem.starts.push(to_u32(end));
        self.problem.costs.push(0);
        Ok(OptionId::new(option))
    }

    fn push_entries<I>(&mut self, option: usize, entries: I) -> Result<(), BuildError>
    where
        I: IntoIterator<Item = Entry>,
    {
        let n_items = self.problem.n_items();
        if self.seen.len() < n_items {
            self.seen.resize(n_items, u32::MAX);
        }
        let stamp = to_u32(option);
        let mut has_primary = false;
        let start = self.problem.entries.len();
        for entry in entries {
            let item = entry.item.index();
            if item >= n_items {
                return Err(BuildError::UnknownItem {
                    option,
                    item,
                    n_items,
                });
            }
            if self.seen[item] == stamp
                && self.problem.entries[start..]
                    .iter()
                    .any(|e| e.item == entry.item)
            {
                return Err(BuildError::RepeatedItem {
                    option,
                    item: self.problem.item_label(entry.item),
                });
            }
            self.seen[item] = stamp;
            match self.problem.kinds[item] {
                ItemKind::Primary if entry.color.is_some() => {
                    return Err(BuildError::ColorOnPrimary {
                        option,
                        item: self.problem.item_label(entry.item),
                    });
                }
                ItemKind::Primary => has_primary = true,
                ItemKind::Secondary => {}
            }
            self.problem.entries.push(entry);
        }
        if self.problem.entries.len() == start {
            return Err(BuildError::EmptyOption { option });
        }
        if !has_primary {
            return Err(BuildError::NoPrimaryItem { option });
        }
        Ok(())
    }

    /// Lets a primary item be covered between `bounds.min` and `bounds.max`
    /// times (Knuth's Algorithm M, the DLX3 notation `u:v|name`).
    pub fn set_multiplicity(
        &mut self,
        item: ItemId,
        bounds: Multiplicity,
    ) -> Result<(), BuildError> {
        let n_items = self.problem.n_items();
        let Some(&kind) = self.problem.kinds.get(item.index()) else {
            return Err(BuildError::UnknownItem {
                option: self.problem.n_options(),
                item: item.index(),
                n_items,
            });
        };
        let label = self.problem.item_label(item);
        if kind != ItemKind::Primary && bounds != Multiplicity::EXACT {
            return Err(BuildError::InvalidMultiplicity {
                item: label,
                reason: "only primary items take multiplicities",
            });
        }
        if bounds.max == Some(0) {
            return Err(BuildError::InvalidMultiplicity {
                item: label,
                reason: "the most times must be at least 1",
            });
        }
        if bounds.max.is_some_and(|max| bounds.min > max) {
            return Err(BuildError::InvalidMultiplicity {
                item: label,
                reason: "the least times exceed the most",
            });
        }
        self.problem.bounds[item.index()] = bounds;
        Ok(())
    }

    /// Gives an option a cost (Knuth's DLX5), for [`crate::Solver::min_cost`].
    pub fn set_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        let n_options = self.problem.n_options();
        match self.problem.costs.get_mut(option.index()) {
            Some(slot) => {
                *slot = cost;
                Ok(())
            }
            None => Err(BuildError::UnknownOption {
                option: option.index(),
                n_options,
            }),
        }
    }

    /// Checks the whole problem once more and returns it.
    pub fn build(self) -> Result<Problem, BuildError> {
        let nodes = self.problem.node_count();
        if nodes > MAX_NODES {
            return Err(BuildError::TooManyNodes {
                nodes,
                limit: MAX_NODES,
            });
        }
        Ok(self.problem)
    }
}

/// Item names must survive a round trip through Knuth's text format, which
/// reads names as bytes and ends them at whitespace, `|` and `:`.
fn check_name(name: &[u8]) -> Result<(), BuildError> {
    let reason = if name.is_empty() {
        "it is empty"
    } else if name.iter().any(u8::is_ascii_whitespace) || name.contains(&0x0b) {
        "it contains whitespace"
    } else if name.contains(&b'|') {
        "it contains `|`"
    } else if name.contains(&b':') {
        "it contains `:`"
    } else if name.iter().any(u8::is_ascii_control) {
        "it contains a control character"
    } else {
        return Ok(());
    };
    Err(BuildError::InvalidItemName {
        name: display_name(name).into_owned(),
        reason,
    })
}
