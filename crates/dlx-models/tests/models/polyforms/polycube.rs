//! Polycubes: the Soma cube and the solid pentominoes against their known counts, the generated sets against OEIS, Knuth's `polycube-dlx` input and its options, art, pictures and errors.

use std::collections::BTreeMap;

use dlx_core::MemoSettings;

use dlx_models::polycube::{
    Board, BoardError, Cell, Cubic, KnuthError, KnuthSpec, Motions, PieceError, PieceSet, Polycube,
    SetupError, Shape,
};
use dlx_models::polyform::{polyforms, Lattice};

use super::{check, model, orbits, svg_elements, Map};

/// The 48 symmetries of the cube, written out: each permutation of the
/// axes with each choice of signs.
fn cube_maps() -> Vec<Map<Cubic>> {
    let mut maps: Vec<Map<Cubic>> = Vec::new();
    for perm in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        for signs in 0..8 {
            maps.push(Box::new(move |c: Cell| {
                let v = [c.x, c.y, c.z];
                let w: Vec<i32> = (0..3)
                    .map(|k| {
                        if signs >> k & 1 == 1 {
                            -v[perm[k]]
                        } else {
                            v[perm[k]]
                        }
                    })
                    .collect();
                Cell {
                    x: w[0],
                    y: w[1],
                    z: w[2],
                }
            }));
        }
    }
    maps
}

fn offset(c: Cell) -> [i32; 3] {
    [c.x, c.y, c.z]
}

fn translate(c: Cell, by: [i32; 3]) -> Cell {
    Cell {
        x: c.x + by[0],
        y: c.y + by[1],
        z: c.z + by[2],
    }
}

/// The Soma cube: 11,520 packings of the 3x3x3 box by the seven pieces, 240
/// up to the cube's 48 symmetries (Conway and Guy; Berlekamp, Conway and
/// Guy, "Winning Ways", chapter 24).
#[test]
fn soma_cube() {
    let soma: Polycube = model("3x3x3", "soma");
    check(&soma, 48, 11_520, 240, true);
    assert_eq!(soma.pieces().names(), ["V", "L", "T", "Z", "A", "B", "P"]);
    assert!(soma.pieces().is_mirror_closed());
}

/// The 12 solid pentominoes in boxes: 12 packings of 2x3x10, 264 of 2x5x6,
/// up to the box's 8 symmetries (the pieces are achiral, so every
/// reflection counts); 3,940 of 3x4x5 is in the test below.
#[test]
fn solid_pentominoes_in_thin_boxes() {
    check(
        &model::<Cubic>("2x3x10", "planar-pentacubes"),
        8,
        96,
        12,
        true,
    );
    check(
        &model::<Cubic>("2x5x6", "planar-pentacubes"),
        8,
        2_112,
        264,
        false,
    );
}

/// 3,940 packings of the 3x4x5 box up to symmetry (Knuth, TAOCP 7.2.2.1).
#[test]
fn solid_pentominoes_in_3x4x5() {
    check(
        &model::<Cubic>("3x4x5", "planar-pentacubes"),
        8,
        31_520,
        3_940,
        false,
    );
}

