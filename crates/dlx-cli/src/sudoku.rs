//! `dlx sudoku`: solve, count, check and generate sudoku of any box shape.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Context as _};
use clap::{Args, Subcommand};
use dlx_core::{write_dlx, Count, Outcome, Solver};
use dlx_models::sudoku::{
    generate_grid_within, generate_puzzle_within, Alphabet, Encoding, Grid, Mismatch, Puzzle,
    Shape, TargetCost, Variant,
};

use crate::shared::cases::answer_cases;
use crate::shared::cases::until_error;
use crate::shared::cases::Case;
use crate::shared::{
    fields, finish_run, note, out, read_text, Line, Other, Output, Pictures, ReportArgs,
    ResultExt as _, SearchArgs, Stops, COUNT_HELP, JSON_HELP, LIMIT_HELP,
};

/// Solve sudoku puzzles: 9x9, any n x n boxes (16x16, 25x25, ... 64x64),
/// rectangular boxes (6x6, 12x12, ...), and diagonal (X) sudoku.
///
/// The input holds one puzzle a line (81 characters for 9x9, any of `.`,
/// `0`, `*`, `-`, `_` for a blank; `1-9A-G` or `A-P` for 16x16; letters for
/// 25x25; or size x size whitespace-separated numbers), or multi-line grids,
/// one row a line, with optional `|`, `-` and `+` box lines; many puzzles a
/// file. `#` starts a comment, on its own line or after a puzzle. The box
/// shape is the most square one the size allows (rows <= columns: 9 -> 3x3,
/// 6 -> 2x3, 12 -> 3x4) unless `--box` says otherwise.
///
/// The forms of the big collections are read as they are: `.sdm` (one
/// puzzle a line), `.sdk` (nine rows, `#` metadata lines, an optional
/// `[Puzzle]` header), tdoku's `puzzle:count:solution`, `puzzle,solution`,
/// CSV files whose header names a `puzzle` (or `quizzes`) column and maybe
/// `solution` and `count` columns (Kaggle's `quizzes,solutions`), and lines
/// of ids and ratings around a puzzle of 81 cells or more.
///
/// When the file gives a puzzle's solution or its number of solutions, dlx
/// checks it: the solution against the rules and the givens, the count
/// against its own search (counting only as far as needed). Each puzzle
/// whose answer differs is named on standard error (`dlx: mismatch: in
/// FILE: line N: ...`), every puzzle is still answered, and the exit code
/// is then 2.
///
/// By default each puzzle's first solution is printed as a grid with box
/// lines; `--line` prints it on one line in the input's alphabet instead, one
/// line per puzzle in input order. A puzzle with no solution prints nothing
/// on standard output and says `no solution` (and which puzzle) on standard
/// error. `--count` prints each puzzle's number of solutions, one a line;
/// `--limit N` lists the first N solutions of each puzzle (or with
/// `--count` counts at most N).
///
/// `--svg PATH` also draws each puzzle with its first solution as an SVG
/// picture to print (givens in bold black, filled digits in blue, the givens
/// alone when there is no solution): in PATH for an input of one puzzle, in
/// PATH-1.svg, PATH-2.svg, ... (numbered from 1 in input order, before the
/// extension) for several, or in a folder as puzzle.svg or puzzle-1.svg,
/// puzzle-2.svg, ...
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  dlx sudoku data/sudoku/9x9.txt\n  dlx sudoku --line data/sudoku/9x9.txt\n  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | dlx sudoku\n  dlx sudoku --unique data/sudoku/16x16.txt\n  dlx sudoku --count data/sudoku/tdoku-test-puzzles.txt\n  dlx sudoku --diagonal data/sudoku/diagonal.txt\n  dlx sudoku --diagonal data/sudoku/diagonal.txt --svg diagonal.svg\n  dlx sudoku --target data/sudoku/target-noip2009.txt\n  printf '%036d\\n' 0 | dlx sudoku --count --limit 1000 --box 2x3\n  dlx sudoku generate --size 9 --seed 1\n  dlx sudoku generate --seed 1 --svg puzzle.svg"
)]
pub(crate) struct SudokuArgs {
    #[command(subcommand)]
    command: Option<SudokuCommand>,
    /// The puzzle file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Both main diagonals also hold every digit once (X-sudoku).
    #[arg(long)]
    diagonal: bool,
    /// The box shape, rows x columns (for example `2x3`); fixes the grid size.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<Shape>,
    #[arg(long, conflicts_with_all = ["unique", "all", "target", "emit_dlx"], help = COUNT_HELP)]
    count: bool,
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), help = LIMIT_HELP)]
    limit: Option<u64>,
    /// Print `unique`, `several` or `none` for each puzzle (counts to two).
    #[arg(long, conflicts_with_all = ["all", "limit", "target", "emit_dlx"])]
    unique: bool,
    /// Print every solution of each puzzle.
    #[arg(long, conflicts_with_all = ["target", "emit_dlx"])]
    all: bool,
    /// Print solutions on one line each, in the input's alphabet.
    #[arg(long)]
    line: bool,
    /// Target sudoku (NOIP 2009): print the best score over all solutions
    /// (weights 6 on the outer ring up to 10 at the centre), or -1, by the
    /// cost search (branch and bound), which the tests check against visiting
    /// every solution.
    #[arg(long, conflicts_with_all = ["emit_dlx", "limit"])]
    target: bool,
    /// Write the puzzle's exact cover problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with_all = ["json", "stats", "limit"])]
    emit_dlx: bool,
    /// Also draw each puzzle and its first solution as an SVG picture to print,
    /// in PATH for one puzzle; for several, in PATH-1.svg, PATH-2.svg, ...
    /// (numbered from 1 in input order, before the extension: x.svg gives
    /// x-1.svg, x-2.svg); a folder (an existing one, or PATH ending with
    /// `/`, made if missing) gets puzzle.svg, or puzzle-1.svg, puzzle-2.svg, ...
    #[arg(long, value_name = "PATH", conflicts_with_all = ["count", "unique", "target", "emit_dlx"])]
    svg: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Debug, Subcommand)]
