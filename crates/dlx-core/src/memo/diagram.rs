//! The memoised count kept whole: every subproblem once, with its count and its branches, so that solutions can be drawn uniformly at random and each option's number of solutions read off in one pass.
//!
//! A [`MemoCounter`](super::MemoCounter) keeps the counts of subproblems in
//! a cache that may forget them. A [`Diagram`] runs the same search (the
//! same branching rule, the same parts) but keeps every subproblem it
//! finishes as a node: its count, and its branches (the option chosen and
//! the node of the subproblem it leaves, or the node of each part of a
//! product). That is the decision diagram of DXZ (Nishino, Yasuda, Minato
//! and Nagata, AAAI 2017), built by the memoised count instead of by a
//! separate pass, with parts as product nodes.
//!
//! - **Sampling.** Walking down from the root, a branch is taken with
//!   probability its child's count over the node's count (exactly, with
//!   big integers), and every part of a product is walked: each solution
//!   is drawn with probability exactly 1/count.
//! - **Frequencies.** The number of solutions through each node is found
//!   in one pass from the root, in an order where every node comes after
//!   all its parents (nodes are numbered as they are finished, so a parent's
//!   number is above its children's): a branch adds its node's share to its
//!   child, and the solutions containing option `o` add up, over the
//!   branches that choose `o`, the node's share times the child's count.
//!   A part's share is its node's share times the other parts' counts.
//!
//! Every node stays in memory: the diagram of a 16 x 16 board's domino
//! tilings has some 100,000 nodes; the budget's memory bounds it.
//!
//! A narrow problem counted with the default rule (where the layered count
//! applies: [`MemoCounter::sweeps`]) is kept another way: as the layered
//! count's layers, drawn from backward and weighed by a backward pass (the
//! module `layered.rs`). The API is the same; the Aztec diamond of order
//! 20 is drawn in seconds and hundreds of megabytes where the nodes took
//! a minute and 8 GB.

use crate::time::Instant;
use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;

use super::cache::{Entry, Found};
use super::layered::{Layered, Ready, BATCH};
use super::layout::Layout;
use super::limbs;
use super::search::{Edge, End, Search, Store, NODE_ONE, NODE_ZERO};
use super::sweep::{LayerMaker, OnThisThread};
use super::{MemoCounter, MemoError, MemoSettings, MemoStats, SweepStats};
use crate::budget::{Budget, Pace, Stop};
use crate::count::Count;
use crate::index::OptionId;
use crate::problem::Problem;
use crate::random::WyRand;

/// Every subproblem of a problem's memoised count once, with its count and
/// its branches: the problem's solutions as a decision diagram.
///
/// ```
/// use dlx_core::{parse_dlx, Budget, Diagram, MemoSettings};
///
/// // The 2 x 4 strip has 5 domino tilings.
/// let mut text = String::from("a0 a1 a2 a3 b0 b1 b2 b3\n");
/// for c in 0..4 {
///     text += &format!("a{c} b{c}\n");
///     if c < 3 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let problem = parse_dlx(&text)?;
/// let diagram = Diagram::build(&problem, &MemoSettings::new(), &Budget::new())?;
/// assert_eq!(diagram.count().to_u64(), Some(5));
///
/// // Uniformly random tilings, reproducibly from a stream of random words.
/// let mut state = 7u64;
/// let mut random = || {
///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
///     state
/// };
/// let tiling = diagram.sample(&mut random).expect("5 tilings");
/// assert!(dlx_core::verify(&problem, &tiling).is_ok());
///
/// // The first option (a0 b0) is in 3 of the 5 tilings.
/// assert_eq!(diagram.frequencies()[0].to_u64(), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Diagram {
    shape: Shape,
}

/// How a diagram holds its subproblems.
#[derive(Clone, Debug)]
enum Shape {
    /// Every subproblem of the depth-first count, with its branches.
    Tree(Tree),
    /// The layers of the layered count (a narrow problem, the default rule).
    Layers(Box<Layered>),
}

/// The depth-first count's subproblems, each once, with their branches.
#[derive(Clone, Debug)]
struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    root: u32,
    n_options: usize,
    stats: MemoStats,
}

/// A subproblem: its count, and its branches `edges[from..to]`.
#[derive(Clone, Debug)]
struct Node {
    count: Count,
    from: u32,
    to: u32,
}

