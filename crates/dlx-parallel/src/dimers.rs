//! The dimer method on threads: the primes of `dlx_core::dimers` run on a rayon pool, for the determinant and for the matchings through each edge; and each option's solutions counted as the count would count them, by the determinant or by the diagram.
//!
//! Each prime is a whole elimination ([`Matrix::det_mod`], or
//! [`Matrix::cofactors_mod`] with its selected inversion, a few times
//! longer), from a few milliseconds to tens, so the primes are the unit
//! of work: rayon hands them to the threads, each thread holds one front
//! at a time, and the residues are combined by [`Crt`] in the order of
//! [`Matrix::primes`], so the count is the same on any number of threads
//! (it is unique anyway: the residues of one integer). The budget is read
//! by each elimination before it starts and every few milliseconds within
//! it, so a raised cancel flag or a deadline stops every thread soon.
//!
//! [`frequencies_on`] is the one place that decides how each option's
//! solutions are counted (`dlx solve --frequencies`, the board
//! subcommands' `--frequencies`): by the method the count takes, as
//! [`counts_by_determinant`] says, so a board the count answers in
//! polynomial time has its frequencies in polynomial time too.

use dlx_core::dimers::{frequencies_with, Crt, Frequencies, Matrix};
use dlx_core::memo::counts_by_determinant;
use dlx_core::{
    Answer, Budget, Count, Diagram, MemoError, MemoSettings, Outcome, Problem, Stop, Why,
};
use rayon::prelude::*;

use crate::memo::diagram_on;
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

/// [`dlx_core::dimers::frequencies`] with its primes run on the threads
/// of `pool`: the number of perfect matchings of `matrix`'s graph, and of
/// those through each edge, the same on any number of threads.
///
/// Each thread holds one prime's elimination and its factors
/// ([`Matrix::cofactor_bytes`]): the answer stops with [`Stop::Memory`]
/// before it starts if the budget's memory is less than those of the
/// pool's threads and the residues kept
/// ([`frequencies_with`](dlx_core::dimers::frequencies_with)). A stopped
/// answer has no value (`None`).
///
/// ```
/// use dlx_core::dimers::{frequencies, Matrix};
/// use dlx_core::Budget;
///
/// // The 2 x 3 board (see dlx_core::dimers::frequencies).
/// let edges = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 0, -1), (2, 1, 1), (2, 2, 1)];
/// let matrix = Matrix::new(3, 3, edges)?;
/// let pool = dlx_parallel::Pool::new(2)?;
/// let answer = dlx_parallel::dimer_frequencies_on(&matrix, &Budget::new(), &pool);
/// assert_eq!(answer, frequencies(&matrix, &Budget::new()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dimer_frequencies_on(
    matrix: &Matrix,
    budget: &Budget,
    pool: &Pool,
) -> Answer<Option<Frequencies>> {
    frequencies_with(matrix, budget, pool.threads(), |primes| {
        pool.install(|| {
            primes
                .par_iter()
                .map(|&p| matrix.cofactors_mod(p, budget))
                .collect()
        })
    })
}

/// Each option's number of solutions and their total, from
/// [`frequencies_on`], with the method that counted them.
#[derive(Debug)]
#[non_exhaustive]
pub struct OptionCounts {
    /// The number of solutions.
    pub total: Count,
    /// For each option, in the problem's order, the number of solutions
    /// that contain it.
    pub each: Vec<Count>,
    /// How they were counted.
    pub by: CountedBy,
}

/// How [`frequencies_on`] counted each option's solutions (exhaustive, so
/// that a face says the statistics of each method).
#[derive(Debug)]
pub enum CountedBy {
    /// The memoised count's decision diagram ([`Diagram::frequencies`]),
    /// kept for its statistics.
    Diagram(Box<Diagram>),
    /// Kasteleyn's determinant and the cofactors of the problem's matrix
    /// ([`dimer_frequencies_on`]), for the reason the count would give
    /// for taking it.
    Dimers(Why),
}

/// Each option's number of solutions of `problem`, and their total, by
/// the method the count would take: Kasteleyn's determinant and its
/// cofactors ([`dimer_frequencies_on`]) exactly when the count's rule
/// counts the problem by its determinant
/// ([`counts_by_determinant`]; option `k` is the matrix's edge `k`),
/// else the memoised count's decision diagram ([`diagram_on`], under
/// `settings`). On the threads of `pool`, within `budget`.
///
/// A stopped count has no partial value: [`MemoError::Stopped`], by
/// either method. A problem that the diagram cannot count (one with
/// multiplicities) is [`MemoError::Multiplicities`].
///
/// ```
/// use dlx_core::{parse_dlx, Budget, MemoSettings};
/// use dlx_parallel::CountedBy;
///
/// // The 2 x 3 board by dominoes, as Knuth's text: it carries no matrix,
/// // so its frequencies come from the diagram.
/// let problem = parse_dlx("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n")?;
/// let pool = dlx_parallel::Pool::new(2)?;
/// let counts = dlx_parallel::frequencies_on(&problem, &MemoSettings::new(), &Budget::new(), &pool)?;
/// assert_eq!(counts.total, 3u64);
/// let each: Vec<_> = counts.each.iter().map(|c| c.to_u64().unwrap()).collect();
/// assert_eq!(each, [1, 1, 1, 1, 2, 1, 2]);
/// assert!(matches!(counts.by, CountedBy::Diagram(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn frequencies_on(
    problem: &Problem,
    settings: &MemoSettings,
    budget: &Budget,
    pool: &Pool,
) -> Result<OptionCounts, MemoError> {
    if let Some(matrix) = problem
        .matchings()
        .filter(|_| counts_by_determinant(problem))
    {
        let frequencies = dimer_frequencies_on(matrix, budget, pool)
            .complete()
            .map_err(MemoError::Stopped)?
            .expect("a finished determinant has its value");
        return Ok(OptionCounts {
            total: frequencies.total,
            each: frequencies.through,
            by: CountedBy::Dimers(Why::Planar),
        });
    }
    let diagram = diagram_on(problem, settings, budget, pool)?;
    Ok(OptionCounts {
        total: diagram.count().clone(),
        each: diagram.frequencies(),
        by: CountedBy::Diagram(Box::new(diagram)),
    })
}
