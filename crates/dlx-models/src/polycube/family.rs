//! The polycube family: its boards by name, its built-in piece sets and its pictures (the drawing in ASCII art is the lattice's).

use super::lattice::{boxed, Cubic};
use super::{pieces, svg};
use crate::polyform::{Board, BoardError, Family, Motions, Packing, PieceError, PieceSet};

impl Family for Cubic {
    const FAMILY: &'static str = "polycube";

    const MOTIONS: Motions = Motions::Rotations;

    const BOARD_FORMS: &'static str = "a box XxYxZ such as 3x4x5, or layers of ASCII art";

    fn named_board(spec: &str) -> Result<Board<Cubic>, BoardError> {
        let bad = || BoardError::BadSpec {
            text: spec.to_owned(),
            expected: Cubic::BOARD_FORMS.to_owned(),
        };
        let sides: Vec<usize> = spec
            .split(['x', 'X', '*'])
            .map(|s| s.trim().parse::<usize>().ok().filter(|&n| n > 0))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        let [x, y, z] = sides[..] else {
            return Err(bad());
        };
        boxed(x, y, z)
    }

    fn piece_set(name: &str) -> Result<PieceSet<Cubic>, PieceError> {
        pieces::builtin(name)
    }

    fn svg(packing: &Packing<Cubic>) -> String {
        svg::isometric(packing)
    }
}
