//! Polyiamond packings: fill a board of triangles with pieces such as the 12 hexiamonds.
//!
//! # Brief overview
//! - [`Triangular`], the lattice of triangles [`Cell`]`{ x, y, down }`
//!   (Knuth's `xy` and `xy'`), with its 12 symmetries (6 rotations); pieces
//!   may be turned over ([`Motions::All`]) unless told otherwise.
//! - [`Board`]: `parallelogram:WxH`, `rhombus:N`, `hexagon:N`,
//!   `triangle:N` or ASCII art ([`Board::parse`]).
//! - [`PieceSet`]: built in ([`PieceSet::builtin`]: `triamonds`,
//!   `tetriamonds`, `pentiamonds`, `hexiamonds`, `heptiamonds`,
//!   `octiamonds`, `polyiamonds:N`, `diamond`) or drawn
//!   ([`PieceSet::parse`]); [`KnuthSpec`] reads the input of Knuth's
//!   `polyiamond-dlx`.
//! - [`Polyiamond`]: the exact cover problem (a [`crate::polyform::Polyform`]
//!   of the triangular lattice: see [`crate::polyform`] for the encoding and
//!   the count up to symmetry), whose [`Packing`]s draw themselves in text
//!   (`Display`) and SVG ([`Packing::to_svg`]).
//!
//! # Example
//! ```
//! use dlx_models::polyiamond::{Board, Motions, PieceSet, Polyiamond};
//!
//! // Diamonds (lozenges) tile the hexagon of side 2 in 20 ways, 6 up to its 12 symmetries.
//! let board = Board::parse("hexagon:2")?;
//! let model = Polyiamond::new(board.clone(), PieceSet::builtin("diamond")?, Motions::All)?;
//! assert_eq!(model.symmetries().len(), 12);
//! let (counts, _) = model.count_by_symmetry();
//! assert_eq!((counts.all, counts.distinct), (20u64.into(), 6u64.into()));
//! let packing = model.first().expect("a tiling");
//! packing.check(&board, model.pieces(), Motions::All)?;
//! assert_eq!(PieceSet::builtin("hexiamonds")?.len(), 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Boards
//! `parallelogram:WxH` is `W` rhombi along a row and `H` rows, each row
//! half a rhombus to the right of the one below (`2WH` triangles);
//! `rhombus:N` is `parallelogram:NxN`; `hexagon:N` the regular hexagon of
//! side `N` (`6N²` triangles); `triangle:N` the triangle of side `N`
//! pointing up (`N²` triangles).
//!
//! In ASCII art each line is a row of triangles, from the top, and each
//! character one triangle: `#` (or a letter or digit) a cell, `.` or a
//! space a hole, `|` at the start of a line a comment. Triangles alternate
//! along a row; the character on line `l` and column `c` (both from 0)
//! points down when `l + c` is even and up when it is odd (the first
//! character of the first line points down), so a triangle pointing up has
//! the one pointing down below it in the same column across its base. The
//! hexagon of side 2 and the rhombus of side 2:
//! ```text
//!  #####          ####
//! #######        ####
//! #######
//!  #####
//! ```
//! Pieces are drawn the same way, in blocks separated by blank lines, each
//! under an optional header `NAME:` or `NAME*K:` (K copies), as polyomino
//! pieces are (a block without a header is a picture: each letter or digit
//! one piece).
//!
//! # Pieces
//! The sets of all polyiamonds of a size are grown ([`polyiamonds`]) and
//! named `1`, `2`, ... in the order of their canonical forms: 1 triamond,
//! 3 tetriamonds, 4 pentiamonds, 12 hexiamonds, 24 heptiamonds and 66
//! octiamonds (OEIS A000577). The `diamond` is the lozenge of two
//! triangles; alone it fills the board, counting lozenge tilings.
//!
//! # Knuth's form
//! [`KnuthSpec::parse`] reads `polyiamond-dlx`'s input (see
//! [`crate::polyform::KnuthSpec`]): `[0-5][0-5] [0-5][0-5]'` is the 6 x 6
//! rhombus, and a piece's typical cells give up to 12 base placements.

mod family;
mod lattice;
mod pieces;

pub use crate::polyform::{
    BoardError, Counts, KnuthError, Motions, PackingError, PieceError, Placement, SetupError,
    Symmetry, SymmetryCount,
};
pub use lattice::{Cell, Triangular};
pub use pieces::{diamond, polyiamonds};

crate::polyform::family_types!(
    Triangular,
    Polyiamond,
    "triangles",
    "polyiamond",
    "polyiamonds"
);

/// The input of Knuth's `polyiamond-dlx`.
pub type KnuthSpec = crate::polyform::KnuthSpec<Triangular>;

impl crate::polyform::KnuthSpec<Triangular> {
    /// Reads an input of Knuth's `polyiamond-dlx` (see the module's documentation).
    ///
    /// ```
    /// use dlx_models::polyiamond::{KnuthSpec, Motions, Polyiamond};
    ///
    /// // A 2 x 2 rhombus and two copies of the straight tetriamond.
    /// let spec = KnuthSpec::parse("[01][01] [01][01]'\n2|I 00 00' 10 10'\n")?;
    /// assert_eq!(spec.board.n_cells(), 8);
    /// let model = Polyiamond::new(spec.board, spec.pieces.expect("a piece"), Motions::All)?;
    /// assert_eq!(model.count_all(), 2u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<KnuthSpec, KnuthError> {
        crate::polyform::parse_knuth(text, crate::polyform::Program::Polyiamond)
    }
}
