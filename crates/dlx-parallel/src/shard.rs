//! The shard format: the JSON lines that cut one count into shards for many machines, and their merge.
//!
//! A split is written as one [`SplitLine`] per piece (`dlx split`); a
//! shard counts some of the pieces and writes one [`PartLine`] each, as soon
//! as it has counted it (`dlx count --shard`); [`Merge`] sums the parts
//! (`dlx merge`) after checking that they count the same problem, split the
//! same way, every piece exactly once. Sums are exact: counts are
//! [`Count`]s of any size (a memoised shard's pieces pass 2^128 on large
//! boards), and statistics that would pass `u64::MAX` are an error. Lines name the problem and the split by their
//! [`Fingerprint`]s, so parts of another problem or another split are refused.
//! Nothing here reads files: callers hand over the text and the name to put
//! in messages.

use std::collections::BTreeMap;
use std::fmt;
use std::num::ParseIntError;

use dlx_core::format::write_dlx_bytes;
use dlx_core::subtree::Subtree;
use dlx_core::{Count, Problem, Solver, Stats};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{MemoPiece, Split, SplitError, SubCount};

/// A 64-bit fingerprint of a problem or of a split, written as 16 hex digits.
///
/// It is the FNV-1a hash of a canonical text: small, stable across
/// platforms and versions, and enough to tell problems apart by accident
/// (not against an adversary).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Fingerprint(u64);

/// One line of `dlx split`: a piece, given as a [`Subtree`]: its level, the
/// way down to it, and the alternatives of its level it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitLine {
    /// The problem's fingerprint.
    pub problem: Fingerprint,
    /// The split's fingerprint.
    pub split: Fingerprint,
    /// The piece's index in the split.
    pub index: usize,
    /// The number of pieces of the split.
    pub of: usize,
    /// The piece's level (from 0, the root).
    pub depth: usize,
    /// The alternatives taken on the way down (from 0), one at each level
    /// with more than one: an alternative is an option of the item the
    /// level branches on, in the order the search tries them.
    pub path: Vec<u32>,
    /// The first alternative of the piece's level that it holds.
    pub from: u32,
    /// The alternative after the last it holds (`null`: to the level's last).
    pub to: Option<u32>,
}

/// One line of `dlx count --shard`: the count and the statistics of one piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartLine {
    /// The problem's fingerprint.
    pub problem: Fingerprint,
    /// The split's fingerprint.
    pub split: Fingerprint,
    /// The piece's index in the split.
    pub index: usize,
    /// The number of pieces of the split.
    pub of: usize,
    /// The piece's number of solutions, written as a JSON number with all
    /// its digits (a memoised piece's may pass 2^64) and read from a number
    /// or a string of digits.
    #[serde(with = "exact")]
    pub count: Count,
    /// The count as a string of decimal digits, for readers whose numbers
    /// are doubles: filled in when the line is written (`Display`), empty
    /// otherwise, and ignored when read.
    #[serde(default, skip_deserializing)]
    count_decimal: String,
    /// The nodes of the piece's search.
    pub nodes: u64,
    /// The updates of the piece's search.
    pub updates: u64,
    /// The deepest level of the piece's search, counted from the root of the whole search.
    pub max_level: usize,
    /// Wall-clock seconds spent on the piece.
    pub seconds: f64,
    /// Nodes the sequential search spends above the pieces (the same on every line).
    pub split_nodes: u64,
    /// Updates the sequential search makes above the pieces (the same on every line;
    /// 0 when absent, as in files written before it was added).
    #[serde(default)]
    pub split_updates: u64,
}

/// Where a line was read: the input's name and the line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The input's name, as messages show it (a file name, `<stdin>`).
    pub input: String,
    /// The line number, from 1.
    pub line: usize,
}

