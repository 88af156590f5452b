//! Tests of the sudoku model.

use dlx_core::{parse_dlx, verify, write_dlx, Solver};
use dlx_models::sudoku::{
    check, find_clash, generate_grid, generate_puzzle, max_target_score, max_target_score_by_cost,
    parse, target_score, Alphabet, Cell, Encoding, Grid, ParseError, Puzzle, RuleError, Shape,
    ShapeError, Uniqueness, Unit, Variant,
};

const NINE: &str = include_str!("../../../../data/sudoku/9x9.txt");
const SIXTEEN: &str = include_str!("../../../../data/sudoku/16x16.txt");
const SIXTEEN_SOLUTION: &str = include_str!("../../../../data/sudoku/16x16-solution.txt");
const TWENTY_FIVE: &str = include_str!("../../../../data/sudoku/25x25.txt");
const TWENTY_FIVE_SOLUTION: &str = include_str!("../../../../data/sudoku/25x25-solution.txt");
const DIAGONAL: &str = include_str!("../../../../data/sudoku/diagonal.txt");
const TARGET: &str = include_str!("../../../../data/sudoku/target-noip2009.txt");
const TDOKU: &str = include_str!("../../../../data/sudoku/tdoku-test-puzzles.txt");

/// Enumerates every solution of a puzzle (up to `limit`) through both the lean
/// and the presolved encodings, checking each with `verify` and with the
/// rules; returns the count and the grids of the lean encoding, in order.
#[track_caller]
fn check_puzzle(puzzle: &Grid, variant: Variant, limit: u64) -> (u64, Vec<Grid>) {
    let mut counts = Vec::new();
    let mut lean_grids = Vec::new();
    for presolved in [false, true] {
        let encoding = if presolved {
            Encoding::presolved(puzzle, variant)
        } else {
            Encoding::new(puzzle, variant)
        }
        .expect("no clash");
        let problem = encoding.problem();
        let mut solver = Solver::new(problem);
        solver.set_limit(Some(limit));
        let mut grids = Vec::new();
        while let Some(solution) = solver.next_solution() {
            verify(problem, solution).expect("a valid exact cover");
            let grid = encoding.decode(solution);
            check(&grid, puzzle, variant).expect("a valid grid");
            grids.push(grid);
        }
        counts.push(grids.len() as u64);
        if !presolved {
            lean_grids = grids;
        } else {
            let mut lean = lean_grids.clone();
            let mut pre = grids;
            lean.sort_by(|a, b| a.cells().cmp(b.cells()));
            pre.sort_by(|a, b| a.cells().cmp(b.cells()));
            assert_eq!(lean, pre, "lean and presolved encodings disagree");
        }
    }
    assert_eq!(
        puzzle.count(variant, Some(limit)).expect("no clash"),
        counts[0]
    );
    (counts[0], lean_grids)
}

fn grid(text: &str) -> Grid {
    text.parse().expect("a valid puzzle")
}

#[test]
fn empty_grid_counts() {
    // 4x4: 288 grids (published); 4x4 X-sudoku: 48 (computed).
    for (shape, variant, count) in [("2x2", Variant::Plain, 288), ("2x2", Variant::Diagonal, 48)] {
        let shape: Shape = shape.parse().unwrap();
        let (found, _) = check_puzzle(&Grid::empty(shape), variant, u64::MAX);
        assert_eq!(found, count, "{shape} {variant:?}");
    }
}

#[test]
fn tdoku_test_puzzles_have_their_exact_counts() {
    for line in TDOKU.lines().filter(|l| !l.is_empty()) {
        let mut fields = line.split(':');
        let puzzle = grid(fields.next().unwrap());
        let count: u64 = fields.next().unwrap().parse().unwrap();
        let (found, grids) = check_puzzle(&puzzle, Variant::Plain, u64::MAX);
        assert_eq!(found, count, "{line}");
        if let Some(solution) = fields.next() {
            assert_eq!(grids[0].to_line(Alphabet::Digits), solution);
        }
    }
}

