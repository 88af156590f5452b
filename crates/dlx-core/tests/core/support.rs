//! Helpers shared by the tests: generators of classic problems and a checked solve.

use dlx_core::{parse_dlx, verify, Answer, Count, OptionId, Outcome, Problem, Solver};

/// Solves `problem` to the end, checks every solution with `verify`, and returns them sorted.
#[track_caller]
pub fn all_solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut solver = Solver::new(problem);
    let mut solutions = Vec::new();
    while let Some(solution) = solver
        .next_solution()
        .expect("a search without a budget finishes")
    {
        if let Err(err) = verify(problem, solution) {
            panic!("reported solution {solution:?} is not a solution: {err}");
        }
        let mut sorted = solution.to_vec();
        sorted.sort();
        solutions.push(sorted);
    }
    solver
        .check_links()
        .expect("links are restored after the search");
    assert_eq!(solver.stats().solutions, solutions.len() as u64);
    solutions.sort();
    solutions
}

/// Knuth's N-queens encoding: rows and columns primary, both diagonal families secondary.
pub fn queens(n: usize) -> String {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} ");
    }
    for c in 0..n {
        text += &format!("c{c} ");
    }
    text += "|";
    for d in 0..2 * n - 1 {
        text += &format!(" a{d} b{d}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

/// Langford pairs: place the two copies of each of 1..=n with k numbers between the two k's.
pub fn langford(n: usize) -> String {
    let mut text = String::new();
    for k in 1..=n {
        text += &format!("{k} ");
    }
    for p in 0..2 * n {
        text += &format!("s{p} ");
    }
    text.push('\n');
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                text += &format!("{k} s{i} s{j}\n");
            }
        }
    }
    text
}

/// Reads a fixture of `tests/core/data` in the sparse matrix form as a problem with unnamed items.
pub fn fixture(name: &str) -> (Problem, Vec<Vec<OptionId>>) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/core/data/");
    let matrix =
        std::fs::read_to_string(format!("{dir}{name}.matrix.txt")).expect("fixture exists");
    let mut lines = matrix.lines();
    let header: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut text: String = (0..header[1]).map(|c| format!("i{c} ")).collect();
    text.push('\n');
    for line in lines {
        let items: Vec<String> = line.split_whitespace().map(|t| format!("i{t}")).collect();
        text += &items.join(" ");
        text.push('\n');
    }
    let problem = parse_dlx(&text).expect("fixture parses");
    let solutions =
        std::fs::read_to_string(format!("{dir}{name}.solutions.txt")).expect("fixture exists");
    let mut expected: Vec<Vec<OptionId>> = solutions
        .lines()
        .map(|l| {
            let mut s: Vec<OptionId> = l
                .split_whitespace()
                .map(|t| OptionId::new(t.parse().unwrap()))
                .collect();
            s.sort();
            s
        })
        .collect();
    expected.sort();
    (problem, expected)
}

/// A problem file from the workspace's bundled `data/` folder.
#[track_caller]
pub fn data(name: &str) -> Problem {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/").to_owned() + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_dlx(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Sebastiano Vigna's SplitMix64, for the probes of the estimate tests: the
/// core takes its random numbers from the caller, so a test brings its own.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose outputs depend on `seed` alone.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift.
    pub fn below(&mut self, n: u32) -> u32 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        u32::try_from((u64::from(n) * (z >> 32)) >> 32).expect("below n")
    }
}

/// A count and its outcome, as [`Solver::count`] answers.
pub fn count_answer(n: u64, outcome: Outcome) -> Answer<Count> {
    Answer::new(Count::from(n), outcome)
}
