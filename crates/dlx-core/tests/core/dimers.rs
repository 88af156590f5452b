//! The dimer method (`dlx_core::dimers`): determinants against fraction-free elimination over the integers, domino tilings against Kasteleyn's, Elkies-Kuperberg-Larsen-Propp's and OEIS A004003's counts and the layered count, budgets and errors.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx_core::dimers::{
    count, frequencies, frequencies_with, Crt, Frequencies, Matrix, MatrixError, Prime, Primes,
};
use dlx_core::{
    count_solutions, parse_dlx, Budget, Count, CountMode, ItemKind, MemoSettings, Outcome, Problem,
    ProblemBuilder, Stop,
};
use num_bigint::{BigInt, Sign};
use proptest::prelude::*;

/// The determinant of a dense integer matrix by Bareiss's fraction-free
/// elimination (every division exact), with a row swap where a pivot is 0:
/// the independent path the banded modular elimination is checked against.
fn bareiss(mut a: Vec<Vec<BigInt>>) -> BigInt {
    let n = a.len();
    let mut sign = 1;
    let mut previous = BigInt::from(1);
    for k in 0..n {
        let Some(pivot) = (k..n).find(|&i| a[i][k] != BigInt::ZERO) else {
            return BigInt::ZERO;
        };
        if pivot != k {
            a.swap(pivot, k);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let value = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &previous;
                a[i][j] = value;
            }
            a[i][k] = BigInt::ZERO;
        }
        previous = a[k][k].clone();
    }
    if n == 0 {
        BigInt::from(1)
    } else {
        previous * sign
    }
}

/// A matrix's entries `(row, column, weight)`.
type Entries = Vec<(usize, usize, i32)>;

/// The dense form of `n x n` entries.
fn dense(n: usize, entries: &[(usize, usize, i32)]) -> Vec<Vec<BigInt>> {
    let mut a = vec![vec![BigInt::ZERO; n]; n];
    for &(i, j, w) in entries {
        a[i][j] = BigInt::from(w);
    }
    a
}

/// A region of the square grid drawn with `#` for a cell.
fn cells(art: &[&str]) -> Vec<(usize, usize)> {
    art.iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'#')
                .map(move |(c, _)| (r, c))
        })
        .collect()
}

/// Kasteleyn's matrix of a region without holes: rows its black cells
/// (`r + c` even), columns its white ones, both row-major; a horizontal
/// domino +1, a vertical one (-1)^column. `None` if the colors differ in
/// number.
fn kasteleyn(cells: &[(usize, usize)]) -> Option<(usize, Entries)> {
    let black: Vec<_> = cells.iter().filter(|(r, c)| (r + c) % 2 == 0).collect();
    let white: Vec<_> = cells.iter().filter(|(r, c)| (r + c) % 2 == 1).collect();
    if black.len() != white.len() {
        return None;
    }
    let mut entries = Vec::new();
    for (i, &&(r, c)) in black.iter().enumerate() {
        for (j, &&(r2, c2)) in white.iter().enumerate() {
            if r == r2 && c.abs_diff(c2) == 1 {
                entries.push((i, j, 1));
            } else if c == c2 && r.abs_diff(r2) == 1 {
                entries.push((i, j, if c % 2 == 0 { 1 } else { -1 }));
            }
        }
    }
    Some((black.len(), entries))
}

/// The exact cover problem of the region's domino tilings: an item a
/// cell, an option a domino.
fn dominoes(cells: &[(usize, usize)]) -> Problem {
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, cells.len());
    for (k, &(r, c)) in cells.iter().enumerate() {
        for next in [(r, c + 1), (r + 1, c)] {
            if let Some(j) = cells.iter().position(|&cell| cell == next) {
                b.option([items[k], items[j]]).expect("two cells");
            }
        }
    }
    b.build().expect("a board")
}

/// The layered count of the region's domino tilings.
fn layered(cells: &[(usize, usize)]) -> Count {
    let counted = count_solutions(
        &dominoes(cells),
        &MemoSettings::new(),
        CountMode::Memo,
        &Budget::new(),
    )
    .expect("a count");
    assert_eq!(counted.outcome, Outcome::Finished);
    counted.count.expect("a finished count")
}

