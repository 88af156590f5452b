//! Metamorphic property: on random small problems, with and without colors,
//! multiplicities and costs, parallel equals sequential at 1, 2, 3 and 8
//! threads. Slices of a few nodes make the workers give work away even on
//! these small trees, so every run exercises the stealing.

use std::ops::ControlFlow;

use dlx_core::{verify, Entry, ItemKind, Multiplicity, Optimum, Problem, ProblemBuilder, Solver};
use dlx_parallel::ParallelSolver;
use proptest::prelude::*;

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
fn parallel(problem: &Problem, threads: usize, busy: u64, idle: u64) -> ParallelSolver<'static> {
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
        let sequential: Vec<_> = solver.solutions().collect();
        let stats = *solver.stats();
        let mut parallel = parallel(&problem, threads, busy, idle);
        parallel.set_ordered(true);
        prop_assert_eq!(parallel.count(), sequential.len() as u64);
        prop_assert_eq!(parallel.stats().nodes, stats.nodes);
        prop_assert_eq!(parallel.stats().updates, stats.updates);
        prop_assert_eq!(parallel.stats().max_level, stats.max_level);
        let mut found = Vec::new();
        let _ = parallel.visit(|s| {
            found.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        for s in &found {
            prop_assert_eq!(verify(&problem, s), Ok(()));
        }
        prop_assert_eq!(found, sequential);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The optimising searches, split over threads with a shared bound, find the sequential optimum.
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
        let size = |o: &Optimum| match o {
            Optimum::Found(s) => Some(s.len()),
            _ => None,
        };
        let (sequential, split) = (solver.min_options(), parallel.min_options());
        prop_assert_eq!(size(&split), size(&sequential));
        if let Optimum::Found(s) = &split {
            prop_assert_eq!(verify(&problem, s), Ok(()));
        }
        let costs = |r: &dlx_core::Ranked| r.solutions.iter().map(|s| s.cost).collect::<Vec<_>>();
        let (sequential, split) = (solver.min_cost(k), parallel.min_cost(k));
        prop_assert!(split.proven);
        prop_assert_eq!(costs(&split), costs(&sequential));
        for s in &split.solutions {
            prop_assert_eq!(verify(&problem, &s.options), Ok(()));
            prop_assert_eq!(problem.total_cost(&s.options), s.cost);
        }
    }
}
