//! The memoised count: published counts, counts checked by independent formulas, errors, and random problems against the plain count.

use dlx_core::memo::{MemoStep, Rule};
use dlx_core::{
    count_solutions, parse_dlx, BigUint, Budget, Color, Count, CountMode, Entry, ItemKind,
    MemoCounter, MemoError, MemoSettings, Method, Multiplicity, OptionId, Outcome, Problem,
    ProblemBuilder, Solver, Stop, Why,
};
use proptest::prelude::*;

use crate::support::{data, langford, queens};

/// A budget small enough that the cache must evict on every problem here.
const TINY: usize = 256 << 10;

/// Counts `problem` memoised with the default settings, with a tiny cache,
/// without parts, and by the automatic choice, and checks each against `expected`.
#[track_caller]
fn check(problem: &Problem, expected: impl Into<Count>) {
    let expected = expected.into();
    let settings = [
        MemoSettings::new(),
        MemoSettings::new().with_memory(TINY),
        MemoSettings::new().with_parts(false),
    ];
    for settings in settings {
        let mut counter = MemoCounter::new(problem, &settings).expect("no multiplicities");
        assert_eq!(counter.count(), Ok(expected.clone()), "{settings:?}");
        let cache = counter.cache().stats();
        assert!(cache.peak_bytes <= settings.memory as u64, "{cache:?}");
    }
    let auto = count_solutions(
        problem,
        &MemoSettings::new(),
        CountMode::Auto,
        &Budget::new(),
    );
    assert_eq!(
        auto.map(|c| (c.count, c.outcome)),
        Ok((Some(expected), Outcome::Finished)),
        "automatic choice"
    );
}

/// The m x n board (m rows, n columns) to tile with dominoes: a primary item
/// per cell, an option per pair of adjacent cells.
pub(crate) fn dominoes(m: usize, n: usize) -> Problem {
    boards(&[(m, n)])
}

/// Adds the items and options of [`dominoes`]`(m, n)` to `b`.
fn add_board(b: &mut ProblemBuilder, m: usize, n: usize) {
    let cells = b.items(ItemKind::Primary, m * n);
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                b.option([cells[r * n + c], cells[r * n + c + 1]]).unwrap();
            }
            if r + 1 < m {
                b.option([cells[r * n + c], cells[(r + 1) * n + c]])
                    .unwrap();
            }
        }
    }
}

/// Domino tilings of an m x n rectangle by Kasteleyn's product (P. W.
/// Kasteleyn, "The statistics of dimers on a lattice", Physica 27, 1961;
/// Temperley and Fisher, Phil. Mag. 6, 1961):
/// the product over j <= ceil(m/2), k <= ceil(n/2) of
/// 4 cos^2(pi j / (m + 1)) + 4 cos^2(pi k / (n + 1)), in floating point,
/// rounded: exact while the count is far below 2^52.
fn kasteleyn(m: usize, n: usize) -> u128 {
    let mut product = 1.0f64;
    for j in 1..=m.div_ceil(2) {
        for k in 1..=n.div_ceil(2) {
            let a = (std::f64::consts::PI * j as f64 / (m + 1) as f64).cos();
            let b = (std::f64::consts::PI * k as f64 / (n + 1) as f64).cos();
            product *= 4.0 * a * a + 4.0 * b * b;
        }
    }
    assert!(product < 1e12, "too large to round safely: {product}");
    product.round() as u128
}

/// Domino tilings of an m x n rectangle, exactly, by the transfer matrix
/// ("broken profile") over the cells in reading order of the board turned
/// so that its rows are the shorter side: the state is which of the next
/// `width` cells are already covered by a domino standing down.
fn profile_count(m: usize, n: usize) -> u128 {
    let (height, width) = if m < n { (n, m) } else { (m, n) };
    let mut ways = vec![0u128; 1 << width];
    ways[0] = 1;
    for cell in 0..height * width {
        let (row, column) = (cell / width, cell % width);
        let mut next = vec![0u128; 1 << width];
        for (mask, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            if mask & 1 == 1 {
                next[mask >> 1] += w;
                continue;
            }
            if row + 1 < height {
                next[(mask >> 1) | 1 << (width - 1)] += w;
            }
            if column + 1 < width && mask & 2 == 0 {
                next[(mask | 2) >> 1] += w;
            }
        }
        ways = next;
    }
    ways[0]
}

