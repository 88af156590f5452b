//! Perfect matchings of a bipartite graph counted by a determinant: Kasteleyn's method, exact at any size.
//!
//! Kasteleyn (1961) and Temperley and Fisher (1961) showed that a planar
//! bipartite graph can be given signs on its edges such that the
//! determinant of its signed biadjacency matrix is, up to sign, the
//! number of its perfect matchings: for each bounded face of `2k` edges,
//! the product of the signs is `(-1)^(k+1)`. The signs come from the
//! geometry, which the caller knows (`dlx-models` signs the regions of the
//! square grid, holes included); this module computes the determinant,
//! exactly, of any square sparse matrix of small integers.
//!
//! # Signs for the two lattices of tilings
//! - **Dominoes** (the square grid): see `dlx_models::polyomino::Dimers`;
//!   a horizontal domino `+1`, a vertical one `(-1)^column`, and a flip
//!   for each square off the board below a horizontal domino.
//! - **Lozenges** (the triangular grid): the tilings of a region by
//!   lozenges (two triangles sharing a side) are the perfect matchings of
//!   its honeycomb graph, up-pointing triangles one side and down-pointing
//!   ones the other. Every bounded face of the full honeycomb is a hexagon,
//!   `(-1)^(3+1) = 1`, so all signs `+1` are Kasteleyn's for a region
//!   without holes (Euler's formula gives `k + m = 2F + 1` for a cycle of
//!   `2k` edges around `F` hexagons and `m` vertices, so every such cycle
//!   has the sign `(-1)^(k+1+m)` Kasteleyn asks for). A cycle that also
//!   goes around `h` triangles off the region is then off by `(-1)^h`,
//!   and the cure is the squares' one: from each triangle off the region,
//!   a ray from one of its corners along a line of the lattice to the
//!   outside, which meets no triangle's centre and crosses the honeycomb
//!   edges of the sides on that line; flip each of them once per ray.
//!   The crossings of a ray and a cycle are odd exactly when the ray
//!   starts inside, so every cycle gets the sign `(-1)^(k+1+m)`.
//!   dlx-core's tests check these signs against MacMahon's formula for the
//!   `a x b x c` hexagons and, with holes, against the layered count.
//!
//! # Brief overview
//! - [`Matrix`]: the signed biadjacency matrix, built from the caller's
//!   rows, columns and edges ([`MatrixError`] names the bad edge).
//! - [`count`]: `|det|` as a [`Count`], under a
//!   [`Budget`], as an [`Answer`].
//! - [`Matrix::cost`]: what it will cost ([`Cost`]), from the matrix's
//!   shape alone, before any arithmetic.
//! - The parts of [`count`], for a caller that runs the primes on threads:
//!   [`Matrix::primes`] ([`Primes`], as many [`Prime`]s as Hadamard's
//!   bound proves enough), [`Matrix::det_mod`] (one residue) and [`Crt`]
//!   (the residues combined).
//!
//! # Design
//! - **Residues, not big integers.** The determinant is computed modulo
//!   primes below `2^29` and rebuilt by the Chinese remainder theorem.
//!   Bareiss's fraction-free elimination over big integers does the same
//!   band elimination once, but on numbers as long as the answer (4,200
//!   bits for the 100 x 100 board: 66 words), and each of its steps is a
//!   multiplication and an exact division of such numbers, hundreds of word
//!   operations, where a residue step is one multiply-add.
//! - **A proven number of primes.** Their product exceeds twice
//!   Hadamard's bound on `|det|` (see [`Primes`]); the residues are never
//!   watched for stability.
//! - **Elimination in a front.** The columns are eliminated in the
//!   caller's order; a row enters at its first entry and leaves as a
//!   pivot, and the rows between hold only the columns from the current
//!   one to the farthest reach of a row entered. A caller that numbers
//!   both sides along its board (a board row after another, or a diagonal
//!   after another) keeps that front about as wide as the board, so a
//!   determinant costs about `n * w^2` multiply-adds for `n` rows and a
//!   front of width `w`, not `n^3`, in memory `w^2` words, not `n^2`. The
//!   pivot is the row of least reach with a value modulo `p` (partial
//!   pivoting within the band). [`Matrix::new`] sweeps the rows instead
//!   when that is cheaper (the determinant of the transpose is the same).
//! - **Lazy sums.** The rows of the front are `u64` sums of products of
//!   values below `p < 2^29`, reduced once every 63 updates: the update
//!   is a multiply-add of 32-bit lanes that the compiler vectorises, and
//!   no `unsafe` is needed.

mod adjugate;
mod crt;
mod eliminate;
mod field;
mod matrix;

pub use adjugate::{frequencies, Cofactors, Frequencies};
pub use crt::{Crt, Primes};
pub use field::Prime;
pub use matrix::{Cost, Edge, Matrix, MatrixError};

use crate::{Answer, Budget, Count, Outcome};

/// The absolute value of the determinant of `matrix`, exactly: the number
/// of perfect matchings of its graph when its signs are Kasteleyn's.
///
/// Runs [`Matrix::det_mod`] for each of [`Matrix::primes`] and combines
/// the residues ([`Crt`]). A budget's memory smaller than
/// [`Cost::front_bytes`] stops it before it allocates; its deadline and
/// cancel flags are read between primes and every few milliseconds
/// within one. A stopped determinant has no partial value: the value is
/// `Some` count exactly when the outcome is [`Outcome::Finished`], and
/// `None` when it is [`Outcome::Stopped`] (as the memoised count's
/// [`Counted::count`](crate::Counted::count)).
///
/// ```
/// use dlx_core::dimers::{count, Matrix};
/// use dlx_core::{Budget, Outcome};
///
/// // The 2 x 3 board: black cells (0,0) (0,2) (1,1) are the rows, white
/// // cells (0,1) (1,0) (1,2) the columns; horizontal dominoes +1,
/// // vertical ones (-1)^column.
/// let edges = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 0, -1), (2, 1, 1), (2, 2, 1)];
/// let matrix = Matrix::new(3, 3, edges)?;
/// let answer = count(&matrix, &Budget::new());
/// assert_eq!((answer.value, answer.outcome), (Some(3u64.into()), Outcome::Finished));
/// # Ok::<(), dlx_core::dimers::MatrixError>(())
/// ```
pub fn count(matrix: &Matrix, budget: &Budget) -> Answer<Option<Count>> {
    let primes = matrix.primes();
    let mut crt = Crt::new();
    for &p in primes.as_slice() {
        match matrix.det_mod(p, budget) {
            Ok(residue) => crt.add(p, residue),
            Err(stop) => return Answer::new(None, Outcome::Stopped(stop)),
        }
    }
    Answer::new(Some(Count::from(crt.magnitude())), Outcome::Finished)
}
