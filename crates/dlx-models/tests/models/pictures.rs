//! Tests of the SVG pictures of every model: each reads back as well-formed SVG, says what it shows, and small ones are reviewed snapshots.

use std::collections::BTreeMap;

use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use dlx_models::queens::{Queens, Square};
use dlx_models::sudoku::{self, generate_puzzle, Alphabet, Grid, Shape, Variant};
use dlx_models::{squares, treasure};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const SIXTEEN: &str = include_str!("../../../../data/sudoku/16x16.txt");
const SIXTEEN_SOLUTION: &str = include_str!("../../../../data/sudoku/16x16-solution.txt");
const SCOTT: &str = include_str!("../../../../data/polyomino/8x8-centre-hole.txt");

/// What a picture holds: how many elements of each name, and the text of its `<text>` elements in order.
#[derive(Debug, Default)]
struct Drawn {
    elements: BTreeMap<String, usize>,
    texts: Vec<String>,
    /// The `width` and `height` of the picture, as written.
    size: (String, String),
}

impl Drawn {
    fn count(&self, name: &str) -> usize {
        self.elements.get(name).copied().unwrap_or(0)
    }
}

/// Reads `svg` back as XML and checks that it is a picture a viewer can
/// show: an `<svg>` root in the SVG namespace with a size and a `viewBox`
/// of four numbers, only SVG elements, and every `href="#id"` pointing at an
/// element that exists. Snapshots the text as `name` unless `name` is empty.
#[track_caller]
fn check(name: &str, svg: &str) -> Drawn {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|err| panic!("{name}: not well-formed XML: {err}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{name}");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS), "{name}");
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .unwrap_or_else(|| panic!("{name}: no viewBox"))
        .split_whitespace()
        .map(|v| v.parse().expect("a number in the viewBox"))
        .collect();
    assert_eq!(view_box.len(), 4, "{name}: viewBox");
    assert!(view_box[2] > 0.0 && view_box[3] > 0.0, "{name}: viewBox");
    let mut drawn = Drawn {
        size: (
            root.attribute("width").expect("a width").to_owned(),
            root.attribute("height").expect("a height").to_owned(),
        ),
        ..Drawn::default()
    };
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for node in doc.descendants().filter(roxmltree::Node::is_element) {
        assert_eq!(node.tag_name().namespace(), Some(SVG_NS), "{name}");
        *drawn
            .elements
            .entry(node.tag_name().name().to_owned())
            .or_default() += 1;
        if let Some(target) = node.attribute("href") {
            let id = target.strip_prefix('#').expect("a local reference");
            assert!(ids.contains(&id), "{name}: no element #{id}");
        }
        if node.has_tag_name((SVG_NS, "text")) {
            drawn.texts.push(node.text().unwrap_or_default().to_owned());
        }
    }
    if !name.is_empty() {
        insta::assert_snapshot!(name, svg);
    }
    drawn
}

fn grid(text: &str) -> Grid {
    text.parse().expect("a valid grid")
}

#[test]
fn sudoku_givens_and_filled_digits() {
    let puzzle = grid("1...\n..2.\n.1..\n...4\n");
    let solution = puzzle.solve(Variant::Plain).unwrap().unwrap();
    let drawn = check(
        "sudoku_4x4_solved",
        &puzzle.to_svg(Some(&solution), Variant::Plain, Alphabet::Digits),
    );
    assert_eq!(drawn.count("text"), 16);
    // The givens come first, in their group.
    assert_eq!(drawn.texts[..4], ["1", "2", "1", "4"]);
    assert_eq!(drawn.size, ("55.2mm".to_owned(), "55.2mm".to_owned()));
    // Without a solution, the givens alone.
    let drawn = check(
        "sudoku_4x4_puzzle",
        &puzzle.to_svg(None, Variant::Plain, Alphabet::Digits),
    );
    assert_eq!(drawn.texts, ["1", "2", "1", "4"]);
    // A solution of another shape is not drawn.
    let nine = Grid::empty(Shape::for_size(9).unwrap());
    let drawn = check(
        "",
        &puzzle.to_svg(Some(&nine), Variant::Plain, Alphabet::Digits),
    );
    assert_eq!(drawn.count("text"), 4);
}

#[test]
fn sudoku_diagonals_and_rectangular_boxes() {
    let shape: Shape = "2x3".parse().unwrap();
    let (puzzle, _) = generate_puzzle(shape, Variant::Diagonal, 1).expect("a puzzle");
    let drawn = check(
        "sudoku_6x6_diagonal_puzzle",
        &puzzle.to_svg(None, Variant::Diagonal, Alphabet::Digits),
    );
    // Two shaded cells a row (the diagonals do not meet on an even side), and the border.
    assert_eq!(drawn.count("rect"), 1 + 12 + 1);
    assert_eq!(drawn.count("text"), puzzle.n_givens());
    // Plain: no shading.
    let drawn = check("", &puzzle.to_svg(None, Variant::Plain, Alphabet::Digits));
    assert_eq!(drawn.count("rect"), 2);
    // An odd side: the centre cell is shaded once.
    let nine = Grid::empty(Shape::for_size(9).unwrap());
    let drawn = check("", &nine.to_svg(None, Variant::Diagonal, Alphabet::Digits));
    assert_eq!(drawn.count("rect"), 1 + 17 + 1);
}

