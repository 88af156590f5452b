//! Issue 36: the board subcommands' `--frequencies` by Kasteleyn's determinant where the count takes it, the same numbers as the diagram gives, and past the diagram's reach.

use std::collections::BTreeMap;

use dlx_core::Count;

use crate::support::run;

/// A domino board with a hole in its middle, for `--board-file -`.
const HOLED: &str =
    "########\n########\n########\n###..###\n###..###\n########\n########\n########\n";

/// The domino tilings of the 40 x 40 board (OEIS A004003, and Kasteleyn's
/// product formula evaluated to 400 digits).
const TILINGS_40X40: &str = "289087282163113328743610185163908044770725939303538279677232590242783491136127669408356195744411950145370951939712965145774240924617228224722535628416515766823057081561443443293702226008700932325376";

/// The frequencies a command prints: each option's count by its cells (a
/// board's line without its piece's name, `solve`'s line as it is), and
/// the count of the last line.
fn by_cells(stdout: &str, piece: &str) -> (BTreeMap<String, String>, String) {
    let mut lines: Vec<&str> = stdout.lines().collect();
    let total = lines.pop().expect("the count last").to_owned();
    let mut counts = BTreeMap::new();
    for line in lines {
        let (count, option) = line.split_once('\t').expect("count TAB option");
        let cells = option.strip_prefix(piece).unwrap_or(option).trim_start();
        let before = counts.insert(cells.to_owned(), count.to_owned());
        assert_eq!(before, None, "one line a placement: {line}");
    }
    (counts, total)
}

/// Checks that a board subcommand's `--frequencies` (`args`, reading
/// `stdin`) is counted by `method`, and gives each placement the count
/// that `dlx solve --frequencies` gives its option in the problem the
/// subcommand emits: that problem carries no matrix, so the diagram counts it.
#[track_caller]
fn check(args: &[&str], stdin: &str, piece: &str, method: &str) {
    let with = |extra: &[&'static str]| -> Vec<&str> {
        args.iter().copied().chain(extra.iter().copied()).collect()
    };
    let (board, stats) = run(&with(&["--frequencies", "--stats"]), stdin, 0);
    assert!(
        stats.starts_with(&format!("method: {method}")),
        "{args:?}: {stats}"
    );
    let (problem, _) = run(&with(&["--emit-dlx"]), stdin, 0);
    let (solved, stats) = run(&["solve", "--frequencies", "--stats"], &problem, 0);
    assert!(stats.starts_with("method: memoised"), "{args:?}: {stats}");
    let (board, solved) = (by_cells(&board, piece), by_cells(&solved, ""));
    assert_eq!(board.1, solved.1, "{args:?}: the total");
    assert_eq!(board.0, solved.0, "{args:?}");
}

#[test]
fn issue_36_the_determinants_frequencies_are_the_diagrams() {
    let determinant = "Kasteleyn's determinant";
    let dominoes = ["--pieces", "domino"];
    for size in ["8x8", "10x7"] {
        let args: Vec<&str> = ["polyomino", "--board", size]
            .into_iter()
            .chain(dominoes)
            .collect();
        check(&args, "", "domino", determinant);
    }
    let args: Vec<&str> = ["polyomino", "--board-file", "-"]
        .into_iter()
        .chain(dominoes)
        .collect();
    check(&args, HOLED, "domino", determinant);
    let lozenges = ["polyiamond", "--board", "hexagon:4", "--pieces", "diamond"];
    check(&lozenges, "", "diamond", determinant);
    // Narrow enough for the layers: the diagram, as the count.
    let args: Vec<&str> = ["polyomino", "--board", "6x6"]
        .into_iter()
        .chain(dominoes)
        .collect();
    check(&args, "", "domino", "memoised, layer by layer");
}

#[test]
fn issue_36_frequencies_past_the_diagrams_reach() {
    // 8 MiB: the determinant's fronts and residues fit, the diagram does not.
    let board = [
        "polyomino",
        "--board",
        "40x40",
        "--pieces",
        "domino",
        "--max-memory",
        "8M",
    ];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        board.iter().copied().chain(extra.iter().copied()).collect()
    };
    let (frequencies, _) = run(&with(&["--frequencies"]), "", 0);
    let (count, _) = run(&with(&["--count"]), "", 0);
    let (by_cells, total) = by_cells(&frequencies, "domino");
    assert_eq!(
        (total.as_str(), count.trim_end()),
        (TILINGS_40X40, TILINGS_40X40)
    );
    assert_eq!(by_cells.len(), 2 * 40 * 39);
    // Every tiling covers each cell once: the dominoes of a cell add up to
    // the total (checked for the corners and a cell inside).
    let sum = |cell: &str| -> Count {
        by_cells
            .iter()
            .filter(|(cells, _)| cells.split(' ').any(|c| c == cell))
            .map(|(_, count)| count.parse::<Count>().expect("a count"))
            .sum()
    };
    for cell in ["r0c0", "r0c39", "r39c39", "r17c23"] {
        assert_eq!(sum(cell).to_string(), TILINGS_40X40, "{cell}");
    }
    // The diagram, on the emitted problem, stops on the same memory.
    let (problem, _) = run(&with(&["--emit-dlx"]), "", 0);
    let (stdout, stderr) = run(
        &["solve", "--frequencies", "--max-memory", "8M"],
        &problem,
        3,
    );
    assert_eq!(stdout, "");
    assert!(stderr.contains("stopped by --max-memory"), "{stderr}");
}
