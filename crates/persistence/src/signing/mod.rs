//! Signatures and the portal's signing key (docs/spec.md §16 Signatures and checking).

mod signatures;

pub use signatures::{PgSignatureRepository, PgSigningKeys, StoredSigningKey};
