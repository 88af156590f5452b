//! Grids: what pieces, boards and their exact cover problem need of the cells they are made of, served by every [`Lattice`] and by the polyominoes' square grid.
//!
//! A grid names its types (cells, shapes, boards, symmetries) and says
//! how they meet: a shape's orientations and translations on a board, the
//! board's symmetries as maps of its cells, the names of the cells. The
//! machinery of this module ([`super::PieceSet`], [`super::Polyform`],
//! [`super::SymmetryCount`], [`super::KnuthSpec`]) is written once over
//! it. Every lattice is a grid through the implementation below, with
//! [`Shape`] and [`Board`]; the square grid of [`crate::polyomino`] keeps
//! its own types (cells `(row, column)`, a board with holes in its
//! bounding box).

use std::fmt::Debug;
use std::hash::Hash;

use dlx_core::dimers::Matrix as Kasteleyn;

use super::board::{Board, BoardError};
use super::lattice::{Lattice, Motions, Symmetry};
use super::shape::Shape;

/// The cells that pieces and boards are made of (see the module docs).
///
/// **Invariant:** [`Grid::board_cells`] lists a board's cells in one order,
/// the order of the cell items; a cell's index is its position there, and
/// [`Grid::translations`] and [`Grid::board_symmetries`] speak of cells by
/// those indices.
pub trait Grid:
    Copy + Debug + Default + PartialEq + Eq + PartialOrd + Ord + Hash + Send + Sync + 'static
{
    /// A cell.
    type Cell: Copy + Debug + PartialEq + Eq + PartialOrd + Ord + Hash + Send + Sync + 'static;

    /// A piece's shape: a set of cells up to translation.
    type Shape: Clone + Debug + PartialEq + Eq + Send + Sync;

    /// A board: the cells the pieces must cover, each once.
    type Board: Clone + Debug + PartialEq + Eq + Send + Sync;

    /// A point symmetry of the grid.
    type Symmetry: Copy + Debug + PartialEq + Eq + Send + Sync;

    /// The number of cells of a shape.
    fn area(shape: &Self::Shape) -> usize;

    /// The shape made of these cells.
    fn shape_of(cells: &[Self::Cell]) -> Self::Shape;

    /// The distinct orientations of a shape that the motions give, the
    /// shape itself first.
    fn orientations(shape: &Self::Shape, motions: Motions) -> Vec<Self::Shape>;

    /// The board made of these cells.
    fn board_of(cells: Vec<Self::Cell>) -> Result<Self::Board, BoardError>;

    /// A board's cells, in order.
    fn board_cells(board: &Self::Board) -> Vec<Self::Cell>;

    /// Whether `cell` is a cell of the board.
    fn on_board(board: &Self::Board, cell: Self::Cell) -> bool;

    /// Calls `found` with the sorted cell indices of every translation of
    /// `shape` that lies on the board, in the order of the board's cells
    /// under the shape's first cell.
    fn translations(board: &Self::Board, shape: &Self::Shape, found: impl FnMut(Vec<u32>));

    /// At least the number of translations of `shape` that lie on the
    /// board, known without finding them (for memory estimates).
    fn most_translations(board: &Self::Board, shape: &Self::Shape) -> u64;

    /// The board's symmetries, identity first, each with where it takes
    /// each cell (by index) after the translation that brings the board
    /// back onto itself.
    fn board_symmetries(board: &Self::Board) -> Vec<(Self::Symmetry, Vec<u32>)>;

    /// The cell's item name in the exact cover problem (`x1y2z0`, `r0c3`).
    fn cell_item(cell: Self::Cell) -> String;

    /// The cell in messages (`x1y2z0`, `row 1, column 4`).
    fn cell_words(cell: Self::Cell) -> String;

    /// The cell Knuth's generators write with these coordinates (`xyz`,
    /// `xy`), `primed` when a `'` follows them (`xy'`).
    fn knuth_cell(coordinates: [usize; 3], primed: bool) -> Self::Cell;

    /// Kasteleyn's matrix of a region's perfect matchings, where the grid
    /// knows signs that make it one (lozenges, dominoes): the region's
    /// `cells` (a board's, in order), joined by `pairs` (indices into
    /// `cells`), edge `k` for pair `k`; `None` where no determinant counts them.
    fn kasteleyn(
        board: &Self::Board,
        cells: &[Self::Cell],
        pairs: &[(usize, usize)],
    ) -> Option<Kasteleyn>;
}

/// Every lattice is a grid: [`Shape`]s on a [`Board`], moved by the
/// lattice's [`Symmetry`]s.
impl<L: Lattice> Grid for L {
    type Cell = L::Cell;
    type Shape = Shape<L>;
    type Board = Board<L>;
    type Symmetry = Symmetry;

    fn area(shape: &Shape<L>) -> usize {
        shape.len()
    }

    fn shape_of(cells: &[L::Cell]) -> Shape<L> {
        Shape::new(cells.iter().copied())
    }

    fn orientations(shape: &Shape<L>, motions: Motions) -> Vec<Shape<L>> {
        shape.orientations(motions)
    }

    fn board_of(cells: Vec<L::Cell>) -> Result<Board<L>, BoardError> {
        Board::new(cells)
    }

    fn board_cells(board: &Board<L>) -> Vec<L::Cell> {
        board.cells().to_vec()
    }

    fn on_board(board: &Board<L>, cell: L::Cell) -> bool {
        board.contains(cell)
    }

    /// The shape's first cell put on each board cell of its kind, in the
    /// board's order.
    fn translations(board: &Board<L>, shape: &Shape<L>, mut found: impl FnMut(Vec<u32>)) {
        let Some(&anchor) = shape.cells().first() else {
            return;
        };
        let from = L::offset(anchor);
        for &target in board.cells() {
            if L::kind(target) != L::kind(anchor) {
                continue;
            }
            let to = L::offset(target);
            let by = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
            let cells: Option<Vec<u32>> = shape
                .cells()
                .iter()
                .map(|&c| board.index_of(L::translate(c, by)))
                .collect();
            if let Some(mut cells) = cells {
                cells.sort_unstable();
                found(cells);
            }
        }
    }

    /// Every cell of the board an anchor.
    fn most_translations(board: &Board<L>, _shape: &Shape<L>) -> u64 {
        board.n_cells() as u64
    }

    fn board_symmetries(board: &Board<L>) -> Vec<(Symmetry, Vec<u32>)> {
        board
            .symmetries()
            .into_iter()
            .filter_map(|s| Some((s, board.map_cells(s)?)))
            .collect()
    }

    fn cell_item(cell: L::Cell) -> String {
        L::item_name(cell)
    }

    fn cell_words(cell: L::Cell) -> String {
        L::item_name(cell)
    }

    /// The coordinates are the cell's translation coordinates
    /// ([`Lattice::offset`]); a prime makes it of kind 1 (the down triangle).
    fn knuth_cell(coordinates: [usize; 3], primed: bool) -> L::Cell {
        L::cell_at(coordinates.map(|c| c as i32), u8::from(primed))
    }

    fn kasteleyn(
        _board: &Board<L>,
        cells: &[L::Cell],
        pairs: &[(usize, usize)],
    ) -> Option<Kasteleyn> {
        L::matchings(cells, pairs)
    }
}
