//! The polyiamond family: its boards by name, its built-in piece sets and its pictures (the drawing in ASCII art is the lattice's).

use super::lattice::{centre3, parallelogram, Cell, Triangular};
use super::pieces;
use crate::polyform::flat;
use crate::polyform::{Board, BoardError, Family, Motions, Packing, PieceError, PieceSet};

impl Family for Triangular {
    const FAMILY: &'static str = "polyiamond";

    const MOTIONS: Motions = Motions::All;

    const BOARD_FORMS: &'static str =
        "parallelogram:WxH, rhombus:N, hexagon:N, triangle:N, or ASCII art";

    fn named_board(spec: &str) -> Result<Board<Triangular>, BoardError> {
        let bad = || BoardError::BadSpec {
            text: spec.to_owned(),
            expected: Triangular::BOARD_FORMS.to_owned(),
        };
        let (kind, size) = spec.split_once(':').ok_or_else(bad)?;
        let number = |s: &str| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|&n| (1..=256).contains(&n))
        };
        let cells: Vec<Cell> = match kind.trim().to_ascii_lowercase().as_str() {
            "parallelogram" => {
                let (w, h) = size.split_once(['x', 'X', '*']).ok_or_else(bad)?;
                let (w, h) = (number(w).ok_or_else(bad)?, number(h).ok_or_else(bad)?);
                parallelogram(w, h)
            }
            "rhombus" => {
                let n = number(size).ok_or_else(bad)?;
                parallelogram(n, n)
            }
            "hexagon" => {
                let n = number(size).ok_or_else(bad)?;
                let all = parallelogram(2 * n, 2 * n);
                all.into_iter()
                    .map(|c| Cell {
                        x: c.x - n,
                        y: c.y - n,
                        ..c
                    })
                    .filter(|&c| {
                        let (a, b) = centre3(c);
                        a.abs() < 3 * n && b.abs() < 3 * n && (a + b).abs() < 3 * n
                    })
                    .collect()
            }
            "triangle" => {
                let n = number(size).ok_or_else(bad)?;
                parallelogram(n, n)
                    .into_iter()
                    .filter(|c| c.x + c.y + i32::from(c.down) < n)
                    .collect()
            }
            _ => return Err(bad()),
        };
        Board::new(cells)
    }

    fn piece_set(name: &str) -> Result<PieceSet<Triangular>, PieceError> {
        pieces::builtin(name)
    }

    fn svg(packing: &Packing<Triangular>) -> String {
        flat::picture(packing, 36.0)
    }
}
