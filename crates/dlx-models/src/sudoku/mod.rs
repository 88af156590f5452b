//! Sudoku of any box shape, diagonal (X) sudoku and target sudoku, as exact cover.
//!
//! # Brief overview
//! - [`Shape`] is the shape of a box (`3x3` for the classic 9x9 grid, `2x3`
//!   for 6x6, `4x4` for 16x16, ...); [`Shape::for_size`] picks the usual one.
//! - [`Grid`] holds the digits of a grid (`0` for a blank); digits run from
//!   `1` to the size of the grid, whatever symbols the text used.
//! - [`parse`] reads the puzzles of a text one at a time ([`Puzzles`]),
//!   one-line or multi-line, in the forms of the public collections (`.sdm`,
//!   `.sdk`, tdoku's, CSV with a header), each a [`Puzzle`] with the
//!   [`Alphabet`] it was written in and its line; [`ParseError`] names the
//!   line and the cell or column.
//! - [`Encoding`] turns a grid into a lean [`dlx_core::Problem`] and decodes
//!   solutions back into grids; [`Grid::solve`], [`Grid::count`],
//!   [`Grid::uniqueness`] and [`Grid::solutions`] wrap it.
//! - [`check`] and [`find_clash`] test a grid against the rules, independently
//!   of the encoding; [`Grid::render`] and [`Grid::to_line`] write it back
//!   (and `Display`, one line or, with `{:#}`, with box lines), and
//!   [`Grid::to_svg`] draws it, with its solution, to print.
//! - A [`Claim`] is what a collection says of a puzzle's answer (tdoku's
//!   `puzzle:count:solution`, a CSV's solution column);
//!   [`Puzzle::check_solution`] and [`Puzzle::check_count`] report a
//!   [`Mismatch`].
//! - [`target_score`], [`max_target_score`] and [`max_target_score_by_cost`] score target (archery) sudoku
//!   (NOIP 2009); [`generate_grid`] and [`generate_puzzle`] make seeded grids
//!   and unique-solution puzzles.
//!
//! # Example
//! ```
//! use dlx_models::sudoku::{check, Grid, Variant};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let solution = puzzle.solve(Variant::Plain)?.expect("this puzzle has a solution");
//! check(&solution, &puzzle, Variant::Plain)?;
//! assert_eq!(
//!     solution.to_line(dlx_models::sudoku::Alphabet::Digits),
//!     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design
//! - **Lean encoding.** Givens never reach the search: the items are the
//!   empty cells and the (row, digit), (column, digit), (box, digit) and, for
//!   diagonal sudoku, (diagonal, digit) pairs that no given satisfies yet; the
//!   options are the (cell, digit) pairs that no given rules out. A 17-clue
//!   puzzle has about a third fewer options than the full 729, and the search
//!   never covers an item only to learn what the givens already said.
//! - **Clashes are errors, not "no solution".** Two equal givens in a unit are
//!   reported with both cells ([`Clash`]) before any search starts.
//! - **One checker, independent of the encoder.** [`check`] reads only the
//!   grids, so a wrong encoding cannot hide behind a matching decoder.
//! - **Reproducible generation.** The generator draws from dlx-core's
//!   [`dlx_core::WyRand`] (written out there, 64-bit state, Wang Yi's
//!   wyrand) and the search is deterministic, so a seed gives the same grid on every
//!   machine; callers give a seed, never a generator.

mod board;
mod check;
mod encode;
mod generate;
mod parse;
mod render;
mod target;

pub use check::{check, find_clash, Clash, RuleError, Unit};
pub use encode::{Encoding, Solutions, Uniqueness};
pub use generate::{generate_grid, generate_grid_within, generate_puzzle, generate_puzzle_within};
pub use parse::{parse, Alphabet, Claim, Mismatch, ParseError, Puzzle, Puzzles};
pub use target::{
    max_target_score, max_target_score_by_cost, target_score, target_weight, TargetCost,
};

/// The largest grid size (digits per unit) supported: digits are bits of a `u64`.
pub const MAX_SIZE: usize = 64;

