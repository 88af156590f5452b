//! `cargo xtask pictures`: every model's SVG picture of the bundled inputs, written and rendered to PNG.
//!
//! Each picture is written to `target/pictures/NAME.svg` and rendered with
//! `rsvg-convert` to `NAME.png` beside it. The rendering is the proof that the
//! SVG is valid (`rsvg-convert` refuses malformed XML) and the PNG is what a
//! person looks at before a change to a picture is merged.
//!
//! The pictures the top-level README shows are also written into the
//! repository, under `docs/pictures/` (see [`README_PICTURES`]), so that a
//! change to them shows in the diff and is reviewed like code.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context as _};
use dlx_core::{Budget, Count, Diagram, MemoSettings};
use dlx_models::polyform::{self, Family};
use dlx_models::polyomino::{Board, PieceSet, Polyomino};
use dlx_models::queens::{Queens, Square};
use dlx_models::sudoku::{self, generate_puzzle, Alphabet, Grid, Shape, Variant};
use dlx_models::{polycube, polyhex, polyiamond, squares, treasure};

use crate::{say, tools};

/// The renderer, and the Debian package that has it.
const RSVG: &str = "rsvg-convert";
const RSVG_PACKAGE: &str = "librsvg2-bin";

/// The resolution of the PNGs: pictures sized in millimetres (sudoku) come
/// out at print resolution, pictures sized in pixels at 150 / 96 of their size.
const DPI: &str = "150";

/// The pictures of the top-level README: the name of each among the
/// pictures, and the file in the repository it is copied to.
const README_PICTURES: [(&str, &str); 4] = [
    (
        "polyomino-aztec-random",
        "docs/pictures/aztec-random-tiling.svg",
    ),
    ("polycube-soma-steps", "docs/pictures/soma-steps.svg"),
    (
        "polyiamond-hexiamonds-6x6",
        "docs/pictures/hexiamonds-6x6.svg",
    ),
    (
        "polyhex-pentahexes-11x10",
        "docs/pictures/pentahexes-11x10.svg",
    ),
];

/// The order of the Aztec diamond of the README's random domino tiling
/// (its board is `data/polyomino/aztec-ORDER.txt`), and the seed it is drawn
/// with: `dlx polyomino --board-file data/polyomino/aztec-20.txt --pieces
/// domino --sample 1 --seed 1 --svg aztec.svg` draws the same picture.
const AZTEC_ORDER: u32 = 20;
const AZTEC_SEED: u64 = 1;

/// Writes every picture into `<root>/target/pictures/` and renders each to
/// PNG; writes the README's pictures into the repository too.
pub(crate) fn run(root: &Path) -> anyhow::Result<()> {
    let dir = root.join("target").join("pictures");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let pictures = pictures(root)?;
    let mut written = Vec::new();
    for (name, svg) in &pictures {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    say(&format!(
        "pictures: wrote {} SVG files in {}",
        written.len(),
        dir.display()
    ));
    for (name, file) in README_PICTURES {
        let (_, svg) = pictures
            .iter()
            .find(|(n, _)| n == name)
            .with_context(|| format!("no picture named {name}"))?;
        let path = root.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        say(&format!("pictures: {name} for the README in {file}"));
    }
    if !renderer_found() {
        bail!(
            "`{RSVG}` was not found, so the pictures were not rendered to PNG; \
             install it (Debian and Ubuntu: `apt-get install {RSVG_PACKAGE}`) and run `cargo xtask pictures` again"
        );
    }
    for svg in &written {
        let png = svg.with_extension("png");
        render(svg, &png)?;
        say(&format!("pictures: {}", png.display()));
    }
    say(&format!(
        "pictures: {} rendered to PNG by {RSVG}",
        written.len()
    ));
    Ok(())
}

/// Whether `rsvg-convert` runs at all.
fn renderer_found() -> bool {
    Command::new(RSVG)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Renders one SVG file to PNG; a refusal is an error naming the file and
/// quoting the renderer.
fn render(svg: &Path, png: &Path) -> anyhow::Result<()> {
    tools::output(
        Command::new(RSVG)
            .args([
                "--dpi-x", DPI, "--dpi-y", DPI, "--format", "png", "--output",
            ])
            .arg(png)
            .arg(svg),
        &format!("{RSVG} on {}", svg.display()),
    )?;
    let size = std::fs::metadata(png).map_or(0, |m| m.len());
    ensure!(size > 0, "{RSVG} wrote no picture for {}", svg.display());
    Ok(())
}

/// Every picture, named: each model on its bundled inputs, in the sizes and
/// variants the pictures must handle.
fn pictures(root: &Path) -> anyhow::Result<Vec<(String, String)>> {
    let data = root.join("data");
    let mut pictures = Vec::new();
    sudoku_pictures(&data, &mut pictures)?;
    queens_pictures(&mut pictures)?;
    treasure_pictures(&data, &mut pictures)?;
    squares_pictures(&data, &mut pictures)?;
    polyomino_pictures(&data, &mut pictures)?;
    polyform_pictures(&data, &mut pictures)?;
    Ok(pictures)
}

fn read(path: PathBuf) -> anyhow::Result<String> {
    std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))
}

