//! Counting a board's tilings, all of them and up to the board's symmetries: the one policy that the CLI, Python and the page call, for every board model.
//!
//! The policy: a count of all tilings goes to the count's rule
//! ([`dlx_core::CountJob`]), which memoises where regions repeat (the
//! domino tilings of a large board, counted layer by layer); where the rule
//! chooses the plain search instead, and whenever the tilings up to
//! symmetry are asked for, one search of the model's restricted problem
//! gives both counts ([`OrbitCount`]: each orbit is found once, with its
//! size), about as many times faster than the plain count of all tilings
//! as the board has symmetries. The searches run on the caller's
//! [`Searcher`]: on this thread or on a pool's (`dlx-parallel`).

use dlx_core::searcher::Weighed;
use dlx_core::{Count, CountMode, Counted, MemoError, OptionId, Outcome, Problem, Searcher};

/// The number of tilings and the number of them up to symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    /// All tilings.
    pub all: Count,
    /// Orbits of tilings under the symmetries the model counts up to.
    pub distinct: Count,
}

/// The count up to symmetry of a board model, ready to run on any searcher:
/// every solution of [`OrbitCount::problem`] goes to [`OrbitCount::orbit`],
/// which says whether it stands for its orbit and how many tilings the orbit
/// holds, and [`OrbitCount::counts`] turns the sums into [`Counts`].
/// It reads the model only, so threads may share it.
pub trait OrbitCount: Sync {
    /// The problem to search (the model's own, or with one piece restricted).
    fn problem(&self) -> &Problem;
    /// `Some(size)` when `solution` stands for its orbit, `size` the number
    /// of solutions of the model's problem in that orbit; `None` when
    /// another solution stands for it.
    fn orbit(&self, solution: &[OptionId]) -> Option<u64>;
    /// The counts from the number of solutions `orbit` accepted and the sum
    /// of the sizes it returned.
    fn counts(&self, orbits: u64, tilings: u64) -> Counts;
}

/// A board model whose solutions are tilings: what the policy needs of it.
pub trait Tilings {
    /// Why the count up to symmetry cannot be set up.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The exact cover problem of the board and its pieces.
    fn problem(&self) -> &Problem;
    /// The solutions of [`Tilings::problem`] that make one tiling (copies
    /// of a piece permuted).
    fn solutions_per_tiling(&self) -> u64;
    /// The count up to symmetry.
    fn orbit_count(&self) -> Result<Box<dyn OrbitCount + '_>, Self::Error>;
}

/// The tilings counted by [`count_tilings`], and how the count ended.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TilingCount {
    /// All tilings: complete when the outcome is; when the budget stopped
    /// the count, those found so far, or `None` when the stopped count was
    /// memoised (it has no partial value).
    pub all: Option<Count>,
    /// The tilings up to symmetry, whenever the search by symmetry ran
    /// (always when they were asked for; partial too when the outcome is).
    pub distinct: Option<Count>,
    /// How the count ended.
    pub outcome: Outcome,
    /// The core's count, when the count's rule counted all tilings (its
    /// method, why, and statistics).
    pub counted: Option<Counted>,
    /// The search by symmetry, when it ran (its statistics).
    pub weighed: Option<Weighed>,
}

/// Why a board's tilings could not be counted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The count up to symmetry could not be set up.
    #[error("cannot set up the count up to symmetry")]
    Symmetry(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The memoised count was asked for and cannot count this problem.
    #[error(transparent)]
    Memo(#[from] MemoError),
}

/// Counts the tilings of `model`: all of them, and up to symmetry too with
/// `distinct`, by the policy of the module's documentation, `mode` naming
/// the count's method as `--memo` and `--no-memo` do (the count up to
/// symmetry always searches); the searches run on `searcher`.
///
/// ```
/// use dlx_core::{CountMode, Sequential};
/// use dlx_models::polyomino::{Board, PieceSet, Polyomino};
/// use dlx_models::tilings::count_tilings;
///
/// let model = Polyomino::new(Board::parse_size("20x3")?, PieceSet::pentominoes(), false)?;
/// let counted = count_tilings(&model, true, CountMode::Auto, &mut Sequential::new())?;
/// assert_eq!((counted.all, counted.distinct), (Some(8u64.into()), Some(2u64.into())));
/// assert!(counted.outcome.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_tilings<M: Tilings + ?Sized>(
    model: &M,
    distinct: bool,
    mode: CountMode,
    searcher: &mut dyn Searcher,
) -> Result<TilingCount, CountError> {
    if !distinct {
        if let Some(counted) = searcher.count(model.problem(), mode, true)? {
            let per_tiling = model.solutions_per_tiling().max(1);
            return Ok(TilingCount {
                all: counted.count.as_ref().map(|c| c.div_floor(per_tiling)),
                distinct: None,
                outcome: counted.outcome,
                counted: Some(counted),
                weighed: None,
            });
        }
    }
    let orbits = model
        .orbit_count()
        .map_err(|err| CountError::Symmetry(Box::new(err)))?;
    let weighed = searcher.weigh(orbits.problem(), &|solution| orbits.orbit(solution));
    let counts = orbits.counts(weighed.value.kept, weighed.value.weight);
    Ok(TilingCount {
        all: Some(counts.all),
        distinct: Some(counts.distinct),
        outcome: weighed.outcome,
        counted: None,
        weighed: Some(weighed.value),
    })
}
