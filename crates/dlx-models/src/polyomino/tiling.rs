//! A decoded tiling: its independent check, and its text and SVG renderings.

use std::collections::HashSet;
use std::fmt::{self, Write as _};

use super::board::Board;
use super::pieces::PieceSet;
use super::shape::Shape;
use crate::svg;

/// One piece put on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedPiece {
    /// The piece's index in its set.
    pub piece: usize,
    /// The cells it covers, `(row, column)` sorted.
    pub cells: Vec<(usize, usize)>,
}

/// A tiling of a board: the placed pieces, with what it takes to render them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    width: usize,
    height: usize,
    placed: Vec<PlacedPiece>,
    symbols: Vec<char>,
    names: Vec<String>,
}

/// What is wrong with a tiling, found by [`Tiling::check`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TilingError {
    /// A placed piece whose index is not in the set.
    #[error("placed piece {index} is not in the piece set")]
    UnknownPiece {
        /// The index.
        index: usize,
    },
    /// A piece on a square that is not a board cell.
    #[error("piece `{name}` covers row {row}, column {column}, which is not on the board")]
    OffBoard {
        /// The piece.
        name: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
    },
    /// A cell covered twice.
    #[error("the cell at row {row}, column {column} is covered twice")]
    CoveredTwice {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
    },
    /// A cell covered by no piece.
    #[error("the cell at row {row}, column {column} is not covered")]
    NotCovered {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
    },
    /// A piece used another number of times than its count.
    #[error("piece `{name}` is used {used} times instead of {count}")]
    WrongCount {
        /// The piece.
        name: String,
        /// Times used.
        used: usize,
        /// Its count.
        count: usize,
    },
    /// Placed cells that are not an allowed orientation of the piece.
    #[error("the cells placed as piece `{name}` are not an orientation of it")]
    WrongShape {
        /// The piece.
        name: String,
    },
}

impl Tiling {
    /// A tiling of `board` by these placed pieces of `pieces` (not checked: see [`Tiling::check`]).
    pub fn new(board: &Board, pieces: &PieceSet, placed: Vec<PlacedPiece>) -> Tiling {
        Tiling {
            width: board.width(),
            height: board.height(),
            placed,
            symbols: pieces.pieces().iter().map(|p| p.symbol).collect(),
            names: pieces.pieces().iter().map(|p| p.name.clone()).collect(),
        }
    }

    /// The placed pieces, sorted by their cells.
    pub fn placed(&self) -> &[PlacedPiece] {
        &self.placed
    }

    /// Checks the tiling against the puzzle's rules alone: every board cell
    /// covered exactly once, nothing off the board, each piece used its count
    /// of times, and each placed shape an orientation of its piece (a
    /// rotation, or also a reflection unless `one_sided`).
    pub fn check(
        &self,
        board: &Board,
        pieces: &PieceSet,
        one_sided: bool,
    ) -> Result<(), TilingError> {
        let set = pieces.pieces();
        let mut used = vec![0usize; set.len()];
        let mut covered = HashSet::new();
        for placed in &self.placed {
            let piece = set.get(placed.piece).ok_or(TilingError::UnknownPiece {
                index: placed.piece,
            })?;
            used[placed.piece] += 1;
            for &(r, c) in &placed.cells {
                if !board.contains(r, c) {
                    return Err(TilingError::OffBoard {
                        name: piece.name.clone(),
                        row: r + 1,
                        column: c + 1,
                    });
                }
                if !covered.insert((r, c)) {
                    return Err(TilingError::CoveredTwice {
                        row: r + 1,
                        column: c + 1,
                    });
                }
            }
            let shape = Shape::new(placed.cells.iter().copied());
            if shape.len() != placed.cells.len()
                || !piece.shape.orientations(one_sided).contains(&shape)
            {
                return Err(TilingError::WrongShape {
                    name: piece.name.clone(),
                });
            }
        }
        if let Some(&(r, c)) = board.cells().iter().find(|p| !covered.contains(p)) {
            return Err(TilingError::NotCovered {
                row: r + 1,
                column: c + 1,
            });
        }
        for (piece, &n) in set.iter().zip(&used) {
            if n != piece.count {
                return Err(TilingError::WrongCount {
                    name: piece.name.clone(),
                    used: n,
                    count: piece.count,
                });
            }
        }
        Ok(())
    }

