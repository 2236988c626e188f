use chrono::{DateTime, Utc};

use crate::identity::two_factor::SecuritySettings;
use crate::{RepoError, UserId};

/// A user's second factor as stored: the secrets as sealed (`SecretSealer`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredSecondFactor {
    /// The confirmed secret: two-factor sign-in is on.
    pub secret: Option<String>,
    /// A secret from set-up that no code has confirmed yet.
    pub pending_secret: Option<String>,
}

/// Second-factor secrets and recovery codes (only their hashes).
pub trait TwoFactorRepository: Send + Sync {
    fn find(&self, user_id: UserId) -> Result<StoredSecondFactor, RepoError>;
    /// Starts (or restarts) set-up with a new pending secret.
    fn set_pending(&self, user_id: UserId, secret: &str) -> Result<(), RepoError>;
    /// In one transaction: the pending secret becomes the secret, `step` is recorded as used, and the
    /// recovery codes are replaced. False when there is no pending secret any more or it changed.
    fn enable(
        &self,
        user_id: UserId,
        secret: &str,
        step: i64,
        code_hashes: &[String],
    ) -> Result<bool, RepoError>;
    /// Records `step` as used unless it (or a later one) already was: false means a replayed code.
    fn use_step(&self, user_id: UserId, step: i64) -> Result<bool, RepoError>;
    /// The user's unused recovery codes: (id, hash). Hashes are salted (bcrypt), or, for codes from before
    /// salting, `legacy-bcrypt:` and a bcrypt of their old SHA-256 digest (wrapped at start).
    fn unused_recovery_code_hashes(&self, user_id: UserId) -> Result<Vec<(i32, String)>, RepoError>;
    /// Marks a recovery code used; false when it was used meanwhile (or is not the user's).
    fn use_recovery_code(&self, user_id: UserId, code_id: i32, at: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Records a second-factor challenge as exchanged for a session; false when it already was. Forgets
    /// challenges past `expires_at` of earlier calls.
    fn use_challenge(
        &self,
        user_id: UserId,
        challenge_id: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
    /// Every recovery code (used or not, of any user) still stored as a bare unsalted SHA-256 digest from
    /// before salting: (id, digest).
    fn unsalted_recovery_code_hashes(&self) -> Result<Vec<(i32, String)>, RepoError>;
    /// Replaces a recovery code's stored hash if it is still `old`; true if replaced.
    fn replace_recovery_code_hash(&self, code_id: i32, old: &str, new: &str) -> Result<bool, RepoError>;
    /// Forgets a claimed challenge whose code was refused, so that it can be exchanged again.
    fn release_challenge(&self, challenge_id: &str) -> Result<(), RepoError>;
    /// Every stored secret and pending secret: (user, secret, pending secret), for sealing them again.
    fn all_secrets(&self) -> Result<Vec<(UserId, StoredSecondFactor)>, RepoError>;
    /// Replaces a user's stored secrets if they are still `old` (a change meanwhile wins); true if replaced.
    fn replace_secrets(
        &self,
        user_id: UserId,
        old: (Option<&str>, Option<&str>),
        new: (Option<&str>, Option<&str>),
    ) -> Result<bool, RepoError>;
    fn replace_recovery_codes(&self, user_id: UserId, code_hashes: &[String]) -> Result<(), RepoError>;
    fn unused_recovery_codes(&self, user_id: UserId) -> Result<i64, RepoError>;
    /// Turns two-factor sign-in off: secret, pending secret and recovery codes go.
    fn clear(&self, user_id: UserId) -> Result<(), RepoError>;
}

/// The one row of security settings.
pub trait SecuritySettingsRepository: Send + Sync {
    fn get(&self) -> Result<SecuritySettings, RepoError>;
    fn save(&self, settings: SecuritySettings) -> Result<SecuritySettings, RepoError>;
}
