//! Square destroyer (POJ 1084): the fewest matchsticks to remove so that no square is left.
//!
//! An `n x n` grid of unit squares is drawn with `2n(n+1)` matchsticks,
//! numbered from 1 row by row: the `n` horizontal sticks of the top edge,
//! then the `n + 1` vertical sticks below them, then the next `n` horizontal
//! sticks, and so on. Some sticks are already missing. The answer is the
//! fewest further sticks to remove so that no square of any size (from
//! `1 x 1` to `n x n`) keeps all of its sides.
//!
//! The input holds the number of cases, then for each case `n` and a line
//! `k s1 .. sk` of missing sticks.
//!
//! This is a minimum repeated cover ([`dlx_core::MinCover`]): one primary
//! item per square that is still complete, one option per stick still
//! present that borders one of them, holding the squares it borders. A set of
//! sticks destroys every square exactly when it covers every item at least
//! once. [`Grid::check`] checks an answer against the grid itself (remove the
//! sticks, look for a complete square), not against the links.
//!
//! ```
//! use dlx_models::squares::{parse, SquaresError};
//!
//! let answers: Vec<usize> = parse("2\n2\n0\n3\n3 12 17 23\n")
//!     .map(|case| Ok(case?.grid.solve()?.len()))
//!     .collect::<Result<_, SquaresError>>()?;
//! assert_eq!(answers, [3, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use dlx_core::{BuildError, ItemKind, MinCover, OptionId, Problem, ProblemBuilder};

use crate::encode::row_options;
use crate::svg;
use crate::text::{Counted, TextError, Tokens};

/// The largest grid accepted (POJ 1084 asks for at most 5; larger grids take much longer).
pub const MAX_SIZE: usize = 8;

/// A square of the grid: its top-left unit cell and its side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// The row of its top edge, from 0.
    pub row: usize,
    /// The column of its left edge, from 0.
    pub col: usize,
    /// Its side, in sticks.
    pub size: usize,
}

/// A grid of matchsticks, some of them missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    n: usize,
    /// Whether stick `s` (from 1) is missing is `missing[s - 1]`.
    missing: Vec<bool>,
}

/// A grid read from a file, and the line of its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of `n`, from 1.
    pub line: usize,
    /// The grid.
    pub grid: Grid,
}

/// The grids of a POJ 1084 input, in order (see [`parse`]): an iterator of
/// `Result<Case, SquaresError>`.
pub type Cases<'a> = Counted<'a, Case, SquaresError>;

/// A grid encoded as a repeated cover problem: one item per complete square, one option per stick.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    /// The stick (from 1) of each option.
    sticks: Vec<usize>,
}

/// Why a grid could not be read or built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SquaresError {
    /// A token that is not a number, an input that ends early, or tokens
    /// after the last case (each names the line, and the column where there is one).
    #[error(transparent)]
    Text(#[from] TextError),
    /// A grid size of 0 or above [`MAX_SIZE`].
    #[error("line {line}: a grid of size {n} is not allowed (from 1 to {limit})")]
    BadSize {
        /// The line, from 1 (0 for a grid built in code).
        line: usize,
        /// The size given.
        n: usize,
        /// The largest size.
        limit: usize,
    },
    /// A stick number outside `1..=2n(n+1)`.
    #[error("line {line}: stick {stick} is not between 1 and {n_sticks}")]
    StickOutOfRange {
        /// The line, from 1 (0 for a grid built in code).
        line: usize,
        /// The number given.
        stick: usize,
        /// The number of sticks of the grid.
        n_sticks: usize,
    },
    /// The same missing stick listed twice.
    #[error("line {line}: stick {stick} is listed twice")]
    RepeatedStick {
        /// The line, from 1 (0 for a grid built in code).
        line: usize,
        /// The stick.
        stick: usize,
    },
    /// The engine refused the problem (a limit of `dlx-core`).
    #[error("cannot build the repeated cover problem")]
    Build(#[source] BuildError),
}

/// Why a set of sticks does not destroy every square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DestroyError {
    /// A stick that does not exist or is already missing.
    #[error("stick {stick} is not in the grid")]
    NotPresent {
        /// The stick, from 1.
        stick: usize,
    },
    /// A stick removed twice.
    #[error("stick {stick} is removed twice")]
    RemovedTwice {
        /// The stick, from 1.
        stick: usize,
    },
    /// A square that keeps all of its sides.
    #[error("the {size} x {size} square at row {row}, column {col} is left", size = .square.size, row = .square.row + 1, col = .square.col + 1)]
    SquareLeft {
        /// The square.
        square: Square,
    },
}

/// Reads the grids of a POJ 1084 input one at a time, in order: the number
/// of grids, then per grid `n` and `k s1 .. sk`.
///
/// Numbers are read as a stream of whitespace-separated tokens, so line
/// breaks may fall anywhere; errors name the line of the offending value
/// (and the column of a token that is not a number). After the last grid
/// announced, any token left is an error; after an error the iterator ends.
pub fn parse(text: &str) -> Cases<'_> {
    Counted::new(text, read_case)
}

