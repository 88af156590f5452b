//! Tests of `dlx polyomino` (alias `pentomino`).

use crate::support::{check_error, run};

const SCOTT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/polyomino/8x8-centre-hole.txt"
);
const TETROMINOES_TWICE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/polyomino/tetrominoes-twice.txt"
);

/// Checks that a command succeeds and prints `expected` on standard output.
#[track_caller]
fn check(args: &[&str], expected: &str) {
    let (stdout, _) = run(args, "", 0);
    assert_eq!(stdout, expected, "{args:?}");
}

#[test]
fn counts() {
    // Both counts come from one search with the X pentomino restricted.
    check(
        &["pentomino", "--board", "10x6", "--count", "--distinct"],
        "9356\n2339\n",
    );
    check(&["pentomino", "--board", "20x3", "--count"], "8\n");
    check(
        &["pentomino", "--board", "3x20", "--count", "--distinct"],
        "8\n2\n",
    );
    check(
        &["polyomino", "--board-file", SCOTT, "--count", "--distinct"],
        "520\n65\n",
    );
    check(&["pentomino", "--board", "15x4", "--distinct"], "368\n");
    check(
        &[
            "polyomino",
            "--board",
            "5x4",
            "--pieces",
            "tetrominoes",
            "--count",
        ],
        "0\n",
    );
    check(
        &[
            "polyomino",
            "--board",
            "5x3",
            "--only",
            "L,P,V",
            "--count",
            "--distinct",
        ],
        "4\n1\n",
    );
    // A multiplicity from a set name and from a piece file agree.
    let (by_set, _) = run(
        &[
            "polyomino",
            "--board",
            "8x5",
            "--pieces",
            "tetrominoes*2",
            "--count",
        ],
        "",
        0,
    );
    let (by_file, _) = run(
        &[
            "polyomino",
            "--board",
            "8x5",
            "--pieces",
            TETROMINOES_TWICE,
            "--count",
        ],
        "",
        0,
    );
    assert_eq!(by_set, by_file);
    assert_ne!(by_set, "0\n");
}

#[test]
fn tilings() {
    let (stdout, _) = run(&["pentomino", "--board", "10x6"], "", 0);
    insta::assert_snapshot!("pentomino_10x6", stdout);
    let (stdout, _) = run(&["pentomino", "--board-file", SCOTT], "", 0);
    insta::assert_snapshot!("pentomino_scott", stdout);
    let (stdout, _) = run(
        &[
            "polyomino",
            "--board",
            "8x5",
            "--pieces",
            "tetrominoes*2",
            "--limit",
            "3",
        ],
        "",
        0,
    );
    insta::assert_snapshot!("tetrominoes_twice_8x5_limit_3", stdout);
    // A board from standard input, with a hole.
    let (stdout, _) = run(
        &[
            "polyomino",
            "--board-file",
            "-",
            "--pieces",
            "tetrominoes",
            "--only",
            "I*2,L*2,O",
        ],
        "####\n####\n#..#\n#..#\n####\n####\n",
        0,
    );
    insta::assert_snapshot!("board_from_stdin", stdout);
    // No tiling: nothing on standard output, the same words as every subcommand on standard error.
    let (stdout, stderr) = run(
        &["polyomino", "--board", "5x4", "--pieces", "tetrominoes"],
        "",
        0,
    );
    assert_eq!(
        (stdout.as_str(), stderr.as_str()),
        ("", "dlx: no solution\n")
    );
}

#[test]
fn svg() {
    let path = std::env::temp_dir().join(format!("dlx-polyomino-test-{}.svg", std::process::id()));
    let path_text = path.to_str().expect("a UTF-8 temporary path");
    let (stdout, _) = run(
        &["pentomino", "--board-file", SCOTT, "--svg", path_text],
        "",
        0,
    );
    let svg = std::fs::read_to_string(&path).expect("the SVG file");
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<text ").count(), 12, "one label per piece");
    assert_eq!(svg.matches("<rect x=").count(), 60, "one square per cell");
    insta::assert_snapshot!("pentomino_scott_svg", svg);
    insta::assert_snapshot!("pentomino_scott_svg_stdout", stdout);
}

