//! Issue 20, one way a search ends: a budget (nodes, time, a cancel flag) stops every search, which says how it ended, never writes its caller's flag, and shares its node pool with the budget's clones.

use std::fmt::Debug;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::memo::{Decision, PLAIN_FIRST_NODES};
use dlx_core::{
    count_solutions, parse_dlx, verify, Answer, Budget, Costed, Count, CountJob, CountMode,
    MemoCounter, MemoError, MemoSettings, MinCover, OptionId, Outcome, Problem, Solver, Step, Stop,
};
use proptest::prelude::*;

use crate::memo::dominoes;
use crate::properties::{bounds, brute_force, brute_force_min_cover, cases, problem_of, spec};
use crate::support::{count_answer, queens};

/// A search of a problem, run from its start under a budget: how it ended
/// and the nodes it entered.
type Search = fn(&Problem, Budget) -> (Outcome, u64);

/// Every search of the crate, by name, each run from the start under a budget.
fn searches() -> [(&'static str, Search); 14] {
    [
        ("Solver::count", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = solver.count().outcome;
            (outcome, solver.stats().nodes)
        }),
        ("Solver::visit", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let flow = solver.visit(|_| ControlFlow::<()>::Continue(()));
            let ControlFlow::Continue(outcome) = flow else {
                unreachable!("the visitor never breaks")
            };
            (outcome, solver.stats().nodes)
        }),
        ("Solver::next_solution", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = loop {
                match solver.next_solution() {
                    Ok(Some(_)) => {}
                    Ok(None) => break Outcome::Finished,
                    Err(stop) => break Outcome::Stopped(stop),
                }
            };
            (outcome, solver.stats().nodes)
        }),
        ("Solver::solutions", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let last = solver.solutions().last();
            let outcome = match last {
                Some(Err(stop)) => Outcome::Stopped(stop),
                Some(Ok(_)) | None => Outcome::Finished,
            };
            (outcome, solver.stats().nodes)
        }),
        ("Solver::run", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = loop {
                if let Step::End(outcome) = solver.run(7) {
                    break outcome;
                }
            };
            (outcome, solver.stats().nodes)
        }),
        ("Solver::first", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = solver.first().outcome;
            (outcome, solver.stats().nodes)
        }),
        ("Solver::min_options", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = solver.min_options().outcome;
            (outcome, solver.stats().nodes)
        }),
        ("Solver::min_cost", |problem, budget| {
            let mut solver = Solver::new(problem);
            solver.set_budget(budget);
            let outcome = solver.min_cost(3).outcome;
            (outcome, solver.stats().nodes)
        }),
        ("MinCover::solve", |problem, budget| {
            let mut search = MinCover::new(problem);
            search.set_budget(budget);
            let outcome = search.solve().outcome;
            (outcome, search.stats().nodes)
        }),
        ("MemoCounter::count", |problem, budget| {
            let mut counter = MemoCounter::new(problem, &MemoSettings::new()).unwrap();
            counter.set_budget(budget);
            let outcome = match counter.count() {
                Ok(_) => Outcome::Finished,
                Err(MemoError::Stopped(stop)) => Outcome::Stopped(stop),
                Err(err) => panic!("{err}"),
            };
            (outcome, counter.stats().nodes)
        }),
        ("count_solutions(Plain)", |problem, budget| {
            counted(problem, CountMode::Plain, &budget)
        }),
        ("count_solutions(Memo)", |problem, budget| {
            counted(problem, CountMode::Memo, &budget)
        }),
        ("count_solutions(Auto)", |problem, budget| {
            counted(problem, CountMode::Auto, &budget)
        }),
        ("decide_method", |problem, budget| {
            match decide(problem, &budget) {
                Decision::Done(counted) => (Outcome::Finished, counted.nodes()),
                Decision::Memo {
                    mut counter, plain, ..
                } => {
                    let outcome = match counter.count() {
                        Ok(_) => Outcome::Finished,
                        Err(MemoError::Stopped(stop)) => Outcome::Stopped(stop),
                        Err(err) => panic!("{err}"),
                    };
                    (outcome, plain.nodes + counter.stats().nodes)
                }
                Decision::Plain {
                    mut solver, memo, ..
                } => {
                    let outcome = solver.count().outcome;
                    (outcome, solver.stats().nodes + memo.nodes)
                }
                other => panic!("no matchings were given: {other:?}"),
            }
        }),
    ]
}

