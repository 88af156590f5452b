//! Inputs of many cases (puzzle files, contest inputs): the cases answered
//! on the run's threads, the answers printed in input order as they come.
//!
//! One case is searched by one thread, as a whole: the cases are many and
//! mostly small, and handing whole cases out is all the balancing they need.
//! A case alone in its input is searched on all the run's threads instead:
//! [`Case::drive`], [`Case::count`] and [`Case::min_options`] run it with a
//! [`ParallelSolver`] (the same answers), and a minimum repeated cover takes
//! them through [`Case::round_search`].

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};

use dlx_core::{Optimum, OptionId, RoundSearch, Solver, Stats, Step};
use dlx_parallel::{ParallelRounds, ParallelSolver};

use anyhow::Context as _;

use crate::shared::run::Watched;
use crate::shared::{out, Output, ResultExt as _, Run};

/// Nodes a case's search runs between two looks at the stop flag and the budget.
const SLICE: u64 = 1 << 16;

/// How far the cases have got: the display's fraction is the share of cases done.
#[derive(Debug, Default)]
pub(crate) struct CaseProgress {
    total: u64,
    /// `--max-nodes`.
    max_nodes: Option<u64>,
    done: AtomicU64,
    /// Shared with the searches that count their nodes live ([`Case::node_counter`]).
    nodes: Arc<AtomicU64>,
    solutions: AtomicU64,
}

impl Watched for CaseProgress {
    fn fraction(&self) -> f64 {
        if self.total == 0 {
            return 1.0;
        }
        #[allow(clippy::cast_precision_loss, reason = "a fraction for people to read")]
        let fraction = self.done.load(Ordering::Relaxed) as f64 / self.total as f64;
        fraction
    }
    fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }
    fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// What a case's search is given: the stop flag, and where to count its work.
pub(crate) struct Case<'a> {
    progress: &'a CaseProgress,
    stop: &'a Arc<AtomicBool>,
    /// Knuth's statistics of the searches of this case.
    stats: Stats,
    /// The threads this case's search may use: the run's for an input of
    /// one case, 1 when the cases are spread over the threads.
    threads: usize,
}

