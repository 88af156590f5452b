//! Shared helpers of the dlx benches: the workloads, their files, and the physical references.
//!
//! The criterion benches (`benches/benches/*.rs`), the `runner` example that
//! `cargo xtask bench` times, and `xtask` itself all read the same table of
//! [`WORKLOADS`], so a workload is named, located and checked in one place.
//!
//! # Brief overview
//! - [`Workload`] and [`WORKLOADS`]: each workload's name (the criterion
//!   group), its instance file in Knuth's DLX format and its known number of
//!   solutions.
//! - [`count_ours`]: our engine, input parsing included, as every bench times it.
//! - [`PlainProblem`]: a minimal reader of the DLX format into item indices,
//!   for the peers that take numbers rather than text (the `xcov` crate).
//! - [`miniexact`], [`run_miniexact`], [`count_miniexact`]: the `miniexact`
//!   command (`pip install miniexact`), when installed.
//! - [`queens_bitboard`]: the plain bitboard N-queens counter, the physical
//!   reference for the queens workloads.
//! - [`count_sudoku_ours`]: our engine on a sudoku set, through the sudoku
//!   model of `dlx-models`.
//! - [`sudoku_backtrack`]: a plain depth-first sudoku solver (cells in reading
//!   order, no exact cover), the reference for the sudoku workloads.
//!
//! The peers that are crates (`dlx`, `xcov`) are dev-dependencies of this
//! package, so their adapters live in `benches/benches/peers/mod.rs`, shared by
//! the benches and the `runner` example; nothing here depends on a peer.
#![warn(missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Which family a workload belongs to; it decides the reference solver and
/// which workload is the largest of its kind for the memory column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The 12 pentominoes on a board, all solutions.
    Pentomino,
    /// N-queens for the given `n`, all solutions.
    Queens(u32),
    /// Langford pairs, all solutions (mirror images counted).
    Langford,
    /// A set of 9x9 sudoku puzzles, one a line, each with a unique solution:
    /// solved to the first solution (`limit` 1) or proved unique (`limit` 2,
    /// the search goes on after the solution to find there is no other).
    Sudoku {
        /// How many solutions of each puzzle to look for.
        limit: u64,
    },
}

/// One benchmark workload: an instance file and its known number of solutions.
#[derive(Debug, Clone, Copy)]
pub struct Workload {
    /// The criterion group and the row of the report, e.g. `queens-13`.
    pub name: &'static str,
    /// The family of the workload.
    pub kind: Kind,
    /// The instance in Knuth's DLX format (a puzzle set for sudoku),
    /// relative to the workspace root.
    pub file: &'static str,
    /// The number of solutions every solver must find: all of them, or for
    /// sudoku one per puzzle.
    pub solutions: u64,
    /// Part of `cargo xtask bench --quick` (each solver runs it well under a second).
    pub quick: bool,
}

impl Workload {
    /// The instance file's path in this checkout.
    pub fn path(&self) -> PathBuf {
        match self.file.strip_prefix(SHARED_DATA) {
            Some(rest) => shared_data().join(rest),
            None => workspace_root().join(self.file),
        }
    }

    /// Whether the input is there (the sudoku sets are in `../shared/data`).
    pub fn is_available(&self) -> bool {
        self.path().is_file()
    }

    /// The instance file's bytes.
    ///
    /// # Panics
    /// When the file cannot be read: a bench without its input cannot run.
    pub fn bytes(&self) -> Vec<u8> {
        let path = self.path();
        std::fs::read(&path).unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()))
    }

    /// The instance file's text.
    ///
    /// # Panics
    /// When the file cannot be read or is not UTF-8.
    pub fn text(&self) -> String {
        String::from_utf8(self.bytes()).expect("instance files are UTF-8")
    }
}