/// The dimer count of `n x n` entries: finished, equal to the absolute
/// value of Bareiss's determinant, and to `expected` when given; each
/// residue equal to the determinant's.
#[track_caller]
fn check(n: usize, entries: &[(usize, usize, i32)], expected: Option<&str>) -> Count {
    let matrix = Matrix::new(n, n, entries.iter().copied()).expect("a valid matrix");
    let answer = count(&matrix, &Budget::new());
    assert_eq!(answer.outcome, Outcome::Finished);
    let value = answer.value.expect("a finished count");
    let det = bareiss(dense(n, entries));
    assert_eq!(
        value,
        Count::from(det.magnitude().clone()),
        "Bareiss's |det| of {entries:?}"
    );
    if let Some(expected) = expected {
        assert_eq!(value.to_string(), expected);
    }
    for p in [2u32, 3, 5, 7, 1_000_000_007] {
        let residue = matrix
            .det_mod(Prime::new(p).expect("a prime"), &Budget::new())
            .expect("no budget");
        let expected = det.mod_floor_u32(p);
        assert_eq!(residue, expected, "det mod {p} of {entries:?}");
    }
    value
}

/// `x mod p` in `0..p` for a signed big integer.
trait ModFloor {
    fn mod_floor_u32(&self, p: u32) -> u32;
}

impl ModFloor for BigInt {
    fn mod_floor_u32(&self, p: u32) -> u32 {
        let r = u32::try_from(self.magnitude() % p).expect("below p");
        if self.sign() == Sign::Minus && r != 0 {
            p - r
        } else {
            r
        }
    }
}

/// The board `width x height`, drawn.
fn rectangle(width: usize, height: usize) -> Vec<String> {
    vec!["#".repeat(width); height]
}

/// The Aztec diamond of order `n`: rows of 2, 4, ..., 2n, 2n, ..., 2 cells, centred.
fn aztec(n: usize) -> Vec<String> {
    (0..2 * n)
        .map(|r| {
            let half = if r < n { r + 1 } else { 2 * n - r };
            format!("{}{}", ".".repeat(n - half), "#".repeat(2 * half))
        })
        .collect()
}

/// Counts the region's tilings by the dimer method, checked as above.
#[track_caller]
fn check_region(art: &[String], expected: Option<&str>) -> Count {
    let art: Vec<&str> = art.iter().map(String::as_str).collect();
    let (n, entries) = kasteleyn(&cells(&art)).expect("as many black cells as white");
    check(n, &entries, expected)
}

#[test]
fn rectangles_against_bareiss_and_the_layered_count() {
    for height in 1..=8 {
        for width in height..=8 {
            if width * height % 2 == 1 {
                continue;
            }
            let board = rectangle(width, height);
            let dimers = check_region(&board, None);
            let art: Vec<&str> = board.iter().map(String::as_str).collect();
            assert_eq!(dimers, layered(&cells(&art)), "{width}x{height}");
        }
    }
}

#[test]
fn squares_of_oeis_a004003() {
    // Domino tilings of the 2n x 2n board (Kasteleyn 1961; Temperley and Fisher 1961).
    let known = [
        "2",
        "36",
        "6728",
        "12988816",
        "258584046368",
        "53060477521960000",
        "112202208776036178000000",
        "2444888770250892795802079170816",
        "548943583215388338077567813208427340288",
        "1269984011256235834242602753102293934298576249856",
        "30273700492231603015150204108772562780931587428193514539008",
        "7435775679122922965141930394167684120105535297322308613569173527105536",
    ];
    for (i, tilings) in known.iter().enumerate() {
        let side = 2 * (i + 1);
        let board = rectangle(side, side);
        if side <= 12 {
            check_region(&board, Some(tilings));
        } else {
            let art: Vec<&str> = board.iter().map(String::as_str).collect();
            let (n, entries) = kasteleyn(&cells(&art)).expect("balanced");
            let matrix = Matrix::new(n, n, entries).expect("a matrix");
            let answer = count(&matrix, &Budget::new());
            assert_eq!(
                (answer.value.map(|v| v.to_string()), answer.outcome),
                (Some(tilings.to_string()), Outcome::Finished),
                "{side}x{side}"
            );
        }
    }
}

