//! Knuth's statistics of a search.

/// Statistics of a search, counted as Knuth counts them in DLX1 and DLX2.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branch points entered: how many times step C3 chose an item (including
    /// items with no options left, where the search backs up at once).
    pub nodes: u64,
    /// Link changes made while covering: one per item removed from the item
    /// list and one per node removed from a vertical list (undoing is not counted).
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// The deepest level entered (Knuth's `maxl`): at level `l` the search has
    /// made `l` choices (counting those fixed by [`Solver::choose`](crate::Solver::choose)),
    /// so a problem solved by a single option has `max_level` 0.
    pub max_level: usize,
}

impl std::ops::AddAssign for Stats {
    /// Adds the counts of two searches (as the parts of a split search); the
    /// maximum level is the larger of the two.
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.max_level = self.max_level.max(other.max_level);
    }
}