/// Why a split or the parts of a count were refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// A line is not a [`SplitLine`].
    #[error("{at}: not a line written by `dlx split`")]
    NotASplitLine {
        /// The line.
        at: Place,
        /// Why it does not parse.
        source: serde_json::Error,
    },
    /// A split line names another problem.
    #[error("{at} splits another problem (fingerprint {found}, this one is {expected})")]
    SplitOfAnotherProblem {
        /// The line.
        at: Place,
        /// The fingerprint on the line.
        found: Fingerprint,
        /// The fingerprint of the problem at hand.
        expected: Fingerprint,
    },
    /// A split line is not the next piece.
    #[error("{at}: expected piece {expected}, found {found}")]
    OutOfOrder {
        /// The line.
        at: Place,
        /// The index expected next.
        expected: usize,
        /// The index on the line.
        found: usize,
    },
    /// A split with no line at all.
    #[error("{input} holds no pieces: a split has one line per piece, written by `dlx split`")]
    EmptySplit {
        /// The input's name.
        input: String,
    },
    /// The pieces of a split do not split this problem's search.
    #[error("{input} is not a split of this problem")]
    NotASplit {
        /// The input's name.
        input: String,
        /// What is wrong with the paths.
        source: SplitError,
    },
    /// A line is not a [`PartLine`].
    #[error("{at}: not a line written by `dlx count`")]
    NotAPartLine {
        /// The line.
        at: Place,
        /// Why it does not parse.
        source: serde_json::Error,
    },
    /// A part counts another problem than the first part.
    #[error("{at} counts another problem (fingerprint {found}) than {first_at} ({expected})")]
    PartOfAnotherProblem {
        /// The line.
        at: Place,
        /// The problem's fingerprint on the line.
        found: Fingerprint,
        /// The first line merged.
        first_at: Place,
        /// The problem's fingerprint on the first line.
        expected: Fingerprint,
    },
    /// A part comes from another split than the first part.
    #[error("{at} comes from another split of the problem ({split} of {of}) than {first_at} ({first_split} of {first_of})")]
    PartOfAnotherSplit {
        /// The line.
        at: Place,
        /// The split's fingerprint on the line.
        split: Fingerprint,
        /// The number of pieces on the line.
        of: usize,
        /// The first line merged.
        first_at: Place,
        /// The split's fingerprint on the first line.
        first_split: Fingerprint,
        /// The number of pieces on the first line.
        first_of: usize,
    },
    /// A part counts a piece that the split does not have.
    #[error("{at}: piece {index} does not exist (the split has {of})")]
    NoSuchPiece {
        /// The line.
        at: Place,
        /// The piece's index on the line.
        index: usize,
        /// The number of pieces of the split.
        of: usize,
    },
    /// Two parts count the same piece.
    #[error("piece {index} is counted twice: in {first_at} and {at}")]
    CountedTwice {
        /// The piece's index.
        index: usize,
        /// Where it was counted first.
        first_at: Place,
        /// Where it was counted again.
        at: Place,
    },
    /// There was no part line at all.
    #[error("no counts to merge: the parts are empty")]
    NoParts,
    /// Some pieces were counted by no part.
    #[error("{count} of {of} pieces missing: {}", first_ten(.first, *.count))]
    Missing {
        /// How many pieces are missing.
        count: usize,
        /// The indices of the first (at most ten) missing, ascending.
        first: Vec<usize>,
        /// The number of pieces of the split.
        of: usize,
    },
    /// Statistics whose sum passes `u64::MAX`, which no real search reaches:
    /// the parts have been edited.
    #[error("the parts' {what} add up to more than {max}; a part has been edited", max = u64::MAX)]
    Overflow {
        /// What overflows: nodes or updates.
        what: &'static str,
    },
}

/// The sum of the parts of a count, from [`Merge::finish`].
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The count: exact, however many parts add up, however large.
    pub count: Count,
    /// The statistics of the whole search: `nodes`, `updates` and
    /// `max_level` equal the sequential search's; `solutions` is the count,
    /// or `u64::MAX` if the count does not fit (read `count`).
    pub stats: Stats,
    /// The seconds of the parts, summed (the CPU time of the shards, roughly).
    pub seconds: f64,
}

