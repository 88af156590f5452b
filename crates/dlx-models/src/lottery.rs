//! The lottery model (work in progress).
