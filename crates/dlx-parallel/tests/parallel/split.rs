//! Splits: the subproblems cover the tree once, in order, and survive a round trip through their paths.

use dlx_core::{OptionId, Solver};
use dlx_parallel::{Split, SplitError, SplitGoal};

use crate::problems::{data, queens};

/// The split's subproblems, searched one after another, give the sequential solutions in order.
#[track_caller]
fn check(root: &Solver, goal: SplitGoal, min_pieces: usize) -> Split {
    let split = Split::new(root, goal);
    assert!(
        split.len() >= min_pieces,
        "{goal:?}: {} pieces",
        split.len()
    );
    let weight: f64 = split.subproblems().iter().map(|s| s.weight).sum();
    assert!(
        (weight - 1.0).abs() < 1e-9,
        "{goal:?}: weights sum to {weight}"
    );
    let mut concatenated = Vec::new();
    for sub in split.subproblems() {
        let mut solver = root.clone();
        for &option in &sub.path {
            solver.choose(option).unwrap();
        }
        assert_eq!(solver.prefix(), sub.path);
        concatenated.extend(solver.solutions());
    }
    let sequential: Vec<_> = root.clone().solutions().collect();
    assert_eq!(concatenated, sequential, "{goal:?}");
    let paths = split.subproblems().iter().map(|s| s.path.clone()).collect();
    let again = Split::from_paths(root, paths).unwrap();
    assert_eq!(again.subproblems(), split.subproblems());
    assert_eq!(again.stats(), split.stats());
    split
}

#[test]
fn splits_keep_the_order() {
    let root = Solver::new(&queens(7));
    check(&root, SplitGoal::Pieces(1), 1);
    check(&root, SplitGoal::Pieces(40), 40);
    check(&root, SplitGoal::Depth(2), 7);
    check(&root, SplitGoal::Depth(50), 40);
    let root = Solver::new(&data("pentomino-3x20.dlx"));
    check(&root, SplitGoal::Pieces(64), 64);
    check(&root, SplitGoal::Depth(2), 10);
}

#[test]
fn depth_split_is_a_complete_level() {
    let root = Solver::new(&queens(6));
    let split = check(&root, SplitGoal::Depth(1), 6);
    assert_eq!(split.len(), 6);
    assert!(split.subproblems().iter().all(|s| s.path.len() == 1));
    assert_eq!(split.stats().nodes, 1);
}

#[test]
fn from_paths_refuses_what_is_not_a_split() {
    let root = Solver::new(&queens(6));
    let split = Split::new(&root, SplitGoal::Depth(1));
    let paths: Vec<Vec<OptionId>> = split.subproblems().iter().map(|s| s.path.clone()).collect();
    // One missing at the end, one missing inside, two swapped, one twice.
    let mut missing_last = paths.clone();
    missing_last.pop();
    let mut missing_inside = paths.clone();
    missing_inside.remove(2);
    let mut swapped = paths.clone();
    swapped.swap(0, 1);
    let mut twice = paths.clone();
    twice.insert(1, paths[0].clone());
    for bad in [missing_last, missing_inside, swapped, twice] {
        assert!(
            matches!(
                Split::from_paths(&root, bad),
                Err(SplitError::NotASplit { .. })
            ),
            "accepted a broken split"
        );
    }
    // An option that clashes with the path before it.
    let clash = vec![vec![paths[0][0], paths[0][0]]];
    assert!(Split::from_paths(&root, clash).is_err());
}
