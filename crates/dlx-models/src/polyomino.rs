//! The polyomino model (work in progress).
