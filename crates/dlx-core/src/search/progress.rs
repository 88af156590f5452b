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
    ///
    /// The tree is the one below the choices fixed by [`Solver::choose`]; a
    /// solver searching a [`Subtree`](super::Subtree) reports where it is in
    /// the whole tree, between the two ends of [`Subtree::estimate`](super::Subtree::estimate),
    /// so that the estimates of the parts of a tree add up. It costs a walk
    /// down each chosen item's list, so call it a few times a second, not at
    /// every node.
    pub fn progress(&self) -> f64 {
        let (start, end) = self.stack.span;
        if self.stack.next == Next::Done {
            return end.clamp(0.0, 1.0);
        }
        let (mut fraction, mut share) = (0.0f64, 1.0f64);
        for l in self.stack.fixed..self.stack.top() {
            // Under Algorithm M a level's choice may be an item's header ("leave
            // it as it is"), not an option node (issue 10): `level_view`
            // reads the counts Algorithm M keeps then.
            let (k, d, _) = self.level_view(l);
            share /= f64::from(d);
            fraction += f64::from(k.min(d - 1)) * share;
        }
        fraction.clamp(start, end.max(start)).clamp(0.0, 1.0)
    }
}

impl Solver {
    /// Knuth's progress string, as numbers: for each of the first `levels`
    /// levels of the current path, the choice taken there, `k` of `d` (`k`
    /// from 1), as DLX1 prints it beside the fraction done.
    ///
    /// Levels fixed by [`Solver::choose`] are left out, as in
    /// [`Solver::progress`]; it costs a walk down each level's list, so call
    /// it a few times a second.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Solver, Step};
    ///
    /// let problem = parse_dlx("a b\na\nb\na b\n")?;
    /// let mut solver = Solver::new(&problem);
    /// assert!(matches!(solver.run(u64::MAX), Step::Solution));
    /// // `a` has two options; the first, `a`, is taken; then `b`, its only live option.
    /// assert_eq!(solver.choices(8), [(1, 2), (1, 1)]);
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn choices(&self, levels: usize) -> Vec<(u32, u32)> {
        if self.stack.next == Next::Done {
            return Vec::new();
        }
        (self.stack.fixed..self.stack.top())
            .take(levels)
            .map(|l| {
                let (k, d, _) = self.level_view(l);
                (k.min(d.saturating_sub(1)) + 1, d)
            })
            .collect()
    }
}