/// The store of a diagram being built: every key once, with its node.
#[derive(Debug)]
struct Recorder {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The keys of the nodes, one after another, `key_words` each (the two
    /// leaves have none).
    keys: Vec<u64>,
    key_words: usize,
    /// A key's hash to the first node of that hash; `next` chains the others.
    first: HashMap<u64, u32>,
    next: Vec<u32>,
    /// The nodes' weights, for the leverage in the statistics.
    weights: Vec<u16>,
}

impl Recorder {
    fn new(key_words: usize) -> Recorder {
        let leaf = |count| Node {
            count,
            from: 0,
            to: 0,
        };
        Recorder {
            nodes: vec![leaf(Count::ZERO), leaf(Count::from(1u64))],
            edges: Vec::new(),
            keys: Vec::new(),
            key_words,
            first: HashMap::new(),
            next: vec![u32::MAX; 2],
            weights: vec![0; 2],
        }
    }

    /// The bytes the diagram holds.
    fn bytes(&self) -> usize {
        self.nodes.len() * (size_of::<Node>() + size_of::<u32>() + size_of::<u16>())
            + self.keys.len() * size_of::<u64>()
            + self.edges.len() * size_of::<Edge>()
            + self.first.len() * 2 * size_of::<u64>()
    }

    fn key_of(&self, node: u32) -> &[u64] {
        // The two leaves have no key: the first keyed node is node 2.
        let at = (node as usize - 2) * self.key_words;
        &self.keys[at..at + self.key_words]
    }
}

impl Store for Recorder {
    const RECORDS: bool = true;

    fn get(&mut self, key: &[u64], hash: u64) -> Option<(Found, u16, u32)> {
        let mut node = *self.first.get(&hash)?;
        while node != u32::MAX {
            if self.key_of(node) == key {
                let found = Found::of(&self.nodes[node as usize].count);
                return Some((found, self.weights[node as usize], node));
            }
            node = self.next[node as usize];
        }
        None
    }

    fn put(&mut self, key: &[u64], hash: u64, entry: Entry, edges: &[Edge]) -> u32 {
        let node = self.nodes.len() as u32;
        let count = match entry.big {
            Some(big) => Count::from(big),
            None => Count::from(entry.count.word()),
        };
        let from = self.edges.len() as u32;
        self.edges.extend_from_slice(edges);
        self.nodes.push(Node {
            count,
            from,
            to: self.edges.len() as u32,
        });
        self.keys.extend_from_slice(key);
        self.weights.push(entry.weight);
        let chained = self.first.insert(hash, node).unwrap_or(u32::MAX);
        self.next.push(chained);
        node
    }
}

impl Diagram {
    /// Builds the diagram of `problem`'s solutions with the memoised
    /// count's settings (its branching rule and parts; the cache budget is
    /// not used: every node is kept), within `budget`: its nodes, time and
    /// cancel flags as for any count, and its memory for the diagram's own
    /// (a diagram that would pass it stops with [`Stop::Memory`]).
    pub fn build(
        problem: &Problem,
        settings: &MemoSettings,
        budget: &Budget,
    ) -> Result<Diagram, MemoError> {
        Diagram::build_with(problem, settings, budget, Arc::new(OnThisThread))
    }

    /// [`Diagram::build`], the layers of a narrow problem (kept layer by
    /// layer) made by `maker`: on the calling thread ([`OnThisThread`]), or
    /// on threads (`dlx_parallel::diagram_on`). The diagram keeps `maker`
    /// for the layers it makes again between checkpoints. It is the same
    /// diagram whoever makes its layers. A problem that is not narrow is
    /// recorded depth first on the calling thread.
    pub fn build_with(
        problem: &Problem,
        settings: &MemoSettings,
        budget: &Budget,
        maker: Arc<dyn LayerMaker>,
    ) -> Result<Diagram, MemoError> {
        let layout = Arc::new(Layout::new(problem)?);
        if let Some(plan) = MemoCounter::plan_of(&layout, settings) {
            let layered = Layered::build(plan, problem.n_options(), budget, maker)?;
            return Ok(Diagram {
                shape: Shape::Layers(Box::new(layered)),
            });
        }
        let mut recorder = Recorder::new(layout.key_words);
        let mut search = Search::new(Arc::clone(&layout), settings.rule, settings.parts);
        let memory = budget.memory().unwrap_or(usize::MAX);
        let mut pace = Pace::new();
        let root = loop {
            budget.check_clock().map_err(MemoError::Stopped)?;
            if recorder.bytes() > memory {
                return Err(MemoError::Stopped(Stop::Memory));
            }
            let granted = budget.take_nodes(pace.slice());
            let (before, started) = (search.stats.nodes, Instant::now());
            let end = search.run(&mut recorder, granted);
            let used = search.stats.nodes - before;
            budget.settle_nodes(granted, used);
            match end {
                End::Done(_) => break search.returned_node(),
                End::Paused if granted == 0 => return Err(MemoError::Stopped(Stop::Nodes)),
                End::Paused => pace.learn(used, started.elapsed()),
            }
        };
        let mut stats = search.stats;
        stats.updates = search.state.updates;
        Ok(Diagram {
            shape: Shape::Tree(Tree {
                nodes: recorder.nodes,
                edges: recorder.edges,
                root,
                n_options: problem.n_options(),
                stats,
            }),
        })
    }

