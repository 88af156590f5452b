//! The flat families (polyiamonds, polyhexes): their [`Family`], written once, with the boards they know by name, their sets of every polyform of a size, and their SVG pictures, cells drawn as polygons.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::art::Drawn;
use super::board::{Board, BoardError};
use super::family::Family;
use super::lattice::{Lattice, Motions};
use super::packing::Packing;
use super::pieces::{PieceError, PieceSet};
use super::shape::polyforms;
use crate::svg::{self, Num};

/// A family of flat polyforms: what its [`Family`] needs beyond its
/// lattice, its art ([`Drawn`]) and its polygons ([`Polygons`]). Every
/// flat family is a [`Family`] through this trait, its pieces turned over
/// by default ([`Motions::All`]), its boards named
/// `parallelogram:WxH`, `rhombus:N`, `hexagon:N` and `triangle:N` (sides
/// from 1 to 256), its built-in sets those of every polyform of a size.
pub(crate) trait Flat: Polygons + Drawn {
    /// The family's name, [`Family::FAMILY`].
    const POLYFORM: &'static str;

    /// The length of the lattice's edge in the pictures, in pixels.
    const UNIT: f64;

    /// The sets of every polyform of a size, by name.
    const SETS: Sets;

    /// The regular hexagon of side `n`.
    fn hexagon(n: i32) -> Vec<Self::Cell>;

    /// A built-in set by another name than its size's (the diamond).
    fn other_set(_name: &str) -> Option<PieceSet<Self>> {
        None
    }
}

/// The names of a flat family's sets of every polyform of a size.
pub(crate) struct Sets {
    /// The names of the sizes, singular, one word each, from size `first`
    /// on (`triamond tetriamond ...`); a name is read in the plural too.
    pub(crate) sizes: &'static str,
    /// The size of the first name.
    pub(crate) first: usize,
    /// The name of every polyform of size `N`, as `polyhexes:N`.
    pub(crate) all: &'static str,
    /// The largest `N` of `all`.
    pub(crate) largest: usize,
    /// The sets the family knows, for messages.
    pub(crate) known: &'static str,
}

impl<F: Flat> Family for F {
    const FAMILY: &'static str = F::POLYFORM;

    const MOTIONS: Motions = Motions::All;

    const BOARD_FORMS: &'static str =
        "parallelogram:WxH, rhombus:N, hexagon:N, triangle:N, or ASCII art";

    fn named_board(spec: &str) -> Result<Board<F>, BoardError> {
        let bad = || BoardError::BadSpec {
            text: spec.to_owned(),
            expected: F::BOARD_FORMS.to_owned(),
        };
        let (kind, size) = spec.split_once(':').ok_or_else(bad)?;
        let number = |s: &str| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|&n| (1..=256).contains(&n))
        };
        let cells = match kind.trim().to_ascii_lowercase().as_str() {
            "parallelogram" => {
                let (w, h) = size.split_once(['x', 'X', '*']).ok_or_else(bad)?;
                parallelogram::<F>(number(w).ok_or_else(bad)?, number(h).ok_or_else(bad)?)
            }
            "rhombus" => {
                let n = number(size).ok_or_else(bad)?;
                parallelogram::<F>(n, n)
            }
            "hexagon" => F::hexagon(number(size).ok_or_else(bad)?),
            "triangle" => {
                let n = number(size).ok_or_else(bad)?;
                parallelogram::<F>(n, n)
                    .into_iter()
                    .filter(|&c| {
                        let [x, y, _] = F::offset(c);
                        x + y + i32::from(F::kind(c)) < n
                    })
                    .collect()
            }
            _ => return Err(bad()),
        };
        Board::new(cells)
    }

    /// The set of every polyform of a size, by the size's name (singular
    /// or plural) or as `polyhexes:N`, or a set named otherwise (the diamond).
    fn piece_set(name: &str) -> Result<PieceSet<F>, PieceError> {
        let sets = &F::SETS;
        let name = name.trim();
        let unknown = || PieceError::UnknownSet {
            name: name.to_owned(),
            known: sets.known.to_owned(),
        };
        let grown = |n| PieceSet::numbered(polyforms::<F>(n, Motions::All));
        if let Some(n) = name
            .strip_prefix(sets.all)
            .and_then(|n| n.strip_prefix(':'))
        {
            return match n.trim().parse::<usize>() {
                Ok(n) if (1..=sets.largest).contains(&n) => Ok(grown(n)),
                _ => Err(unknown()),
            };
        }
        if let Some(set) = F::other_set(name) {
            return Ok(set);
        }
        let singular = [name.strip_suffix("es"), name.strip_suffix('s'), Some(name)];
        sets.sizes
            .split_whitespace()
            .position(|size| singular.contains(&Some(size)))
            .map(|k| grown(sets.first + k))
            .ok_or_else(unknown)
    }

    fn svg(packing: &Packing<F>) -> String {
        picture(packing, F::UNIT)
    }
}

/// How a flat family draws a cell: its corners in the plane (x to the
/// right, y up, in units of the lattice's edge), and for the edge from
/// corner `k` to corner `k + 1`, the cell across it.
pub(crate) trait Polygons: Lattice {
    /// The corners, counterclockwise.
    fn corners(cell: Self::Cell) -> Vec<(f64, f64)>;
    /// The cell across the edge from corner `k` to corner `k + 1`.
    fn across(cell: Self::Cell, k: usize) -> Self::Cell;
}

