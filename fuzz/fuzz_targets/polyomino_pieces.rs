//! Polyomino piece files (`PieceSet::parse`, `split_count`): any text is read
//! or refused; every piece read writes back as a block that reads as the
//! same piece; small sets are tiled onto a rectangle of their area, and the
//! tilings pass `Tiling::check`.
#![no_main]

use dlx_fuzz::{bounded_solutions, selector, text, NODE_BUDGET};
use dlx_models::polyomino::{split_count, Board, PieceSet, Polyomino};
use libfuzzer_sys::fuzz_target;

/// The most tilings of one input checked by `Tiling::check`.
const MAX_CHECKED_TILINGS: usize = 16;

/// The largest area of a piece set that is tiled here.
const MAX_TILED_AREA: usize = 30;

/// Checks a piece set read from text, and tiles it when it is small.
fn check_pieces(pieces: &PieceSet, one_sided: bool) {
    assert!(!pieces.is_empty());
    for piece in pieces.pieces() {
        assert!(piece.count >= 1);
        assert!(!piece.shape.is_empty());
        let block = format!(
            "{}*{}:\n{}\n",
            piece.name,
            piece.count,
            piece.shape.to_art()
        );
        match PieceSet::parse(&block) {
            Ok(again) => {
                let again = &again.pieces()[0];
                assert_eq!(
                    (&again.name, &again.shape, again.count),
                    (&piece.name, &piece.shape, piece.count)
                );
            }
            Err(err) => panic!("a piece written back does not read ({err}):\n{block}"),
        }
        let orientations = piece.shape.orientations(one_sided);
        assert!(orientations.contains(&piece.shape));
        assert_eq!(piece.shape.free_form(), orientations[0].free_form());
        let _ = piece.shape.is_connected();
    }
    let area = pieces.area();
    if area == 0 || area > MAX_TILED_AREA {
        return;
    }
    // The most square rectangle of that area.
    let height = (1..=area)
        .take_while(|h| h * h <= area)
        .filter(|h| area.is_multiple_of(*h))
        .last()
        .unwrap_or(1);
    let board = Board::rectangle(area / height, height).expect("a small rectangle");
    let Ok(model) = Polyomino::new(board.clone(), pieces.clone(), one_sided) else {
        return;
    };
    let Some(solutions) = bounded_solutions(model.problem(), NODE_BUDGET) else {
        return;
    };
    // `Tiling::check` recomputes every piece's orientations, so only the
    // first tilings are checked: enough to catch a decoding fault quickly.
    let solutions = &solutions[..solutions.len().min(MAX_CHECKED_TILINGS)];
    for solution in solutions {
        let tiling = model.decode(solution);
        if let Err(err) = tiling.check(&board, pieces, one_sided) {
            panic!("a tiling fails its check: {err}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (pick, rest) = selector(data);
    let text = text(rest);
    match PieceSet::parse(&text) {
        Ok(pieces) => check_pieces(&pieces, pick & 1 == 1),
        Err(err) => {
            let _ = err.to_string();
        }
    }
    // `--pieces NAME*K` on the first line.
    if let Some(first) = text.lines().next() {
        match split_count(first) {
            Ok((name, count)) => assert!(count >= 1 && first.contains(name)),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
