//! The one face of `dlx polycube`, `dlx polyiamond` and `dlx polyhex`, generic over the model's [`Family`]: the board and the pieces read, the model built, the verbs run by `shared::packings`.
//!
//! Each family's subcommand (`polycube.rs`, `polyiamond.rs`, `polyhex.rs`)
//! holds only its flags and help; it converts them into an [`Input`] and
//! calls [`run`], which reads the board (a name, ASCII art or Knuth's
//! form), the pieces (sets and files, `*K`, `--only`), lists them or builds
//! the [`Polyform`] and hands it to [`packings::run`]. What the family adds
//! to the command line is [`Face`]: its cells in JSON.

use std::path::Path;
use std::time::Instant;

use anyhow::Context as _;
use dlx_core::OptionId;
use dlx_models::polyform::{
    split_count, Board, Family, KnuthError, KnuthSpec, Motions, Packing, Piece, PieceSet, Polyform,
};
use serde_json::Value;

use crate::shared::packings::{self, Listed, PackingArgs, Packings};
use crate::shared::{read_text, ResultExt as _, Run};

/// What a family adds to be shown on the command line.
pub(crate) trait Face: Family {
    /// A cell as a JSON object, in the lattice's own coordinates (those of
    /// the item names and of Knuth's forms).
    fn cell_json(cell: Self::Cell) -> Value;
}

/// Reads an input of one of Knuth's generators.
pub(crate) type KnuthReader<F> = fn(&str) -> Result<KnuthSpec<F>, KnuthError>;

/// A polyform subcommand's flags, converted: where the board and the pieces
/// come from, the pieces' motions and the picture.
pub(crate) struct Input<'a, F: Face> {
    /// `--board`: a name or a size the family knows.
    pub(crate) board: Option<&'a str>,
    /// The board without `--board`, `--board-file` or `--knuth`.
    pub(crate) default_board: &'static str,
    /// `--board-file`: a board in ASCII art.
    pub(crate) board_file: Option<&'a Path>,
    /// `--knuth`: a file in the form of Knuth's generator, and its reader.
    pub(crate) knuth: Option<(&'a Path, KnuthReader<F>)>,
    /// `--pieces`: sets and files, each with an optional `*K`.
    pub(crate) pieces: Option<&'a str>,
    /// The pieces without `--pieces` (or a Knuth file that lists them).
    pub(crate) default_pieces: &'static str,
    /// `--only`: the names kept, each with an optional `*K`.
    pub(crate) only: Option<&'a str>,
    /// How the pieces may move.
    pub(crate) motions: Motions,
    /// The SVG picture of a packing.
    pub(crate) draw: fn(&Packing<F>) -> String,
}

/// Runs a polyform subcommand: reads the board and the pieces, then lists
/// the pieces or runs the verb `args` asks for on the model.
pub(crate) fn run<F: Face>(input: &Input<'_, F>, args: &PackingArgs) -> anyhow::Result<()> {
    let (board, knuth_pieces) = read_board(input).bad_input()?;
    let mut pieces = match (knuth_pieces, input.pieces) {
        (Some(_), Some(_)) => {
            return Err(anyhow::anyhow!(
                "--knuth's file lists its pieces, and --pieces names others: give the pieces once"
            ))
            .bad_input()
        }
        (Some(pieces), None) => pieces,
        (None, spec) => read_pieces::<F>(spec.unwrap_or(input.default_pieces)).bad_input()?,
    };
    if let Some(only) = input.only {
        pieces = select(&pieces, only).context("bad --only").bad_input()?;
    }
    if args.list_pieces {
        return packings::list_pieces(F::FAMILY, pieces.pieces().iter().map(listed), &args.report);
    }
    let start = Instant::now();
    let mut run = Run::new(&args.run, &args.report)?;
    // One solver per thread, the root, and the symmetry count's own problem.
    let solvers = run.threads()? as u64 + 2;
    let footprint = Polyform::footprint(&board, &pieces, input.motions);
    run.check_memory("the packing problem", footprint.total(solvers))?;
    let model = Polyform::new(board, pieces, input.motions)
        .context("cannot set up the puzzle")
        .bad_input()?;
    packings::run(args, &model, &input.draw, &mut run, start)
}

