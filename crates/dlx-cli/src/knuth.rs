//! Knuth's options of `dlx solve` that watch a search: `--trace LEVEL` (his `v` with `l`), `--seed S` (`s`), `--profile` (`v128` and `v512`), run by `dlx_core::Solver::explore` on one thread.
//!
//! The ordinary search never tests for any of these: they run through the
//! core's second driver, so they cost the ordinary search nothing, and an
//! unseeded run counts the same nodes and updates as the ordinary search.

use std::io::{BufWriter, Write as _};

use dlx_core::explore::{Event, Profile};
use dlx_core::{format_option, ItemId, ItemKind, Problem};
use indicatif::HumanCount;

/// Writes the trace of a search to standard error, as a teacher would show
/// it: each level indented under the one above, the item chosen and its
/// number of options, each option tried (`k of d`) with its items, each
/// solution, and each backtrack; the levels from `depth` on are left out.
pub(crate) struct Trace<'a> {
    problem: &'a Problem,
    depth: usize,
    solutions: u64,
    out: BufWriter<std::io::Stderr>,
}

impl<'a> Trace<'a> {
    /// A trace of the levels `0..depth` (and the solutions on level `depth`).
    pub(crate) fn new(problem: &'a Problem, depth: usize) -> Trace<'a> {
        Trace {
            problem,
            depth,
            solutions: 0,
            out: BufWriter::new(std::io::stderr()),
        }
    }

    /// Shows one step of the search, if its level is traced.
    pub(crate) fn show(&mut self, event: &Event<'_>) {
        let problem = self.problem;
        let indent = |level: usize| "  ".repeat(level);
        // A trace is a courtesy: a standard error that cannot be written is not an error.
        let _ = match *event {
            Event::Choose {
                level,
                item,
                options,
            } if level < self.depth => writeln!(
                self.out,
                "{}{level}: item {} has {options} option{}",
                indent(level),
                problem.item_label(item),
                if options == 1 { "" } else { "s" }
            ),
            Event::Try {
                level,
                option,
                k,
                of,
            } if level < self.depth => writeln!(
                self.out,
                "{}{level}: try {k} of {of}: {}",
                indent(level),
                format_option(problem, option)
            ),
            Event::Backtrack { level, item } if level < self.depth => writeln!(
                self.out,
                "{}{level}: back from {}",
                indent(level),
                problem.item_label(item)
            ),
            Event::Solution { level, .. } => {
                self.solutions += 1;
                if level <= self.depth {
                    writeln!(
                        self.out,
                        "{}{level}: solution {}",
                        indent(level),
                        self.solutions
                    )
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        };
    }

    /// Writes out what is buffered.
    pub(crate) fn flush(&mut self) {
        let _ = self.out.flush();
    }
}

/// Prints Knuth's profile of the tree (nodes at each level) and the totals of
/// each primary item branched on (how many times it was chosen, and how many
/// of its options were tried) to standard error, after the statistics.
pub(crate) fn print_profile(problem: &Problem, profile: &Profile) {
    let mut out = BufWriter::new(std::io::stderr());
    let _ = writeln!(out, "profile (nodes at each level):");
    for (level, nodes) in profile.levels.iter().enumerate() {
        let _ = writeln!(out, "  {level:>3}: {}", HumanCount(*nodes));
    }
    let _ = writeln!(
        out,
        "item totals (times chosen to branch on, options tried):"
    );
    for item in problem.item_ids() {
        let chosen = profile.chosen[item.index()];
        if problem.item_kind(item) == ItemKind::Primary && chosen > 0 {
            let _ = writeln!(
                out,
                "  {}: {}, {}",
                problem.item_label(item),
                HumanCount(chosen),
                HumanCount(profile.tried[item.index()])
            );
        }
    }
    let _ = out.flush();
}

/// The profile and the item totals as the extra fields of a JSON `stats`
/// line: `profile` (nodes at each level) and `items` (each primary item
/// branched on: its index and name, `chosen` and `tried`).
pub(crate) fn profile_fields(
    problem: &Problem,
    profile: &Profile,
) -> [(&'static str, serde_json::Value); 2] {
    let items: Vec<serde_json::Value> = problem
        .item_ids()
        .filter(|&item| {
            problem.item_kind(item) == ItemKind::Primary && profile.chosen[item.index()] > 0
        })
        .map(|item: ItemId| {
            serde_json::json!({
                "item": item.index(),
                "name": problem.item_label(item),
                "chosen": profile.chosen[item.index()],
                "tried": profile.tried[item.index()],
            })
        })
        .collect();
    [
        ("profile", profile.levels.clone().into()),
        ("items", items.into()),
    ]
}