/// The counts up to symmetry against an independent orbit count on small
/// boxes, with mirror pairs and chiral sets among the pieces.
#[test]
fn distinct_counts_match_independent_orbits() {
    let cases: [(&str, &str, usize); 5] = [
        // A chiral set: the screw A twice, no B, in the 3x3x3 box; only rotations count.
        ("3x3x3", "V:\n##\n#.\n\nL:\n###\n#..\n\nT:\n###\n.#.\n\nZ:\n.##\n##.\n\nA*2:\n##\n.#\n\n..\n.#\n\nP:\n##\n#.\n\n#.\n..", 24),
        // The mirror pair A and B with V trominoes and a dicube in a 2x2x4 box.
        ("2x2x4", "A:\n##\n.#\n\n..\n.#\n\nB:\n##\n#.\n\n..\n#.\n\nV*2:\n##\n#.\n\nD:\n##", 16),
        // The tetracubes' screws and branch with copies, in a 2x3x4 box.
        ("2x3x4", "A*2:\n##\n.#\n\n..\n.#\n\nB*2:\n##\n#.\n\n..\n#.\n\nP*2:\n##\n#.\n\n#.\n..", 8),
        // The cube's full group with V trominoes only (no piece to restrict).
        ("2x2x3", "V*4:\n##\n#.", 16),
        // Soma with the V piece left out and a cube's corner cut off.
        ("###\n###\n###\n\n###\n###\n###\n\n###\n###\n##.", "L:\n###\n#..\n\nT:\n###\n.#.\n\nZ:\n.##\n##.\n\nA:\n##\n.#\n\n..\n.#\n\nB:\n##\n#.\n\n..\n#.\n\nP:\n##\n#.\n\n#.\n..\n\nD:\n##", 6),
    ];
    let maps = cube_maps();
    for (board, pieces, group) in cases {
        let m: Polycube = model(board, pieces);
        let (all, distinct) = orbits(&m, &maps, offset, translate);
        check(&m, group, all, distinct, true);
        assert!(distinct > 0, "{board} has packings");
    }
}

/// Options per piece as Knuth's `polycube-dlx` writes them (built from
/// `polycube-dlx.w` of ascherer/cwebtest, cf98784): the same base
/// placements (24 rotations at most) and translations.
#[test]
fn options_per_piece_as_polycube_dlx_writes_them() {
    let count = |m: &Polycube| -> BTreeMap<String, usize> {
        let mut n = BTreeMap::new();
        for p in m.placements() {
            *n.entry(m.pieces().pieces()[p.piece].name.clone())
                .or_default() += 1;
        }
        n
    };
    let soma = KnuthSpec::parse(SOMA_KNUTH).expect("Knuth's form");
    let m =
        Polycube::new(soma.board, soma.pieces.expect("pieces"), Motions::Rotations).expect("valid");
    let expected = [
        ("A", 96),
        ("B", 96),
        ("L", 144),
        ("P", 64),
        ("T", 72),
        ("V", 144),
        ("Z", 72),
    ];
    assert_eq!(
        count(&m),
        expected.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
    );
    assert_eq!(m.count_all(), 11_520u64);
    let pent = KnuthSpec::parse(PENTOMINOES_256).expect("Knuth's form");
    let m =
        Polycube::new(pent.board, pent.pieces.expect("pieces"), Motions::Rotations).expect("valid");
    let expected = [
        ("F", 192),
        ("I", 32),
        ("L", 284),
        ("N", 284),
        ("P", 400),
        ("T", 96),
        ("U", 200),
        ("V", 96),
        ("W", 96),
        ("X", 24),
        ("Y", 284),
        ("Z", 96),
    ];
    assert_eq!(
        count(&m),
        expected.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
    );
}

const SOMA_KNUTH: &str = "| the Soma cube
[0-2][0-2][0-2]
V 000 100 010
L 000 100 200 010
T 000 100 200 110
Z 100 200 010 110
A 000 100 110 111
B 100 000 010 011
P 000 100 010 001
";

const PENTOMINOES_256: &str = "[0-1][0-4][0-5]
F 100 200 010 110 120
I 000 010 020 030 040
L 000 010 020 030 130
N 000 100 110 210 310
P 000 100 010 110 020
T 000 100 200 110 120
U 000 200 010 110 210
V 000 010 020 120 220
W 000 010 110 120 220
X 100 010 110 210 120
Y 100 010 110 210 310
Z 000 100 110 120 220
";

/// OEIS A000162: polycubes of n cubes up to rotation.
#[test]
fn polycube_counts() {
    let counts: Vec<usize> = (1..=7)
        .map(|n| polyforms::<Cubic>(n, Motions::Rotations).len())
        .collect();
    assert_eq!(counts, [1, 1, 2, 8, 29, 166, 1023]);
    // Up to rotation and reflection: OEIS A038119.
    let free: Vec<usize> = (1..=6)
        .map(|n| polyforms::<Cubic>(n, Motions::All).len())
        .collect();
    assert_eq!(free, [1, 1, 2, 7, 23, 112]);
}

