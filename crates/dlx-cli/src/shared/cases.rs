//! Inputs of many cases (puzzle files, contest inputs): the cases answered
//! on the run's pool, the answers printed in input order as they come.
//!
//! One case is searched by one thread, as a whole: the cases are many and
//! mostly small, and handing whole cases out is all the balancing they need.
//! A case alone in its input is searched on all the run's threads instead:
//! [`Case::drive`], [`Case::count`], [`Case::min_options`] and
//! [`Case::min_cost`] run it with a [`ParallelSolver`] on the run's pool
//! (the same answers), and its minimum repeated covers search their rounds
//! there ([`Case::min_cover`], [`Case::cover_setup`]).
//!
//! Every search of a case draws on the run's budget, and the case records
//! how it ended: a case that a stop cut short prints nothing (its nodes
//! count in the partial statistics), and no case starts after a stop.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};

use anyhow::Context as _;
use dlx_core::{
    Answer, Budget, Costed, Count, Deepening, MinCover, Objective, OptionId, Outcome, Solver,
    Stats, Step,
};
use dlx_parallel::{Job, ParallelRounds, ParallelSolver, Pool, Progress};

use crate::shared::ledger::Ledger;
use crate::shared::progress::Watched;
use crate::shared::{out, Output, ResultExt as _, Run};

/// Nodes a case's search runs between two reports to the display.
const SLICE: u64 = 1 << 16;

/// How far the cases have got: the display's fraction is the share of cases done.
#[derive(Debug, Default)]
pub(crate) struct CaseProgress {
    total: u64,
    done: AtomicU64,
    /// Shared with the searches that count their nodes live ([`Case::cover_setup`]).
    nodes: Arc<AtomicU64>,
    solutions: AtomicU64,
    /// The progress of a parallel search of a case alone in its input, while it runs.
    live: Mutex<Option<Arc<Progress>>>,
    /// Where a minimum repeated cover's deepening is, while one runs ([`Case::cover_setup`]).
    deepening: Arc<Deepening>,
}

impl CaseProgress {
    fn live(&self) -> Option<Arc<Progress>> {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_live(&self, progress: Option<Arc<Progress>>) {
        *self.live.lock().unwrap_or_else(PoisonError::into_inner) = progress;
    }
}

impl Watched for CaseProgress {
    fn fraction(&self) -> f64 {
        if let Some(live) = self.live() {
            return live.fraction();
        }
        if self.total == 0 {
            return 1.0;
        }
        #[allow(clippy::cast_precision_loss, reason = "a fraction for people to read")]
        let fraction = self.done.load(Ordering::Relaxed) as f64 / self.total as f64;
        fraction
    }
    fn solutions(&self) -> u64 {
        let live = self.live().map_or(0, |live| live.solutions());
        self.solutions.load(Ordering::Relaxed) + live
    }
    fn nodes(&self) -> u64 {
        let live = self.live().map_or(0, |live| live.nodes());
        self.nodes.load(Ordering::Relaxed) + live
    }
    fn choices(&self) -> Vec<(u32, u32)> {
        self.live().map(|live| live.choices()).unwrap_or_default()
    }
    fn deepening(&self) -> Option<(u32, u32)> {
        // With many cases the fraction of cases done says more, and the
        // rounds of cases on several threads would interleave.
        let round = self.deepening.round();
        (round > 0 && self.total == 1).then(|| (round, self.deepening.bound()))
    }
}

/// What a case's search is given: the run's budget, the threads it may use,
/// and where its work is counted; and how its searches ended.
pub(crate) struct Case<'a> {
    progress: &'a CaseProgress,
    budget: Budget,
    /// The run's pool, for a case alone in its input; `None`: this thread only.
    pool: Option<Pool>,
    /// How the searches of this case ended, and their statistics.
    ledger: Ledger,
}

