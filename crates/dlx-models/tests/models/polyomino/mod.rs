//! Tests of the polyomino model: counts against known answers and brute
//! force, symmetry, the memoised count; pieces, pictures, checks and
//! errors in `pieces`.

mod dimers;
mod knuth;
mod pieces;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::{verify, MemoSettings, Solver};
use dlx_models::polyomino::{
    free_polyominoes, Board, PieceSet, PlacedPiece, Polyomino, SetupError, Shape,
};

pub(crate) const SCOTT: &str = include_str!("../../../../../data/polyomino/8x8-centre-hole.txt");
pub(crate) const PICTURE: &str =
    include_str!("../../../../../data/polyomino/pentominoes-picture.txt");
pub(crate) const TETROMINOES_TWICE: &str =
    include_str!("../../../../../data/polyomino/tetrominoes-twice.txt");
/// The bundled Aztec diamond, and its order.
pub(crate) const AZTEC: &str = include_str!("../../../../../data/polyomino/aztec-15.txt");
pub(crate) const AZTEC_ORDER: usize = 15;

fn board(spec: &str) -> Board {
    if spec.contains(['#', '\n']) {
        Board::parse(spec).expect("valid board art")
    } else {
        Board::parse_size(spec).expect("valid board size")
    }
}

/// Enumerates every tiling, checking each solution with `verify` and each
/// decoded tiling with the puzzle's rules, then checks both counts.
#[track_caller]
fn check(board_spec: &str, pieces: PieceSet, all: u64, distinct: u64) {
    let board = board(board_spec);
    let model = Polyomino::new(board.clone(), pieces.clone(), false).expect("a valid puzzle");
    let problem = model.problem();
    let mut tilings = BTreeSet::new();
    let _ = Solver::new(problem).visit(|solution| {
        verify(problem, solution).expect("a valid exact cover");
        let tiling = model.decode(solution);
        tiling
            .check(&board, &pieces, false)
            .expect("a valid tiling");
        tilings.insert(key(tiling.placed()));
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(
        tilings.len() as u64,
        all,
        "distinct tilings seen on {board_spec}"
    );
    assert_eq!(model.count_all(), all, "count_all on {board_spec}");
    assert_eq!(
        model.count_distinct().expect("counts"),
        distinct,
        "count_distinct on {board_spec}"
    );
    let (counts, _) = model.count_by_symmetry().expect("counts");
    assert_eq!(
        (counts.all, counts.distinct),
        (all.into(), distinct.into()),
        "count_by_symmetry on {board_spec}"
    );
}

/// A tiling as a sorted list of (piece, cells): copies of a piece are not told apart.
fn key(placed: &[PlacedPiece]) -> Vec<(usize, Vec<(usize, usize)>)> {
    let mut key: Vec<_> = placed.iter().map(|p| (p.piece, p.cells.clone())).collect();
    key.sort();
    key
}

/// A map of grid points.
type GridMap = fn((i64, i64)) -> (i64, i64);

/// The 8 symmetries of the grid, written out independently of the library.
fn grid_maps() -> Vec<GridMap> {
    vec![
        |(r, c)| (r, c),
        |(r, c)| (c, -r),
        |(r, c)| (-r, -c),
        |(r, c)| (-c, r),
        |(r, c)| (r, -c),
        |(r, c)| (-c, -r),
        |(r, c)| (-r, c),
        |(r, c)| (c, r),
    ]
}

/// Maps cells, then translates them back to the origin of their bounding box.
fn map_cells(f: fn((i64, i64)) -> (i64, i64), cells: &[(usize, usize)]) -> Vec<(i64, i64)> {
    let points: Vec<_> = cells
        .iter()
        .map(|&(r, c)| f((r as i64, c as i64)))
        .collect();
    let min_r = points.iter().map(|p| p.0).min().unwrap_or(0);
    let min_c = points.iter().map(|p| p.1).min().unwrap_or(0);
    points
        .iter()
        .map(|&(r, c)| (r - min_r, c - min_c))
        .collect()
}

/// Brute force: all tilings, and their orbits under the board's symmetries
/// (each orbit named by its smallest member); for one-sided pieces (at
/// least one of them chiral), under the board's rotations only.
pub(crate) fn brute_force(board: &Board, pieces: &PieceSet, one_sided: bool) -> (u64, u64) {
    let model = Polyomino::new(board.clone(), pieces.clone(), one_sided).expect("a valid puzzle");
    let cells = board.cells();
    let board_set: BTreeSet<(i64, i64)> =
        cells.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
    let n_maps = if one_sided { 4 } else { 8 };
    let symmetries: Vec<_> = grid_maps()[..n_maps]
        .iter()
        .copied()
        .filter(|&f| map_cells(f, &cells).into_iter().collect::<BTreeSet<_>>() == board_set)
        .collect();
    assert_eq!(
        model.symmetries().len(),
        symmetries.len(),
        "the symmetry group"
    );
    let mut tilings = BTreeSet::new();
    let mut orbits = BTreeSet::new();
    let _ = Solver::new(model.problem()).visit(|solution| {
        let tiling = model.decode(solution);
        tiling
            .check(board, pieces, one_sided)
            .expect("a valid tiling");
        tilings.insert(key(tiling.placed()));
        let images = symmetries.iter().map(|&f| {
            let points: Vec<_> = cells
                .iter()
                .map(|&(r, c)| f((r as i64, c as i64)))
                .collect();
            let min_r = points.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = points.iter().map(|p| p.1).min().unwrap_or(0);
            let mut image: Vec<(usize, Vec<(i64, i64)>)> = tiling
                .placed()
                .iter()
                .map(|p| {
                    let mut cells: Vec<_> = p
                        .cells
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = f((r as i64, c as i64));
                            (r - min_r, c - min_c)
                        })
                        .collect();
                    cells.sort();
                    (p.piece, cells)
                })
                .collect();
            image.sort();
            image
        });
        orbits.insert(images.min().expect("the identity"));
        ControlFlow::<()>::Continue(())
    });
    (tilings.len() as u64, orbits.len() as u64)
}

