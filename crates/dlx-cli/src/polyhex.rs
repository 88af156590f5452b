//! `dlx polyhex`: fill a board of hexagons with polyhexes such as the 7 tetrahexes, count the packings, draw one.

use dlx_models::polyform::Family as _;
use dlx_models::polyhex::{Cell, Hexagonal};
use serde_json::Value;

use crate::polyform::{Face, NAMED_BOARDS};
use crate::shared::boards::Words;

/// The built-in piece sets, by the names `--pieces` completes.
pub(crate) const PIECE_SETS: [(&str, &str); 5] = [
    ("dihex", "the dihex, as many as fill the board"),
    ("trihexes", "the 3 trihexes"),
    ("tetrahexes", "the 7 tetrahexes"),
    ("pentahexes", "the 22 pentahexes"),
    ("hexahexes", "the 82 hexahexes"),
];

impl Face for Hexagonal {
    const WORDS: Words = Words {
        name: Hexagonal::FAMILY,
        about: "Fill a board of hexagons with polyhexes (the 7 tetrahexes unless told otherwise)",
        drawn: "each hexagon the letter of its piece, two characters a hexagon and each row \
                shifted one character from the next",
        solid: None,
        board: (NAMED_BOARDS, "NAME", None),
        default_board: "parallelogram:7x4",
        board_file: "A board drawn in ASCII art (`#` a hexagon, `.` a hole, a space \
                     between two; `-` for standard input)",
        knuth: None,
        pieces: (
            "dihex, trihexes, tetrahexes, pentahexes, hexahexes, polyhexes:N",
            &PIECE_SETS,
        ),
        default_pieces: "tetrahexes",
        only: "1,2*2,5",
        layers: None,
        after_help: "\
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
  dlx polyhex --board parallelogram:7x4 --emit-dlx | dlx solve --count",
    };

    fn cell_json(cell: Cell) -> Value {
        serde_json::json!({ "x": cell.x, "y": cell.y })
    }
}
