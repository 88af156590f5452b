//! Tests of `dlx squares`.

use dlx_models::squares::Grid;

use crate::support::{file_names, read_svg, run, scratch, transcript};

/// Runs `dlx squares` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["squares"], args].concat(), stdin, code)
}

#[test]
fn sample() {
    insta::assert_snapshot!("squares_sample", check(&["data/squares/sample.txt"], "", 0));
    insta::assert_snapshot!(
        "squares_sample_sticks",
        check(&["--sticks", "data/squares/sample.txt"], "", 0)
    );
}

/// Full grids: 1 x 1 to 3 x 3 agree with brute force in the model tests; 5 x 5 is the hardest POJ 1084 case.
#[test]
fn full_grids() {
    let stdout = check(&[], "5\n1\n0\n2\n0\n3\n0\n4\n0\n5\n0\n", 0);
    assert!(stdout.contains("--- stdout\n1\n3\n6\n9\n14\n"), "{stdout}");
}

#[test]
fn svg_pictures() {
    // One grid: FILE itself, every stick drawn and numbered, the removed ones in red and bold.
    let dir = scratch("squares-svg");
    let path = dir.join("one.svg");
    let (stdout, _) = run(
        &["squares", "--sticks", "--svg", path.to_str().unwrap()],
        "1\n2\n1 4\n",
        0,
    );
    assert!(stdout.starts_with("2 "), "{stdout}");
    let svg = read_svg(&path);
    assert_eq!(svg.matches("<line ").count(), 12);
    assert_eq!(svg.matches("stroke-dasharray").count(), 1);
    assert_eq!(svg.matches("font-weight=\"bold\">").count(), 2);
    // The model's picture (its snapshots are in dlx-models' tests).
    let grid = Grid::new(2, &[4]).unwrap();
    assert_eq!(svg, grid.to_svg(&grid.solve().unwrap()));
    // The sample's two grids: one numbered file each.
    let path = dir.join("sample.svg");
    run(
        &[
            "squares",
            "data/squares/sample.txt",
            "--svg",
            path.to_str().unwrap(),
        ],
        "",
        0,
    );
    assert_eq!(
        file_names(&dir),
        ["one.svg", "sample-1.svg", "sample-2.svg"]
    );
}

#[test]
fn errors() {
    insta::assert_snapshot!(
        "squares_stick_out_of_range",
        check(&[], "1\n3\n2 12 25\n", 2)
    );
    insta::assert_snapshot!("squares_truncated", check(&[], "2\n3\n1 12\n", 2));
    insta::assert_snapshot!("squares_bad_size", check(&[], "1\n9\n0\n", 2));
}
