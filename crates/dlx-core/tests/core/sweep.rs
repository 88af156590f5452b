//! The sweep of the memoised count (issue 24): boards of every shape counted exactly, layer by layer along the sweep (rectangles to 24 x 24 against Kasteleyn's product computed exactly, Aztec diamonds past 2^128), counts independent of the order of items and options, the layers cut into parts as threads cut them, and the frontier the count leaves on the Aztec diamond.

use dlx_core::layers::{Chunk, LayerEnd, LayerMaker, Layers};
use dlx_core::memo::Rule;
use dlx_core::{
    BigUint, Count, ItemKind, MemoCounter, MemoSettings, OptionId, Problem, ProblemBuilder, Solver,
};
use num_bigint::BigInt;
use proptest::prelude::*;

use crate::support::SplitMix64;

/// A board drawn in ASCII art, `#` a cell and anything else a hole.
pub(crate) type Board = Vec<String>;

/// The Aztec diamond of order `n`: rows of 2, 4, ..., 2n, 2n, ..., 4, 2 cells, centred.
pub(crate) fn aztec(n: usize) -> Board {
    (0..2 * n)
        .map(|r| {
            let k = if r < n { r + 1 } else { 2 * n - r };
            format!(
                "{}{}{}",
                ".".repeat(n - k),
                "#".repeat(2 * k),
                ".".repeat(n - k)
            )
        })
        .collect()
}

