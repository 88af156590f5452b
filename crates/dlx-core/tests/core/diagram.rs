//! The memoised count's diagram (issue 24): uniformly random solutions (a chi-square test on problems with colors and secondary items), option frequencies against brute force, and counts past 2^128.

use std::collections::BTreeMap;

use dlx_core::{parse_dlx, verify, Budget, Count, Diagram, MemoSettings, OptionId, Problem};
use proptest::prelude::*;

use crate::support::{all_solutions, SplitMix64};

/// The diagram of `problem`, with no budget.
fn diagram(problem: &Problem) -> Diagram {
    Diagram::build(problem, &MemoSettings::new(), &Budget::new()).expect("no multiplicities")
}

/// A random problem in Knuth's format: `primary` primary items, `secondary`
/// secondary items, options of one to four items, each secondary item
/// colored `x` or `y` or left uncolored; a primary item first in each option.
fn random_text(rng: &mut SplitMix64, primary: usize, secondary: usize, options: usize) -> String {
    let mut text = String::new();
    for i in 0..primary {
        text.push_str(&format!("p{i} "));
    }
    if secondary > 0 {
        text.push('|');
        for i in 0..secondary {
            text.push_str(&format!(" s{i}"));
        }
    }
    text.push('\n');
    for _ in 0..options {
        // Knuth's format wants a primary item in every option.
        let mut chosen = vec![rng.below(primary as u32) as usize];
        let len = rng.below(4) as usize;
        for _ in 0..len {
            let i = rng.below((primary + secondary) as u32) as usize;
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        let words: Vec<String> = chosen
            .iter()
            .map(|&i| {
                if i < primary {
                    format!("p{i}")
                } else {
                    match rng.below(3) {
                        0 => format!("s{}", i - primary),
                        1 => format!("s{}:x", i - primary),
                        _ => format!("s{}:y", i - primary),
                    }
                }
            })
            .collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text
}

/// A solution with its options sorted, as `all_solutions` gives them.
fn sorted(mut solution: Vec<OptionId>) -> Vec<OptionId> {
    solution.sort();
    solution
}

/// The chi-square statistic's quantile for `dof` degrees of freedom at the
/// normal quantile `z` (Wilson and Hilferty's approximation, 1931).
fn chi_square_quantile(dof: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * dof);
    dof * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Draws `per_solution` times as many samples as `problem` has solutions
/// and checks that each is a solution and that they are spread evenly: the
/// chi-square statistic below its quantile at z = 4.75 (about one chance in
/// a million of failing for a uniform draw; the seeds are fixed, so the
/// test gives the same answer every run).
#[track_caller]
fn check_uniform(problem: &Problem, seed: u64, per_solution: usize) {
    let solutions = all_solutions(problem);
    let k = solutions.len();
    let d = diagram(problem);
    assert_eq!(d.count(), &Count::from(k as u64));
    let index: BTreeMap<Vec<OptionId>, usize> = solutions
        .into_iter()
        .enumerate()
        .map(|(i, s)| (s, i))
        .collect();
    let mut seen = vec![0usize; k];
    let draws = k * per_solution;
    for solution in d.samples(seed).take(draws) {
        verify(problem, &solution).expect("a sample is a solution");
        let solution = sorted(solution);
        seen[index[&solution]] += 1;
    }
    let expected = per_solution as f64;
    let chi: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    let bound = chi_square_quantile((k - 1) as f64, 4.75);
    assert!(
        chi < bound,
        "chi-square {chi:.1} over {k} solutions, beyond {bound:.1}: {seen:?}"
    );
    // Not too even either: a draw that cycles through the solutions has a
    // statistic near 0 (the lower quantile at z = -4.75).
    let low = chi_square_quantile((k - 1) as f64, -4.75);
    assert!(chi > low, "chi-square {chi:.1} below {low:.1}: too even");
}

#[test]
fn samples_are_uniform_on_a_domino_board() {
    // The 4x4 board has 36 domino tilings (OEIS A004003).
    let mut text = String::new();
    for r in 0..4 {
        for c in 0..4 {
            text.push_str(&format!("r{r}c{c} "));
        }
    }
    text.push('\n');
    for r in 0..4 {
        for c in 0..4 {
            if c + 1 < 4 {
                text.push_str(&format!("r{r}c{c} r{r}c{}\n", c + 1));
            }
            if r + 1 < 4 {
                text.push_str(&format!("r{r}c{c} r{}c{c}\n", r + 1));
            }
        }
    }
    let problem = parse_dlx(&text).unwrap();
    check_uniform(&problem, 1, 400);
}

#[test]
fn samples_are_uniform_with_colors_and_secondary_items() {
    // Random problems with secondary items, colored and not, kept when they
    // have a few dozen to a few hundred solutions.
    let mut rng = SplitMix64::new(24);
    let mut checked = 0;
    while checked < 4 {
        let text = random_text(&mut rng, 8, 4, 40);
        let problem = parse_dlx(&text).unwrap();
        let k = all_solutions(&problem).len();
        let colored = text.contains(":x") || text.contains(":y");
        if !(24..=300).contains(&k) || !colored {
            continue;
        }
        check_uniform(&problem, checked, 200);
        checked += 1;
    }
}

#[test]
fn the_same_seed_draws_the_same_solutions() {
    let problem = parse_dlx(&crate::support::queens(8)).unwrap();
    let d = diagram(&problem);
    assert_eq!(d.count(), &Count::from(92u64));
    let first: Vec<_> = d.samples(99).take(50).collect();
    // A diagram built again draws the same.
    let again: Vec<_> = diagram(&problem).samples(99).take(50).collect();
    assert_eq!(first, again);
    let other: Vec<_> = d.samples(100).take(50).collect();
    assert_ne!(first, other, "another seed, other draws");
}

#[test]
fn a_problem_without_solutions_draws_none() {
    let problem = parse_dlx("a b\na\n").unwrap();
    let d = diagram(&problem);
    assert!(d.count().is_zero());
    assert_eq!(d.samples(1).next(), None);
    assert!(d.frequencies().iter().all(Count::is_zero));
}

/// The number of solutions that contain each option, by enumeration.
fn brute_frequencies(problem: &Problem) -> Vec<Count> {
    let mut counts = vec![0u64; problem.n_options()];
    for solution in all_solutions(problem) {
        for option in solution {
            counts[option.index()] += 1;
        }
    }
    counts.into_iter().map(Count::from).collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(miri) { 2 } else { 300 },
        ..ProptestConfig::default()
    })]

    /// Frequencies and counts against enumeration; every sample a solution.
    #[test]
    fn frequencies_match_enumeration(
        seed in any::<u64>(),
        primary in 1usize..=10,
        secondary in 0usize..=3,
        options in 1usize..=30,
    ) {
        let mut rng = SplitMix64::new(seed);
        let text = random_text(&mut rng, primary, secondary, options);
        let problem = parse_dlx(&text).unwrap();
        let d = diagram(&problem);
        let k = all_solutions(&problem).len();
        prop_assert_eq!(d.count(), &Count::from(k as u64), "{}", text);
        prop_assert_eq!(d.frequencies(), brute_frequencies(&problem), "{}", text);
        for solution in d.samples(seed).take(5) {
            prop_assert!(verify(&problem, &solution).is_ok(), "{}", text);
        }
    }
}

