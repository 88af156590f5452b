//! `dlx treasure`: the fewest pieces of a torn treasure map that put it back together (ZOJ 3209).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, Solver};
use dlx_models::treasure::{answer, parse, Map};

use crate::shared::cases::answer_cases;
use crate::shared::cases::emit_dlx;
use crate::shared::{
    encoded, finish_run, minimum, out, read_cases, Line, Output, Pictures, SearchArgs,
};

/// Find the fewest map pieces that tile each treasure map exactly (ZOJ 3209).
///
/// The input holds `T`, then for each map a line `n m p` and `p` lines
/// `x1 y1 x2 y2`, the corners of a rectangular piece on the `n x m` map. Each
/// map gets one line: the fewest pieces that cover it without overlap, or -1.
///
/// `--svg PATH` also draws each map with the pieces chosen, each a colored
/// rectangle labelled with its number in the input (from 1), x to the right
/// and y down: in PATH for an input of one map, in PATH-1.svg, PATH-2.svg, ...
/// (numbered from 1 in input order, before the extension) for several, or
/// in a folder as map.svg or map-1.svg, map-2.svg, ...
///
/// The maps are answered on all cores (`--threads`), the answers printed in
/// input order.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx treasure data/treasure/sample.txt\n  printf '1\\n5 5 1\\n0 0 5 5\\n' | dlx treasure\n  dlx treasure data/treasure/sample.txt --svg map.svg\n  dlx treasure --emit-dlx data/treasure/sample.txt"
)]
pub(crate) struct TreasureArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Also draw each map and the pieces chosen as an SVG picture, in PATH
    /// for one map; for several, in PATH-1.svg, PATH-2.svg, ... (numbered
    /// from 1 in input order, before the extension: x.svg gives x-1.svg,
    /// x-2.svg); a folder (an existing one, or PATH ending with `/`, made if
    /// missing) gets map.svg, or map-1.svg, map-2.svg, ...
    #[arg(long, value_name = "PATH", conflicts_with = "emit_dlx")]
    svg: Option<PathBuf>,
    /// Print each map's exact cover problem in Knuth's DLX format instead
    /// of solving it (one cell item a unit square, one option a piece).
    #[arg(long, conflicts_with_all = ["json", "stats"])]
    emit_dlx: bool,
    #[command(flatten)]
    search: SearchArgs,
}

pub(crate) fn run(args: TreasureArgs) -> anyhow::Result<()> {
    let (name, cases, start) = read_cases(args.file.as_deref(), |text| parse(text).collect())?;
    let report = args.search.report;
    let mut run = args.search.start()?;
    // Pieces may overlap: a file of a few lines can describe billions of
    // entries. Each thread holds one map's problem and solver at a time.
    // (A map alone in its input is searched on every thread, a solver each.)
    let at_once = run.threads()?.max(1) as u64;
    for case in &cases {
        let bytes = case.map.footprint().total(1).saturating_mul(at_once);
        run.check_memory(&format!("in {name}, the map of line {}", case.line), bytes)?;
    }
    if args.emit_dlx {
        return emit_dlx(&name, "map", &cases, |case| {
            let text = case.map.encode().map(|e| write_dlx(e.problem()));
            (case.line, text)
        });
    }
    let mut output = Output::new();
    // The pieces chosen for each map, for the pictures.
    let mut chosen = Vec::new();
    // Whether each map has a tiling (its pieces are empty without one).
    let mut tiled = Vec::new();
    answer_cases(
        &mut run,
        &cases,
        |case, search| {
            let encoding = encoded(case.map.encode(), &name, "map", case.line)?;
            let solver = Solver::new(encoding.problem());
            let pieces = search
                .min_options(solver)?
                .map(|options| encoding.decode(&options));
            if let Some(pieces) = &pieces {
                case.map
                    .check(pieces)
                    .context("internal error: the pieces chosen do not tile the map")?;
            }
            Ok(pieces)
        },
        |index, pieces| {
            if report.json {
                write_json(&mut output, index, &cases[index].map, pieces.as_deref())?;
            } else {
                // ZOJ 3209's answer, `-1` for a map without tiling.
                out!(output, "{}", answer(pieces.as_deref()))?;
            }
            tiled.push(pieces.is_some());
            chosen.push(pieces.unwrap_or_default());
            Ok(())
        },
    )?;
    output.flush()?;
    if let Some(path) = &args.svg {
        let pictures = Pictures::new(path, cases.len() > 1, "map");
        for (index, (case, pieces)) in cases.iter().zip(&chosen).enumerate() {
            let svg = case.map.to_svg(pieces);
            if tiled[index] {
                pictures.write(index, &svg)?;
            } else {
                // A map no pieces tile would be drawn empty: say so on it.
                pictures.write(index, &crate::shared::with_note(&svg, "no tiling"))?;
            }
        }
    }
    let maps = [("maps", chosen.len().into())];
    finish_run(&run, &report, &mut output, start, &maps, "the output")
}

/// The answer of map `case` as a JSON line: the fewest pieces (from 0, in
/// input order) with their corners, or `no_solution`.
fn write_json(
    output: &mut Output,
    case: usize,
    map: &Map,
    pieces: Option<&[usize]>,
) -> anyhow::Result<()> {
    let Some(pieces) = pieces else {
        return output.json(&Line::NoSolution { case: Some(case) });
    };
    let rectangles: Vec<_> = pieces
        .iter()
        .map(|&piece| {
            let rect = &map.pieces()[piece];
            serde_json::json!({
                "piece": piece,
                "x1": rect.x1,
                "y1": rect.y1,
                "x2": rect.x2,
                "y2": rect.y2,
            })
        })
        .collect();
    let answer = serde_json::json!({ "rectangles": rectangles });
    output.json(&minimum(Some(case), "pieces", pieces.len(), answer))
}