#[test]
fn aztec_diamonds_have_two_to_the_n_n_plus_1_over_2_tilings() {
    // Elkies, Kuperberg, Larsen and Propp, "Alternating-sign matrices and
    // domino tilings" (1992).
    for n in 1..=20usize {
        let expected = (num_bigint::BigUint::from(1u32) << (n * (n + 1) / 2)).to_string();
        let board = aztec(n);
        if n <= 6 {
            check_region(&board, Some(&expected));
        } else {
            let art: Vec<&str> = board.iter().map(String::as_str).collect();
            let (size, entries) = kasteleyn(&cells(&art)).expect("balanced");
            let matrix = Matrix::new(size, size, entries).expect("a matrix");
            let answer = count(&matrix, &Budget::new());
            assert_eq!(answer.value.map(|v| v.to_string()), Some(expected));
        }
    }
}

#[test]
fn regions_without_tilings_and_disconnected_regions() {
    let region = |art: &[&str]| art.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // Balanced, but each part has one more cell of one color: no tiling.
    check_region(&region(&["###..", "....#", "....#", "....#"]), Some("0"));
    // Two 2x3 boards apart: 3 * 3 tilings; a 2x3 and a 4x4 apart: 3 * 36.
    check_region(&region(&["###.###", "###.###"]), Some("9"));
    check_region(
        &region(&["###.####", "###.####", "....####", "....####"]),
        Some("108"),
    );
    // The empty region has one tiling, the empty one.
    check(0, &[], Some("1"));
}

#[test]
fn singular_and_degenerate_matrices() {
    // A row without entries; a column without entries; two equal rows.
    check(2, &[(0, 0, 1), (0, 1, 1)], Some("0"));
    check(2, &[(0, 0, 1), (1, 0, 1)], Some("0"));
    check(
        3,
        &[(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 1, 1), (2, 2, 1)],
        Some("0"),
    );
    // Rows that reach no farther than the column they must fill.
    check(3, &[(0, 0, 1), (1, 0, 1), (2, 1, 1), (2, 2, 1)], Some("0"));
    // Weights other than signs: a permutation matrix with a 5, and a 2 x 2.
    check(3, &[(0, 2, 5), (1, 0, -1), (2, 1, 1)], Some("5"));
    check(2, &[(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 3)], Some("5"));
}

#[test]
fn the_plan_takes_primes_by_hadamards_bound() {
    // 60 rows of four 1s (a circulant): |det| <= 2^60 < 2^61, so the
    // product of the primes must pass 2^62: three primes of 29 bits.
    let n = 60;
    let entries: Vec<_> = (0..n)
        .flat_map(|i| (0..4).map(move |d| (i, (i + d) % n, 1)))
        .collect();
    let matrix = Matrix::new(n, n, entries.clone()).expect("a matrix");
    let primes: Primes = matrix.primes();
    assert_eq!((primes.bound_bits(), primes.len()), (61, 3));
    let product = primes
        .as_slice()
        .iter()
        .fold(num_bigint::BigUint::from(1u32), |acc, p| acc * p.get());
    assert!(product > num_bigint::BigUint::from(1u32) << 62);
    // And the residues, combined, are Bareiss's determinant.
    let mut crt = Crt::new();
    for &p in primes.as_slice() {
        crt.add(p, matrix.det_mod(p, &Budget::new()).expect("no budget"));
    }
    let det = bareiss(dense(n, &entries));
    assert_eq!(&crt.magnitude(), det.magnitude());
    // The same prime twice is taken once.
    let before = crt.clone();
    crt.add(primes.as_slice()[0], 0);
    assert_eq!(crt, before);
}

#[test]
fn budgets_stop_the_count() {
    let board = rectangle(40, 40);
    let art: Vec<&str> = board.iter().map(String::as_str).collect();
    let (n, entries) = kasteleyn(&cells(&art)).expect("balanced");
    let matrix = Matrix::new(n, n, entries).expect("a matrix");
    let cost = matrix.cost();
    assert!(cost.primes > 1 && cost.updates() > cost.updates_per_prime);
    assert!(cost.work() > cost.updates() && cost.row_updates_per_prime > 0);

    let cancel = Arc::new(AtomicBool::new(true));
    let answer = count(&matrix, &Budget::new().with_cancel(cancel));
    assert_eq!(
        (answer.value, answer.outcome),
        (None, Outcome::Stopped(Stop::Cancelled))
    );

    let answer = count(&matrix, &Budget::new().with_memory(cost.front_bytes - 1));
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Memory));
    let answer = count(&matrix, &Budget::new().with_memory(cost.front_bytes));
    assert_eq!(answer.outcome, Outcome::Finished);

    let answer = count(&matrix, &Budget::new().with_time(std::time::Duration::ZERO));
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Time));

    // A deadline passed during the count stops it within a prime: the
    // 60 x 60 board takes 62 primes of about a millisecond each.
    let board = rectangle(60, 60);
    let art: Vec<&str> = board.iter().map(String::as_str).collect();
    let (n, entries) = kasteleyn(&cells(&art)).expect("balanced");
    let large = Matrix::new(n, n, entries).expect("a matrix");
    let answer = count(
        &large,
        &Budget::new().with_time(std::time::Duration::from_millis(1)),
    );
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Time));
    let answer = frequencies(
        &large,
        &Budget::new().with_time(std::time::Duration::from_millis(1)),
    );
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Time));

    // A node budget is a search's: the determinant spends none.
    let answer = count(&matrix, &Budget::new().with_nodes(1));
    assert_eq!(answer.outcome, Outcome::Finished);
}