#[test]
fn nine_by_nine_examples_match_their_published_solutions() {
    let expected = [
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        "527316489896542731314987562172453896689271354453698217941825673765134928238769145",
        "617459823248736915539128467982564371374291586156873294823647159791385642465912738",
        "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
        "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
    ];
    let puzzles: Vec<Puzzle> = parse(NINE, None).collect::<Result<_, _>>().unwrap();
    assert_eq!(puzzles.len(), expected.len());
    for (puzzle, expected) in puzzles.iter().zip(expected) {
        let (count, grids) = check_puzzle(puzzle.grid(), Variant::Plain, 2);
        assert_eq!(count, 1, "line {}", puzzle.line());
        assert_eq!(grids[0].to_line(puzzle.alphabet()), expected);
    }
    assert_eq!(puzzles[3].grid().n_givens(), 17);
}

#[test]
fn large_grids_match_their_published_solutions() {
    for (text, solution, size) in [
        (SIXTEEN, SIXTEEN_SOLUTION, 16),
        (TWENTY_FIVE, TWENTY_FIVE_SOLUTION, 25),
    ] {
        let puzzle = Puzzle::parse_one(text, None).unwrap();
        assert_eq!(puzzle.grid().size(), size);
        assert_eq!(puzzle.alphabet(), Alphabet::Numbers);
        let (count, grids) = check_puzzle(puzzle.grid(), Variant::Plain, 2);
        assert_eq!(count, 1);
        assert_eq!(grids[0], grid(solution));
        assert_eq!(grids[0].to_line(Alphabet::Numbers), solution.trim());
    }
}

#[test]
fn diagonal_example_is_unique_only_with_the_diagonals() {
    let puzzle = grid(DIAGONAL);
    let (count, grids) = check_puzzle(&puzzle, Variant::Diagonal, 2);
    assert_eq!(count, 1);
    assert!(check(&grids[0], &puzzle, Variant::Diagonal).is_ok());
    assert_eq!(puzzle.count(Variant::Plain, Some(2)).unwrap(), 2);
}

#[test]
fn target_sudoku_noip_2009_sample_scores_2829() {
    let puzzle = grid(TARGET);
    let (score, best) = max_target_score(&puzzle, Variant::Plain)
        .unwrap()
        .expect("a solution");
    check(&best, &puzzle, Variant::Plain).unwrap();
    assert_eq!(score, 2829);
    assert_eq!(target_score(&best), 2829);
    assert_eq!(
        best.to_line(Alphabet::Digits),
        "754938261128645937639217485865429173972351648413876529547182396291763854386594712"
    );
    // No solution: -1 in NOIP's terms.
    let none =
        grid("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.");
    assert_eq!(max_target_score(&none, Variant::Plain).unwrap(), None);
}

#[test]
fn target_picks_the_best_of_several_solutions() {
    // The tdoku puzzle with 3 solutions: the best score is the max over them.
    let puzzle =
        grid("8.........95.......67.........472968...913245...856137....9.716...6.8492......583");
    let (_, grids) = check_puzzle(&puzzle, Variant::Plain, u64::MAX);
    assert_eq!(grids.len(), 3);
    let best = grids.iter().map(target_score).max().unwrap();
    let (score, grid) = max_target_score(&puzzle, Variant::Plain).unwrap().unwrap();
    assert_eq!(score, best);
    assert_eq!(target_score(&grid), best);
}

#[test]
fn target_cost_search_agrees_with_enumeration() {
    // The sample, a puzzle without solution, and every tdoku test puzzle (up to 847 solutions).
    let mut puzzles = vec![grid(TARGET)];
    puzzles.push(grid(
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
    ));
    for line in TDOKU.lines().filter(|l| !l.is_empty()) {
        puzzles.push(grid(line.split(':').next().unwrap()));
    }
    assert!(puzzles.len() > 40, "the tdoku puzzles were read");
    for puzzle in &puzzles {
        let enumerated = max_target_score(puzzle, Variant::Plain).unwrap();
        let by_cost = max_target_score_by_cost(puzzle, Variant::Plain).unwrap();
        assert_eq!(
            enumerated.as_ref().map(|b| b.0),
            by_cost.as_ref().map(|b| b.0),
            "{puzzle:?}"
        );
        if let Some((score, best)) = by_cost {
            check(&best, puzzle, Variant::Plain).unwrap();
            assert_eq!(target_score(&best), score);
        }
    }
}

