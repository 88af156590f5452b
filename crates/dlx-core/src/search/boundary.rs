//! The API boundary a parallel search needs: the branch the search would take, and choices fixed before it starts.
//!
//! `dlx-parallel` splits a search through these alone: the options of the
//! item the search branches on split it into disjoint subproblems whose
//! solutions, in order, are the sequential search's solutions. Nothing of
//! the links is reachable through them.

use super::{Next, Solver};
use crate::index::{to_usize, ItemId, OptionId};

/// The item the search would branch on next, and its options in the order they would be tried.
///
/// This and [`Solver::choose`] are the API boundary a parallel search needs: the
/// options of the branching item split the search into disjoint subproblems whose
/// solutions together are exactly the solutions of the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The primary item with the fewest options left (ties to the leftmost).
    pub item: ItemId,
    /// Its options, in the order the search would try them.
    pub options: Vec<OptionId>,
}

/// Why an option cannot be chosen by [`Solver::choose`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChooseError {
    /// The option index is not one of the problem's options.
    #[error("option {option} does not exist; the problem has {n_options} options")]
    UnknownOption {
        /// The option asked for.
        option: usize,
        /// How many options the problem has.
        n_options: usize,
    },
    /// The option clashes with a choice already made (an item already covered, or another color).
    #[error("option {option} clashes with the choices already made")]
    Conflict {
        /// The option asked for.
        option: usize,
    },
    /// Problems with multiplicities are not split: their levels may also leave an item as it is.
    #[error("choices cannot be fixed in a problem with multiplicities")]
    Multiplicities,
    /// Choices can only be added before the search starts (or after [`Solver::reset`]).
    #[error("choices can only be made before the search starts")]
    SearchStarted,
}

impl Solver {
    /// The item the search would branch on next and its options, or `None` when
    /// every primary item is covered (the choices made so far are a solution)
    /// or when the problem has multiplicities (such a search is not split:
    /// a level may also leave its item as it is, which no option stands for).
    pub fn branch(&self) -> Option<Branch> {
        if self.links.algorithm_m() {
            return None;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return None;
        }
        let mut options = Vec::with_capacity(to_usize(self.links.len(item)));
        let mut p = self.links.down(item);
        while p != item {
            options.push(self.links.option_of(p));
            p = self.links.down(p);
        }
        Some(Branch {
            item: self.links.item_of_header(item),
            options,
        })
    }

    /// The updates the search makes at the node [`Solver::branch`] describes:
    /// covering its item once and committing each of its options in turn,
    /// as [`Stats::updates`](super::Stats::updates) counts them. A split
    /// search adds these for the nodes it expands itself, so that its totals
    /// equal the sequential ones.
    pub fn branch_updates(&self) -> u64 {
        if self.links.algorithm_m() {
            return 0;
        }
        let item = self.links.choose_item();
        if item == 0 {
            return 0;
        }
        // Cold: a copy of the links, and the copy of the operations that tests
        // colors, which counts the same updates on a problem without colors.
        let mut links = self.links.clone();
        let mut updates = 0;
        links.cover::<true>(item, &mut updates);
        let mut x = links.down(item);
        while x != item {
            links.commit_option::<true>(x, &mut updates);
            links.uncommit_option::<true>(x);
            x = links.down(x);
        }
        updates
    }

    /// Fixes `option` as part of every solution before the search starts: the
    /// search then runs only below this choice, and the solutions it reports
    /// include it. Choices made this way are not counted in the statistics.
    pub fn choose(&mut self, option: OptionId) -> Result<(), ChooseError> {
        if self.links.algorithm_m() {
            return Err(ChooseError::Multiplicities);
        }
        let stack = &self.stack;
        if self.stats.nodes > 0 || stack.next != Next::Forward || stack.level != stack.base {
            return Err(ChooseError::SearchStarted);
        }
        let Some(first) = self.links.first_node(option) else {
            return Err(ChooseError::UnknownOption {
                option: option.index(),
                n_options: self.n_options,
            });
        };
        if !self.option_available(first) {
            return Err(ChooseError::Conflict {
                option: option.index(),
            });
        }
        // Cover the option's first primary item, then commit the rest, exactly
        // as steps C4 and C5 would have done had the search chosen it.
        let (start, end) = self.links.span(first);
        let n_primary = self.links.n_primary();
        let Some(x) = (start..end).find(|&x| self.links.top(x) <= n_primary) else {
            // Every option has a primary item; an option without one would be unreachable.
            return Err(ChooseError::Conflict {
                option: option.index(),
            });
        };
        let mut updates = 0;
        self.links.cover::<true>(self.links.top(x), &mut updates);
        self.links.commit_option::<true>(x, &mut updates);
        let level = self.stack.level;
        self.stack.choice[level] = x;
        self.stack.level += 1;
        self.stack.base = self.stack.level;
        Ok(())
    }

    /// The choices fixed by [`Solver::choose`], in order.
    pub fn prefix(&self) -> Vec<OptionId> {
        self.stack.choice[..self.stack.base]
            .iter()
            .map(|&x| self.links.option_of(x))
            .collect()
    }

    /// Whether the option starting at node `first` could still be chosen.
    ///
    /// A hidden option has lost the nodes of its primary items from their
    /// lists (every option has one), so a primary node must be active and
    /// linked. A secondary node must find its item neither covered nor
    /// purified to a color, unless a purify already found its color compatible.
    fn option_available(&self, first: u32) -> bool {
        let links = &self.links;
        let (start, end) = links.span(first);
        (start..end).all(|x| {
            let item = links.top(x);
            if item <= links.n_primary() {
                links.is_active(item) && links.down(links.up(x)) == x
            } else {
                links.color(x) < 0 || (links.is_active(item) && links.color(item) == 0)
            }
        })
    }
}
