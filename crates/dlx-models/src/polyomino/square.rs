//! The square grid as the polyform machinery sees it: a zero-sized marker whose cells, shapes and boards are this module's own.

use dlx_core::dimers::Matrix as Kasteleyn;

use super::board::Board;
use super::dimers::kasteleyn;
use super::shape::{Shape, Transform};
use crate::polyform::{BoardError, Grid, Motions};

/// The square grid of the polyominoes (a zero-sized marker: see [`Grid`]):
/// cells `(row, column)`, [`Shape`]s, [`Board`]s, moved by the 8
/// [`Transform`]s.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square;

impl Grid for Square {
    type Cell = (usize, usize);
    type Shape = Shape;
    type Board = Board;
    type Symmetry = Transform;

    fn area(shape: &Shape) -> usize {
        shape.len()
    }

    fn shape_of(cells: &[(usize, usize)]) -> Shape {
        Shape::new(cells.iter().copied())
    }

    fn orientations(shape: &Shape, motions: Motions) -> Vec<Shape> {
        shape.orientations(motions == Motions::Rotations)
    }

    /// The board cropped to the cells' bounding box.
    fn board_of(cells: Vec<(usize, usize)>) -> Result<Board, BoardError> {
        Board::from_cells(&cells)
    }

    fn board_cells(board: &Board) -> Vec<(usize, usize)> {
        board.cells()
    }

    fn on_board(board: &Board, (row, column): (usize, usize)) -> bool {
        board.contains(row, column)
    }

    /// Row-major positions of the shape's bounding box in the board's.
    fn translations(board: &Board, shape: &Shape, mut found: impl FnMut(Vec<u32>)) {
        let (h, w) = shape.size();
        if h > board.height() || w > board.width() {
            return;
        }
        let index = board.cell_index();
        for dr in 0..=board.height() - h {
            for dc in 0..=board.width() - w {
                let cells: Option<Vec<u32>> = shape
                    .cells()
                    .iter()
                    .map(|&(r, c)| index[(r + dr) * board.width() + c + dc])
                    .collect();
                if let Some(mut cells) = cells {
                    cells.sort_unstable();
                    found(cells);
                }
            }
        }
    }

    /// The positions of the shape's bounding box in the board's.
    fn most_translations(board: &Board, shape: &Shape) -> u64 {
        let (h, w) = shape.size();
        let rows = (board.height() + 1).saturating_sub(h) as u64;
        let columns = (board.width() + 1).saturating_sub(w) as u64;
        rows * columns
    }

    fn board_symmetries(board: &Board) -> Vec<(Transform, Vec<u32>)> {
        Transform::ALL
            .iter()
            .filter_map(|&t| Some((t, board.map_cells(t)?)))
            .collect()
    }

    /// `r{row}c{column}`, from 0, as Knuth names them.
    fn cell_item((row, column): (usize, usize)) -> String {
        format!("r{row}c{column}")
    }

    /// `row {row}, column {column}`, from 1.
    fn cell_words((row, column): (usize, usize)) -> String {
        format!("row {}, column {}", row + 1, column + 1)
    }

    /// Knuth's `xy`: `x` the column, `y` the row.
    fn knuth_cell([x, y, _]: [usize; 3], _primed: bool) -> (usize, usize) {
        (y, x)
    }

    /// The dominoes' signs (see [`super::Dimers`]).
    fn kasteleyn(
        board: &Board,
        cells: &[(usize, usize)],
        pairs: &[(usize, usize)],
    ) -> Option<Kasteleyn> {
        kasteleyn(board, cells, pairs)
    }
}
