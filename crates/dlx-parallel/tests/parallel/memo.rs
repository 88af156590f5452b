//! The memoised count on threads: the same count on every number of threads, from every way of asking for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx_core::memo::Rule;
use dlx_core::{
    parse_dlx, BigUint, Budget, Count, CountMode, Diagram, ItemKind, MemoError, MemoSettings,
    Method, Outcome, Problem, ProblemBuilder, Solver, Stop,
};
use dlx_parallel::{count_solutions_on, diagram_on, CountError, ParallelMemoCounter, Pool};

use crate::problems::{colored, data, langford, queens};

/// Checks that the memoised count on 1, 2 and 3 threads, with the default
/// cache and a tiny one, and every mode of `count_solutions_on`, equals the
/// plain sequential count.
#[track_caller]
fn check(problem: &Problem) {
    let expected = Solver::new(problem).count().value;
    let modes = [CountMode::Auto, CountMode::Memo, CountMode::Plain];
    check_count(problem, &expected, &modes);
}

/// Checks that the memoised count on 1, 2 and 3 threads, with the default
/// cache and a tiny one, and `count_solutions_on` in each of `modes`, is
/// `expected`.
#[track_caller]
fn check_count(problem: &Problem, expected: &Count, modes: &[CountMode]) {
    for threads in [1, 2, 3] {
        for memory in [1 << 30, 64 << 10] {
            let settings = MemoSettings::new().with_memory(memory);
            let mut counter = ParallelMemoCounter::new(problem, &settings)
                .unwrap()
                .with_threads(threads)
                .unwrap();
            assert_eq!(
                counter.count().as_ref(),
                Ok(expected),
                "{threads} threads, {memory} bytes"
            );
            assert!(counter.cache().stats().peak_bytes <= memory as u64);
        }
        for &mode in modes {
            let counted =
                count_solutions_on(problem, &MemoSettings::new(), mode, &Budget::new(), threads)
                    .unwrap();
            assert_eq!(
                (counted.count.as_ref(), counted.outcome),
                (Some(expected), Outcome::Finished),
                "{mode:?} on {threads} threads"
            );
        }
    }
}

/// The m x n board to tile with dominoes.
fn dominoes(m: usize, n: usize) -> Problem {
    boards(&[(m, n)])
}

/// Boards of `m x n` cells side by side, to tile with dominoes, no option
/// joining two of them: independent parts whose counts multiply.
fn boards(sizes: &[(usize, usize)]) -> Problem {
    let mut b = ProblemBuilder::new();
    for &(m, n) in sizes {
        let cells = b.items(ItemKind::Primary, m * n);
        for r in 0..m {
            for c in 0..n {
                if c + 1 < n {
                    b.option([cells[r * n + c], cells[r * n + c + 1]]).unwrap();
                }
                if r + 1 < m {
                    b.option([cells[r * n + c], cells[(r + 1) * n + c]])
                        .unwrap();
                }
            }
        }
    }
    b.build().unwrap()
}

/// The Fibonacci number F(k) (F(1) = F(2) = 1), exactly: a 2 x n strip has
/// F(n + 1) domino tilings.
fn fibonacci(k: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..k {
        (a, b) = (b.clone(), a + b);
    }
    a
}

#[test]
fn boards_queens_langford_and_pentominoes() {
    check(&dominoes(6, 7));
    check(&dominoes(3, 9));
    check(&queens(8));
    check(&langford(8));
    check(&data("pentomino-3x20.dlx"));
}

#[test]
fn colored_problems() {
    for seed in 0..40 {
        check(&colored(seed, 8, 4, 30));
    }
}

#[test]
fn a_large_board_on_two_threads() {
    // OEIS A004003: the 12 x 12 board has 53060477521960000 domino tilings.
    let problem = dominoes(12, 12);
    let counted = count_solutions_on(
        &problem,
        &MemoSettings::new(),
        CountMode::Auto,
        &Budget::new(),
        2,
    )
    .unwrap();
    assert_eq!(counted.count, Some(Count::from(53060477521960000u64)));
    assert_eq!(counted.outcome, Outcome::Finished);
    assert_eq!(counted.method, Method::Memo);
}

/// Counts past 2^128, which no plain count could reach: on every number of
/// threads, the memoised count and the automatic choice give them exactly.
#[test]
fn counts_past_u128_on_every_number_of_threads() {
    let two_to_128 = BigUint::from(u128::MAX) + 1u32;
    let table = [
        // A strip whose count passes 2^128 in the sums of the search.
        (dominoes(2, 200), fibonacci(201)),
        // Two parts below 2^127 whose product passes 2^128.
        (boards(&[(2, 100), (2, 100)]), fibonacci(101).pow(2)),
        // A big part times a small one, and times one with no tiling.
        (boards(&[(2, 3), (2, 200)]), fibonacci(201) * 3u32),
        (boards(&[(2, 200), (3, 3)]), BigUint::from(0u32)),
    ];
    for (problem, expected) in table {
        assert!(expected >= two_to_128 || expected == BigUint::from(0u32));
        let expected = Count::from(expected);
        check_count(&problem, &expected, &[CountMode::Auto, CountMode::Memo]);
    }
}