/// Every workload of the benches, in report order.
///
/// The pentomino files are the lead's (12 pieces, then the cells); the queens
/// and Langford files are written by `cargo xtask gen-data`.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        name: "pentomino-6x10",
        kind: Kind::Pentomino,
        file: "data/pentomino-6x10.dlx",
        solutions: 9356,
        quick: false,
    },
    Workload {
        name: "pentomino-5x12",
        kind: Kind::Pentomino,
        file: "data/pentomino-5x12.dlx",
        solutions: 4040,
        quick: false,
    },
    Workload {
        name: "pentomino-8x8-centre",
        kind: Kind::Pentomino,
        file: "data/pentomino-8x8-centre.dlx",
        solutions: 520,
        quick: true,
    },
    Workload {
        name: "queens-10",
        kind: Kind::Queens(10),
        file: "data/bench/queens-10.dlx",
        solutions: 724,
        quick: true,
    },
    Workload {
        name: "queens-11",
        kind: Kind::Queens(11),
        file: "data/bench/queens-11.dlx",
        solutions: 2680,
        quick: true,
    },
    Workload {
        name: "queens-12",
        kind: Kind::Queens(12),
        file: "data/bench/queens-12.dlx",
        solutions: 14200,
        quick: true,
    },
    Workload {
        name: "queens-13",
        kind: Kind::Queens(13),
        file: "data/bench/queens-13.dlx",
        solutions: 73712,
        quick: true,
    },
    Workload {
        name: "queens-14",
        kind: Kind::Queens(14),
        file: "data/bench/queens-14.dlx",
        solutions: 365_596,
        quick: false,
    },
    Workload {
        name: "langford-11",
        kind: Kind::Langford,
        file: "data/bench/langford-11.dlx",
        solutions: 35584,
        quick: true,
    },
    sudoku(
        "sudoku-17clue-first",
        "$SHARED/sudoku9/17_clue_tdoku_49158.txt",
        49158,
        1,
        false,
    ),
    sudoku(
        "sudoku-17clue-unique",
        "$SHARED/sudoku9/17_clue_tdoku_49158.txt",
        49158,
        2,
        false,
    ),
    sudoku(
        "sudoku-top1465-first",
        "$SHARED/sudoku9/magictour_top1465.txt",
        1465,
        1,
        true,
    ),
    sudoku(
        "sudoku-top1465-unique",
        "$SHARED/sudoku9/magictour_top1465.txt",
        1465,
        2,
        true,
    ),
    sudoku(
        "sudoku-hardest1106-first",
        "$SHARED/sudoku9/forum_hardest_1106_375.txt",
        375,
        1,
        true,
    ),
    sudoku(
        "sudoku-hardest1106-unique",
        "$SHARED/sudoku9/forum_hardest_1106_375.txt",
        375,
        2,
        true,
    ),
];

/// Where a workload's file is in the shared data, not in this repository.
const SHARED_DATA: &str = "$SHARED/";

/// A sudoku set of the shared data: `puzzles` puzzles, each with one solution.
const fn sudoku(
    name: &'static str,
    file: &'static str,
    puzzles: u64,
    limit: u64,
    quick: bool,
) -> Workload {
    Workload {
        name,
        kind: Kind::Sudoku { limit },
        file,
        solutions: puzzles,
        quick,
    }
}

/// The shared reference data: `$DLX_SHARED_DATA`, or `../shared/data` beside
/// the workspace (where the team's data and CI's checkout put it).
pub fn shared_data() -> PathBuf {
    std::env::var_os("DLX_SHARED_DATA")
        .map_or_else(|| workspace_root().join("../shared/data"), PathBuf::from)
}

/// The workload of that name.
pub fn workload(name: &str) -> Option<&'static Workload> {
    WORKLOADS.iter().find(|w| w.name == name)
}

/// The workspace root, found from this package's manifest directory.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Counts all solutions of a DLX-format instance with our engine, parsing
/// included; a `u64`, as the peers' counts it is compared with are.
///
/// # Panics
/// When the bytes are not a valid instance, or have 2^64 solutions or more:
/// the bench files are valid, and far smaller.
pub fn count_ours(bytes: &[u8]) -> u64 {
    let problem = dlx_core::format::parse_dlx_bytes(bytes).expect("a valid DLX instance");
    let count = dlx_core::Solver::new(&problem).count().value;
    count
        .to_u64()
        .expect("a bench instance has fewer than 2^64 solutions")
}

/// An exact cover problem as plain item indices, read from Knuth's DLX format.
///
/// Just enough of the format for the bench instances (no colors): the first
/// line that is not a `|` comment names the primary items, then `|` and the
/// secondary items; every later line is an option. Items are numbered from 0,
/// primary items first, in the order the first line lists them.
#[derive(Debug, Clone, Default)]
pub struct PlainProblem {
    /// How many primary items there are (they are `0..n_primary`).
    pub n_primary: usize,
    /// How many secondary items there are (they follow the primary ones).
    pub n_secondary: usize,
    /// Each option's items, in the order the line lists them.
    pub options: Vec<Vec<usize>>,
}

impl PlainProblem {
    /// Reads an instance, or `None` when a line names an unknown item.
    pub fn parse(text: &str) -> Option<PlainProblem> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('|'));
        let header = lines.next()?;
        let mut names = std::collections::HashMap::new();
        let mut n_primary = 0;
        let mut n_secondary = 0;
        let mut secondary = false;
        for name in header.split_whitespace() {
            if name == "|" {
                secondary = true;
                continue;
            }
            names.insert(name, names.len());
            if secondary {
                n_secondary += 1;
            } else {
                n_primary += 1;
            }
        }
        let mut options = Vec::new();
        for line in lines {
            let option = line
                .split_whitespace()
                .map(|name| names.get(name).copied())
                .collect::<Option<Vec<usize>>>()?;
            options.push(option);
        }
        Some(PlainProblem {
            n_primary,
            n_secondary,
            options,
        })
    }
}

