//! The polyhex family: its boards by name, its built-in piece sets and its pictures (the drawing in ASCII art is the lattice's).

use super::lattice::{Cell, Hexagonal};
use super::pieces;
use crate::polyform::flat;
use crate::polyform::{Board, BoardError, Family, Motions, Packing, PieceError, PieceSet};

impl Family for Hexagonal {
    const FAMILY: &'static str = "polyhex";

    const MOTIONS: Motions = Motions::All;

    const BOARD_FORMS: &'static str =
        "parallelogram:WxH, rhombus:N, hexagon:N, triangle:N, or ASCII art";

    fn named_board(spec: &str) -> Result<Board<Hexagonal>, BoardError> {
        let bad = || BoardError::BadSpec {
            text: spec.to_owned(),
            expected: Hexagonal::BOARD_FORMS.to_owned(),
        };
        let (kind, size) = spec.split_once(':').ok_or_else(bad)?;
        let number = |s: &str| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|&n| (1..=256).contains(&n))
        };
        let grid = |w: i32, h: i32| (0..w).flat_map(move |x| (0..h).map(move |y| Cell { x, y }));
        let cells: Vec<Cell> = match kind.trim().to_ascii_lowercase().as_str() {
            "parallelogram" => {
                let (w, h) = size.split_once(['x', 'X', '*']).ok_or_else(bad)?;
                let (w, h) = (number(w).ok_or_else(bad)?, number(h).ok_or_else(bad)?);
                grid(w, h).collect()
            }
            "rhombus" => {
                let n = number(size).ok_or_else(bad)?;
                grid(n, n).collect()
            }
            "hexagon" => {
                let n = number(size).ok_or_else(bad)?;
                grid(2 * n - 1, 2 * n - 1)
                    .map(|c| Cell {
                        x: c.x - (n - 1),
                        y: c.y - (n - 1),
                    })
                    .filter(|c| (c.x + c.y).abs() < n)
                    .collect()
            }
            "triangle" => {
                let n = number(size).ok_or_else(bad)?;
                grid(n, n).filter(|c| c.x + c.y < n).collect()
            }
            _ => return Err(bad()),
        };
        Board::new(cells)
    }

    fn piece_set(name: &str) -> Result<PieceSet<Hexagonal>, PieceError> {
        pieces::builtin(name)
    }

    fn svg(packing: &Packing<Hexagonal>) -> String {
        flat::picture(packing, 30.0)
    }
}
