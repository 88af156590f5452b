//! What the fuzz targets share: how an input is cut up, the fixed problems, and a search that stops at a budget.
//!
//! Every target lives in `fuzz_targets/` and is run by `cargo xtask fuzz`
//! (which calls `cargo +nightly fuzz run`). A target panics only when it
//! finds a fault: a parser that panics or aborts, or a property that fails
//! (a round trip that does not hold, a solution that [`dlx_core::verify`]
//! refuses, a parallel count that differs from the sequential one).
//! Every search a target runs is bounded by a node budget, so that each
//! input takes milliseconds; an input whose search exceeds the budget is
//! skipped, not reported.

use std::borrow::Cow;
use std::sync::OnceLock;

use dlx_core::{parse_dlx, verify, Budget, Count, OptionId, Outcome, Problem, Solver, Step};
use dlx_parallel::Pool;

/// The nodes a target's search may enter before the input is skipped.
pub const NODE_BUDGET: u64 = 5_000;

/// The solutions a target's search may report before the input is skipped.
pub const MAX_SOLUTIONS: usize = 500;

/// The input as text: invalid UTF-8 becomes U+FFFD, so that every input
/// reaches the parser (which takes `&str`).
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The first byte of the input, which picks a variant (a format, a shape, a
/// problem), and the rest; `(0, [])` for the empty input.
pub fn selector(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&first, rest)) => (first, rest),
        None => (0, data),
    }
}

/// Every solution of `problem`, each checked by [`verify`], or `None` when
/// the search needs more than `budget` nodes or finds more than
/// [`MAX_SOLUTIONS`] solutions.
///
/// # Panics
/// If [`verify`] refuses a solution the search reports.
pub fn bounded_solutions(problem: &Problem, budget: u64) -> Option<Vec<Vec<OptionId>>> {
    let mut solver = Solver::new(problem);
    solver.set_budget(Budget::new().with_nodes(budget));
    let mut solutions = Vec::new();
    loop {
        match solver.run(u64::MAX) {
            Step::Solution => {
                let solution = solver.solution();
                if let Err(err) = verify(problem, solution) {
                    panic!("the search reported {solution:?}, which is not a solution: {err}");
                }
                solutions.push(solution.to_vec());
                if solutions.len() > MAX_SOLUTIONS {
                    return None;
                }
            }
            // The node budget ran out: nothing is known of the rest.
            Step::End(Outcome::Stopped(_)) => return None,
            Step::End(_) => return Some(solutions),
            Step::Paused => {}
        }
    }
}

/// The `n`-queens problem in Knuth's DLX format: rows and columns primary, diagonals secondary.
pub fn queens_text(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        text += &format!("r{i} c{i} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

/// A problem the shard targets split, and its number of solutions.
#[derive(Debug)]
pub struct Fixture {
    /// The problem.
    pub problem: Problem,
    /// Its number of solutions, counted once by the plain search.
    pub count: Count,
}

/// The problems the shard targets use, picked by the first byte of an input
/// (modulo their number): 4-, 5- and 6-queens, a problem with colors, and
/// one with multiplicities. Seeds name them by that byte, so keep the order.
pub fn fixtures() -> &'static [Fixture] {
    static FIXTURES: OnceLock<Vec<Fixture>> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let texts = [
            queens_text(4),
            queens_text(5),
            queens_text(6),
            // Knuth's example of Algorithm C (TAOCP 7.2.2.1, (49)).
            "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n".to_owned(),
            // Multiplicities (Algorithm M): a twice or three times, b once or twice.
            "2:3|a 1:2|b c\na b\na c\na\nb c\nb\nc\n".to_owned(),
        ];
        texts
            .iter()
            .map(|text| {
                let problem = parse_dlx(text).expect("a fixture reads");
                let count = Solver::new(&problem).count().value;
                Fixture { problem, count }
            })
            .collect()
    })
}

/// The fixture an input's first byte picks.
pub fn fixture(selector: u8) -> &'static Fixture {
    let all = fixtures();
    &all[usize::from(selector) % all.len()]
}

/// A pool of 1 or 2 threads, made once: a pool per input would spend most
/// of the run starting threads.
///
/// # Panics
/// If `threads` is not 1 or 2.
pub fn pool(threads: usize) -> &'static Pool {
    static POOLS: [OnceLock<Pool>; 2] = [OnceLock::new(), OnceLock::new()];
    POOLS[threads - 1].get_or_init(|| Pool::new(threads).expect("a thread pool"))
}
