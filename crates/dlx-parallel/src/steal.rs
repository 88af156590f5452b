//! The work-stealing engine: workers run the sequential loop on subtrees, and
//! a busy worker gives half of its shallowest untried alternatives to an idle one.
//!
//! Every worker owns one [`Solver`] for the whole run. It takes a task (a
//! [`Subtree`]) from the board, enters it (replaying the way down, which
//! costs no clone), and searches it in slices of nodes. Between two slices,
//! when some worker is idle and no task is waiting, it calls
//! [`Solver::donate`] and puts what it gives on the board. A worker whose
//! task is done takes a waiting task, or waits until there is one or no
//! worker is busy any more, which ends the run.
//!
//! **Why it cannot go quadratic.** Nothing is cloned per level: a worker
//! replays a path once per task, and tasks are made only when a worker is
//! idle, each taking half of a level's untried alternatives. A forced chain
//! has no untried alternatives, so it is never split: the worker that holds
//! it searches it at the sequential speed, and the others wait.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use dlx_core::subtree::{Subtree, SubtreeSearch as _};
use dlx_core::{Budget, OptionId, Outcome, Solver, Stats, Step, Stop};

use crate::progress::Progress;

/// Why a run stopped itself before its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// A limit the caller set on the answer was reached (a number of
    /// solutions, the first solution, a visitor's `Break`): the answer is
    /// complete for what was asked.
    Limit,
    /// Nothing left could change the answer (an optimum of cost 0 found).
    Proven,
    /// The budget or the caller's cancel stopped a worker.
    Stop(Stop),
}

/// A run's own stop: a flag that its workers' searches read beside the
/// caller's cancel flags, and the reason it was first raised for. Only the
/// run writes it; the caller's flags are only read.
///
/// **Invariant:** once raised it stays raised for the run, and a reason
/// that makes the answer complete ([`Why::Limit`], [`Why::Proven`])
/// replaces a stop, never the other way round: a run that reached its
/// limit has the whole answer it was asked for, whatever else stopped.
#[derive(Debug, Default)]
pub(crate) struct Halt {
    flag: Arc<AtomicBool>,
    /// 0: not raised; else [`Halt::code`] of the reason.
    why: AtomicU8,
}

impl Halt {
    /// Raises the flag for `why`.
    pub(crate) fn raise(&self, why: Why) {
        let code = Halt::code(why);
        let _ = self
            .why
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |now| {
                let complete = matches!(why, Why::Limit | Why::Proven);
                (now == 0 || (complete && now >= Halt::code(Why::Stop(Stop::Nodes))))
                    .then_some(code)
            });
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the run has stopped itself.
    pub(crate) fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// The flag, for the budget of a worker's search.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.flag)
    }

    /// Why the run stopped itself, if it did.
    pub(crate) fn why(&self) -> Option<Why> {
        Some(match self.why.load(Ordering::Relaxed) {
            0 => return None,
            1 => Why::Limit,
            2 => Why::Proven,
            3 => Why::Stop(Stop::Nodes),
            4 => Why::Stop(Stop::Time),
            5 => Why::Stop(Stop::Memory),
            _ => Why::Stop(Stop::Cancelled),
        })
    }

    fn code(why: Why) -> u8 {
        match why {
            Why::Limit => 1,
            Why::Proven => 2,
            Why::Stop(Stop::Nodes) => 3,
            Why::Stop(Stop::Time) => 4,
            Why::Stop(Stop::Memory) => 5,
            Why::Stop(_) => 6,
        }
    }

    /// How a run ended: `complete` when every part of its tree was searched
    /// to its end.
    pub(crate) fn outcome(&self, complete: bool) -> Outcome {
        match self.why() {
            Some(Why::Limit) => Outcome::LimitReached,
            Some(Why::Proven) => Outcome::Finished,
            _ if complete => Outcome::Finished,
            Some(Why::Stop(stop)) => Outcome::Stopped(stop),
            None => {
                debug_assert!(false, "a run cut short without a reason");
                Outcome::Stopped(Stop::Cancelled)
            }
        }
    }
}

/// How many nodes a worker searches between two looks at the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Slices {
    /// While every worker is busy.
    pub(crate) busy: u64,
    /// While some worker is idle: small, so that an idle worker gets work
    /// within a fraction of a millisecond.
    pub(crate) idle: u64,
}

impl Default for Slices {
    fn default() -> Slices {
        Slices {
            busy: 1 << 16,
            idle: 1 << 10,
        }
    }
}

/// What [`Engine::give`] did.
enum Gift {
    /// A subtree went to the board.
    Given,
    /// A worker was idle, but the search had no untried alternative to give.
    Nothing,
    /// No worker was waiting for one (or a task already was).
    NotAsked,
}

