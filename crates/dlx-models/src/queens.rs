//! The queens model (work in progress).
