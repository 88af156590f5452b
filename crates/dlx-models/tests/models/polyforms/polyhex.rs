//! Polyhexes: the generated sets against OEIS, counts up to symmetry against an independent orbit count, art, pictures and errors.

use dlx_models::polyform::polyforms;
use dlx_models::polyhex::{
    Board, BoardError, Cell, Hexagonal, Motions, PieceError, PieceSet, Polyhex, Shape,
};

use super::{check, model, orbits, svg_elements, Map};

/// The 12 symmetries of the hexagonal lattice about the cell (0, 0),
/// written out on cube coordinates `(q, r, s)`: a sixth of a turn takes
/// `(q, r, s)` to `(-r, -s, -q)`, the mirror swaps `q` and `r`.
fn hex_maps() -> Vec<Map<Hexagonal>> {
    let mut maps: Vec<Map<Hexagonal>> = Vec::new();
    for mirror in [false, true] {
        for turns in 0..6 {
            maps.push(Box::new(move |c: Cell| {
                let (mut q, mut r, mut s) = (c.x, c.y, -c.x - c.y);
                if mirror {
                    (q, r) = (r, q);
                }
                for _ in 0..turns {
                    (q, r, s) = (-r, -s, -q);
                }
                let _ = s;
                Cell { x: q, y: r }
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
    }
}

/// OEIS A000228: free polyhexes of n cells; A006535: one-sided.
#[test]
fn polyhex_counts() {
    let counts: Vec<usize> = (1..=6)
        .map(|n| polyforms::<Hexagonal>(n, Motions::All).len())
        .collect();
    assert_eq!(counts, [1, 1, 3, 7, 22, 82]);
    let one_sided: Vec<usize> = (1..=5)
        .map(|n| polyforms::<Hexagonal>(n, Motions::Rotations).len())
        .collect();
    assert_eq!(one_sided, [1, 1, 3, 10, 33]);
    for (name, n) in [
        ("trihexes", 3),
        ("tetrahexes", 7),
        ("pentahexes", 22),
        ("dihex", 1),
    ] {
        assert_eq!(PieceSet::builtin(name).expect("known").len(), n, "{name}");
    }
    assert!(matches!(
        PieceSet::builtin("heptahexes"),
        Err(PieceError::UnknownSet { .. })
    ));
}

/// The 7 tetrahexes in parallelograms, and the counts up to symmetry
/// against an independent orbit count.
#[test]
fn tetrahexes_and_independent_orbits() {
    let maps = hex_maps();
    let cases: [(&str, &str, usize); 6] = [
        ("parallelogram:7x4", "tetrahexes", 2),
        ("hexagon:2", "T:\n# #\n #\n\nD*2:\n# #", 12),
        ("parallelogram:6x3", "trihexes*2", 2),
        ("rhombus:4", "dihex", 4),
        ("rhombus:3", "I:\n# # #\n\nT*2:\n# #\n #", 4),
        ("triangle:3", "I:\n# # #\n\nT:\n# #\n #", 6),
    ];
    for (board, pieces, group) in cases {
        let m: Polyhex = model(board, pieces.trim());
        let (all, distinct) = orbits(&m, &maps, offset, translate);
        check(&m, group, all, distinct, true);
        assert!(all > 0, "{board} {pieces}");
    }
}

#[test]
fn boards_by_name_and_in_art() {
    let hexagon = Board::parse("hexagon:2").expect("a hexagon");
    assert_eq!(hexagon.n_cells(), 7);
    assert_eq!(hexagon.to_art(), " # #\n# # #\n # #");
    let again = Board::parse(&hexagon.to_art()).expect("art");
    assert_eq!(again.to_art(), hexagon.to_art());
    assert_eq!(
        Shape::new(again.cells().iter().copied()),
        Shape::new(hexagon.cells().iter().copied())
    );
    assert_eq!(hexagon.symmetries().len(), 12);
    assert_eq!(Board::parse("hexagon:3").expect("a hexagon").n_cells(), 19);
    assert_eq!(
        Board::parse("triangle:4").expect("a triangle").n_cells(),
        10
    );
    assert_eq!(
        Board::parse("triangle:4")
            .expect("a triangle")
            .symmetries()
            .len(),
        6
    );
    assert_eq!(
        Board::parse("rhombus:4")
            .expect("a rhombus")
            .symmetries()
            .len(),
        4
    );
    let p = Board::parse("parallelogram:3x2").expect("a parallelogram");
    assert_eq!(p.to_art(), " # # #\n# # #");
    assert_eq!(p.symmetries().len(), 2);
    assert_eq!(
        Board::parse("##\n"),
        Err(BoardError::OffGrid {
            line: 1,
            column: 2,
            lattice: "hexagonal"
        })
    );
}

#[test]
fn pieces_drawn_and_read_back() {
    let set = PieceSet::builtin("pentahexes").expect("known");
    assert_eq!(PieceSet::parse(&set.to_text()).expect("read back"), set);
    assert!(matches!(
        PieceSet::parse("X:\n##"),
        Err(PieceError::OffGrid {
            line: 2,
            column: 2,
            ..
        })
    ));
}

/// The first packing of the 7x4 parallelogram by the tetrahexes, drawn as
/// text (read back as its pieces) and as hexagons.
#[test]
fn tetrahex_pictures() {
    let m: Polyhex = model("parallelogram:7x4", "tetrahexes");
    let packing = m.first().expect("a packing");
    let text = packing.to_string();
    insta::assert_snapshot!("tetrahexes_7x4_text", text);
    let pieces = PieceSet::parse(&text).expect("a picture of pieces");
    assert_eq!(pieces.len(), 7);
    let again = Polyhex::new(m.board().clone(), pieces, Motions::All).expect("valid");
    assert_eq!(again.count_all(), 18u64);
    let svg = packing.to_svg();
    assert_eq!(svg_elements(&svg, "polygon"), 28);
    assert_eq!(svg_elements(&svg, "text"), 7);
    insta::assert_snapshot!("tetrahexes_7x4_svg", svg);
}