/// How long an idle worker waits before it looks at the board again, in
/// case the busy workers had nothing to give when it last asked.
const IDLE_WAIT: Duration = Duration::from_millis(2);

/// About how long a slice of a busy worker runs while every worker is
/// busy, and while some worker is idle. The slices are counted in nodes
/// ([`Slices`] caps them), but a node's cost varies a thousandfold from
/// one problem to another (a node of Scott's pentomino board updates 350
/// links, one of a sudoku a dozen), so each worker measures its own speed
/// and cuts its slices to these times: 65,536 nodes of Scott's board took
/// 130 ms, and the other worker sat idle through them.
const BUSY_TIME: Duration = Duration::from_millis(2);
const IDLE_TIME: Duration = Duration::from_micros(200);

/// A worker's speed, in nodes per second, from the slices it ran: a slice
/// is cut to a time by it.
#[derive(Debug, Default)]
struct Speed {
    /// Nodes per second; 0 before a slice long enough to time.
    rate: f64,
}

impl Speed {
    /// The nodes of a slice that should take about `time`, at most `cap`.
    fn slice(&self, cap: u64, time: Duration) -> u64 {
        if self.rate <= 0.0 {
            // Not timed yet: a short slice, to time it.
            return cap.min(1 << 8);
        }
        // A float to an integer: saturates, and the clamp keeps it >= 1.
        ((self.rate * time.as_secs_f64()) as u64).clamp(1, cap.max(1))
    }

    /// Takes in a slice of `nodes` nodes that took `took`.
    fn timed(&mut self, nodes: u64, took: Duration) {
        // Shorter than this is mostly the clock's own cost.
        if took < Duration::from_micros(20) || nodes == 0 {
            return;
        }
        let rate = nodes as f64 / took.as_secs_f64();
        self.rate = if self.rate <= 0.0 {
            rate
        } else {
            // Smoothed: a slice of a cheap stretch of the tree does not
            // make the next slice of a costly one long.
            (self.rate + rate) / 2.0
        };
    }
}

/// A task: a subtree to search, and the piece of the run it belongs to
/// (the subtree a run started with that it descends from).
#[derive(Clone, Debug)]
pub(crate) struct Task {
    pub(crate) id: usize,
    pub(crate) piece: usize,
    pub(crate) subtree: Subtree,
}

/// What a worker tells the caller about its task as it goes.
pub(crate) enum Event<'a> {
    /// A solution found in the task (listing mode only).
    Solution(&'a [OptionId]),
    /// The task found this many more solutions in its last slice (counting mode only).
    Found(u64),
    /// The task gave part of itself away, as task `child`, which comes right
    /// after it in the order of the sequential search.
    Gave { child: usize },
    /// The task is over: searched to the end (`complete`), or cut short by a stop.
    Finished {
        stats: Stats,
        seconds: f64,
        complete: bool,
    },
}

/// How a run went, for the statistics of load balancing.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Balance {
    /// Subtrees given away by busy workers to idle ones.
    pub steals: u64,
    /// Seconds the workers spent idle, all together.
    pub idle_seconds: f64,
}

/// The board the workers share.
struct Board {
    waiting: Vec<Task>,
    busy: usize,
    over: bool,
    next_id: usize,
}

/// The engine's shared state.
pub(crate) struct Engine<'a> {
    root: &'a Solver,
    board: Mutex<Board>,
    wake: Condvar,
    /// Workers waiting for a task (read without the lock between slices).
    idle: AtomicUsize,
    /// Tasks on the board (read without the lock between slices).
    waiting: AtomicUsize,
    /// The caller's budget, which the workers' searches draw on.
    budget: &'a Budget,
    /// The run's own stop.
    halt: &'a Halt,
    /// Whether some task was cut short before the end of its subtree.
    cut_short: AtomicBool,
    steals: AtomicU64,
    idle_nanos: AtomicU64,
    progress: Option<Arc<Progress>>,
    slices: Slices,
}

