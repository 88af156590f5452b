//! Reading the forms of the public collections (issue 21), and checking the
//! answers they give beside their puzzles.

use dlx_models::sudoku::{parse, Alphabet, Grid, Mismatch, ParseError, Puzzle, RuleError, Variant};

/// The files of `data/sudoku/forms`, copied from the collections (see the
/// README there), and tdoku's test puzzles.
const FORMS: &[(&str, &str)] = &[
    (
        "top95.sdm",
        include_str!("../../../../../data/sudoku/forms/top95.sdm"),
    ),
    (
        "blanks.txt",
        include_str!("../../../../../data/sudoku/forms/blanks.txt"),
    ),
    (
        "rated.txt",
        include_str!("../../../../../data/sudoku/forms/rated.txt"),
    ),
    (
        "sudocue.sdk",
        include_str!("../../../../../data/sudoku/forms/sudocue.sdk"),
    ),
    (
        "sadman.sdk",
        include_str!("../../../../../data/sudoku/forms/sadman.sdk"),
    ),
    (
        "royle17.txt",
        include_str!("../../../../../data/sudoku/forms/royle17.txt"),
    ),
    (
        "kaggle.csv",
        include_str!("../../../../../data/sudoku/forms/kaggle.csv"),
    ),
    (
        "capped-count.csv",
        include_str!("../../../../../data/sudoku/forms/capped-count.csv"),
    ),
    ("tdoku", super::TDOKU),
];

/// What a form should read as: for each puzzle, its line, and whether the
/// file gives its count and its solution.
#[track_caller]
fn check(text: &str, expected: &[(usize, Option<u64>, bool)]) {
    let puzzles: Vec<Puzzle> = parse(text, None)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("{err}"));
    let read: Vec<(usize, Option<u64>, bool)> = puzzles
        .iter()
        .map(|p| (p.line(), p.claim().count, p.claim().solution.is_some()))
        .collect();
    assert_eq!(read, expected);
    for puzzle in &puzzles {
        // Every answer a file gives is right, and agrees with the search.
        puzzle.check_solution(Variant::Plain).unwrap();
        let limit = puzzle.count_limit();
        let found = puzzle.grid().count(Variant::Plain, limit).unwrap();
        puzzle.check_count(found, limit).unwrap();
        if let (Some(solution), Some(1)) = (&puzzle.claim().solution, puzzle.claim().count) {
            assert_eq!(
                &puzzle.grid().solve(Variant::Plain).unwrap().unwrap(),
                solution
            );
        }
    }
}

#[test]
fn the_forms_of_the_collections_are_read() {
    let unique =
        |lines: &[usize], count: Option<u64>, solution: bool| -> Vec<(usize, Option<u64>, bool)> {
            lines.iter().map(|&line| (line, count, solution)).collect()
        };
    for (name, expected) in [
        ("top95.sdm", unique(&[1, 2, 3], None, false)),
        ("blanks.txt", unique(&[2, 3, 4], None, false)),
        ("rated.txt", unique(&[1, 2], None, false)),
        ("sudocue.sdk", unique(&[8], None, false)),
        ("sadman.sdk", unique(&[2], None, false)),
        ("royle17.txt", unique(&[1, 2, 3], None, true)),
        ("kaggle.csv", unique(&[2, 3], None, true)),
        (
            // Three unique puzzles, and one of many (872) written as 2, its cap.
            "capped-count.csv",
            [2, 3, 4, 5]
                .into_iter()
                .map(|line| (line, Some(if line == 5 { 2 } else { 1 }), true))
                .collect(),
        ),
    ] {
        let text = FORMS.iter().find(|(n, _)| *n == name).unwrap().1;
        check(text, &expected);
    }
    // tdoku: 43 puzzles with their counts, the 18 unique ones with their solutions.
    let tdoku: Vec<Puzzle> = parse(super::TDOKU, None).collect::<Result<_, _>>().unwrap();
    assert_eq!(tdoku.len(), 43);
    assert_eq!(
        tdoku
            .iter()
            .filter(|p| p.claim().solution.is_some())
            .count(),
        18
    );
    let expected: Vec<_> = tdoku
        .iter()
        .map(|p| (p.line(), p.claim().count, p.claim().count == Some(1)))
        .collect();
    check(super::TDOKU, &expected);
}

