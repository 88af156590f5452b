//! Tests of the sudoku model: solving and encoding here; reading and
//! writing grids in `text`, the rules and the generator in `rules`.

mod forms;
mod rules;
mod text;

use dlx_core::{parse_dlx, verify, write_dlx, Solver};
use dlx_models::sudoku::{
    check, max_target_score, max_target_score_by_cost, parse, target_score, Alphabet, Cell,
    Encoding, Grid, Puzzle, Shape, Uniqueness, Variant,
};

pub(crate) const NINE: &str = include_str!("../../../../../data/sudoku/9x9.txt");
pub(crate) const SIXTEEN: &str = include_str!("../../../../../data/sudoku/16x16.txt");
pub(crate) const SIXTEEN_SOLUTION: &str =
    include_str!("../../../../../data/sudoku/16x16-solution.txt");
pub(crate) const TWENTY_FIVE: &str = include_str!("../../../../../data/sudoku/25x25.txt");
const TWENTY_FIVE_SOLUTION: &str = include_str!("../../../../../data/sudoku/25x25-solution.txt");
const DIAGONAL: &str = include_str!("../../../../../data/sudoku/diagonal.txt");
const TARGET: &str = include_str!("../../../../../data/sudoku/target-noip2009.txt");
const TDOKU: &str = include_str!("../../../../../data/sudoku/tdoku-test-puzzles.txt");

/// Enumerates every solution of a puzzle (up to `limit`) through both the lean
/// and the presolved encodings, checking each with `verify` and with the
/// rules; returns the count and the grids of the lean encoding, in order.
#[track_caller]
pub(crate) fn check_puzzle(puzzle: &Grid, variant: Variant, limit: u64) -> (u64, Vec<Grid>) {
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
        while let Ok(Some(solution)) = solver.next_solution() {
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

pub(crate) fn grid(text: &str) -> Grid {
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
    assert_eq!(puzzle.count(Variant::Plain, Some(2)).unwrap(), 2u64);
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
    assert_eq!(full.solver().count().value, 1u64);
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
        ("1...............", Variant::Plain, 288u64 / 4),
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
        assert_eq!(
            Solver::new(&problem).count().value,
            count,
            "{text} {variant:?}"
        );
    }
    let encoding = Encoding::with_names(&grid("12.4..........3."), Variant::Diagonal).unwrap();
    insta::assert_snapshot!("emit_dlx_4x4_diagonal", write_dlx(encoding.problem()));
}
