//! `CHANGELOG.md` in Keep a Changelog's form (<https://keepachangelog.com/en/1.1.0/>), with no line past a limit.
//!
//! A user reads a changelog by version and by kind of change; one unreleased section of paragraph-long lines is a history nobody can scan.
//! The form checked: a `# ` title; then sections `## [Unreleased]` (first, at most once) and `## [x.y.z] - YYYY-MM-DD`, newest first; in each, the headings `### Added`, `### Changed`, `### Deprecated`, `### Removed`, `### Fixed` and `### Security`, each at most once, with the entries below them.
//! Link definitions (`[1.0.0]: https://...`) may close the file.

/// The kinds of change Keep a Changelog names, in its order.
const KINDS: [&str; 6] = [
    "Added",
    "Changed",
    "Deprecated",
    "Removed",
    "Fixed",
    "Security",
];

/// What is wrong with a changelog: each problem with its line (from 1).
pub(super) fn problems(text: &str, max_line: usize) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    let mut versions: Vec<(usize, Option<[u64; 3]>)> = Vec::new();
    let mut kinds: Vec<&str> = Vec::new();
    let mut in_kind = false;
    let mut links = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let mut problem = |what: String| problems.push((number, what));
        let length = line.chars().count();
        if length > max_line {
            problem(format!("a line of {length} characters (limit {max_line})"));
        }
        if index == 0 {
            if !line.starts_with("# ") {
                problem("the first line is not a `# ` title".to_owned());
            }
            continue;
        }
        if let Some(heading) = line.strip_prefix("## ") {
            match version_heading(heading) {
                Some(version) => {
                    if let Some(problem_text) = out_of_order(&versions, version) {
                        problem(problem_text);
                    }
                    versions.push((number, version));
                }
                None => problem(format!(
                    "`## {heading}` is not `## [Unreleased]` or `## [x.y.z] - YYYY-MM-DD`"
                )),
            }
            kinds.clear();
            in_kind = false;
        } else if let Some(kind) = line.strip_prefix("### ") {
            if versions.is_empty() {
                problem(format!("`### {kind}` before any version's section"));
            } else if !KINDS.contains(&kind) {
                problem(format!("`### {kind}` is not one of {}", KINDS.join(", ")));
            } else if kinds.contains(&kind) {
                problem(format!("a second `### {kind}` in one version's section"));
            } else {
                kinds.push(kind);
            }
            in_kind = true;
        } else if line.starts_with('[') && line.contains("]: ") {
            links = true;
        } else if line.starts_with('#') {
            problem("headings below `###` are not part of the form".to_owned());
        } else if !line.trim().is_empty() {
            if links {
                problem("text after the link definitions".to_owned());
            } else if !versions.is_empty() && !in_kind {
                problem("an entry outside a `### ` kind of change".to_owned());
            }
        }
    }
    if versions.is_empty() {
        problems.push((
            1,
            "no `## [Unreleased]` or `## [x.y.z] - date` section".to_owned(),
        ));
    }
    problems
}

/// The version of a `## ` heading (`None` inside for `[Unreleased]`), or `None` if the heading is not a version's.
#[allow(
    clippy::option_option,
    reason = "the outer option says whether the heading is a version's, the inner whether it is released"
)]
fn version_heading(heading: &str) -> Option<Option<[u64; 3]>> {
    if heading == "[Unreleased]" {
        return Some(None);
    }
    let (version, date) = heading.strip_prefix('[')?.split_once("] - ")?;
    let mut parts = version.split('.').map(|p| p.parse::<u64>().ok());
    let version = [parts.next()??, parts.next()??, parts.next()??];
    if parts.next().is_some() || !is_date(date) {
        return None;
    }
    Some(Some(version))
}

/// Whether `text` is a date as `YYYY-MM-DD`.
fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let digits =
        |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
    parts.len() == 3 && digits(parts[0], 4) && digits(parts[1], 2) && digits(parts[2], 2)
}

/// What is wrong with a version's place after the versions before it, if anything: the unreleased first, the newest next.
fn out_of_order(before: &[(usize, Option<[u64; 3]>)], version: Option<[u64; 3]>) -> Option<String> {
    let &(line, last) = before.last()?;
    match (last, version) {
        (_, None) => Some(format!(
            "`## [Unreleased]` after the section of line {line}"
        )),
        (Some(last), Some(this)) if this >= last => Some(format!(
            "version {} after {} (line {line}): the newest goes first",
            this.map(|p| p.to_string()).join("."),
            last.map(|p| p.to_string()).join(".")
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(text: &str, expected: &[(usize, &str)]) {
        let found = problems(text, 40);
        let expected: Vec<(usize, String)> =
            expected.iter().map(|&(l, p)| (l, p.to_owned())).collect();
        assert_eq!(found, expected, "{text}");
    }

    #[test]
    fn the_form_of_keep_a_changelog_passes() {
        check(
            "# Changelog\n\nAll notable changes.\n\n## [Unreleased]\n\n### Added\n- a thing\n  continued\n\n### Fixed\n- a bug\n\n## [0.2.0] - 2024-05-01\n### Changed\n- x\n\n## [0.1.0] - 2023-01-31\n### Added\n- y\n\n[0.2.0]: https://example.com/0.2.0\n",
            &[],
        );
    }

    #[test]
    fn headings_out_of_the_form_are_named_with_their_lines() {
        check(
            "# Changelog\n## Unreleased\n### Performance\n### Added\n### Added\n- z\n",
            &[
                (
                    2,
                    "`## Unreleased` is not `## [Unreleased]` or `## [x.y.z] - YYYY-MM-DD`",
                ),
                (3, "`### Performance` before any version's section"),
                (4, "`### Added` before any version's section"),
                (5, "`### Added` before any version's section"),
                (1, "no `## [Unreleased]` or `## [x.y.z] - date` section"),
            ],
        );
        check(
            "# Changelog\n## [Unreleased]\n- loose\n### Performance\n### Fixed\n### Fixed\n#### Deep\n",
            &[
                (3, "an entry outside a `### ` kind of change"),
                (4, "`### Performance` is not one of Added, Changed, Deprecated, Removed, Fixed, Security"),
                (6, "a second `### Fixed` in one version's section"),
                (7, "headings below `###` are not part of the form"),
            ],
        );
    }

    #[test]
    fn versions_go_newest_first_after_the_unreleased() {
        check(
            "# C\n## [0.1.0] - 2023-01-01\n## [0.2.0] - 2024-01-01\n## [Unreleased]\n## [1.0] - 2024-01-01\n## [1.0.0] - 2024-1-1\n",
            &[
                (3, "version 0.2.0 after 0.1.0 (line 2): the newest goes first"),
                (4, "`## [Unreleased]` after the section of line 3"),
                (5, "`## [1.0] - 2024-01-01` is not `## [Unreleased]` or `## [x.y.z] - YYYY-MM-DD`"),
                (6, "`## [1.0.0] - 2024-1-1` is not `## [Unreleased]` or `## [x.y.z] - YYYY-MM-DD`"),
            ],
        );
    }

    #[test]
    fn long_lines_are_counted_in_characters() {
        let long = "é".repeat(41);
        check(
            &format!(
                "# C\n## [Unreleased]\n### Added\n- {}\n- {}\n",
                "é".repeat(38),
                long
            ),
            &[(5, "a line of 43 characters (limit 40)")],
        );
    }
}
