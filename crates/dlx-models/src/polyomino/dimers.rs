//! Domino tilings as perfect matchings: Kasteleyn's signs from the geometry of a region of the square grid, holes included, for `dlx_core::dimers`.
//!
//! The tilings of a board by dominoes are the perfect matchings of its
//! cells' graph (cells joined when they share a side), a planar bipartite
//! graph: black cells (`row + column` even) are the rows of its
//! biadjacency matrix, white ones its columns. With the signs below, the
//! determinant of that matrix is, up to sign, the number of tilings
//! ([`dlx_core::dimers::count`] computes it exactly).
//!
//! # The signs
//! A horizontal domino gets `+1`, a vertical one `(-1)^column`, and a
//! horizontal domino at `(row, column)-(row, column + 1)` is flipped once
//! for each square of the bounding box that is not on the board and lies
//! in the same column below it, `(row', column)` with `row' > row`.
//!
//! **Why this is Kasteleyn's condition.** Draw a cycle `C` of the graph
//! through the centres of its `2k` cells. Each unit square of the lattice
//! of cell centres has sign product `-1` around it (two horizontal `+1`s,
//! two verticals in adjacent columns), and the product of the unflipped
//! signs around `C` is the product over the unit squares inside `C`,
//! `(-1)^F` with `F` its area. By Pick's theorem `F = I + k - 1`, with `I`
//! the lattice points strictly inside `C`: `m` cells of the board and `h`
//! squares off it. Now draw from each square off the board a ray: from its
//! centre to the corner up and to the right, then straight up past the
//! board. It meets no cell centre, and crosses exactly the horizontal
//! dominoes that the rule flips on its account; it crosses `C` an odd
//! number of times exactly when it starts inside `C`. So the flips
//! multiply the product around `C` by `(-1)^h`, which makes it
//! `(-1)^(k + 1 + m)`: Kasteleyn's condition for every cycle, in particular
//! `(-1)^(k+1)` around every bounded face, the faces around holes
//! included. (Squares off the board outside every cycle, such as those
//! around a non-convex board, flip dominoes in pairs around any cycle: the
//! rule need not tell holes from the outside.) Kasteleyn's theorem then
//! makes every perfect matching a term of the determinant with the same
//! sign.
//!
//! The order of rows and columns is the board's, along one of four sweeps
//! (board rows, board columns, diagonals, antidiagonals), the one whose
//! elimination [`Matrix::cost`] finds cheapest: diagonals, for instance,
//! for the Aztec diamond, whose diagonals are all about `n` cells long.

use dlx_core::dimers::{count, frequencies, Frequencies, Matrix};
use dlx_core::{Answer, Budget, Count, OptionId};

use super::board::Board;

/// The domino tilings of a board as perfect matchings: Kasteleyn's signed
/// matrix of the board
/// ([`Polyomino::dimers`](super::Polyomino::dimers)) and the option of
/// the model's problem that each of its edges stands for.
///
/// ```
/// use dlx_core::Budget;
/// use dlx_models::polyomino::{Board, PieceSet, Polyomino};
///
/// // A 6 x 6 board with a hole of one square and another of three.
/// let board = Board::parse("######\n#.####\n######\n###..#\n####.#\n######\n")?;
/// let model = Polyomino::new(board, PieceSet::domino(), false)?;
/// let dimers = model.dimers().expect("dominoes only");
/// let tilings = dimers.count(&Budget::new());
/// assert_eq!(tilings.value, Some(model.count_all()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Dimers {
    matrix: Matrix,
    /// The option of each edge of the matrix, in the matrix's order.
    options: Vec<OptionId>,
}

impl Dimers {
    /// The matchings of the dominoes `pairs` (indices into `cells`, the
    /// board's cells in order), option `k` of the model's problem for pair `k`.
    pub(super) fn of(
        board: &Board,
        cells: &[(usize, usize)],
        pairs: &[(usize, usize)],
    ) -> Option<Dimers> {
        Some(Dimers {
            matrix: kasteleyn(board, cells, pairs)?,
            options: (0..pairs.len()).map(OptionId::new).collect(),
        })
    }

