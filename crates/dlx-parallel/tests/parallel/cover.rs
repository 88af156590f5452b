//! `ParallelRounds`: a minimum repeated cover on threads is the one-thread cover, with its statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::{parse_dlx, ItemKind, MinCover, Optimum, Problem, ProblemBuilder};
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
fn design(v: u32, k: u32, t: u32) -> Problem {
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

/// Checks that `threads` threads find the one-thread answer with its statistics.
#[track_caller]
fn check(problem: &Problem, max: u32, threads: usize) -> Optimum {
    let mut alone = MinCover::new(problem);
    let expected = alone.solve_within(max);
    let mut search = MinCover::new(problem);
    search.set_round_search(Some(Arc::new(
        ParallelRounds::with_threads(threads).unwrap(),
    )));
    assert_eq!(search.solve_within(max), expected, "{threads} threads");
    assert_eq!(search.stats(), alone.stats(), "{threads} threads");
    if let Optimum::Found(cover) = &expected {
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
        check(&problem(n_items, &options), max, threads);
    }
}

#[test]
fn covering_designs_are_found_the_same_way_on_any_number_of_threads() {
    // C(7,4,3) = 12 and C(8,4,2) = 6 (La Jolla Covering Repository).
    for (v, k, t, size) in [(7, 4, 3, 12), (8, 4, 2, 6)] {
        let problem = design(v, k, t);
        for threads in [1, 2, 3, 8] {
            match check(&problem, u32::MAX, threads) {
                Optimum::Found(cover) => assert_eq!(cover.len(), size, "C({v},{k},{t})"),
                other => panic!("{other:?}"),
            }
        }
        // Within a bound below the minimum: none, on every thread count.
        for threads in [2, 8] {
            assert_eq!(
                check(&problem, size as u32 - 1, threads),
                Optimum::NoSolution
            );
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
            check(&problem, u32::MAX, threads);
        }
    }
    let (optimum, stats) =
        min_cover(&parse_dlx("a b c d\na b\nb c\nc d\na\nd\n").unwrap(), 2).unwrap();
    assert!(matches!(optimum, Optimum::Found(cover) if cover.len() == 2));
    assert_eq!(stats.solutions, 1);
}

#[test]
fn a_node_limit_counts_every_thread() {
    let problem = design(8, 5, 4);
    for limit in [0, 1, 50, 2_000] {
        for threads in [1, 2, 4] {
            let mut search = MinCover::new(&problem);
            search
                .set_node_limit(Some(limit))
                .set_round_search(Some(Arc::new(
                    ParallelRounds::with_threads(threads).unwrap(),
                )));
            assert_eq!(
                search.solve(),
                Optimum::Stopped,
                "{limit} nodes, {threads} threads"
            );
            assert!(search.node_limit_reached());
            let nodes = search.stats().nodes;
            // Each thread may enter one node more after the budget is spent,
            // and the expansion of a round runs to its end.
            assert!(
                nodes >= limit && nodes <= limit + threads as u64 + 2_000,
                "{nodes} nodes for a limit of {limit} on {threads} threads"
            );
        }
    }
}

#[test]
fn the_stop_flag_stops_every_thread() {
    let problem = design(8, 5, 4);
    let stop = Arc::new(AtomicBool::new(false));
    let mut search = MinCover::new(&problem);
    search
        .set_stop_flag(Arc::clone(&stop))
        .set_round_search(Some(Arc::new(ParallelRounds::with_threads(2).unwrap())));
    let raise = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        })
    };
    // C(8,5,4) takes seconds: the flag is raised long before the end.
    assert_eq!(search.solve(), Optimum::Stopped);
    raise.join().unwrap();
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
        assert!(matches!(search.solve(), Optimum::Found(cover) if cover.len() == 12));
        let counted = counter.load(Ordering::Relaxed);
        // At least the sequential figure: the nodes expanded past the
        // branch with the cover, and those of branches given up, are work too.
        assert!(
            counted >= search.stats().nodes,
            "{counted} on {threads} threads"
        );
    }
}
