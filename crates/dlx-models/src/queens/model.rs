//! The puzzle (board size and pre-placed queens), its lean encoding, and the searches on it.

use std::ops::ControlFlow;

use dlx_core::{
    Answer, Budget, BuildError, Count, ItemId, ItemKind, OptionId, Outcome, Problem,
    ProblemBuilder, Solver, Stats, Step,
};

use super::{Board, BoardError, Line, Square, Symmetry, FIRST_BUDGET, MAX_N};
use crate::rng::Rng;

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
        self.placed.put(square);
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
        let row_free = |row: usize| self.placed.columns()[row].is_none();
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
        // One item for each line that needs one: primary for rows and
        // columns, secondary for diagonals.
        let mut item = |kind: ItemKind, name: String| {
            let item = match kind {
                ItemKind::Primary => builder.primary(&name),
                ItemKind::Secondary => builder.secondary(&name),
            };
            item.map(Some).map_err(QueensError::Build)
        };
        let mut row_item: Vec<Option<ItemId>> = vec![None; n];
        let mut col_item: Vec<Option<ItemId>> = vec![None; n];
        for k in organ_pipe(n) {
            if row_free(k) {
                row_item[k] = item(ItemKind::Primary, format!("r{k}"))?;
            }
            if !col_taken[k] {
                col_item[k] = item(ItemKind::Primary, format!("c{k}"))?;
            }
        }
        // Items are named as in Knuth's queens files, rows and columns from
        // 0 (as every index of dlx's JSON, and as the positions of his
        // sudoku-dlx and polyomino-dlx count): anti-diagonals `a` by row +
        // column, diagonals `b` by n - 1 - row + column, both from 0 to 2n - 2.
        let mut anti_item: Vec<Option<ItemId>> = vec![None; 2 * n];
        for (sum, _) in anti_len.iter().enumerate().filter(|(_, &len)| len >= 2) {
            anti_item[sum] = item(ItemKind::Secondary, format!("a{sum}"))?;
        }
        // `diagonal_len` is indexed by row + n - column, so that name is
        // 2n - 1 - index; declared from the highest index down, the names
        // come in increasing order.
        let mut diagonal_item: Vec<Option<ItemId>> = vec![None; 2 * n];
        let diagonals = diagonal_len.iter().enumerate().rev();
        for (diff, _) in diagonals.filter(|(_, &len)| len >= 2) {
            diagonal_item[diff] = item(ItemKind::Secondary, format!("b{}", 2 * n - 1 - diff))?;
        }
        let mut squares: Vec<Square> = (0..n * n)
            .map(|k| Square::new(k / n, k % n))
            .filter(|q| free(q.row, q.col))
            .collect();
        if let Some(seed) = seed {
            Rng::new(seed).shuffle(&mut squares);
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
        let (first, stats) = self.first_within(&Budget::new())?;
        Ok((crate::whole(first), stats))
    }

    /// [`Queens::first_with_stats`] within `budget` (every restart draws on
    /// it): the first solution, or `None` with the outcome saying whether
    /// there is none or the budget stopped the search first.
    pub fn first_within(
        &self,
        budget: &Budget,
    ) -> Result<(Answer<Option<Board>>, Stats), QueensError> {
        let mut total = Stats::default();
        let mut slice = FIRST_BUDGET;
        let mut attempt = 0u64;
        loop {
            let encoding = if attempt == 0 {
                self.encode()?
            } else {
                self.encode_shuffled(attempt)?
            };
            let mut solver = Solver::new(encoding.problem());
            solver.set_budget(budget.clone());
            let step = solver.run(slice);
            total += *solver.stats();
            match step {
                Step::Solution => {
                    let board = encoding.decode(solver.solution());
                    return Ok((Answer::new(Some(board), Outcome::LimitReached), total));
                }
                Step::Paused => {}
                // The tree is done (no solution), or the budget stopped the search.
                Step::End(outcome) => return Ok((Answer::new(None, outcome), total)),
            }
            slice = slice.saturating_mul(2);
            attempt += 1;
        }
    }

    /// The number of solutions.
    pub fn count(&self) -> Result<Count, QueensError> {
        let encoding = self.encode()?;
        Ok(crate::whole(Solver::new(encoding.problem()).count()))
    }

    /// The number of solutions up to the symmetries in [`Queens::symmetries`],
    /// by canonical forms (see the module documentation).
    pub fn count_distinct(&self) -> Result<Count, QueensError> {
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
            board.put(square);
        }
        board
    }

    /// Counts the solutions `solver` still has to visit, up to `symmetries`
    /// (which must form a group mapping the puzzle to itself, such as
    /// [`Queens::symmetries`]): a solution counts when it is the smallest of
    /// its images ([`Canonical`]).
    pub fn count_distinct(&self, solver: &mut Solver, symmetries: &[Symmetry]) -> Count {
        let mut canonical = self.canonical(symmetries);
        let mut distinct = 0u64;
        let _ = solver.visit(|solution| {
            if canonical.is_canonical(solution) {
                distinct += 1;
            }
            ControlFlow::<()>::Continue(())
        });
        Count::from(distinct)
    }

    /// The test of whether a solution is the canonical one of its class
    /// under `symmetries` (a group mapping the puzzle to itself, such as
    /// [`Queens::symmetries`]): the smallest of its images, reading each
    /// board as its columns row by row. Each thread that counts distinct
    /// solutions keeps one, for its scratch space.
    pub fn canonical(&self, symmetries: &[Symmetry]) -> Canonical<'_> {
        let n = self.placed.n();
        Canonical {
            encoding: self,
            symmetries: symmetries.to_vec(),
            cols: vec![0; n],
            image: vec![0; n],
        }
    }
}

/// Whether solutions are canonical under a group of symmetries, from [`Encoding::canonical`].
#[derive(Clone, Debug)]
pub struct Canonical<'a> {
    encoding: &'a Encoding,
    symmetries: Vec<Symmetry>,
    cols: Vec<usize>,
    image: Vec<usize>,
}

impl Canonical<'_> {
    /// Whether `solution` is the smallest of its images: exactly one
    /// solution of each class is.
    pub fn is_canonical(&mut self, solution: &[OptionId]) -> bool {
        let encoding = self.encoding;
        let n = encoding.placed.n();
        // Every row of a solution holds a queen: pre-placed or chosen.
        for (c, col) in self.cols.iter_mut().zip(encoding.placed.columns()) {
            *c = col.unwrap_or(0);
        }
        for &option in solution {
            let square = encoding.squares[option.index()];
            self.cols[square.row] = square.col;
        }
        let (cols, image) = (&self.cols, &mut self.image);
        self.symmetries.iter().all(|&s| {
            for (row, &col) in cols.iter().enumerate() {
                let to = s.apply(n, Square::new(row, col));
                image[to.row] = to.col;
            }
            *image >= *cols
        })
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