impl Case<'_> {
    /// Records a search of this case: its outcome and statistics; `live`:
    /// its nodes went to the display's count as they were entered.
    fn searched(&mut self, outcome: Outcome, stats: &Stats, live: bool) {
        if !live {
            self.progress
                .nodes
                .fetch_add(stats.nodes, Ordering::Relaxed);
        }
        self.progress
            .solutions
            .fetch_add(stats.solutions, Ordering::Relaxed);
        self.ledger.add_stats(stats);
        self.ledger.record(outcome);
    }

    /// A parallel search of `root` on the run's pool, within the budget, shown live.
    fn parallel(&self, pool: &Pool, root: Solver) -> ParallelSolver {
        let mut parallel = ParallelSolver::from_solver(root).with_pool(pool);
        parallel.set_budget(self.budget.clone());
        self.progress.set_live(Some(parallel.progress()));
        parallel
    }

    /// The end of a parallel search of this case.
    fn parallel_searched(&mut self, parallel: &ParallelSolver, outcome: Outcome) {
        self.progress.set_live(None);
        self.searched(outcome, parallel.stats(), false);
    }

    /// Runs `solver` to its end (or to a stop), calling `found` on each
    /// solution, in the sequential order, until it breaks; with up to
    /// `limit` solutions. On one thread it runs in slices of nodes so that
    /// the display sees the work as it goes; a case alone in its input runs
    /// on all the run's threads ([`ParallelSolver`] in ordered mode, the
    /// same solutions in the same order).
    pub(crate) fn drive(
        &mut self,
        mut solver: Solver,
        limit: Option<u64>,
        mut found: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> anyhow::Result<()> {
        if let Some(pool) = self.pool.clone() {
            let mut parallel = self.parallel(&pool, solver);
            parallel.set_limit(limit).set_ordered(true);
            let outcome = match parallel.visit(|solution| found(solution)) {
                ControlFlow::Continue(outcome) => outcome,
                // The caller's own end: complete for what it asked.
                ControlFlow::Break(()) => Outcome::LimitReached,
            };
            self.parallel_searched(&parallel, outcome);
            return Ok(());
        }
        solver.set_limit(limit).set_budget(self.budget.clone());
        let mut seen = *solver.stats();
        let outcome = loop {
            let step = solver.run(SLICE);
            let now = *solver.stats();
            self.progress
                .nodes
                .fetch_add(now.nodes - seen.nodes, Ordering::Relaxed);
            seen = now;
            match step {
                Step::Solution => {
                    if found(solver.solution()).is_break() {
                        break Outcome::LimitReached;
                    }
                }
                Step::Paused => {}
                Step::End(outcome) => break outcome,
            }
        };
        self.searched(outcome, &seen, true);
        Ok(())
    }

    /// Counts the solutions of `solver`, up to `limit`, as [`Case::drive`] runs it.
    pub(crate) fn count(&mut self, solver: Solver, limit: Option<u64>) -> anyhow::Result<Count> {
        if let Some(pool) = self.pool.clone() {
            let mut parallel = self.parallel(&pool, solver);
            parallel.set_limit(limit);
            let count = parallel.count();
            self.parallel_searched(&parallel, count.outcome);
            return Ok(count.value);
        }
        let mut n = 0u64;
        self.drive(solver, limit, |_| {
            n += 1;
            ControlFlow::Continue(())
        })?;
        Ok(Count::from(n))
    }

    /// The fewest options of a solution of `solver` ([`Solver::min_options`]),
    /// on all the run's threads for a case alone in its input.
    pub(crate) fn min_options(&mut self, solver: Solver) -> anyhow::Result<Option<Vec<OptionId>>> {
        Ok(self
            .best(solver, Objective::Options, 1)?
            .into_iter()
            .next()
            .map(|best| best.options))
    }

    /// The `k` cheapest solutions of `solver` ([`Solver::min_cost`]), on
    /// all the run's threads for a case alone in its input.
    pub(crate) fn min_cost(&mut self, solver: Solver, k: usize) -> anyhow::Result<Vec<Costed>> {
        self.best(solver, Objective::Cost, k)
    }

    fn best(
        &mut self,
        mut solver: Solver,
        objective: Objective,
        k: usize,
    ) -> anyhow::Result<Vec<Costed>> {
        if let Some(pool) = self.pool.clone() {
            let mut parallel = self.parallel(&pool, solver);
            let best = parallel.best(objective, k);
            self.parallel_searched(&parallel, best.outcome);
            return Ok(best.value);
        }
        solver.set_budget(self.budget.clone());
        let best = match objective {
            Objective::Options => solver.min_options().map(|best| {
                best.into_iter()
                    .map(|options| Costed {
                        cost: options.len() as u128,
                        options,
                    })
                    .collect()
            }),
            _ => solver.min_cost(k),
        };
        self.searched(best.outcome, solver.stats(), false);
        Ok(best.value)
    }

    /// What a minimum repeated cover of this case is set up with, beside its
    /// budget: the run's threads for its rounds (a case alone in its input),
    /// and the display's count of nodes, which it adds to as it goes.
    pub(crate) fn cover_setup(&self) -> impl Fn(&mut MinCover) {
        let rounds = self
            .pool
            .clone()
            .map(|pool| -> Arc<dyn dlx_core::subtree::RoundSearch> {
                Arc::new(ParallelRounds::with_pool(&pool))
            });
        let nodes = Arc::clone(&self.progress.nodes);
        let deepening = Arc::clone(&self.progress.deepening);
        move |cover: &mut MinCover| {
            cover
                .set_round_search(rounds.clone())
                .set_node_counter(Some(Arc::clone(&nodes)))
                .set_deepening(Some(Arc::clone(&deepening)));
        }
    }

    /// A minimum repeated cover of `cover`'s problem ([`MinCover::solve`]).
    pub(crate) fn min_cover(
        &mut self,
        mut cover: MinCover,
    ) -> anyhow::Result<Option<Vec<OptionId>>> {
        cover.set_budget(self.budget.clone());
        self.cover_setup()(&mut cover);
        let answer = cover.solve();
        self.searched(answer.outcome, cover.stats(), true);
        Ok(answer.value)
    }

    /// Runs a model's own search, which takes the budget and says how it
    /// ended, with its statistics; `live`: its nodes go to the display's
    /// count as they are entered (it was set up with [`Case::cover_setup`]).
    pub(crate) fn search<T>(
        &mut self,
        live: bool,
        search: impl FnOnce(&Budget) -> anyhow::Result<(Answer<T>, Stats)>,
    ) -> anyhow::Result<T> {
        let (answer, stats) = search(&self.budget)?;
        self.searched(answer.outcome, &stats, live);
        Ok(answer.value)
    }
}

