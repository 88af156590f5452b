//! A puzzle read from a text, and what its file claims of its answer: the claim, and its checks against the rules and a search.

use super::{parse, ParseError};
use crate::sudoku::{check, Grid, RuleError, Shape, Variant};
use dlx_core::Count;

/// The symbols a puzzle was written in, so answers can be written the same way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// One character a cell: `1`-`9`, then `A`-`Z` for 10 to 35 (`1-9A-G` for
    /// 16x16); `.`, `0`, `*`, `-` or `_` for a blank.
    #[default]
    Digits,
    /// One letter a cell: `A` for 1 up to `Z` for 26 (`A-P` for 16x16, `A-Y`
    /// for 25x25); `.`, `0`, `*`, `-` or `_` for a blank.
    Letters,
    /// Whitespace-separated decimal numbers, `0` (or `.`) for a blank.
    Numbers,
}

/// What a collection says of a puzzle's answer, beside the puzzle: tdoku's
/// `puzzle:count:solution`, the solution column of a CSV file.
///
/// [`Puzzle::check_solution`] and [`Puzzle::check_count`] hold it against
/// the rules and against a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Claim {
    /// The number of solutions the file gives.
    pub count: Option<u64>,
    /// The cap of that count, when the file says its counts stop there (a
    /// CSV header `solution_count(capped at 2)`): a count equal to the cap
    /// means that many or more.
    pub cap: Option<u64>,
    /// The solution the file gives, complete or not, as written.
    pub solution: Option<Grid>,
    /// The character column where the solution starts on its line, from 1.
    pub solution_column: usize,
}

/// A puzzle whose answer is not what its file says.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Mismatch {
    /// The solution the file gives breaks the rules or the puzzle's givens.
    #[error(
        "line {line}, column {column}: the solution the file gives is not a solution of the puzzle"
    )]
    Solution {
        /// The line of the puzzle.
        line: usize,
        /// The character column where the solution starts, from 1.
        column: usize,
        /// How it fails.
        #[source]
        source: RuleError,
    },
    /// The number of solutions the file gives is not the number the search finds.
    #[error("line {line}: the file gives {given} solution{s}{capped}, the search finds {found}", s = if *.given == 1 { "" } else { "s" }, capped = if *.capped { " or more" } else { "" })]
    Count {
        /// The line of the puzzle.
        line: usize,
        /// The count the file gives.
        given: u64,
        /// Whether the file's count is its cap, so means at least that many.
        capped: bool,
        /// What the search found, in words (`2`, `at least 3`).
        found: String,
    },
}

/// A puzzle read from a text: its grid of givens, the alphabet it was written
/// in, and the line it started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(super) grid: Grid,
    pub(super) alphabet: Alphabet,
    pub(super) line: usize,
    pub(super) claim: Claim,
}

impl Puzzle {
    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The givens, owned.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The alphabet the puzzle was written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// The (first) line of the puzzle in its text, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What the file says of the puzzle's answer (nothing, for most forms).
    pub fn claim(&self) -> &Claim {
        &self.claim
    }

    /// Checks the solution the file gives, if any, against the rules and
    /// the puzzle's givens, as [`check`] does: no search is needed.
    pub fn check_solution(&self, variant: Variant) -> Result<(), Mismatch> {
        let Some(solution) = &self.claim.solution else {
            return Ok(());
        };
        check(solution, &self.grid, variant).map_err(|source| Mismatch::Solution {
            line: self.line,
            column: self.claim.solution_column,
            source,
        })
    }

    /// How many solutions a search must be allowed to find to check the
    /// count the file gives (one more than it, or its cap); `None` when the
    /// file gives no count.
    pub fn count_limit(&self) -> Option<u64> {
        let given = self.claim.count?;
        Some(match self.claim.cap {
            Some(cap) => cap,
            None => given.saturating_add(1),
        })
    }

    /// Checks the count the file gives, if any, against `found`, the
    /// solutions a search found when it stopped at `limit` (`None`: it ran
    /// to its end). Both counts are compared as far as both know: a search
    /// that reached its limit found at least that many, and a file whose
    /// counts are capped says only "that many or more" at its cap.
    ///
    /// ```
    /// use dlx_models::sudoku::Puzzle;
    ///
    /// let puzzle = Puzzle::parse_one("1...........4...:3", None)?;
    /// assert!(puzzle.check_count(3u64, None).is_ok());
    /// assert!(puzzle.check_count(4u64, Some(4)).is_err());
    /// assert!(puzzle.check_count(2u64, Some(2)).is_ok(), "2 found, and the search stopped there");
    /// assert_eq!(
    ///     puzzle.check_count(2u64, None).unwrap_err().to_string(),
    ///     "line 1: the file gives 3 solutions, the search finds 2"
    /// );
    /// # Ok::<(), dlx_models::sudoku::ParseError>(())
    /// ```
    pub fn check_count(&self, found: impl Into<Count>, limit: Option<u64>) -> Result<(), Mismatch> {
        let Some(given) = self.claim.count else {
            return Ok(());
        };
        let found = found.into();
        let known = match (limit, self.claim.cap) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => u64::MAX,
        };
        // Every bound is a `u64`: a count past it compares as its bound does.
        let small = found.to_u64().unwrap_or(u64::MAX);
        if given.min(known) == small.min(known) {
            return Ok(());
        }
        let reached = limit.is_some_and(|limit| small >= limit);
        Err(Mismatch::Count {
            line: self.line,
            given,
            capped: self.claim.cap == Some(given),
            found: if reached {
                format!("at least {found}")
            } else {
                found.to_string()
            },
        })
    }

    /// Reads exactly one puzzle from a text.
    pub fn parse_one(text: &str, shape: Option<Shape>) -> Result<Puzzle, ParseError> {
        let mut puzzles = parse(text, shape);
        let puzzle = puzzles.next().ok_or(ParseError::Empty)??;
        match puzzles.next() {
            None => Ok(puzzle),
            Some(Ok(second)) => Err(ParseError::SecondPuzzle {
                line: second.line(),
            }),
            Some(Err(err)) => Err(err),
        }
    }
}
