//! The dimer method's determinant on threads: the primes of `dlx_core::dimers` run on a rayon pool, the residues combined in the plan's order.
//!
//! Each prime is a whole elimination ([`Matrix::det_mod`]), from a few
//! milliseconds to tens, so the primes are the unit of work: rayon hands
//! them to the threads, each thread holds one front at a time, and the
//! residues are combined by [`Crt`] in the order of [`Matrix::primes`],
//! so the count is the same on any number of threads (it is unique
//! anyway: the residues of one integer). The budget is read by each
//! elimination before it starts and every few milliseconds within it,
//! so a raised cancel flag or a deadline stops every thread soon.

use dlx_core::dimers::{Crt, Matrix};
use dlx_core::{Answer, Budget, Count, Outcome, Stop};
use rayon::prelude::*;

use crate::pool::Pool;

/// The absolute value of the determinant of `matrix`, the number of
/// perfect matchings of its graph for Kasteleyn's signs, with its primes
/// run on the threads of `pool`: the answer of [`dlx_core::dimers::count`],
/// on any number of threads.
///
/// Each thread holds a front of
/// [`Cost::front_bytes`](dlx_core::dimers::Cost::front_bytes): the count
/// stops with [`Stop::Memory`] before it starts if the budget's memory is
/// less than that times the pool's threads. A stopped count has no value
/// (`None`); of several stops at once, the first one found is reported.
///
/// ```
/// use dlx_core::dimers::Matrix;
/// use dlx_core::{Budget, Outcome};
///
/// // The 2 x 3 board (see dlx_core::dimers::count).
/// let edges = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 0, -1), (2, 1, 1), (2, 2, 1)];
/// let matrix = Matrix::new(3, 3, edges)?;
/// let pool = dlx_parallel::Pool::new(2)?;
/// let answer = dlx_parallel::count_dimers_on(&matrix, &Budget::new(), &pool);
/// assert_eq!((answer.value, answer.outcome), (Some(3u64.into()), Outcome::Finished));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_dimers_on(matrix: &Matrix, budget: &Budget, pool: &Pool) -> Answer<Option<Count>> {
    let stopped = |stop| Answer::new(None, Outcome::Stopped(stop));
    let fronts = matrix.cost().front_bytes.saturating_mul(pool.threads());
    if budget.memory().is_some_and(|memory| fronts > memory) {
        return stopped(Stop::Memory);
    }
    let primes = matrix.primes();
    // Each elimination holds one front: its own check is against the
    // whole budget, which the fronts together were checked against above.
    let residues: Result<Vec<u32>, Stop> = pool.install(|| {
        primes
            .as_slice()
            .par_iter()
            .map(|&p| matrix.det_mod(p, budget))
            .collect()
    });
    match residues {
        Ok(residues) => {
            let mut crt = Crt::new();
            for (&p, residue) in primes.as_slice().iter().zip(residues) {
                crt.add(p, residue);
            }
            Answer::new(Some(Count::from(crt.magnitude())), Outcome::Finished)
        }
        Err(stop) => stopped(stop),
    }
}
