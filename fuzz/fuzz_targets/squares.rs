//! Square destroyer, POJ 1084 (`dlx_models::squares::parse`): any text is read
//! or refused; every grid read writes back as text that reads as the same
//! grid; small grids are solved, and every answer passes `Grid::check`.
#![no_main]

use dlx_fuzz::text;
use dlx_models::squares::{parse, Grid};
use libfuzzer_sys::fuzz_target;

/// The largest grid that is solved here (`MinCover` on 4x4 takes milliseconds).
const MAX_SOLVED: usize = 4;

fn check_grid(grid: &Grid) {
    let missing: Vec<usize> = (1..=grid.n_sticks()).filter(|&s| !grid.has(s)).collect();
    let list: Vec<String> = missing.iter().map(usize::to_string).collect();
    let written = format!("1\n{}\n{} {}\n", grid.n(), missing.len(), list.join(" "));
    let mut again = parse(&written);
    match again.next() {
        Some(Ok(case)) => assert_eq!(&case.grid, grid, "written as\n{written}"),
        other => panic!("a grid written back does not read ({other:?}):\n{written}"),
    }
    assert!(again.next().is_none());
    assert_eq!(Grid::new(grid.n(), &missing).as_ref(), Ok(grid));

    if grid.n() > MAX_SOLVED {
        return;
    }
    let sticks = grid.solve().expect("a small grid encodes");
    if let Err(err) = grid.check(&sticks) {
        panic!("removing {sticks:?} fails the check: {err}\n{written}");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    for case in parse(&text) {
        match case {
            Ok(case) => check_grid(&case.grid),
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
});
