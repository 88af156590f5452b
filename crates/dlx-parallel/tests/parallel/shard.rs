//! The shard format: fingerprints, split lines read back, parts merged to the sequential totals, and what is refused.

use dlx_core::{Outcome, Problem, Solver};
use dlx_parallel::{
    read_split, Fingerprint, Merge, Merged, ParallelSolver, PartLine, Split, SplitGoal, SplitLine,
};

use crate::problems::{count_answer, data, queens};

/// The text `dlx split` writes: one line per piece.
fn split_text(problem: &Problem, split: &Split) -> String {
    let lines = SplitLine::of_split(problem, split);
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// The texts `dlx count --shard I/N` writes for I from 0 to N-1: shard I
/// counts pieces I, I+N, I+2N, ...
fn part_texts(problem: &Problem, goal: SplitGoal, n_shards: usize) -> Vec<String> {
    let root = Solver::new(problem);
    let split = Split::new(&root, goal);
    (0..n_shards)
        .map(|shard| {
            let mine: Vec<usize> = (shard..split.len()).step_by(n_shards).collect();
            let mut solver = ParallelSolver::from_solver(root.clone())
                .with_threads(1)
                .expect("a pool of one thread");
            solver.set_split_to(split.clone());
            let counts = solver.count_each(&mine);
            assert!(counts.is_complete(), "shard {shard}: {:?}", counts.outcome);
            let counts = counts.value;
            let lines = PartLine::of_counts(problem, solver.split(), &counts);
            lines.iter().map(|line| format!("{line}\n")).collect()
        })
        .collect()
}

/// Merges parts given as (input name, text).
fn merge(parts: &[(&str, &str)]) -> Result<Merged, dlx_parallel::ShardError> {
    let mut merge = Merge::new();
    for (input, text) in parts {
        merge.add(input, text)?;
    }
    merge.finish()
}

/// Shards of a count, merged, give the sequential search's count and statistics.
#[track_caller]
fn check(problem: &Problem, goal: SplitGoal, n_shards: usize, expected: u64) {
    let texts = part_texts(problem, goal, n_shards);
    let names: Vec<String> = (0..n_shards).map(|i| format!("part-{i}")).collect();
    let parts: Vec<(&str, &str)> = names
        .iter()
        .zip(&texts)
        .map(|(name, text)| (name.as_str(), text.as_str()))
        .collect();
    let merged = merge(&parts).unwrap_or_else(|e| panic!("{goal:?}, {n_shards} shards: {e}"));
    let mut sequential = Solver::new(problem);
    assert_eq!(
        sequential.count(),
        count_answer(expected, Outcome::Finished)
    );
    assert_eq!(
        merged.stats,
        *sequential.stats(),
        "{goal:?}, {n_shards} shards"
    );
}

/// Merging these parts is refused with this message.
#[track_caller]
fn check_refused(parts: &[(&str, &str)], message: &str) {
    match merge(parts) {
        Ok(merged) => panic!("merged to {merged:?}, expected {message:?}"),
        Err(err) => assert_eq!(err.to_string(), message),
    }
}

/// Reading this split of `problem` is refused with this message.
#[track_caller]
fn check_split_refused(problem: &Problem, text: &str, message: &str) {
    match read_split("split", text, problem) {
        Ok(split) => panic!("read {} pieces, expected {message:?}", split.len()),
        Err(err) => assert_eq!(err.to_string(), message),
    }
}

#[test]
fn shards_merge_to_the_sequential_count() {
    let pentominoes = data("pentomino-3x20.dlx");
    check(&pentominoes, SplitGoal::Pieces(40), 3, 8);
    check(&pentominoes, SplitGoal::Depth(2), 4, 8);
    let queens8 = queens(8);
    check(&queens8, SplitGoal::Pieces(256), 5, 92);
    check(&queens8, SplitGoal::Depth(1), 1, 92);
    // More shards than pieces: some shards are empty.
    check(&queens8, SplitGoal::Depth(1), 11, 92);
}

#[test]
fn the_format_is_stable() {
    // What `dlx split --depth 2` writes for 4-queens: the pieces as subtrees
    // (their level, the alternatives on the way down, their own). Pinned so
    // that a change of the format is seen.
    let problem = queens(4);
    let split = Split::new(&Solver::new(&problem), SplitGoal::Depth(2));
    assert_eq!(
        Fingerprint::of_problem(&problem).to_string(),
        "f65d7910491f56f6"
    );
    assert_eq!(
        Fingerprint::of_split(&split).to_string(),
        "43b03bc85f030f15"
    );
    let text = split_text(&problem, &split);
    assert_eq!(
        text.lines().next(),
        Some(
            r#"{"type":"piece","problem":"f65d7910491f56f6","split":"43b03bc85f030f15","index":0,"of":6,"depth":1,"path":[0],"from":0,"to":1}"#
        )
    );
    // A part line written before `split_updates` was added reads as 0 of
    // them, and one written before `type` was added (issue 15) still reads.
    let old = r#"{"problem":"f65d7910491f56f6","split":"01414b1b96c98a94","index":0,"of":1,"count":2,"nodes":5,"updates":40,"max_level":4,"seconds":0.5,"split_nodes":0}"#;
    let merged = merge(&[("old", old)]).expect("an old part line");
    assert_eq!(merged.stats.solutions, 2);
    assert_eq!(merged.stats.updates, 40);
}

#[test]
fn the_problem_fingerprint_ignores_comments_and_spacing() {
    let parse = |text: &str| dlx_core::parse_dlx(text).expect("a problem");
    let plain = Fingerprint::of_problem(&parse("a b | c\na c\nb\n"));
    let spaced = Fingerprint::of_problem(&parse("| a comment\n a  b |  c\n\na   c\n b\n"));
    let other = Fingerprint::of_problem(&parse("a b | c\na\nb c\n"));
    assert_eq!(plain, spaced);
    assert_ne!(plain, other);
}

#[test]
fn split_lines_read_back_to_the_same_split() {
    for (problem, goal) in [
        (queens(7), SplitGoal::Pieces(30)),
        (queens(6), SplitGoal::Depth(1)),
        (data("pentomino-3x20.dlx"), SplitGoal::Depth(2)),
    ] {
        let split = Split::new(&Solver::new(&problem), goal);
        let read = read_split("split", &split_text(&problem, &split), &problem)
            .unwrap_or_else(|e| panic!("{goal:?}: {e}"));
        assert_eq!(read.pieces(), split.pieces(), "{goal:?}");
        assert_eq!(read.stats(), split.stats(), "{goal:?}");
    }
}

#[test]
fn read_split_refuses_what_is_not_a_split_of_the_problem() {
    let problem = queens(6);
    let split = Split::new(&Solver::new(&problem), SplitGoal::Depth(1));
    let text = split_text(&problem, &split);
    let lines: Vec<&str> = text.lines().collect();
    let this = Fingerprint::of_problem(&problem);
    let other = queens(5);
    let foreign = split_text(
        &other,
        &Split::new(&Solver::new(&other), SplitGoal::Depth(1)),
    );
    check_split_refused(
        &problem,
        &foreign,
        &format!(
            "split:1 splits another problem (fingerprint {}, this one is {this})",
            Fingerprint::of_problem(&other)
        ),
    );
    let swapped = [lines[1], lines[0]].join("\n");
    check_split_refused(&problem, &swapped, "split:1: expected piece 0, found 1");
    // A piece through an alternative the level does not have, in a one-line split.
    let astray = lines[0]
        .replace("\"path\":[]", "\"path\":[99999]")
        .replace("\"depth\":0", "\"depth\":1");
    check_split_refused(&problem, &astray, "split is not a split of this problem");
    // An empty split file (issue 13: it said "expected a path starting [], found []").
    check_split_refused(
        &problem,
        "\n",
        "split holds no pieces: a split has one line per piece, written by `dlx split`",
    );
    // Blank lines are skipped but counted.
    check_split_refused(
        &problem,
        &format!("\n{}\n{{\"count\": 3}}\n", lines[0]),
        "split:3: not a line written by `dlx split`",
    );
    let missing_last = lines[..5].join("\n");
    check_split_refused(
        &problem,
        &missing_last,
        "split is not a split of this problem",
    );
}

#[test]
fn merge_refuses_missing_twice_and_foreign_parts() {
    let parts = part_texts(&queens(6), SplitGoal::Depth(1), 2);
    let (part0, part1) = (parts[0].as_str(), parts[1].as_str());
    let foreign = &part_texts(&queens(5), SplitGoal::Depth(1), 1)[0];
    let resplit = &part_texts(&queens(6), SplitGoal::Depth(2), 2)[1];
    let fingerprint = |text: &str, field: &str| {
        let value: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        value[field].as_str().unwrap().to_owned()
    };
    let of = |text: &str| {
        let value: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        value["of"].as_u64().unwrap()
    };
    check_refused(&[("part-0", part0)], "3 of 6 pieces missing: 1, 3, 5");
    check_refused(&[("part-1", part1)], "3 of 6 pieces missing: 0, 2, 4");
    check_refused(
        &[("part-0", part0), ("part-1", part1), ("again", part1)],
        "piece 1 is counted twice: in part-1:1 and again:1",
    );
    check_refused(
        &[("part-0", part0), ("foreign", foreign)],
        &format!(
            "foreign:1 counts another problem (fingerprint {}) than part-0:1 ({})",
            fingerprint(foreign, "problem"),
            fingerprint(part0, "problem")
        ),
    );
    check_refused(
        &[("part-0", part0), ("resplit", resplit)],
        &format!(
            "resplit:1 comes from another split of the problem ({} of {}) than part-0:1 ({} of 6)",
            fingerprint(resplit, "split"),
            of(resplit),
            fingerprint(part0, "split")
        ),
    );
    let beyond = part0
        .lines()
        .next()
        .unwrap()
        .replace("\"index\":0", "\"index\":6");
    check_refused(
        &[("beyond", &beyond)],
        "beyond:1: piece 6 does not exist (the split has 6)",
    );
    check_refused(
        &[("empty", ""), ("blank", "\n  \n")],
        "no counts to merge: the parts are empty",
    );
    check_refused(
        &[("part-0", part0), ("garbage", "{\"count\": 3}\n")],
        "garbage:1: not a line written by `dlx count`",
    );
    let bad_fingerprint = part0.replacen(&fingerprint(part0, "problem"), "not hex", 1);
    check_refused(
        &[("bad", &bad_fingerprint)],
        "bad:1: not a line written by `dlx count`",
    );
}

#[test]
fn merge_lists_ten_missing_pieces_at_most() {
    let parts = part_texts(&queens(8), SplitGoal::Depth(2), 20);
    check_refused(
        &[("part-0", &parts[0])],
        "39 of 42 pieces missing: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...",
    );
}

/// Found by the `shard_merge` fuzz target: `"seconds":3.666e-26` read back
/// as 3.6660000000000004e-26, so a part line read and written again was not
/// the same line.
#[test]
fn a_part_line_reads_back_as_itself() {
    for seconds in [
        "3.666e-26",
        "5.2e-7",
        "0.1",
        "1e300",
        "4.9406564584124654e-324",
    ] {
        let line = format!(
            r#"{{"problem":"f65d7910491f56f6","split":"01414b1b96c98a94","index":0,"of":1,"count":2,"nodes":5,"updates":40,"max_level":4,"seconds":{seconds},"split_nodes":0,"split_updates":0}}"#
        );
        let part: PartLine = serde_json::from_str(&line).expect("a part line");
        assert_eq!(part.seconds, seconds.parse::<f64>().unwrap(), "{seconds}");
        let again: PartLine = serde_json::from_str(&part.to_string()).expect("written back");
        assert_eq!(again, part, "{seconds}");
    }
}

/// A part line of 4-queens' split `01414b1b96c98a94`, with the fields that matter here.
fn part_line(index: usize, of: u64, count: u64, nodes: u64, updates: u64) -> String {
    format!(
        r#"{{"problem":"f65d7910491f56f6","split":"01414b1b96c98a94","index":{index},"of":{of},"count":{count},"nodes":{nodes},"updates":{updates},"max_level":4,"seconds":0.5,"split_nodes":1,"split_updates":7}}"#
    )
}

/// Issue 13 (and the `shard_merge` fuzz target, from a seed): the totals
/// were summed with a plain `+=`, so parts of `u64::MAX` solutions panicked
/// in a debug build and gave a wrapped (wrong) count in a release build.
/// The count is now exact past 64 bits; nodes and updates past 64 bits can
/// only come from edited parts, and are refused.
#[test]
fn merge_counts_past_64_bits_and_refuses_statistics_beyond_them() {
    let max = u64::MAX;
    let merged = merge(&[
        ("a", &part_line(0, 2, max, 1, 1)),
        ("b", &part_line(1, 2, 1, 1, 1)),
    ])
    .expect("a count past 64 bits is exact");
    assert_eq!(merged.count, u128::from(max) + 1);
    // The split's own nodes count too: 1 + (max - 1) + 1 overflows.
    check_refused(
        &[
            ("a", &part_line(0, 2, 0, max - 1, 1)),
            ("b", &part_line(1, 2, 0, 1, 1)),
        ],
        "the parts' nodes add up to more than 18446744073709551615; a part has been edited",
    );
    check_refused(
        &[("a", &part_line(0, 1, 0, 1, max))],
        "the parts' updates add up to more than 18446744073709551615; a part has been edited",
    );
    // Exactly u64::MAX is a total.
    let merged = merge(&[
        ("a", &part_line(0, 2, max - 1, 1, 1)),
        ("b", &part_line(1, 2, 1, 1, 1)),
    ])
    .expect("a total that fits");
    assert_eq!(merged.count, u128::from(max));
    assert_eq!(merged.stats.solutions, max);
    assert_eq!(merged.stats.nodes, 3);
    assert_eq!(merged.stats.updates, 9);
}

/// Issue 13 (and the `shard_merge` fuzz target, from a seed): a part line
/// claiming a split of `u64::MAX` subproblems made the merge list every
/// missing index, allocating until the process aborted. Now it counts them
/// and lists the first ten.
#[test]
fn merge_of_a_huge_split_lists_only_the_first_missing() {
    check_refused(
        &[("a", &part_line(0, u64::MAX, 1, 1, 1))],
        "18446744073709551614 of 18446744073709551615 pieces missing: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...",
    );
    check_refused(
        &[("a", &part_line(3, 12, 1, 1, 1))],
        "11 of 12 pieces missing: 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, ...",
    );
    check_refused(
        &[("a", &part_line(3, 11, 1, 1, 1))],
        "10 of 11 pieces missing: 0, 1, 2, 4, 5, 6, 7, 8, 9, 10",
    );
}
