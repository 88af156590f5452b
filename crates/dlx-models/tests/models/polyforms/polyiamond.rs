//! Polyiamonds: the hexiamonds against their known counts, the generated sets against OEIS, lozenge tilings, Knuth's `polyiamond-dlx` input and its options, art, pictures and errors.

use std::collections::BTreeMap;

use dlx_core::MemoSettings;
use dlx_models::polyform::polyforms;
use dlx_models::polyiamond::{
    diamond, Board, BoardError, Cell, KnuthError, KnuthSpec, Motions, PieceSet, Polyiamond, Shape,
    Triangular,
};

use super::{check, model, orbits, svg_elements, Map};

/// The corners of a triangle, in axial coordinates of the lattice's points.
fn corners(c: Cell) -> [(i32, i32); 3] {
    let (x, y) = (c.x, c.y);
    if c.down {
        [(x + 1, y), (x + 1, y + 1), (x, y + 1)]
    } else {
        [(x, y), (x + 1, y), (x, y + 1)]
    }
}

/// The triangle with these corners: two on its lowest row for an up one.
fn from_corners(points: [(i32, i32); 3]) -> Cell {
    let low = points.iter().map(|p| p.1).min().expect("three corners");
    let bottom: Vec<i32> = points.iter().filter(|p| p.1 == low).map(|p| p.0).collect();
    match bottom[..] {
        [a, b] => Cell {
            x: a.min(b),
            y: low,
            down: false,
        },
        _ => Cell {
            x: bottom[0] - 1,
            y: low,
            down: true,
        },
    }
}

/// The 12 symmetries of the triangular lattice about the point (0, 0),
/// written out on cube coordinates `(q, r, s)` of the corners: a sixth of a
/// turn takes `(q, r, s)` to `(-r, -s, -q)`, the mirror swaps `q` and `r`.
fn triangle_maps() -> Vec<Map<Triangular>> {
    let mut maps: Vec<Map<Triangular>> = Vec::new();
    for mirror in [false, true] {
        for turns in 0..6 {
            maps.push(Box::new(move |c: Cell| {
                let moved = corners(c).map(|(q, r)| {
                    let (mut q, mut r, mut s) = (q, r, -q - r);
                    if mirror {
                        (q, r) = (r, q);
                    }
                    for _ in 0..turns {
                        (q, r, s) = (-r, -s, -q);
                    }
                    let _ = s;
                    (q, r)
                });
                from_corners(moved)
            }));
        }
    }
    maps
}

fn offset(c: Cell) -> [i32; 3] {
    [c.x, c.y, 0]
}

fn translate(c: Cell, by: [i32; 3]) -> Cell {
    Cell {
        x: c.x + by[0],
        y: c.y + by[1],
        ..c
    }
}

/// The 12 hexiamonds: 156 packings of the 6x6 rhombus up to its 4
/// symmetries, 74 of the 4x9 parallelogram up to its 2, none of 3x12
/// (the counts quoted in issue 35, from the hexiamond literature since
/// O'Beirne's New Scientist puzzles of 1961).
#[test]
fn hexiamonds_in_parallelograms() {
    check(
        &model::<Triangular>("rhombus:6", "hexiamonds"),
        4,
        624,
        156,
        false,
    );
    check(
        &model::<Triangular>("parallelogram:4x9", "hexiamonds"),
        2,
        148,
        74,
        true,
    );
    check(
        &model::<Triangular>("parallelogram:3x12", "hexiamonds"),
        2,
        0,
        0,
        true,
    );
}

/// OEIS A000577: free polyiamonds of n triangles.
#[test]
fn polyiamond_counts() {
    let counts: Vec<usize> = (1..=9)
        .map(|n| polyforms::<Triangular>(n, Motions::All).len())
        .collect();
    assert_eq!(counts, [1, 1, 1, 3, 4, 12, 24, 66, 160]);
    // One-sided: OEIS A006534.
    let one_sided: Vec<usize> = (1..=7)
        .map(|n| polyforms::<Triangular>(n, Motions::Rotations).len())
        .collect();
    assert_eq!(one_sided, [1, 1, 1, 4, 6, 19, 43]);
    for (name, n) in [
        ("triamonds", 1),
        ("tetriamonds", 3),
        ("pentiamonds", 4),
        ("hexiamonds", 12),
        ("heptiamonds", 24),
        ("octiamonds", 66),
    ] {
        let set = PieceSet::builtin(name).expect("known");
        assert_eq!(set.len(), n, "{name}");
        assert!(set.pieces().iter().all(|p| p.shape.is_connected()));
    }
    // Two hexiamonds (the sphinx and the signpost) have four triangles of
    // one kind and two of the other; the ten others three and three.
    let hexiamonds = PieceSet::builtin("hexiamonds").expect("known");
    let unbalanced = hexiamonds
        .pieces()
        .iter()
        .filter(|p| p.shape.cells().iter().filter(|c| c.down).count() != 3)
        .count();
    assert_eq!(unbalanced, 2);
}

