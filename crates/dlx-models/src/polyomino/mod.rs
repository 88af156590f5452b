//! Polyomino tilings: cover a board exactly with pieces such as the 12 pentominoes.
//!
//! # Brief overview
//! - [`Shape`]: a set of unit squares up to translation; [`Shape::orientations`]
//!   gives its distinct rotations and reflections, [`free_polyominoes`] grows
//!   every free polyomino of a size.
//! - [`PieceSet`]: named pieces with a count each, built in
//!   ([`PieceSet::pentominoes`], [`PieceSet::tetrominoes`],
//!   [`PieceSet::hexominoes`], [`PieceSet::domino`]) or read from ASCII art
//!   ([`PieceSet::parse`]).
//! - [`Board`]: a `WxH` rectangle ([`Board::parse_size`]) or ASCII art with
//!   holes ([`Board::parse`]), and its symmetry group.
//! - [`KnuthSpec`]: a board and its pieces in the input form of Knuth's
//!   `polyomino-dlx` (cells `xy` in base 62, `[0-9][0-5]` for a 10 x 6 box).
//! - [`Polyomino`]: the exact cover problem of a board and a piece set;
//!   [`Polyomino::count_all`], [`Polyomino::count_distinct`],
//!   [`Polyomino::count_by_symmetry`] (both, as [`Counts`]),
//!   [`Polyomino::count_all_memoised`] (counts no enumeration reaches),
//!   [`Polyomino::first`], [`Polyomino::visit_tilings`] and
//!   [`Polyomino::decode`] give [`Tiling`]s, which
//!   [`Tiling::check`] checks against the puzzle's rules and which render as
//!   text (`Display`) or SVG ([`Tiling::to_svg`]).
//! - [`Square`]: the square grid as the machinery of [`crate::polyform`]
//!   sees it ([`crate::polyform::Grid`]), with this module's own cells,
//!   shapes and boards: the piece sets, the model, the count up to symmetry
//!   and Knuth's reader are that module's, and the polyominoes keep the
//!   conventions of Knuth's `polyomino-dlx` ([`crate::polyform::Encoding`]).
//!
//! # Example
//! ```
//! use dlx_models::polyomino::{Board, PieceSet, Polyomino};
//!
//! // The 12 pentominoes on a board 20 wide and 3 tall.
//! let board = Board::parse_size("20x3")?;
//! let model = Polyomino::new(board.clone(), PieceSet::pentominoes(), false)?;
//! assert_eq!(model.count_all(), 8u64);
//! assert_eq!(model.count_distinct()?, 2u64);
//! let tiling = model.first().expect("3x20 has tilings");
//! tiling.check(&board, model.pieces(), false)?;
//! assert_eq!(tiling.to_string().lines().count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Boards
//! `WxH` is width (columns) by height (rows): `10x6` is 6 rows of 10 cells,
//! `6x10` is 10 rows of 6; both have 60 cells and the same tilings up to a
//! quarter turn. In art, `#` (or a letter or digit) is a cell, `.` or a space
//! a hole. Rows are numbered from the top, columns from the left.
//!
//! # Piece files
//! Pieces are drawn in ASCII art, `#` or a letter or digit per cell, `.`
//! or a space for an empty square; blocks of lines are separated by blank
//! lines, and lines starting with `|` are comments ([`PieceSet::parse`]).
//! A block may start with a header `NAME:` or `NAME*K:` (K copies); then
//! all its cells are that one piece. Without a header, each distinct
//! character of the block is one piece named by that character (so a
//! whole picture of pieces can be pasted in); `#` cells without a header
//! are named by the number of the piece in the file (`1`, `2`, ...).
//!
//! # Encoding
//! Knuth's ("Dancing Links", 2000): one primary item per piece, named by the
//! piece, and one per board cell, named `r{row}c{column}` (0-based); one option
//! per placement of a piece (orientation and position) that lies on the board,
//! naming the piece and the cells it covers. Options come piece by piece,
//! orientations in the order of [`Shape::orientations`], positions row-major.
//! The encoding is lean: a placement that leaves the board or crosses a hole
//! never becomes an option.
//!
//! A piece used `k > 1` times: the area of the pieces must equal the board's
//! (it is checked), so when every other piece is used exactly its count of
//! times, the cells left are exactly `k` copies of the last one. The piece
//! with the most copies therefore gets no item at all: its options name only
//! cells. Any other piece with `k > 1` copies gets `k` items `name#1..name#k`
//! and each of its placements becomes one option per copy item; every tiling
//! is then found `k!` times (the copies permuted), and the counts divide by
//! the product of these factorials, exactly, and
//! [`Polyomino::visit_tilings`] passes on only the solution whose copies are
//! in increasing order of placement.
//! A set of a single piece used once fills the board: it is used as many
//! times as the board holds it, so `domino` (the piece set of
//! [`PieceSet::domino`]) on a board is the classic problem of its domino
//! tilings: a primary item per cell, an option per domino.
//! A rendered tiling draws all copies of a piece with its one symbol, so two
//! copies side by side are told apart only in the SVG picture, which
//! outlines every placed piece.
//! A tiling by copies of a single piece (dominoes, say) is drawn instead by
//! each piece's orientation and the checkerboard color of its first cell,
//! as Jockusch, Propp and Shor drew random domino tilings ("Random domino
//! tilings and the arctic circle theorem", 1998): in text a letter (`a`,
//! `b`, ... by orientation, uppercase on an odd square), in SVG a color (for
//! dominoes two blues for the horizontal ones and two reds for the vertical
//! ones), so that the frozen corners of a random tiling of an Aztec diamond
//! (`data/polyomino/aztec-15.txt`) show as four solid colors around its
//! disordered middle.
//!
//! # Counting up to symmetry
//! [`Polyomino::count_distinct`] counts orbits of tilings under the group
//! `G` of [`Polyomino::symmetries`]: the board's symmetries (4 for a
//! rectangle, 8 for a square, for other boards whichever of the 8 grid
//! symmetries map its cells onto themselves) that also map every piece's
//! placements onto that piece's placements (all of them for free pieces; for
//! one-sided pieces, only the rotations unless every piece is symmetric).
//!
//! The method restricts one piece, as Knuth does with the X pentomino. Take
//! the piece `P` used once with the fewest placements. Every tiling `T`
//! holds exactly one placement `p(T)` of `P`, and `p(gT) = g p(T)`.
//! Pick one representative `r` in each orbit of `P`'s placements and keep
//! only those as options of `P`. The tilings of an orbit that contain `r`
//! are then exactly the images of one of them under the stabilizer `S(r)`
//! (the symmetries that fix `r`), so the number of orbits is the sum over
//! the representatives of the number of `S(r)`-orbits of the tilings
//! containing `r`. When `S(r)` is trivial (as for every X placement on the
//! 6x10 board), each tiling containing `r` is its own orbit and counts 1;
//! when it is not (X on the middle row of 5x12, or placements on the axes of
//! a square), a tiling counts when it is the smallest of its `S(r)`-orbit in
//! a canonical form (for each cell in row-major order, its piece and the
//! first cell of its placement). Tilings that are themselves symmetric are
//! therefore counted once, and no division happens. The search is about
//! `|G|` times smaller than the count of all tilings.
//! When no piece is used exactly once, every tiling is enumerated and
//! counted when it is the smallest of its `G`-orbit in that canonical form.
//!
//! The same search counts all tilings ([`Polyomino::count_by_symmetry`]):
//! the orbit of a tiling `T` found has `|G| / |S(T)|` members, where the
//! symmetries `S(T)` that fix `T` also fix its restricted placement, so they
//! are among those tried for the canonical form anyway. The sum over the
//! orbits found is the number of all tilings, about `|G|` times faster than
//! [`Polyomino::count_all`], which searches every tiling and is kept as the
//! independent count the tests compare against.
//!
//! # Counts beyond enumeration
//! [`Polyomino::count_all`] visits every tiling, a few million a second.
//! [`Polyomino::count_all_memoised`] runs `dlx_core`'s memoised count
//! ([`dlx_core::MemoCounter`]), which caches the count of every region left
//! to tile: where regions repeat it reaches counts no enumeration can, for
//! instance the domino tilings of the 2n x 2n boards (OEIS A004003) up to
//! 16 x 16 (2444888770250892795802079170816, in about a second), or of
//! 8 x 30 (1.2e28, in milliseconds); the 18 x 18 board's count exceeds the
//! `u128` the count is held in and is reported as an error. Where regions
//! rarely repeat, as for the 12 pentominoes (each used once, so the pieces
//! left are part of the region), it is a few times slower than
//! [`Polyomino::count_by_symmetry`]; `dlx polyomino --count` chooses by a
//! short probe (see [`dlx_core::CountJob`]).
//!
//! # Built-in pieces
//! The pentominoes carry Golomb's letters F I L N P T U V W X Y Z, the
//! tetrominoes I O T S L; the domino is `domino`, drawn `d` in a tiling
//! of other pieces too (alone, it is drawn by orientation, as above). The 35 hexominoes are named 1 to 35 in the order of
//! their canonical free forms (see [`PieceSet::hexominoes`]) and drawn by the
//! base-36 digit of their number (1..9, A..Z).

