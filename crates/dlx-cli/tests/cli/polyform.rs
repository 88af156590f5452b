//! Tests of `dlx polycube`, `dlx polyiamond` and `dlx polyhex`: the known answers of issue 35, the drawings, Knuth's inputs, bad input, budgets, and the problems they emit counted by other solvers.

use crate::support::{check_error, read_svg, run, scratch, transcript};

/// Checks that a command succeeds and prints `expected` on standard output.
#[track_caller]
fn check(args: &[&str], expected: &str) {
    let (stdout, _) = run(args, "", 0);
    assert_eq!(stdout, expected, "{args:?}");
}

/// The known answers of issue 35: every packing, and the packings up to
/// the board's symmetries that map the piece set onto itself, on one
/// thread. The Soma cube's 240 packings up to its symmetries are Conway and
/// M. J. T. Guy's (1961); the solid pentominoes in the 2x3x10, 2x5x6 and
/// 3x4x5 boxes (12, 264 and 3,940) and the hexiamonds in the 6x6 rhombus
/// (156) and the 4x9 parallelogram (74; none in 3x12) are the counts of
/// TAOCP 7.2.2.1. The 3x4x5 box takes more than ten seconds on one thread:
/// `benches/benches/polyform.rs` checks its count.
#[test]
fn known_answers_issue_35() {
    let one = ["--threads", "1", "--count", "--distinct"];
    let cases: &[(&[&str], &str)] = &[
        (&["polycube"], "11520\n240\n"),
        (
            &["polycube", "--box", "3x3x3", "--pieces", "soma"],
            "11520\n240\n",
        ),
        (
            &[
                "polycube",
                "--box",
                "2x3x10",
                "--pieces",
                "planar-pentacubes",
            ],
            "96\n12\n",
        ),
        (
            &[
                "polycube",
                "--box",
                "2x5x6",
                "--pieces",
                "planar-pentacubes",
            ],
            "2112\n264\n",
        ),
        (&["polyiamond", "--board", "rhombus:6"], "624\n156\n"),
        (
            &["polyiamond", "--board", "parallelogram:6x6"],
            "624\n156\n",
        ),
        (&["polyiamond", "--board", "parallelogram:4x9"], "148\n74\n"),
        (&["polyiamond", "--board", "parallelogram:3x12"], "0\n0\n"),
        (&["polyhex"], "18\n9\n"),
        // Lozenge tilings of the hexagon of side 3: MacMahon's 980.
        (
            &["polyiamond", "--board", "hexagon:3", "--pieces", "diamond"],
            "980\n113\n",
        ),
    ];
    for (args, expected) in cases {
        let with: Vec<&str> = args.iter().chain(&one).copied().collect();
        check(&with, expected);
    }
    // --count alone goes through the count's rule (memoised where regions
    // repeat) and agrees.
    check(&["polycube", "--count"], "11520\n");
    check(
        &[
            "polyiamond",
            "--board",
            "hexagon:4",
            "--pieces",
            "diamond",
            "--count",
        ],
        "232848\n",
    );
    check(&["polycube", "--distinct"], "240\n");
}

/// The first packing of each family, drawn as text, and the same as JSON.
#[test]
fn packings_are_drawn() {
    for (name, args) in [
        ("polycube_soma", &["polycube"][..]),
        (
            "polycube_steps",
            &["polycube", "--board-file", "data/polyform/soma-steps.txt"],
        ),
        ("polyiamond_rhombus", &["polyiamond"]),
        (
            "polyiamond_hexagon",
            &[
                "polyiamond",
                "--board-file",
                "data/polyform/hexiamond-hexagon.txt",
            ],
        ),
        (
            "polyiamond_lozenges",
            &[
                "polyiamond",
                "--board",
                "hexagon:2",
                "--pieces",
                "diamond",
                "--limit",
                "2",
            ],
        ),
        ("polyhex_7x4", &["polyhex", "--limit", "2"]),
        (
            "polyhex_notch",
            &[
                "polyhex",
                "--board-file",
                "data/polyform/tetrahex-notch.txt",
            ],
        ),
        ("polycube_json", &["polycube", "--json"]),
        (
            "polyiamond_json",
            &[
                "polyiamond",
                "--board",
                "hexagon:1",
                "--pieces",
                "diamond",
                "--json",
            ],
        ),
        ("polyhex_json", &["polyhex", "--json"]),
    ] {
        insta::assert_snapshot!(name, transcript(args, "", 0));
    }
}

