//! Knuth's DLX text format: what it accepts, what it refuses and how it says so.

use crate::support::count_answer;
use dlx_core::format::{parse_dlx_bytes, write_dlx_bytes};
use dlx_core::{
    parse_dlx, verify, write_dlx, Answer, ItemKind, MinCover, Outcome, ParseError, ProblemBuilder,
    Solver,
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
    assert_eq!(
        Solver::new(&problem).count(),
        count_answer(1, Outcome::Finished)
    );
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
        "no item line: the input holds only comments and blank lines (comments start with `|`)",
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
        "a | x:b\n",
        ParseError::InvalidName {
            line: 1,
            name: "x:b".into(),
            reason: "it contains `:`",
        },
        "line 1: `x:b` is not a valid name: it contains `:`",
    );
    check_error(
        "| x\n a:b\n",
        ParseError::InvalidName {
            line: 2,
            name: "a:b".into(),
            reason: "`:` belongs in a multiplicity, written `u:v|name`",
        },
        "line 2: `a:b` is not a valid name: `:` belongs in a multiplicity, written `u:v|name`",
    );
    assert!(matches!(
        parse_dlx("1:x|a b\n"),
        Err(ParseError::InvalidMultiplicity { line: 1, .. })
    ));
    // Issue 20: `2|x` among the secondary items read as "a second `|`";
    // it is a multiplicity, which a secondary item does not take.
    check_error(
        "a | y 2|x\n",
        ParseError::MultiplicityOnSecondary {
            line: 1,
            name: "x".into(),
            text: "2|x".into(),
        },
        "line 1: secondary item `x` has a multiplicity (`2|x`); only primary items take multiplicities",
    );
    check_error(
        "a | 1:3|x\n",
        ParseError::MultiplicityOnSecondary {
            line: 1,
            name: "x".into(),
            text: "1:3|x".into(),
        },
        "line 1: secondary item `x` has a multiplicity (`1:3|x`); only primary items take multiplicities",
    );
    // A name before a second separator is still a second separator.
    assert_eq!(
        parse_dlx("a | x|y\n").unwrap_err(),
        ParseError::SecondSeparator { line: 1 }
    );
    check_error(
        "3:2|a\n",
        ParseError::InvalidMultiplicity {
            line: 1,
            text: "3:2|a".into(),
            reason: "the least times exceed the most",
        },
        "line 1: `3:2|a` is not a valid multiplicity: the least times exceed the most",
    );
}

#[test]
fn a_problem_without_primary_items_is_written_as_comments() {
    // Knuth's format cannot express it: an item line starting with `|` is a comment.
    for problem in [ProblemBuilder::new().build().unwrap(), {
        let mut builder = ProblemBuilder::new();
        builder.secondary("x").unwrap();
        builder.build().unwrap()
    }] {
        let text = write_dlx(&problem);
        assert!(text.lines().all(|l| l.starts_with("| ")), "{text}");
        assert_eq!(parse_dlx(&text).unwrap_err(), ParseError::MissingHeader);
        // Knuth's convention: nothing to cover, one way to cover it.
        assert_eq!(
            Solver::new(&problem).count(),
            count_answer(1, Outcome::Finished)
        );
        assert_eq!(
            Solver::new(&problem).first(),
            Answer::new(Some(Vec::new()), Outcome::LimitReached)
        );
        assert_eq!(verify(&problem, &[]), Ok(()));
        assert_eq!(
            MinCover::new(&problem).solve(),
            Answer::new(Some(Vec::new()), Outcome::Finished)
        );
    }
    assert_eq!(parse_dlx("").unwrap_err(), ParseError::MissingHeader);
}

#[test]
fn refuses_binary_input() {
    assert_eq!(
        parse_dlx_bytes(b"a b\na\x00\n").unwrap_err(),
        ParseError::Binary { line: 2 }
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(miri) { 4 } else { 2000 }, ..ProptestConfig::default() })]

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
            prop_assert!(solver.count().is_complete());
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
        "line 2: `|-1` is not a cost (DLX5 costs are `|` followed by a nonnegative integer, at most 18446744073709551615)"
    );
}

/// Issue 20: two costs on one option whose sum passes what an option may
/// cost were reported as "`|1` is not a cost"; the message says what is wrong.
#[test]
fn issue_20_an_options_costs_that_add_up_past_u64_say_so() {
    check_error(
        "a\na |18446744073709551615 |1\n",
        ParseError::OptionCostOverflow {
            line: 2,
            costs: "|18446744073709551615 |1".into(),
        },
        "line 2: the costs of this option (|18446744073709551615 |1) add up to more than 18446744073709551615, the most one option may cost",
    );
    // One cost too large for a `u64` is not a cost at all.
    check_error(
        "a\na |18446744073709551616\n",
        ParseError::InvalidCost {
            line: 2,
            text: "|18446744073709551616".into(),
        },
        "line 2: `|18446744073709551616` is not a cost (DLX5 costs are `|` followed by a nonnegative integer, at most 18446744073709551615)",
    );
}

