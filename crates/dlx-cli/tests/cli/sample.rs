//! `dlx sample`, `dlx polyomino --sample` and `dlx solve --frequencies` (issue 24): what they print, the same draws at any thread count, the budgets, and the frequencies against the solutions listed.

use std::collections::BTreeSet;

use crate::support::{read_svg, run, scratch, transcript};

#[test]
fn sample_prints_solutions_as_solve_does() {
    insta::assert_snapshot!(
        "sample_pentomino_3x20",
        transcript(
            &[
                "sample",
                "-n",
                "3",
                "--seed",
                "7",
                "data/pentomino-3x20.dlx"
            ],
            "",
            0
        )
    );
    insta::assert_snapshot!(
        "sample_pentomino_3x20_json",
        transcript(
            &[
                "sample",
                "-n",
                "2",
                "--seed",
                "7",
                "--json",
                "data/pentomino-3x20.dlx"
            ],
            "",
            0
        )
    );
}

#[test]
fn the_same_seed_draws_the_same_solutions_at_any_thread_count() {
    let args = [
        "sample",
        "-n",
        "20",
        "--seed",
        "11",
        "data/bench/queens-10.dlx",
    ];
    let (one, _) = run(&[&args[..], &["-j", "1"]].concat(), "", 0);
    let (two, _) = run(&[&args[..], &["-j", "2"]].concat(), "", 0);
    assert_eq!(one, two);
    // Ten options a solution, a blank line between solutions.
    assert_eq!(one.split("\n\n").count(), 20);
    let (other, _) = run(
        &[
            "sample",
            "-n",
            "20",
            "--seed",
            "12",
            "data/bench/queens-10.dlx",
        ],
        "",
        0,
    );
    assert_ne!(one, other);
}

#[test]
fn without_a_seed_the_seed_is_said() {
    let (stdout, stderr) = run(&["sample", "data/pentomino-3x20.dlx"], "", 0);
    assert_eq!(
        stdout.lines().count(),
        12,
        "one solution of twelve pentominoes"
    );
    let seed = stderr
        .lines()
        .find_map(|line| line.split("--seed ").nth(1))
        .unwrap_or_else(|| panic!("the seed is said: {stderr}"));
    let seed: String = seed.chars().take_while(char::is_ascii_digit).collect();
    let (again, _) = run(
        &["sample", "--seed", &seed, "data/pentomino-3x20.dlx"],
        "",
        0,
    );
    assert_eq!(again, stdout, "the seed said draws the same again");
}

#[test]
fn a_problem_without_solutions_draws_nothing() {
    insta::assert_snapshot!(
        "sample_no_solution",
        transcript(&["sample", "--seed", "1", "-n", "3"], "a b\na\n", 0)
    );
}

#[test]
fn a_stopped_diagram_draws_nothing() {
    let (stdout, stderr) = run(
        &[
            "sample",
            "--seed",
            "1",
            "--max-nodes",
            "1000",
            "data/pentomino-6x10.dlx",
        ],
        "",
        3,
    );
    assert_eq!(stdout, "");
    assert!(stderr.contains("max-nodes"), "{stderr}");
}

#[test]
fn issue_36_a_board_past_the_diagram_says_the_determinant_draws_no_samples_yet() {
    let args = ["polyomino", "--board", "30x30", "--pieces", "domino"];
    let (stdout, stderr) = run(
        &[
            &args[..],
            &["--sample", "1", "--seed", "1", "--max-memory", "32M"],
        ]
        .concat(),
        "",
        3,
    );
    assert_eq!(stdout, "");
    assert!(stderr.contains("--max-memory"), "{stderr}");
    assert!(stderr.contains("draws no samples yet"), "{stderr}");
    // The count of the same board is the determinant's, within the same memory.
    let (stdout, _) = run(
        &[&args[..], &["--count", "--max-memory", "32M"]].concat(),
        "",
        0,
    );
    assert!(
        stdout
            .trim()
            .starts_with("1318415454722440274064961887579123753638916"),
        "{stdout}"
    );
}

