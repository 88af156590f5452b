//! The built-in polyhex sets: every polyhex of a size, from the dihex to the hexahexes.

use super::lattice::Hexagonal;
use crate::polyform::{polyforms, Motions, PieceError, PieceSet};

/// The sets [`builtin`] knows, for messages.
const KNOWN: &str = "dihex trihexes tetrahexes pentahexes hexahexes polyhexes:N";

/// The sizes of the sets by name (singular).
const SIZES: [(&str, usize); 6] = [
    ("monohex", 1),
    ("dihex", 2),
    ("trihex", 3),
    ("tetrahex", 4),
    ("pentahex", 5),
    ("hexahex", 6),
];

/// A built-in set by its name (lowercase; singular or plural): `dihex`,
/// `trihexes` to `hexahexes`, `polyhexes:N`.
pub(crate) fn builtin(name: &str) -> Result<PieceSet<Hexagonal>, PieceError> {
    let name = name.trim();
    let unknown = || PieceError::UnknownSet {
        name: name.to_owned(),
        known: KNOWN.to_owned(),
    };
    if let Some(n) = name.strip_prefix("polyhexes:") {
        return match n.trim().parse::<usize>() {
            Ok(n @ 1..=8) => Ok(polyhexes(n)),
            _ => Err(unknown()),
        };
    }
    let singular = name.strip_suffix("es").unwrap_or(name);
    SIZES
        .iter()
        .find(|(n, _)| *n == singular)
        .map(|&(_, size)| polyhexes(size))
        .ok_or_else(unknown)
}

/// Every free polyhex of `n` hexagons (OEIS A000228: 1, 1, 3, 7, 22, 82,
/// 333), named `1`, `2`, ... in the order of their canonical forms, each
/// once: `polyhexes(4)` are the 7 tetrahexes.
pub fn polyhexes(n: usize) -> PieceSet<Hexagonal> {
    PieceSet::numbered(polyforms::<Hexagonal>(n, Motions::All))
}