/// The domino tilings of the 2 x `n` board, one item a cell.
fn strip(n: usize) -> Problem {
    let mut text = String::new();
    for c in 0..n {
        text.push_str(&format!("a{c} b{c} "));
    }
    text.push('\n');
    for c in 0..n {
        text.push_str(&format!("a{c} b{c}\n"));
        if c + 1 < n {
            text.push_str(&format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1));
        }
    }
    parse_dlx(&text).unwrap()
}

#[test]
fn counts_across_two_to_the_127_and_past_two_to_the_128() {
    // The 2 x 200 strip has F(201) tilings (a Fibonacci number, about
    // 4.5e41); its subproblems' counts are the Fibonacci numbers below, so
    // some lie between 2^127 and 2^128, where a small count's top bit is
    // the mark of a big one (a diagram once read them as big: found by
    // sampling the Aztec diamond of order 16).
    let n = 200;
    let problem = strip(n);
    let d = diagram(&problem);
    let (mut a, mut b) = (dlx_core::BigUint::from(1u8), dlx_core::BigUint::from(1u8));
    for _ in 1..n {
        let next = &a + &b;
        a = std::mem::replace(&mut b, next);
    }
    assert_eq!(d.count().to_biguint(), b);
    // Every solution covers cell a0 once: the frequencies of its options add up to the count.
    let frequencies = d.frequencies();
    let mut through_a0 = Count::ZERO;
    for option in problem.option_ids() {
        if problem
            .option(option)
            .iter()
            .any(|e| problem.item_name(e.item) == Some("a0"))
        {
            through_a0 += frequencies[option.index()].clone();
        }
    }
    assert_eq!(&through_a0, d.count());
    for solution in d.samples(3).take(20) {
        verify(&problem, &solution).expect("a sample is a solution");
    }
}

// The diagram kept layer by layer: narrow problems with the default rule.

