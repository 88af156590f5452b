//! N-queens: n queens on an n x n board, no two in one row, column or diagonal.
//!
//! # Encoding
//! Knuth's encoding ("Dancing Links", 2000): one primary item per row
//! (`r1..rn`) and per column (`c1..cn`), one secondary item per diagonal of
//! either direction (`a2..a2n` for the squares with `row + column = s`, `b1..b2n-1`
//! for `row - column + n = d`), and one option per square naming its row, its
//! column and its two diagonals.
//! Rows and columns must each hold exactly one queen, diagonals at most one.
//!
//! The row and column items are listed from the middle of the board outward,
//! interleaved (`r5 c5 r4 c4 r6 c6 r3 c3 r7 c7 r2 c2 r8 c8 r1 c1` for
//! n = 8): the "organ-pipe order" Knuth uses for the queens problem in
//! "Dancing Links" and in his queens generator.
//! The engine breaks ties among the items with the fewest options to the
//! leftmost, so the search starts in the middle of the board, where a queen
//! attacks the most squares and prunes the most.
//!
//! The encoding is lean: the rows, columns and diagonals of pre-placed queens
//! never become items, the squares they attack never become options, and a
//! diagonal that meets at most one free square (it can never hold two queens)
//! is left out too.
//!
//! # First solutions for large boards
//! With the options in plain order (square by square, row by row) the search
//! finds a first solution at once up to n = 50 (10,482 nodes for n = 50), but
//! for n = 64, 100 and 200 it had not found one after 20 million nodes.
//! The search is heavy-tailed: the same regular pattern of first choices
//! (central lines first, then always the first free square of the most
//! constrained line) leads to a dead end deep in the tree (within 5 million
//! nodes it reaches level 61 of 64, 90 of 100, 174 of 200), and the search
//! then exhausts a huge subtree above it before it undoes the early choices
//! that caused it.
//! Shuffling the options (a random but fixed first try at every item)
//! breaks the pattern: with shuffled options (seeds 1 to 20) the search
//! reaches a solution for n = 64, 100 and 200 in at most 2,896 nodes, and
//! most often in n nodes or a few more, with next to no backtracking.
//! So [`Queens::first`] runs the plain search for [`FIRST_BUDGET`] nodes and
//! then restarts on shuffled options ([`Queens::encode_shuffled`], seeds 1,
//! 2, ...) with a budget that doubles at each restart, the classic cure of
//! heavy-tailed backtracking (Gomes, Selman and Kautz, 1998).
//! Small boards keep the plain search's first solution, and the seeds are
//! fixed, so the answer is the same on every run and every machine.
//!
//! # Distinct solutions
//! [`Queens::count_distinct`] counts solutions up to the symmetries of the
//! board (the 8 rotations and reflections, [`Symmetry`]) that keep the
//! pre-placed queens where they are.
//! It is exact by canonical forms: a solution is read as the sequence of its
//! queens' columns, row by row, and it is counted when no symmetry maps it to
//! a lexicographically smaller sequence.
//! Every orbit has exactly one smallest member, so this counts each orbit
//! once, however symmetric its solutions are; no weighting by orbit size is
//! needed.
//!
//! ```
//! use dlx_models::queens::{Queens, Square};
//!
//! let eight = Queens::new(8)?;
//! assert_eq!(eight.count()?, 92);
//! assert_eq!(eight.count_distinct()?, 12);
//!
//! // A queen in the corner of a 5 x 5 board leaves two solutions.
//! let puzzle = Queens::with_queens(5, [Square::new(0, 0)])?;
//! let board = puzzle.first()?.expect("a solution");
//! puzzle.check(&board)?;
//! assert_eq!(board.render(), "Q . . . .\n. . . Q .\n. Q . . .\n. . . . Q\n. . Q . .\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use dlx_core::{BuildError, ItemId, OptionId, Problem, ProblemBuilder, Solver, Stats, Step};

use crate::rng::SplitMix64;
use crate::text::{numbers, Lines, TextError};

