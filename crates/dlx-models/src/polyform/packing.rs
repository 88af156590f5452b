//! A decoded packing: the placed pieces, the checker that reads only the puzzle and the answer (every grid's), and the text drawing.

use std::collections::HashSet;
use std::fmt;

use super::art::{self, Drawn, Layout};
use super::board::Board;
use super::grid::Grid;
use super::lattice::{Lattice, Motions};
use super::pieces::PieceSet;
use super::shape::Shape;

/// One piece put on the board.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PlacedPiece<G: Grid> {
    /// The piece's index in its set.
    pub piece: usize,
    /// The cells it covers, sorted.
    pub cells: Vec<G::Cell>,
}

/// A packing of a board: the placed pieces, with the pieces' names and
/// symbols to draw them.
///
/// A packing by copies of a single piece (lozenges, dicubes) is drawn by
/// the orientation of each piece instead, as lozenge tilings are drawn in
/// three colors that show them as stacked cubes: in text the letter of the
/// orientation (`a`, `b`, ... in the order of [`Shape::orientations`] under
/// [`Motions::All`]), in pictures its color.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packing<L: Lattice> {
    placed: Vec<PlacedPiece<L>>,
    symbols: Vec<char>,
    names: Vec<String>,
    /// For a packing by copies of a single piece, its orientations.
    orientations: Option<Vec<Shape<L>>>,
}

/// What is wrong with a packing, found by [`Packing::check`] (or a
/// polyomino tiling's check); cells are named as the grid says them in
/// messages ([`Grid::cell_words`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackingError {
    /// A placed piece whose index is not in the set.
    #[error("placed piece {index} is not in the piece set")]
    UnknownPiece {
        /// The index.
        index: usize,
    },
    /// A piece on a cell that is not on the board.
    #[error("piece `{name}` covers {cell}, which is not on the board")]
    OffBoard {
        /// The piece.
        name: String,
        /// The cell.
        cell: String,
    },
    /// A cell covered twice.
    #[error("the cell at {cell} is covered twice")]
    CoveredTwice {
        /// The cell.
        cell: String,
    },
    /// A cell covered by no piece.
    #[error("the cell at {cell} is not covered")]
    NotCovered {
        /// The cell.
        cell: String,
    },
    /// A piece used another number of times than its count.
    #[error("piece `{name}` is used {used} times instead of {count}")]
    WrongCount {
        /// The piece.
        name: String,
        /// Times used.
        used: usize,
        /// Its count.
        count: usize,
    },
    /// Placed cells that are not an allowed orientation of the piece.
    #[error("the cells placed as piece `{name}` are not an orientation of it")]
    WrongShape {
        /// The piece.
        name: String,
    },
}

impl<L: Lattice> Packing<L> {
    /// A packing by these placed pieces of `pieces` (not checked: see
    /// [`Packing::check`]), sorted by their cells.
    pub fn new(pieces: &PieceSet<L>, mut placed: Vec<PlacedPiece<L>>) -> Packing<L> {
        for p in &mut placed {
            p.cells.sort_unstable();
        }
        placed.sort_by(|a, b| a.cells.cmp(&b.cells));
        Packing {
            placed,
            symbols: pieces.pieces().iter().map(|p| p.symbol).collect(),
            names: pieces.pieces().iter().map(|p| p.name.clone()).collect(),
            orientations: match pieces.pieces() {
                [piece] => Some(piece.shape.orientations(Motions::All)),
                _ => None,
            },
        }
    }

    /// The placed pieces, sorted by their cells.
    pub fn placed(&self) -> &[PlacedPiece<L>] {
        &self.placed
    }

    /// The name of the piece with this index.
    pub fn piece_name(&self, piece: usize) -> Option<&str> {
        self.names.get(piece).map(String::as_str)
    }

    /// The symbol that draws the piece with this index (`?` for none).
    pub fn symbol(&self, piece: usize) -> char {
        self.symbols.get(piece).copied().unwrap_or('?')
    }

    /// For a packing by copies of a single piece, the index of a placed
    /// piece's orientation (see the type's docs); `None` otherwise.
    pub fn orientation(&self, placed: &PlacedPiece<L>) -> Option<usize> {
        let orientations = self.orientations.as_ref()?;
        Some(orientation::<L>(orientations, &placed.cells))
    }

