//! Splits: the pieces cover the tree once, in order, add up to the sequential statistics, and survive a round trip.

use dlx_core::subtree::{Subtree, SubtreeSearch as _};
use dlx_core::{Solver, Stop};
use dlx_parallel::{Split, SplitError, SplitGoal};

use crate::problems::{data, queens};

/// The split's pieces, searched one after another, give the sequential
/// solutions in order and, with the split's own, its statistics; read back
/// from their parts they make the same split.
#[track_caller]
fn check(root: &Solver, goal: SplitGoal, min_pieces: usize) -> Split {
    let split = Split::new(root, goal);
    assert!(
        split.len() >= min_pieces,
        "{goal:?}: {} pieces",
        split.len()
    );
    let width: f64 = split
        .pieces()
        .iter()
        .map(|p| p.estimate().1 - p.estimate().0)
        .sum();
    assert!(
        (width - 1.0).abs() < 1e-9,
        "{goal:?}: shares sum to {width}"
    );
    let mut concatenated = Vec::new();
    let mut solver = root.clone();
    let mut stats = *split.stats();
    for piece in split.pieces() {
        let before = *solver.stats();
        solver.enter(piece).unwrap();
        concatenated.extend(solver.solutions().map(|s| s.expect("no budget")));
        let after = *solver.stats();
        stats.nodes += after.nodes - before.nodes;
        stats.updates += after.updates - before.updates;
        stats.max_level = stats.max_level.max(after.max_level);
    }
    let mut sequential = root.clone();
    let expected: Result<Vec<_>, Stop> = sequential.solutions().collect();
    let expected = expected.expect("no budget");
    assert_eq!(concatenated, expected, "{goal:?}");
    assert_eq!(stats.nodes, sequential.stats().nodes, "{goal:?}: nodes");
    assert_eq!(
        stats.updates,
        sequential.stats().updates,
        "{goal:?}: updates"
    );
    assert_eq!(
        stats.max_level,
        sequential.stats().max_level,
        "{goal:?}: max level"
    );
    let again = Split::from_pieces(root, &parts(&split)).unwrap();
    assert_eq!(again.pieces(), split.pieces());
    assert_eq!(again.stats(), split.stats());
    split
}

/// The pieces as a split file holds them.
fn parts(split: &Split) -> Vec<Subtree> {
    split
        .pieces()
        .iter()
        .map(|p| {
            let (from, to) = p.alternatives();
            Subtree::from_parts(p.depth(), p.path().to_vec(), from, to)
        })
        .collect()
}

#[test]
fn splits_keep_the_order_and_the_statistics() {
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
    assert!(split
        .pieces()
        .iter()
        .all(|s| s.path().is_empty() && s.alternatives().1.is_some()));
    // The first piece enters the root node itself: the split walked nothing.
    assert_eq!(split.stats().nodes, 0);
}

/// Issue 12: a forced chain is followed down, never split per level: a
/// 20,000-level chain is one piece, however many are asked for.
#[test]
fn issue_12_a_forced_chain_is_one_piece() {
    let n = 20_000;
    let mut builder = dlx_core::ProblemBuilder::new();
    let items = builder.items(dlx_core::ItemKind::Primary, n);
    for &item in &items {
        builder.option([item]).unwrap();
    }
    let problem = builder.build().unwrap();
    let split = Split::new(&Solver::new(&problem), SplitGoal::Pieces(64));
    assert_eq!(split.len(), 1);
}

#[test]
fn from_pieces_refuses_what_is_not_a_split() {
    let root = Solver::new(&queens(6));
    let split = Split::new(&root, SplitGoal::Depth(1));
    let pieces = parts(&split);
    // One missing at the end, one missing inside, two swapped, one twice.
    let mut missing_last = pieces.clone();
    missing_last.pop();
    let mut missing_inside = pieces.clone();
    missing_inside.remove(2);
    let mut swapped = pieces.clone();
    swapped.swap(0, 1);
    let mut twice = pieces.clone();
    twice.insert(1, pieces[0].clone());
    for bad in [missing_last, missing_inside, swapped, twice] {
        assert!(
            matches!(
                Split::from_pieces(&root, &bad),
                Err(SplitError::NotASplit { .. })
            ),
            "accepted a broken split"
        );
    }
    // A path through an alternative the level does not have.
    let astray = vec![Subtree::from_parts(1, vec![99], 0, None)];
    assert!(Split::from_pieces(&root, &astray).is_err());
}
