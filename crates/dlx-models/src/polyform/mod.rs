//! Polyforms on any lattice: the machinery that [`crate::polycube`], [`crate::polyiamond`] and [`crate::polyhex`] share, and [`crate::polyomino`] with them on its own square grid.
//!
//! # Brief overview
//! - [`Lattice`]: cells with integer coordinates, the lattice's point group
//!   of [`Symmetry`]s (rotations first), translations and neighbours.
//!   [`Motions`] says whether pieces may be reflected as well as rotated.
//! - [`Grid`]: what the rest of this module needs of cells, shapes and
//!   boards, which every lattice is, and the polyominoes' square grid too
//!   (with its own types); [`Encoding`] adds the conventions of a grid's
//!   exact cover problem (Knuth's for each of his generators).
//! - [`Shape`]: a set of cells up to translation; its
//!   [`Shape::orientations`] and [`Shape::canonical`] form; [`polyforms`]
//!   grows every polyform of a size.
//! - [`PieceSet`] of named [`Piece`]s with counts (on any grid: its
//!   built-in sets and piece files are the grid's [`Pieces`]); [`Board`],
//!   a set of cells with its symmetry group.
//! - [`Polyform`]: the exact cover problem of a board and a piece set;
//!   [`Polyform::count_all`], [`Polyform::count_by_symmetry`] (both counts
//!   from one search, as [`Counts`]), [`Polyform::symmetry_count`] (the same
//!   on any solver: [`SymmetryCount`]), [`Polyform::decode`] and
//!   [`Polyform::visit_packings`] give [`Packing`]s, which
//!   [`Packing::check`] checks against the puzzle's rules alone.
//! - [`Family`]: what a lattice adds to be read and drawn (art, board
//!   names, built-in sets, pictures), so that a face is written once for all
//!   families; [`KnuthSpec`] is the input of Knuth's generators.
//!
//! # Encoding
//! As Knuth's `polycube-dlx` and `polyiamond-dlx` write it: one primary
//! item per board cell, named by the lattice ([`Lattice::item_name`]), in
//! the board's order, then one per piece, named by the piece (the
//! polyominoes list the pieces first, as `polyomino-dlx` does:
//! [`Encoding::CELLS_FIRST`]); one option
//! per placement of a piece (orientation and translation) that lies on the
//! board, naming the cells it covers and its piece. Options come piece by
//! piece, orientations in the order of [`Shape::orientations`], each
//! orientation's first cell put on the board's cells in order.
//!
//! A piece used `k > 1` times: the piece with the most copies gets no item
//! (the area is checked, so the cells left for it are exactly its copies),
//! any other gets `k` items `name#1..name#k`, and the counts divide by the
//! product of the `k!`. A set of a single piece used once fills the board.
//!
//! # Counting up to symmetry
//! The group `G` ([`Polyform::symmetries`]) is made of the board's
//! symmetries ([`Board::symmetries`]) that map the placements of every
//! piece onto the placements of a piece with the same count: for flat
//! pieces that may be turned over, every symmetry of the board; for solid
//! pieces, which only rotate, a reflection belongs to `G` when it maps the
//! piece set onto itself ([`PieceSet::is_mirror_closed`]), swapping the
//! members of each mirror pair: all 48 symmetries of a cube for Soma, whose
//! screws A and B are a mirror pair, but 24 for a set with only one of them.
//! Each symmetry acts on packings by moving cells and renaming pieces.
//! (The polyominoes rename no piece, [`Encoding::RENAMES`]: one-sided
//! pieces count up to the rotations alone unless every piece is symmetric.)
//!
//! The count restricts one piece `P` used once that every symmetry maps to
//! itself, as Knuth does with the X pentomino: `P` keeps one
//! placement `r` per orbit of its placements, and
//! a packing containing `r` is counted when it is the smallest of its
//! orbit under `r`'s stabilizer in a canonical form (for each cell in
//! order, its piece after renaming and the first cell of its placement),
//! its orbit holding `|G| / |S(T)|` packings. The search is about `|G|`
//! times smaller than the count of all packings, which
//! [`Polyform::count_all`] still makes, as the independent count the tests
//! compare with. Without such a piece, every packing is compared with all
//! its images.
//!
//! Which piece is restricted matters to the speed alone: the search shrinks
//! by the mean size of the orbits of `P`'s placements, so `P` is the piece
//! whose orbits are largest (within 5%, the one with the fewest
//! placements). The X pentomino, the polyominoes' choice (the piece with
//! the fewest placements: [`Encoding::LARGEST_ORBITS`]), is a poor one in
//! a box of odd width, where the mirror across the middle fixes nearly
//! every X placement; the choices of the solid pentominoes in 3x4x5 span
//! 6.6 to 13.6 million nodes, this rule's 8.0 million.

mod art;
mod board;
mod family;
pub(crate) mod flat;
mod grid;
mod knuth;
mod lattice;
mod model;
mod packing;
mod pieces;
mod shape;
mod symmetry;

/// Both counts of a board, all and up to symmetry.
pub use crate::tilings::Counts;
pub use art::Drawn;
pub use board::{Board, BoardError, MAX_CELLS};
pub use family::Family;
pub use grid::Grid;
pub use knuth::{KnuthError, KnuthSpec};
pub use lattice::{Lattice, Motions, Symmetry};
pub use model::{Encoding, Placement, Polyform, SetupError};
pub use packing::{Packing, PackingError, PlacedPiece};
pub use pieces::{split_count, Piece, PieceError, PieceSet, Pieces};
pub use shape::{polyforms, Shape};
pub use symmetry::SymmetryCount;

pub(crate) use art::{cell_char, Drawing};
pub(crate) use knuth::{parse as parse_knuth, Program};
pub(crate) use lattice::Group;
pub(crate) use packing::{check, orientation};
pub(crate) use pieces::piece_header;

/// The names a family's module gives the machinery's types on its
/// lattice, each documented in the family's words: `family_types!(Cubic,
/// Polycube, "cubes", "polycube", "polycubes")` makes `Board`, `Shape`,
/// `Piece`, `PieceSet`, `Polycube`, `Packing` and `PlacedPiece`.
macro_rules! family_types {
    ($lattice:ty, $model:ident, $cells:literal, $one:literal, $many:literal) => {
        #[doc = concat!("A board of ", $cells, ".")]
        pub type Board = $crate::polyform::Board<$lattice>;
        #[doc = concat!("A ", $one, ".")]
        pub type Shape = $crate::polyform::Shape<$lattice>;
        #[doc = concat!("A named ", $one, " with a count.")]
        pub type Piece = $crate::polyform::Piece<$lattice>;
        #[doc = concat!("A set of ", $many, ".")]
        pub type PieceSet = $crate::polyform::PieceSet<$lattice>;
        #[doc = concat!("The exact cover problem of a board and a set of ", $many, ".")]
        pub type $model = $crate::polyform::Polyform<$lattice>;
        #[doc = concat!("A packing of a board by ", $many, ".")]
        pub type Packing = $crate::polyform::Packing<$lattice>;
        #[doc = concat!("One ", $one, " placed.")]
        pub type PlacedPiece = $crate::polyform::PlacedPiece<$lattice>;
    };
}
pub(crate) use family_types;
