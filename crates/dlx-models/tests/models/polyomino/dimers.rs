//! The domino tilings of a board by Kasteleyn's determinant (`Polyomino::dimers`): boards with holes of odd and even size, holes touching diagonally, unbalanced and disconnected boards, against the layered count; the edges read back as the model's options.

use std::collections::BTreeSet;

use dlx_core::{count_solutions, verify, Budget, Count, CountMode, MemoSettings, Outcome, Solver};
use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use proptest::prelude::*;

use super::{AZTEC, SCOTT};

/// The layered count of the model's problem.
fn layered(model: &Polyomino) -> Count {
    let counted = count_solutions(
        model.problem(),
        &MemoSettings::new(),
        CountMode::Memo,
        &Budget::new(),
    )
    .expect("a count");
    assert_eq!(counted.outcome, Outcome::Finished);
    counted.count.expect("finished")
}

/// Counts the domino tilings of the board drawn in `art` by the
/// determinant, checks them against the layered count (and `expected`
/// when given), and checks that the edges of a tiling's options make a
/// perfect matching of the matrix.
#[track_caller]
fn check(art: &str, expected: Option<u128>) -> Count {
    let board = Board::parse(art).expect("board art");
    let model = Polyomino::new(board, PieceSet::domino(), false).expect("a domino model");
    let dimers = model.dimers().expect("dominoes only");
    let answer = dimers.count(&Budget::new());
    assert_eq!(answer.outcome, Outcome::Finished, "{art}");
    let count = answer.value.expect("finished");
    assert_eq!(count, layered(&model), "the layered count of\n{art}");
    if let Some(expected) = expected {
        assert_eq!(count, Count::from(expected), "\n{art}");
    }
    // Every option is one edge, and a tiling's edges meet every row and
    // every column once.
    let matrix = dimers.matrix();
    assert_eq!(dimers.options().len(), matrix.edges().len());
    assert_eq!(dimers.options().len(), model.problem().n_options());
    if let Some(solution) = Solver::new(model.problem()).first().value {
        verify(model.problem(), &solution).expect("a tiling");
        let chosen: BTreeSet<_> = solution.iter().collect();
        let edges: Vec<_> = dimers
            .options()
            .iter()
            .zip(matrix.edges())
            .filter(|(option, _)| chosen.contains(option))
            .map(|(_, edge)| *edge)
            .collect();
        let rows: BTreeSet<_> = edges.iter().map(|e| e.row()).collect();
        let columns: BTreeSet<_> = edges.iter().map(|e| e.column()).collect();
        assert_eq!((rows.len(), columns.len()), (matrix.size(), matrix.size()));
        assert_eq!(edges.len(), matrix.size());
    }
    count
}

#[test]
fn boards_with_holes_of_odd_and_even_size() {
    let boards: [(&str, Option<u128>); 9] = [
        // No hole: the 4 x 4 and 6 x 6 boards (OEIS A004003).
        ("####\n####\n####\n####", Some(36)),
        ("######\n######\n######\n######\n######\n######", Some(6728)),
        // One square off the middle of 5 x 5: a hole of odd size.
        ("#####\n#####\n##.##\n#####\n#####", None),
        // A hole of two squares, and one of four (Scott's 8 x 8 board).
        ("######\n######\n##..##\n######\n######\n######", None),
        (SCOTT, None),
        // Two holes of one square, and holes of one and three squares.
        ("######\n#.####\n######\n######\n####.#\n######", None),
        ("######\n#.####\n######\n###..#\n####.#\n######", None),
        // Holes touching diagonally: two black squares (with two white
        // ones apart), and a diagonal line of three black squares with an
        // antidiagonal line of three white ones.
        ("######\n####.#\n##.###\n###.##\n#.####\n######", None),
        (
            "########\n#.######\n##.#####\n###.####\n#####.##\n####.###\n###.####\n########",
            None,
        ),
    ];
    for (art, expected) in boards {
        check(art, expected);
    }
}

