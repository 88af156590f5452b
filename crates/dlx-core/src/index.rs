//! Index newtypes and the one place where `u32` and `usize` meet.
//!
//! Every link in the search is a `u32` (Knuth: "a pointer is an array index"),
//! which halves the memory traffic of the hot loop compared with `usize`.
//! The builder refuses problems whose node count does not fit, so the
//! conversions here are lossless by construction; they are still checked in
//! debug builds.

/// The index of an item, in the order the items were added to the problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

/// The index of an option, in the order the options were added to the problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub(crate) u32);

/// A color given to a secondary item inside an option (Knuth's Algorithm C).
///
/// Options that give a secondary item the same color may share it; an option
/// that names the item without a color takes it alone.
/// Colors are plain labels: only equality matters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(pub(crate) u32);

macro_rules! index_impl {
    ($t:ident) => {
        impl $t {
            /// Wraps a raw index.
            ///
            /// # Panics
            /// Never in release builds; a debug build asserts the index fits the `u32` link type.
            #[inline]
            pub fn new(index: usize) -> Self {
                debug_assert!(
                    index <= u32::MAX as usize,
                    "index {index} does not fit in u32"
                );
                $t(index as u32)
            }

            /// The raw index, usable to index a `Vec`.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

index_impl!(ItemId);
index_impl!(OptionId);

impl Color {
    /// A color from any number; two colors are the same when their numbers are.
    #[inline]
    pub const fn new(value: u32) -> Self {
        Color(value)
    }

    /// The number this color was made from.
    #[inline]
    pub const fn value(self) -> u32 {
        self.0
    }
}

/// `usize` to `u32` for a value the builder has already bounded.
#[inline(always)]
pub(crate) fn to_u32(value: usize) -> u32 {
    debug_assert!(value <= u32::MAX as usize, "{value} does not fit in u32");
    value as u32
}

/// `usize` to `u64`: always lossless on the targets we support.
#[inline(always)]
pub(crate) fn to_u64(value: usize) -> u64 {
    value as u64
}

/// `u32` to `usize`: always lossless on the 32- and 64-bit targets we support.
#[inline(always)]
pub(crate) fn to_usize(value: u32) -> usize {
    value as usize
}
