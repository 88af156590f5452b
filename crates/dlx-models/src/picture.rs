//! The picture of any exact cover problem: its options against its items, as Knuth draws the matrix, with a solution's options marked.
//!
//! Each item is a column (the primary items, then a rule, then the
//! secondary ones, as Knuth's `|` separates them in his text) headed by its
//! name written upwards, with its multiplicity when it is not "exactly
//! once". Each option is a row, headed by its number (from 0, as
//! `--emit-dlx` and [`dlx_core::OptionId`] count them), with a square in
//! each column it names: dark for a primary item, lighter for a secondary
//! one, and filled with the color's own hue, and labelled with its name,
//! for a secondary item the option colors. The options of the solution
//! given are drawn on a band of blue, their squares in the blue of the
//! models' found pieces. Costs, when the problem has any, are written at the
//! end of each row.
//!
//! A problem of more than [`MOST_ROWS`] options is not drawn whole: with a
//! solution, its options alone are drawn; without, the first ones; either
//! way a line under the picture says how many of how many options it shows.
//!
//! ```
//! use dlx_core::{parse_dlx, OptionId};
//! use dlx_models::picture::to_svg;
//!
//! let problem = parse_dlx("a b | c\na b\na c:red\nb\n")?;
//! let svg = to_svg(&problem, Some(&[OptionId::new(0)]));
//! assert!(svg.starts_with("<svg") && svg.contains(">red</text>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use dlx_core::{ItemId, ItemKind, Multiplicity, OptionId, Problem};

use crate::svg::{self, Num};

/// The most options a picture draws (see the module's documentation).
pub const MOST_ROWS: usize = 256;

/// The side of a square, in pixels.
const CELL: f64 = 16.0;
/// The width a character of a label takes, about.
const CHAR: f64 = 7.0;
/// The longest label drawn whole; longer ones end with `…`.
const LONGEST_LABEL: usize = 24;

/// The fill of a primary item's square, of a secondary item's, and of the
/// band behind an option of the solution.
const PRIMARY: &str = "#404040";
const SECONDARY: &str = "#a0a0a0";
const BAND: &str = "#d6e6f5";