    /// Kasteleyn's matrix: a row per black cell, a column per white one
    /// (and, where the board has more of one color than of the other,
    /// lines without entries on the other side to make it square: it has
    /// no tiling, and the determinant is 0).
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// The option of [`Polyomino::problem`](super::Polyomino::problem)
    /// that each edge of the matrix stands for, in the order of
    /// [`Matrix::edges`].
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The number of tilings, exactly ([`dlx_core::dimers::count`]: `None`
    /// when the budget stopped it).
    pub fn count(&self, budget: &Budget) -> Answer<Option<Count>> {
        count(&self.matrix, budget)
    }

    /// The number of tilings and, for each option of
    /// [`Polyomino::problem`](super::Polyomino::problem) (a domino in
    /// place), the number of tilings that hold it
    /// ([`dlx_core::dimers::frequencies`], about three times the count's
    /// time): `through[option]`, divided by the total, is the probability
    /// that a uniformly random tiling holds that domino.
    pub fn frequencies(&self, budget: &Budget) -> Answer<Option<Frequencies>> {
        // The edges are the options, in order (see `Polyomino::dimers`).
        debug_assert!(self.options.iter().enumerate().all(|(e, o)| o.index() == e));
        frequencies(&self.matrix, budget)
    }
}

/// Kasteleyn's matrix of the dominoes `pairs` on `board` (indices into
/// `cells`, the board's cells in order), edge `k` for pair `k`, with the
/// signs of the module's documentation; the order of rows and columns is
/// the cheapest sweep's.
pub(super) fn kasteleyn(
    board: &Board,
    cells: &[(usize, usize)],
    pairs: &[(usize, usize)],
) -> Option<Matrix> {
    let (height, width) = (board.height(), board.width());
    // Horizontal dominoes flipped: squares off the board below them,
    // in their column, counted from the bottom of the box.
    let mut below_off = vec![0u32; height * width];
    for column in 0..width {
        let mut off = 0u32;
        for row in (0..height).rev() {
            below_off[row * width + column] = off;
            off += u32::from(!board.contains(row, column));
        }
    }
    let sign = |a: (usize, usize), b: (usize, usize)| -> i32 {
        let (row, column) = a.min(b);
        if a.0 == b.0 {
            if below_off[row * width + column] % 2 == 0 {
                1
            } else {
                -1
            }
        } else if column % 2 == 0 {
            1
        } else {
            -1
        }
    };
    let black = |cell: usize| {
        let (row, column) = cells[cell];
        (row + column) % 2 == 0
    };
    // The dominoes as (black cell, white cell, sign).
    let dominoes: Vec<(usize, usize, i32)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (b_cell, w_cell) = if black(a) { (a, b) } else { (b, a) };
            (b_cell, w_cell, sign(cells[a], cells[b]))
        })
        .collect();
    (0..4)
        .filter_map(|sweep| matrix_along(cells, &dominoes, |cell| along(sweep, cell, width)))
        .min_by_key(|matrix| matrix.cost().updates_per_prime)
}

/// Kasteleyn's matrix of the dominoes, rows and columns numbered in the
/// order of `key` of their cells.
fn matrix_along(
    cells: &[(usize, usize)],
    dominoes: &[(usize, usize, i32)],
    key: impl Fn((usize, usize)) -> (usize, usize),
) -> Option<Matrix> {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&cell| key(cells[cell]));
    // A cell's number among the cells of its color, in that order.
    let mut number = vec![0usize; cells.len()];
    let (mut blacks, mut whites) = (0usize, 0usize);
    for &cell in &order {
        let (row, column) = cells[cell];
        let count = if (row + column) % 2 == 0 {
            &mut blacks
        } else {
            &mut whites
        };
        number[cell] = *count;
        *count += 1;
    }
    let size = blacks.max(whites);
    let edges = dominoes
        .iter()
        .map(|&(b, w, sign)| (number[b], number[w], sign));
    Matrix::new(size, size, edges).ok()
}

/// A cell's place along one of four sweeps of the board: board rows,
/// board columns, diagonals (`row + column`) and antidiagonals.
fn along(sweep: usize, (row, column): (usize, usize), width: usize) -> (usize, usize) {
    match sweep {
        0 => (row, column),
        1 => (column, row),
        2 => (row + column, row),
        _ => (row + width - column, row),
    }
}