/// The lozenge tilings of the hexagon of side n, MacMahon's plane
/// partitions in an n x n x n box (OEIS A008793): 2, 20, 980, 232848,
/// 267227532.
#[test]
fn diamonds_tile_hexagons_as_macmahon_counted() {
    let expected: [u64; 5] = [2, 20, 980, 232_848, 267_227_532];
    for (n, &count) in (1..=5).zip(&expected) {
        let board = Board::parse(&format!("hexagon:{n}")).expect("a hexagon");
        assert_eq!(board.n_cells(), 6 * n * n);
        let m = Polyiamond::new(board, diamond(), Motions::All).expect("fills");
        assert_eq!(m.pieces().pieces()[0].count, 3 * n * n);
        assert_eq!(
            m.count_all_memoised(&MemoSettings::new()),
            Ok(count.into()),
            "hexagon {n}"
        );
        if n <= 3 {
            assert_eq!(m.count_all(), count);
        }
    }
    // The geometry a determinant count needs: each cell's coordinates and kind.
    let board = Board::parse("hexagon:2").expect("a hexagon");
    let ups = board.cells().iter().filter(|c| !c.down).count();
    assert_eq!(ups, 12);
}

/// The counts up to symmetry against an independent orbit count.
#[test]
fn distinct_counts_match_independent_orbits() {
    let maps = triangle_maps();
    let cases: [(&str, &str, usize); 4] = [
        ("hexagon:1", "diamond", 12),
        ("hexagon:2", "diamond", 12),
        ("triangle:3", "I*3:\n###", 6),
        ("rhombus:3", "I*3:\n######", 4),
    ];
    for (board, pieces, group) in cases {
        let m: Polyiamond = model(board, pieces);
        let (all, distinct) = orbits(&m, &maps, offset, translate);
        check(&m, group, all, distinct, true);
        assert!(all > 0, "{board} {pieces}");
    }
}

/// Options per piece as Knuth's `polyiamond-dlx` writes them (built from
/// `polyiamond-dlx.w` of ascherer/cwebtest, cf98784): the same 12 base
/// placements at most, and translations.
#[test]
fn options_per_piece_as_polyiamond_dlx_writes_them() {
    let spec = KnuthSpec::parse(HEXIAMONDS_KNUTH).expect("Knuth's form");
    assert_eq!(spec.board.n_cells(), 72);
    let m = Polyiamond::new(spec.board, spec.pieces.expect("pieces"), Motions::All).expect("valid");
    let mut n: BTreeMap<String, usize> = BTreeMap::new();
    for p in m.placements() {
        *n.entry(m.pieces().pieces()[p.piece].name.clone())
            .or_default() += 1;
    }
    let expected: BTreeMap<String, usize> = KNUTH_OPTIONS
        .iter()
        .map(|&(k, v)| (k.to_owned(), v))
        .collect();
    assert_eq!(n, expected);
    assert_eq!(m.count_by_symmetry().0.distinct, 156u64);
}

