use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::{MeetingId, RepoError, UserId};

/// A user's feed: the nonce the token is made from, and the SHA-256 of the token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedToken {
    pub nonce: String,
    pub token_hash: String,
}

/// What a calendar needs of a meeting beyond the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CalendarFacts {
    pub sequence: u32,
    pub cancelled: bool,
}

/// Private calendar feeds (spec §2 Calendar feed).
pub trait CalendarFeedRepository: Send + Sync {
    fn find(&self, user: UserId) -> Result<Option<FeedToken>, RepoError>;
    /// Stores the user's feed unless they already have one; answers the one stored.
    fn create_if_absent(
        &self,
        user: UserId,
        token: FeedToken,
        at: DateTime<Utc>,
    ) -> Result<FeedToken, RepoError>;
    /// Replaces the user's feed (regenerating, or the server key changed).
    fn replace(&self, user: UserId, token: FeedToken, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// The active user whose feed token has this SHA-256; `None` for an unknown token or a deactivated user.
    fn active_user_by_token_hash(&self, token_hash: &str) -> Result<Option<UserId>, RepoError>;
    /// Sequence and status of these meetings.
    fn calendar_facts(&self, meetings: &[MeetingId]) -> Result<HashMap<MeetingId, CalendarFacts>, RepoError>;
}
