//! The built-in polyiamond sets: every polyiamond of a size (triamonds to octiamonds), and the diamond.

use super::lattice::{Cell, Triangular};
use crate::polyform::{polyforms, Motions, PieceError, PieceSet, Shape};

/// The sets [`builtin`] knows, for messages.
const KNOWN: &str =
    "triamonds tetriamonds pentiamonds hexiamonds heptiamonds octiamonds diamond polyiamonds:N";

/// The sizes of the sets by name.
const SIZES: [(&str, usize); 6] = [
    ("triamond", 3),
    ("tetriamond", 4),
    ("pentiamond", 5),
    ("hexiamond", 6),
    ("heptiamond", 7),
    ("octiamond", 8),
];

/// A built-in set by its name (lowercase; singular or plural): `triamonds`
/// to `octiamonds`, `diamond`, `polyiamonds:N`.
pub(crate) fn builtin(name: &str) -> Result<PieceSet<Triangular>, PieceError> {
    let name = name.trim();
    let unknown = || PieceError::UnknownSet {
        name: name.to_owned(),
        known: KNOWN.to_owned(),
    };
    if let Some(n) = name.strip_prefix("polyiamonds:") {
        return match n.trim().parse::<usize>() {
            Ok(n @ 1..=10) => Ok(polyiamonds(n)),
            _ => Err(unknown()),
        };
    }
    if matches!(name, "diamond" | "diamonds" | "lozenge" | "lozenges") {
        return Ok(diamond());
    }
    let singular = name.strip_suffix('s').unwrap_or(name);
    SIZES
        .iter()
        .find(|(n, _)| *n == singular)
        .map(|&(_, size)| polyiamonds(size))
        .ok_or_else(unknown)
}

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
