use chrono::{DateTime, Utc};

/// Time-based one-time passwords (RFC 6238): the maths lives in an adapter, never hand-written here.
pub trait SecondFactor: Send + Sync {
    /// A new random shared secret, base32 without padding.
    fn new_secret(&self) -> String;
    /// The `otpauth://` URL an authenticator app reads from the QR code.
    fn otpauth_url(&self, secret: &str, account: &str) -> Result<String, anyhow::Error>;
    /// The time step the code belongs to, if `code` is valid for `secret` at `now` (one step of clock
    /// drift either way is accepted). The caller refuses steps already used.
    fn verify(&self, secret: &str, code: &str, now: DateTime<Utc>) -> Option<i64>;
}

/// A stored secret opened again, and whether it should be sealed anew (it was stored in plain text
/// before secrets were sealed, or under the previous key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub plaintext: String,
    pub needs_reseal: bool,
}

/// Encrypts secrets the server must read back (TOTP seeds) with an authenticated cipher under the
/// operator's key, so a copy of the database alone does not hold them (spec: Account security > Secrets
/// at rest). `context` (for example the user) is authenticated with the secret: a sealed value copied
/// to another user's row does not open.
pub trait SecretSealer: Send + Sync {
    fn seal(&self, plaintext: &str, context: &str) -> Result<String, anyhow::Error>;
    /// Errors when the value was tampered with or sealed under a key the server no longer has.
    fn open(&self, stored: &str, context: &str) -> Result<Opened, anyhow::Error>;
}
