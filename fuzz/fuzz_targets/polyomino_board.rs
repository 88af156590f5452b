//! Polyomino boards (`Board::parse` for art, `Board::parse_size` for `WxH`):
//! any text is read or refused; a board read draws back as art that reads as
//! the same board; small boards tiled by dominoes (or monominoes) give
//! tilings that pass `Tiling::check`.
#![no_main]

use dlx_fuzz::{bounded_solutions, selector, text, NODE_BUDGET};
use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use libfuzzer_sys::fuzz_target;

/// The most tilings of one input checked by `Tiling::check`.
const MAX_CHECKED_TILINGS: usize = 16;

/// The most cells of a board that is tiled here.
const MAX_TILED_CELLS: usize = 40;

/// Checks a board read from text, and tiles it when it is small.
fn check_board(board: &Board, one_sided: bool) {
    let cells = board.cells();
    assert_eq!(cells.len(), board.n_cells());
    assert!(cells.iter().all(|&(r, c)| board.contains(r, c)));
    let art = board.to_art();
    match Board::parse(&art) {
        Ok(again) => assert_eq!(&again, board, "the art was\n{art}"),
        Err(err) => panic!("to_art drew a board that does not read back ({err}):\n{art}"),
    }
    let symmetries = board.symmetries();
    assert!(!symmetries.is_empty(), "the identity is always a symmetry");

    let n_cells = board.n_cells();
    if n_cells > MAX_TILED_CELLS {
        return;
    }
    let pieces = if n_cells % 2 == 0 {
        format!("domino*{}:\n##\n", n_cells / 2)
    } else {
        format!("monomino*{n_cells}:\n#\n")
    };
    let pieces = PieceSet::parse(&pieces).expect("a piece file written here");
    let Ok(model) = Polyomino::new(board.clone(), pieces.clone(), one_sided) else {
        return;
    };
    let Some(solutions) = bounded_solutions(model.problem(), NODE_BUDGET) else {
        return;
    };
    // `Tiling::check` recomputes every piece's orientations, so only the
    // first tilings are checked: enough to catch a decoding fault quickly.
    let solutions = &solutions[..solutions.len().min(MAX_CHECKED_TILINGS)];
    for (i, solution) in solutions.iter().enumerate() {
        let tiling = model.decode(solution);
        if let Err(err) = tiling.check(board, &pieces, one_sided) {
            panic!("a tiling of the board fails its check: {err}\n{art}");
        }
        if i == 0 {
            let _ = tiling.to_svg();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (pick, rest) = selector(data);
    let text = text(rest);
    match Board::parse(&text) {
        Ok(board) => check_board(&board, pick & 1 == 1),
        Err(err) => {
            let _ = err.to_string();
        }
    }
    // `--board WxH` on the first line.
    if let Some(first) = text.lines().next() {
        match Board::parse_size(first) {
            Ok(board) => {
                assert_eq!(board.n_cells(), board.width() * board.height());
                check_board(&board, pick & 1 == 1);
            }
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
