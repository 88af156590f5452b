//! The board: squares, the lines queens attack along, the symmetries of the square, and boards checked by the rules alone.

use std::fmt;

use super::QueensError;

/// A square of the board, counted from 0; displayed from 1 as `row:column`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

/// A line along which two queens attack each other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Line {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same diagonal going down to the right (`row - column` constant).
    Diagonal,
    /// The same diagonal going down to the left (`row + column` constant).
    AntiDiagonal,
}

/// One of the 8 symmetries of the square board (the dihedral group of order 8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counterclockwise.
    Rotate270,
    /// The mirror image left to right (columns reversed).
    MirrorColumns,
    /// The mirror image top to bottom (rows reversed).
    MirrorRows,
    /// The reflection in the main diagonal (rows and columns swapped).
    Transpose,
    /// The reflection in the other diagonal.
    AntiTranspose,
}

/// Why a board is not a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The board and the puzzle differ in size.
    #[error("the board is {found}x{found} but the puzzle is {n}x{n}")]
    WrongSize {
        /// The puzzle's side.
        n: usize,
        /// The board's side.
        found: usize,
    },
    /// A row without a queen.
    #[error("row {} has no queen", .row + 1)]
    EmptyRow {
        /// The row, from 0.
        row: usize,
    },
    /// Two queens attack each other.
    #[error("queens {first} and {second} attack each other on the same {line}")]
    Attack {
        /// The queen in the upper row.
        first: Square,
        /// The queen in the lower row.
        second: Square,
        /// The line they share.
        line: Line,
    },
    /// A pre-placed queen is not on the board.
    #[error("the pre-placed queen {square} is missing")]
    MissingQueen {
        /// The missing queen.
        square: Square,
    },
}

/// A board with at most one queen in each row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// `cols[row]` is the column of the queen in that row, if any.
    cols: Vec<Option<usize>>,
}

impl Square {
    /// The square in `row` and `col`, both from 0.
    pub fn new(row: usize, col: usize) -> Square {
        Square { row, col }
    }

    /// The line two distinct squares share, if any (rows first, then columns, then diagonals).
    pub fn shared_line(self, other: Square) -> Option<Line> {
        if self.row == other.row {
            Some(Line::Row)
        } else if self.col == other.col {
            Some(Line::Column)
        } else if self.row.wrapping_sub(self.col) == other.row.wrapping_sub(other.col) {
            Some(Line::Diagonal)
        } else if self.row + self.col == other.row + other.col {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.row + 1, self.col + 1)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        })
    }
}

impl Symmetry {
    /// All 8 symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the symmetry takes `square` on a board of side `n` (the square must be on it).
    pub fn apply(self, n: usize, square: Square) -> Square {
        let last = n - 1;
        let Square { row: r, col: c } = square;
        let (row, col) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, last - r),
            Symmetry::Rotate180 => (last - r, last - c),
            Symmetry::Rotate270 => (last - c, r),
            Symmetry::MirrorColumns => (r, last - c),
            Symmetry::MirrorRows => (last - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (last - c, last - r),
        };
        Square { row, col }
    }
}

impl Board {
    /// An empty board of side `n`.
    pub fn new(n: usize) -> Board {
        Board {
            cols: vec![None; n],
        }
    }

    /// A board from the column of the queen in each row (`None` for an empty row).
    ///
    /// Fails with [`QueensError::OffBoard`] when a column is not below the number of rows.
    pub fn from_columns(cols: Vec<Option<usize>>) -> Result<Board, QueensError> {
        let n = cols.len();
        for (row, col) in cols.iter().enumerate() {
            if let Some(col) = *col {
                if col >= n {
                    return Err(QueensError::OffBoard {
                        square: Square::new(row, col),
                        n,
                    });
                }
            }
        }
        Ok(Board { cols })
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.cols.len()
    }

    /// Puts a queen on `square`, replacing any other queen in its row (the
    /// square must be on the board; the puzzle and the decoder check their
    /// queens before they put them).
    pub(super) fn put(&mut self, square: Square) {
        self.cols[square.row] = Some(square.col);
    }

    /// The column of the queen in each row, if any.
    pub fn columns(&self) -> &[Option<usize>] {
        &self.cols
    }

    /// The queens, row by row.
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        self.cols
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|col| Square::new(row, col)))
    }

    /// Whether there is a queen on `square`.
    pub fn has_queen(&self, square: Square) -> bool {
        self.cols.get(square.row).copied().flatten() == Some(square.col)
    }

    /// Checks the rules from the board alone: every row holds a queen, and no
    /// two queens share a column or a diagonal (one queen per row is built in).
    pub fn check(&self) -> Result<(), BoardError> {
        let n = self.n();
        // The first queen seen on each column and each diagonal.
        let mut by_col: Vec<Option<Square>> = vec![None; n];
        let mut by_diagonal: Vec<Option<Square>> = vec![None; 2 * n];
        let mut by_anti: Vec<Option<Square>> = vec![None; 2 * n];
        for (row, col) in self.cols.iter().enumerate() {
            let Some(col) = *col else {
                return Err(BoardError::EmptyRow { row });
            };
            let square = Square::new(row, col);
            for (seen, line) in [
                (&mut by_col[col], Line::Column),
                (&mut by_diagonal[row + n - col], Line::Diagonal),
                (&mut by_anti[row + col], Line::AntiDiagonal),
            ] {
                if let Some(first) = *seen {
                    return Err(BoardError::Attack {
                        first,
                        second: square,
                        line,
                    });
                }
                *seen = Some(square);
            }
        }
        Ok(())
    }

    /// The image of the board under a symmetry.
    pub fn transform(&self, symmetry: Symmetry) -> Board {
        let n = self.n();
        let mut image = Board::new(n);
        for square in self.queens() {
            let to = symmetry.apply(n, square);
            image.cols[to.row] = Some(to.col);
        }
        image
    }

    /// The board in text: one line per row, `Q` for a queen and `.` for an
    /// empty square, separated by spaces.
    pub fn render(&self) -> String {
        let n = self.n();
        let mut text = String::with_capacity(2 * n * n);
        for col in &self.cols {
            for c in 0..n {
                if c > 0 {
                    text.push(' ');
                }
                text.push(if *col == Some(c) { 'Q' } else { '.' });
            }
            text.push('\n');
        }
        text
    }

    /// The board in the SPOJ NQUEEN form: the column of each row's queen from 1, `0` for none.
    pub fn spoj_line(&self) -> String {
        let cols: Vec<String> = self
            .cols
            .iter()
            .map(|col| col.map_or(0, |c| c + 1).to_string())
            .collect();
        cols.join(" ")
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
