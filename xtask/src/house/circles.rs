//! Import circles: modules of one crate that use each other, directly or through others.
//!
//! A circle makes its modules one piece: none can be read, tested or moved without the others, and the layering the code map draws is not the code's.
//! The graph's nodes are a crate's source files; an edge goes from a file to each file that one of its paths names (`crate::...`, `super::...`, `self::...`, in a `use` or in code).
//! A path to the file's own ancestor or descendant is not an edge: a parent declares and re-exports its children, and a child uses its parent's items, by design.
//! A circle is a strongly connected component of two files or more (Tarjan's algorithm), reported with the edges inside it, so that the import to remove can be seen.

use std::collections::{BTreeMap, BTreeSet};

use super::lexer::{tokens, Token};
use super::paths::read_tree;

/// A module's path in its crate: `["memo", "sweep"]` for `src/memo/sweep.rs` or `src/memo/sweep/mod.rs`; empty for the crate root.
pub(super) type ModulePath = Vec<String>;

/// One circle: its files, in order, and the edges between them (a file and the files it uses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Circle {
    /// The files of the circle, as given to [`circles`].
    pub(super) files: Vec<String>,
    /// Each use inside the circle: the file and line of the path, and the file it names.
    pub(super) uses: Vec<(String, usize, String)>,
}

/// The module path of a file, from its path below the crate's `src/` (`memo/sweep.rs`, `memo/mod.rs`, `lib.rs`).
pub(super) fn module_path(file: &str) -> ModulePath {
    let mut parts: Vec<String> = file.split('/').map(str::to_owned).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.strip_suffix(".rs").unwrap_or(&last);
    let root = parts.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !root {
        parts.push(stem.to_owned());
    }
    parts
}