/// The cells of a 2r x 2r square whose centres lie within `r` of its centre.
fn disk(r: usize) -> Board {
    let centre = r as f64;
    (0..2 * r)
        .map(|y| {
            (0..2 * r)
                .map(|x| {
                    let (dx, dy) = (x as f64 + 0.5 - centre, y as f64 + 0.5 - centre);
                    if dx * dx + dy * dy <= centre * centre {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// An n x n square with 2 x 2 holes every five cells.
pub(crate) fn square_with_holes(n: usize) -> Board {
    (0..n)
        .map(|y| {
            (0..n)
                .map(|x| {
                    let hole = |v: usize| v >= 2 && v + 2 < n && (v - 2) % 5 < 2;
                    if hole(x) && hole(y) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect()
}

/// The cells (x, y) of an n x n square with -w <= x - y <= w + 1: a strip
/// at 45 degrees, 2w + 2 diagonals wide (as many cells of each color).
fn diagonal_strip(n: usize, w: usize) -> Board {
    (0..n)
        .map(|y| {
            (0..n)
                .map(|x| {
                    if x + w >= y && x <= y + w + 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// The cells of `board` in reading order, as (row, column).
pub(crate) fn cells(board: &Board) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// The dominoes of `board` as an exact cover problem, a primary item per
/// cell and an option per pair of adjacent cells, with the items listed in
/// the order `item_order` (a permutation of the cells in reading order) and
/// the options in the order `option_order` (of the pairs in reading order).
fn dominoes_in_order(board: &Board, item_order: &[usize], option_order: &[usize]) -> Problem {
    let cells = cells(board);
    let at = |r: usize, c: usize| cells.binary_search(&(r, c)).ok();
    let mut pairs = Vec::new();
    for (k, &(r, c)) in cells.iter().enumerate() {
        for next in [at(r, c + 1), at(r + 1, c)].into_iter().flatten() {
            pairs.push((k, next));
        }
    }
    let mut b = ProblemBuilder::new();
    let mut items = vec![None; cells.len()];
    for &k in item_order {
        let (r, c) = cells[k];
        items[k] = Some(b.primary(format!("r{r}c{c}")).unwrap());
    }
    let item = |k: usize| items[k].expect("every cell is listed");
    for &p in option_order {
        let (a, z) = pairs[p];
        b.option([item(a), item(z)]).unwrap();
    }
    b.build().unwrap()
}

/// The dominoes of `board`, items and options in reading order.
pub(crate) fn dominoes(board: &Board) -> Problem {
    let items: Vec<usize> = (0..cells(board).len()).collect();
    let options: Vec<usize> = (0..count_pairs(board)).collect();
    dominoes_in_order(board, &items, &options)
}

/// The number of pairs of adjacent cells of `board`.
fn count_pairs(board: &Board) -> usize {
    let cells = cells(board);
    cells
        .iter()
        .map(|&(r, c)| {
            usize::from(cells.binary_search(&(r, c + 1)).is_ok())
                + usize::from(cells.binary_search(&(r + 1, c)).is_ok())
        })
        .sum()
}

/// Domino tilings of `board` by the transfer matrix over its cells in
/// reading order (the "broken profile"): the state is which of the next
/// `width` places (cells or holes) a domino standing down from an earlier
/// row already covers. An oracle independent of the memoised count.
fn transfer_matrix(board: &Board) -> u128 {
    let width = board.iter().map(String::len).max().unwrap_or(0);
    let is_cell = |r: usize, c: usize| {
        board
            .get(r)
            .and_then(|row| row.as_bytes().get(c))
            .is_some_and(|&ch| ch == b'#')
    };
    let mut ways = std::collections::HashMap::from([(0u128, 1u128)]);
    for r in 0..board.len() {
        for c in 0..width {
            let mut next = std::collections::HashMap::new();
            for (&mask, &w) in &ways {
                let covered = mask & 1 == 1;
                let rest = mask >> 1;
                let mut add = |m: u128| *next.entry(m).or_insert(0u128) += w;
                if !is_cell(r, c) || covered {
                    if is_cell(r, c) || !covered {
                        add(rest);
                    }
                    continue;
                }
                if is_cell(r + 1, c) {
                    add(rest | 1 << (width - 1));
                }
                if c + 1 < width && is_cell(r, c + 1) && rest & 1 == 0 {
                    add(rest | 1);
                }
            }
            ways = next;
        }
    }
    ways.get(&0).copied().unwrap_or(0)
}

/// Counts `problem` memoised with the default settings.
fn memo_count(problem: &Problem) -> u128 {
    MemoCounter::new(problem, &MemoSettings::new())
        .expect("no multiplicities")
        .count()
        .expect("no budget")
        .to_u128()
        .expect("the count fits in a u128")
}

/// Checks the memoised count of `board`'s domino tilings against `expected`,
/// with the items and options in reading order and in three shuffled orders.
#[track_caller]
fn check(board: &Board, expected: u128) {
    assert_eq!(memo_count(&dominoes(board)), expected, "in reading order");
    let n_cells = cells(board).len();
    let n_pairs = count_pairs(board);
    let mut rng = SplitMix64::new(24);
    for round in 0..3 {
        let items = shuffle((0..n_cells).collect(), &mut rng);
        let options = shuffle((0..n_pairs).collect(), &mut rng);
        let problem = dominoes_in_order(board, &items, &options);
        assert_eq!(memo_count(&problem), expected, "shuffled, round {round}");
    }
}

/// A Fisher-Yates shuffle.
fn shuffle(mut v: Vec<usize>, rng: &mut SplitMix64) -> Vec<usize> {
    for i in (1..v.len()).rev() {
        let j = rng.below(u32::try_from(i + 1).unwrap()) as usize;
        v.swap(i, j);
    }
    v
}

#[test]
fn the_transfer_matrix_knows_small_boards() {
    // The oracle itself: 2 x n strips are Fibonacci numbers, the 8 x 8
    // board has 12,988,816 tilings (OEIS A004003), the Aztec diamond of
    // order 3 has 2^6.
    check_oracle(&vec!["#".repeat(10); 2], 89);
    check_oracle(&vec!["#".repeat(8); 8], 12_988_816);
    check_oracle(&aztec(3), 64);
    check_oracle(&vec!["#.#".to_owned(), "###".to_owned()], 0);
}

#[track_caller]
fn check_oracle(board: &Board, expected: u128) {
    assert_eq!(transfer_matrix(board), expected, "{board:?}");
}

#[test]
fn aztec_diamonds_have_two_to_the_n_n_plus_one_over_two_tilings() {
    // Elkies, Kuperberg, Larsen and Propp, "Alternating-sign matrices and
    // domino tilings", J. Algebraic Combin. 1 (1992): the Aztec diamond of
    // order n has 2^(n(n+1)/2) domino tilings. Order 15 has 2^120, the
    // largest order whose count fits in a u128.
    for n in 1..=15 {
        let problem = dominoes(&aztec(n));
        assert_eq!(memo_count(&problem), 1 << (n * (n + 1) / 2), "order {n}");
    }
}

#[test]
fn boards_of_every_shape_count_as_the_transfer_matrix_does() {
    let boards = [
        ("aztec 9", aztec(9)),
        ("disk 7", disk(7)),
        ("square 16 with holes", square_with_holes(16)),
        ("diagonal strip", diagonal_strip(30, 3)),
        ("square 12", vec!["#".repeat(12); 12]),
    ];
    for (name, board) in boards {
        let expected = transfer_matrix(&board);
        assert!(expected > 1, "{name} has tilings to count");
        check(&board, expected);
    }
}

#[test]
fn issue_24_the_aztec_diamond_is_swept_along_a_side() {
    // The count of the Aztec diamond of order n sweeps it along a side, so
    // that the items touched by the choices so far (not covered, but some
    // of their options excluded) stay near n, the diamond's pathwidth. The
    // first sweep went breadth first from a tip, whose levels are as wide as
    // the middle rows (2n), and its branching on the fewest options let the
    // border wander further: order 12 ran past a minute. Now it enters
    // 221,283 nodes; the bound leaves room for ties broken otherwise, far
    // below what a border of 2n would need.
    let n = 12;
    let problem = dominoes(&aztec(n));
    let mut counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    assert_eq!(
        counter.count().unwrap(),
        Count::from(1u128 << (n * (n + 1) / 2))
    );
    let nodes = counter.stats().nodes;
    assert!(nodes < 1_000_000, "{nodes} nodes");
    // Along random paths of choices, the border stays well under 2n.
    let mut rng = SplitMix64::new(12);
    let mut widest = 0;
    for _ in 0..20 {
        widest = widest.max(widest_border(&problem, &mut rng));
    }
    assert!(widest <= 2 * n - 4, "a border of {widest} items");
    assert!(widest > n / 2, "a border of {widest} items");
}

/// The most items touched by the choices (not covered, with an option
/// excluded) along one path from the root to a leaf of the memoised count,
/// each step choosing a random option of the item the count branches on.
fn widest_border(problem: &Problem, rng: &mut SplitMix64) -> usize {
    let mut counter = MemoCounter::new(problem, &MemoSettings::new()).unwrap();
    let mut covered = vec![false; problem.n_items()];
    let mut widest = 0;
    while let Some(branch) = counter.branch() {
        if branch.options.is_empty() {
            break;
        }
        let pick = branch.options[rng.below(u32::try_from(branch.options.len()).unwrap()) as usize];
        counter.choose(pick).unwrap();
        for entry in problem.option(pick) {
            covered[entry.item.index()] = true;
        }
        let touched = problem
            .option_ids()
            .filter(|&o| problem.option(o).iter().any(|e| covered[e.item.index()]))
            .flat_map(|o| problem.option(o).iter().map(|e| e.item.index()))
            .filter(|&i| !covered[i])
            .collect::<std::collections::BTreeSet<_>>();
        widest = widest.max(touched.len());
    }
    widest
}

/// A small random exact cover problem: `n_items` primary items, options of
/// one to four of them.
fn random_problem(n_items: usize, options: &[Vec<usize>], item_order: &[usize]) -> Problem {
    let mut b = ProblemBuilder::new();
    let mut items = vec![None; n_items];
    for &i in item_order {
        items[i] = Some(b.primary(format!("i{i}")).unwrap());
    }
    for option in options {
        b.option(option.iter().map(|&i| items[i].unwrap())).unwrap();
    }
    b.build().unwrap()
}

fn random_spec() -> impl Strategy<Value = (usize, Vec<Vec<usize>>)> {
    (1usize..=14).prop_flat_map(|n| {
        let option = proptest::collection::btree_set(0..n, 1..=4)
            .prop_map(|set| set.into_iter().collect::<Vec<_>>());
        (Just(n), proptest::collection::vec(option, 0..=40))
    })
}

pub(crate) fn random_board() -> impl Strategy<Value = Board> {
    (1usize..=7, 1usize..=7).prop_flat_map(|(rows, columns)| {
        proptest::collection::vec(proptest::bool::weighted(0.85), rows * columns).prop_map(
            move |cells| {
                cells
                    .chunks(columns)
                    .map(|row| row.iter().map(|&c| if c { '#' } else { '.' }).collect())
                    .collect()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_memoised_count_does_not_depend_on_the_order_of_items_or_options(
        (n, options) in random_spec(),
        seed in any::<u64>(),
    ) {
        let plain = Solver::new(&random_problem(n, &options, &(0..n).collect::<Vec<_>>())).count().value.to_u128();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..3 {
            let items = shuffle((0..n).collect(), &mut rng);
            let order = shuffle((0..options.len()).collect(), &mut rng);
            let shuffled: Vec<Vec<usize>> = order.iter().map(|&k| options[k].clone()).collect();
            prop_assert_eq!(memo_count(&random_problem(n, &shuffled, &items)), plain.expect("small"));
        }
    }

    #[test]
    fn random_boards_count_as_the_transfer_matrix_does(board in random_board(), seed in any::<u64>()) {
        prop_assume!(!cells(&board).is_empty());
        let expected = transfer_matrix(&board);
        let mut rng = SplitMix64::new(seed);
        let items = shuffle((0..cells(&board).len()).collect(), &mut rng);
        let options = shuffle((0..count_pairs(&board)).collect(), &mut rng);
        prop_assert_eq!(memo_count(&dominoes_in_order(&board, &items, &options)), expected);
    }
}

#[test]
fn problems_without_a_sweep_keep_their_counts() {
    // Where no narrow sweep exists (some items share options with most
    // others), the count branches on the fewest options as before.
    let langford = dlx_core::parse_dlx(&crate::support::langford(7)).unwrap();
    assert_eq!(memo_count(&langford), 52);
    let queens = dlx_core::parse_dlx(&crate::support::queens(8)).unwrap();
    assert_eq!(memo_count(&queens), 92);
}

/// The count of `problem` with all its digits.
fn memo_count_big(problem: &Problem) -> Count {
    MemoCounter::new(problem, &MemoSettings::new())
        .expect("no multiplicities")
        .count()
        .expect("no budget")
}

#[test]
fn aztec_diamonds_past_two_to_the_128() {
    // Orders 16 and 17: 2^136 and 2^153 tilings, past what a u128 holds.
    for n in [16, 17] {
        let problem = dominoes(&aztec(n));
        let expected = BigUint::from(1u8) << (n * (n + 1) / 2);
        assert_eq!(memo_count_big(&problem).to_biguint(), expected, "order {n}");
    }
}

/// The characteristic polynomial of the path of `m` vertices, whose roots
/// are `2 cos(j pi / (m + 1))`, `j = 1..=m`: coefficients from the constant
/// term up (`p_0 = 1`, `p_1 = x`, `p_k = x p_(k-1) - p_(k-2)`).
fn path_polynomial(m: usize) -> Vec<BigInt> {
    let mut before: Vec<BigInt> = vec![BigInt::from(1)];
    let mut now: Vec<BigInt> = vec![BigInt::from(0), BigInt::from(1)];
    if m == 0 {
        return before;
    }
    for _ in 1..m {
        let mut next = vec![BigInt::from(0); now.len() + 1];
        for (i, c) in now.iter().enumerate() {
            next[i + 1] += c;
        }
        for (i, c) in before.iter().enumerate() {
            next[i] -= c;
        }
        before = std::mem::replace(&mut now, next);
    }
    now
}

/// The monic polynomial whose roots are `4 cos^2(j pi / (m + 1))` for
/// `j = 1..=ceil(m / 2)`: the path's polynomial is `x^(m mod 2) R(x^2)`,
/// and this is `y^(m mod 2) R(y)` (for odd `m` the root 0 is the middle `j`).
fn squared_roots(m: usize) -> Vec<BigInt> {
    let p = path_polynomial(m);
    let odd = m % 2;
    let mut r: Vec<BigInt> = p.iter().skip(odd).step_by(2).cloned().collect();
    if odd == 1 {
        r.insert(0, BigInt::from(0));
    }
    r
}

/// The determinant of an integer matrix, exactly (Bareiss's fraction-free
/// elimination).
fn determinant(mut a: Vec<Vec<BigInt>>) -> BigInt {
    let n = a.len();
    let mut sign = 1;
    let mut previous = BigInt::from(1);
    for k in 0..n {
        if a[k][k] == BigInt::ZERO {
            let Some(swap) = (k + 1..n).find(|&i| a[i][k] != BigInt::ZERO) else {
                return BigInt::from(0);
            };
            a.swap(k, swap);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let value = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &previous;
                a[i][j] = value;
            }
        }
        previous = a[k][k].clone();
    }
    a[n - 1][n - 1].clone() * sign
}

/// The resultant of two polynomials (coefficients from the constant up):
/// the determinant of their Sylvester matrix.
fn resultant(a: &[BigInt], b: &[BigInt]) -> BigInt {
    let (da, db) = (a.len() - 1, b.len() - 1);
    let size = da + db;
    let mut rows = vec![vec![BigInt::from(0); size]; size];
    for r in 0..db {
        for (i, c) in a.iter().rev().enumerate() {
            rows[r][r + i] = c.clone();
        }
    }
    for r in 0..da {
        for (i, c) in b.iter().rev().enumerate() {
            rows[db + r][r + i] = c.clone();
        }
    }
    determinant(rows)
}

/// The number of domino tilings of the `m x n` rectangle by Kasteleyn's
/// product (P. W. Kasteleyn, "The statistics of dimers on a lattice",
/// Physica 27, 1961), `prod_j prod_k (4 cos^2(j pi/(m+1)) + 4 cos^2(k pi/(n+1)))`
/// over `j <= ceil(m/2)`, `k <= ceil(n/2)`, computed exactly: with `P` the
/// monic polynomial of the first factors' roots and `Q` of the second's,
/// the product is `|Res(P(y), Q(-y))|`, an integer determinant.
fn kasteleyn(m: usize, n: usize) -> BigUint {
    let p = squared_roots(m);
    let q_negated: Vec<BigInt> = squared_roots(n)
        .into_iter()
        .enumerate()
        .map(|(i, c)| if i % 2 == 1 { -c } else { c })
        .collect();
    resultant(&p, &q_negated).magnitude().clone()
}

#[test]
fn kasteleyns_product_knows_small_rectangles() {
    // OEIS A004003 (squares) and A099390 (rectangles).
    assert_eq!(kasteleyn(2, 2), BigUint::from(2u8));
    assert_eq!(kasteleyn(2, 3), BigUint::from(3u8));
    assert_eq!(kasteleyn(3, 3), BigUint::from(0u8));
    assert_eq!(kasteleyn(4, 4), BigUint::from(36u8));
    assert_eq!(kasteleyn(8, 8), BigUint::from(12_988_816u32));
    assert_eq!(kasteleyn(5, 9), BigUint::from(0u8));
    assert_eq!(
        kasteleyn(16, 16).to_string(),
        "2444888770250892795802079170816"
    );
    for (m, n) in [(1, 5), (2, 10), (3, 10), (5, 6), (7, 8)] {
        let board = vec!["#".repeat(n); m];
        assert_eq!(
            kasteleyn(m, n),
            BigUint::from(transfer_matrix(&board)),
            "{m}x{n}"
        );
    }
}

#[test]
fn domino_rectangles_count_as_kasteleyns_product() {
    // Every rectangle up to 24 x 24 with a side of at most 8, and the
    // squares up to 16 x 16.
    let mut boards: Vec<(usize, usize)> = (1..=8)
        .flat_map(|m| (m..=24).map(move |n| (m, n)))
        .collect();
    boards.extend([(10, 10), (12, 12), (12, 24), (14, 14), (16, 16)]);
    for (m, n) in boards {
        let board = vec!["#".repeat(n); m];
        let count = memo_count_big(&dominoes(&board));
        assert_eq!(count.to_biguint(), kasteleyn(m, n), "{m}x{n}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "8 s in release; run in the release suite")]
fn the_20x20_square_past_two_to_the_128() {
    // 1.27e48 tilings, refused before counts of any size; Kasteleyn's
    // product and OEIS A004003 agree.
    let count = memo_count_big(&dominoes(&vec!["#".repeat(20); 20]));
    assert_eq!(
        count.to_string(),
        "1269984011256235834242602753102293934298576249856"
    );
    assert_eq!(count.to_biguint(), kasteleyn(20, 20));
}

#[test]
fn kasteleyns_product_matches_the_published_squares_to_24x24() {
    // OEIS A004003: the domino tilings of the 2n x 2n square, n = 9..=12.
    for (n, expected) in [
        (18, "548943583215388338077567813208427340288"),
        (20, "1269984011256235834242602753102293934298576249856"),
        (
            22,
            "30273700492231603015150204108772562780931587428193514539008",
        ),
        (
            24,
            "7435775679122922965141930394167684120105535297322308613569173527105536",
        ),
    ] {
        assert_eq!(kasteleyn(n, n).to_string(), expected, "{n}x{n}");
    }
}

/// The layered count of `problem` driven through its hooks as
/// `dlx-parallel` drives it, each layer cut into `parts` parts expanded one
/// after the other; `None` when the problem is not counted layer by layer.
fn layered_in_parts(problem: &Problem, parts: usize) -> Option<Count> {
    let counter = MemoCounter::new(problem, &MemoSettings::new()).expect("no multiplicities");
    counter_in_parts(counter, parts)
}

/// [`layered_in_parts`] of a counter given, which may have choices fixed.
fn counter_in_parts(mut counter: MemoCounter, parts: usize) -> Option<Count> {
    let layers = counter.layers()?;
    let mut chunks = Vec::new();
    while layers.begin().is_some() {
        loop {
            let split = layers.split(parts);
            chunks.resize_with(split.len(), Chunk::default);
            for (part, chunk) in split.iter().zip(chunks.iter_mut()) {
                layers.expand(part, chunk);
            }
            match layers.end(&mut chunks) {
                LayerEnd::Made => break,
                LayerEnd::Wider => {}
                _ => panic!("no memory budget"),
            }
        }
    }
    Some(layers.count())
}

/// A [`LayerMaker`] whose two tasks run one after the other, the second
/// first (`BackFirst`: a count from both ends then makes every backward
/// layer, and meets at the start), or at once on two threads (`Crossing`:
/// it meets wherever their speeds take them).
/// `OnlyForward` and `OnlyBackward` run one task and not the other, as a
/// wrong `join` would: the count makes the layers left on the calling
/// thread.
#[derive(Debug)]
enum Meeting {
    BackFirst,
    Crossing,
    OnlyForward,
    OnlyBackward,
}

impl LayerMaker for Meeting {
    fn make_layer(&self, layers: &mut Layers, slice: u64) -> LayerEnd {
        layers.run_layer(slice)
    }

    fn join(&self, a: &mut (dyn FnMut() + Send), b: &mut (dyn FnMut() + Send)) {
        match self {
            Meeting::BackFirst => {
                b();
                a();
            }
            Meeting::Crossing => std::thread::scope(|scope| {
                scope.spawn(b);
                a();
            }),
            Meeting::OnlyForward => a(),
            Meeting::OnlyBackward => b(),
        }
    }
}

/// The layered count of `counter` made from both ends by `maker`
/// ([`Layers::meet`]); `None` when it is not counted layer by layer.
fn counter_meeting(mut counter: MemoCounter, maker: &Meeting) -> Option<Count> {
    let layers = counter.layers()?;
    assert!(layers.meets());
    assert_eq!(layers.meet(maker, &|_, _| Ok(())), LayerEnd::Finished);
    assert_eq!(layers.begin(), None, "done");
    Some(layers.count())
}

/// The count of the depth-first memoised count (the fewest-options rule,
/// which never runs layer by layer).
fn depth_first_count(problem: &Problem) -> Count {
    let settings = MemoSettings::new().with_rule(Rule::FewestOptions);
    let mut counter = MemoCounter::new(problem, &settings).expect("no multiplicities");
    assert!(!counter.sweeps());
    counter.count().expect("no budget")
}

#[test]
fn issue_24_boards_are_counted_layer_by_layer_in_any_number_of_parts() {
    let boards = [
        ("aztec 12", aztec(12)),
        ("disk 8", disk(8)),
        ("square 14 with holes", square_with_holes(14)),
        ("diagonal strip", diagonal_strip(30, 3)),
        ("square 10", vec!["#".repeat(10); 10]),
    ];
    for (name, board) in boards {
        let problem = dominoes(&board);
        let counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
        assert!(counter.sweeps(), "{name} is narrow");
        let expected = Count::from(transfer_matrix(&board));
        assert_eq!(memo_count_big(&problem), expected, "{name}");
        for parts in [1, 2, 3, 7] {
            assert_eq!(
                layered_in_parts(&problem, parts),
                Some(expected.clone()),
                "{name}, {parts} parts"
            );
        }
        for maker in [
            Meeting::BackFirst,
            Meeting::Crossing,
            Meeting::OnlyForward,
            Meeting::OnlyBackward,
        ] {
            let counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
            assert_eq!(
                counter_meeting(counter, &maker),
                Some(expected.clone()),
                "{name}, from both ends, {maker:?}"
            );
        }
    }
    // Past 2^128, the numbers widened while cut into parts: the Aztec
    // diamond of order 17 has 2^153 tilings.
    let problem = dominoes(&aztec(17));
    assert_eq!(
        layered_in_parts(&problem, 3).map(|c| c.to_biguint()),
        Some(BigUint::from(1u8) << 153)
    );
    for maker in [Meeting::BackFirst, Meeting::Crossing] {
        let counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
        assert_eq!(
            counter_meeting(counter, &maker).map(|c| c.to_biguint()),
            Some(BigUint::from(1u8) << 153),
            "{maker:?}"
        );
    }
}

#[test]
fn issue_24_a_count_from_both_ends_keeps_to_the_memory_of_one_thread() {
    // Granted just the memory the forward layers take alone, the backward
    // count gives its layers up once the two sides together pass it, and
    // the forward count makes every layer: the 12 x 12 square (OEIS
    // A004003).
    let problem = dominoes(&vec!["#".repeat(12); 12]);
    let mut one = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
    let expected = one.count().unwrap();
    let peak = one.sweep_stats().unwrap().peak_bytes;
    let settings = MemoSettings::new().with_memory(peak);
    for maker in [Meeting::BackFirst, Meeting::Crossing, Meeting::OnlyBackward] {
        let counter = MemoCounter::new(&problem, &settings).unwrap();
        assert_eq!(
            counter_meeting(counter, &maker),
            Some(expected.clone()),
            "{maker:?}"
        );
    }
    assert_eq!(expected, Count::from(53_060_477_521_960_000u64));
}

#[test]
fn issue_24_the_layered_count_keeps_to_its_memory_or_leaves_it_to_the_depth_first_count() {
    // The 6 x 6 board's layers hold some hundreds of bytes: with 256 granted
    // the count goes on depth first (whose cache evicts), with the same
    // count (6728, OEIS A004003).
    let problem = dominoes(&vec!["#".repeat(6); 6]);
    let settings = MemoSettings::new().with_memory(256);
    let mut counter = MemoCounter::new(&problem, &settings).unwrap();
    assert!(counter.sweeps());
    assert_eq!(counter.count(), Ok(Count::from(6728u64)));
    assert!(!counter.sweeps(), "it left the layers");
    assert_eq!(counter.sweep_stats(), None);
}

/// A board of `rows x columns` cells (some holes) covered by any number of
/// monominoes (when `monominoes`), dominoes and straight and bent
/// trominoes: up to eight options start at a cell.
pub(crate) fn mixed_pieces(board: &Board, monominoes: bool) -> Problem {
    let cells = cells(board);
    let index = |r: usize, c: usize| cells.iter().position(|&cell| cell == (r, c));
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, cells.len());
    let shapes: &[&[(usize, usize)]] = &[
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0)],
        &[(0, 0), (0, 1), (1, 1)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 1), (1, 0), (1, 1)],
    ];
    for &(r, c) in &cells {
        for shape in &shapes[usize::from(!monominoes)..] {
            let placed: Option<Vec<_>> = shape
                .iter()
                .map(|&(dr, dc)| index(r + dr, c + dc).map(|k| items[k]))
                .collect();
            if let Some(placed) = placed {
                b.option(placed).unwrap();
            }
        }
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Issue 24: the layered count of random boards with several pieces
    /// (many options start at each place) is the plain count, the
    /// depth-first memoised count, and the same cut into parts.
    #[test]
    fn issue_24_mixed_pieces_count_alike_layered_depth_first_and_plainly(
        board in random_board(),
        monominoes: bool,
        parts in 2usize..6,
    ) {
        prop_assume!(!cells(&board).is_empty() && cells(&board).len() <= 20);
        let problem = mixed_pieces(&board, monominoes);
        let plain = Solver::new(&problem).count().value;
        prop_assert_eq!(memo_count_big(&problem), plain.clone());
        prop_assert_eq!(depth_first_count(&problem), plain.clone());
        if let Some(layered) = layered_in_parts(&problem, parts) {
            prop_assert_eq!(layered, plain.clone());
            for maker in [Meeting::BackFirst, Meeting::Crossing] {
                let counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
                prop_assert_eq!(counter_meeting(counter, &maker), Some(plain.clone()));
            }
        }
    }

    /// Issue 24: random problems (some narrow, counted layer by layer, some
    /// not), the layered count cut into parts as the default one.
    #[test]
    fn issue_24_random_problems_count_alike_in_parts((n, options) in random_spec(), parts in 1usize..5) {
        let problem = random_problem(n, &options, &(0..n).collect::<Vec<_>>());
        let expected = depth_first_count(&problem);
        prop_assert_eq!(memo_count_big(&problem), expected.clone());
        if let Some(layered) = layered_in_parts(&problem, parts) {
            prop_assert_eq!(layered, expected.clone());
            for maker in [Meeting::BackFirst, Meeting::Crossing] {
                let counter = MemoCounter::new(&problem, &MemoSettings::new()).unwrap();
                prop_assert_eq!(counter_meeting(counter, &maker), Some(expected.clone()));
            }
        }
    }
}

/// The counters of `problem` with the options `chosen` fixed (those that
/// conflict with the ones before skipped), with the default settings and
/// with the depth-first count's rule.
fn with_chosen(problem: &Problem, chosen: &[usize]) -> (MemoCounter, MemoCounter) {
    let mut layered = MemoCounter::new(problem, &MemoSettings::new()).expect("no multiplicities");
    let settings = MemoSettings::new().with_rule(Rule::FewestOptions);
    let mut depth_first = MemoCounter::new(problem, &settings).expect("no multiplicities");
    for &k in chosen {
        let option = OptionId::new(k % problem.n_options());
        if layered.choose(option).is_ok() {
            depth_first.choose(option).expect("the same conflicts");
        } else {
            assert!(depth_first.choose(option).is_err(), "the same conflicts");
        }
    }
    (layered, depth_first)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Issue 24: a piece of a shard (options fixed by `MemoCounter::choose`)
    /// is counted layer by layer, its options' places covered from the
    /// start or as the window reaches them, on one thread or cut into
    /// parts, as the depth-first count counts it.
    #[test]
    fn issue_24_pieces_with_options_fixed_are_counted_layer_by_layer(
        board in random_board(),
        monominoes: bool,
        chosen in proptest::collection::vec(any::<usize>(), 1..4),
        parts in 1usize..4,
    ) {
        prop_assume!(!cells(&board).is_empty() && cells(&board).len() <= 30);
        let problem = mixed_pieces(&board, monominoes);
        prop_assume!(problem.n_options() > 0);
        let (mut layered, mut depth_first) = with_chosen(&problem, &chosen);
        let sweeps = layered.sweeps();
        let expected = depth_first.count().expect("no budget");
        if sweeps {
            prop_assert_eq!(counter_in_parts(layered.clone(), parts), Some(expected.clone()));
            for maker in [Meeting::BackFirst, Meeting::Crossing] {
                prop_assert_eq!(counter_meeting(layered.clone(), &maker), Some(expected.clone()));
            }
        }
        prop_assert_eq!(layered.count().expect("no budget"), expected);
        prop_assert_eq!(layered.sweep_stats().is_some(), sweeps);
    }
}

#[test]
fn issue_24_a_piece_of_a_board_is_counted_layer_by_layer() {
    // The 8 x 8 board with a domino fixed in its last row (past the first
    // window, so its places enter the states on the way) and one in its
    // first: the tilings containing both, as the depth-first count finds.
    let board = vec!["#".repeat(8); 8];
    let problem = dominoes(&board);
    let last = problem.n_options() - 1;
    let (mut layered, mut depth_first) = with_chosen(&problem, &[last, 0]);
    assert!(layered.sweeps(), "still layer by layer");
    let expected = depth_first.count().unwrap();
    assert!(expected > 0u64 && expected < 12_988_816u64);
    assert_eq!(layered.count().unwrap(), expected);
    assert!(layered.sweep_stats().is_some());
    assert_eq!(layered.stats().updates, 0, "no link was updated");
}
