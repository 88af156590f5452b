//! The polyiamond family: its boards by name, its built-in piece sets and its pictures' scale (its [`Family`](crate::polyform::Family) is every flat family's; the drawing in ASCII art is the lattice's).

use super::lattice::{centre3, Cell, Triangular};
use super::pieces::diamond;
use crate::polyform::flat::{parallelogram, Flat, Sets};
use crate::polyform::PieceSet;

impl Flat for Triangular {
    const POLYFORM: &'static str = "polyiamond";

    const UNIT: f64 = 36.0;

    const SETS: Sets = Sets {
        sizes: "triamond tetriamond pentiamond hexiamond heptiamond octiamond",
        first: 3,
        all: "polyiamonds",
        largest: 10,
        known: "triamonds tetriamonds pentiamonds hexiamonds heptiamonds octiamonds diamond polyiamonds:N",
    };

    fn hexagon(n: i32) -> Vec<Cell> {
        parallelogram::<Triangular>(2 * n, 2 * n)
            .into_iter()
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

    /// The diamond, also as `diamonds`, `lozenge` and `lozenges`.
    fn other_set(name: &str) -> Option<PieceSet<Triangular>> {
        matches!(name, "diamond" | "diamonds" | "lozenge" | "lozenges").then(diamond)
    }
}