#[test]
fn bad_matrices_are_refused_with_their_place() {
    let cases: [(usize, usize, Entries, MatrixError); 5] = [
        (
            2,
            3,
            vec![],
            MatrixError::NotSquare {
                rows: 2,
                columns: 3,
            },
        ),
        (
            2,
            2,
            vec![(0, 0, 1), (1, 2, 1)],
            MatrixError::OutOfRange {
                edge: 1,
                row: 1,
                column: 2,
                size: 2,
            },
        ),
        (
            2,
            2,
            vec![(0, 0, 1), (1, 1, 1), (0, 0, -1)],
            MatrixError::RepeatedEdge {
                edge: 2,
                first: 0,
                row: 0,
                column: 0,
            },
        ),
        (
            2,
            2,
            vec![(0, 1, 0)],
            MatrixError::ZeroWeight {
                edge: 0,
                row: 0,
                column: 1,
            },
        ),
        (
            1 << 33,
            1 << 33,
            vec![],
            MatrixError::TooLarge {
                what: "rows",
                value: 1 << 33,
                limit: u32::MAX as usize,
            },
        ),
    ];
    for (rows, columns, entries, expected) in cases {
        let err = Matrix::new(rows, columns, entries).expect_err("refused");
        assert_eq!(err, expected);
    }
    assert_eq!(
        MatrixError::RepeatedEdge {
            edge: 2,
            first: 0,
            row: 0,
            column: 0
        }
        .to_string(),
        "edge 2 repeats edge 0: row 0, column 0"
    );
}

/// A random sparse `n x n` matrix of small nonzero weights.
fn sparse_matrix() -> impl Strategy<Value = (usize, Entries)> {
    (0usize..=9).prop_flat_map(|n| {
        let cells = proptest::collection::vec(
            (any::<bool>(), prop_oneof![Just(1i32), Just(-1), -3i32..=3]),
            n * n,
        );
        (Just(n), 0u32..=100, cells).prop_map(|(n, density, cells)| {
            let entries = cells
                .into_iter()
                .enumerate()
                .filter(|&(k, (keep, w))| w != 0 && (keep || (k as u32 * 37 % 100) < density))
                .map(|(k, (_, w))| (k / n, k % n, w))
                .collect();
            (n, entries)
        })
    })
}

proptest! {
    #[test]
    fn determinants_agree_with_bareiss((n, entries) in sparse_matrix()) {
        check(n, &entries, None);
    }

    #[test]
    fn permuting_rows_and_columns_keeps_the_count(
        (n, entries) in sparse_matrix(),
        seed in any::<u64>(),
    ) {
        let mut rng = dlx_core::WyRand::new(seed);
        let mut rows: Vec<usize> = (0..n).collect();
        let mut columns: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            rows.swap(i, rng.below(i as u32 + 1) as usize);
            columns.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let permuted: Vec<_> = entries.iter().map(|&(i, j, w)| (rows[i], columns[j], w)).collect();
        prop_assert_eq!(check(n, &entries, None), check(n, &permuted, None));
    }
}

/// A triangle of the triangular lattice: row `y` (between the lattice's
/// horizontal lines `y` and `y + 1`), position `x`, and whether it points
/// up. With lattice points `(x, y)` drawn at `(x + y/2, -y * sqrt(3)/2)`,
/// the triangle down `(x, y)` has corners `(x, y)`, `(x + 1, y)`, `(x, y + 1)`,
/// and up `(x, y)` has `(x, y + 1)`, `(x + 1, y + 1)`, `(x + 1, y)`; up `(x, y)`
/// shares a side with down `(x, y)`, down `(x + 1, y)` and down `(x, y + 1)`.
type Triangle = (i64, i64, bool);

