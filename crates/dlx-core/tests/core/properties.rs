//! Random small problems against brute force, and metamorphic properties.

use crate::support::count_answer;
use dlx_core::subtree::{Division, Subtree, SubtreeSearch};
use dlx_core::{
    verify, ChooseError, Color, Count, Entry, ItemKind, MinCover, Multiplicity, OptionId, Outcome,
    Problem, ProblemBuilder, Solver, Step, Stop,
};
use proptest::prelude::*;

/// How many random cases a property runs: fewer under Miri, which
/// interprets every instruction (`cargo xtask miri`).
pub(crate) fn cases(native: u32) -> u32 {
    if cfg!(miri) {
        3
    } else {
        native
    }
}

/// A random problem: the kind of each item, and options as (item, color) lists.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    kinds: Vec<ItemKind>,
    options: Vec<Vec<(usize, Option<u32>)>>,
    costs: Vec<u64>,
}

pub(crate) fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=5, 0usize..=3).prop_flat_map(|(n_primary, n_secondary)| {
        let n_items = n_primary + n_secondary;
        let option = proptest::collection::btree_set(0..n_items, 1..=n_items.min(4)).prop_flat_map(
            move |items| {
                let items: Vec<usize> = items.into_iter().collect();
                let len = items.len();
                (
                    Just(items),
                    proptest::collection::vec(
                        prop_oneof![Just(None), (1u32..=2).prop_map(Some)],
                        len,
                    ),
                    0..n_primary,
                )
            },
        );
        // Brute force tries every subset of the options: fewer under Miri.
        let max_options = if cfg!(miri) { 6 } else { 14 };
        (
            proptest::collection::vec(option, 0..=max_options),
            proptest::collection::vec(0u64..=9, 14),
        )
            .prop_map(move |(options, costs)| {
                let mut kinds = vec![ItemKind::Primary; n_primary];
                kinds.extend(std::iter::repeat_n(ItemKind::Secondary, n_secondary));
                let options = options
                    .into_iter()
                    .map(|(mut items, colors, forced)| {
                        // Every option needs a primary item.
                        if !items.iter().any(|&i| i < n_primary) {
                            items.push(forced);
                        }
                        items
                            .iter()
                            .enumerate()
                            .map(|(k, &i)| {
                                (
                                    i,
                                    if i >= n_primary {
                                        colors.get(k).copied().flatten()
                                    } else {
                                        None
                                    },
                                )
                            })
                            .collect()
                    })
                    .collect();
                Spec {
                    kinds,
                    options,
                    costs,
                }
            })
    })
}

fn build(spec: &Spec, item_order: &[usize], option_order: &[usize]) -> Problem {
    let mut b = ProblemBuilder::new();
    let mut ids = vec![None; spec.kinds.len()];
    for &i in item_order {
        ids[i] = Some(b.item(spec.kinds[i]));
    }
    for &k in option_order {
        let entries = spec.options[k].iter().map(|&(i, c)| Entry {
            item: ids[i].unwrap(),
            color: c.map(Color::new),
        });
        let option = b.colored_option(entries).unwrap();
        b.set_cost(option, spec.costs[k]).unwrap();
    }
    b.build().unwrap()
}

/// Every subset of options, checked by the definition.
pub(crate) fn brute_force(problem: &Problem) -> Vec<Vec<OptionId>> {
    let n = problem.n_options();
    let mut found = Vec::new();
    for mask in 0u32..(1 << n) {
        let subset: Vec<OptionId> = (0..n)
            .filter(|k| mask >> k & 1 == 1)
            .map(OptionId::new)
            .collect();
        if verify(problem, &subset).is_ok() {
            found.push(subset);
        }
    }
    found
}

