//! Tests of `dlx treasure`.

use dlx_models::treasure::parse;

use crate::support::{file_names, read_svg, run, scratch, transcript, ROOT};

/// Runs `dlx treasure` with `args` and `stdin`, expecting exit code `code`;
/// returns the exit code, stdout and stderr as one text for snapshots.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32) -> String {
    transcript(&[&["treasure"], args].concat(), stdin, code)
}

#[test]
fn sample() {
    insta::assert_snapshot!(
        "treasure_sample",
        check(&["data/treasure/sample.txt"], "", 0)
    );
    let stdin = std::fs::read_to_string(format!("{ROOT}/data/treasure/sample.txt")).unwrap();
    assert_eq!(check(&[], &stdin, 0), check(&["-"], &stdin, 0));
}

#[test]
fn svg_pictures() {
    // One map: FILE itself, each chosen piece a rectangle labelled with its number.
    let dir = scratch("treasure-svg");
    let path = dir.join("map.svg");
    let map = "1\n3 2 4\n0 0 3 2\n0 0 2 2\n2 0 3 1\n2 1 3 2\n";
    let (stdout, _) = run(&["treasure", "--svg", path.to_str().unwrap()], map, 0);
    assert_eq!(stdout, "1\n");
    let svg = read_svg(&path);
    assert_eq!(svg.matches("<text ").count(), 1);
    // The model's picture (its snapshots are in dlx-models' tests).
    let map = parse(map).next().unwrap().unwrap().map;
    assert_eq!(svg, map.to_svg(&map.solve().unwrap().unwrap()));
    // The sample's three maps: one numbered file each; the second has no tiling.
    let path = dir.join("sample.svg");
    let (stdout, _) = run(
        &[
            "treasure",
            "data/treasure/sample.txt",
            "--svg",
            path.to_str().unwrap(),
        ],
        "",
        0,
    );
    assert_eq!(stdout, "1\n-1\n2\n");
    assert_eq!(
        file_names(&dir),
        ["map.svg", "sample-1.svg", "sample-2.svg", "sample-3.svg"]
    );
    // Each piece is labelled; the map without tiling says so instead (issue 21).
    let (pieces, notes): (Vec<usize>, Vec<bool>) = (1..=3)
        .map(|k| {
            let svg = read_svg(&dir.join(format!("sample-{k}.svg")));
            let note = svg.contains(">no tiling</text>");
            (svg.matches("<text ").count() - usize::from(note), note)
        })
        .unzip();
    assert_eq!(pieces, [1, 0, 2]);
    assert_eq!(notes, [false, true, false]);
}

#[test]
fn errors() {
    insta::assert_snapshot!("treasure_outside", check(&[], "1\n5 5 1\n0 0 5 6\n", 2));
    insta::assert_snapshot!(
        "treasure_bad_coordinates",
        check(&[], "1\n5 5 1\n0 5 5 0\n", 2)
    );
    insta::assert_snapshot!(
        "treasure_missing_file",
        check(&["data/treasure/no-such-file.txt"], "", 2)
    );
}

/// Issue 21: the picture of a map that no pieces tile says so, instead of
/// being an empty map; the map of the same input that is tiled has no note.
#[test]
fn issue_21_a_picture_without_tiling_says_so() {
    let dir = scratch("treasure-no-tiling");
    let path = dir.join("maps.svg");
    let (stdout, _) = run(
        &["treasure", "--svg", path.to_str().unwrap()],
        "2\n5 5 1\n0 0 2 2\n5 5 1\n0 0 5 5\n",
        0,
    );
    assert_eq!(stdout, "-1\n1\n");
    assert!(read_svg(&dir.join("maps-1.svg")).contains(">no tiling</text>"));
    assert!(!read_svg(&dir.join("maps-2.svg")).contains("no tiling"));
}
