//! The polyhex family: its boards by name, its built-in piece sets and its pictures' scale (its [`Family`](crate::polyform::Family) is every flat family's; the drawing in ASCII art is the lattice's).

use super::lattice::{Cell, Hexagonal};
use crate::polyform::flat::{parallelogram, Flat, Sets};

impl Flat for Hexagonal {
    const POLYFORM: &'static str = "polyhex";

    const UNIT: f64 = 30.0;

    const SETS: Sets = Sets {
        sizes: "monohex dihex trihex tetrahex pentahex hexahex",
        first: 1,
        all: "polyhexes",
        largest: 8,
        known: "dihex trihexes tetrahexes pentahexes hexahexes polyhexes:N",
    };

    fn hexagon(n: i32) -> Vec<Cell> {
        parallelogram::<Hexagonal>(2 * n - 1, 2 * n - 1)
            .into_iter()
            .map(|c| Cell {
                x: c.x - (n - 1),
                y: c.y - (n - 1),
            })
            .filter(|c| (c.x + c.y).abs() < n)
            .collect()
    }
}
