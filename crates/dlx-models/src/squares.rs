//! The squares model (work in progress).