/// `--list-pieces` of each family, as text and JSON, with `--only` and `*K`.
#[test]
fn pieces_are_listed() {
    for (name, args) in [
        (
            "polycube_pieces",
            &["polycube", "--only", "V,A*2,B", "--list-pieces"][..],
        ),
        (
            "polyiamond_pieces",
            &[
                "polyiamond",
                "--pieces",
                "tetriamonds,diamond*2",
                "--list-pieces",
            ],
        ),
        (
            "polyhex_pieces",
            &["polyhex", "--pieces", "trihexes", "--list-pieces", "--json"],
        ),
    ] {
        insta::assert_snapshot!(name, transcript(args, "", 0));
    }
    // A piece file, drawn in layers under headers, with a multiplicity.
    let dir = scratch("polyform-pieces");
    let file = dir.join("pieces.txt");
    std::fs::write(
        &file,
        "| two L trominoes, and a domino standing up\nL*2:\n##\n#\n\nbar:\n#\n\n#\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    check(
        &[
            "polycube",
            "--box",
            "2x2x2",
            "--pieces",
            file,
            "--count",
            "--distinct",
        ],
        "36\n2\n",
    );
    insta::assert_snapshot!(
        "polycube_piece_file",
        transcript(&["polycube", "--pieces", file, "--list-pieces"], "", 0)
    );
}

/// Knuth's inputs give the same answers as the built-in boards and sets,
/// and a file's board with the pieces of --pieces.
#[test]
fn knuths_inputs_are_read_issue_35() {
    let soma = "data/polyform/knuth-soma.txt";
    let hexiamonds = "data/polyform/knuth-hexiamonds-4x9.txt";
    check(
        &["polycube", "--knuth", soma, "--count", "--distinct"],
        "11520\n240\n",
    );
    check(
        &["polyiamond", "--knuth", hexiamonds, "--count", "--distinct"],
        "148\n74\n",
    );
    // The same packings as the built-in set, listed in the same order.
    let knuth = run(
        &["polyiamond", "--knuth", hexiamonds, "--limit", "5"],
        "",
        0,
    )
    .0;
    let builtin = run(
        &["polyiamond", "--board", "parallelogram:4x9", "--limit", "5"],
        "",
        0,
    )
    .0;
    assert_eq!(knuth, builtin);
    // A board line alone takes the pieces of --pieces; multiplicities in both forms.
    check_in(
        &[
            "polycube",
            "--knuth",
            "-",
            "--pieces",
            "planar-pentacubes",
            "--count",
            "--distinct",
        ],
        "| the 2 x 3 x 10 box\n[01][0-2][0-9]\n",
        "96\n12\n",
    );
    check_in(
        &["polycube", "--knuth", "-", "--count"],
        "| a 2 x 3 box of V trominoes\n[01][0-2]0\n2*V 000 100 010\n",
        "2\n",
    );
    check_in(
        &["polyiamond", "--knuth", "-", "--count"],
        "[01][01] [01][01]'\n2|I 00 00' 10 10'\n",
        "2\n",
    );
    check_error(
        &["polycube", "--knuth", soma, "--pieces", "tetracubes"],
        "",
        "--knuth's file lists its pieces, and --pieces names others: give the pieces once",
    );
}

/// Checks a command that reads `stdin`.
#[track_caller]
fn check_in(args: &[&str], stdin: &str, expected: &str) {
    let (stdout, _) = run(args, stdin, 0);
    assert_eq!(stdout, expected, "{args:?}");
}

