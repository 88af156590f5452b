//! Tests of the polyomino model: pieces read from files and pictures, rendered tilings, the checker, and the errors.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::Solver;
use dlx_models::polyomino::{
    split_count, Board, BoardError, PieceError, PieceSet, Polyomino, SetupError, Shape, Tiling,
    TilingError,
};

use super::{
    art_pieces, board, brute_force, AZTEC, AZTEC_ORDER, PICTURE, SCOTT, TETROMINOES_TWICE,
};

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
    assert_eq!(again.count_all(), 8u64);
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
        assert_eq!(
            (counts.all, counts.distinct),
            (all.into(), distinct.into()),
            "{art}"
        );
    }
    let b = board("4x3");
    let mut n = 0u64;
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
    assert!(one.count_all() <= 8u64);
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
        "unknown piece set `heptominoes` (known: pentominoes, tetrominoes, hexominoes, domino)"
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

/// The Aztec diamond of order `n` in board art: rows of 2, 4, ..., 2n, 2n,
/// ..., 4, 2 cells, centred.
fn aztec(n: usize) -> String {
    let row = |i: usize| {
        let side = ".".repeat(n - 1 - i);
        format!("{side}{}{side}\n", "#".repeat(2 * (i + 1)))
    };
    (0..n).chain((0..n).rev()).map(row).collect()
}

/// The letter a domino's cells are drawn with, worked out from its cells
/// alone: `a` horizontal, `b` vertical, uppercase when its top-left cell is
/// on an odd square.
fn domino_letter(cells: &[(usize, usize)]) -> char {
    let (r, c) = cells[0];
    let letter = if cells[1] == (r, c + 1) { 'a' } else { 'b' };
    if (r + c) % 2 == 1 {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}

/// The fill colors of an SVG picture's filled paths, in order.
fn path_fills(svg: &str) -> Vec<&str> {
    svg.lines()
        .filter(|line| line.starts_with("<path "))
        .filter_map(|line| line.split("fill=\"").nth(1)?.split('"').next())
        .filter(|&fill| fill != "none")
        .collect()
}

#[test]
fn domino_tilings_are_drawn_by_orientation_and_parity() {
    // As in the pictures of Jockusch, Propp and Shor ("Random domino
    // tilings and the arctic circle theorem", 1998): four classes of
    // dominoes, by orientation and by the color of the square under their
    // top-left cell. The Aztec diamond of order 2 has 2^3 = 8 tilings.
    let b = board(&aztec(2));
    let model = Polyomino::new(b.clone(), PieceSet::domino(), false).expect("valid");
    let mut texts = Vec::new();
    let mut colors = std::collections::BTreeMap::new();
    let _ = model.visit_tilings(|tiling| {
        tiling
            .check(&b, model.pieces(), false)
            .expect("a valid tiling");
        let text = tiling.to_string();
        let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let svg = tiling.to_svg();
        let fills = path_fills(&svg);
        assert_eq!(fills.len(), tiling.placed().len(), "one path per domino");
        assert!(!svg.contains("<text"), "no labels: {svg}");
        for (placed, fill) in tiling.placed().iter().zip(fills) {
            let letter = domino_letter(&placed.cells);
            for &(r, c) in &placed.cells {
                assert_eq!(grid[r][c], letter, "{text}");
            }
            let known = colors.entry(letter).or_insert(fill.to_owned());
            assert_eq!(known, fill, "one color per class");
        }
        texts.push(text);
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(texts.len(), 8);
    let distinct: BTreeSet<&String> = colors.values().collect();
    assert_eq!(
        (colors.len(), distinct.len()),
        (4, 4),
        "four classes, four colors"
    );
    insta::assert_snapshot!("aztec_2_dominoes_text", texts.join("\n"));
    let first = model.first().expect("a tiling");
    insta::assert_snapshot!("aztec_2_dominoes_svg", first.to_svg());
}

#[test]
fn tilings_by_copies_of_one_piece_are_drawn_by_orientation_and_parity() {
    // Any single piece: its orientations in the order of
    // `Shape::orientations` (the straight tromino horizontal, then
    // vertical), the first cell's parity in the case.
    let b = board("3x3");
    let pieces = art_pieces("I*3:\n###\n");
    let model = Polyomino::new(b, pieces, false).expect("valid");
    let mut texts = BTreeSet::new();
    let _ = model.visit_tilings(|tiling| {
        texts.insert(tiling.to_string());
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(
        texts,
        BTreeSet::from(["aaa\nAAA\naaa\n".to_owned(), "bBb\nbBb\nbBb\n".to_owned()])
    );
    // Two pieces of one shape keep their names, symbols and colors.
    let b = board("2x2");
    let model = Polyomino::new(b, art_pieces("x:\n##\n\ny:\n##\n"), false).expect("valid");
    let tiling = model.first().expect("a tiling");
    let text = tiling.to_string();
    assert!(text.contains('x') && text.contains('y'), "{text}");
    assert_eq!(tiling.to_svg().matches("<text").count(), 2);
}

#[test]
fn the_bundled_aztec_diamond_is_the_aztec_diamond() {
    // Its board file, comments aside, against the diamond drawn here; its
    // count is checked by `cargo xtask pictures`, which draws it.
    let bundled: String = AZTEC
        .lines()
        .filter(|line| !line.starts_with('|'))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(bundled, aztec(AZTEC_ORDER));
    assert_eq!(board(AZTEC).n_cells(), 2 * AZTEC_ORDER * (AZTEC_ORDER + 1));
    // The small orders' counts, 2^(n(n+1)/2) (Elkies, Kuperberg, Larsen and Propp, 1992).
    for n in 1..=5 {
        let model = Polyomino::new(board(&aztec(n)), PieceSet::domino(), false).expect("valid");
        assert_eq!(model.count_all(), 1u64 << (n * (n + 1) / 2), "order {n}");
    }
}
