//! Polyhex packings: fill a board of hexagons with pieces such as the 7 tetrahexes.
//!
//! # Brief overview
//! - [`Hexagonal`], the lattice of hexagons [`Cell`]`{ x, y }` in axial
//!   coordinates, with its 12 symmetries (6 rotations); pieces may be
//!   turned over ([`Motions::All`]) unless told otherwise.
//! - [`Board`]: `parallelogram:WxH`, `rhombus:N`, `hexagon:N`,
//!   `triangle:N` or ASCII art ([`Board::parse`]).
//! - [`PieceSet`]: built in ([`PieceSet::builtin`]: `dihex`, `trihexes`,
//!   `tetrahexes`, `pentahexes`, `hexahexes`, `polyhexes:N`) or drawn
//!   ([`PieceSet::parse`]).
//! - [`Polyhex`]: the exact cover problem (a [`crate::polyform::Polyform`]
//!   of the hexagonal lattice: see [`crate::polyform`] for the encoding and
//!   the count up to symmetry), whose [`Packing`]s draw themselves in text
//!   (`Display`) and SVG ([`Packing::to_svg`]).
//!
//! # Example
//! ```
//! use dlx_models::polyhex::{Board, Motions, PieceSet, Polyhex};
//!
//! let board = Board::parse("parallelogram:7x4")?;
//! let tetrahexes = PieceSet::builtin("tetrahexes")?;
//! assert_eq!(tetrahexes.len(), 7);
//! let model = Polyhex::new(board.clone(), tetrahexes.clone(), Motions::All)?;
//! assert_eq!(model.symmetries().len(), 2);
//! let packing = model.first().expect("the tetrahexes fill 7x4");
//! packing.check(&board, &tetrahexes, Motions::All)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Boards
//! `parallelogram:WxH` is `W` hexagons along a row and `H` rows, each row
//! half a hexagon to the right of the one below; `rhombus:N` is
//! `parallelogram:NxN`; `hexagon:N` the regular hexagon of side `N`
//! (`3N(N-1) + 1` hexagons); `triangle:N` the triangle of side `N`
//! (`N(N+1)/2` hexagons).
//!
//! In ASCII art each line is a row of hexagons, from the top, two
//! characters per hexagon: `#` (or a letter or digit) a cell, `.` a hole,
//! with a space between two hexagons of a row, and each row shifted one
//! character from its neighbours; the character on line `l` and column `c`
//! (both from 0) is a hexagon when `l + c` is even, and a cell drawn where
//! it is odd is an error. `|` at the start of a line is a comment. The
//! hexagon of side 2 and the parallelogram 3x2:
//! ```text
//!  # #          # # #
//! # # #        # # #
//!  # #
//! ```
//! Pieces are drawn the same way, in blocks separated by blank lines, each
//! under an optional header `NAME:` or `NAME*K:` (K copies), as polyomino
//! pieces are.
//!
//! # Pieces
//! The sets of all polyhexes of a size are grown ([`polyhexes`]) and named
//! `1`, `2`, ... in the order of their canonical forms: 3 trihexes, 7
//! tetrahexes, 22 pentahexes, 82 hexahexes (OEIS A000228).

mod family;
mod lattice;
mod pieces;

pub use crate::polyform::{
    BoardError, Counts, Motions, PackingError, PieceError, Placement, SetupError, Symmetry,
    SymmetryCount,
};
pub use lattice::{Cell, Hexagonal};
pub use pieces::polyhexes;

crate::polyform::family_types!(Hexagonal, Polyhex, "hexagons", "polyhex", "polyhexes");