#[test]
fn reads_and_writes_dlx3_multiplicities() {
    // Two copies of a, at least one b, up to two c: options {a b}, {a c}, {a b c}, {b}.
    let text = "2|a 1:|b :2|c\na b\na c\na b c\nb\n";
    let problem = parse_dlx(text).unwrap();
    assert_eq!(write_dlx(&problem), text);
    // Solutions: two of the three a-options, plus {b} whenever b is still uncovered or as an extra.
    // {ab, ac}, {ab, ac, b}, {ab, abc}, {ab, abc, b}, {ac, abc}, {ac, abc, b} = 6.
    assert_eq!(
        Solver::new(&problem).count(),
        count_answer(6, Outcome::Finished)
    );
}

/// Issue 10: what Knuth's DLX1, DLX2 and DLX3 read, read here too.
mod issue_10_knuths_files {
    use dlx_core::format::{parse_dlx_bytes, write_dlx_bytes, ParseWarning};
    use dlx_core::{parse_dlx, read_dlx, Outcome, ParseError, Solver};

    use crate::support::count_answer;

    #[test]
    fn an_option_without_primary_item_is_skipped_with_a_warning() {
        // The shape of miniexact's soma `staircase`: an option of secondary items only.
        let parsed = read_dlx(b"a b | x y\na x\nb y\n  x y  \nb x\n").unwrap();
        assert_eq!(parsed.problem.n_options(), 3);
        assert_eq!(
            parsed.warnings,
            [ParseWarning::OptionWithoutPrimary {
                line: 4,
                text: "x y".into()
            }]
        );
        assert_eq!(
            parsed.warnings[0].to_string(),
            "line 4: option ignored (no primary items): x y"
        );
        assert_eq!(
            Solver::new(&parsed.problem).count(),
            count_answer(1, Outcome::Finished)
        );
    }

    #[test]
    fn indented_comments_are_comments() {
        let text =
            "  | (Knuth: a comment)\n\t| another\na b | x\n   | between options\na x\n \t|x\nb\n";
        let problem = parse_dlx(text).unwrap();
        assert_eq!((problem.n_primary(), problem.n_options()), (2, 2));
        // A first line ` | a b` is a comment for Knuth, so the item line comes after it.
        let problem = parse_dlx(" | a b\nc d\nc d\n").unwrap();
        assert_eq!((problem.n_primary(), problem.n_options()), (2, 1));
    }

