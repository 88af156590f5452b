//! What the models' SVG pictures share: the opening of the picture, the piece colors, numbers and escaped text.
//!
//! Pictures are written by hand as text, without a dependency: each model
//! knows its own drawing, and this module only keeps the pieces that would
//! otherwise be written several times.

use std::fmt::{self, Write as _};

/// The color of what the puzzle gave (sudoku givens, pre-placed queens).
pub(crate) const GIVEN: &str = "black";

/// The color of what the search found (filled digits, found queens): a dark
/// blue that reads on white and on light gray, and prints as a distinct gray.
pub(crate) const FOUND: &str = "#2166ac";

/// The opening of a picture: the `<svg>` element with its size and view box
/// (`0 0 view_width view_height`), and a white background, so that a viewer
/// with a dark or checkered background shows the picture as it prints.
///
/// `width` and `height` are written as given, with their unit if any
/// (`"120mm"`, or `"300"` for pixels).
pub(crate) fn open(width: &str, height: &str, view_width: f64, view_height: f64) -> String {
    let (vw, vh) = (Num(view_width), Num(view_height));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {vw} {vh}\">"
    );
    let _ = writeln!(svg, "<rect width=\"{vw}\" height=\"{vh}\" fill=\"white\"/>");
    svg
}

/// The opening of a picture whose size is its view box, in pixels: most
/// pictures' ([`open`] with the same numbers twice).
pub(crate) fn open_px(width: f64, height: f64) -> String {
    open(
        &Num(width).to_string(),
        &Num(height).to_string(),
        width,
        height,
    )
}

/// A number as SVG wants it: at most two decimals, without trailing zeros
/// (`12`, `12.5`, `0.33`), so integral coordinates read as integers.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        // `-0.001` rounds to `-0.00`, which trims to `-0`.
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// The fill color of piece `i`: ColorBrewer's 12 "Set3" colors (light,
/// distinct, black text reads on all), then hues spread by the golden angle.
pub(crate) fn color(i: usize) -> String {
    const SET3: [&str; 12] = [
        "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
        "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
    ];
    match SET3.get(i) {
        Some(c) => (*c).to_owned(),
        None => {
            let hue = (i as f64 * 137.508) % 360.0;
            let light = if i % 2 == 0 { 72 } else { 62 };
            format!("hsl({hue:.0},70%,{light}%)")
        }
    }
}

/// The fill color of pieces told apart by a class and a side: ColorBrewer's
/// 12 "Paired" colors, one hue per class, light on the even side and dark on
/// the odd one (blues, reds, greens, oranges, purples, browns), then hues
/// spread by the golden angle at two lightnesses.
pub(crate) fn pair_color(class: usize, odd: bool) -> String {
    const PAIRED: [[&str; 2]; 6] = [
        ["#a6cee3", "#1f78b4"],
        ["#fb9a99", "#e31a1c"],
        ["#b2df8a", "#33a02c"],
        ["#fdbf6f", "#ff7f00"],
        ["#cab2d6", "#6a3d9a"],
        ["#ffff99", "#b15928"],
    ];
    match PAIRED.get(class) {
        Some(pair) => pair[usize::from(odd)].to_owned(),
        None => {
            let hue = (class as f64 * 137.508) % 360.0;
            let light = if odd { 40 } else { 75 };
            format!("hsl({hue:.0},70%,{light}%)")
        }
    }
}

/// Text made safe for the content of an XML element.
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '&' => escaped.push_str("&amp;"),
            _ => escaped.push(ch),
        }
    }
    escaped
}