    /// The number of solutions.
    pub fn count(&self) -> &Count {
        match &self.shape {
            Shape::Tree(tree) => tree.count(),
            Shape::Layers(layered) => layered.count(),
        }
    }

    /// The number of nodes: built depth first, the subproblems kept and
    /// the two leaves; layer by layer, the states the layered count made
    /// (every layer's, the first included, whether kept or not).
    pub fn len(&self) -> usize {
        match &self.shape {
            Shape::Tree(tree) => tree.nodes.len(),
            Shape::Layers(layered) => layered.states(),
        }
    }

    /// Whether the diagram has only its two leaves (a problem whose
    /// solutions need no branching: none, or the empty one); never, built
    /// layer by layer (the first layer has a state).
    pub fn is_empty(&self) -> bool {
        match &self.shape {
            Shape::Tree(tree) => tree.nodes.len() <= 2,
            Shape::Layers(_) => false,
        }
    }

    /// The statistics of the count that built the diagram (layer by layer,
    /// as [`Layers::memo_stats`](super::Layers::memo_stats) gives them).
    pub fn stats(&self) -> MemoStats {
        match &self.shape {
            Shape::Tree(tree) => tree.stats,
            Shape::Layers(layered) => layered.memo_stats(),
        }
    }

    /// The statistics of the layers, when the diagram was built layer by
    /// layer (a narrow problem counted with the default rule: see
    /// [`MemoCounter::sweeps`]): the widest layer, the layers kept, their
    /// bytes, and the interval of the checkpoints.
    pub fn sweep_stats(&self) -> Option<SweepStats> {
        match &self.shape {
            Shape::Tree(_) => None,
            Shape::Layers(layered) => Some(layered.sweep_stats()),
        }
    }

    /// A solution drawn uniformly at random: each of the [`Diagram::count`]
    /// solutions with the same probability (exactly: the draws are made
    /// among integers as wide as the count). `random` gives uniformly
    /// random 64-bit words; the same words give the same solution. `None`
    /// when there is no solution. The options come in no particular order.
    ///
    /// Built layer by layer, a draw takes one word of `random`, the seed of
    /// its own [`WyRand`]; where the layers were kept at checkpoints only,
    /// each draw makes the layers between them again, and
    /// [`Diagram::samples`], which draws many at once, is much faster.
    pub fn sample(&self, random: &mut impl FnMut() -> u64) -> Option<Vec<OptionId>> {
        match &self.shape {
            Shape::Tree(tree) => tree.sample(random),
            Shape::Layers(layered) => {
                if layered.count().is_zero() {
                    return None;
                }
                layered.sample_batch(&[random()]).pop()
            }
        }
    }

    /// Solutions drawn uniformly at random and independently (the same
    /// solution may come twice), from [`WyRand`] started at `seed`: the
    /// same seed gives the same solutions, in the same order, on every
    /// machine. Endless, unless there is no solution (then empty): take as
    /// many as wanted.
    ///
    /// They are the solutions [`Diagram::sample`] draws, one after
    /// another, from that generator's words.
    ///
    /// ```
    /// use dlx_core::{parse_dlx, Budget, Diagram, MemoSettings};
    ///
    /// let problem = parse_dlx("a b\na\nb\na b\n")?;
    /// let diagram = Diagram::build(&problem, &MemoSettings::new(), &Budget::new())?;
    /// let drawn: Vec<_> = diagram.samples(7).take(4).collect();
    /// assert_eq!(drawn.len(), 4);
    /// assert_eq!(drawn, diagram.samples(7).take(4).collect::<Vec<_>>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn samples(&self, seed: u64) -> Samples<'_> {
        Samples {
            diagram: self,
            random: WyRand::new(seed),
            ready: Ready::new(),
        }
    }

    /// For each option of the problem (by index), the number of solutions
    /// that contain it, in one pass over the diagram (built layer by
    /// layer: a backward pass over the layers, those between checkpoints
    /// made again).
    pub fn frequencies(&self) -> Vec<Count> {
        match &self.shape {
            Shape::Tree(tree) => tree.frequencies(),
            Shape::Layers(layered) => layered.frequencies(),
        }
    }
}

impl Tree {
    fn count(&self) -> &Count {
        &self.nodes[self.root as usize].count
    }