/// The largest board side accepted: a 1000 x 1000 board has a million options.
pub const MAX_N: usize = 1000;

/// The nodes [`Queens::first`] lets the search in the plain option order
/// spend before it restarts on shuffled options (the budget then doubles at
/// each restart).
pub const FIRST_BUDGET: u64 = 20_000;

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

/// Why a queens puzzle could not be set up or encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QueensError {
    /// A board of side 0.
    #[error("the board needs at least one row")]
    EmptyBoard,
    /// A board larger than [`MAX_N`].
    #[error("a board of side {n} is larger than the limit of {limit}")]
    TooLarge {
        /// The side asked for.
        n: usize,
        /// The largest side allowed.
        limit: usize,
    },
    /// A queen outside the board.
    #[error("queen {square} is off the {n}x{n} board")]
    OffBoard {
        /// The queen.
        square: Square,
        /// The side of the board.
        n: usize,
    },
    /// The same square given twice.
    #[error("queen {square} is placed twice")]
    PlacedTwice {
        /// The square.
        square: Square,
    },
    /// Two pre-placed queens attack each other.
    #[error("pre-placed queens {first} and {second} attack each other on the same {line}")]
    Clash {
        /// The queen placed first.
        first: Square,
        /// The queen placed later.
        second: Square,
        /// The line they share.
        line: Line,
    },
    /// The engine refused the problem (a limit of `dlx-core`).
    #[error("cannot build the exact cover problem")]
    Build(#[source] BuildError),
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

/// An n-queens puzzle: the board size and the queens already placed.
///
/// Two puzzles are equal when they have the same board and queens, in
/// whatever order the queens were placed.
#[derive(Clone, Debug)]
pub struct Queens {
    placed: Board,
    /// The queens in the order they were placed (for error messages).
    order: Vec<Square>,
}

/// A puzzle encoded as an exact cover problem, with what is needed to decode its solutions.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    /// The square of each option.
    squares: Vec<Square>,
    placed: Board,
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

impl PartialEq for Queens {
    fn eq(&self, other: &Queens) -> bool {
        self.placed == other.placed
    }
}

impl Eq for Queens {}

impl Queens {
    /// The empty board of side `n`.
    pub fn new(n: usize) -> Result<Queens, QueensError> {
        if n == 0 {
            return Err(QueensError::EmptyBoard);
        }
        if n > MAX_N {
            return Err(QueensError::TooLarge { n, limit: MAX_N });
        }
        Ok(Queens {
            placed: Board::new(n),
            order: Vec::new(),
        })
    }

    /// The board of side `n` with the given queens already placed.
    pub fn with_queens<I>(n: usize, queens: I) -> Result<Queens, QueensError>
    where
        I: IntoIterator<Item = Square>,
    {
        let mut puzzle = Queens::new(n)?;
        for square in queens {
            puzzle.place(square)?;
        }
        Ok(puzzle)
    }

    /// Places a queen; a queen off the board, on an occupied square, or
    /// attacking a queen already placed is an error naming both queens.
    pub fn place(&mut self, square: Square) -> Result<(), QueensError> {
        let n = self.n();
        if square.row >= n || square.col >= n {
            return Err(QueensError::OffBoard { square, n });
        }
        for &first in &self.order {
            if first == square {
                return Err(QueensError::PlacedTwice { square });
            }
            if let Some(line) = first.shared_line(square) {
                return Err(QueensError::Clash {
                    first,
                    second: square,
                    line,
                });
            }
        }
        self.placed.cols[square.row] = Some(square.col);
        self.order.push(square);
        Ok(())
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.placed.n()
    }

    /// The board with only the pre-placed queens.
    pub fn placed(&self) -> &Board {
        &self.placed
    }

    /// Encodes the puzzle as an exact cover problem (see the module documentation).
    ///
    /// The options come square by square, row by row.
    pub fn encode(&self) -> Result<Encoding, QueensError> {
        self.encode_ordered(None)
    }

    /// The same problem as [`Queens::encode`] with its options in a
    /// pseudo-random order fixed by `seed` (the same on every machine).
    ///
    /// The items and their order do not change, so the count does not
    /// either; what changes is which option the search tries first at each
    /// item, and with it how long the search takes to reach a first solution.
    pub fn encode_shuffled(&self, seed: u64) -> Result<Encoding, QueensError> {
        self.encode_ordered(Some(seed))
    }

    fn encode_ordered(&self, seed: Option<u64>) -> Result<Encoding, QueensError> {
        let n = self.n();
        let mut col_taken = vec![false; n];
        let mut diagonal_taken = vec![false; 2 * n];
        let mut anti_taken = vec![false; 2 * n];
        for q in self.placed.queens() {
            col_taken[q.col] = true;
            diagonal_taken[q.row + n - q.col] = true;
            anti_taken[q.row + q.col] = true;
        }
        let row_free = |row: usize| self.placed.cols[row].is_none();
        let free = |row: usize, col: usize| {
            row_free(row)
                && !col_taken[col]
                && !diagonal_taken[row + n - col]
                && !anti_taken[row + col]
        };
        // How many free squares each diagonal meets: one alone needs no item.
        let mut diagonal_len = vec![0u32; 2 * n];
        let mut anti_len = vec![0u32; 2 * n];
        for row in 0..n {
            for col in 0..n {
                if free(row, col) {
                    diagonal_len[row + n - col] += 1;
                    anti_len[row + col] += 1;
                }
            }
        }
        let mut builder = ProblemBuilder::new();
        let mut row_item: Vec<Option<ItemId>> = vec![None; n];
        let mut col_item: Vec<Option<ItemId>> = vec![None; n];
        for k in organ_pipe(n) {
            if row_free(k) {
                row_item[k] = Some(
                    builder
                        .primary(&format!("r{}", k + 1))
                        .map_err(QueensError::Build)?,
                );
            }
            if !col_taken[k] {
                col_item[k] = Some(
                    builder
                        .primary(&format!("c{}", k + 1))
                        .map_err(QueensError::Build)?,
                );
            }
        }
        let mut anti_item: Vec<Option<ItemId>> = vec![None; 2 * n];
        for (sum, len) in anti_len.iter().enumerate() {
            if *len >= 2 {
                // Named by the sum of the 1-based row and column.
                anti_item[sum] = Some(
                    builder
                        .secondary(&format!("a{}", sum + 2))
                        .map_err(QueensError::Build)?,
                );
            }
        }
        let mut diagonal_item: Vec<Option<ItemId>> = vec![None; 2 * n];
        for (diff, len) in diagonal_len.iter().enumerate() {
            if *len >= 2 {
                // Named by row - column + n, from 1 to 2n - 1.
                diagonal_item[diff] = Some(
                    builder
                        .secondary(&format!("b{diff}"))
                        .map_err(QueensError::Build)?,
                );
            }
        }
        let mut squares: Vec<Square> = (0..n * n)
            .map(|k| Square::new(k / n, k % n))
            .filter(|q| free(q.row, q.col))
            .collect();
        if let Some(seed) = seed {
            SplitMix64::new(seed).shuffle_by_remainder(&mut squares);
        }
        for q in &squares {
            let items = [
                row_item[q.row],
                col_item[q.col],
                anti_item[q.row + q.col],
                diagonal_item[q.row + n - q.col],
            ];
            builder
                .option(items.into_iter().flatten())
                .map_err(QueensError::Build)?;
        }
        let problem = builder.build().map_err(QueensError::Build)?;
        Ok(Encoding {
            problem,
            squares,
            placed: self.placed.clone(),
        })
    }

    /// Checks a board against the rules and the pre-placed queens, from the board alone.
    pub fn check(&self, board: &Board) -> Result<(), BoardError> {
        if board.n() != self.n() {
            return Err(BoardError::WrongSize {
                n: self.n(),
                found: board.n(),
            });
        }
        for &square in &self.order {
            if !board.has_queen(square) {
                return Err(BoardError::MissingQueen { square });
            }
        }
        board.check()
    }

    /// The symmetries of the board that keep the pre-placed queens where they
    /// are (all 8 when none is placed), the identity first.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let n = self.n();
        Symmetry::ALL
            .into_iter()
            .filter(|&s| {
                self.order
                    .iter()
                    .all(|&q| self.placed.has_queen(s.apply(n, q)))
            })
            .collect()
    }

    /// A first solution, if there is one: the first of [`Queens::encode`]'s
    /// search when it comes within [`FIRST_BUDGET`] nodes, otherwise the first
    /// of a search restarted on shuffled options (see the module documentation).
    ///
    /// Each restart doubles the node budget, so the last one can explore the
    /// whole tree: `None` means there is no solution.
    pub fn first(&self) -> Result<Option<Board>, QueensError> {
        self.first_with_stats().map(|(board, _)| board)
    }

    /// [`Queens::first`], with the search statistics summed over the restarts.
    pub fn first_with_stats(&self) -> Result<(Option<Board>, Stats), QueensError> {
        let mut total = Stats::default();
        let mut budget = FIRST_BUDGET;
        let mut attempt = 0u64;
        loop {
            let encoding = if attempt == 0 {
                self.encode()?
            } else {
                self.encode_shuffled(attempt)?
            };
            let mut solver = Solver::new(encoding.problem());
            let step = solver.run(budget);
            total += *solver.stats();
            match step {
                Step::Solution => return Ok((Some(encoding.decode(solver.solution())), total)),
                Step::Paused => {}
                // No stop flag is set, so the search stops only when the tree is done.
                Step::Done | Step::Stopped => return Ok((None, total)),
            }
            budget = budget.saturating_mul(2);
            attempt += 1;
        }
    }

    /// The number of solutions.
    pub fn count(&self) -> Result<u64, QueensError> {
        let encoding = self.encode()?;
        Ok(Solver::new(encoding.problem()).count())
    }

    /// The number of solutions up to the symmetries in [`Queens::symmetries`],
    /// by canonical forms (see the module documentation).
    pub fn count_distinct(&self) -> Result<u64, QueensError> {
        let encoding = self.encode()?;
        let mut solver = Solver::new(encoding.problem());
        Ok(encoding.count_distinct(&mut solver, &self.symmetries()))
    }
}

