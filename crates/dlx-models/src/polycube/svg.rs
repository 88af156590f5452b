//! Pictures of packed boxes: an isometric view of the packing, and its layers side by side, each square labelled with its piece.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::lattice::{Cell, Cubic};
use crate::polyform::Packing;
use crate::svg::{self, Num};

/// The side of a cube's edge in the picture, and the margin.
const UNIT: f64 = 24.0;
const MARGIN: f64 = 12.0;

/// A face of a cube: its corners, the cell beyond it, and how dark its shade is.
type Face = ([(i32, i32, i32); 4], Cell, f64);

/// For each covered cell, the index of its placed piece and of its color.
fn owners(packing: &Packing<Cubic>) -> HashMap<Cell, (usize, usize)> {
    let mut owners = HashMap::new();
    for (i, placed) in packing.placed().iter().enumerate() {
        for &c in &placed.cells {
            owners.insert(c, (i, packing.color_of(placed)));
        }
    }
    owners
}

/// The isometric view from above, with x running down to the right, y down
/// to the left and z up: each cube's faces that no cube hides (its top,
/// its +x and +y sides) filled with its piece's color, the sides shaded,
/// drawn from the back to the front (by `x + y + z`, so that nearer cubes
/// cover farther ones).
pub(crate) fn isometric(packing: &Packing<Cubic>) -> String {
    let owners = owners(packing);
    let (cos, sin) = (UNIT * 0.866_025_4, UNIT * 0.5);
    let project = |x: i32, y: i32, z: i32| {
        (
            f64::from(x - y) * cos,
            f64::from(x + y) * sin - f64::from(z) * UNIT,
        )
    };
    let mut cubes: Vec<Cell> = owners.keys().copied().collect();
    cubes.sort_by_key(|c| (c.x + c.y + c.z, c.z, c.x, c.y));
    // The picture's extent, from every corner of every cube.
    let corners: Vec<(f64, f64)> = cubes
        .iter()
        .flat_map(|c| {
            (0..8).map(move |k| project(c.x + (k & 1), c.y + (k >> 1 & 1), c.z + (k >> 2 & 1)))
        })
        .collect();
    let min_x = corners.iter().map(|p| p.0).fold(0.0, f64::min);
    let max_x = corners.iter().map(|p| p.0).fold(0.0, f64::max);
    let min_y = corners.iter().map(|p| p.1).fold(0.0, f64::min);
    let max_y = corners.iter().map(|p| p.1).fold(0.0, f64::max);
    let (w, h) = (max_x - min_x + 2.0 * MARGIN, max_y - min_y + 2.0 * MARGIN);
    let mut out = svg::open_px(w, h);
    let _ = writeln!(
        out,
        "<g stroke=\"#333\" stroke-width=\"0.8\" stroke-linejoin=\"round\">"
    );
    let point = |(x, y, z): (i32, i32, i32)| {
        let (px, py) = project(x, y, z);
        format!("{},{}", Num(px - min_x + MARGIN), Num(py - min_y + MARGIN))
    };
    for c in &cubes {
        let color = owners[c].1;
        let (x, y, z) = (c.x, c.y, c.z);
        // Each visible face: its corners, its neighbour and its shade.
        let faces: [Face; 3] = [
            (
                [
                    (x, y, z + 1),
                    (x + 1, y, z + 1),
                    (x + 1, y + 1, z + 1),
                    (x, y + 1, z + 1),
                ],
                Cell { z: z + 1, ..*c },
                0.0,
            ),
            (
                [
                    (x + 1, y, z),
                    (x + 1, y + 1, z),
                    (x + 1, y + 1, z + 1),
                    (x + 1, y, z + 1),
                ],
                Cell { x: x + 1, ..*c },
                0.15,
            ),
            (
                [
                    (x, y + 1, z),
                    (x + 1, y + 1, z),
                    (x + 1, y + 1, z + 1),
                    (x, y + 1, z + 1),
                ],
                Cell { y: y + 1, ..*c },
                0.3,
            ),
        ];
        for (corners, neighbour, shade) in faces {
            if owners.contains_key(&neighbour) {
                continue;
            }
            let points: Vec<String> = corners.iter().map(|&p| point(p)).collect();
            let points = points.join(" ");
            let _ = writeln!(
                out,
                "<polygon points=\"{points}\" fill=\"{}\"/>",
                svg::color(color)
            );
            if shade > 0.0 {
                let _ = writeln!(
                    out,
                    "<polygon points=\"{points}\" fill=\"black\" fill-opacity=\"{}\"/>",
                    Num(shade)
                );
            }
        }
    }
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}

