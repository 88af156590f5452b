//! `dlx polyomino` (alias `pentomino`): tile a board with polyominoes, count the tilings, draw one.

use dlx_core::{Footprint, OptionId};
use dlx_models::polyomino::{split_count, Board, KnuthSpec, Piece, PieceSet, Polyomino, Tiling};

use crate::shared::boards::{BoardModel, Listed, Words};
use crate::shared::packings::Packings;

/// The built-in piece sets, by the names `--pieces` completes (`PieceSet::builtin` reads them).
pub(crate) const PIECE_SETS: [(&str, &str); 4] = [
    ("pentominoes", "the 12 pentominoes"),
    ("tetrominoes", "the 5 tetrominoes"),
    ("hexominoes", "the 35 hexominoes"),
    ("domino", "the domino, as many as fill the board"),
];

impl BoardModel for Polyomino {
    type Board = Board;
    type Pieces = PieceSet;
    const WORDS: Words = Words {
        name: "polyomino",
        about: "Tile a board with polyominoes (the 12 pentominoes unless told otherwise)",
        drawn: "each cell the letter of its piece and `.` for a hole",
        solid: None,
        board: ("The board, WIDTHxHEIGHT", "WxH", None),
        default_board: "6x10",
        board_file: "A board drawn in ASCII art (`#` a cell, `.` or space a hole; `-` for \
                     standard input)",
        knuth: Some(
            "The board, and the pieces if it lists them, in the input form of \
             Knuth's polyomino-dlx (`[0-9][0-5]`, then `NAME xy xy ...` a piece; \
             `-` for standard input)",
        ),
        pieces: ("pentominoes, tetrominoes, hexominoes, domino", &PIECE_SETS),
        default_pieces: "pentominoes",
        only: "L,P*2,Y",
        layers: None,
        after_help: "\
Boards are WIDTHxHEIGHT (10x6 is 6 rows of 10) or ASCII art (`#` a cell, `.` a hole).
Pieces are a built-in set (pentominoes, tetrominoes, hexominoes, domino) or a
file of ASCII-art pieces (blocks separated by blank lines, an optional header
`NAME:` or `NAME*K:`); append `*K` to use each piece K times; separate several
with commas. A single piece used once fills the board (`--pieces domino`: the
domino tilings).

`--knuth FILE` reads the input of Knuth's polyomino-dlx: lines starting with
`|` are comments; the first other line lists the board's cells `xy`, x the
column and y the row, each coordinate a base-62 digit (0-9, a-z for 10-35,
A-Z for 36-61) or a set in brackets with ranges (`[0-9][0-5]` is the board
10 wide and 6 tall, `[123]2 2[123]` a cross); each later line is a piece,
its name (`K*NAME` for K copies, K one base-62 digit) and its cells in the
same form (`P 00 01 10 11 20`). Without piece lines, the pieces are those of
--pieces. `--count` caches the count of every region left to tile where
a short probe finds that regions repeat (`--memo`, `--no-memo` force it).

Examples:
  dlx pentomino --board 10x6
  dlx pentomino --board 6x10 --count --distinct
  dlx pentomino --board-file data/polyomino/8x8-centre-hole.txt --svg scott.svg
  dlx polyomino --board 8x5 --pieces tetrominoes*2 --count
  dlx polyomino --board 16x16 --pieces domino --count --stats
  dlx polyomino --board 5x3 --only L,P,V --count --distinct
  dlx polyomino --board 8x5 --pieces data/polyomino/tetrominoes-twice.txt
  dlx polyomino --board 20x3 --emit-dlx | dlx solve --count
  dlx polyomino --knuth data/polyomino/knuth-pentominoes-20x3.txt --count
  dlx polyomino --board 8x8 --pieces domino --sample 3 --seed 7 --svg random/",
    };

    fn named_board(spec: &str) -> anyhow::Result<Board> {
        Ok(Board::parse_size(spec)?)
    }

    fn drawn_board(text: &str) -> anyhow::Result<Board> {
        Ok(Board::parse(text)?)
    }

    fn knuth_board(text: &str) -> anyhow::Result<(Board, Option<PieceSet>)> {
        let spec = KnuthSpec::parse(text)?;
        Ok((spec.board, spec.pieces))
    }

    fn piece_set(name: &str) -> anyhow::Result<PieceSet> {
        Ok(PieceSet::builtin(name)?)
    }

    fn piece_file(text: &str) -> anyhow::Result<PieceSet> {
        Ok(PieceSet::parse(text)?)
    }

    fn times(pieces: PieceSet, k: usize) -> PieceSet {
        pieces.times(k)
    }

    fn extend(pieces: PieceSet, more: PieceSet) -> anyhow::Result<PieceSet> {
        Ok(pieces.extend(more)?)
    }

    /// The named pieces, each with its count (1 unless `*K` says otherwise).
    fn select(pieces: &PieceSet, terms: &[&str]) -> anyhow::Result<PieceSet> {
        let terms = terms
            .iter()
            .map(|term| split_count(term))
            .collect::<Result<Vec<_>, _>>()?;
        let names: Vec<&str> = terms.iter().map(|t| t.0).collect();
        let mut set = pieces.select(&names)?;
        for (name, k) in terms {
            set.set_count(name, k)?;
        }
        Ok(set)
    }

    fn listed(pieces: &PieceSet) -> Vec<Listed> {
        let listed = |piece: &Piece| Listed {
            name: piece.name.clone(),
            symbol: piece.symbol,
            count: piece.count,
            art: piece.shape.to_art(),
            cells: cells(piece.shape.cells()),
        };
        pieces.pieces().iter().map(listed).collect()
    }

    fn footprint(board: &Board, pieces: &PieceSet, one_sided: bool) -> Footprint {
        Polyomino::footprint(board, pieces, one_sided)
    }

    fn new(board: Board, pieces: PieceSet, one_sided: bool) -> anyhow::Result<Self> {
        Ok(Polyomino::new(board, pieces, one_sided)?)
    }

    fn draw(tiling: &Tiling, _layers: bool) -> String {
        tiling.to_svg()
    }
}

impl Packings for Polyomino {
    type Packing = Tiling;
    const NOUN: &'static str = "tiling";

    fn size(&self) -> (usize, usize) {
        (self.pieces().len(), self.board().n_cells())
    }

    fn lists(&self, solution: &[OptionId]) -> bool {
        Polyomino::lists(self, solution)
    }

    fn decode(&self, solution: &[OptionId]) -> anyhow::Result<Tiling> {
        let tiling = Polyomino::decode(self, solution);
        tiling.check(self.board(), self.pieces(), self.one_sided())?;
        Ok(tiling)
    }

    fn placed_json(&self, tiling: &Tiling) -> Vec<serde_json::Value> {
        tiling
            .placed()
            .iter()
            .map(|placed| {
                serde_json::json!({
                    "piece": placed.piece,
                    "name": tiling.piece_name(placed.piece),
                    "cells": cells(&placed.cells),
                })
            })
            .collect()
    }

    fn placement_line(&self, option: OptionId) -> String {
        let placement = self.option_placement(option);
        let mut line = self.pieces().pieces()[placement.piece].name.clone();
        for &cell in &placement.cells {
            let (row, column) = self.cells()[cell as usize];
            line.push_str(&format!(" r{row}c{column}"));
        }
        line
    }
}

/// Cells `(row, column)` as JSON objects, from 0.
fn cells(cells: &[(usize, usize)]) -> Vec<serde_json::Value> {
    cells
        .iter()
        .map(|&(row, column)| serde_json::json!({ "row": row, "column": column }))
        .collect()
}