fn solve(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut solver = Solver::new(problem);
    let mut found = Vec::new();
    while let Some(solution) = solver
        .next_solution()
        .expect("a search without a budget finishes")
    {
        let mut s = solution.to_vec();
        s.sort();
        found.push(s);
    }
    solver.check_links().unwrap();
    found.sort();
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), ..ProptestConfig::default() })]

    #[test]
    fn the_search_finds_exactly_the_brute_force_solutions(spec in spec()) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let mut expected = brute_force(&problem);
        expected.sort();
        prop_assert_eq!(solve(&problem), expected.clone());
        prop_assert_eq!(Solver::new(&problem).count(), count_answer(expected.len() as u64, Outcome::Finished));
    }

    #[test]
    fn shuffling_items_or_options_keeps_the_count(spec in spec(), seed in any::<u64>()) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let count = Solver::new(&build(&spec, &items, &options)).count();
        prop_assert!(count.is_complete());
        let shuffled_items = shuffle(items.clone(), seed);
        let shuffled_options = shuffle(options.clone(), seed ^ 0x9e37_79b9_7f4a_7c15);
        prop_assert_eq!(Solver::new(&build(&spec, &shuffled_items, &options)).count(), count.clone());
        prop_assert_eq!(Solver::new(&build(&spec, &items, &shuffled_options)).count(), count);
    }

    #[test]
    fn removing_an_option_never_raises_the_count(spec in spec(), pick in any::<usize>()) {
        prop_assume!(!spec.options.is_empty());
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let count = Solver::new(&build(&spec, &items, &options)).count().value;
        let removed = pick % options.len();
        let fewer: Vec<usize> = options.iter().copied().filter(|&k| k != removed).collect();
        prop_assert!(Solver::new(&build(&spec, &items, &fewer)).count().value <= count);
    }

    #[test]
    fn the_first_branch_splits_the_count(spec in spec()) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let total = Solver::new(&problem).count().value;
        let root = Solver::new(&problem);
        let parts: Count = match root.branch() {
            None => Count::from(1u64),
            Some(branch) => branch.options.iter().map(|&o| {
                let mut part = root.clone();
                part.choose(o).unwrap();
                part.count().value
            }).sum(),
        };
        prop_assert_eq!(parts, total);
    }
}

/// Bounds for each item: `(min, max)` with `max == 0` meaning unbounded.
pub(crate) fn bounds(n: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec(
        (0u32..=2, 0u32..=3)
            .prop_map(|(min, extra)| (min, if extra == 3 { 0 } else { min.max(1) + extra })),
        n,
    )
}

fn with_bounds(spec: &Spec, bounds: &[(u32, u32)]) -> Problem {
    let mut b = ProblemBuilder::new();
    let ids: Vec<_> = spec.kinds.iter().map(|&k| b.item(k)).collect();
    for (i, &kind) in spec.kinds.iter().enumerate() {
        if kind == ItemKind::Primary {
            let (min, max) = bounds[i];
            b.set_multiplicity(
                ids[i],
                Multiplicity {
                    min,
                    max: (max > 0).then_some(max),
                },
            )
            .unwrap();
        }
    }
    for (k, option) in spec.options.iter().enumerate() {
        let entries = option.iter().map(|&(i, c)| Entry {
            item: ids[i],
            color: c.map(Color::new),
        });
        let o = b.colored_option(entries).unwrap();
        b.set_cost(o, spec.costs[k]).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), ..ProptestConfig::default() })]

    #[test]
    fn multiplicities_find_exactly_the_brute_force_solutions(spec in spec(), bounds in bounds(8)) {
        let problem = with_bounds(&spec, &bounds);
        let mut expected = brute_force(&problem);
        expected.sort();
        prop_assert_eq!(solve(&problem), expected.clone());
        let mut solver = Solver::new(&problem);
        let count = count_answer(expected.len() as u64, Outcome::Finished);
        prop_assert_eq!(solver.count(), count.clone());
        solver.reset();
        solver.check_links().unwrap();
        prop_assert_eq!(solver.count(), count);

        // The optimising searches run on Algorithm M too.
        let fewest = expected.iter().map(Vec::len).min();
        let best = solver.min_options();
        prop_assert_eq!(best.outcome, Outcome::Finished, "no budget was set");
        if let Some(s) = &best.value {
            prop_assert!(verify(&problem, s).is_ok());
        }
        prop_assert_eq!(best.value.map(|s| s.len()), fewest);
        let mut costs: Vec<u128> = expected.iter().map(|s| problem.total_cost(s)).collect();
        costs.sort();
        costs.truncate(2);
        let ranked = solver.min_cost(2);
        prop_assert!(ranked.is_complete());
        prop_assert_eq!(ranked.value.iter().map(|s| s.cost).collect::<Vec<_>>(), costs);
        solver.check_links().unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Items that may be covered at most once (`0:1`) beside items covered
    /// exactly once: the search runs Algorithm X with them secondary when
    /// every option keeps an exact item, Algorithm M otherwise; both find
    /// the brute-force solutions, and the first case splits like any X problem.
    #[test]
    fn at_most_once_items_find_the_brute_force_solutions(
        spec in spec(),
        at_most_once in proptest::collection::vec(any::<bool>(), 8),
    ) {
        let bounds: Vec<(u32, u32)> =
            at_most_once.iter().map(|&z| if z { (0, 1) } else { (1, 1) }).collect();
        let problem = with_bounds(&spec, &bounds);
        let mut expected = brute_force(&problem);
        expected.sort();
        prop_assert_eq!(solve(&problem), expected.clone());
        let mut solver = Solver::new(&problem);
        prop_assert_eq!(solver.count(), count_answer(expected.len() as u64, Outcome::Finished));
        solver.reset();
        solver.check_links().unwrap();
        // Every option has an item covered exactly once: Algorithm X, which splits.
        let exact = |e: &Entry| {
            problem.item_kind(e.item) == ItemKind::Primary
                && problem.multiplicity(e.item) == Multiplicity::EXACT
        };
        let reduced = problem.option_ids().all(|o| problem.option(o).iter().any(exact));
        if reduced && problem.n_options() > 0 && solver.branch().is_some() {
            let branch = solver.branch().unwrap();
            let mut total = Count::ZERO;
            for option in branch.options {
                let mut part = Solver::new(&problem);
                part.choose(option).unwrap();
                total += part.count().value;
            }
            prop_assert_eq!(total, expected.len() as u64);
        }
    }
}

