//! Lattices: where the cells of a polyform sit, how the lattice's point symmetries move them, and how translations move them.
//!
//! A lattice is a zero-sized type that implements [`Lattice`]: its cell type,
//! its group of point symmetries (rotations first, then the reflections),
//! the translations that map cells to cells, and the neighbours of a cell.
//! Each group is generated once from two or three integer matrices acting on
//! an integer embedding of the cells (the cells' centres, scaled so that
//! they are integers), so the lattices share the generation and differ only
//! in their matrices and their embedding.

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

use dlx_core::dimers::Matrix as Kasteleyn;

/// A point symmetry of a lattice: an index into the lattice's group, the
/// identity 0, the rotations (indices below [`Lattice::ROTATIONS`]) before
/// the reflections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// The index into the lattice's group.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Whether the symmetry is a rotation of lattice `L` (not a reflection).
    pub fn is_rotation<L: Lattice>(self) -> bool {
        self.index() < L::ROTATIONS
    }
}

/// The motions a piece may make on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Motions {
    /// Rotations only: one-sided pieces in the plane, and every solid piece
    /// in space (a polycube cannot be turned into its mirror image).
    Rotations,
    /// Rotations and reflections: flat pieces that may be turned over.
    All,
}

impl Motions {
    /// The symmetries of lattice `L` that these motions allow, identity first.
    pub fn symmetries<L: Lattice>(self) -> impl Iterator<Item = Symmetry> {
        let n = match self {
            Motions::Rotations => L::ROTATIONS,
            Motions::All => L::SYMMETRIES,
        };
        (0..n).map(|i| Symmetry(i as u8))
    }
}

/// A lattice of cells: the square cubes of space, the triangles or the
/// hexagons of the plane.
///
/// **Invariant:** `transform` is an action of the group (symmetry 0 is the
/// identity, each maps cells to cells one to one), translations commute
/// with nothing in particular but map a cell only to a cell of the same
/// [`Lattice::kind`], and [`Lattice::offset`] is translation-equivariant:
/// `offset(translate(c, t)) == offset(c) + t`.
pub trait Lattice:
    Copy + Debug + Default + PartialEq + Eq + PartialOrd + Ord + Hash + Send + Sync + 'static
{
    /// A cell of the lattice, with integer coordinates; its `Ord` is the
    /// order in which a board lists its cells (and so the order of the
    /// cell items in the exact cover problem).
    type Cell: Copy + Debug + PartialEq + Eq + PartialOrd + Ord + Hash + Send + Sync + 'static;

    /// The lattice's name in messages: `cubic`, `triangular`, `hexagonal`.
    const NAME: &'static str;

    /// The number of rotations in the group (24 for the cube, 6 for the
    /// triangle and the hexagon).
    const ROTATIONS: usize;

    /// The order of the group, reflections included (48 or 12): twice the
    /// rotations, as in every point group that holds a reflection.
    const SYMMETRIES: usize = 2 * Self::ROTATIONS;

    /// The number of kinds of cells ([`Lattice::kind`]): 2 for the
    /// triangles (up and down), 1 for the cubes and the hexagons.
    const KINDS: u8 = 1;

    /// The image of a cell under a point symmetry (about a point of the
    /// lattice's own choosing; shapes and boards are translated back).
    fn transform(symmetry: Symmetry, cell: Self::Cell) -> Self::Cell;

    /// The cells that share a face (an edge in the plane) with `cell`.
    fn neighbours(cell: Self::Cell) -> Vec<Self::Cell>;

    /// The translation coordinates of a cell: a translation adds a vector to
    /// them (the third is 0 in the plane).
    fn offset(cell: Self::Cell) -> [i32; 3];

    /// The cell of kind `kind` ([`Lattice::kind`]) whose translation
    /// coordinates are `offset`: the inverse of [`Lattice::offset`].
    fn cell_at(offset: [i32; 3], kind: u8) -> Self::Cell;

    /// Cells that translations never map to one another have different
    /// kinds, from 0 to [`Lattice::KINDS`]` - 1`: up (0) and down (1)
    /// triangles; all cubes and all hexagons are of kind 0.
    fn kind(_cell: Self::Cell) -> u8 {
        0
    }

    /// The cell translated by `by`, a vector of [`Lattice::offset`]s.
    fn translate(cell: Self::Cell, by: [i32; 3]) -> Self::Cell {
        let at = Self::offset(cell);
        Self::cell_at(
            [at[0] + by[0], at[1] + by[1], at[2] + by[2]],
            Self::kind(cell),
        )
    }

    /// The cell a polyform of one cell is made of, at the origin.
    fn origin() -> Self::Cell {
        Self::cell_at([0; 3], 0)
    }

    /// The cell's item name in the exact cover problem (`x1y2z0`, `x1y2'`).
    fn item_name(cell: Self::Cell) -> String;

    /// All the symmetries, identity first.
    fn symmetries() -> impl Iterator<Item = Symmetry> {
        Motions::All.symmetries::<Self>()
    }

    /// Kasteleyn's matrix of a region's perfect matchings, where the lattice
    /// knows signs that make it one (the triangular lattice's lozenges): the
    /// region's `cells`, joined by `pairs` (two cells that share a side,
    /// indices into `cells`), edge `k` for pair `k`. `None` where no
    /// determinant counts them (cubes; hexagons, whose graph is not
    /// bipartite).
    fn matchings(_cells: &[Self::Cell], _pairs: &[(usize, usize)]) -> Option<Kasteleyn> {
        None
    }
}

/// An integer matrix acting on the embedding of a lattice's cells.
pub(crate) type Matrix = [[i32; 3]; 3];

/// A lattice's point group as integer matrices on the embedding of its
/// cells, generated from two or three of them on first use (see
/// [`generate`] for the order: the identity, the rotations, the reflections).
pub(crate) struct Group {
    generators: &'static [Matrix],
    matrices: OnceLock<Vec<Matrix>>,
}

impl Group {
    /// The group these matrices generate.
    pub(crate) const fn new(generators: &'static [Matrix]) -> Group {
        Group {
            generators,
            matrices: OnceLock::new(),
        }
    }

    /// The image of `v` under the matrix of `symmetry`.
    pub(crate) fn apply(&self, symmetry: Symmetry, v: [i32; 3]) -> [i32; 3] {
        let matrices = self.matrices.get_or_init(|| generate(self.generators));
        apply(&matrices[symmetry.index()], v)
    }
}

/// `m v`.
fn apply(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = [[0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, entry) in row.iter_mut().enumerate() {
            *entry = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// The group the generators make, by breadth-first closure from the
/// identity: the rotations (determinant 1) first in the order found, then
/// the reflections in the order found; the identity is first.
fn generate(generators: &[Matrix]) -> Vec<Matrix> {
    const IDENTITY: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    let mut found = vec![IDENTITY];
    let mut next = 0;
    while next < found.len() {
        let m = found[next];
        for g in generators {
            let product = multiply(g, &m);
            if !found.contains(&product) {
                found.push(product);
            }
        }
        next += 1;
    }
    let (mut rotations, reflections): (Vec<Matrix>, Vec<Matrix>) =
        found.into_iter().partition(|m| determinant(m) == 1);
    rotations.extend(reflections);
    rotations
}