impl Case<'_> {
    /// The run's stop flag, for a search that takes one (an optimiser).
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(self.stop)
    }

    /// Whether the run was stopped: the case's answer is then not printed.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The nodes left of `--max-nodes` (all threads together), as the node
    /// limit of a search that runs as a whole ([`Solver::set_node_limit`],
    /// [`dlx_core::MinCover::set_node_limit`]).
    pub(crate) fn node_limit(&self) -> Option<u64> {
        let spent = self.progress.nodes.load(Ordering::Relaxed);
        self.progress.max_nodes.map(|max| max.saturating_sub(spent))
    }

    /// Counts a finished search's statistics into the case's and the
    /// display's; `limited`: it stopped at its [`Case::node_limit`], which
    /// stops the run.
    pub(crate) fn searched(&mut self, stats: &Stats, limited: bool) {
        self.progress
            .nodes
            .fetch_add(stats.nodes, Ordering::Relaxed);
        self.searched_live(stats, limited);
    }

    /// What searches the rounds of a minimum repeated cover
    /// ([`dlx_core::MinCover::set_round_search`]): the run's threads for a
    /// case alone in its input, its own thread (`None`) otherwise.
    pub(crate) fn round_search(&self) -> anyhow::Result<Option<Arc<dyn RoundSearch>>> {
        if self.threads <= 1 {
            return Ok(None);
        }
        let rounds =
            ParallelRounds::with_threads(self.threads).context("cannot start the threads")?;
        Ok(Some(Arc::new(rounds)))
    }

    /// The display's count of nodes, for a search that adds its nodes to it
    /// as it enters them ([`dlx_core::MinCover::set_node_counter`]), so that
    /// a long search shows them while it runs; its statistics are then
    /// counted with [`Case::searched_live`].
    pub(crate) fn node_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.progress.nodes)
    }

    /// As [`Case::searched`], for a search whose nodes went to
    /// [`Case::node_counter`] as it ran.
    pub(crate) fn searched_live(&mut self, stats: &Stats, limited: bool) {
        self.progress
            .solutions
            .fetch_add(stats.solutions, Ordering::Relaxed);
        self.stats += *stats;
        if limited {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Runs `solver` to its end (or to the run's stop), calling `found` on
    /// each solution, in the sequential order, until it breaks; with up to
    /// `limit` solutions. On one thread it runs in slices of nodes so that
    /// the display and `--max-nodes` see the work as it goes; a case alone
    /// in its input runs on all the run's threads ([`ParallelSolver`] in
    /// ordered mode, the same solutions in the same order).
    pub(crate) fn drive(
        &mut self,
        mut solver: Solver,
        limit: Option<u64>,
        mut found: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> anyhow::Result<()> {
        if self.threads > 1 {
            let mut parallel = self.parallel(solver)?;
            parallel.set_limit(limit).set_ordered(true);
            self.linked(&mut parallel, |parallel| {
                let _ = parallel.visit(|solution| found(solution));
            });
            self.searched(parallel.stats(), parallel.budget_spent());
            return Ok(());
        }
        solver.set_limit(limit);
        // The nodes left of `--max-nodes` bound this search too: a case
        // smaller than a slice would otherwise finish before the watcher looks.
        let limit = self
            .node_limit()
            .map(|left| left.saturating_add(solver.stats().nodes));
        solver
            .set_stop_flag(Arc::clone(self.stop))
            .set_node_limit(limit);
        let mut seen = *solver.stats();
        loop {
            let step = solver.run(SLICE);
            let now = *solver.stats();
            self.progress
                .nodes
                .fetch_add(now.nodes - seen.nodes, Ordering::Relaxed);
            self.progress
                .solutions
                .fetch_add(now.solutions - seen.solutions, Ordering::Relaxed);
            seen = now;
            match step {
                Step::Solution => {
                    if found(solver.solution()).is_break() {
                        break;
                    }
                }
                Step::Paused => {}
                Step::Stopped | Step::Done => break,
            }
        }
        if solver.node_limit_reached() {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stats += seen;
        Ok(())
    }

    /// A parallel search of `root` on this case's threads, within what is
    /// left of `--max-nodes` (its flag is set by [`Case::linked`]).
    fn parallel(&self, root: Solver) -> anyhow::Result<ParallelSolver<'static>> {
        let mut parallel = ParallelSolver::from_solver(root)
            .with_threads(self.threads)
            .context("cannot start the threads")?;
        parallel.set_node_budget(self.node_limit());
        Ok(parallel)
    }

    /// Runs `search` on `parallel` with a stop flag of its own, raised when
    /// the run's is (looked at every few milliseconds): the parallel search
    /// raises its flag itself when it ends early (a limit, a `Break`), which
    /// must not stop the run.
    fn linked<T>(
        &self,
        parallel: &mut ParallelSolver<'static>,
        search: impl FnOnce(&mut ParallelSolver<'static>) -> T,
    ) -> T {
        let own = Arc::new(AtomicBool::new(self.stop.load(Ordering::Relaxed)));
        parallel.set_stop_flag(Arc::clone(&own));
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if self.stop.load(Ordering::Relaxed) {
                        own.store(true, Ordering::Relaxed);
                        break;
                    }
                    std::thread::park_timeout(std::time::Duration::from_millis(5));
                }
            });
            let result = search(parallel);
            done.store(true, Ordering::Relaxed);
            // Woken, the watcher ends at once rather than at its next look.
            watcher.thread().unpark();
            result
        })
    }

    /// The fewest options of a solution of `solver` ([`Solver::min_options`]),
    /// on all the run's threads for a case alone in its input.
    pub(crate) fn min_options(&mut self, mut solver: Solver) -> anyhow::Result<Optimum> {
        if self.threads > 1 {
            let mut parallel = self.parallel(solver)?;
            let optimum = self.linked(&mut parallel, ParallelSolver::min_options);
            self.searched(parallel.stats(), parallel.budget_spent());
            return Ok(optimum);
        }
        solver
            .set_stop_flag(Arc::clone(self.stop))
            .set_node_limit(self.node_limit());
        let optimum = solver.min_options();
        self.searched(solver.stats(), solver.node_limit_reached());
        Ok(optimum)
    }

    /// Counts the solutions of `solver`, up to `limit`, as [`Case::drive`] runs it.
    pub(crate) fn count(&mut self, solver: Solver, limit: Option<u64>) -> anyhow::Result<u64> {
        if self.threads > 1 {
            let mut parallel = self.parallel(solver)?;
            parallel.set_limit(limit);
            let count = self.linked(&mut parallel, ParallelSolver::count);
            self.searched(parallel.stats(), parallel.budget_spent());
            return Ok(count);
        }
        let mut n = 0;
        self.drive(solver, limit, |_| {
            n += 1;
            ControlFlow::Continue(())
        })?;
        Ok(n)
    }
}

