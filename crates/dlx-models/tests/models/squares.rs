//! Tests of the squares model.

use dlx_models::squares::{parse, DestroyError, Grid, Square, SquaresError};
use proptest::prelude::*;

/// Solves a grid, checks the answer against the grid, and compares its size.
#[track_caller]
fn check(n: usize, missing: &[usize], expected: usize) {
    let grid = Grid::new(n, missing).expect("a valid grid");
    let sticks = grid.solve().expect("an encodable grid");
    grid.check(&sticks).expect("no square left");
    assert_eq!(sticks.len(), expected, "n = {n}, missing {missing:?}");
}

#[track_caller]
fn check_error(input: &str, message: &str) {
    let err = parse(input).find_map(Result::err).expect("a bad input");
    assert_eq!(err.to_string(), message);
}

#[test]
fn sample() {
    let cases: Vec<_> = parse("2\n2\n0\n3\n3 12 17 23\n")
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[1].line, 4);
    for case in &cases {
        let sticks = case.grid.solve().unwrap();
        case.grid.check(&sticks).unwrap();
        assert_eq!(sticks.len(), 3);
    }
}

#[test]
fn known_values() {
    check(1, &[], 1);
    check(1, &[2], 0);
    check(2, &[], 3);
    check(3, &[12, 17, 23], 3);
    // Every horizontal stick gone: no square at all.
    check(2, &[1, 2, 6, 7, 11, 12], 0);
    // Full grids, cross-checked by brute force (1 to 3) and by an
    // independent search (3 to 5) below.
    check(3, &[], 6);
    check(4, &[], 9);
    check(5, &[], 14);
}

#[test]
fn numbering_is_row_by_row() {
    let grid = Grid::new(2, &[]).unwrap();
    assert_eq!(grid.n_sticks(), 12);
    // The top-left unit square: top 1, left 3, right 4, bottom 6.
    let mut sides = grid.sides(Square {
        row: 0,
        col: 0,
        size: 1,
    });
    sides.sort_unstable();
    assert_eq!(sides, [1, 3, 4, 6]);
    // The whole 2 x 2 square: the outline.
    let mut sides = grid.sides(Square {
        row: 0,
        col: 0,
        size: 2,
    });
    sides.sort_unstable();
    assert_eq!(sides, [1, 2, 3, 5, 8, 10, 11, 12]);
    assert_eq!(grid.complete_squares().len(), 5);
}

#[test]
fn answers_are_checked_against_the_grid() {
    let grid = Grid::new(2, &[]).unwrap();
    assert_eq!(
        grid.check(&[1]),
        Err(DestroyError::SquareLeft {
            square: Square {
                row: 0,
                col: 1,
                size: 1
            }
        })
    );
    assert_eq!(
        grid.check(&[13]),
        Err(DestroyError::NotPresent { stick: 13 })
    );
    assert_eq!(
        grid.check(&[4, 4]),
        Err(DestroyError::RemovedTwice { stick: 4 })
    );
    let grid = Grid::new(2, &[4]).unwrap();
    assert_eq!(grid.check(&[4]), Err(DestroyError::NotPresent { stick: 4 }));
}

#[test]
fn errors_name_the_line_and_the_value() {
    check_error("1\n2\n1 13\n", "line 3: stick 13 is not between 1 and 12");
    check_error("1\n2\n1 0\n", "line 3: stick 0 is not between 1 and 12");
    check_error("1\n2\n2 5 5\n", "line 3: stick 5 is listed twice");
    check_error(
        "1\n9\n0\n",
        "line 2: a grid of size 9 is not allowed (from 1 to 8)",
    );
    check_error(
        "1\n0\n0\n",
        "line 2: a grid of size 0 is not allowed (from 1 to 8)",
    );
    check_error(
        "1\n2\n2 5\n",
        "line 3: the input ends before the 2 missing sticks of case 1",
    );
    check_error("1\n2\nx\n", "line 3, column 1: `x` is not a number");
    check_error("1\n2\n0\n3\n", "line 4: `3` after the last of the 1 cases");
    assert_eq!(
        Grid::new(3, &[25]),
        Err(SquaresError::StickOutOfRange {
            line: 0,
            stick: 25,
            n_sticks: 24
        })
    );
}