/// A count by [`count_solutions`]: how it ended and the nodes of both searches.
fn counted(problem: &Problem, mode: CountMode, budget: &Budget) -> (Outcome, u64) {
    let counted = count_solutions(problem, &MemoSettings::new(), mode, budget).unwrap();
    (counted.outcome, counted.plain.nodes + counted.memo.nodes)
}

/// Runs every search of `problem` under the budget `make` gives (a new one
/// for each search, around the caller's `cancel` flag) and checks how each
/// ended, that the flag is as `raised` says before and after, and that the
/// nodes entered are within `max_nodes`.
#[track_caller]
fn check(
    problem: &Problem,
    make: impl Fn(&Arc<AtomicBool>) -> Budget,
    raised: bool,
    expected: Outcome,
    max_nodes: u64,
) {
    for (name, search) in searches() {
        let cancel = Arc::new(AtomicBool::new(raised));
        let (outcome, nodes) = search(problem, make(&cancel));
        assert_eq!(outcome, expected, "{name}");
        assert!(nodes <= max_nodes, "{name}: {nodes} nodes");
        assert_eq!(
            cancel.load(Ordering::Relaxed),
            raised,
            "{name} wrote its caller's cancel flag"
        );
    }
}

#[test]
fn issue_20_no_search_writes_its_callers_cancel_flag() {
    let problem = parse_dlx(&queens(8)).unwrap();
    let cancelled = |cancel: &Arc<AtomicBool>| Budget::new().with_cancel(Arc::clone(cancel));
    // Raised before: every search stops at once, and leaves it raised.
    check(
        &problem,
        cancelled,
        true,
        Outcome::Stopped(Stop::Cancelled),
        0,
    );
    // Down, with a node budget that stops every search: it stays down.
    let three_nodes = |cancel: &Arc<AtomicBool>| cancelled(cancel).with_nodes(3);
    check(
        &problem,
        three_nodes,
        false,
        Outcome::Stopped(Stop::Nodes),
        3,
    );
}

