//! The matrix model (work in progress).
