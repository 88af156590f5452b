//! Treasure maps (ZOJ 3209): the fewest of the given rectangles that tile a map exactly.
//!
//! A map of `n x m` cells is torn into pieces; each piece is a rectangle
//! `x1 y1 x2 y2` in cell-corner coordinates (`0 <= x1 < x2 <= n`,
//! `0 <= y1 < y2 <= m`). The answer is the fewest pieces that together cover
//! every cell exactly once, or `-1` when no set of pieces does.
//!
//! The input holds `T`, then for each case a line `n m p` and `p` lines
//! `x1 y1 x2 y2`. Each cell is a primary item and each piece an option
//! holding its cells; [`dlx_core::Solver::min_options`] finds a tiling with
//! the fewest pieces and proves it minimal. [`Map::check`] checks a tiling
//! against the map itself, cell by cell, not against the links.
//!
//! ```
//! use dlx_models::treasure::{answer, parse};
//!
//! // Three strips or two halves tile the 30 x 30 map: two is the fewest.
//! let text = "1\n30 30 5\n0 0 30 10\n0 10 30 20\n0 20 30 30\n0 0 15 30\n15 0 30 30\n";
//! let case = parse(text).next().expect("one map")?;
//! let pieces = case.map.solve()?;
//! assert_eq!(answer(pieces.as_deref()), "2");
//! case.map.check(pieces.as_deref().unwrap_or_default())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use dlx_core::{BuildError, Footprint, ItemKind, OptionId, Problem, ProblemBuilder, Solver};

use crate::svg::{self, Num};
use crate::text::{Counted, TextError, Tokens};

/// The largest number of cells of a map (ZOJ 3209 asks for at most 30 x 30).
pub const MAX_CELLS: usize = 1 << 20;

/// A piece of the map: the cells `x1 <= x < x2`, `y1 <= y < y2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// The smaller x corner.
    pub x1: usize,
    /// The smaller y corner.
    pub y1: usize,
    /// The larger x corner.
    pub x2: usize,
    /// The larger y corner.
    pub y2: usize,
}

/// A map of `n x m` cells and its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    n: usize,
    m: usize,
    pieces: Vec<Rect>,
}

/// A map read from a file, and the line of its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The line of the header `n m p`, from 1.
    pub line: usize,
    /// The map.
    pub map: Map,
}

/// The maps of a ZOJ 3209 input, in order (see [`parse`]): an iterator of
/// `Result<Case, TreasureError>`.
pub type Cases<'a> = Counted<'a, Case, TreasureError>;

/// A map encoded as an exact cover problem: one primary item per cell, one option per piece.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
}