/// Why a box shape or a grid could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A size with no box shape but `1xN` (a prime, for instance).
    #[error(
        "a {size}x{size} grid has no box shape other than 1x{size}; give the box shape explicitly"
    )]
    NoBoxShape {
        /// The grid size.
        size: usize,
    },
    /// A grid larger than [`MAX_SIZE`], or empty.
    #[error("a grid of size {size} is not supported (sizes 1 to {max})")]
    BadSize {
        /// The grid size asked for.
        size: usize,
        /// The largest size supported.
        max: usize,
    },
    /// Box sides whose product does not fit in a `usize` (so no grid size at all).
    #[error("boxes of {box_rows}x{box_cols} would make a grid far beyond the largest size, {max}")]
    BoxTooLarge {
        /// The rows of a box.
        box_rows: usize,
        /// The columns of a box.
        box_cols: usize,
        /// The largest size supported.
        max: usize,
    },
    /// A box shape that is not `RxC` with two positive numbers.
    #[error("`{shown_text}` is not a box shape; write rows x columns, for example `3x3` or `2x3`", shown_text = crate::text::shown(&.text))]
    BadShapeText {
        /// The text as given.
        text: String,
    },
    /// A grid whose cells do not number size x size.
    #[error("a {size}x{size} grid needs {expected} cells, not {found}")]
    WrongCellCount {
        /// The grid size.
        size: usize,
        /// The cells needed.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A cell value above the grid size.
    #[error("{cell} holds {value}, but a {size}x{size} grid has digits 1 to {size}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The value found.
        value: u8,
        /// The grid size.
        size: usize,
    },
}

/// The shape of a box: `box_rows` rows by `box_cols` columns; the grid is
/// `box_rows * box_cols` cells wide and high.
///
/// ```
/// use dlx_models::sudoku::Shape;
///
/// assert_eq!(Shape::for_size(9)?.to_string(), "3x3");
/// assert_eq!(Shape::for_size(6)?.to_string(), "2x3");
/// assert_eq!(Shape::for_size(12)?.to_string(), "3x4");
/// assert_eq!("2x4".parse::<Shape>()?.size(), 8);
/// # Ok::<(), dlx_models::sudoku::ShapeError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// A cell of a grid, by 0-based row and column; displayed 1-based as `r1c5`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

/// Which rules a grid obeys besides rows, columns and boxes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Plain,
    /// Also both main diagonals hold every digit once (X-sudoku).
    Diagonal,
}

impl Variant {
    /// [`Variant::Diagonal`] when `diagonal` (a face's `--diagonal` flag or
    /// keyword), else [`Variant::Plain`].
    ///
    /// ```
    /// use dlx_models::sudoku::Variant;
    /// assert_eq!(Variant::with_diagonals(true), Variant::Diagonal);
    /// assert_eq!(Variant::with_diagonals(false), Variant::Plain);
    /// ```
    pub fn with_diagonals(diagonal: bool) -> Variant {
        if diagonal {
            Variant::Diagonal
        } else {
            Variant::Plain
        }
    }
}