/// The triangles of the hexagon with sides `a, b, c, a, b, c` (the top
/// side `a` long, then `b` down to the right).
fn hexagon(a: i64, b: i64, c: i64) -> Vec<Triangle> {
    let left = |y: i64| if y <= c { c - y } else { 0 };
    let right = |y: i64| if y <= b { c + a } else { c + a - (y - b) };
    let inside = |x: i64, y: i64| (0..=b + c).contains(&y) && (left(y)..=right(y)).contains(&x);
    let mut triangles = Vec::new();
    for y in 0..b + c {
        for x in 0..=a + c {
            if inside(x, y) && inside(x + 1, y) && inside(x, y + 1) {
                triangles.push((x, y, false));
            }
            if inside(x, y + 1) && inside(x + 1, y + 1) && inside(x + 1, y) {
                triangles.push((x, y, true));
            }
        }
    }
    triangles
}

/// The lozenge tilings of a region of triangles as perfect matchings:
/// rows the up triangles, columns the down ones, both by rows; every
/// sign +1 (Kasteleyn's condition for the honeycomb, whose faces are
/// hexagons: `(-1)^(3+1) = 1`), except that each triangle off the region
/// below the region's top row flips, by a ray from its top corner
/// straight up along the lattice line, the edges of the side pairs that
/// line crosses (an up `(X - 1, y')` and the down `(X, y')` beside it, for
/// each row `y'` above, with `X` the corner's position). `None` if the
/// region has more triangles of one kind than of the other.
fn honeycomb(region: &[Triangle]) -> Option<(usize, Entries)> {
    let set: std::collections::HashSet<Triangle> = region.iter().copied().collect();
    let mut ups: Vec<_> = region.iter().filter(|t| t.2).copied().collect();
    let mut downs: Vec<_> = region.iter().filter(|t| !t.2).copied().collect();
    if ups.len() != downs.len() {
        return None;
    }
    ups.sort_by_key(|&(x, y, _)| (y, x));
    downs.sort_by_key(|&(x, y, _)| (y, x));
    let bottom = region.iter().map(|t| t.1).max().unwrap_or(0);
    // Triangles off the region whose ray crosses the side at position X
    // of row y: the down (X, y2) and the up (X - 1, y2) off the region,
    // for the rows y2 below y.
    let flips = |x: i64, y: i64| {
        (y + 1..=bottom)
            .filter(|&y2| !set.contains(&(x, y2, false)))
            .count()
            + (y + 1..=bottom)
                .filter(|&y2| !set.contains(&(x - 1, y2, true)))
                .count()
    };
    let column: std::collections::HashMap<_, _> =
        downs.iter().enumerate().map(|(j, &t)| (t, j)).collect();
    let mut entries = Vec::new();
    for (i, &(x, y, _)) in ups.iter().enumerate() {
        for (down, sign) in [
            ((x, y, false), 1),
            (
                (x + 1, y, false),
                if flips(x + 1, y) % 2 == 0 { 1 } else { -1 },
            ),
            ((x, y + 1, false), 1),
        ] {
            if let Some(&j) = column.get(&down) {
                entries.push((i, j, sign));
            }
        }
    }
    Some((ups.len(), entries))
}

/// The exact cover problem of the region's lozenge tilings: an item a
/// triangle, an option two triangles that share a side.
fn lozenges(region: &[Triangle]) -> Problem {
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, region.len());
    let index: std::collections::HashMap<_, _> =
        region.iter().enumerate().map(|(k, &t)| (t, k)).collect();
    for (k, &(x, y, up)) in region.iter().enumerate() {
        if up {
            for down in [(x, y, false), (x + 1, y, false), (x, y + 1, false)] {
                if let Some(&j) = index.get(&down) {
                    b.option([items[k], items[j]]).expect("two triangles");
                }
            }
        }
    }
    b.build().expect("a region")
}