    fn sample(&self, random: &mut impl FnMut() -> u64) -> Option<Vec<OptionId>> {
        if self.count().is_zero() {
            return None;
        }
        let mut chosen = Vec::new();
        let mut open = vec![self.root];
        while let Some(node) = open.pop() {
            if node == NODE_ONE {
                continue;
            }
            debug_assert!(node != NODE_ZERO, "a branch of no solution is never taken");
            let Node { count, from, to } = &self.nodes[node as usize];
            let edges = &self.edges[*from as usize..*to as usize];
            if edges.first().is_some_and(|e| e.option == Edge::PART) {
                // A product: every part holds part of the solution.
                open.extend(edges.iter().map(|e| e.child));
                continue;
            }
            // A sum: the branch whose range of the node's solutions holds a
            // uniformly random one (in machine words while the count fits).
            let edge = match count.to_u128() {
                Some(n) => {
                    let mut left = below_u128(n, random);
                    edges.iter().find(|e| {
                        let weight = self.nodes[e.child as usize].count.to_u128();
                        let weight = weight.expect("a branch counts at most its node");
                        if left < weight {
                            true
                        } else {
                            left -= weight;
                            false
                        }
                    })
                }
                None => {
                    let mut left = below(count, random);
                    edges.iter().find(|e| {
                        let weight = self.nodes[e.child as usize].count.to_biguint();
                        if left < weight {
                            true
                        } else {
                            left -= weight;
                            false
                        }
                    })
                }
            };
            let edge = edge.expect("a node's branches add up to its count");
            chosen.push(OptionId::new(edge.option as usize));
            open.push(edge.child);
        }
        Some(chosen)
    }

    fn frequencies(&self) -> Vec<Count> {
        let mut through = vec![Count::ZERO; self.nodes.len()];
        let mut frequencies = vec![Count::ZERO; self.n_options];
        through[self.root as usize] = Count::from(1u64);
        // A parent's number is above its children's: from the root down.
        for node in (2..=self.root as usize).rev() {
            let share = std::mem::take(&mut through[node]);
            if share.is_zero() {
                continue;
            }
            let Node { from, to, .. } = self.nodes[node];
            let edges = &self.edges[from as usize..to as usize];
            if edges.first().is_some_and(|e| e.option == Edge::PART) {
                // A part's solutions combine with any of the other parts':
                // the share times the product of the others (prefix and
                // suffix products keep it linear in the parts).
                let counts: Vec<&Count> = edges
                    .iter()
                    .map(|e| &self.nodes[e.child as usize].count)
                    .collect();
                let mut after = vec![Count::from(1u64); counts.len() + 1];
                for k in (0..counts.len()).rev() {
                    after[k] = after[k + 1].clone() * counts[k].clone();
                }
                let mut before = share;
                for (k, edge) in edges.iter().enumerate() {
                    let part = before.clone() * after[k + 1].clone();
                    through[edge.child as usize] += part;
                    before = before * counts[k].clone();
                }
                continue;
            }
            for edge in edges {
                let child = &self.nodes[edge.child as usize].count;
                if child.is_zero() {
                    continue;
                }
                frequencies[edge.option as usize] += share.clone() * child.clone();
                through[edge.child as usize] += share.clone();
            }
        }
        frequencies
    }
}

/// Solutions drawn uniformly at random: [`Diagram::samples`].
#[derive(Clone, Debug)]
pub struct Samples<'a> {
    diagram: &'a Diagram,
    random: WyRand,
    /// Draws made ahead, in order: a diagram kept at checkpoints draws a
    /// batch at once (the same solutions as one at a time).
    ready: Ready,
}

impl Iterator for Samples<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if let Shape::Layers(layered) = &self.diagram.shape {
            if layered.thinned() && !layered.count().is_zero() {
                if self.ready.is_empty() {
                    // One word of the stream per draw, as `sample` takes it.
                    let seeds: Vec<u64> = (0..BATCH).map(|_| self.random.next_u64()).collect();
                    self.ready.extend(layered.sample_batch(&seeds));
                }
                return self.ready.pop_front();
            }
        }
        let random = &mut self.random;
        self.diagram.sample(&mut || random.next_u64())
    }
}

/// A number below `bound` (which is not 0), uniformly at random: one or
/// two words, the top one masked to the bits of `bound`, drawn again when
/// not below (fewer than half the draws).
fn below_u128(bound: u128, random: &mut impl FnMut() -> u64) -> u128 {
    debug_assert!(bound > 0, "a number below 0");
    if bound == 1 {
        return 0;
    }
    let mask = u128::MAX >> (bound - 1).leading_zeros().min(127);
    loop {
        let low = u128::from(random());
        let n = if mask >> 64 == 0 {
            low & mask
        } else {
            (u128::from(random()) << 64 | low) & mask
        };
        if n < bound {
            return n;
        }
    }
}

/// A number below `bound` (which is not 0), uniformly at random from the
/// 64-bit words of `random` ([`limbs::below`]).
fn below(bound: &Count, random: &mut impl FnMut() -> u64) -> BigUint {
    let bound = limbs::of_count(bound, limbs::width(bound));
    limbs::to_count(&limbs::below(&bound, random)).to_biguint()
}
