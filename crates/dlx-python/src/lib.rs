//! Python bindings of the dlx workspace: the extension module `dlx_rs._dlx`.
//!
//! The package `dlx-rs` (imported as `dlx_rs`) is a thin layer over the
//! workspace's crates: `problem` holds a `dlx_core::Problem` and runs its
//! searches (`dlx_core` and `dlx_parallel`), `models` wraps the puzzles of
//! `dlx_models`. Nothing here searches, encodes or draws on its own.
//!
//! # Design
//! - **The GIL is released** for every search, and the search is
//!   interruptible: `run::interruptible` runs it in slices on the calling
//!   thread, or on a thread of its own beside a caller that wakes every few
//!   tens of milliseconds to ask Python whether a signal (Ctrl-C) is
//!   pending; a pending signal raises the search's cancel flag, and its
//!   exception (`KeyboardInterrupt`) is what the call raises.
//! - **Never a short answer that looks whole.** A search the caller's
//!   budget stopped raises `SearchStopped`, which carries the partial
//!   answer and the reason; the Python layer has no other way to end early.
//! - **Errors name the place.** Knuth's text, a matrix, a sudoku or a board
//!   that cannot be read raise an `InputError` subclass whose message is the
//!   Rust error's (the line, the item, what was expected) and whose
//!   attributes give the line and column where the error knows them.
//! - **Exceptions are Python classes** (`python/dlx_rs/_errors.py`), so
//!   that `InputError` can be a `ValueError` too; this crate looks them up.
#![allow(
    unsafe_code,
    reason = "the code PyO3's #[pymodule], #[pyclass] and #[pymethods] generate"
)]

mod errors;
mod models;
mod problem;
mod run;

use pyo3::prelude::*;

/// The native part of `dlx_rs`: import `dlx_rs`, not this.
#[pymodule]
fn _dlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<problem::Problem>()?;
    m.add_class::<problem::Solutions>()?;
    m.add_class::<problem::Stats>()?;
    m.add_class::<problem::Estimate>()?;
    m.add_class::<models::Sudoku>()?;
    m.add_class::<models::Queens>()?;
    m.add_class::<models::QueensBoard>()?;
    m.add_class::<models::Polyomino>()?;
    m.add_class::<models::Tiling>()?;
    m.add_function(wrap_pyfunction!(models::piece_sets, m)?)?;
    m.add_function(wrap_pyfunction!(models::solve_sudokus, m)?)?;
    Ok(())
}
