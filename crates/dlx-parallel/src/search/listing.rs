//! Listing solutions on every thread: the first, or each in turn to a
//! visitor on the caller's thread, in the sequential order if asked.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Mutex};

use dlx_core::{OptionId, Stats};

use super::{lock, ParallelSolver, CHANNEL};
use crate::steal::Event;

impl ParallelSolver<'_> {
    /// The first solution found (with [`set_ordered`](Self::set_ordered): the
    /// first of the sequential search); every thread stops as soon as it is found.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let limit = self.limit;
        self.limit = Some(1);
        let found = self.visit(|solution| ControlFlow::Break(solution.to_vec()));
        self.limit = limit;
        match found {
            ControlFlow::Break(solution) => Some(solution),
            ControlFlow::Continue(()) => None,
        }
    }

    /// Calls `visit` with every solution (up to the limit) until it returns
    /// `ControlFlow::Break`, on the calling thread.
    ///
    /// The workers send their solutions through a bounded channel, so `visit`
    /// needs neither `Send` nor `Sync`, and a slow visitor slows the workers
    /// down rather than filling memory. In ordered mode the solutions of a
    /// task wait until every task before it in the sequential order is done.
    pub fn visit<B, F>(&mut self, mut visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<B>,
    {
        enum Message {
            Solution(usize, Vec<OptionId>),
            Gave(usize, usize),
            Finished(usize),
        }
        let limit = self.limit.unwrap_or(u64::MAX);
        let ordered = self.ordered;
        let stop = self.stop_flag();
        let mut outcome = ControlFlow::Continue(());
        if limit == 0 {
            self.stats = Stats::default();
            return outcome;
        }
        let seeds = vec![self.root.root_subtree()];
        let mut delivered = 0u64;
        let (sender, receiver) = mpsc::sync_channel::<Message>(CHANNEL);
        let stats = std::thread::scope(|scope| {
            let stop_workers = &stop;
            let this = &mut *self;
            let workers = scope.spawn(move || {
                let sender = Mutex::new(sender);
                this.run(seeds, stop_workers, true, None, |task, event| {
                    let message = match event {
                        Event::Solution(s) => Message::Solution(task.id, s.to_vec()),
                        Event::Gave { child } => Message::Gave(task.id, child),
                        Event::Finished { .. } => Message::Finished(task.id),
                        Event::Found(_) => return,
                    };
                    // A closed channel means the visitor stopped: the stop flag is up.
                    let _ = lock(&sender).send(message);
                })
            });
            // The visitor runs here, on the calling thread.
            let mut deliver = |solution: &[OptionId]| -> bool {
                delivered += 1;
                if let ControlFlow::Break(b) = visit(solution) {
                    outcome = ControlFlow::Break(b);
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
                            order.waiting(task).push(solution);
                        }
                    }
                    Message::Gave(task, child) => order.insert_after(task, child),
                    Message::Finished(task) => {
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
                }
            }
            if !go_on {
                stop.store(true, Ordering::Relaxed);
            }
            // Dropping the receiver wakes any worker blocked on a full channel.
            drop(receiver);
            workers.join().unwrap_or_default()
        });
        let mut stats = stats;
        stats.solutions = delivered;
        self.stats = stats;
        outcome
    }
}

/// The tasks of an ordered listing in the sequential order: a linked list by
/// task id, with the solutions of each task that wait for their turn.
#[derive(Default)]
struct Order {
    next: Vec<Option<usize>>,
    finished: Vec<bool>,
    waiting: Vec<Vec<Vec<OptionId>>>,
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

    fn waiting(&mut self, task: usize) -> &mut Vec<Vec<OptionId>> {
        self.grow(task);
        &mut self.waiting[task]
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
        std::mem::take(&mut self.waiting[task])
    }
}