/// The parts of a count, checked as they are added and summed at the end.
#[derive(Debug, Default)]
pub struct Merge {
    /// The first line added, which every other must agree with.
    first: Option<(PartLine, Place)>,
    /// Every piece counted so far, with where.
    seen: BTreeMap<usize, (PartLine, Place)>,
}

/// Reads a split written by `dlx split` (the text of the input named
/// `input`), checking that it splits `problem` and that its lines come in
/// index order and make a complete split. Blank lines are skipped.
pub fn read_split(input: &str, text: &str, problem: &Problem) -> Result<Split, ShardError> {
    let fingerprint = Fingerprint::of_problem(problem);
    let mut pieces = Vec::new();
    let not_a_line = |at, source| ShardError::NotASplitLine { at, source };
    for line in parse_lines(input, text, not_a_line) {
        let (piece, at): (SplitLine, Place) = line?;
        if piece.problem != fingerprint {
            return Err(ShardError::SplitOfAnotherProblem {
                at,
                found: piece.problem,
                expected: fingerprint,
            });
        }
        if piece.index != pieces.len() {
            return Err(ShardError::OutOfOrder {
                at,
                expected: pieces.len(),
                found: piece.index,
            });
        }
        pieces.push(Subtree::from_parts(
            piece.depth,
            piece.path,
            piece.from,
            piece.to,
        ));
    }
    if pieces.is_empty() {
        return Err(ShardError::EmptySplit {
            input: input.to_owned(),
        });
    }
    Split::from_pieces(&Solver::new(problem), &pieces).map_err(|source| ShardError::NotASplit {
        input: input.to_owned(),
        source,
    })
}

impl Fingerprint {
    /// The fingerprint of a problem: the hash of the problem as
    /// [`write_dlx_bytes`] writes it back, so comments and spacing do not matter
    /// but any item or option does.
    pub fn of_problem(problem: &Problem) -> Fingerprint {
        Fingerprint(fnv1a(&write_dlx_bytes(problem)))
    }

    /// The fingerprint of a split: the hash of its pieces, one line each.
    pub fn of_split(split: &Split) -> Fingerprint {
        let mut text = String::new();
        for piece in split.pieces() {
            let (from, to) = piece.alternatives();
            text += &format!("{} {:?} {from} {to:?}\n", piece.depth(), piece.path());
        }
        Fingerprint(fnv1a(text.as_bytes()))
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl From<Fingerprint> for String {
    fn from(fingerprint: Fingerprint) -> String {
        fingerprint.to_string()
    }
}

impl TryFrom<String> for Fingerprint {
    type Error = ParseIntError;

    /// Reads the hex digits [`Display`](fmt::Display) writes.
    fn try_from(text: String) -> Result<Fingerprint, ParseIntError> {
        u64::from_str_radix(&text, 16).map(Fingerprint)
    }
}

impl SplitLine {
    /// The lines of a split of `problem`, in index order: what `dlx split` writes.
    pub fn of_split(problem: &Problem, split: &Split) -> Vec<SplitLine> {
        let (problem, split_id) = (
            Fingerprint::of_problem(problem),
            Fingerprint::of_split(split),
        );
        let pieces = split.pieces().iter().enumerate();
        pieces
            .map(|(index, piece)| {
                let (from, to) = piece.alternatives();
                SplitLine {
                    problem,
                    split: split_id,
                    index,
                    of: split.len(),
                    depth: piece.depth(),
                    path: piece.path().to_vec(),
                    from,
                    to,
                }
            })
            .collect()
    }
}

impl PartLine {
    /// The lines of the pieces of `split` counted by
    /// [`ParallelSolver::count_each`](crate::ParallelSolver::count_each), in
    /// the order given: what `dlx count --shard` writes.
    pub fn of_counts(problem: &Problem, split: &Split, counts: &[SubCount]) -> Vec<PartLine> {
        let (problem, split_id) = (
            Fingerprint::of_problem(problem),
            Fingerprint::of_split(split),
        );
        counts
            .iter()
            .map(|part| PartLine::of_count(problem, split_id, split, part))
            .collect()
    }

    /// The line of one piece's count, for a problem and a split of the given
    /// fingerprints: what `dlx count --shard` writes as soon as the piece is counted.
    pub fn of_count(
        problem: Fingerprint,
        split_id: Fingerprint,
        split: &Split,
        part: &SubCount,
    ) -> PartLine {
        let above = split.stats();
        PartLine {
            problem,
            split: split_id,
            index: part.index,
            of: split.len(),
            count: Count::from(part.count),
            count_decimal: String::new(),
            nodes: part.stats.nodes,
            updates: part.stats.updates,
            max_level: part.stats.max_level.max(above.max_level),
            seconds: part.seconds,
            split_nodes: above.nodes,
            split_updates: above.updates,
        }
    }

    /// The line of one piece's memoised count ([`ParallelMemoCounter::count_ways`](crate::ParallelMemoCounter::count_ways)):
    /// its nodes and updates are the memoised search's.
    pub fn of_memo_count(
        problem: Fingerprint,
        split_id: Fingerprint,
        split: &Split,
        piece: &MemoPiece,
    ) -> PartLine {
        let above = split.stats();
        PartLine {
            problem,
            split: split_id,
            index: piece.index,
            of: split.len(),
            count: piece.count.clone(),
            count_decimal: String::new(),
            nodes: piece.stats.nodes,
            updates: piece.stats.updates,
            max_level: piece.stats.max_level.max(above.max_level),
            seconds: piece.seconds,
            split_nodes: above.nodes,
            split_updates: above.updates,
        }
    }

    /// The statistics of the line's piece, without those of the split above it.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self.updates,
            solutions: self.count.to_u64().unwrap_or(u64::MAX),
            max_level: self.max_level,
        }
    }
}

