//! Tests of the sudoku model: shapes, reading grids, rendering them, and parse errors.

use dlx_core::verify;
use dlx_models::sudoku::{
    check, find_clash, generate_grid, parse, Alphabet, Encoding, Grid, ParseError, Puzzle, Shape,
    ShapeError, Unit, Variant,
};

use super::{check_puzzle, grid, NINE, SIXTEEN, SIXTEEN_SOLUTION};

#[test]
fn shapes_for_sizes() {
    for (size, shape) in [
        (4, "2x2"),
        (6, "2x3"),
        (8, "2x4"),
        (9, "3x3"),
        (10, "2x5"),
        (12, "3x4"),
        (16, "4x4"),
        (20, "4x5"),
        (25, "5x5"),
        (36, "6x6"),
        (49, "7x7"),
        (64, "8x8"),
    ] {
        assert_eq!(Shape::for_size(size).unwrap().to_string(), shape);
    }
    assert_eq!(Shape::for_size(7), Err(ShapeError::NoBoxShape { size: 7 }));
    assert!(matches!(
        Shape::for_size(81),
        Err(ShapeError::BadSize { size: 81, .. })
    ));
    assert_eq!("3x4".parse::<Shape>().unwrap().size(), 12);
    assert_eq!(
        "3by4".parse::<Shape>().unwrap_err().to_string(),
        "`3by4` is not a box shape; write rows x columns, for example `3x3` or `2x3`"
    );
    assert_eq!(
        Shape::for_size(7).unwrap_err().to_string(),
        "a 7x7 grid has no box shape other than 1x7; give the box shape explicitly"
    );
}

#[test]
fn rectangular_and_large_boxes() {
    // Every shape from 2x2 to 8x8 boxes, square and not, fills to a valid grid.
    for shape in [
        "2x2", "2x3", "3x2", "2x4", "3x3", "3x4", "4x4", "4x5", "5x5",
    ] {
        let shape: Shape = shape.parse().unwrap();
        let grid = generate_grid(shape, Variant::Plain, 1).expect("a grid");
        check(&grid, &Grid::empty(shape), Variant::Plain).unwrap();
        let solved = Grid::empty(shape).solve(Variant::Plain).unwrap().unwrap();
        check(&solved, &Grid::empty(shape), Variant::Plain).unwrap();
    }
    // The first solution of the empty 36x36 and 49x49 grids.
    for size in [36, 49] {
        let shape = Shape::for_size(size).unwrap();
        let solved = Grid::empty(shape).solve(Variant::Plain).unwrap().unwrap();
        check(&solved, &Grid::empty(shape), Variant::Plain).unwrap();
    }
    // 64x64 (every bit of the digit masks): a pattern grid with one cell of
    // every three blanked is solved back, by the lean and the presolved encodings.
    let shape = Shape::for_size(64).unwrap();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let cells: Vec<u8> = (0..64 * 64)
        .map(|i| {
            let (r, c) = (i / 64, i % 64);
            if i % 3 == 0 {
                0
            } else {
                (((r % br) * bc + r / br + c) % 64 + 1) as u8
            }
        })
        .collect();
    let puzzle = Grid::from_cells(shape, cells).unwrap();
    let solved = puzzle.solve(Variant::Plain).unwrap().unwrap();
    check(&solved, &puzzle, Variant::Plain).unwrap();
    let encoding = Encoding::new(&puzzle, Variant::Plain).unwrap();
    let solution = encoding.solver().first().value.unwrap();
    verify(encoding.problem(), &solution).unwrap();
    check(&encoding.decode(&solution), &puzzle, Variant::Plain).unwrap();
    // 6x6 with 2x3 boxes: one given, count a few.
    let six = grid("1...................................");
    assert_eq!(six.shape().to_string(), "2x3");
    let (count, _) = check_puzzle(&six, Variant::Plain, 500);
    assert_eq!(count, 500);
}

#[test]
fn parse_forms() {
    let text = "\
# Comments, blank lines, one-line and multi-line grids, all in one text.
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
400000805030000000000700000020000060000080400000010000000603070500200000104000000

1 . . | 4
. 4 1 | .
-----+---
. 1 4 | .
4 . . | 1
12.4
....
----
....
..3.
";
    let puzzles: Vec<Puzzle> = parse(text, None).collect::<Result<_, _>>().unwrap();
    let summary: Vec<(usize, usize, Alphabet)> = puzzles
        .iter()
        .map(|p| (p.line(), p.grid().size(), p.alphabet()))
        .collect();
    assert_eq!(
        summary,
        [
            (2, 9, Alphabet::Digits),
            (3, 9, Alphabet::Digits),
            (5, 4, Alphabet::Numbers),
            (10, 4, Alphabet::Digits),
        ]
    );
    assert_eq!(puzzles[0].grid(), puzzles[1].grid());
    assert_eq!(
        puzzles[3].grid().to_line(Alphabet::Digits),
        "12.4..........3."
    );
    assert_eq!(
        puzzles[2].grid().to_line(Alphabet::Numbers),
        "1..4.41..14.4..1"
    );
}

