//! Any number of threads prints the same bytes (issue 12): every command
//! that searches, on the bundled data, at 1, 2 and 3 threads.

use crate::support::run;

/// The commands, each with the standard input it reads.
const COMMANDS: &[(&[&str], &str)] = &[
    (&["sudoku", "data/sudoku/9x9.txt"], ""),
    (&["sudoku", "--line", "data/sudoku/top95.txt"], ""),
    (&["sudoku", "--unique", "data/sudoku/top95.txt"], ""),
    (&["sudoku", "--count", "data/sudoku/9x9.txt"], ""),
    (
        &["sudoku", "--target", "data/sudoku/target-noip2009.txt"],
        "",
    ),
    (&["sudoku", "--diagonal", "data/sudoku/diagonal.txt"], ""),
    (
        &["sudoku", "--all", "--limit", "40", "--line", "-"],
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n",
    ),
    (
        &["sudoku", "--count", "--limit", "5000", "-"],
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n",
    ),
    (&["matrix", "data/matrix/poj3740.txt"], ""),
    (&["matrix", "--rows", "data/matrix/poj3740.txt"], ""),
    (
        &["matrix", "--format", "hust1017", "data/matrix/hust1017.txt"],
        "",
    ),
    (&["matrix", "--count", "data/matrix/poj3740.txt"], ""),
    (&["treasure", "data/treasure/sample.txt"], ""),
    (&["squares", "--sticks", "data/squares/sample.txt"], ""),
    (&["queens", "--spoj", "data/queens/spoj.txt"], ""),
    (&["queens", "9", "--count", "--distinct"], ""),
    (&["queens", "30"], ""),
    (&["pentomino", "--board", "5x12", "--limit", "25"], ""),
    (
        &["pentomino", "--board", "10x6", "--count", "--distinct"],
        "",
    ),
    (
        &[
            "polyomino",
            "--board",
            "8x5",
            "--pieces",
            "tetrominoes*2",
            "--limit",
            "30",
        ],
        "",
    ),
    (
        &[
            "polyomino",
            "--board",
            "4x5",
            "--pieces",
            "tetrominoes",
            "--count",
            "--distinct",
        ],
        "",
    ),
    (
        &[
            "polycube",
            "--box",
            "2x5x6",
            "--pieces",
            "planar-pentacubes",
            "--limit",
            "20",
        ],
        "",
    ),
    (&["polycube", "--count", "--distinct"], ""),
    (
        &[
            "polycube",
            "--board-file",
            "data/polyform/soma-steps.txt",
            "--count",
        ],
        "",
    ),
    (
        &[
            "polyiamond",
            "--board",
            "parallelogram:4x9",
            "--limit",
            "10",
        ],
        "",
    ),
    (
        &[
            "polyiamond",
            "--board",
            "rhombus:6",
            "--count",
            "--distinct",
        ],
        "",
    ),
    (
        &[
            "polyiamond",
            "--board",
            "hexagon:4",
            "--pieces",
            "diamond",
            "--count",
        ],
        "",
    ),
    (&["polyhex", "--limit", "18", "--json"], ""),
    (
        &[
            "polyhex",
            "--board",
            "parallelogram:11x10",
            "--pieces",
            "pentahexes",
        ],
        "",
    ),
    (&["solve", "data/pentomino-3x20.dlx"], ""),
    (&["solve", "--json", "data/solve/multiplicities.dlx"], ""),
    (&["solve", "--count", "data/solve/redrect-2x5.dlx"], ""),
    (
        &["solve", "--min-cost", "--best", "3", "data/solve/costs.dlx"],
        "",
    ),
    (&["solve", "--min-options", "data/solve/costs.dlx"], ""),
    (&["cover", "data/solve/squares-5.dlx"], ""),
    (&["cover", "data/cover/queens-domination-8.dlx"], ""),
    (&["lottery", "8", "4", "3"], ""),
    (&["lottery", "9", "4", "2"], ""),
    // A case alone in its input: searched on all the threads (issue 12).
    (&["sudoku", "data/sudoku/25x25.txt"], ""),
    (&["sudoku", "--unique", "data/sudoku/16x16.txt"], ""),
    (
        &["sudoku", "--count", "--limit", "300", "-"],
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000\n",
    ),
    (
        &["matrix", "-"],
        "4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 1 0\n",
    ),
    (
        &["matrix", "--count", "-"],
        "4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 1 0\n",
    ),
    (
        &["matrix", "--rows", "--limit", "2", "-"],
        "4 3\n1 0 0\n0 1 1\n1 1 0\n0 0 1\n",
    ),
    (
        &["treasure", "-"],
        "1\n30 30 5\n0 0 30 10\n0 10 30 20\n0 20 30 30\n0 0 15 30\n15 0 30 30\n",
    ),
];

#[test]
fn the_output_is_the_same_at_any_number_of_threads() {
    for (args, stdin) in COMMANDS {
        let mut outputs = Vec::new();
        for threads in ["1", "2", "3"] {
            let mut with = args.to_vec();
            with.extend(["--threads", threads]);
            let (stdout, _) = run(&with, stdin, 0);
            outputs.push(stdout);
        }
        assert!(!outputs[0].is_empty(), "{args:?} printed nothing");
        assert_eq!(outputs[0], outputs[1], "{args:?}: 1 and 2 threads");
        assert_eq!(outputs[0], outputs[2], "{args:?}: 1 and 3 threads");
    }
}

/// A minimum repeated cover's rounds searched on threads give the
/// one-thread search's statistics as well as its answer: nodes, updates and
/// levels, figure for figure.
#[test]
fn repeated_covers_count_the_same_statistics_at_any_number_of_threads() {
    let commands: &[(&[&str], &str)] = &[
        (&["cover", "data/cover/queens-domination-8.dlx"], ""),
        (&["lottery", "8", "4", "3"], ""),
        (&["squares", "data/squares/sample.txt"], ""),
        // One grid: its rounds on the threads (5x5, nothing missing: 14 sticks).
        (&["squares", "-"], "1\n5\n0\n"),
    ];
    for (args, stdin) in commands {
        let mut figures = Vec::new();
        for threads in ["1", "2", "3"] {
            let mut with = args.to_vec();
            with.extend(["--stats", "--threads", threads]);
            let (_, stderr) = run(&with, stdin, 0);
            let kept: Vec<&str> = stderr
                .lines()
                .filter(|line| {
                    ["solutions:", "nodes:", "updates:", "max level:"]
                        .iter()
                        .any(|figure| line.starts_with(figure))
                })
                .collect();
            assert_eq!(kept.len(), 4, "{args:?}: {stderr}");
            figures.push(kept.join("\n"));
        }
        assert_eq!(figures[0], figures[1], "{args:?}: 1 and 2 threads");
        assert_eq!(figures[0], figures[2], "{args:?}: 1 and 3 threads");
    }
}