    #[test]
    fn the_bar_may_touch_a_name_in_the_item_line() {
        for text in [
            "a b |x y\na x\nb y\n",
            "a b| x y\na x\nb y\n",
            "a b|x y\na x\nb y\n",
        ] {
            let problem = parse_dlx(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(
                (problem.n_primary(), problem.n_secondary()),
                (2, 2),
                "{text:?}"
            );
        }
        // With a multiplicity on the last primary item.
        let problem = parse_dlx("a 2|b |x\na b\nb x\nb\n").unwrap();
        assert_eq!((problem.n_primary(), problem.n_secondary()), (2, 1));
    }

    #[test]
    fn names_are_bytes() {
        // Knuth's graceful-dlx writes one-byte labels from 0xA1 to 0xFF.
        let input: &[u8] = b"\xa1 \xa2 | \xff\n\xa1 \xff\n\xa2\n\xa1 \xa2\n";
        let problem = parse_dlx_bytes(input).unwrap();
        assert_eq!(problem.n_items(), 3);
        assert_eq!(
            Solver::new(&problem).count(),
            count_answer(2, Outcome::Finished)
        );
        assert_eq!(
            write_dlx_bytes(&problem),
            input,
            "written back byte for byte"
        );
        let a = problem.item_ids().next().unwrap();
        assert_eq!(problem.item_name_bytes(a), Some(&b"\xa1"[..]));
        assert_eq!(problem.item_name(a), None, "not UTF-8");
        assert_eq!(problem.item_label(a), "\\xa1");
        // Messages show such names escaped.
        assert_eq!(
            parse_dlx_bytes(b"\xa1\n\xa2\n").unwrap_err().to_string(),
            "line 2: unknown item `\\xa2` (not in the item line)"
        );
    }

    #[test]
    fn other_languages_comments_are_named() {
        assert_eq!(
            parse_dlx("// xcover's comment\na b\na b\n").unwrap_err(),
            ParseError::CommentLike { line: 1 }
        );
    }

    #[test]
    fn byte_order_marks_and_line_ends() {
        let problem = parse_dlx("\u{feff}a b\r\na b\r\n").unwrap();
        assert_eq!(
            problem.item_name(problem.item_ids().next().unwrap()),
            Some("a")
        );
        assert_eq!(
            parse_dlx("a b\ra b\r").unwrap_err().to_string(),
            "line 1: a carriage return without a newline after it; lines must end with a newline (`\\n` or `\\r\\n`), not a carriage return alone"
        );
    }

    #[test]
    fn colors_and_costs_as_knuth_writes_them() {
        // DLX5 adds several costs.
        let problem = parse_dlx("a b\na b |1 |2\n").unwrap();
        assert_eq!(problem.cost(problem.option_ids().next().unwrap()), 3);
        // Two colors on one item: refused (Knuth: "Color must be a single character").
        assert_eq!(
            parse_dlx("a | c\na c:red:blue\n").unwrap_err().to_string(),
            "line 2: `c:red:blue` gives its item two colors; an item takes one (`name:color`)"
        );
        // `:v|name`: at most v, as DLX3 reads it ({x y} and {x y, x}); a
        // zero upper bound is refused.
        let problem = parse_dlx(":3|x y\nx y\nx\n").unwrap();
        assert_eq!(
            Solver::new(&problem).count(),
            count_answer(2, Outcome::Finished)
        );
        assert!(matches!(
            parse_dlx("0:0|x\nx\n"),
            Err(ParseError::InvalidMultiplicity { line: 1, .. })
        ));
    }
}

#[test]
fn a_first_name_that_starts_with_a_byte_order_mark_reads_back() {
    // Found by the dlx_format fuzz target: blanks, then U+FEFF, is an item
    // named U+FEFF; written at the start of a file it would be a BOM.
    let problem = parse_dlx_bytes(b"\t\t\xEF\xBB\xBF\n").unwrap();
    let written = write_dlx_bytes(&problem);
    let reread = parse_dlx_bytes(&written).unwrap();
    assert_eq!(write_dlx_bytes(&reread), written);
    assert_eq!(reread.n_primary(), 1);
}

/// Issue 20: costs that add up past `u64::MAX` over all the options (issue
/// 13 refused them, though a count or a cover never reads a cost) are read;
/// the cheapest solutions are exact even when every solution costs more
/// than a `u64` holds, where a saturated sum would tie them all.
#[test]
fn issue_20_costs_may_add_up_past_u64() {
    let max = u64::MAX;
    let text = format!("a b\na |{max}\nb |5\nb |1\na b |{}\n", max - 1);
    let problem = parse_dlx(&text).unwrap();
    assert_eq!(write_dlx(&problem), text, "the costs read back as written");
    assert_eq!(Solver::new(&problem).count().complete(), Ok(3u64.into()));
    let ranked = Solver::new(&problem).min_cost(3);
    assert!(ranked.is_complete());
    let costs: Vec<u128> = ranked.value.iter().map(|s| s.cost).collect();
    let max = u128::from(max);
    assert_eq!(costs, [max - 1, max + 1, max + 5]);
    for solution in &ranked.value {
        assert_eq!(verify(&problem, &solution.options), Ok(()));
        assert_eq!(problem.total_cost(&solution.options), solution.cost);
    }
    // Every solution costs more than `u64::MAX`, and the dearest is found
    // first: a saturated sum would tie them all and keep that order.
    let text = format!("a b\na |{}\nb |9\nb |3\nb |5\n", u64::MAX);
    let problem = parse_dlx(&text).unwrap();
    let costs: Vec<u128> = Solver::new(&problem)
        .min_cost(3)
        .value
        .iter()
        .map(|s| s.cost)
        .collect();
    assert_eq!(costs, [max + 3, max + 5, max + 9]);
}

#[test]
fn a_first_name_that_starts_with_two_slashes_reads_back() {
    // Found by the dlx_format fuzz target: `1|//` is the item `//`, exactly
    // once; written plainly, its item line would look like a `//` comment.
    let problem = parse_dlx_bytes(b"1|//\t").unwrap();
    let written = write_dlx_bytes(&problem);
    assert_eq!(written, b"1|//\n");
    let reread = parse_dlx_bytes(&written).unwrap();
    assert_eq!(write_dlx_bytes(&reread), written);
}

/// Issue 20: a control byte in a name (`\x1b` starts a terminal's escape
/// sequences) was quoted raw in messages; it is escaped there, as bytes that
/// are not UTF-8 are.
#[test]
fn issue_20_control_bytes_in_names_are_escaped_in_messages() {
    check_error(
        "a\x1b[31m b\n",
        ParseError::InvalidName {
            line: 1,
            name: "a\\x1b[31m".into(),
            reason: "it contains a control character",
        },
        "line 1: `a\\x1b[31m` is not a valid name: it contains a control character",
    );
    check_error(
        "a b\na \x01é\n",
        ParseError::UnknownItem {
            line: 2,
            name: "\\x01é".into(),
        },
        "line 2: unknown item `\\x01é` (not in the item line)",
    );
    let parsed = dlx_core::read_dlx(b"a | x\nx\x1b\n").unwrap_err();
    assert_eq!(
        parsed.to_string(),
        "line 2: unknown item `x\\x1b` (not in the item line)"
    );
    // In a warning, a tab between names stays a tab; a control byte in a color is escaped.
    let warned = dlx_core::read_dlx(b"a | x y\na\n x\ty:\x07\n").unwrap();
    assert_eq!(
        warned.warnings[0].to_string(),
        "line 3: option ignored (no primary items): x\ty:\\x07"
    );
}