#[test]
fn problems_without_solutions_or_with_nothing_to_cover() {
    check(&parse_dlx("a b\na\n").unwrap());
    check(&dominoes(3, 3));
    let mut b = ProblemBuilder::new();
    b.item(ItemKind::Secondary);
    check(&b.build().unwrap());
}

#[test]
fn multiplicities_are_refused_by_the_memoised_count_only() {
    let problem = parse_dlx("a 2:3|b c\na b\nb c\nb\na c\n").unwrap();
    let budget = Budget::new();
    let settings = MemoSettings::new();
    let err = count_solutions_on(&problem, &settings, CountMode::Memo, &budget, 2).unwrap_err();
    assert!(
        matches!(err, CountError::Memo(MemoError::Multiplicities { .. })),
        "{err}"
    );
    let counted = count_solutions_on(&problem, &settings, CountMode::Auto, &budget, 2).unwrap();
    assert_eq!(counted.method, Method::Plain);
    let expected = Solver::new(&problem).count().value;
    assert_eq!(
        (counted.count, counted.outcome),
        (Some(expected), Outcome::Finished)
    );
}

/// Issue 20: splitting a memoised count into pieces replayed each piece's
/// path from the root, so a forced chain of n levels (item `i_k` with the
/// one option `{i_k}`) cost n^2 / 2 choices and n clones of the counter:
/// 40,000 levels took 27 s, 100,000 would take minutes. Its only child now
/// goes on from the counter of the piece expanded last. The split expands
/// every level once, and the one piece left is the solution: n + 1 nodes.
#[test]
fn issue_20_a_memoised_count_splits_a_forced_chain_of_100000_levels_in_linear_time() {
    let n = 100_000;
    let mut b = ProblemBuilder::new();
    for item in b.items(ItemKind::Primary, n) {
        b.option([item]).unwrap();
    }
    let problem = b.build().unwrap();
    // The split of the depth-first count (the default rule counts this
    // chain layer by layer: one option taken per layer).
    let settings = MemoSettings::new().with_rule(Rule::FewestOptions);
    let mut counter = ParallelMemoCounter::new(&problem, &settings)
        .unwrap()
        .with_threads(1)
        .unwrap();
    assert_eq!(counter.count(), Ok(Count::from(1u64)));
    assert_eq!(counter.stats().nodes, n as u64 + 1);
    for threads in [1, 2] {
        let mut layered = ParallelMemoCounter::new(&problem, &MemoSettings::new())
            .unwrap()
            .with_threads(threads)
            .unwrap();
        assert_eq!(layered.count(), Ok(Count::from(1u64)));
        assert_eq!(layered.stats().nodes, n as u64);
    }
}

#[test]
fn a_node_budget_or_a_raised_flag_stops_the_count() {
    // Langford pairs repeat few subproblems: 11 pairs take far more than
    // 5000 nodes.
    let problem = langford(11);
    for threads in [1, 2, 3] {
        let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
            .unwrap()
            .with_threads(threads)
            .unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        counter.set_budget(
            Budget::new()
                .with_nodes(5000)
                .with_cancel(Arc::clone(&flag)),
        );
        let progress = counter.progress();
        assert_eq!(
            counter.count(),
            Err(MemoError::Stopped(Stop::Nodes)),
            "{threads}"
        );
        // The count's own stop is its own: the caller's flag stays down.
        assert!(!flag.load(Ordering::Relaxed), "{threads}");
        // The split's few nodes are not drawn from the budget, and the
        // threads never draw more than it holds. One thread spends it all;
        // on more, what a thread drew and had not entered when another
        // found the pool empty goes back unused.
        assert!(progress.nodes() > 0);
        assert!(progress.nodes() < 5000 + 2 * (1 << 12) * threads as u64);
        if threads == 1 {
            assert!(progress.nodes() >= 5000, "{}", progress.nodes());
        }
        // A raised flag stops it at once; lowered, with no node budget, it counts.
        counter.set_budget(Budget::new().with_cancel(Arc::clone(&flag)));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Cancelled)));
        assert!(
            flag.load(Ordering::Relaxed),
            "the caller's flag was lowered"
        );
        flag.store(false, Ordering::Relaxed);
        assert_eq!(counter.count(), Ok(Count::from(2 * 17792u64)));
        assert!(progress.fraction() > 0.99, "{}", progress.fraction());
    }
}

