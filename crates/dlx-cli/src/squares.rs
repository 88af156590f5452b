//! `dlx squares`: the fewest matchsticks to remove so that no square is left (POJ 1084).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use dlx_core::{write_dlx, MinCover};
use dlx_models::squares::parse;

use crate::shared::cases::answer_cases;
use crate::shared::cases::emit_dlx;
use crate::shared::{encoded, finish_run, minimum, out, read_cases, Output, Pictures, SearchArgs};

/// Find the fewest matchsticks to remove so that no square is left (POJ 1084).
///
/// An n x n grid of matchsticks (n at most 8; the problem asks for at most 5)
/// is numbered from 1 row by row: the n horizontal sticks of the top edge,
/// then the n + 1 vertical sticks below them, then the next n horizontal
/// sticks, and so on. The input holds the number of grids, then for each grid
/// `n` and a line `k s1 .. sk` of the sticks already missing. Each grid gets
/// one line: the fewest further sticks whose removal leaves no square of any
/// size, found as a minimum repeated cover and proven minimal.
///
/// `--svg PATH` also draws each grid with every stick numbered: those still
/// there in dark gray, those missing from the start faint and dashed, those
/// to remove in red; in PATH for an input of one grid, in PATH-1.svg,
/// PATH-2.svg, ... (numbered from 1 in input order, before the extension)
/// for several, or in a folder as grid.svg or grid-1.svg, grid-2.svg, ...
///
/// The grids are answered on all cores (`--threads`), the answers printed
/// in input order.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx squares data/squares/sample.txt\n  dlx squares --sticks data/squares/sample.txt\n  printf '1\\n5\\n0\\n' | dlx squares\n  dlx squares data/squares/sample.txt --svg grid.svg\n  dlx squares --emit-dlx data/squares/sample.txt"
)]
pub(crate) struct SquaresArgs {
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print the sticks to remove (ascending) after the number, on the same line.
    #[arg(long)]
    sticks: bool,
    /// Also draw each grid and the sticks to remove as an SVG picture, in
    /// PATH for one grid; for several, in PATH-1.svg, PATH-2.svg, ...
    /// (numbered from 1 in input order, before the extension: x.svg gives
    /// x-1.svg, x-2.svg); a folder (an existing one, or PATH ending with `/`,
    /// made if missing) gets grid.svg, or grid-1.svg, grid-2.svg, ...
    #[arg(long, value_name = "PATH", conflicts_with = "emit_dlx")]
    svg: Option<PathBuf>,
    /// Print each grid's repeated cover problem in Knuth's DLX format
    /// instead of solving it (an item a complete square, an option a stick
    /// that borders one; solve it with `dlx cover`).
    #[arg(long, conflicts_with_all = ["sticks", "json", "stats"])]
    emit_dlx: bool,
    #[command(flatten)]
    search: SearchArgs,
}

pub(crate) fn run(args: SquaresArgs) -> anyhow::Result<()> {
    let (name, cases, start) = read_cases(args.file.as_deref(), |text| parse(text).collect())?;
    if args.emit_dlx {
        return emit_dlx(&name, "grid", &cases, |case| {
            let text = case.grid.encode().map(|e| write_dlx(e.problem()));
            (case.line, text)
        });
    }
    let mut output = Output::new();
    let report = args.search.report;
    let mut run = args.search.start()?;
    // The sticks removed in each grid, for the pictures.
    let mut removed = Vec::new();
    answer_cases(
        &mut run,
        &cases,
        |case, search| {
            let encoding = encoded(case.grid.encode(), &name, "grid", case.line)?;
            if encoding.problem().n_primary() == 0 {
                // No square to destroy.
                return Ok(Some(Vec::new()));
            }
            let sticks = search
                .min_cover(MinCover::new(encoding.problem()))?
                .map(|options| encoding.decode(&options));
            if let Some(sticks) = &sticks {
                case.grid
                    .check(sticks)
                    .context("internal error: a square is left after the removal")?;
            }
            Ok(sticks)
        },
        |index, sticks| {
            // Every complete square has a side to remove: a search that
            // ends has a cover, and a stopped one is not emitted.
            let sticks = sticks.context("internal error: no sticks to remove")?;
            if report.json {
                // Sticks from 0 in JSON, as every index there.
                let from_0: Vec<usize> = sticks.iter().map(|stick| stick - 1).collect();
                let answer = serde_json::json!({ "sticks": from_0 });
                output.json(&minimum(Some(index), "sticks", sticks.len(), answer))?;
                removed.push(sticks);
                return Ok(());
            }
            let mut line = sticks.len().to_string();
            if args.sticks {
                for stick in &sticks {
                    line.push(' ');
                    line.push_str(&stick.to_string());
                }
            }
            out!(output, "{line}")?;
            removed.push(sticks);
            Ok(())
        },
    )?;
    output.flush()?;
    if let Some(path) = &args.svg {
        let pictures = Pictures::new(path, cases.len() > 1, "grid");
        for (index, (case, sticks)) in cases.iter().zip(&removed).enumerate() {
            pictures.write(index, &case.grid.to_svg(sticks))?;
        }
    }
    let grids = [("grids", removed.len().into())];
    finish_run(&run, &report, &mut output, start, &grids, "the output")
}