pub(crate) fn art_pieces(text: &str) -> PieceSet {
    PieceSet::parse(text).expect("valid pieces")
}

#[test]
fn pentominoes_have_63_fixed_orientations() {
    let set = PieceSet::pentominoes();
    let per_piece: Vec<(String, usize)> = set
        .pieces()
        .iter()
        .map(|p| (p.name.clone(), p.shape.orientations(false).len()))
        .collect();
    let expected = [
        ("F", 8),
        ("I", 2),
        ("L", 8),
        ("N", 8),
        ("P", 8),
        ("T", 4),
        ("U", 4),
        ("V", 4),
        ("W", 4),
        ("X", 1),
        ("Y", 8),
        ("Z", 4),
    ];
    let expected: Vec<(String, usize)> = expected.iter().map(|&(n, k)| (n.to_owned(), k)).collect();
    assert_eq!(per_piece, expected);
    assert_eq!(per_piece.iter().map(|p| p.1).sum::<usize>(), 63);
    // One-sided: rotations only (the 12 shapes in 41 orientations).
    let one_sided: usize = set
        .pieces()
        .iter()
        .map(|p| p.shape.orientations(true).len())
        .sum();
    assert_eq!(one_sided, 41);
}

#[test]
fn free_polyomino_counts() {
    let counts: Vec<usize> = (1..=7).map(|n| free_polyominoes(n).len()).collect();
    assert_eq!(counts, [1, 1, 2, 5, 12, 35, 108]);
    assert_eq!(PieceSet::hexominoes().len(), 35);
    // The built-in sets are exactly the free forms of their size.
    for (set, n) in [
        (PieceSet::tetrominoes(), 4),
        (PieceSet::pentominoes(), 5),
        (PieceSet::hexominoes(), 6),
    ] {
        let builtin: BTreeSet<Shape> = set.pieces().iter().map(|p| p.shape.free_form()).collect();
        let grown: BTreeSet<Shape> = free_polyominoes(n).into_iter().collect();
        assert_eq!(builtin, grown, "size {n}");
        assert!(set.pieces().iter().all(|p| p.shape.is_connected()));
    }
    assert_eq!(PieceSet::tetrominoes().names(), ["I", "O", "T", "S", "L"]);
    assert_eq!(
        PieceSet::pentominoes().names(),
        ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]
    );
}

#[test]
fn hexominoes_listed() {
    let text: String = PieceSet::hexominoes()
        .pieces()
        .iter()
        .map(|p| format!("{} ({}):\n{}\n\n", p.name, p.symbol, p.shape.to_art()))
        .collect();
    insta::assert_snapshot!(text);
}