#[test]
fn domino_tilings_of_square_boards() {
    // OEIS A004003: domino tilings of the 2n x 2n board, n = 1..6.
    let known: [u128; 6] = [2, 36, 6728, 12988816, 258584046368, 53060477521960000];
    for (n, &count) in (1..).zip(&known) {
        check(&dominoes(2 * n, 2 * n), count);
    }
}

#[test]
fn domino_tilings_of_rectangles_match_kasteleyn_and_the_transfer_matrix() {
    for (m, n) in [
        (1, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (3, 7),
        (4, 9),
        (5, 6),
        (6, 13),
        (7, 8),
        (5, 5),
    ] {
        let expected = profile_count(m, n);
        assert_eq!(
            kasteleyn(m, n),
            expected,
            "{m} x {n}: the two formulas agree"
        );
        check(&dominoes(m, n), expected);
        check(&dominoes(n, m), expected);
    }
    // Beyond what a double can round exactly: the transfer matrix alone.
    for (m, n) in [(9, 14), (10, 11), (8, 20)] {
        check(&dominoes(m, n), profile_count(m, n));
    }
}

#[test]
fn queens_1_to_12() {
    // OEIS A000170.
    let known: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &count) in (1..).zip(known.iter()) {
        let problem = parse_dlx(&queens(n)).unwrap();
        let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
        assert_eq!(counter.count(), Ok(Count::from(count)), "{n} queens");
    }
    check(&parse_dlx(&queens(8)).unwrap(), 92u64);
}

#[test]
fn langford_pairs_counting_mirror_images() {
    // Twice OEIS A014552 (a sequence and its reverse are both counted).
    for (n, count) in [(3, 2u64), (4, 2), (5, 0), (7, 52), (8, 300)] {
        check(&parse_dlx(&langford(n)).unwrap(), count);
    }
    let problem = parse_dlx(&langford(11)).unwrap();
    let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    assert_eq!(counter.count(), Ok(Count::from(2 * 17792u64)));
}

#[test]
fn pentominoes_3x20() {
    // Knuth, "Dancing Links" (2000): 2 tilings up to symmetry, 8 in all.
    check(&data("pentomino-3x20.dlx"), 8u64);
}

/// The default count (`CountMode::Auto`) on the published counts of
/// problems whose subproblems rarely repeat: it counts them plainly, so the
/// larger ones stay quick here; the memoised count of each is checked
/// against the same numbers by `cargo xtask bench` (its counting table).
#[test]
fn the_default_count_gives_the_published_counts() {
    let auto = |problem: &Problem| {
        let counted = count_solutions(
            problem,
            &MemoSettings::new(),
            CountMode::Auto,
            &Budget::new(),
        )
        .unwrap();
        assert_eq!(counted.outcome, Outcome::Finished);
        counted.count.expect("a finished count")
    };
    // OEIS A000170.
    for (n, count) in [(13, 73712u64), (14, 365_596)] {
        assert_eq!(auto(&parse_dlx(&queens(n)).unwrap()), count, "{n} queens");
    }
    // Twice OEIS A014552 (a sequence and its reverse are both counted).
    assert_eq!(auto(&parse_dlx(&langford(12)).unwrap()), 2 * 108_144u64);
    // Knuth, "Dancing Links" (2000): 1010 tilings of the 5x12 box up to
    // symmetry, 4040 in all.
    assert_eq!(auto(&data("pentomino-5x12.dlx")), 4040u64);
}

#[test]
fn every_rule_gives_the_same_count() {
    let problems = [
        (dominoes(6, 7), profile_count(6, 7)),
        (parse_dlx(&queens(8)).unwrap(), 92),
        (parse_dlx(&langford(8)).unwrap(), 300),
    ];
    for (problem, count) in problems {
        for rule in [Rule::Frontier, Rule::FewestOptions, Rule::FirstItem] {
            let settings = MemoSettings::new().with_rule(rule);
            let mut counter = MemoCounter::new(&problem, &settings).unwrap();
            assert_eq!(counter.count(), Ok(Count::from(count)), "{rule:?}");
        }
    }
}