#[test]
fn every_form_gives_the_same_puzzles_as_the_plain_lines() {
    // Norvig's first puzzle in every form that holds it.
    let first = super::grid(super::NINE.lines().next().unwrap());
    for name in [
        "top95.sdm",
        "blanks.txt",
        "rated.txt",
        "sadman.sdk",
        "kaggle.csv",
    ] {
        let text = FORMS.iter().find(|(n, _)| *n == name).unwrap().1;
        let grids: Vec<Grid> = parse(text, None).map(|p| p.unwrap().into_grid()).collect();
        assert!(grids.contains(&first), "{name}");
    }
}

#[test]
fn blanks_comments_and_small_grids() {
    let solution = "1234341221434321";
    for text in [
        "1*3-_4__2-_____1",
        "1.3..4..2......1 # the only one",
        "1030040020000001:1",
        "1*3-_4__2-_____1:1:1234341221434321",
        "1*3-_4__2-_____1,1234341221434321",
        "1 * | 3 -\n_ 4 | _ _\n----+----\n2 - | _ _\n_ _ | _ 1 # the last row\n",
        "[Puzzle]\n1.3.\n.4..\n2...\n...1\n[State]\n1234\n3412\n2143\n4321\n",
        "quiz,answer_solution\n1.3..4..2......1,1234341221434321\n",
    ] {
        let puzzle = Puzzle::parse_one(text, None).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(
            puzzle.grid().to_line(Alphabet::Digits),
            "1.3..4..2......1",
            "{text}"
        );
        puzzle.check_solution(Variant::Plain).unwrap();
        let solved = puzzle.grid().solve(Variant::Plain).unwrap().unwrap();
        assert_eq!(solved.to_line(Alphabet::Digits), solution);
        if let Some(given) = &puzzle.claim().solution {
            assert_eq!(given, &solved);
        }
    }
}

#[test]
fn a_wrong_solution_or_count_is_a_mismatch() {
    // The first unique puzzle of tdoku's list, its solution's first two digits swapped.
    let line = super::TDOKU.lines().next().unwrap();
    let (puzzle, rest) = line.split_once(":1:").unwrap();
    let swapped = format!("{puzzle}:1:56{}", &rest[2..]);
    let read = Puzzle::parse_one(&swapped, None).unwrap();
    let err = read.check_solution(Variant::Plain).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 85: the solution the file gives is not a solution of the puzzle"
    );
    assert!(matches!(
        err,
        Mismatch::Solution {
            source: RuleError::GivenChanged {
                given: 5,
                found: 6,
                ..
            },
            ..
        }
    ));
    // A solution that keeps the givens but breaks a rule.
    let blank = format!("{}:{}", ".".repeat(81), "1".repeat(81));
    let read = Puzzle::parse_one(&blank, None).unwrap();
    assert!(matches!(
        read.check_solution(Variant::Plain),
        Err(Mismatch::Solution {
            source: RuleError::Clash(_),
            ..
        })
    ));
    // A solution with blanks.
    let holed = format!("{puzzle},.{}", &rest[1..]);
    assert!(matches!(
        Puzzle::parse_one(&holed, None)
            .unwrap()
            .check_solution(Variant::Plain),
        Err(Mismatch::Solution {
            source: RuleError::Blank { .. },
            ..
        })
    ));
    // Counts: one more than the file's count is enough to tell.
    let counted = Puzzle::parse_one("1...........4...:3", None).unwrap();
    assert_eq!(counted.count_limit(), Some(4));
    assert_eq!(
        counted.check_count(4u64, Some(4)).unwrap_err().to_string(),
        "line 1: the file gives 3 solutions, the search finds at least 4"
    );
    assert_eq!(
        counted.check_count(2u64, Some(4)).unwrap_err().to_string(),
        "line 1: the file gives 3 solutions, the search finds 2"
    );
    assert!(counted.check_count(3u64, Some(4)).is_ok());
    assert!(
        counted.check_count(2u64, Some(2)).is_ok(),
        "a search stopped at 2 knows no more"
    );
    // A capped count: 2 means 2 or more.
    let capped = "puzzle,solution_count(capped at 2)\n................,2\n................,1\n";
    let puzzles: Vec<Puzzle> = parse(capped, None).map(Result::unwrap).collect();
    assert_eq!(puzzles[0].claim().cap, Some(2));
    assert_eq!(puzzles[0].count_limit(), Some(2));
    assert!(puzzles[0].check_count(288u64, None).is_ok());
    assert!(puzzles[0].check_count(2u64, Some(2)).is_ok());
    assert_eq!(
        puzzles[1]
            .check_count(2u64, Some(2))
            .unwrap_err()
            .to_string(),
        "line 3: the file gives 1 solution, the search finds at least 2"
    );
    let wrong =
        Puzzle::parse_one("puzzle,count (capped at 2)\n1234341221434321,2\n", None).unwrap();
    assert_eq!(
        wrong.check_count(1u64, Some(2)).unwrap_err().to_string(),
        "line 2: the file gives 2 solutions or more, the search finds 1"
    );
}