#[test]
fn sixteen_by_sixteen_alphabets() {
    let numbers = grid(SIXTEEN);
    let digits = Puzzle::parse_one(&numbers.to_line(Alphabet::Digits), None).unwrap();
    let letters = Puzzle::parse_one(&numbers.to_line(Alphabet::Letters), None).unwrap();
    assert_eq!(digits.alphabet(), Alphabet::Digits);
    assert_eq!(letters.alphabet(), Alphabet::Letters);
    assert_eq!(digits.grid(), &numbers);
    assert_eq!(letters.grid(), &numbers);
    // 1-9A-G and A-P spell 16 as G and P.
    let solution = grid(SIXTEEN_SOLUTION);
    assert!(solution.to_line(Alphabet::Digits).contains('G'));
    assert!(solution.to_line(Alphabet::Letters).contains('P'));
    // A multi-line 16x16 grid in letters, with box lines.
    let rendered = numbers.render(Alphabet::Letters);
    assert_eq!(grid(&rendered), numbers);
    // Lower case reads too.
    assert_eq!(
        grid(&numbers.to_line(Alphabet::Letters).to_lowercase()),
        numbers
    );
}

/// Found by the `sudoku` fuzz target: a grid whose first row is blank,
/// rendered with box lines (`. . | . .`), took its alphabet from that row
/// alone (numbers), so the letters below it were refused or misread.
#[test]
fn a_rendered_grid_with_a_blank_first_row_reads_back() {
    for (text, alphabet) in [
        ("....A...........", Alphabet::Letters),
        ("....2...........", Alphabet::Digits),
        ("....2...........", Alphabet::Numbers),
    ] {
        let puzzle = grid(text);
        let rendered = puzzle.render(alphabet);
        let again =
            Puzzle::parse_one(&rendered, None).unwrap_or_else(|e| panic!("{e}:\n{rendered}"));
        assert_eq!(again.grid(), &puzzle, "{alphabet:?}:\n{rendered}");
    }
    // The same puzzle reads the same whether or not its first row is blank:
    // a 16x16 grid with only `A` and blanks is in letters (A = 1) either way.
    let shape = Shape::for_size(16).unwrap();
    for cell in [16, 0] {
        let mut cells = vec![0; 256];
        cells[cell] = 1;
        let puzzle = Grid::from_cells(shape, cells).unwrap();
        let rendered = puzzle.render(Alphabet::Letters);
        let again =
            Puzzle::parse_one(&rendered, None).unwrap_or_else(|e| panic!("{e}:\n{rendered}"));
        assert_eq!(again.alphabet(), Alphabet::Letters, "{rendered}");
        assert_eq!(again.grid(), &puzzle, "{rendered}");
    }
}

/// Found while writing the `sudoku` fuzz target (which then panicked on
/// it): `4294967296x4294967296` multiplied to 0 in a release build, so
/// `--box` accepted a shape it printed as `0x0`; a debug build panicked.
#[test]
fn box_sides_whose_product_overflows_are_refused() {
    assert_eq!(
        "4294967296x4294967296".parse::<Shape>(),
        Err(ShapeError::BoxTooLarge {
            box_rows: 1 << 32,
            box_cols: 1 << 32,
            max: 64
        })
    );
    assert_eq!(
        Shape::new(usize::MAX, 2).unwrap_err().to_string(),
        "boxes of 18446744073709551615x2 would make a grid far beyond the largest size, 64"
    );
    assert!(matches!(
        Shape::new(1 << 32, 1),
        Err(ShapeError::BadSize {
            size: 4294967296,
            max: 64
        })
    ));
}

#[test]
fn renders() {
    let nine = grid(NINE.lines().next().unwrap());
    let solved = nine.solve(Variant::Plain).unwrap().unwrap();
    insta::assert_snapshot!("render_9x9_puzzle", nine.render(Alphabet::Digits));
    insta::assert_snapshot!("render_9x9_solution", solved.render(Alphabet::Digits));
    let sixteen = grid(SIXTEEN_SOLUTION);
    insta::assert_snapshot!("render_16x16_digits", sixteen.render(Alphabet::Digits));
    insta::assert_snapshot!("render_16x16_numbers", sixteen.render(Alphabet::Numbers));
    let six = Grid::empty("2x3".parse().unwrap())
        .solve(Variant::Plain)
        .unwrap()
        .unwrap();
    insta::assert_snapshot!("render_6x6", six.render(Alphabet::Digits));
    // Every rendering reads back to the same grid.
    for (g, alphabet) in [
        (&nine, Alphabet::Digits),
        (&solved, Alphabet::Digits),
        (&sixteen, Alphabet::Digits),
        (&sixteen, Alphabet::Numbers),
        (&six, Alphabet::Digits),
    ] {
        assert_eq!(&grid(&g.render(alphabet)), g);
        assert_eq!(&grid(&g.to_line(alphabet)), g);
    }
}

