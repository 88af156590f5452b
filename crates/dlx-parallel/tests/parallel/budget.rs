//! Issue 20, one way a search ends: every parallel search within a [`Budget`] says how it ended, stops at the budget's limits, and only reads the caller's cancel flag.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::{
    verify, Budget, Count, CountMode, MemoError, MemoSettings, MinCover, Objective, Outcome,
    Problem, Solver, Stop,
};
use dlx_parallel::{count_solutions_on, ParallelMemoCounter, ParallelRounds, ParallelSolver};

use crate::cover::design;
use crate::problems::{count_answer, queens};

/// Every parallel search, asked so that it ends at a limit of its own when
/// the budget allows it (a solution limit of 5, the first solution, a
/// visitor's `Break` at the third, an optimum of cost 0) or at the end of
/// its tree.
#[derive(Copy, Clone, Debug)]
enum Search {
    Count,
    CountWithLimit,
    First,
    OrderedFirst,
    Visit,
    OrderedVisit,
    VisitBreak,
    VisitWithLimit,
    OrderedVisitWithLimit,
    Fold,
    FoldWithLimit,
    /// `best` with every option of cost 0: the first solution is proven optimal.
    BestOfCostZero,
    MinOptions,
    CountEach,
    Memo,
    CountOn(CountMode),
    /// `MinCover` with its rounds on threads.
    Rounds,
}

impl Search {
    const ALL: [Search; 19] = [
        Search::Count,
        Search::CountWithLimit,
        Search::First,
        Search::OrderedFirst,
        Search::Visit,
        Search::OrderedVisit,
        Search::VisitBreak,
        Search::VisitWithLimit,
        Search::OrderedVisitWithLimit,
        Search::Fold,
        Search::FoldWithLimit,
        Search::BestOfCostZero,
        Search::MinOptions,
        Search::CountEach,
        Search::Memo,
        Search::CountOn(CountMode::Auto),
        Search::CountOn(CountMode::Memo),
        Search::CountOn(CountMode::Plain),
        Search::Rounds,
    ];