enum SudokuCommand {
    Generate(GenerateArgs),
}

/// Generate a random puzzle with a unique solution, reproducibly from a seed.
///
/// A complete grid is drawn from the seed (dlx-core's WyRand shuffles the
/// search's options; beyond 36x36, where that search runs out, the seed relabels and
/// shuffles a canonical grid), then givens are removed in a seeded random
/// order as long as the solution stays unique, proven by a short search for
/// each (a blank whose proof runs out is given back: large puzzles keep more
/// givens than they need). The same seed gives the same puzzle on every
/// machine. Boxes of 7x7 take about 15 s, 8x8 about a minute; a diagonal
/// sudoku beyond 36x36 is made only with 7x7 boxes.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  dlx sudoku generate --size 9 --seed 1\n  dlx sudoku generate --size 16 --diagonal --seed 7 --line\n  dlx sudoku generate --seed 3 --line | dlx sudoku --line\n  dlx sudoku generate --seed 1 --svg puzzle.svg"
)]
struct GenerateArgs {
    /// The grid size: 9 (the default) and 16 are the usual ones; 4 to 25
    /// work. With --box, the size is the box's and need not be given.
    #[arg(long, value_parser = clap::value_parser!(u8).range(4..=25))]
    size: Option<u8>,
    /// The box shape, rows x columns, instead of the usual one for the size
    /// (up to 8x8, a 64x64 grid).
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<Shape>,
    /// Make a diagonal (X) sudoku.
    #[arg(long)]
    diagonal: bool,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print on one line instead of as a grid.
    #[arg(long)]
    line: bool,
    /// Also print the solution, after the puzzle.
    #[arg(long, conflicts_with = "complete")]
    solution: bool,
    /// Print only a complete random grid, no puzzle.
    #[arg(long)]
    complete: bool,
    /// Also draw the puzzle (givens only, blank cells empty; the grid with
    /// `--complete`) as an SVG picture to print, in PATH (a folder, an
    /// existing one or PATH ending with `/`, gets sudoku.svg).
    #[arg(long, value_name = "PATH")]
    svg: Option<PathBuf>,
    #[arg(long, help = JSON_HELP)]
    json: bool,
    /// Stop after this long (`90s`, `10m`): nothing is printed then, and the
    /// exit code is 3 (large grids take a while to thin to a minimal puzzle).
    #[arg(long, value_name = "DURATION", value_parser = humantime::parse_duration)]
    time_limit: Option<std::time::Duration>,
}