#[test]
fn holes_that_reach_the_edge_and_holes_inside_holes() {
    // A notch from the top edge down to the middle (not a hole: the
    // squares off the board reach the outside), a ring around an island
    // (a hole of odd size with a board inside it), and a spiral.
    check("##.###\n##.###\n######\n######", None);
    check(
        "#######\n#.....#\n#.###.#\n#.#.#.#\n#.###.#\n#.....#\n#######",
        None,
    );
    check(
        "########\n#......#\n#.####.#\n#.#..#.#\n#.#.##.#\n#.#.#..#\n#.######\n########",
        None,
    );
    check(
        "########\n#......#\n#.####.#\n#.#..#.#\n#.#.##.#\n#.#....#\n#.######\n#######.",
        None,
    );
}

#[test]
fn boards_without_tilings_and_apart() {
    // More black squares than white ones: no tiling.
    check("###\n.#.", Some(0));
    // As many of each color, but each part has one too many of one color.
    check("###..\n....#\n....#\n....#", Some(0));
    // Two boards apart: 3 x 3 tilings, then 11 x 36.
    check("###.###\n###.###", Some(9));
    check("###.####\n###.####\n###.####\n###.####\n....####", None);
    assert_eq!(check("###\n###\n###\n###", None), Count::from(11u64));
}

#[test]
fn the_aztec_diamond_of_order_15() {
    // Elkies, Kuperberg, Larsen and Propp (1992): 2^(n(n+1)/2).
    let order = super::AZTEC_ORDER;
    let board = Board::parse(AZTEC).expect("art");
    let model = Polyomino::new(board, PieceSet::domino(), false).expect("dominoes");
    let answer = model.dimers().expect("dominoes").count(&Budget::new());
    assert_eq!(
        answer.value,
        Some(Count::from(1u128 << (order * (order + 1) / 2)))
    );
}

#[test]
fn other_pieces_have_no_dimers() {
    let board = Board::parse_size("20x3").expect("a size");
    let model = Polyomino::new(board, PieceSet::pentominoes(), false).expect("valid");
    assert!(model.dimers().is_none());
    // Two domino pieces told apart are not the tilings by dominoes.
    let two = PieceSet::parse("aa\n\nbb\n").expect("pieces");
    let model = Polyomino::new(Board::parse_size("2x2").expect("size"), two, false).expect("valid");
    assert!(model.dimers().is_none());
}

/// A random board of up to 6 x 6 squares, as art.
fn region() -> impl Strategy<Value = String> {
    (2usize..=6, 2usize..=6).prop_flat_map(|(h, w)| {
        proptest::collection::vec(prop_oneof![4 => Just('#'), 1 => Just('.')], h * w).prop_map(
            move |squares| {
                squares
                    .chunks(w)
                    .map(|row| row.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("\n")
            },
        )
    })
}

proptest! {
    #[test]
    fn random_boards_agree_with_the_layered_count(art in region()) {
        // Boards that make a model: some squares, an even number, each
        // next to another.
        let Ok(board) = Board::parse(&art) else { return Ok(()) };
        let Ok(model) = Polyomino::new(board, PieceSet::domino(), false) else {
            return Ok(());
        };
        let dimers = model.dimers().expect("dominoes");
        let answer = dimers.count(&Budget::new());
        prop_assert_eq!(answer.value, Some(layered(&model)), "\n{}", art);
    }
}

#[test]
fn frequencies_of_dominoes_against_every_tiling() {
    // Boards with holes: every tiling visited, the tilings through each
    // option counted.
    for art in [
        "######\n#.####\n######\n###..#\n####.#\n######",
        "#####\n#####\n##.##\n#####\n#####",
    ] {
        let board = Board::parse(art).expect("art");
        let model = Polyomino::new(board, PieceSet::domino(), false).expect("dominoes");
        let dimers = model.dimers().expect("dominoes");
        let found = dimers.frequencies(&Budget::new()).value.expect("finished");
        let mut through = vec![0u64; model.problem().n_options()];
        let mut total = 0u64;
        let mut solver = Solver::new(model.problem());
        while let Some(solution) = solver.next_solution().expect("no budget") {
            total += 1;
            for option in solution {
                through[option.index()] += 1;
            }
        }
        assert_eq!(found.total, Count::from(total));
        for (e, option) in dimers.options().iter().enumerate() {
            assert_eq!(
                found.through[e],
                Count::from(through[option.index()]),
                "{art}"
            );
        }
    }
}
