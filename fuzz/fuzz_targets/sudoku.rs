//! Sudoku text (`dlx_models::sudoku::parse`, `Grid` and `Shape` from `FromStr`):
//! any text is read or refused, and every grid read writes back (on one
//! line and with box lines) as text that reads as the same grid.
#![no_main]

use dlx_fuzz::{selector, text};
use dlx_models::sudoku::{find_clash, parse, Alphabet, Grid, Puzzle, Shape, Variant};
use libfuzzer_sys::fuzz_target;

/// The most puzzles read from one input.
const MAX_PUZZLES: usize = 64;

/// Checks that a puzzle read writes back as text that reads as the same grid.
fn check_round_trip(puzzle: &Puzzle) {
    let grid = puzzle.grid();
    let shape = grid.shape();
    assert_eq!(grid.cells().len(), shape.n_cells());
    assert!(grid.cells().iter().all(|&v| usize::from(v) <= grid.size()));
    // The parser refuses clashing givens.
    assert_eq!(find_clash(grid, Variant::Plain), None);
    // Digits and letters overlap (`A` is 10 in one and 1 in the other), and
    // the parser tells them apart by the symbols it meets, so a grid is
    // written back in its own alphabet and in numbers, which are unambiguous.
    for alphabet in [puzzle.alphabet(), Alphabet::Numbers] {
        for written in [grid.to_line(alphabet), grid.render(alphabet)] {
            match Puzzle::parse_one(&written, Some(shape)) {
                Ok(again) => assert_eq!(again.grid(), grid, "{alphabet:?} wrote\n{written}"),
                Err(err) => {
                    panic!("{alphabet:?} wrote text that does not read back ({err}):\n{written}")
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (pick, rest) = selector(data);
    let text = text(rest);
    // Half of the inputs fix the box shape, as `--box RxC` does.
    let shape = if pick < 128 {
        None
    } else {
        Shape::new(usize::from(pick >> 3 & 7) + 1, usize::from(pick & 7) + 1).ok()
    };
    for puzzle in parse(&text, shape).take(MAX_PUZZLES) {
        match puzzle {
            Ok(puzzle) => {
                if let Some(shape) = shape {
                    assert_eq!(puzzle.grid().shape(), shape);
                }
                check_round_trip(&puzzle);
            }
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
    match text.parse::<Grid>() {
        Ok(grid) => assert_eq!(find_clash(&grid, Variant::Plain), None),
        Err(err) => {
            let _ = err.to_string();
        }
    }
    // `--box RxC` on the first line.
    if let Some(first) = text.lines().next() {
        match first.parse::<Shape>() {
            Ok(shape) => assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape)),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