#[test]
fn issue_20_a_solution_limit_or_a_visitor_leaves_the_cancel_flag_down() {
    let problem = parse_dlx(&queens(8)).unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::new().with_cancel(Arc::clone(&cancel));
    let mut solver = Solver::new(&problem);
    solver.set_budget(budget.clone()).set_limit(Some(5));
    assert_eq!(solver.count(), count_answer(5, Outcome::LimitReached));
    assert_eq!(solver.next_solution(), Ok(None), "the limit is reached");
    let mut solver = Solver::new(&problem);
    solver.set_budget(budget.clone());
    let mut seen = 0;
    let flow = solver.visit(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(flow, ControlFlow::Break(()));
    let first = Solver::new(&problem).first();
    assert_eq!(first.outcome, Outcome::LimitReached);
    let mut solver = Solver::new(&problem);
    solver.set_budget(budget);
    assert_eq!(solver.first(), first);
    assert!(!cancel.load(Ordering::Relaxed));
}

#[test]
fn issue_20_a_deadline_in_the_past_stops_every_search_at_once() {
    let problem = parse_dlx(&queens(8)).unwrap();
    // `Instant` is monotonic: by the time a search reads the clock, now has passed.
    let past = Instant::now();
    let late = |cancel: &Arc<AtomicBool>| {
        Budget::new()
            .with_deadline(past)
            .with_cancel(Arc::clone(cancel))
    };
    check(&problem, late, false, Outcome::Stopped(Stop::Time), 0);
}

#[test]
fn issue_20_a_time_limit_stops_a_long_count_within_a_second_of_it() {
    // 16 queens have 14,772,512 solutions: far more than 200 ms of counting.
    let problem = parse_dlx(&queens(16)).unwrap();
    let limit = Duration::from_millis(200);
    let counts = [
        "Solver::count",
        "Solver::visit",
        "MemoCounter::count",
        "count_solutions(Plain)",
        "count_solutions(Memo)",
        "count_solutions(Auto)",
    ];
    for (name, search) in searches()
        .into_iter()
        .filter(|(name, _)| counts.contains(name))
    {
        let started = Instant::now();
        let (outcome, _) = search(&problem, Budget::new().with_time(limit));
        let took = started.elapsed();
        assert_eq!(outcome, Outcome::Stopped(Stop::Time), "{name}");
        // The only timing assertion of the suite: it bounds how late a stop
        // lands (the search reads the clock every few milliseconds), not
        // how fast anything runs.
        assert!(
            took >= limit && took < limit + Duration::from_secs(1),
            "{name} stopped after {took:?}"
        );
    }
}

#[test]
fn issue_20_clones_of_a_budget_share_one_node_pool() {
    let eight = parse_dlx(&queens(8)).unwrap();
    let mut whole = Solver::new(&eight);
    assert!(whole.count().is_complete());
    let all = whole.stats().nodes;

    // The first search finishes and leaves 500 nodes in the pool.
    let budget = Budget::new().with_nodes(all + 500);
    let mut first = Solver::new(&eight);
    first.set_budget(budget.clone());
    assert_eq!(first.count(), count_answer(92, Outcome::Finished));
    assert_eq!(budget.nodes_left(), Some(500));

    // The second stops where a search with a pool of its own of 500 stops.
    let mut second = Solver::new(&eight);
    second.set_budget(budget.clone());
    let mut alone = Solver::new(&eight);
    alone.set_budget(Budget::new().with_nodes(500));
    let (shared, own) = (second.count(), alone.count());
    assert_eq!(shared.outcome, Outcome::Stopped(Stop::Nodes));
    assert_eq!(shared, own);
    assert_eq!(second.stats(), alone.stats());
    assert_eq!(budget.nodes_left(), Some(0));

    // Every search after them, of any kind, stops before its first node.
    check(
        &eight,
        |cancel| budget.clone().with_cancel(Arc::clone(cancel)),
        false,
        Outcome::Stopped(Stop::Nodes),
        0,
    );

    // Across kinds of search: a count finishes and leaves 3 nodes, a
    // repeated cover (which needs 8 at least) takes exactly those, and the
    // memoised count after it finds the pool empty.
    let four = parse_dlx(&queens(4)).unwrap();
    let mut count = Solver::new(&four);
    assert!(count.count().is_complete());
    let budget = Budget::new().with_nodes(count.stats().nodes + 3);
    let mut count = Solver::new(&four);
    count.set_budget(budget.clone());
    assert_eq!(count.count(), count_answer(2, Outcome::Finished));
    assert_eq!(budget.nodes_left(), Some(3));
    let mut cover = MinCover::new(&eight);
    cover.set_budget(budget.clone());
    assert_eq!(
        cover.solve(),
        Answer::new(None, Outcome::Stopped(Stop::Nodes))
    );
    assert_eq!(cover.stats().nodes, 3);
    assert_eq!(budget.nodes_left(), Some(0));
    let mut counter = MemoCounter::new(&eight, &MemoSettings::new()).unwrap();
    counter.set_budget(budget.clone());
    assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Nodes)));
    assert_eq!(counter.stats().nodes, 0);

    // A budget given a new pool no longer shares the old one.
    let renewed = budget.clone().with_nodes(10);
    assert_eq!(
        (budget.nodes_left(), renewed.nodes_left()),
        (Some(0), Some(10))
    );
}

#[test]
fn issue_20_a_node_budget_stops_a_count_and_says_so() {
    let problem = parse_dlx(&queens(8)).unwrap();
    let mut whole = Solver::new(&problem);
    let all = whole.count();
    assert_eq!(all, count_answer(92, Outcome::Finished));

    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_nodes(100));
    let part = solver.count();
    assert_eq!(part.outcome, Outcome::Stopped(Stop::Nodes));
    assert_eq!(part.clone().complete(), Err(Stop::Nodes));
    assert!(part.value < 92u64, "{part:?}");
    assert!(solver.stats().nodes >= 100 && solver.stats().nodes < whole.stats().nodes);
    assert!(!solver.is_done());
    // The pool is empty: asking again stops again, at once.
    assert_eq!(solver.run(1), Step::End(Outcome::Stopped(Stop::Nodes)));
    assert_eq!(solver.next_solution(), Err(Stop::Nodes));
    // A new budget resumes where the count stopped: together, the whole.
    solver.set_budget(Budget::new());
    let rest = solver.count();
    assert_eq!(rest.outcome, Outcome::Finished);
    assert_eq!(part.value + rest.value, 92u64);
    assert_eq!(solver.stats(), whole.stats());
}

