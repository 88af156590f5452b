//! Times the sudoku model to the first solution over files of one-line puzzles.
//!
//! `cargo run -p dlx-models --release --example sudoku_rate -- FILE...` prints,
//! for each file, the puzzles per second (parsing, encoding and search
//! included) and the mean and worst time per puzzle. With `--unique` each
//! puzzle is also proved unique (the search runs to the end, limited to two).

use std::io::Write as _;
use std::time::Instant;

use dlx_models::sudoku::{parse, Encoding, Variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut unique = false;
    let mut lean = false;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg == "--lean" {
            lean = true;
        } else if arg == "--unique" {
            unique = true;
        } else {
            files.push(arg);
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "| file | puzzles | puzzles/s | mean us | worst us | nodes/puzzle |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let mut n = 0u64;
        let mut worst = 0f64;
        let mut nodes = 0u64;
        let start = Instant::now();
        for puzzle in parse(&text, None) {
            let one = Instant::now();
            let puzzle = puzzle?;
            let encoding = if lean {
                Encoding::new(puzzle.grid(), Variant::Plain)?
            } else {
                Encoding::presolved(puzzle.grid(), Variant::Plain)?
            };
            let mut solver = encoding.solver();
            if unique {
                solver.set_limit(Some(2));
                let count = solver.count().value;
                assert_eq!(count, 1, "puzzle at line {} is not unique", puzzle.line());
            } else {
                let solution = solver.next_solution()?.ok_or("no solution")?;
                let grid = encoding.decode(solution);
                assert!(grid.is_complete());
            }
            nodes += solver.stats().nodes;
            worst = worst.max(one.elapsed().as_secs_f64());
            n += 1;
        }
        let total = start.elapsed().as_secs_f64();
        let name = std::path::Path::new(&file)
            .file_name()
            .map_or(file.clone(), |f| f.to_string_lossy().into_owned());
        writeln!(
            out,
            "| {name} | {n} | {:.0} | {:.1} | {:.1} | {:.1} |",
            n as f64 / total,
            total / n as f64 * 1e6,
            worst * 1e6,
            nodes as f64 / n as f64
        )?;
    }
    Ok(())
}
