//! The SVG picture of a packing in the plane, cells drawn as polygons: what the triangle and the hexagon pictures share.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::lattice::Lattice;
use super::packing::Packing;
use crate::svg::{self, Num};

/// How a flat family draws a cell: its corners in the plane (x to the
/// right, y up, in units of the lattice's edge), and for the edge from
/// corner `k` to corner `k + 1`, the cell across it.
pub(crate) trait Polygons: Lattice {
    /// The corners, counterclockwise.
    fn corners(cell: Self::Cell) -> Vec<(f64, f64)>;
    /// The cell across the edge from corner `k` to corner `k + 1`.
    fn across(cell: Self::Cell, k: usize) -> Self::Cell;
}

/// The picture: each cell filled with its piece's color and outlined
/// thinly, each placed piece outlined thickly (every edge between two
/// placed pieces, or a piece and the outside) and labelled with its symbol
/// at the cell nearest its centre; a packing drawn by orientation (see
/// [`Packing`]) fills each piece whole with its orientation's color, unlabelled.
pub(crate) fn picture<L: Polygons>(packing: &Packing<L>, unit: f64) -> String {
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
    let mut out = svg::open(&Num(w).to_string(), &Num(h).to_string(), w, h);
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