#[test]
fn uniqueness_answers() {
    let unique = grid(NINE.lines().next().unwrap());
    let several =
        grid("8.........95.......67.........472968...913245...856137....9.716...6.8492......583");
    let none =
        grid("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.");
    let solution = unique.solve(Variant::Plain).unwrap().unwrap();
    assert_eq!(
        unique.uniqueness(Variant::Plain).unwrap(),
        Uniqueness::Unique(solution)
    );
    assert_eq!(
        several.uniqueness(Variant::Plain).unwrap(),
        Uniqueness::Several
    );
    assert_eq!(none.uniqueness(Variant::Plain).unwrap(), Uniqueness::None);
    assert_eq!(none.solve(Variant::Plain).unwrap(), None);
    assert_eq!(several.solutions(Variant::Plain).unwrap().count(), 3);
}

#[test]
fn the_encoding_is_lean() {
    // One given at r1c1 = 1 in a 4x4 grid: 15 cells; rows, columns and boxes
    // each miss 4 digits except the given's, which miss 3; the given's row,
    // column and box rule digit 1 out of 7 other cells.
    let puzzle = grid("1...............");
    let encoding = Encoding::new(&puzzle, Variant::Plain).unwrap();
    let problem = encoding.problem();
    assert_eq!(problem.n_primary(), 15 + 3 * (3 + 4 * 3));
    assert_eq!(problem.n_options(), 15 * 4 - 7);
    for option in problem.option_ids() {
        let (cell, digit) = encoding.placement(option);
        assert_ne!(cell, Cell { row: 0, col: 0 }, "a given became an option");
        assert!(
            !(digit == 1 && (cell.row == 0 || cell.col == 0 || (cell.row < 2 && cell.col < 2)))
        );
        assert_eq!(problem.option(option).len(), 4);
    }
    // Diagonal: 2 more items a missing digit and diagonal, and options on a
    // diagonal name them.
    let encoding = Encoding::new(&puzzle, Variant::Diagonal).unwrap();
    assert_eq!(encoding.problem().n_primary(), 15 + 3 * (3 + 4 * 3) + 3 + 4);
    // A complete grid leaves nothing to search, and its one solution is empty.
    let full = Encoding::new(&grid("1234341221434321"), Variant::Plain).unwrap();
    assert_eq!(full.problem().n_items(), 0);
    assert_eq!(full.solver().count(), 1);
}

#[test]
fn the_largest_grids_encode_within_the_node_limit() {
    // The encoder builds without a fallible step: a 64x64 grid, the largest a
    // `Shape` allows, must fit the engine's limits with every option present.
    let shape = Shape::for_size(64).unwrap();
    // No cell of an even grid lies on both diagonals: at most 5 items an option.
    for (variant, longest) in [(Variant::Plain, 4), (Variant::Diagonal, 5)] {
        let encoding = Encoding::new(&Grid::empty(shape), variant).unwrap();
        let problem = encoding.problem();
        assert_eq!(problem.n_options(), 64 * 64 * 64, "{variant:?}");
        let most = problem.option_ids().map(|o| problem.option(o).len()).max();
        assert_eq!(most, Some(longest), "{variant:?}");
        assert!(problem.node_count() < 2_000_000, "{variant:?}");
        assert!(problem.node_count() <= dlx_core::MAX_NODES, "{variant:?}");
    }
}

#[test]
fn presolving_fills_forced_cells_first() {
    let puzzle = grid(NINE.lines().next().unwrap());
    let lean = Encoding::new(&puzzle, Variant::Plain).unwrap();
    let presolved = Encoding::presolved(&puzzle, Variant::Plain).unwrap();
    assert!(presolved.start().n_givens() > puzzle.n_givens());
    assert!(presolved.problem().n_options() < lean.problem().n_options());
    assert_eq!(presolved.givens(), &puzzle);
    // An easy puzzle is solved by singles alone.
    let easy =
        grid("..45.21781...9..3....8....46..45.....7.9...128.12.35..4.......935..6.8.7.9.3..62.");
    let encoding = Encoding::presolved(&easy, Variant::Plain).unwrap();
    assert!(encoding.start().is_complete());
    assert_eq!(encoding.problem().n_items(), 0);
}

