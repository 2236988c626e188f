//! A signed-in device (spec §13 Account security): each sign-in is a row, listed on Account security and
//! ended one by one.

pub mod cache;
pub mod repository;
pub mod service;

use chrono::{DateTime, Duration, Utc};

use crate::{SessionId, UserId};

/// How long sessions last: they end after `idle` without a request, and `absolute` after sign-in at the
/// latest, whatever the user does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionPolicy {
    pub idle: Duration,
    pub absolute: Duration,
    /// How long a temporary password (admin reset, generated first admin) signs in.
    pub temporary_password: Duration,
}

impl SessionPolicy {
    /// A session is touched at most this often, so reading pages does not write a row per request.
    pub const TOUCH_EVERY: Duration = Duration::seconds(30);
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    /// "Firefox on Windows", from the user agent at sign-in.
    pub device: String,
    pub client_address: String,
    pub created_at: DateTime<Utc>,
    pub last_active_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// When the holder last gave their password or a second-factor code in this session (at sign-in, or
    /// to confirm it is them): changing how one signs in needs it to be recent (spec: Account security).
    pub reauthenticated_at: Option<DateTime<Utc>>,
    /// Signed in with single sign-on whose provider's second factor counts as the portal's (spec §13).
    pub second_factor_by_provider: bool,
}

impl Session {
    /// How recently the holder must have proved who they are before changing how they sign in.
    pub const REAUTHENTICATION_WINDOW: Duration = Duration::minutes(5);

    /// The password or a code was given in this session within the window.
    pub fn recently_authenticated(&self, now: DateTime<Utc>) -> bool {
        self.reauthenticated_at.is_some_and(|at| at + Self::REAUTHENTICATION_WINDOW > now)
    }

    /// Not signed out, not past its absolute limit and used within the idle limit.
    pub fn is_open(&self, now: DateTime<Utc>, policy: &SessionPolicy) -> bool {
        self.ended_at.is_none() && self.expires_at > now && self.last_active_at + policy.idle > now
    }
}

/// A session to store at sign-in; the sign-in itself (password, or password and code) counts as having
/// just proved who the holder is.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub user_id: UserId,
    pub device: String,
    pub client_address: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub second_factor_by_provider: bool,
}

/// Where a sign-in comes from, as the server saw it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientInfo {
    pub address: String,
    /// A readable device name made from the user agent.
    pub device: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_session_is_open_until_it_ends_idles_or_expires() {
        let start = Utc.with_ymd_and_hms(2026, 3, 5, 9, 0, 0).single().unwrap_or_default();
        let policy = SessionPolicy {
            idle: Duration::minutes(60),
            absolute: Duration::hours(12),
            temporary_password: Duration::hours(72),
        };
        let session = Session {
            id: SessionId(1),
            user_id: UserId(1),
            device: "Firefox on Linux".into(),
            client_address: "127.0.0.1".into(),
            created_at: start,
            last_active_at: start,
            expires_at: start + policy.absolute,
            ended_at: None,
            reauthenticated_at: Some(start),
            second_factor_by_provider: false,
        };
        assert!(session.is_open(start + Duration::minutes(59), &policy));
        assert!(!session.is_open(start + Duration::minutes(60), &policy), "idle for the whole hour");
        let busy = Session { last_active_at: start + Duration::hours(11), ..session.clone() };
        assert!(busy.is_open(start + Duration::hours(11) + Duration::minutes(30), &policy));
        assert!(!busy.is_open(start + Duration::hours(12), &policy), "the absolute limit holds");
        let ended = Session { ended_at: Some(start), ..session.clone() };
        assert!(!ended.is_open(start + Duration::minutes(1), &policy));

        // Changing how one signs in needs the password (or a code) from the last five minutes.
        assert!(session.recently_authenticated(start + Duration::minutes(4)));
        assert!(!session.recently_authenticated(start + Duration::minutes(5)));
        let never = Session { reauthenticated_at: None, ..session };
        assert!(!never.recently_authenticated(start), "sessions from before the column must confirm");
    }
}