/// The fewest options of any subset covering every primary item at least once.
pub(crate) fn brute_force_min_cover(problem: &Problem) -> Option<usize> {
    let n = problem.n_options();
    (0u32..(1 << n))
        .filter(|mask| {
            problem
                .item_ids()
                .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
                .all(|i| {
                    (0..n).any(|k| {
                        mask >> k & 1 == 1
                            && problem.option(OptionId::new(k)).iter().any(|e| e.item == i)
                    })
                })
        })
        .map(|mask| mask.count_ones() as usize)
        .min()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(800), ..ProptestConfig::default() })]

    #[test]
    fn fewest_options_equals_the_brute_force_minimum(spec in spec()) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let expected = brute_force(&problem).iter().map(Vec::len).min();
        let mut solver = Solver::new(&problem);
        let best = solver.min_options();
        prop_assert_eq!(best.outcome, Outcome::Finished, "no budget was set");
        if let Some(solution) = &best.value {
            prop_assert!(verify(&problem, solution).is_ok());
        }
        prop_assert_eq!(best.value.map(|s| s.len()), expected);
        solver.check_links().unwrap();
        // The solver is whole again: it still counts every solution.
        prop_assert_eq!(solver.count(), count_answer(brute_force(&problem).len() as u64, Outcome::Finished));
    }

    #[test]
    fn the_cheapest_solutions_equal_the_brute_force_ones(spec in spec(), k in 1usize..4) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let mut expected: Vec<u128> = brute_force(&problem).iter().map(|s| problem.total_cost(s)).collect();
        expected.sort();
        expected.truncate(k);
        let mut solver = Solver::new(&problem);
        let ranked = solver.min_cost(k);
        prop_assert!(ranked.is_complete());
        let costs: Vec<u128> = ranked.value.iter().map(|s| s.cost).collect();
        prop_assert_eq!(costs, expected);
        for s in &ranked.value {
            prop_assert!(verify(&problem, &s.options).is_ok());
            prop_assert_eq!(problem.total_cost(&s.options), s.cost);
        }
        solver.check_links().unwrap();
    }

    /// Issue 20: costs near `u64::MAX`, whose sums pass it, ranked as
    /// brute force ranks them in `u128`.
    #[test]
    fn issue_20_huge_costs_rank_as_brute_force_ranks_them(
        spec in spec(),
        huge in proptest::collection::vec(any::<bool>(), 14),
        k in 1usize..4,
    ) {
        let mut spec = spec;
        for (cost, &huge) in spec.costs.iter_mut().zip(&huge) {
            if huge {
                *cost = u64::MAX - *cost;
            }
        }
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let mut expected: Vec<u128> = brute_force(&problem).iter().map(|s| problem.total_cost(s)).collect();
        expected.sort();
        expected.truncate(k);
        let mut solver = Solver::new(&problem);
        let ranked = solver.min_cost(k);
        prop_assert!(ranked.is_complete());
        let costs: Vec<u128> = ranked.value.iter().map(|s| s.cost).collect();
        prop_assert_eq!(costs, expected);
        for s in &ranked.value {
            prop_assert!(verify(&problem, &s.options).is_ok());
            prop_assert_eq!(problem.total_cost(&s.options), s.cost);
        }
        solver.check_links().unwrap();
    }

    #[test]
    fn minimum_repeated_cover_equals_the_brute_force_minimum(spec in spec()) {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        let problem = build(&spec, &items, &options);
        let expected = brute_force_min_cover(&problem);
        let found = MinCover::new(&problem).solve();
        prop_assert_eq!(found.outcome, Outcome::Finished, "no budget was set");
        if let Some(cover) = &found.value {
            for i in problem.item_ids().filter(|&i| problem.item_kind(i) == ItemKind::Primary) {
                prop_assert!(cover.iter().any(|&o| problem.option(o).iter().any(|e| e.item == i)));
            }
        }
        prop_assert_eq!(found.value.map(|c| c.len()), expected);
    }
}

