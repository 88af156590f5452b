//! Tests of the polyomino model.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::{verify, Solver};
use dlx_models::polyomino::{
    free_polyominoes, split_count, Board, BoardError, PieceError, PieceSet, PlacedPiece, Polyomino,
    SetupError, Shape, Tiling, TilingError,
};

const SCOTT: &str = include_str!("../../../../data/polyomino/8x8-centre-hole.txt");
const PICTURE: &str = include_str!("../../../../data/polyomino/pentominoes-picture.txt");
const TETROMINOES_TWICE: &str = include_str!("../../../../data/polyomino/tetrominoes-twice.txt");

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
        (all, distinct),
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
fn brute_force(board: &Board, pieces: &PieceSet, one_sided: bool) -> (u64, u64) {
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

fn art_pieces(text: &str) -> PieceSet {
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
    for (spec, all, distinct) in [("10x6", 9356, 2339), ("12x5", 4040, 1010)] {
        let model = Polyomino::new(board(spec), PieceSet::pentominoes(), false).expect("valid");
        assert_eq!(model.symmetries().len(), 4);
        let (counts, _) = model.count_by_symmetry().expect("counts");
        assert_eq!((counts.all, counts.distinct), (all, distinct), "{spec}");
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
    assert_eq!(model.count_all(), 0);
    assert_eq!(model.count_distinct().expect("counts"), 0);
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
            (bf_all, bf_distinct),
            "count_by_symmetry on {spec}"
        );
    }
}

#[test]
fn pieces_with_counts_from_a_file() {
    let pieces = art_pieces(TETROMINOES_TWICE);
    assert_eq!(pieces.names(), ["I", "O", "T", "S", "L"]);
    assert!(pieces.pieces().iter().all(|p| p.count == 2));
    assert_eq!(pieces.area(), 40);
    let b = board("8x5");
    let model = Polyomino::new(b.clone(), pieces.clone(), false).expect("valid");
    let tiling = model.first().expect("5x8 has tilings");
    tiling.check(&b, &pieces, false).expect("a valid tiling");
    let (all, distinct) = brute_force(&b, &pieces, false);
    assert_eq!(model.count_all(), all);
    assert_eq!(model.count_distinct().expect("counts"), distinct);
}

#[test]
fn pieces_from_a_picture() {
    // A 3x20 tiling pasted in as pieces: each letter one piece.
    let model = Polyomino::new(board("20x3"), PieceSet::pentominoes(), false).expect("valid");
    let picture = model.first().expect("a tiling").to_string();
    let pieces = art_pieces(&picture);
    assert_eq!(pieces.len(), 12);
    let mut names = pieces.names();
    names.sort_unstable();
    assert_eq!(
        names,
        ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]
    );
    let again = Polyomino::new(board("20x3"), pieces, false).expect("valid");
    assert_eq!(again.count_all(), 8);
    // The bundled picture is the pentomino set.
    let drawn = art_pieces(PICTURE);
    let drawn: BTreeSet<Shape> = drawn.pieces().iter().map(|p| p.shape.free_form()).collect();
    let builtin: BTreeSet<Shape> = PieceSet::pentominoes()
        .pieces()
        .iter()
        .map(|p| p.shape.free_form())
        .collect();
    assert_eq!(drawn, builtin);
    // Windows line ends are fine.
    let crlf = art_pieces(&TETROMINOES_TWICE.replace('\n', "\r\n"));
    assert_eq!(crlf, art_pieces(TETROMINOES_TWICE));
    assert_eq!(
        Board::parse(&SCOTT.replace('\n', "\r\n")),
        Board::parse(SCOTT)
    );
    // `#` pieces without a header are numbered; a set name takes `*k`.
    let numbered = art_pieces("##\n\n| a comment\n#\n#\n\n#");
    assert_eq!(numbered.names(), ["1", "2", "3"]);
    assert_eq!(
        PieceSet::builtin("Tetrominoes")
            .expect("known")
            .times(2)
            .area(),
        40
    );
}

