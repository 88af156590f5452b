//! Tests of the treasure model.

use dlx_models::treasure::{answer, parse, Map, Rect, TilingError, TreasureError};
use proptest::prelude::*;

/// Solves every case of `input`, checks each tiling against its map, and compares the answers.
#[track_caller]
fn check(input: &str, expected: &[&str]) {
    let cases: Vec<_> = parse(input)
        .collect::<Result<_, _>>()
        .expect("a valid input");
    let answers: Vec<String> = cases
        .iter()
        .map(|case| {
            let pieces = case.map.solve().expect("an encodable map");
            if let Some(pieces) = &pieces {
                case.map.check(pieces).expect("a tiling");
                let encoding = case.map.encode().unwrap();
                let options: Vec<_> = encoding.problem().option_ids().collect();
                let chosen: Vec<_> = pieces.iter().map(|&p| options[p]).collect();
                dlx_core::verify(encoding.problem(), &chosen).expect("an exact cover");
            }
            answer(pieces.as_deref())
        })
        .collect();
    assert_eq!(answers, expected);
}

#[track_caller]
fn check_error(input: &str, message: &str) {
    let err = parse(input).find_map(Result::err).expect("a bad input");
    assert_eq!(err.to_string(), message);
}

fn rect(x1: usize, y1: usize, x2: usize, y2: usize) -> Rect {
    Rect { x1, y1, x2, y2 }
}

#[test]
fn samples_of_the_issue() {
    check(
        "3\n5 5 1\n0 0 5 5\n5 5 2\n0 0 3 5\n2 0 5 5\n30 30 5\n0 0 30 10\n0 10 30 20\n0 20 30 30\n0 0 15 30\n15 0 30 30\n",
        &["1", "-1", "2"],
    );
}

#[test]
fn small_maps() {
    check("1\n1 1 1\n0 0 1 1\n", &["1"]);
    // No pieces at all: no tiling.
    check("1\n2 2 0\n", &["-1"]);
    // Four unit cells, or two dominoes, or the whole: the whole wins.
    check(
        "1\n2 2 7\n0 0 1 1\n0 1 1 2\n1 0 2 1\n1 1 2 2\n0 0 1 2\n1 0 2 2\n0 0 2 2\n",
        &["1"],
    );
    // Without the whole: two dominoes beat four cells.
    check(
        "1\n2 2 6\n0 0 1 1\n0 1 1 2\n1 0 2 1\n1 1 2 2\n0 0 1 2\n1 0 2 2\n",
        &["2"],
    );
    // A 3 x 1 strip from a domino and a cell, whichever way round.
    check(
        "2\n3 1 3\n0 0 2 1\n1 0 3 1\n2 0 3 1\n1 3 2\n0 0 1 1\n0 1 1 3\n",
        &["2", "2"],
    );
}

#[test]
fn tilings_are_checked_against_the_map() {
    let map = Map::new(
        2,
        2,
        vec![rect(0, 0, 2, 1), rect(0, 1, 2, 2), rect(0, 0, 1, 2)],
    )
    .unwrap();
    assert_eq!(map.check(&[0, 1]), Ok(()));
    assert_eq!(map.check(&[0]), Err(TilingError::Uncovered { x: 0, y: 1 }));
    assert_eq!(
        map.check(&[0, 2]),
        Err(TilingError::Overlap {
            x: 0,
            y: 0,
            first: 0,
            second: 2
        })
    );
    assert_eq!(
        map.check(&[3]),
        Err(TilingError::UnknownPiece {
            piece: 3,
            n_pieces: 3
        })
    );
}

#[test]
fn errors_name_the_line_and_the_value() {
    check_error(
        "1\n5 5 1\n3 0 2 5\n",
        "line 3: `3 0 2 5` is not a rectangle (need x1 < x2 and y1 < y2)",
    );
    check_error(
        "1\n5 5 2\n0 0 5 5\n0 0 6 5\n",
        "line 4: the rectangle `0 0 6 5` is outside the 5 x 5 map",
    );
    check_error(
        "1\n5 5 1\n0 0 x 5\n",
        "line 3, column 5: `x` is not a number",
    );
    check_error(
        "1\n5 5 1\n0 0 -1 5\n",
        "line 3, column 5: `-1` is not a number",
    );
    check_error(
        "2\n5 5 1\n0 0 5 5\n",
        "line 3: the input ends before the map size of case 2",
    );
    check_error(
        "1\n5 5 2\n0 0 5 5\n0 0\n",
        "line 4: the input ends before the corners of piece 2 of case 1",
    );
    check_error(
        "1\n0 5 0\n",
        "line 2: a map of 0 x 5 cells is not allowed (from 1 to 1048576 cells)",
    );
    check_error(
        "1\n1 1 1\n0 0 1 1\n7\n",
        "line 4: `7` after the last of the 1 cases",
    );
    assert_eq!(
        Map::new(2, 2, vec![rect(0, 0, 2, 3)]),
        Err(TreasureError::OutsideMap {
            line: 0,
            rect: rect(0, 0, 2, 3),
            n: 2,
            m: 2
        })
    );
}

/// The fewest pieces that tile the map exactly, by trying every subset.
fn brute_force(map: &Map) -> Option<usize> {
    let n_pieces = map.pieces().len();
    (0u32..1 << n_pieces)
        .filter(|&set| {
            let pieces: Vec<usize> = (0..n_pieces).filter(|&p| set >> p & 1 == 1).collect();
            map.check(&pieces).is_ok()
        })
        .map(|set| set.count_ones() as usize)
        .min()
}

/// A small map and up to 10 pieces, some of them the cells of a random split
/// into rectangles so that tilings exist often.
fn small_map() -> impl Strategy<Value = Map> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(n, m)| {
        let piece = (0..n, 0..m, 1..=n, 1..=m)
            .prop_map(move |(x1, y1, w, h)| rect(x1, y1, (x1 + w).min(n), (y1 + h).min(m)));
        let cells = proptest::collection::vec(proptest::bool::ANY, n * m);
        (proptest::collection::vec(piece, 0..=7), cells).prop_map(move |(mut pieces, unit)| {
            // Some unit cells too, so that many maps can be tiled.
            for x in 0..n {
                for y in 0..m {
                    if unit[x * m + y] && pieces.len() < 10 {
                        pieces.push(rect(x, y, x + 1, y + 1));
                    }
                }
            }
            Map::new(n, m, pieces).unwrap()
        })
    })
}

proptest! {
    #[test]
    fn fewest_pieces_equal_brute_force(map in small_map()) {
        let pieces = map.solve().unwrap();
        if let Some(pieces) = &pieces {
            prop_assert_eq!(map.check(pieces), Ok(()));
        }
        prop_assert_eq!(pieces.map(|p| p.len()), brute_force(&map));
    }
}