/// Bad input exits 2 and says where: the line and column of a drawing or a
/// Knuth file, the name of a set or a piece, the sizes that do not match.
#[test]
fn bad_input_names_the_line_and_column() {
    check_error(
        &["polycube", "--board-file", "-"],
        "###\n###\n\n##?\n",
        "in board file <stdin>: line 4, column 3: `?` is not a board cell (`#`, a letter or a digit) or a hole (`.` or space)",
    );
    check_error(
        &["polyhex", "--board-file", "-"],
        "# # #\n # #\n#  #\n",
        "in board file <stdin>: line 3, column 4: a cell between the cells of the hexagonal grid (see the art's form in the module docs)",
    );
    check_error(
        &["polycube", "--knuth", "-"],
        "| the Soma box\n[0-2][0-2][0-2]\nV 000 100 01\n",
        "in <stdin>: line 3, column 13: found the end of the line, expected a coordinate: a base-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set in brackets (`[0-5]`)",
    );
    check_error(
        &["polyiamond", "--knuth", "-"],
        "[0-5][0-5] [0-5][0-5]\"\n",
        "in <stdin>: line 1, column 22: found `\"`, expected a space after the cell (a suffix, which makes a secondary item for Knuth, is not read here)",
    );
    check_error(
        &["polycube", "--box", "3x3"],
        "",
        "bad --board: `3x3` is not a board (a box XxYxZ such as 3x4x5, or layers of ASCII art)",
    );
    check_error(
        &["polyiamond", "--board", "hexagon:x"],
        "",
        "bad --board: `hexagon:x` is not a board (parallelogram:WxH, rhombus:N, hexagon:N, triangle:N, or ASCII art)",
    );
    check_error(
        &["polyhex", "--pieces", "heptahexes"],
        "",
        "bad --pieces: `heptahexes` is neither a piece set nor a file: unknown piece set `heptahexes` (known: dihex trihexes tetrahexes pentahexes hexahexes polyhexes:N)",
    );
    check_error(
        &["polycube", "--only", "V,Q"],
        "",
        "bad --only: unknown piece `Q` (known: V L T Z A B P)",
    );
    check_error(
        &["polycube", "--box", "3x3x4"],
        "",
        "cannot set up the puzzle: the pieces cover 27 cells (counting copies) but the board has 36 cells",
    );
    check_error(
        &["polyiamond", "--pieces", "-"],
        "",
        "bad --pieces: `-` is neither a piece set nor a file: unknown piece set `-` (known: triamonds tetriamonds pentiamonds hexiamonds heptiamonds octiamonds diamond polyiamonds:N)",
    );
}

/// A count stopped by a budget exits 3 and says that what it printed is partial.
#[test]
fn a_count_stopped_by_a_budget_is_partial() {
    for args in [
        &[
            "polycube",
            "--box",
            "2x5x6",
            "--pieces",
            "planar-pentacubes",
            "--count",
            "--distinct",
        ][..],
        &["polyiamond", "--board", "rhombus:6", "--count", "--no-memo"],
        &[
            "polyhex",
            "--board",
            "parallelogram:11x10",
            "--pieces",
            "pentahexes",
            "--limit",
            "3",
        ],
    ] {
        let with: Vec<&str> = args
            .iter()
            .chain(&["--max-nodes", "1000", "--threads", "1"])
            .copied()
            .collect();
        let (_, stderr) = run(&with, "", 3);
        assert!(stderr.contains("is partial"), "{with:?}: {stderr}");
    }
}

/// The pictures: polycubes in the isometric view and as labelled layers,
/// triangles and hexagons as they are; a sample draws one file per packing.
#[test]
fn pictures_are_written() {
    let dir = scratch("polyform-svg");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    for (name, args) in [
        ("polycube_isometric", vec!["polycube"]),
        ("polycube_layers", vec!["polycube", "--layers"]),
        (
            "polyiamond_lozenges",
            vec!["polyiamond", "--board", "hexagon:2", "--pieces", "diamond"],
        ),
        ("polyhex_7x4", vec!["polyhex"]),
    ] {
        let file = path(&format!("{name}.svg"));
        let mut with = args.clone();
        with.extend(["--svg", &file]);
        run(&with, "", 0);
        insta::assert_snapshot!(format!("svg_{name}"), read_svg(std::path::Path::new(&file)));
    }
    let folder = format!("{}/", path("sample"));
    run(
        &["polycube", "--sample", "2", "--seed", "1", "--svg", &folder],
        "",
        0,
    );
    assert_eq!(
        crate::support::file_names(&dir.join("sample")),
        ["packing-1.svg", "packing-2.svg"]
    );
}