#[test]
fn sudoku_alphabets_and_sizes() {
    let puzzle = grid(SIXTEEN);
    let solution = grid(SIXTEEN_SOLUTION);
    for (alphabet, sixteen) in [
        (Alphabet::Digits, "G"),
        (Alphabet::Letters, "P"),
        (Alphabet::Numbers, "16"),
    ] {
        let drawn = check(
            "",
            &puzzle.to_svg(Some(&solution), Variant::Plain, alphabet),
        );
        assert_eq!(drawn.count("text"), 256, "{alphabet:?}");
        assert_eq!(
            drawn.texts.iter().filter(|t| *t == sixteen).count(),
            16,
            "{alphabet:?}"
        );
    }
    // Every size from 4x4 to 64x64 fits A4 paper: at most 180 mm a side.
    for size in [4, 6, 8, 9, 12, 16, 25, 36, 49, 64] {
        let shape = Shape::for_size(size).unwrap();
        let drawn = check(
            "",
            &Grid::empty(shape).to_svg(None, Variant::Diagonal, Alphabet::Digits),
        );
        let mm: f64 = drawn
            .size
            .0
            .strip_suffix("mm")
            .expect("millimetres")
            .parse()
            .unwrap();
        assert!((40.0..=180.0).contains(&mm), "{size}: {mm} mm");
        assert_eq!(drawn.size.0, drawn.size.1);
    }
    let (puzzle, _) = generate_puzzle(Shape::for_size(9).unwrap(), Variant::Plain, 1).unwrap();
    check(
        "sudoku_9x9_generated_seed_1",
        &puzzle.to_svg(None, Variant::Plain, Alphabet::Digits),
    );
    // The picture of a parsed puzzle in its own alphabet, as `dlx sudoku --svg` draws it.
    let letters = sudoku::Puzzle::parse_one(&puzzle.to_line(Alphabet::Letters), None).unwrap();
    let drawn = check(
        "",
        &letters
            .grid()
            .to_svg(None, Variant::Plain, letters.alphabet()),
    );
    assert!(drawn
        .texts
        .iter()
        .all(|t| ("A"..="I").contains(&t.as_str())));
}

#[test]
fn queens_placed_and_found() {
    let puzzle = Queens::new(4).unwrap();
    let board = puzzle.first().unwrap().unwrap();
    let drawn = check("queens_4", &puzzle.to_svg(Some(&board)));
    assert_eq!(drawn.count("use"), 4);
    // Row and column numbers.
    assert_eq!(drawn.count("text"), 8);
    let puzzle = Queens::with_queens(5, [Square::new(0, 0)]).unwrap();
    let board = puzzle.first().unwrap().unwrap();
    let svg = puzzle.to_svg(Some(&board));
    let drawn = check("queens_5_placed", &svg);
    assert_eq!(drawn.count("use"), 5);
    // The pre-placed queen is framed, and drawn apart from the four found.
    assert_eq!(svg.matches("<g fill=\"black\">\n<use ").count(), 1);
    assert_eq!(svg.matches("<g fill=\"#2166ac\">\n<use ").count(), 1);
    let drawn = check("", &puzzle.to_svg(None));
    assert_eq!(drawn.count("use"), 1);
    // No solution: the empty board.
    let drawn = check("queens_3_empty", &Queens::new(3).unwrap().to_svg(None));
    assert_eq!(drawn.count("use"), 0);
}

#[test]
fn queens_on_large_boards() {
    // Too small for crowns or numbers: each queen fills her square.
    for n in [70, 200] {
        let puzzle = Queens::new(n).unwrap();
        let board = puzzle.first().unwrap().unwrap();
        let drawn = check("", &puzzle.to_svg(Some(&board)));
        assert_eq!(drawn.count("use"), 0, "{n}");
        assert_eq!(drawn.count("text"), 0, "{n}");
        // The background, the light squares, the border and the queens.
        assert_eq!(drawn.count("rect"), 3 + n, "{n}");
    }
}

