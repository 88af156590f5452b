//! `MinCover::solve_within`: the minimum repeated cover, if it has at most `max` options.

use dlx_core::{
    parse_dlx, Answer, Budget, ItemKind, MinCover, OptionId, Outcome, Problem, ProblemBuilder, Stop,
};
use proptest::prelude::*;

/// Whether `cover` covers every primary item of `problem` at least once.
fn covers(problem: &Problem, cover: &[OptionId]) -> bool {
    problem
        .item_ids()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .all(|item| {
            cover
                .iter()
                .any(|&o| problem.option(o).iter().any(|e| e.item == item))
        })
}

/// The size of the cover `solve_within(max)` finds (`None`: no cover of at most
/// `max` options), checked to be a cover within the bound and to agree with `solve`.
#[track_caller]
fn within(problem: &Problem, max: u32) -> Option<usize> {
    let mut search = MinCover::new(problem);
    let answer = search.solve_within(max);
    assert_eq!(answer.outcome, Outcome::Finished, "no budget was set");
    let found = match answer.value {
        Some(cover) => {
            assert!(covers(problem, &cover), "{cover:?} is not a cover");
            assert!(cover.len() <= max as usize, "{cover:?} has more than {max}");
            assert_eq!(search.stats().solutions, 1);
            Some(cover.len())
        }
        None => {
            assert_eq!(search.stats().solutions, 0);
            None
        }
    };
    let mut whole = MinCover::new(problem);
    let minimum = whole.solve().complete().unwrap().map(|cover| cover.len());
    assert_eq!(
        found,
        minimum.filter(|&m| m <= max as usize),
        "solve finds {minimum:?}, max {max}"
    );
    if found.is_some() {
        assert_eq!(search.stats(), whole.stats(), "the same search as solve");
    }
    found
}

#[track_caller]
fn check(text: &str, max: u32, expected: Option<usize>) {
    let problem = parse_dlx(text).expect("a valid problem");
    assert_eq!(within(&problem, max), expected, "max {max} in\n{text}");
}

/// The covering design problem C(v,k,t) with no symmetry fixed: one item per
/// `t`-subset of `0..v`, one option per `k`-subset.
fn design(v: u32, k: u32, t: u32) -> String {
    let subsets = |size: u32| (0u32..1 << v).filter(move |s| s.count_ones() == size);
    let name = |s: u32| format!("s{s}");
    let mut text: Vec<String> = vec![subsets(t).map(name).collect::<Vec<_>>().join(" ")];
    for ticket in subsets(k) {
        let inside: Vec<String> = subsets(t).filter(|s| s & !ticket == 0).map(name).collect();
        text.push(inside.join(" "));
    }
    text.join("\n") + "\n"
}

#[test]
fn bounds_below_and_above_the_minimum() {
    let two = "a b c d\na b\nb c\nc d\na\nd\n";
    check(two, 0, None);
    check(two, 1, None);
    check(two, 2, Some(2));
    check(two, 3, Some(2));
    check(two, u32::MAX, Some(2));
    // An item in no option: no cover, whatever the bound.
    check("a b c\na b\n", 0, None);
    check("a b c\na b\n", 10, None);
    // Secondary items need no covering.
    check("a | x\na x\n", 1, Some(1));
    check("a | x\na x\n", 0, None);
    // Repeated covering: overlapping options are fine.
    check("a b c\na b\nb c\n", 2, Some(2));
    check("a b c\na b\nb c\n", 1, None);
}

#[test]
fn a_problem_with_no_primary_item_is_covered_by_no_option() {
    let problem = ProblemBuilder::new().build().unwrap();
    assert_eq!(within(&problem, 0), Some(0));
    assert_eq!(within(&problem, 5), Some(0));
}

#[test]
fn covering_designs_at_their_covering_number() {
    // C(7,3,2) = 7 (the Fano plane), C(6,3,2) = 6, C(5,3,2) = 4.
    for (v, k, t, number) in [(7, 3, 2, 7), (6, 3, 2, 6), (5, 3, 2, 4)] {
        let text = design(v, k, t);
        check(&text, number - 1, None);
        check(&text, number, Some(number as usize));
        check(&text, number + 3, Some(number as usize));
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_search() {
    let problem = parse_dlx(&design(6, 3, 2)).unwrap();
    let mut search = MinCover::new(&problem);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    search.set_budget(Budget::new().with_cancel(flag));
    assert_eq!(
        search.solve_within(6),
        Answer::new(None, Outcome::Stopped(Stop::Cancelled))
    );
    // A bound under the first lower bound answers before any search.
    assert_eq!(search.solve_within(1), Answer::new(None, Outcome::Finished));
}

/// A random problem: `n_primary` primary items, then up to 2 secondary ones,
/// and options as item lists (each holding a primary item).
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=6, 0usize..=2).prop_flat_map(|(n_primary, n_secondary)| {
        let n_items = n_primary + n_secondary;
        let option = (
            proptest::collection::btree_set(0..n_items, 0..=n_items.min(4)),
            0..n_primary,
        )
            .prop_map(|(mut items, primary)| {
                items.insert(primary);
                items
            });
        proptest::collection::vec(option, 0..=12).prop_map(move |options| {
            let mut builder = ProblemBuilder::new();
            let mut items = builder.items(ItemKind::Primary, n_primary);
            items.extend(builder.items(ItemKind::Secondary, n_secondary));
            for option in options {
                builder.option(option.iter().map(|&i| items[i])).unwrap();
            }
            builder.build().unwrap()
        })
    })
}

proptest! {
    #[test]
    fn within_max_finds_a_cover_iff_the_minimum_is_at_most_max(problem in problem(), max in 0u32..=7) {
        // `within` checks the cover and compares it with `solve`.
        within(&problem, max);
    }
}

/// Issue 13: items that have one option each put those options in every
/// cover; taken before the search, a chain of 100,000 of them is covered at
/// once (searched, each level cost a pass over every item: 80,000 took 36 s),
/// and a cover that needs more is still found and minimal.
#[test]
fn issue_13_forced_options_are_taken_before_the_search() {
    let n = 100_000;
    let mut builder = ProblemBuilder::new();
    let items = builder.items(ItemKind::Primary, n + 3);
    for &item in &items[..n] {
        builder.option([item]).unwrap();
    }
    // The last three items: two options each, a pair covers them.
    let (x, y, z) = (items[n], items[n + 1], items[n + 2]);
    builder.option([x, y]).unwrap();
    builder.option([y, z]).unwrap();
    builder.option([x, z]).unwrap();
    let problem = builder.build().unwrap();
    let mut search = MinCover::new(&problem);
    match search.solve().complete() {
        Ok(Some(cover)) => {
            assert_eq!(cover.len(), n + 2);
            let mut seen = vec![0u32; problem.n_items()];
            for &option in &cover {
                for entry in problem.option(option) {
                    seen[entry.item.index()] += 1;
                }
            }
            assert!(seen.iter().all(|&c| c >= 1), "every item covered");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        MinCover::new(&problem).solve_within(u32::try_from(n).unwrap() + 1),
        Answer::new(None, Outcome::Finished)
    );
}