#[test]
fn independent_parts_are_multiplied() {
    // Three strips side by side that no option joins: 2 x 3, 2 x 4 and 2 x 5
    // boards have 3, 5 and 8 tilings (Fibonacci numbers).
    let mut b = ProblemBuilder::new();
    for n in [3, 4, 5] {
        let top = b.items(ItemKind::Primary, n);
        let bottom = b.items(ItemKind::Primary, n);
        for c in 0..n {
            b.option([top[c], bottom[c]]).unwrap();
            if c + 1 < n {
                b.option([top[c], top[c + 1]]).unwrap();
                b.option([bottom[c], bottom[c + 1]]).unwrap();
            }
        }
    }
    let problem = b.build().unwrap();
    // The depth-first count (the default rule counts these narrow strips
    // layer by layer, where parts need no splitting).
    let settings = MemoSettings::new().with_rule(Rule::FewestOptions);
    let mut counter = MemoCounter::new(&problem, &settings).unwrap();
    assert!(!counter.sweeps());
    assert_eq!(counter.count(), Ok(Count::from(3 * 5 * 8u64)));
    assert_eq!(counter.stats().splits, 1, "{:?}", counter.stats());
    assert_eq!(counter.stats().parts, 3);
    let mut layered = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    assert!(layered.sweeps());
    assert_eq!(layered.count(), Ok(Count::from(3 * 5 * 8u64)));
}

#[test]
fn counts_beyond_u64_are_exact() {
    // 70 independent 2 x 2 squares (2 tilings each) and one 1 x 2 strip: 2^70.
    let mut b = ProblemBuilder::new();
    for _ in 0..70 {
        let c = b.items(ItemKind::Primary, 4);
        for (x, y) in [(0, 1), (2, 3), (0, 2), (1, 3)] {
            b.option([c[x], c[y]]).unwrap();
        }
    }
    let strip = b.items(ItemKind::Primary, 2);
    b.option(strip).unwrap();
    let problem = b.build().unwrap();
    check(&problem, 1u128 << 70);
}

/// `n` items, each covered by either of two identical options: 2^n
/// solutions; none with `dead`, an item no option covers, beside them.
fn doubled_items(n: usize, dead: bool) -> Problem {
    let mut b = ProblemBuilder::new();
    for _ in 0..n {
        let item = b.item(ItemKind::Primary);
        b.option([item]).unwrap();
        b.option([item]).unwrap();
    }
    if dead {
        b.item(ItemKind::Primary);
    }
    b.build().unwrap()
}

/// Boards of `m x n` cells side by side, to tile with dominoes, no option
/// joining two of them: independent parts whose counts multiply.
fn boards(sizes: &[(usize, usize)]) -> Problem {
    let mut b = ProblemBuilder::new();
    for &(m, n) in sizes {
        add_board(&mut b, m, n);
    }
    b.build().unwrap()
}

/// The Fibonacci number F(k) (F(1) = F(2) = 1), exactly: a 2 x n strip has
/// F(n + 1) domino tilings (the leftmost cells take an upright domino, or
/// two lying ones).
fn fibonacci(k: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..k {
        (a, b) = (b.clone(), a + b);
    }
    a
}