/// MacMahon's count of the plane partitions in an `a x b x c` box, the
/// lozenge tilings of the hexagon `a, b, c`: the product over
/// `i <= a, j <= b, k <= c` of `(i + j + k - 1) / (i + j + k - 2)`, exactly.
fn macmahon(a: u32, b: u32, c: u32) -> num_bigint::BigUint {
    let (mut numerator, mut denominator) = (
        num_bigint::BigUint::from(1u32),
        num_bigint::BigUint::from(1u32),
    );
    for i in 1..=a {
        for j in 1..=b {
            for k in 1..=c {
                numerator *= i + j + k - 1;
                denominator *= i + j + k - 2;
            }
        }
    }
    assert_eq!(&numerator % &denominator, num_bigint::BigUint::ZERO);
    numerator / denominator
}

#[test]
fn lozenge_tilings_of_hexagons_by_macmahons_formula() {
    for a in 1..=4u32 {
        for b in 1..=4u32 {
            for c in 1..=4u32 {
                let region = hexagon(a.into(), b.into(), c.into());
                let (n, entries) = honeycomb(&region).expect("balanced");
                let expected = macmahon(a, b, c).to_string();
                let tilings = check(n, &entries, Some(&expected));
                if a * b * c <= 27 {
                    let counted = count_solutions(
                        &lozenges(&region),
                        &MemoSettings::new(),
                        CountMode::Memo,
                        &Budget::new(),
                    )
                    .expect("a count");
                    assert_eq!(counted.count, Some(tilings), "{a} {b} {c}");
                }
            }
        }
    }
    for side in [8u32, 15] {
        let (n, entries) =
            honeycomb(&hexagon(side.into(), side.into(), side.into())).expect("balanced");
        let matrix = Matrix::new(n, n, entries).expect("a matrix");
        let answer = count(&matrix, &Budget::new());
        assert_eq!(answer.value, Some(Count::from(macmahon(side, side, side))));
    }
}

/// Checks the lozenge tilings of the hexagon `side` minus `holes` (any
/// triangles) by the determinant against the layered count.
#[track_caller]
fn check_lozenge_holes(a: i64, b: i64, c: i64, holes: &[Triangle]) -> Option<Count> {
    let region: Vec<_> = hexagon(a, b, c)
        .into_iter()
        .filter(|t| !holes.contains(t))
        .collect();
    let (n, entries) = honeycomb(&region)?;
    let matrix = Matrix::new(n, n, entries).expect("a matrix");
    let answer = count(&matrix, &Budget::new());
    let counted = count_solutions(
        &lozenges(&region),
        &MemoSettings::new(),
        CountMode::Memo,
        &Budget::new(),
    )
    .expect("a count");
    assert_eq!(answer.value, counted.count, "{a} {b} {c} minus {holes:?}");
    answer.value
}

#[test]
fn lozenge_tilings_with_holes_against_the_layered_count() {
    // The hexagon 3, 3, 3 (rows 0 to 5), minus: an up and a down triangle
    // apart (two holes of one triangle); a lozenge (a hole of two); a
    // triangle of side 2 (three up, one down) and two downs apart.
    let cases: [&[Triangle]; 3] = [
        &[(2, 2, true), (4, 3, false)],
        &[(2, 2, true), (3, 2, false)],
        &[
            (2, 1, true),
            (2, 2, true),
            (3, 2, true),
            (3, 2, false),
            (1, 4, false),
            (4, 4, false),
        ],
    ];
    for holes in cases {
        let tilings = check_lozenge_holes(3, 3, 3, holes).expect("balanced");
        assert!(!tilings.is_zero(), "{holes:?}");
    }
}

proptest! {
    #[test]
    fn lozenge_regions_with_random_holes(
        holes in proptest::collection::vec((0i64..7, 0i64..6, any::<bool>()), 0..=6),
    ) {
        check_lozenge_holes(3, 3, 3, &holes);
        check_lozenge_holes(4, 2, 3, &holes);
    }
}

/// Checks `frequencies` against Bareiss: the total is `|det|`, and each
/// edge's count is `|weight * cofactor|`, the cofactor from the minor (or
/// 0, when the determinant is 0).
#[track_caller]
fn check_frequencies(n: usize, entries: &[(usize, usize, i32)]) -> Frequencies {
    let matrix = Matrix::new(n, n, entries.iter().copied()).expect("a valid matrix");
    let answer = frequencies(&matrix, &Budget::new());
    assert_eq!(answer.outcome, Outcome::Finished);
    let found = answer.value.expect("finished");
    let a = dense(n, entries);
    assert_eq!(
        found.total,
        Count::from(bareiss(a.clone()).magnitude().clone())
    );
    for (e, &(i, j, w)) in entries.iter().enumerate() {
        let minor: Vec<Vec<BigInt>> = (0..n)
            .filter(|&r| r != i)
            .map(|r| {
                (0..n)
                    .filter(|&c| c != j)
                    .map(|c| a[r][c].clone())
                    .collect()
            })
            .collect();
        let through = if found.total.is_zero() {
            BigInt::ZERO
        } else {
            bareiss(minor) * w
        };
        assert_eq!(
            found.through[e],
            Count::from(through.magnitude().clone()),
            "edge {e} of {entries:?}"
        );
    }
    found
}

