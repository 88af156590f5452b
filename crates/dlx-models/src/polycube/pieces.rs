//! The built-in polycube sets: Soma, the tetracubes, the pentacubes (all 29, or the 12 planar ones), and every polycube of a size.

use super::lattice::{Cell, Cubic};
use crate::polyform::{polyforms, Motions, Piece, PieceError, PieceSet, Shape};
use crate::polyomino;

/// The sets [`builtin`] knows, for messages.
const KNOWN: &str = "soma tetracubes pentacubes planar-pentacubes polycubes:N";

/// A cube's `(x, y, z)` in the tables.
type Point = (i32, i32, i32);

/// The Soma pieces under their usual names (Piet Hein's V, L, T, Z, A, B,
/// P): three planar pieces besides V, the screws A and B (mirror images of
/// each other; A turns as the axes x, y, z do), and the branch P.
const SOMA: [(&str, &[Point]); 7] = [
    ("V", &[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
    ("L", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]),
    ("T", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)]),
    ("Z", &[(1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0)]),
    ("A", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)]),
    ("B", &[(1, 0, 0), (0, 0, 0), (0, 1, 0), (0, 1, 1)]),
    ("P", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]),
];

/// A built-in set by its name (lowercase): `soma`, `tetracubes`,
/// `pentacubes`, `planar-pentacubes`, `polycubes:N`.
pub(crate) fn builtin(name: &str) -> Result<PieceSet<Cubic>, PieceError> {
    let name = name.trim();
    if let Some(n) = name.strip_prefix("polycubes:") {
        return match n.trim().parse::<usize>() {
            Ok(n @ 1..=8) => Ok(PieceSet::numbered(polyforms::<Cubic>(
                n,
                Motions::Rotations,
            ))),
            _ => Err(unknown(name)),
        };
    }
    match name {
        "soma" => Ok(soma()),
        "tetracubes" | "tetracube" => Ok(tetracubes()),
        "pentacubes" | "pentacube" => Ok(pentacubes()),
        "planar-pentacubes" | "solid-pentominoes" => Ok(planar_pentacubes()),
        _ => Err(unknown(name)),
    }
}

fn unknown(name: &str) -> PieceError {
    PieceError::UnknownSet {
        name: name.to_owned(),
        known: KNOWN.to_owned(),
    }
}

fn shape(cells: &[Point]) -> Shape<Cubic> {
    Shape::new(cells.iter().map(|&(x, y, z)| Cell { x, y, z }))
}

/// The seven Soma pieces V L T Z A B P, each once.
pub fn soma() -> PieceSet<Cubic> {
    PieceSet::named(
        SOMA.iter()
            .map(|&(name, cells)| (name, shape(cells)))
            .collect(),
    )
}

/// A planar polyomino as a solid piece in the layer `z = 0`.
fn solid(shape: &polyomino::Shape) -> Shape<Cubic> {
    Shape::new(shape.cells().iter().map(|&(row, col)| Cell {
        x: col as i32,
        y: row as i32,
        z: 0,
    }))
}

/// The 8 tetracubes (all polycubes of 4 cubes up to rotation), grown by
/// [`polyforms`] and named: the planar I O T S L as the tetrominoes are, the
/// screws A and B and the branch P as in Soma.
pub fn tetracubes() -> PieceSet<Cubic> {
    let mut table: Vec<(String, Shape<Cubic>)> = polyomino::PieceSet::tetrominoes()
        .pieces()
        .iter()
        .map(|p| (p.name.clone(), solid(&p.shape)))
        .collect();
    let soma = soma();
    table.extend(
        soma.pieces()
            .iter()
            .filter(|p| ["A", "B", "P"].contains(&p.name.as_str()))
            .map(|p| (p.name.clone(), p.shape.clone())),
    );
    name_grown(4, &table)
}

/// The 29 pentacubes (all polycubes of 5 cubes up to rotation), grown by
/// [`polyforms`]: the 12 planar ones named by their pentomino letters
/// (Golomb's F I L N P T U V W X Y Z), the 17 others `1` to `17` in the
/// order of their canonical forms (the 5 achiral ones and 6 mirror pairs).
pub fn pentacubes() -> PieceSet<Cubic> {
    let table: Vec<(String, Shape<Cubic>)> = planar_pentacubes()
        .pieces()
        .iter()
        .map(|p| (p.name.clone(), p.shape.clone()))
        .collect();
    name_grown(5, &table)
}

/// The 12 pentominoes as solid pieces of one layer, F I L N P T U V W X Y Z.
pub fn planar_pentacubes() -> PieceSet<Cubic> {
    let pentominoes = polyomino::PieceSet::pentominoes();
    let table = pentominoes
        .pieces()
        .iter()
        .map(|p| (p.name.as_str(), solid(&p.shape)))
        .collect();
    PieceSet::named(table)
}

/// Every polycube of `n` cubes up to rotation, in canonical order; those
/// in `table` (up to rotation) carry its name, the others are numbered from
/// 1 in order and drawn by `1`..`9`, `a`..`z`.
fn name_grown(n: usize, table: &[(String, Shape<Cubic>)]) -> PieceSet<Cubic> {
    let named: Vec<(Shape<Cubic>, &str)> = table
        .iter()
        .map(|(name, s)| (s.canonical(Motions::Rotations), name.as_str()))
        .collect();
    let mut numbered = 0;
    let mut pieces = Vec::new();
    let mut unnamed = Vec::new();
    for form in polyforms::<Cubic>(n, Motions::Rotations) {
        match named.iter().find(|(s, _)| *s == form) {
            Some(&(_, name)) => pieces.push(Piece::new(name, form)),
            None => {
                numbered += 1;
                let mut piece = Piece::new(&numbered.to_string(), form);
                piece.symbol = char::from_digit(numbered, 36).unwrap_or('?');
                unnamed.push(piece);
            }
        }
    }
    // The named pieces in the table's order, then the numbered ones.
    pieces.sort_by_key(|p| table.iter().position(|(name, _)| *name == p.name));
    pieces.extend(unnamed);
    PieceSet::new(pieces).expect("names are distinct")
}