#[test]
fn counts_past_u128_are_exact() {
    let two = BigUint::from(2u32);
    // Sanity of the oracle: F(185) lies between 2^127 and 2^128 (a count the
    // search holds as a big number, a caller as a u128); F(101) below 2^127.
    assert!(two.pow(127) < fibonacci(185) && fibonacci(185) < two.pow(128));
    assert!(fibonacci(101) < two.pow(127) && fibonacci(201) > two.pow(128));
    let table = [
        // Sums and products of 2 across 2^127, where the search's counts
        // become big numbers, and across 2^128, past u128.
        (doubled_items(127, false), two.pow(127)),
        (doubled_items(128, false), two.pow(128)),
        (doubled_items(130, false), two.pow(130)),
        // A part with no solution makes a product of big counts 0.
        (doubled_items(130, true), BigUint::from(0u32)),
        // Sums of two big counts: the 2 x n strips.
        (dominoes(2, 184), fibonacci(185)),
        (dominoes(2, 200), fibonacci(201)),
        (dominoes(200, 2), fibonacci(201)),
        // Products of two parts below 2^127 that pass 2^128, of a big part and a small one, and
        // of a big part and one with no tiling.
        (boards(&[(2, 100), (2, 100)]), fibonacci(101).pow(2)),
        (boards(&[(2, 200), (2, 3)]), fibonacci(201) * 3u32),
        (boards(&[(2, 200), (3, 3)]), BigUint::from(0u32)),
    ];
    for (problem, expected) in table {
        check(&problem, expected.clone());
        for parts in [true, false] {
            let settings = MemoSettings::new().with_parts(parts);
            let mut counter = MemoCounter::new(&problem, &settings).unwrap();
            let count = counter.count().unwrap();
            assert_eq!(count.to_biguint(), expected, "parts: {parts}");
            assert_eq!(count.to_string(), expected.to_string());
            assert_eq!(count.to_u128(), u128::try_from(&expected).ok());
        }
    }
}

#[test]
fn domino_tilings_of_the_20x20_square() {
    // OEIS A004003, n = 10: domino tilings of the 20 x 20 board, past 2^128
    // (the one board of this size in the tests: it takes seconds).
    let expected: Count = "1269984011256235834242602753102293934298576249856"
        .parse()
        .unwrap();
    assert_eq!(expected.to_u128(), None);
    let mut counter = MemoCounter::new(&dominoes(20, 20), &MemoSettings::new()).unwrap();
    assert_eq!(counter.count(), Ok(expected));
}

#[test]
fn multiplicities_are_refused_but_at_most_once_items_beside_exact_ones_are_counted() {
    let text = "a 2:3|b c\na b\nb c\nb\na c\n";
    let problem = parse_dlx(text).unwrap();
    let err = MemoCounter::new(&problem, &MemoSettings::new()).unwrap_err();
    assert_eq!(
        err,
        MemoError::Multiplicities {
            item: "b".to_owned(),
            bounds: "2:3".to_owned()
        }
    );
    assert_eq!(
        err.to_string(),
        "item `b` has bounds 2:3: the memoised count handles only items covered exactly once, and beside them items covered at most once (0:1)"
    );
    // The automatic choice counts it plainly.
    let counted = count_solutions(
        &problem,
        &MemoSettings::new(),
        CountMode::Auto,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(counted.method, Method::Plain);
    assert_eq!(counted.count, Some(Solver::new(&problem).count().value));

    // `0:1` items beside exact ones are secondary items to the search.
    let problem = parse_dlx("a b 0:1|x\na x\nb x\na\nb\n").unwrap();
    let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    assert_eq!(counter.count(), Ok(Count::from(3u64)));
}

#[test]
fn a_cache_from_another_problem_is_refused() {
    let small = dominoes(2, 2);
    let large = dominoes(12, 12);
    let cache = MemoCounter::new(&small, &MemoSettings::new())
        .unwrap()
        .shared_cache();
    let err = MemoCounter::with_cache(&large, &MemoSettings::new(), cache).unwrap_err();
    assert!(matches!(err, MemoError::CacheMismatch { .. }), "{err}");
}

#[test]
fn a_count_paused_and_resumed_is_the_same() {
    let problem = dominoes(8, 9);
    let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    let mut pauses = 0;
    let count = loop {
        match counter.run(100) {
            MemoStep::Done(count) => break count,
            MemoStep::Paused => pauses += 1,
            step => panic!("no budget was set, yet the count returned {step:?}"),
        }
    };
    assert!(pauses > 2);
    assert_eq!(count, profile_count(8, 9));
}

#[test]
fn a_raised_cancel_flag_stops_the_count_until_it_is_lowered() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    let problem = dominoes(8, 9);
    let flag = Arc::new(AtomicBool::new(true));
    let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    counter.set_budget(Budget::new().with_cancel(Arc::clone(&flag)));
    assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Cancelled)));
    assert_eq!(counter.clone().run(10), MemoStep::Stopped(Stop::Cancelled));
    assert!(
        flag.load(Ordering::Relaxed),
        "the count never lowers the flag"
    );
    flag.store(false, Ordering::Relaxed);
    assert_eq!(counter.count(), Ok(Count::from(profile_count(8, 9))));
}