/// 8 queens with a cost on each square: `(3 r + 5 c) mod 7`.
fn costly_queens() -> Problem {
    let mut problem = parse_dlx(&queens(8)).unwrap();
    let costs: Vec<u64> = (0..8)
        .flat_map(|r| (0..8).map(move |c| (3 * r + 5 * c) % 7))
        .collect();
    for (option, cost) in problem
        .option_ids()
        .collect::<Vec<_>>()
        .into_iter()
        .zip(costs)
    {
        problem.set_cost(option, cost).unwrap();
    }
    problem
}

#[test]
fn issue_20_min_cost_stopped_is_not_proven() {
    let problem = costly_queens();
    let proven = Solver::new(&problem).min_cost(3);
    assert_eq!(proven.outcome, Outcome::Finished);
    assert_eq!(proven.value.len(), 3);
    for nodes in [0, 10, 50, 200] {
        let mut solver = Solver::new(&problem);
        solver.set_budget(Budget::new().with_nodes(nodes));
        let ranked = solver.min_cost(3);
        assert!(!ranked.is_complete(), "{nodes} nodes: {ranked:?}");
        assert_eq!(ranked.outcome, Outcome::Stopped(Stop::Nodes));
        check_ranked(&problem, &ranked.value, &proven.value);
        solver.check_links().unwrap();
    }
    // The fewest options likewise: the best found so far, not proven.
    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_nodes(20));
    let best = solver.min_options();
    assert_eq!(best.outcome, Outcome::Stopped(Stop::Nodes));
    assert_eq!(best.complete(), Err(Stop::Nodes));
}

#[test]
fn a_fresh_decision_runs_no_plain_count_beside_the_probe() {
    // 14-queens: no subproblem repeats enough for memoisation to pay, and
    // the plain count is far longer than the probe (365,596 solutions).
    let problem = parse_dlx(&queens(14)).unwrap();
    match decide_fresh(&problem, &Budget::new()) {
        Decision::Plain { solver, memo, .. } => {
            assert_eq!(
                solver.stats().nodes,
                PLAIN_FIRST_NODES,
                "no plain count beside"
            );
            assert!(memo.nodes > 0, "the probe ran");
        }
        _ => panic!("queens are counted plainly"),
    }
    match decide(&problem, &Budget::new()) {
        Decision::Plain { solver, .. } => assert!(solver.stats().nodes > PLAIN_FIRST_NODES),
        _ => panic!("queens are counted plainly"),
    }
    // Small problems are counted at once either way.
    let small = parse_dlx(&queens(6)).unwrap();
    match decide_fresh(&small, &Budget::new()) {
        Decision::Done(counted) => assert_eq!(counted.count, Some(Count::from(4u64))),
        _ => panic!("6-queens within the first plain nodes"),
    }
}

#[test]
fn issue_20_the_memo_probe_reads_the_budget() {
    // The 10 x 10 board's 258,584,046,368 tilings: the plain count would
    // run for hours, and the memoised count pays.
    let board = dominoes(10, 10);
    let settings = MemoSettings::new();
    let plain_with = |budget: &Budget| match decide(&board, budget) {
        Decision::Plain { solver, memo, .. } => (solver, memo),
        Decision::Done { .. } => panic!("the count finished"),
        Decision::Memo { .. } => panic!("the budget was spent, yet memoisation goes on"),
        other => panic!("no matchings were given: {other:?}"),
    };

    // A tiny node budget: the first plain slice stops, and the solver says so.
    let budget = Budget::new().with_nodes(10);
    let (mut solver, memo) = plain_with(&budget);
    assert_eq!((solver.stats().nodes, memo.nodes), (10, 0), "no probe ran");
    assert_eq!(
        solver.count(),
        count_answer(0, Outcome::Stopped(Stop::Nodes))
    );

    // A deadline already past: nothing runs.
    let (mut solver, memo) = plain_with(&Budget::new().with_deadline(Instant::now()));
    assert_eq!((solver.stats().nodes, memo.nodes), (0, 0));
    assert_eq!(
        solver.count(),
        count_answer(0, Outcome::Stopped(Stop::Time))
    );

    // Enough for the plain slice but not for the probe: the probe stops
    // with the budget, and the plain count ends at once.
    let budget = Budget::new().with_nodes(PLAIN_FIRST_NODES + 100);
    let (mut solver, memo) = plain_with(&budget);
    assert_eq!((solver.stats().nodes, memo.nodes), (PLAIN_FIRST_NODES, 100));
    assert_eq!(budget.nodes_left(), Some(0));
    assert_eq!(solver.count().outcome, Outcome::Stopped(Stop::Nodes));

    // And the same through count_solutions: a partial plain count.
    let counted = count_solutions(&board, &settings, CountMode::Auto, &budget).unwrap();
    assert_eq!(counted.outcome, Outcome::Stopped(Stop::Nodes));
    assert_eq!((counted.plain.nodes, counted.memo.nodes), (0, 0));
    assert_eq!(counted.count, Some(Count::ZERO));
}

