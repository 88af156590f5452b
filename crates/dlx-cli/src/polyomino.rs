//! `dlx polyomino` (alias `pentomino`): tile a board with polyominoes, count the tilings, draw one.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Solver};
use dlx_models::polyomino::{split_count, Board, KnuthSpec, PieceSet, Polyomino, Tiling};

use crate::shared::{
    fields, out, print_counted, read_text, Line, MemoArgs, Other, Output, Pictures, ReportArgs,
    ResultExt as _, Run, RunArgs, COUNT_HELP, LIMIT_HELP,
};

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
    #[arg(long, value_name = "SET|FILE", value_parser = SetOrFile, hide_possible_values = true)]
    pieces: Option<String>,
    /// Use only these pieces of the set, by name, each optionally `*K` (for
    /// example `--only L,P*2,Y`).
    #[arg(long, value_name = "NAMES")]
    only: Option<String>,
    /// Pieces may be rotated but not turned over.
    #[arg(long)]
    one_sided: bool,
    #[arg(long, help = COUNT_HELP)]
    count: bool,
    /// Print the number of tilings up to the board's symmetries (visiting
    /// every tiling, whatever --memo says).
    #[arg(long, conflicts_with = "memo")]
    distinct: bool,
    #[arg(long, value_name = "N", conflicts_with_all = ["distinct", "memo"], value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    limit: Option<u64>,
    /// Also draw the first tiling as an SVG picture in PATH (a folder, an
    /// existing one or PATH ending with `/`, gets tiling.svg); with
    /// --sample K, each tiling drawn (PATH-1.svg, ..., or tiling-1.svg, ...
    /// in a folder).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "distinct"])]
    svg: Option<PathBuf>,
    /// Draw K tilings uniformly at random instead (independently: one may
    /// come twice), each with exactly the same chance, as `dlx sample` draws
    /// solutions; with --svg, each is drawn in PATH (tiling-1.svg, ...).
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "distinct", "limit"],
        value_parser = clap::value_parser!(u64).range(1..))]
    sample: Option<u64>,
    /// The seed of --sample: the same seed draws the same tilings [default:
    /// picked from the clock, and said on standard error].
    #[arg(long, value_name = "S", requires = "sample")]
    seed: Option<u64>,
    /// Print the exact cover problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "json", "stats", "sample"])]
    emit_dlx: bool,
    /// Print the pieces (name, count, shape) instead of solving.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "emit_dlx"])]
    list_pieces: bool,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    memo: MemoArgs,
    #[command(flatten)]
    run: RunArgs,
}

/// The built-in piece sets, by the names `--pieces` completes (`PieceSet::builtin` reads them).
pub(crate) const PIECE_SETS: [(&str, &str); 4] = [
    ("pentominoes", "the 12 pentominoes"),
    ("tetrominoes", "the 5 tetrominoes"),
    ("hexominoes", "the 35 hexominoes"),
    ("domino", "the domino, as many as fill the board"),
];

/// The value parser of `--pieces`: any text (a set, a file, a list of
/// them), with the built-in sets as its possible values, which the shells'
/// completion scripts offer (`dlx completions` adds the file names).
#[derive(Clone, Debug)]
struct SetOrFile;

