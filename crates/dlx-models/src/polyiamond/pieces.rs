//! The built-in polyiamond sets: every polyiamond of a size (triamonds to octiamonds, named in [`Flat::SETS`](crate::polyform::flat::Flat::SETS)), and the diamond.

use super::lattice::{Cell, Triangular};
use crate::polyform::{polyforms, Motions, PieceSet, Shape};

/// Every free polyiamond of `n` triangles (OEIS A000577: 1, 1, 1, 3, 4,
/// 12, 24, 66, 160, 448), named `1`, `2`, ... in the order of their
/// canonical forms, each once: `polyiamonds(6)` are the 12 hexiamonds.
pub fn polyiamonds(n: usize) -> PieceSet<Triangular> {
    PieceSet::numbered(polyforms::<Triangular>(n, Motions::All))
}

/// The diamond (the lozenge of two triangles, an up one and the down one
/// to its right), once: alone in a set it fills the board, so `diamond`
/// on a hexagon counts its lozenge tilings (the plane partitions in a box:
/// 2, 20, 980, 232848 for the hexagons of side 1 to 4).
pub fn diamond() -> PieceSet<Triangular> {
    let cells = [false, true].map(|down| Cell { x: 0, y: 0, down });
    PieceSet::named(vec![("diamond", Shape::new(cells))])
}
