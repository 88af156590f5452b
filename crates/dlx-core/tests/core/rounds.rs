//! `MinCover` with its rounds cut into branches and searched by a `RoundSearch`: the same answer and statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::{
    parse_dlx, ItemKind, MinCover, Optimum, Problem, ProblemBuilder, Round, RoundEnd, RoundSearch,
    Stats,
};
use proptest::prelude::*;

/// The branches one after the other, in their order, stopping at the first cover.
#[derive(Debug)]
struct InTurn(usize);

impl RoundSearch for InTurn {
    fn branches_wanted(&self) -> usize {
        self.0
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        let mut worker = round.worker();
        let mut stats = Stats::default();
        for branch in 0..round.len() {
            let (optimum, branch_stats) = round.search_branch(&mut worker, branch, &mut |_| false);
            stats += branch_stats;
            match optimum {
                Optimum::Found(cover) => {
                    return RoundEnd::Found {
                        branch,
                        cover,
                        stats,
                    }
                }
                Optimum::NoSolution => {}
                Optimum::Stopped => return RoundEnd::Stopped { stats },
            }
        }
        RoundEnd::NoCover { stats }
    }
}

/// Every branch, last first (as threads may finish them), then the first
/// cover in their order, and the statistics of the branches up to it: what
/// a parallel driver does.
#[derive(Debug)]
struct Backwards(usize);

impl RoundSearch for Backwards {
    fn branches_wanted(&self) -> usize {
        self.0
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        let mut worker = round.worker();
        let mut ends: Vec<(Optimum, Stats)> = (0..round.len())
            .rev()
            .map(|branch| round.search_branch(&mut worker, branch, &mut |_| false))
            .collect();
        ends.reverse();
        let mut stats = Stats::default();
        for (branch, (optimum, branch_stats)) in ends.into_iter().enumerate() {
            stats += branch_stats;
            if let Optimum::Found(cover) = optimum {
                return RoundEnd::Found {
                    branch,
                    cover,
                    stats,
                };
            }
        }
        RoundEnd::NoCover { stats }
    }
}

/// A random repeated cover problem: `n_items` primary items, and options
/// as lists of them.
fn problem(n_items: usize, options: &[Vec<usize>]) -> Problem {
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, n_items);
    for option in options {
        let option: Vec<_> = option.iter().map(|&i| items[i % n_items]).collect();
        b.option(option).unwrap();
    }
    b.build().unwrap()
}

fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..=12).prop_flat_map(|n_items| {
        proptest::collection::vec(
            proptest::collection::btree_set(0..n_items, 1..=4)
                .prop_map(|set| set.into_iter().collect::<Vec<_>>()),
            1..=30,
        )
        .prop_map(move |options| problem(n_items, &options))
    })
}

/// Checks that `rounds` gives `solve_within(max)` the plain search's answer and statistics.
#[track_caller]
fn check(problem: &Problem, max: u32, rounds: Arc<dyn RoundSearch>) {
    let mut plain = MinCover::new(problem);
    let expected = plain.solve_within(max);
    let mut cut = MinCover::new(problem);
    cut.set_round_search(Some(rounds));
    let found = cut.solve_within(max);
    assert_eq!(found, expected);
    assert_eq!(cut.stats(), plain.stats());
    // The search is left as it was: a second run gives the same again.
    assert_eq!(cut.solve_within(max), expected);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(miri) { 2 } else { 400 },
        ..ProptestConfig::default()
    })]

    /// The branches searched in turn or backwards, cut finely or coarsely,
    /// within a bound or not: the same cover, the same statistics.
    #[test]
    fn rounds_cut_into_branches_change_nothing(
        problem in random_problem(),
        wanted in prop_oneof![Just(1usize), Just(2), Just(3), Just(7), Just(40), Just(500)],
        max in prop_oneof![Just(u32::MAX), 0u32..6],
    ) {
        check(&problem, max, Arc::new(InTurn(wanted)));
        check(&problem, max, Arc::new(Backwards(wanted)));
    }
}