/// A Fisher-Yates shuffle driven by SplitMix64, so failures replay from the seed.
fn shuffle(mut v: Vec<usize>, mut seed: u64) -> Vec<usize> {
    for i in (1..v.len()).rev() {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        v.swap(i, (z % (i as u64 + 1)) as usize);
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), ..ProptestConfig::default() })]

    /// Issue 10: every read-only view of a running search (the progress
    /// estimate, the statistics, the last solution, the branch, the prefix,
    /// Knuth's link check) read at random moments of random searches with
    /// colors, multiplicities and costs, between node budgets of random
    /// sizes, in counting and in listing mode. The views must stay in range
    /// and the search must find exactly what it finds without them. The
    /// `checked` profile (CI) runs this with every array access checked.
    #[test]
    fn issue_10_read_only_views_at_random_moments(
        spec in spec(),
        bounds in bounds(8),
        with_multiplicities in any::<bool>(),
        budgets in proptest::collection::vec((1u64..12, any::<bool>()), 1..40),
    ) {
        let problem = if with_multiplicities {
            with_bounds(&spec, &bounds)
        } else {
            build(&spec, &(0..spec.kinds.len()).collect::<Vec<_>>(), &(0..spec.options.len()).collect::<Vec<_>>())
        };
        let expected = brute_force(&problem).len() as u64;
        let mut solver = Solver::new(&problem);
        let mut last_progress = 0.0;
        let mut turn = 0;
        loop {
            let (budget, report) = budgets[turn % budgets.len()];
            turn += 1;
            let step = if report { solver.run(budget) } else { solver.run_counting(budget) };
            // The views, read between two slices of the search.
            let progress = solver.progress();
            prop_assert!((0.0..=1.0).contains(&progress), "progress {}", progress);
            prop_assert!(progress >= last_progress - 1e-9, "progress went back");
            last_progress = progress;
            prop_assert!(solver.stats().solutions <= expected);
            prop_assert!(verify(&problem, solver.solution()).is_ok() || solver.solution().is_empty());
            let _ = solver.branch();
            let _ = solver.branch_updates();
            prop_assert!(solver.prefix().is_empty());
            prop_assert!(solver.check_links().is_ok());
            if let Step::End(outcome) = step {
                prop_assert_eq!(outcome, Outcome::Finished, "no budget was set");
                break;
            }
            prop_assert!(turn < 100_000, "the search does not end");
        }
        prop_assert_eq!(solver.stats().solutions, expected);
        prop_assert_eq!(solver.progress(), 1.0);
        // And after the optimising searches, which rewind the same stack.
        let _ = solver.min_options();
        let _ = solver.min_cost(2);
        prop_assert!(solver.check_links().is_ok());
        prop_assert!((0.0..=1.0).contains(&solver.progress()));
    }
}