#[test]
fn boards_by_name_and_in_art() {
    let hexagon = Board::parse("hexagon:2").expect("a hexagon");
    assert_eq!(hexagon.to_art(), " #####\n#######\n#######\n #####");
    let again = Board::parse(&hexagon.to_art()).expect("art");
    assert_eq!(again.to_art(), hexagon.to_art());
    assert_eq!(
        Shape::new(again.cells().iter().copied()),
        Shape::new(hexagon.cells().iter().copied())
    );
    assert_eq!(hexagon.symmetries().len(), 12);
    assert_eq!(Board::parse("triangle:3").expect("a triangle").n_cells(), 9);
    assert_eq!(
        Board::parse("triangle:3")
            .expect("a triangle")
            .symmetries()
            .len(),
        6
    );
    assert_eq!(
        Board::parse("rhombus:6")
            .expect("a rhombus")
            .symmetries()
            .len(),
        4
    );
    assert_eq!(
        Board::parse("parallelogram:4x9")
            .expect("a parallelogram")
            .n_cells(),
        72
    );
    let rhombus = Board::parse("parallelogram:2x2").expect("a rhombus");
    assert_eq!(rhombus.to_art(), " ####\n####");
    for bad in ["hexagon", "hexagon:0", "square:3", "parallelogram:3", "3x4"] {
        assert!(
            matches!(Board::parse(bad), Err(BoardError::BadSpec { .. })),
            "{bad}"
        );
    }
}

#[test]
fn pieces_drawn_and_read_back() {
    let set = PieceSet::builtin("hexiamonds").expect("known");
    let again = PieceSet::parse(&set.to_text()).expect("read back");
    assert_eq!(again, set);
    // The straight triamond drawn as three triangles on one line.
    let pieces = PieceSet::parse("T:\n###\n").expect("a piece");
    let shape = &pieces.pieces()[0].shape;
    assert_eq!(shape.cells().iter().filter(|c| c.down).count(), 2);
}

#[test]
fn knuth_errors() {
    assert!(matches!(
        KnuthSpec::parse("[0-1][0-1]!\n"),
        Err(KnuthError::Syntax {
            line: 1,
            column: 11,
            ..
        })
    ));
    let spec = KnuthSpec::parse("[0-1]0 [0-1]0'\n2*D 00 00'\n").expect("valid");
    assert_eq!(spec.pieces.expect("a piece").pieces()[0].count, 2);
    assert!(matches!(
        KnuthSpec::parse("00 00'\nx|D 00 00'\n"),
        Err(KnuthError::Syntax { line: 2, .. })
    ));
}

const HEXIAMONDS_KNUTH: &str = include_str!("hexiamonds-6x6.txt");

/// The options per piece of `polyiamond-dlx` on `hexiamonds-6x6.txt`.
const KNUTH_OPTIONS: [(&str, usize); 12] = [
    ("h1", 108),
    ("h2", 224),
    ("h3", 130),
    ("h4", 260),
    ("h5", 260),
    ("h6", 110),
    ("h7", 224),
    ("h8", 112),
    ("h9", 224),
    ("h10", 25),
    ("h11", 112),
    ("h12", 56),
];

/// The first packing of the 4x9 parallelogram by the hexiamonds, drawn as
/// text (read back as its pieces, one a letter) and as triangles.
#[test]
fn hexiamond_pictures() {
    let m: Polyiamond = model("parallelogram:4x9", "hexiamonds");
    let packing = m.first().expect("a packing");
    let text = packing.to_string();
    insta::assert_snapshot!("hexiamonds_4x9_text", text);
    let pieces = PieceSet::parse(&text).expect("a picture of pieces");
    assert_eq!(pieces.len(), 12);
    let again = Polyiamond::new(m.board().clone(), pieces, Motions::All).expect("valid");
    assert_eq!(again.count_by_symmetry().0.distinct, 74u64);
    let svg = packing.to_svg();
    assert_eq!(svg_elements(&svg, "polygon"), 72);
    assert_eq!(svg_elements(&svg, "text"), 12);
    insta::assert_snapshot!("hexiamonds_4x9_svg", svg);
}

/// A lozenge tiling of the hexagon of side 3, drawn by the orientation of
/// each lozenge: three letters in text, three colors in the picture (the
/// stacked cubes of a plane partition), no labels.
#[test]
fn lozenge_pictures() {
    let m: Polyiamond = model("hexagon:3", "diamond");
    let packing = m.first().expect("a tiling");
    let text = packing.to_string();
    let letters: std::collections::BTreeSet<char> =
        text.chars().filter(char::is_ascii_alphabetic).collect();
    assert_eq!(letters.into_iter().collect::<String>(), "abc");
    insta::assert_snapshot!("lozenges_hexagon_3_text", text);
    let svg = packing.to_svg();
    assert_eq!(svg_elements(&svg, "polygon"), 0);
    assert_eq!(svg_elements(&svg, "path"), 27 + 1);
    assert_eq!(svg_elements(&svg, "text"), 0);
    insta::assert_snapshot!("lozenges_hexagon_3_svg", svg);
}

