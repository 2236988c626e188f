//! Signatures and checking (docs/spec.md §16 Signatures and checking).

pub mod signatures;
pub mod verify;
