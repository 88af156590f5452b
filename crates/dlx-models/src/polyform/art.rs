//! ASCII art: boards and pieces read from drawings, and cells drawn back, for every family through its [`Drawn::art_cell`] and [`Drawn::art_place`].
//!
//! The grammar is polyomino's (`#`, a letter or a digit is a cell, `.` or
//! a space a hole, `|` starts a comment line, `NAME:` or `NAME*K:` heads a
//! piece), with one difference for the layered family (cubes): a blank
//! line separates two layers, so its pieces are told apart by their headers.

use std::collections::BTreeMap;

use super::board::{Board, BoardError};
use super::grid::Grid;
use super::lattice::Lattice;
use super::pieces::{piece_header, Piece, PieceError, PieceSet};
use super::shape::lowest;

/// How the layers of a layered drawing are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// One after another with a blank line between: the form that is read.
    Stacked,
    /// Side by side, each under its label: the form that is shown.
    SideBySide,
}

/// A line of the text: its number from 1 and its text without the line end.
type Line<'a> = (usize, &'a str);

/// How a lattice's cells are drawn in ASCII art, the part of a
/// [`Family`](super::Family) that reading and drawing art needs.
pub trait Drawn: Lattice {
    /// Whether its art comes in layers, one after another with a blank line
    /// between (the cubes'); otherwise a blank line is a row of holes in a
    /// board and ends a piece in a piece file.
    const LAYERED: bool;

    /// The cell drawn at character `column` of `line` of `layer` (all from
    /// 0, lines from the top of their layer), or `None` where the art has
    /// no cell (the gap between two hexagons).
    fn art_cell(layer: usize, line: i32, column: i32) -> Option<Self::Cell>;

    /// Where a cell is drawn: `[layer, line, column]`, inverse to
    /// [`Drawn::art_cell`] (layers and lines may come out negative; the
    /// drawing translates them).
    fn art_place(cell: Self::Cell) -> [i32; 3];

    /// The label of a layer in drawings (`z=0`); unused in the plane.
    fn layer_label(_layer: i32) -> String {
        String::new()
    }
}

/// Reads a board drawn in ASCII art, translated to the origin.
pub(crate) fn read_board<F: Drawn>(text: &str) -> Result<Board<F>, BoardError> {
    let mut cells = Vec::new();
    let (mut layer, mut line, mut layer_open) = (0usize, 0i32, false);
    let mut anchor = None;
    for (number, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with('|') {
            continue;
        }
        let row = raw.trim_end();
        if row.is_empty() && F::LAYERED {
            if layer_open {
                (layer, line, layer_open) = (layer + 1, 0, false);
            }
            continue;
        }
        for (column, ch) in row.chars().enumerate() {
            if cell_char(ch, number + 1, column + 1)? {
                let shift = *anchor.get_or_insert_with(|| shift::<F>(layer, line, column));
                let cell =
                    F::art_cell(layer, line, column as i32 + shift).ok_or(BoardError::OffGrid {
                        line: number + 1,
                        column: column + 1,
                        lattice: F::NAME,
                    })?;
                cells.push(cell);
            }
        }
        line += 1;
        layer_open = true;
    }
    let low = lowest::<F>(&cells).map(|m| -m);
    Board::new(cells.into_iter().map(|c| F::translate(c, low)))
}

/// The columns to add to the positions of a drawing whose first cell is
/// drawn at `line` and `column`: 0, or 1 when the family has no cell there
/// (a hexagon drawn on the other checkerboard color), so that any
/// consistent drawing is read.
fn shift<F: Drawn>(layer: usize, line: i32, column: usize) -> i32 {
    i32::from(F::art_cell(layer, line, column as i32).is_none())
}

/// One piece's drawing: its header, if any, and its layers of lines.
struct Section<'a> {
    header: Option<(usize, &'a str)>,
    layers: Vec<Vec<Line<'a>>>,
}

/// Reads a piece file (see the module docs).
pub(crate) fn read_pieces<F: Drawn>(text: &str) -> Result<PieceSet<F>, PieceError> {
    let mut pieces = Vec::new();
    for section in sections::<F>(text) {
        read_section::<F>(&section, &mut pieces)?;
    }
    if pieces.is_empty() {
        return Err(PieceError::NoPieces);
    }
    PieceSet::new(pieces)
}

