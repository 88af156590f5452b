//! Array reads and writes without bounds checks: the only `unsafe` of the link arrays.
//!
//! Both functions are `unsafe fn`: every call says, in a `// SAFETY:`
//! comment, which invariant of the module docs (M1 to M7) puts its index in
//! bounds. They are visible to the `links` module alone, so no index computed
//! elsewhere can reach them. Skipping the bounds checks in the inner walks
//! measured faster on the pentomino benches (docs/perf-notes.md).
//!
//! Builds with debug assertions (tests, and the `checked` profile that CI
//! runs the test suites in) check every index anyway, so a proof that does
//! not hold fails a test instead of reading out of bounds.
#![allow(
    unsafe_code,
    reason = "the one place that skips bounds checks; each caller proves its index"
)]

use crate::index::to_usize;

/// `array[index]`, without the bounds check in optimised builds.
///
/// # Safety
/// `index < array.len()`.
#[inline(always)]
pub(super) unsafe fn get<T: Copy>(array: &[T], index: u32) -> T {
    if cfg!(debug_assertions) {
        return array[to_usize(index)];
    }
    // SAFETY: the caller guarantees `index < array.len()`.
    unsafe { *array.get_unchecked(to_usize(index)) }
}

/// `&mut array[index]`, without the bounds check in optimised builds.
///
/// # Safety
/// `index < array.len()`.
#[inline(always)]
pub(super) unsafe fn get_mut<T>(array: &mut [T], index: u32) -> &mut T {
    if cfg!(debug_assertions) {
        return &mut array[to_usize(index)];
    }
    // SAFETY: the caller guarantees `index < array.len()`.
    unsafe { array.get_unchecked_mut(to_usize(index)) }
}