/// Answers every case on `run`'s threads with `answer`, and hands
/// each answer to `emit` on this thread, in input order, as soon as the
/// answers before it are in. Shows the progress and keeps to the budget.
///
/// The first error (of `answer` or of `emit`) ends the run after the
/// answers before it are emitted; a stop (a signal or a budget) ends it
/// after the answers finished before it, and is the run's outcome. The
/// statistics of the cases answered, and of those a stop cut short, are
/// the run's ([`Run::stats`]).
pub(crate) fn answer_cases<C: Sync, T: Send>(
    run: &mut Run,
    cases: &[C],
    answer: impl Fn(&C, &mut Case) -> anyhow::Result<T> + Sync,
    mut emit: impl FnMut(usize, T) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let progress = CaseProgress {
        total: cases.len() as u64,
        ..CaseProgress::default()
    };
    let budget = run.budget();
    let pool = run.pool()?;
    let workers = pool.threads_for(Job::Cases(cases.len()));
    // A case alone in its input gets the run's threads.
    let alone = (cases.len() == 1 && pool.threads() > 1).then(|| pool.clone());
    let case = |progress| Case {
        progress,
        budget: budget.clone(),
        pool: alone.clone(),
        ledger: Ledger::default(),
    };
    let (result, ledger) = if workers == 1 {
        // One thread: the cases are answered and emitted on this one,
        // so that `--threads 1` takes one core.
        let work = || {
            let mut ledger = Ledger::default();
            for (index, this) in cases.iter().enumerate() {
                // No case starts once the budget is spent or the run cancelled.
                if let Err(stop) = budget.check() {
                    ledger.record(Outcome::Stopped(stop));
                    break;
                }
                let mut case = case(&progress);
                let result = answer(this, &mut case);
                ledger.absorb(&case.ledger);
                if case.ledger.stopped() {
                    break;
                }
                progress.done.fetch_add(1, Ordering::Relaxed);
                if let Err(err) = result.and_then(|answer| emit(index, answer)) {
                    return (Err(err), ledger);
                }
            }
            (Ok(()), ledger)
        };
        let progress = &progress;
        run.watch(progress, work)
    } else {
        let work = || {
            spread(
                &budget, &pool, workers, cases, &progress, &case, &answer, &mut emit,
            )
        };
        let progress = &progress;
        run.watch(progress, work)
    };
    run.ledger.absorb(&ledger);
    result
}