/// The layers side by side (`z` from left to right), each a grid of squares
/// (x to the right, y down) under its label `z=k`: each square filled with
/// its piece's color and labelled with its symbol, each piece's outline
/// within the layer drawn thickly.
pub(crate) fn layers(packing: &Packing<Cubic>) -> String {
    let owners = owners(packing);
    if owners.is_empty() {
        let mut out = svg::open_px(1.0, 1.0);
        out.push_str("</svg>\n");
        return out;
    }
    let range = |f: fn(&Cell) -> i32| {
        let lo = owners.keys().map(f).min().unwrap_or(0);
        let hi = owners.keys().map(f).max().unwrap_or(0);
        (lo, hi)
    };
    let ((x0, x1), (y0, y1), (z0, z1)) = (range(|c| c.x), range(|c| c.y), range(|c| c.z));
    let cell = 30.0;
    let label = 20.0;
    let (cols, rows) = (f64::from(x1 - x0 + 1), f64::from(y1 - y0 + 1));
    let layer_w = cols * cell;
    let gap = cell;
    let n_layers = f64::from(z1 - z0 + 1);
    let w = 2.0 * MARGIN + n_layers * layer_w + (n_layers - 1.0) * gap;
    let h = 2.0 * MARGIN + label + rows * cell;
    let mut out = svg::open_px(w, h);
    let left = |z: i32| MARGIN + f64::from(z - z0) * (layer_w + gap);
    let top = MARGIN + label;
    let _ = writeln!(
        out,
        "<g font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\">"
    );
    for z in z0..=z1 {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">z={z}</text>",
            Num(left(z) + layer_w / 2.0),
            Num(MARGIN + 14.0)
        );
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, "<g stroke=\"#555\" stroke-width=\"0.5\">");
    let mut cells: Vec<(&Cell, &(usize, usize))> = owners.iter().collect();
    cells.sort();
    for (c, &(_, color)) in &cells {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"/>",
            Num(left(c.z) + f64::from(c.x - x0) * cell),
            Num(top + f64::from(c.y - y0) * cell),
            svg::color(color)
        );
    }
    let _ = writeln!(out, "</g>");
    // Outlines: each square edge whose sides belong to different placed pieces.
    let owner = |x: i32, y: i32, z: i32| owners.get(&Cell { x, y, z }).map(|o| o.0);
    let mut path = String::new();
    for z in z0..=z1 {
        for y in y0..=y1 + 1 {
            for x in x0..=x1 + 1 {
                let here = owner(x, y, z);
                let (px, py) = (
                    left(z) + f64::from(x - x0) * cell,
                    top + f64::from(y - y0) * cell,
                );
                if x <= x1 && here != owner(x, y - 1, z) {
                    let _ = write!(path, "M{} {}h{cell}", Num(px), Num(py));
                }
                if y <= y1 && here != owner(x - 1, y, z) {
                    let _ = write!(path, "M{} {}v{cell}", Num(px), Num(py));
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"2.5\" stroke-linecap=\"square\"/>"
    );
    let _ = writeln!(
        out,
        "<g font-family=\"sans-serif\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">"
    );
    for (c, &(i, _)) in &cells {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            Num(left(c.z) + f64::from(c.x - x0) * cell + cell / 2.0),
            Num(top + f64::from(c.y - y0) * cell + cell / 2.0),
            svg::escape(&packing.symbol_of(&packing.placed()[i]).to_string())
        );
    }
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}