/// The `miniexact` program, or `None` when it is not installed.
///
/// `$MINIEXACT` names it explicitly. Otherwise a `pyenv` installation is
/// asked for the real program behind its shim (the shim is a shell script
/// that adds some 80 ms to every run), and last `miniexact` is looked up on
/// the `PATH`.
pub fn miniexact() -> Option<PathBuf> {
    let runs = |program: &Path| {
        Command::new(program)
            .arg("-h")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    };
    if let Some(program) = std::env::var_os("MINIEXACT") {
        return Some(PathBuf::from(program)).filter(|p| runs(p));
    }
    let behind_shim = Command::new("pyenv")
        .args(["which", "miniexact"])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|output| output.status.success())
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|path| PathBuf::from(path.trim()));
    behind_shim
        .into_iter()
        .chain(Some(PathBuf::from("miniexact")))
        .find(|program| runs(program))
}

/// The command line that makes miniexact enumerate every solution of a
/// DLX-format file: Algorithm X (`-x`), all solutions (`-e`), Knuth's DLX
/// format without guessing (`-D`).
pub fn miniexact_command(program: &Path, file: &Path) -> Command {
    let mut command = Command::new(program);
    command.args(["-x", "-e", "-D"]).arg(file);
    command
}

/// Runs miniexact on a file, its solutions sent to a sink. It exits with
/// 10 (solutions found) or 20 (none) rather than 0.
///
/// # Panics
/// When the command cannot start or fails.
pub fn run_miniexact(program: &Path, file: &Path) {
    let status = miniexact_command(program, file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("miniexact starts");
    assert!(
        matches!(status.code(), Some(0 | 10 | 20)),
        "miniexact failed on {}: {status}",
        file.display()
    );
}

/// Runs miniexact once with its output read, and returns the count it
/// reports on its last line (`Found N solutions!`): a check that it solves
/// the same problem, made before it is timed.
pub fn count_miniexact(program: &Path, file: &Path) -> Option<u64> {
    let output = miniexact_command(program, file)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let rest = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("Found "))?;
    rest.split_whitespace().next()?.parse().ok()
}

