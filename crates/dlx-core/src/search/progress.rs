//! Knuth's estimate of the fraction of the search tree already explored.

use super::{Next, Solver};

impl Solver {
    /// Knuth's estimate of the fraction of the search tree already explored, in `[0, 1]`.
    ///
    /// At each level the current choice is the `k`-th of the `d` alternatives
    /// of its level; the estimate is the sum over levels of
    /// `(k - 1) / (d_1 ... d_l)`, the share of the tree that lies wholly to
    /// the left of the current path if every subtree of a node were the same
    /// size. Knuth adds half the share of the current node; leaving it out
    /// makes the estimate never decrease, which is what a progress bar needs.
    /// It costs a walk down each chosen item's list, so call it a few times a
    /// second, not at every node.
    pub fn progress(&self) -> f64 {
        if self.stack.next == Next::Done {
            return 1.0;
        }
        let levels = self.stack.base..self.stack.top();
        let (mut fraction, mut share) = (0.0f64, 1.0f64);
        if self.links.algorithm_m() {
            // Algorithm M: a level's choice may be an item's header ("leave it
            // as it is"), not an option node, and a partial level takes the
            // options it has tried out of the list; read the counts the loop
            // keeps instead (issue 10).
            for l in levels {
                let (k, d) = (self.m.tried[l].max(1), self.m.degree[l].max(1));
                share /= f64::from(d);
                fraction += f64::from(k.min(d) - 1) * share;
            }
            return fraction.clamp(0.0, 1.0);
        }
        for &x in &self.stack.choice[levels] {
            // Under Algorithm X every choice is an option node, in the list of
            // the item its level covered, which is never changed below it, so
            // `len` is still `d`.
            let item = self.links.top(x);
            let d = self.links.len(item).max(1);
            let mut k = 1u32;
            let mut p = self.links.down(item);
            while p != x && p != item {
                k += 1;
                p = self.links.down(p);
            }
            share /= f64::from(d);
            fraction += f64::from(k.min(d) - 1) * share;
        }
        fraction.clamp(0.0, 1.0)
    }
}