/// A problem whose deepening runs several rounds: the 3-subsets of 1..7
/// covered by 4-subsets (C(7,4,3) = 12).
fn design() -> Problem {
    let subsets = |size: usize| -> Vec<u32> {
        (0u32..1 << 7)
            .filter(|s| s.count_ones() as usize == size)
            .collect()
    };
    let triples = subsets(3);
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, triples.len());
    for quad in subsets(4) {
        let option: Vec<_> = triples
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t & quad == t)
            .map(|(i, _)| items[i])
            .collect();
        b.option(option).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn a_covering_design_is_found_the_same_way() {
    let problem = design();
    for wanted in [1, 2, 10, 64, 1000] {
        check(&problem, u32::MAX, Arc::new(InTurn(wanted)));
        check(&problem, u32::MAX, Arc::new(Backwards(wanted)));
    }
    match MinCover::new(&problem).solve() {
        Optimum::Found(cover) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

/// Gives up at once, and records what the round said of its node budget.
#[derive(Debug, Default)]
struct GiveUp {
    budgets: std::sync::Mutex<Vec<Option<u64>>>,
}

impl RoundSearch for GiveUp {
    fn branches_wanted(&self) -> usize {
        4
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        self.budgets.lock().unwrap().push(round.nodes_left());
        let mut worker = round.worker();
        let (optimum, stats) = round.search_branch(&mut worker, 0, &mut |_| true);
        assert_eq!(optimum, Optimum::Stopped);
        RoundEnd::Stopped { stats }
    }
}

#[test]
fn a_stopped_round_stops_the_search_and_leaves_it_as_it_was() {
    let problem = design();
    let give_up = Arc::new(GiveUp::default());
    let mut search = MinCover::new(&problem);
    search
        .set_round_search(Some(give_up.clone()))
        .set_node_limit(Some(1_000_000));
    assert_eq!(search.solve(), Optimum::Stopped);
    let budgets = give_up.budgets.lock().unwrap().clone();
    assert_eq!(budgets.len(), 1);
    let left = budgets[0].unwrap();
    assert!(left < 1_000_000, "{left}");
    assert_eq!(left + search.stats().nodes, 1_000_000);
    // Without the round search, the same object finds the minimum.
    search.set_round_search(None);
    match search.solve() {
        Optimum::Found(cover) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_stop_flag_reaches_the_workers() {
    let problem = design();
    let stop = Arc::new(AtomicBool::new(true));
    let mut search = MinCover::new(&problem);
    search
        .set_stop_flag(Arc::clone(&stop))
        .set_round_search(Some(Arc::new(InTurn(8))));
    assert_eq!(search.solve(), Optimum::Stopped);
    stop.store(false, Ordering::Relaxed);
    match search.solve() {
        Optimum::Found(cover) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

/// Out of range, or run on a worker of another problem: no panic.
#[derive(Debug)]
struct Misuse;

impl RoundSearch for Misuse {
    fn branches_wanted(&self) -> usize {
        16
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        let other = parse_dlx("x y\nx\ny\n").unwrap();
        let mut stranger = MinCover::new(&other);
        let mut worker = round.worker();
        let out_of_range = round.search_branch(&mut worker, round.len(), &mut |_| false);
        assert_eq!(out_of_range.0, Optimum::NoSolution);
        for branch in 0..round.len() {
            let _ = round.search_branch(&mut stranger, branch, &mut |_| false);
        }
        // An answer naming a branch that does not exist.
        RoundEnd::Found {
            branch: usize::MAX,
            cover: Vec::new(),
            stats: Stats::default(),
        }
    }
}

#[test]
fn a_misused_round_answers_without_panicking() {
    let mut search = MinCover::new(&design());
    search.set_round_search(Some(Arc::new(Misuse)));
    assert_eq!(search.solve(), Optimum::Found(Vec::new()));
}
