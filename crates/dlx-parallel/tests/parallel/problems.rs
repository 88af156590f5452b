//! Test problems: Knuth-format files from `data/`, and generated queens, Langford pairs and colored problems.

use dlx_core::{parse_dlx, Answer, Count, ItemKind, Outcome, Problem, ProblemBuilder};

/// A problem file from the workspace's `data/` folder.
pub(crate) fn data(name: &str) -> Problem {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/").to_owned() + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_dlx(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// N-queens in Knuth's format: rows and columns primary, both diagonals secondary.
pub(crate) fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for r in 0..n {
        text += &format!("r{r} c{r} ");
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
    parse_dlx(&text).expect("queens")
}

/// Langford pairs of 1..=n (mirror images counted twice): items for the
/// numbers and the 2n slots, one option per placement of a pair.
pub(crate) fn langford(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let numbers = b.items(ItemKind::Primary, n);
    let slots = b.items(ItemKind::Primary, 2 * n);
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                b.option([numbers[k - 1], slots[i], slots[j]])
                    .expect("option");
            }
        }
    }
    b.build().expect("langford")
}

/// A small pseudo-random problem with colored secondary items (Algorithm C),
/// the same for the same seed.
pub(crate) fn colored(
    seed: u64,
    n_primary: usize,
    n_secondary: usize,
    n_options: usize,
) -> Problem {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |m: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % m
    };
    let mut b = ProblemBuilder::new();
    let primary = b.items(ItemKind::Primary, n_primary);
    let secondary = b.items(ItemKind::Secondary, n_secondary);
    let colors = [b.color("red"), b.color("blue")];
    for _ in 0..n_options {
        let mut entries = Vec::new();
        let mut used = vec![false; n_primary];
        for _ in 0..1 + next(3) {
            let p = next(n_primary);
            if !used[p] {
                used[p] = true;
                entries.push(dlx_core::Entry {
                    item: primary[p],
                    color: None,
                });
            }
        }
        let mut used = vec![false; n_secondary];
        for _ in 0..next(3) {
            let s = next(n_secondary);
            if !used[s] {
                used[s] = true;
                let color = match next(3) {
                    0 => None,
                    c => Some(colors[c - 1]),
                };
                entries.push(dlx_core::Entry {
                    item: secondary[s],
                    color,
                });
            }
        }
        b.colored_option(entries).expect("option");
    }
    b.build().expect("colored")
}

/// A count and its outcome, as `count` answers.
pub fn count_answer(n: u64, outcome: Outcome) -> Answer<Count> {
    Answer::new(Count::from(n), outcome)
}