impl<F: Face> Packings for Polyform<F> {
    type Packing = Packing<F>;
    const NOUN: &'static str = "packing";

    fn summary(&self) -> String {
        format!(
            "{} pieces on a board of {} cells",
            self.pieces().len(),
            self.board().n_cells()
        )
    }

    fn lists(&self, solution: &[OptionId]) -> bool {
        Polyform::lists(self, solution)
    }

    fn decode(&self, solution: &[OptionId]) -> Packing<F> {
        Polyform::decode(self, solution)
    }

    fn check(&self, packing: &Packing<F>) -> anyhow::Result<()> {
        Ok(packing.check(self.board(), self.pieces(), self.motions())?)
    }

    fn text(&self, packing: &Packing<F>) -> String {
        packing.to_string()
    }

    fn placed_json(&self, packing: &Packing<F>) -> Vec<Value> {
        packing
            .placed()
            .iter()
            .map(|placed| {
                serde_json::json!({
                    "piece": placed.piece,
                    "name": packing.piece_name(placed.piece),
                    "cells": placed.cells.iter().map(|&c| F::cell_json(c)).collect::<Vec<_>>(),
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
            line.push(' ');
            line.push_str(&F::item_name(self.board().cells()[cell as usize]));
        }
        line
    }
}

/// A piece as `--list-pieces` shows it: drawn as a board of its cells.
fn listed<F: Face>(piece: &Piece<F>) -> Listed {
    let cells = piece.shape.cells();
    Listed {
        name: piece.name.clone(),
        symbol: piece.symbol,
        count: piece.count,
        art: Board::<F>::new(cells.iter().copied()).map_or_else(|_| String::new(), |b| b.to_art()),
        cells: cells.iter().map(|&c| F::cell_json(c)).collect(),
    }
}

/// The board, and the pieces of a `--knuth` file that lists them.
fn read_board<F: Face>(input: &Input<'_, F>) -> anyhow::Result<(Board<F>, Option<PieceSet<F>>)> {
    if let Some((path, parse)) = input.knuth {
        let (name, text) = read_text(Some(path))?;
        let spec = parse(&text).with_context(|| format!("in {name}"))?;
        return Ok((spec.board, spec.pieces));
    }
    if let Some(path) = input.board_file {
        let (name, text) = read_text(Some(path))?;
        let board = Board::from_art(&text).with_context(|| format!("in board file {name}"))?;
        return Ok((board, None));
    }
    let spec = input.board.unwrap_or(input.default_board);
    Ok((Board::parse(spec).context("bad --board")?, None))
}

/// Keeps the pieces `--only` names, with their counts.
fn select<F: Face>(pieces: &PieceSet<F>, only: &str) -> anyhow::Result<PieceSet<F>> {
    let terms: Vec<&str> = only
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    Ok(pieces.select(&terms)?)
}

/// Reads `--pieces`: comma-separated terms, each a set name or a file, with an optional `*K`.
fn read_pieces<F: Face>(spec: &str) -> anyhow::Result<PieceSet<F>> {
    let mut set: Option<PieceSet<F>> = None;
    for term in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (what, k) = split_count(term).context("bad --pieces")?;
        let pieces = match PieceSet::<F>::builtin(what) {
            Ok(pieces) => pieces,
            Err(unknown) => {
                let path = Path::new(what);
                if !path.exists() {
                    return Err(anyhow::Error::new(unknown).context(format!(
                        "bad --pieces: `{what}` is neither a piece set nor a file"
                    )));
                }
                let (name, text) = read_text(Some(path))?;
                PieceSet::<F>::parse(&text).with_context(|| format!("in piece file {name}"))?
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
