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
