//! The counting table's workloads: how each file is made, its published count, and the budget of the heavy rows.

use crate::gen_data::{Board, Pieces};

/// One counting workload: a name, how its file is made, its known count.
#[derive(Debug, Clone, Copy)]
pub(super) struct Case {
    pub(super) name: &'static str,
    pub(super) source: Source,
    /// The published count in decimal (many exceed `u128`), compared with
    /// the text a runner prints.
    pub(super) count: &'static str,
    /// Small enough for `--quick`.
    pub(super) quick: bool,
    /// The budget of a row that needs more memory and time than the
    /// table's limits; such a row runs one round.
    pub(super) heavy: Option<Heavy>,
}

/// The budget of a heavy row.
#[derive(Debug, Clone, Copy)]
pub(super) struct Heavy {
    /// Our `--memo-mem`.
    pub(super) memo_mem: &'static str,
    /// Our `--max-memory`.
    pub(super) max_memory: &'static str,
    /// The resident size past which any run of the row is killed, in GiB.
    pub(super) rss_gib: u64,
    /// The time limit of any run of the row.
    pub(super) seconds: u64,
}

/// The budget of the 30x30 square, which no count here finishes: its
/// layers would hold hundreds of millions of states (the Aztec diamond of
/// order 20 needed it before the layered count, 83 s and 8 GB; it now
/// takes seconds and tens of megabytes).
pub(super) const HEAVY: Heavy = Heavy {
    memo_mem: "8G",
    max_memory: "10G",
    rss_gib: 11,
    seconds: 60,
};

