//! Knuth's `polyomino-dlx` input: a board and its pieces as lists of cells in base-62 coordinates.
//!
//! The form, as Knuth's program `polyomino-dlx` reads it (his literate
//! source describes it; the page "polyomino-dlx" of his programs):
//! - a line that begins with `|` is a comment;
//! - the first other line lists the cells of the board, each cell `xy`: two
//!   coordinates from 0 to 61, each one "digit" `0`-`9`, `a`-`z` (10 to 35),
//!   `A`-`Z` (36 to 61), or a set of them in brackets with ranges, so that
//!   `[0-9][0-5]` is the 10 x 6 rectangle and `[123]2 2[123]` a cross of
//!   five cells;
//! - every later line is a piece: its name, then its cells in the same form
//!   (a "typical" placement; every rotation and reflection is used); a name
//!   `K*NAME` asks for K copies, K one base-62 digit.
//!
//! Here `x` is the column and `y` the row, so `[0-9][0-5]` is a board 10
//! wide and 6 tall, as `--board 10x6`. Blank lines are skipped.
//! What `polyomino-dlx` accepts and `dlx polyomino` does not say so with the
//! line and column: a suffix after a cell (which makes a secondary item:
//! give Knuth's program's output to `dlx solve`), a piece given on two lines
//! (Knuth combines their placements; here a piece has one shape), and names
//! other than letters, digits, `_` and `-`.

use super::square::Square;
use crate::polyform::{KnuthError, KnuthSpec, Program};

impl KnuthSpec<Square> {
    /// Reads an input of `polyomino-dlx` (see the module's documentation).
    ///
    /// ```
    /// use dlx_models::polyomino::{KnuthSpec, Polyomino};
    ///
    /// let text = "| the 3 x 2 box and two trominoes\n[0-2][01]\nL 00 01 10\n2*I 00 10 20\n";
    /// let spec = KnuthSpec::parse(text)?;
    /// assert_eq!((spec.board.width(), spec.board.height()), (3, 2));
    /// let pieces = spec.pieces.expect("two piece lines");
    /// assert_eq!(pieces.names(), ["L", "I"]);
    /// let only_l = KnuthSpec::parse("[0-2][01]\nL 00 01 10\n")?;
    /// let model = Polyomino::new(only_l.board, only_l.pieces.unwrap().times(2), false)?;
    /// assert_eq!(model.count_all(), 2u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<KnuthSpec<Square>, KnuthError> {
        crate::polyform::parse_knuth(text, Program::Polyomino)
    }
}