impl clap::builder::TypedValueParser for SetOrFile {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(PIECE_SETS.iter().map(|(name, help)| {
            clap::builder::PossibleValue::new(*name).help(*help)
        })))
    }
}

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
    let mut output = Output::new();
    if args.list_pieces {
        for (index, p) in pieces.pieces().iter().enumerate() {
            if args.report.json {
                output.json(&Other {
                    kind: "polyomino",
                    fields: fields(serde_json::json!({
                        "piece": index,
                        "name": p.name,
                        "symbol": p.symbol.to_string(),
                        "count": p.count,
                        "cells": cells(p.shape.cells()),
                    })),
                })?;
                continue;
            }
            out!(output, "{} (drawn {}) x{}:", p.name, p.symbol, p.count)?;
            out!(output, "{}", p.shape.to_art())?;
            out!(output, "")?;
        }
        return output.flush();
    }
    let start = Instant::now();
    let mut run = Run::new(&args.run, &args.report)?;
    // One solver per thread, the root, and the symmetry count's own problem.
    let solvers = run.threads()? as u64 + 2;
    let footprint = Polyomino::footprint(&board, &pieces, args.one_sided);
    run.check_memory("the tiling problem", footprint.total(solvers))?;
    let model = Polyomino::new(board, pieces, args.one_sided)
        .context("cannot set up the puzzle")
        .bad_input()?;
    if args.emit_dlx {
        out!(
            output,
            "| {} pieces on a board of {} cells.",
            model.pieces().len(),
            model.board().n_cells()
        )?;
        out!(output, "{}", write_dlx(model.problem()).trim_end())?;
        return output.flush();
    }
    if let Some(samples) = args.sample {
        return sample(&args, &model, samples, &mut run, &mut output, start);
    }
    if (args.count && args.limit.is_none()) || args.distinct {
        // The models' one policy: memoised where regions repeat (counts no
        // enumeration reaches), else one search by symmetry for both counts.
        let counted = run.count_tilings(&model, args.distinct, &args.memo)?;
        let seconds = start.elapsed().as_secs_f64();
        if let (Some(inner), false) = (&counted.counted, args.distinct) {
            let mut inner = inner.clone();
            inner.count = counted.all.clone();
            return print_counted(&run, &inner, &mut output, &args.report, 1, seconds);
        }
        let all = counted.all.unwrap_or_default();
        let distinct = counted.distinct.filter(|_| args.distinct);
        if args.report.json {
            output.json(&Line::count(None, all, distinct, None, None))?;
        } else {
            if args.count {
                out!(output, "{all}")?;
            }
            if let Some(distinct) = distinct {
                out!(output, "{distinct}")?;
            }
        }
        output.flush()?;
        args.report.stats(&mut output, &run.stats(), seconds, &[])?;
        return run.finish("the count");
    }
    // Listing (or counting to `--limit`): the first tilings in the order
    // of the sequential search.
    let limit = args.limit.unwrap_or(1);
    let mut printed = 0u64;
    let mut first: Option<Tiling> = None;
    // Checks and prints one tiling (counts it, with `--count`); returns how
    // many are found so far.
    let mut show = |tiling: Tiling| -> anyhow::Result<u64> {
        tiling
            .check(model.board(), model.pieces(), model.one_sided())
            .context("internal error: the tiling found breaks the rules")?;
        if !args.count {
            write_tiling(&mut output, &args.report, printed, &tiling)?;
        }
        printed += 1;
        first.get_or_insert(tiling);
        Ok(printed)
    };
    // Of the solutions that permute copies of a piece, one is listed.
    let flow = run.visit(Solver::new(model.problem()), true, None, |solution| {
        if !model.lists(solution) {
            return ControlFlow::Continue(());
        }
        match show(model.decode(solution)) {
            Err(err) => ControlFlow::Break(Some(err)),
            Ok(n) if n >= limit => ControlFlow::Break(None),
            Ok(_) => ControlFlow::Continue(()),
        }
    })?;
    let complete = match flow {
        ControlFlow::Break(Some(err)) => return Err(err),
        ControlFlow::Break(None) => true,
        ControlFlow::Continue(outcome) => outcome.is_complete(),
    };
    if args.count {
        args.report
            .count(&mut output, None, u128::from(printed), args.limit)?;
    } else if printed == 0 && complete {
        args.report.no_solution(&mut output, None)?;
    }
    output.flush()?;
    if let (Some(path), Some(tiling)) = (&args.svg, &first) {
        Pictures::new(path, false, "tiling").write(0, &tiling.to_svg())?;
    }
    let seconds = start.elapsed().as_secs_f64();
    args.report.stats(&mut output, &run.stats(), seconds, &[])?;
    run.finish("the output")
}

/// `--sample K`: K tilings drawn uniformly at random from the diagram of the
/// memoised count (each tiling is the same number of solutions, one per
/// order of the copies of each piece, so uniform solutions are uniform
/// tilings), printed as a listing prints them.
fn sample(
    args: &PolyominoArgs,
    model: &Polyomino,
    samples: u64,
    run: &mut Run,
    output: &mut Output,
    start: Instant,
) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(crate::shared::seed_from_clock);
    let Some(diagram) = run.diagram(model.problem(), "--sample")? else {
        return run.finish_unprinted("the diagram to draw from");
    };
    let tilings = diagram.count().div_floor(model.solutions_per_tiling());
    if args.report.json {
        output.json(&Line::Sampling {
            seed,
            count_decimal: tilings.to_string(),
            count: tilings.clone(),
        })?;
    } else if args.seed.is_none() {
        crate::shared::note(&format!(
            "dlx: seed {seed} (--seed {seed} draws these tilings again)"
        ));
    }
    if tilings.is_zero() {
        args.report.no_solution(output, None)?;
    }
    let pictures = args
        .svg
        .as_ref()
        .map(|path| Pictures::new(path, samples > 1, "tiling"));
    let draws = usize::try_from(samples).unwrap_or(usize::MAX);
    for (index, solution) in diagram.samples(seed).take(draws).enumerate() {
        let tiling = model.decode(&solution);
        tiling
            .check(model.board(), model.pieces(), model.one_sided())
            .context("internal error: the tiling drawn breaks the rules")?;
        write_tiling(output, &args.report, index as u64, &tiling)?;
        if let Some(pictures) = &pictures {
            output.flush()?;
            pictures.write(index, &tiling.to_svg())?;
        }
    }
    output.flush()?;
    crate::shared::print_diagram_stats(&args.report, &diagram, output, start)?;
    run.finish("the sample")
}

/// Writes tiling `index` of a listing: a JSON line, or the board drawn
/// (after a blank line, but for the first).
fn write_tiling(
    output: &mut Output,
    report: &ReportArgs,
    index: u64,
    tiling: &Tiling,
) -> anyhow::Result<()> {
    let answer = || {
        let pieces: Vec<_> = tiling
            .placed()
            .iter()
            .map(|placed| {
                serde_json::json!({
                    "piece": placed.piece,
                    "name": tiling.piece_name(placed.piece),
                    "cells": cells(&placed.cells),
                })
            })
            .collect();
        fields(serde_json::json!({ "pieces": pieces }))
    };
    report.solution(
        output,
        (None, index),
        answer,
        || tiling.to_string(),
        index > 0,
    )
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
