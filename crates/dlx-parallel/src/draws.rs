//! A batch of solutions drawn uniformly at random within a budget: the diagram made on a pool's threads, then the draws, the budget read between two of them.

use dlx_core::{Answer, Budget, MemoError, MemoSettings, OptionId, Outcome, Problem, Stop};

use crate::memo::diagram_on;
use crate::pool::Pool;

/// `k` solutions of `problem` drawn uniformly at random and independently
/// from `seed` (the draws of [`dlx_core::Diagram::samples`]: the same seed
/// gives the same draws on any number of threads), each with its options
/// in the problem's order, the diagram made on `pool`'s threads within
/// `budget`.
///
/// A batch of draws keeps to the budget as a search does: its deadline and
/// cancel flags are read between two draws, and the draws held count
/// against its memory (a batch that could not fit, at its smallest, is
/// refused before the diagram is made). A stop gives the draws made so
/// far, with the outcome [`Outcome::Stopped`] and its reason.
///
/// ```
/// use dlx_core::{parse_dlx, Budget, MemoSettings, Outcome, Stop};
/// use dlx_parallel::{sample_on, Pool};
///
/// let problem = parse_dlx("a b\na\nb\na b\n")?;
/// let pool = Pool::new(1)?;
/// let drawn = sample_on(&problem, &MemoSettings::new(), &Budget::new(), &pool, 7, 5)?;
/// assert_eq!((drawn.value.len(), drawn.outcome), (5, Outcome::Finished));
/// // A million draws cannot fit in a kilobyte: refused at once.
/// let small = Budget::new().with_memory(1024);
/// let refused = sample_on(&problem, &MemoSettings::new(), &small, &pool, 7, 1_000_000)?;
/// assert_eq!(refused.outcome, Outcome::Stopped(Stop::Memory));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sample_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    pool: &Pool,
    seed: u64,
    k: usize,
) -> Result<Answer<Vec<Vec<OptionId>>>, MemoError> {
    let header = size_of::<Vec<OptionId>>();
    let fits = |bytes: usize| budget.memory().is_none_or(|memory| bytes <= memory);
    if !fits(k.saturating_mul(header)) {
        return Ok(Answer::new(Vec::new(), Outcome::Stopped(Stop::Memory)));
    }
    let diagram = diagram_on(problem, settings, budget, pool)?;
    let mut drawn = Vec::new();
    let mut held = 0usize;
    for mut solution in diagram.samples(seed).take(k) {
        solution.sort_unstable();
        held = held.saturating_add(header + size_of_val(solution.as_slice()));
        let stop = match budget.check() {
            Err(stop) => Some(stop),
            Ok(()) => (!fits(held)).then_some(Stop::Memory),
        };
        if let Some(stop) = stop {
            return Ok(Answer::new(drawn, Outcome::Stopped(stop)));
        }
        drawn.push(solution);
    }
    Ok(Answer::new(drawn, Outcome::Finished))
}
