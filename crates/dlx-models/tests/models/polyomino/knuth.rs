//! Knuth's `polyomino-dlx` input (issue 21): boards and pieces as base-62 cell specifications.

use dlx_models::polyomino::{Board, KnuthError, KnuthSpec, PieceSet, Polyomino};

const PENTOMINOES_20X3: &str =
    include_str!("../../../../../data/polyomino/knuth-pentominoes-20x3.txt");

/// Reads a specification that must be good.
#[track_caller]
fn spec(text: &str) -> KnuthSpec {
    KnuthSpec::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// Checks that a specification fails with this message.
#[track_caller]
fn check_error(text: &str, message: &str) {
    let err = KnuthSpec::parse(text).expect_err(text);
    let mut shown = err.to_string();
    let mut source = std::error::Error::source(&err);
    while let Some(cause) = source {
        shown.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    assert_eq!(shown, message, "{text}");
}

#[test]
fn boards_are_the_cells_knuth_specifies() {
    for (text, art) in [
        ("[0-9][0-5]", "##########\n".repeat(6)),
        ("[0-9a-j][0-2]", "####################\n".repeat(3)),
        // A cross of five cells, a cell given twice, coordinates sets.
        ("[123]2 2[123]", ".#.\n###\n.#.\n".to_owned()),
        ("00 00 [02]1", "#..\n#.#\n".to_owned()),
        // Dana Scott's board, the centre 2x2 left out, and ranges that end a term.
        (
            "[0-7][0-2] [0-7][5-7] [0-2][34] [5-7][3-34]",
            super::SCOTT
                .lines()
                .filter(|l| !l.starts_with('|'))
                .map(|l| format!("{l}\n"))
                .collect(),
        ),
        // Base 62: `z` is 35, `A` 36, `Z` 61.
        ("[y-zA][0]", "###\n".to_owned()),
        ("0Z", "#\n".to_owned()),
    ] {
        let read = spec(text);
        assert_eq!(read.board, Board::parse(&art).unwrap(), "{text}");
        assert_eq!(read.pieces, None);
    }
}

#[test]
fn pieces_are_read_with_their_copies() {
    let read = spec(PENTOMINOES_20X3);
    let pieces = read.pieces.expect("12 piece lines");
    assert_eq!(
        pieces,
        PieceSet::pentominoes(),
        "the same shapes, names and order"
    );
    let model = Polyomino::new(read.board, pieces, false).unwrap();
    assert_eq!(model.count_all(), 8u64);
    // `K*NAME`: K copies, K one base-62 digit.
    let read = spec(
        "| two dominoes and an L\n[0-2][0-2] [0-2]3\n2*D 00 01\nL 00 01 02 12\nL2 [01]0 0[12]\n",
    );
    let pieces = read.pieces.unwrap();
    let copies: Vec<(&str, usize, usize)> = pieces
        .pieces()
        .iter()
        .map(|p| (p.name.as_str(), p.count, p.shape.len()))
        .collect();
    assert_eq!(copies, [("D", 2, 2), ("L", 1, 4), ("L2", 1, 4)]);
    let model = Polyomino::new(read.board, pieces, false).unwrap();
    let count = model.count_all();
    assert!(!count.is_zero());
    // The same problem from ASCII art.
    let art = Polyomino::new(
        Board::parse_size("3x4").unwrap(),
        PieceSet::parse("D*2:\n##\n\nL:\n#\n#\n##\n\nL2:\n##\n#.\n#.\n").unwrap(),
        false,
    )
    .unwrap();
    assert_eq!(art.count_all(), count);
}

#[test]
fn what_knuth_would_refuse_or_this_model_cannot_read_names_its_place() {
    for (text, message) in [
        ("| only comments\n", "the input holds no board line (the first line that is not a `|` comment)"),
        ("[0-2", "line 1, column 5: found the end of the line, expected `]` to close the set"),
        ("[3-2]0", "line 1, column 4: found `2`, expected the end of a range at least its start"),
        ("[1-2-3]0", "line 1, column 5: found `-`, expected a base-62 digit, a range `a-b` or `]` in the set"),
        ("[-5]0", "line 1, column 2: found `-`, expected a base-62 digit, a range `a-b` or `]` in the set"),
        ("0", "line 1, column 2: found the end of the line, expected a coordinate: a base-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set in brackets (`[0-5]`)"),
        ("00! 01", "line 1, column 3: found `!`, expected a space after the cell (a suffix, which makes a secondary item in polyomino-dlx, is not read here)"),
        ("0# 01", "line 1, column 2: found `#`, expected a coordinate: a base-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set in brackets (`[0-5]`)"),
        ("[]0", "line 1: the board: the board has no cells"),
        ("[01][01]\nP\n", "line 2, column 2: found the end of the line, expected the cells of piece `P`"),
        ("[01][01]\n0*P 00\n", "line 2, column 1: found `0*P`, expected a multiplicity of one base-62 digit from 1 (`4*Z`)"),
        ("[01][01]\nP! 00\n", "line 2, column 1: found `P!`, expected a piece name of letters, digits, `_` and `-` (`K*NAME` for K copies)"),
        ("[01][01]\nP 00 0\n", "line 2, column 7: found the end of the line, expected a coordinate: a base-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set in brackets (`[0-5]`)"),
        ("[01][01]\nP 00 01\n\nP 10 11\n", "line 4: piece `P` was given at line 2 already; here a piece has one shape (polyomino-dlx would combine the placements of both lines)"),
    ] {
        check_error(text, message);
    }
    assert!(matches!(
        KnuthSpec::parse("[01][01]\nP 0Q0\n"),
        Err(KnuthError::Syntax {
            line: 2,
            column: 5,
            ..
        })
    ));
}
