//! Knuth's random probe of the search tree: an unbiased estimate of its size before the search.
//!
//! TAOCP 7.2.2, Theorem E (Knuth, "Estimating the efficiency of backtrack
//! programs", 1975): walk from the root to a leaf, taking at each node one of
//! its `d` children uniformly at random. A node met at depth `k` stands for
//! the `d_1 d_2 ... d_k` nodes its random choices made it represent, so the
//! sum `1 + d_1 + d_1 d_2 + ...` has the tree's number of nodes as its
//! expected value; any cost counted node by node (updates, solutions) is
//! estimated the same way. The walk uses the search's own operations (steps
//! C3 to C5, M3 to M6) and counts nodes and updates exactly as the search
//! does, so the estimates are of the figures [`Stats`](super::Stats) would
//! report. The updates of a node's `d` alternatives are estimated from the
//! one it takes, times `d`: still unbiased, and a probe costs no more than
//! the nodes on its path.

use super::Solver;
use crate::budget::{Answer, Outcome};
use crate::random::WyRand;

/// One random walk from the root of the search tree to a leaf ([`Solver::probe`]),
/// and the estimates of the whole tree's statistics that it gives.
///
/// Each estimate is unbiased: its mean over many probes tends to the figure
/// the search reports in [`Stats`](super::Stats). A single probe is a wild
/// guess; average thousands, and take the spread of the probes as the
/// estimate's uncertainty.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Probe {
    /// The estimate of [`Stats::nodes`](super::Stats::nodes): the sum over the
    /// nodes of the path (solutions included) of the product of the degrees above each.
    pub nodes: f64,
    /// The estimate of [`Stats::updates`](super::Stats::updates): at each
    /// node of the path, the updates of covering its item plus `d` times
    /// those of committing the alternative taken (the search commits each of
    /// the `d` in turn), times the product of the degrees above it.
    pub updates: f64,
    /// The estimate of [`Stats::solutions`](super::Stats::solutions): the
    /// product of the path's degrees if it ends in a solution, else 0.
    pub solutions: f64,
    /// The number of choices the walk made: the level of its leaf.
    pub depth: usize,
}

/// The mean of one figure over many probes, and its spread.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Mean {
    n: u64,
    hits: u64,
    sum: f64,
    sum_of_squares: f64,
}

impl Mean {
    /// Adds one probe's figure.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        if x > 0.0 {
            self.hits += 1;
        }
        self.sum += x;
        self.sum_of_squares += x * x;
    }

    /// The mean of the figures added (0 before any).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// How many figures were above 0: a solutions estimate that no probe
    /// reached a solution for says nothing (its mean 0 is no estimate).
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// The standard error of the mean: the figures' standard deviation
    /// (with Bessel's correction) over the square root of their number.
    pub fn std_error(&self) -> f64 {
        let n = self.n as f64;
        if self.n < 2 {
            return f64::INFINITY;
        }
        let mean = self.mean();
        let variance = (self.sum_of_squares / n - mean * mean).max(0.0) * n / (n - 1.0);
        (variance / n).sqrt()
    }

    /// The mean ± `z` standard errors, the low end at least 0 (1.96 for a
    /// two-sided 95% normal interval: [`Mean::Z95`]).
    pub fn interval(&self, z: f64) -> (f64, f64) {
        let (mean, half) = (self.mean(), z * self.std_error());
        ((mean - half).max(0.0), mean + half)
    }

    /// The z value of a two-sided 95% normal interval.
    pub const Z95: f64 = 1.96;
}

/// Knuth's estimate of a search from many random probes ([`Solver::estimate`]):
/// the mean and spread of each figure a probe estimates.
///
/// ```
/// use dlx_core::{parse_dlx, Mean, Solver};
///
/// let problem = parse_dlx("a b c\na b\nc\na\nb c\n")?;
/// let estimate = Solver::new(&problem).estimate(1000, 7).value;
/// assert_eq!(estimate.probes, 1000);
/// // Two solutions: {a b, c} and {a, b c}; this tree is small enough for
/// // every probe to reach one, so each says exactly 2.
/// assert_eq!(estimate.solutions.mean(), 2.0);
/// assert_eq!(estimate.solutions.interval(Mean::Z95), (2.0, 2.0));
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The probes made.
    pub probes: u64,
    /// The estimate of [`Stats::nodes`](super::Stats::nodes).
    pub nodes: Mean,
    /// The estimate of [`Stats::updates`](super::Stats::updates).
    pub updates: Mean,
    /// The estimate of [`Stats::solutions`](super::Stats::solutions).
    pub solutions: Mean,
}

impl Estimate {
    /// Adds one probe.
    pub fn add(&mut self, probe: &Probe) {
        self.probes += 1;
        self.nodes.add(probe.nodes);
        self.updates.add(probe.updates);
        self.solutions.add(probe.solutions);
    }
}

