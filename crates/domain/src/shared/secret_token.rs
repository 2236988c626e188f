//! Single-use link tokens: 32 random bytes sent to the user, only their SHA-256 stored.

use rand::Rng;
use sha2::{Digest, Sha256};

/// A new random token (64 hex characters) for a link.
pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    hex(&bytes)
}

/// What the database keeps: a leaked table gives nobody a working link.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let (a, b) = (super::generate(), super::generate());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(super::hash(&a), super::hash(&a));
        assert_ne!(super::hash(&a), a);
    }
}
