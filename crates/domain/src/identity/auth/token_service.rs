use crate::{DocumentId, MinutesId, SessionId, UserId};

/// What a verified session token (or view ticket) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionClaims {
    pub user_id: UserId,
    pub token_version: i32,
    /// The signed-in device: ending it ends the token.
    pub session_id: SessionId,
}

/// What a verified second-step token says: the password was right, a code must follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeClaims {
    pub user_id: UserId,
    pub token_version: i32,
    /// Random: names this challenge, so that once exchanged for a session it is refused
    /// (spec: Account security > Two-factor sign-in).
    pub id: u128,
}

/// The one file a view ticket opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewResource {
    Document(DocumentId),
    Minutes(MinutesId),
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("token expired")]
    Expired,
    #[error("token invalid")]
    Invalid,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Signed, expiring tokens: sessions (bearer header), short-lived view tickets (query string of a new tab)
/// and the second-step tokens of two-factor sign-in. None of them is accepted where another is expected.
pub trait TokenService: Send + Sync {
    fn issue_session(&self, claims: SessionClaims) -> Result<String, TokenError>;
    fn verify_session(&self, token: &str) -> Result<SessionClaims, TokenError>;
    /// A ticket for one file, valid about a minute; it cannot be used as a session token.
    fn issue_view_ticket(&self, claims: SessionClaims, resource: ViewResource) -> Result<String, TokenError>;
    fn verify_view_ticket(&self, ticket: &str, resource: ViewResource) -> Result<SessionClaims, TokenError>;
    /// A token that only lets its holder send a second-factor code, valid a few minutes.
    fn issue_challenge(&self, claims: ChallengeClaims) -> Result<String, TokenError>;
    fn verify_challenge(&self, token: &str) -> Result<ChallengeClaims, TokenError>;
}
