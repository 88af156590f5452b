//! `dlx polyomino` (alias `pentomino`): tile a board with polyominoes, count the tilings, draw one.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Solver};
use dlx_models::polyomino::{split_count, Board, PieceSet, Polyomino, Tiling};

use crate::shared::{out, print_stats, read_text, write_svg, Output, ResultExt as _, Run, RunArgs};

/// Tile a board with polyominoes (the 12 pentominoes unless told otherwise).
///
/// Prints one tiling by default, each cell the letter of its piece and `.`
/// for a hole; `--count` and `--distinct` print the number of tilings (all,
/// and up to the board's rotations and reflections) alone on the last line.
/// Each piece is used once unless its count says otherwise.
///
/// The search runs on all cores (`--threads`); tilings are printed in the
/// order of the sequential search whatever the threads.
#[derive(Debug, Args)]
#[command(after_help = "\
Boards are WIDTHxHEIGHT (10x6 is 6 rows of 10) or ASCII art (`#` a cell, `.` a hole).
Pieces are a built-in set (pentominoes, tetrominoes, hexominoes) or a file of
ASCII-art pieces (blocks separated by blank lines, an optional header `NAME:` or
`NAME*K:`); append `*K` to use each piece K times; separate several with commas.

Examples:
  dlx pentomino --board 10x6
  dlx pentomino --board 6x10 --count --distinct
  dlx pentomino --board-file data/polyomino/8x8-centre-hole.txt --svg scott.svg
  dlx polyomino --board 8x5 --pieces tetrominoes*2 --count
  dlx polyomino --board 5x3 --only L,P,V --count --distinct
  dlx polyomino --board 8x5 --pieces data/polyomino/tetrominoes-twice.txt
  dlx polyomino --board 20x3 --emit-dlx | dlx solve --count")]
pub(crate) struct PolyominoArgs {
    /// The board, WIDTHxHEIGHT [default: 6x10].
    #[arg(long, value_name = "WxH", conflicts_with = "board_file")]
    board: Option<String>,
    /// A board drawn in ASCII art (`#` a cell, `.` or space a hole; `-` for standard input).
    #[arg(long, value_name = "FILE")]
    board_file: Option<PathBuf>,
    /// The pieces: pentominoes, tetrominoes, hexominoes or a piece FILE, each
    /// optionally `*K`; several separated by commas.
    #[arg(long, value_name = "SET|FILE", default_value = "pentominoes")]
    pieces: String,
    /// Use only these pieces of the set, by name, each optionally `*K` (for
    /// example `--only L,P*2,Y`).
    #[arg(long, value_name = "NAMES")]
    only: Option<String>,
    /// Pieces may be rotated but not turned over.
    #[arg(long)]
    one_sided: bool,
    /// Print the number of tilings.
    #[arg(long)]
    count: bool,
    /// Print the number of tilings up to the board's symmetries.
    #[arg(long)]
    distinct: bool,
    /// Print up to N tilings (a blank line between them) instead of one.
    #[arg(long, value_name = "N", conflicts_with_all = ["count", "distinct"])]
    limit: Option<u64>,
    /// Also draw the first tiling as an SVG picture in FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "distinct"])]
    svg: Option<PathBuf>,
    /// Print the exact cover problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg"])]
    emit_dlx: bool,
    /// Print the pieces (name, count, shape) instead of solving.
    #[arg(long, conflicts_with_all = ["count", "distinct", "limit", "svg", "emit_dlx"])]
    list_pieces: bool,
    /// Print the search statistics (nodes, updates, solutions, time) to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

pub(crate) fn run(args: PolyominoArgs) -> anyhow::Result<()> {
    let board = read_board(&args).bad_input()?;
    let mut pieces = read_pieces(&args.pieces).bad_input()?;
    if let Some(only) = &args.only {
        pieces = select(&pieces, only).context("bad --only").bad_input()?;
    }
    let mut output = Output::new();
    if args.list_pieces {
        for p in pieces.pieces() {
            out!(output, "{} (drawn {}) x{}:", p.name, p.symbol, p.count)?;
            out!(output, "{}", p.shape.to_art())?;
            out!(output, "")?;
        }
        return output.flush();
    }
    let start = Instant::now();
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
    let mut run = Run::new(&args.run)?;
    if args.count || args.distinct {
        // One search gives both counts (see `Polyomino::count_by_symmetry`),
        // each thread testing the solutions it finds.
        let count = model.symmetry_count().bad_input()?;
        let mut solver = run.parallel(Solver::new(count.problem()))?;
        let progress = solver.progress();
        let (orbits, tilings) = run.watch(&progress, || {
            solver.fold(
                || (0u64, 0u64),
                |(orbits, tilings), solution| {
                    if let Some(size) = count.orbit(solution) {
                        *orbits += 1;
                        *tilings += size;
                    }
                },
                |a, b| (a.0 + b.0, a.1 + b.1),
            )
        });
        let counts = count.counts(orbits, tilings);
        if args.count {
            out!(output, "{}", counts.all)?;
        }
        if args.distinct {
            out!(output, "{}", counts.distinct)?;
        }
        output.flush()?;
        if args.stats {
            print_stats(solver.stats(), start.elapsed().as_secs_f64());
        }
        return run.finish("the count");
    }
    let limit = args.limit.unwrap_or(1);
    let mut printed = 0u64;
    let mut first: Option<Tiling> = None;
    // Checks and prints one tiling; returns how many are printed so far.
    let mut show = |tiling: Tiling| -> anyhow::Result<u64> {
        tiling
            .check(model.board(), model.pieces(), model.one_sided())
            .context("internal error: the tiling found breaks the rules")?;
        if printed > 0 {
            out!(output, "")?;
        }
        out!(output, "{}", tiling.to_string().trim_end())?;
        printed += 1;
        first.get_or_insert(tiling);
        Ok(printed)
    };
    let mut solver = run.parallel(Solver::new(model.problem()))?;
    solver.set_ordered(true);
    if limit > 0 {
        let progress = solver.progress();
        // Of the solutions that permute copies of a piece, one is listed.
        let flow = run.watch(&progress, || {
            solver.visit(|solution| {
                if !model.lists(solution) {
                    return ControlFlow::Continue(());
                }
                match show(model.decode(solution)) {
                    Err(err) => ControlFlow::Break(Some(err)),
                    Ok(n) if n >= limit => ControlFlow::Break(None),
                    Ok(_) => ControlFlow::Continue(()),
                }
            })
        });
        if let ControlFlow::Break(Some(err)) = flow {
            return Err(err);
        }
        if printed == 0 && run.stopped().is_none() {
            out!(output, "no tiling")?;
        }
    }
    output.flush()?;
    if let (Some(path), Some(tiling)) = (&args.svg, &first) {
        write_svg(path, &tiling.to_svg())?;
    }
    if args.stats {
        print_stats(solver.stats(), start.elapsed().as_secs_f64());
    }
    run.finish("the output")
}

fn read_board(args: &PolyominoArgs) -> anyhow::Result<Board> {
    if let Some(path) = &args.board_file {
        let (name, text) = read_text(Some(path))?;
        return Board::parse(&text).with_context(|| format!("in board file {name}"));
    }
    let spec = args.board.as_deref().unwrap_or("6x10");
    Board::parse_size(spec).context("bad --board")
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
