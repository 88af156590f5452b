//! A family of polyforms: what a lattice adds to be read from text and drawn, and the readers every family shares.

use super::art::{self, Drawn};
use super::board::{Board, BoardError};
use super::lattice::Motions;
use super::packing::Packing;
use super::pieces::{PieceError, PieceSet, Pieces};

/// A family of polyforms on a lattice (polycubes, polyiamonds,
/// polyhexes): its boards by name, its built-in piece sets and its
/// pictures, beside how its cells are drawn in ASCII art ([`Drawn`]).
///
/// The faces are written once over `F: Family`: [`Board::parse`],
/// [`PieceSet::parse`] and [`PieceSet::builtin`] read what the user gives,
/// [`super::Polyform::new`] builds the problem (with [`Family::MOTIONS`]),
/// and a [`Packing`] draws itself as text (`Display`) and SVG
/// ([`Packing::to_svg`]).
pub trait Family: Drawn {
    /// The family's name: `polycube`, `polyiamond`, `polyhex`.
    const FAMILY: &'static str;

    /// The motions pieces make unless told otherwise: rotations for solid
    /// pieces, rotations and reflections for flat ones.
    const MOTIONS: Motions;

    /// The board names and sizes the family knows, in words, for messages.
    const BOARD_FORMS: &'static str;

    /// A board by name or size (`3x4x5`, `hexagon:3`), not art.
    fn named_board(spec: &str) -> Result<Board<Self>, BoardError>;

    /// A built-in piece set by name.
    fn piece_set(name: &str) -> Result<PieceSet<Self>, PieceError>;

    /// A packing as an SVG picture.
    fn svg(packing: &Packing<Self>) -> String;
}

impl<F: Family> Board<F> {
    /// A board from the text a user gives: ASCII art when it holds a line
    /// break or a `#` (see the family's module for its form), otherwise a
    /// name or a size the family knows ([`Family::named_board`]).
    pub fn parse(spec: &str) -> Result<Board<F>, BoardError> {
        if spec.contains(['\n', '#']) {
            art::read_board::<F>(spec)
        } else {
            F::named_board(spec.trim())
        }
    }

    /// A board drawn in ASCII art (see the family's module for its form).
    pub fn from_art(text: &str) -> Result<Board<F>, BoardError> {
        art::read_board::<F>(text)
    }

    /// The board as ASCII art, `#` for a cell: what [`Board::from_art`] reads back.
    pub fn to_art(&self) -> String {
        art::draw::<F>(self.cells().iter().map(|&c| (c, '#')), art::Layout::Stacked)
    }
}

/// A family's sets: its built-in ones ([`Family::piece_set`]), and its
/// piece files: `NAME:` or `NAME*K:` headers over pieces drawn in the
/// family's ASCII art (see the family's module for its form).
impl<F: Family> Pieces for F {
    fn named_set(name: &str) -> Result<PieceSet<F>, PieceError> {
        F::piece_set(name)
    }

    fn read_set(text: &str) -> Result<PieceSet<F>, PieceError> {
        art::read_pieces::<F>(text)
    }
}

impl<F: Family> PieceSet<F> {
    /// Each piece as ASCII art under its header, in the form
    /// [`PieceSet::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for p in self.pieces() {
            let header = if p.count == 1 {
                format!("{}:\n", p.name)
            } else {
                format!("{}*{}:\n", p.name, p.count)
            };
            out.push_str(&header);
            let cells = p.shape.cells().iter().map(|&c| (c, '#'));
            out.push_str(&art::draw::<F>(cells, art::Layout::Stacked));
            out.push_str("\n\n");
        }
        out
    }
}

impl<F: Family> Packing<F> {
    /// The packing as an SVG picture, as the family draws it.
    pub fn to_svg(&self) -> String {
        F::svg(self)
    }
}