/// Why a map could not be read or built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreasureError {
    /// A token that is not a number, an input that ends early, or tokens
    /// after the last case (each names the line, and the column where there is one).
    #[error(transparent)]
    Text(#[from] TextError),
    /// A map with no cells, or more than [`MAX_CELLS`].
    #[error("line {line}: a map of {n} x {m} cells is not allowed (from 1 to {limit} cells)")]
    BadMapSize {
        /// The line, from 1 (0 for a map built in code).
        line: usize,
        /// The size along x.
        n: usize,
        /// The size along y.
        m: usize,
        /// The largest number of cells.
        limit: usize,
    },
    /// A rectangle whose corners are not `x1 < x2` and `y1 < y2`.
    #[error("line {line}: `{} {} {} {}` is not a rectangle (need x1 < x2 and y1 < y2)", .rect.x1, .rect.y1, .rect.x2, .rect.y2)]
    BadCoordinates {
        /// The line, from 1 (0 for a map built in code).
        line: usize,
        /// The corners given.
        rect: Rect,
    },
    /// A rectangle that reaches beyond the map.
    #[error("line {line}: the rectangle `{} {} {} {}` is outside the {n} x {m} map", .rect.x1, .rect.y1, .rect.x2, .rect.y2)]
    OutsideMap {
        /// The line, from 1 (0 for a map built in code).
        line: usize,
        /// The corners given.
        rect: Rect,
        /// The size of the map along x.
        n: usize,
        /// The size of the map along y.
        m: usize,
    },
    /// The engine refused the problem (a limit of `dlx-core`).
    #[error("cannot build the exact cover problem")]
    Build(#[source] BuildError),
}

/// Why a set of pieces is not an exact tiling of a map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TilingError {
    /// A piece number beyond the map's pieces.
    #[error("piece {} does not exist; the map has {n_pieces} pieces", .piece + 1)]
    UnknownPiece {
        /// The piece, from 0.
        piece: usize,
        /// The number of pieces.
        n_pieces: usize,
    },
    /// A cell that no chosen piece covers.
    #[error("cell ({x}, {y}) is not covered")]
    Uncovered {
        /// The x of the cell.
        x: usize,
        /// The y of the cell.
        y: usize,
    },
    /// A cell that two chosen pieces cover (or one piece chosen twice).
    #[error("cell ({x}, {y}) is covered by piece {} and piece {}", .first + 1, .second + 1)]
    Overlap {
        /// The x of the cell.
        x: usize,
        /// The y of the cell.
        y: usize,
        /// One piece, from 0.
        first: usize,
        /// Another, from 0.
        second: usize,
    },
}

/// Reads the maps of a ZOJ 3209 input one at a time, in order: `T`, then
/// per map `n m p` and `p` lines `x1 y1 x2 y2`.
///
/// Numbers are read as a stream of whitespace-separated tokens, so line
/// breaks may fall anywhere; errors name the line of the offending value
/// (and the column of a token that is not a number). After the `T`-th map,
/// any token left is an error; after an error the iterator ends.
pub fn parse(text: &str) -> Cases<'_> {
    Counted::new(text, read_case)
}

/// Reads case number `case` (from 1): `n m p`, then `p` lines `x1 y1 x2 y2`.
fn read_case(tokens: &mut Tokens<'_>, case: usize) -> Result<Case, TreasureError> {
    let size = || format!("the map size of case {case}");
    let (line, n) = tokens.number(size)?;
    let (_, m) = tokens.number(size)?;
    let (_, n_pieces) = tokens.number(|| format!("the number of pieces of case {case}"))?;
    check_size(line, n, m)?;
    let mut pieces = Vec::new();
    for piece in 1..=n_pieces {
        let corners = || format!("the corners of piece {piece} of case {case}");
        let (line, x1) = tokens.number(corners)?;
        let (_, y1) = tokens.number(corners)?;
        let (_, x2) = tokens.number(corners)?;
        let (_, y2) = tokens.number(corners)?;
        let rect = Rect { x1, y1, x2, y2 };
        check_rect(line, n, m, rect)?;
        pieces.push(rect);
    }
    Ok(Case {
        line,
        map: Map { n, m, pieces },
    })
}

/// The answer line of a case: the number of pieces, or `-1` when no tiling exists.
pub fn answer(pieces: Option<&[usize]>) -> String {
    pieces.map_or_else(|| "-1".to_owned(), |p| p.len().to_string())
}

fn check_size(line: usize, n: usize, m: usize) -> Result<(), TreasureError> {
    match n.checked_mul(m) {
        Some(cells) if (1..=MAX_CELLS).contains(&cells) => Ok(()),
        _ => Err(TreasureError::BadMapSize {
            line,
            n,
            m,
            limit: MAX_CELLS,
        }),
    }
}

fn check_rect(line: usize, n: usize, m: usize, rect: Rect) -> Result<(), TreasureError> {
    if rect.x1 >= rect.x2 || rect.y1 >= rect.y2 {
        Err(TreasureError::BadCoordinates { line, rect })
    } else if rect.x2 > n || rect.y2 > m {
        Err(TreasureError::OutsideMap { line, rect, n, m })
    } else {
        Ok(())
    }
}

