//! Lottery covering designs C(v,k,t): the fewest tickets such that every t-subset lies on one.
//!
//! The numbers are `1..=v` and a ticket holds `k` of them. A covering design
//! is a set of tickets such that every `t`-subset of the numbers lies inside
//! some ticket: whoever holds them all and sees `t` of the numbers drawn has
//! those `t` on one ticket. The covering number C(v,k,t) is the fewest
//! tickets of such a design.
//!
//! This is a minimum repeated cover ([`dlx_core::MinCover`]): one primary
//! item per `t`-subset, one option per `k`-subset holding the `t`-subsets
//! inside it. [`Design::check`] checks a set of tickets against the
//! definition (every `t`-subset, one by one), not against the links, and
//! [`Design::schonheim_bound`] gives the classical lower bound as a sanity check.
//!
//! **Symmetry.** Renumbering the numbers maps covering designs to covering
//! designs of the same size, and any ticket can be renumbered to
//! `F = {1, .., k}`. So some minimum design contains `F`, and
//! [`Design::encode`] fixes it: the `t`-subsets inside it are left out of the
//! items, and the search looks for the fewest further tickets. This is valid
//! for every `1 <= t <= k <= v` (a design always has at least one ticket).
//! [`Design::solve`] goes one step further: the first `t`-subset not inside
//! `F`, `I = {1, .., t-1, k+1}`, lies on some ticket `T`, and the renumberings
//! that keep `F` and `I` in place (any permutation of `1..t-1`, of `t..k` and
//! of `k+2..v`) map `T` to one with the same number `a` of elements in `t..k`.
//! So `T` can be taken to be `I` plus the first `a` numbers of `t..k` plus the
//! first `k-t-a` numbers of `k+2..v`; the search runs once for each possible
//! `a`, with `F` and that `T` fixed, and the smallest design wins. Each search
//! after the first looks only for a design smaller than the best so far
//! ([`MinCover::solve_within`]), so a case that cannot improve stops at its bound.
//!
//! ```
//! use dlx_models::lottery::Design;
//!
//! // The Fano plane: 7 tickets of 3 numbers out of 7 cover every pair.
//! let design = Design::new(7, 3, 2)?;
//! let tickets = design.solve()?;
//! assert_eq!(tickets.len(), 7);
//! assert_eq!(tickets[0], [1, 2, 3]);
//! design.check(&tickets)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dlx_core::{
    Budget, BuildError, Footprint, ItemKind, MinCover, OptionId, Outcome, Problem, ProblemBuilder,
    Stats,
};

use crate::encode::nonempty_options;

/// The largest `v` accepted (numbers are kept as bits of a `u64`).
pub const MAX_V: usize = 64;

/// The largest number of `t`-subsets or of `k`-subsets accepted.
pub const MAX_SUBSETS: u64 = 1 << 21;

/// The sizes of a covering design: numbers `1..=v`, tickets of `k`, every `t`-subset covered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Design {
    v: usize,
    k: usize,
    t: usize,
}

/// A design encoded as a repeated cover problem, with some tickets fixed by symmetry.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    /// The tickets fixed by symmetry, as bits (number `i` is bit `i - 1`).
    fixed: Vec<u64>,
    /// The ticket of each option, as bits.
    tickets: Vec<u64>,
}

/// A minimum covering design, the statistics of the searches that found it, and how they ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The tickets, numbers ascending: the ones fixed by symmetry first, then the others in lexicographic order.
    /// `None` when the search was stopped.
    pub tickets: Option<Vec<Vec<usize>>>,
    /// The statistics, added over every search run.
    pub stats: Stats,
    /// How the searches ended: complete, or stopped by the budget (then no tickets).
    pub outcome: Outcome,
}

