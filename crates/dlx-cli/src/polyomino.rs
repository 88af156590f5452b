//! `dlx polyomino` (alias `pentomino`): tile a board with polyominoes, count the tilings, draw one.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::OptionId;
use dlx_models::polyomino::{split_count, Board, KnuthSpec, PieceSet, Polyomino, Tiling};

use crate::shared::packings::{self, list_pieces, Listed, PackingArgs, Packings, SetOrFile};
use crate::shared::{read_text, ResultExt as _, Run};

/// Tile a board with polyominoes (the 12 pentominoes unless told otherwise).
///
/// Prints one tiling by default, each cell the letter of its piece and `.`
/// for a hole, or the first N with `--limit N` (a blank line between two);
/// `--count` and `--distinct` print the number of tilings (all, and up to
/// the board's rotations and reflections) alone on the last line. A board
/// without tiling prints nothing and says `no solution` on standard error.
/// Each piece is used once unless its count says otherwise.
///
/// The search runs on all cores (`--threads`); tilings are printed in the
/// order of the sequential search whatever the threads.
#[derive(Debug, Args)]
#[command(after_help = "\
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
  dlx polyomino --board 8x8 --pieces domino --sample 3 --seed 7 --svg random/")]
pub(crate) struct PolyominoArgs {
    /// The board, WIDTHxHEIGHT [default: 6x10].
    #[arg(long, value_name = "WxH", conflicts_with_all = ["board_file", "knuth"])]
    board: Option<String>,
    /// A board drawn in ASCII art (`#` a cell, `.` or space a hole; `-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "knuth")]
    board_file: Option<PathBuf>,
    /// The board, and the pieces if it lists them, in the input form of
    /// Knuth's polyomino-dlx (`[0-9][0-5]`, then `NAME xy xy ...` a piece;
    /// `-` for standard input).
    #[arg(long, value_name = "FILE")]
    knuth: Option<PathBuf>,
    /// The pieces: pentominoes, tetrominoes, hexominoes, domino or a piece
    /// FILE, each optionally `*K`; several separated by commas [default:
    /// pentominoes].
    // The sets are the completion's candidates; any other value is read as a file.
    #[arg(long, value_name = "SET|FILE", value_parser = SetOrFile(&PIECE_SETS), hide_possible_values = true)]
    pieces: Option<String>,
    /// Use only these pieces of the set, by name, each optionally `*K` (for
    /// example `--only L,P*2,Y`).
    #[arg(long, value_name = "NAMES")]
    only: Option<String>,
    /// Pieces may be rotated but not turned over.
    #[arg(long)]
    one_sided: bool,
    #[command(flatten)]
    packings: PackingArgs,
}

/// The built-in piece sets, by the names `--pieces` completes (`PieceSet::builtin` reads them).
pub(crate) const PIECE_SETS: [(&str, &str); 4] = [
    ("pentominoes", "the 12 pentominoes"),
    ("tetrominoes", "the 5 tetrominoes"),
    ("hexominoes", "the 35 hexominoes"),
    ("domino", "the domino, as many as fill the board"),
];

pub(crate) fn run(args: PolyominoArgs) -> anyhow::Result<()> {
    let (board, pieces) = read_board(&args).bad_input()?;
    let mut pieces = match (pieces, &args.pieces) {
        (Some(_), Some(_)) => {
            return Err(anyhow::anyhow!(
                "--knuth's file lists its pieces, and --pieces names others: give the pieces once"
            ))
            .bad_input()
        }
        (Some(pieces), None) => pieces,
        (None, spec) => read_pieces(spec.as_deref().unwrap_or("pentominoes")).bad_input()?,
    };
    if let Some(only) = &args.only {
        pieces = select(&pieces, only).context("bad --only").bad_input()?;
    }
    let verbs = &args.packings;
    if verbs.list_pieces {
        let listed = pieces.pieces().iter().map(|p| Listed {
            name: p.name.clone(),
            symbol: p.symbol,
            count: p.count,
            art: p.shape.to_art(),
            cells: cells(p.shape.cells()),
        });
        return list_pieces("polyomino", listed, &verbs.report);
    }
    let start = Instant::now();
    let mut run = Run::new(&verbs.run, &verbs.report)?;
    // One solver per thread, the root, and the symmetry count's own problem.
    let solvers = run.threads()? as u64 + 2;
    let footprint = Polyomino::footprint(&board, &pieces, args.one_sided);
    run.check_memory("the tiling problem", footprint.total(solvers))?;
    let model = Polyomino::new(board, pieces, args.one_sided)
        .context("cannot set up the puzzle")
        .bad_input()?;
    packings::run(verbs, &model, &Tiling::to_svg, &mut run, start)
}