    /// Runs the search of `problem` on `threads` threads within `budget`
    /// and says how it ended (a visitor's `Break` as [`Outcome::LimitReached`];
    /// a memoised count stopped as [`Outcome::Stopped`]). Every solution
    /// it reports passes `verify`.
    fn run(self, problem: &Problem, threads: usize, budget: Budget) -> Outcome {
        let parallel = || {
            let mut parallel = ParallelSolver::new(problem).with_threads(threads).unwrap();
            parallel.set_budget(budget.clone());
            parallel
        };
        let verified = |s: &[dlx_core::OptionId]| assert_eq!(verify(problem, s), Ok(()));
        // A small cache: the long counts stop before it fills.
        let settings = MemoSettings::new().with_memory(64 << 20);
        match self {
            Search::Count => parallel().count().outcome,
            Search::CountWithLimit => parallel().set_limit(Some(5)).count().outcome,
            Search::First | Search::OrderedFirst => {
                let mut parallel = parallel();
                parallel.set_ordered(matches!(self, Search::OrderedFirst));
                let first = parallel.first();
                if let Some(s) = &first.value {
                    verified(s);
                }
                first.outcome
            }
            Search::VisitBreak => {
                let mut seen = 0;
                let flow = parallel().visit(|s| {
                    verified(s);
                    seen += 1;
                    if seen == 3 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                match flow {
                    ControlFlow::Break(()) => Outcome::LimitReached,
                    ControlFlow::Continue(outcome) => outcome,
                }
            }
            Search::Visit
            | Search::OrderedVisit
            | Search::VisitWithLimit
            | Search::OrderedVisitWithLimit => {
                let mut parallel = parallel();
                let limit = matches!(self, Search::VisitWithLimit | Search::OrderedVisitWithLimit);
                let ordered = matches!(self, Search::OrderedVisit | Search::OrderedVisitWithLimit);
                parallel.set_limit(limit.then_some(5)).set_ordered(ordered);
                let flow = parallel.visit(|s| {
                    verified(s);
                    ControlFlow::<()>::Continue(())
                });
                match flow {
                    ControlFlow::Break(()) => unreachable!("the visitor never breaks"),
                    ControlFlow::Continue(outcome) => outcome,
                }
            }
            Search::Fold | Search::FoldWithLimit => {
                let mut parallel = parallel();
                parallel.set_limit(matches!(self, Search::FoldWithLimit).then_some(5));
                let folded = parallel.fold(|| 0u64, |n, _| *n += 1, |a, b| a + b);
                folded.outcome
            }
            Search::BestOfCostZero => {
                let mut free = problem.clone();
                for option in free.option_ids().collect::<Vec<_>>() {
                    free.set_cost(option, 0).unwrap();
                }
                let mut parallel = ParallelSolver::new(&free).with_threads(threads).unwrap();
                parallel.set_budget(budget.clone());
                let best = parallel.best(Objective::Cost, 1);
                for costed in &best.value {
                    verified(&costed.options);
                }
                best.outcome
            }
            Search::MinOptions => {
                let best = parallel().min_options();
                if let Some(s) = &best.value {
                    verified(s);
                }
                best.outcome
            }
            Search::CountEach => {
                let mut parallel = parallel();
                let pieces: Vec<usize> = (0..parallel.split().len()).collect();
                parallel.count_each(&pieces).outcome
            }
            Search::Memo => {
                let mut counter = ParallelMemoCounter::new(problem, &settings)
                    .unwrap()
                    .with_threads(threads)
                    .unwrap();
                counter.set_budget(budget);
                match counter.count() {
                    Ok(_) => Outcome::Finished,
                    Err(MemoError::Stopped(stop)) => Outcome::Stopped(stop),
                    Err(err) => panic!("{err}"),
                }
            }
            Search::CountOn(mode) => {
                count_solutions_on(problem, &settings, mode, &budget, threads)
                    .unwrap()
                    .outcome
            }
            Search::Rounds => {
                let mut search = MinCover::new(problem);
                search.set_budget(budget).set_round_search(Some(Arc::new(
                    ParallelRounds::with_threads(threads).unwrap(),
                )));
                search.solve().outcome
            }
        }
    }
}

/// Runs `search` on 8-queens on `threads` threads with the caller's cancel
/// flag (and `budget`'s limits): the outcome it returns, and whether the
/// flag was up after the search.
fn run_with_flag(search: Search, threads: usize, budget: Budget, raised: bool) -> (Outcome, bool) {
    let flag = Arc::new(AtomicBool::new(raised));
    let outcome = search.run(&queens(8), threads, budget.with_cancel(Arc::clone(&flag)));
    (outcome, flag.load(Ordering::Relaxed))
}

/// The caller's flag is the caller's: a search that ends at a limit of its
/// own, or is stopped by its node budget, leaves it down, and a search
/// stopped by it leaves it up.
#[test]
fn issue_20_the_callers_cancel_flag_is_only_read() {
    for search in Search::ALL {
        for threads in [1, 2, 3] {
            let case = format!("{search:?} on {threads} threads");
            let (outcome, up) = run_with_flag(search, threads, Budget::new(), false);
            assert!(outcome.is_complete(), "{case}: {outcome:?}");
            assert!(!up, "{case}: the search raised the caller's flag");
            // Eight levels take eight nodes at least: three stop every
            // search (the runs stop themselves on their other threads).
            let budget = Budget::new().with_nodes(3);
            let (outcome, up) = run_with_flag(search, threads, budget, false);
            assert_eq!(outcome, Outcome::Stopped(Stop::Nodes), "{case}");
            assert!(!up, "{case}: the budget's stop raised the caller's flag");
            let (outcome, up) = run_with_flag(search, threads, Budget::new(), true);
            assert_eq!(outcome, Outcome::Stopped(Stop::Cancelled), "{case}");
            assert!(up, "{case}: the search lowered the caller's flag");
        }
    }
}

/// A deadline already passed stops every search, on any number of threads, by the time.
#[test]
fn issue_20_a_deadline_in_the_past_stops_every_parallel_search() {
    for search in Search::ALL {
        for threads in [1, 2, 8] {
            let budget = Budget::new().with_deadline(Instant::now());
            assert_eq!(
                search.run(&queens(8), threads, budget),
                Outcome::Stopped(Stop::Time),
                "{search:?} on {threads} threads"
            );
        }
    }
}

/// The long searches, stopped by the caller from another thread 200 ms
/// after they started: each ends with `Stop::Cancelled` within a second of
/// the raising (the one timing assertion of the suite: it bounds a stop's
/// latency, not a speed), and the flag stays up.
#[test]
fn issue_20_a_cancel_raised_while_a_long_search_runs_stops_it_within_a_second() {
    // 16-queens has 14,772,512 solutions, C(9,5,4) is a covering design
    // far beyond a second of deepening: neither ends by itself in 200 ms.
    let queens16 = queens(16);
    let design = design(9, 5, 4);
    let cases = [
        (Search::Count, &queens16),
        (Search::OrderedVisit, &queens16),
        (Search::Fold, &queens16),
        (Search::Memo, &queens16),
        (Search::Rounds, &design),
    ];
    for (search, problem) in cases {
        for threads in [2, 3] {
            let flag = Arc::new(AtomicBool::new(false));
            let budget = Budget::new().with_cancel(Arc::clone(&flag));
            let (outcome, raised) = std::thread::scope(|scope| {
                let raise = scope.spawn(|| {
                    std::thread::sleep(Duration::from_millis(200));
                    flag.store(true, Ordering::Relaxed);
                    Instant::now()
                });
                let outcome = search.run(problem, threads, budget);
                (outcome, raise.join().unwrap())
            });
            let late = raised.elapsed();
            let case = format!("{search:?} on {threads} threads");
            assert_eq!(outcome, Outcome::Stopped(Stop::Cancelled), "{case}");
            assert!(
                late < Duration::from_secs(1),
                "{case}: stopped {late:?} after the raising"
            );
            assert!(flag.load(Ordering::Relaxed), "{case}: the flag was lowered");
        }
    }
}

/// Issue 20: a worker cut short gave its unused nodes back after another
/// had taken the pool to 0, so the run looked finished and a partial count
/// was printed as the whole. Budgets below 10-queens' node count, 200 runs
/// each on 2, 3 and 8 threads with small slices (work given away all the
/// time): every run is stopped by its nodes, never finished short, never
/// past the sequential count; and the pieces of a sharded count said to be
/// complete hold their whole counts.
#[test]
fn issue_20_a_node_budget_on_two_threads_never_passes_for_the_whole_count() {
    let problem = queens(10);
    let mut solver = Solver::new(&problem);
    let whole = solver.count();
    assert_eq!(whole, count_answer(724, Outcome::Finished));
    let nodes = solver.stats().nodes;
    for threads in [2, 3, 8] {
        let mut parallel = ParallelSolver::new(&problem).with_threads(threads).unwrap();
        parallel.set_slices(16, 2);
        let pieces: Vec<usize> = (0..parallel.split().len()).collect();
        let counts = parallel.count_each(&pieces);
        assert_eq!(counts.outcome, Outcome::Finished);
        let counts = counts.value;
        for run in 0..200u64 {
            // From a few nodes to nine tenths of the count's, spread over the runs.
            let budget = 1 + (nodes * 9 / 10) * (run * 37 % 200) / 200;
            let case = format!("{threads} threads, {budget} of {nodes} nodes");
            parallel.set_budget(Budget::new().with_nodes(budget));
            let part = parallel.count();
            assert_eq!(part.outcome, Outcome::Stopped(Stop::Nodes), "{case}");
            assert!(
                part.value <= whole.value,
                "{case}: {} solutions",
                part.value
            );
            assert!(parallel.stats().nodes < nodes, "{case}");
            if run % 4 == 0 {
                parallel.set_budget(Budget::new().with_nodes(budget));
                let part = parallel.count_each(&pieces);
                assert_eq!(part.outcome, Outcome::Stopped(Stop::Nodes), "{case}");
                for sub in part.value.iter().filter(|sub| sub.complete) {
                    assert_eq!(
                        sub.count, counts[sub.index].count,
                        "{case}: piece {}",
                        sub.index
                    );
                }
            }
        }
    }
}

/// Issue 20: a visit with a limit whose visitor takes its last solution
/// after the threads have ended (by the budget, or at the end of the tree)
/// has the whole answer it asked for: like the sequential search, it says
/// that it reached its limit. The visitor takes its time over the one
/// solution it asks for, so the threads end first.
#[test]
fn issue_20_a_visit_that_reached_its_limit_says_so_whatever_ended_the_threads() {
    let problem = queens(8);
    let mut solver = Solver::new(&problem);
    solver.set_limit(Some(1));
    let mut sequential = Vec::new();
    let flow = solver.visit(|s| {
        sequential.push(s.to_vec());
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(flow, ControlFlow::Continue(Outcome::LimitReached));
    let to_first = solver.stats().nodes;
    // A budget the threads spend soon after the first solution, and none.
    for nodes in [Some(to_first + 20), None] {
        for threads in [1, 2] {
            for ordered in [false, true] {
                let mut parallel = ParallelSolver::new(&problem).with_threads(threads).unwrap();
                let budget = nodes.map_or_else(Budget::new, |n| Budget::new().with_nodes(n));
                parallel
                    .set_budget(budget)
                    .set_limit(Some(1))
                    .set_ordered(ordered);
                let mut found = Vec::new();
                let flow = parallel.visit(|s| {
                    std::thread::sleep(Duration::from_millis(100));
                    found.push(s.to_vec());
                    ControlFlow::<()>::Continue(())
                });
                let case = format!("{nodes:?} nodes, {threads} threads, ordered: {ordered}");
                assert_eq!(found.len(), 1, "{case}");
                if ordered {
                    assert_eq!(found, sequential, "{case}");
                }
                assert_eq!(flow, ControlFlow::Continue(Outcome::LimitReached), "{case}");
            }
        }
    }
}

/// Issue 20: the threads draw every node they enter from the budget's
/// pool, the first node of the tree included, so a search never enters
/// more nodes than its budget (give or take the solutions of its last
/// nodes, which count as nodes), as on one thread without the engine: with
/// no node at all it enters none and is stopped, even where one node would
/// have finished it.
#[test]
fn issue_20_a_node_budget_is_never_passed_on_threads() {
    let one_option = dlx_core::parse_dlx("a\na\n").unwrap();
    for problem in [queens(6), one_option] {
        let whole = Solver::new(&problem).count().value;
        for threads in [1, 2, 3] {
            let mut parallel = ParallelSolver::new(&problem).with_threads(threads).unwrap();
            parallel.set_slices(4, 1);
            for nodes in 0..40 {
                parallel.set_budget(Budget::new().with_nodes(nodes));
                let count = parallel.count();
                let stats = *parallel.stats();
                let case = format!("{nodes} nodes on {threads} threads");
                assert!(
                    stats.nodes <= nodes + stats.solutions,
                    "{case}: {} nodes entered",
                    stats.nodes
                );
                assert!(count.value <= whole, "{case}");
                if nodes == 0 {
                    assert_eq!(
                        (count.value, count.outcome, stats.nodes),
                        (Count::ZERO, Outcome::Stopped(Stop::Nodes), 0),
                        "{case}"
                    );
                }
            }
        }
    }
}

/// Issue 20: an ordered visit holds back the solutions of a task until the
/// tasks before it are done; stopped by its budget, the tasks cut short are
/// not done, so the visitor has the first solutions of the sequential
/// order, never a later one in place of one the threads did not reach.
#[test]
fn issue_20_an_ordered_visit_stopped_by_its_budget_gives_the_first_solutions() {
    let problem = queens(8);
    let mut solver = Solver::new(&problem);
    let sequential: Result<Vec<_>, Stop> = solver.solutions().collect();
    let sequential = sequential.expect("no budget");
    let nodes = solver.stats().nodes;
    for threads in [2, 3, 8] {
        let mut parallel = ParallelSolver::new(&problem).with_threads(threads).unwrap();
        parallel.set_slices(7, 3).set_ordered(true);
        // The small budgets stop the threads while the first task is still
        // on its way to the solutions of the first part of the tree.
        for budget in 1..nodes / 4 {
            parallel.set_budget(Budget::new().with_nodes(budget));
            let mut found = Vec::new();
            let flow = parallel.visit(|s| {
                found.push(s.to_vec());
                ControlFlow::<()>::Continue(())
            });
            let case = format!("{threads} threads, {budget} of {nodes} nodes");
            assert_eq!(
                flow,
                ControlFlow::Continue(Outcome::Stopped(Stop::Nodes)),
                "{case}"
            );
            assert_eq!(found, sequential[..found.len()], "{case}");
        }
    }
}
