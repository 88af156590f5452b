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
//! - [`count`]: `|det|` as a [`Count`], under a [`Budget`], as an
//!   [`Answer`]; [`frequencies`]: also the matchings through each edge.
//! - [`Matrix::cost`]: what a count will cost ([`Cost`]), from the
//!   matrix's shape alone, before any arithmetic: multiply-adds, primes
//!   and bytes, for a decision between this method and another.
//! - The parts of [`count`] and [`frequencies`], for a caller that runs
//!   the primes on threads (`dlx-parallel` does): [`Matrix::primes`]
//!   ([`Primes`], as many [`Prime`]s as Hadamard's bound proves enough),
//!   [`Matrix::det_mod`] and [`Matrix::cofactors_mod`] (one prime's
//!   residues) and [`Crt`] (residues combined); [`frequencies_with`],
//!   the frequencies with the caller running each batch of primes.
//!
//! # Design
//! - **Residues, not big integers.** The determinant is computed modulo
//!   primes below `2^29` and rebuilt by the Chinese remainder theorem.
//!   Bareiss's fraction-free elimination over big integers does the same
//!   band elimination once, on numbers that grow to the answer's length,
//!   each step a product and an exact division of such numbers: measured
//!   in one sitting (`cargo run --release -p dlx-benches --example dimers
//!   -- square N --bareiss`), 12 times slower than the residues on the
//!   30 x 30 board, 14 on 40 x 40 and 18 on 60 x 60, the gap growing with
//!   the answer's length.
//! - **A proven number of primes.** Their product exceeds twice
//!   Hadamard's bound on `|det|` (see [`Primes`]); the residues are never
//!   watched for stability. The bound is 4,959 bits for the 100 x 100
//!   board, whose count has 4,164, but 10,001 for the Aztec diamond of
//!   order 100, whose count has 5,051: half its primes prove what the
//!   others found. No tighter bound for any signed matrix is known to us.
//! - **Elimination in a front.** The columns are eliminated in the
//!   caller's order; a row enters at its first entry and leaves as a
//!   pivot, and the rows between hold only the columns from the current
//!   one to the farthest reach of a row entered. A caller that numbers
//!   both sides along its board keeps that front about as wide as the
//!   board, so a determinant costs about `n * w^2` multiply-adds for `n`
//!   rows and a front of width `w`, not `n^3`, in `w^2` words of memory,
//!   not `n^2` (125 kB for the Aztec diamond of order 100). The pivot is
//!   the row of least reach with a value modulo `p` (partial pivoting
//!   within the band). [`Matrix::new`] sweeps the rows instead when that
//!   is cheaper (the determinant of the transpose is the same), and the
//!   order matters: the Aztec diamond of order 100 costs 50.3 million
//!   multiply-adds a prime by board rows, 17.5 million by diagonals (all
//!   about `n` long), which `dlx-models` therefore takes.
//! - **Lazy sums, no `unsafe`.** The rows of the front are `u64` sums of
//!   products of values below `p < 2^29`, reduced once every 63 updates:
//!   the update is a multiply-add of 32-bit lanes that the compiler
//!   vectorises. Built for the machine's AVX2 (`-C target-cpu=native`) the
//!   count of the Aztec diamond of order 60 was only 5 to 10% faster: the
//!   rows updated are short (a dozen values on average), and the work per
//!   row (its pivot test, its multiplier, the loop's ends) weighs as much
//!   as the vector loop. So no `std::arch` and no `unsafe`.
//!
//! # Figures
//! Exact counts on one thread of this project's 2-core machine, shared
//! with four other builds (load 5 to 7), by
//! `cargo run --release -p dlx-benches --example dimers -- BOARD N`, two
//! runs each (the machine's speed varied twice over between them); peak
//! memory by `/usr/bin/time`, the model's problem included:
//!
//! | board | rows | bits (bound) | primes | count | frequencies | memory |
//! |---|---|---|---|---|---|---|
//! | 60 x 60 | 1,800 | 1,489 (1,775) | 62 | 0.05 to 0.13 s | 0.23 to 0.28 s | 6 MB |
//! | Aztec diamond 60 | 3,660 | 1,831 (3,601) | 125 | 0.32 to 0.68 s | 1.4 to 1.5 s | 17 MB |
//! | 100 x 100 | 5,000 | 4,164 (4,959) | 172 | 0.9 to 2.6 s | 3.5 to 4.4 s | 30 MB |
//! | Aztec diamond 100 | 10,100 | 5,051 (10,001) | 345 | 6.9 to 10.6 s | | 19 MB |
//! | hexagon of side 30 | 2,700 | 1,019 (2,114) | 73 | 0.13 to 0.23 s | 0.45 to 0.66 s | 8 MB |
//!
//! At load 3 the Aztec diamond of order 100 took 4.6 s and the 100 x 100
//! board 0.7 s. On two threads (`dlx-parallel`'s `count_dimers_on`) the
//! primes divide evenly, but the second core was rarely free: the two
//! boards of order 100 took 1.0 to 1.8 times less. The time of one
//! prime is about 0.3 ns times [`Cost::work`] on this machine (20 ns a
//! row updated, 0.3 ns a value): the rows updated are short, and their
//! pivot test, multiplier and loop ends outweigh the vector loop.
//!
//! # Beyond counting
//! - **Frequencies** ([`frequencies`]): the matchings through each edge
//!   are `|K[b][w] * C[b][w]|`, its weight times its cofactor, computed
//!   from the elimination's factors by selected inversion (see
//!   [`Cofactors`]) with the same primes, in about three times the
//!   count's time (see the figures): the probability of each domino or
//!   lozenge in a uniformly random tiling, exactly, past any enumeration.
//!   The CLI's `--frequencies` takes them wherever the count takes the
//!   determinant ([`counts_by_determinant`](crate::memo::counts_by_determinant)),
//!   through `dlx-parallel`'s `frequencies_on`, which runs the primes on
//!   its threads ([`frequencies_with`]) and reads the problem's matrix
//!   ([`Problem::matchings`](crate::Problem::matchings)), edge `k` being
//!   option `k`; elsewhere it draws on the memoised count's diagram. The
//!   40 x 40 board's 3,120 dominoes take 0.04 s where the diagram stops at
//!   1 GiB after 17 s (`dlx polyomino --board 40x40 --pieces domino
//!   --frequencies`, against `dlx solve --frequencies` on its
//!   `--emit-dlx`).
//! - **Uniform samples: not yet.** A sample can be drawn edge by edge
//!   along the sweep, each choice made with the exact probability of the
//!   remaining graph, conditioning by removing the two ends; but each
//!   conditioning changes the inverse everywhere within the band, so done
//!   plainly it costs a selected inversion a step, `n` times the
//!   frequencies (about 15,000 determinants for the 100 x 100 board).
//!   Updating only the band ahead of the sweep would bring it near one
//!   frequencies' cost, with exact big-integer comparisons at each step;
//!   that, or Propp's domino shuffling for Aztec diamonds and coupling from
//!   the past for simply connected regions, is future work.
//!
//! # For a count's decision
//! [`Cost::work`] is the whole exact count's work, known in milliseconds
//! from the matrix's shape (its rows, its edges, their order): about
//! 0.3 ns a unit on one thread of this machine, within 15% on the boards
//! above; [`Cost::front_bytes`] is its memory on each thread.

mod adjugate;
mod crt;
mod eliminate;
mod field;
mod matchings;
mod matrix;

pub use adjugate::{frequencies, frequencies_with, Cofactors, Frequencies};
pub use crt::{Crt, Primes};
pub use field::Prime;
pub use matchings::MatchingError;
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