#[test]
fn emitted_dlx_reads_back_to_the_same_count() {
    for (text, variant, count) in [
        ("1...............", Variant::Plain, 288 / 4),
        ("1...............", Variant::Diagonal, 48 / 4),
        (
            "8.........95.......67.........472968...913245...856137....9.716...6.8492......583",
            Variant::Plain,
            3,
        ),
    ] {
        let encoding = Encoding::with_names(&grid(text), variant).unwrap();
        let dlx = write_dlx(encoding.problem());
        let problem = parse_dlx(&dlx).unwrap();
        assert_eq!(Solver::new(&problem).count(), count, "{text} {variant:?}");
    }
    let encoding = Encoding::with_names(&grid("12.4..........3."), Variant::Diagonal).unwrap();
    insta::assert_snapshot!("emit_dlx_4x4_diagonal", write_dlx(encoding.problem()));
}

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
    let solution = encoding.solver().first().unwrap();
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
            "line 3: r4c5 holds `x`, which is not a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.` or `0` for a blank)",
        ),
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....A",
            "line 1: r9c9 holds `A`, which is not a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.` or `0` for a blank)",
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

#[test]
fn checker_catches_broken_grids() {
    let puzzle = grid(NINE.lines().next().unwrap());
    let solution = puzzle.solve(Variant::Plain).unwrap().unwrap();
    assert!(check(&solution, &puzzle, Variant::Plain).is_ok());
    // Swapping two digits of a row keeps the row but breaks columns.
    let mut swapped = solution.clone();
    let (a, b) = (Cell { row: 0, col: 1 }, Cell { row: 0, col: 2 });
    let (x, y) = (solution.get(a), solution.get(b));
    swapped.set(a, y);
    swapped.set(b, x);
    assert!(matches!(
        check(&swapped, &puzzle, Variant::Plain),
        Err(RuleError::Clash(_))
    ));
    // Changing a given.
    let other = grid(NINE.lines().nth(1).unwrap())
        .solve(Variant::Plain)
        .unwrap()
        .unwrap();
    assert!(matches!(
        check(&other, &puzzle, Variant::Plain),
        Err(RuleError::GivenChanged { .. })
    ));
    // A blank.
    assert_eq!(
        check(&puzzle, &puzzle, Variant::Plain),
        Err(RuleError::Blank {
            cell: Cell { row: 0, col: 1 }
        })
    );
    // A valid sudoku that breaks a diagonal.
    assert!(matches!(
        check(&solution, &puzzle, Variant::Diagonal),
        Err(RuleError::Clash(_))
    ));
    // A grid of another shape.
    assert!(matches!(
        check(
            &Grid::empty("2x2".parse().unwrap()),
            &puzzle,
            Variant::Plain
        ),
        Err(RuleError::ShapeMismatch { .. })
    ));
}

#[test]
fn generator_is_reproducible() {
    let nine = Shape::for_size(9).unwrap();
    let grid = generate_grid(nine, Variant::Plain, 1).unwrap();
    assert_eq!(generate_grid(nine, Variant::Plain, 1).unwrap(), grid);
    assert_ne!(generate_grid(nine, Variant::Plain, 2).unwrap(), grid);
    let (puzzle, solution) = generate_puzzle(nine, Variant::Plain, 1).unwrap();
    assert_eq!(solution, grid);
    insta::assert_snapshot!(
        "generate_9x9_seed_1",
        format!(
            "{}\n{}\n{}",
            grid.to_line(Alphabet::Digits),
            puzzle.to_line(Alphabet::Digits),
            puzzle.render(Alphabet::Digits)
        )
    );
}

#[test]
fn generated_puzzles_are_unique() {
    for (size, variant, seeds) in [
        (9, Variant::Plain, 1..=6),
        (9, Variant::Diagonal, 1..=6),
        (16, Variant::Plain, 1..=2),
        (16, Variant::Diagonal, 1..=2),
    ] {
        let shape = Shape::for_size(size).unwrap();
        for seed in seeds {
            let (puzzle, solution) = generate_puzzle(shape, variant, seed).unwrap();
            check(&solution, &puzzle, variant).unwrap();
            assert_eq!(
                puzzle.uniqueness(variant).unwrap(),
                Uniqueness::Unique(solution.clone()),
                "size {size} {variant:?} seed {seed}"
            );
            if size == 9 {
                // Minimal: every remaining given is needed.
                for index in 0..81 {
                    let cell = shape.cell(index);
                    if puzzle.get(cell) != 0 {
                        let mut fewer = puzzle.clone();
                        fewer.set(cell, 0);
                        assert_eq!(fewer.count(variant, Some(2)).unwrap(), 2);
                    }
                }
            }
        }
    }
}