/// A sudoku grid: a box [`Shape`] and one value per cell, `0` for a blank and
/// `1..=size` for a digit, in row-major order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Shape {
    /// A box of `box_rows` x `box_cols` cells.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        // Checked: the sides come from text, and a wrapped product (2^32 x
        // 2^32 is 0) would pass the size test below with sides that are not
        // the ones asked for.
        let size = box_rows
            .checked_mul(box_cols)
            .ok_or(ShapeError::BoxTooLarge {
                box_rows,
                box_cols,
                max: MAX_SIZE,
            })?;
        if box_rows == 0 || box_cols == 0 || size > MAX_SIZE {
            return Err(ShapeError::BadSize {
                size,
                max: MAX_SIZE,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual box shape of a `size` x `size` grid: the most square
    /// factorisation `rows x cols` with `rows <= cols` (9 -> 3x3, 6 -> 2x3,
    /// 12 -> 3x4, 16 -> 4x4). Sizes whose only factorisation is `1xN` (primes)
    /// are refused: give [`Shape::new`] the shape instead.
    pub fn for_size(size: usize) -> Result<Shape, ShapeError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ShapeError::BadSize {
                size,
                max: MAX_SIZE,
            });
        }
        let rows = (1..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()
            .unwrap_or(1);
        if rows == 1 && size > 1 {
            return Err(ShapeError::NoBoxShape { size });
        }
        Shape::new(rows, size / rows)
    }

    /// Rows of a box.
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns of a box.
    pub fn box_cols(self) -> usize {
        usize::from(self.box_cols)
    }

    /// Cells per row, column and box; also the number of digits.
    pub fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Cells in the grid.
    pub fn n_cells(self) -> usize {
        self.size() * self.size()
    }

    /// The box of a cell, numbered row-major from 0.
    pub fn box_of(self, cell: Cell) -> usize {
        (cell.row / self.box_rows()) * self.box_rows() + cell.col / self.box_cols()
    }

    /// The cell at a row-major index.
    pub fn cell(self, index: usize) -> Cell {
        Cell {
            row: index / self.size(),
            col: index % self.size(),
        }
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl std::str::FromStr for Shape {
    type Err = ShapeError;

    /// Reads `RxC`, for example `3x3` or `2x3`.
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::BadShapeText {
            text: text.to_owned(),
        };
        let (rows, cols) = text.trim().split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        Shape::new(rows, cols)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Grid {
    /// A grid of blanks.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.n_cells()],
        }
    }

    /// A grid from its values in row-major order (`0` for a blank).
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, ShapeError> {
        let size = shape.size();
        if cells.len() != shape.n_cells() {
            return Err(ShapeError::WrongCellCount {
                size,
                expected: shape.n_cells(),
                found: cells.len(),
            });
        }
        if let Some(index) = cells.iter().position(|&v| usize::from(v) > size) {
            return Err(ShapeError::DigitOutOfRange {
                cell: shape.cell(index),
                value: cells[index],
                size,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Cells per row, column and box.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// All values, row-major, `0` for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of a cell, `0` for a blank.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn get(&self, cell: Cell) -> u8 {
        self.cells[cell.row * self.size() + cell.col]
    }

    /// Sets the value of a cell (`0` clears it).
    ///
    /// # Panics
    /// If the cell is outside the grid or the value above the size.
    pub fn set(&mut self, cell: Cell, value: u8) {
        assert!(usize::from(value) <= self.size(), "digit {value} too large");
        let size = self.size();
        self.cells[cell.row * size + cell.col] = value;
    }

    /// How many cells hold a digit.
    pub fn n_givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

/// The grid on one line, the form of the big collections: one character a
/// cell, `1`-`9` then `A`-`Z`, `.` for a blank (numbers separated by spaces
/// beyond 35x35), as [`Grid::to_line`] writes it in [`Alphabet::Digits`].
/// The alternate form, `{:#}`, is the grid with box lines, one row a line,
/// as [`Grid::render`] writes it.
///
/// Both read back with [`str::parse`] to the same grid, when its box shape
/// is the usual one for its size ([`Shape::for_size`]; a grid of 3x2 boxes
/// reads back with 2x3 boxes: give [`parse`] the shape to keep it).
///
/// ```
/// use dlx_models::sudoku::Grid;
///
/// let grid: Grid = "1.3..4..2.4....1".parse()?;
/// assert_eq!(grid.to_string(), "1.3..4..2.4....1");
/// assert_eq!(format!("{grid:#}"), "1 . | 3 .\n. 4 | . .\n----+----\n2 . | 4 .\n. . | . 1\n");
/// assert_eq!(format!("{grid:#}").parse::<Grid>()?, grid);
/// # Ok::<(), dlx_models::sudoku::ParseError>(())
/// ```
impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if f.alternate() {
            f.write_str(&self.render(Alphabet::Digits))
        } else {
            f.write_str(&self.to_line(Alphabet::Digits))
        }
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle, in any of the forms [`parse`] reads (so
    /// both forms that [`Grid`]'s `Display` writes); what the text says of
    /// its answer, if anything, is not kept: read a [`Puzzle`] for that.
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Puzzle::parse_one(text, None).map(Puzzle::into_grid)
    }
}