#[test]
fn frequencies_of_boards_against_their_tilings() {
    // Every tiling of small boards visited, and the tilings through each
    // domino counted: the 4 x 5 board, the Aztec diamond of order 3, and
    // a board with an L-shaped notch.
    let boards: [Vec<String>; 3] = [
        rectangle(5, 4),
        aztec(3),
        ["#####", "#####", "##...", "##...", "#####", "#####"]
            .map(String::from)
            .to_vec(),
    ];
    for board in boards {
        let art: Vec<&str> = board.iter().map(String::as_str).collect();
        let cells = cells(&art);
        let (n, entries) = kasteleyn(&cells).expect("balanced");
        let found = check_frequencies(n, &entries);
        // The options of `dominoes` in the order of the entries: a domino
        // is a black and a white cell.
        let problem = dominoes(&cells);
        let black: Vec<_> = cells.iter().filter(|(r, c)| (r + c) % 2 == 0).collect();
        let white: Vec<_> = cells.iter().filter(|(r, c)| (r + c) % 2 == 1).collect();
        let mut through = std::collections::HashMap::new();
        let mut total = 0u64;
        let mut solver = dlx_core::Solver::new(&problem);
        while let Some(solution) = solver.next_solution().expect("no budget") {
            total += 1;
            for &option in solution {
                let mut pair: Vec<(usize, usize)> = problem
                    .option(option)
                    .iter()
                    .map(|entry| cells[entry.item.index()])
                    .collect();
                pair.sort_by_key(|&(r, c)| (r + c) % 2);
                *through.entry((pair[0], pair[1])).or_insert(0u64) += 1;
            }
        }
        assert_eq!(found.total, Count::from(total));
        for (e, &(i, j, _)) in entries.iter().enumerate() {
            let count = through.get(&(*black[i], *white[j])).copied().unwrap_or(0);
            assert_eq!(found.through[e], Count::from(count), "{board:?}");
        }
    }
}

#[test]
fn frequencies_past_machine_words_and_of_singular_matrices() {
    // The 16 x 16 board: every black cell's dominoes sum to the total.
    let board = rectangle(16, 16);
    let art: Vec<&str> = board.iter().map(String::as_str).collect();
    let (n, entries) = kasteleyn(&cells(&art)).expect("balanced");
    let matrix = Matrix::new(n, n, entries.clone()).expect("a matrix");
    let found = frequencies(&matrix, &Budget::new())
        .value
        .expect("finished");
    assert_eq!(found.total.to_string(), "2444888770250892795802079170816");
    let mut by_row = vec![Count::default(); n];
    for (e, &(i, _, _)) in entries.iter().enumerate() {
        by_row[i] += found.through[e].clone();
    }
    assert!(by_row.iter().all(|sum| *sum == found.total));
    // No matching: every edge in none.
    let found = check_frequencies(3, &[(0, 0, 1), (1, 0, 1), (2, 1, 1), (2, 2, 1)]);
    assert!(found.total.is_zero() && found.through.iter().all(Count::is_zero));
    check_frequencies(0, &[]);
    // Stopped, no value.
    let cancel = Arc::new(AtomicBool::new(true));
    let answer = frequencies(&matrix, &Budget::new().with_cancel(cancel));
    assert_eq!(
        (answer.value, answer.outcome),
        (None, Outcome::Stopped(Stop::Cancelled))
    );
    let answer = frequencies(&matrix, &Budget::new().with_memory(1000));
    assert_eq!(answer.outcome, Outcome::Stopped(Stop::Memory));
}

