//! The sweep of the memoised count: candidate orders of the primary items, each scored by the frontier it leaves, the narrowest kept.
//!
//! # What an order is scored by
//! Two primary items are *neighbours* when an option names both. Place the
//! items one by one in some order; after the first `k`, the *frontier* is
//! the set of items not placed yet that have a placed neighbour. A count
//! that branches on the items in this order has covered, after its first
//! `k` branchings, the first `k` items and some items of the frontier (an
//! option that covers a placed item covers only its neighbours besides),
//! so it meets at most `2^|frontier|` distinct subproblems there. This is
//! the frontier of frontier-based search (Knuth's SIMPATH; Minato,
//! Iwashita, Kawahara and others build ZDDs the same way, and the size of
//! their diagrams grows with it), the *wavefront* of Sloan's profile
//! reduction ("An algorithm for profile and wavefront reduction of sparse
//! matrices", 1986), and the *vertex separation* of the order, whose least
//! value over all orders is the graph's pathwidth (Kinnersley 1992). An
//! order is scored by the sum over `k` of `2^|frontier|`, the bound on the
//! subproblems; its *width* is the largest frontier.
//!
//! # The candidates
//! Finding the order of least width is NP-hard, so a few heuristic orders
//! of each connected part of the graph are scored and the best kept, the
//! first on a tie:
//! 1. the previous sweep: breadth first from a pseudo-peripheral item
//!    (Gibbs, Poole and Stockmeyer: walk from an item of fewest options,
//!    walk again from the last item reached while that goes deeper),
//!    neighbours in order of fewest options (Cuthill and McKee). On a
//!    rectangle its levels are the diagonals from a corner and nothing
//!    beats it; it comes first so that rectangles keep it.
//! 2. a greedy order from each end of that walk: next, the frontier item
//!    that brings the fewest new items into the frontier, ties to the item
//!    farthest from the other end (Sloan's priority has the same two terms,
//!    the growth of the wavefront and the distance to the end; Graphillion
//!    orders the edges of its frontier-based search with the same greedy
//!    step). On the Aztec diamond of order `n` the breadth-first levels from
//!    a tip are as wide as its middle row, `2n`, while the greedy order
//!    sweeps along a side and keeps the frontier at `n + 1`, which is the
//!    diamond's pathwidth up to one.
//! 3. the greedy order from the first end with ties to the item nearest to
//!    it, which follows the curved boundary of a disk more closely.
//!
//! Sloan's own algorithm (weights 1 and 2) was tried in a prototype and left
//! out: on the Aztec diamonds it left frontiers of `2n - 2`, on the other
//! boards no narrower than the greedy orders.
//!
//! # Cost
//! Each candidate costs the sum over the options of the square of their
//! primary items (an option of `p` items makes `p (p - 1)` neighbour pairs).
//! When that passes [`PAIR_BUDGET`] only the breadth-first order is made,
//! in time linear in the options, and the sweep is taken as wide.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::index::to_u32;

use super::Layout;

/// The most neighbour pairs (summed over the options) for which the greedy
/// orders are made and the frontiers measured: a few tens of milliseconds.
const PAIR_BUDGET: u64 = 1 << 22;

/// Not placed yet.
const UNRANKED: u32 = u32::MAX;

/// The sweep chosen for a problem.
#[derive(Clone, Debug)]
pub(crate) struct Sweep {
    /// Each item's place in the sweep; the secondary items come last.
    pub(crate) rank: Vec<u32>,
    /// Whether the sweep was measured and is narrow: its width at most
    /// twice the square root of the number of primary items (see [`Sweep::new`]).
    pub(crate) narrow: bool,
}