/// Writes the line as one line of JSON, without the newline, headed by
/// `"type":"piece"`.
impl fmt::Display for SplitLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_json("piece", self, f)
    }
}

/// Writes the line as one line of JSON, without the newline, headed by
/// `"type":"part"`.
impl fmt::Display for PartLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = PartLine {
            count_decimal: self.count.to_string(),
            ..self.clone()
        };
        write_json("part", &line, f)
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.input, self.line)
    }
}

impl Merge {
    /// A merge with no parts yet.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds the part lines of the input named `input` (its text); blank lines are skipped.
    /// The first error stops the merge: the lines before it stay added.
    pub fn add(&mut self, input: &str, text: &str) -> Result<(), ShardError> {
        let not_a_line = |at, source| ShardError::NotAPartLine { at, source };
        for line in parse_lines(input, text, not_a_line) {
            let (part, at) = line?;
            self.add_line(part, at)?;
        }
        Ok(())
    }

    /// Adds one part line, read at `at`.
    pub fn add_line(&mut self, part: PartLine, at: Place) -> Result<(), ShardError> {
        match &self.first {
            None => self.first = Some((part.clone(), at.clone())),
            Some((first, first_at)) => {
                if part.problem != first.problem {
                    return Err(ShardError::PartOfAnotherProblem {
                        at,
                        found: part.problem,
                        first_at: first_at.clone(),
                        expected: first.problem,
                    });
                }
                if part.split != first.split || part.of != first.of {
                    return Err(ShardError::PartOfAnotherSplit {
                        at,
                        split: part.split,
                        of: part.of,
                        first_at: first_at.clone(),
                        first_split: first.split,
                        first_of: first.of,
                    });
                }
            }
        }
        if part.index >= part.of {
            return Err(ShardError::NoSuchPiece {
                at,
                index: part.index,
                of: part.of,
            });
        }
        if let Some((_, first_at)) = self.seen.get(&part.index) {
            return Err(ShardError::CountedTwice {
                index: part.index,
                first_at: first_at.clone(),
                at,
            });
        }
        self.seen.insert(part.index, (part, at));
        Ok(())
    }

