//! Boards: a finite set of cells of a lattice, in the order the problem lists them, and the board's symmetry group.

use std::collections::HashMap;

use super::lattice::{Lattice, Symmetry};
use super::shape::lowest;

/// The most cells a board may have.
pub const MAX_CELLS: usize = 1 << 16;

/// A board: the cells of lattice `L` that the pieces must cover, each once.
///
/// Cells keep the coordinates they were given (a board read from Knuth's
/// form keeps his numbering); they are listed in the order of `L::Cell`,
/// which is the order of the cell items in the exact cover problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board<L: Lattice> {
    cells: Vec<L::Cell>,
    index: HashMap<L::Cell, u32>,
}

/// What can be wrong with a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A board name or size that is not one the family knows.
    #[error("`{shown_text}` is not a board ({expected})", shown_text = crate::text::shown(&.text))]
    BadSpec {
        /// The text as written.
        text: String,
        /// The forms the family knows, in words.
        expected: String,
    },
    /// A polyomino board's size that is not `WxH` with positive numbers.
    #[error("`{shown_text}` is not a board size (expected WIDTHxHEIGHT, for example 10x6)", shown_text = crate::text::shown(&.text))]
    BadSize {
        /// The text as written.
        text: String,
    },
    /// A board larger than [`MAX_CELLS`].
    #[error("the board has {cells} cells; the limit is {limit}")]
    TooLarge {
        /// The number of cells (or of squares of the box, holes included).
        cells: usize,
        /// The limit.
        limit: usize,
    },
    /// A character that is neither a cell nor a hole.
    #[error("line {line}, column {column}: `{shown_found}` is not a board cell (`#`, a letter or a digit) or a hole (`.` or space)", shown_found = crate::text::shown(&.found))]
    BadChar {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A cell drawn where the lattice has none (between two hexagons).
    #[error("line {line}, column {column}: a cell between the cells of the {lattice} grid (see the art's form in the module docs)")]
    OffGrid {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The lattice's name.
        lattice: &'static str,
    },
    /// A board without a single cell.
    #[error("the board has no cells")]
    Empty,
}

impl<L: Lattice> Board<L> {
    /// The board made of these cells (duplicates dropped), listed in order.
    pub fn new<I: IntoIterator<Item = L::Cell>>(cells: I) -> Result<Board<L>, BoardError> {
        let mut cells: Vec<L::Cell> = cells.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        if cells.is_empty() {
            return Err(BoardError::Empty);
        }
        if cells.len() > MAX_CELLS {
            return Err(BoardError::TooLarge {
                cells: cells.len(),
                limit: MAX_CELLS,
            });
        }
        let index = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        Ok(Board { cells, index })
    }

    /// The cells, in order; a cell's index is its position here.
    pub fn cells(&self) -> &[L::Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn n_cells(&self) -> usize {
        self.cells.len()
    }

    /// Whether `cell` is a cell of the board.
    pub fn contains(&self, cell: L::Cell) -> bool {
        self.index.contains_key(&cell)
    }

    /// The index of `cell` among [`Board::cells`], if it is one.
    pub fn index_of(&self, cell: L::Cell) -> Option<u32> {
        self.index.get(&cell).copied()
    }

    /// The point symmetries of the lattice that map the board onto itself
    /// after a translation (its symmetry group), the identity first: 48 for
    /// a cube, 8 for a box of three different sides, 12 for a regular
    /// hexagon, 4 for a rhombus, 2 for another parallelogram.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        L::symmetries()
            .filter(|&s| self.map_cells(s).is_some())
            .collect()
    }

    /// Where each cell (by index) goes under `symmetry` and the translation
    /// that brings the image back, or `None` when the image is not the board.
    pub(crate) fn map_cells(&self, symmetry: Symmetry) -> Option<Vec<u32>> {
        let image: Vec<L::Cell> = self
            .cells
            .iter()
            .map(|&c| L::transform(symmetry, c))
            .collect();
        let (from, to) = (lowest::<L>(&image), lowest::<L>(&self.cells));
        let shift = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
        image
            .into_iter()
            .map(|c| self.index_of(L::translate(c, shift)))
            .collect()
    }
}