#[test]
fn treasure_maps_and_their_pieces() {
    let rect = |x1, y1, x2, y2| treasure::Rect { x1, y1, x2, y2 };
    let map = treasure::Map::new(
        3,
        2,
        vec![
            rect(0, 0, 3, 2),
            rect(0, 0, 2, 2),
            rect(2, 0, 3, 1),
            rect(2, 1, 3, 2),
        ],
    )
    .unwrap();
    let drawn = check("treasure_3x2", &map.to_svg(&[1, 2, 3]));
    // The labels are the pieces' numbers in the input, from 1.
    assert_eq!(drawn.texts, ["2", "3", "4"]);
    // Background, three fills, the map's outline and three outlines.
    assert_eq!(drawn.count("rect"), 1 + 3 + 1 + 3);
    // No pieces (no tiling), and a piece that is not on the map.
    let drawn = check("", &map.to_svg(&[]));
    assert_eq!(drawn.count("text"), 0);
    let drawn = check("", &map.to_svg(&[0, 9]));
    assert_eq!(drawn.texts, ["1"]);
    // The sample's 30 x 30 map: small cells, labels within their pieces.
    let text = "1\n30 30 2\n0 0 15 30\n15 0 30 30\n";
    let map = treasure::parse(text).next().unwrap().unwrap().map;
    let drawn = check("", &map.to_svg(&map.solve().unwrap().unwrap()));
    assert_eq!(drawn.size, ("620".to_owned(), "620".to_owned()));
    assert_eq!(drawn.texts, ["1", "2"]);
}

#[test]
fn squares_grids_and_removed_sticks() {
    let grid = squares::Grid::new(2, &[]).unwrap();
    let sticks = grid.solve().unwrap();
    let drawn = check("squares_2", &grid.to_svg(&sticks));
    assert_eq!(drawn.count("line"), 12);
    // Every stick is labelled with its number, in order.
    let numbers: Vec<String> = (1..=12).map(|s| s.to_string()).collect();
    assert_eq!(drawn.texts, numbers);
    let grid = squares::Grid::new(3, &[12, 17, 23]).unwrap();
    let sticks = grid.solve().unwrap();
    let svg = grid.to_svg(&sticks);
    let drawn = check("squares_3_sample", &svg);
    assert_eq!(drawn.count("line"), 24);
    assert_eq!(svg.matches("font-weight=\"bold\"").count(), sticks.len());
}

#[test]
fn polyomino_tilings() {
    let board = Board::parse(SCOTT).unwrap();
    let model = Polyomino::new(board, PieceSet::pentominoes(), false).unwrap();
    let drawn = check("", &model.first().unwrap().to_svg());
    assert_eq!(drawn.count("text"), 12);
}

#[test]
fn any_problem_as_its_matrix() {
    use dlx_core::{parse_dlx, OptionId, Solver};
    use dlx_models::picture::{to_svg, MOST_ROWS};

    // Knuth's example of Algorithm C (TAOCP 7.2.2.1, (49)): colors, a
    // secondary item, and its one solution marked.
    let problem = parse_dlx("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
    let solution = Solver::new(&problem).first().value.expect("one solution");
    let drawn = check(
        "problem_knuth_49_solved",
        &to_svg(&problem, Some(&solution)),
    );
    // The five item names, the five option numbers and the four colored squares' names.
    assert_eq!(
        drawn.texts,
        ["p", "q", "r", "x", "y", "0", "A", "1", "A", "2", "B", "3", "A", "4", "B"]
    );
    // A band behind each of the solution's two options, a square per entry.
    assert_eq!(drawn.count("rect"), 1 + 2 + 14);
    // Without a solution, no band.
    let drawn = check("", &to_svg(&problem, None));
    assert_eq!(drawn.count("rect"), 1 + 14);

    // Multiplicities and costs are written; names that need escaping are.
    let problem = parse_dlx("2:3|a<b c\na<b c |5\na<b |12\nc\n").unwrap();
    let drawn = check("problem_multiplicities_and_costs", &to_svg(&problem, None));
    assert!(
        drawn.texts.contains(&"a<b [2..3]".to_owned()),
        "{:?}",
        drawn.texts
    );
    assert!(drawn.texts.contains(&"12".to_owned()));

    // A large problem: its first options, or the solution's, and a note.
    let mut text = String::from("a b\n");
    for k in 0..300 {
        text += if k % 2 == 0 { "a\n" } else { "b\n" };
    }
    let problem = parse_dlx(&text).unwrap();
    let drawn = check("", &to_svg(&problem, None));
    assert_eq!(drawn.count("rect"), 1 + MOST_ROWS);
    assert_eq!(
        drawn.texts.last().unwrap(),
        "256 of 300 options drawn: the first"
    );
    let chosen = [OptionId::new(298), OptionId::new(299)];
    let drawn = check("", &to_svg(&problem, Some(&chosen)));
    assert_eq!(drawn.count("rect"), 1 + 2 + 2);
    assert_eq!(
        drawn.texts.last().unwrap(),
        "2 of 300 options drawn: the solution's"
    );
    // An option the problem does not have is left out, not a panic.
    check("", &to_svg(&problem, Some(&[OptionId::new(5000)])));
    // Nothing at all: a picture still.
    check("", &to_svg(&parse_dlx("a\n").unwrap(), None));
}
