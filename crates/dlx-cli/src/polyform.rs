//! The one face of `dlx polycube`, `dlx polyiamond` and `dlx polyhex`, generic over the model's [`Family`]: the [`Polyform`] model as the board subcommands read it and show its packings.
//!
//! Each family's file (`polycube.rs`, `polyiamond.rs`, `polyhex.rs`) holds
//! only its words and what it adds to the command line ([`Face`]): its
//! cells in JSON, its reader of Knuth's input, its pictures. The flags, the
//! reading and the verbs are `shared::boards` and `shared::packings`, over
//! the [`BoardModel`] and [`Packings`] this module implements.

use anyhow::Context as _;
use dlx_core::{Footprint, OptionId};
use dlx_models::polyform::{
    Board, Family, KnuthError, KnuthSpec, Motions, Packing, Piece, PieceSet, Polyform,
};
use serde_json::Value;

use crate::shared::boards::{BoardModel, Listed, Words};
use crate::shared::packings::Packings;

/// What a family adds to be shown on the command line.
pub(crate) trait Face: Family {
    /// The subcommand's words.
    const WORDS: Words;
    /// The reader of `--knuth`, for a family whose words have it.
    const KNUTH: Option<KnuthReader<Self>> = None;

    /// A cell as a JSON object, in the lattice's own coordinates (those of
    /// the item names and of Knuth's forms).
    fn cell_json(cell: Self::Cell) -> Value;

    /// A packing's SVG picture: the family's, or with `layers` its second
    /// view (for a family whose words have `--layers`).
    fn draw(packing: &Packing<Self>, layers: bool) -> String {
        let _ = layers;
        packing.to_svg()
    }
}

/// `--board`'s help for the lattices of flat cells, which know the same board names.
pub(crate) const NAMED_BOARDS: &str =
    "The board: parallelogram:WxH, rhombus:N, hexagon:N or triangle:N";

/// Reads an input of one of Knuth's generators.
pub(crate) type KnuthReader<F> = fn(&str) -> Result<KnuthSpec<F>, KnuthError>;

/// How pieces move: as the family's pieces do, or only rotated with `--one-sided`.
fn motions<F: Face>(one_sided: bool) -> Motions {
    if one_sided {
        Motions::Rotations
    } else {
        F::MOTIONS
    }
}

impl<F: Face> BoardModel for Polyform<F> {
    type Board = Board<F>;
    type Pieces = PieceSet<F>;
    const WORDS: Words = F::WORDS;

    fn named_board(spec: &str) -> anyhow::Result<Board<F>> {
        Ok(Board::parse(spec)?)
    }

    fn drawn_board(text: &str) -> anyhow::Result<Board<F>> {
        Ok(Board::from_art(text)?)
    }

    fn knuth_board(text: &str) -> anyhow::Result<(Board<F>, Option<PieceSet<F>>)> {
        let parse = F::KNUTH.context("internal error: no reader of Knuth's input")?;
        let spec = parse(text)?;
        Ok((spec.board, spec.pieces))
    }

    fn piece_set(name: &str) -> anyhow::Result<PieceSet<F>> {
        Ok(PieceSet::builtin(name)?)
    }

    fn piece_file(text: &str) -> anyhow::Result<PieceSet<F>> {
        Ok(PieceSet::parse(text)?)
    }

    fn times(pieces: PieceSet<F>, k: usize) -> PieceSet<F> {
        pieces.times(k)
    }

    fn extend(pieces: PieceSet<F>, more: PieceSet<F>) -> anyhow::Result<PieceSet<F>> {
        Ok(pieces.extend(more)?)
    }

    fn select(pieces: &PieceSet<F>, terms: &[&str]) -> anyhow::Result<PieceSet<F>> {
        Ok(pieces.select(terms)?)
    }

    fn listed(pieces: &PieceSet<F>) -> Vec<Listed> {
        let listed = |piece: &Piece<F>| {
            let cells = piece.shape.cells();
            Listed {
                name: piece.name.clone(),
                symbol: piece.symbol,
                count: piece.count,
                art: Board::<F>::new(cells.iter().copied())
                    .map_or_else(|_| String::new(), |b| b.to_art()),
                cells: cells.iter().map(|&c| F::cell_json(c)).collect(),
            }
        };
        pieces.pieces().iter().map(listed).collect()
    }

    fn footprint(board: &Board<F>, pieces: &PieceSet<F>, one_sided: bool) -> Footprint {
        Polyform::footprint(board, pieces, motions::<F>(one_sided))
    }

    fn new(board: Board<F>, pieces: PieceSet<F>, one_sided: bool) -> anyhow::Result<Self> {
        Ok(Polyform::new(board, pieces, motions::<F>(one_sided))?)
    }

    fn draw(packing: &Packing<F>, layers: bool) -> String {
        F::draw(packing, layers)
    }
}

impl<F: Face> Packings for Polyform<F> {
    type Packing = Packing<F>;
    const NOUN: &'static str = "packing";

    fn size(&self) -> (usize, usize) {
        (self.pieces().len(), self.board().n_cells())
    }

    fn lists(&self, solution: &[OptionId]) -> bool {
        Polyform::lists(self, solution)
    }

    fn decode(&self, solution: &[OptionId]) -> anyhow::Result<Packing<F>> {
        let packing = Polyform::decode(self, solution);
        packing.check(self.board(), self.pieces(), self.motions())?;
        Ok(packing)
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

    fn placement_line(&self, option: OptionId) -> String {
        let placement = self.option_placement(option);
        let mut line = self.pieces().pieces()[placement.piece].name.clone();
        for &cell in &placement.cells {
            line.push(' ');
            line.push_str(&F::item_name(self.board().cells()[cell as usize]));
        }
        line
    }
}
