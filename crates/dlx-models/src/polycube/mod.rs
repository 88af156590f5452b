//! Polycube packings: fill a box (or any solid drawn in layers) with solid pieces such as the Soma cube's.
//!
//! # Brief overview
//! - [`Cubic`], the lattice of unit cubes [`Cell`]`{ x, y, z }`, with its
//!   48 symmetries (24 rotations); pieces only rotate ([`Motions::Rotations`]).
//! - [`Board`]: a box `XxYxZ` or layers of ASCII art ([`Board::parse`]).
//! - [`PieceSet`]: built in ([`PieceSet::builtin`]: `soma`, `tetracubes`,
//!   `pentacubes`, `planar-pentacubes`, `polycubes:N`) or read from layers
//!   of art under headers ([`PieceSet::parse`]); [`KnuthSpec`] reads the
//!   input of Knuth's `polycube-dlx`.
//! - [`Polycube`]: the exact cover problem (a [`crate::polyform::Polyform`] of the cubic
//!   lattice: see [`crate::polyform`] for the encoding and the count up to
//!   symmetry), whose [`Packing`]s draw themselves as labelled layers side
//!   by side in text (`Display`), and in SVG in an isometric view
//!   ([`Packing::to_svg`]) or as labelled layers ([`Packing::to_svg_layers`]).
//!
//! # Example
//! ```
//! use dlx_models::polycube::{Board, Motions, PieceSet, Polycube};
//!
//! let board = Board::parse("3x3x3")?;
//! let soma = PieceSet::builtin("soma")?;
//! let model = Polycube::new(board.clone(), soma.clone(), Motions::Rotations)?;
//! assert_eq!(model.symmetries().len(), 48);
//! let (counts, _) = model.count_by_symmetry();
//! assert_eq!((counts.all, counts.distinct), (11520u64.into(), 240u64.into()));
//! let packing = model.first().expect("the Soma cube packs");
//! packing.check(&board, &soma, Motions::Rotations)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Boards
//! `XxYxZ` is the box of `X` columns, `Y` lines and `Z` layers (`x`, `X`
//! or `*` between the numbers). A drawn board is its layers one after
//! another, a blank line between two layers, each layer lines of
//! characters from the top: `#` (or a letter or digit) a cube, `.` or a
//! space a hole; lines starting with `|` are comments. The first layer
//! drawn is `z = 0`, its first line `y = 0`, its first column `x = 0`:
//! ```text
//! | a 3 x 2 x 2 box with a notch in its top layer
//! ###
//! ###
//!
//! ##.
//! ###
//! ```
//!
//! # Pieces
//! A piece file is a list of pieces, each under a header `NAME:` or
//! `NAME*K:` (K copies), drawn as its layers in the form of a board (a
//! blank line between two layers of one piece; a header starts the next
//! piece). Drawings before the first header are a picture: each letter or
//! digit one piece named by that character.
//!
//! Built in: `soma`, the seven pieces V L T Z A B P (A and B are mirror
//! images, so the set is mirror-closed and a cube counts up to its 48
//! symmetries); `tetracubes`, the 8 polycubes of 4 cubes up to rotation,
//! named I O T S L (planar) and A B P (as in Soma); `pentacubes`, the 29 of
//! 5 cubes, the 12 planar ones by their pentomino letters and the others
//! `1` to `17`; `planar-pentacubes`, the 12 pentominoes as solid pieces
//! F I L N P T U V W X Y Z; `polycubes:N`, every polycube of `N` cubes up
//! to rotation (`N` from 1 to 8; OEIS A000162: 1, 1, 2, 8, 29, 166, 1023,
//! 6922). `NAME*K` gives each piece `K` copies.
//!
//! # Knuth's form
//! [`KnuthSpec::parse`] reads `polycube-dlx`'s input (see
//! [`crate::polyform::KnuthSpec`]): cells `xyz`, for instance
//! `[0-2][0-2][0-2]` for the Soma cube's box and `V 000 100 010` for its
//! V piece; the pieces only rotate, giving up to 24 base placements each,
//! as Knuth generates them.

mod family;
mod lattice;
mod pieces;
mod svg;

pub use crate::polyform::{
    BoardError, Counts, KnuthError, Motions, PackingError, PieceError, Placement, SetupError,
    Symmetry, SymmetryCount,
};
pub use lattice::{boxed, Cell, Cubic};
pub use pieces::{pentacubes, planar_pentacubes, soma, tetracubes};

crate::polyform::family_types!(Cubic, Polycube, "cubes", "polycube", "polycubes");

/// The input of Knuth's `polycube-dlx`.
pub type KnuthSpec = crate::polyform::KnuthSpec<Cubic>;

impl crate::polyform::KnuthSpec<Cubic> {
    /// Reads an input of Knuth's `polycube-dlx` (see the module's documentation).
    ///
    /// ```
    /// use dlx_models::polycube::{KnuthSpec, Motions, Polycube};
    ///
    /// let spec = KnuthSpec::parse("| two V trominoes in a 2 x 3 box\n[01][0-2]0\n2*V 000 100 010\n")?;
    /// assert_eq!(spec.board.n_cells(), 6);
    /// let model = Polycube::new(spec.board, spec.pieces.expect("a piece line"), Motions::Rotations)?;
    /// assert_eq!(model.count_all(), 2u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<KnuthSpec, KnuthError> {
        crate::polyform::parse_knuth(text, crate::polyform::Program::Polycube)
    }
}

impl crate::polyform::Packing<Cubic> {
    /// The packing as an SVG picture of its layers side by side, each
    /// square filled with its piece's color and labelled with its symbol.
    pub fn to_svg_layers(&self) -> String {
        svg::layers(self)
    }
}
