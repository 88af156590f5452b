//! The treasure model (work in progress).