#[test]
fn built_in_sets() {
    let tetracubes = PieceSet::builtin("tetracubes").expect("known");
    assert_eq!(tetracubes.names(), ["I", "O", "T", "S", "L", "A", "B", "P"]);
    assert!(tetracubes.is_mirror_closed());
    let pentacubes = PieceSet::builtin("pentacubes").expect("known");
    assert_eq!(pentacubes.len(), 29);
    assert_eq!(pentacubes.area(), 145);
    assert!(pentacubes.is_mirror_closed());
    let achiral = pentacubes
        .pieces()
        .iter()
        .filter(|p| p.shape.is_achiral())
        .count();
    // The 12 planar ones, 5 achiral others and 6 mirror pairs.
    assert_eq!(achiral, 17);
    assert_eq!(
        pentacubes.names()[..12],
        ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]
    );
    let planar = PieceSet::builtin("planar-pentacubes").expect("known");
    assert!(planar
        .pieces()
        .iter()
        .all(|p| p.shape.cells().iter().all(|c| c.z == 0)));
    assert_eq!(PieceSet::builtin("polycubes:6").expect("known").len(), 166);
    assert_eq!(PieceSet::builtin("Soma*2").expect("known").area(), 54);
    // A chiral set: the screw A without its mirror image B.
    let chiral = PieceSet::builtin("soma")
        .expect("known")
        .select(&["V", "L", "T", "Z", "A*2", "P"])
        .expect("known pieces");
    assert!(!chiral.is_mirror_closed());
    assert!(matches!(
        PieceSet::builtin("hexacubes"),
        Err(PieceError::UnknownSet { .. })
    ));
}

#[test]
fn boards_in_layers() {
    let art = "| a 3 x 2 x 2 box with a notch\n###\n###\n\n\n##.\n###\n";
    let board = Board::parse(art).expect("art");
    assert_eq!(board.n_cells(), 11);
    assert!(!board.contains(Cell { x: 2, y: 0, z: 1 }));
    assert_eq!(board.to_art(), "###\n###\n\n##\n###");
    assert_eq!(Board::parse(&board.to_art()), Ok(board));
    assert_eq!(Board::parse("2x3x4").expect("a box").n_cells(), 24);
    assert_eq!(Board::parse("3x3x3").expect("a box").symmetries().len(), 48);
    assert_eq!(Board::parse("2x2x3").expect("a box").symmetries().len(), 16);
    assert_eq!(Board::parse("2x3x4").expect("a box").symmetries().len(), 8);
    for bad in ["3x3", "3x0x3", "axbxc", "2x2x2x2"] {
        assert!(
            matches!(Board::parse(bad), Err(BoardError::BadSpec { .. })),
            "{bad}"
        );
    }
    assert_eq!(
        Board::parse("##\n#?"),
        Err(BoardError::BadChar {
            line: 2,
            column: 2,
            found: '?'
        })
    );
}

#[test]
fn pieces_in_layers() {
    let pieces =
        PieceSet::parse("| the branch\nP:\n##\n#.\n\n#.\n..\n\nI*2:\n###\n").expect("pieces");
    assert_eq!(pieces.names(), ["P", "I"]);
    assert_eq!(pieces.pieces()[0].shape.len(), 4);
    assert_eq!(pieces.pieces()[1].count, 2);
    let again = PieceSet::parse(&pieces.to_text()).expect("read back");
    assert_eq!(again, pieces);
    // A picture: each letter one piece, across the layers.
    let picture = PieceSet::parse("AAB\nACB\n\nDDB\nDCC").expect("a picture");
    assert_eq!(picture.names(), ["A", "B", "C", "D"]);
    assert_eq!(picture.area(), 12);
    assert!(matches!(
        PieceSet::parse("X*0:\n#"),
        Err(PieceError::BadHeader { line: 1, .. })
    ));
    assert_eq!(
        PieceSet::parse("X:\n\nY:\n#"),
        Err(PieceError::EmptyPiece {
            line: 1,
            name: "X".to_owned()
        })
    );
}

