//! The polyominoes' exact cover problem: the square grid's [`Encoding`] (Knuth's `polyomino-dlx`), and what a polyomino model says in its own words.

use std::ops::ControlFlow;

use dlx_core::{Count, Stats};

use super::board::Board;
use super::dimers::Dimers;
use super::square::Square;
use super::tiling::Tiling;
use crate::polyform::{
    Encoding, Motions, PieceSet, PlacedPiece, Polyform, SetupError, SymmetryCount,
};
use crate::tilings::Counts;

/// The polyominoes' conventions (see the module docs): the piece items
/// first and the cells named `r{row}c{column}`, as in Knuth's
/// `polyomino-dlx`; each piece's placements mapped onto its own by every
/// symmetry counted; the piece with the fewest placements restricted.
impl Encoding for Square {
    type Packing = Tiling;
    type Moves = bool;
    const CELLS_FIRST: bool = false;
    const RENAMES: bool = false;
    const LARGEST_ORBITS: bool = false;

    /// The placed pieces sorted by their cells.
    fn packing(
        board: &Board,
        pieces: &PieceSet<Square>,
        mut placed: Vec<PlacedPiece<Square>>,
    ) -> Tiling {
        placed.sort_by(|a, b| a.cells.cmp(&b.cells));
        Tiling::new(board, pieces, placed)
    }

    fn uncovered((row, column): (usize, usize)) -> SetupError {
        SetupError::CellUncovered {
            row: row + 1,
            column: column + 1,
        }
    }

    /// `one_sided`: the rotations only when `true`.
    fn motions(one_sided: bool) -> Motions {
        if one_sided {
            Motions::Rotations
        } else {
            Motions::All
        }
    }
}

impl Polyform<Square> {
    /// Whether pieces may only be rotated, not reflected.
    pub fn one_sided(&self) -> bool {
        self.motions() == Motions::Rotations
    }

    /// How many solutions of [`Polyomino::problem`](Polyform::problem) make
    /// one tiling: [`Polyform::solutions_per_packing`].
    pub fn solutions_per_tiling(&self) -> u64 {
        self.solutions_per_packing()
    }

    /// Calls `visit` with each tiling in the order the search finds them,
    /// each once: [`Polyform::visit_packings`].
    pub fn visit_tilings<B>(&self, visit: impl FnMut(Tiling) -> ControlFlow<B>) -> ControlFlow<B> {
        self.visit_packings(visit)
    }

    /// The count up to symmetry, ready to run on any solver: see
    /// [`SymmetryCount`] (never an error: the restricted problem keeps a
    /// subset of the options of the model's, which built).
    ///
    /// ```
    /// use dlx_core::Solver;
    /// use dlx_models::polyomino::{Board, PieceSet, Polyomino};
    ///
    /// let board = Board::parse_size("5x4")?;
    /// let model = Polyomino::new(board, PieceSet::builtin("tetrominoes")?, false)?;
    /// let count = model.symmetry_count()?;
    /// let (mut orbits, mut tilings) = (0, 0);
    /// let _ = Solver::new(count.problem()).visit(|solution| {
    ///     if let Some(size) = count.orbit(solution) {
    ///         orbits += 1;
    ///         tilings += size;
    ///     }
    ///     std::ops::ControlFlow::<()>::Continue(())
    /// });
    /// let counts = count.counts(orbits, tilings);
    /// assert_eq!(counts, model.count_by_symmetry()?.0);
    /// assert_eq!(counts.all, model.count_all());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetry_count(&self) -> Result<SymmetryCount<'_, Square>, SetupError> {
        Ok(self.orbits())
    }

    /// The number of tilings up to the symmetries of
    /// [`Polyomino::symmetries`](Polyform::symmetries): the number of
    /// orbits, exactly, symmetric tilings included (see the module docs).
    pub fn count_distinct(&self) -> Result<Count, SetupError> {
        Ok(self.count_distinct_with_stats()?.0)
    }

    /// [`Polyomino::count_distinct`](Polyform::count_distinct) and the
    /// statistics of the search.
    pub fn count_distinct_with_stats(&self) -> Result<(Count, Stats), SetupError> {
        let (counts, stats) = self.count_by_symmetry()?;
        Ok((counts.distinct, stats))
    }

    /// Both counts from the one search of
    /// [`Polyomino::count_distinct`](Polyform::count_distinct): each orbit
    /// found adds 1 to `distinct` and its size to `all` ([`SymmetryCount`],
    /// which runs on any solver, threads included).
    pub fn count_by_symmetry(&self) -> Result<(Counts, Stats), SetupError> {
        Ok(self.counts_by_symmetry())
    }

    /// The domino tilings of the board as perfect matchings, when the
    /// pieces are dominoes only (one piece of two cells, used as often as
    /// the board needs, as [`PieceSet::domino`] is); `None` for any other
    /// pieces, where no determinant counts the tilings.
    pub fn dimers(&self) -> Option<Dimers> {
        Dimers::of(
            self.board(),
            self.cells(),
            &self.pairs(&self.option_placement)?,
        )
    }
}