#[test]
fn the_automatic_choice_memoises_boards_and_not_queens() {
    let unlimited = Budget::new();
    let counted = count_solutions(
        &dominoes(10, 10),
        &MemoSettings::new(),
        CountMode::Auto,
        &unlimited,
    )
    .unwrap();
    assert_eq!(counted.method, Method::Memo);
    assert_eq!(
        (counted.count, counted.outcome),
        (Some(Count::from(258584046368u64)), Outcome::Finished)
    );
    let problem = parse_dlx(&queens(11)).unwrap();
    let counted =
        count_solutions(&problem, &MemoSettings::new(), CountMode::Auto, &unlimited).unwrap();
    assert_eq!(
        (counted.method, counted.count.clone(), counted.outcome),
        (Method::Plain, Some(Count::from(2680u64)), Outcome::Finished)
    );
    assert!(counted.why.leverage().unwrap_or(0.0) < 2.0, "{counted:?}");
}

#[test]
fn issue_36_repeated_pieces_are_projected_not_left_to_the_probe_s_first_leverage() {
    // Two of each tetromino on 10x4: the probe's leverage is below 2 at
    // 1024 nodes, yet the memoised count is twice as fast as the plain one.
    let problem = parse_dlx(include_str!("data/tetrominoes-twice-10x4.dlx")).unwrap();
    let counted = count_solutions(
        &problem,
        &MemoSettings::new(),
        CountMode::Auto,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(
        (counted.count.clone(), counted.outcome),
        (Some(Count::from(28736u64)), Outcome::Finished)
    );
    // Which count goes on depends on the clock; that the probe went on does not.
    assert!(
        matches!(counted.why, Why::Projected { .. } | Why::Finished),
        "{counted:?}"
    );
    assert!(counted.memo.nodes > 1024, "{counted:?}");
}

#[test]
fn a_search_30000_levels_deep_or_30000_parts_wide_does_not_overflow() {
    let n = 30_000;
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, n);
    for &item in &items {
        b.option([item]).unwrap();
    }
    let problem = b.build().unwrap();
    // Depth first without parts the search goes 30000 levels deep (a
    // recursive search would overflow a 2 MiB stack); with them, the
    // problem splits into 30000 parts. The default counts 30000 layers.
    for parts in [false, true] {
        let settings = MemoSettings::new()
            .with_memory(8 << 20)
            .with_parts(parts)
            .with_rule(Rule::FewestOptions);
        let mut counter = MemoCounter::new(&problem, &settings).unwrap();
        assert_eq!(counter.count(), Ok(Count::from(1u64)), "parts: {parts}");
        assert_eq!(counter.stats().splits > 0, parts);
    }
    let mut layered = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    assert_eq!(layered.count(), Ok(Count::from(1u64)));
    assert_eq!(layered.sweep_stats().map(|s| s.layers), Some(n as u64));
}

/// Issue 20: the memoised count's sweep of the items walked an option once
/// from each of its items, quadratic in the option's length (one option of
/// 40,000 items took 10 s to set up; 200,000 would take minutes). It now
/// walks each option once per walk: milliseconds.
#[test]
fn issue_20_memo_setup_of_an_option_of_200000_items_is_linear() {
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, 200_000);
    b.option(items).unwrap();
    check(&b.build().unwrap(), 1u64);
}

/// Issue 20: the memoised count numbered an item's colors by searching the
/// colors it had found so far, quadratic in their number (40,000 took
/// 0.5 s; 300,000 would take half a minute). Here the secondary item `s`
/// has a color per option `p_k s:c_k`, and the option that holds every
/// `p_k` is the one solution.
#[test]
fn issue_20_memo_setup_of_an_item_with_300000_colors_is_linear() {
    let n = 300_000;
    let mut b = ProblemBuilder::new();
    let p = b.items(ItemKind::Primary, n);
    let s = b.item(ItemKind::Secondary);
    for (k, &item) in p.iter().enumerate() {
        let color = Some(Color::new(u32::try_from(k).unwrap()));
        b.colored_option([Entry { item, color: None }, Entry { item: s, color }])
            .unwrap();
    }
    b.option(p).unwrap();
    check(&b.build().unwrap(), 1u64);
}