#[test]
fn fields_beside_a_puzzle_name_their_column() {
    let puzzle = ".".repeat(81);
    for (text, message) in [
        (
            format!("{puzzle}:x"),
            "line 1, column 83: found `x`, expected a number of solutions and a solution of 81 cells after the puzzle, each once (`puzzle:count:solution`)",
        ),
        (
            format!("{puzzle}:1:2"),
            "line 1, column 85: found `2`, expected a number of solutions and a solution of 81 cells after the puzzle, each once (`puzzle:count:solution`)",
        ),
        (
            format!("{puzzle},"),
            "line 1, column 83: found an empty field, expected a number of solutions and a solution of 81 cells after the puzzle, each once (`puzzle,count,solution`)",
        ),
        (
            format!("{puzzle}:0:{}x", "1".repeat(80)),
            "line 1, column 165: found `x` in the solution, expected a digit of a 9x9 grid (digits 1-9 then letters A-Z, `.`, `0`, `*`, `-` or `_` for a blank)",
        ),
        (
            format!("id,puzzle,solution\n7,{puzzle}\n"),
            "line 2, column 84: found the end of the line after 2 fields, expected 3 fields, as the header at line 1 names them",
        ),
        (
            format!("quizzes,solutions\n{puzzle},{}\n", "1".repeat(80)),
            "line 2, column 83: found 80 characters, expected a solution of 81 cells, one character a cell",
        ),
        (
            format!("{}:1", ".".repeat(80)),
            // Not a square: not a puzzle with a count, so read as cells.
            "line 1: 82 cells, but a one-line puzzle needs size x size cells (81 for 9x9, 256 for 16x16) and a row of a grid 4 to 64 cells",
        ),
    ] {
        let err = parse(&text, None).find_map(Result::err).expect("an error");
        assert_eq!(err.to_string(), message, "{text}");
    }
    // After a bad line, reading goes on.
    let text = format!("{puzzle}:x\n{puzzle}:3\n");
    let read: Vec<Result<Puzzle, ParseError>> = parse(&text, None).collect();
    assert!(matches!(
        read[0],
        Err(ParseError::BadField {
            line: 1,
            column: 83,
            ..
        })
    ));
    assert_eq!(read[1].as_ref().unwrap().claim().count, Some(3));
}

#[test]
fn display_writes_what_from_str_reads() {
    for text in [
        super::NINE.lines().next().unwrap(),
        super::SIXTEEN,
        "1.3..4..2.4....1",
    ] {
        let grid = super::grid(text);
        assert_eq!(grid.to_string(), grid.to_line(Alphabet::Digits));
        assert_eq!(format!("{grid:#}"), grid.render(Alphabet::Digits));
        assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
        assert_eq!(format!("{grid:#}").parse::<Grid>().unwrap(), grid);
    }
}