pub(crate) fn run(args: SudokuArgs) -> anyhow::Result<()> {
    if let Some(SudokuCommand::Generate(generate)) = args.command {
        return run_generate(&generate);
    }
    let (name, text) = read_text(args.file.as_deref())?;
    let variant = Variant::with_diagonals(args.diagonal);
    let start = Instant::now();
    let mut output = Output::new();
    // The cases before a bad one are answered, then its error is reported.
    let (puzzles, bad) = until_error(dlx_models::sudoku::parse(&text, args.box_shape));
    if puzzles.is_empty() && bad.is_none() {
        // An empty input answered nothing and exited 0 (issue 20): it is a
        // mistake, as it is for the commands whose input counts its cases.
        return Err(anyhow!("the input holds no puzzle")).bad_input_in(&name);
    }
    if args.emit_dlx {
        if let Some(err) = bad {
            return Err(err).bad_input_in(&name);
        }
        // One problem a file.
        let puzzle = match puzzles.as_slice() {
            [] => return Err(anyhow!("the input holds no puzzle")).bad_input_in(&name),
            [puzzle] => puzzle,
            [_, second, ..] => {
                return Err(anyhow!(
                    "in {name}: --emit-dlx writes one problem, but the input holds a second puzzle at line {}",
                    second.line()
                ))
                .bad_input()
            }
        };
        let encoding = Encoding::with_names(puzzle.grid(), variant)
            .with_context(|| format!("in {name}: the puzzle at line {}", puzzle.line()))
            .bad_input()?;
        out!(output, "{}", write_dlx(encoding.problem()).trim_end())?;
        return output.flush();
    }
    let mut run = args.search.start()?;
    // One picture a puzzle, numbered when there are several.
    let pictures = args
        .svg
        .as_deref()
        .map(|path| Pictures::new(path, puzzles.len() > 1, "puzzle"));
    let context = |puzzle: &Puzzle| format!("in {name}: the puzzle at line {}", puzzle.line());
    let report = args.search.report;
    let mut answered = 0u64;
    let mut mismatches = Mismatches::new(&name);
    // Grids printed so far, for the blank line between two.
    let mut printed = 0u64;
    if args.all || (args.limit.is_some() && !args.count) {
        // Every solution (or the first `--limit`) of each puzzle in turn,
        // each puzzle on all threads, printed in the order of the
        // sequential search as they come.
        for (index, puzzle) in puzzles.iter().enumerate() {
            let encoding = Encoding::presolved(puzzle.grid(), variant)
                .with_context(|| context(puzzle))
                .bad_input()?;
            let mut first = None;
            let mut solution = 0;
            let flow = run.visit(encoding.solver(), true, args.limit, |found| {
                let grid = encoding.decode(found);
                let written = write_solution(
                    &mut output,
                    &report,
                    (index, solution),
                    &grid,
                    puzzle.alphabet(),
                    args.line,
                    printed > 0,
                );
                solution += 1;
                printed += 1;
                first.get_or_insert(grid);
                match written {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(err) => ControlFlow::Break(err),
                }
            })?;
            match flow {
                ControlFlow::Break(err) => return Err(err),
                // Stopped: the puzzles after it are not searched.
                ControlFlow::Continue(outcome) if !outcome.is_complete() => break,
                ControlFlow::Continue(_) => {}
            }
            answered += 1;
            mismatches.check(puzzle, variant, Some((Count::from(solution), args.limit)));
            if first.is_none() {
                report.no_solution(&mut output, Some((index, &described(&name, puzzle))))?;
            }
            if let Some(pictures) = &pictures {
                draw(pictures, index, puzzle, first.as_ref(), variant)?;
            }
        }
    } else if let ([puzzle], true) = (puzzles.as_slice(), args.count) {
        // One count: all threads on it.
        let encoding = Encoding::presolved(puzzle.grid(), variant)
            .with_context(|| context(puzzle))
            .bad_input()?;
        let count = run.count(encoding.solver(), args.limit)?;
        if count.is_complete() {
            answered = 1;
            mismatches.check(puzzle, variant, Some((count.value.clone(), args.limit)));
        }
        report.count(&mut output, Some(0), count.value, args.limit)?;
    } else {
        answer_cases(
            &mut run,
            &puzzles,
            |puzzle, search| {
                answer(&args, variant, puzzle, search).with_context(|| context(puzzle))
            },
            |index, (answer, counted)| {
                answered += 1;
                let puzzle = &puzzles[index];
                mismatches.check(puzzle, variant, counted);
                match &answer {
                    Answer::Count(count, limit, verdict) => {
                        let (limit, verdict) = (*limit, *verdict);
                        if report.json {
                            output.json(&Line::count(
                                Some(index),
                                count.clone(),
                                None,
                                limit,
                                verdict,
                            ))?;
                        } else {
                            out!(
                                output,
                                "{}",
                                verdict.map_or_else(|| count.to_string(), str::to_owned)
                            )?;
                        }
                    }
                    Answer::Score(Some((score, grid))) => {
                        let score = *score;
                        if report.json {
                            output.json(&Line::Optimum {
                                case: Some(index),
                                solution: 0,
                                objective: "score",
                                value: u128::from(score),
                                cost: None,
                                answer: fields(serde_json::json!({ "grid": rows(grid) })),
                            })?;
                        } else {
                            out!(output, "{score}")?;
                        }
                    }
                    // NOIP 2009's answer for a puzzle without solution.
                    Answer::Score(None) if !report.json => out!(output, "-1")?,
                    Answer::Score(None) | Answer::First(None) => {
                        report
                            .no_solution(&mut output, Some((index, &described(&name, puzzle))))?;
                    }
                    Answer::First(Some(grid)) => {
                        write_solution(
                            &mut output,
                            &report,
                            (index, 0),
                            grid,
                            puzzle.alphabet(),
                            args.line,
                            printed > 0,
                        )?;
                        printed += 1;
                    }
                }
                if let (Some(pictures), Answer::First(grid)) = (&pictures, &answer) {
                    draw(pictures, index, puzzle, grid.as_ref(), variant)?;
                }
                Ok(())
            },
        )?;
    }
    output.flush()?;
    let puzzles = [("puzzles", answered.into())];
    finish_run(&run, &report, &mut output, start, &puzzles, "the output")?;
    bad.map_or(Ok(()), |err| Err(err).bad_input_in(&name))?;
    mismatches.finish()
}