/// The parallelogram of `w` cells along a row and `h` rows of a flat
/// lattice (for triangles, `w` rhombi of an up and a down triangle), each
/// row half a cell to the right of the one below, in the order of `L::Cell`.
pub(crate) fn parallelogram<L: Lattice>(w: i32, h: i32) -> Vec<L::Cell> {
    (0..w)
        .flat_map(|x| {
            (0..h).flat_map(move |y| (0..L::KINDS).map(move |k| L::cell_at([x, y, 0], k)))
        })
        .collect()
}

/// The picture: each cell filled with its piece's color and outlined
/// thinly, each placed piece outlined thickly (every edge between two
/// placed pieces, or a piece and the outside) and labelled with its symbol
/// at the cell nearest its centre; a packing drawn by orientation (see
/// [`Packing`]) fills each piece whole with its orientation's color, unlabelled.
fn picture<L: Polygons>(packing: &Packing<L>, unit: f64) -> String {
    const MARGIN: f64 = 10.0;
    let mut owners: HashMap<L::Cell, usize> = HashMap::new();
    for (i, placed) in packing.placed().iter().enumerate() {
        for &c in &placed.cells {
            owners.insert(c, i);
        }
    }
    let corners: Vec<(f64, f64)> = owners.keys().flat_map(|&c| L::corners(c)).collect();
    let min_x = corners.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = corners
        .iter()
        .map(|p| p.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let min_y = corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = corners
        .iter()
        .map(|p| p.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let (min_x, max_x, min_y, max_y) = if corners.is_empty() {
        (0.0, 0.0, 0.0, 0.0)
    } else {
        (min_x, max_x, min_y, max_y)
    };
    let (w, h) = (
        (max_x - min_x) * unit + 2.0 * MARGIN,
        (max_y - min_y) * unit + 2.0 * MARGIN,
    );
    // The screen's y grows downward.
    let at = |(x, y): (f64, f64)| ((x - min_x) * unit + MARGIN, (max_y - y) * unit + MARGIN);
    let point = |p: (f64, f64)| {
        let (x, y) = at(p);
        format!("{},{}", Num(x), Num(y))
    };
    let mut out = svg::open_px(w, h);
    let mut cells: Vec<(&L::Cell, &usize)> = owners.iter().collect();
    cells.sort();
    if packing.labelled() {
        let _ = writeln!(out, "<g stroke=\"#555\" stroke-width=\"0.5\">");
        for (&c, &i) in &cells {
            let points: Vec<String> = L::corners(c).into_iter().map(point).collect();
            let _ = writeln!(
                out,
                "<polygon points=\"{}\" fill=\"{}\"/>",
                points.join(" "),
                svg::color(packing.color_of(&packing.placed()[i]))
            );
        }
        let _ = writeln!(out, "</g>");
    } else {
        // Drawn by orientation: each placed piece one path of its cells,
        // so that no seam shows between them.
        for placed in packing.placed() {
            let mut d = String::new();
            for &c in &placed.cells {
                let points: Vec<String> = L::corners(c).into_iter().map(point).collect();
                let _ = write!(d, "M{}z", points.join("L"));
            }
            let _ = writeln!(
                out,
                "<path d=\"{d}\" fill=\"{}\"/>",
                svg::color(packing.color_of(placed))
            );
        }
    }
    let mut path = String::new();
    for (&c, &i) in &cells {
        let corners = L::corners(c);
        for k in 0..corners.len() {
            let other = owners.get(&L::across(c, k)).copied();
            // Each edge between two pieces once (from the smaller index), and every outer edge.
            if other.is_some_and(|j| j <= i) {
                continue;
            }
            let (a, b) = (at(corners[k]), at(corners[(k + 1) % corners.len()]));
            let _ = write!(path, "M{} {}L{} {}", Num(a.0), Num(a.1), Num(b.0), Num(b.1));
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
    );
    let _ = writeln!(
        out,
        "<g font-family=\"sans-serif\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">",
        Num(unit * 0.45)
    );
    for placed in packing.placed().iter().filter(|_| packing.labelled()) {
        let centres: Vec<(f64, f64)> = placed.cells.iter().map(|&c| centre::<L>(c)).collect();
        let n = centres.len().max(1) as f64;
        let mean = (
            centres.iter().map(|p| p.0).sum::<f64>() / n,
            centres.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let nearest = centres.iter().min_by(|a, b| {
            let da = (a.0 - mean.0).powi(2) + (a.1 - mean.1).powi(2);
            let db = (b.0 - mean.0).powi(2) + (b.1 - mean.1).powi(2);
            da.total_cmp(&db)
        });
        if let Some(&p) = nearest {
            let (x, y) = at(p);
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                Num(x),
                Num(y),
                svg::escape(&packing.symbol_of(placed).to_string())
            );
        }
    }
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}

/// The centre of a cell: the mean of its corners.
fn centre<L: Polygons>(cell: L::Cell) -> (f64, f64) {
    let corners = L::corners(cell);
    let n = corners.len().max(1) as f64;
    (
        corners.iter().map(|p| p.0).sum::<f64>() / n,
        corners.iter().map(|p| p.1).sum::<f64>() / n,
    )
}
