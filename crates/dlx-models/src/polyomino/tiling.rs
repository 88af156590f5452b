//! A decoded tiling: its independent check, and its text and SVG renderings.

use std::fmt::{self, Write as _};

use super::board::Board;
use super::shape::Shape;
use super::square::Square;
use crate::polyform::{
    check, orientation, Encoding, PackingError as TilingError, PieceSet, PlacedPiece,
};
use crate::svg;

/// A tiling of a board: the placed pieces, with what it takes to render them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    width: usize,
    height: usize,
    placed: Vec<PlacedPiece<Square>>,
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

impl Tiling {
    /// A tiling of `board` by these placed pieces of `pieces` (not checked: see [`Tiling::check`]).
    pub fn new(
        board: &Board,
        pieces: &PieceSet<Square>,
        placed: Vec<PlacedPiece<Square>>,
    ) -> Tiling {
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
    pub fn placed(&self) -> &[PlacedPiece<Square>] {
        &self.placed
    }

    /// Checks the tiling against the puzzle's rules alone: every board cell
    /// covered exactly once, nothing off the board, each piece used its count
    /// of times, and each placed shape an orientation of its piece (a
    /// rotation, or also a reflection unless `one_sided`).
    pub fn check(
        &self,
        board: &Board,
        pieces: &PieceSet<Square>,
        one_sided: bool,
    ) -> Result<(), TilingError> {
        check::<Square>(&self.placed, board, pieces, Square::motions(one_sided))
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
    fn class(&self, placed: &PlacedPiece<Square>) -> Option<Class> {
        let orientations = self.orientations.as_ref()?;
        let orientation = orientation::<Square>(orientations, &placed.cells);
        let odd = placed.cells.first().is_some_and(|&(r, c)| (r + c) % 2 == 1);
        Some(Class { orientation, odd })
    }

    /// The symbol a placed piece is drawn with in text: its piece's symbol,
    /// or for a tiling by copies of a single piece the letter of its
    /// [`Class`] (`a`, `b`, ... by orientation, uppercase on an odd square).
    fn symbol(&self, placed: &PlacedPiece<Square>) -> char {
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
