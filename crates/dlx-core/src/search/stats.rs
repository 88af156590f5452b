//! Knuth's statistics of a search.

/// Statistics of a search, counted as Knuth counts them in DLX1, DLX2 and
/// DLX3, so that a run can be compared with his programs figure for figure.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The nodes of the search tree entered: one each time the search enters
    /// a level with an item left to cover and chooses it (step C3, counting
    /// the items with no options left, where the search backs up at once),
    /// and one for each solution, which Knuth counts as a node of its own
    /// ("a solution is a special node", TAOCP 7.2.2-(4)).
    pub nodes: u64,
    /// Link changes made while covering: one per item removed from the item
    /// list and one per node removed from a vertical list (undoing is not counted).
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// The deepest level reached (Knuth's `maxl`): at level `l` the search has
    /// made `l` choices (counting those fixed by [`Solver::choose`](crate::Solver::choose)),
    /// and a solution's node is on the level below its last choice, so a
    /// problem solved by a single option has `max_level` 1.
    pub max_level: usize,
}

impl Stats {
    /// The counts of two searches added (as the parts of a split search),
    /// or `None` if a sum does not fit in 64 bits; the maximum level is the
    /// larger of the two. Use it where the figures come from outside a
    /// search (files, messages); `+=` saturates instead.
    ///
    /// ```
    /// use dlx_core::Stats;
    ///
    /// let a = Stats { solutions: u64::MAX, ..Stats::default() };
    /// let b = Stats { solutions: 1, max_level: 3, ..Stats::default() };
    /// assert_eq!(a.checked_add(b), None);
    /// assert_eq!(b.checked_add(b).map(|s| (s.solutions, s.max_level)), Some((2, 3)));
    /// ```
    #[must_use]
    pub fn checked_add(self, other: Stats) -> Option<Stats> {
        Some(Stats {
            nodes: self.nodes.checked_add(other.nodes)?,
            updates: self.updates.checked_add(other.updates)?,
            solutions: self.solutions.checked_add(other.solutions)?,
            max_level: self.max_level.max(other.max_level),
        })
    }
}

impl std::ops::AddAssign for Stats {
    /// Adds the counts of two searches (as the parts of a split search); the
    /// maximum level is the larger of the two. A sum saturates at `u64::MAX`
    /// rather than wrap: searches in one process never get there (at 10^9
    /// nodes a second it takes 584 years), and figures read from elsewhere
    /// are added with [`Stats::checked_add`].
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.max_level = self.max_level.max(other.max_level);
    }
}
