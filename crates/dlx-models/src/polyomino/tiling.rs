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
    /// For a tiling by copies of a single piece, that piece's orientations
    /// (reflections included, in the order of [`Shape::orientations`]):
    /// its pieces are then drawn by their [`Class`], since the piece's one
    /// color and one symbol would say nothing.
    orientations: Option<Vec<Shape>>,
}

/// What tells apart the pieces of a tiling by copies of a single piece, as
/// in the pictures of random domino tilings (Jockusch, Propp and Shor,
/// "Random domino tilings and the arctic circle theorem", 1998): the
/// orientation of the piece, and the checkerboard color of its first cell
/// (the top-left one of a domino).
/// Dominoes then come in four classes, and the four frozen regions of a
/// random tiling of an Aztec diamond show as four solid colors around its
/// disordered middle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Class {
    /// The index of the piece's orientation among the piece's orientations
    /// (for the domino, 0 horizontal and 1 vertical).
    orientation: usize,
    /// Whether the piece's first cell, in `(row, column)` order, is on an
    /// odd square (its row plus its column odd).
    odd: bool,
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
            orientations: match pieces.pieces() {
                [piece] => Some(piece.shape.orientations(false)),
                _ => None,
            },
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

    /// The class of a placed piece, for a tiling by copies of a single piece.
    fn class(&self, placed: &PlacedPiece) -> Option<Class> {
        let orientations = self.orientations.as_ref()?;
        let shape = Shape::new(placed.cells.iter().copied());
        // A shape that is none of the piece's orientations (a tiling that
        // `check` refuses) gets a class of its own.
        let orientation = orientations
            .iter()
            .position(|o| *o == shape)
            .unwrap_or(orientations.len());
        let odd = placed.cells.first().is_some_and(|&(r, c)| (r + c) % 2 == 1);
        Some(Class { orientation, odd })
    }

    /// The symbol a placed piece is drawn with in text: its piece's symbol,
    /// or for a tiling by copies of a single piece the letter of its
    /// [`Class`] (`a`, `b`, ... by orientation, uppercase on an odd square).
    fn symbol(&self, placed: &PlacedPiece) -> char {
        match self.class(placed) {
            Some(class) => {
                let letter = char::from(b'a' + (class.orientation % 26) as u8);
                if class.odd {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            }
            None => self.symbols.get(placed.piece).copied().unwrap_or('?'),
        }
    }

    /// The tiling as an SVG picture: each cell filled with its piece's color
    /// and outlined thinly, each placed piece outlined thickly and labelled
    /// with its symbol.
    ///
    /// A tiling by copies of a single piece is drawn as the pictures of
    /// random domino tilings are: each piece filled whole with the color of
    /// its orientation and of the checkerboard color of its first cell (for
    /// dominoes, four colors: horizontal ones in two blues, vertical ones in
    /// two reds), outlined thinly, without labels.
    pub fn to_svg(&self) -> String {
        const CELL: usize = 30;
        const MARGIN: usize = 10;
        if self.orientations.is_some() {
            return self.to_svg_by_class(CELL, MARGIN);
        }
        let owners = self.owners();
        let (w, h) = (
            self.width * CELL + 2 * MARGIN,
            self.height * CELL + 2 * MARGIN,
        );
        let mut svg = svg::open_px(w as f64, h as f64);
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
        self.outlines(&mut svg, &owners, CELL, MARGIN, 3);
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

    /// The picture of a tiling by copies of a single piece: each placed
    /// piece one path of its cells, filled with the color of its class (one
    /// path, so that no seam shows between its cells), then the outlines.
    fn to_svg_by_class(&self, cell: usize, margin: usize) -> String {
        let owners = self.owners();
        let (w, h) = (
            self.width * cell + 2 * margin,
            self.height * cell + 2 * margin,
        );
        let mut svg = svg::open_px(w as f64, h as f64);
        for placed in &self.placed {
            let Some(class) = self.class(placed) else {
                continue;
            };
            let mut path = String::new();
            for &(r, c) in &placed.cells {
                let (x, y) = (margin + c * cell, margin + r * cell);
                let _ = write!(path, "M{x} {y}h{cell}v{cell}h-{cell}z");
            }
            let _ = writeln!(
                svg,
                "<path d=\"{path}\" fill=\"{}\"/>",
                svg::pair_color(class.orientation, class.odd)
            );
        }
        self.outlines(&mut svg, &owners, cell, margin, 1);
        svg.push_str("</svg>\n");
        svg
    }

    /// Writes the outlines of the placed pieces as one path: every cell edge
    /// whose two sides belong to different placed pieces (or to a piece and
    /// a hole), each edge drawn once.
    fn outlines(
        &self,
        svg: &mut String,
        owners: &[Option<usize>],
        cell: usize,
        margin: usize,
        stroke_width: usize,
    ) {
        let owner = |r: isize, c: isize| -> Option<usize> {
            if r < 0 || c < 0 || r as usize >= self.height || c as usize >= self.width {
                None
            } else {
                owners[r as usize * self.width + c as usize]
            }
        };
        let mut path = String::new();
        for r in 0..=self.height as isize {
            for c in 0..=self.width as isize {
                let here = owner(r, c);
                let (x, y) = (margin + c as usize * cell, margin + r as usize * cell);
                if here != owner(r - 1, c) && c < self.width as isize {
                    let _ = write!(path, "M{x} {y}h{cell}");
                }
                if here != owner(r, c - 1) && r < self.height as isize {
                    let _ = write!(path, "M{x} {y}v{cell}");
                }
            }
        }
        let _ = writeln!(
            svg,
            "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"{stroke_width}\" stroke-linecap=\"square\"/>"
        );
    }
}

/// The text rendering: one line per row, each cell its piece's symbol, `.`
/// for a hole; in a tiling by copies of a single piece, each cell the letter
/// of its piece's orientation (`a`, `b`, ... in the order of
/// [`Shape::orientations`]: for dominoes `a` horizontal, `b` vertical),
/// uppercase where the piece's first cell is on an odd square.
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let owners = self.owners();
        for r in 0..self.height {
            let line: String = (0..self.width)
                .map(|c| match owners[r * self.width + c] {
                    Some(i) => self.symbol(&self.placed[i]),
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