#[test]
fn issue_20_a_memoised_count_stopped_by_its_budget_has_no_value_and_resumes() {
    let board = dominoes(8, 9);
    let mut whole = MemoCounter::new(&board, &MemoSettings::new()).unwrap();
    let all = whole.count().unwrap();
    let mut counter = MemoCounter::new(&board, &MemoSettings::new()).unwrap();
    counter.set_budget(Budget::new().with_nodes(50));
    assert_eq!(counter.count(), Err(MemoError::Stopped(Stop::Nodes)));
    assert_eq!(counter.stats().nodes, 50);
    let counted = count_solutions(
        &board,
        &MemoSettings::new(),
        CountMode::Memo,
        &Budget::new().with_nodes(50),
    )
    .unwrap();
    assert_eq!(
        (counted.count, counted.outcome),
        (None, Outcome::Stopped(Stop::Nodes))
    );
    // A new budget goes on from where it stopped.
    counter.set_budget(Budget::new());
    assert_eq!(counter.count(), Ok(all));
    assert_eq!(counter.stats().nodes, whole.stats().nodes);
}

#[test]
fn issue_20_a_memory_budget_caps_the_memoised_count_without_stopping_it() {
    let board = dominoes(8, 9);
    let memory = 256 << 10;
    let budget = Budget::new().with_memory(memory);
    let counted = count_solutions(&board, &MemoSettings::new(), CountMode::Memo, &budget).unwrap();
    let mut plain = MemoCounter::new(&board, &MemoSettings::new()).unwrap();
    assert_eq!(counted.count, Some(plain.count().unwrap()));
    assert_eq!(counted.outcome, Outcome::Finished);
    assert!(
        counted.cache.peak_bytes <= memory as u64,
        "{:?}",
        counted.cache
    );
}

/// The best `k` found before a stop, checked against the proven best:
/// solutions, cheapest first, each at least as dear as the proven one of
/// its rank.
#[track_caller]
fn check_ranked(problem: &Problem, found: &[Costed], proven: &[Costed]) {
    assert!(
        found.windows(2).all(|w| w[0].cost <= w[1].cost),
        "{found:?}"
    );
    for (rank, solution) in found.iter().enumerate() {
        assert_eq!(verify(problem, &solution.options), Ok(()));
        assert_eq!(problem.total_cost(&solution.options), solution.cost);
        assert!(rank < proven.len() && solution.cost >= proven[rank].cost);
    }
}