/// A random problem with secondary items and colors, larger than brute
/// force allows: up to 10 primary items, 4 secondary ones and 24 options.
#[derive(Clone, Debug)]
struct Random {
    n_primary: usize,
    n_secondary: usize,
    options: Vec<Vec<(usize, Option<u32>)>>,
}

fn random() -> impl Strategy<Value = Random> {
    (1usize..=10, 0usize..=4).prop_flat_map(|(n_primary, n_secondary)| {
        let n_items = n_primary + n_secondary;
        let option = (
            proptest::collection::btree_set(0..n_items, 1..=n_items.min(4)),
            proptest::collection::vec(prop_oneof![Just(None), (1u32..=3).prop_map(Some)], 4),
            0..n_primary,
        )
            .prop_map(move |(items, colors, forced)| {
                let mut items: Vec<usize> = items.into_iter().collect();
                if !items.iter().any(|&i| i < n_primary) {
                    items.push(forced);
                }
                items
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| (i, if i >= n_primary { colors[k % 4] } else { None }))
                    .collect::<Vec<_>>()
            });
        proptest::collection::vec(option, 0..=24).prop_map(move |options| Random {
            n_primary,
            n_secondary,
            options,
        })
    })
}

fn build_random(spec: &Random) -> Problem {
    let mut b = ProblemBuilder::new();
    let primary = b.items(ItemKind::Primary, spec.n_primary);
    let secondary = b.items(ItemKind::Secondary, spec.n_secondary);
    for option in &spec.options {
        let entries = option.iter().map(|&(i, color)| Entry {
            item: if i < spec.n_primary {
                primary[i]
            } else {
                secondary[i - spec.n_primary]
            },
            color: color.map(Color::new),
        });
        b.colored_option(entries).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn the_memoised_count_equals_the_plain_count(spec in random()) {
        let problem = build_random(&spec);
        let plain = Solver::new(&problem).count().value;
        for rule in [Rule::Frontier, Rule::FewestOptions, Rule::FirstItem] {
            for (memory, parts) in [(1 << 20, true), (0, true), (1 << 20, false)] {
                let settings = MemoSettings::new().with_rule(rule).with_memory(memory).with_parts(parts);
                let mut counter = MemoCounter::new(&problem, &settings).unwrap();
                prop_assert_eq!(counter.count(), Ok(plain.clone()), "{:?}", settings);
            }
        }
    }

    #[test]
    fn the_first_branch_splits_the_memoised_count(spec in random()) {
        let problem = build_random(&spec);
        let root = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
        let total = root.clone().count().unwrap();
        let parts: Count = match root.branch() {
            None => Count::from(1u64),
            Some(branch) => branch.options.iter().map(|&o| {
                let mut part = root.clone();
                part.choose(o).unwrap();
                part.count().unwrap()
            }).sum(),
        };
        prop_assert_eq!(parts, total);
    }

    #[test]
    fn choosing_an_option_counts_the_solutions_that_contain_it(spec in random(), pick in any::<usize>()) {
        prop_assume!(!spec.options.is_empty());
        let problem = build_random(&spec);
        let option = OptionId::new(pick % problem.n_options());
        let mut solver = Solver::new(&problem);
        let mut containing = 0u64;
        while let Some(solution) = solver.next_solution().unwrap() {
            containing += u64::from(solution.contains(&option));
        }
        let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
        match counter.choose(option) {
            Ok(()) => prop_assert_eq!(counter.count(), Ok(Count::from(containing))),
            Err(_) => prop_assert_eq!(containing, 0),
        }
    }
}

#[test]
fn multiplicity_bounds_name_algorithm_m() {
    // The bounds are shown in DLX3 notation in the error.
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    b.set_multiplicity(a, Multiplicity::AT_LEAST_ONCE).unwrap();
    b.option([a]).unwrap();
    let err = MemoCounter::new(&b.build().unwrap(), &MemoSettings::new()).unwrap_err();
    assert_eq!(
        err,
        MemoError::Multiplicities {
            item: "a".to_owned(),
            bounds: "1:".to_owned()
        }
    );
}