impl Encoding {
    /// The exact cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The square an option puts a queen on.
    pub fn square(&self, option: OptionId) -> Square {
        self.squares[option.index()]
    }

    /// The board of a solution: the pre-placed queens and one queen per chosen option.
    pub fn decode(&self, solution: &[OptionId]) -> Board {
        let mut board = self.placed.clone();
        for &option in solution {
            let square = self.square(option);
            board.cols[square.row] = Some(square.col);
        }
        board
    }

    /// Counts the solutions `solver` still has to visit, up to `symmetries`
    /// (which must form a group mapping the puzzle to itself, such as
    /// [`Queens::symmetries`]): a solution counts when it is the smallest of
    /// its images, reading each board as its columns row by row.
    pub fn count_distinct(&self, solver: &mut Solver, symmetries: &[Symmetry]) -> u64 {
        let n = self.placed.n();
        let mut cols = vec![0usize; n];
        let mut image = vec![0usize; n];
        let mut distinct = 0u64;
        let _ = solver.visit(|solution| {
            // Every row of a solution holds a queen: pre-placed or chosen.
            for (c, col) in cols.iter_mut().zip(&self.placed.cols) {
                *c = col.unwrap_or(0);
            }
            for &option in solution {
                let square = self.squares[option.index()];
                cols[square.row] = square.col;
            }
            let canonical = symmetries.iter().all(|&s| {
                for (row, &col) in cols.iter().enumerate() {
                    let to = s.apply(n, Square::new(row, col));
                    image[to.row] = to.col;
                }
                image >= cols
            });
            if canonical {
                distinct += 1;
            }
            ControlFlow::<()>::Continue(())
        });
        distinct
    }
}

