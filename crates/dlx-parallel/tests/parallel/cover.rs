//! `ParallelRounds`: a minimum repeated cover on threads is the one-thread cover, with its statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::{
    parse_dlx, Answer, Budget, ItemKind, MinCover, OptionId, Outcome, Problem, ProblemBuilder, Stop,
};
use dlx_parallel::{min_cover, ParallelRounds};
use proptest::prelude::*;

/// A repeated cover problem: `n_items` primary items and options as lists of them.
fn problem(n_items: usize, options: &[Vec<usize>]) -> Problem {
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, n_items);
    for option in options {
        let distinct: std::collections::BTreeSet<usize> =
            option.iter().map(|&i| i % n_items).collect();
        b.option(distinct.into_iter().map(|i| items[i])).unwrap();
    }
    b.build().unwrap()
}

/// The covering design C(v,k,t) as a repeated cover: a `t`-subset an item, a `k`-subset an option.
pub(crate) fn design(v: u32, k: u32, t: u32) -> Problem {
    let subsets =
        |size: u32| -> Vec<u32> { (0u32..1 << v).filter(|s| s.count_ones() == size).collect() };
    let small = subsets(t);
    let options: Vec<Vec<usize>> = subsets(k)
        .into_iter()
        .map(|big| {
            (0..small.len())
                .filter(|&i| small[i] & big == small[i])
                .collect()
        })
        .collect();
    problem(small.len(), &options)
}

/// Checks that `threads` threads find the one-thread answer with its
/// statistics; returns the cover.
#[track_caller]
fn check(problem: &Problem, max: u32, threads: usize) -> Option<Vec<OptionId>> {
    let mut alone = MinCover::new(problem);
    let expected = alone.solve_within(max);
    assert_eq!(expected.outcome, Outcome::Finished, "no budget");
    let mut search = MinCover::new(problem);
    search.set_round_search(Some(Arc::new(
        ParallelRounds::with_threads(threads).unwrap(),
    )));
    assert_eq!(search.solve_within(max), expected, "{threads} threads");
    assert_eq!(search.stats(), alone.stats(), "{threads} threads");
    let expected = expected.value;
    if let Some(cover) = &expected {
        for item in problem
            .item_ids()
            .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
        {
            assert!(cover
                .iter()
                .any(|&o| problem.option(o).iter().any(|e| e.item == item)));
        }
    }
    expected
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn parallel_min_cover_equals_sequential(
        n_items in 1usize..=14,
        options in proptest::collection::vec(proptest::collection::vec(0usize..14, 1..=4), 1..=40),
        max in prop_oneof![Just(u32::MAX), 0u32..7],
        threads in prop_oneof![Just(1usize), Just(2), Just(3), Just(8)],
    ) {
        let _cover = check(&problem(n_items, &options), max, threads);
    }
}

#[test]
fn covering_designs_are_found_the_same_way_on_any_number_of_threads() {
    // C(7,4,3) = 12 and C(8,4,2) = 6 (La Jolla Covering Repository).
    for (v, k, t, size) in [(7, 4, 3, 12), (8, 4, 2, 6)] {
        let problem = design(v, k, t);
        for threads in [1, 2, 3, 8] {
            match check(&problem, u32::MAX, threads) {
                Some(cover) => assert_eq!(cover.len(), size, "C({v},{k},{t})"),
                None => panic!("C({v},{k},{t}): no cover"),
            }
        }
        // Within a bound below the minimum: none, on every thread count.
        for threads in [2, 8] {
            assert_eq!(check(&problem, size as u32 - 1, threads), None);
        }
    }
}

#[test]
fn forced_options_and_tiny_problems() {
    let cases = [
        "a b c d\na b\nb c\nc d\na\nd\n",
        "a\na\n",
        "a b\na\n",
        "a b | x\na x\nb\na b\n",
        "a b c\na\nb\nc\n",
    ];
    for text in cases {
        let problem = parse_dlx(text).unwrap();
        for threads in [1, 2, 8] {
            let _cover = check(&problem, u32::MAX, threads);
        }
    }
    let problem = parse_dlx("a b c d\na b\nb c\nc d\na\nd\n").unwrap();
    let (optimum, stats) = min_cover(&problem, 2, &Budget::new()).unwrap();
    assert_eq!(optimum.outcome, Outcome::Finished);
    assert!(matches!(optimum.value, Some(cover) if cover.len() == 2));
    assert_eq!(stats.solutions, 1);
}

#[test]
fn a_node_budget_counts_every_thread() {
    let problem = design(8, 5, 4);
    for limit in [0, 1, 50, 2_000] {
        for threads in [1, 2, 4] {
            let mut search = MinCover::new(&problem);
            search
                .set_budget(Budget::new().with_nodes(limit))
                .set_round_search(Some(Arc::new(
                    ParallelRounds::with_threads(threads).unwrap(),
                )));
            assert_eq!(
                search.solve(),
                Answer::new(None, Outcome::Stopped(Stop::Nodes)),
                "{limit} nodes, {threads} threads"
            );
            // The threads draw their nodes from one pool, and the expansion
            // of a round draws on it too: no thread enters a node past it.
            // One thread spends it all; on more, the nodes a thread drew and
            // had not entered when another found the pool empty go back
            // unused.
            let nodes = search.stats().nodes;
            assert!(
                nodes <= limit,
                "{nodes} nodes for a limit of {limit} on {threads} threads"
            );
            if threads == 1 {
                assert_eq!(nodes, limit, "one thread");
            }
        }
    }
}

#[test]
fn the_cancel_flag_stops_every_thread() {
    let problem = design(8, 5, 4);
    let stop = Arc::new(AtomicBool::new(false));
    let mut search = MinCover::new(&problem);
    search
        .set_budget(Budget::new().with_cancel(Arc::clone(&stop)))
        .set_round_search(Some(Arc::new(ParallelRounds::with_threads(2).unwrap())));
    let raise = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        })
    };
    // C(8,5,4) takes seconds: the flag is raised long before the end.
    assert_eq!(
        search.solve(),
        Answer::new(None, Outcome::Stopped(Stop::Cancelled))
    );
    raise.join().unwrap();
    assert!(
        stop.load(Ordering::Relaxed),
        "the caller's flag was lowered"
    );
}

/// A node counter sees every thread's nodes as they are entered: all of
/// the sequential search's, and the work after the cover.
#[test]
fn a_node_counter_counts_every_thread() {
    let problem = design(7, 4, 3);
    for threads in [1, 2, 3] {
        let counter = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let mut search = MinCover::new(&problem);
        search
            .set_node_counter(Some(Arc::clone(&counter)))
            .set_round_search(Some(Arc::new(
                ParallelRounds::with_threads(threads).unwrap(),
            )));
        let cover = search.solve();
        assert_eq!(cover.outcome, Outcome::Finished, "{threads} threads");
        assert!(matches!(cover.value, Some(cover) if cover.len() == 12));
        let counted = counter.load(Ordering::Relaxed);
        // At least the sequential figure: the nodes expanded past the
        // branch with the cover, and those of branches given up, are work too.
        assert!(
            counted >= search.stats().nodes,
            "{counted} on {threads} threads"
        );
    }
}
