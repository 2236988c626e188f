use chrono::{DateTime, Duration, Utc};

use crate::RepoError;

/// What is being guessed: each has its own counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThrottleScope {
    /// Passwords, at sign-in and when changing one's own password.
    Password,
    /// Two-factor and recovery codes.
    Code,
    /// Password reset requests (only the address counts).
    Reset,
    /// Checks of signed files and verification codes (docs/spec.md §16): only the address counts.
    Verify,
}

impl ThrottleScope {
    pub fn as_str(self) -> &'static str {
        match self {
            ThrottleScope::Password => "password",
            ThrottleScope::Code => "code",
            ThrottleScope::Reset => "reset",
            ThrottleScope::Verify => "verify",
        }
    }
}

/// The limits one attempt is checked against, over the last `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleLimits {
    pub window: Duration,
    /// Failures of one account from one address before that address is refused for the account.
    pub per_account_and_client: i64,
    /// Failures from one address, whatever the account, before the address is refused.
    pub per_client: i64,
}

/// An attempt that was let through and counted; it stops counting once `succeeded` is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Admitted {
    pub attempt_id: i64,
    /// Failures of the account in the window from every address (before this attempt).
    pub account_failures: i64,
}

/// Counts attempts in storage every server process shares. Checking and counting are one step per client
/// address, so parallel guesses cannot all pass the check before any of them is counted.
pub trait LoginThrottle: Send + Sync {
    /// Refuses with the seconds to wait when the (account, client) pair or the client is at its limit (then
    /// nothing is counted, so a refused caller cannot extend its wait); otherwise counts the attempt.
    fn begin(
        &self,
        scope: ThrottleScope,
        account: &str,
        client: &str,
        limits: &ThrottleLimits,
        now: DateTime<Utc>,
    ) -> Result<Result<Admitted, u64>, RepoError>;
    /// The attempt succeeded: it and the earlier failures of the same account from the same client are
    /// forgotten.
    fn succeeded(
        &self,
        scope: ThrottleScope,
        account: &str,
        client: &str,
        attempt: Admitted,
    ) -> Result<(), RepoError>;
    /// Forgets attempts made before `before`; returns how many.
    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError>;
}
