//! Boards: a rectangle `WxH` or ASCII art with holes, and the board's symmetry group.

use super::shape::Transform;
use crate::polyform::{cell_char, BoardError, MAX_CELLS};

/// A board: the cells of a `height x width` grid that pieces must cover.
///
/// Rows are numbered from 0 at the top, columns from 0 at the left. The grid
/// is the bounding box of the cells (art is cropped to it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    /// `cells[row * width + col]`: whether the square is part of the board.
    present: Vec<bool>,
}

impl Board {
    /// The full rectangle `width` columns wide and `height` rows tall.
    pub fn rectangle(width: usize, height: usize) -> Result<Board, BoardError> {
        let cells = width.saturating_mul(height);
        if cells > MAX_CELLS {
            return Err(BoardError::TooLarge {
                cells,
                limit: MAX_CELLS,
            });
        }
        if cells == 0 {
            return Err(BoardError::Empty);
        }
        Ok(Board {
            width,
            height,
            present: vec![true; cells],
        })
    }

    /// A rectangle from `WxH`: width (columns) first, then height (rows), so
    /// `10x6` is 6 rows of 10 and `6x10` is 10 rows of 6; `x`, `X` or `*`.
    pub fn parse_size(text: &str) -> Result<Board, BoardError> {
        let bad = || BoardError::BadSize {
            text: text.to_owned(),
        };
        let (w, h) = text.trim().split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let w: usize = w.trim().parse().map_err(|_| bad())?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        if w == 0 || h == 0 {
            return Err(bad());
        }
        Board::rectangle(w, h)
    }

    /// A board drawn in ASCII art: `#` (or a letter or digit, so a solved
    /// tiling can be pasted in) is a cell, `.` or a space is a hole; lines
    /// starting with `|` are comments. The art is cropped to its cells.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut cells = Vec::new();
        let mut row = 0;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('|') {
                continue;
            }
            for (c, ch) in line.trim_end().chars().enumerate() {
                if cell_char(ch, i + 1, c + 1)? {
                    cells.push((row, c));
                }
            }
            row += 1;
        }
        Board::from_cells(&cells)
    }

    /// The board made of these `(row, column)` cells, cropped to their bounding box.
    pub fn from_cells(cells: &[(usize, usize)]) -> Result<Board, BoardError> {
        let min_r = cells.iter().map(|p| p.0).min().ok_or(BoardError::Empty)?;
        let min_c = cells.iter().map(|p| p.1).min().ok_or(BoardError::Empty)?;
        let height = cells.iter().map(|p| p.0 - min_r + 1).max().unwrap_or(0);
        let width = cells.iter().map(|p| p.1 - min_c + 1).max().unwrap_or(0);
        let mut board = Board::rectangle(width, height)?;
        board.present.fill(false);
        for &(r, c) in cells {
            board.present[(r - min_r) * width + (c - min_c)] = true;
        }
        Ok(board)
    }

    /// Columns of the bounding box.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the bounding box.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(row, column)` is a cell of the board.
    pub fn contains(&self, row: usize, col: usize) -> bool {
        row < self.height && col < self.width && self.present[row * self.width + col]
    }

    /// The cells, `(row, column)` in row-major order.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| self.contains(r, c))
            .collect()
    }

    /// The number of cells.
    pub fn n_cells(&self) -> usize {
        self.present.iter().filter(|&&b| b).count()
    }

    /// The board as ASCII art, `#` for a cell and `.` for a hole.
    pub fn to_art(&self) -> String {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| if self.contains(r, c) { '#' } else { '.' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The transforms that map the board onto itself (its symmetry group), the identity first.
    ///
    /// A transform of the square grid is a symmetry when it maps the set of
    /// cells onto itself after translating back into the bounding box: 4 for
    /// a rectangle that is not a square, 8 for a square, and for any other
    /// board whatever subgroup its cells allow.
    pub fn symmetries(&self) -> Vec<Transform> {
        Transform::ALL
            .iter()
            .copied()
            .filter(|&t| self.map_cells(t).is_some())
            .collect()
    }

    /// Where each cell (by row-major index among the cells) goes under `t`,
    /// or `None` when `t` is not a symmetry of the board.
    pub(crate) fn map_cells(&self, t: Transform) -> Option<Vec<u32>> {
        let cells = self.cells();
        let points: Vec<(i64, i64)> = cells
            .iter()
            .map(|&(r, c)| t.apply((r as i64, c as i64)))
            .collect();
        let min_r = points.iter().map(|p| p.0).min()?;
        let min_c = points.iter().map(|p| p.1).min()?;
        let index = self.cell_index();
        points
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (
                    usize::try_from(r - min_r).ok()?,
                    usize::try_from(c - min_c).ok()?,
                );
                if r < self.height && c < self.width {
                    index[r * self.width + c]
                } else {
                    None
                }
            })
            .collect()
    }

    /// For each square of the grid, its index among the cells.
    pub(crate) fn cell_index(&self) -> Vec<Option<u32>> {
        let mut next = 0u32;
        self.present
            .iter()
            .map(|&p| {
                p.then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    }
}