/// `--sample` draws the same packings from the same seed, each a packing
/// (the count of the sampling line is the number of packings), and
/// `--frequencies` adds up to the packings counted.
#[test]
fn samples_and_frequencies() {
    let args = ["polyhex", "--sample", "3", "--seed", "11", "--json"];
    let (first, _) = run(&args, "", 0);
    let (again, _) = run(&args, "", 0);
    assert_eq!(first, again);
    assert!(
        first.starts_with("{\"type\":\"sampling\",\"seed\":11,\"count\":18,"),
        "{first}"
    );
    insta::assert_snapshot!("polyhex_sample", first);
    // The hexagon of side 2 by lozenges: each of its 20 tilings has 12
    // lozenges, and each triangle is in exactly one.
    let (text, _) = run(
        &[
            "polyiamond",
            "--board",
            "hexagon:2",
            "--pieces",
            "diamond",
            "--frequencies",
        ],
        "",
        0,
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"20"));
    let total: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split('\t').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 20 * 12);
    insta::assert_snapshot!("polyiamond_frequencies", text);
    // With copies: each placement of a piece with two copies is counted once.
    let (text, _) = run(
        &[
            "polyiamond",
            "--board",
            "hexagon:2",
            "--pieces",
            "tetriamonds*2",
            "--frequencies",
        ],
        "",
        0,
    );
    let lines: Vec<&str> = text.lines().collect();
    let total: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split('\t').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!((lines.last(), total), (Some(&"6"), 6 * 6));
}

/// Issue 35: each family's `--emit-dlx` is counted by `dlx solve`, and by
/// miniexact (Knuth's algorithms in C) where it is installed: `$MINIEXACT`,
/// or `miniexact` on the path (`pip install miniexact`).
#[test]
fn emitted_problems_are_counted_by_other_solvers_issue_35() {
    let miniexact = miniexact();
    let dir = scratch("polyform-emit");
    for (args, solutions) in [
        (&["polycube"][..], 11520),
        (
            &[
                "polycube",
                "--box",
                "2x3x10",
                "--pieces",
                "planar-pentacubes",
            ],
            96,
        ),
        (
            &["polycube", "--knuth", "data/polyform/knuth-soma.txt"],
            11520,
        ),
        (
            &["polycube", "--board-file", "data/polyform/soma-steps.txt"],
            142,
        ),
        (&["polyiamond", "--board", "parallelogram:4x9"], 148),
        (
            &[
                "polyiamond",
                "--knuth",
                "data/polyform/knuth-hexiamonds-4x9.txt",
            ],
            148,
        ),
        (
            &[
                "polyiamond",
                "--board-file",
                "data/polyform/hexiamond-hexagon.txt",
            ],
            3424,
        ),
        // Copies: every piece twice, the one without items fills what is left
        // (6 tilings, each 2! x 2! solutions).
        (
            &[
                "polyiamond",
                "--board",
                "hexagon:2",
                "--pieces",
                "tetriamonds*2",
            ],
            24,
        ),
        (&["polyhex"], 18),
        (
            &[
                "polyhex",
                "--board-file",
                "data/polyform/tetrahex-notch.txt",
            ],
            50,
        ),
    ] {
        let with: Vec<&str> = args.iter().chain(&["--emit-dlx"]).copied().collect();
        let (dlx, _) = run(&with, "", 0);
        let (count, _) = run(&["solve", "--count", "--threads", "1"], &dlx, 0);
        assert_eq!(count, format!("{solutions}\n"), "{args:?}");
        if let Some(program) = &miniexact {
            let file = dir.join("problem.dlx");
            std::fs::write(&file, &dlx).unwrap();
            assert_eq!(
                count_miniexact(program, &file),
                Some(solutions),
                "miniexact on {args:?}"
            );
        }
    }
}

/// The `miniexact` program, if it runs: `$MINIEXACT`, else on the path.
fn miniexact() -> Option<std::path::PathBuf> {
    let program: std::path::PathBuf =
        std::env::var_os("MINIEXACT").map_or_else(|| "miniexact".into(), Into::into);
    std::process::Command::new(&program)
        .arg("-h")
        .output()
        .ok()
        .map(|_| program)
}

/// miniexact's count of a DLX file, enumerated by Algorithm X (`-x -e -D`,
/// as the benches run it), from its last line `Found N solutions!`.
fn count_miniexact(program: &std::path::Path, file: &std::path::Path) -> Option<u64> {
    let output = std::process::Command::new(program)
        .args(["-x", "-e", "-D"])
        .arg(file)
        .output()
        .ok()?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("Found "))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
fn help_shows_examples_on_bundled_data() {
    for subcommand in ["polycube", "polyiamond", "polyhex"] {
        let (stdout, _) = run(&[subcommand, "--help"], "", 0);
        assert!(
            stdout.contains(&format!("Examples:\n  dlx {subcommand}\n")),
            "{stdout}"
        );
        for word in stdout.split_whitespace().filter(|w| w.starts_with("data/")) {
            assert!(
                std::path::Path::new(crate::support::ROOT)
                    .join(word)
                    .exists(),
                "{subcommand}: {word}"
            );
        }
    }
}
