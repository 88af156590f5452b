//! Writing grids: with box lines for people, on one line for tools, and as an SVG picture to print.

use std::fmt::Write as _;

use super::{Alphabet, Grid, Variant};
use crate::svg::{self, Num};

/// The side of a cell in the SVG picture's own units: coordinates stay integral.
const CELL: usize = 100;

/// The white margin around the SVG picture's grid, in its units.
const MARGIN: usize = 30;

/// The largest side of a cell in print, in millimetres (newspaper size).
const MAX_CELL_MM: f64 = 12.0;

/// The largest side of the whole picture in print, in millimetres: A4 paper
/// (210 mm wide) with 15 mm margins.
const MAX_SIDE_MM: f64 = 180.0;

/// The alphabet actually used for a grid of `size`: one that cannot spell
/// every digit falls back to numbers.
fn usable(alphabet: Alphabet, size: usize) -> Alphabet {
    match alphabet {
        Alphabet::Digits if size > 35 => Alphabet::Numbers,
        Alphabet::Letters if size > 26 => Alphabet::Numbers,
        other => other,
    }
}

/// How a digit (`1..=size`, `0` for a blank) is written in an alphabet.
pub(crate) fn symbol(alphabet: Alphabet, size: usize, digit: u8) -> String {
    let alphabet = usable(alphabet, size);
    if digit == 0 {
        return match alphabet {
            Alphabet::Numbers => "0".to_owned(),
            _ => ".".to_owned(),
        };
    }
    match alphabet {
        Alphabet::Digits if digit <= 9 => char::from(b'0' + digit).to_string(),
        Alphabet::Digits => char::from(b'A' + digit - 10).to_string(),
        Alphabet::Letters => char::from(b'A' + digit - 1).to_string(),
        Alphabet::Numbers => digit.to_string(),
    }
}

impl Grid {
    /// The grid on one line, in the form the parser reads: one character a
    /// cell (`.` for a blank) or, for [`Alphabet::Numbers`] above 9x9 (and
    /// for sizes the alphabet cannot spell), numbers separated by single
    /// spaces (`0` for a blank). Grids up to 9x9 in numbers are written one
    /// digit a cell, the classic form, which also keeps a 4x4 line of 16
    /// cells from reading back as the row of a 16x16 grid.
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        let size = self.size();
        let alphabet = match usable(alphabet, size) {
            Alphabet::Numbers if size <= 9 => Alphabet::Digits,
            other => other,
        };
        let separator = if alphabet == Alphabet::Numbers {
            " "
        } else {
            ""
        };
        self.cells()
            .iter()
            .map(|&v| symbol(alphabet, size, v))
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// The grid as text with box lines, one row a line (ending in a newline).
    ///
    /// ```
    /// use dlx_models::sudoku::{Alphabet, Grid};
    ///
    /// let grid: Grid = "12.4..........3.".parse()?;
    /// assert_eq!(
    ///     grid.render(Alphabet::Digits),
    ///     "1 2 | . 4\n. . | . .\n----+----\n. . | . .\n. . | 3 .\n"
    /// );
    /// # Ok::<(), dlx_models::sudoku::ParseError>(())
    /// ```
    pub fn render(&self, alphabet: Alphabet) -> String {
        let shape = self.shape();
        let size = shape.size();
        let alphabet = usable(alphabet, size);
        let width = symbol(alphabet, size, size as u8).len();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let segment = bc * width + bc - 1;
        let rule = vec!["-".repeat(segment); size / bc].join("-+-");
        let mut out = String::new();
        for row in 0..size {
            if row > 0 && row % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for col in 0..size {
                if col > 0 {
                    out.push_str(if col % bc == 0 { " | " } else { " " });
                }
                let text = symbol(alphabet, size, self.cells()[row * size + col]);
                for _ in text.len()..width {
                    out.push(' ');
                }
                out.push_str(&text);
            }
            out.push('\n');
        }
        out
    }