/// Why a design cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LotteryError {
    /// `t` is 0: every ticket covers the empty set.
    #[error("t must be at least 1")]
    ZeroT,
    /// More numbers on a ticket than there are numbers.
    #[error("k = {k} is more than v = {v}: a ticket cannot hold more numbers than there are")]
    KAboveV {
        /// The numbers on a ticket.
        k: usize,
        /// The numbers in all.
        v: usize,
    },
    /// Subsets larger than a ticket.
    #[error("t = {t} is more than k = {k}: a ticket of {k} numbers cannot hold {t} of them")]
    TAboveK {
        /// The size of the subsets to cover.
        t: usize,
        /// The numbers on a ticket.
        k: usize,
    },
    /// More numbers than [`MAX_V`].
    #[error("v = {v} is more than the limit of {limit}")]
    TooManyNumbers {
        /// The numbers in all.
        v: usize,
        /// The largest `v` allowed.
        limit: usize,
    },
    /// More subsets than [`MAX_SUBSETS`].
    #[error("C({v},{size}) = {count} subsets is more than the limit of {limit}")]
    TooManySubsets {
        /// The numbers in all.
        v: usize,
        /// The size of the subsets.
        size: usize,
        /// How many there are (saturated at `u64::MAX`).
        count: u64,
        /// The largest number allowed.
        limit: u64,
    },
    /// The engine refused the problem (a limit of `dlx-core`).
    #[error("cannot build the repeated cover problem")]
    Build(#[source] BuildError),
    /// The search ended without a design.
    ///
    /// Not expected from [`Design::solve`]: every `t`-subset lies on some
    /// ticket, so a design always exists, and without a budget the search
    /// runs to the end. Reported rather than panicked on, should that reasoning fail.
    #[error("the search for C({v},{k},{t}) ended without a covering design")]
    NoDesign {
        /// The numbers in all.
        v: usize,
        /// The numbers on a ticket.
        k: usize,
        /// The size of the subsets to cover.
        t: usize,
    },
}

/// Why a set of tickets is not a covering design.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// A ticket without exactly `k` distinct numbers in `1..=v`, ascending.
    #[error("ticket {} is {ticket:?}, not {k} ascending numbers from 1 to {v}", .index + 1)]
    BadTicket {
        /// The ticket, from 0.
        index: usize,
        /// Its numbers.
        ticket: Vec<usize>,
        /// The numbers on a ticket.
        k: usize,
        /// The numbers in all.
        v: usize,
    },
    /// A `t`-subset on no ticket.
    #[error("{subset:?} is on no ticket")]
    Uncovered {
        /// The subset, ascending.
        subset: Vec<usize>,
    },
}

/// The binomial coefficient, saturated at `u64::MAX`.
pub fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for i in 0..k {
        // value * (n - i) / (i + 1) stays an integer: it is C(n, i + 1) * ...
        value = value * (n - i) as u128 / (i + 1) as u128;
        if value > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    value as u64
}

impl Design {
    /// The design C(v,k,t), for `1 <= t <= k <= v <= MAX_V` with at most [`MAX_SUBSETS`] subsets of each size.
    pub fn new(v: usize, k: usize, t: usize) -> Result<Design, LotteryError> {
        if t == 0 {
            return Err(LotteryError::ZeroT);
        }
        if k > v {
            return Err(LotteryError::KAboveV { k, v });
        }
        if t > k {
            return Err(LotteryError::TAboveK { t, k });
        }
        if v > MAX_V {
            return Err(LotteryError::TooManyNumbers { v, limit: MAX_V });
        }
        for size in [t, k] {
            let count = binomial(v, size);
            if count > MAX_SUBSETS {
                return Err(LotteryError::TooManySubsets {
                    v,
                    size,
                    count,
                    limit: MAX_SUBSETS,
                });
            }
        }
        Ok(Design { v, k, t })
    }

    /// The numbers in all.
    pub fn v(&self) -> usize {
        self.v
    }

    /// The numbers on a ticket.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The size of the subsets to cover.
    pub fn t(&self) -> usize {
        self.t
    }

    /// The memory its largest problem and the search of it take, known
    /// before anything is built: an item per `t`-subset, an option per
    /// ticket, `C(k,t)` entries per option (upper bounds: the subsets on
    /// the fixed tickets are left out), and the index of the subsets.
    pub fn footprint(&self) -> Footprint {
        let items = binomial(self.v, self.t);
        let options = binomial(self.v, self.k);
        let entries = options.saturating_mul(binomial(self.k, self.t));
        let mut footprint = Footprint::of_size(items, options, entries);
        // The subsets and their index (a hash map of 64-bit sets).
        footprint.problem = footprint.problem.saturating_add(items.saturating_mul(32));
        footprint
    }

    /// Schonheim's lower bound L(v,k,t) = ceil(v/k * L(v-1,k-1,t-1)), L(.,.,0) = 1.
    pub fn schonheim_bound(&self) -> u64 {
        let mut bound: u64 = 1;
        // From the innermost L(v-t, k-t, 0) = 1 outwards.
        for i in (0..self.t).rev() {
            let (v, k) = ((self.v - i) as u64, (self.k - i) as u64);
            bound = (v.saturating_mul(bound)).div_ceil(k);
        }
        bound
    }

