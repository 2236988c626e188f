//! One-click unsubscribe tokens (spec §11 Bulk mail is polite): `<user id>.<kind>.<HMAC-SHA256>` signed with
//! a server secret, so a link in a bulk mail turns that kind of mail off for that user without signing in
//! and without a stored token. Nobody can forge one for another user or kind without the secret.

pub mod service;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::notifications::mail::MailKind;
use crate::UserId;

type HmacSha256 = Hmac<Sha256>;

/// The longest token the unsubscribe call is documented to take; a genuine one (an id, a kind and 64 hex
/// digits) is far shorter, and anything else fails `UnsubscribeKey::verify` whatever its length.
pub const TOKEN_MAX: usize = 200;

#[derive(Clone)]
pub struct UnsubscribeKey {
    secret: Vec<u8>,
}

impl std::fmt::Debug for UnsubscribeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UnsubscribeKey(..)")
    }
}

impl UnsubscribeKey {
    /// `secret`: the server's signing secret (`JWT_SECRET`); a purpose prefix keeps these MACs apart
    /// from anything else signed with it.
    pub fn new(secret: &[u8]) -> Self {
        Self { secret: secret.to_vec() }
    }

    pub fn token(&self, user: UserId, kind: MailKind) -> String {
        let payload = format!("{}.{}", user.0, kind.as_str());
        format!("{payload}.{}", hex(&self.mac(&payload).finalize().into_bytes()))
    }

    /// The user and kind a genuine token names; `None` for anything else.
    pub fn verify(&self, token: &str) -> Option<(UserId, MailKind)> {
        let (payload, signature) = token.trim().rsplit_once('.')?;
        let (user, kind) = payload.split_once('.')?;
        let user = UserId(user.parse().ok()?);
        let kind: MailKind = kind.parse().ok()?;
        let signature = unhex(signature)?;
        self.mac(payload).verify_slice(&signature).ok()?;
        Some((user, kind))
    }

    fn mac(&self, payload: &str) -> HmacSha256 {
        // HMAC takes keys of any length.
        let mut mac = HmacSha256::new_from_slice(&self.secret).unwrap_or_else(|_| unreachable!());
        mac.update(b"unsubscribe:");
        mac.update(payload.as_bytes());
        mac
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_only_unchanged_and_with_the_same_key() {
        let key = UnsubscribeKey::new(b"a secret of some length for the test");
        let token = key.token(UserId(42), MailKind::Test);
        assert!(token.starts_with("42.test."));
        assert_eq!(key.verify(&token), Some((UserId(42), MailKind::Test)));
        assert_eq!(key.verify(&token.replacen("42.", "43.", 1)), None);
        assert_eq!(key.verify(&token.replacen(".test.", ".invitation.", 1)), None);
        assert_eq!(key.verify(&format!("{token}0")), None);
        assert_eq!(key.verify("garbage"), None);
        assert_eq!(key.verify(""), None);
        assert_eq!(UnsubscribeKey::new(b"another secret").verify(&token), None);
    }
}