/// Issue 36: a region of triangles carries its lozenges' Kasteleyn matrix,
/// holes of odd and even size included, so the count's rule counts it by
/// the determinant; it agrees with the layered count on every region here,
/// and the side-30 hexagon gives MacMahon's number (the goal's board).
#[test]
fn issue_36_lozenges_counted_by_the_determinant_with_holes() {
    use dlx_core::{count_solutions, Budget, CountMode, MemoSettings, Method};
    // Holes: a lone up triangle and a lone down one (two holes of odd
    // size), and, in a larger hexagon, a lozenge-shaped hole (even).
    let holes = |spec: &str, picks: &[(usize, bool)]| -> Board {
        let board = Board::parse(spec).expect("a board");
        let cells: Vec<Cell> = board.cells().to_vec();
        let mut drop = Vec::new();
        for &(from, down) in picks {
            let i = (from * cells.len() / 10..cells.len())
                .find(|&i| cells[i].down == down && !drop.contains(&i))
                .expect("a cell");
            drop.push(i);
        }
        Board::new(
            cells
                .iter()
                .enumerate()
                .filter(|(i, _)| !drop.contains(i))
                .map(|(_, &c)| c),
        )
        .expect("a region")
    };
    let regions = [
        ("hexagon:4", Board::parse("hexagon:4").expect("a board")),
        (
            "parallelogram:6x6",
            Board::parse("parallelogram:6x6").expect("a board"),
        ),
        (
            "hexagon:4, two odd holes",
            holes("hexagon:4", &[(3, false), (6, true)]),
        ),
        (
            "hexagon:5, two odd holes",
            holes("hexagon:5", &[(4, true), (5, false)]),
        ),
        (
            "hexagon:5, four odd holes",
            holes("hexagon:5", &[(2, true), (4, false), (6, true), (7, false)]),
        ),
    ];
    for (spec, board) in regions {
        let Ok(model) = Polyiamond::new(board, diamond(), Motions::All) else {
            continue;
        };
        assert!(model.problem().matchings().is_some(), "{spec}");
        let budget = Budget::new();
        let auto = count_solutions(
            model.problem(),
            &MemoSettings::new(),
            CountMode::Auto,
            &budget,
        )
        .expect("counted");
        let layered = count_solutions(
            model.problem(),
            &MemoSettings::new(),
            CountMode::Memo,
            &budget,
        )
        .expect("counted");
        assert_eq!(auto.count, layered.count, "{spec}");
        assert!(
            auto.count.as_ref().is_some_and(|c| !c.is_zero()),
            "{spec}: tilings"
        );
        assert!(
            auto.method == Method::Dimers || auto.method == Method::Plain,
            "{spec}: {auto:?}"
        );
    }
    let model = Polyiamond::new(
        Board::parse("hexagon:30").expect("a board"),
        diamond(),
        Motions::All,
    )
    .expect("fills");
    let counted = count_solutions(
        model.problem(),
        &MemoSettings::new(),
        CountMode::Auto,
        &Budget::new(),
    )
    .expect("counted");
    assert_eq!(counted.method, Method::Dimers);
    assert_eq!(counted.count, Some(macmahon(30, 30, 30)));
}

/// MacMahon's number of plane partitions in an `a x b x c` box: the product
/// over `i <= a, j <= b, k <= c` of `(i + j + k - 1) / (i + j + k - 2)`,
/// computed exactly as a product of factorial ratios.
fn macmahon(a: u32, b: u32, c: u32) -> dlx_core::Count {
    use dlx_core::BigUint;
    // prod_{i=1}^{a} prod_{j=1}^{b} (i + j + c - 1)! (i + j - 2)! / ((i + j - 1)! (i + j + c - 2)!)
    // = prod_{i,j} (i + j + c - 1) / (i + j - 1), exactly.
    let (mut num, mut den) = (BigUint::from(1u32), BigUint::from(1u32));
    for i in 1..=a {
        for j in 1..=b {
            num *= BigUint::from(i + j + c - 1);
            den *= BigUint::from(i + j - 1);
        }
    }
    dlx_core::Count::from(num / den)
}