/// The Aztec diamond of order `n`, to tile with dominoes: rows of 2, 4, ...,
/// 2n, 2n, ..., 4, 2 cells, centred.
fn aztec(n: usize) -> Problem {
    let mut cells = Vec::new();
    for r in 0..2 * n {
        let half = if r < n { r + 1 } else { 2 * n - r };
        cells.extend((n - half..n + half).map(|c| (r, c)));
    }
    let mut b = ProblemBuilder::new();
    let items = b.items(ItemKind::Primary, cells.len());
    let at = |r: usize, c: usize| cells.iter().position(|&cell| cell == (r, c));
    for (k, &(r, c)) in cells.iter().enumerate() {
        for next in [at(r, c + 1), at(r + 1, c)].into_iter().flatten() {
            b.option([items[k], items[next]]).unwrap();
        }
    }
    b.build().unwrap()
}

/// Issue 24: the layered count on threads (each large layer cut by key,
/// its numbers widened past 64 and 128 bits on the way) gives the count
/// and the states of one thread: the 16 x 16 board (OEIS A004003) and the
/// Aztec diamond of order 16, 2^136 (Elkies, Kuperberg, Larsen and Propp
/// 1992), whose widest layers pass the size that the threads share. On
/// two threads the count is made from both ends, and gives the count.
#[test]
fn issue_24_the_layered_count_on_threads_is_the_count_of_one() {
    let cases = [
        (
            dominoes(16, 16),
            "2444888770250892795802079170816".parse::<Count>().unwrap(),
        ),
        (aztec(16), Count::from(BigUint::from(1u8) << 136)),
    ];
    for (problem, expected) in cases {
        let mut states = None;
        for threads in [1, 2, 3] {
            let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
                .unwrap()
                .with_threads(threads)
                .unwrap();
            assert_eq!(counter.count(), Ok(expected.clone()), "{threads} threads");
            let sweep = counter.sweep_stats().expect("layer by layer");
            assert!(sweep.widest >= 1 << 12, "{sweep:?}");
            let stats = counter.stats();
            let these = (stats.misses, stats.hits, sweep.widest);
            let (first, nodes) = *states.get_or_insert((these, stats.nodes));
            // The options taken: each made a state or met one again, and
            // a layer whose numbers outgrow their limbs is made again,
            // wider (the counts past 2^64 here). Layers cut by key make
            // the states of one thread, and make a layer again where one
            // thread does.
            // The first state is not made by an option.
            assert!(
                stats.nodes + 1 >= stats.misses + stats.hits,
                "{threads} threads"
            );
            if threads == 2 {
                // From both ends: the backward layers hold other states
                // than the forward ones, about as many on these boards,
                // and the two sides meet wherever their speeds take them.
                assert!(stats.misses <= 2 * first.0, "{these:?} {first:?}");
                assert!(sweep.widest <= 2 * first.2, "{these:?} {first:?}");
            } else {
                assert_eq!(first, these, "{threads} threads");
                assert_eq!(stats.nodes, nodes, "{threads} threads");
            }
        }
    }
}

/// Issue 24: on two threads the count is made from both ends, the
/// backward layers on the pool's other thread; when that thread is busy
/// elsewhere, the forward layers make the whole count on the counting
/// thread, the same (no wait for a thread that does not come).
#[test]
fn issue_24_a_count_from_both_ends_ends_when_the_other_thread_is_busy() {
    let problem = aztec(12);
    let expected = Count::from(1u128 << 78);
    let rayon_pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap(),
    );
    let pool = Pool::from(Arc::clone(&rayon_pool));
    let release = Arc::new(AtomicBool::new(false));
    let (started, busy) = std::sync::mpsc::channel();
    {
        let release = Arc::clone(&release);
        rayon_pool.spawn(move || {
            started.send(()).unwrap();
            while !release.load(Ordering::Acquire) {
                std::thread::yield_now();
            }
        });
    }
    busy.recv().unwrap();
    let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
        .unwrap()
        .with_pool(&pool);
    assert_eq!(counter.count(), Ok(expected.clone()));
    release.store(true, Ordering::Release);
    // And with the other thread free, making the backward layers.
    for _ in 0..3 {
        let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
            .unwrap()
            .with_pool(&pool);
        assert_eq!(counter.count(), Ok(expected.clone()));
    }
}

/// Issue 24: a stop reaches the layered count on threads, between layers
/// and within them.
#[test]
fn issue_24_the_layered_count_on_threads_stops() {
    let problem = dominoes(20, 20);
    let flag = Arc::new(AtomicBool::new(true));
    let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
        .unwrap()
        .with_threads(2)
        .unwrap();
    counter.set_budget(Budget::new().with_cancel(Arc::clone(&flag)));
    assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Cancelled)));
    counter.set_budget(Budget::new().with_nodes(50_000));
    assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Nodes)));
    flag.store(false, Ordering::Relaxed);
}

