//! Shapes: finite sets of cells up to translation, their orientations, canonical forms, and free polyforms grown cell by cell.

use std::collections::BTreeSet;
use std::marker::PhantomData;

use super::lattice::{Lattice, Motions, Symmetry};

/// A finite set of cells of lattice `L`, translated so that each of its
/// [`Lattice::offset`] coordinates has minimum 0; cells sorted.
///
/// **Invariant:** `cells` is sorted, has no duplicates, and is translated
/// to the origin as said (when it is not empty).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape<L: Lattice> {
    cells: Vec<L::Cell>,
    lattice: PhantomData<L>,
}

impl<L: Lattice> Shape<L> {
    /// The shape made of these cells, translated to the origin; duplicates are dropped.
    pub fn new<I: IntoIterator<Item = L::Cell>>(cells: I) -> Shape<L> {
        let cells: Vec<L::Cell> = cells.into_iter().collect();
        let low = lowest::<L>(&cells);
        let set: BTreeSet<L::Cell> = cells
            .iter()
            .map(|&c| L::translate(c, low.map(|m| -m)))
            .collect();
        Shape {
            cells: set.into_iter().collect(),
            lattice: PhantomData,
        }
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[L::Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The shape after a point symmetry, translated back to the origin.
    pub fn transformed(&self, symmetry: Symmetry) -> Shape<L> {
        Shape::new(self.cells.iter().map(|&c| L::transform(symmetry, c)))
    }

    /// The distinct orientations the motions give: the images under the
    /// allowed symmetries, duplicates removed, in the order of the
    /// lattice's group (the shape itself first).
    pub fn orientations(&self, motions: Motions) -> Vec<Shape<L>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for s in motions.symmetries::<L>() {
            let image = self.transformed(s);
            if seen.insert(image.clone()) {
                out.push(image);
            }
        }
        out
    }

    /// The canonical form under the motions: the smallest of the images, so
    /// two shapes are the same piece (turned as the motions allow) exactly
    /// when their canonical forms are equal.
    pub fn canonical(&self, motions: Motions) -> Shape<L> {
        motions
            .symmetries::<L>()
            .map(|s| self.transformed(s))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    /// Whether a rotation turns the shape into its mirror image (it is
    /// achiral): every planar shape is, as a solid in space.
    pub fn is_achiral(&self) -> bool {
        self.canonical(Motions::Rotations) == self.mirror().canonical(Motions::Rotations)
    }

    /// The shape's mirror image (its image under the first reflection of the group).
    pub fn mirror(&self) -> Shape<L> {
        self.transformed(Symmetry(L::ROTATIONS as u8))
    }

    /// Whether the cells are connected through shared faces (edges in the plane).
    pub fn is_connected(&self) -> bool {
        let Some(&start) = self.cells.first() else {
            return true;
        };
        let set: BTreeSet<L::Cell> = self.cells.iter().copied().collect();
        let mut seen = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for next in L::neighbours(cell) {
                if set.contains(&next) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        seen.len() == set.len()
    }
}

/// The componentwise minimum of the cells' offsets (0s when there is none).
pub(crate) fn lowest<L: Lattice>(cells: &[L::Cell]) -> [i32; 3] {
    let mut low: Option<[i32; 3]> = None;
    for &c in cells {
        let o = L::offset(c);
        low = Some(match low {
            None => o,
            Some(m) => [m[0].min(o[0]), m[1].min(o[1]), m[2].min(o[2])],
        });
    }
    low.unwrap_or([0; 3])
}

/// All polyforms of `n` cells of lattice `L` (connected, distinct up to
/// the motions), each in its [`Shape::canonical`] form, sorted.
///
/// They are grown one cell at a time from the single cell: every
/// polyform of `k + 1` cells is one of `k` cells plus a neighbouring cell
/// (remove a leaf of a spanning tree of its cells), so growing every form
/// in every direction and keeping the distinct canonical forms finds them
/// all. Counts: polycubes up to rotation 1, 1, 2, 8, 29, 166, 1023 (OEIS
/// A000162); free polyiamonds 1, 1, 1, 3, 4, 12, 24, 66, 160 (A000577);
/// free polyhexes 1, 1, 3, 7, 22, 82 (A000228).
pub fn polyforms<L: Lattice>(n: usize, motions: Motions) -> Vec<Shape<L>> {
    if n == 0 {
        return Vec::new();
    }
    let mut level: BTreeSet<Shape<L>> = BTreeSet::from([Shape::new([L::origin()])]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &level {
            let cells = shape.cells();
            for &cell in cells {
                for grown in L::neighbours(cell) {
                    if cells.contains(&grown) {
                        continue;
                    }
                    let bigger = Shape::new(cells.iter().copied().chain([grown]));
                    next.insert(bigger.canonical(motions));
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}