impl Solver {
    /// Walks one random path down the search tree and returns Knuth's
    /// estimates of the tree's statistics from it (TAOCP 7.2.2, Theorem E).
    ///
    /// At each node with `d >= 2` alternatives the walk takes alternative
    /// `random(d)`, which should be drawn uniformly from `0..d` (a larger
    /// value is taken modulo `d`); nodes with one alternative take it without
    /// asking. The walk uses the search's own cover and commit, counting nodes and
    /// updates as the search counts them, and undoes everything before it returns.
    ///
    /// The tree is the one below the choices fixed by [`Solver::choose`],
    /// the tree of the plain search (a bound set by [`Solver::set_objective`]
    /// is not applied). A search under way is undone first, as by
    /// [`Solver::reset`], and an entered subtree forgotten; the statistics
    /// are left alone, since a probe is not part of the search.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Solver};
    ///
    /// // 5-queens: the mean of many probes comes close to the real figures.
    /// let mut text = String::from("r0 r1 r2 r3 r4 c0 c1 c2 c3 c4 |");
    /// for d in 0..9 { text += &format!(" a{d} b{d}"); }
    /// text.push('\n');
    /// for r in 0..5 { for c in 0..5 { text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 4 - c); } }
    /// let problem = parse_dlx(&text)?;
    /// let mut solver = Solver::new(&problem);
    /// // A seeded xorshift generator; the core leaves the choice of generator to the caller.
    /// let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    /// let mut random = |d: u32| {
    ///     state ^= state << 13;
    ///     state ^= state >> 7;
    ///     state ^= state << 17;
    ///     (state % u64::from(d)) as u32
    /// };
    /// let probes = 20_000;
    /// let solutions: f64 = (0..probes).map(|_| solver.probe(&mut random).solutions).sum();
    /// let mean = solutions / f64::from(probes);
    /// assert_eq!(solver.count().complete(), Ok(10u64.into()));
    /// assert!((mean - 10.0).abs() < 1.0, "{mean}");
    /// # Ok::<(), dlx_core::ParseError>(())
    /// ```
    pub fn probe(&mut self, mut random: impl FnMut(u32) -> u32) -> Probe {
        self.back_to_root();
        let algorithm_m = self.links.algorithm_m();
        let mut probe = Probe::default();
        // The number of nodes each node of the path stands for: the product of the degrees above it.
        let mut weight = 1.0f64;
        loop {
            // C2 (M2): every primary item covered is a solution, a node of its own.
            if self.at_solution() {
                probe.nodes += weight;
                probe.solutions += weight;
                break;
            }
            probe.nodes += weight;
            let degree = self.degree_here();
            if degree == 0 {
                // A dead end: the search chooses the item, covers it and backs up.
                probe.updates += weight * self.cover_updates_here() as f64;
                break;
            }
            let k = if degree == 1 {
                0
            } else {
                random(degree) % degree
            };
            // C3 to C5 (M3 to M6) with alternative k, as the search takes it.
            let replayed = if algorithm_m {
                self.replay_m(Some(k))
            } else {
                self.replay_x(Some(k))
            };
            // The level has just been found to have `degree` alternatives.
            debug_assert!(replayed.is_some(), "alternative {k} of {degree} not found");
            let Some((_, cover, commit)) = replayed else {
                break;
            };
            // The search covers the item once and commits each of the `degree`
            // alternatives in turn; the one committed here, times `degree`,
            // estimates their sum without bias, at the cost of one.
            probe.updates += weight * (cover as f64 + f64::from(degree) * commit as f64);
            probe.depth += 1;
            weight *= f64::from(degree);
        }
        self.back_to_root();
        probe
    }

    /// Knuth's estimate of the search from `probes` random probes
    /// ([`Solver::probe`]), their choices drawn from [`WyRand`] seeded with
    /// `seed` (the same seed, the same estimate), within the solver's
    /// budget: its deadline and cancel flags are read before each probe,
    /// and a stop gives the estimate of the probes made, with the outcome
    /// [`Outcome::Stopped`] (probes spend no nodes of the budget).
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Answer<Estimate> {
        let mut random = WyRand::new(seed);
        let mut estimate = Estimate::default();
        for _ in 0..probes {
            if let Err(stop) = self.budget().check_clock() {
                return Answer::new(estimate, Outcome::Stopped(stop));
            }
            let probe = self.probe(|d| random.below(d));
            estimate.add(&probe);
        }
        Answer::new(estimate, Outcome::Finished)
    }

    /// Undoes every choice below those of [`Solver::choose`] and forgets an
    /// entered subtree: the search would start at the root again.
    fn back_to_root(&mut self) {
        self.restart_at_root();
        self.solution.clear();
    }
}
