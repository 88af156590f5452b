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