/// [`answer_cases`] on `workers` threads of `pool`: cases are taken a run
/// of `chunk` at a time and their answers sent together (a file of many
/// small puzzles, 49,158 sudokus answered in about a second, would
/// otherwise spend its time waking the printer), and printed here in
/// input order. Returns the first error, and the cases' ledger.
#[allow(clippy::too_many_arguments, reason = "one call site, in `cases`")]
fn spread<'p, C: Sync, T: Send>(
    budget: &Budget,
    pool: &Pool,
    workers: usize,
    cases: &[C],
    progress: &'p CaseProgress,
    case: &(impl Fn(&'p CaseProgress) -> Case<'p> + Sync),
    answer: &(impl Fn(&C, &mut Case) -> anyhow::Result<T> + Sync),
    emit: &mut impl FnMut(usize, T) -> anyhow::Result<()>,
) -> (anyhow::Result<()>, Ledger) {
    // A run is small enough that every thread gets many.
    let chunk = (cases.len() / (workers * 16)).clamp(1, 64);
    let next = AtomicUsize::new(0);
    // The index of the first case whose answer failed: no case after it starts.
    let failed = AtomicUsize::new(usize::MAX);
    // The cases' own end (an error printed, a stop): no case starts after it.
    let halt = AtomicBool::new(false);
    // The first stop of a case's search, and the work of the cases it
    // cut short: no answer, but nodes searched, which the partial
    // statistics count.
    let stopped: Mutex<Ledger> = Mutex::new(Ledger::default());
    type Sent<T> = Vec<(usize, anyhow::Result<T>, Ledger)>;
    let (sender, receiver) = mpsc::channel::<Sent<T>>();
    let mut result = Ok(());
    let mut ledger = Ledger::default();
    pool.in_place_scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, failed, halt, stopped) = (&next, &failed, &halt, &stopped);
            scope.spawn(move |_| loop {
                let first = next.fetch_add(chunk, Ordering::Relaxed);
                let mut answers = Vec::with_capacity(chunk);
                let mut ended = first >= cases.len();
                for (index, this) in cases.iter().enumerate().skip(first).take(chunk) {
                    if index > failed.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed) {
                        ended = true;
                        break;
                    }
                    if let Err(stop) = budget.check() {
                        let mut stopped = stopped.lock().unwrap_or_else(PoisonError::into_inner);
                        stopped.record(Outcome::Stopped(stop));
                        halt.store(true, Ordering::Relaxed);
                        ended = true;
                        break;
                    }
                    let mut case = case(progress);
                    let result = answer(this, &mut case);
                    if result.is_err() {
                        failed.fetch_min(index, Ordering::Relaxed);
                    }
                    // An answer cut short by a stop is no answer.
                    if case.ledger.stopped() {
                        let mut stopped = stopped.lock().unwrap_or_else(PoisonError::into_inner);
                        stopped.absorb(&case.ledger);
                        halt.store(true, Ordering::Relaxed);
                        ended = true;
                        break;
                    }
                    progress.done.fetch_add(1, Ordering::Relaxed);
                    answers.push((index, result, case.ledger));
                }
                if (!answers.is_empty() && sender.send(answers).is_err()) || ended {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut printed = 0;
        for (index, answered, case_ledger) in receiver.iter().flatten() {
            waiting.insert(index, (answered, case_ledger));
            while let Some((answered, case_ledger)) = waiting.remove(&printed) {
                ledger.absorb(&case_ledger);
                if let Err(err) = answered.and_then(|answer| emit(printed, answer)) {
                    // No answer is printed after an error: the threads
                    // stop (the cases' own halt, not a stop of the run).
                    failed.fetch_min(printed, Ordering::Relaxed);
                    halt.store(true, Ordering::Relaxed);
                    result = Err(err);
                    return;
                }
                printed += 1;
            }
        }
    });
    ledger.absorb(&stopped.lock().unwrap_or_else(PoisonError::into_inner));
    (result, ledger)
}

/// The cases of an input up to its first bad one, and that one's error:
/// the cases before it are answered, then the error ends the run.
pub(crate) fn until_error<C, E>(cases: impl Iterator<Item = Result<C, E>>) -> (Vec<C>, Option<E>) {
    let mut good = Vec::new();
    for case in cases {
        match case {
            Ok(case) => good.push(case),
            Err(err) => return (good, Some(err)),
        }
    }
    (good, None)
}

/// `--emit-dlx` for an input of cases: each case's problem in Knuth's
/// format, headed by a comment that names its line (`| the map of line 3 of
/// FILE`), a blank line between two. `encode` gives a case's line and its
/// problem as DLX text, or the model's error, which is bad input.
pub(crate) fn emit_dlx<C, E>(
    name: &str,
    what: &str,
    cases: &[C],
    encode: impl Fn(&C) -> (usize, Result<String, E>),
) -> anyhow::Result<()>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let mut output = Output::new();
    for (index, case) in cases.iter().enumerate() {
        let (line, text) = encode(case);
        let text = text
            .with_context(|| format!("in {name}, the {what} of line {line}"))
            .bad_input()?;
        if index > 0 {
            out!(output, "")?;
        }
        out!(output, "| the {what} of line {line} of {name}")?;
        out!(output, "{}", text.trim_end_matches('\n'))?;
    }
    output.flush()
}