/// Checks one search of a random problem under a node budget of `pick`
/// modulo its unbounded node count plus 2 (so from none to one past all),
/// and of exactly its unbounded node count, against the search unbounded:
/// - unbounded, it finishes (or reaches a limit it sets itself);
/// - budgeted, it is complete if and only if it entered every node of the
///   unbounded search, and then it gives the unbounded answer;
/// - otherwise the node budget stopped it, having entered fewer, and
///   `partial` accepts what it found so far against the whole answer;
/// - a budget of the unbounded node count always finishes (a search
///   whose last steps only backtrack or prune ends with its pool empty);
/// - the pool is left with what the search did not spend, and the
///   caller's cancel flag stays down.
///
/// `run` runs the search from the start under a budget and returns its
/// answer and the nodes it entered. Returns the unbounded answer.
#[track_caller]
fn check_budgeted<T: PartialEq + Debug>(
    name: &str,
    pick: u64,
    run: impl Fn(Budget) -> (Answer<T>, u64),
    partial: impl Fn(&T, &T),
) -> T {
    let (whole, all) = run(Budget::new());
    assert!(whole.is_complete(), "{name}, unbounded: {whole:?}");
    for nodes in [pick % (all + 2), all] {
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::new()
            .with_nodes(nodes)
            .with_cancel(Arc::clone(&cancel));
        let (answer, entered) = run(budget.clone());
        let at = format!("{name}, {nodes} of {all} nodes, {entered} entered");
        if answer.is_complete() {
            assert_eq!(entered, all, "{at}: complete, but the tree is not explored");
            assert_eq!(answer, whole, "{at}");
        } else {
            assert_eq!(answer.outcome, Outcome::Stopped(Stop::Nodes), "{at}");
            assert!(entered < all, "{at}: stopped, yet the tree is explored");
            assert!(nodes < all, "{at}: a budget of every node stopped it");
            partial(&answer.value, &whole.value);
        }
        assert_eq!(
            budget.nodes_left(),
            Some(nodes.saturating_sub(entered)),
            "{at}"
        );
        assert!(!cancel.load(Ordering::Relaxed), "{at}: the flag was raised");
    }
    whole.value
}