#[test]
fn a_domino_board_is_drawn_from_its_layers() {
    // A narrow problem: the diagram keeps the layered count's layers, and
    // the stats say so; the draws are the same at any thread count.
    let args = [
        "polyomino",
        "--board",
        "16x16",
        "--pieces",
        "domino",
        "--sample",
        "3",
        "--seed",
        "5",
        "--stats",
    ];
    let (one, stderr) = run(&[&args[..], &["-j", "1"]].concat(), "", 0);
    assert!(
        stderr.contains("layer by layer along the sweep, the layers kept"),
        "{stderr}"
    );
    assert!(stderr.contains("layers: 256\n"), "{stderr}");
    assert!(
        stderr.contains("layers kept: 257 (every layer)"),
        "{stderr}"
    );
    let (two, _) = run(&[&args[..], &["-j", "2"]].concat(), "", 0);
    assert_eq!(one, two);
    // With less memory than its 17 MiB of layers, checkpoints; the same tilings.
    let (thin, stderr) = run(&[&args[..], &["--max-memory", "8M"]].concat(), "", 0);
    assert!(stderr.contains("checkpoints every"), "{stderr}");
    assert_eq!(thin, one);
}

#[test]
fn polyomino_sample_draws_tilings() {
    insta::assert_snapshot!(
        "polyomino_sample_20x3",
        transcript(
            &[
                "polyomino",
                "--board",
                "20x3",
                "--sample",
                "2",
                "--seed",
                "5"
            ],
            "",
            0
        )
    );
    let dir = scratch("polyomino-sample");
    let svg = dir.join("tiling.svg");
    run(
        &[
            "polyomino",
            "--board",
            "6x6",
            "--pieces",
            "dominoes",
            "--sample",
            "1",
            "--seed",
            "5",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
        0,
    );
    let text = read_svg(&svg);
    assert!(text.contains("<svg"), "{text}");
}

#[test]
fn frequencies_add_up_to_the_solutions_listed() {
    // Each option's number against the options of the listed solutions.
    let file = "data/pentomino-3x20.dlx";
    let (frequencies, _) = run(&["solve", "--frequencies", file], "", 0);
    // Solutions one option a line, a blank line between them.
    let (listed, _) = run(&["solve", file], "", 0);
    let mut lines: Vec<&str> = frequencies.lines().collect();
    let total = lines.pop().expect("the count last");
    assert_eq!(total, "8");
    assert_eq!(listed.split("\n\n").count(), 8);
    for line in lines {
        let (count, option) = line.split_once('\t').expect("count TAB option");
        let in_solutions = listed.lines().filter(|&l| l == option).count();
        assert_eq!(count.parse::<usize>().unwrap(), in_solutions, "{option}");
    }
}

#[test]
fn frequencies_on_a_small_board() {
    insta::assert_snapshot!(
        "frequencies_2x4_dominoes",
        transcript(
            &["solve", "--frequencies"],
            "a b c d e f g h\na b\nc d\ne f\ng h\na e\nb f\nc g\nd h\nb c\nf g\n",
            0
        )
    );
}

#[test]
fn issue_24_a_random_domino_tiling_is_drawn_by_orientation_and_parity() {
    // The README's picture on a small Aztec diamond (order 4, 2^10 tilings,
    // as data/polyomino/aztec-15.txt is drawn): letters and four colors by
    // the domino's orientation and the parity of its top-left cell.
    let aztec = "...##...\n..####..\n.######.\n########\n########\n.######.\n..####..\n...##...\n";
    let dir = scratch("aztec-sample");
    let svg = dir.join("aztec.svg");
    let args = [
        "polyomino",
        "--board-file",
        "-",
        "--pieces",
        "domino",
        "--sample",
        "1",
        "--seed",
        "1",
        "--svg",
        svg.to_str().unwrap(),
    ];
    insta::assert_snapshot!("polyomino_sample_aztec_4", transcript(&args, aztec, 0));
    let drawn = read_svg(&svg);
    let fills: BTreeSet<&str> = drawn
        .lines()
        .filter(|line| line.starts_with("<path ") && !line.contains("fill=\"none\""))
        .filter_map(|line| line.split("fill=\"").nth(1)?.split('"').next())
        .collect();
    assert_eq!(
        drawn.matches("<path ").count(),
        20 + 1,
        "a path per domino, and the outlines"
    );
    assert!(fills.len() <= 4, "{fills:?}");
    assert!(!drawn.contains("<text"), "no labels");
}
