//! SPOJ NQUEEN lines (`dlx_models::queens::parse_spoj`): any text is read or
//! refused; every puzzle read writes back as a line that reads as the same
//! puzzle; small boards are searched, and every board passes `Queens::check`.
#![no_main]

use dlx_fuzz::{bounded_solutions, text, NODE_BUDGET};
use dlx_models::queens::{parse_spoj, Queens};
use libfuzzer_sys::fuzz_target;

/// The largest board that is searched here.
const MAX_SEARCHED: usize = 12;

/// The most puzzles of one input that are searched.
const MAX_SEARCHED_PUZZLES: usize = 4;

fn check_puzzle(puzzle: &Queens, search: bool) {
    let n = puzzle.n();
    let line = format!("{n} {}", puzzle.placed().spoj_line());
    match parse_spoj(&line).next() {
        Some(Ok(case)) => assert_eq!(&case.puzzle, puzzle, "written as {line}"),
        other => panic!("a puzzle written back does not read ({other:?}): {line}"),
    }
    if puzzle.check(puzzle.placed()).is_ok() != (puzzle.placed().queens().count() == n) {
        panic!("check accepts a board without n queens, or refuses a full one: {line}");
    }
    if !search || n > MAX_SEARCHED {
        return;
    }
    let encoding = puzzle.encode().expect("a small board encodes");
    let Some(solutions) = bounded_solutions(encoding.problem(), NODE_BUDGET) else {
        return;
    };
    for solution in &solutions {
        let board = encoding.decode(solution);
        if let Err(err) = puzzle.check(&board) {
            panic!("board {} fails its check: {err}", board.spoj_line());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    for (i, case) in parse_spoj(&text).enumerate() {
        match case {
            Ok(case) => check_puzzle(&case.puzzle, i < MAX_SEARCHED_PUZZLES),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