#[test]
fn setup_errors() {
    let board = Board::parse("2x2x2").expect("a box");
    let err = Polycube::new(
        board.clone(),
        PieceSet::builtin("soma").expect("soma"),
        Motions::Rotations,
    )
    .unwrap_err();
    assert_eq!(
        err,
        SetupError::AreaMismatch {
            pieces: 27,
            board: 8
        }
    );
    let long = PieceSet::parse("I*2:\n####").expect("pieces");
    assert_eq!(
        Polycube::new(board, long, Motions::Rotations).unwrap_err(),
        SetupError::PieceFitsNowhere {
            name: "I".to_owned()
        }
    );
}

#[test]
fn knuth_errors() {
    assert_eq!(
        KnuthSpec::parse("| only a comment\n"),
        Err(KnuthError::NoBoard)
    );
    assert!(matches!(
        KnuthSpec::parse("[0-2][0-2]0x\n"),
        Err(KnuthError::Syntax {
            line: 1,
            column: 12,
            ..
        })
    ));
    assert!(matches!(
        KnuthSpec::parse("[0-1]00\nI 000 100\nI 000 010\n"),
        Err(KnuthError::PieceTwice {
            line: 3,
            first: 2,
            ..
        })
    ));
    assert!(matches!(
        KnuthSpec::parse("[0-1]00\n0*I 000 100\n"),
        Err(KnuthError::Syntax {
            line: 2,
            column: 1,
            ..
        })
    ));
    let spec = KnuthSpec::parse("[1-2]3[4-5]\n2*D 000 100\n").expect("valid");
    assert!(spec.board.contains(Cell { x: 1, y: 3, z: 4 }));
    assert_eq!(spec.pieces.expect("a piece").pieces()[0].count, 2);
}

/// Dicubes fill the 2x2xn boxes in 2, 9, 32, 121, ... ways (OEIS A006253,
/// the perfect matchings of the 4-cycle times a path: a(n) = 3a(n-1) +
/// 3a(n-2) - a(n-3)); the thin boxes are counted layer by layer by the
/// memoised count far beyond enumeration.
#[test]
fn dicubes_in_thin_boxes() {
    let mut a: Vec<u128> = vec![1, 2, 9];
    while a.len() <= 40 {
        let n = a.len();
        a.push(3 * a[n - 1] + 3 * a[n - 2] - a[n - 3]);
    }
    for n in [1usize, 2, 3, 4, 10, 40] {
        let m: Polycube = model(&format!("2x2x{n}"), "polycubes:2");
        assert_eq!(
            m.count_all_memoised(&MemoSettings::new()),
            Ok(a[n].into()),
            "2x2x{n}"
        );
        if n <= 4 {
            assert_eq!(m.count_all(), a[n]);
        }
    }
}

#[test]
fn the_lone_piece_fills_the_box() {
    // Dicubes in a 2x2x2 box: 9 ways.
    let m: Polycube = model("2x2x2", "polycubes:2");
    assert_eq!(m.count_all(), 9u64);
    let shape = Shape::new([Cell { x: 0, y: 0, z: 0 }]);
    assert_eq!(shape.orientations(Motions::Rotations).len(), 1);
    assert_eq!(Cubic::SYMMETRIES, 48);
}

/// The first Soma packing: text with its layers side by side, the stacked
/// form read back as pieces, and both pictures.
#[test]
fn soma_pictures() {
    let soma: Polycube = model("3x3x3", "soma");
    let packing = soma.first().expect("a packing");
    insta::assert_snapshot!("soma_text", packing.to_string());
    let pieces = PieceSet::parse(&packing.to_stacked_text()).expect("a picture of pieces");
    assert_eq!(pieces.len(), 7);
    let again = Polycube::new(soma.board().clone(), pieces, Motions::Rotations).expect("valid");
    assert_eq!(again.count_all(), 11_520u64);
    let iso = packing.to_svg();
    // The three faces of the box in view, 9 squares each, the side ones shaded.
    assert_eq!(svg_elements(&iso, "polygon"), 27 + 18);
    insta::assert_snapshot!("soma_isometric_svg", iso);
    let layers = packing.to_svg_layers();
    assert_eq!(svg_elements(&layers, "rect"), 1 + 27);
    assert_eq!(svg_elements(&layers, "text"), 3 + 27);
    insta::assert_snapshot!("soma_layers_svg", layers);
}
