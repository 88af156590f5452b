//! The clock of the budgets and the pacing of slices: the standard
//! library's, except in a browser (`wasm32-unknown-unknown`), whose standard
//! library has no clock (`Instant::now` panics there); `web-time` reads the
//! page's `performance.now()` instead, and is the standard library's own
//! types everywhere else.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::{Duration, Instant};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::{Duration, Instant};