fn sudoku_pictures(data: &Path, pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    // The first puzzle of each bundled file, solved: givens and filled digits.
    for (name, file, variant) in [
        ("sudoku-9x9", "9x9.txt", Variant::Plain),
        ("sudoku-diagonal", "diagonal.txt", Variant::Diagonal),
        ("sudoku-16x16", "16x16.txt", Variant::Plain),
        ("sudoku-25x25", "25x25.txt", Variant::Plain),
    ] {
        let text = read(data.join("sudoku").join(file))?;
        let puzzle = sudoku::parse(&text, None)
            .next()
            .context("no puzzle")?
            .with_context(|| format!("in {file}"))?;
        let solution = puzzle
            .grid()
            .solve(variant)?
            .with_context(|| format!("the first puzzle of {file} has no solution"))?;
        let svg = puzzle
            .grid()
            .to_svg(Some(&solution), variant, puzzle.alphabet());
        pictures.push((name.to_owned(), svg));
    }
    // The 16x16 puzzle again in letters, the alphabet of a 16x16 puzzle written `A-P`.
    let text = read(data.join("sudoku").join("16x16.txt"))?;
    let puzzle = sudoku::Puzzle::parse_one(&text, None)?;
    let solution = puzzle
        .grid()
        .solve(Variant::Plain)?
        .context("no solution")?;
    pictures.push((
        "sudoku-16x16-digits".to_owned(),
        puzzle
            .grid()
            .to_svg(Some(&solution), Variant::Plain, Alphabet::Digits),
    ));
    // Generated puzzles, givens only, as `dlx sudoku generate --svg` draws them.
    for (name, shape, variant, seed) in [
        ("sudoku-generate-9x9", "3x3", Variant::Plain, 1),
        ("sudoku-generate-diagonal", "3x3", Variant::Diagonal, 2),
        ("sudoku-generate-4x4", "2x2", Variant::Plain, 1),
        ("sudoku-generate-6x6", "2x3", Variant::Plain, 1),
        ("sudoku-generate-12x12", "3x4", Variant::Plain, 1),
    ] {
        let shape: Shape = shape.parse()?;
        let (puzzle, _) = generate_puzzle(shape, variant, seed)
            .with_context(|| format!("no {shape} puzzle for seed {seed}"))?;
        pictures.push((
            name.to_owned(),
            puzzle.to_svg(None, variant, Alphabet::Digits),
        ));
    }
    // The largest grid: 64x64, a third of its cells given, in numbers.
    let shape = Shape::for_size(64)?;
    let solution = pattern_grid(shape);
    let cells = solution
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 3 == 0 { v } else { 0 })
        .collect();
    let puzzle = Grid::from_cells(shape, cells)?;
    pictures.push((
        "sudoku-64x64".to_owned(),
        puzzle.to_svg(Some(&solution), Variant::Plain, Alphabet::Numbers),
    ));
    Ok(())
}

/// A complete grid of any shape by the classic pattern (each band of rows
/// shifts the digits by a box width, each row within a band by one box row),
/// checked by the model's own checker; the search is not needed for it.
fn pattern_grid(shape: Shape) -> Grid {
    let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let cells = (0..n * n)
        .map(|i| {
            let (row, col) = (i / n, i % n);
            ((bc * (row % br) + row / br + col) % n + 1) as u8
        })
        .collect();
    let grid = Grid::from_cells(shape, cells).expect("digits within the size");
    sudoku::check(&grid, &Grid::empty(shape), Variant::Plain).expect("a valid pattern");
    grid
}

fn queens_pictures(pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    for (name, n, placed) in [
        ("queens-8", 8, vec![]),
        ("queens-8-placed", 8, vec![(0, 0), (7, 3)]),
        ("queens-30", 30, vec![(14, 14)]),
        ("queens-200", 200, vec![]),
        ("queens-3-none", 3, vec![]),
    ] {
        let puzzle = Queens::with_queens(n, placed.into_iter().map(|(r, c)| Square::new(r, c)))?;
        let board = puzzle.first()?;
        pictures.push((name.to_owned(), puzzle.to_svg(board.as_ref())));
    }
    Ok(())
}