#[test]
fn a_prime_that_divides_the_determinant_is_passed_over_for_another() {
    // The plan's first prime divides the determinant of [[p + 1, 1], [1, 1]]
    // (it is p): its residues give no cofactor, and one more prime is run.
    let one = Matrix::new(1, 1, [(0, 0, 1)]).expect("a matrix");
    let prime = one.primes().as_slice()[0].get();
    let p = i32::try_from(prime).expect("below 2^29");
    let found = check_frequencies(2, &[(0, 0, p + 1), (0, 1, 1), (1, 0, 1), (1, 1, 1)]);
    assert_eq!(found.total, Count::from(u64::from(prime)));
    // The same, with the primes of each batch run in reverse order.
    let matrix =
        Matrix::new(2, 2, [(0, 0, p + 1), (0, 1, 1), (1, 0, 1), (1, 1, 1)]).expect("a matrix");
    let budget = Budget::new();
    let mut batches = Vec::new();
    let reversed = frequencies_with(&matrix, &budget, 2, |primes| {
        batches.push(primes.len());
        let mut each: Vec<_> = primes
            .iter()
            .rev()
            .map(|&q| matrix.cofactors_mod(q, &budget))
            .collect();
        each.reverse();
        each.into_iter().collect()
    });
    assert_eq!(reversed.value, Some(found));
    assert_eq!(
        batches,
        [matrix.primes().len(), 1],
        "the plan, then one more"
    );
}

proptest! {
    #[test]
    fn frequencies_are_cofactors((n, entries) in sparse_matrix()) {
        check_frequencies(n, &entries);
    }
}

/// Issue 36: a problem that carries its Kasteleyn matrix is counted by the
/// determinant through the count's one rule (a board too wide for the
/// layered count to keep up), and the matrix is checked against the
/// problem: its edges are the options, its rows and columns the items.
#[test]
fn issue_36_the_count_takes_the_determinant_of_a_problem_with_matchings() {
    use dlx_core::dimers::MatchingError;
    use dlx_core::{count_solutions, CountMode, MemoSettings, Method, Why};
    let board = cells(&["############"; 12]);
    let problem = dominoes(&board);
    // Edge k is option k: its black cell's row, its white cell's column.
    let line = |cell: (usize, usize)| {
        let same = |&&(r, c): &&(usize, usize)| (r + c) % 2 == (cell.0 + cell.1) % 2;
        board
            .iter()
            .filter(same)
            .position(|&c| c == cell)
            .expect("on the board")
    };
    let edges = (0..problem.n_options()).map(|k| {
        let option = problem.option(dlx_core::OptionId::new(k));
        let (a, b) = (board[option[0].item.index()], board[option[1].item.index()]);
        let (black, white) = if (a.0 + a.1) % 2 == 0 { (a, b) } else { (b, a) };
        let sign = if black.0 != white.0 && black.1 % 2 == 1 {
            -1
        } else {
            1
        };
        (line(black), line(white), sign)
    });
    let matrix = Matrix::new(72, 72, edges).expect("a matrix");
    let with = problem
        .clone()
        .with_matchings(matrix.clone())
        .expect("the board's matrix");
    let counted = count_solutions(&with, &MemoSettings::new(), CountMode::Auto, &Budget::new())
        .expect("counted");
    assert_eq!((counted.method, counted.why), (Method::Dimers, Why::Planar));
    assert_eq!(counted.count, Some(layered(&board)));
    // Named methods still run as named.
    let memo = count_solutions(&with, &MemoSettings::new(), CountMode::Memo, &Budget::new())
        .expect("counted");
    assert_eq!(
        (memo.method, memo.count),
        (Method::Memo, counted.count.clone())
    );

    // A matrix of another problem, or of too few edges, is refused.
    let strip = dominoes(&cells(&["####"]));
    assert!(matches!(
        strip.with_matchings(matrix.clone()),
        Err(MatchingError::Edges { .. })
    ));
    let three = parse_dlx("a b c\na b c\n").expect("a problem");
    let one = Matrix::new(1, 1, [(0, 0, 1)]).expect("a matrix");
    assert!(matches!(
        three.with_matchings(one),
        Err(MatchingError::NotAnEdge { option: 0 })
    ));
    // Two options over the same pair of items are no matrix's two edges.
    let twice = parse_dlx("a b c d\na b\nc d\na c\nb d\n").expect("a problem");
    let crossed =
        Matrix::new(2, 2, [(0, 0, 1), (0, 1, 1), (1, 1, 1), (1, 0, -1)]).expect("a matrix");
    assert!(matches!(
        twice.with_matchings(crossed),
        Err(MatchingError::Mismatch { .. })
    ));
}
