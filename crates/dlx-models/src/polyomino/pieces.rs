//! Pieces: named shapes with a multiplicity, the built-in sets, and piece files.

use std::collections::BTreeSet;

use super::shape::{free_polyominoes, Shape};
use super::MAX_CELLS;

/// A piece: a named shape, the character that draws it, and how many copies
/// a tiling must use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name (letters, digits, `_` and `-`), its item name in the problem.
    pub name: String,
    /// The character that draws the piece in a rendered tiling.
    pub symbol: char,
    /// The shape in the orientation it was given.
    pub shape: Shape,
    /// How many copies a tiling uses (at least 1).
    pub count: usize,
}

/// A list of pieces with distinct names and distinct symbols.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PieceSet {
    pieces: Vec<Piece>,
}

/// What can be wrong with a piece file or a piece list.
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
    /// A name that is not a built-in set.
    #[error("unknown piece set `{shown_name}` (known: pentominoes, tetrominoes, hexominoes, domino)", shown_name = crate::text::shown(&.name))]
    UnknownSet {
        /// The name as written.
        name: String,
    },
    /// A multiplicity that is not a number from 1 to [`MAX_CELLS`] (more
    /// copies than any board has cells could never be placed).
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

/// The 12 pentominoes in Golomb's (Conway's letters differ) usual names.
const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##\n##.\n.#."),
    ("I", "#####"),
    ("L", "#\n#\n#\n##"),
    ("N", "##..\n.###"),
    ("P", "##\n##\n#."),
    ("T", "###\n.#.\n.#."),
    ("U", "#.#\n###"),
    ("V", "#..\n#..\n###"),
    ("W", "#..\n##.\n.##"),
    ("X", ".#.\n###\n.#."),
    ("Y", ".#..\n####"),
    ("Z", "##.\n.#.\n.##"),
];

/// The 5 free tetrominoes under their usual (Tetris) names.
const TETROMINOES: [(&str, &str); 5] = [
    ("I", "####"),
    ("O", "##\n##"),
    ("T", "###\n.#."),
    ("S", ".##\n##."),
    ("L", "#.\n#.\n##"),
];

/// The symbols of the 35 hexominoes: base-36 digits 1..9, A..Z.
const HEXOMINO_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Symbols handed out, in this order, when two pieces would draw alike.
const SPARE_SYMBOLS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&+=?!~^";

impl Piece {
    /// A piece used once, drawn by the first character of its name.
    pub fn new(name: &str, shape: Shape) -> Piece {
        Piece {
            name: name.to_owned(),
            symbol: name.chars().next().unwrap_or('?'),
            shape,
            count: 1,
        }
    }
}

