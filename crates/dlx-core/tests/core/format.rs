//! Knuth's DLX text format: what it accepts, what it refuses and how it says so.

use dlx_core::{
    parse_dlx, parse_dlx_bytes, verify, write_dlx, ItemKind, MinCover, Optimum, ParseError,
    Problem, ProblemBuilder, Solver,
};
use proptest::prelude::*;

#[track_caller]
fn check_error(text: &str, expected: ParseError, message: &str) {
    let err = parse_dlx(text).expect_err("input must be refused");
    assert_eq!(err, expected);
    assert_eq!(err.to_string(), message);
}

#[test]
fn reads_comments_blank_lines_secondary_items_and_colors() {
    let text =
        "| Knuth's format\n\n a b  c | x y\r\n| a comment between options\na x:red\n\nb x:red y:blue\nc y:blue\n";
    let problem = parse_dlx(text).unwrap();
    assert_eq!(
        (
            problem.n_primary(),
            problem.n_secondary(),
            problem.n_options()
        ),
        (3, 2, 3)
    );
    let x = problem
        .item_ids()
        .find(|&i| problem.item_name(i) == Some("x"))
        .unwrap();
    assert_eq!(problem.item_kind(x), ItemKind::Secondary);
    assert_eq!(Solver::new(&problem).count(), 1);
}

#[test]
fn writes_what_it_reads() {
    let text = "a b c | x y\na x:red\nb x:red y\nc y\nb c\n";
    let problem = parse_dlx(text).unwrap();
    let written = write_dlx(&problem);
    assert_eq!(written, "a b c | x y\na x:red\nb x:red y\nc y\nb c\n");
    let again = parse_dlx(&written).unwrap();
    assert_eq!(write_dlx(&again), written);
}

#[test]
fn errors_name_the_line_and_the_item() {
    check_error(
        "| only a comment\n\n",
        ParseError::MissingHeader,
        "no item line: the input holds only comments and blank lines",
    );
    check_error(
        "a b\na c\n",
        ParseError::UnknownItem {
            line: 2,
            name: "c".into(),
        },
        "line 2: unknown item `c` (not in the item line)",
    );
    check_error(
        "a b\n\na b a\n",
        ParseError::RepeatedItem {
            line: 3,
            name: "a".into(),
        },
        "line 3: item `a` appears twice in this option",
    );
    check_error(
        "a b a\n",
        ParseError::DuplicateItem {
            line: 1,
            name: "a".into(),
        },
        "line 1: item `a` is named twice in the item line",
    );
    check_error(
        "a | x\na:red x\n",
        ParseError::ColorOnPrimary {
            line: 2,
            name: "a".into(),
        },
        "line 2: primary item `a` has a color; only secondary items take colors",
    );
    check_error(
        "a | x\nx\n",
        ParseError::NoPrimaryItem { line: 2 },
        "line 2: the option has no primary item, so no search could ever choose it",
    );
    check_error(
        "a | x\na x:\n",
        ParseError::EmptyColor {
            line: 2,
            name: "x".into(),
        },
        "line 2: item `x` has `:` but no color after it",
    );
    check_error(
        "a | x | y\n",
        ParseError::SecondSeparator { line: 1 },
        "line 1: the item line has a second `|`; only one separates primary from secondary items",
    );
    check_error(
        "| x\n a:b\n",
        ParseError::InvalidName {
            line: 2,
            name: "a:b".into(),
            reason: "it contains `:`",
        },
        "line 2: `a:b` is not a valid name: it contains `:`",
    );
    assert!(matches!(
        parse_dlx("1:x|a b\n"),
        Err(ParseError::InvalidMultiplicity { line: 1, .. })
    ));
    assert!(matches!(
        parse_dlx("a | 2|x\n"),
        Err(ParseError::InvalidMultiplicity { line: 1, .. })
    ));
    check_error(
        "3:2|a\n",
        ParseError::InvalidMultiplicity {
            line: 1,
            text: "3:2|a".into(),
            reason: "the least times exceed the most",
        },
        "line 1: `3:2|a` is not a valid multiplicity: the least times exceed the most",
    );
    // An item line without primary items is a problem only when no option follows.
    check_error(
        "| no primary item\n | x\nx\n",
        ParseError::NoPrimaryItems { line: 2 },
        "line 2: the item line names no primary item (expected names, then optionally `|` and secondary names)",
    );
    assert_eq!(
        parse_dlx(" |\na\n").unwrap_err(),
        ParseError::NoPrimaryItems { line: 1 }
    );
}