/// The picture of `problem` as SVG text, with the options of `solution`
/// marked (see the module's documentation). Options of `solution` that the
/// problem does not have are left out.
pub fn to_svg(problem: &Problem, solution: Option<&[OptionId]>) -> String {
    let n_options = problem.n_options();
    let chosen: Vec<bool> = {
        let mut chosen = vec![false; n_options];
        for option in solution.unwrap_or(&[]) {
            if let Some(slot) = chosen.get_mut(option.index()) {
                *slot = true;
            }
        }
        chosen
    };
    let rows: Vec<OptionId> = if n_options <= MOST_ROWS {
        problem.option_ids().collect()
    } else if solution.is_some() {
        problem.option_ids().filter(|o| chosen[o.index()]).collect()
    } else {
        problem.option_ids().take(MOST_ROWS).collect()
    };

    // The columns: the primary items, then the secondary ones.
    let mut columns: Vec<ItemId> = problem
        .item_ids()
        .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
        .collect();
    let n_primary = columns.len();
    columns.extend(
        problem
            .item_ids()
            .filter(|&i| problem.item_kind(i) == ItemKind::Secondary),
    );
    let mut column_of = vec![0usize; problem.n_items()];
    for (c, item) in columns.iter().enumerate() {
        column_of[item.index()] = c;
    }
    let headers: Vec<String> = columns.iter().map(|&item| header(problem, item)).collect();

    let label_width = CHAR * (n_options.max(1).to_string().len() as f64) + 10.0;
    let header_height =
        CHAR * headers.iter().map(|h| h.chars().count()).max().unwrap_or(1) as f64 + 10.0;
    // A gap of half a square between the primary and the secondary items.
    let gap = if n_primary < columns.len() {
        CELL / 2.0
    } else {
        0.0
    };
    let x_of = |c: usize| label_width + c as f64 * CELL + if c >= n_primary { gap } else { 0.0 };
    let grid_right = x_of(columns.len().max(1) - 1) + CELL;
    let cost_width = if problem.has_costs() {
        CHAR * rows
            .iter()
            .map(|&o| problem.cost(o).to_string().len())
            .max()
            .unwrap_or(1) as f64
            + 12.0
    } else {
        0.0
    };
    let y_of = |r: usize| header_height + r as f64 * CELL;
    let grid_bottom = y_of(rows.len());
    let note = (rows.len() < n_options).then(|| {
        if solution.is_some() {
            format!(
                "{} of {n_options} options drawn: the solution's",
                rows.len()
            )
        } else {
            format!("{} of {n_options} options drawn: the first", rows.len())
        }
    });
    let width = (grid_right + cost_width + 4.0)
        .max(note.as_ref().map_or(0.0, |n| CHAR * n.len() as f64 + 8.0));
    let height = grid_bottom + if note.is_some() { 24.0 } else { 4.0 };

    let mut out = svg::open_px(width, height);
    let _ = writeln!(
        out,
        "<title>exact cover problem: {} primary and {} secondary items, {n_options} options</title>",
        n_primary,
        columns.len() - n_primary
    );
    let _ = writeln!(
        out,
        "<g font-family=\"monospace\" font-size=\"11\" fill=\"black\">"
    );
    // The item names, upwards above their columns.
    for (c, text) in headers.iter().enumerate() {
        let x = Num(x_of(c) + CELL / 2.0 + 4.0);
        let y = Num(header_height - 4.0);
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{y}\" transform=\"rotate(-90 {x} {y})\">{}</text>",
            svg::escape(text)
        );
    }
    // The bands of the solution, under everything else of their rows.
    for (r, &option) in rows.iter().enumerate() {
        if chosen[option.index()] {
            let _ = writeln!(
                out,
                "<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{BAND}\"/>",
                Num(y_of(r)),
                Num(grid_right + cost_width),
                Num(CELL)
            );
        }
    }
    // The grid: a thin line between rows and columns.
    let _ = writeln!(out, "<g stroke=\"#d0d0d0\" stroke-width=\"0.5\">");
    for r in 0..=rows.len() {
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            Num(label_width),
            Num(grid_right),
            y = Num(y_of(r))
        );
    }
    for c in 0..=columns.len() {
        // The line right of the last primary column and left of the first
        // secondary one stand apart by the gap.
        let x = if c == columns.len() {
            grid_right
        } else {
            x_of(c)
        };
        let _ = writeln!(
            out,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>",
            Num(header_height),
            Num(grid_bottom),
            x = Num(x)
        );
        if c == n_primary && gap > 0.0 {
            let _ = writeln!(
                out,
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>",
                Num(header_height),
                Num(grid_bottom),
                x = Num(x_of(c) - gap)
            );
        }
    }
    let _ = writeln!(out, "</g>");
    // The rows: the option's number, its squares, its cost.
    for (r, &option) in rows.iter().enumerate() {
        let y = y_of(r);
        let found = chosen[option.index()];
        let weight = if found { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\"{weight}>{}</text>",
            Num(label_width - 5.0),
            Num(y + CELL - 4.0),
            option.index()
        );
        for entry in problem.option(option) {
            let c = column_of[entry.item.index()];
            let x = x_of(c);
            let primary = c < n_primary;
            let fill = match entry.color {
                Some(color) => svg::color(color.value() as usize),
                None if found => svg::FOUND.to_owned(),
                None if primary => PRIMARY.to_owned(),
                None => SECONDARY.to_owned(),
            };
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
                Num(x + 1.5),
                Num(y + 1.5),
                Num(CELL - 3.0),
                Num(CELL - 3.0)
            );
            if let Some(color) = entry.color {
                let name = problem
                    .color_name(color)
                    .map_or_else(|| format!("#{}", color.value()), str::to_owned);
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"7\" text-anchor=\"middle\">{}</text>",
                    Num(x + CELL / 2.0),
                    Num(y + CELL - 5.0),
                    svg::escape(&shortened(&name, 3))
                );
            }
        }
        if problem.has_costs() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                Num(grid_right + 6.0),
                Num(y + CELL - 4.0),
                problem.cost(option)
            );
        }
    }
    if let Some(note) = note {
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{}\">{}</text>",
            Num(grid_bottom + 16.0),
            svg::escape(&note)
        );
    }
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}

/// An item's column header: its name (shortened), and its multiplicity
/// when it is not "exactly once" (`[2..3]`, `[1..]`).
fn header(problem: &Problem, item: ItemId) -> String {
    let name = shortened(&problem.item_label(item), LONGEST_LABEL);
    let multiplicity = problem.multiplicity(item);
    if problem.item_kind(item) == ItemKind::Secondary || multiplicity == Multiplicity::EXACT {
        return name;
    }
    match multiplicity.max {
        Some(max) => format!("{name} [{}..{max}]", multiplicity.min),
        None => format!("{name} [{}..]", multiplicity.min),
    }
}

/// `text` cut to `most` characters, the last of them `…` when cut.
fn shortened(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(most.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