/// The sections of a piece file: for a flat family, blocks between blank
/// lines; for a layered one, the text from one header to the next, its
/// layers between blank lines.
fn sections<F: Drawn>(text: &str) -> Vec<Section<'_>> {
    let mut out: Vec<Section<'_>> = Vec::new();
    let mut current = Section {
        header: None,
        layers: vec![Vec::new()],
    };
    fn finish<'a>(section: &mut Section<'a>, out: &mut Vec<Section<'a>>) {
        let done = std::mem::replace(
            section,
            Section {
                header: None,
                layers: vec![Vec::new()],
            },
        );
        let layers: Vec<Vec<Line<'a>>> =
            done.layers.into_iter().filter(|l| !l.is_empty()).collect();
        if done.header.is_some() || !layers.is_empty() {
            out.push(Section {
                header: done.header,
                layers,
            });
        }
    }
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('|') {
            continue;
        }
        let number = i + 1;
        if line.trim().is_empty() {
            if F::LAYERED {
                if current.layers.last().is_some_and(|l| !l.is_empty()) {
                    current.layers.push(Vec::new());
                }
            } else {
                finish(&mut current, &mut out);
            }
            continue;
        }
        if line.trim_end().ends_with(':') {
            let starts_block = current.layers.iter().all(Vec::is_empty);
            if F::LAYERED || !starts_block || current.header.is_some() {
                finish(&mut current, &mut out);
            }
            current.header = Some((number, line));
            continue;
        }
        if let Some(layer) = current.layers.last_mut() {
            layer.push((number, line));
        }
    }
    finish(&mut current, &mut out);
    out
}

fn read_section<F: Drawn>(
    section: &Section<'_>,
    pieces: &mut Vec<Piece<F>>,
) -> Result<(), PieceError> {
    let header = match section.header {
        None => None,
        Some((line, text)) => {
            let (name, count) = piece_header(line, text)?;
            Some((line, name, count))
        }
    };
    let mut drawing = Drawing::new(header);
    let mut anchor = None;
    for (layer, lines) in section.layers.iter().enumerate() {
        let first = lines.first().map_or(0, |l| l.0);
        for &(number, text) in lines {
            for (column, ch) in text.trim_end().chars().enumerate() {
                drawing.add(ch, number, column + 1, || {
                    let line = (number - first) as i32;
                    let shift = *anchor.get_or_insert_with(|| shift::<F>(layer, line, column));
                    F::art_cell(layer, line, column as i32 + shift).ok_or(PieceError::OffGrid {
                        line: number,
                        column: column + 1,
                        lattice: F::NAME,
                    })
                })?;
            }
        }
    }
    drawing.add_pieces(pieces)
}

/// Whether `ch`, at `line` and `column` (both from 1) of a board's art,
/// is a cell (`#`, a letter or a digit) rather than a hole (`.` or a
/// space); any other character is an error.
pub(crate) fn cell_char(ch: char, line: usize, column: usize) -> Result<bool, BoardError> {
    match ch {
        '.' | ' ' => Ok(false),
        _ if ch == '#' || ch.is_ascii_alphanumeric() => Ok(true),
        _ => Err(BoardError::BadChar {
            line,
            column,
            found: ch,
        }),
    }
}

/// A block of a piece file as it is read: the cells drawn, by the character
/// that draws them, in order of first appearance (all one piece under a
/// header), and the pieces they make.
pub(crate) struct Drawing<'a, C> {
    /// The header's line, name and count.
    header: Option<(usize, &'a str, usize)>,
    groups: Vec<(char, Vec<C>)>,
}

