//! Signatures and checking (docs/spec.md §16 Signatures and checking).

pub mod minutes_signer;
pub mod records;
pub mod signatures;
pub mod verify;