    /// The character that draws a placed piece: its piece's symbol, or the
    /// letter of its orientation in a packing by copies of a single piece.
    pub fn symbol_of(&self, placed: &PlacedPiece<L>) -> char {
        match self.orientation(placed) {
            Some(k) => char::from(b'a' + (k % 26) as u8),
            None => self.symbol(placed.piece),
        }
    }

    /// The index of the color that fills a placed piece: its piece's, or
    /// its orientation's in a packing by copies of a single piece.
    pub(crate) fn color_of(&self, placed: &PlacedPiece<L>) -> usize {
        self.orientation(placed).unwrap_or(placed.piece)
    }

    /// Whether the pictures label each placed piece (not when it is drawn by
    /// its orientation, where the colors say it all).
    pub(crate) fn labelled(&self) -> bool {
        self.orientations.is_none()
    }

    /// Each covered cell with the character that draws its placed piece.
    pub fn symbol_cells(&self) -> impl Iterator<Item = (L::Cell, char)> + '_ {
        self.placed.iter().flat_map(|p| {
            let ch = self.symbol_of(p);
            p.cells.iter().map(move |&c| (c, ch))
        })
    }

    /// Checks the packing against the puzzle's rules alone: every board
    /// cell covered exactly once, nothing off the board, each piece used its
    /// count of times, and each placed shape an orientation of its piece
    /// under `motions`.
    pub fn check(
        &self,
        board: &Board<L>,
        pieces: &PieceSet<L>,
        motions: Motions,
    ) -> Result<(), PackingError> {
        check(&self.placed, board, pieces, motions)
    }
}

/// Checks placed pieces against the puzzle's rules alone (see
/// [`Packing::check`]), on any grid.
pub(crate) fn check<G: Grid>(
    placed: &[PlacedPiece<G>],
    board: &G::Board,
    pieces: &PieceSet<G>,
    motions: Motions,
) -> Result<(), PackingError> {
    let set = pieces.pieces();
    let mut used = vec![0usize; set.len()];
    let mut covered = HashSet::new();
    for placed in placed {
        let piece = set.get(placed.piece).ok_or(PackingError::UnknownPiece {
            index: placed.piece,
        })?;
        used[placed.piece] += 1;
        for &c in &placed.cells {
            if !G::on_board(board, c) {
                return Err(PackingError::OffBoard {
                    name: piece.name.clone(),
                    cell: G::cell_words(c),
                });
            }
            if !covered.insert(c) {
                return Err(PackingError::CoveredTwice {
                    cell: G::cell_words(c),
                });
            }
        }
        let shape = G::shape_of(&placed.cells);
        if G::area(&shape) != placed.cells.len()
            || !G::orientations(&piece.shape, motions).contains(&shape)
        {
            return Err(PackingError::WrongShape {
                name: piece.name.clone(),
            });
        }
    }
    if let Some(c) = G::board_cells(board)
        .into_iter()
        .find(|c| !covered.contains(c))
    {
        return Err(PackingError::NotCovered {
            cell: G::cell_words(c),
        });
    }
    for (piece, &n) in set.iter().zip(&used) {
        if n != piece.count {
            return Err(PackingError::WrongCount {
                name: piece.name.clone(),
                used: n,
                count: piece.count,
            });
        }
    }
    Ok(())
}

/// The index of a placed piece's shape among `orientations`, or their
/// number when it is none of them (a packing that the check refuses).
pub(crate) fn orientation<G: Grid>(orientations: &[G::Shape], cells: &[G::Cell]) -> usize {
    let shape = G::shape_of(cells);
    orientations
        .iter()
        .position(|o| *o == shape)
        .unwrap_or(orientations.len())
}

impl<F: Drawn> Packing<F> {
    /// The packing as text with the layers one after another (a blank line
    /// between), the form boards and pieces are read in; the same as
    /// `Display` in the plane.
    pub fn to_stacked_text(&self) -> String {
        art::draw::<F>(self.symbol_cells(), Layout::Stacked)
    }
}

/// The text drawing: each cell its piece's symbol in the family's art
/// (`.` for a cell of the drawing that is not covered); layers side by
/// side, each under its label.
impl<F: Drawn> fmt::Display for Packing<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}",
            art::draw::<F>(self.symbol_cells(), Layout::SideBySide)
        )
    }
}