/// A random problem for Algorithm X/C, or with multiplicities for Algorithm M.
pub(crate) fn problem_of(spec: &Spec, bounds: &[(u32, u32)], algorithm_m: bool) -> Problem {
    if algorithm_m {
        with_bounds(spec, bounds)
    } else {
        let items: Vec<usize> = (0..spec.kinds.len()).collect();
        let options: Vec<usize> = (0..spec.options.len()).collect();
        build(spec, &items, &options)
    }
}

/// A solver of `problem`, keeping the item choice's counts of short lists
/// when `short` (which the solver does by itself only for problems of
/// thousands of primary items).
fn solver_of(problem: &Problem, short: bool) -> Solver {
    let mut solver = Solver::new(problem);
    solver.keep_short_counts(short);
    solver
}

/// The sequential search: its solutions in order, and its statistics.
fn listing(problem: &Problem) -> (Vec<Vec<OptionId>>, dlx_core::Stats) {
    let mut solver = Solver::new(problem);
    let solutions = solver
        .solutions()
        .collect::<Result<Vec<_>, Stop>>()
        .expect("a search without a budget finishes");
    (solutions, *solver.stats())
}

/// Runs `solver` for a slice of `slice` nodes, adding the solutions it
/// reports to `found`; true when its search is over.
fn run_listing(solver: &mut Solver, slice: u64, found: &mut Vec<Vec<OptionId>>) -> bool {
    loop {
        match solver.run(slice) {
            Step::Solution => found.push(solver.solution().to_vec()),
            Step::End(outcome) => return outcome.is_complete(),
            Step::Paused => return false,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), ..ProptestConfig::default() })]

    /// Issue 12: searches that give the untried halves of their levels away
    /// at random moments, to solvers that replay the way down and go on, find
    /// together exactly the sequential solutions (in the sequential order,
    /// when each given subtree is put right after the search it came from)
    /// and count exactly the sequential nodes, updates and deepest level.
    #[test]
    fn donated_subtrees_add_up_to_the_sequential_search(
        spec in spec(),
        bounds in bounds(8),
        algorithm_m in any::<bool>(),
        short in any::<bool>(),
        schedule in proptest::collection::vec((any::<usize>(), 1u64..6, any::<bool>()), 1..40),
    ) {
        let problem = problem_of(&spec, &bounds, algorithm_m);
        let (expected, stats) = listing(&problem);
        // Each task: its solver, whether it is done, its solutions; `order`
        // lists the tasks in the order of the sequential search.
        let mut tasks: Vec<(Solver, bool, Vec<Vec<OptionId>>)> = vec![(solver_of(&problem, short), false, Vec::new())];
        let mut order = vec![0usize];
        let mut turn = 0;
        while tasks.iter().any(|t| !t.1) {
            let (who, budget, give) = schedule[turn % schedule.len()];
            turn += 1;
            prop_assert!(turn < 1_000_000, "the searches do not end");
            let active: Vec<usize> = (0..tasks.len()).filter(|&t| !tasks[t].1).collect();
            let t = active[who % active.len()];
            if give {
                if let Some(subtree) = tasks[t].0.donate() {
                    let (start, end) = subtree.estimate();
                    prop_assert!(0.0 <= start && start <= end && end <= 1.0 + 1e-12);
                    let mut thief = solver_of(&problem, short);
                    thief.enter(&subtree).unwrap();
                    let at = order.iter().position(|&o| o == t).unwrap();
                    order.insert(at + 1, tasks.len());
                    tasks.push((thief, false, Vec::new()));
                }
            }
            let (solver, done, found) = &mut tasks[t];
            *done = run_listing(solver, budget, found);
            let progress = solver.progress();
            prop_assert!((0.0..=1.0).contains(&progress), "progress {}", progress);
        }
        let found: Vec<Vec<OptionId>> = order.iter().flat_map(|&t| tasks[t].2.clone()).collect();
        prop_assert_eq!(&found, &expected);
        for solution in &found {
            prop_assert!(verify(&problem, solution).is_ok());
        }
        let nodes: u64 = tasks.iter().map(|t| t.0.stats().nodes).sum();
        let updates: u64 = tasks.iter().map(|t| t.0.stats().updates).sum();
        let max_level = tasks.iter().map(|t| t.0.stats().max_level).max();
        prop_assert_eq!(nodes, stats.nodes, "nodes");
        prop_assert_eq!(updates, stats.updates, "updates");
        prop_assert_eq!(max_level, Some(stats.max_level), "max level");
        for task in &tasks {
            prop_assert!(task.0.check_links().is_ok());
        }
    }

    /// Issue 12: a tree divided at random into parts, each part searched in
    /// turn by one solver that enters it, finds the sequential solutions in
    /// order, and the parts' statistics with the division's add up to the
    /// sequential ones; the parts' estimates tile [0, 1].
    #[test]
    fn divided_subtrees_add_up_to_the_sequential_search(
        spec in spec(),
        bounds in bounds(8),
        algorithm_m in any::<bool>(),
        short in any::<bool>(),
        picks in proptest::collection::vec(any::<usize>(), 0..12),
    ) {
        let problem = problem_of(&spec, &bounds, algorithm_m);
        let (expected, stats) = listing(&problem);
        let mut solver = solver_of(&problem, short);
        let mut parts = vec![solver.root_subtree()];
        let mut above = dlx_core::Stats::default();
        for pick in picks {
            let at = pick % parts.len();
            if let Some(division) = solver.divide(&parts[at]).unwrap() {
                prop_assert!(!division.parts.is_empty());
                above += division.stats;
                parts.splice(at..=at, division.parts);
            }
        }
        let width: f64 = parts.iter().map(|p| p.estimate().1 - p.estimate().0).sum();
        prop_assert!((width - 1.0).abs() < 1e-9, "the parts' estimates cover {}", width);
        let mut found = Vec::new();
        let mut searched = dlx_core::Stats::default();
        for part in &parts {
            let before = *solver.stats();
            solver.enter(part).unwrap();
            while !run_listing(&mut solver, u64::MAX, &mut found) {}
            let after = *solver.stats();
            searched.nodes += after.nodes - before.nodes;
            searched.updates += after.updates - before.updates;
            searched.max_level = searched.max_level.max(after.max_level);
        }
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(searched.nodes + above.nodes, stats.nodes, "nodes");
        prop_assert_eq!(searched.updates + above.updates, stats.updates, "updates");
        prop_assert_eq!(searched.max_level.max(above.max_level), stats.max_level, "max level");
        solver.reset();
        prop_assert!(solver.check_links().is_ok());
    }

    /// Issue 20: a solver that enters subtrees one after another keeps the
    /// levels each way down shares with the last (and takes the one
    /// alternative of a piece itself), and a `Divider` keeps them between
    /// divisions; in any order, each finds, counts, gives away and divides
    /// exactly what a fresh solver does, also when a search is reset half way.
    #[test]
    fn issue_20_ways_down_kept_in_any_order_change_nothing(
        spec in spec(),
        bounds in bounds(8),
        algorithm_m in any::<bool>(),
        short in any::<bool>(),
        picks in proptest::collection::vec(any::<usize>(), 0..12),
        visits in proptest::collection::vec((any::<usize>(), 0u64..4, 0u8..3), 1..16),
    ) {
        let problem = problem_of(&spec, &bounds, algorithm_m);
        let mut solver = solver_of(&problem, short);
        let mut parts = vec![solver.root_subtree()];
        let seen = |d: &Result<Option<Division>, ChooseError>| {
            d.clone().map(|d| d.map(|d| (d.parts, d.stats)))
        };
        {
            let mut divider = solver.divider();
            for pick in picks {
                let at = pick % parts.len();
                let division = divider.divide(&parts[at]);
                let expected = solver_of(&problem, short).divide(&parts[at]);
                prop_assert_eq!(seen(&division), seen(&expected));
                if let Ok(Some(division)) = division {
                    parts.splice(at..=at, division.parts);
                }
            }
        }
        prop_assert!(solver.check_links().is_ok());
        // The pieces as a split file holds them too, whose levels' nodes were
        // counted by the split.
        let read_back = parts.iter().map(|p| {
            let (from, to) = p.alternatives();
            Subtree::from_parts(p.depth(), p.path().to_vec(), from, to)
        });
        let pieces: Vec<Subtree> = parts.iter().cloned().chain(read_back).collect();
        for (pick, budget, mut how) in visits {
            let piece = &pieces[pick % pieces.len()];
            let before = *solver.stats();
            let mut fresh = solver_of(&problem, short);
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            solver.enter(piece).unwrap();
            fresh.enter(piece).unwrap();
            // Half way, a reset starts the piece over (the fresh solver's
            // search is not cut: it is what the reset search must count), or
            // both searches give half of a level away.
            if how > 0 && run_listing(&mut solver, budget, &mut mine) {
                how = 0;
            }
            if how == 1 {
                solver.reset();
                mine.clear();
            } else if how == 2 {
                run_listing(&mut fresh, budget, &mut theirs);
                prop_assert_eq!(solver.donate(), fresh.donate());
            }
            while !run_listing(&mut solver, u64::MAX, &mut mine) {}
            while !run_listing(&mut fresh, u64::MAX, &mut theirs) {}
            prop_assert_eq!(&mine, &theirs);
            prop_assert_eq!(solver.progress(), fresh.progress());
            let (after, expected) = (*solver.stats(), *fresh.stats());
            let since = |a: u64, b: u64| if how == 1 { a } else { a - b };
            prop_assert_eq!(since(after.nodes, before.nodes), expected.nodes);
            prop_assert_eq!(since(after.updates, before.updates), expected.updates);
            prop_assert_eq!(since(after.solutions, before.solutions), expected.solutions);
            let deepest = if how == 1 { 0 } else { before.max_level };
            prop_assert_eq!(after.max_level, expected.max_level.max(deepest));
        }
        let root = solver.root_subtree();
        solver.enter(&root).unwrap();
        prop_assert_eq!(solver.count(), Solver::new(&problem).count());
        prop_assert!(solver.check_links().is_ok());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Knuth's probe is unbiased (Theorem E): over every path of a random
    /// problem's tree, weighted by its probability, its estimates are the
    /// search's nodes, updates and solutions, under Algorithms X, C and M alike.
    #[test]
    fn the_probe_is_unbiased(spec in spec(), bounds in bounds(8), algorithm_m: bool) {
        let problem = problem_of(&spec, &bounds, algorithm_m);
        crate::estimate::check_unbiased(&problem, &[]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Issue 13: the item choice's counts of short lists (kept by the solver
    /// for problems of thousands of primary items, here on small ones)
    /// change nothing: the same solutions in the same order, Knuth's node
    /// and update counts, the same optima, and the links whole afterwards.
    #[test]
    fn short_list_counts_change_nothing(spec in spec(), bounds in bounds(8), algorithm_m: bool) {
        let problem = problem_of(&spec, &bounds, algorithm_m);
        let (expected, stats) = listing(&problem);
        let mut solver = solver_of(&problem, true);
        prop_assert!(solver.keeps_short_counts() || algorithm_m);
        let found: Vec<_> = solver.solutions().collect::<Result<_, Stop>>().unwrap();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(solver.stats(), &stats);
        solver.check_links().unwrap();
        let mut plain = Solver::new(&problem);
        prop_assert_eq!(solver_of(&problem, true).count(), plain.count());
        let ranked = solver_of(&problem, true).min_cost(3);
        let plain_ranked = Solver::new(&problem).min_cost(3);
        prop_assert_eq!(format!("{ranked:?}"), format!("{plain_ranked:?}"));
        let mut fewest = solver_of(&problem, true);
        prop_assert_eq!(
            format!("{:?}", fewest.min_options()),
            format!("{:?}", Solver::new(&problem).min_options())
        );
        fewest.check_links().unwrap();
        prop_assert_eq!(fewest.count(), count_answer(expected.len() as u64, Outcome::Finished));
    }
}