impl<'a, C> Drawing<'a, C> {
    /// A drawing under this header (line, name, count), or none.
    pub(crate) fn new(header: Option<(usize, &'a str, usize)>) -> Drawing<'a, C> {
        Drawing {
            header,
            groups: Vec::new(),
        }
    }

    /// Reads the character `ch` at `line` and `column` (both from 1):
    /// nothing for a hole (`.` or a space), the cell `cell` gives for `#`,
    /// a letter or a digit, an error for any other character.
    pub(crate) fn add(
        &mut self,
        ch: char,
        line: usize,
        column: usize,
        cell: impl FnOnce() -> Result<C, PieceError>,
    ) -> Result<(), PieceError> {
        if ch == '.' || ch == ' ' {
            return Ok(());
        }
        if ch != '#' && !ch.is_ascii_alphanumeric() {
            return Err(PieceError::BadChar {
                line,
                column,
                found: ch,
            });
        }
        let cell = cell()?;
        let key = if self.header.is_some() { '#' } else { ch };
        match self.groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(cell),
            None => self.groups.push((key, vec![cell])),
        }
        Ok(())
    }

    /// Appends the pieces drawn to `pieces`: under a header, all the cells
    /// one piece with its name and count; without one, each character's
    /// cells one piece named by it, `#` cells by the piece's number in the
    /// file (`1`, `2`, ...).
    pub(crate) fn add_pieces<G: Grid<Cell = C>>(
        self,
        pieces: &mut Vec<Piece<G>>,
    ) -> Result<(), PieceError> {
        let mut groups = self.groups;
        if let Some((line, name, count)) = self.header {
            let Some((_, cells)) = groups.pop() else {
                return Err(PieceError::EmptyPiece {
                    line,
                    name: name.to_owned(),
                });
            };
            let mut piece = Piece::new(name, G::shape_of(&cells));
            piece.count = count;
            pieces.push(piece);
            return Ok(());
        }
        for (ch, cells) in groups {
            let name = if ch == '#' {
                (pieces.len() + 1).to_string()
            } else {
                ch.to_string()
            };
            pieces.push(Piece::new(&name, G::shape_of(&cells)));
        }
        Ok(())
    }
}

/// Draws cells, each with its character, in the family's art: `.` where
/// the drawing has a cell of the lattice that is not given, a space where
/// it has none; lines without trailing spaces, no final line break.
pub(crate) fn draw<F: Drawn>(
    cells: impl Iterator<Item = (F::Cell, char)>,
    layout: Layout,
) -> String {
    let placed: Vec<(F::Cell, [i32; 3], char)> =
        cells.map(|(c, ch)| (c, F::art_place(c), ch)).collect();
    let Some(&(first_cell, first_place, _)) = placed.first() else {
        return String::new();
    };
    let min = |k: usize| placed.iter().map(|p| p.1[k]).min().unwrap_or(0);
    let max = |k: usize| placed.iter().map(|p| p.1[k]).max().unwrap_or(0);
    let (line0, mut column0) = (min(1), min(2));
    // Translate by a shift that keeps each drawn cell the same kind of cell
    // (a triangle up), so that the drawing reads back; a hexagon drawn on
    // the other checkerboard color is read back by its anchor.
    let mut anchor = 0;
    match F::art_cell(0, first_place[1] - line0, first_place[2] - column0) {
        Some(c) if F::kind(c) == F::kind(first_cell) => {}
        Some(_) => column0 -= 1,
        None => anchor = 1,
    }
    let (lines, columns) = (
        (max(1) - line0 + 1) as usize,
        (max(2) - column0 + 1) as usize,
    );
    let mut layers: BTreeMap<i32, Vec<Vec<char>>> = BTreeMap::new();
    for &(_, place, _) in &placed {
        layers.entry(place[0]).or_insert_with(|| {
            (0..lines)
                .map(|l| {
                    (0..columns)
                        .map(|c| match F::art_cell(0, l as i32, c as i32 + anchor) {
                            Some(_) => '.',
                            None => ' ',
                        })
                        .collect()
                })
                .collect()
        });
    }
    for &(_, [layer, line, column], ch) in &placed {
        if let Some(grid) = layers.get_mut(&layer) {
            grid[(line - line0) as usize][(column - column0) as usize] = ch;
        }
    }
    // Holes at the end of a line say nothing; a line of holes inside a
    // layer keeps one, so that it is not read as the end of the layer. In
    // the plane, holes before a line's first cell are drawn as spaces, so
    // that a slanted board (a parallelogram) shows its shape.
    let rows = |grid: &Vec<Vec<char>>| -> Vec<String> {
        grid.iter()
            .map(|row| {
                let line: String = row.iter().collect();
                let kept = line.trim_end_matches(['.', ' ']);
                if F::LAYERED {
                    return if kept.is_empty() {
                        ".".to_owned()
                    } else {
                        kept.to_owned()
                    };
                }
                let body = kept.trim_start_matches(['.', ' ']);
                format!("{}{body}", " ".repeat(kept.len() - body.len()))
            })
            .collect()
    };
    if !F::LAYERED {
        return layers
            .values()
            .flat_map(rows)
            .collect::<Vec<_>>()
            .join("\n");
    }
    // Layers in order, including the empty ones between.
    let (low, high) = (min(0), max(0));
    let empty = vec![vec!['.'; columns]; lines];
    let grids: Vec<(i32, &Vec<Vec<char>>)> = (low..=high)
        .map(|z| (z, layers.get(&z).unwrap_or(&empty)))
        .collect();
    match layout {
        Layout::Stacked => grids
            .iter()
            .map(|(_, g)| rows(g).join("\n"))
            .collect::<Vec<_>>()
            .join("\n\n"),
        Layout::SideBySide => {
            let labels: Vec<String> = grids.iter().map(|(z, _)| F::layer_label(*z)).collect();
            let width = labels
                .iter()
                .map(String::len)
                .max()
                .unwrap_or(0)
                .max(columns);
            let mut out = vec![join_padded(labels.iter().map(String::as_str), width)];
            for l in 0..lines {
                let cells: Vec<String> = grids.iter().map(|(_, g)| g[l].iter().collect()).collect();
                out.push(join_padded(cells.iter().map(String::as_str), width));
            }
            out.join("\n")
        }
    }
}

/// The parts, each padded to `width`, two spaces apart, without trailing spaces.
fn join_padded<'a>(parts: impl Iterator<Item = &'a str>, width: usize) -> String {
    let line: Vec<String> = parts.map(|p| format!("{p:width$}")).collect();
    line.join("  ").trim_end().to_owned()
}
