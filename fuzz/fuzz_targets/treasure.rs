//! Treasure maps, ZOJ 3209 (`dlx_models::treasure::parse`): any text is read
//! or refused; every map read writes back as text that reads as the same
//! map; small maps are searched, and every tiling passes `Map::check`.
#![no_main]

use dlx_fuzz::{bounded_solutions, text, NODE_BUDGET};
use dlx_models::treasure::{answer, parse, Map};
use libfuzzer_sys::fuzz_target;

/// The most cells of a map that is searched here.
const MAX_SEARCHED_CELLS: usize = 400;

/// The most pieces of a map that is searched here.
const MAX_SEARCHED_PIECES: usize = 40;

fn check_map(map: &Map) {
    let mut written = format!("1\n{} {} {}\n", map.n(), map.m(), map.pieces().len());
    for rect in map.pieces() {
        written += &format!("{} {} {} {}\n", rect.x1, rect.y1, rect.x2, rect.y2);
    }
    let mut again = parse(&written);
    match again.next() {
        Some(Ok(case)) => assert_eq!(&case.map, map, "written as\n{written}"),
        other => panic!("a map written back does not read ({other:?}):\n{written}"),
    }
    assert!(again.next().is_none());
    assert_eq!(
        Map::new(map.n(), map.m(), map.pieces().to_vec()).as_ref(),
        Ok(map)
    );

    if map.n() * map.m() > MAX_SEARCHED_CELLS || map.pieces().len() > MAX_SEARCHED_PIECES {
        return;
    }
    let encoding = map.encode().expect("a small map encodes");
    let Some(solutions) = bounded_solutions(encoding.problem(), NODE_BUDGET) else {
        return;
    };
    for solution in &solutions {
        let pieces = encoding.decode(solution);
        if let Err(err) = map.check(&pieces) {
            panic!("tiling {pieces:?} fails its check: {err}");
        }
        let _ = answer(Some(&pieces));
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    for case in parse(&text) {
        match case {
            Ok(case) => check_map(&case.map),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