    /// The repeated cover problem with the first ticket `{1, .., k}` fixed (see the module docs):
    /// one item per `t`-subset not inside it, in lexicographic order, and one
    /// option per other `k`-subset holding at least one of them, in lexicographic order.
    pub fn encode(&self) -> Result<Encoding, LotteryError> {
        self.encode_with(vec![low_bits(self.k)])
    }

    /// The repeated cover problem with these tickets (as bits) fixed.
    fn encode_with(&self, fixed: Vec<u64>) -> Result<Encoding, LotteryError> {
        let inside_fixed = |set: u64| fixed.iter().any(|&f| set & !f == 0);
        let subsets: Vec<u64> = combinations(self.v, self.t)
            .filter(|&s| !inside_fixed(s))
            .collect();
        let mut builder = ProblemBuilder::new();
        let items = builder.items(ItemKind::Primary, subsets.len());
        let index: std::collections::HashMap<u64, usize> =
            subsets.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        // Each ticket holds the subsets left to cover that lie inside it.
        let tickets = combinations(self.v, self.k).map(|ticket| {
            let inside =
                sub_combinations(ticket, self.t).filter_map(|s| index.get(&s).map(|&i| items[i]));
            (ticket, inside)
        });
        let tickets = nonempty_options(&mut builder, tickets).map_err(LotteryError::Build)?;
        let problem = builder.build().map_err(LotteryError::Build)?;
        Ok(Encoding {
            problem,
            fixed,
            tickets,
        })
    }

    /// A minimum covering design: its tickets, numbers ascending, the tickets fixed by symmetry first.
    ///
    /// Fails with [`LotteryError::Build`] when the problem is beyond the
    /// engine's limits, never for want of a design (see [`LotteryError::NoDesign`]).
    pub fn solve(&self) -> Result<Vec<Vec<usize>>, LotteryError> {
        let tickets = self.solve_within(&Budget::new())?.tickets;
        // Invariant: without a budget, the search of at least one case runs
        // to the end, and a design always exists (every t-subset lies on some ticket).
        debug_assert!(tickets.is_some(), "no design for {self:?}");
        tickets.ok_or(LotteryError::NoDesign {
            v: self.v,
            k: self.k,
            t: self.t,
        })
    }

    /// As [`Design::solve`], within `budget` (every case's search draws on
    /// it), with the statistics of the search and how it ended.
    pub fn solve_within(&self, budget: &Budget) -> Result<Solved, LotteryError> {
        self.solve_by(budget, |_| {})
    }

