//! `MinCover` with its rounds cut into branches and searched by a `RoundSearch`: the same answer and statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::subtree::{Round, RoundEnd, RoundSearch};
use dlx_core::{
    parse_dlx, Answer, Budget, ItemKind, MinCover, OptionId, Outcome, Problem, ProblemBuilder,
    Stats, Stop,
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
            let (answer, branch_stats) = round.search_branch(&mut worker, branch, &mut |_| false);
            stats += branch_stats;
            match (answer.value, answer.outcome) {
                (Some(cover), _) => {
                    return RoundEnd::Found {
                        branch,
                        cover,
                        stats,
                    }
                }
                (None, Outcome::Stopped(stop)) => return RoundEnd::Stopped { stop, stats },
                (None, _) => {}
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
        let mut ends: Vec<(Answer<Option<Vec<OptionId>>>, Stats)> = (0..round.len())
            .rev()
            .map(|branch| round.search_branch(&mut worker, branch, &mut |_| false))
            .collect();
        ends.reverse();
        let mut stats = Stats::default();
        for (branch, (answer, branch_stats)) in ends.into_iter().enumerate() {
            stats += branch_stats;
            match (answer.value, answer.outcome) {
                (Some(cover), _) => {
                    return RoundEnd::Found {
                        branch,
                        cover,
                        stats,
                    }
                }
                (None, Outcome::Stopped(stop)) => return RoundEnd::Stopped { stop, stats },
                (None, _) => {}
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
    assert_eq!(expected.outcome, Outcome::Finished, "no budget was set");
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
    match MinCover::new(&problem).solve().complete() {
        Ok(Some(cover)) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

/// Gives up at once, and records the nodes left in the budget's pool when
/// the round reached it (the round's workers draw on the same pool).
#[derive(Debug)]
struct GiveUp {
    budget: Budget,
    left: std::sync::Mutex<Vec<Option<u64>>>,
}

impl RoundSearch for GiveUp {
    fn branches_wanted(&self) -> usize {
        4
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        self.left.lock().unwrap().push(self.budget.nodes_left());
        let mut worker = round.worker();
        let (answer, stats) = round.search_branch(&mut worker, 0, &mut |_| true);
        // Giving up is a cancel, never a budget's stop.
        assert_eq!(answer, Answer::new(None, Outcome::Stopped(Stop::Cancelled)));
        RoundEnd::Stopped {
            stop: Stop::Cancelled,
            stats,
        }
    }
}

#[test]
fn a_stopped_round_stops_the_search_and_leaves_it_as_it_was() {
    let problem = design();
    let budget = Budget::new().with_nodes(1_000_000);
    let give_up = Arc::new(GiveUp {
        budget: budget.clone(),
        left: Default::default(),
    });
    let mut search = MinCover::new(&problem);
    search
        .set_round_search(Some(give_up.clone()))
        .set_budget(budget.clone());
    assert_eq!(
        search.solve(),
        Answer::new(None, Outcome::Stopped(Stop::Cancelled))
    );
    let left = give_up.left.lock().unwrap().clone();
    assert_eq!(left.len(), 1);
    // The round's expansion drew its nodes from the pool before the
    // workers got it, and gave back what it did not use.
    let left = left[0].unwrap();
    assert!(left < 1_000_000, "{left}");
    assert_eq!(left + search.stats().nodes, 1_000_000);
    assert_eq!(budget.nodes_left(), Some(left), "the workers spent nothing");
    // Without the round search, the same object finds the minimum.
    search.set_round_search(None);
    match search.solve().complete() {
        Ok(Some(cover)) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_search_before_its_rounds() {
    let problem = design();
    let cancel = Arc::new(AtomicBool::new(true));
    let mut search = MinCover::new(&problem);
    search
        .set_budget(Budget::new().with_cancel(Arc::clone(&cancel)))
        .set_round_search(Some(Arc::new(InTurn(8))));
    assert_eq!(
        search.solve(),
        Answer::new(None, Outcome::Stopped(Stop::Cancelled))
    );
    assert!(cancel.load(Ordering::Relaxed), "the search never lowers it");
    cancel.store(false, Ordering::Relaxed);
    match search.solve().complete() {
        Ok(Some(cover)) => assert_eq!(cover.len(), 12),
        other => panic!("{other:?}"),
    }
}

/// Issue 20: the workers of a round draw their nodes from the search's
/// budget, one pool with the expansion's. A node budget below the whole
/// search stops it after exactly that many nodes, as it stops the search on
/// its own; and the pool pays for every node entered, so a cut search needs
/// the nodes its expansion entered past the branch that holds the cover
/// too (which its statistics, the sequential search's, leave out), and
/// with them finishes with the same answer and statistics.
#[test]
fn a_node_budget_is_one_pool_for_the_expansion_and_the_workers() {
    let problem = design();
    let cut = |budget: Budget| {
        let mut search = MinCover::new(&problem);
        search
            .set_budget(budget)
            .set_round_search(Some(Arc::new(InTurn(8))));
        search
    };
    let mut plain = MinCover::new(&problem);
    let expected = plain.solve();
    assert_eq!(expected.outcome, Outcome::Finished);
    let all = plain.stats().nodes;
    let pool = Budget::new().with_nodes(u64::MAX);
    let mut whole = cut(pool.clone());
    assert_eq!(whole.solve(), expected);
    let drawn = u64::MAX - pool.nodes_left().unwrap();
    assert!(drawn >= all, "{drawn} nodes drawn, {all} counted");
    for nodes in [0, 1, all / 3, all - 1] {
        let mut alone = MinCover::new(&problem);
        alone.set_budget(Budget::new().with_nodes(nodes));
        let stopped = Answer::new(None, Outcome::Stopped(Stop::Nodes));
        assert_eq!(alone.solve(), stopped, "{nodes} of {all} nodes");
        assert_eq!(alone.stats().nodes, nodes);
        let mut in_turn = cut(Budget::new().with_nodes(nodes));
        assert_eq!(in_turn.solve(), stopped, "{nodes} of {all} nodes");
        assert_eq!(in_turn.stats().nodes, nodes);
    }
    let mut in_turn = cut(Budget::new().with_nodes(drawn));
    assert_eq!(in_turn.solve(), expected);
    assert_eq!(in_turn.stats(), plain.stats());
}

/// Raises the caller's cancel flag once the round is cut, as a user's
/// Ctrl-C would while the workers run, then searches the branches in turn.
#[derive(Debug)]
struct CancelMidRound(Arc<AtomicBool>);

impl RoundSearch for CancelMidRound {
    fn branches_wanted(&self) -> usize {
        8
    }
    fn search_round(&self, round: &Round<'_>) -> RoundEnd {
        self.0.store(true, Ordering::Relaxed);
        InTurn(8).search_round(round)
    }
}

#[test]
fn the_cancel_flag_reaches_the_workers() {
    let problem = design();
    let cancel = Arc::new(AtomicBool::new(false));
    let mut search = MinCover::new(&problem);
    search
        .set_budget(Budget::new().with_cancel(Arc::clone(&cancel)))
        .set_round_search(Some(Arc::new(CancelMidRound(Arc::clone(&cancel)))));
    assert_eq!(
        search.solve(),
        Answer::new(None, Outcome::Stopped(Stop::Cancelled))
    );
    cancel.store(false, Ordering::Relaxed);
    search.set_round_search(Some(Arc::new(InTurn(8))));
    match search.solve().complete() {
        Ok(Some(cover)) => assert_eq!(cover.len(), 12),
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
        assert_eq!(out_of_range.0, Answer::new(None, Outcome::Finished));
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
    assert_eq!(
        search.solve(),
        Answer::new(Some(Vec::new()), Outcome::Finished)
    );
}