impl PieceSet {
    /// A set of these pieces; names must be distinct; symbols that clash are
    /// replaced by unused ones (letters first).
    pub fn new(pieces: Vec<Piece>) -> Result<PieceSet, PieceError> {
        let mut names = BTreeSet::new();
        for p in &pieces {
            if !names.insert(p.name.as_str()) {
                return Err(PieceError::Duplicate {
                    name: p.name.clone(),
                });
            }
        }
        let mut set = PieceSet { pieces };
        set.fix_symbols();
        Ok(set)
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

    /// The 12 pentominoes F I L N P T U V W X Y Z, each once.
    pub fn pentominoes() -> PieceSet {
        from_table(&PENTOMINOES)
    }

    /// The 5 tetrominoes I O T S L, each once.
    pub fn tetrominoes() -> PieceSet {
        from_table(&TETROMINOES)
    }

    /// The domino (two cells side by side), once: alone in a set it fills
    /// the board (see [`super::Polyomino::new`]), so `domino` on a board
    /// counts its domino tilings.
    pub fn domino() -> PieceSet {
        from_table(&[("domino", "##")])
    }

    /// The 35 hexominoes, each once, generated by growing polyominoes.
    ///
    /// They are named `1` to `35` in the increasing order of their
    /// [`Shape::free_form`] (cells compared as sorted `(row, column)` lists),
    /// and drawn by the base-36 digit of their number (`1`..`9`, then `A` for
    /// 10 up to `Z` for 35). Hexomino 1 is the straight one.
    pub fn hexominoes() -> PieceSet {
        let pieces = free_polyominoes(6)
            .into_iter()
            .zip(HEXOMINO_SYMBOLS.chars())
            .enumerate()
            .map(|(i, (shape, symbol))| Piece {
                name: (i + 1).to_string(),
                symbol,
                shape,
                count: 1,
            })
            .collect();
        PieceSet { pieces }
    }

    /// A built-in set by name: `pentominoes`, `tetrominoes`, `hexominoes` or
    /// `domino` (the singular and `pentomino`-style short forms are accepted
    /// too).
    pub fn builtin(name: &str) -> Result<PieceSet, PieceError> {
        match name.to_ascii_lowercase().as_str() {
            "pentominoes" | "pentomino" | "pentominos" => Ok(PieceSet::pentominoes()),
            "tetrominoes" | "tetromino" | "tetrominos" => Ok(PieceSet::tetrominoes()),
            "hexominoes" | "hexomino" | "hexominos" => Ok(PieceSet::hexominoes()),
            "domino" | "dominoes" | "dominos" => Ok(PieceSet::domino()),
            _ => Err(PieceError::UnknownSet {
                name: name.to_owned(),
            }),
        }
    }

    /// Reads a piece file.
    ///
    /// Pieces are drawn in ASCII art, `#` or a letter or digit per cell, `.`
    /// or a space for an empty square; blocks of lines are separated by blank
    /// lines, and lines starting with `|` are comments.
    /// A block may start with a header `NAME:` or `NAME*K:` (K copies); then
    /// all its cells are that one piece. Without a header, each distinct
    /// character of the block is one piece named by that character (so a
    /// whole picture of pieces can be pasted in); `#` cells without a header
    /// are named by the number of the piece in the file (`1`, `2`, ...).
    pub fn parse(text: &str) -> Result<PieceSet, PieceError> {
        let mut pieces = Vec::new();
        let mut block: Vec<(usize, &str)> = Vec::new();
        let lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        for (number, line) in lines.chain(std::iter::once((0, ""))) {
            if line.trim_start().starts_with('|') {
                continue;
            }
            if line.trim().is_empty() {
                if !block.is_empty() {
                    parse_block(&block, &mut pieces)?;
                    block.clear();
                }
                continue;
            }
            block.push((number, line));
        }
        if pieces.is_empty() {
            return Err(PieceError::NoPieces);
        }
        PieceSet::new(pieces)
    }

    /// The pieces in order.
    pub fn pieces(&self) -> &[Piece] {
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
            .map(|p| p.shape.len().saturating_mul(p.count))
            .fold(0, usize::saturating_add)
    }

    /// Every piece's count multiplied by `k` (at most `usize::MAX`).
    pub fn times(mut self, k: usize) -> PieceSet {
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

    /// Keeps only the named pieces, in the given order.
    pub fn select(&self, names: &[&str]) -> Result<PieceSet, PieceError> {
        let mut out = Vec::new();
        for &name in names {
            let p = self.pieces.iter().find(|p| p.name == name).ok_or_else(|| {
                PieceError::UnknownPiece {
                    name: name.to_owned(),
                    known: self.names().join(" "),
                }
            })?;
            out.push(p.clone());
        }
        PieceSet::new(out)
    }

    /// Appends another set's pieces (names must stay distinct).
    pub fn extend(self, other: PieceSet) -> Result<PieceSet, PieceError> {
        let mut pieces = self.pieces;
        pieces.extend(other.pieces);
        PieceSet::new(pieces)
    }

    /// The names in order.
    pub fn names(&self) -> Vec<&str> {
        self.pieces.iter().map(|p| p.name.as_str()).collect()
    }
}

/// Parses `NAME*K` (or `NAME`) into the name and the count, from 1 to
/// [`MAX_CELLS`]: more copies than a board can have cells would only make
/// the area overflow.
pub fn split_count(text: &str) -> Result<(&str, usize), PieceError> {
    match text.split_once('*') {
        None => Ok((text, 1)),
        Some((name, k)) => match k.trim().parse::<usize>() {
            Ok(k) if (1..=MAX_CELLS).contains(&k) => Ok((name.trim(), k)),
            _ => Err(PieceError::BadCount {
                text: text.to_owned(),
            }),
        },
    }
}

fn from_table(table: &[(&str, &str)]) -> PieceSet {
    let pieces = table
        .iter()
        .map(|&(name, art)| Piece::new(name, Shape::from_art(art)))
        .collect();
    PieceSet { pieces }
}

pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn parse_block(block: &[(usize, &str)], pieces: &mut Vec<Piece>) -> Result<(), PieceError> {
    let (first_line, first) = block[0];
    let header = first.trim_end();
    let (header, art) = if let Some(spec) = header.strip_suffix(':') {
        let bad = || PieceError::BadHeader {
            line: first_line,
            text: first.to_owned(),
        };
        let (name, count) = split_count(spec.trim()).map_err(|_| bad())?;
        if !valid_name(name) {
            return Err(bad());
        }
        (Some((name, count)), &block[1..])
    } else {
        (None, block)
    };
    // Each character with its cells, in order of first appearance.
    let mut groups: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
    for (r, &(line, text)) in art.iter().enumerate() {
        for (c, ch) in text.trim_end().chars().enumerate() {
            if ch == '.' || ch == ' ' {
                continue;
            }
            if ch != '#' && !ch.is_ascii_alphanumeric() {
                return Err(PieceError::BadChar {
                    line,
                    column: c + 1,
                    found: ch,
                });
            }
            let key = if header.is_some() { '#' } else { ch };
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push((r, c)),
                None => groups.push((key, vec![(r, c)])),
            }
        }
    }
    if let Some((name, count)) = header {
        let Some((_, cells)) = groups.pop() else {
            return Err(PieceError::EmptyPiece {
                line: first_line,
                name: name.to_owned(),
            });
        };
        let mut piece = Piece::new(name, Shape::new(cells));
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
        pieces.push(Piece::new(&name, Shape::new(cells)));
    }
    Ok(())
}
