//! Signatures, the named minutes signers and the portal's signing key (docs/spec.md §16 Signatures and
//! checking).

mod minutes_signers;
mod signatures;

pub use minutes_signers::PgMinutesSigners;
pub use signatures::{PgSignatureRepository, PgSigningKeys, StoredSigningKey};