/// The puzzles whose answer is not the one their file gives, each named on
/// standard error as it is answered; any makes the exit code 2, as a file
/// with a wrong answer is bad input (after the rest is answered, as ripgrep
/// goes on after a file it cannot read).
struct Mismatches<'a> {
    name: &'a str,
    /// How many puzzles disagree, and the line of the first.
    n_puzzles: u64,
    first_line: Option<usize>,
}

impl<'a> Mismatches<'a> {
    fn new(name: &'a str) -> Mismatches<'a> {
        Mismatches {
            name,
            n_puzzles: 0,
            first_line: None,
        }
    }

    /// Checks what the file gives of a puzzle's answer: its solution against
    /// the rules, its count against `counted`, the solutions a search found
    /// and the limit it stopped at (when that search ran to its end).
    fn check(&mut self, puzzle: &Puzzle, variant: Variant, counted: Option<Counted>) {
        let count = counted.map_or(Ok(()), |(found, limit)| puzzle.check_count(found, limit));
        let found: Vec<Mismatch> = [puzzle.check_solution(variant), count]
            .into_iter()
            .filter_map(Result::err)
            .collect();
        for mismatch in &found {
            let mismatch = anyhow::Error::from(mismatch.clone());
            note(&format!("dlx: mismatch: in {}: {mismatch:#}", self.name));
        }
        if !found.is_empty() {
            self.n_puzzles += 1;
            self.first_line.get_or_insert(puzzle.line());
        }
    }

    /// The error that ends a run with mismatches.
    fn finish(self) -> anyhow::Result<()> {
        match self.first_line {
            None => Ok(()),
            Some(line) => Err(anyhow!(
                "{} puzzle{} disagree{} with the answer the file gives (the first at line {line})",
                self.n_puzzles,
                if self.n_puzzles == 1 { "" } else { "s" },
                if self.n_puzzles == 1 { "s" } else { "" },
            ))
            .bad_input_in(self.name),
        }
    }
}

/// Draws puzzle `index` with its solution, or says across the givens that no grid completes them (the givens alone would not say it).
fn draw(
    pictures: &Pictures,
    index: usize,
    puzzle: &Puzzle,
    solution: Option<&Grid>,
    variant: Variant,
) -> anyhow::Result<()> {
    let svg = puzzle.grid().to_svg(solution, variant, puzzle.alphabet());
    match solution {
        Some(_) => pictures.write(index, &svg),
        None => pictures.write(index, &crate::shared::with_note(&svg, "no solution")),
    }
}

/// How a message names a puzzle: `the puzzle at line 3 of FILE`.
fn described(name: &str, puzzle: &Puzzle) -> String {
    format!("the puzzle at line {} of {name}", puzzle.line())
}

/// The solutions a search of a puzzle found, and the limit it stopped at
/// (`None`: it ran to its end).
type Counted = (Count, Option<u64>);

/// One puzzle's answer, when puzzles are answered on threads.
enum Answer {
    /// A count, at most the limit it was given; with `--unique`, its word.
    Count(Count, Option<u64>, Option<&'static str>),
    /// `--target`: the best score and its grid, if there is a solution.
    Score(Option<(u64, Grid)>),
    /// The first solution, if any.
    First(Option<Grid>),
}

/// Answers one puzzle in the way the flags ask (but `--all`), with the
/// solutions its search found and the limit it had, to check a count the
/// file gives (none for `--target`, which does not count).
fn answer(
    args: &SudokuArgs,
    variant: Variant,
    puzzle: &Puzzle,
    search: &mut Case,
) -> anyhow::Result<(Answer, Option<Counted>)> {
    if args.target {
        let target = TargetCost::new(puzzle.grid(), variant).bad_input()?;
        let ranked = search.min_cost(Solver::new(target.problem()), 1)?;
        let best = ranked.first().map(|best| target.score(&best.options));
        return Ok((Answer::Score(best), None));
    }
    let encoding = Encoding::presolved(puzzle.grid(), variant).bad_input()?;
    let solver = encoding.solver();
    if args.count {
        let count = search.count(solver, args.limit)?;
        return Ok((
            Answer::Count(count.clone(), args.limit, None),
            Some((count, args.limit)),
        ));
    }
    if args.unique {
        let count = search.count(solver, Some(2))?;
        let word = match count.to_u64() {
            Some(0) => "none",
            Some(1) => "unique",
            _ => "several",
        };
        return Ok((
            Answer::Count(count.clone(), Some(2), Some(word)),
            Some((count, Some(2))),
        ));
    }
    // The first solution; and when the file gives a count, the search goes
    // on as far as the check needs (one solution past it).
    let limit = puzzle.count_limit().unwrap_or(1).max(1);
    let mut first = None;
    let mut found = 0u64;
    search.drive(solver, Some(limit), |solution| {
        found += 1;
        first.get_or_insert_with(|| encoding.decode(solution));
        if found < limit {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })?;
    let counted = puzzle
        .count_limit()
        .map(|limit| (Count::from(found), Some(limit)));
    Ok((Answer::First(first), counted))
}

/// A grid as JSON: its rows of values, 0 for a blank.
fn rows(grid: &Grid) -> Vec<&[u8]> {
    grid.cells().chunks(grid.size().max(1)).collect()
}

/// Writes solution `solution` of puzzle `case`: a JSON line, or the grid on
/// one line, or rendered (after a blank line when `gap`).
fn write_solution(
    output: &mut Output,
    report: &ReportArgs,
    (case, solution): (usize, u64),
    grid: &Grid,
    alphabet: Alphabet,
    line: bool,
    gap: bool,
) -> anyhow::Result<()> {
    report.solution(
        output,
        (Some(case), solution),
        || fields(serde_json::json!({ "grid": rows(grid) })),
        || grid_text(grid, alphabet, line),
        gap && !line,
    )
}

/// Writes a grid on one line, or rendered (after a blank line when `gap`).
fn write_grid(
    output: &mut Output,
    grid: &Grid,
    alphabet: Alphabet,
    line: bool,
    gap: bool,
) -> anyhow::Result<()> {
    if gap && !line {
        out!(output, "")?;
    }
    out!(output, "{}", grid_text(grid, alphabet, line))
}

/// A grid on one line (`--line`), or rendered with box lines.
fn grid_text(grid: &Grid, alphabet: Alphabet, line: bool) -> String {
    if line {
        grid.to_line(alphabet)
    } else {
        grid.render(alphabet).trim_end().to_owned()
    }
}

fn run_generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let shape = match (args.box_shape, args.size) {
        (Some(shape), Some(size)) if shape.size() != usize::from(size) => {
            return Err(anyhow::anyhow!(
                "--box {shape} makes a {n}x{n} grid, but --size is {size}: give one of them, or both alike",
                n = shape.size()
            ))
            .bad_input();
        }
        (Some(shape), _) => shape,
        (None, size) => Shape::for_size(usize::from(size.unwrap_or(9)))
            .context("--size")
            .bad_input()?,
    };
    let variant = Variant::with_diagonals(args.diagonal);
    let mut output = Output::new();
    // Ctrl-C, SIGTERM and `--time-limit` stop the generator; a puzzle half
    // made is none, so nothing is printed then.
    let started = Instant::now();
    let stops = Stops::new(None, args.time_limit, None)?;
    let budget = stops.budget();
    let stopped = |stop| {
        let seconds = started.elapsed().as_secs_f64();
        Err(stops.ended(stop, seconds, "no grid was made", "", args.json))
    };
    let drawn = if args.complete {
        let grid = generate_grid_within(shape, variant, args.seed, &budget);
        if let Outcome::Stopped(stop) = grid.outcome {
            return stopped(stop);
        }
        let grid = grid
            .value
            .with_context(|| not_generated(shape, variant))
            .bad_input()?;
        if args.json {
            // A complete grid is a solution of the empty puzzle.
            output.json(&Line::Solution {
                case: None,
                solution: 0,
                answer: fields(serde_json::json!({ "grid": rows(&grid) })),
            })?;
        } else {
            write_grid(&mut output, &grid, Alphabet::Digits, args.line, false)?;
        }
        grid
    } else {
        let made = generate_puzzle_within(shape, variant, args.seed, &budget);
        if let Outcome::Stopped(stop) = made.outcome {
            return stopped(stop);
        }
        let (puzzle, solution) = made
            .value
            .with_context(|| not_generated(shape, variant))
            .bad_input()?;
        if args.json {
            let mut line = fields(serde_json::json!({
                "box": shape.to_string(),
                "diagonal": args.diagonal,
                "seed": args.seed,
                "grid": rows(&puzzle),
            }));
            if args.solution {
                line.insert("solution".to_owned(), serde_json::json!(rows(&solution)));
            }
            output.json(&Other {
                kind: "puzzle",
                fields: line,
            })?;
        } else {
            write_grid(&mut output, &puzzle, Alphabet::Digits, args.line, false)?;
            if args.solution {
                write_grid(&mut output, &solution, Alphabet::Digits, args.line, true)?;
            }
        }
        puzzle
    };
    output.flush()?;
    if let Some(path) = &args.svg {
        Pictures::new(path, false, "sudoku")
            .write(0, &drawn.to_svg(None, variant, Alphabet::Digits))?;
    }
    Ok(())
}

/// Why `dlx sudoku generate` made nothing, without claiming more than the
/// generator knows: a plain grid is always made (from a pattern when the
/// random fill runs out), so this is a diagonal sudoku that the search
/// proved impossible (sizes 2 and 3) or did not find within its budget.
fn not_generated(shape: Shape, variant: Variant) -> String {
    format!(
        "the generator made no {} grid with boxes {shape}: none exists, or its search gave up within its budget",
        kind(variant)
    )
}

fn kind(variant: Variant) -> &'static str {
    match variant {
        Variant::Plain => "sudoku",
        Variant::Diagonal => "diagonal sudoku",
    }
}