impl Map {
    /// A map of `n x m` cells with these pieces, checked as the parser checks them (line 0).
    pub fn new(n: usize, m: usize, pieces: Vec<Rect>) -> Result<Map, TreasureError> {
        check_size(0, n, m)?;
        for &rect in &pieces {
            check_rect(0, n, m, rect)?;
        }
        Ok(Map { n, m, pieces })
    }

    /// The size along x.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The size along y.
    pub fn m(&self) -> usize {
        self.m
    }

    /// The pieces, in input order.
    pub fn pieces(&self) -> &[Rect] {
        &self.pieces
    }

    /// The memory its problem and each solver of it take, known before the
    /// problem is built: a map's pieces may overlap, so a small file can
    /// describe a problem of billions of entries.
    pub fn footprint(&self) -> Footprint {
        let entries = self.pieces.iter().fold(0u64, |sum, r| {
            let area = ((r.x2 - r.x1) as u64).saturating_mul((r.y2 - r.y1) as u64);
            sum.saturating_add(area)
        });
        Footprint::of_size((self.n * self.m) as u64, self.pieces.len() as u64, entries)
    }

    /// The exact cover problem: item `x,y` for each cell (x-major), option `k` for piece `k`.
    pub fn encode(&self) -> Result<Encoding, TreasureError> {
        let mut builder = ProblemBuilder::new();
        let cells = builder.items(ItemKind::Primary, self.n * self.m);
        let cells = &cells;
        for rect in &self.pieces {
            let m = self.m;
            let items = (rect.x1..rect.x2)
                .flat_map(move |x| (rect.y1..rect.y2).map(move |y| cells[x * m + y]));
            builder.option(items).map_err(TreasureError::Build)?;
        }
        let problem = builder.build().map_err(TreasureError::Build)?;
        Ok(Encoding { problem })
    }

    /// The fewest pieces (from 0, ascending) that tile the map exactly, or `None`.
    pub fn solve(&self) -> Result<Option<Vec<usize>>, TreasureError> {
        let encoding = self.encode()?;
        let mut solver = Solver::new(encoding.problem());
        Ok(crate::whole(solver.min_options()).map(|options| encoding.decode(&options)))
    }

    /// Checks that `pieces` (from 0) cover every cell of the map exactly once.
    pub fn check(&self, pieces: &[usize]) -> Result<(), TilingError> {
        let mut owner: Vec<Option<usize>> = vec![None; self.n * self.m];
        for &piece in pieces {
            let rect = self.pieces.get(piece).ok_or(TilingError::UnknownPiece {
                piece,
                n_pieces: self.pieces.len(),
            })?;
            for x in rect.x1..rect.x2 {
                for y in rect.y1..rect.y2 {
                    let cell = &mut owner[x * self.m + y];
                    if let Some(first) = *cell {
                        return Err(TilingError::Overlap {
                            x,
                            y,
                            first,
                            second: piece,
                        });
                    }
                    *cell = Some(piece);
                }
            }
        }
        match owner.iter().position(Option::is_none) {
            Some(cell) => Err(TilingError::Uncovered {
                x: cell / self.m,
                y: cell % self.m,
            }),
            None => Ok(()),
        }
    }