/// Knuth's counts for the 60-cell boards ("Dancing Links", 2000); 5x12 and
/// 6x10 are in the benches (seconds each); 6x10 up to symmetry is here.
#[test]
fn pentomino_known_counts() {
    check("20x3", PieceSet::pentominoes(), 8, 2);
    check("15x4", PieceSet::pentominoes(), 1472, 368);
    check(SCOTT, PieceSet::pentominoes(), 520, 65);
}

/// All and up to symmetry from one search, with the X pentomino restricted to one placement per
/// orbit: on 6x10 no X placement is symmetric; on 5x12 those on the middle
/// row are fixed by the up-down flip, the case counted by canonical forms.
#[test]
fn pentominoes_distinct_6x10_and_5x12() {
    for (spec, all, distinct) in [("10x6", 9356u64, 2339u64), ("12x5", 4040, 1010)] {
        let model = Polyomino::new(board(spec), PieceSet::pentominoes(), false).expect("valid");
        assert_eq!(model.symmetries().len(), 4);
        let (counts, _) = model.count_by_symmetry().expect("counts");
        assert_eq!(
            (counts.all, counts.distinct),
            (all.into(), distinct.into()),
            "{spec}"
        );
    }
}

#[test]
fn width_and_height_are_read_in_that_order() {
    let b = board("10x6");
    assert_eq!((b.width(), b.height(), b.n_cells()), (10, 6, 60));
    let b = board("6x10");
    assert_eq!((b.width(), b.height()), (6, 10));
}

#[test]
fn tetrominoes_cannot_tile_4x5() {
    let model = Polyomino::new(board("5x4"), PieceSet::tetrominoes(), false).expect("valid");
    assert_eq!(model.count_all(), 0u64);
    assert_eq!(model.count_distinct().expect("counts"), 0u64);
    assert!(model.first().is_none());
}