/// Writes `problem`, checks the text, reads it back and checks that it is the
/// same problem with one solution, the empty one.
#[track_caller]
fn check_no_primary_round_trip(problem: &Problem, text: &str) {
    assert_eq!(write_dlx(problem), text);
    let again = parse_dlx(text).expect("the written text reads back");
    assert_eq!(write_dlx(&again), text);
    assert_eq!(
        (again.n_primary(), again.n_secondary(), again.n_options()),
        (0, problem.n_secondary(), 0)
    );
    for problem in [problem, &again] {
        // Knuth's convention: nothing to cover, one way to cover it.
        assert_eq!(Solver::new(problem).count(), 1);
        let first = Solver::new(problem).first();
        assert_eq!(first, Some(Vec::new()));
        assert_eq!(verify(problem, &[]), Ok(()));
        assert_eq!(MinCover::new(problem).solve(), Optimum::Found(Vec::new()));
    }
}

#[test]
fn the_problem_with_no_items_round_trips() {
    // Issue: write_dlx wrote a blank item line, which parse_dlx skipped and then refused.
    let empty = ProblemBuilder::new().build().unwrap();
    check_no_primary_round_trip(&empty, " |\n");
    // Comments and blank lines around the item line change nothing.
    let problem = parse_dlx("| the empty problem\n\n |\n\n| the end\n").unwrap();
    assert_eq!(problem.n_items(), 0);
    assert_eq!(parse_dlx(" | \r\n").unwrap().n_items(), 0);
    // Secondary items alone: no option can hold them, and the empty solution is the one.
    let mut builder = ProblemBuilder::new();
    builder.secondary("x").unwrap();
    builder.secondary("y").unwrap();
    check_no_primary_round_trip(&builder.build().unwrap(), " | x y\n");
    // Only comments is still no problem at all.
    assert_eq!(parse_dlx("").unwrap_err(), ParseError::MissingHeader);
}

#[test]
fn refuses_binary_and_non_utf8_input() {
    assert_eq!(
        parse_dlx_bytes(b"a b\na\x00\n").unwrap_err(),
        ParseError::Binary { line: 2 }
    );
    assert_eq!(
        parse_dlx_bytes(b"a b\n\xff\xfe\n").unwrap_err(),
        ParseError::NotUtf8 { line: 2 }
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any bytes at all give a problem or a typed error, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_dlx_bytes(&bytes);
    }

    /// Text made of the format's own characters reaches deeper into the parser.
    #[test]
    fn format_like_text_never_panics(text in "[abcxy|: \n\r#\t]{0,80}") {
        if let Ok(problem) = parse_dlx(&text) {
            let again = parse_dlx(&write_dlx(&problem)).expect("written problems read back");
            prop_assert_eq!(write_dlx(&again), write_dlx(&problem));
            let mut solver = Solver::new(&problem);
            solver.set_limit(Some(100));
            solver.count();
        }
    }
}

#[test]
fn reads_and_writes_dlx5_costs() {
    let problem = parse_dlx("a b\na b |3 |4\na |2\nb\n").unwrap();
    let costs: Vec<u64> = problem.option_ids().map(|o| problem.cost(o)).collect();
    assert_eq!(costs, [7, 2, 0], "several costs add up");
    assert_eq!(write_dlx(&problem), "a b\na b |7\na |2\nb\n");
    assert_eq!(
        parse_dlx("a\na |x\n").unwrap_err(),
        ParseError::InvalidCost {
            line: 2,
            text: "|x".into()
        }
    );
    assert_eq!(
        parse_dlx("a\na |-1\n").unwrap_err().to_string(),
        "line 2: `|-1` is not a cost (DLX5 costs are `|` followed by a nonnegative integer)"
    );
    assert!(matches!(
        parse_dlx("a\na |18446744073709551615 |1\n"),
        Err(ParseError::InvalidCost { line: 2, .. })
    ));
}

#[test]
fn reads_and_writes_dlx3_multiplicities() {
    // Two copies of a, at least one b, up to two c: options {a b}, {a c}, {a b c}, {b}.
    let text = "2|a 1:|b 0:2|c\na b\na c\na b c\nb\n";
    let problem = parse_dlx(text).unwrap();
    assert_eq!(write_dlx(&problem), text);
    // Solutions: two of the three a-options, plus {b} whenever b is still uncovered or as an extra.
    // {ab, ac}, {ab, ac, b}, {ab, abc}, {ab, abc, b}, {ac, abc}, {ac, abc, b} = 6.
    assert_eq!(Solver::new(&problem).count(), 6);
}