    /// The fingerprints of the problem and of the split the parts count, once a part is added.
    pub fn fingerprints(&self) -> Option<(Fingerprint, Fingerprint)> {
        self.first
            .as_ref()
            .map(|(first, _)| (first.problem, first.split))
    }

    /// The indices of the pieces counted so far, ascending (a resumed shard
    /// skips them).
    pub fn counted(&self) -> impl Iterator<Item = usize> + '_ {
        self.seen.keys().copied()
    }

    /// The total, if every piece of the split was counted.
    pub fn finish(self) -> Result<Merged, ShardError> {
        let Some((first, _)) = self.first else {
            return Err(ShardError::NoParts);
        };
        // Every index seen is below `of`, so `of - seen` are missing; the
        // first ten are found without walking all of `of`, which an edited
        // line may make enormous.
        let missing = first.of - self.seen.len();
        if missing > 0 {
            let first_missing = (0..first.of)
                .filter(|i| !self.seen.contains_key(i))
                .take(10)
                .collect();
            return Err(ShardError::Missing {
                count: missing,
                first: first_missing,
                of: first.of,
            });
        }
        // What the sequential search spends above the pieces, counted once.
        let (mut nodes, mut updates) = (first.split_nodes, first.split_updates);
        let (mut count, mut max_level, mut seconds) = (Count::ZERO, 0usize, 0.0);
        for (part, _) in self.seen.values() {
            nodes = nodes
                .checked_add(part.nodes)
                .ok_or(ShardError::Overflow { what: "nodes" })?;
            updates = updates
                .checked_add(part.updates)
                .ok_or(ShardError::Overflow { what: "updates" })?;
            count += part.count.clone();
            max_level = max_level.max(part.max_level);
            seconds += part.seconds;
        }
        let stats = Stats {
            nodes,
            updates,
            solutions: count.to_u64().unwrap_or(u64::MAX),
            max_level,
        };
        Ok(Merged {
            count,
            stats,
            seconds,
        })
    }
}

/// The non-blank lines of a text, each parsed from JSON, with where it stands;
/// `not_a_line` makes the error of a line that does not parse.
fn parse_lines<'t, T: DeserializeOwned>(
    input: &'t str,
    text: &'t str,
    not_a_line: fn(Place, serde_json::Error) -> ShardError,
) -> impl Iterator<Item = Result<(T, Place), ShardError>> + 't {
    let lines = text.lines().enumerate();
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(move |(n, line)| {
            let at = Place {
                input: input.to_owned(),
                line: n + 1,
            };
            match serde_json::from_str(line) {
                Ok(parsed) => Ok((parsed, at)),
                Err(source) => Err(not_a_line(at, source)),
            }
        })
}

/// Writes a line as JSON into a formatter, its first field `"type": kind`
/// (as every JSON line of the `dlx` binary has one; reading ignores it, so
/// files written before it was added still read).
fn write_json(kind: &str, line: &impl Serialize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // The lines hold only numbers, strings and lists, which always serialize,
    // into an object with fields.
    let json = serde_json::to_string(line).map_err(|_| fmt::Error)?;
    let fields = json.strip_prefix('{').ok_or(fmt::Error)?;
    write!(f, "{{\"type\":\"{kind}\",{fields}")
}

/// The first (at most ten) of `count` indices, and `, ...` if there are more.
fn first_ten(first: &[usize], count: usize) -> String {
    let shown: Vec<String> = first.iter().take(10).map(usize::to_string).collect();
    let more = if count > shown.len() { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A [`Count`] in JSON: written as a number with all its digits, read from
/// a number (of any size) or a string of decimal digits.
mod exact {
    use dlx_core::Count;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};
    use serde_json::value::RawValue;

    pub(super) fn serialize<S: Serializer>(
        count: &Count,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(count.to_string()).map_err(serde::ser::Error::custom)?;
        serde::Serialize::serialize(&raw, serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Count, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        let text = raw.get();
        let digits = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(text);
        digits.parse::<Count>().map_err(|_| {
            D::Error::custom(format!("a count is a number of decimal digits, not {text}"))
        })
    }
}