/// Boards whose tilings include symmetric ones, against brute-force orbit counting.
#[test]
fn distinct_counts_match_brute_force_orbits() {
    let cases: &[(&str, &str, u64, u64)] = &[
        // Two dominoes on a 2x2 square: 2 tilings, both symmetric, one orbit.
        ("2x2", "D*2:\n##", 2, 1),
        // Dominoes on 4x4 (36 tilings, Kasteleyn).
        ("4x4", "D*8:\n##", 36, 0),
        // A monomino once (the restricted piece; its centre placement has
        // the full group as stabilizer) and four dominoes on 3x3.
        ("3x3", "M:\n#\n\nD*4:\n##", 0, 0),
        // The X pentomino once and ten dominoes on 5x5.
        ("5x5", "X:\n.#.\n###\n.#.\n\nD*10:\n##", 0, 0),
        // Two kinds with copies: 4 dominoes and 2 squares on 4x4.
        ("4x4", "D*4:\n##\n\nO*2:\n##\n##", 0, 0),
        // L trominoes on 3x4 and straight trominoes on 3x3.
        ("4x3", "L*4:\n#.\n##", 0, 0),
        ("3x3", "I*3:\n###", 2, 1),
        // Tetrominoes, squares and dominoes on a 32-cell plus sign.
        (
            "..####..\n..####..\n########\n########\n..####..\n..####..",
            "T:\n###\n.#.\n\nL:\n#.\n#.\n##\n\nS:\n.##\n##.\n\nD*4:\n##\n\nO*3:\n##\n##",
            0,
            0,
        ),
    ];
    for (spec, pieces, all, distinct) in cases {
        let b = board(spec);
        let pieces = art_pieces(pieces);
        let (bf_all, bf_distinct) = brute_force(&b, &pieces, false);
        if *all > 0 {
            assert_eq!(bf_all, *all, "brute force all on {spec}");
        }
        if *distinct > 0 {
            assert_eq!(bf_distinct, *distinct, "brute force distinct on {spec}");
        }
        let model = Polyomino::new(b, pieces, false).expect("valid");
        assert_eq!(model.count_all(), bf_all, "count_all on {spec}");
        let mut visited = BTreeSet::new();
        let _ = model.visit_tilings(|tiling| {
            assert!(
                visited.insert(key(tiling.placed())),
                "a tiling twice on {spec}"
            );
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(visited.len() as u64, bf_all, "visit_tilings on {spec}");
        assert_eq!(
            model.count_distinct().expect("counts"),
            bf_distinct,
            "count_distinct on {spec}"
        );
        let (counts, _) = model.count_by_symmetry().expect("counts");
        assert_eq!(
            (counts.all, counts.distinct),
            (bf_all.into(), bf_distinct.into()),
            "count_by_symmetry on {spec}"
        );
    }
}

#[test]
fn board_symmetry_groups() {
    assert_eq!(board("10x6").symmetries().len(), 4);
    assert_eq!(board("5x5").symmetries().len(), 8);
    assert_eq!(board(SCOTT).symmetries().len(), 8);
    // An L-shaped board: only its diagonal reflection and the identity.
    assert_eq!(board("#.\n##").symmetries().len(), 2);
    // A skew board: the identity and the half turn.
    assert_eq!(board("##.\n.##").symmetries().len(), 2);
    assert_eq!(board("###\n#..").symmetries().len(), 1);
}

#[test]
fn a_lone_domino_fills_the_board_and_counts_its_tilings() {
    // OEIS A004003 (the 2n x 2n boards) and OEIS A099390 (the m x n table);
    // the rectangles agree with Kasteleyn's formula (see dlx-core's tests).
    let known: [(&str, u128); 15] = [
        ("2x2", 2),
        ("4x4", 36),
        ("6x6", 6728),
        ("8x8", 12988816),
        ("10x10", 258584046368),
        ("12x12", 53060477521960000),
        ("3x2", 3),
        ("4x3", 11),
        ("5x4", 95),
        ("6x5", 1183),
        ("7x6", 31529),
        ("8x7", 1292697),
        ("9x8", 108435745),
        ("6x13", 536948224),
        ("30x8", 12457255314954679645007780869),
    ];
    for (spec, count) in known {
        let model = Polyomino::new(board(spec), PieceSet::domino(), false).expect("fills");
        assert_eq!(model.solutions_per_tiling(), 1);
        assert_eq!(
            model.count_all_memoised(&MemoSettings::new()),
            Ok(dlx_core::Count::from(count)),
            "{spec}"
        );
    }
    // Small boards also by enumeration, every tiling checked.
    for (spec, count) in [("4x4", 36u64), ("5x4", 95), ("6x5", 1183)] {
        let model = Polyomino::new(board(spec), PieceSet::domino(), false).expect("fills");
        assert_eq!(model.count_all(), count);
        let problem = model.problem();
        let _ = Solver::new(problem).visit(|solution| {
            verify(problem, solution).expect("a valid exact cover");
            let tiling = model.decode(solution);
            assert_eq!(tiling.placed().len(), model.board().n_cells() / 2);
            ControlFlow::<()>::Continue(())
        });
    }
}

#[test]
fn a_lone_piece_that_cannot_fill_the_board_is_an_area_mismatch() {
    let err = Polyomino::new(board("3x3"), PieceSet::domino(), false).unwrap_err();
    assert_eq!(
        err,
        SetupError::AreaMismatch {
            pieces: 2,
            board: 9
        }
    );
    // With a count given, the piece is used exactly that many times.
    let err = Polyomino::new(board("4x4"), PieceSet::domino().times(3), false).unwrap_err();
    assert_eq!(
        err,
        SetupError::AreaMismatch {
            pieces: 6,
            board: 16
        }
    );
    assert_eq!(PieceSet::builtin("dominoes"), Ok(PieceSet::domino()));
}

#[test]
fn the_memoised_count_of_pentominoes_on_3x20() {
    // Knuth, "Dancing Links" (2000): 8 tilings of the 3 x 20 board.
    let model = Polyomino::new(board("20x3"), PieceSet::pentominoes(), false).expect("valid");
    assert_eq!(
        model.count_all_memoised(&MemoSettings::new()),
        Ok(dlx_core::Count::from(8u64))
    );
    // Two pieces with two copies each: each tiling is counted once.
    let pieces = PieceSet::tetrominoes()
        .select(&["I", "O"])
        .unwrap()
        .times(2);
    let model = Polyomino::new(board("4x4"), pieces, false).expect("valid");
    assert_eq!(model.solutions_per_tiling(), 2);
    let all = model.count_all();
    assert!(!all.is_zero());
    assert_eq!(model.count_all_memoised(&MemoSettings::new()), Ok(all));
}