    /// The grid as an SVG picture to print: the givens of this grid (the
    /// puzzle) in bold black and, when `solution` is given, the digits it
    /// fills in, in regular blue; blank cells stay empty.
    ///
    /// Box lines are heavier than cell lines, and for [`Variant::Diagonal`]
    /// the cells of both diagonals are shaded light gray.
    /// Digits are written in `alphabet` as [`Grid::render`] writes them
    /// (`A` for 10 in [`Alphabet::Digits`], `10` in [`Alphabet::Numbers`]).
    /// The picture's width and height are in millimetres: cells of 12 mm,
    /// smaller for grids above 14x14, so that any grid up to 64x64 fits
    /// 180 mm and prints on A4 paper.
    ///
    /// Where this grid has a given, the given is drawn whatever the
    /// solution holds there; a solution of another shape is not drawn.
    ///
    /// ```
    /// use dlx_models::sudoku::{Alphabet, Grid, Variant};
    ///
    /// let puzzle: Grid = "1..4..........3.".parse()?;
    /// let solution = puzzle.solve(Variant::Plain)?.expect("a solution");
    /// let svg = puzzle.to_svg(Some(&solution), Variant::Plain, Alphabet::Digits);
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"55.2mm\""));
    /// assert_eq!(svg.matches("<text ").count(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self, solution: Option<&Grid>, variant: Variant, alphabet: Alphabet) -> String {
        let shape = self.shape();
        let size = shape.size();
        let solution = solution.filter(|s| s.shape() == shape);
        let side = size * CELL + 2 * MARGIN;
        let cell_mm = MAX_CELL_MM.min(MAX_SIDE_MM * CELL as f64 / side as f64);
        let side_mm = format!("{}mm", Num(side as f64 * cell_mm / CELL as f64));
        let mut svg = svg::open(&side_mm, &side_mm, side as f64, side as f64);
        // Lines no thinner than 0.1 mm in print, so that small cells keep them.
        let thin = (0.02 * CELL as f64).max(0.1 * CELL as f64 / cell_mm);
        let at = |k: usize| MARGIN + k * CELL;
        if variant == Variant::Diagonal {
            let _ = writeln!(svg, "<g fill=\"#e3e3e3\">");
            for row in 0..size {
                let mut cols = vec![row, size - 1 - row];
                cols.dedup();
                for col in cols {
                    let _ = writeln!(
                        svg,
                        "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                        at(col),
                        at(row)
                    );
                }
            }
            let _ = writeln!(svg, "</g>");
        }
        // Cell lines, then box lines over them, then the border.
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let (first, last) = (at(0), at(size));
        let lines = |boxes: bool| {
            let mut path = String::new();
            for k in 1..size {
                if (k % bc == 0) == boxes {
                    let _ = write!(path, "M{} {first}V{last}", at(k));
                }
                if (k % br == 0) == boxes {
                    let _ = write!(path, "M{first} {}H{last}", at(k));
                }
            }
            path
        };
        for (path, width) in [(lines(false), thin), (lines(true), 3.0 * thin)] {
            if !path.is_empty() {
                let _ = writeln!(
                    svg,
                    "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"{}\"/>",
                    Num(width)
                );
            }
        }
        let _ = writeln!(
            svg,
            "<rect x=\"{first}\" y=\"{first}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"{}\"/>",
            last - first,
            last - first,
            Num(4.0 * thin)
        );
        // Digits: one size for the whole grid, smaller when a symbol takes two characters.
        let alphabet = usable(alphabet, size);
        let wide = symbol(alphabet, size, size as u8).chars().count() > 1;
        let font = if wide { 48 } else { 62 };
        // The baseline sits below the centre by about half the height of a digit.
        let baseline = CELL / 2 + font * 36 / 100;
        let _ = writeln!(
            svg,
            "<g font-family=\"sans-serif\" font-size=\"{font}\" text-anchor=\"middle\">"
        );
        // The givens, then the digits the solution fills in: a group each.
        let filled: Vec<u8> = match solution {
            Some(solution) => (self.cells().iter().zip(solution.cells()))
                .map(|(&given, &digit)| if given == 0 { digit } else { 0 })
                .collect(),
            None => Vec::new(),
        };
        for (style, digits) in [
            (
                format!("font-weight=\"bold\" fill=\"{}\"", svg::GIVEN),
                self.cells(),
            ),
            (format!("fill=\"{}\"", svg::FOUND), &filled[..]),
        ] {
            let mut texts = String::new();
            for (index, &digit) in digits.iter().enumerate() {
                if digit == 0 {
                    continue;
                }
                let cell = shape.cell(index);
                let _ = writeln!(
                    texts,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    at(cell.col) + CELL / 2,
                    at(cell.row) + baseline,
                    svg::escape(&symbol(alphabet, size, digit))
                );
            }
            if !texts.is_empty() {
                let _ = write!(svg, "<g {style}>\n{texts}</g>\n");
            }
        }
        let _ = writeln!(svg, "</g>");
        svg.push_str("</svg>\n");
        svg
    }
}
