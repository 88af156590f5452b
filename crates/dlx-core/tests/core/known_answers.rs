//! Counts and solution sets published for classic problems.

use dlx_core::{parse_dlx, ItemKind, Outcome, ProblemBuilder, Solver};

use crate::support::{all_solutions, count_answer, fixture, langford, queens};

#[track_caller]
fn check(text: &str, expected: u64) {
    let problem = parse_dlx(text).expect("generated problem parses");
    let solutions = all_solutions(&problem);
    assert_eq!(solutions.len() as u64, expected);
    assert_eq!(
        Solver::new(&problem).count(),
        count_answer(expected, Outcome::Finished),
        "count agrees with the enumeration"
    );
}

#[test]
fn queens_1_to_10() {
    // OEIS A000170.
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..).zip(known.iter()) {
        check(&queens(n), count);
    }
}

#[test]
fn langford_pairs_counting_mirror_images() {
    // Twice OEIS A014552, since a sequence and its reverse are both found.
    for (n, count) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
        check(&langford(n), count);
    }
}

#[test]
fn fixtures_have_exactly_their_published_solutions() {
    for name in ["knuth2000", "lgfd7", "xc550"] {
        let (problem, expected) = fixture(name);
        assert_eq!(all_solutions(&problem), expected, "{name}");
    }
}

#[test]
fn pentominoes_3x20_from_the_bundled_file() {
    let text = include_str!("../../../../data/pentomino-3x20.dlx");
    check(text, 8);
}

#[test]
fn a_search_100000_levels_deep_does_not_overflow() {
    let n = 100_000;
    let mut builder = ProblemBuilder::new();
    let items = builder.items(ItemKind::Primary, n);
    for &item in &items {
        builder.option([item]).unwrap();
    }
    let problem = builder.build().unwrap();
    let mut solver = Solver::new(&problem);
    let first = solver.first();
    assert_eq!(
        first.outcome,
        Outcome::LimitReached,
        "it stopped at the first"
    );
    let solution = first.value.expect("one solution");
    assert_eq!(solution.len(), n);
    assert_eq!(
        solver.stats().max_level,
        n,
        "the solution is the node of level n"
    );
    assert_eq!(
        solver.count(),
        count_answer(0, Outcome::Finished),
        "no second solution"
    );
}
