//! Throttling that cannot be turned against the owner (spec §9, Sessions): failures are counted per (account,
//! address) and per address, and those refuse with 429; failures spread over many addresses only slow the
//! account down, by at most a minute per attempt, and never refuse its owner.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};

use crate::identity::{Admitted, LoginThrottle, ThrottleLimits, ThrottleScope};
use crate::shared::error::DomainError;

/// Sign-in and change-password attempts: 5 failures per account from one address, 20 from one address,
/// in 15 minutes.
pub const PASSWORD_LIMITS: ThrottleLimits =
    ThrottleLimits { window: Duration::minutes(15), per_account_and_client: 5, per_client: 20 };
/// Second-factor and recovery codes: as passwords.
pub const CODE_LIMITS: ThrottleLimits = PASSWORD_LIMITS;
/// Reset requests: 10 per address in 15 minutes.
pub const RESET_LIMITS: ThrottleLimits =
    ThrottleLimits { window: Duration::minutes(15), per_account_and_client: 10, per_client: 10 };

/// Checks of verification codes (docs/spec.md §16): 20 per address in 15 minutes, every check counting,
/// so codes cannot be enumerated (checks of files are not counted: bytes cannot be guessed).
pub const VERIFY_LIMITS: ThrottleLimits =
    ThrottleLimits { window: Duration::minutes(15), per_account_and_client: 20, per_client: 20 };

/// Failures of one account, from all addresses together, before its attempts are slowed.
pub const SLOW_DOWN_AFTER: i64 = 5;
/// The longest an attempt is held back.
pub const MAX_DELAY: StdDuration = StdDuration::from_secs(60);

/// How long to hold an attempt on an account with `failures` recent failures: nothing at first, then
/// 1, 2, 4, ... seconds, never more than a minute.
pub fn account_delay(failures: i64) -> StdDuration {
    if failures < SLOW_DOWN_AFTER {
        return StdDuration::ZERO;
    }
    let exponent = u32::try_from(failures - SLOW_DOWN_AFTER).unwrap_or(u32::MAX).min(6);
    StdDuration::from_secs(1u64 << exponent).min(MAX_DELAY)
}

/// An attempt that was counted; it stays counted (as a failure) unless `succeeded` is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThrottledAttempt {
    pub scope: ThrottleScope,
    pub account: String,
    pub client: String,
    pub admitted: Admitted,
    /// Wait this long before checking the secret.
    pub delay: StdDuration,
}

impl ThrottledAttempt {
    pub fn succeeded(&self, throttle: &dyn LoginThrottle) -> Result<(), DomainError> {
        throttle.succeeded(self.scope, &self.account, &self.client, self.admitted)?;
        Ok(())
    }
}

/// The account key of a password attempt: the e-mail as typed, normalised, so that case does not matter.
fn password_account(email: &str) -> String {
    email.trim().to_lowercase().chars().take(300).collect()
}

fn begin(
    throttle: &dyn LoginThrottle,
    scope: ThrottleScope,
    account: String,
    client: &str,
    limits: &ThrottleLimits,
    now: DateTime<Utc>,
) -> Result<ThrottledAttempt, DomainError> {
    let client = throttle_client(client);
    match throttle.begin(scope, &account, &client, limits, now)? {
        Ok(admitted) => {
            let delay = account_delay(admitted.account_failures);
            Ok(ThrottledAttempt { scope, account, client, admitted, delay })
        }
        Err(retry_after_secs) => Err(DomainError::RateLimited { retry_after_secs }),
    }
}

pub fn begin_password(
    throttle: &dyn LoginThrottle,
    email: &str,
    client: &str,
    now: DateTime<Utc>,
) -> Result<ThrottledAttempt, DomainError> {
    begin(throttle, ThrottleScope::Password, password_account(email), client, &PASSWORD_LIMITS, now)
}

/// Codes are counted per user: the second step knows who is signing in.
pub fn begin_code(
    throttle: &dyn LoginThrottle,
    user: crate::UserId,
    client: &str,
    now: DateTime<Utc>,
) -> Result<ThrottledAttempt, DomainError> {
    begin(throttle, ThrottleScope::Code, format!("user:{user}"), client, &CODE_LIMITS, now)
}

/// Reset requests count against the address only; every request counts.
pub fn begin_reset(
    throttle: &dyn LoginThrottle,
    client: &str,
    now: DateTime<Utc>,
) -> Result<ThrottledAttempt, DomainError> {
    begin(throttle, ThrottleScope::Reset, String::new(), client, &RESET_LIMITS, now)
}

/// A code checked on the public verification page counts against the address only; every check counts.
pub fn begin_verify(
    throttle: &dyn LoginThrottle,
    client: &str,
    now: DateTime<Utc>,
) -> Result<ThrottledAttempt, DomainError> {
    begin(throttle, ThrottleScope::Verify, "verify".to_string(), client, &VERIFY_LIMITS, now)
}

/// The key an address is counted under. An IPv6 address counts as its /64 network: one subscriber
/// usually holds a whole /64, and would otherwise have an endless supply of fresh addresses.
fn throttle_client(client: &str) -> String {
    match client.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        _ => client.chars().take(100).collect(),
    }
}

/// Attempts older than every window are of no further use.
pub fn prune_before(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::hours(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_under_attack_is_slowed_never_locked() {
        assert_eq!(account_delay(0), StdDuration::ZERO);
        assert_eq!(account_delay(4), StdDuration::ZERO);
        assert_eq!(account_delay(5), StdDuration::from_secs(1));
        assert_eq!(account_delay(6), StdDuration::from_secs(2));
        assert_eq!(account_delay(10), StdDuration::from_secs(32));
        assert_eq!(account_delay(11), MAX_DELAY);
        assert_eq!(account_delay(10_000), MAX_DELAY, "bounded at one minute");
    }

    #[test]
    fn ipv6_addresses_count_as_their_64_network() {
        assert_eq!(throttle_client("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(throttle_client("2001:db8:1:2:ffff:1:2:3"), "2001:db8:1:2::/64");
        assert_eq!(throttle_client("203.0.113.9"), "203.0.113.9");
        assert_eq!(throttle_client("::ffff:203.0.113.9"), "::ffff:203.0.113.9");
        assert_eq!(throttle_client("unknown"), "unknown");
    }

    #[test]
    fn accounts_are_keyed_by_their_normalised_email() {
        assert_eq!(password_account("  Admin@Example.ORG "), "admin@example.org");
    }
}