/// `0..n` from the middle outward: `n/2, n/2 - 1, n/2 + 1, n/2 - 2, ...`.
fn organ_pipe(n: usize) -> impl Iterator<Item = usize> {
    let mid = n / 2;
    (0..n).map(move |i| {
        if i % 2 == 1 {
            mid - i.div_ceil(2)
        } else {
            mid + i / 2
        }
    })
}

/// A problem with one SPOJ NQUEEN line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpojError {
    /// A token that is not a number (it names the line and the column).
    #[error(transparent)]
    Text(#[from] TextError),
    /// A board size of 0 or above [`MAX_N`].
    #[error("line {line}, column {column}: the board size {n} is not between 1 and {limit}")]
    BadSize {
        /// The line, from 1.
        line: usize,
        /// The character column of the size, from 1.
        column: usize,
        /// The size given.
        n: usize,
        /// The largest size allowed.
        limit: usize,
    },
    /// Not one number per row after the size.
    #[error("line {line}: the board size is {n} but {found} rows follow it")]
    WrongLength {
        /// The line, from 1.
        line: usize,
        /// The board size.
        n: usize,
        /// How many numbers follow it.
        found: usize,
    },
    /// A column beyond the board.
    #[error("line {line}, column {column}: row {} has its queen in column {value}, off the {n}x{n} board", .row + 1)]
    OffBoard {
        /// The line, from 1.
        line: usize,
        /// The character column of the value, from 1.
        column: usize,
        /// The row, from 0.
        row: usize,
        /// The value given.
        value: usize,
        /// The board size.
        n: usize,
    },
    /// Pre-placed queens that attack each other.
    #[error("line {line}")]
    Puzzle {
        /// The line, from 1.
        line: usize,
        /// The clash.
        #[source]
        source: QueensError,
    },
}