fn treasure_pictures(data: &Path, pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    let text = read(data.join("treasure").join("sample.txt"))?;
    for (number, case) in treasure::parse(&text).enumerate() {
        let map = case?.map;
        let pieces = map.solve()?.unwrap_or_default();
        pictures.push((
            format!("treasure-sample-{}", number + 1),
            map.to_svg(&pieces),
        ));
    }
    // A map of many pieces, each cell of a 12 x 8 map in one of them.
    let mut pieces = Vec::new();
    for (x1, y1, x2, y2) in [
        (0, 0, 4, 3),
        (4, 0, 12, 2),
        (4, 2, 7, 8),
        (7, 2, 12, 5),
        (0, 3, 2, 8),
        (2, 3, 4, 8),
        (7, 5, 10, 8),
        (10, 5, 12, 8),
        (0, 0, 12, 8),
        (3, 3, 9, 6),
    ] {
        pieces.push(treasure::Rect { x1, y1, x2, y2 });
    }
    let map = treasure::Map::new(12, 8, pieces)?;
    // The fewest pieces is the whole map: draw the tiling by the eight others instead.
    pictures.push((
        "treasure-12x8".to_owned(),
        map.to_svg(&[0, 1, 2, 3, 4, 5, 6, 7]),
    ));
    Ok(())
}

fn squares_pictures(data: &Path, pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    let text = read(data.join("squares").join("sample.txt"))?;
    for (number, case) in squares::parse(&text).enumerate() {
        let grid = case?.grid;
        let sticks = grid.solve()?;
        pictures.push((
            format!("squares-sample-{}", number + 1),
            grid.to_svg(&sticks),
        ));
    }
    let grid = squares::Grid::new(5, &[1, 7, 20, 33, 47, 60])?;
    let sticks = grid.solve()?;
    pictures.push(("squares-5".to_owned(), grid.to_svg(&sticks)));
    Ok(())
}

fn polyomino_pictures(data: &Path, pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    let scott = Board::parse(&read(data.join("polyomino").join("8x8-centre-hole.txt"))?)?;
    for (name, board) in [
        ("polyomino-scott", scott),
        ("polyomino-10x6", Board::parse_size("10x6")?),
    ] {
        let model = Polyomino::new(board, PieceSet::pentominoes(), false)?;
        let tiling = model.first().context("a tiling")?;
        pictures.push((name.to_owned(), tiling.to_svg()));
    }
    pictures.push(("polyomino-aztec-random".to_owned(), aztec_random(data)?));
    Ok(())
}

/// A uniformly random domino tiling of the bundled Aztec diamond, drawn as
/// `dlx polyomino --pieces domino --sample 1 --seed S --svg` draws it (the
/// same diagram, the same seed, the same tiling), after checking that the
/// diamond has the 2^(n(n+1)/2) tilings of Elkies, Kuperberg, Larsen and
/// Propp (1992). Its frozen corners and disordered middle, parted by the
/// arctic circle, are those of Jockusch, Propp and Shor (1998).
fn aztec_random(data: &Path) -> anyhow::Result<String> {
    let file = format!("aztec-{AZTEC_ORDER}.txt");
    let board = Board::parse(&read(data.join("polyomino").join(&file))?)
        .with_context(|| format!("in {file}"))?;
    let model = Polyomino::new(board, PieceSet::domino(), false)?;
    let diagram = Diagram::build(model.problem(), &MemoSettings::new(), &Budget::new())
        .with_context(|| format!("cannot count the tilings of {file}"))?;
    let exponent = AZTEC_ORDER * (AZTEC_ORDER + 1) / 2;
    let expected = (0..exponent).fold(Count::from(1u64), |n, _| n * Count::from(2u64));
    ensure!(
        *diagram.count() == expected,
        "{file} has {} domino tilings, not 2^{exponent}: is it the Aztec diamond of order {AZTEC_ORDER}?",
        diagram.count()
    );
    let solution = diagram
        .samples(AZTEC_SEED)
        .next()
        .with_context(|| format!("no tiling of {file} drawn"))?;
    let tiling = model.decode(&solution);
    tiling.check(model.board(), model.pieces(), model.one_sided())?;
    Ok(tiling.to_svg())
}

