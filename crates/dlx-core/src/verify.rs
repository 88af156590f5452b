//! An independent check of a solution, from the options alone.

use crate::index::{Color, ItemId, OptionId};
use crate::problem::{ItemKind, Multiplicity, Problem};

/// Why a set of options is not a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// An option index outside the problem.
    #[error("option {option} does not exist; the problem has {n_options} options")]
    UnknownOption {
        /// The option.
        option: usize,
        /// How many options the problem has.
        n_options: usize,
    },
    /// The same option twice.
    #[error("option {option} is used twice")]
    RepeatedOption {
        /// The option.
        option: usize,
    },
    /// A primary item no option covers.
    #[error("primary item `{item}` is not covered")]
    Uncovered {
        /// The item's name or index.
        item: String,
    },
    /// A primary item covered by more than one option.
    #[error("primary item `{item}` is covered by options {first} and {second}")]
    CoveredTwice {
        /// The item's name or index.
        item: String,
        /// One option covering it.
        first: usize,
        /// Another.
        second: usize,
    },
    /// A primary item covered fewer times than its multiplicity asks.
    #[error("primary item `{item}` needs at least {min} options, but {times} cover it")]
    TooFew {
        /// The item's name or index.
        item: String,
        /// How many options cover it.
        times: u32,
        /// The least allowed.
        min: u32,
    },
    /// A primary item covered more times than its multiplicity allows.
    #[error("primary item `{item}` is covered by more than its most {max} options")]
    TooMany {
        /// The item's name or index.
        item: String,
        /// The most allowed.
        max: u32,
    },
    /// A secondary item shared by options that do not agree on one color.
    #[error(
        "secondary item `{item}` is used by options {first} and {second} without one common color"
    )]
    ColorClash {
        /// The item's name or index.
        item: String,
        /// One option using it.
        first: usize,
        /// Another.
        second: usize,
    },
}

/// Checks that `solution` covers every primary item exactly once, and every
/// secondary item at most once or only with one color, reading the problem's
/// options and nothing of any solver's state.
///
/// ```
/// let problem = dlx_core::parse_dlx("a b\na\nb\na b\n")?;
/// let ids: Vec<_> = problem.option_ids().collect();
/// assert!(dlx_core::verify(&problem, &[ids[0], ids[1]]).is_ok());
/// assert!(dlx_core::verify(&problem, &[ids[0], ids[2]]).is_err());
/// # Ok::<(), dlx_core::ParseError>(())
/// ```
pub fn verify(problem: &Problem, solution: &[OptionId]) -> Result<(), VerifyError> {
    // For every item: the first option that used it, the color it gave, and how many options cover it.
    let mut used: Vec<Option<(OptionId, Option<Color>)>> = vec![None; problem.n_items()];
    let mut times = vec![0u32; problem.n_items()];
    let mut seen = vec![false; problem.n_options()];
    for &option in solution {
        if option.index() >= problem.n_options() {
            return Err(VerifyError::UnknownOption {
                option: option.index(),
                n_options: problem.n_options(),
            });
        }
        if std::mem::replace(&mut seen[option.index()], true) {
            return Err(VerifyError::RepeatedOption {
                option: option.index(),
            });
        }
        for entry in problem.option(option) {
            let index = entry.item.index();
            times[index] = times[index].saturating_add(1);
            let slot = &mut used[index];
            let Some((first, color)) = *slot else {
                *slot = Some((option, entry.color));
                continue;
            };
            let item = problem.item_label(entry.item);
            let (first, second) = (first.index(), option.index());
            match problem.item_kind(entry.item) {
                ItemKind::Primary => {
                    let bounds = problem.multiplicity(entry.item);
                    if bounds == Multiplicity::EXACT {
                        return Err(VerifyError::CoveredTwice {
                            item,
                            first,
                            second,
                        });
                    }
                    if bounds.max.is_some_and(|max| times[index] > max) {
                        return Err(VerifyError::TooMany {
                            item,
                            max: bounds.max.unwrap_or(u32::MAX),
                        });
                    }
                }
                ItemKind::Secondary if color.is_none() || color != entry.color => {
                    return Err(VerifyError::ColorClash {
                        item,
                        first,
                        second,
                    });
                }
                ItemKind::Secondary => {}
            }
        }
    }
    for (index, &count) in times.iter().enumerate() {
        let item = ItemId::new(index);
        if problem.item_kind(item) != ItemKind::Primary {
            continue;
        }
        let bounds = problem.multiplicity(item);
        if count == 0 && bounds.min > 0 {
            return Err(VerifyError::Uncovered {
                item: problem.item_label(item),
            });
        }
        if count < bounds.min {
            return Err(VerifyError::TooFew {
                item: problem.item_label(item),
                times: count,
                min: bounds.min,
            });
        }
    }
    Ok(())
}