/// Counts the N-queens solutions with the classic bitboard search: the
/// physical reference, with no exact cover machinery at all.
///
/// One queen per row; three masks hold the columns and the two diagonal
/// directions already attacked, and the free squares of a row are one
/// `and-not`. Mirror images are not used, so it counts every solution.
pub fn queens_bitboard(n: u32) -> u64 {
    fn place(all: u32, columns: u32, left: u32, right: u32) -> u64 {
        if columns == all {
            return 1;
        }
        let mut free = all & !(columns | left | right);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += place(all, columns | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        count
    }
    assert!((1..32).contains(&n), "one row fits a u32");
    place((1u32 << n) - 1, 0, 0, 0)
}

/// The puzzles of a set: every line of 81 cells (blank lines skipped).
pub fn sudoku_puzzles(text: &str) -> impl Iterator<Item = &[u8]> {
    text.lines()
        .map(str::trim)
        .filter(|line| line.len() == 81)
        .map(str::as_bytes)
}

/// Solves every puzzle of a set with our engine and the sudoku model of
/// `dlx-models` (givens and forced cells never reach the search), up to
/// `limit` solutions each; returns the solutions found and the search statistics.
///
/// # Panics
/// When a line is not a valid 9x9 puzzle: the sets are.
pub fn count_sudoku_ours(text: &str, limit: u64) -> (u64, dlx_core::Stats) {
    use dlx_models::sudoku::{Encoding, Grid, Shape, Variant};
    let shape = Shape::new(3, 3).expect("the 9x9 shape");
    let mut total = 0;
    let mut stats = dlx_core::Stats::default();
    for puzzle in sudoku_puzzles(text) {
        let cells = puzzle
            .iter()
            .map(|&byte| {
                if (b'1'..=b'9').contains(&byte) {
                    byte - b'0'
                } else {
                    0
                }
            })
            .collect();
        let grid = Grid::from_cells(shape, cells).expect("81 cells");
        let encoding = Encoding::presolved(&grid, Variant::Plain).expect("no clashing givens");
        let mut solver = encoding.solver();
        solver.set_limit(Some(limit));
        let count = solver.count().value;
        total += count.to_u64().expect("at most `limit` solutions");
        stats += *solver.stats();
    }
    (total, stats)
}

/// Solves every puzzle of a set with [`sudoku_backtrack`] and adds up the solutions found.
pub fn count_sudoku_backtrack(text: &str, limit: u64) -> u64 {
    sudoku_puzzles(text)
        .map(|puzzle| sudoku_backtrack(puzzle, limit))
        .sum()
}

/// The textbook exact cover encoding of a 9x9 sudoku, for the peer crates:
/// 324 items (cell, row-digit, column-digit, box-digit, numbered from 0 in
/// that order) and one option per (cell, digit) that no given rules out,
/// givens included as their cell's only option. This is how the `xcov`
/// crate's own sudoku example builds it.
pub fn sudoku_options(puzzle: &[u8]) -> Vec<[usize; 4]> {
    let items = |cell: usize, digit: usize| {
        let (row, col) = (cell / 9, cell % 9);
        [
            cell,
            81 + row * 9 + digit,
            162 + col * 9 + digit,
            243 + (row / 3 * 3 + col / 3) * 9 + digit,
        ]
    };
    let mut covered = [false; 324];
    let mut options = Vec::with_capacity(729);
    for (cell, &byte) in puzzle.iter().enumerate() {
        if (b'1'..=b'9').contains(&byte) {
            let option = items(cell, usize::from(byte - b'1'));
            for item in option {
                covered[item] = true;
            }
            options.push(option);
        }
    }
    for cell in 0..81 {
        for digit in 0..9 {
            let option = items(cell, digit);
            if option.iter().all(|&item| !covered[item]) {
                options.push(option);
            }
        }
    }
    options
}

/// Solves a 9x9 sudoku by plain depth-first backtracking: empty cells in
/// reading order, digits 1 to 9 in turn, no exact cover and no propagation.
///
/// `puzzle` is 81 bytes, `1`-`9` for a given and anything else for a blank.
/// Counts solutions up to `limit` (1: to the first solution; 2: proves
/// uniqueness) and returns how many it found.
pub fn sudoku_backtrack(puzzle: &[u8], limit: u64) -> u64 {
    /// Bit `d` set: digit `d` is used in that row, column or box.
    struct Board {
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
        empty: Vec<u8>,
        found: u64,
        limit: u64,
    }
    impl Board {
        fn search(&mut self, k: usize) {
            if k == self.empty.len() {
                self.found += 1;
                return;
            }
            let cell = usize::from(self.empty[k]);
            let (row, col) = (cell / 9, cell % 9);
            let bx = row / 3 * 3 + col / 3;
            let used = self.rows[row] | self.cols[col] | self.boxes[bx];
            for digit in 1..=9 {
                let bit = 1u16 << digit;
                if used & bit != 0 {
                    continue;
                }
                self.rows[row] |= bit;
                self.cols[col] |= bit;
                self.boxes[bx] |= bit;
                self.search(k + 1);
                self.rows[row] &= !bit;
                self.cols[col] &= !bit;
                self.boxes[bx] &= !bit;
                if self.found >= self.limit {
                    return;
                }
            }
        }
    }
    assert_eq!(puzzle.len(), 81, "a 9x9 puzzle has 81 cells");
    let mut board = Board {
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        empty: Vec::with_capacity(81),
        found: 0,
        limit,
    };
    for (cell, &byte) in puzzle.iter().enumerate() {
        let (row, col) = (cell / 9, cell % 9);
        if (b'1'..=b'9').contains(&byte) {
            let bit = 1u16 << (byte - b'0');
            let bx = row / 3 * 3 + col / 3;
            if (board.rows[row] | board.cols[col] | board.boxes[bx]) & bit != 0 {
                return 0; // The givens clash already.
            }
            board.rows[row] |= bit;
            board.cols[col] |= bit;
            board.boxes[bx] |= bit;
        } else {
            board
                .empty
                .push(u8::try_from(cell).expect("a cell index below 81"));
        }
    }
    board.search(0);
    board.found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_counts_known_queens() {
        for (n, count) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)] {
            assert_eq!(queens_bitboard(n), count, "n = {n}");
        }
    }

    #[test]
    fn backtracking_solves_and_proves_uniqueness() {
        let puzzle =
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(sudoku_backtrack(puzzle, 1), 1);
        assert_eq!(sudoku_backtrack(puzzle, 2), 1);
        let empty = [b'.'; 81];
        assert_eq!(sudoku_backtrack(&empty, 2), 2);
    }

    #[test]
    fn plain_reader_numbers_items_in_order() {
        let plain = PlainProblem::parse("| comment\na b | x\na x\nb\n").expect("valid");
        assert_eq!((plain.n_primary, plain.n_secondary), (2, 1));
        assert_eq!(plain.options, vec![vec![0, 2], vec![1]]);
    }
}
