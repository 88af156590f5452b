//! Pieces: named shapes with a multiplicity, sets of them, and the names, counts and selections the faces ask for; what every piece file's reader shares.

use std::collections::BTreeSet;

use super::board::MAX_CELLS;
use super::grid::Grid;
use super::lattice::{Lattice, Motions};
use super::shape::Shape;

/// A piece: a named shape of grid `G`, the character that draws it, and
/// how many copies a packing must use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece<G: Grid> {
    /// The piece's name (letters, digits, `_` and `-`), its item name in the problem.
    pub name: String,
    /// The character that draws the piece in a rendered packing.
    pub symbol: char,
    /// The shape in the orientation it was given.
    pub shape: G::Shape,
    /// How many copies a packing uses (at least 1).
    pub count: usize,
}

/// A list of pieces with distinct names and distinct symbols.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PieceSet<G: Grid> {
    pieces: Vec<Piece<G>>,
}

/// What can be wrong with a piece file, a piece set's name or a selection.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PieceError {
    /// A character that is neither a cell (`#`, a letter, a digit) nor empty (`.`, space).
    #[error("line {line}, column {column}: `{shown_found}` is not a piece cell (`#`, a letter or a digit) or empty (`.` or space)", shown_found = crate::text::shown(&.found))]
    BadChar {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A cell drawn where the lattice has none (between two hexagons).
    #[error("line {line}, column {column}: a cell between the cells of the {lattice} grid")]
    OffGrid {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The lattice's name.
        lattice: &'static str,
    },
    /// A header line that is not `NAME:` or `NAME*K:`.
    #[error("line {line}: `{shown_text}` is not a piece header (`NAME:` or `NAME*K:`, NAME of letters, digits, `_` or `-`, K a number from 1 to {MAX_CELLS})", shown_text = crate::text::shown(&.text))]
    BadHeader {
        /// 1-based line.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// A header with no cells under it.
    #[error("line {line}: piece `{shown_name}` has no cells", shown_name = crate::text::shown(&.name))]
    EmptyPiece {
        /// 1-based line of the header.
        line: usize,
        /// The piece.
        name: String,
    },
    /// Two pieces with the same name.
    #[error("piece `{shown_name}` is defined twice", shown_name = crate::text::shown(&.name))]
    Duplicate {
        /// The name.
        name: String,
    },
    /// The file or list has no piece.
    #[error("no pieces")]
    NoPieces,
    /// A name that is not a built-in set of the family.
    #[error("unknown piece set `{shown_name}` (known: {known})", shown_name = crate::text::shown(&.name))]
    UnknownSet {
        /// The name as written.
        name: String,
        /// The family's sets, space-separated.
        known: String,
    },
    /// A multiplicity that is not a number from 1 to [`MAX_CELLS`].
    #[error("`{shown_text}` is not a valid multiplicity (a number from 1 to {MAX_CELLS} after `*`)", shown_text = crate::text::shown(&.text))]
    BadCount {
        /// The text as written.
        text: String,
    },
    /// A piece name that is not one of the set's.
    #[error("unknown piece `{shown_name}` (known: {known})", shown_name = crate::text::shown(&.name))]
    UnknownPiece {
        /// The name as written.
        name: String,
        /// The names of the set, space-separated.
        known: String,
    },
}

/// Symbols handed out, in this order, when two pieces would draw alike.
const SPARE_SYMBOLS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&+=?!~^";

/// The symbols of numbered pieces: `1`..`9`, `A`..`Z`, `a`..`z`.
const NUMBER_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

impl<G: Grid> Piece<G> {
    /// A piece used once, drawn by the first character of its name.
    pub fn new(name: &str, shape: G::Shape) -> Piece<G> {
        Piece {
            name: name.to_owned(),
            symbol: name.chars().next().unwrap_or('?'),
            shape,
            count: 1,
        }
    }
}

impl<G: Grid> PieceSet<G> {
    /// A set of these pieces; names must be distinct; symbols that clash
    /// (or that draw a hole, `.` or a space) are replaced by unused ones
    /// (letters first).
    pub fn new(pieces: Vec<Piece<G>>) -> Result<PieceSet<G>, PieceError> {
        let mut names = BTreeSet::new();
        for p in &pieces {
            if !names.insert(p.name.as_str()) {
                return Err(PieceError::Duplicate {
                    name: p.name.clone(),
                });
            }
        }
        if pieces.is_empty() {
            return Err(PieceError::NoPieces);
        }
        let mut set = PieceSet { pieces };
        set.fix_symbols();
        Ok(set)
    }

    /// The shapes as pieces named `1`, `2`, ... in order, drawn by
    /// `1`..`9`, `A`..`Z`, `a`..`z` (then spare symbols), each once.
    pub fn numbered(shapes: Vec<G::Shape>) -> PieceSet<G> {
        let mut symbols = NUMBER_SYMBOLS.chars();
        let pieces = shapes
            .into_iter()
            .enumerate()
            .map(|(i, shape)| Piece {
                name: (i + 1).to_string(),
                symbol: symbols.next().unwrap_or('?'),
                shape,
                count: 1,
            })
            .collect();
        let mut set = PieceSet { pieces };
        set.fix_symbols();
        set
    }

    /// The pieces of a table of names and shapes, in order, each once.
    pub(crate) fn named(table: Vec<(&str, G::Shape)>) -> PieceSet<G> {
        let pieces = table
            .into_iter()
            .map(|(name, shape)| Piece::new(name, shape))
            .collect();
        let mut set = PieceSet { pieces };
        set.fix_symbols();
        set
    }

    fn fix_symbols(&mut self) {
        let mut used = BTreeSet::new();
        let mut clashing = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if p.symbol == '.' || p.symbol.is_whitespace() || !used.insert(p.symbol) {
                clashing.push(i);
            }
        }
        let mut spare = SPARE_SYMBOLS.chars().filter(|c| !used.contains(c));
        for i in clashing {
            self.pieces[i].symbol = spare.next().unwrap_or('?');
        }
    }

    /// The pieces in order.
    pub fn pieces(&self) -> &[Piece<G>] {
        &self.pieces
    }

    /// The number of distinct pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether there is no piece.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The number of cells all copies of all pieces cover (`usize::MAX` if
    /// that does not fit, which no board matches).
    pub fn area(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| G::area(&p.shape).saturating_mul(p.count))
            .fold(0, usize::saturating_add)
    }

    /// Every piece's count multiplied by `k`.
    pub fn times(mut self, k: usize) -> PieceSet<G> {
        for p in &mut self.pieces {
            p.count = p.count.saturating_mul(k);
        }
        self
    }

    /// Sets the count of the named piece.
    pub fn set_count(&mut self, name: &str, count: usize) -> Result<(), PieceError> {
        if count == 0 {
            return Err(PieceError::BadCount {
                text: count.to_string(),
            });
        }
        let known = self.names().join(" ");
        let piece = self
            .pieces
            .iter_mut()
            .find(|p| p.name == name)
            .ok_or_else(|| PieceError::UnknownPiece {
                name: name.to_owned(),
                known,
            })?;
        piece.count = count;
        Ok(())
    }

    /// Keeps only the named pieces, in the given order; `NAME*K` gives the
    /// piece `K` copies (the faces' `--only I,L*2`).
    pub fn select(&self, names: &[&str]) -> Result<PieceSet<G>, PieceError> {
        let mut out = Vec::new();
        for &spec in names {
            let (name, count) = split_count(spec)?;
            let p = self.pieces.iter().find(|p| p.name == name).ok_or_else(|| {
                PieceError::UnknownPiece {
                    name: name.to_owned(),
                    known: self.names().join(" "),
                }
            })?;
            let mut piece = p.clone();
            if spec.contains('*') {
                piece.count = count;
            }
            out.push(piece);
        }
        PieceSet::new(out)
    }

    /// Appends another set's pieces (names must stay distinct).
    pub fn extend(self, other: PieceSet<G>) -> Result<PieceSet<G>, PieceError> {
        let mut pieces = self.pieces;
        pieces.extend(other.pieces);
        PieceSet::new(pieces)
    }

    /// The names in order.
    pub fn names(&self) -> Vec<&str> {
        self.pieces.iter().map(|p| p.name.as_str()).collect()
    }
}

