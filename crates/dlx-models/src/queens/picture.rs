//! The SVG picture of a board: a checkerboard, the pre-placed queens and the queens found.

use std::fmt::Write as _;

use super::{Board, Queens};
use crate::svg::{self, Num};

/// The side of a square in pixels on boards up to [`BOARD_PX`] / `CELL_PX`.
const CELL_PX: usize = 48;

/// The side of larger boards in pixels, about: their squares shrink to fit.
const BOARD_PX: usize = 768;

/// The smallest side of a square in pixels, reached on boards above 384.
const MIN_CELL_PX: usize = 2;

/// Squares smaller than this get no row and column numbers.
const MIN_LABELLED_PX: usize = 16;

/// On squares smaller than this a crown would not read: a queen fills her square.
const MIN_CROWN_PX: usize = 12;

/// On squares smaller than this the checkerboard would blur into one tone
/// and hide the queens: the board is plain.
const MIN_CHECKERED_PX: usize = 6;

/// The light and the dark squares: light enough for black and blue queens to read on both.
const LIGHT: &str = "#f3ead9";
const DARK: &str = "#cbb594";

/// The outline of a queen in a square of side 100: a crown of five points
/// on a band; each point ends in a ball ([`BALLS`]).
const CROWN: &str = "M16 72L8 34L30 56L30 24L44 52L50 18L56 52L70 24L70 56L92 34L84 72Z\
M16 77H84V87H16Z";

/// The centres of the balls on the points of [`CROWN`], with their radius.
const BALLS: [(u32, u32); 5] = [(8, 34), (30, 24), (50, 18), (70, 24), (92, 34)];
const BALL_RADIUS: u32 = 7;

impl Queens {
    /// The board as an SVG picture: a checkerboard with the pre-placed queens
    /// in black on a framed square and, when `solution` is given, the queens
    /// it adds in blue; rows and columns are numbered from 1 (as `--place`
    /// takes them) on boards whose squares are large enough.
    ///
    /// Squares are 48 pixels on boards up to 16x16, and shrink for larger
    /// boards so that they fit about 768 pixels; on boards above 64x64 a
    /// queen fills her square, and above 128x128 the board is plain rather
    /// than checkered, so that the queens stand out. A solution of another
    /// size is not drawn.
    ///
    /// ```
    /// use dlx_models::queens::{Queens, Square};
    ///
    /// let puzzle = Queens::with_queens(5, [Square::new(0, 0)])?;
    /// let board = puzzle.first()?.expect("a solution");
    /// let svg = puzzle.to_svg(Some(&board));
    /// assert_eq!(svg.matches("<use ").count(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_svg(&self, solution: Option<&Board>) -> String {
        let n = self.n();
        let cell = (BOARD_PX / n).clamp(MIN_CELL_PX, CELL_PX);
        let labelled = cell >= MIN_LABELLED_PX;
        let margin = if labelled { cell * 3 / 5 } else { cell / 4 + 4 };
        let side = n * cell + 2 * margin;
        let mut svg = svg::open_px(side as f64, side as f64);
        let at = |k: usize| margin + k * cell;
        // The queen, drawn once at the size of a square and used on each.
        let crowned = cell >= MIN_CROWN_PX;
        if crowned {
            let _ = writeln!(
                svg,
                "<defs><g id=\"queen\" stroke=\"white\" stroke-width=\"3\" stroke-linejoin=\"round\" transform=\"scale({})\"><path d=\"{CROWN}\"/>{}</g></defs>",
                Num(cell as f64 / 100.0),
                BALLS
                    .iter()
                    .map(|(x, y)| format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{BALL_RADIUS}\"/>"))
                    .collect::<String>()
            );
        }
        // The light squares are the background, the dark ones one path.
        let _ = writeln!(
            svg,
            "<rect x=\"{margin}\" y=\"{margin}\" width=\"{}\" height=\"{}\" fill=\"{LIGHT}\"/>",
            n * cell,
            n * cell
        );
        let mut dark = String::new();
        for row in (0..n).filter(|_| cell >= MIN_CHECKERED_PX) {
            for col in (0..n).filter(|col| (row + col) % 2 == 1) {
                let _ = write!(dark, "M{} {}h{cell}v{cell}h-{cell}Z", at(col), at(row));
            }
        }
        if !dark.is_empty() {
            let _ = writeln!(svg, "<path d=\"{dark}\" fill=\"{DARK}\"/>");
        }
        let _ = writeln!(
            svg,
            "<rect x=\"{margin}\" y=\"{margin}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#555\" stroke-width=\"{}\"/>",
            n * cell,
            n * cell,
            Num((cell as f64 / 24.0).max(1.0))
        );
        if labelled {
            let font = cell * 3 / 10;
            let _ = writeln!(
                svg,
                "<g font-family=\"sans-serif\" font-size=\"{font}\" fill=\"#555\" text-anchor=\"middle\">"
            );
            for k in 0..n {
                let centre = at(k) + cell / 2;
                let _ = writeln!(
                    svg,
                    "<text x=\"{centre}\" y=\"{}\">{}</text>",
                    margin - cell / 6,
                    k + 1
                );
                let _ = writeln!(
                    svg,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    margin - cell * 3 / 10,
                    centre + font * 36 / 100,
                    k + 1
                );
            }
            let _ = writeln!(svg, "</g>");
        }
        let solution = solution.filter(|board| board.n() == n);
        let found = solution
            .into_iter()
            .flat_map(Board::queens)
            .filter(|&square| !self.placed().has_queen(square));
        let mut placed = String::new();
        let mut queens = String::new();
        // The frame of a pre-placed square, inside its edges, where a crown leaves room for it.
        let frame = (cell as f64 / 16.0).max(1.0);
        for square in self.placed().queens().filter(|_| crowned) {
            let _ = writeln!(
                placed,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                Num(at(square.col) as f64 + frame / 2.0),
                Num(at(square.row) as f64 + frame / 2.0),
                Num(cell as f64 - frame),
                Num(cell as f64 - frame)
            );
        }
        if !placed.is_empty() {
            let _ = write!(
                svg,
                "<g fill=\"none\" stroke=\"{}\" stroke-width=\"{}\">\n{placed}</g>\n",
                svg::GIVEN,
                Num(frame)
            );
        }
        for (squares, fill) in [
            (self.placed().queens().collect::<Vec<_>>(), svg::GIVEN),
            (found.collect(), svg::FOUND),
        ] {
            if squares.is_empty() {
                continue;
            }
            let _ = writeln!(queens, "<g fill=\"{fill}\">");
            for square in squares {
                let (x, y) = (at(square.col), at(square.row));
                let _ = if crowned {
                    writeln!(queens, "<use href=\"#queen\" x=\"{x}\" y=\"{y}\"/>")
                } else {
                    writeln!(
                        queens,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\"/>"
                    )
                };
            }
            let _ = writeln!(queens, "</g>");
        }
        svg.push_str(&queens);
        svg.push_str("</svg>\n");
        svg
    }
}