impl Sweep {
    /// The sweep of the primary items of `layout`.
    ///
    /// A sweep is *narrow* when its width is at most twice the side of a
    /// square board with as many cells as there are primary items: a planar
    /// board has separators that grow as the square root of its area, so
    /// every board (rectangles, diamonds, disks, boards with holes, strips)
    /// has a narrow sweep, while a problem in which some items share options
    /// with a fixed fraction of all the others (Langford pairs, queens,
    /// pieces that may go anywhere on a board) has none, and its frontier is
    /// a fixed fraction of its items.
    pub(crate) fn new(layout: &Layout) -> Sweep {
        let n = layout.n_items();
        let pairs: u64 = (0..to_u32(layout.n_options()))
            .map(|o| {
                let (start, end) = layout.node_range(o);
                let p = layout.opt_items[start as usize..end as usize]
                    .iter()
                    .filter(|&&i| layout.is_primary[i as usize])
                    .count() as u64;
                p * p
            })
            .sum();
        let measured = pairs <= PAIR_BUDGET;
        let mut graph = Graph::new(layout);
        let mut rank = vec![UNRANKED; n];
        let mut open: Vec<bool> = layout.is_primary.clone();
        let mut walk = Walk::new(n);
        let mut dist_start = vec![u32::MAX; n];
        let mut dist_end = vec![u32::MAX; n];
        let mut width = 0;
        // Each connected part starts from its item of fewest options.
        let mut firsts: Vec<u32> = (0..to_u32(n))
            .filter(|&i| layout.is_primary[i as usize])
            .collect();
        firsts.sort_by_key(|&i| (layout.degree(i), i));
        let mut next = 0u32;
        for &first in &firsts {
            if rank[first as usize] != UNRANKED {
                continue;
            }
            // A start at the edge of this part (Gibbs, Poole and Stockmeyer).
            let mut start = first;
            let mut depth = graph.walk(start, &open, &mut walk, &mut dist_start);
            for _ in 0..8 {
                let last = *walk.queue.last().expect("a walk holds its start");
                let d = graph.walk(last, &open, &mut walk, &mut dist_start);
                if d <= depth {
                    break;
                }
                depth = d;
                start = last;
            }
            graph.walk(start, &open, &mut walk, &mut dist_start);
            let breadth_first = walk.queue.clone();
            let mut best = breadth_first;
            if measured && best.len() > 2 {
                let end = *best.last().expect("a walk holds its start");
                graph.walk(end, &open, &mut walk, &mut dist_end);
                let mut best_score = graph.frontier(&best);
                let candidates = [
                    (start, &dist_end, false),
                    (end, &dist_start, false),
                    (start, &dist_start, true),
                ];
                for (from, dist, near) in candidates {
                    // Ties to the item farthest from the other end, or nearest to the start.
                    let tie = |i: u32| {
                        let d = dist[i as usize];
                        if near {
                            d
                        } else {
                            u32::MAX - d
                        }
                    };
                    let order = graph.greedy(&best, from, tie);
                    let score = graph.frontier(&order);
                    if score.sum < best_score.sum {
                        best = order;
                        best_score = score;
                    }
                }
                width = width.max(best_score.width);
            }
            for &i in &best {
                rank[i as usize] = next;
                next += 1;
                open[i as usize] = false;
            }
        }
        // Secondary items come last: they are never branched on.
        for r in rank.iter_mut() {
            if *r == UNRANKED {
                *r = next;
                next += 1;
            }
        }
        let narrow = measured && u64::from(width).pow(2) <= 4 * layout.n_primary as u64;
        Sweep { rank, narrow }
    }
}

/// The frontier an order leaves.
#[derive(Copy, Clone, Debug)]
struct Score {
    /// The widest frontier.
    width: u32,
    /// The sum over the places of 2^frontier.
    sum: f64,
}

/// The primary items' neighbours, found through the options, and the
/// scratch space of the walks over them.
struct Graph<'a> {
    layout: &'a Layout,
    /// Item `i`'s options are `item_opts[item_start[i]..item_start[i + 1]]`.
    item_opts: Vec<u32>,
    /// `met[i] == epoch` when item `i` was met by the current call of `neighbours`.
    met: Vec<u32>,
    epoch: u32,
    /// `walked[o] == walks` when option `o`'s items were looked at by the
    /// current breadth-first walk: an option is walked once per walk, so a
    /// walk costs the total length of the options, even of a long option.
    walked: Vec<u32>,
    /// `reached[i] == walks` when item `i` was reached by the current walk.
    reached: Vec<u32>,
    walks: u32,
    /// Where each item of the part being ordered or measured stands (the
    /// other entries are stale: a part's items have no neighbour outside it).
    place: Vec<Place>,
    /// The neighbours of each item of the part still fresh, in a greedy order.
    fresh: Vec<u32>,
    /// Scratch lists of neighbours.
    near: Vec<u32>,
    far: Vec<u32>,
}

/// A breadth-first walk's queue and the items it found at each step.
struct Walk {
    queue: Vec<u32>,
    found: Vec<u32>,
}

impl Walk {
    fn new(n: usize) -> Walk {
        Walk {
            queue: Vec::with_capacity(n),
            found: Vec::new(),
        }
    }
}

/// The frontier items of a greedy order by (fresh neighbours, tie, index);
/// an entry whose count has dropped since it was pushed is skipped when popped.
type Candidates = BinaryHeap<Reverse<(u32, u32, u32)>>;

/// Where an item stands in an order being built or measured.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Place {
    /// Neither placed nor next to a placed item.
    Fresh,
    /// Next to a placed item: in the frontier.
    Frontier,
    Placed,
}