    /// The map as an SVG picture, with `pieces` (from 0, as [`Map::solve`]
    /// gives them) drawn on it: each piece a rectangle in a color of its own,
    /// outlined, and labelled with its number in the input (from 1), over
    /// the map's cells in a faint grid.
    ///
    /// x runs to the right and y down from the top-left corner `0 0`.
    /// Cells are 60 pixels on maps up to 10 cells a side, and shrink for
    /// larger maps so that they fit about 600 pixels.
    /// Piece numbers beyond the map's pieces are left out; cells no piece
    /// covers stay white.
    ///
    /// ```
    /// use dlx_models::treasure::{Map, Rect};
    ///
    /// let map = Map::new(2, 1, vec![Rect { x1: 0, y1: 0, x2: 1, y2: 1 }, Rect { x1: 1, y1: 0, x2: 2, y2: 1 }])?;
    /// let svg = map.to_svg(&map.solve()?.expect("a tiling"));
    /// assert_eq!(svg.matches("<text ").count(), 2);
    /// # Ok::<(), dlx_models::treasure::TreasureError>(())
    /// ```
    pub fn to_svg(&self, pieces: &[usize]) -> String {
        const CELL_PX: usize = 60;
        const MAP_PX: usize = 600;
        const MARGIN: usize = 10;
        let cell = (MAP_PX / self.n.max(self.m)).clamp(1, CELL_PX);
        let (width, height) = (self.n * cell, self.m * cell);
        let (page_width, page_height) = (width + 2 * MARGIN, height + 2 * MARGIN);
        let mut svg = svg::open_px(page_width as f64, page_height as f64);
        let chosen: Vec<(usize, Rect)> = pieces
            .iter()
            .filter_map(|&piece| Some((piece, *self.pieces.get(piece)?)))
            .collect();
        let corner = |x: usize, y: usize| (MARGIN + x * cell, MARGIN + y * cell);
        let box_of = |rect: &Rect| {
            let (x, y) = corner(rect.x1, rect.y1);
            let (x2, y2) = corner(rect.x2, rect.y2);
            (x, y, x2 - x, y2 - y)
        };
        for (k, (_, rect)) in chosen.iter().enumerate() {
            let (x, y, w, h) = box_of(rect);
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
                svg::color(k)
            );
        }
        // The cells, faintly, where they are large enough to be seen apart.
        if cell >= 6 {
            let mut grid = String::new();
            for x in 1..self.n {
                let _ = write!(grid, "M{} {MARGIN}v{height}", MARGIN + x * cell);
            }
            for y in 1..self.m {
                let _ = write!(grid, "M{MARGIN} {}h{width}", MARGIN + y * cell);
            }
            if !grid.is_empty() {
                let _ = writeln!(
                    svg,
                    "<path d=\"{grid}\" fill=\"none\" stroke=\"#999\" stroke-width=\"0.5\"/>"
                );
            }
        }
        let outline = Num((cell as f64 / 16.0).clamp(1.0, 2.5));
        let _ = writeln!(
            svg,
            "<g fill=\"none\" stroke=\"black\" stroke-width=\"{outline}\">"
        );
        let _ = writeln!(
            svg,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{width}\" height=\"{height}\"/>"
        );
        for (_, rect) in &chosen {
            let (x, y, w, h) = box_of(rect);
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"/>"
            );
        }
        let _ = writeln!(svg, "</g>");
        let _ = writeln!(
            svg,
            "<g font-family=\"sans-serif\" font-weight=\"bold\" text-anchor=\"middle\">"
        );
        for (piece, rect) in &chosen {
            let (x, y, w, h) = box_of(rect);
            let label = (piece + 1).to_string();
            // As large as the piece allows, up to 28 pixels; none below 6.
            let by_width = w as f64 / (0.6 * label.len() as f64 + 0.4);
            let font = (h as f64 * 0.6).min(by_width).min(28.0).floor();
            if font < 6.0 {
                continue;
            }
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-size=\"{font}\">{label}</text>",
                Num(x as f64 + w as f64 / 2.0),
                Num(y as f64 + h as f64 / 2.0 + 0.36 * font)
            );
        }
        let _ = writeln!(svg, "</g>");
        svg.push_str("</svg>\n");
        svg
    }
}

impl Encoding {
    /// The exact cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The pieces (from 0, ascending) of a solution.
    pub fn decode(&self, options: &[OptionId]) -> Vec<usize> {
        // Option k is piece k.
        let mut pieces: Vec<usize> = options.iter().map(|o| o.index()).collect();
        pieces.sort_unstable();
        pieces
    }
}
