//! `dlx polyhex`: fill a board of hexagons with polyhexes such as the 7 tetrahexes, count the packings, draw one.

use std::path::PathBuf;

use clap::Args;
use dlx_models::polyform::Motions;
use dlx_models::polyhex::{Cell, Hexagonal, Packing};
use serde_json::Value;

use crate::polyform::{Face, Input};
use crate::shared::packings::{PackingArgs, SetOrFile};

/// Fill a board of hexagons with polyhexes (the 7 tetrahexes unless told otherwise).
///
/// Prints one packing by default, each hexagon the letter of its piece, two
/// characters a hexagon and each row shifted one character from the next,
/// or the first N with `--limit N` (a blank line between two); `--count` and
/// `--distinct` print the number of packings (all, and up to the board's
/// rotations and reflections) alone on the last line. A board without
/// packing prints nothing and says `no solution` on standard error. Pieces
/// may be turned over unless `--one-sided`; each is used once unless its
/// count says otherwise.
///
/// The search runs on all cores (`--threads`); packings are printed in the
/// order of the sequential search whatever the threads.
#[derive(Debug, Args)]
#[command(after_help = "\
Boards are parallelogram:WxH (W hexagons along a row, H rows, each row half
a hexagon to the right of the one below), rhombus:N, hexagon:N (the regular
hexagon of side N, 3N(N-1)+1 hexagons), triangle:N, or drawn in ASCII art
(--board-file): each line a row of hexagons from the top, two characters a
hexagon (`#` a cell and `.` a hole, then a space), each row shifted one
character from its neighbours; lines starting with `|` are comments. The
hexagon of side 2 is ` # #` over `# # #` over ` # #`.
Pieces are a built-in set (dihex, trihexes, tetrahexes, pentahexes,
hexahexes, polyhexes:N) or a file of pieces drawn the same way, in blocks
separated by blank lines, each under an optional header `NAME:` or
`NAME*K:`; append `*K` to use each piece K times; separate several with
commas.

Examples:
  dlx polyhex
  dlx polyhex --board parallelogram:7x4 --count --distinct
  dlx polyhex --board-file data/polyform/tetrahex-notch.txt --count --distinct
  dlx polyhex --board parallelogram:11x10 --pieces pentahexes --svg pentahexes.svg
  dlx polyhex --board parallelogram:6x3 --pieces trihexes*2 --count --distinct
  dlx polyhex --pieces tetrahexes --list-pieces
  dlx polyhex --board rhombus:6 --pieces dihex --sample 1 --seed 5 --svg dihexes.svg
  dlx polyhex --board parallelogram:7x4 --emit-dlx | dlx solve --count")]
pub(crate) struct PolyhexArgs {
    /// The board: parallelogram:WxH, rhombus:N, hexagon:N or triangle:N
    /// [default: parallelogram:7x4].
    #[arg(long, value_name = "NAME", conflicts_with = "board_file")]
    board: Option<String>,
    /// A board drawn in ASCII art (`#` a hexagon, `.` a hole, a space
    /// between two; `-` for standard input).
    #[arg(long, value_name = "FILE")]
    board_file: Option<PathBuf>,
    /// The pieces: dihex, trihexes, tetrahexes, pentahexes, hexahexes,
    /// polyhexes:N or a piece FILE, each optionally `*K`; several separated
    /// by commas [default: tetrahexes].
    // The sets are the completion's candidates; any other value is read as a file.
    #[arg(long, value_name = "SET|FILE", value_parser = SetOrFile(&PIECE_SETS), hide_possible_values = true)]
    pieces: Option<String>,
    /// Use only these pieces of the set, by name, each optionally `*K` (for
    /// example `--only 1,2*2,5`).
    #[arg(long, value_name = "NAMES")]
    only: Option<String>,
    /// Pieces may be rotated but not turned over.
    #[arg(long)]
    one_sided: bool,
    #[command(flatten)]
    packings: PackingArgs,
}

/// The built-in piece sets, by the names `--pieces` completes.
pub(crate) const PIECE_SETS: [(&str, &str); 5] = [
    ("dihex", "the dihex, as many as fill the board"),
    ("trihexes", "the 3 trihexes"),
    ("tetrahexes", "the 7 tetrahexes"),
    ("pentahexes", "the 22 pentahexes"),
    ("hexahexes", "the 82 hexahexes"),
];

impl Face for Hexagonal {
    fn cell_json(cell: Cell) -> Value {
        serde_json::json!({ "x": cell.x, "y": cell.y })
    }
}

pub(crate) fn run(args: PolyhexArgs) -> anyhow::Result<()> {
    let input = Input {
        board: args.board.as_deref(),
        default_board: "parallelogram:7x4",
        board_file: args.board_file.as_deref(),
        knuth: None,
        pieces: args.pieces.as_deref(),
        default_pieces: "tetrahexes",
        only: args.only.as_deref(),
        motions: if args.one_sided {
            Motions::Rotations
        } else {
            Motions::All
        },
        draw: Packing::to_svg,
    };
    crate::polyform::run(&input, &args.packings)
}
