//! Listing solutions on every thread: the first, or each in turn to a
//! visitor on the caller's thread, in the sequential order if asked.

use std::ops::ControlFlow;
use std::sync::{mpsc, Mutex};

use dlx_core::subtree::SubtreeSearch as _;
use dlx_core::{Answer, OptionId, Outcome, Stats, Stop};

use super::{lock, ParallelSolver, CHANNEL};
use crate::steal::{Event, Halt, Why};

impl ParallelSolver {
    /// The first solution found (with [`set_ordered`](Self::set_ordered): the
    /// first of the sequential search); every thread stops as soon as it is
    /// found. `None` with a complete outcome: there is none; with
    /// [`Outcome::Stopped`]: none was found before the stop.
    pub fn first(&mut self) -> Answer<Option<Vec<OptionId>>> {
        let limit = self.limit;
        self.limit = Some(1);
        let found = self.visit(|solution| ControlFlow::Break(solution.to_vec()));
        self.limit = limit;
        match found {
            ControlFlow::Break(solution) => Answer::new(Some(solution), Outcome::LimitReached),
            ControlFlow::Continue(outcome) => Answer::new(None, outcome),
        }
    }

    /// Calls `visit` with every solution (up to the limit), on the calling
    /// thread, until it returns `ControlFlow::Break`, which this returns;
    /// otherwise returns `ControlFlow::Continue` with how the search ended.
    ///
    /// The workers send their solutions through a bounded channel, so `visit`
    /// needs neither `Send` nor `Sync`, and a slow visitor slows the workers
    /// down rather than filling memory. In ordered mode the solutions of a
    /// task wait until every task before it in the sequential order is done;
    /// those waiting count against the budget's memory
    /// ([`Budget::with_memory`](dlx_core::Budget::with_memory)), and a search
    /// that would hold more stops with [`Stop::Memory`].
    pub fn visit<B, F>(&mut self, mut visit: F) -> ControlFlow<B, Outcome>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<B>,
    {
        enum Message {
            Solution(usize, Vec<OptionId>),
            Gave(usize, usize),
            /// A task is over, and whether it was searched to its end.
            Finished(usize, bool),
            /// Every worker is done: no message follows.
            AllDone,
        }
        let limit = self.limit.unwrap_or(u64::MAX);
        let ordered = self.ordered;
        let memory = self.budget.memory().unwrap_or(usize::MAX);
        let halt = Halt::default();
        let mut broke = None;
        if limit == 0 {
            self.stats = Stats::default();
            return ControlFlow::Continue(Outcome::LimitReached);
        }
        let seeds = vec![self.root.root_subtree()];
        let mut delivered = 0u64;
        let (sender, receiver) = mpsc::sync_channel::<Message>(CHANNEL);
        let sender = Mutex::new(sender);
        // The visitor runs on the calling thread, beside the workers.
        let take = || {
            let mut deliver = |solution: &[OptionId]| -> bool {
                delivered += 1;
                if let ControlFlow::Break(b) = visit(solution) {
                    broke = Some(b);
                    return false;
                }
                delivered < limit
            };
            // Ordered mode: the tasks in the sequential order as a linked
            // list, the solutions of tasks after the first unfinished one
            // waiting, and whether each task is finished.
            let mut order = Order::default();
            let mut go_on = true;
            while go_on {
                let Ok(message) = receiver.recv() else { break };
                match message {
                    Message::Solution(task, solution) => {
                        if !ordered || task == order.head {
                            go_on = deliver(&solution);
                        } else {
                            order.hold(task, solution);
                            if order.bytes > memory {
                                halt.raise(Why::Stop(Stop::Memory));
                                break;
                            }
                        }
                    }
                    Message::Gave(task, child) => order.insert_after(task, child),
                    // A task cut short holds back the tasks after it in the
                    // order for good: what they found are not the next
                    // solutions of the sequential search.
                    Message::Finished(_, false) => {}
                    Message::Finished(task, true) => {
                        order.finish(task);
                        if ordered {
                            while go_on && order.head_finished() {
                                let Some(next) = order.advance() else { break };
                                for solution in order.take_waiting(next) {
                                    go_on = deliver(&solution);
                                    if !go_on {
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    Message::AllDone => break,
                }
            }
            if !go_on {
                halt.raise(Why::Limit);
            }
            // Dropping the receiver wakes any worker blocked on a full channel.
            drop(receiver);
        };
        let (stats, outcome, ()) = self.run(
            seeds,
            &halt,
            true,
            None,
            |task, event| {
                let message = match event {
                    Event::Solution(s) => Message::Solution(task.id, s.to_vec()),
                    Event::Gave { child } => Message::Gave(task.id, child),
                    Event::Finished { complete, .. } => Message::Finished(task.id, complete),
                    Event::Found(_) => return,
                };
                // A closed channel means the visitor stopped: the run's flag is up.
                let _ = lock(&sender).send(message);
            },
            || {
                let _ = lock(&sender).send(Message::AllDone);
            },
            take,
        );
        let mut stats = stats;
        stats.solutions = delivered;
        self.stats = stats;
        match broke {
            Some(b) => ControlFlow::Break(b),
            // The limit reached is the visit's own end, whatever ended the
            // threads before the visitor took the last solution.
            None if delivered >= limit => ControlFlow::Continue(Outcome::LimitReached),
            None => ControlFlow::Continue(outcome),
        }
    }
}

/// The tasks of an ordered listing in the sequential order: a linked list by
/// task id, with the solutions of each task that wait for their turn.
#[derive(Default)]
struct Order {
    next: Vec<Option<usize>>,
    finished: Vec<bool>,
    waiting: Vec<Vec<Vec<OptionId>>>,
    /// The bytes of the solutions waiting.
    bytes: usize,
    head: usize,
}

impl Order {
    fn grow(&mut self, id: usize) {
        if self.next.len() <= id {
            self.next.resize(id + 1, None);
            self.finished.resize(id + 1, false);
            self.waiting.resize(id + 1, Vec::new());
        }
    }

    /// Holds a solution of `task` back until its turn, counting its bytes.
    fn hold(&mut self, task: usize, solution: Vec<OptionId>) {
        self.grow(task);
        self.bytes += held_bytes(&solution);
        self.waiting[task].push(solution);
    }

    fn insert_after(&mut self, task: usize, child: usize) {
        self.grow(task.max(child));
        self.next[child] = self.next[task];
        self.next[task] = Some(child);
    }

    fn finish(&mut self, task: usize) {
        self.grow(task);
        self.finished[task] = true;
    }

    fn head_finished(&mut self) -> bool {
        self.grow(self.head);
        self.finished[self.head]
    }

    /// Moves on from the finished head to the task after it.
    fn advance(&mut self) -> Option<usize> {
        let next = self.next[self.head]?;
        self.head = next;
        Some(next)
    }

    fn take_waiting(&mut self, task: usize) -> Vec<Vec<OptionId>> {
        self.grow(task);
        let taken = std::mem::take(&mut self.waiting[task]);
        self.bytes -= taken.iter().map(|s| held_bytes(s)).sum::<usize>();
        taken
    }
}

/// The bytes a solution held back takes: its options and its vector.
fn held_bytes(solution: &[OptionId]) -> usize {
    size_of_val(solution) + size_of::<Vec<OptionId>>()
}
