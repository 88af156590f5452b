//! The conformance table (`conformance/cases.json`) through the `dlx` binary: the same answers, error kinds, line numbers and partial outcomes as the Python package and the page give for the same rows.

use serde_json::Value;

use crate::support::ROOT;

/// The arguments and standard input of a row's command.
fn command(case: &Value) -> (Vec<String>, String) {
    let input = &case["input"];
    let with = &case["with"];
    let op = case["do"].as_str().expect("a `do`");
    let mut args: Vec<String> = Vec::new();
    let mut stdin = String::new();
    let text = |key: &str| with[key].as_u64().map(|n| n.to_string());
    match input["model"].as_str() {
        Some(model @ ("polyomino" | "polycube" | "polyiamond" | "polyhex")) => {
            args.extend([model.into(), "--board".into()]);
            args.push(input["board"].as_str().expect("a board").into());
            args.extend([
                "--pieces".into(),
                input["pieces"].as_str().expect("pieces").into(),
            ]);
        }
        Some("queens") => args.push("queens".into()),
        Some(other) => panic!("no model {other} in the CLI's runner"),
        None => {
            args.push(
                match op {
                    "sample" => "sample",
                    "estimate" => "estimate",
                    _ => "solve",
                }
                .into(),
            );
            match (input["dlx"].as_str(), input["dlx_file"].as_str()) {
                (Some(dlx), _) => {
                    args.push("-".into());
                    stdin = dlx.into();
                }
                (None, Some(file)) => args.push(file.into()),
                _ => panic!("an input is a model, `dlx` or `dlx_file`"),
            }
        }
    }
    match op {
        "count" => args.push("--count".into()),
        "list" => {
            args.push("--limit".into());
            args.push(text("limit").unwrap_or_else(|| u64::MAX.to_string()));
        }
        "sample" => {
            args.extend(["-n".into(), text("k").expect("k")]);
            args.extend(["--seed".into(), text("seed").expect("a seed")]);
        }
        "estimate" => {
            args.extend(["--probes".into(), text("probes").expect("probes")]);
            args.extend(["--seed".into(), text("seed").expect("a seed")]);
        }
        other => panic!("no `do` {other} in the CLI's runner"),
    }
    if with["distinct"].as_bool() == Some(true) {
        args.push("--distinct".into());
    }
    match with["method"].as_str() {
        Some("memo") => args.push("--memo".into()),
        Some("plain") => args.push("--no-memo".into()),
        _ => {}
    }
    if let Some(threads) = text("threads") {
        args.extend(["--threads".into(), threads]);
    } else if op != "estimate" {
        args.extend(["--threads".into(), "1".into()]);
    }
    if let Some(nodes) = text("max_nodes") {
        args.extend(["--max-nodes".into(), nodes]);
    }
    args.push("--json".into());
    if input["model"] == "queens" {
        // After `--`, a negative size is the size, not a flag.
        args.extend(["--".into(), input["n"].to_string()]);
    }
    (args, stdin)
}

/// Checks one row: its command's exit code, and its answer, error or partial outcome.
#[track_caller]
fn check(case: &Value) {
    let name = case["name"].as_str().expect("a name");
    let (args, stdin) = command(case);
    let output = assert_cmd::Command::cargo_bin("dlx")
        .expect("the dlx binary")
        .current_dir(ROOT)
        .args(&args)
        .write_stdin(stdin)
        .output()
        .expect("dlx runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8 errors");
    let code = output.status.code();
    let expect = &case["expect"];
    let said = format!("{name}: dlx {args:?}\nstdout {stdout}\nstderr {stderr}");
    if let Some(kind) = expect["error"].as_str() {
        assert_eq!(kind, "input", "{said}");
        assert_eq!(code, Some(2), "{said}");
        if let Some(line) = expect["line"].as_u64() {
            assert!(stderr.contains(&format!("line {line}:")), "{said}");
        }
        return;
    }
    let lines: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON lines"))
        .collect();
    let of_type = |kind: &'static str| lines.iter().filter(move |l| l["type"] == kind);
    let outcome = expect["outcome"].as_str().unwrap_or("finished");
    match outcome {
        "finished" | "limit" => assert_eq!(code, Some(0), "{said}"),
        "stopped:nodes" => {
            assert_eq!(code, Some(3), "{said}");
            let partial = of_type("partial").next().expect("a partial line");
            assert_eq!(partial["reason"], "max_nodes", "{said}");
        }
        other => panic!("{name}: no outcome {other} in the CLI's runner"),
    }
    if let Some(count) = expect["count"].as_str() {
        let line = of_type("count").next().expect("a count line");
        assert_eq!(line["count_decimal"], count, "{said}");
        if let Some(distinct) = expect["distinct"].as_str() {
            assert_eq!(line["distinct_decimal"], distinct, "{said}");
        }
    }
    if let Some(solutions) = expect["solutions"].as_array() {
        let found: Vec<&Value> = of_type("solution").map(|l| &l["options"]).collect();
        assert_eq!(found, solutions.iter().collect::<Vec<_>>(), "{said}");
    }
    for figure in ["nodes", "solutions"] {
        if let Some(expected) = expect[figure].as_f64() {
            let line = of_type("estimate").next().expect("an estimate line");
            let got = line[figure]["estimate"].as_f64().expect("an estimate");
            assert!((got - expected).abs() <= 1e-9 * expected.abs(), "{said}");
        }
    }
}

#[test]
fn every_row_of_the_conformance_table() {
    let path = format!("{ROOT}/conformance/cases.json");
    let table: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the table"))
        .expect("the table is JSON");
    let cases = table["cases"].as_array().expect("cases");
    assert!(cases.len() >= 20);
    for case in cases {
        let faces = case["faces"].as_array();
        if faces.is_none_or(|faces| faces.iter().any(|f| f == "cli")) {
            check(case);
        }
    }
}