#[test]
fn emit_dlx_solves_the_same() {
    let (dlx, _) = run(&["pentomino", "--board", "20x3", "--emit-dlx"], "", 0);
    assert!(
        dlx.starts_with("| 12 pieces on a board of 60 cells.\nF I L N P T U V W X Y Z r0c0 r0c1 ")
    );
    let (count, _) = run(&["solve", "--count"], &dlx, 0);
    assert_eq!(count, "8\n");
    // Copies: the piece with the most copies (M) has no item, the others one per copy.
    let path = std::env::temp_dir().join(format!("dlx-polyomino-test-{}.txt", std::process::id()));
    std::fs::write(&path, "D*2:\n##\n\nM*4:\n#\n").expect("a temporary file");
    let path_text = path.to_str().expect("a UTF-8 temporary path");
    let (dlx, _) = run(
        &[
            "polyomino",
            "--board",
            "4x2",
            "--pieces",
            path_text,
            "--emit-dlx",
        ],
        "",
        0,
    );
    let (count, _) = run(
        &[
            "polyomino",
            "--board",
            "4x2",
            "--pieces",
            path_text,
            "--count",
            "--distinct",
        ],
        "",
        0,
    );
    let _ = std::fs::remove_file(&path);
    insta::assert_snapshot!("emit_dlx_copies", dlx);
    // Domino pairs on 2x4 with 4 monominoes: C(2 disjoint dominoes) tilings.
    let (labelled, _) = run(&["solve", "--count"], &dlx, 0);
    let (all, distinct) = count.split_once('\n').expect("two counts");
    let all: u64 = all.parse().expect("a number");
    assert_eq!(
        labelled,
        format!("{}\n", all * 2),
        "each tiling twice, its dominoes swapped"
    );
    assert!(distinct.trim().parse::<u64>().expect("a number") < all);
}

#[test]
fn list_pieces() {
    let (stdout, _) = run(
        &[
            "polyomino",
            "--pieces",
            "tetrominoes,hexominoes",
            "--only",
            "O*2,1,T",
            "--list-pieces",
        ],
        "",
        0,
    );
    insta::assert_snapshot!("list_pieces", stdout);
}

#[test]
fn errors() {
    check_error(
        &["pentomino", "--pieces", "heptominoes"],
        "",
        "bad --pieces: `heptominoes` is neither a piece set nor a file: unknown piece set `heptominoes` (known: pentominoes, tetrominoes, hexominoes, domino)",
    );
    check_error(
        &["pentomino", "--only", "X,Q"],
        "",
        "bad --only: unknown piece `Q` (known: F I L N P T U V W X Y Z)",
    );
    check_error(
        &["pentomino", "--board", "6by10"],
        "",
        "bad --board: `6by10` is not a board size (expected WIDTHxHEIGHT, for example 10x6)",
    );
    check_error(
        &["pentomino", "--board-file", "-"],
        "########\n###?####\n",
        "in board file <stdin>: line 2, column 4: `?` is not a board cell (`#`, a letter or a digit) or a hole (`.` or space)",
    );
    check_error(
        &["pentomino", "--board", "8x8"],
        "",
        "cannot set up the puzzle: the pieces cover 60 cells (counting copies) but the board has 64 cells",
    );
    check_error(
        &["pentomino", "--board-file", "-"],
        "##########\n##########\n##########\n##########\n##########\n#########.\n\n#\n",
        "cannot set up the puzzle: no piece fits on the board cell at row 8, column 1",
    );
    check_error(
        &[
            "polyomino",
            "--board",
            "4x4",
            "--pieces",
            "tetrominoes*2,tetrominoes",
        ],
        "",
        "bad --pieces: piece `I` is defined twice",
    );
    check_error(
        &["polyomino", "--pieces", "tetrominoes*0"],
        "",
        "bad --pieces: `tetrominoes*0` is not a valid multiplicity (a number from 1 to 65536 after `*`)",
    );
}

#[test]
fn help_shows_examples() {
    let (stdout, _) = run(&["pentomino", "--help"], "", 0);
    assert!(
        stdout.contains("Examples:\n  dlx pentomino --board 10x6\n"),
        "{stdout}"
    );
    assert!(stdout.contains("--distinct"));
}

/// Issue 21: the input of Knuth's polyomino-dlx gives the board, and the
/// pieces when it lists them.
#[test]
fn issue_21_knuths_polyomino_dlx_input_is_read() {
    let file = "data/polyomino/knuth-pentominoes-20x3.txt";
    let (count, _) = run(&["polyomino", "--knuth", file, "--count"], "", 0);
    assert_eq!(count, "8\n");
    // The same tilings as the built-in pieces on `--board 20x3`.
    let knuth = run(&["polyomino", "--knuth", file, "--limit", "8"], "", 0).0;
    let builtin = run(&["polyomino", "--board", "20x3", "--limit", "8"], "", 0).0;
    assert_eq!(knuth, builtin);
    // A board line alone takes the pieces of --pieces.
    let (count, _) = run(
        &["polyomino", "--knuth", "-", "--count"],
        "| 3 x 20\n[0-2][0-9a-j]\n",
        0,
    );
    assert_eq!(count, "8\n");
    let (count, _) = run(
        &["polyomino", "--knuth", "-", "--pieces", "domino", "--count"],
        "[0-7][0-7]\n",
        0,
    );
    assert_eq!(count, "12988816\n");
    check_error(
        &["polyomino", "--knuth", file, "--pieces", "tetrominoes"],
        "",
        "--knuth's file lists its pieces, and --pieces names others: give the pieces once",
    );
    check_error(
        &["polyomino", "--knuth", "-"],
        "| a box\n[0-2\n",
        "in <stdin>: line 2, column 5: found the end of the line, expected `]` to close the set",
    );
    run(&["polyomino", "--knuth", file, "--board", "3x20"], "", 2);
}
