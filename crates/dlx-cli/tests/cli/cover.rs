//! Tests of `dlx cover`.

use crate::support::transcript;

/// Four items: {a b} and {c d} cover them with two options; {b c} is not needed.
const SMALL: &str = "a b c d | x\na b\nb c x\nc d\na\nd\n";

/// Runs `dlx cover` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["cover"], args].concat(), stdin, code)
}

#[test]
fn prints_the_size_then_the_options() {
    insta::assert_snapshot!("cover_small", check(&[], SMALL, 0));
    // A repeated cover may cover an item twice: {a b c} and {c d e} beat three disjoint options.
    insta::assert_snapshot!(
        "cover_overlapping",
        check(&["--stats"], "a b c d e\na b c\nc d e\na b\nd e\nc\n", 0)
            .lines()
            .filter(|line| !line.starts_with("time:") && !line.starts_with("nodes/s:"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // An item in no option: no cover, said on standard error (issue 15).
    assert_eq!(
        check(&[], "a b\na\n", 0),
        "exit: 0\n--- stdout\n--- stderr\ndlx: no solution\n"
    );
}

#[test]
fn errors() {
    insta::assert_snapshot!("cover_bad_input", check(&[], "a b\na c\n", 2));
}

/// Issue 12: the bundled queens domination problems give the known answers
/// (OEIS A075458: 5 queens for 8x8, 6 for 12x12) on any number of threads,
/// and a search stopped by `--max-nodes` reports the nodes it searched as
/// partial statistics, on one thread and on two.
#[test]
fn issue_12_queens_domination_on_threads_and_partial_statistics() {
    for (file, size) in [
        ("data/cover/queens-domination-8.dlx", "5"),
        ("data/cover/queens-domination-12.dlx", "6"),
    ] {
        for threads in ["1", "2"] {
            let (stdout, _) = crate::support::run(&["cover", file, "-j", threads], "", 0);
            assert_eq!(
                stdout.lines().next(),
                Some(size),
                "{file} on {threads} threads"
            );
            assert_eq!(stdout.lines().count(), size.parse::<usize>().unwrap() + 1);
        }
    }
    for threads in ["1", "2"] {
        let (stdout, stderr) = crate::support::run(
            &[
                "cover",
                "data/cover/queens-domination-12.dlx",
                "--max-nodes",
                "200",
                "--stats",
                "-j",
                threads,
            ],
            "",
            3,
        );
        assert_eq!(stdout, "");
        let nodes: u64 = stderr
            .lines()
            .find_map(|line| line.strip_prefix("nodes: "))
            .and_then(|n| n.replace(',', "").parse().ok())
            .unwrap_or_else(|| panic!("no nodes in {stderr}"));
        assert!(
            (200..=210).contains(&nodes),
            "{nodes} nodes on {threads} threads: {stderr}"
        );
        assert!(stderr.contains("stopped by --max-nodes 200"), "{stderr}");
    }
}