#[test]
fn one_sided_pieces() {
    // The L tromino is symmetric under a diagonal reflection, so its
    // one-sided placements are all of its placements and the group stays whole.
    let pieces = art_pieces("L*4:\n#.\n##");
    let model = Polyomino::new(board("4x3"), pieces.clone(), true).expect("valid");
    assert_eq!(model.symmetries().len(), 4);
    // Chiral pieces, one-sided, on a square: the rotations only, against brute force.
    // (L tetrominoes on 4x4: 3 one-sided tilings, 2 up to rotation, one of them the pinwheel.)
    for (spec, art, expected) in [
        ("4x4", "L*4:\n#.\n#.\n##", (3, 2)),
        ("4x4", "L*2:\n#.\n#.\n##\n\nO*2:\n##\n##", (4, 1)),
        ("5x5", "F:\n.##\n##.\n.#.\n\nL*5:\n#.\n#.\n##", (0, 0)),
    ] {
        let chiral = art_pieces(art);
        let (all, distinct) = brute_force(&board(spec), &chiral, true);
        assert_eq!((all, distinct), expected, "{art}");
        let model = Polyomino::new(board(spec), chiral, true).expect("valid");
        assert_eq!(model.symmetries().len(), 4, "{art}");
        assert_eq!(model.count_all(), all, "{art}");
        assert_eq!(model.count_distinct().expect("counts"), distinct, "{art}");
        let (counts, _) = model.count_by_symmetry().expect("counts");
        assert_eq!((counts.all, counts.distinct), (all, distinct), "{art}");
    }
    let b = board("4x3");
    let mut n = 0;
    let _ = Solver::new(model.problem()).visit(|solution| {
        model
            .decode(solution)
            .check(&b, &pieces, true)
            .expect("valid one-sided");
        n += 1;
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(model.count_all(), n);
    let free = Polyomino::new(board("4x3"), pieces, false).expect("valid");
    assert_eq!(free.count_all(), model.count_all());
    // The pentominoes one-sided on 3x20: a subset of the free tilings.
    // The chiral pentominoes keep only the rotations of the board.
    let one = Polyomino::new(board("20x3"), PieceSet::pentominoes(), true).expect("valid");
    assert_eq!(one.symmetries().len(), 2);
    assert!(one.count_all() <= 8);
}

#[test]
fn rendered_tilings() {
    for (name, spec) in [
        ("pentomino_10x6", "10x6"),
        ("pentomino_20x3", "20x3"),
        ("pentomino_scott", SCOTT),
    ] {
        let b = board(spec);
        let model = Polyomino::new(b.clone(), PieceSet::pentominoes(), false).expect("valid");
        let tiling = model.first().expect("a tiling");
        tiling
            .check(&b, model.pieces(), false)
            .expect("a valid tiling");
        insta::assert_snapshot!(format!("{name}_text"), tiling.to_string());
        if name != "pentomino_10x6" {
            insta::assert_snapshot!(format!("{name}_svg"), tiling.to_svg());
        }
    }
}

#[test]
fn checker_rejects_bad_tilings() {
    let b = board("20x3");
    let pieces = PieceSet::pentominoes();
    let model = Polyomino::new(b.clone(), pieces.clone(), false).expect("valid");
    let tiling = model.first().expect("a tiling");
    let mut placed = tiling.placed().to_vec();
    // Swap the names of two pieces with different shapes.
    let (a, z) = (placed[0].piece, placed[1].piece);
    placed[0].piece = z;
    placed[1].piece = a;
    let bad = Tiling::new(&b, &pieces, placed.clone());
    assert!(matches!(
        bad.check(&b, &pieces, false),
        Err(TilingError::WrongShape { .. })
    ));
    // Drop a piece.
    let short = Tiling::new(&b, &pieces, tiling.placed()[1..].to_vec());
    assert!(matches!(
        short.check(&b, &pieces, false),
        Err(TilingError::NotCovered { .. })
    ));
    // Put one piece down twice.
    let mut twice = tiling.placed().to_vec();
    twice.push(twice[0].clone());
    let twice = Tiling::new(&b, &pieces, twice);
    assert!(matches!(
        twice.check(&b, &pieces, false),
        Err(TilingError::CoveredTwice { .. })
    ));
}

/// Found while writing the `polyomino_pieces` fuzz target (which then
/// panicked on it): the area multiplied a piece's size by its count with a
/// plain `*`, so `A*9223372036854775808` (a domino) wrapped to 0 cells and a
/// 2x1 board with two monominoes reported 1 tiling. Counts beyond the
/// largest board are refused, and the area cannot wrap.
#[test]
fn piece_counts_beyond_any_board_are_refused() {
    assert_eq!(
        PieceSet::parse("A*9223372036854775808:\n##\n\nB*2:\n#\n").unwrap_err().to_string(),
        "line 1: `A*9223372036854775808:` is not a piece header (`NAME:` or `NAME*K:`, NAME of letters, digits, `_` or `-`, K a number from 1 to 65536)"
    );
    assert_eq!(
        split_count("I*18446744073709551615")
            .unwrap_err()
            .to_string(),
        "`I*18446744073709551615` is not a valid multiplicity (a number from 1 to 65536 after `*`)"
    );
    assert_eq!(split_count("I*65536").unwrap(), ("I", 65536));
    // Through the API a count may still be huge: the area saturates, and no board matches it.
    let mut pieces = PieceSet::parse("A:\n##\n\nB*2:\n#\n").unwrap();
    pieces.set_count("A", 1 << 63).unwrap();
    assert_eq!(pieces.area(), usize::MAX);
    assert_eq!(pieces.clone().times(usize::MAX).area(), usize::MAX);
    assert!(matches!(
        Polyomino::new(Board::rectangle(2, 1).unwrap(), pieces, false),
        Err(SetupError::AreaMismatch { .. })
    ));
}

#[test]
fn errors() {
    let msg = |e: &dyn std::error::Error| e.to_string();
    assert_eq!(
        msg(&PieceSet::builtin("heptominoes").unwrap_err()),
        "unknown piece set `heptominoes` (known: pentominoes, tetrominoes, hexominoes)"
    );
    assert_eq!(
        msg(&PieceSet::pentominoes().set_count("Q", 2).unwrap_err()),
        "unknown piece `Q` (known: F I L N P T U V W X Y Z)"
    );
    assert_eq!(
        PieceSet::parse("##\n#?").unwrap_err(),
        PieceError::BadChar {
            line: 2,
            column: 2,
            found: '?'
        }
    );
    assert_eq!(
        msg(&PieceSet::parse("big piece:\n##").unwrap_err()),
        "line 1: `big piece:` is not a piece header (`NAME:` or `NAME*K:`, NAME of letters, digits, `_` or `-`, K a number from 1 to 65536)"
    );
    assert_eq!(
        msg(&PieceSet::parse("A*0:\n##").unwrap_err()),
        "line 1: `A*0:` is not a piece header (`NAME:` or `NAME*K:`, NAME of letters, digits, `_` or `-`, K a number from 1 to 65536)"
    );
    assert_eq!(
        msg(&PieceSet::parse("A:\n##\n\nA:\n#").unwrap_err()),
        "piece `A` is defined twice"
    );
    assert_eq!(
        msg(&PieceSet::parse("| nothing\n\n").unwrap_err()),
        "no pieces"
    );
    assert_eq!(
        msg(&Board::parse_size("6by10").unwrap_err()),
        "`6by10` is not a board size (expected WIDTHxHEIGHT, for example 10x6)"
    );
    assert!(matches!(
        Board::parse_size("0x5"),
        Err(BoardError::BadSize { .. })
    ));
    assert!(matches!(
        Board::parse_size("1000x1000"),
        Err(BoardError::TooLarge { .. })
    ));
    assert_eq!(
        Board::parse("####\n##o#\n#-##").unwrap_err(),
        BoardError::BadChar {
            line: 3,
            column: 2,
            found: '-'
        }
    );
    assert_eq!(
        msg(&Board::parse("...\n. .").unwrap_err()),
        "the board has no cells"
    );
    let err = Polyomino::new(board("5x5"), PieceSet::pentominoes(), false).unwrap_err();
    assert_eq!(
        msg(&err),
        "the pieces cover 60 cells (counting copies) but the board has 25 cells"
    );
    // 59 cells of a 10x6 rectangle and one cell two rows below: area 60, but
    // no piece reaches the lone cell.
    let lone = "##########\n##########\n##########\n##########\n##########\n#########.\n\n#";
    let err = Polyomino::new(board(lone), PieceSet::pentominoes(), false).unwrap_err();
    assert_eq!(err, SetupError::CellUncovered { row: 8, column: 1 });
    assert_eq!(
        msg(&err),
        "no piece fits on the board cell at row 8, column 1"
    );
    let err = Polyomino::new(
        board("3x3"),
        art_pieces("I:\n#####\n\nL:\n#.\n#.\n##"),
        false,
    )
    .unwrap_err();
    assert_eq!(msg(&err), "piece `I` fits nowhere on the board");
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