use crate::sweep::{aztec, cells, dominoes, mixed_pieces, random_board, square_with_holes};
use dlx_core::memo::Rule;
use dlx_core::{MemoError, Stop, WyRand};

/// The diagram of `problem` built depth first (Knuth's rule, never layered).
fn depth_first(problem: &Problem) -> Diagram {
    let settings = MemoSettings::new().with_rule(Rule::FewestOptions);
    let d = Diagram::build(problem, &settings, &Budget::new()).expect("no multiplicities");
    assert_eq!(d.sweep_stats(), None, "built depth first");
    d
}

/// The diagram of `problem` built layer by layer within `budget`.
fn layered(problem: &Problem, budget: &Budget) -> Result<Diagram, MemoError> {
    let d = Diagram::build(problem, &MemoSettings::new(), budget)?;
    assert!(d.sweep_stats().is_some(), "built layer by layer");
    Ok(d)
}

/// The layered diagram of `problem` with its layers kept at checkpoints
/// only: the least memory of the form 2^k that builds it.
fn thinned(problem: &Problem) -> Diagram {
    for shift in 6..30 {
        if let Ok(d) = layered(problem, &Budget::new().with_memory(1 << shift)) {
            assert!(
                d.sweep_stats().unwrap().checkpoint_interval > 1,
                "some layers left out"
            );
            return d;
        }
    }
    unreachable!("some memory builds it")
}

/// The layered diagram of `problem` and the depth-first one agree on the
/// count and the frequencies, kept whole or at checkpoints; every sample is
/// a solution.
#[track_caller]
fn check_layered(problem: &Problem) {
    let whole = layered(problem, &Budget::new()).unwrap();
    assert_eq!(
        whole.sweep_stats().unwrap().checkpoint_interval,
        1,
        "every layer kept"
    );
    let reference = depth_first(problem);
    assert_eq!(whole.count(), reference.count());
    let frequencies = reference.frequencies();
    assert_eq!(whole.frequencies(), frequencies);
    let thin = thinned(problem);
    assert_eq!(thin.count(), reference.count());
    assert_eq!(thin.frequencies(), frequencies);
    for solution in whole.samples(5).take(20) {
        verify(problem, &solution).expect("a sample is a solution");
    }
}

#[test]
fn the_layered_diagram_counts_and_weighs_options_as_the_depth_first_one() {
    check_layered(&dominoes(&vec!["#".repeat(8); 2]));
    check_layered(&dominoes(&vec!["#".repeat(6); 6]));
    check_layered(&dominoes(&aztec(5)));
    check_layered(&dominoes(&square_with_holes(9)));
    let board: Vec<String> = ["#####", "##.##", "#####", "####.", "#####"]
        .iter()
        .map(|row| row.to_string())
        .collect();
    check_layered(&mixed_pieces(&board, true));
    check_layered(&mixed_pieces(&board, false));
    // No tiling: no sample, every frequency 0.
    let odd = dominoes(&vec!["#".repeat(3); 3]);
    let d = layered(&odd, &Budget::new()).unwrap();
    assert!(d.count().is_zero());
    assert_eq!(d.samples(1).next(), None);
    assert!(d.frequencies().iter().all(Count::is_zero));
}

#[test]
fn layered_samples_do_not_depend_on_the_layers_kept() {
    let problem = dominoes(&vec!["#".repeat(7); 6]);
    let whole = layered(&problem, &Budget::new()).unwrap();
    let thin = thinned(&problem);
    let drawn: Vec<_> = whole.samples(42).take(150).collect();
    assert_eq!(thin.samples(42).take(150).collect::<Vec<_>>(), drawn);
    // One at a time, from the words of the same generator, the same again.
    for d in [&whole, &thin] {
        let mut random = WyRand::new(42);
        let one_by_one: Vec<_> = (0..150)
            .map(|_| d.sample(&mut || random.next_u64()).unwrap())
            .collect();
        assert_eq!(one_by_one, drawn);
    }
    for solution in &drawn {
        verify(&problem, solution).expect("a sample is a solution");
    }
    assert_ne!(whole.samples(43).take(150).collect::<Vec<_>>(), drawn);
}