/// Reads case number `case` (from 1): `n`, then `k s1 .. sk`.
fn read_case(tokens: &mut Tokens<'_>, case: usize) -> Result<Case, SquaresError> {
    let (line, n) = tokens.number(|| format!("the size of case {case}"))?;
    check_size(line, n)?;
    let (_, k) = tokens.number(|| format!("the number of missing sticks of case {case}"))?;
    let mut grid = Grid::full(n);
    for _ in 0..k {
        let (line, stick) = tokens.number(|| format!("the {k} missing sticks of case {case}"))?;
        grid.remove(line, stick)?;
    }
    Ok(Case { line, grid })
}

fn check_size(line: usize, n: usize) -> Result<(), SquaresError> {
    if (1..=MAX_SIZE).contains(&n) {
        Ok(())
    } else {
        Err(SquaresError::BadSize {
            line,
            n,
            limit: MAX_SIZE,
        })
    }
}

impl Grid {
    /// An `n x n` grid without the `missing` sticks (numbered from 1), checked as the parser checks them (line 0).
    pub fn new(n: usize, missing: &[usize]) -> Result<Grid, SquaresError> {
        check_size(0, n)?;
        let mut grid = Grid::full(n);
        for &stick in missing {
            grid.remove(0, stick)?;
        }
        Ok(grid)
    }

    fn full(n: usize) -> Grid {
        Grid {
            n,
            missing: vec![false; 2 * n * (n + 1)],
        }
    }

    fn remove(&mut self, line: usize, stick: usize) -> Result<(), SquaresError> {
        let n_sticks = self.n_sticks();
        if !(1..=n_sticks).contains(&stick) {
            return Err(SquaresError::StickOutOfRange {
                line,
                stick,
                n_sticks,
            });
        }
        if std::mem::replace(&mut self.missing[stick - 1], true) {
            return Err(SquaresError::RepeatedStick { line, stick });
        }
        Ok(())
    }

    /// The size of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of sticks of the full grid, `2n(n+1)`.
    pub fn n_sticks(&self) -> usize {
        self.missing.len()
    }

    /// Whether stick `stick` (from 1) is in the grid.
    pub fn has(&self, stick: usize) -> bool {
        stick >= 1 && self.missing.get(stick - 1) == Some(&false)
    }

    /// The number (from 1) of the horizontal stick above unit cell `(row, col)`; `row` may be `n`.
    pub fn horizontal(&self, row: usize, col: usize) -> usize {
        row * (2 * self.n + 1) + col + 1
    }

    /// The number (from 1) of the vertical stick left of unit cell `(row, col)`; `col` may be `n`.
    pub fn vertical(&self, row: usize, col: usize) -> usize {
        row * (2 * self.n + 1) + self.n + col + 1
    }

    /// Every square of the full grid, smallest first, then row by row.
    pub fn squares(&self) -> Vec<Square> {
        let mut squares = Vec::new();
        for size in 1..=self.n {
            for row in 0..=self.n - size {
                for col in 0..=self.n - size {
                    squares.push(Square { row, col, size });
                }
            }
        }
        squares
    }

    /// The sides of a square: its `4 * size` sticks (from 1).
    pub fn sides(&self, square: Square) -> Vec<usize> {
        let Square { row, col, size } = square;
        let mut sticks = Vec::with_capacity(4 * size);
        for i in 0..size {
            sticks.push(self.horizontal(row, col + i));
            sticks.push(self.horizontal(row + size, col + i));
            sticks.push(self.vertical(row + i, col));
            sticks.push(self.vertical(row + i, col + size));
        }
        sticks
    }

    /// The squares whose sides are all present.
    pub fn complete_squares(&self) -> Vec<Square> {
        self.squares()
            .into_iter()
            .filter(|&square| self.sides(square).into_iter().all(|s| self.has(s)))
            .collect()
    }

    /// The repeated cover problem: item `k` for the `k`-th complete square, one
    /// option per present stick bordering a complete square, in stick order.
    pub fn encode(&self) -> Result<Encoding, SquaresError> {
        let squares = self.complete_squares();
        let mut builder = ProblemBuilder::new();
        let items = builder.items(ItemKind::Primary, squares.len());
        let mut by_stick: Vec<Vec<usize>> = vec![Vec::new(); self.n_sticks() + 1];
        for (k, &square) in squares.iter().enumerate() {
            for stick in self.sides(square) {
                by_stick[stick].push(k);
            }
        }
        let sticks = row_options(&mut builder, &items, &by_stick).map_err(SquaresError::Build)?;
        let problem = builder.build().map_err(SquaresError::Build)?;
        Ok(Encoding { problem, sticks })
    }

    /// The fewest sticks (from 1, ascending) whose removal leaves no square.
    pub fn solve(&self) -> Result<Vec<usize>, SquaresError> {
        let encoding = self.encode()?;
        if encoding.problem.n_primary() == 0 {
            return Ok(Vec::new());
        }
        match crate::whole(MinCover::new(encoding.problem()).solve()) {
            Some(options) => Ok(encoding.decode(&options)),
            // Every complete square has a present side that is an option, and
            // without a budget the search finishes.
            None => unreachable!("every complete square can be destroyed"),
        }
    }

