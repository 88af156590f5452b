//! The built-in polyhex sets: every polyhex of a size, from the monohex to the hexahexes (named in [`Flat::SETS`](crate::polyform::flat::Flat::SETS)).

use super::lattice::Hexagonal;
use crate::polyform::{polyforms, Motions, PieceSet};

/// Every free polyhex of `n` hexagons (OEIS A000228: 1, 1, 3, 7, 22, 82,
/// 333), named `1`, `2`, ... in the order of their canonical forms, each
/// once: `polyhexes(4)` are the 7 tetrahexes.
pub fn polyhexes(n: usize) -> PieceSet<Hexagonal> {
    PieceSet::numbered(polyforms::<Hexagonal>(n, Motions::All))
}