/// One SPOJ NQUEEN case and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpojCase {
    /// The line, from 1.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Queens,
}

/// The cases of a SPOJ NQUEEN input, one per non-blank line, in order.
#[derive(Clone, Debug)]
pub struct SpojCases<'a> {
    lines: Lines<'a>,
}

/// Reads the classic SPOJ NQUEEN input ("Yet Another N-Queen Problem"): each
/// line is `n` and then n numbers, the column (from 1) of the queen already in
/// row i, or 0 when row i is free.
/// Blank lines are skipped; errors name the line and the character column.
///
/// ```
/// use dlx_models::queens::parse_spoj;
///
/// let cases: Vec<_> = parse_spoj("4 0 0 0 0\n\n4 2 0 0 0\n").collect::<Result<_, _>>()?;
/// assert_eq!(cases.len(), 2);
/// assert_eq!(cases[1].line, 3);
/// let board = cases[1].puzzle.first()?.expect("a solution");
/// assert_eq!(board.spoj_line(), "2 4 1 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_spoj(text: &str) -> SpojCases<'_> {
    SpojCases {
        lines: Lines::new(text),
    }
}

impl Iterator for SpojCases<'_> {
    type Item = Result<SpojCase, SpojError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = self.lines.next()?;
        Some(parse_spoj_line(line, text))
    }
}

fn parse_spoj_line(line: usize, text: &str) -> Result<SpojCase, SpojError> {
    let numbers = numbers(line, text)?;
    let (size_column, n) = numbers[0];
    if n == 0 || n > MAX_N {
        return Err(SpojError::BadSize {
            line,
            column: size_column,
            n,
            limit: MAX_N,
        });
    }
    if numbers.len() - 1 != n {
        return Err(SpojError::WrongLength {
            line,
            n,
            found: numbers.len() - 1,
        });
    }
    let mut puzzle = Queens::new(n).map_err(|source| SpojError::Puzzle { line, source })?;
    for (row, &(column, value)) in numbers[1..].iter().enumerate() {
        if value == 0 {
            continue;
        }
        if value > n {
            return Err(SpojError::OffBoard {
                line,
                column,
                row,
                value,
                n,
            });
        }
        puzzle
            .place(Square::new(row, value - 1))
            .map_err(|source| SpojError::Puzzle { line, source })?;
    }
    Ok(SpojCase { line, puzzle })
}
