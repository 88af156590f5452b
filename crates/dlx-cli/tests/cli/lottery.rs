//! Tests of `dlx lottery`.

use crate::support::transcript;
use dlx_models::lottery::Design;

/// Runs `dlx lottery` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["lottery"], args].concat(), stdin, code)
}

#[test]
fn fano_plane() {
    insta::assert_snapshot!("lottery_7_3_2", check(&["7", "3", "2"], "", 0));
}

#[test]
fn trivial_sizes() {
    insta::assert_snapshot!("lottery_7_3_1", check(&["7", "3", "1"], "", 0));
    assert_eq!(
        check(&["4", "4", "3"], "", 0),
        "exit: 0\n--- stdout\n1\n1 2 3 4\n--- stderr\n"
    );
}

#[test]
fn errors() {
    insta::assert_snapshot!("lottery_k_above_v", check(&["3", "4", "2"], "", 2));
    insta::assert_snapshot!("lottery_t_above_k", check(&["7", "3", "4"], "", 2));
    insta::assert_snapshot!("lottery_t_zero", check(&["7", "3", "0"], "", 2));
}

/// The tickets printed form a covering design of the size printed, for known covering numbers.
#[test]
fn known_values_print_covering_designs() {
    for (v, k, t, expected) in [(8, 3, 2, 11), (8, 4, 3, 14), (7, 4, 3, 12)] {
        let args = [v.to_string(), k.to_string(), t.to_string()];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = check(&args, "", 0);
        let stdout = out
            .strip_prefix("exit: 0\n--- stdout\n")
            .and_then(|rest| rest.strip_suffix("--- stderr\n"))
            .expect("only standard output");
        let mut lines = stdout.lines();
        assert_eq!(lines.next(), Some(expected.to_string().as_str()));
        let tickets: Vec<Vec<usize>> = lines
            .map(|line| line.split(' ').map(|x| x.parse().unwrap()).collect())
            .collect();
        assert_eq!(tickets.len(), expected);
        Design::new(v, k, t).unwrap().check(&tickets).unwrap();
    }
}

/// Issues 12 and 13: the design search has budgets; at the limit it stops
/// with exit code 3 and prints no design (a design found so far need not be
/// the minimum).
#[test]
fn a_budget_stops_the_design_search() {
    for budget in [["--max-nodes", "20000"], ["--time-limit", "200ms"]] {
        let args = [&["lottery", "9", "4", "3"][..], &budget[..]].concat();
        let (stdout, stderr) = crate::support::run(&args, "", 3);
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.contains("stopped by --"), "{args:?}: {stderr}");
    }
}

/// Issue 15: `--emit-dlx` writes the design's repeated cover problem;
/// `dlx cover` solves it to C(7,3,2) = 7 less the fixed ticket.
#[test]
fn issue_15_emit_dlx_is_a_repeated_cover_problem() {
    let (emitted, _) = crate::support::run(&["lottery", "--emit-dlx", "7", "3", "2"], "", 0);
    assert!(
        emitted.starts_with("| C(7,3,2) with the ticket 1..3 fixed"),
        "{emitted}"
    );
    let (cover, _) = crate::support::run(&["cover", "-"], &emitted, 0);
    assert_eq!(cover.lines().next(), Some("6"));
}