impl Packings for Polyomino {
    type Packing = Tiling;
    const NOUN: &'static str = "tiling";

    fn summary(&self) -> String {
        format!(
            "{} pieces on a board of {} cells",
            self.pieces().len(),
            self.board().n_cells()
        )
    }

    fn lists(&self, solution: &[OptionId]) -> bool {
        Polyomino::lists(self, solution)
    }

    fn decode(&self, solution: &[OptionId]) -> Tiling {
        Polyomino::decode(self, solution)
    }

    fn check(&self, tiling: &Tiling) -> anyhow::Result<()> {
        Ok(tiling.check(self.board(), self.pieces(), self.one_sided())?)
    }

    fn text(&self, tiling: &Tiling) -> String {
        tiling.to_string()
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

    fn placement(&self, option: OptionId) -> (usize, &[u32]) {
        let placement = self.option_placement(option);
        (placement.piece, &placement.cells)
    }

    fn placement_line(&self, piece: usize, cells: &[u32]) -> String {
        let mut line = self.pieces().pieces()[piece].name.clone();
        for &cell in cells {
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

/// The board, and the pieces of a `--knuth` file that lists them.
fn read_board(args: &PolyominoArgs) -> anyhow::Result<(Board, Option<PieceSet>)> {
    if let Some(path) = &args.knuth {
        let (name, text) = read_text(Some(path))?;
        let spec = KnuthSpec::parse(&text).with_context(|| format!("in {name}"))?;
        return Ok((spec.board, spec.pieces));
    }
    if let Some(path) = &args.board_file {
        let (name, text) = read_text(Some(path))?;
        let board = Board::parse(&text).with_context(|| format!("in board file {name}"))?;
        return Ok((board, None));
    }
    let spec = args.board.as_deref().unwrap_or("6x10");
    Ok((Board::parse_size(spec).context("bad --board")?, None))
}

/// Keeps the pieces `--only` names, with their counts.
fn select(pieces: &PieceSet, only: &str) -> anyhow::Result<PieceSet> {
    let mut terms = Vec::new();
    for term in only.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        terms.push(split_count(term)?);
    }
    let names: Vec<&str> = terms.iter().map(|t| t.0).collect();
    let mut set = pieces.select(&names)?;
    for (name, k) in terms {
        set.set_count(name, k)?;
    }
    Ok(set)
}

/// Reads `--pieces`: comma-separated terms, each a set name or a file, with an optional `*K`.
fn read_pieces(spec: &str) -> anyhow::Result<PieceSet> {
    let mut set: Option<PieceSet> = None;
    for term in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (what, k) = split_count(term).context("bad --pieces")?;
        let pieces = match PieceSet::builtin(what) {
            Ok(pieces) => pieces,
            Err(unknown) => {
                let path = Path::new(what);
                if !path.exists() {
                    return Err(anyhow::Error::new(unknown).context(format!(
                        "bad --pieces: `{what}` is neither a piece set nor a file"
                    )));
                }
                let (name, text) = read_text(Some(path))?;
                PieceSet::parse(&text).with_context(|| format!("in piece file {name}"))?
            }
        };
        let pieces = pieces.times(k);
        set = Some(match set {
            None => pieces,
            Some(set) => set.extend(pieces).context("bad --pieces")?,
        });
    }
    set.context("bad --pieces: no pieces named")
}
