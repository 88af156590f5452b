//! Shapes: finite sets of unit squares up to translation, their rotations and reflections.

use std::collections::BTreeSet;

/// A set of unit squares on the grid, translated so that its smallest row
/// and smallest column are 0; cells are `(row, column)`, sorted.
///
/// **Invariant:** `cells` is sorted, has no duplicates, and has at least one
/// cell in row 0 and one in column 0 (when it is not empty).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    cells: Vec<(usize, usize)>,
}

/// One of the 8 symmetries of the square grid: a rotation by `rotation`
/// quarter turns clockwise, after a left-right mirror when `mirror` is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Mirror left-right first.
    pub mirror: bool,
    /// Then rotate this many quarter turns clockwise (0..4).
    pub rotation: u8,
}

impl Transform {
    /// The 8 transforms: the 4 rotations (identity first), then the 4 mirrored ones.
    pub const ALL: [Transform; 8] = [
        Transform {
            mirror: false,
            rotation: 0,
        },
        Transform {
            mirror: false,
            rotation: 1,
        },
        Transform {
            mirror: false,
            rotation: 2,
        },
        Transform {
            mirror: false,
            rotation: 3,
        },
        Transform {
            mirror: true,
            rotation: 0,
        },
        Transform {
            mirror: true,
            rotation: 1,
        },
        Transform {
            mirror: true,
            rotation: 2,
        },
        Transform {
            mirror: true,
            rotation: 3,
        },
    ];

    /// The identity.
    pub const IDENTITY: Transform = Transform::ALL[0];

    /// Applies the transform to a point, before any translation.
    pub(crate) fn apply(self, (row, col): (i64, i64)) -> (i64, i64) {
        let (mut r, mut c) = if self.mirror { (row, -col) } else { (row, col) };
        for _ in 0..self.rotation {
            // A quarter turn clockwise on screen coordinates (rows grow downward).
            (r, c) = (c, -r);
        }
        (r, c)
    }
}

impl Shape {
    /// The shape made of these cells, translated to the origin; duplicates are dropped.
    pub fn new<I: IntoIterator<Item = (usize, usize)>>(cells: I) -> Shape {
        let points: Vec<(i64, i64)> = cells
            .into_iter()
            .map(|(r, c)| (to_i64(r), to_i64(c)))
            .collect();
        Shape::from_points(&points)
    }

    fn from_points(points: &[(i64, i64)]) -> Shape {
        let min_r = points.iter().map(|p| p.0).min().unwrap_or(0);
        let min_c = points.iter().map(|p| p.1).min().unwrap_or(0);
        let set: BTreeSet<(usize, usize)> = points
            .iter()
            .map(|&(r, c)| (to_usize(r - min_r), to_usize(c - min_c)))
            .collect();
        Shape {
            cells: set.into_iter().collect(),
        }
    }

    /// The shape drawn in ASCII art: `#` (or any letter or digit) is a cell,
    /// anything else is empty. Meant for tests and built-in sets.
    pub(crate) fn from_art(art: &str) -> Shape {
        Shape::new(art.lines().enumerate().flat_map(|(r, line)| {
            line.chars()
                .enumerate()
                .filter(|(_, ch)| *ch == '#' || ch.is_ascii_alphanumeric())
                .map(move |(c, _)| (r, c))
        }))
    }

    /// The cells, `(row, column)` sorted.
    pub fn cells(&self) -> &[(usize, usize)] {
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

    /// The height (rows) and width (columns) of the bounding box.
    pub fn size(&self) -> (usize, usize) {
        let h = self.cells.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        let w = self.cells.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        (h, w)
    }

    /// The shape after a transform, translated back to the origin.
    pub fn transformed(&self, t: Transform) -> Shape {
        let points: Vec<(i64, i64)> = self
            .cells
            .iter()
            .map(|&(r, c)| t.apply((to_i64(r), to_i64(c))))
            .collect();
        Shape::from_points(&points)
    }

    /// The distinct fixed orientations: the images under the 8 transforms
    /// (the 4 rotations only when `one_sided`), duplicates removed, in the
    /// order of [`Transform::ALL`] (the shape itself first).
    pub fn orientations(&self, one_sided: bool) -> Vec<Shape> {
        let n = if one_sided { 4 } else { 8 };
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &t in &Transform::ALL[..n] {
            let s = self.transformed(t);
            if seen.insert(s.clone()) {
                out.push(s);
            }
        }
        out
    }

    /// The canonical free form: the smallest of the 8 images (so two shapes
    /// are the same free polyomino exactly when their free forms are equal).
    pub fn free_form(&self) -> Shape {
        Transform::ALL
            .iter()
            .map(|&t| self.transformed(t))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    /// Whether the cells are connected through shared edges.
    pub fn is_connected(&self) -> bool {
        let Some(&start) = self.cells.first() else {
            return true;
        };
        let set: BTreeSet<(usize, usize)> = self.cells.iter().copied().collect();
        let mut seen = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some((r, c)) = stack.pop() {
            let mut next = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                next.push((r - 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            for p in next {
                if set.contains(&p) && seen.insert(p) {
                    stack.push(p);
                }
            }
        }
        seen.len() == set.len()
    }

    /// The shape as ASCII art: `#` for a cell, `.` for an empty square of the
    /// bounding box, one line per row (no trailing newline).
    pub fn to_art(&self) -> String {
        let (h, w) = self.size();
        let mut grid = vec![vec!['.'; w]; h];
        for &(r, c) in &self.cells {
            grid[r][c] = '#';
        }
        grid.iter()
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// All free polyominoes of `n` cells (connected, distinct up to rotation and
/// reflection), each in its [`Shape::free_form`], sorted.
///
/// They are grown one cell at a time from the monomino: every free form of
/// size `k + 1` is some free form of size `k` plus one neighbouring cell, so
/// growing every form in every direction and keeping the distinct free forms
/// finds them all. Counts: 1, 1, 2, 5, 12, 35, 108, ... (OEIS A000105).
pub fn free_polyominoes(n: usize) -> Vec<Shape> {
    if n == 0 {
        return Vec::new();
    }
    let mut level: BTreeSet<Shape> = BTreeSet::from([Shape::new([(0, 0)])]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &level {
            let points: Vec<(i64, i64)> = shape
                .cells
                .iter()
                .map(|&(r, c)| (to_i64(r), to_i64(c)))
                .collect();
            for &(r, c) in &points {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let p = (r + dr, c + dc);
                    if points.contains(&p) {
                        continue;
                    }
                    let mut grown = points.clone();
                    grown.push(p);
                    next.insert(Shape::from_points(&grown).free_form());
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

fn to_i64(x: usize) -> i64 {
    i64::try_from(x).unwrap_or(i64::MAX)
}

fn to_usize(x: i64) -> usize {
    usize::try_from(x).unwrap_or(0)
}
