//! Metamorphic property: on random small problems, with and without colors,
//! multiplicities and costs, parallel equals sequential at 1, 2, 3 and 8
//! threads. Slices of a few nodes make the workers give work away even on
//! these small trees, so every run exercises the stealing.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_core::subtree::SubtreeSearch as _;
use dlx_core::{
    verify, Answer, Budget, Costed, Count, CountMode, Entry, ItemKind, MemoCounter, MemoError,
    MemoSettings, MinCover, Multiplicity, OptionId, Outcome, Problem, ProblemBuilder, Solver, Stop,
};
use dlx_parallel::{
    count_solutions_on, ParallelMemoCounter, ParallelRounds, ParallelSolver, Split, SplitGoal,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::problems::count_answer;

/// One option: its primary items, and its secondary items with a color
/// (0: none, 1: red, 2: blue), all as indices taken modulo the item counts.
type RawOption = (Vec<usize>, Vec<(usize, u8)>);

/// A problem from raw choices: each option a set of primary items (at least
/// one), and secondary items with no color, red or blue.
fn build(n_primary: usize, n_secondary: usize, options: &[RawOption]) -> Problem {
    build_with(n_primary, n_secondary, options, &[])
}

/// [`build`], with multiplicities `(min, extra)` on the first primary
/// items: from `min` to `max(min, 1) + extra` (an item cannot be allowed
/// zero times only).
fn build_with(
    n_primary: usize,
    n_secondary: usize,
    options: &[RawOption],
    bounds: &[(u32, u32)],
) -> Problem {
    let mut b = ProblemBuilder::new();
    let primary = b.items(ItemKind::Primary, n_primary);
    for (&item, &(min, extra)) in primary.iter().zip(bounds) {
        let bounds = Multiplicity {
            min,
            max: Some(min.max(1) + extra),
        };
        b.set_multiplicity(item, bounds).unwrap();
    }
    let secondary = b.items(ItemKind::Secondary, n_secondary);
    let colors = [b.color("red"), b.color("blue")];
    for (p, s) in options {
        let mut entries: Vec<Entry> = Vec::new();
        let mut seen = vec![false; n_primary + n_secondary];
        for &i in p {
            if !std::mem::replace(&mut seen[i % n_primary], true) {
                entries.push(Entry {
                    item: primary[i % n_primary],
                    color: None,
                });
            }
        }
        if n_secondary > 0 {
            for &(i, c) in s {
                let i = i % n_secondary;
                if !std::mem::replace(&mut seen[n_primary + i], true) {
                    let color = (c > 0).then(|| colors[usize::from(c - 1)]);
                    entries.push(Entry {
                        item: secondary[i],
                        color,
                    });
                }
            }
        }
        b.colored_option(entries).unwrap();
    }
    b.build().unwrap()
}

fn options() -> impl Strategy<Value = Vec<RawOption>> {
    proptest::collection::vec(
        (
            proptest::collection::vec(0usize..8, 1..4),
            proptest::collection::vec((0usize..3, 0u8..3), 0..3),
        ),
        1..24,
    )
}

/// The thread counts of the issue: one, two, three (more than this
/// machine's cores) and eight.
fn threads() -> impl Strategy<Value = usize> {
    prop::sample::select(vec![1usize, 2, 3, 8])
}

/// A parallel solver with slices of `busy` and `idle` nodes.
fn parallel(problem: &Problem, threads: usize, busy: u64, idle: u64) -> ParallelSolver {
    let mut parallel = ParallelSolver::new(problem).with_threads(threads).unwrap();
    parallel.set_slices(busy, idle);
    parallel
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn parallel_equals_sequential(
        n_primary in 1usize..8,
        n_secondary in 0usize..3,
        options in options(),
        bounds in proptest::collection::vec((0u32..3, 0u32..3), 0..3),
        threads in threads(),
        busy in 1u64..64,
        idle in 1u64..8,
    ) {
        let problem = build_with(n_primary, n_secondary, &options, &bounds);
        let mut solver = Solver::new(&problem);
        let sequential: Result<Vec<_>, Stop> = solver.solutions().collect();
        let sequential = sequential.expect("no budget");
        let stats = *solver.stats();
        let mut parallel = parallel(&problem, threads, busy, idle);
        parallel.set_ordered(true);
        prop_assert_eq!(
            parallel.count(),
            count_answer(sequential.len() as u64, Outcome::Finished)
        );
        prop_assert_eq!(parallel.stats().nodes, stats.nodes);
        prop_assert_eq!(parallel.stats().updates, stats.updates);
        prop_assert_eq!(parallel.stats().max_level, stats.max_level);
        let mut found = Vec::new();
        let flow = parallel.visit(|s| {
            found.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        prop_assert_eq!(flow, ControlFlow::Continue(Outcome::Finished));
        for s in &found {
            prop_assert_eq!(verify(&problem, s), Ok(()));
        }
        prop_assert_eq!(found, sequential);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The optimising searches, split over threads with a bound per task,
    /// find the sequential optimum: the same solutions, even among ties
    /// (costs from 0 to 9 tie often), whatever the threads' timing.
    #[test]
    fn parallel_optima_equal_sequential(
        n_primary in 1usize..8,
        n_secondary in 0usize..3,
        options in options(),
        costs in proptest::collection::vec(0u64..10, 24),
        threads in threads(),
        busy in 1u64..64,
        idle in 1u64..8,
        k in 1usize..4,
    ) {
        let mut problem = build(n_primary, n_secondary, &options);
        for o in problem.option_ids().collect::<Vec<_>>() {
            problem.set_cost(o, costs[o.index()]).unwrap();
        }
        let mut solver = Solver::new(&problem);
        let mut parallel = parallel(&problem, threads, busy, idle);
        let (sequential, split) = (solver.min_options(), parallel.min_options());
        prop_assert_eq!(sequential.outcome, Outcome::Finished);
        prop_assert_eq!(split.outcome, Outcome::Finished);
        prop_assert_eq!(&split.value, &sequential.value);
        if let Some(s) = &split.value {
            prop_assert_eq!(verify(&problem, s), Ok(()));
        }
        let (sequential, split): (Answer<Vec<Costed>>, _) = (solver.min_cost(k), parallel.min_cost(k));
        prop_assert!(split.is_complete());
        prop_assert_eq!(&split.value, &sequential.value);
        for s in &split.value {
            prop_assert_eq!(verify(&problem, &s.options), Ok(()));
            prop_assert_eq!(problem.total_cost(&s.options), s.cost);
        }
    }
}

/// What the sequential searches answer, for the checks of the parallel
/// ones within a budget.
struct Sequential {
    solutions: Vec<Vec<OptionId>>,
    /// The nodes of the whole tree, which bound those of every search of
    /// the solver (branch and bound only prunes it).
    nodes: u64,
    fewest: Option<usize>,
    cheapest: Vec<u128>,
    /// The memoised count and its nodes (`None`: refused, for multiplicities).
    memo: Option<(Count, u64)>,
    cover: Answer<Option<Vec<OptionId>>>,
    cover_nodes: u64,
}

impl Sequential {
    fn of(problem: &Problem, k: usize) -> Sequential {
        let mut solver = Solver::new(problem);
        let solutions: Result<Vec<_>, Stop> = solver.solutions().collect();
        let nodes = solver.stats().nodes;
        let fewest = Solver::new(problem).min_options();
        let cheapest = Solver::new(problem).min_cost(k);
        let memo = MemoCounter::new(problem, &MemoSettings::new())
            .ok()
            .map(|mut counter| {
                let count = counter.count().expect("no budget");
                (count, counter.stats().nodes)
            });
        let mut cover = MinCover::new(problem);
        let answer = cover.solve();
        assert!(fewest.is_complete() && cheapest.is_complete() && answer.is_complete());
        Sequential {
            solutions: solutions.expect("no budget"),
            nodes,
            fewest: fewest.value.map(|s| s.len()),
            cheapest: cheapest.value.iter().map(|c| c.cost).collect(),
            memo,
            cover: answer,
            cover_nodes: cover.stats().nodes,
        }
    }
}

/// The budget of one search: a random number of nodes, or (`None`) several
/// times the `reference` nodes of the sequential search, which it must
/// finish within.
fn budget_of(nodes: Option<u64>, reference: u64) -> Budget {
    Budget::new().with_nodes(nodes.unwrap_or(4 * reference + 16))
}

/// How a search within a budget may end: complete; or, unless it had
/// several times the sequential nodes, stopped by the nodes.
fn check_outcome(outcome: Outcome, nodes: Option<u64>, search: &str) -> Result<(), TestCaseError> {
    match nodes {
        None => prop_assert!(
            outcome.is_complete(),
            "{}: {:?} with a generous budget",
            search,
            outcome
        ),
        Some(_) if !outcome.is_complete() => {
            prop_assert_eq!(outcome, Outcome::Stopped(Stop::Nodes), "{}", search)
        }
        Some(_) => {}
    }
    Ok(())
}

/// Whether every solution of `found` is a distinct sequential one.
fn distinct_and_sequential(found: &[Vec<OptionId>], sequential: &[Vec<OptionId>]) -> bool {
    let mut sorted = found.to_vec();
    sorted.sort();
    sorted.dedup();
    sorted.len() == found.len() && found.iter().all(|s| sequential.contains(s))
}

/// Whether `found` lists sequential solutions in the sequential order.
fn in_sequential_order(found: &[Vec<OptionId>], sequential: &[Vec<OptionId>]) -> bool {
    let mut rest = sequential.iter();
    found.iter().all(|s| rest.any(|t| t == s))
}

/// Every parallel search of `problem` within `nodes` nodes (`None`: several
/// times the sequential search's): a complete answer is the sequential one,
/// a stopped one is part of it.
fn check_within(
    problem: &Problem,
    expected: &Sequential,
    threads: usize,
    (busy, idle): (u64, u64),
    k: usize,
    limit: u64,
    nodes: Option<u64>,
) -> Result<(), TestCaseError> {
    let seq = &expected.solutions;
    let n = seq.len() as u64;
    let mut parallel = parallel(problem, threads, busy, idle);
    let budget = || budget_of(nodes, expected.nodes);

    parallel.set_budget(budget());
    let count = parallel.count();
    check_outcome(count.outcome, nodes, "count")?;
    if count.is_complete() {
        prop_assert_eq!(count.clone(), count_answer(n, Outcome::Finished));
    }
    prop_assert!(count.value <= n);

    parallel.set_budget(budget()).set_limit(Some(limit));
    let count = parallel.count();
    check_outcome(count.outcome, nodes, "count with a limit")?;
    if count.is_complete() {
        let outcome = if n >= limit {
            Outcome::LimitReached
        } else {
            Outcome::Finished
        };
        prop_assert_eq!(count.clone(), count_answer(n.min(limit), outcome));
    } else {
        // A count that reached its limit is complete, whatever else stopped.
        prop_assert!(count.value < limit.min(n) || (count.value == n && n < limit));
    }
    parallel.set_limit(None);

    for ordered in [false, true] {
        parallel.set_budget(budget()).set_ordered(ordered);
        let mut found = Vec::new();
        let flow = parallel.visit(|s| {
            found.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        let ControlFlow::Continue(outcome) = flow else {
            unreachable!("the visitor never breaks")
        };
        check_outcome(outcome, nodes, "visit")?;
        for s in &found {
            prop_assert_eq!(verify(problem, s), Ok(()));
        }
        prop_assert!(distinct_and_sequential(&found, seq));
        if ordered {
            // Stopped or not, the solutions come in the sequential order.
            // (That a stopped one gives the first of them is
            // `issue_20_an_ordered_visit_stopped_...`.)
            prop_assert!(in_sequential_order(&found, seq));
        }
        if outcome.is_complete() {
            prop_assert_eq!(outcome, Outcome::Finished);
            prop_assert_eq!(found.len(), seq.len());
        }

        parallel.set_budget(budget()).set_limit(Some(limit));
        let mut found = Vec::new();
        let flow = parallel.visit(|s| {
            found.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        parallel.set_limit(None);
        let ControlFlow::Continue(outcome) = flow else {
            unreachable!("the visitor never breaks")
        };
        check_outcome(outcome, nodes, "visit with a limit")?;
        prop_assert!(distinct_and_sequential(&found, seq));
        if ordered {
            prop_assert!(in_sequential_order(&found, seq));
        }
        // (That a visit which reached its limit is complete, whatever
        // else stopped, is `issue_20_a_visit_that_reached_its_limit_...`.)
        let whole = n.min(limit) as usize;
        if outcome.is_complete() {
            prop_assert_eq!(found.len(), whole);
        } else {
            prop_assert!(found.len() <= whole);
        }

        parallel.set_budget(budget());
        let first = parallel.first();
        check_outcome(first.outcome, nodes, "first")?;
        match (&first.value, first.outcome) {
            (Some(s), Outcome::LimitReached) => {
                prop_assert!(seq.contains(s));
                if ordered {
                    prop_assert_eq!(s, &seq[0]);
                }
            }
            (None, Outcome::Finished) => prop_assert!(seq.is_empty()),
            (None, Outcome::Stopped(_)) => {}
            (value, outcome) => prop_assert!(false, "first: {:?} {:?}", value, outcome),
        }
    }
    parallel.set_ordered(false);

    for limit in [None, Some(limit)] {
        parallel.set_budget(budget()).set_limit(limit);
        let folded = parallel.fold(
            Vec::new,
            |all, s| all.push(s.to_vec()),
            |mut a, b| {
                a.extend(b);
                a
            },
        );
        parallel.set_limit(None);
        check_outcome(folded.outcome, nodes, "fold")?;
        prop_assert!(distinct_and_sequential(&folded.value, seq));
        let whole = limit.map_or(seq.len(), |l| seq.len().min(l as usize));
        if folded.is_complete() {
            prop_assert_eq!(folded.value.len(), whole);
        } else {
            prop_assert!(
                folded.value.len() < whole || (whole == seq.len() && limit.is_none_or(|l| n < l))
            );
        }
    }

    parallel.set_budget(budget());
    let fewest = parallel.min_options();
    check_outcome(fewest.outcome, nodes, "min_options")?;
    if let Some(s) = &fewest.value {
        prop_assert_eq!(verify(problem, s), Ok(()));
        prop_assert!(Some(s.len()) >= expected.fewest);
    }
    if fewest.is_complete() {
        prop_assert_eq!(fewest.value.map(|s| s.len()), expected.fewest);
    }

    parallel.set_budget(budget());
    let cheapest = parallel.min_cost(k);
    check_outcome(cheapest.outcome, nodes, "min_cost")?;
    let costs: Vec<u128> = cheapest.value.iter().map(|c| c.cost).collect();
    for c in &cheapest.value {
        prop_assert_eq!(verify(problem, &c.options), Ok(()));
        prop_assert_eq!(problem.total_cost(&c.options), c.cost);
    }
    if cheapest.is_complete() {
        prop_assert_eq!(&costs, &expected.cheapest);
    } else {
        // The i-th cheapest found so far costs at least the i-th cheapest.
        prop_assert!(costs.len() <= expected.cheapest.len());
        prop_assert!(costs.iter().zip(&expected.cheapest).all(|(c, e)| c >= e));
    }

    let memo_nodes = expected.memo.as_ref().map_or(0, |(_, nodes)| *nodes);
    let settings = MemoSettings::new().with_memory(1 << 20);
    if let Some((count, _)) = &expected.memo {
        let mut counter = ParallelMemoCounter::new(problem, &settings)
            .unwrap()
            .with_threads(threads)
            .unwrap();
        counter.set_budget(budget_of(nodes, expected.nodes + memo_nodes));
        match counter.count() {
            Ok(counted) => prop_assert_eq!(&counted, count),
            Err(MemoError::Stopped(stop)) => {
                check_outcome(Outcome::Stopped(stop), nodes, "memoised count")?;
            }
            Err(err) => prop_assert!(false, "memoised count: {}", err),
        }
    }
    for mode in [CountMode::Auto, CountMode::Plain, CountMode::Memo] {
        if mode == CountMode::Memo && expected.memo.is_none() {
            continue;
        }
        let budget = budget_of(nodes, expected.nodes + memo_nodes);
        let counted = count_solutions_on(problem, &settings, mode, &budget, threads).unwrap();
        check_outcome(counted.outcome, nodes, "count_solutions_on")?;
        if counted.outcome.is_complete() {
            prop_assert_eq!(counted.count, Some(Count::from(n)), "{:?}", mode);
        } else {
            prop_assert!(
                counted
                    .count
                    .is_none_or(|c| c.to_u64().is_some_and(|c| c <= n)),
                "{:?}",
                mode
            );
        }
    }

    // The rounds on threads do work the sequential search does not: each
    // round's expansion opens up to 32 branches a thread (16 expansions
    // per branch wanted, at most), and the branches after the first cover
    // run until they hear of it; all of it draws on the budget, so the
    // generous one allows for it, round by round.
    let rounds = problem.n_primary() as u64 + 1;
    let speculative = rounds * threads as u64 * 32 * 16;
    let mut cover = MinCover::new(problem);
    cover
        .set_budget(budget_of(
            nodes,
            expected.cover_nodes.saturating_mul(threads as u64) + speculative,
        ))
        .set_round_search(Some(Arc::new(
            ParallelRounds::with_threads(threads).unwrap(),
        )));
    let answer = cover.solve();
    check_outcome(answer.outcome, nodes, "min_cover")?;
    if answer.is_complete() {
        prop_assert_eq!(&answer, &expected.cover);
    } else {
        prop_assert_eq!(answer.value, None);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Issue 20: within a random node budget, every parallel search either
    /// completes with the sequential answer or says that it stopped with a
    /// part of it; within several times the sequential nodes it completes.
    #[test]
    fn issue_20_a_budget_stops_a_search_or_it_has_the_whole_answer(
        n_primary in 1usize..8,
        n_secondary in 0usize..3,
        options in options(),
        bounds in proptest::collection::vec((0u32..3, 0u32..3), 0..3),
        costs in proptest::collection::vec(0u64..10, 24),
        threads in threads(),
        busy in 1u64..16,
        idle in 1u64..4,
        nodes in 0u64..80,
        k in 1usize..4,
        limit in 1u64..4,
    ) {
        let mut problem = build_with(n_primary, n_secondary, &options, &bounds);
        for o in problem.option_ids().collect::<Vec<_>>() {
            problem.set_cost(o, costs[o.index()]).unwrap();
        }
        let expected = Sequential::of(&problem, k);
        check_within(&problem, &expected, threads, (busy, idle), k, limit, Some(nodes))?;
        check_within(&problem, &expected, threads, (busy, idle), k, limit, None)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Each piece of a split, counted memoised from its way down
    /// ([`Solver::entered_way`], as `dlx count --shard` counts it), has the
    /// plain count of the piece, on any number of threads (issue 24).
    #[test]
    fn memoised_pieces_count_as_the_plain_pieces(
        n_primary in 1usize..8,
        n_secondary in 0usize..3,
        options in options(),
        pieces in 1usize..40,
        threads in threads(),
    ) {
        let problem = build(n_primary, n_secondary, &options);
        let root = Solver::new(&problem);
        let split = Split::new(&root, SplitGoal::Pieces(pieces));
        let mut parallel = ParallelSolver::new(&problem).with_threads(1).unwrap();
        parallel.set_split_to(split.clone());
        let plain = parallel.count_each(&(0..split.len()).collect::<Vec<_>>());
        prop_assert!(plain.is_complete());
        let mut entering = root.clone();
        let mut ways = Vec::new();
        for (index, piece) in split.pieces().iter().enumerate() {
            entering.enter(piece).unwrap();
            if let Some(way) = entering.entered_way() {
                ways.push((index, way));
            }
        }
        let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
            .unwrap()
            .with_threads(threads)
            .unwrap();
        let mut memo = vec![None; split.len()];
        let outcome = counter.count_ways(&ways, |piece| memo[piece.index] = Some(piece.count));
        prop_assert_eq!(outcome, Outcome::Finished);
        for sub in &plain.value {
            if let Some(count) = &memo[sub.index] {
                prop_assert_eq!(count, &Count::from(sub.count), "piece {}", sub.index);
            }
        }
        // The pieces of a division hold one alternative each, so each has a
        // way; a split of one piece (the whole tree) has none, and the
        // shard counts it plainly.
        if split.len() > 1 {
            prop_assert_eq!(ways.len(), split.len());
        }
    }
}
