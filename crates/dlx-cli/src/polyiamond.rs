//! `dlx polyiamond`: fill a board of triangles with polyiamonds such as the 12 hexiamonds, count the packings, draw one.

use dlx_models::polyform::Family as _;
use dlx_models::polyiamond::{Cell, KnuthSpec, Triangular};
use serde_json::Value;

use crate::polyform::{Face, KnuthReader, NAMED_BOARDS};
use crate::shared::boards::Words;

/// The built-in piece sets, by the names `--pieces` completes.
pub(crate) const PIECE_SETS: [(&str, &str); 7] = [
    ("triamonds", "the triamond"),
    ("tetriamonds", "the 3 tetriamonds"),
    ("pentiamonds", "the 4 pentiamonds"),
    ("hexiamonds", "the 12 hexiamonds"),
    ("heptiamonds", "the 24 heptiamonds"),
    ("octiamonds", "the 66 octiamonds"),
    ("diamond", "the diamond, as many as fill the board"),
];

impl Face for Triangular {
    const WORDS: Words = Words {
        name: Triangular::FAMILY,
        about:
            "Fill a board of triangles with polyiamonds (the 12 hexiamonds unless told otherwise)",
        drawn: "each triangle the letter of its piece (`/` and `\\` are not drawn: a triangle \
                points down where its line and column add to an even number)",
        solid: None,
        board: (NAMED_BOARDS, "NAME", None),
        default_board: "rhombus:6",
        board_file: "A board drawn in ASCII art (`#` a triangle, `.` or space a hole; `-` \
                     for standard input)",
        knuth: Some(
            "The board, and the pieces if it lists them, in the input form of \
             Knuth's polyiamond-dlx (`[0-5][0-5] [0-5][0-5]'`, then `NAME xy xy' \
             ...` a piece; `-` for standard input)",
        ),
        pieces: (
            "triamonds, tetriamonds, pentiamonds, hexiamonds, heptiamonds, octiamonds, \
             polyiamonds:N, diamond",
            &PIECE_SETS,
        ),
        default_pieces: "hexiamonds",
        only: "1,2*2,5",
        layers: None,
        after_help: "\
Boards are parallelogram:WxH (W rhombi along a row, H rows, each row half a
rhombus to the right of the one below: 2WH triangles), rhombus:N, hexagon:N
(the regular hexagon of side N), triangle:N, or drawn in ASCII art
(--board-file): each line a row of triangles from the top, each character
one triangle, `#` a cell and `.` or space a hole, pointing down where its
line and column (from 0) add to an even number; lines starting with `|` are
comments. The hexagon of side 2 is ` ##### ` over `#######` twice over ` ##### `.
Pieces are a built-in set (triamonds, tetriamonds, pentiamonds, hexiamonds,
heptiamonds, octiamonds, polyiamonds:N, or diamond, which alone fills the
board) or a file of pieces drawn the same way, in blocks separated by blank
lines, each under an optional header `NAME:` or `NAME*K:`; append `*K` to
use each piece K times; separate several with commas.

`--knuth FILE` reads the input of Knuth's polyiamond-dlx: lines starting with
`|` are comments; the first other line lists the board's cells, `xy` the
triangle pointing up and `xy'` the one pointing down to its right, each
coordinate a base-62 digit (0-9, a-z for 10-35, A-Z for 36-61) or a set in
brackets with ranges (`[0-5][0-5] [0-5][0-5]'` is the 6x6 rhombus); each
later line is a piece, its name (`K*NAME` or `K|NAME` for K copies) and the
cells of one of its placements in the same form; every rotation and
reflection of it is placed. Without piece lines, the pieces are those of
--pieces.

Examples:
  dlx polyiamond
  dlx polyiamond --board rhombus:6 --count --distinct
  dlx polyiamond --board parallelogram:4x9 --count --distinct
  dlx polyiamond --board-file data/polyform/hexiamond-hexagon.txt --svg hexagon.svg
  dlx polyiamond --knuth data/polyform/knuth-hexiamonds-4x9.txt --count
  dlx polyiamond --board hexagon:3 --pieces diamond --count --distinct
  dlx polyiamond --board hexagon:2 --pieces tetriamonds*2 --count --distinct
  dlx polyiamond --pieces hexiamonds --list-pieces
  dlx polyiamond --board hexagon:4 --pieces diamond --sample 1 --seed 3 --svg lozenges.svg
  dlx polyiamond --board parallelogram:4x9 --emit-dlx | dlx solve --count",
    };
    const KNUTH: Option<KnuthReader<Self>> = Some(KnuthSpec::parse);

    fn cell_json(cell: Cell) -> Value {
        serde_json::json!({ "x": cell.x, "y": cell.y, "down": cell.down })
    }
}