impl Run {
    /// Answers every case on this run's threads with `answer`, and hands
    /// each answer to `emit` on this thread, in input order, as soon as the
    /// answers before it are in. Shows the progress and keeps to the budgets.
    ///
    /// The first error (of `answer` or of `emit`) ends the run after the
    /// answers before it are emitted; a stop (a signal or a budget) ends it
    /// after the answers finished before it. Returns the statistics of the
    /// cases answered, and of those a stop cut short.
    pub(crate) fn cases<C: Sync, T: Send>(
        &mut self,
        cases: &[C],
        answer: impl Fn(&C, &mut Case) -> anyhow::Result<T> + Sync,
        mut emit: impl FnMut(usize, T) -> anyhow::Result<()>,
    ) -> anyhow::Result<Stats> {
        let progress = CaseProgress {
            total: cases.len() as u64,
            max_nodes: self.nodes_left(),
            ..CaseProgress::default()
        };
        let stop = self.stop_flag();
        let threads = self.threads().clamp(1, cases.len().max(1));
        if threads == 1 {
            // One thread: the cases are answered and emitted on this one,
            // so that `--threads 1` takes one core; a case alone in its
            // input searches on the run's threads.
            let case_threads = if cases.len() == 1 { self.threads() } else { 1 };
            let work = || {
                let mut stats = Stats::default();
                for (index, this) in cases.iter().enumerate() {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let mut case = Case {
                        progress: &progress,
                        stop: &stop,
                        stats: Stats::default(),
                        threads: case_threads,
                    };
                    let result = answer(this, &mut case);
                    stats += case.stats;
                    if case.stopped() {
                        break;
                    }
                    progress.done.fetch_add(1, Ordering::Relaxed);
                    result.and_then(|answer| emit(index, answer))?;
                }
                Ok(stats)
            };
            let progress = &progress;
            return self.watch(progress, work);
        }
        // Cases are taken a run of `chunk` at a time and their answers sent
        // together: a file of many small puzzles (49,158 sudokus answered in
        // about a second) would otherwise spend its time waking the printer.
        // A run is small enough that every thread gets many.
        let chunk = (cases.len() / (threads * 16)).clamp(1, 64);
        let next = AtomicUsize::new(0);
        // The index of the first case whose answer failed: no case after it starts.
        let failed = AtomicUsize::new(usize::MAX);
        // The work of the cases cut short by a stop: no answer, but nodes
        // searched, which the partial statistics count.
        let cut_short = Mutex::new(Stats::default());
        let work = || {
            std::thread::scope(|scope| {
                let (sender, receiver) = mpsc::channel::<Vec<(usize, anyhow::Result<T>, Stats)>>();
                for _ in 0..threads {
                    let sender = sender.clone();
                    let (next, failed, stop, progress, answer, cut_short) =
                        (&next, &failed, &stop, &progress, &answer, &cut_short);
                    scope.spawn(move || loop {
                        let first = next.fetch_add(chunk, Ordering::Relaxed);
                        let mut answers = Vec::with_capacity(chunk);
                        let mut ended = first >= cases.len();
                        let run = cases.iter().enumerate().skip(first).take(chunk);
                        for (index, this) in run {
                            if index > failed.load(Ordering::Relaxed)
                                || stop.load(Ordering::Relaxed)
                            {
                                ended = true;
                                break;
                            }
                            let mut case = Case {
                                progress,
                                stop,
                                stats: Stats::default(),
                                threads: 1,
                            };
                            let result = answer(this, &mut case);
                            if result.is_err() {
                                failed.fetch_min(index, Ordering::Relaxed);
                            }
                            // An answer cut short by a stop is no answer.
                            if case.stopped() {
                                *cut_short.lock().unwrap_or_else(PoisonError::into_inner) +=
                                    case.stats;
                                ended = true;
                                break;
                            }
                            progress.done.fetch_add(1, Ordering::Relaxed);
                            answers.push((index, result, case.stats));
                        }
                        if (!answers.is_empty() && sender.send(answers).is_err()) || ended {
                            break;
                        }
                    });
                }
                drop(sender);
                let mut waiting = BTreeMap::new();
                let mut printed = 0;
                let mut stats = Stats::default();
                for (index, result, case_stats) in receiver.into_iter().flatten() {
                    waiting.insert(index, (result, case_stats));
                    while let Some((result, case_stats)) = waiting.remove(&printed) {
                        stats += case_stats;
                        let emitted = result.and_then(|answer| emit(printed, answer));
                        if let Err(err) = emitted {
                            // No answer is printed after an error: the
                            // threads may stop at once (the stop flag alone
                            // does not mark the run partial).
                            failed.fetch_min(printed, Ordering::Relaxed);
                            stop.store(true, Ordering::Relaxed);
                            return Err(err);
                        }
                        printed += 1;
                    }
                }
                stats += *cut_short.lock().unwrap_or_else(PoisonError::into_inner);
                Ok(stats)
            })
        };
        let progress = &progress;
        self.watch(progress, work)
    }
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
    output: &mut Output,
    name: &str,
    what: &str,
    cases: &[C],
    encode: impl Fn(&C) -> (usize, Result<String, E>),
) -> anyhow::Result<()>
where
    E: std::error::Error + Send + Sync + 'static,
{
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
    Ok(())
}
