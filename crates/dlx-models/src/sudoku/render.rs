//! Writing grids: with box lines for people, on one line for tools.

use super::{Alphabet, Grid};

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
}