    /// As [`Design::solve_within`], each case's [`MinCover`] set up by
    /// `setup` before it runs: a [`RoundSearch`](dlx_core::subtree::RoundSearch)
    /// that searches its rounds on threads (`dlx_parallel::ParallelRounds`),
    /// a node counter for a display.
    ///
    /// ```
    /// use dlx_core::Budget;
    /// use dlx_models::lottery::Design;
    ///
    /// let design = Design::new(7, 3, 2)?;
    /// let mut cases = 0;
    /// let solved = design.solve_by(&Budget::new(), |_search| cases += 1)?;
    /// assert!(solved.outcome.is_complete());
    /// assert_eq!(solved.tickets.map(|t| t.len()), Some(7));
    /// assert!(cases >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_by(
        &self,
        budget: &Budget,
        mut setup: impl FnMut(&mut MinCover),
    ) -> Result<Solved, LotteryError> {
        let first = low_bits(self.k);
        let mut stats = Stats::default();
        if self.k == self.v {
            // The one ticket holds every number.
            return Ok(Solved {
                tickets: Some(vec![numbers(first)]),
                stats,
                outcome: Outcome::Finished,
            });
        }
        // I = {1..t-1, k+1}; its ticket holds a numbers of t..k and the rest from k+2..v.
        let item = low_bits(self.t - 1) | 1 << self.k;
        let rest = self.k - self.t;
        let mut best: Option<Vec<Vec<usize>>> = None;
        for a in 0..=rest.min(self.k - self.t + 1) {
            let b = rest - a;
            if b > self.v - self.k - 1 {
                continue;
            }
            let from_first = (low_bits(a) << (self.t - 1)) & first;
            let from_rest = low_bits(b) << (self.k + 1);
            let second = item | from_first | from_rest;
            let encoding = self.encode_with(vec![first, second])?;
            // Only a design smaller than the best so far is of use: beside the
            // two fixed tickets, at most this many options.
            let max = match &best {
                None => Some(u32::MAX),
                Some(best) => best
                    .len()
                    .checked_sub(encoding.fixed.len() + 1)
                    .map(|max| u32::try_from(max).unwrap_or(u32::MAX)),
            };
            let Some(max) = max else {
                // The best so far is the two fixed tickets: nothing is smaller.
                continue;
            };
            let found = if encoding.problem.n_primary() == 0 {
                Some(encoding.decode(&[]))
            } else {
                let mut search = MinCover::new(encoding.problem());
                search.set_budget(budget.clone());
                setup(&mut search);
                let answer = search.solve_within(max);
                stats += *search.stats();
                match (answer.value, answer.outcome) {
                    (Some(options), _) => Some(encoding.decode(&options)),
                    (None, Outcome::Stopped(stop)) => {
                        return Ok(Solved {
                            tickets: None,
                            stats,
                            outcome: Outcome::Stopped(stop),
                        })
                    }
                    // No design smaller than the best so far (the first case always
                    // finds one: every t-subset lies on some k-subset).
                    (None, _) => None,
                }
            };
            if let Some(tickets) = found {
                if best.as_ref().is_none_or(|b| tickets.len() < b.len()) {
                    best = Some(tickets);
                }
            }
        }
        Ok(Solved {
            tickets: best,
            stats,
            outcome: Outcome::Finished,
        })
    }

    /// Checks that every ticket holds `k` ascending numbers of `1..=v` and every `t`-subset lies on one.
    pub fn check(&self, tickets: &[Vec<usize>]) -> Result<(), DesignError> {
        for (index, ticket) in tickets.iter().enumerate() {
            let ok = ticket.len() == self.k
                && ticket.windows(2).all(|w| w[0] < w[1])
                && ticket.iter().all(|&x| (1..=self.v).contains(&x));
            if !ok {
                return Err(DesignError::BadTicket {
                    index,
                    ticket: ticket.clone(),
                    k: self.k,
                    v: self.v,
                });
            }
        }
        // Every t-subset, ascending, in lexicographic order.
        let mut subset: Vec<usize> = (1..=self.t).collect();
        loop {
            let covered = tickets
                .iter()
                .any(|ticket| subset.iter().all(|x| ticket.binary_search(x).is_ok()));
            if !covered {
                return Err(DesignError::Uncovered { subset });
            }
            // The next subset: raise the last entry that can still rise.
            let Some(i) = (0..self.t)
                .rev()
                .find(|&i| subset[i] < self.v - (self.t - 1 - i))
            else {
                return Ok(());
            };
            subset[i] += 1;
            for j in i + 1..self.t {
                subset[j] = subset[j - 1] + 1;
            }
        }
    }
}

impl Encoding {
    /// The repeated cover problem (without the tickets fixed by symmetry).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The tickets of a solution: the fixed ticket first, then the options' tickets in lexicographic order.
    pub fn decode(&self, options: &[OptionId]) -> Vec<Vec<usize>> {
        let mut rest: Vec<Vec<usize>> = options
            .iter()
            .map(|o| numbers(self.tickets[o.index()]))
            .collect();
        rest.sort_unstable();
        let mut tickets: Vec<Vec<usize>> = self.fixed.iter().map(|&f| numbers(f)).collect();
        tickets.extend(rest);
        tickets
    }
}

/// The numbers (from 1, ascending) of a set of bits.
fn numbers(bits: u64) -> Vec<usize> {
    (0..64)
        .filter(|&i| bits >> i & 1 == 1)
        .map(|i| i + 1)
        .collect()
}

/// The lowest `k` bits.
fn low_bits(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1 << k) - 1
    }
}

/// Every `size`-subset of the lowest `n` bits, in lexicographic order of their numbers.
fn combinations(n: usize, size: usize) -> impl Iterator<Item = u64> {
    sub_combinations(low_bits(n), size)
}

/// Every `size`-subset of the bits of `set`, in lexicographic order of their numbers.
fn sub_combinations(set: u64, size: usize) -> impl Iterator<Item = u64> {
    let positions: Vec<u32> = (0..64).filter(|&i| set >> i & 1 == 1).collect();
    let n = positions.len();
    let mut picks: Option<Vec<usize>> = (size <= n).then(|| (0..size).collect());
    std::iter::from_fn(move || {
        let current = picks.as_mut()?;
        let bits = current
            .iter()
            .fold(0u64, |bits, &i| bits | 1 << positions[i]);
        // The next combination: raise the last pick that can still rise.
        match (0..size).rev().find(|&i| current[i] < n - size + i) {
            Some(i) => {
                current[i] += 1;
                for j in i + 1..size {
                    current[j] = current[j - 1] + 1;
                }
            }
            None => picks = None,
        }
        Some(bits)
    })
}