/// Issue 24: the pieces of a shard of a narrow problem (each given by its
/// way down, as `dlx count --shard` gives them) are counted layer by layer,
/// each from its options' places covered, and add up to the whole: the
/// Aztec diamond of order 8, 2^36 tilings, in 64 pieces on 1 and 2 threads.
#[test]
fn issue_24_the_pieces_of_a_narrow_problem_are_counted_layer_by_layer() {
    use dlx_core::subtree::SubtreeSearch as _;
    use dlx_parallel::{Split, SplitGoal};
    let problem = aztec(8);
    let root = Solver::new(&problem);
    let split = Split::new(&root, SplitGoal::Pieces(64));
    let mut entering = root.clone();
    let mut ways = Vec::new();
    for (index, piece) in split.pieces().iter().enumerate() {
        entering.enter(piece).unwrap();
        ways.push((index, entering.entered_way().expect("one alternative")));
    }
    assert!(ways.len() >= 64);
    for threads in [1, 2] {
        let mut counter = ParallelMemoCounter::new(&problem, &MemoSettings::new())
            .unwrap()
            .with_threads(threads)
            .unwrap();
        let mut total = Count::ZERO;
        let mut pieces = 0;
        let outcome = counter.count_ways(&ways, |piece| {
            // The layered count updates no link; the depth-first one does.
            assert_eq!(
                piece.stats.updates, 0,
                "piece {} layer by layer",
                piece.index
            );
            total += piece.count;
            pieces += 1;
        });
        assert_eq!(outcome, Outcome::Finished);
        assert_eq!(pieces, ways.len());
        assert_eq!(total, Count::from(1u64 << 36), "{threads} threads");
    }
}

/// Issue 24: a diagram whose layers are made on threads
/// ([`dlx_parallel::diagram_on`], each layer of 1,024 states or more cut
/// by key) is the diagram of one thread: the same count, states and
/// statistics (but for the peak memory), the same draws for a seed, the
/// same frequencies; with every layer kept, and at checkpoints under a
/// memory budget. The 16 x 16
/// board's numbers outgrow 64 and then 128 bits on the way (OEIS A004003).
#[test]
fn issue_24_a_diagram_made_on_threads_is_the_diagram_of_one() {
    let cases = [
        (dominoes(14, 14), Budget::new(), true),
        (aztec(12), Budget::new(), true),
        (aztec(12), Budget::new().with_memory(1 << 20), true),
        (dominoes(16, 16), Budget::new(), false),
    ];
    for (problem, budget, frequencies) in cases {
        let one = Diagram::build(&problem, &MemoSettings::new(), &budget).unwrap();
        let stats = one.sweep_stats().expect("layer by layer");
        assert!(stats.widest >= 1 << 10, "layers for the threads: {stats:?}");
        let checkpoints = budget.memory().is_some();
        assert_eq!(stats.checkpoint_interval > 1, checkpoints, "{stats:?}");
        let draws = |d: &Diagram| d.samples(7).take(5).collect::<Vec<_>>();
        for threads in [2, 3] {
            let pool = Pool::new(threads).unwrap();
            let these = diagram_on(&problem, &MemoSettings::new(), &budget, &pool).unwrap();
            assert_eq!(these.count(), one.count(), "{threads} threads");
            assert_eq!(these.len(), one.len());
            assert_eq!(these.stats(), one.stats());
            // The same, but for the peak memory: the parts' chunks are apart.
            let sweep = |d: &Diagram| {
                let mut stats = d.sweep_stats().expect("layer by layer");
                stats.peak_bytes = 0;
                stats
            };
            assert_eq!(sweep(&these), sweep(&one));
            assert_eq!(draws(&these), draws(&one));
            if frequencies {
                assert_eq!(these.frequencies(), one.frequencies());
            }
        }
    }
}

/// Issue 24: a node budget and a raised flag stop a diagram made on threads.
#[test]
fn issue_24_a_diagram_made_on_threads_stops() {
    let problem = dominoes(16, 16);
    let pool = Pool::new(2).unwrap();
    let settings = MemoSettings::new();
    let nodes = Budget::new().with_nodes(50_000);
    let stopped = diagram_on(&problem, &settings, &nodes, &pool).map(|d| d.len());
    assert_eq!(stopped, Err(MemoError::Stopped(Stop::Nodes)));
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Budget::new().with_cancel(Arc::clone(&flag));
    let stopped = diagram_on(&problem, &settings, &cancelled, &pool).map(|d| d.len());
    assert_eq!(stopped, Err(MemoError::Stopped(Stop::Cancelled)));
}