mod board;
mod dimers;
mod knuth;
mod model;
mod pieces;
mod shape;
mod square;
mod tiling;

pub use crate::polyform::{
    split_count, BoardError, KnuthError, PackingError as TilingError, PieceError, Placement,
    SetupError, MAX_CELLS,
};
pub use crate::tilings::Counts;
pub use board::Board;
pub use dimers::Dimers;
pub use shape::{free_polyominoes, Shape, Transform};
pub use square::Square;
pub use tiling::Tiling;

/// A named polyomino with a count.
pub type Piece = crate::polyform::Piece<Square>;
/// A set of polyominoes.
pub type PieceSet = crate::polyform::PieceSet<Square>;
/// The exact cover problem of a board and a set of polyominoes: the
/// square grid's [`Polyform`](crate::polyform::Polyform).
pub type Polyomino = crate::polyform::Polyform<Square>;
/// One polyomino placed.
pub type PlacedPiece = crate::polyform::PlacedPiece<Square>;
/// The input of Knuth's `polyomino-dlx` (see its [`parse`](KnuthSpec::parse)).
pub type KnuthSpec = crate::polyform::KnuthSpec<Square>;
/// The count up to symmetry of a polyomino board, on any solver.
pub type SymmetryCount<'a> = crate::polyform::SymmetryCount<'a, Square>;
