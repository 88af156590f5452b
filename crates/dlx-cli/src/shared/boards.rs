//! What the board subcommands share before their verbs (`dlx polyomino`, `dlx polycube`, `dlx polyiamond`, `dlx polyhex`): their flags, and the board and the pieces read from them, written once over [`BoardModel`].
//!
//! A board subcommand is its model's [`BoardArgs`]: the board (`--board`,
//! `--board-file`, `--knuth`), the pieces (`--pieces`, `--only`), how they
//! move or are drawn (`--one-sided`, `--layers`), then the verbs
//! ([`PackingArgs`]). The flags are the same for every family; only their
//! words differ, and which of them a family has ([`Words`]). [`run`] reads
//! the board and the pieces, lists the pieces or builds the model, and
//! hands it to [`packings::run`]. What a model adds to be read is said by
//! [`BoardModel`]: how a board and pieces are parsed, and the model built.
//! `--list-pieces` needs no model, only the pieces ([`list_pieces`]).

use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context as _;
use clap::{value_parser, Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use dlx_core::Footprint;
use dlx_models::polyform::split_count;
use serde_json::Value;

use crate::shared::packings::{self, PackingArgs, Packings};
use crate::shared::{fields, out, read_text, Other, Output, ReportArgs, ResultExt as _};

/// A board subcommand in its family's words: what its help says that the
/// others do not, which flags it has, and its defaults. The help's
/// sentences that every board subcommand says are written once, here.
pub(crate) struct Words {
    /// The subcommand's name, which is also the `type` of its
    /// `--list-pieces` JSON lines.
    pub(crate) name: &'static str,
    /// The first sentence of the help, without its period (`-h` shows it alone).
    pub(crate) about: &'static str,
    /// How a packing is printed (`each cell the letter of its piece`).
    pub(crate) drawn: &'static str,
    /// For a family of solid pieces, which only rotate: how they move, and
    /// what `--distinct` counts up to. Flat pieces are turned over unless
    /// `--one-sided`, and counted up to the board's rotations and reflections.
    pub(crate) solid: Option<(&'static str, &'static str)>,
    /// `--board`: what it is, the name of its value, and an alias (`--box`).
    pub(crate) board: (&'static str, &'static str, Option<&'static str>),
    /// The board without `--board`, `--board-file` or `--knuth`.
    pub(crate) default_board: &'static str,
    /// `--board-file`'s help.
    pub(crate) board_file: &'static str,
    /// `--knuth`'s help, for a family whose boards Knuth's generators read.
    pub(crate) knuth: Option<&'static str>,
    /// `--pieces`: the sets its help names, and the built-in sets that
    /// shells complete.
    pub(crate) pieces: (&'static str, &'static [(&'static str, &'static str)]),
    /// The pieces without `--pieces` (or a Knuth file that lists them).
    pub(crate) default_pieces: &'static str,
    /// A value of `--only`, for its help.
    pub(crate) only: &'static str,
    /// `--layers`'s help, for a family drawn in a second view.
    pub(crate) layers: Option<&'static str>,
    /// The end of `--help`: the forms of boards and pieces, and examples.
    pub(crate) after_help: &'static str,
}

impl Words {
    /// The whole help before the flags (`--help`), packings called `noun`.
    fn long_about(&self, noun: &str) -> String {
        let (moves, symmetries) = self.solid.unwrap_or((
            "Pieces may be turned over unless `--one-sided`",
            "the board's rotations and reflections",
        ));
        format!(
            "{}.\n\n\
             Prints one {noun} by default, {}, or the first N with `--limit N` (a blank line \
             between two); `--count` and `--distinct` print the number of {noun}s (all, and \
             up to {symmetries}) alone on the last line. A board without {noun} prints nothing \
             and says `no solution` on standard error. {moves}; each is used once unless its \
             count says otherwise.\n\n\
             The search runs on all cores (`--threads`); {noun}s are printed in the order of \
             the sequential search whatever the threads.",
            self.about, self.drawn,
        )
    }
}

/// A board model as its subcommand reads it: the board and the pieces,
/// then the model built from them.
pub(crate) trait BoardModel: Packings + Sized {
    /// A board.
    type Board;
    /// A set of pieces, each with its count.
    type Pieces;
    /// The subcommand's words.
    const WORDS: Words;

    /// `--board`: a board by name or size.
    fn named_board(spec: &str) -> anyhow::Result<Self::Board>;
    /// `--board-file`: a board drawn in ASCII art.
    fn drawn_board(text: &str) -> anyhow::Result<Self::Board>;
    /// `--knuth`: the board, and the pieces if it lists them, in the input
    /// form of Knuth's generator (asked only of a family with [`Words::knuth`]).
    fn knuth_board(text: &str) -> anyhow::Result<(Self::Board, Option<Self::Pieces>)>;
    /// A built-in piece set by name.
    fn piece_set(name: &str) -> anyhow::Result<Self::Pieces>;
    /// The pieces of a piece file.
    fn piece_file(text: &str) -> anyhow::Result<Self::Pieces>;
    /// The pieces, each count multiplied by `k`.
    fn times(pieces: Self::Pieces, k: usize) -> Self::Pieces;
    /// The pieces, then `more` (names must stay distinct).
    fn extend(pieces: Self::Pieces, more: Self::Pieces) -> anyhow::Result<Self::Pieces>;
    /// `--only`: the pieces named by `terms`, each `NAME` or `NAME*K`.
    fn select(pieces: &Self::Pieces, terms: &[&str]) -> anyhow::Result<Self::Pieces>;
    /// `--list-pieces`: each piece as listed.
    fn listed(pieces: &Self::Pieces) -> Vec<Listed>;
    /// The memory the model will take, before it is built.
    fn footprint(board: &Self::Board, pieces: &Self::Pieces, one_sided: bool) -> Footprint;
    /// The model of a board and its pieces (turned over unless `one_sided`).
    fn new(board: Self::Board, pieces: Self::Pieces, one_sided: bool) -> anyhow::Result<Self>;
    /// A packing as an SVG picture: with `layers`, the second view.
    fn draw(packing: &Self::Packing, layers: bool) -> String;
}

/// A board subcommand's flags, for model `M`: clap's definitions are made
/// from `M`'s [`Words`], so that every family has the same flags.
#[derive(Debug)]
pub(crate) struct BoardArgs<M> {
    board: Option<String>,
    board_file: Option<PathBuf>,
    knuth: Option<PathBuf>,
    pieces: Option<String>,
    only: Option<String>,
    one_sided: bool,
    layers: bool,
    verbs: PackingArgs,
    model: PhantomData<fn() -> M>,
}

impl<M: BoardModel> Args for BoardArgs<M> {
    fn augment_args(command: Command) -> Command {
        let words = &M::WORDS;
        let (board, board_value, board_alias) = words.board;
        let (pieces, sets) = words.pieces;
        // Each flag as clap's derive makes it: its id the field's name.
        let value = |id: &'static str, long: &'static str, name: &'static str, help: String| {
            Arg::new(id)
                .long(long)
                .value_name(name)
                .help(help)
                .action(ArgAction::Set)
        };
        let switch = |id: &'static str, long: &'static str, help: &'static str| {
            Arg::new(id)
                .long(long)
                .help(help)
                .action(ArgAction::SetTrue)
        };
        let file = |id, long, help: &str| {
            value(id, long, "FILE", help.to_owned()).value_parser(value_parser!(PathBuf))
        };
        let knuth = words.knuth.map(|help| file("knuth", "knuth", help));
        // Each conflict is said by the flag given first in the help, as the
        // completion scripts show it.
        let sources: &[&str] = match knuth {
            Some(_) => &["board_file", "knuth"],
            None => &["board_file"],
        };
        let board = format!("{board} [default: {}]", words.default_board);
        let pieces = format!(
            "The pieces: {pieces} or a piece FILE, each optionally `*K`; several separated by \
             commas [default: {}]",
            words.default_pieces
        );
        let only = format!(
            "Use only these pieces of the set, by name, each optionally `*K` (for example \
             `--only {}`)",
            words.only
        );
        let mut flags = vec![
            value("board", "board", board_value, board)
                .visible_aliases(board_alias)
                .conflicts_with_all(sources),
            file("board_file", "board-file", words.board_file).conflicts_with_all(&sources[1..]),
        ];
        flags.extend(knuth);
        flags.push(
            value("pieces", "pieces", "SET|FILE", pieces)
                .value_parser(SetOrFile(sets))
                .hide_possible_values(true),
        );
        flags.push(value("only", "only", "NAMES", only));
        if words.solid.is_none() {
            let help = "Pieces may be rotated but not turned over";
            flags.push(switch("one_sided", "one-sided", help));
        }
        flags.extend(
            words
                .layers
                .map(|help| switch("layers", "layers", help).requires("svg")),
        );
        // The verbs' flags follow; the subcommand's own help is set after
        // theirs, which it replaces.
        PackingArgs::augment_args(command.args(flags))
            .about(words.about)
            .long_about(words.long_about(M::NOUN))
            .after_help(words.after_help)
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl<M: BoardModel> FromArgMatches for BoardArgs<M> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let words = &M::WORDS;
        let text = |id: &str| matches.get_one::<String>(id).cloned();
        // Only the flags the family has are asked for.
        Ok(BoardArgs {
            board: text("board"),
            board_file: matches.get_one::<PathBuf>("board_file").cloned(),
            knuth: words
                .knuth
                .and_then(|_| matches.get_one::<PathBuf>("knuth").cloned()),
            pieces: text("pieces"),
            only: text("only"),
            one_sided: words.solid.is_none() && matches.get_flag("one_sided"),
            layers: words.layers.is_some() && matches.get_flag("layers"),
            verbs: PackingArgs::from_arg_matches(matches)?,
            model: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// Runs a board subcommand: reads the board and the pieces, then lists the
/// pieces or runs the verb the flags ask for on the model.
pub(crate) fn run<M: BoardModel>(args: &BoardArgs<M>) -> anyhow::Result<()> {
    let words = &M::WORDS;
    let (board, knuth_pieces) = read_board(args).bad_input()?;
    let mut pieces = match (knuth_pieces, &args.pieces) {
        (Some(_), Some(_)) => {
            return Err(anyhow::anyhow!(
                "--knuth's file lists its pieces, and --pieces names others: give the pieces once"
            ))
            .bad_input()
        }
        (Some(pieces), None) => pieces,
        (None, spec) => {
            read_pieces::<M>(spec.as_deref().unwrap_or(words.default_pieces)).bad_input()?
        }
    };
    if let Some(only) = &args.only {
        let terms: Vec<&str> = only
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect();
        pieces = M::select(&pieces, &terms)
            .context("bad --only")
            .bad_input()?;
    }
    let verbs = &args.verbs;
    if verbs.list_pieces {
        return list_pieces(words.name, M::listed(&pieces), &verbs.search.report);
    }
    let start = Instant::now();
    let mut run = verbs.search.start()?;
    // One solver per thread, the root, and the symmetry count's own problem.
    let solvers = run.threads()? as u64 + 2;
    let footprint = M::footprint(&board, &pieces, args.one_sided);
    run.check_memory(
        &format!("the {} problem", M::NOUN),
        footprint.total(solvers),
    )?;
    let model = M::new(board, pieces, args.one_sided)
        .context("cannot set up the puzzle")
        .bad_input()?;
    let draw = |packing: &M::Packing| M::draw(packing, args.layers);
    packings::run(verbs, &model, &draw, &mut run, start)
}

/// The board, and the pieces of a `--knuth` file that lists them.
fn read_board<M: BoardModel>(args: &BoardArgs<M>) -> anyhow::Result<(M::Board, Option<M::Pieces>)> {
    if let Some(path) = &args.knuth {
        let (name, text) = read_text(Some(path))?;
        return M::knuth_board(&text).with_context(|| format!("in {name}"));
    }
    if let Some(path) = &args.board_file {
        let (name, text) = read_text(Some(path))?;
        let board = M::drawn_board(&text).with_context(|| format!("in board file {name}"))?;
        return Ok((board, None));
    }
    let spec = args.board.as_deref().unwrap_or(M::WORDS.default_board);
    Ok((M::named_board(spec).context("bad --board")?, None))
}

/// Reads `--pieces`: comma-separated terms, each a set name or a file, with an optional `*K`.
fn read_pieces<M: BoardModel>(spec: &str) -> anyhow::Result<M::Pieces> {
    let mut set: Option<M::Pieces> = None;
    for term in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        // `*K` is read as every family reads it in its piece files.
        let (what, k) = split_count(term).context("bad --pieces")?;
        let pieces = match M::piece_set(what) {
            Ok(pieces) => pieces,
            Err(unknown) => {
                let path = Path::new(what);
                if !path.exists() {
                    return Err(unknown.context(format!(
                        "bad --pieces: `{what}` is neither a piece set nor a file"
                    )));
                }
                let (name, text) = read_text(Some(path))?;
                M::piece_file(&text).with_context(|| format!("in piece file {name}"))?
            }
        };
        let pieces = M::times(pieces, k);
        set = Some(match set {
            None => pieces,
            Some(set) => M::extend(set, pieces).context("bad --pieces")?,
        });
    }
    set.context("bad --pieces: no pieces named")
}

/// A piece as `--list-pieces` prints it.
pub(crate) struct Listed {
    pub(crate) name: String,
    pub(crate) symbol: char,
    pub(crate) count: usize,
    /// The piece drawn as the board files draw it.
    pub(crate) art: String,
    /// Its cells, as JSON objects.
    pub(crate) cells: Vec<Value>,
}

/// `--list-pieces`: each piece's name, symbol, count and shape, or a JSON
/// line of type `kind` for each.
pub(crate) fn list_pieces(
    kind: &'static str,
    pieces: impl IntoIterator<Item = Listed>,
    report: &ReportArgs,
) -> anyhow::Result<()> {
    let mut output = Output::new();
    for (index, p) in pieces.into_iter().enumerate() {
        if report.json {
            output.json(&Other {
                kind,
                fields: fields(serde_json::json!({
                    "piece": index,
                    "name": p.name,
                    "symbol": p.symbol.to_string(),
                    "count": p.count,
                    "cells": p.cells,
                })),
            })?;
            continue;
        }
        out!(output, "{} (drawn {}) x{}:", p.name, p.symbol, p.count)?;
        out!(output, "{}", p.art)?;
        out!(output, "")?;
    }
    output.flush()
}

/// The value parser of `--pieces`: any text (a set, a file, a list of
/// them), with a family's built-in sets as its possible values, which the
/// shells' completion scripts offer (`dlx completions` adds the file names).
#[derive(Clone, Debug)]
pub(crate) struct SetOrFile(pub(crate) &'static [(&'static str, &'static str)]);

impl clap::builder::TypedValueParser for SetOrFile {
    type Value = String;

    fn parse_ref(
        &self,
        command: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|(name, help)| {
            clap::builder::PossibleValue::new(*name).help(*help)
        })))
    }
}