    /// Checks that removing `sticks` (from 1) leaves no complete square.
    pub fn check(&self, sticks: &[usize]) -> Result<(), DestroyError> {
        let mut after = self.clone();
        for &stick in sticks {
            if !self.has(stick) {
                return Err(DestroyError::NotPresent { stick });
            }
            if !after.has(stick) {
                return Err(DestroyError::RemovedTwice { stick });
            }
            after.missing[stick - 1] = true;
        }
        match after.complete_squares().first() {
            Some(&square) => Err(DestroyError::SquareLeft { square }),
            None => Ok(()),
        }
    }

    /// The grid as an SVG picture, with `removed` (sticks from 1, as
    /// [`Grid::solve`] gives them) marked: the sticks still there in dark
    /// gray, the sticks missing from the start faint and dashed, and the
    /// removed ones in red; each stick is labelled with its number.
    ///
    /// ```
    /// use dlx_models::squares::Grid;
    ///
    /// let grid = Grid::new(1, &[2])?;
    /// let svg = grid.to_svg(&[]);
    /// assert_eq!(svg.matches("<line ").count(), 4);
    /// assert_eq!(svg.matches("stroke-dasharray").count(), 1);
    /// # Ok::<(), dlx_models::squares::SquaresError>(())
    /// ```
    pub fn to_svg(&self, removed: &[usize]) -> String {
        const CELL: usize = 80;
        const MARGIN: usize = 32;
        /// The space left between two sticks that meet, at each end of a stick.
        const GAP: usize = 8;
        let n = self.n;
        let side = n * CELL + 2 * MARGIN;
        let mut svg = svg::open_px(side as f64, side as f64);
        let at = |k: usize| MARGIN + k * CELL;
        // Each stick's ends, and where its number goes: above a horizontal
        // stick, left of a vertical one.
        let mut sticks = Vec::with_capacity(self.n_sticks());
        for row in 0..=n {
            for col in 0..n {
                let (x, y) = (at(col), at(row));
                let ends = (x + GAP, y, x + CELL - GAP, y);
                let label = (x + CELL / 2, y - 7, "middle");
                sticks.push((self.horizontal(row, col), ends, label));
            }
            if row < n {
                for col in 0..=n {
                    let (x, y) = (at(col), at(row));
                    let ends = (x, y + GAP, x, y + CELL - GAP);
                    let label = (x - 8, y + CELL / 2 + 5, "end");
                    sticks.push((self.vertical(row, col), ends, label));
                }
            }
        }
        sticks.sort_unstable_by_key(|&(stick, _, _)| stick);
        let look_of = |stick: usize| {
            if !self.has(stick) {
                Look::Missing
            } else if removed.contains(&stick) {
                Look::Removed
            } else {
                Look::Present
            }
        };
        // The missing sticks first, the removed ones last, on top.
        for look in [Look::Missing, Look::Present, Look::Removed] {
            let mut lines = String::new();
            for &(stick, (x1, y1, x2, y2), _) in &sticks {
                if look_of(stick) == look {
                    let _ = writeln!(
                        lines,
                        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
                    );
                }
            }
            if !lines.is_empty() {
                let _ = write!(
                    svg,
                    "<g stroke-linecap=\"round\" {}>\n{lines}</g>\n",
                    look.stroke()
                );
            }
        }
        let _ = writeln!(svg, "<g font-family=\"sans-serif\" font-size=\"13\">");
        for &(stick, _, (x, y, anchor)) in &sticks {
            let _ = writeln!(
                svg,
                "<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\" {}>{stick}</text>",
                look_of(stick).label()
            );
        }
        let _ = writeln!(svg, "</g>");
        svg.push_str("</svg>\n");
        svg
    }
}

/// How a stick is drawn in [`Grid::to_svg`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Look {
    /// Missing from the start: faint and dashed.
    Missing,
    /// Still there: dark gray.
    Present,
    /// To be removed: red, its number in bold.
    Removed,
}

impl Look {
    /// The attributes of the stick's line.
    fn stroke(self) -> &'static str {
        match self {
            Look::Missing => "stroke=\"#bbb\" stroke-width=\"2\" stroke-dasharray=\"4 4\"",
            Look::Present => "stroke=\"#333\" stroke-width=\"7\"",
            Look::Removed => "stroke=\"#d7301f\" stroke-width=\"7\"",
        }
    }

    /// The attributes of the stick's number.
    fn label(self) -> &'static str {
        match self {
            Look::Missing => "fill=\"#aaa\"",
            Look::Present => "fill=\"#555\"",
            Look::Removed => "fill=\"#d7301f\" font-weight=\"bold\"",
        }
    }
}

impl Encoding {
    /// The repeated cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The sticks (from 1, ascending) of a set of options.
    pub fn decode(&self, options: &[OptionId]) -> Vec<usize> {
        let mut sticks: Vec<usize> = options.iter().map(|o| self.sticks[o.index()]).collect();
        sticks.sort_unstable();
        sticks
    }
}