/// The circles among a crate's files, given as (path below `src/`, source text).
pub(super) fn circles(files: &[(String, String)]) -> Vec<Circle> {
    let modules: BTreeMap<ModulePath, usize> = files
        .iter()
        .enumerate()
        .map(|(index, (file, _))| (module_path(file), index))
        .collect();
    // Each file's uses of other files: the file used, and the line of the first path to it.
    let edges: Vec<BTreeMap<usize, usize>> = files
        .iter()
        .map(|(file, text)| {
            let from = module_path(file);
            let mut uses = BTreeMap::new();
            for (path, line) in used_modules(&from, &tokens(text)) {
                let to = file_of(&modules, &path);
                if let Some(to) = to.filter(|&to| !related(&from, &module_path(&files[to].0))) {
                    uses.entry(to).or_insert(line);
                }
            }
            uses
        })
        .collect();
    let successors: Vec<BTreeSet<usize>> = edges
        .iter()
        .map(|uses| uses.keys().copied().collect())
        .collect();
    strongly_connected(&successors)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let name = |index: usize| files[index].0.clone();
            Circle {
                files: component.iter().map(|&i| name(i)).collect(),
                uses: component
                    .iter()
                    .flat_map(|&from| {
                        let inside = edges[from].iter().filter(|(to, _)| component.contains(to));
                        inside.map(move |(&to, &line)| (name(from), line, name(to)))
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The modules that the paths of a file name (each as far as it goes), resolved from the module `from`.
/// Paths in inline modules (`mod tests { use super::*; }`) are resolved from the inline module.
fn used_modules(from: &ModulePath, tokens: &[Token]) -> Vec<(ModulePath, usize)> {
    let mut used = Vec::new();
    // The inline modules the scan is in, with the brace depth each opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut at = 0;
    while at < tokens.len() {
        let token = &tokens[at];
        let after_path = at > 0 && tokens[at - 1].is("::");
        let starts = ["crate", "super", "self"].iter().any(|w| token.is(w));
        if token.is("{") {
            depth += 1;
        } else if token.is("}") {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|&(_, opened)| opened == depth) {
                inline.pop();
            }
        } else if token.is("mod") && tokens.get(at + 2).is_some_and(|t| t.is("{")) {
            inline.push((tokens[at + 1].text.clone(), depth));
        } else if starts && !after_path && tokens.get(at + 1).is_some_and(|t| t.is("::")) {
            let mut here = from.clone();
            here.extend(inline.iter().map(|(name, _)| name.clone()));
            let (leaves, end) = read_tree(tokens, at);
            for leaf in leaves {
                used.extend(resolve(&here, &leaf.segments).map(|path| (path, leaf.line)));
            }
            at = end;
            continue;
        }
        at += 1;
    }
    used
}

/// The module path a path names from the module `here`: `crate`, `super` and `self` resolved, the rest kept.
fn resolve(here: &ModulePath, segments: &[String]) -> Option<ModulePath> {
    let mut rest = segments.iter().peekable();
    let mut base = match rest.peek().map(|s| s.as_str()) {
        Some("crate") => {
            rest.next();
            Vec::new()
        }
        Some("self") => {
            rest.next();
            here.clone()
        }
        _ => here.clone(),
    };
    while rest.peek().is_some_and(|s| *s == "super") {
        rest.next();
        base.pop()?;
    }
    base.extend(rest.cloned());
    Some(base)
}

/// The file that holds the module `path`, or the item it names: the longest prefix of it that is a file's module.
fn file_of(modules: &BTreeMap<ModulePath, usize>, path: &ModulePath) -> Option<usize> {
    (0..=path.len())
        .rev()
        .find_map(|len| modules.get(&path[..len]).copied())
}

/// Whether one module is the other, or an ancestor of it.
fn related(a: &ModulePath, b: &ModulePath) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// The strongly connected components of a graph given as each node's successors (Tarjan's algorithm, iterative).
/// Each component lists its nodes in increasing order.
fn strongly_connected(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    let mut tarjan = Tarjan {
        edges,
        index: vec![usize::MAX; edges.len()],
        low: vec![0; edges.len()],
        on_stack: vec![false; edges.len()],
        stack: Vec::new(),
        frames: Vec::new(),
        next_index: 0,
        components: Vec::new(),
    };
    for root in 0..edges.len() {
        if tarjan.index[root] == usize::MAX {
            tarjan.visit(root);
        }
    }
    tarjan.components
}

/// The state of Tarjan's algorithm, with an explicit stack of frames instead of recursion.
struct Tarjan<'a> {
    edges: &'a [BTreeSet<usize>],
    /// The order in which each node was entered; `usize::MAX` before.
    index: Vec<usize>,
    /// The lowest index reachable from each node through its subtree and one back edge.
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    /// Each frame: a node being visited and the successors it has yet to look at.
    frames: Vec<(usize, Vec<usize>)>,
    next_index: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    /// Visits every node reachable from `root` that has not been entered.
    fn visit(&mut self, root: usize) {
        self.enter(root);
        while let Some((node, successors)) = self.frames.last_mut() {
            let node = *node;
            if let Some(next) = successors.pop() {
                if self.index[next] == usize::MAX {
                    self.enter(next);
                } else if self.on_stack[next] {
                    self.low[node] = self.low[node].min(self.index[next]);
                }
                continue;
            }
            self.frames.pop();
            if let Some(&(parent, _)) = self.frames.last() {
                self.low[parent] = self.low[parent].min(self.low[node]);
            }
            if self.low[node] == self.index[node] {
                self.close(node);
            }
        }
    }

    fn enter(&mut self, node: usize) {
        self.index[node] = self.next_index;
        self.low[node] = self.next_index;
        self.next_index += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        let successors = self.edges[node].iter().rev().copied().collect();
        self.frames.push((node, successors));
    }

    /// Pops the component whose first entered node is `node`.
    fn close(&mut self, node: usize) {
        let mut component = Vec::new();
        while let Some(member) = self.stack.pop() {
            self.on_stack[member] = false;
            component.push(member);
            if member == node {
                break;
            }
        }
        component.sort_unstable();
        self.components.push(component);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(files: &[(&str, &str)], expected: &[&[&str]]) {
        let files: Vec<(String, String)> = files
            .iter()
            .map(|&(file, text)| (file.to_owned(), text.to_owned()))
            .collect();
        let found: Vec<Vec<String>> = circles(&files).into_iter().map(|c| c.files).collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn module_paths_follow_the_files() {
        assert_eq!(module_path("lib.rs"), Vec::<String>::new());
        assert_eq!(module_path("main.rs"), Vec::<String>::new());
        assert_eq!(module_path("memo/mod.rs"), ["memo"]);
        assert_eq!(module_path("memo/sweep.rs"), ["memo", "sweep"]);
        assert_eq!(module_path("memo/lib.rs"), ["memo", "lib"]);
    }

    #[test]
    fn two_modules_that_use_each_other_are_a_circle() {
        check(
            &[
                ("lib.rs", "mod a; mod b;"),
                ("a.rs", "use crate::b::B; pub struct A;"),
                ("b.rs", "pub struct B; fn f() -> crate::a::A { todo!() }"),
            ],
            &[&["a.rs", "b.rs"]],
        );
    }

    #[test]
    fn a_circle_through_a_third_module_and_through_super() {
        check(
            &[
                ("main.rs", ""),
                ("x/mod.rs", "mod p; mod q; mod r;"),
                ("x/p.rs", "use super::q::Q;"),
                ("x/q.rs", "use super::{r::{self, R}};"),
                ("x/r.rs", "use crate::x::p;"),
                ("y.rs", "use crate::x::p::P;"),
            ],
            &[&["x/p.rs", "x/q.rs", "x/r.rs"]],
        );
    }

    #[test]
    fn parents_children_comments_and_one_way_uses_are_no_circle() {
        check(
            &[
                ("lib.rs", "mod m; pub use m::M; use crate::n::N;"),
                ("m/mod.rs", "mod child; pub use self::child::M; use crate::n::N;"),
                ("m/child.rs", "use super::super::n::N; use crate::m::Other; pub struct M;"),
                ("n.rs", "// crate::m::M\n/// [`crate::m::M`]\nconst S: &str = \"crate::m\"; pub struct N;"),
            ],
            &[],
        );
    }

    #[test]
    fn paths_in_an_inline_module_start_from_it() {
        // `super::super::b` from `a::tests` is `b`; from `a` it would be outside the crate.
        check(
            &[
                ("lib.rs", ""),
                ("a.rs", "mod tests { use super::super::b::B; }"),
                ("b.rs", "use crate::a::A;"),
            ],
            &[&["a.rs", "b.rs"]],
        );
    }

    #[test]
    fn a_circle_names_the_uses_inside_it() {
        let files = [
            ("lib.rs", ""),
            ("a.rs", "use crate::b::B; use crate::c::C;"),
            (
                "b.rs",
                "// the use is on line 2\nuse crate::a::{A, B};\nuse crate::a::C;",
            ),
            ("c.rs", ""),
        ];
        let files: Vec<(String, String)> = files
            .iter()
            .map(|&(f, t)| (f.to_owned(), t.to_owned()))
            .collect();
        let circle = &circles(&files)[0];
        assert_eq!(
            circle.uses,
            [
                ("a.rs".to_owned(), 1, "b.rs".to_owned()),
                ("b.rs".to_owned(), 2, "a.rs".to_owned()),
            ]
        );
    }
}