impl<'a> Engine<'a> {
    /// An engine for the search of `seeds`, subtrees of `root`'s tree (each
    /// its own piece, in order), within `budget`, stopped by `halt` too.
    pub(crate) fn new(
        root: &'a Solver,
        seeds: Vec<Subtree>,
        budget: &'a Budget,
        halt: &'a Halt,
        progress: Option<Arc<Progress>>,
        slices: Slices,
    ) -> Engine<'a> {
        let n = seeds.len();
        let waiting: Vec<Task> = seeds
            .into_iter()
            .enumerate()
            .map(|(piece, subtree)| Task {
                id: piece,
                piece,
                subtree,
            })
            .rev()
            .collect();
        Engine {
            root,
            board: Mutex::new(Board {
                waiting,
                busy: 0,
                over: false,
                next_id: n,
            }),
            wake: Condvar::new(),
            idle: AtomicUsize::new(0),
            waiting: AtomicUsize::new(n),
            budget,
            halt,
            cut_short: AtomicBool::new(false),
            steals: AtomicU64::new(0),
            idle_nanos: AtomicU64::new(0),
            progress,
            slices,
        }
    }

    /// How the run ended, once its workers are done: complete when no task
    /// was cut short and none was left waiting.
    pub(crate) fn outcome(&self) -> Outcome {
        let left = !self.lock().waiting.is_empty();
        self.halt
            .outcome(!left && !self.cut_short.load(Ordering::Relaxed))
    }

    /// How the run balanced its load.
    pub(crate) fn balance(&self) -> Balance {
        Balance {
            steals: self.steals.load(Ordering::Relaxed),
            // Nanoseconds to seconds: exact enough for a report.
            #[allow(clippy::cast_precision_loss, reason = "a report of idle time")]
            idle_seconds: self.idle_nanos.load(Ordering::Relaxed) as f64 * 1e-9,
        }
    }

    /// One worker's whole run: `prepare` readies its solver once (an
    /// objective, say), and `begin` again for each task once it is entered
    /// (the task's own bound); `report` runs the listing loop (solutions are
    /// events) rather than the counting loop; `event` receives every event
    /// of every task the worker searches, with the task.
    pub(crate) fn work<P, B, E>(
        &self,
        worker: usize,
        report: bool,
        (prepare, mut begin): (P, B),
        mut event: E,
    ) where
        P: FnOnce(&mut Solver),
        B: FnMut(&Task, &mut Solver),
        E: FnMut(&Task, Event<'_>),
    {
        let mut solver = self.root.clone();
        // The caller's budget (its node pool, deadline and flags) and the
        // run's own stop: the worker's search reads both between its slices.
        solver.set_budget(self.budget.clone().with_cancel(self.halt.flag()));
        prepare(&mut solver);
        let mut speed = Speed::default();
        while let Some(task) = self.take() {
            let start = Instant::now();
            let before = *solver.stats();
            if solver.enter(&task.subtree).is_err() {
                // Every task is made from this tree, so this cannot happen; end it empty.
                self.cut_short.store(true, Ordering::Relaxed);
                self.finish(
                    worker,
                    &task,
                    &mut event,
                    (Stats::default(), false),
                    start,
                    &solver,
                    None,
                );
                continue;
            }
            begin(&task, &mut solver);
            let origin = solver.progress();
            let mut last = before;
            // The slice while a worker is idle, doubled (up to the busy
            // slice) each time this search had nothing to give: asking costs
            // a walk of its levels, and down a forced chain every ask finds
            // nothing (a 200,000-level chain took 1.36 times its one-thread
            // time on 2 threads with a walk every 1,024 nodes).
            let mut idle_slice = self.slices.idle;
            let complete = loop {
                let slice = if self.idle.load(Ordering::Relaxed) > 0 {
                    speed.slice(idle_slice, IDLE_TIME)
                } else {
                    speed.slice(self.slices.busy, BUSY_TIME)
                };
                let started = Instant::now();
                let step = if report {
                    solver.run(slice)
                } else {
                    solver.run_counting(slice)
                };
                let now = *solver.stats();
                speed.timed(now.nodes - last.nodes, started.elapsed());
                if let Some(progress) = &self.progress {
                    progress.advance(
                        worker,
                        origin,
                        &solver,
                        now.nodes - last.nodes,
                        now.solutions - last.solutions,
                    );
                }
                if !report && now.solutions > last.solutions {
                    event(&task, Event::Found(now.solutions - last.solutions));
                }
                last = now;
                match step {
                    Step::Solution => event(&task, Event::Solution(solver.solution())),
                    Step::Paused => match self.give(&task, &mut solver, &mut event) {
                        Gift::Given => idle_slice = self.slices.idle,
                        Gift::Nothing => {
                            idle_slice = idle_slice
                                .saturating_mul(2)
                                .min(self.slices.busy.max(self.slices.idle));
                        }
                        Gift::NotAsked => {}
                    },
                    Step::End(Outcome::Stopped(stop)) => {
                        // A stop of the run's own is already recorded; a
                        // budget's or the caller's is recorded here.
                        if !self.halt.is_raised() {
                            self.halt.raise(Why::Stop(stop));
                        }
                        self.cut_short.store(true, Ordering::Relaxed);
                        break false;
                    }
                    Step::End(_) => break true,
                }
            };
            let mut stats = *solver.stats();
            stats.nodes -= before.nodes;
            stats.updates -= before.updates;
            stats.solutions -= before.solutions;
            self.finish(
                worker,
                &task,
                &mut event,
                (stats, complete),
                start,
                &solver,
                Some(origin),
            );
        }
        if let Some(progress) = &self.progress {
            progress.idle(worker);
        }
    }

    /// Ends a task: its statistics to the caller, its share to the progress.
    #[allow(clippy::too_many_arguments, reason = "one call site each, in `work`")]
    fn finish<E>(
        &self,
        worker: usize,
        task: &Task,
        event: &mut E,
        (stats, complete): (Stats, bool),
        start: Instant,
        solver: &Solver,
        origin: Option<f64>,
    ) where
        E: FnMut(&Task, Event<'_>),
    {
        if let (Some(progress), Some(origin)) = (&self.progress, origin) {
            progress.finish(worker, origin, solver.progress());
        }
        event(
            task,
            Event::Finished {
                stats,
                seconds: start.elapsed().as_secs_f64(),
                complete,
            },
        );
        let mut board = self.lock();
        board.busy -= 1;
        if board.busy == 0 && board.waiting.is_empty() {
            board.over = true;
        }
        drop(board);
        self.wake.notify_all();
    }

    /// Gives half of the solver's shallowest untried alternatives away when
    /// a worker is idle and no task is waiting for it.
    fn give<E>(&self, task: &Task, solver: &mut Solver, event: &mut E) -> Gift
    where
        E: FnMut(&Task, Event<'_>),
    {
        if self.idle.load(Ordering::Relaxed) == 0 || self.waiting.load(Ordering::Relaxed) > 0 {
            return Gift::NotAsked;
        }
        let Some(subtree) = solver.donate() else {
            return Gift::Nothing;
        };
        let id = {
            let mut board = self.lock();
            let id = board.next_id;
            board.next_id += 1;
            id
        };
        // The caller hears of the child before any worker can take it.
        event(task, Event::Gave { child: id });
        let mut board = self.lock();
        board.waiting.push(Task {
            id,
            piece: task.piece,
            subtree,
        });
        self.waiting.store(board.waiting.len(), Ordering::Relaxed);
        drop(board);
        self.steals.fetch_add(1, Ordering::Relaxed);
        self.wake.notify_one();
        Gift::Given
    }

    /// The next task for an idle worker: the waiting one that comes first
    /// in the order it was put there, after waiting for one; `None` when the
    /// run is over or stopped.
    fn take(&self) -> Option<Task> {
        let mut board = self.lock();
        let mut idle_since: Option<Instant> = None;
        let task = loop {
            if self.halt.is_raised() {
                board.over = true;
            }
            if board.over {
                break None;
            }
            if let Some(task) = board.waiting.pop() {
                board.busy += 1;
                self.waiting.store(board.waiting.len(), Ordering::Relaxed);
                break Some(task);
            }
            if board.busy == 0 {
                board.over = true;
                break None;
            }
            if idle_since.is_none() {
                idle_since = Some(Instant::now());
                self.idle.fetch_add(1, Ordering::Relaxed);
            }
            board = self
                .wake
                .wait_timeout(board, IDLE_WAIT)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        };
        if let Some(since) = idle_since {
            self.idle.fetch_sub(1, Ordering::Relaxed);
            let nanos = u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX);
            self.idle_nanos.fetch_add(nanos, Ordering::Relaxed);
        }
        drop(board);
        if task.is_none() {
            self.wake.notify_all();
        }
        task
    }

    fn lock(&self) -> MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_are_cut_to_their_time() {
        let mut speed = Speed::default();
        // Not timed yet: a short slice, within the cap.
        assert_eq!(speed.slice(1 << 16, BUSY_TIME), 1 << 8);
        assert_eq!(speed.slice(10, BUSY_TIME), 10);
        // Too short to time: nothing learnt.
        speed.timed(1_000, Duration::from_micros(5));
        assert_eq!(speed.slice(1 << 16, BUSY_TIME), 1 << 8);
        // Heavy nodes (Scott's board: about 2 us each): 2 ms is 1,000 nodes.
        speed.timed(500, Duration::from_millis(1));
        assert_eq!(speed.slice(1 << 16, BUSY_TIME), 1_000);
        assert_eq!(speed.slice(1 << 16, IDLE_TIME), 100);
        // Cheap nodes: the cap holds; a slow clock never makes a slice of 0.
        speed.timed(1 << 30, Duration::from_millis(1));
        assert_eq!(speed.slice(1 << 16, BUSY_TIME), 1 << 16);
        let mut slow = Speed::default();
        slow.timed(1, Duration::from_secs(10));
        assert_eq!(slow.slice(1 << 16, IDLE_TIME), 1);
    }
}
