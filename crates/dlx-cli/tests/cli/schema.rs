//! Issue 15: every line of `--json` output, of every subcommand, is valid against the JSON Schema in `crates/dlx-cli/schema/`.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::memo::{dominoes, dominoes_depth_first};
use crate::support::{run, scratch, ROOT};

/// The schema, read from the repository (the file users get).
fn schema() -> Value {
    let path = format!("{ROOT}/crates/dlx-cli/schema/dlx-output.schema.json");
    let text = std::fs::read_to_string(&path).expect("the schema file");
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// Commands that together print every kind of line, with their standard
/// input and exit code: real runs on the bundled inputs, each well under a second.
const COMMANDS: &[(&[&str], &str, i32)] = &[
    (&["solve", "--limit", "2", "data/pentomino-3x20.dlx"], "", 0),
    (
        &["solve", "--count", "--stats", "data/pentomino-3x20.dlx"],
        "",
        0,
    ),
    (
        &[
            "solve",
            "--json",
            "--stats",
            "--profile",
            "--seed",
            "2",
            "--every",
            "3",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    ),
    (
        &[
            "solve",
            "--count",
            "--memo",
            "--stats",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    ),
    (&["solve", "--min-options", "data/solve/costs.dlx"], "", 0),
    (
        &["solve", "--min-cost", "--best", "3", "data/solve/costs.dlx"],
        "",
        0,
    ),
    (&["solve"], "a b\na\n", 0),
    (
        &["solve", "--max-nodes", "100", "data/pentomino-6x10.dlx"],
        "",
        3,
    ),
    (&["sudoku", "--stats", "data/sudoku/9x9.txt"], "", 0),
    (&["sudoku", "--count", "data/sudoku/9x9.txt"], "", 0),
    (&["sudoku", "--unique", "data/sudoku/9x9.txt"], "", 0),
    (
        &["sudoku", "--all", "--limit", "3"],
        "1..4..........3.\n",
        0,
    ),
    (
        &["sudoku", "--target", "data/sudoku/target-noip2009.txt"],
        "",
        0,
    ),
    (
        &["sudoku"],
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n",
        0,
    ),
    (&["sudoku", "generate", "--seed", "1", "--solution"], "", 0),
    (&["sudoku", "generate", "--seed", "1", "--complete"], "", 0),
    (&["queens", "8", "--limit", "2", "--stats"], "", 0),
    (&["queens", "8", "--count", "--distinct"], "", 0),
    (&["queens", "3"], "", 0),
    (&["queens", "--spoj", "-"], "4 1 0 0 0\n4 0 0 0 0\n", 0),
    (&["polyomino", "--board", "20x3"], "", 0),
    (
        &["polyomino", "--board", "20x3", "--count", "--distinct"],
        "",
        0,
    ),
    (
        &["polyomino", "--board", "20x3", "--count", "--limit", "2"],
        "",
        0,
    ),
    (
        &["polyomino", "--list-pieces", "--pieces", "tetrominoes"],
        "",
        0,
    ),
    (&["matrix", "--stats", "data/matrix/poj3740.txt"], "", 0),
    (&["matrix", "--count", "data/matrix/poj3740.txt"], "", 0),
    (
        &["matrix", "--format", "hust1017", "data/matrix/hust1017.txt"],
        "",
        0,
    ),
    (&["treasure", "--stats", "data/treasure/sample.txt"], "", 0),
    (&["squares", "--stats", "data/squares/sample.txt"], "", 0),
    (&["cover", "--stats"], "a b c d\na b\nb c\nc d\na\nd\n", 0),
    (&["cover"], "a b\na\n", 0),
    (&["lottery", "7", "3", "2", "--stats"], "", 0),
    (
        &["estimate", "--probes", "200", "data/pentomino-3x20.dlx"],
        "",
        0,
    ),
    (
        &[
            "sample",
            "-n",
            "3",
            "--seed",
            "7",
            "--stats",
            "data/pentomino-3x20.dlx",
        ],
        "",
        0,
    ),
    (
        &["solve", "--frequencies", "data/pentomino-3x20.dlx"],
        "",
        0,
    ),
    (
        &[
            "polyomino",
            "--board",
            "20x3",
            "--sample",
            "2",
            "--seed",
            "7",
        ],
        "",
        0,
    ),
    // A diagram built layer by layer (a domino board), with its stats line.
    (
        &[
            "polyomino",
            "--board",
            "6x6",
            "--pieces",
            "domino",
            "--sample",
            "2",
            "--seed",
            "7",
            "--stats",
        ],
        "",
        0,
    ),
    // The polyform subcommands: a packing, both counts, the pieces, the
    // frequencies of the placements, a sample, and a count stopped by a budget.
    (&["polycube", "--stats"], "", 0),
    (&["polycube", "--count", "--distinct", "--stats"], "", 0),
    (&["polycube", "--list-pieces", "--only", "V,A"], "", 0),
    (
        &[
            "polycube",
            "--box",
            "3x4x5",
            "--pieces",
            "planar-pentacubes",
            "--count",
            "--distinct",
            "--max-nodes",
            "1000",
        ],
        "",
        3,
    ),
    (
        &[
            "polyiamond",
            "--board",
            "hexagon:2",
            "--pieces",
            "diamond",
            "--frequencies",
        ],
        "",
        0,
    ),
    (
        &["polyiamond", "--list-pieces", "--pieces", "tetriamonds"],
        "",
        0,
    ),
    (
        &[
            "polyiamond",
            "--board",
            "parallelogram:3x12",
            "--count",
            "--distinct",
        ],
        "",
        0,
    ),
    // Frequencies by Kasteleyn's determinant (issue 36), with its stats line.
    (
        &[
            "polyomino",
            "--board",
            "8x8",
            "--pieces",
            "domino",
            "--frequencies",
            "--stats",
        ],
        "",
        0,
    ),
    (&["polyiamond", "--board", "parallelogram:3x12"], "", 0),
    (
        &["polyhex", "--sample", "2", "--seed", "7", "--stats"],
        "",
        0,
    ),
    (&["polyhex", "--list-pieces", "--pieces", "trihexes"], "", 0),
];

/// Checks each line of `stdout` against the schema; returns the types seen.
#[track_caller]
fn check(validator: &jsonschema::Validator, what: &str, stdout: &str) -> BTreeSet<String> {
    assert!(!stdout.is_empty(), "{what} printed nothing");
    let mut types = BTreeSet::new();
    for line in stdout.lines() {
        let value: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: {e}: {line}"));
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{what}: {line}\n{}", errors.join("\n"));
        // The type comes first, for people reading the lines.
        assert!(line.starts_with("{\"type\":"), "{what}: {line}");
        // A count's decimal string is the number beside it, digit for digit
        // (as written: a parsed number may have been rounded to a double).
        for (number, decimal) in [("count", "count_decimal"), ("distinct", "distinct_decimal")] {
            if let Some(digits) = value[decimal].as_str() {
                assert_eq!(raw_number(line, number), Some(digits), "{what}: {line}");
            }
        }
        types.insert(value["type"].as_str().expect("a type").to_owned());
    }
    types
}

/// The digits of the number `key` in the JSON `line`, as written.
fn raw_number<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &line[start..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

#[test]
fn every_json_line_of_every_subcommand_follows_the_schema() {
    let schema = schema();
    jsonschema::meta::validate(&schema).expect("the schema is a valid draft 2020-12 schema");
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let mut types = BTreeSet::new();
    let mut subcommands = BTreeSet::new();
    for (args, stdin, code) in COMMANDS {
        let with: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let (stdout, _) = run(&with, stdin, *code);
        types.extend(check(&validator, &format!("{with:?}"), &stdout));
        subcommands.insert(args[0]);
    }
    // A count past 2^128 (the domino tilings of the 2 x 200 strip, F(201)),
    // in the count line and the statistics: the schema's integers have any size.
    let (stdout, _) = run(
        &["solve", "--count", "--stats", "--json"],
        &dominoes(2, 200),
        0,
    );
    assert!(
        stdout.contains("\"count_decimal\":\"453973694165307953197296969697410619233826\""),
        "{stdout}"
    );
    types.extend(check(&validator, "a count past 2^128", &stdout));
    // The statistics of the depth-first memoised count (its cache's).
    let (stdout, _) = run(
        &["solve", "--count", "--stats", "--json"],
        &dominoes_depth_first(10, 10),
        0,
    );
    assert!(stdout.contains("\"cache_hits\":"), "{stdout}");
    types.extend(check(&validator, "a depth-first memoised count", &stdout));
    // dlx estimate of boards whose count memoises: finished within
    // --memo-time (its count in the line), and not; layer by layer, and depth first.
    for (board, memo_time) in [
        (dominoes(8, 8), "1s"),
        (dominoes(24, 24), "1ms"),
        (dominoes_depth_first(8, 8), "1s"),
    ] {
        let args = [
            "estimate",
            "--probes",
            "100",
            "--memo-time",
            memo_time,
            "--json",
        ];
        let (stdout, _) = run(&args, &board, 0);
        assert!(stdout.contains("\"count_method\":\"memo\""), "{stdout}");
        types.extend(check(&validator, &format!("{args:?}"), &stdout));
    }
    // The cluster subcommands write JSON lines always (`dlx merge` with --json).
    let dir = scratch("schema");
    let part = dir.join("part.jsonl");
    let problem = "data/pentomino-3x20.dlx";
    let (split, _) = run(&["split", "--depth", "1", problem], "", 0);
    types.extend(check(&validator, "dlx split", &split));
    let (counted, _) = run(&["count", "--shard", "0/1", "--depth", "1", problem], "", 0);
    types.extend(check(&validator, "dlx count", &counted));
    std::fs::write(&part, &counted).expect("a part file");
    let part = part.to_str().expect("a UTF-8 path");
    let (merged, _) = run(&["merge", "--json", "--stats", part], "", 0);
    types.extend(check(&validator, "dlx merge", &merged));
    assert_eq!(
        subcommands,
        BTreeSet::from([
            "cover",
            "estimate",
            "lottery",
            "matrix",
            "polycube",
            "polyhex",
            "polyiamond",
            "polyomino",
            "queens",
            "sample",
            "solve",
            "squares",
            "sudoku",
            "treasure"
        ])
    );
    let every: BTreeSet<String> = [
        "solution",
        "optimum",
        "count",
        "sampling",
        "frequency",
        "no_solution",
        "stats",
        "partial",
        "puzzle",
        "polyomino",
        "polycube",
        "polyiamond",
        "polyhex",
        "estimate",
        "piece",
        "part",
    ]
    .map(str::to_owned)
    .into();
    assert_eq!(types, every, "the line types printed");
}

#[test]
fn the_schema_refuses_what_is_not_dlx_output() {
    let validator = jsonschema::validator_for(&schema()).expect("the schema compiles");
    for bad in [
        r#"{"solution":0,"options":[1]}"#,
        r#"{"type":"solution"}"#,
        r#"{"type":"solution","solution":0,"tickets":[[1,2]]}"#,
        r#"{"type":"count","count":-1,"count_decimal":"1"}"#,
        // A count line's exact digits are required, and are digits.
        r#"{"type":"count","count":8}"#,
        r#"{"type":"count","count":8,"count_decimal":8}"#,
        r#"{"type":"count","count":8,"count_decimal":""}"#,
        r#"{"type":"count","count":8,"count_decimal":"-8"}"#,
        r#"{"type":"count","count":8,"count_decimal":"8.0"}"#,
        r#"{"type":"count","count":8,"count_decimal":"8e0"}"#,
        r#"{"type":"count","count":8,"count_decimal":" 8"}"#,
        // `distinct` and its digits come together.
        r#"{"type":"count","count":8,"count_decimal":"8","distinct":2}"#,
        r#"{"type":"count","count":8,"count_decimal":"8","distinct_decimal":"2"}"#,
        r#"{"type":"count","count":8,"count_decimal":"8","distinct":2,"distinct_decimal":"x"}"#,
        r#"{"type":"stats","nodes":1,"updates":1,"max_level":1,"seconds":0.1,"extra":1}"#,
        r#"{"type":"partial","reason":"bored","code":3,"message":""}"#,
        r#"{"type":"solution","solution":0,"queens":[{"row":1}]}"#,
        // A polyform's cell has its lattice's coordinates, not a square's and a cube's at once.
        r#"{"type":"solution","solution":0,"pieces":[{"piece":0,"name":"V","cells":[{"x":0,"y":0,"row":1}]}]}"#,
        r#"{"type":"solution","solution":0,"pieces":[{"piece":0,"name":"V","cells":[{"x":0,"y":0,"z":0,"down":true}]}]}"#,
        r#"{"type":"polyhex","piece":0,"name":"1","symbol":"1","count":1,"cells":[{"x":0}]}"#,
        r#"{"type":"no_such_type"}"#,
    ] {
        let value: Value = serde_json::from_str(bad).expect("JSON");
        assert!(!validator.is_valid(&value), "accepted {bad}");
    }
}