/// The polyforms' first packings, as `dlx polycube`, `dlx polyiamond` and
/// `dlx polyhex --svg` draw them (the first packing of the search is the
/// one the command prints): the README's three (`dlx polycube --board-file
/// data/polyform/soma-steps.txt --svg soma-steps.svg`, `dlx polyiamond
/// --board rhombus:6 --svg hexiamonds-6x6.svg`, `dlx polyhex --board
/// parallelogram:11x10 --pieces pentahexes --svg pentahexes-11x10.svg`),
/// the Soma cube in both views, the other bundled boards, and a random
/// lozenge tiling, drawn by the orientation of each lozenge.
fn polyform_pictures(data: &Path, pictures: &mut Vec<(String, String)>) -> anyhow::Result<()> {
    let steps = read(data.join("polyform").join("soma-steps.txt"))?;
    let soma = first::<polycube::Cubic>("3x3x3", "soma")?;
    pictures.push(("polycube-soma".to_owned(), soma.to_svg()));
    pictures.push(("polycube-soma-layers".to_owned(), soma.to_svg_layers()));
    let board = polycube::Board::from_art(&steps).context("in soma-steps.txt")?;
    let steps = packing(board, polycube::PieceSet::builtin("soma")?)?;
    pictures.push(("polycube-soma-steps".to_owned(), steps.to_svg()));
    let hexagon = read(data.join("polyform").join("hexiamond-hexagon.txt"))?;
    let board = polyiamond::Board::from_art(&hexagon).context("in hexiamond-hexagon.txt")?;
    let packing = packing(board, polyiamond::PieceSet::builtin("hexiamonds")?)?;
    pictures.push(("polyiamond-hexiamond-hexagon".to_owned(), packing.to_svg()));
    pictures.push(("polyiamond-lozenges-random".to_owned(), lozenges_random()?));
    // The first packing of a named board by a built-in set, the family by
    // the picture's name.
    for (name, board, pieces) in [
        (
            "polycube-solid-pentominoes-2x5x6",
            "2x5x6",
            "planar-pentacubes",
        ),
        ("polyiamond-hexiamonds-6x6", "rhombus:6", "hexiamonds"),
        (
            "polyiamond-hexiamonds-4x9",
            "parallelogram:4x9",
            "hexiamonds",
        ),
        ("polyhex-tetrahexes-7x4", "parallelogram:7x4", "tetrahexes"),
        (
            "polyhex-pentahexes-11x10",
            "parallelogram:11x10",
            "pentahexes",
        ),
    ] {
        let svg = match name.split('-').next() {
            Some("polycube") => first::<polycube::Cubic>(board, pieces)?.to_svg(),
            Some("polyiamond") => first::<polyiamond::Triangular>(board, pieces)?.to_svg(),
            _ => first::<polyhex::Hexagonal>(board, pieces)?.to_svg(),
        };
        pictures.push((name.to_owned(), svg));
    }
    Ok(())
}

/// The first packing of a board (by its name) by a built-in set, checked.
fn first<F: Family>(board: &str, pieces: &str) -> anyhow::Result<polyform::Packing<F>> {
    let board = polyform::Board::<F>::parse(board)?;
    packing(board, polyform::PieceSet::builtin(pieces)?)
}

/// The first packing of a board by a set, checked against the puzzle.
fn packing<F: Family>(
    board: polyform::Board<F>,
    pieces: polyform::PieceSet<F>,
) -> anyhow::Result<polyform::Packing<F>> {
    let model = polyform::Polyform::new(board, pieces, F::MOTIONS)?;
    let packing = model
        .first()
        .with_context(|| format!("no {} packing", F::NAME))?;
    packing.check(model.board(), model.pieces(), model.motions())?;
    Ok(packing)
}

/// A uniformly random lozenge tiling of the hexagon of side 6, drawn as
/// `dlx polyiamond --board hexagon:6 --pieces diamond --sample 1 --seed 1
/// --svg lozenges.svg` draws it: stacked cubes in three colors.
fn lozenges_random() -> anyhow::Result<String> {
    let board = polyiamond::Board::parse("hexagon:6")?;
    let model = polyiamond::Polyiamond::new(
        board,
        polyiamond::PieceSet::builtin("diamond")?,
        polyform::Motions::All,
    )?;
    let diagram = Diagram::build(model.problem(), &MemoSettings::new(), &Budget::new())
        .context("cannot count the lozenge tilings of the hexagon of side 6")?;
    let solution = diagram
        .samples(1)
        .next()
        .context("no lozenge tiling drawn")?;
    let packing = model.decode(&solution);
    packing.check(model.board(), model.pieces(), model.motions())?;
    Ok(packing.to_svg())
}