#[test]
fn layered_samples_are_uniform_with_checkpoints() {
    // The 4 x 4 board with trominoes and dominoes (no monominoes), drawn
    // from a diagram kept at checkpoints: every tiling as often.
    let board = vec!["#".repeat(4); 4];
    let problem = mixed_pieces(&board, false);
    let k = all_solutions(&problem).len();
    let d = thinned(&problem);
    assert_eq!(d.count(), &Count::from(k as u64));
    let index: BTreeMap<Vec<OptionId>, usize> = all_solutions(&problem)
        .into_iter()
        .enumerate()
        .map(|(i, s)| (s, i))
        .collect();
    let per_solution = 100;
    let mut seen = vec![0usize; k];
    for solution in d.samples(11).take(k * per_solution) {
        seen[index[&sorted(solution)]] += 1;
    }
    let expected = per_solution as f64;
    let chi: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    let (high, low) = (
        chi_square_quantile((k - 1) as f64, 4.75),
        chi_square_quantile((k - 1) as f64, -4.75),
    );
    assert!(
        low < chi && chi < high,
        "chi-square {chi:.1} over {k} solutions: {seen:?}"
    );
}

#[test]
fn layered_samples_of_the_2x4_strip_draw_each_tiling_one_time_in_five() {
    // The exact law of a draw: the 2 x 4 strip's layers have forward counts
    // 1, 1, 2, 3, 5 along the way, and a draw picks among the ways into a
    // state with probability its forward count over the state's; so each of
    // the 5 tilings is drawn with probability 1/5. Over 5000 draws each
    // tiling comes between 850 and 1150 times (5.3 standard deviations
    // either side of 1000; the seed is fixed).
    let problem = strip(4);
    let d = layered(&problem, &Budget::new()).unwrap();
    let mut seen: BTreeMap<Vec<OptionId>, usize> = BTreeMap::new();
    for solution in d.samples(2).take(5000) {
        verify(&problem, &solution).expect("a sample is a solution");
        *seen.entry(sorted(solution)).or_default() += 1;
    }
    assert_eq!(seen.len(), 5, "every tiling drawn");
    assert!(
        seen.values().all(|&n| (850..=1150).contains(&n)),
        "{seen:?}"
    );
}

#[test]
fn the_2x200_strip_samples_and_weighs_past_two_to_the_128_layer_by_layer() {
    let problem = strip(200);
    let whole = layered(&problem, &Budget::new()).unwrap();
    assert!(whole.count().to_u128().is_none());
    let reference = depth_first(&problem);
    assert_eq!(whole.count(), reference.count());
    assert_eq!(whole.frequencies(), reference.frequencies());
    let thin = thinned(&problem);
    assert_eq!(thin.frequencies(), reference.frequencies());
    let drawn: Vec<_> = whole.samples(9).take(30).collect();
    assert_eq!(thin.samples(9).take(30).collect::<Vec<_>>(), drawn);
    for solution in &drawn {
        verify(&problem, solution).expect("a sample is a solution");
    }
}

#[test]
fn the_layered_diagram_stops_within_its_budget() {
    let problem = dominoes(&aztec(8));
    let nodes = Diagram::build(
        &problem,
        &MemoSettings::new(),
        &Budget::new().with_nodes(100),
    );
    assert_eq!(nodes.err(), Some(MemoError::Stopped(Stop::Nodes)));
    let memory = Diagram::build(
        &problem,
        &MemoSettings::new(),
        &Budget::new().with_memory(64),
    );
    assert_eq!(memory.err(), Some(MemoError::Stopped(Stop::Memory)));
    // Within enough of both, the count: 2^36 tilings.
    let budget = Budget::new().with_nodes(1 << 30).with_memory(1 << 30);
    let d = layered(&problem, &budget).unwrap();
    assert_eq!(d.count(), &Count::from(1u64 << 36));
    assert!(d.len() > 1 && !d.is_empty());
    assert!(d.stats().nodes > 0);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(miri) { 2 } else { 200 },
        ..ProptestConfig::default()
    })]

    /// Random boards with monominoes, dominoes and trominoes: the layered
    /// diagram's frequencies against enumeration and the depth-first
    /// diagram's; every sample a solution.
    #[test]
    fn layered_frequencies_match_enumeration(
        board in random_board(),
        monominoes: bool,
        seed in any::<u64>(),
    ) {
        prop_assume!(!cells(&board).is_empty() && cells(&board).len() <= 16);
        let problem = mixed_pieces(&board, monominoes);
        let d = Diagram::build(&problem, &MemoSettings::new(), &Budget::new()).unwrap();
        // Some small boards (the 4 x 4 less a corner with trominoes) have no
        // narrow sweep, and are drawn depth first: not this test's case.
        prop_assume!(d.sweep_stats().is_some());
        let k = all_solutions(&problem).len();
        prop_assert_eq!(d.count(), &Count::from(k as u64));
        let frequencies = brute_frequencies(&problem);
        prop_assert_eq!(d.frequencies(), frequencies.clone());
        prop_assert_eq!(depth_first(&problem).frequencies(), frequencies);
        for solution in d.samples(seed).take(5) {
            prop_assert!(verify(&problem, &solution).is_ok());
        }
    }
}