/// A grid whose piece sets are known by name and read from files: every
/// [`Family`](super::Family), and the polyominoes' square grid. What
/// [`PieceSet::builtin`] and [`PieceSet::parse`] read.
pub trait Pieces: Grid {
    /// A built-in set by its name, in lowercase.
    fn named_set(name: &str) -> Result<PieceSet<Self>, PieceError>;

    /// The pieces of a piece file.
    fn read_set(text: &str) -> Result<PieceSet<Self>, PieceError>;
}

impl<G: Pieces> PieceSet<G> {
    /// A built-in set by name (see the grid's module), with `NAME*K` for
    /// `K` copies of each piece.
    pub fn builtin(spec: &str) -> Result<PieceSet<G>, PieceError> {
        let (name, count) = split_count(spec)?;
        Ok(G::named_set(&name.to_ascii_lowercase())?.times(count))
    }

    /// Reads a piece file (see the grid's module for its form).
    pub fn parse(text: &str) -> Result<PieceSet<G>, PieceError> {
        G::read_set(text)
    }
}

impl<L: Lattice> PieceSet<L> {
    /// Whether the set is its own mirror image: each piece's mirror image
    /// is, up to rotation, a piece of the set with the same count (itself
    /// when it is achiral). Then every reflection that maps the board onto
    /// itself counts among the symmetries of a packing of solid pieces.
    pub fn is_mirror_closed(&self) -> bool {
        let forms: Vec<(Shape<L>, usize)> = self
            .pieces
            .iter()
            .map(|p| (p.shape.canonical(Motions::Rotations), p.count))
            .collect();
        self.pieces.iter().all(|p| {
            let mirror = (p.shape.mirror().canonical(Motions::Rotations), p.count);
            forms.contains(&mirror)
        })
    }
}

/// Parses `NAME*K` (or `NAME`) into the name and the count, from 1 to
/// [`MAX_CELLS`]: more copies than a board can have cells would only make
/// the area overflow.
pub fn split_count(text: &str) -> Result<(&str, usize), PieceError> {
    match text.split_once('*') {
        None => Ok((text.trim(), 1)),
        Some((name, k)) => match k.trim().parse::<usize>() {
            Ok(k) if (1..=MAX_CELLS).contains(&k) => Ok((name.trim(), k)),
            _ => Err(PieceError::BadCount {
                text: text.to_owned(),
            }),
        },
    }
}

/// The name and the count of a piece file's header `NAME:` or `NAME*K:`,
/// the text of line `line` as written.
pub(crate) fn piece_header(line: usize, text: &str) -> Result<(&str, usize), PieceError> {
    let bad = || PieceError::BadHeader {
        line,
        text: text.to_owned(),
    };
    let spec = text.trim_end().strip_suffix(':').unwrap_or(text).trim();
    let (name, count) = split_count(spec).map_err(|_| bad())?;
    if !valid_name(name) {
        return Err(bad());
    }
    Ok((name, count))
}

/// Whether a piece name is letters, digits, `_` and `-`.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}