/// How a workload's file is made.
#[derive(Debug, Clone, Copy)]
pub(super) enum Source {
    /// A board covered by pieces, as [`tiling`](crate::gen_data::tiling) writes it.
    Tiling(Board, Pieces),
    /// The Langford pairs of `gen-data`.
    Langford(usize),
    /// The N-queens problem of `gen-data`.
    Queens(usize),
    /// A file of the repository.
    File(&'static str),
    /// A board tiled by dominoes, counted by `dlx polyomino` (which knows
    /// its Kasteleyn matrix, as a DLX file does not).
    Dominoes(Board),
    /// The lozenge tilings of the regular hexagon of side n, counted by
    /// `dlx polyiamond --board hexagon:N --pieces diamond`.
    Lozenges(usize),
    /// A board and pieces of `dlx polyomino`, the file written by its
    /// `--emit-dlx`: `(board, pieces)`.
    Polyomino(&'static str, &'static str),
}

impl Source {
    /// Whether the row is counted by a board subcommand, not from a DLX file
    /// (the plain count and the peers, which read files, are not run).
    pub(super) fn is_board(self) -> bool {
        matches!(self, Source::Dominoes(_) | Source::Lozenges(_))
    }
}

/// A rectangle of dominoes.
const fn dominoes(rows: usize, columns: usize) -> Source {
    Source::Tiling(Board::Rectangle { rows, columns }, Pieces::Dominoes)
}

/// A rectangle of `rows` x `columns` cells.
const fn rectangle(rows: usize, columns: usize) -> Board {
    Board::Rectangle { rows, columns }
}

/// A dimer row: dominoes on `board`, counted by `dlx polyomino`, with no
/// budget of its own and too long for `--quick`.
const fn dimers(name: &'static str, board: Board, count: &'static str) -> Case {
    Case {
        name,
        source: Source::Dominoes(board),
        count,
        quick: false,
        heavy: None,
    }
}

/// The Aztec diamond of order `n`, dominoes.
const fn aztec(n: usize) -> Source {
    Source::Tiling(Board::Aztec(n), Pieces::Dominoes)
}

/// The workloads, with their published counts: the Aztec diamond of order n
/// has 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg, Larsen and Propp
/// 1992); OEIS A004003 and A099390 (domino rectangles; the 30x30 square by
/// Kasteleyn's product, computed to 400 digits and rounded, agreeing with
/// A004003 at 8x8, 20x20 and 24x24); the 8x8 board by monominoes, dominoes
/// and trominoes, 92109458286284989468604 (the ZDD example of triska/clpb);
/// twice OEIS A014552 (Langford pairs, mirror images counted); Knuth 2000
/// (pentominoes); OEIS A000170 (queens).
pub(super) const CASES: [Case; 26] = [
    Case {
        name: "aztec-8",
        source: aztec(8),
        count: "68719476736",
        quick: true,
        heavy: None,
    },
    Case {
        name: "aztec-10",
        source: aztec(10),
        count: "36028797018963968",
        quick: true,
        heavy: None,
    },
    Case {
        name: "aztec-12",
        source: aztec(12),
        count: "302231454903657293676544",
        quick: false,
        heavy: None,
    },
    Case {
        name: "aztec-16",
        source: aztec(16),
        count: "87112285931760246646623899502532662132736",
        quick: false,
        heavy: None,
    },
    Case {
        name: "aztec-20",
        source: aztec(20),
        count: "1645504557321206042154969182557350504982735865633579863348609024",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-8x8",
        source: dominoes(8, 8),
        count: "12988816",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-12x12",
        source: dominoes(12, 12),
        count: "53060477521960000",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-6x13",
        source: dominoes(6, 13),
        count: "536948224",
        quick: true,
        heavy: None,
    },
    Case {
        name: "domino-20x20",
        source: dominoes(20, 20),
        count: "1269984011256235834242602753102293934298576249856",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-24x24",
        source: dominoes(24, 24),
        count: "7435775679122922965141930394167684120105535297322308613569173527105536",
        quick: false,
        heavy: None,
    },
    Case {
        name: "domino-30x30",
        source: dominoes(30, 30),
        count: "131841545472244027406496188757912375363891696443221279694626947912188459956437700105571773334900360294912000000",
        quick: false,
        heavy: Some(HEAVY),
    },
    Case {
        name: "mixed-8x8",
        source: Source::Tiling(
            Board::Rectangle {
                rows: 8,
                columns: 8,
            },
            Pieces::UpToTrominoes,
        ),
        count: "92109458286284989468604",
        quick: false,
        heavy: None,
    },
    // The dimer rows (issue 36): counts past any layered count, checked
    // against Kasteleyn's product formula for rectangles (evaluated at
    // 600 and 1,400 digits with mpmath, rounded), Elkies, Kuperberg, Larsen
    // and Propp's 2^(n(n+1)/2) for Aztec diamonds and MacMahon's product
    // for hexagons (exact in integers), in `xtask/data/counting/`.
    dimers("dimers-60x60", rectangle(60, 60), include_str!("../../data/counting/domino-60x60.txt")),
    dimers("dimers-100x100", rectangle(100, 100), include_str!("../../data/counting/domino-100x100.txt")),
    dimers("dimers-aztec-60", Board::Aztec(60), include_str!("../../data/counting/aztec-60.txt")),
    dimers("dimers-aztec-100", Board::Aztec(100), include_str!("../../data/counting/aztec-100.txt")),
    Case {
        name: "lozenges-hexagon-20",
        source: Source::Lozenges(20),
        count: include_str!("../../data/counting/hexagon-20.txt"),
        quick: true,
        heavy: None,
    },
    Case {
        name: "lozenges-hexagon-30",
        source: Source::Lozenges(30),
        count: include_str!("../../data/counting/hexagon-30.txt"),
        quick: false,
        heavy: None,
    },
    // Mixed pieces (issue 36), where subproblems repeat but the probe's
    // first leverage is low: the counts agree between the plain and the
    // memoised counts (and DLX6's), no published count being known to us.
    Case {
        name: "tetrominoes-twice-10x4",
        source: Source::Polyomino("10x4", "tetrominoes*2"),
        count: "28736",
        quick: true,
        heavy: None,
    },
    Case {
        name: "tetrominoes-twice-8x5",
        source: Source::Polyomino("8x5", "tetrominoes*2"),
        count: "49696",
        quick: false,
        heavy: None,
    },
    Case {
        name: "tetrominoes-dominoes-11x4",
        source: Source::Polyomino("11x4", "tetrominoes*2,domino*2"),
        count: "15490688",
        quick: false,
        heavy: None,
    },
    Case {
        name: "langford-12",
        source: Source::Langford(12),
        count: "216288",
        quick: false,
        heavy: None,
    },
    Case {
        name: "queens-12",
        source: Source::Queens(12),
        count: "14200",
        quick: true,
        heavy: None,
    },
    Case {
        name: "queens-13",
        source: Source::Queens(13),
        count: "73712",
        quick: false,
        heavy: None,
    },
    Case {
        name: "pentomino-6x10",
        source: Source::File("data/pentomino-6x10.dlx"),
        count: "9356",
        quick: false,
        heavy: None,
    },
    Case {
        name: "pentomino-3x20",
        source: Source::File("data/pentomino-3x20.dlx"),
        count: "8",
        quick: true,
        heavy: None,
    },
];

/// The plain count visits every solution one by one, some ten million a
/// second: past this many digits (a hundred million solutions) it is not
/// run, since it would only meet its time limit.
pub(super) const PLAIN_DIGITS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^k in decimal, by doubling a little-endian vector of digits.
    fn power_of_two(k: usize) -> String {
        let mut digits = vec![1u8];
        for _ in 0..k {
            let mut carry = 0;
            for digit in &mut digits {
                let doubled = *digit * 2 + carry;
                *digit = doubled % 10;
                carry = doubled / 10;
            }
            if carry > 0 {
                digits.push(carry);
            }
        }
        digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
    }

    #[test]
    fn aztec_counts_follow_the_formula() {
        assert_eq!(power_of_two(10), "1024");
        let mut seen = 0;
        for case in CASES {
            if let Source::Tiling(Board::Aztec(n), Pieces::Dominoes)
            | Source::Dominoes(Board::Aztec(n)) = case.source
            {
                assert_eq!(case.count, power_of_two(n * (n + 1) / 2), "{}", case.name);
                seen += 1;
            }
        }
        assert_eq!(seen, 7);
    }

    /// MacMahon's product for the a x b x c hexagon, in exact integers:
    /// the product over i < a, j < b, k < c of (i + j + k + 2) / (i + j + k + 1).
    fn macmahon(side: u32) -> String {
        let (mut num, mut den) = (dlx_core::BigUint::from(1u32), dlx_core::BigUint::from(1u32));
        for i in 0..side {
            for j in 0..side {
                for k in 0..side {
                    num *= i + j + k + 2;
                    den *= i + j + k + 1;
                }
            }
        }
        (num / den).to_string()
    }

    #[test]
    fn hexagon_counts_follow_macmahons_formula() {
        assert_eq!(macmahon(2), "20");
        let mut seen = 0;
        for case in CASES {
            if let Source::Lozenges(n) = case.source {
                let side = u32::try_from(n).expect("a small side");
                assert_eq!(case.count, macmahon(side), "{}", case.name);
                seen += 1;
            }
        }
        assert_eq!(seen, 2);
    }
}
