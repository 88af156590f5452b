//! Adapters for the peers that are crates: `dlx` and `xcov`.
//!
//! Shared by the criterion benches (`mod peers;`) and the `runner` example
//! (`#[path]`), because the peer crates are dev-dependencies of `dlx-benches`
//! only and so cannot be reached from its library. Each adapter does what a
//! user of that peer would do with a DLX-format file: parse it with the peer's
//! own reader where it has one, build the problem, and count every solution.
#![allow(dead_code, reason = "each bench target uses only some of the adapters")]

use dlx_benches::{sudoku_options, sudoku_puzzles, PlainProblem};

/// The `dlx` crate (Algorithm X, minimum-remaining-values choice with the
/// leftmost item on ties, as ours), reading the text with its own `Spec`.
pub fn count_dlx_crate(text: &str) -> u64 {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let spec = dlx::Spec::new(text, false).expect("the dlx crate reads the instance");
    let mut problem = dlx::x::Problem::from_spec(&spec, dlx::OptOrder::Seq)
        .expect("the dlx crate builds the instance");
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx::Solver::new(&mut problem);
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// The `xcov` crate: its `DlxBuilder` takes 1-based item numbers in
/// ascending order, and `MrvExactCoverSearch` picks the first item with
/// the fewest options, as ours. The crate has no text reader, so the
/// instance goes through [`PlainProblem`].
pub fn count_xcov(text: &str) -> u64 {
    use xcov::ExactCoverProblem as _;
    let plain = PlainProblem::parse(text).expect("a valid DLX instance");
    let mut builder = xcov::DlxBuilder::new(plain.n_primary, plain.n_secondary);
    let mut items = Vec::new();
    for option in &plain.options {
        items.clear();
        items.extend(option.iter().map(|&item| item + 1));
        items.sort_unstable();
        builder.add_option(&items);
    }
    let mut search = xcov::MrvExactCoverSearch::new(builder.build());
    let mut count = 0;
    while search.search() {
        count += 1;
    }
    count
}

/// Solves every puzzle of a sudoku set with the `dlx` crate, up to `limit`
/// solutions each, and adds up the solutions found.
pub fn count_sudoku_dlx_crate(text: &str, limit: u64) -> u64 {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut total = 0;
    for puzzle in sudoku_puzzles(text) {
        let options: Vec<Vec<dlx::Uint>> = sudoku_options(puzzle)
            .iter()
            .map(|option| option.iter().map(|&item| dlx::Uint(item)).collect())
            .collect();
        let mut problem = dlx::x::make_problem(324, 0, &options, dlx::OptOrder::Seq);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut solver = dlx::Solver::new(&mut problem);
        let mut found = 0;
        while found < limit && solver.next_solution(&mut chooser) {
            found += 1;
        }
        total += found;
    }
    total
}

/// Solves every puzzle of a sudoku set with `xcov`, up to `limit` solutions
/// each, and adds up the solutions found.
pub fn count_sudoku_xcov(text: &str, limit: u64) -> u64 {
    use xcov::ExactCoverProblem as _;
    let mut total = 0;
    for puzzle in sudoku_puzzles(text) {
        let mut builder = xcov::DlxBuilder::new(324, 0);
        for option in sudoku_options(puzzle) {
            // Items are numbered from 1 and already ascending.
            builder.add_option(&option.map(|item| item + 1));
        }
        let mut search = xcov::MrvExactCoverSearch::new(builder.build());
        let mut found = 0;
        while found < limit && search.search() {
            found += 1;
        }
        total += found;
    }
    total
}