/// The fewest sticks whose removal leaves no square, trying every set of
/// sticks by size (sticks bordering no complete square are never needed).
fn brute_force(grid: &Grid) -> usize {
    let mut useful: Vec<usize> = grid
        .complete_squares()
        .into_iter()
        .flat_map(|square| grid.sides(square))
        .collect();
    useful.sort_unstable();
    useful.dedup();
    (0..=useful.len())
        .find(|&size| subsets(&useful, size).any(|sticks| grid.check(&sticks).is_ok()))
        .expect("removing every stick leaves no square")
}

/// Every subset of `items` of `size` elements.
fn subsets(items: &[usize], size: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    let mut picks: Option<Vec<usize>> = (size <= items.len()).then(|| (0..size).collect());
    std::iter::from_fn(move || {
        let current = picks.clone()?;
        let subset = current.iter().map(|&i| items[i]).collect();
        // The next combination in lexicographic order.
        let mut next = current;
        let mut i = size;
        picks = loop {
            if i == 0 {
                break None;
            }
            i -= 1;
            if next[i] < items.len() - size + i {
                next[i] += 1;
                for j in i + 1..size {
                    next[j] = next[j - 1] + 1;
                }
                break Some(next);
            }
        };
        Some(subset)
    })
}

#[test]
fn full_grids_by_brute_force() {
    for (n, expected) in [(1, 1), (2, 3), (3, 6)] {
        let grid = Grid::new(n, &[]).unwrap();
        assert_eq!(brute_force(&grid), expected, "n = {n}");
        check(n, &[], expected);
    }
}

/// Whether at most `budget` sticks destroy every square: a search of its own,
/// on stick masks, independent of dlx-core. It branches on the sides of the
/// smallest square left and prunes with the number of pairwise stick-disjoint
/// squares left (each needs a stick of its own).
fn destroyable(squares: &[u64], budget: usize, removed: u64) -> bool {
    let mut alive: Vec<u64> = squares
        .iter()
        .copied()
        .filter(|q| q & removed == 0)
        .collect();
    if alive.is_empty() {
        return true;
    }
    alive.sort_by_key(|q| q.count_ones());
    let (mut used, mut disjoint) = (0u64, 0);
    for &q in &alive {
        if q & used == 0 {
            used |= q;
            disjoint += 1;
        }
    }
    if disjoint > budget {
        return false;
    }
    let mut sides = alive[0];
    while sides != 0 {
        let stick = sides & sides.wrapping_neg();
        sides ^= stick;
        if destroyable(squares, budget - 1, removed | stick) {
            return true;
        }
    }
    false
}

/// Full 4 x 4 and 5 x 5 grids (60 sticks, beyond brute force by subsets):
/// the answer is possible and one fewer is not, by the independent search.
#[test]
fn full_grids_by_an_independent_search() {
    for (n, expected) in [(3, 6), (4, 9), (5, 14)] {
        let grid = Grid::new(n, &[]).unwrap();
        let masks: Vec<u64> = grid
            .squares()
            .into_iter()
            .map(|q| grid.sides(q).into_iter().fold(0, |m, s| m | 1 << (s - 1)))
            .collect();
        assert!(destroyable(&masks, expected, 0), "n = {n}");
        assert!(!destroyable(&masks, expected - 1, 0), "n = {n}");
        check(n, &[], expected);
    }
}

fn small_grid() -> impl Strategy<Value = Grid> {
    (1usize..=3).prop_flat_map(|n| {
        let n_sticks = 2 * n * (n + 1);
        proptest::collection::vec(proptest::bool::weighted(0.2), n_sticks).prop_map(
            move |missing| {
                let missing: Vec<usize> = (1..=n_sticks).filter(|&s| missing[s - 1]).collect();
                Grid::new(n, &missing).unwrap()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fewest_sticks_equal_brute_force(grid in small_grid()) {
        let sticks = grid.solve().unwrap();
        prop_assert_eq!(grid.check(&sticks), Ok(()));
        prop_assert_eq!(sticks.len(), brute_force(&grid));
    }
}