/// Issue 20's contract for every search of a random problem (colors,
/// multiplicities, costs) under a random node budget.
#[track_caller]
fn check_searches(problem: &Problem, pick: u64, k: usize) {
    let expected = brute_force(problem);
    let solver = |budget: Budget| {
        let mut solver = Solver::new(problem);
        solver.set_budget(budget);
        solver
    };

    let count = check_budgeted(
        "count",
        pick,
        |budget| {
            let mut solver = solver(budget);
            let count = solver.count();
            assert_eq!(count.value, solver.stats().solutions);
            (count, solver.stats().nodes)
        },
        |part, whole| assert!(part <= whole, "{part} of {whole}"),
    );
    assert_eq!(count, expected.len() as u64, "the brute-force count");

    // A count stopped and resumed under a new budget adds up to the whole.
    let mut whole = solver(Budget::new());
    let all = whole.count();
    let mut resumed = solver(Budget::new().with_nodes(pick % (whole.stats().nodes + 2)));
    let part = resumed.count();
    resumed.set_budget(Budget::new());
    let rest = resumed.count();
    assert_eq!(rest.outcome, Outcome::Finished);
    assert_eq!(part.value + rest.value, all.value);
    assert_eq!(resumed.stats(), whole.stats());

    // The listings: a stopped one found a prefix of the solutions.
    let prefix = |part: &Vec<Vec<OptionId>>, whole: &Vec<Vec<OptionId>>| {
        assert!(whole.starts_with(part), "{part:?} of {whole:?}");
    };
    let listed = check_budgeted(
        "visit",
        pick,
        |budget| {
            let mut solver = solver(budget);
            let mut found = Vec::new();
            let flow = solver.visit(|s| {
                found.push(s.to_vec());
                ControlFlow::<()>::Continue(())
            });
            let ControlFlow::Continue(outcome) = flow else {
                unreachable!("the visitor never breaks")
            };
            (Answer::new(found, outcome), solver.stats().nodes)
        },
        prefix,
    );
    for solution in &listed {
        assert_eq!(verify(problem, solution), Ok(()));
    }
    assert_eq!(listed.len(), expected.len());
    check_budgeted(
        "next_solution",
        pick,
        |budget| {
            let mut solver = solver(budget);
            let mut found = Vec::new();
            let outcome = loop {
                match solver.next_solution() {
                    Ok(Some(s)) => found.push(s.to_vec()),
                    Ok(None) => break Outcome::Finished,
                    Err(stop) => break Outcome::Stopped(stop),
                }
            };
            (Answer::new(found, outcome), solver.stats().nodes)
        },
        prefix,
    );
    check_budgeted(
        "first",
        pick,
        |budget| {
            let mut solver = solver(budget);
            (solver.first(), solver.stats().nodes)
        },
        |part, _| assert_eq!(part, &None),
    );

    // The optimising searches: a stopped one has the best found so far.
    let fewest = check_budgeted(
        "min_options",
        pick,
        |budget| {
            let mut solver = solver(budget);
            let best = solver.min_options();
            solver.check_links().unwrap();
            (best, solver.stats().nodes)
        },
        |part, whole| {
            if let Some(part) = part {
                assert_eq!(verify(problem, part), Ok(()));
                let whole = whole.as_ref().expect("a solution was found");
                assert!(part.len() >= whole.len());
            }
        },
    );
    assert_eq!(
        fewest.map(|s| s.len()),
        expected.iter().map(Vec::len).min(),
        "the brute-force minimum"
    );
    let ranked = check_budgeted(
        "min_cost",
        pick,
        |budget| {
            let mut solver = solver(budget);
            let ranked = solver.min_cost(k);
            solver.check_links().unwrap();
            (ranked, solver.stats().nodes)
        },
        |part, whole| check_ranked(problem, part, whole),
    );
    let mut costs: Vec<u128> = expected.iter().map(|s| problem.total_cost(s)).collect();
    costs.sort_unstable();
    costs.truncate(k);
    assert_eq!(ranked.iter().map(|s| s.cost).collect::<Vec<_>>(), costs);

    let cover = check_budgeted(
        "MinCover::solve",
        pick,
        |budget| {
            let mut search = MinCover::new(problem);
            search.set_budget(budget);
            let cover = search.solve();
            (cover, search.stats().nodes)
        },
        |part, _| assert_eq!(part, &None),
    );
    assert_eq!(cover.map(|c| c.len()), brute_force_min_cover(problem));

    // The counts of count_solutions: the plain one's stopped count is
    // partial, the memoised one's has no value.
    let memo_refused = MemoCounter::new(problem, &MemoSettings::new()).is_err();
    // Past its first plain slice the automatic choice reads the clock, and
    // its nodes are no longer the same from one run to the next.
    let clocked = whole.stats().nodes > PLAIN_FIRST_NODES;
    for mode in [CountMode::Plain, CountMode::Memo, CountMode::Auto] {
        if (mode == CountMode::Memo && memo_refused) || (mode == CountMode::Auto && clocked) {
            continue;
        }
        let counted = check_budgeted(
            &format!("count_solutions({mode:?})"),
            pick,
            |budget| {
                let counted =
                    count_solutions(problem, &MemoSettings::new(), mode, &budget).expect("counted");
                (
                    Answer::new(counted.count, counted.outcome),
                    counted.plain.nodes + counted.memo.nodes,
                )
            },
            |part, whole| match (mode, part) {
                (CountMode::Memo, _) => assert_eq!(part, &None),
                (_, Some(part)) => assert!(Some(part) <= whole.as_ref()),
                (_, None) => panic!("a plain count always has a value"),
            },
        );
        assert_eq!(
            counted,
            Some(Count::from(expected.len() as u64)),
            "{mode:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Issue 20: every search of a random problem (colors, multiplicities,
    /// costs) under a random node budget is complete if and only if it
    /// explored its whole tree, and then gives the answer of the search
    /// without a budget and of brute force; stopped, it says so and gives
    /// what it found so far; a budget of every node always finishes.
    #[test]
    fn issue_20_a_node_budget_stops_every_search_and_says_so(
        spec in spec(),
        bounds in bounds(8),
        algorithm_m: bool,
        pick: u64,
        k in 1usize..4,
    ) {
        check_searches(&problem_of(&spec, &bounds, algorithm_m), pick, k);
    }
}

/// The decision of a [`CountJob`] under `budget` (the plain count beside the probe).
fn decide(problem: &Problem, budget: &Budget) -> Decision {
    let mut job = CountJob::new(problem, &MemoSettings::new(), CountMode::Auto).unwrap();
    job.set_budget(budget.clone());
    job.decide()
}

/// [`decide`] for a count that goes on on threads: no plain count beside the probe.
fn decide_fresh(problem: &Problem, budget: &Budget) -> Decision {
    let mut job = CountJob::new(problem, &MemoSettings::new(), CountMode::Auto).unwrap();
    job.set_budget(budget.clone()).plain_elsewhere();
    job.decide()
}