    /// For each square of the grid, row-major, the index of the placed piece
    /// covering it (into [`Tiling::placed`]).
    fn owners(&self) -> Vec<Option<usize>> {
        let mut grid = vec![None; self.width * self.height];
        for (i, placed) in self.placed.iter().enumerate() {
            for &(r, c) in &placed.cells {
                if r < self.height && c < self.width {
                    grid[r * self.width + c] = Some(i);
                }
            }
        }
        grid
    }

    /// The tiling as an SVG picture: each cell filled with its piece's color
    /// and outlined thinly, each placed piece outlined thickly and labelled
    /// with its symbol.
    pub fn to_svg(&self) -> String {
        const CELL: usize = 30;
        const MARGIN: usize = 10;
        let owners = self.owners();
        let owner = |r: isize, c: isize| -> Option<usize> {
            if r < 0 || c < 0 || r as usize >= self.height || c as usize >= self.width {
                None
            } else {
                owners[r as usize * self.width + c as usize]
            }
        };
        let (w, h) = (
            self.width * CELL + 2 * MARGIN,
            self.height * CELL + 2 * MARGIN,
        );
        let mut svg = svg::open(&w.to_string(), &h.to_string(), w as f64, h as f64);
        let _ = writeln!(svg, "<g stroke=\"#555\" stroke-width=\"0.5\">");
        for r in 0..self.height {
            for c in 0..self.width {
                if let Some(i) = owners[r * self.width + c] {
                    let _ = writeln!(
                        svg,
                        "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>",
                        MARGIN + c * CELL,
                        MARGIN + r * CELL,
                        svg::color(self.placed[i].piece)
                    );
                }
            }
        }
        let _ = writeln!(svg, "</g>");
        // Piece outlines: every cell edge whose two sides belong to different
        // placed pieces (or to a piece and a hole), each edge drawn once.
        let mut path = String::new();
        for r in 0..=self.height as isize {
            for c in 0..=self.width as isize {
                let here = owner(r, c);
                let (x, y) = (MARGIN + c as usize * CELL, MARGIN + r as usize * CELL);
                if here != owner(r - 1, c) && c < self.width as isize {
                    let _ = write!(path, "M{x} {y}h{CELL}");
                }
                if here != owner(r, c - 1) && r < self.height as isize {
                    let _ = write!(path, "M{x} {y}v{CELL}");
                }
            }
        }
        let _ = writeln!(
            svg,
            "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\"/>"
        );
        let _ = writeln!(
            svg,
            "<g font-family=\"sans-serif\" font-size=\"16\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">"
        );
        for placed in &self.placed {
            let Some(&(r, c)) = label_cell(&placed.cells) else {
                continue;
            };
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                MARGIN + c * CELL + CELL / 2,
                MARGIN + r * CELL + CELL / 2,
                svg::escape(
                    &self
                        .symbols
                        .get(placed.piece)
                        .copied()
                        .unwrap_or('?')
                        .to_string()
                )
            );
        }
        let _ = writeln!(svg, "</g>");
        svg.push_str("</svg>\n");
        svg
    }
}

/// The text rendering: one line per row, each cell its piece's symbol, `.` for a hole.
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let owners = self.owners();
        for r in 0..self.height {
            let line: String = (0..self.width)
                .map(|c| match owners[r * self.width + c] {
                    Some(i) => self
                        .symbols
                        .get(self.placed[i].piece)
                        .copied()
                        .unwrap_or('?'),
                    None => '.',
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Tiling {
    /// The name of the piece with this index.
    pub fn piece_name(&self, piece: usize) -> Option<&str> {
        self.names.get(piece).map(String::as_str)
    }
}

/// The cell of a piece nearest its centre of mass (ties to the first), where its label goes.
fn label_cell(cells: &[(usize, usize)]) -> Option<&(usize, usize)> {
    let n = cells.len().max(1) as f64;
    let mr = cells.iter().map(|p| p.0 as f64).sum::<f64>() / n;
    let mc = cells.iter().map(|p| p.1 as f64).sum::<f64>() / n;
    cells.iter().min_by(|a, b| {
        let da = (a.0 as f64 - mr).powi(2) + (a.1 as f64 - mc).powi(2);
        let db = (b.0 as f64 - mr).powi(2) + (b.1 as f64 - mc).powi(2);
        da.total_cmp(&db)
    })
}
