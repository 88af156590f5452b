//! The rules checker: reads grids only, never the encoding or the links.

use super::{Cell, Grid, Variant};

/// A row, column, box or diagonal of a grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, from 0.
    Row(usize),
    /// A column, from 0.
    Col(usize),
    /// A box, row-major from 0.
    Box(usize),
    /// The main diagonal, top left to bottom right.
    Diagonal,
    /// The anti-diagonal, top right to bottom left.
    AntiDiagonal,
}

/// Two cells of one unit that hold the same digit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{first} and {second} both hold {digit}")]
pub struct Clash {
    /// The unit they share.
    pub unit: Unit,
    /// The first cell in reading order.
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The digit (`1..=size`).
    pub digit: u8,
}

/// How a grid breaks the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The two grids do not have the same shape.
    #[error("the grid has boxes {found}, the puzzle {expected}")]
    ShapeMismatch {
        /// The puzzle's box shape.
        expected: super::Shape,
        /// The grid's box shape.
        found: super::Shape,
    },
    /// A cell is still blank.
    #[error("{cell} is blank")]
    Blank {
        /// The cell.
        cell: Cell,
    },
    /// A unit holds a digit twice.
    #[error("a unit repeats a digit")]
    Clash(#[from] Clash),
    /// A given of the puzzle was changed.
    #[error("{cell} holds {found}, but the puzzle gives {given}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The puzzle's digit.
        given: u8,
        /// The grid's digit.
        found: u8,
    },
}

/// Checks a complete grid against the rules and against the givens of `puzzle`:
/// every cell filled, every row, column, box (and diagonal for
/// [`Variant::Diagonal`]) holding each digit once, every given kept.
pub fn check(grid: &Grid, puzzle: &Grid, variant: Variant) -> Result<(), RuleError> {
    if grid.shape() != puzzle.shape() {
        return Err(RuleError::ShapeMismatch {
            expected: puzzle.shape(),
            found: grid.shape(),
        });
    }
    let shape = grid.shape();
    for (index, (&value, &given)) in grid.cells().iter().zip(puzzle.cells()).enumerate() {
        let cell = shape.cell(index);
        if value == 0 {
            return Err(RuleError::Blank { cell });
        }
        if given != 0 && given != value {
            return Err(RuleError::GivenChanged {
                cell,
                given,
                found: value,
            });
        }
    }
    // A complete grid with no repeat in a unit of `size` cells holds every digit once.
    match find_clash(grid, variant) {
        Some(clash) => Err(clash.into()),
        None => Ok(()),
    }
}

/// The first pair of cells (by unit: rows, columns, boxes, diagonals) that
/// hold the same digit, ignoring blanks; `None` when no unit repeats a digit.
pub fn find_clash(grid: &Grid, variant: Variant) -> Option<Clash> {
    if !has_repeat(grid, variant) {
        return None;
    }
    let shape = grid.shape();
    let size = shape.size();
    let mut units: Vec<(Unit, Vec<Cell>)> = Vec::with_capacity(3 * size + 2);
    for i in 0..size {
        units.push((
            Unit::Row(i),
            (0..size).map(|c| Cell { row: i, col: c }).collect(),
        ));
    }
    for i in 0..size {
        units.push((
            Unit::Col(i),
            (0..size).map(|r| Cell { row: r, col: i }).collect(),
        ));
    }
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    for b in 0..size {
        let (row0, col0) = ((b / br) * br, (b % br) * bc);
        let cells = (0..size)
            .map(|k| Cell {
                row: row0 + k / bc,
                col: col0 + k % bc,
            })
            .collect();
        units.push((Unit::Box(b), cells));
    }
    if variant == Variant::Diagonal {
        units.push((
            Unit::Diagonal,
            (0..size).map(|k| Cell { row: k, col: k }).collect(),
        ));
        units.push((
            Unit::AntiDiagonal,
            (0..size)
                .map(|k| Cell {
                    row: k,
                    col: size - 1 - k,
                })
                .collect(),
        ));
    }
    let mut seen: Vec<Option<Cell>> = vec![None; size + 1];
    for (unit, cells) in units {
        seen.iter_mut().for_each(|s| *s = None);
        for cell in cells {
            let digit = grid.get(cell);
            if digit == 0 {
                continue;
            }
            if let Some(first) = seen[usize::from(digit)] {
                return Some(Clash {
                    unit,
                    first,
                    second: cell,
                    digit,
                });
            }
            seen[usize::from(digit)] = Some(cell);
        }
    }
    None
}

/// A quick test with one bit a digit a unit: whether any unit repeats a digit.
fn has_repeat(grid: &Grid, variant: Variant) -> bool {
    let shape = grid.shape();
    let size = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut rows = vec![0u64; size];
    let mut cols = vec![0u64; size];
    let mut boxes = vec![0u64; size];
    let mut diagonals = [0u64; 2];
    let diagonal = variant == Variant::Diagonal;
    let mut repeat = false;
    for (index, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (index / size, index % size);
        let bit = 1u64 << (v - 1);
        let b = (r / br) * br + c / bc;
        repeat |= (rows[r] | cols[c] | boxes[b]) & bit != 0;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
        if diagonal && r == c {
            repeat |= diagonals[0] & bit != 0;
            diagonals[0] |= bit;
        }
        if diagonal && r + c == size - 1 {
            repeat |= diagonals[1] & bit != 0;
            diagonals[1] |= bit;
        }
    }
    repeat
}