impl<'a> Graph<'a> {
    fn new(layout: &'a Layout) -> Graph<'a> {
        let n = layout.n_items();
        let mut item_opts = vec![0u32; layout.opt_items.len()];
        let mut fill: Vec<u32> = layout.item_start[..n].to_vec();
        for (node, &item) in layout.opt_items.iter().enumerate() {
            item_opts[fill[item as usize] as usize] = layout.node_option[node];
            fill[item as usize] += 1;
        }
        Graph {
            layout,
            item_opts,
            met: vec![0; n],
            epoch: 0,
            walked: vec![0; layout.n_options()],
            reached: vec![0; n],
            walks: 0,
            place: vec![Place::Fresh; n],
            fresh: vec![0; n],
            near: Vec::new(),
            far: Vec::new(),
        }
    }

    /// The primary items that share an option with `i`, each once, `i` left out.
    fn neighbours(&mut self, i: u32, out: &mut Vec<u32>) {
        let layout = self.layout;
        out.clear();
        self.epoch += 1;
        self.met[i as usize] = self.epoch;
        let start = &layout.item_start;
        for &o in &self.item_opts[start[i as usize] as usize..start[i as usize + 1] as usize] {
            let (first, end) = layout.node_range(o);
            for &j in &layout.opt_items[first as usize..end as usize] {
                if layout.is_primary[j as usize] && self.met[j as usize] != self.epoch {
                    self.met[j as usize] = self.epoch;
                    out.push(j);
                }
            }
        }
    }

    /// Walks breadth first from `start` over the items `open` admits,
    /// leaving them in `walk.queue` in walk order (the items found from one
    /// item in order of fewest options, as Cuthill and McKee) and each one's
    /// distance from `start` in `dist` (the other entries of `dist` are left
    /// as they were, so that a walk costs only what it reaches); returns the
    /// greatest distance.
    fn walk(&mut self, start: u32, open: &[bool], walk: &mut Walk, dist: &mut [u32]) -> u32 {
        let layout = self.layout;
        self.walks += 1;
        let stamp = self.walks;
        walk.queue.clear();
        walk.queue.push(start);
        self.reached[start as usize] = stamp;
        dist[start as usize] = 0;
        let mut head = 0;
        let mut depth = 0;
        while head < walk.queue.len() {
            let i = walk.queue[head];
            head += 1;
            depth = dist[i as usize];
            walk.found.clear();
            let options =
                layout.item_start[i as usize] as usize..layout.item_start[i as usize + 1] as usize;
            for k in options {
                let o = self.item_opts[k];
                if self.walked[o as usize] == stamp {
                    continue;
                }
                self.walked[o as usize] = stamp;
                let (first, end) = layout.node_range(o);
                for &j in &layout.opt_items[first as usize..end as usize] {
                    if open[j as usize] && self.reached[j as usize] != stamp {
                        self.reached[j as usize] = stamp;
                        dist[j as usize] = depth + 1;
                        walk.found.push(j);
                    }
                }
            }
            walk.found.sort_by_key(|&j| (layout.degree(j), j));
            walk.queue.extend_from_slice(&walk.found);
        }
        depth
    }

    /// The greedy order of the items of `part` (connected) from `start`:
    /// next, the frontier item with the fewest fresh neighbours (those that
    /// placing it brings into the frontier), ties to the least `tie`, then
    /// to the least index.
    fn greedy(&mut self, part: &[u32], start: u32, tie: impl Fn(u32) -> u32) -> Vec<u32> {
        let mut near = std::mem::take(&mut self.near);
        for &i in part {
            self.place[i as usize] = Place::Fresh;
            self.neighbours(i, &mut near);
            self.fresh[i as usize] = to_u32(near.len());
        }
        let mut heap = BinaryHeap::new();
        let mut order = Vec::with_capacity(part.len());
        self.enter(&mut heap, start, &tie);
        while let Some(Reverse((count, _, i))) = heap.pop() {
            if self.place[i as usize] != Place::Frontier || count != self.fresh[i as usize] {
                continue;
            }
            self.place[i as usize] = Place::Placed;
            order.push(i);
            self.neighbours(i, &mut near);
            for &j in &near {
                if self.place[j as usize] == Place::Fresh {
                    self.enter(&mut heap, j, &tie);
                }
            }
        }
        self.near = near;
        debug_assert_eq!(order.len(), part.len(), "a part is connected");
        order
    }

    /// Brings fresh item `i` into the frontier of a greedy order: its
    /// neighbours have one fresh neighbour less, and it is a candidate.
    fn enter(&mut self, heap: &mut Candidates, i: u32, tie: &impl Fn(u32) -> u32) {
        let mut far = std::mem::take(&mut self.far);
        self.place[i as usize] = Place::Frontier;
        self.neighbours(i, &mut far);
        for &j in &far {
            self.fresh[j as usize] -= 1;
            if self.place[j as usize] == Place::Frontier {
                heap.push(Reverse((self.fresh[j as usize], tie(j), j)));
            }
        }
        heap.push(Reverse((self.fresh[i as usize], tie(i), i)));
        self.far = far;
    }

    /// The frontier `order` leaves.
    fn frontier(&mut self, order: &[u32]) -> Score {
        for &i in order {
            self.place[i as usize] = Place::Fresh;
        }
        let mut near = std::mem::take(&mut self.near);
        let mut frontier = 0u32;
        let mut score = Score { width: 0, sum: 0.0 };
        for &i in order {
            if self.place[i as usize] == Place::Frontier {
                frontier -= 1;
            }
            self.place[i as usize] = Place::Placed;
            self.neighbours(i, &mut near);
            for &j in &near {
                if self.place[j as usize] == Place::Fresh {
                    self.place[j as usize] = Place::Frontier;
                    frontier += 1;
                }
            }
            score.width = score.width.max(frontier);
            score.sum += f64::from(frontier).exp2();
        }
        self.near = near;
        score
    }
}