/// Parses a text expected to fail and returns the message of its first error.
#[track_caller]
fn parse_error(text: &str) -> String {
    let err = parse(text, None).find_map(Result::err).expect("an error");
    err.to_string()
}

#[test]
fn parse_errors() {
    for (text, message) in [
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....",
            "line 1: 80 cells, but a one-line puzzle needs size x size cells (81 for 9x9, 256 for 16x16) and a row of a grid 4 to 64 cells",
        ),
        (
            "\n\n4.....8.5.3..........7......2..x..6.....8.4......1.......6.3.7.5..2.....1.4......",
            "line 3: r4c5 holds `x`, which is not a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank)",
        ),
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....A",
            "line 1: r9c9 holds `A`, which is not a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank)",
        ),
        (
            "7...7............................................................................",
            "line 1: r1c1 and r1c5 both hold 7",
        ),
        (
            "5.........5......................................................................",
            "line 1: r1c1 and r2c2 both hold 5",
        ),
        (
            "1 2 3 4\n3 4 1 2\n\n",
            "line 1: the grid that starts here has 2 of its 4 rows",
        ),
        (
            "1 2 3 4\n3 4 1 2\n2 1 4\n",
            "line 3: 3 cells, but row 3 of the grid at line 1 needs 4",
        ),
        (
            "1 2 3 4\n3 4 1 2\n2 1 4 5\n4 3 2 1\n",
            "line 3: r3c4 holds `5`, which is not a digit of a 4x4 grid (numbers from 1, `0` or `.` for a blank)",
        ),
        (
            "1 2 3 4 5 6 7\n",
            "line 1: 7 cells, but a one-line puzzle needs size x size cells (81 for 9x9, 256 for 16x16) and a row of a grid 4 to 64 cells",
        ),
    ] {
        assert_eq!(parse_error(text), message, "{text}");
    }
    // A clash is never "no solution", in the parser or in the encoder.
    assert!(matches!(
        parse(&"7...7....".repeat(9), None).next(),
        Some(Err(ParseError::Clash { .. }))
    ));
    // After an error, reading goes on with the next puzzle.
    let results: Vec<_> = parse("1234\n....\n....\n....\n\n12.4..........3.\n", None).collect();
    assert_eq!(results.len(), 2);
    assert!(results[1].is_ok());
    // A fixed shape settles the size.
    let shape = "2x2".parse().unwrap();
    let err = parse("12.4..........3.x\n", Some(shape))
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: 17 cells, but boxes 2x2 need 16 for a one-line puzzle or 4 for a row"
    );
    assert!(matches!(
        Puzzle::parse_one("", None),
        Err(ParseError::Empty)
    ));
}

#[test]
fn diagonal_clashes_are_errors_naming_both_cells() {
    // No clash in rows, columns or boxes, but 1 twice on the main diagonal.
    let puzzle = grid(&format!("1{}1{}", ".".repeat(39), ".".repeat(40)));
    let clash = Encoding::new(&puzzle, Variant::Diagonal).unwrap_err();
    assert_eq!(clash.unit, Unit::Diagonal);
    assert_eq!(clash.to_string(), "r1c1 and r5c5 both hold 1");
    assert!(puzzle.solve(Variant::Plain).unwrap().is_some());
    assert!(puzzle.solve(Variant::Diagonal).is_err());
    assert_eq!(find_clash(&puzzle, Variant::Plain), None);
}

/// Issue 20: a control byte in the input (`\x1b` starts a terminal's escape
/// sequences) was quoted raw in messages; it is escaped.
#[test]
fn issue_20_control_bytes_are_escaped_in_messages() {
    let puzzle = format!("\x1b{}", ".".repeat(80));
    assert_eq!(
        parse_error(&puzzle),
        "line 1: r1c1 holds `\\x1b`, which is not a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank)"
    );
    assert_eq!(
        "3x\x073".parse::<Shape>().unwrap_err().to_string(),
        "`3x\\x073` is not a box shape; write rows x columns, for example `3x3` or `2x3`"
    );
}
